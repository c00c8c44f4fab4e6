"""A case or a banned mark said as a bare item after a comma ("…, no capitals
anywhere", "…, no parentheses"), a learner's bare "not use any …", and the
near misses that must compile nothing of the kind."""

from __future__ import annotations

import pytest

from _compiled_specs import specs_of_kind as _specs


@pytest.mark.parametrize(
    ("prompt", "case"),
    [
        ("Write a tagline, no capitals anywhere.", "lower"),
        ("Write a tagline, no capital letters anywhere.", "lower"),
        ("Write a slogan, one line, no capital letters and no emojis.", "lower"),
        ("Write a sign for the door, no lowercase letters at all.", "upper"),
    ],
)
def test_bare_case_items_compile(prompt: str, case: str) -> None:
    assert _specs(prompt, "letter_case") == [{"case": case}]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a tagline, no capitals for the product name.",
        "Write three taglines, no capital letters in the first one.",
        "Does the reply use no capitals anywhere?",
        # capital cities, not capital letters
        "List the countries of South America, no capitals.",
    ],
)
def test_case_near_misses(prompt: str) -> None:
    assert _specs(prompt, "letter_case") == []


@pytest.mark.parametrize(
    ("prompt", "chars"),
    [
        ("Write a eulogy, no parentheses.", ["()"]),
        ("Write a eulogy: short sentences, no parentheses, no dashes.", ["()", "–—"]),
        ("Write the recipe without square brackets.", ["[]"]),
        ("Avoid round brackets in the summary.", ["()"]),
        ("Write a note. Also not use any exclamation mark, he hate them.", ["!"]),
        ("Write a note. Please not use any commas.", [","]),
    ],
)
def test_marks_compile(prompt: str, chars: list[str]) -> None:
    assert sorted(str(s["chars"]) for s in _specs(prompt, "forbidden_chars")) == sorted(chars)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write the list with no parentheses around the numbers.",
        "Put the year in parentheses.",
        "I would rather not use any commas, if possible.",
        "Why not use exclamation marks?",
        "Explain when not to use parentheses.",
        # a bare "not" with no verb contrasts one marker with another
        "Use hyphens for bullets, not asterisks, and keep it short.",
    ],
)
def test_marks_near_misses(prompt: str) -> None:
    assert _specs(prompt, "forbidden_chars") == []
