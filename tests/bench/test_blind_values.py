"""The blind mapper's value formats, proportions and properties of counts
(bench/_blind_values.py), read from a constraint's fields."""

from __future__ import annotations

from typing import Any

import pytest

from _blind_cases import constraint, expect, expect_in_row
from _blind_cases import covered as _covered


def _expect(**fields: Any) -> Any:
    return expect(fields)


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


@pytest.mark.parametrize(
    ("fields", "spec"),
    [
        (
            {"family": "ratio", "unit": "question", "relation": "exactly", "value": 0.5},
            {"having": "question", "compare": "exactly", "numerator": 50, "denominator": 100},
        ),
        (
            {
                "family": "ratio",
                "unit": "sentence",
                "relation": "at_least",
                "value": 0.3333,
                "words": ("less",),
            },
            {
                "having": "keyword",
                "word": "less",
                "compare": "at_least",
                "numerator": 1,
                "denominator": 3,
            },
        ),
        (
            {"family": "uppercase_ratio", "unit": "letter", "relation": "less_than", "value": 0.05},
            {
                "units": "letters",
                "having": "uppercase",
                "compare": "less_than",
                "numerator": 5,
                "denominator": 100,
            },
        ),
        (
            {
                "family": "share",
                "unit": "lines",
                "relation": "at_most",
                "value": "20%",
                "words": ("sea",),
            },
            {
                "units": "lines",
                "having": "keyword",
                "word": "Sea",
                "compare": "at_most",
                "numerator": 1,
                "denominator": 5,
            },
        ),
    ],
)
def test_a_share_maps_to_proportion(fields: dict[str, Any], spec: dict[str, Any]) -> None:
    assert _covered(_expect(**fields), {"kind": "proportion"} | spec)


@pytest.mark.parametrize(
    "fields",
    [
        {"family": "ratio", "unit": "question", "relation": "exactly", "value": 3},  # a count
        {"family": "ratio", "unit": "letter", "relation": "less_than", "value": 0.05},  # no case
        {"family": "ratio", "unit": "sentence", "relation": "at_least", "value": 0.5},  # no word
    ],
)
def test_other_shares_are_no_proportion(fields: dict[str, Any]) -> None:
    assert "proportion" not in _expect(**fields).kinds


def test_a_property_without_a_unit_takes_the_unit_its_sibling_notes() -> None:
    count = constraint(0, unit="item", relation="between", value=[5, 11], note="also must be odd")
    parity = constraint(1, unit=None, relation="other", value="odd", note="")
    spec = {"kind": "count_property", "units": "items", "property": "odd"}
    assert _covered(expect_in_row(parity, count), spec)


@pytest.mark.parametrize(
    ("fields", "mask"),
    [
        (
            {"family": "phone_format", "unit": "phone number", "value": "(NNN) NNN-NNNN"},
            "(###) ###-####",
        ),
        (
            {
                "family": "postal_code_format",
                "unit": "code",
                "scope": "each item",
                "value": "A1A 1A1",
            },
            "@#@ #@#",
        ),
        (
            {"family": "id_format", "unit": "ID", "scope": "each item", "value": "CUST-\\d{4}"},
            "CUST-####",
        ),
        (
            {"family": "phone_format", "unit": "phone number", "value": "+44 20 XXXX XXXX"},
            "+44 20 #### ####",
        ),
    ],
)
def test_a_mask_of_values_maps_to_value_mask(fields: dict[str, Any], mask: str) -> None:
    expectation = _expect(relation="matches_format", **fields)
    assert _covered(expectation, {"kind": "value_mask", "mask": mask})


@pytest.mark.parametrize(
    "fields",
    [
        {"unit": "ID", "value": "AA NN NN NN A"},  # letters that may be placeholders
        {"unit": "line", "value": "Score: NN/100"},  # a template of a part
        {"unit": "code", "scope": "first line", "value": "A1A 1A1"},  # one part's
    ],
)
def test_other_formats_are_no_value_mask(fields: dict[str, Any]) -> None:
    assert "value_mask" not in _expect(relation="matches_format", **fields).kinds
