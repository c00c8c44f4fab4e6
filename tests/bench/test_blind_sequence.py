"""The blind mapper's progressions (bench/_blind_sequence.py): a growing or
shrinking length of parts maps to ``length_progression`` of those parts."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import _blind_map  # type: ignore[import-not-found]


def _expect(**fields: Any) -> Any:
    c = _blind_map.Constraint(
        **{
            "row_id": "t-1",
            "index": 0,
            "family": "unlabelled",
            "quote": "",
            "unit": None,
            "scope": "response",
            "relation": "other",
            "value": None,
            "words": (),
            "verifiable": True,
            "note": "",
            "source": "prompt",
        }
        | fields
    )
    return _blind_map.expect(c, _blind_map.Row("t-1", None, "", (c,), None))


def _covered(expectation: Any, **spec: Any) -> bool:
    dumped = CHECK_SPEC_ADAPTER.validate_python({"kind": "length_progression"} | spec)
    return bool(expectation.matchers) and all(
        m.exact(dumped.model_dump()) for m in expectation.matchers
    )


@pytest.mark.parametrize(
    ("fields", "spec"),
    [
        (
            {"family": "increasing_length", "unit": "word", "scope": "each line"},
            {"part": "line"},
        ),
        (
            {"family": "decreasing_length", "scope": "each paragraph"},
            {"part": "paragraph", "direction": "decreasing"},
        ),
        (
            {
                "family": "word_count_progression",
                "scope": "line n",
                "relation": "equals",
                "value": "n",
                "unit": "word",
            },
            {"part": "line", "step": 1, "start": 1},
        ),
        (
            {"family": "increasing_length", "note": "character count strictly increasing"},
            {"part": "sentence", "unit": "characters"},
        ),
    ],
)
def test_a_progression_of_named_parts_maps_to_length_progression(
    fields: dict[str, Any], spec: dict[str, Any]
) -> None:
    assert _covered(_expect(**fields), **spec)


def test_the_wrong_direction_or_part_is_not_covered() -> None:
    lines = _expect(family="increasing_length", scope="each line")
    assert not _covered(lines, part="line", direction="decreasing")
    assert not _covered(lines, part="sentence")


@pytest.mark.parametrize(
    "fields",
    [
        {"family": "decreasing_length", "scope": "each version"},  # no part cut
        {"family": "increasing_length", "scope": "each line", "note": "non-decreasing"},
        {"family": "increasing_length", "scope": "each line", "unit": "syllable"},
    ],
)
def test_progressions_no_check_states_map_to_none(fields: dict[str, Any]) -> None:
    assert not _expect(**fields).matchers


def test_each_number_between_two_bounds_maps_to_numbers_in_range() -> None:
    found = _expect(
        family="number_range",
        unit="integer",
        scope="each number",
        relation="between",
        value=[1, 100],
    )
    dumped = CHECK_SPEC_ADAPTER.validate_python(
        {"kind": "numbers_in_range", "low": 1, "high": 100}
    ).model_dump()
    assert [m.exact(dumped) for m in found.matchers] == [True]
    score = _expect(family="numeric_range", scope="Score column", relation="between", value=[1, 10])
    assert not any(m.kind_of(dumped) for m in score.matchers)
