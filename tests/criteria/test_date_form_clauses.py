"""Date forms stated as a bare clause ("Dates DD-MM-YYYY.", "Dates ISO 8601
(YYYY-MM-DD), …"), of the answer as a whole ("date everything as
YYYY-MM-DD") or of a follow-up date, and the near misses that state none."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families import DateFormat


def _styles(prompt: str) -> list[str]:
    return [c.spec.style for c in compile_checks(prompt) if isinstance(c.spec, DateFormat)]


@pytest.mark.parametrize(
    ("prompt", "style"),
    [
        ("Write a packing list. Dates DD-MM-YYYY.", "DD-MM-YYYY"),
        ("Log the trips as a table; dates DD/MM/YYYY.", "DD/MM/YYYY"),
        ("Dates ISO 8601 (YYYY-MM-DD), amounts negative for debits.", "iso"),
        ("Three short paragraphs, and please date everything as YYYY-MM-DD.", "iso"),
        ("Four lines, in that order, follow-up date as YYYY-MM-DD.", "iso"),
        ("Write the follow-up date as DD.MM.YYYY.", "DD.MM.YYYY"),
    ],
)
def test_date_form_clauses_compile(prompt: str, style: str) -> None:
    assert _styles(prompt) == [style]


@pytest.mark.parametrize(
    "prompt",
    [
        "Dates DD-MM-YYYY are confusing to me.",  # talked about, not asked
        "Explain why dates DD-MM-YYYY are common in Europe.",
        "Do not date everything as YYYY-MM-DD.",  # negated
        "Dates ISO 8601 or DD/MM/YYYY, whichever you like.",  # a choice
        "Dates 03-04-2025 and 05-06-2025 are holidays.",  # values, not a form
    ],
)
def test_near_misses_state_no_form(prompt: str) -> None:
    assert _styles(prompt) == []
