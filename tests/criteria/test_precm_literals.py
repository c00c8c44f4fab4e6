"""Quoted phrases read as what was said of them: a phrase to say otherwise
("ways to say 'X'") is no keyword (near misses of the compiler's own
false checks)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks, measure_text


def keywords(prompt: str) -> list[str]:
    return [
        str(getattr(c.spec, "keyword", ""))
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "keyword"
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write three different rejection-free ways to say 'your application was unsuccessful'.",
        "Write 4 kinder ways to say 'you are wrong'.",
        "Give three nicer ways to put 'the deadline was missed'.",
        "Give me another way of saying 'thank you'.",
        "Write two better ways to phrase 'per my last email'.",
        "How else can I say 'I disagree' politely? Give 3 options.",
        "Suggest five alternatives to 'synergy'.",
    ],
)
def test_a_phrase_to_say_otherwise_is_no_keyword(prompt: str) -> None:
    assert keywords(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write a note and say 'thank you' at least twice.", ["thank you"]),
        ("Write a card. Mention 'happy birthday'.", ["happy birthday"]),
        ("Rewrite my intro and include 'innovation'.", ["innovation"]),
    ],
)
def test_a_phrase_to_say_is_a_keyword(prompt: str, expected: list[str]) -> None:
    assert keywords(prompt) == expected


# -- a backslash-n typed in a quoted phrase is a line break --


def phrases(prompt: str) -> list[tuple[str, str]]:
    return [
        (c.spec.kind_name(), str(getattr(c.spec, "phrase", getattr(c.spec, "keyword", ""))))
        for c in compile_checks(prompt)
        if c.spec.kind_name() in ("starts_with", "ends_with", "keyword")
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Draft a letter. End with 'Kind regards,\\nHR Team'.",
            [("ends_with", "Kind regards,\nHR Team")],
        ),
        ('Begin with "Dear team,\\nHello".', [("starts_with", "Dear team,\nHello")]),
        ('Include the phrase "line one\\nline two".', [("keyword", "line one\nline two")]),
        # the escape named alone, or doubled, is the characters themselves
        ('Begin with "\\n".', [("starts_with", "\\n")]),
        ('End with "a\\\\nb".', [("ends_with", "a\\\\nb")]),
        # a real break, or none, is left as written
        ("End with 'Kind regards, HR Team'.", [("ends_with", "Kind regards, HR Team")]),
    ],
)
def test_typed_line_breaks(prompt: str, expected: list[tuple[str, str]]) -> None:
    assert phrases(prompt) == expected


@pytest.mark.parametrize(
    ("answer", "passed"),
    [
        ("Dear Priya,\n\nWelcome aboard.\n\nKind regards,\nHR Team", True),
        ("Dear Priya, welcome aboard. Kind regards, HR Team", True),
        ("Dear Priya, welcome aboard. Kind regards,\\nHR Team", False),
        ("Dear Priya, welcome aboard. Kind regards", False),
        ("Kind regards,\nHR Team. P.S. see you soon", False),
    ],
)
def test_a_typed_break_ends_the_answer(answer: str, passed: bool) -> None:
    (check,) = compile_checks("Draft a letter. End with 'Kind regards,\\nHR Team'.")
    assert measure_text(check.spec, answer).passed is passed
