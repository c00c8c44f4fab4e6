"""A count within each thing asked for, the things named by their noun
after "every" or "no" ("Give me 5 tips, no tip over 12 words", "Write 4
riddles; every riddle must be under 20 words"). Near misses: another
noun (a part of each thing, or a unit the per-part family reads), a hedge,
the user's own things, a question."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._per_part import EachWordCount


def _each(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.part, c.spec.relation, c.spec.value)
        for c in compile_checks(prompt)
        if isinstance(c.spec, EachWordCount)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Give me 5 tips for sleeping better, no tip over 12 words.", [("item", "at_most", 12)]),
        ("Give me 5 tips. No tip should be longer than 15 words.", [("item", "at_most", 15)]),
        ("Write 4 riddles; every riddle must be under 20 words.", [("item", "at_most", 19)]),
        ("Suggest 6 slogans, every slogan at most 7 words.", [("item", "at_most", 7)]),
    ],
)
def test_each_named_thing_compiles(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert _each(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # a part of each thing, not each thing
        "Write 4 riddles, no answer longer than 3 words.",
        "Give me 5 tips, every example under 10 words.",
        # hedged or conditional
        "Give me 5 tips, ideally no tip over 12 words.",
        "Give me 5 tips; if you can, every tip under 12 words.",
        # the user's own things, or a question
        "My 5 tips have no tip over 12 words. Can you check them?",
        "Give me 5 tips. Should every tip be under 12 words?",
    ],
)
def test_near_misses_compile_no_count_within_each(prompt: str) -> None:
    assert _each(prompt) == []
