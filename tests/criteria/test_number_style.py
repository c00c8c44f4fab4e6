"""How numbers are written (``number_style``): in digits, small ones in
words, or with their thousands grouped; measured on every number the answer
writes, with the wordings that ask for each and the near misses that do not."""

from __future__ import annotations

import pytest

from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, SpecCheck, compile_checks, measure_text
from redraft.criteria._families._number_style import NumberStyle

DIGITS = NumberStyle(style="digits")
UNDER_TEN = NumberStyle(style="words_below", below=10)
GROUPED = NumberStyle(style="grouped")

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[NumberStyle, str, bool]] = [
    (DIGITS, "We have 3 cats and 12 dogs.", True),
    (DIGITS, "We have 3 cats and two dogs.", False),
    (DIGITS, "Twenty people came.", False),
    (DIGITS, "A hundred years ago.", False),
    (DIGITS, "No one came, and the one who did left.", True),  # "one" is not counted
    (DIGITS, "Buy a dozen eggs.", False),
    (DIGITS, "The network was weighted.", True),  # "eight" inside a word is no number
    (UNDER_TEN, "We have three cats and 12 dogs.", True),
    (UNDER_TEN, "We have 3 cats.", False),
    (UNDER_TEN, "Wait 9 minutes.", False),
    (UNDER_TEN, "1. Preheat the oven\n2. Mix the flour", True),  # list markers
    (UNDER_TEN, "Growth of 5% in 2024 on v2, 3.5 kg, at 10:30.", True),
    (UNDER_TEN, "It is 3/4 full.", True),  # a fraction is a figure
    (UNDER_TEN, "Room 7 is free.", False),
    (UNDER_TEN, "Nothing numeric here.", True),
    (GROUPED, "It cost 12,500 dollars in 2024.", True),
    (GROUPED, "It cost 12500 dollars.", False),
    (GROUPED, "A population of 1250000.", False),
    (GROUPED, "1,25,000 rupees", False),  # not grouped in thousands
    (GROUPED, "Call 1234 or pay 3.14159.", True),  # four digits are not checked
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_every_number_is_held_to_the_style(spec: NumberStyle, answer: str, passes: bool) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_spec_round_trips_and_refuses_a_bound_out_of_place() -> None:
    for spec in (DIGITS, UNDER_TEN, GROUPED):
        assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(spec)) == spec
    with pytest.raises(ValueError, match="below"):
        NumberStyle(style="words_below")
    with pytest.raises(ValueError, match="below"):
        NumberStyle(style="digits", below=10)


def test_grouping_is_repaired_without_a_model() -> None:
    answer = "Revenue rose from 12500 to 1250000 in 2024."
    repair = SpecCheck(GROUPED)._measured(answer).data["repair"]
    repaired = apply_repairs(answer, [repair])
    assert repaired == "Revenue rose from 12,500 to 1,250,000 in 2024."
    assert measure_text(GROUPED, repaired).passed
    assert SpecCheck(UNDER_TEN)._measured("3 cats").data.get("repair") is None


def compiled(prompt: str) -> list[NumberStyle]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, NumberStyle)]


@pytest.mark.parametrize(
    ("prompt", "spec"),
    [
        ("Use digits, not words.", DIGITS),
        ("Please write all numbers as numerals, not words.", DIGITS),
        ("Numbers should always be written as digits.", DIGITS),
        ("Don't spell out numbers.", DIGITS),
        ("Spell out numbers under ten.", UNDER_TEN),
        ("spell out numbers one through nine; use digits for 10 and above.", UNDER_TEN),
        ("Write numbers below 10 as words.", UNDER_TEN),
        ("Numbers less than ten should be spelled out.", UNDER_TEN),
        ("Spell out numbers up to ten.", NumberStyle(style="words_below", below=11)),
        ("Use commas as thousands separators.", GROUPED),
        ("Separate thousands with commas.", GROUPED),
        ("thousands must be separated by commas", GROUPED),
    ],
)
def test_wordings_that_state_a_style(prompt: str, spec: NumberStyle) -> None:
    assert compiled(prompt) == [spec]


@pytest.mark.parametrize(
    "prompt",
    [
        "Should I use digits, not words?",
        "My editor says to spell out numbers under ten, what do you think?",
        'Translate: "use digits, not words".',
        "Write the numbers 1 to 20 as words.",  # which numbers to write, not a style
        "Explain why style guides spell out numbers under ten.",
        "If you like, use commas as thousands separators.",
    ],
)
def test_near_misses_state_no_style(prompt: str) -> None:
    assert compiled(prompt) == []
