"""Dates in one stated form (``date_format`` with a pattern): every date the
answer writes, found in any form, must be written in the form asked for and
be a real date; the wordings that state a form (a pattern, an example date,
ISO) and the near misses that state none."""

from __future__ import annotations

import pytest

from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, SpecCheck, compile_checks, measure_text
from redraft.criteria._families import DateFormat

DMY = DateFormat(style="DD/MM/YYYY")
MDY = DateFormat(style="MM/DD/YYYY")
NAMED = DateFormat(style="D Month YYYY")
US_NAMED = DateFormat(style="Month D, YYYY")
DOTTED = DateFormat(style="DD.MM.YYYY")

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[DateFormat, str, bool]] = [
    (DMY, "Signed 05/03/2024, renewed 25/12/2025.", True),
    (DMY, "Signed 12/25/2024.", False),  # no 25th month: written month first
    (DMY, "Signed 5/3/2024.", False),  # DD wants two digits
    (DMY, "Signed 2024-03-05.", False),
    (DMY, "Signed March 5, 2024.", False),
    (DMY, "Signed 31/02/2024.", False),  # no such date
    (DMY, "No dates, only the year 2024.", True),
    (DMY, "Version 2.10.3 ships in May 2024.", True),  # a version and a month are no dates
    (MDY, "Due 12/25/2024 and 01/02/2025.", True),
    (MDY, "Due 25/12/2024.", False),
    (NAMED, "We met on 3 March 2025 and 14 July 2025.", True),
    (NAMED, "We met on March 3, 2025.", False),
    (NAMED, "We met on 3rd March 2025.", False),  # no ordinal ending in the form
    (NAMED, "We met on 03/03/2025.", False),
    (NAMED, "We met on 3 Mar 2025.", False),  # the abbreviation is another form
    (NAMED, "On Monday, 3 March 2025, we met.", True),
    (US_NAMED, "Launched March 3, 2025.", True),
    (US_NAMED, "Launched March 3 2025.", False),  # the comma is part of the form
    (US_NAMED, "Launched 3 March 2025.", False),
    (DOTTED, "Frist: 05.03.2024.", True),  # the sentence's period is no part of the date
    (DOTTED, "Frist: 05/03/2024.", False),
    (DOTTED, "Server 10.0.0.1 is up.", True),  # an address is no date
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_every_date_is_found_and_held_to_the_form(
    spec: DateFormat, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_correction_shows_the_form_with_an_example() -> None:
    assert measure_text(NAMED, "Due March 5, 2024.").suggestion == (
        "Write these dates as D Month YYYY (5 March 2024), real dates only: March 5, 2024."
    )


@pytest.mark.parametrize("style", ["dd/mm/yyyy", "DD/MM/YYYY", " DD/MM/YYYY "])
def test_a_form_is_kept_in_one_spelling(style: str) -> None:
    assert DateFormat(style=style) == DMY
    assert DateFormat(style="YYYY-MM-DD") == DateFormat() == DateFormat(style="ISO 8601")
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(DMY)) == DMY


@pytest.mark.parametrize("style", ["DD/MM", "YYYY", "DD/DD/YYYY", "next Tuesday", "DD:MM:YYYY"])
def test_a_pattern_that_is_no_whole_date_is_refused(style: str) -> None:
    with pytest.raises(ValueError, match="no date form"):
        DateFormat(style=style)


@pytest.mark.parametrize(
    ("spec", "answer", "repaired", "passes"),
    [
        (DMY, "Due 2024-12-25 and March 5, 2024.", "Due 25/12/2024 and 05/03/2024.", True),
        (NAMED, "Due 2024-03-05 or Dec 31 2024.", "Due 5 March 2024 or 31 December 2024.", True),
        (US_NAMED, "Due 25/12/2024.", "Due December 25, 2024.", True),
        # day and month cannot be told apart: left for the redraft
        (NAMED, "Due 05/03/2024.", "Due 05/03/2024.", False),
        (DMY, "Due 12/25/24.", "Due 12/25/24.", False),  # a two-digit year's century is a guess
    ],
)
def test_the_repair_rewrites_only_certain_dates(
    spec: DateFormat, answer: str, repaired: str, passes: bool
) -> None:
    repair = SpecCheck(spec)._measured(answer).data["repair"]
    assert apply_repairs(answer, [repair]) == repaired
    assert measure_text(spec, repaired).passed is passes


def compiled(prompt: str) -> list[str]:
    return [c.spec.style for c in compile_checks(prompt) if isinstance(c.spec, DateFormat)]


@pytest.mark.parametrize(
    ("prompt", "style"),
    [
        ("Use DD/MM/YYYY for dates.", "DD/MM/YYYY"),
        ("please use dd/mm/yyyy", "DD/MM/YYYY"),
        ("All dates should be formatted as MM/DD/YYYY.", "MM/DD/YYYY"),
        ("Use the US format MM/DD/YYYY for all dates.", "MM/DD/YYYY"),
        ("Date format: DD.MM.YYYY", "DD.MM.YYYY"),
        ("The dates must be DD/MM/YYYY.", "DD/MM/YYYY"),
        ("Write dates like 3 March 2025.", "D Month YYYY"),
        ('Dates are written as "5 March 2024".', "D Month YYYY"),
        ("the date format should be D Month YYYY", "D Month YYYY"),
        ("could you put the dates in the form Month D, YYYY please", "Month D, YYYY"),
        ("Give every date as 'March 3, 2025'.", "Month D, YYYY"),
        ("Write the dates like 2025-03-03.", "iso"),
        ("Dates in YYYY-MM-DD.", "iso"),
        ("Date should be YYYY-MM-DD.", "iso"),
        ("Write all dates like 25/12/2024 please.", "DD/MM/YYYY"),  # the 25th says which is the day
    ],
)
def test_wordings_that_state_a_form(prompt: str, style: str) -> None:
    assert compiled(prompt) == [style]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write dates like 05/03/2024.",  # day and month cannot be told apart
        "My dates are written as DD/MM/YYYY; convert them to words.",  # the material's form
        "Don't use MM/DD/YYYY.",
        "Never write dates as MM/DD/YYYY.",
        "Use 03/04/2025 as the start date.",  # a date, not a form
        "The date should be 15/04/2025.",  # a value, not a form
        "The start date must be 3 March 2025.",
        "Is DD/MM/YYYY better than MM/DD/YYYY?",
        "If you can, use DD/MM/YYYY for dates.",
        "Use ISO format.",  # ISO for what: dates, times, country codes
        'Translate: "write dates as DD/MM/YYYY".',
        "The date in the header should be DD/MM/YYYY.",  # one part named
    ],
)
def test_near_misses_state_no_form(prompt: str) -> None:
    assert compiled(prompt) == []
