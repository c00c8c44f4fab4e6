"""The blind mapper's relations between parts (bench/_blind_relations.py):
relative length, repeated parts and chains map to their kinds from the
writer's fields, and other constraints are left to the general mapping."""

from __future__ import annotations

from typing import Any

import pytest

from _blind_cases import constraint as _constraint
from _blind_cases import covered, expect_in_row


def _expect(*others: Any, **fields: Any) -> Any:
    return expect_in_row(_constraint(len(others), **fields), *others)


def _covered(expectation: Any, kind: str, **spec: Any) -> bool:
    return covered(expectation, {"kind": kind} | spec)


_THREE_PARAGRAPHS = _constraint(
    family="paragraph_count", unit="paragraph", relation="exactly", value=3
)
_THREE_LINES = _constraint(family="line_count", unit="line", relation="exactly", value=3)


def test_the_middle_part_is_named_either_way_where_the_count_is_fixed() -> None:
    found = _expect(
        _THREE_PARAGRAPHS,
        family="relative_length",
        unit="word",
        scope="paragraph 2",
        relation="less_than",
        value="paragraphs 1 and 3",
    )
    for positions in ([0], [2]):
        spec = {"part": "paragraph", "positions": positions, "rank": "shortest"}
        assert _covered(found, "relative_length", **spec)
    shorter = {"part": "paragraph", "positions": [2], "rank": "shorter", "than": [1, 3]}
    assert _covered(found, "relative_length", **shorter)
    longest = {"part": "paragraph", "positions": [2], "rank": "longest"}
    assert not _covered(found, "relative_length", **longest)


def test_a_line_is_measured_in_characters_unless_words_are_named() -> None:
    found = _expect(
        _THREE_LINES, family="relative_line_length", scope="line 2", relation="more_than"
    )
    spec = {"part": "line", "positions": [0], "rank": "longest"}
    assert _covered(found, "relative_length", **spec, unit="characters")
    assert not _covered(found, "relative_length", **spec, unit="words")


def test_a_note_comparing_two_parts_maps_to_longer() -> None:
    found = _expect(family="relative_length", note="len(p2) > len(p1)")
    spec = {"part": "paragraph", "positions": [2], "rank": "longer", "than": [1]}
    assert _covered(found, "relative_length", **spec)


def test_a_note_counting_sentences_maps_to_a_sentence_count_comparison() -> None:
    found = _expect(family="relative_count", note="sentences(p1) > sentences(p2)")
    spec = {"part": "paragraph", "positions": [1], "rank": "longer", "than": [2]}
    assert _covered(found, "relative_length", **spec, unit="sentences")
    assert not _covered(found, "relative_length", **spec, unit="words")


def test_longer_than_every_other_part_is_the_longest() -> None:
    found = _expect(
        family="relative_length",
        unit="character",
        scope="line 3",
        relation="more_than",
        value="all other lines",
    )
    for rank in ("longest", "longer"):
        spec = {"part": "line", "positions": [3], "rank": rank, "unit": "characters"}
        assert _covered(found, "relative_length", **spec)


def test_repeated_parts_and_choruses() -> None:
    found = _expect(
        family="last_line_repeats_first",
        unit="line",
        scope="last line",
        relation="equals",
        value="first line",
    )
    assert _covered(found, "part_repeat", part="line", positions=[1, -1], exact=True)
    chorus = _expect(
        family="repeated_section", scope="chorus", relation="equals", value="identical text"
    )
    assert _covered(chorus, "part_repeat", part="chorus")


def test_a_transformed_copy_is_not_a_repeat() -> None:
    found = _expect(
        family="repetition",
        scope="paragraph 2",
        relation="equals",
        value="upper(paragraph 1)",
        note="para2 == para1.upper()",
    )
    assert not any("part_repeat" in m.kinds for m in found.matchers)


@pytest.mark.parametrize(
    ("fields", "spec"),
    [
        (
            {
                "family": "word_chain",
                "unit": "letter",
                "scope": "each word",
                "value": "first letter == previous word's last letter",
            },
            {"part": "word", "link": "letter"},
        ),
        (
            {
                "family": "sentence_chain",
                "unit": "word",
                "scope": "each sentence",
                "relation": "starts_with",
                "value": "last word of previous sentence",
            },
            {"part": "sentence", "link": "word"},
        ),
    ],
)
def test_chains(fields: dict[str, Any], spec: dict[str, Any]) -> None:
    assert _covered(_expect(**fields), "chain", **spec)


def test_a_progression_of_each_part_is_left_to_the_sequence_mapping() -> None:
    found = _expect(
        family="increasing_length", unit="word", scope="each line", relation="more_than"
    )
    assert all("relative_length" not in m.kinds for m in found.matchers)
