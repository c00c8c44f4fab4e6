"""A clock named at the end of a clause ("the time in 24h") and an answer
dated in a pattern of tokens ("date it in DD/MM/YYYY format"), with the near
misses that state no form for the answer."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families import DateFormat, TimeFormat


def _specs(prompt: str) -> list[object]:
    return [check.spec for check in compile_checks(prompt)]


@pytest.mark.parametrize(
    ("prompt", "spec"),
    [
        ("Keep the date in exactly that format and the time in 24h.", TimeFormat()),
        ("Give the time in 24h.", TimeFormat()),
        ("List times in 12-hour, and keep it short.", TimeFormat(style="12h")),
        ("Times must be in 24-hour.", TimeFormat()),
    ],
)
def test_a_clock_ending_the_clause_is_the_times_form(prompt: str, spec: TimeFormat) -> None:
    assert spec in _specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "The time in 24h format is easier, right?",  # a question about it
        "Is the time in 24h?",
        "Convert the time in 24h to 12h for me: 18:30.",  # material to convert
        "Ideally, give the time in 24h.",  # hedged
        "The times in 24h notation are wrong in this text: 18:30.",
    ],
)
def test_a_clock_not_asked_of_the_answer_compiles_no_time_format(prompt: str) -> None:
    assert not any(isinstance(spec, TimeFormat) for spec in _specs(prompt))


@pytest.mark.parametrize(
    ("prompt", "style"),
    [
        ("Draft a complaint letter and date it in DD/MM/YYYY format.", "DD/MM/YYYY"),
        ("Date the letter YYYY-MM-DD and keep it short.", "YYYY-MM-DD"),
        ("Write the memo, then date it as MM/DD/YYYY.", "MM/DD/YYYY"),
    ],
)
def test_dating_the_answer_in_a_pattern_is_its_dates_form(prompt: str, style: str) -> None:
    assert DateFormat(style=style) in _specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Draft a letter and date it 12/03/2025.",  # a date's value, not a form
        "Should I date it in DD/MM/YYYY format?",  # a question
        "If you can, date it in DD/MM/YYYY format.",  # hedged
        "My clerk would date it in DD/MM/YYYY format; write the letter body only.",
    ],
)
def test_dating_with_a_value_or_unasked_compiles_no_date_format(prompt: str) -> None:
    assert not any(isinstance(spec, DateFormat) for spec in _specs(prompt))
