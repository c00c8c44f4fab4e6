"""Date and time forms stated as a pattern of tokens where nothing else
says "dates": converting to it, a date field in it, dates "written" in it,
a template's label to fill ("Date (DD/MM/YYYY):"), ISO 8601 after "must be";
and the near misses: a date value, a hedge, a question, a template quoted
but not to be filled, a field's form after a named part."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def _kinds(prompt: str) -> dict[str, str]:
    return {
        c.spec.kind: getattr(c.spec, "style", "")
        for c in compile_checks(prompt)
        if c.spec.kind in ("date_format", "time_format")
    }


@pytest.mark.parametrize(
    ("prompt", "style"),
    [
        ("Convert these to ISO 8601 (YYYY-MM-DD), one per line:\nJune 4th 2020\n5 May 1999", "iso"),
        ("Reformat the dates to DD/MM/YYYY, nothing else:\n2021-03-04\n1999-12-31", "DD/MM/YYYY"),
        ("Turn this person into JSON with keys name and dob. dob in YYYY-MM-DD.", "iso"),
        ("Write the invoice summary, the due date as DD.MM.YYYY.", "DD.MM.YYYY"),
        ("List 4 dates in 2031 that are Fridays, written MM/DD/YYYY.", "MM/DD/YYYY"),
        ("Make a CSV of 5 fake orders. Dates must be ISO 8601.", "iso"),
        ("Turn my notes into tasks. Format each one as '- Task (by: DD/MM/YYYY)'.", "DD/MM/YYYY"),
        (
            "Please fill in this form for me.\nName:\nDate of birth (DD/MM/YYYY):\nCity:",
            "DD/MM/YYYY",
        ),
    ],
)
def test_a_token_form_of_dates_compiles(prompt: str, style: str) -> None:
    assert _kinds(prompt).get("date_format") == style


@pytest.mark.parametrize(
    "prompt",
    [
        # a date's value, not a form
        "Write the invoice summary, the due date as 14/03/2026.",
        "The date should be 15/04/2025 in the letter.",
        # hedged
        "If possible, convert these to YYYY-MM-DD:\nJune 4th 2020",
        # a question about the form
        "Should the dob be in YYYY-MM-DD?",
        # a template shown, not one to fill
        "Here is our old form, what is wrong with it?\nName:\nDate (DD/MM/YYYY):",
        # the dates of one named part
        "Give me the report, dates written DD/MM/YYYY in the appendix only.",
        # a template quoted as material, or with a year alone
        "Our tracker shows each task as '- Task (due: YYYY-MM-DD)'. Is that clear?",
        "Format each one as 'YYYY — event'.",
        # a field's form whose number is no date
        "Convert these to 12 columns:\n2021-03-04",
    ],
)
def test_near_misses_compile_no_date_form(prompt: str) -> None:
    assert "date_format" not in _kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Log my runs as CSV with columns date,time,km. Times in 24-hour HH:MM.",
        "Please fill in the report.\nDate (DD/MM/YYYY):\nTime (24h HH:MM):\nPlace:",
    ],
)
def test_a_24_hour_form_of_times_compiles(prompt: str) -> None:
    assert _kinds(prompt).get("time_format") == "24h"


@pytest.mark.parametrize(
    "prompt",
    [
        "Here is our old form, what is wrong with it?\nTime (24h HH:MM):",
        "Is it better to write times in 24-hour HH:MM?",
        "Ideally, times in 24-hour HH:MM.",
    ],
)
def test_near_misses_compile_no_time_form(prompt: str) -> None:
    assert "time_format" not in _kinds(prompt)
