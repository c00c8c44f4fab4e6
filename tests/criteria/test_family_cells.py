"""What a table's column holds (``column_values``): answers labelled by reading
them, the correction, the phrasings that compile and the near misses that
must not."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks
from redraft.criteria._families._cells import CELLS, ColumnValues, table_cells

PAGES = ColumnValues(column="Pages", form="integer")
PRICE = ColumnValues(column="Price", form="number")
DUE = ColumnValues(column="Due", form="iso_date")
STATUS = ColumnValues(column="Status", form="one_of", options=["Done", "Blocked", "Open"])
FILLED = ColumnValues(form="filled")

BOOKS = "| Title | Pages |\n|---|---|\n| Dune | {a} |\n| Emma | {b} |"

# 26 answers labelled by reading them: (spec, answer, does it hold).
LABELLED = [
    (PAGES, BOOKS.format(a="412", b="1,036"), True),  # thousands separators
    (PAGES, BOOKS.format(a="412", b="about 400"), False),
    (PAGES, BOOKS.format(a="412.5", b="300"), False),
    (PAGES, BOOKS.format(a="**412**", b="300"), True),  # emphasis set aside
    (PAGES, BOOKS.format(a="412", b=""), False),  # an empty cell is no integer
    (PAGES, "| Title | **pages** |\n|---|---|\n| Dune | 412 |", True),  # header case, emphasis
    (PAGES, "| Title | Length |\n|---|---|\n| Dune | 412 |", False),  # no Pages column
    (PAGES, "Dune has 412 pages.", False),  # no table
    (PAGES, "```\n| Title | Pages |\n|---|---|\n| Dune | 412 |\n```", False),  # fenced: no table
    (PAGES, "Title,Pages\nDune,412\nEmma,474", True),  # CSV where there is no table
    (PAGES, "Title,Pages\nDune,412\nEmma,n/a", False),
    (PRICE, "| Item | Price |\n|---|---|\n| Tea | 3.50 |\n| Cake | -0.25 |", True),
    (PRICE, "| Item | Price |\n|---|---|\n| Tea | $3.50 |", False),  # a sign is no number
    (PRICE, "| Item | Price |\n|---|---|\n| Tea | 12 |", True),  # an integer is a number
    (DUE, "| Task | Due |\n|---|---|\n| Ship | 2025-03-01 |\n| Test | 2025-12-31 |", True),
    (DUE, "| Task | Due |\n|---|---|\n| Ship | 2025-02-30 |", False),  # no such day
    (DUE, "| Task | Due |\n|---|---|\n| Ship | 01/03/2025 |", False),
    (DUE, "| Task | Due |\n|---|---|\n| Ship | 2025-3-1 |", False),
    (STATUS, "| Task | Status |\n|---|---|\n| A | Done |\n| B | blocked |", True),  # case aside
    (STATUS, "| Task | Status |\n|---|---|\n| A | Done |\n| B | In progress |", False),
    (STATUS, "| Task | Status |\n|---|---|\n| A | Done ✅ |", False),
    (FILLED, "| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |", True),
    (FILLED, "| A | B |\n|---|---|\n| 1 |  |\n| 3 | 4 |", False),
    (FILLED, "| A | B |\n|---|---|\n| 1 | — |", False),  # a dash for nothing
    (FILLED, "| A | B |\n|---|---|\n| 1 |\n| 3 | 4 |", False),  # a short row
    (FILLED, "| A | B |\n|---|---|", False),  # no data rows
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_reads_the_column(spec: ColumnValues, answer: str, ok: bool) -> None:
    assert CELLS.measure(spec, answer).passed is ok


def test_tables_are_read_with_their_cells() -> None:
    assert table_cells(BOOKS.format(a="1", b="2")) == [
        (["Title", "Pages"], [["Dune", "1"], ["Emma", "2"]])
    ]


def test_the_correction_names_the_cells_to_fix() -> None:
    outcome = CELLS.measure(PAGES, BOOKS.format(a="412", b="about 400"))
    assert (
        outcome.suggestion == "Fix the cells 'about 400': the 'Pages' column holds whole numbers."
    )


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "column_values", "column": "Pages", "form": "one_of"},  # no options
        {"kind": "column_values", "column": "Pages", "form": "integer", "options": ["a", "b"]},
        {"kind": "column_values", "form": "integer"},  # every column only for filled
        {"kind": "column_values", "column": "Pages", "form": "date"},
    ],
)
def test_invalid_specs_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        CHECK_SPEC_ADAPTER.validate_python(data)


def _cells(prompt: str) -> list[dict[str, Any]]:
    return [
        c.spec.model_dump(exclude_defaults=True, exclude={"kind"})
        for c in compile_checks(prompt)
        if c.spec.kind == "column_values"
    ]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        (
            "Make a markdown table of novels with columns Title and Pages. "
            "The Pages column must be integers.",
            {"column": "Pages", "form": "integer"},
        ),
        (
            "A table of books, please. Columns: Title, Author, Pages. Pages must be whole numbers.",
            {"column": "Pages", "form": "integer"},
        ),
        (
            "Give me a table of deadlines. Put dates in the Due column as YYYY-MM-DD.",
            {"column": "Due", "form": "iso_date"},
        ),
        (
            "Create a table of trips; the 'Date' column should use YYYY-MM-DD.",
            {"column": "Date", "form": "iso_date"},
        ),
        (
            "Build a CSV of sales with columns Date, Amount. The Amount column must contain only "
            "numbers.",
            {"column": "Amount", "form": "number"},
        ),
        (
            "Make a table with columns Item and Unit Price. Unit Price must be numbers.",
            {"column": "Unit Price", "form": "number"},
        ),
        (
            "Create a table of tasks; the Status column should be one of Done, Blocked or Open.",
            {"column": "Status", "form": "one_of", "options": ["Done", "Blocked", "Open"]},
        ),
        ("Fill in a table of the planets. No empty cells.", {"form": "filled"}),
        ("Give me a comparison table and don't leave any cells blank.", {"form": "filled"}),
    ],
)
def test_phrasings_compile(prompt: str, want: dict[str, Any]) -> None:
    assert _cells(prompt) == [want]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write SQL to create a table where the id column must be integers.",  # a database's
        "Why is the Pages column in my table full of integers?",  # a question
        "Make a table of novels. Columns: Title, Pages. Ideally pages should be integers.",
        "Make a table of novels. Columns: Title, Pages. Should pages be integers?",
        "Make a table. Put values in the second column as YYYY-MM-DD.",  # a place, not a name
        "Pages must be integers.",  # no table asked
        "My spreadsheet has no empty cells; summarise it.",  # material
        "The pages must be integers in my book report table, my teacher said. Any tips?",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _cells(prompt) == []
