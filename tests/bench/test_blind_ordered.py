"""The blind mapper's order of items by value or length (bench/_blind_ordered.py):
a writer's order label with a key and a direction maps to ``ordered_items``;
orders of parts, of a table's rows, alphabetical orders, orders against the
part before and orders with no key stay unmapped."""

from __future__ import annotations

from typing import Any

import pytest

from _blind_cases import covered, expect


def _order(label: str, quote: str, value: Any = None, **more: Any) -> dict[str, Any]:
    return {
        "family": label,
        "quote": quote,
        "unit": more.pop("unit", "item"),
        "scope": more.pop("scope", "response"),
        "relation": "other",
        "value": value,
        **more,
    }


def _spec(by: str, direction: str, **more: Any) -> dict[str, Any]:
    return {"kind": "ordered_items", "by": by, "direction": direction, "strict": False} | more


@pytest.mark.parametrize(
    ("fields", "spec"),
    [
        (
            _order("ordering", "sorted ascending", "ascending", unit=None),
            _spec("number", "ascending"),
        ),
        (
            _order("numeric_order", "with the counts in descending order", "descending"),
            _spec("number", "descending"),
        ),
        (
            _order("ordering_numeric", "years in ascending order", note="non-decreasing year"),
            _spec("time", "ascending"),
        ),
        (
            _order("chronological_order", "in chronological order", unit="year"),
            _spec("number", "ascending"),
        ),
        (
            _order("ordering", "Rank these by population, largest first", unit=None),
            _spec("number", "descending"),
        ),
        (
            _order("numeric_order", "cheapest to most expensive", "ascending", unit="price"),
            _spec("number", "ascending"),
        ),
        (
            _order("order_by_length", "sorted from shortest to longest"),
            _spec("length", "ascending", unit=None),
        ),
        (
            _order(
                "length_order",
                "Sort them from shortest to longest (by number of characters)",
                "ascending by character length",
            ),
            _spec("length", "ascending", unit="characters"),
        ),
    ],
)
def test_an_order_by_value_or_length_is_ordered_items(
    fields: dict[str, Any], spec: dict[str, Any]
) -> None:
    got = expect(fields)
    assert covered(got, spec)
    flipped = "descending" if spec["direction"] == "ascending" else "ascending"
    assert not covered(got, spec | {"direction": flipped})
    assert not covered(got, spec | {"strict": True})


def test_a_value_order_takes_either_value_key_and_no_length() -> None:
    got = expect(_order("ordering", "sorted ascending", "ascending", unit=None))
    assert covered(got, _spec("time", "ascending"))
    assert not covered(got, _spec("length", "ascending", unit=None))


def test_a_quantity_said_shortest_is_no_text_length() -> None:
    got = expect(
        _order(
            "numeric_order",
            "shortest first",
            "ascending",
            unit="number",
            scope="minutes in parentheses",
        )
    )
    assert covered(got, _spec("number", "ascending"))
    assert not covered(got, _spec("length", "ascending", unit=None))


def test_a_stated_strictness_is_required() -> None:
    got = expect(
        _order("numeric_order", "strictly increasing order", "strictly ascending", unit="number")
    )
    assert covered(got, _spec("number", "ascending", strict=True))
    assert not covered(got, _spec("number", "ascending"))


@pytest.mark.parametrize(
    "fields",
    [
        _order("ordering", "hardest first"),  # a key no item shows
        _order("ordering", "in the order I should do them"),
        _order("part_order", "then list the ingredients, cheapest first"),  # parts
        _order(
            "sort_order",
            "Sort it descending by area",
            "descending by Area",
            unit="row",
            scope="table",
        ),
        _order("alphabetical_order", "in alphabetical order", "ascending"),
        _order(
            "decreasing_length", "each shorter than the last", unit=None
        ),  # against the one before
        _order(
            "descending_numbering", "numbered from 6 down to 1", unit="number", scope="item labels"
        ),
    ],
)
def test_other_orders_are_not_ordered_items(fields: dict[str, Any]) -> None:
    got = expect(fields)
    for by in ("number", "time", "length"):
        for direction in ("ascending", "descending"):
            assert not covered(got, _spec(by, direction, unit=None))


def test_a_tables_rows_map_with_the_column_named() -> None:
    got = expect(
        _order(
            "sort_order",
            "Sort it descending by area.",
            "descending by Area (sq mi)",
            unit="row",
            scope="table",
        )
    )
    assert covered(got, _spec("number", "descending", column="area"))
    assert covered(got, _spec("number", "descending", column="Area (sq mi)"))
    assert not covered(got, _spec("number", "descending", column="Capital"))
    assert not covered(got, _spec("number", "descending"))  # the list items are not the rows


def test_a_tables_rows_by_no_column_or_by_name_stay_unmapped() -> None:
    for value in ("descending", "alphabetical by language"):
        got = expect(_order("sort_order", "sorted", value, unit="row", scope="table"))
        assert not got.matchers
