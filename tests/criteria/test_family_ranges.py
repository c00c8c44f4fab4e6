"""The numbers-in-range family: every number the answer writes lies between
two bounds; the phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from redraft.criteria import compile_checks
from redraft.criteria._families._ranges import NUMBERS_IN_RANGE, NumbersInRange, numbers_in

HUNDRED = NumbersInRange(low=1, high=100)
FIFTY = NumbersInRange(low=0, high=50)

# 22 answers labelled by reading them: (spec, answer, is every number in range).
LABELLED = [
    (HUNDRED, "4 17 23 58 99", True),
    (HUNDRED, "4, 17, 23, 58, 100", True),  # the bounds are included
    (HUNDRED, "1, 2, 3", True),
    (HUNDRED, "0, 17, 23", False),
    (HUNDRED, "4, 17, 101", False),
    (HUNDRED, "", False),  # no number at all
    (HUNDRED, "Here you go!", False),
    (HUNDRED, "1. 42\n2. 7\n3. 88", True),  # list markers are no numbers
    (HUNDRED, "1. 42\n2. 700", False),
    (HUNDRED, "- **42**\n- `7`", True),  # markup around a number
    (HUNDRED, "42, -3", False),  # a negative number
    (HUNDRED, "12.5 and 99.9", True),
    (HUNDRED, "1,000", False),  # a thousand, not one and zero
    (HUNDRED, "Numbers: 5, 50, 95", True),
    (HUNDRED, "Numbers: 5, 50, 95, 150", False),
    (HUNDRED, "x7 and 3rd", False),  # inside words: no number written
    (FIFTY, "0 and 50", True),
    (FIFTY, "0, 25, 51", False),
    (FIFTY, "٣ and 20", True),  # an Arabic-Indic digit is a number too (3)
    (FIFTY, "٧٥", False),  # 75
    (FIFTY, "Your numbers are 3, 14 and 49.", True),
    (FIFTY, "Your numbers are 3, 14 and 49 (out of 60).", False),  # 60 is written
    (FIFTY, "-0.5", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_wants_every_number_in_range(
    spec: NumbersInRange, answer: str, ok: bool
) -> None:
    assert NUMBERS_IN_RANGE.measure(spec, answer).passed is ok


def test_numbers_are_read_in_digits_markers_left_out() -> None:
    assert numbers_in("1. 7\n2. 1,200 and 2.5") == [7.0, 1200.0, 2.5]


def test_the_correction_names_the_numbers_out_of_range() -> None:
    outcome = NUMBERS_IN_RANGE.measure(HUNDRED, "5, 0, 120")
    assert outcome.suggestion == (
        "These numbers are out of range: 0, 120. Use only numbers between 1 and 100."
    )


def test_the_bounds_must_be_ordered() -> None:
    with pytest.raises(ValidationError):
        NumbersInRange(low=10, high=1)


def _bounds(prompt: str) -> list[tuple[float, float]]:
    return [
        (c.spec.low, c.spec.high)
        for c in compile_checks(prompt)
        if isinstance(c.spec, NumbersInRange)
    ]


@pytest.mark.parametrize(
    ("prompt", "bounds"),
    [
        ("Give me 10 random integers between 1 and 100, comma separated.", (1, 100)),
        ("Pick five different numbers from 1 to 49 for my lottery ticket.", (1, 49)),
        ("please generate me 6 unique numbers between 1 and 60", (1, 60)),
        ("List 3 integers between one and ten.", (1, 10)),
        ("Every number in your answer must be between 0 and 50.", (0, 50)),
        ("All numbers should be from 1 to 20.", (1, 20)),
    ],
)
def test_phrasings_compile(prompt: str, bounds: tuple[float, float]) -> None:
    assert _bounds(prompt) == [bounds]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write about people aged between 18 and 25 years.",  # the topic
        "Don't give me 10 numbers between 1 and 100.",
        "Roughly 10 numbers between 1 and 100 please.",
        "The survey had 10 numbers between 1 and 100 in it; summarise it.",
        "Explain why 5 numbers between 1 and 10 are prime.",
        "My teacher told us to list 10 numbers between 1 and 100.",
        'What does "pick 6 numbers from 1 to 49" mean in a lottery?',
        "Give me 3 tips for runners between 20 and 30 years old.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _bounds(prompt) == []
