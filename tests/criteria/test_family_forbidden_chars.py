"""Banned characters named as marks: dashes, backticks, quotation marks and
digits, read as a ``forbidden_chars`` check on the whole answer."""

from __future__ import annotations

import pytest

from redraft.criteria import ForbiddenChars, compile_checks, measure_text


def _banned(prompt: str) -> list[str]:
    return [c.spec.chars for c in compile_checks(prompt) if isinstance(c.spec, ForbiddenChars)]


@pytest.mark.parametrize(
    ("prompt", "chars"),
    [
        ("Write a poem with no em dashes.", "—"),
        ("Avoid em-dashes in the answer.", "—"),
        ("Don't use en dashes.", "–"),
        ("No dashes, please.", "–—"),
        ("Answer without any digits.", "0123456789"),
        ("Your reply must not contain digits.", "0123456789"),
        ("No backticks.", "`"),
        ("Use no quotation marks in your reply.", '"“”'),
        ("Do not use double quotes.", '"“”'),
    ],
)
def test_marks_that_compile(prompt: str, chars: str) -> None:
    assert _banned(prompt) == [chars]


@pytest.mark.parametrize(
    "prompt",
    [
        "No quotation marks in the title.",
        "Use a dash between the two names.",
        "Should I avoid digits?",
        "Give me a number with no digit repeated.",
        "If you can, avoid em dashes.",
        "My essay has no backticks.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _banned(prompt) == []


@pytest.mark.parametrize(
    ("chars", "answer", "passes"),
    [
        ("—", "A calm sea, and a quiet shore.", True),
        ("—", "A calm sea — and a quiet shore.", False),
        ("–—", "Well-known and self-made.", True),  # hyphens are not dashes
        ("–—", "Pages 3–5 cover it.", False),
        ("0123456789", "Three apples and four pears.", True),
        ("0123456789", "3 apples.", False),
        ('"“”', "She said it's fine.", True),  # an apostrophe is not a quotation mark
        ('"“”', "She said “fine”.", False),
        ("`", "Run ls to list files.", True),
        ("`", "Run `ls` to list files.", False),
    ],
)
def test_measure_on_labelled_answers(chars: str, answer: str, passes: bool) -> None:
    assert measure_text(ForbiddenChars(chars=chars), answer).passed is passes
