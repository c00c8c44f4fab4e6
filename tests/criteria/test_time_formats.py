"""Times on one clock (``time_format``): the 12-hour clock beside the
24-hour one, "HH:MM" read as the 24-hour clock, their measures, repairs and
the near misses that state no clock."""

from __future__ import annotations

import pytest

from redraft.core._repair import apply_repairs
from redraft.criteria import CHECK_SPEC_ADAPTER, SpecCheck, compile_checks, measure_text
from redraft.criteria._families import TimeFormat

H12 = TimeFormat(style="12h")
H24 = TimeFormat()

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[TimeFormat, str, bool]] = [
    (H12, "Meet at 3:30 PM, leave at 9 am.", True),
    (H12, "Meet at 15:30.", False),
    (H12, "Meet at 10:15 p.m.", True),
    (H12, "Meet at 13 pm.", False),  # no 13 on a 12-hour clock
    (H12, "Meet at 9:00.", False),  # which half of the day is not said
    (H12, "The screen is 16:9.", True),  # a ratio is no time
    (H12, "No times here.", True),
    (H24, "Meet at 15:30.", True),
    (H24, "Meet at 3:30 PM.", False),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_every_time_is_held_to_the_clock(spec: TimeFormat, answer: str, passes: bool) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_12_hour_repair_adds_the_half_of_the_day() -> None:
    answer = "Open 09:00 to 17:30, lunch 12:00, close 00:15 or 3:30 PM."
    repair = SpecCheck(H12)._measured(answer).data["repair"]
    repaired = apply_repairs(answer, [repair])
    assert repaired == "Open 9:00 AM to 5:30 PM, lunch 12:00 PM, close 12:15 AM or 3:30 PM."
    assert measure_text(H12, repaired).passed
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(H12)) == H12


def compiled(prompt: str) -> list[TimeFormat]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, TimeFormat)]


@pytest.mark.parametrize(
    ("prompt", "spec"),
    [
        ("Use the 12-hour clock.", H12),
        ("Times should be in 12-hour format.", H12),
        ("Write times in 12 hour format with AM/PM.", H12),
        ("Write all times as HH:MM.", H24),
        ("Times in HH:MM format.", H24),
        ("Use HH:MM for times.", H24),
        ("Use 24-hour time.", H24),
    ],
)
def test_wordings_that_state_a_clock(prompt: str, spec: TimeFormat) -> None:
    assert compiled(prompt) == [spec]


@pytest.mark.parametrize(
    "prompt",
    [
        "Convert 15:00 to 12-hour time.",  # a task on a given time
        "Why is 12-hour time used in the US?",
        "I have 12 hours of time to study.",
        "Ideally use the 12-hour clock.",
        "The times in the table should be HH:MM.",  # one part named
    ],
)
def test_near_misses_state_no_clock(prompt: str) -> None:
    assert compiled(prompt) == []
