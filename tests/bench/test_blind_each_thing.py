"""A count whose scope names each thing the answer lists ("each tagline"
beside "5 taglines") maps to the per-item kinds; parts the general mapping
reads, and pieces of an entry beside generic items, do not."""

from __future__ import annotations

from typing import Any

import pytest

from _blind_cases import covered, expect

_TAGLINES: dict[str, Any] = {
    "family": "item_count",
    "unit": "tagline",
    "relation": "exactly",
    "value": 5,
}
_ITEMS: dict[str, Any] = {"family": "item_count", "unit": "item", "relation": "exactly", "value": 5}


def _each(scope: str, unit: str, relation: str, value: object) -> dict[str, Any]:
    return {
        "family": "words_per_item",
        "scope": scope,
        "unit": unit,
        "relation": relation,
        "value": value,
    }


def test_each_thing_named_by_a_sibling_maps_to_the_items() -> None:
    expectation = expect(_each("each tagline", "word", "at_most", 6), _TAGLINES)
    assert covered(
        expectation, {"kind": "each_word_count", "relation": "at_most", "value": 6, "part": "item"}
    )
    # one per line: the lines' length states it as well
    assert covered(
        expectation,
        {"kind": "line_length", "relation": "at_most", "value": 6, "length_in": "words"},
    )
    assert not covered(expectation, {"kind": "word_count", "relation": "at_most", "value": 6})


def test_characters_and_sentences_of_each_thing() -> None:
    chars = expect(
        _each("each username", "character", "between", [6, 12]),
        {"family": "item_count", "unit": "username", "relation": "exactly", "value": 8},
    )
    assert covered(
        chars,
        {
            "kind": "each_count",
            "relation": "at_least",
            "value": 6,
            "part": "item",
            "units": "characters",
        },
        {
            "kind": "each_count",
            "relation": "at_most",
            "value": 12,
            "part": "item",
            "units": "characters",
        },
    )
    sentences = expect(
        _each("each fact", "sentence", "exactly", 1),
        {"family": "item_count", "unit": "fact", "relation": "exactly", "value": 3},
    )
    assert covered(
        sentences,
        {
            "kind": "each_count",
            "relation": "exactly",
            "value": 1,
            "part": "item",
            "units": "sentences",
        },
    )


def test_a_noun_the_sibling_counts_may_name_a_piece_too() -> None:
    # "3 reasons, each reason max 15 words": the reasons are the things
    expectation = expect(
        _each("each reason", "word", "at_most", 15),
        {"family": "item_count", "unit": "reason", "relation": "exactly", "value": 3},
    )
    assert covered(
        expectation, {"kind": "each_word_count", "relation": "at_most", "value": 15, "part": "item"}
    )


@pytest.mark.parametrize(
    ("fields", "siblings"),
    [
        # no sibling counts the things
        (_each("each option", "character", "less_than", 70), ()),
        # a piece of each entry beside generic items: the item's count overstates it
        (_each("each definition", "word", "at_most", 15), (_ITEMS,)),
        (
            _each("each answer", "word", "exactly", 1),
            ({"family": "question_count", "unit": "question", "relation": "exactly", "value": 4},),
        ),
        # parts the general mapping reads by name
        (
            _each("each sentence", "word", "at_most", 12),
            ({"family": "sentence_count", "unit": "sentence", "relation": "exactly", "value": 5},),
        ),
        (_each("each bullet", "word", "at_most", 10), (_ITEMS,)),
    ],
)
def test_no_per_item_mapping(fields: dict[str, Any], siblings: tuple[dict[str, Any], ...]) -> None:
    expectation = expect(fields, *siblings)
    assert not covered(
        expectation,
        {
            "kind": "each_word_count",
            "relation": "at_most",
            "value": fields["value"],
            "part": "item",
        },
    )
