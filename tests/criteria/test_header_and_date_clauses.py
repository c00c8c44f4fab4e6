"""A CSV header line stated in its own sentence or in backticks, and a date
form stated as a clause of its own ("Due as YYYY-MM-DD."). Wordings written
for the grammar, not copied from any split."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def of_kind(prompt: str, kind: str) -> list[dict[str, object]]:
    out = []
    for c in compile_checks(prompt):
        if c.spec.kind_name() == kind:
            spec = c.spec.model_dump()
            spec.pop("kind")
            out.append(spec)
    return out


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        ("Write a CSV with header row `sku,qty,price` and 4 data rows.", ("sku", "qty", "price")),
        ("Export the orders as CSV. Header row must be: id,total,paid.", ("id", "total", "paid")),
        ("Give it to me as CSV. The header line should be date,km.", ("date", "km")),
        (
            "Return the readings as CSV. Header has to be sensor,value — in that order.",
            ("sensor", "value"),
        ),
    ],
)
def test_csv_headers_compile(prompt: str, want: tuple[str, ...]) -> None:
    assert of_kind(prompt, "csv_columns") == [{"columns": want}]


@pytest.mark.parametrize(
    "prompt",
    [
        "Here is my CSV. Header row must be: id,total. Fix the typos.",  # handed over
        "Return the readings as CSV. The header row should ideally be: sensor,value.",
        "Return a table. Header row must be: sensor,value.",  # a table's, not a CSV's
        "Write a Python script that writes a CSV with header row `sku,qty`.",  # code's CSV
        "Return the readings as CSV. Header row must not be: sensor,value.",
    ],
)
def test_csv_header_near_misses(prompt: str) -> None:
    assert of_kind(prompt, "csv_columns") == []


@pytest.mark.parametrize(
    ("prompt", "style"),
    [
        ("List the three milestones. Due as YYYY-MM-DD.", "iso"),
        ("The arrival date must be given as DD/MM/YYYY.", "DD/MM/YYYY"),
        ("Write the delivery note, departure written as DD.MM.YYYY.", "DD.MM.YYYY"),
        ("Plan the trip; each deadline should be formatted as YYYY-MM-DD.", "iso"),
    ],
)
def test_date_form_clauses_compile(prompt: str, style: str) -> None:
    assert of_kind(prompt, "date_format") == [{"style": style}]


@pytest.mark.parametrize(
    "prompt",
    [
        "The arrival date must not be given as DD/MM/YYYY.",
        "If you can, the arrival date should be given as DD/MM/YYYY.",
        "Is the arrival date given as DD/MM/YYYY?",
        "Never write dates as DD/MM/YYYY.",
        "The arrival date was 03/04/2025, as I said.",  # a date, not a form
    ],
)
def test_date_form_near_misses(prompt: str) -> None:
    assert of_kind(prompt, "date_format") == []
