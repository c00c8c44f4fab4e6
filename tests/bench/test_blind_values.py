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


# -- money, percentages and numbered labels (bench/_blind_money.py) ----------------------

_MONEY = {"relation": "matches_format", "unit": "price"}


@pytest.mark.parametrize(
    ("fields", "spec"),
    [
        (
            {"family": "price_format", "value": "£N.NN", "scope": "each price"},
            {"kind": "money_format", "places": 2, "symbol": "£"},
        ),
        (
            {"family": "currency_format", "value": "$#,###.00"},
            {"kind": "money_format", "places": 2, "symbol": "$", "grouped": True},
        ),
        (
            {"family": "money_format", "value": r"^(\$\d+\.\d{2}|Free)$", "scope": "Cost column"},
            {"kind": "money_format", "places": 2, "symbol": "$"},
        ),
        (
            {"family": "price_format", "value": r"€\d{1,3}(,\d{3})*", "scope": "each item"},
            {"kind": "money_format", "places": 0, "symbol": "€", "grouped": True},
        ),
        (
            {"family": "currency_format", "value": r"[£$€]\d+\.\d{2}", "unit": "amount"},
            {"kind": "money_format", "places": 2},
        ),
        (
            {"family": "price_format", "value": r"^\d+\.\d{3} CHF$", "scope": "<price>"},
            {"kind": "money_format", "places": 3},
        ),
        (
            {"family": "currency_format", "relation": "contains", "value": "¥", "scope": "table"},
            {"kind": "money_format", "symbol": "¥"},
        ),
        (
            {
                "family": "decimal_places",
                "unit": "number",
                "scope": "% column",
                "value": r"\d+\.\d",
            },
            {"kind": "percent_format", "places": 1},
        ),
        (
            {"family": "percentage_format", "unit": "percentage", "value": "NN%"},
            {"kind": "percent_format", "places": 0, "sign": True},
        ),
        (
            {"family": "label_sequence", "relation": "equals", "words": ("S1", "S2", "S3")},
            {"kind": "label_sequence", "prefix": "S", "first": 1, "last": 3},
        ),
        (
            {"family": "item_label_format", "value": ["T3", "T4", "T5"], "words": ()},
            {"kind": "label_sequence", "prefix": "t", "first": 3, "last": 5},
        ),
    ],
)
def test_money_percent_and_labels_are_read(fields: dict[str, Any], spec: dict[str, Any]) -> None:
    assert _covered(_expect(**(_MONEY | fields)), spec)


@pytest.mark.parametrize(
    ("fields", "spec"),
    [
        # the writer's sign, places and grouping are each held to
        (
            {"family": "price_format", "value": "£N.NN"},
            {"kind": "money_format", "places": 2, "symbol": "$"},
        ),
        (
            {"family": "price_format", "value": "$N,NNN.NN"},
            {"kind": "money_format", "places": 2, "symbol": "$"},
        ),
        (
            {"family": "price_format", "value": "$N"},
            {"kind": "money_format", "places": 2, "symbol": "$"},
        ),
        (
            {"family": "percent_format", "unit": "percentage", "value": r"\d+\.\d%"},
            {"kind": "percent_format", "places": 0},
        ),
        (
            {"family": "label_sequence", "relation": "equals", "words": ("A1", "A2", "A3")},
            {"kind": "label_sequence", "prefix": "Q", "first": 1, "last": 3},
        ),
    ],
)
def test_money_percent_and_labels_near_misses(fields: dict[str, Any], spec: dict[str, Any]) -> None:
    assert not _covered(_expect(**(_MONEY | fields)), spec)


@pytest.mark.parametrize(
    "fields",
    [
        # bare numbers: the check finds no amount written without a sign or code
        {
            "family": "decimal_places",
            "unit": "number",
            "scope": "cost column",
            "value": r"\d+\.\d{2}",
        },
        {"family": "price_format", "value": r"\d+\.\d{2}"},
        # comma decimals and groups of two: not the check's grouping
        {"family": "currency_format", "value": "€N.NNN,NN"},
        {"family": "currency_format", "value": "₹#,##,###"},
        # one section, a line template, a presence
        {"family": "price_format", "value": "£N.NN", "scope": "Budget section"},
        {"family": "money_format", "value": r"^USD \d+\.\d{2}$", "unit": "line"},
        {"family": "money_format", "value": "£N.NN", "note": "at least one per problem"},
        # labels out of sequence or of two prefixes
        {"family": "label_sequence", "relation": "equals", "words": ("Q1", "Q3", "Q4")},
        {"family": "label_sequence", "relation": "equals", "words": ("Q1", "A2")},
    ],
)
def test_money_percent_and_labels_not_read(fields: dict[str, Any]) -> None:
    found = _expect(**(_MONEY | fields))
    assert not any(k in found.kinds for k in ("money_format", "percent_format", "label_sequence"))
