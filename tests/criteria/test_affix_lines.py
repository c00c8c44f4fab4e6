"""The answer's first or last line named by what it says: "close with a
line that reads '— Team'", "start with a line beginning 'TL;DR:'", "…, then
a final line 'Score: __/10'", "put the link … at the very end", a format's
"last line is '…'", and a subject line that goes first with its prefix."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._phrases import PHRASES, EndsWith, StartsWith


def specs(prompt: str, system: str | None = None) -> list[dict[str, Any]]:
    return [dict(c.spec.model_dump()) for c in compile_checks(prompt, system=system)]


def affixes(prompt: str) -> list[tuple[str, str]]:
    return [
        (s["kind"], s["phrase"]) for s in specs(prompt) if s["kind"] in ("starts_with", "ends_with")
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a welcome note. Always close with a line that reads '— Team Kiwi'.",
            ("ends_with", "— Team Kiwi"),
        ),
        (
            "Draft a house-rules poster. End with a line for signatures: 'Signed: ____'.",
            ("ends_with", "Signed: ____"),
        ),
        (
            "Write a quiz sheet. Finish with a closing line saying 'Good luck!'.",
            ("ends_with", "Good luck!"),
        ),
        (
            "Summarise the plan. Start with a line beginning 'Summary:', then 3 bullets.",
            ("starts_with", "Summary:"),
        ),
        ("Write the memo. Open with a line that starts with 'MEMO -'.", ("starts_with", "MEMO -")),
        (
            "Give me a bingo card with 9 squares, then a final line 'Winner: ____'.",
            ("ends_with", "Winner: ____"),
        ),
        ("List 5 packing tips and a last line 'Safe travels!'.", ("ends_with", "Safe travels!")),
        (
            "Post for the fete: under 200 characters and put the link https://fete.example.org/day "
            "at the very end.",
            ("ends_with", "https://fete.example.org/day"),
        ),
        (
            "Format: first line is 'Dear member,'; last line is 'The Committee'; 5 lines at most.",
            ("ends_with", "The Committee"),
        ),
        (
            "Write an email to the landlord. The subject line goes first, prefixed 'Subject: '. "
            "Then the body.",
            ("starts_with", "Subject:"),
        ),
        (
            "Reminder email. Subject line first, under 60 characters, starting 'Reminder:'.",
            ("starts_with", "Reminder:"),
        ),
    ],
)
def test_a_line_named_by_what_it_says_is_the_answers_end(
    prompt: str, expected: tuple[str, str]
) -> None:
    assert expected in affixes(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # a part's line, not the answer's
        "Start each section with a line beginning 'Q:'.",
        "Write a hymn: each verse 4 lines, then a final line 'Amen'.",
        "Write 3 stanzas, then a final line 'Amen' for each.",
        "Write two poems. Each title goes first, prefixed 'Title: '.",
        # the last line "beginning" something is no end phrase
        "End with a line beginning 'Note:'.",
        # negated, hedged, conditional
        "Don't start with a line that reads 'Hello'.",
        "Start with a line that reads 'Hi' if you like.",
        "Write 3 stanzas and, if it fits, a final line 'Amen'.",
        # said of a text the user has
        "The last line is 'and so it ends'. Can you improve my poem?",
        "My poem has 3 stanzas and a final line 'Amen'.",
        "Format: the poem I wrote; the last line is 'Bye'.",
        # a template's slot is no literal start
        "Format: first line is 'Hi {first name},'; then the message.",
        # a link mentioned, not placed at the end
        "Put the link https://fete.example.org at the end of each bullet.",
    ],
)
def test_a_parts_line_or_a_described_one_is_no_answer_affix(prompt: str) -> None:
    assert affixes(prompt) == []


@pytest.mark.parametrize(
    ("spec", "answer", "passed"),
    [
        (EndsWith(phrase="— Team Kiwi"), "Welcome aboard!\n— Team Kiwi", True),
        (EndsWith(phrase="— Team Kiwi"), "Welcome aboard!\n— Team Kiwi\nP.S. bring a mug", False),
        (EndsWith(phrase="Signed: ____"), "1. Be kind\n\nSigned: ____", True),
        (EndsWith(phrase="Signed: ____"), "1. Be kind\n\nSigned:", False),
        (
            EndsWith(phrase="https://fete.example.org/day"),
            "Come! https://fete.example.org/day",
            True,
        ),
        (
            EndsWith(phrase="https://fete.example.org/day"),
            "https://fete.example.org/day Come!",
            False,
        ),
        (StartsWith(phrase="Summary:"), "Summary: all good\n- a\n- b", True),
        (StartsWith(phrase="Summary:"), "Here is it.\nSummary: all good", False),
        (StartsWith(phrase="Subject:"), "Subject: Rent\n\nDear Mr Lee,", True),
        (StartsWith(phrase="Subject:"), "Dear Mr Lee,\nSubject: Rent", False),
    ],
)
def test_answers_labelled_by_reading(spec: Any, answer: str, passed: bool) -> None:
    assert PHRASES.measure(spec, answer).passed is passed
