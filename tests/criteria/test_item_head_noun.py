"""The things a count names end at their head noun: a preposition or a layout
participle closes them ("nine digits separated by spaces" counts digits), and
a plural that modifies a later one is no head ("10 sports trivia questions"
counts questions). Where the head is a unit with a family of its own (digits,
questions, words), no item count compiles."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._item_count import ItemCount


def _items(prompt: str) -> list[int]:
    return [c.spec.value for c in compile_checks(prompt) if isinstance(c.spec, ItemCount)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 8 physics quiz questions with answers.",
        "Give me 6 news trivia questions.",
        "Suggest 5 sales interview questions.",
        "Give me a row. Just six numbers separated by spaces, each used once.",
        "Give me a lottery line. Just six numbers separated by spaces, each from 1 to 49.",
        "Give me a word. Just five letters separated by spaces, each used once.",
        "Give me a code. Just eight characters separated by hyphens, each used once.",
    ],
)
def test_a_head_that_is_no_item_compiles_no_item_count(prompt: str) -> None:
    assert _items(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Give me 4 tips for sleeping in hot weather.", 4),
        ("List 4 reasons cats make good pets.", 4),
        ("Suggest 5 news headlines about rain.", 5),
        ("Name 5 planets.", 5),
        ("Give me 6 sports drinks brands.", 6),
        ("Brainstorm 7 band names with animals in them.", 7),
    ],
)
def test_items_whose_head_is_a_thing_still_count(prompt: str, value: int) -> None:
    assert _items(prompt) == [value]
