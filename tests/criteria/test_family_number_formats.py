"""The number-format families: decimal places, ISO dates and 24-hour times;
their repairs (only where the value is certain), the phrasings that compile
and the near misses that must not."""

from __future__ import annotations

import pytest

from _repaired import repaired_run
from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, SpecCheck, compile_checks, measure_text
from redraft.criteria._families import DateFormat, DecimalPlaces, FamilySpec, TimeFormat

TWO = DecimalPlaces(places=2)
ISO = DateFormat()
H24 = TimeFormat()

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[FamilySpec, str, bool]] = [
    (TWO, "The mean is 18.00 and the deviation 12.35.", True),
    (TWO, "The deviation is 12.3456.", False),
    (TWO, "It costs $5.5.", False),
    (TWO, "We counted 6 values in 2024.", True),  # no decimal point: not checked
    (TWO, "Prices: 4.99, 12.50 and 100.00.", True),
    (TWO, "Version 2.0.1 ships today.", True),  # a version is no decimal number
    (TWO, "Between 3.14 and 2.718.", False),
    (TWO, "", True),
    (DecimalPlaces(places=1), "About 3.1 or 2.75.", False),
    (DecimalPlaces(places=1), "About 3.1 or 2.7.", True),
    (TWO, "Pay $4.99 now.", True),
    (TWO, "Pay $4.9 now.", False),
    (TWO, "Ratio 0.25:0.75.", True),
    (TWO, "Growth was 3.333%.", False),
    (TWO, "A 1.50 m shelf and a 2 m rod.", True),
    (TWO, "Rates: 1.00, 1.25, 1.5.", False),
    (TWO, "Step 3. Add 0.50 cups.", True),  # "3." ends a sentence: no decimal part
    (TWO, "IP 10.0.0.1 is local.", True),  # an address is no decimal number
    (DecimalPlaces(places=3), "pi is 3.142", True),
    (DecimalPlaces(places=3), "pi is 3.14", False),
    (ISO, "Due 2024-03-05 and 2024-12-31.", True),
    (ISO, "Due March 5, 2024.", False),
    (ISO, "Due 5 March 2024.", False),
    (ISO, "Due 05/03/2024.", False),
    (ISO, "Due 2024/03/05.", False),
    (ISO, "Due 2024-13-40.", False),  # no such date
    (ISO, "No dates here, just 2024 plans.", True),
    (ISO, "Call 555-1234 by 2024-02-29.", True),  # 2024 is a leap year
    (ISO, "By 2023-02-29.", False),
    (ISO, "Ships on the 5th of March, 2024.", False),
    (ISO, "Between 2024-01-01 and 2024-01-31.", True),
    (ISO, "Due Jan 9 2025.", False),
    (ISO, "Due Sept. 9, 2025.", False),
    (ISO, "Due 9/1/25.", False),
    (ISO, "Due 2025-1-9.", False),  # the order without the zeros
    (ISO, "In May 2024 we met.", True),  # no day: a month, not a date
    (ISO, "On 2024-02-30 we met.", False),
    (ISO, "Deadline: 2026-11-27", True),
    (ISO, "Deadline: 27.11.2026", False),
    (ISO, "From 1999-12-31 to 2000-01-01.", True),
    (H24, "Meet at 15:30, leave at 09:00.", True),
    (H24, "Meet at 3:30 pm.", False),
    (H24, "Meet at 3pm.", False),
    (H24, "Meet at 10 a.m. sharp.", False),
    (H24, "Meet at 25:00.", False),
    (H24, "The score was 3:2 in the end.", True),  # minutes one digit: no time
    (H24, "No times here.", True),
    (H24, "From 08:00 to 17:45.", True),
    (H24, "Lunch 12:30-13:15.", True),
    (H24, "Lunch at noon.", True),
    (H24, "Doors open 7:00 PM.", False),
    (H24, "Doors open 7 P.M.", False),
    (H24, "Doors open 19:00.", True),
    (H24, "At 23:59 it ends.", True),
    (H24, "At 24:10 it ends.", False),
    (H24, "At 9:65 it ends.", False),
    (H24, "Flight AM123 leaves at 06:05.", True),  # a flight code is no time
    (H24, "Runs 6am-9am.", False),
    (H24, "Ratio 16:9 screen.", True),  # minutes must be two digits: 16:9 is no time
    (H24, "Meet 8:30.", True),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_measures_agree_with_labelled_answers(
    spec: FamilySpec, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_corrections_show_what_to_rewrite() -> None:
    assert measure_text(TWO, "It is 12.3456.").suggestion == (
        "These numbers do not have 2 decimal places: 12.3456. Write every number with a "
        "decimal point with exactly 2 digits after it."
    )
    assert measure_text(ISO, "Due March 5, 2024.").suggestion == (
        "Write these dates as YYYY-MM-DD (2024-03-05), real dates only: March 5, 2024."
    )


def test_the_specs_round_trip() -> None:
    for spec in (TWO, ISO, H24):
        assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec
    with pytest.raises(ValueError, match="places"):
        DecimalPlaces(places=0)


@pytest.mark.parametrize(
    ("spec", "answer", "repaired", "passes"),
    [
        (TWO, "SD is 12.3456 and mean 18.5.", "SD is 12.35 and mean 18.50.", True),
        (TWO, "Round 2.675 and 1.005.", "Round 2.68 and 1.01.", True),  # half up, as taught
        (ISO, "Due March 5, 2024 or Dec 31 2024.", "Due 2024-03-05 or 2024-12-31.", True),
        (ISO, "Due 25/12/2024 and 2024/1/7.", "Due 2024-12-25 and 2024-01-07.", True),
        (ISO, "Due 2025-1-9.", "Due 2025-01-09.", True),
        # day and month cannot be told apart: left for the redraft
        (ISO, "Due 05/03/2024.", "Due 05/03/2024.", False),
        (H24, "Open 9 am to 5:30 pm.", "Open 09:00 to 17:30.", True),
        (H24, "At 12 am and 12:15 p.m.", "At 00:00 and 12:15.", True),
    ],
)
def test_the_repairs_change_only_what_is_certain(
    spec: FamilySpec, answer: str, repaired: str, passes: bool
) -> None:
    repair = SpecCheck(spec)._measured(answer).data["repair"]
    assert apply_repairs(answer, [repair]) == repaired
    assert measure_text(spec, repaired).passed is passes


def test_a_repair_leaves_a_passing_answer_as_it_is() -> None:
    answer = "Due 2024-03-05 at 15:30, cost 4.99."
    for repair in ({"op": "round_decimals", "places": 2}, {"op": "iso_dates"}, {"op": "24h_times"}):
        assert apply_repairs(answer, [repair]) == answer


async def test_the_loop_makes_the_repair_without_a_model_call() -> None:
    prompt = "When is the launch? Write all dates as YYYY-MM-DD."
    result = await repaired_run(prompt, "The launch is on March 5, 2025.")
    assert result.final_answer == "The launch is on 2025-03-05."


def compiled(prompt: str) -> list[object]:
    ours = (DecimalPlaces, DateFormat, TimeFormat)
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, ours)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # (not "give the prices with two decimal places": one sort of number,
        # while the check holds every decimal of the answer to it)
        ("Round all numbers to two decimal places.", [TWO]),
        ("Round every result to 2 decimals.", [TWO]),
        ("Show exactly one decimal place.", [DecimalPlaces(places=1)]),
        ("Write all dates as YYYY-MM-DD.", [ISO]),
        ("Use ISO 8601 dates.", [ISO]),
        ("Dates must be in ISO format.", [ISO]),
        ("Format every date in the format YYYY-MM-DD.", [ISO]),
        ("Use 24-hour time.", [H24]),
        ("Times should be in 24-hour format.", [H24]),
        ("Write my schedule using the 24-hour clock.", [H24]),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: list[object]) -> None:
    assert compiled(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "When you give numbers, always round to two decimal places.",  # a condition
        "What is ISO 8601?",
        "The date in the header should be YYYY-MM-DD.",
        "Convert 3pm to 24-hour time.",
        "Is 2.50 written with two decimal places?",
        "Ideally use 24-hour time.",
        'Translate: "use ISO 8601 dates".',
        "My spreadsheet uses two decimal places; sum the column.",
        "Why do pilots use 24-hour time?",
        "Give the prices with two decimal places.",  # one sort of number
        "Show all percentages with one decimal place.",
        "Round prices to 2 decimal places; give the weights to the nearest gram.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []
