"""Decimal places of a table's money column (``column_values``, form
``decimals``): answers labelled by reading them, the prompts whose prices
are a CSV's or a table's column, and the near misses that must compile
nothing or stay a money format."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from _compiled_specs import specs, specs_of_kind
from redraft.criteria._families._cells import CELLS, ColumnValues

PRICE = ColumnValues(column="price", form="decimals", places=2)
WHOLE = ColumnValues(column="Cost", form="decimals", places=0)

SNACKS = "name,price\nCrisps,{a}\nNuts,{b}"
TABLE = "| Item | Cost |\n|---|---|\n| Tent | {a} |\n| Stove | {b} |"

# 22 answers labelled by reading them: (spec, answer, does it hold).
LABELLED = [
    (PRICE, SNACKS.format(a="1.50", b="2.25"), True),
    (PRICE, SNACKS.format(a="1.5", b="2.25"), False),  # one decimal
    (PRICE, SNACKS.format(a="1.50", b="2"), False),  # none
    (PRICE, SNACKS.format(a="1.500", b="2.25"), False),  # three
    (PRICE, SNACKS.format(a="£1.50", b="£2.25"), True),  # a sign before the figure is allowed
    (PRICE, SNACKS.format(a="1.50 GBP", b="2.25"), False),  # a code after it is not a figure
    (PRICE, 'name,price\nCrisps,"1,250.00"\nNuts,2.25', True),  # thousands grouped, quoted
    (PRICE, SNACKS.format(a="-0.75", b="2.25"), True),  # a refund
    (PRICE, SNACKS.format(a="", b="2.25"), False),  # an empty cell holds no figure
    (PRICE, SNACKS.format(a="about 1.50", b="2.25"), False),
    (PRICE, "name,cost\nCrisps,1.50", False),  # no price column
    (PRICE, "Crisps cost 1.50 and nuts 2.25.", False),  # no table or CSV
    (PRICE, "| Name | **Price** |\n|---|---|\n| Crisps | 1.50 |", True),  # header emphasis aside
    (PRICE, "| Name | Price |\n|---|---|\n| Crisps | **1.50** |\n| Nuts | 0.99 |", True),
    (PRICE, "| Name | Price |\n|---|---|\n| Crisps | 1.50 |\n| Nuts | 0.9 |", False),
    (PRICE, "| Name | Price |\n|---|---|", False),  # no data rows
    (WHOLE, TABLE.format(a="120", b="45"), True),
    (WHOLE, TABLE.format(a="120.00", b="45"), False),
    (WHOLE, TABLE.format(a="1,200", b="45"), True),
    (WHOLE, TABLE.format(a="$120", b="$45"), True),
    (WHOLE, TABLE.format(a="120", b="n/a"), False),
    (WHOLE, TABLE.format(a="120", b="45.5"), False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_reads_the_places_of_each_cell(
    spec: ColumnValues, answer: str, ok: bool
) -> None:
    assert CELLS.measure(spec, answer).passed is ok


def test_places_go_with_the_decimals_form_only() -> None:
    with pytest.raises(ValidationError):
        ColumnValues(column="price", form="decimals")
    with pytest.raises(ValidationError):
        ColumnValues(column="price", form="number", places=2)
    assert PRICE.describe() == "the 'price' column holds numbers with 2 decimal places"


def test_the_correction_names_the_cells_to_fix() -> None:
    outcome = CELLS.measure(PRICE, SNACKS.format(a="1.5", b="2.25"))
    assert "'1.5'" in (outcome.suggestion or "")
    assert "2 decimal places" in (outcome.suggestion or "")


@pytest.mark.parametrize(
    ("prompt", "column", "places"),
    [
        (
            "Return a CSV with header row sku,price,qty and 3 data rows. Prices with two decimals.",
            "price",
            2,
        ),
        (
            "Make a markdown table with columns Item | Amount | Date. Amounts with two decimals.",
            "Amount",
            2,
        ),
        (
            "Build a table with columns Service, Price, Duration. All prices to 2 decimal places.",
            "Price",
            2,
        ),
        (
            "Write a CSV with the header row date,vendor,cost_usd. Costs with 2 decimal places.",
            "cost_usd",
            2,
        ),
        (
            "Give me a table of 6 rides with columns Ride, Fare, Minutes. Fares in whole numbers, "
            "no decimals.",
            "Fare",
            0,
        ),
    ],
)
def test_a_money_column_is_held_to_its_places(prompt: str, column: str, places: int) -> None:
    cells = specs_of_kind(prompt, "column_values")
    assert {"column": column, "form": "decimals", "places": places, "options": None} in cells
    assert not specs_of_kind(prompt, "money_format")


@pytest.mark.parametrize(
    "prompt",
    [
        # the answer is JSON: its values have no column reader
        "Output JSON Lines with keys sku, name, price. Prices as numbers with two decimals.",
        # two columns hold the noun: which one is not said
        "Make a table with columns Item, Unit price, Total price. Prices with two decimals.",
        # the CSV is the user's; the column is not one the prompt asks for
        "Here's my CSV of groceries with a price column. Summarise my spending in a paragraph; "
        "prices with two decimals.",
        # another sort of number: weights are no money column
        "Give me a table of 4 laptops (columns: Model, Price, Weight). Weights with one decimal.",
        # a spreadsheet the CSV is for: its header is not read as the answer's
        "For my budget spreadsheet, give me a CSV with header row item,cost,qty. Costs with 2 "
        "decimal places.",
        # no column named at all
        "Put my budget in a table. Amounts with two decimals.",
    ],
)
def test_a_table_whose_money_column_is_not_certain_compiles_no_places(prompt: str) -> None:
    assert not specs_of_kind(prompt, "column_values")
    assert not specs_of_kind(prompt, "money_format")


@pytest.mark.parametrize(
    ("prompt", "symbol"),
    [
        # prose: the amounts carry their signs, the money format reads them
        ("Write a short paragraph about our menu. Prices with two decimals.", None),
        ("List my expenses as bullets. Keep amounts to exactly two decimals.", None),
        # a currency named: the signs find the amounts, table or not
        (
            "Write a table with columns Name, Price. Prices in dollars with two decimals, "
            "like $4.50.",
            "$",
        ),
    ],
)
def test_prose_or_a_named_currency_stays_a_money_format(prompt: str, symbol: str | None) -> None:
    formats = specs_of_kind(prompt, "money_format")
    assert [f["symbol"] for f in formats] == [symbol]
    assert not specs_of_kind(prompt, "column_values")


@pytest.mark.parametrize(
    "prompt",
    [
        "Make a CSV of 5 snacks with a header row.",
        "Make a table of 5 snacks with a header row.",
        "Create a spreadsheet-style table of 4 plans with headers.",
    ],
)
def test_a_tables_header_is_no_markdown_heading(prompt: str) -> None:
    assert "heading_count" not in {kind for kind, _ in specs(prompt)}


def test_things_each_under_a_heading_still_count_headings() -> None:
    assert specs_of_kind("Write 5 tips with headers.", "heading_count") == [
        {"relation": "exactly", "value": 5, "level": None}
    ]
