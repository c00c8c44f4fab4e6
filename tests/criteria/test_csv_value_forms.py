"""A CSV's values described by their form ("prices with 2 decimals") are
neither records to count nor the header's columns."""

from __future__ import annotations

import pytest

from _compiled_specs import specs_of_kind

NOT_ROWS = [
    'CSV only, header row "carrier,price_gbp,days", prices with 2 decimals.',
    "A CSV with a header row and the totals with 2 decimal places.",
    "Export it as CSV with a header row; amounts with 3 digits after the point.",
    "CSV with a header, each temperature with 1 decimal.",
]


@pytest.mark.parametrize("prompt", NOT_ROWS)
def test_a_value_form_counts_no_records(prompt: str) -> None:
    assert specs_of_kind(prompt, "csv_rows") == []


def test_a_header_row_before_a_comma_names_no_column() -> None:
    prompt = "Give me a CSV with a header row, prices with 2 decimals."
    assert specs_of_kind(prompt, "csv_columns") == []


@pytest.mark.parametrize(
    ("prompt", "rows", "columns"),
    [
        (
            "Give me a CSV with header row id,product,price for 5 products.",
            5,
            ("id", "product", "price"),
        ),
        (
            "Give me a CSV with a header row and columns name,email for 4 fake users.",
            4,
            ("name", "email"),
        ),
    ],
)
def test_things_listed_are_still_records(prompt: str, rows: int, columns: tuple[str, ...]) -> None:
    assert [s["value"] for s in specs_of_kind(prompt, "csv_rows")] == [rows]
    assert [s["columns"] for s in specs_of_kind(prompt, "csv_columns")] == [columns]
