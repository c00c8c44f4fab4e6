"""Things named before a count that stands alone ("Brainstorm names for a
van. Give me 12."): a count within each of them is each item's, read as
after "give me 12 names" (and the near misses that compile no such count)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._per_part import EachWordCount
from redraft.criteria._spec_base import Relation


def _each_words(prompt: str) -> list[EachWordCount]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, EachWordCount)]


@pytest.mark.parametrize(
    ("prompt", "relation", "value"),
    [
        ("Brainstorm names for a bakery. Give me 8. Each name max 3 words.", "at_most", 3),
        (
            "Suggest titles for my talk on bees and give me 4. Keep each title under 8 words.",
            "at_most",
            7,
        ),
        (
            "Come up with slogans for a gym, give me 6, each slogan exactly four words.",
            "exactly",
            4,
        ),
        (
            "Brainstorm team names for a pub quiz. Give 10. Each name must be two words.",
            "exactly",
            2,
        ),
    ],
)
def test_each_thing_named_first(prompt: str, relation: Relation, value: int) -> None:
    assert _each_words(prompt) == [EachWordCount(relation=relation, value=value, part="item")]


@pytest.mark.parametrize(
    "prompt",
    [
        # other things counted by name: which are asked?
        "Brainstorm names for a bakery. Give me 8 reasons. Each name max 3 words.",
        # parts of prose, not things a line holds
        "Write sentences about cats. Give me 3. Each under 10 words.",
        # a count given, not asked
        "Suggest names for my cat. I have 2 cats. Each name max 2 words.",
        # hedged
        "Brainstorm names for a bakery. Give me 8. Each name could maybe be 3 words.",
        # one thing is no list
        "Suggest names for a bakery. Give me 1. Each name max 3 words.",
        # a count of something else in each
        "Brainstorm names for a bakery. Give me 8. Each word max 3 letters.",
    ],
)
def test_each_thing_named_first_near_misses(prompt: str) -> None:
    assert _each_words(prompt) == []
