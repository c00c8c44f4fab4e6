"""The blind mapper's value formats, proportions and properties of counts
(bench/_blind_values.py), read from a constraint's fields."""

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


def _covered(expectation: Any, spec: dict[str, Any]) -> bool:
    dumped = CHECK_SPEC_ADAPTER.validate_python(spec).model_dump()
    return bool(expectation.matchers) and all(m.exact(dumped) for m in expectation.matchers)


@pytest.mark.parametrize(
    ("fields", "spec"),
    [
        (
            {"family": "word_count_property", "unit": "word", "value": "prime > 5"},
            {"kind": "count_property", "property": "prime", "at_least": 6},
        ),
        (
            {
                "family": "sentence_word_parity",
                "unit": "word",
                "scope": "each sentence",
                "value": "even",
            },
            {"kind": "count_property", "part": "sentence", "property": "even"},
        ),
        (
            {"family": "parity", "unit": "line", "value": "odd"},
            {"kind": "count_property", "units": "lines", "property": "odd"},
        ),
        (
            {"family": "divisibility", "unit": "characters", "value": "multiple of 10"},
            {"kind": "count_property", "units": "characters", "property": "multiple", "of": 10},
        ),
    ],
)
def test_a_property_of_a_count_maps_to_count_property(
    fields: dict[str, Any], spec: dict[str, Any]
) -> None:
    assert _covered(_expect(**fields), spec)


@pytest.mark.parametrize(
    "fields",
    [
        {
            "family": "each_item_palindrome",
            "unit": "word",
            "scope": "each item",
            "relation": "all",
            "value": "palindrome",
        },  # the words are palindromes, not their count
        {"family": "number_property", "unit": "number", "scope": "each item", "value": "even"},
        {"family": "word_length_parity", "unit": "letter", "scope": "each word", "value": "odd"},
    ],
)
def test_other_properties_are_no_count_property(fields: dict[str, Any]) -> None:
    assert "count_property" not in _expect(**fields).kinds
