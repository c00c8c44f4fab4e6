"""Column lists of a table asked for, in the wordings the first readers
missed: names with lowercase words or unit signs, a count then a colon or
brackets, a header row, a verbless label before the table, a clause or
"in that order" after the list. Written for this family's grammar, not
copied from any split."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def columns(prompt: str) -> list[tuple[str, ...]]:
    return [
        c.spec.columns  # type: ignore[attr-defined]
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "table_columns"
    ]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        (
            "Build a markdown table with columns Route, Distance km, Elevation gain.",
            ("Route", "Distance km", "Elevation gain"),
        ),
        ("Give it as a table with columns Batch, Yield %, Loss %.", ("Batch", "Yield %", "Loss %")),
        ("Markdown table, columns Seat #, Guest, Meal choice.", ("Seat #", "Guest", "Meal choice")),
        (
            "Create a table with columns Plant and Days until harvest.",
            ("Plant", "Days until harvest"),
        ),
        (
            "Summarise it as a table with columns Step | Owner | Due, sorted by due date.",
            ("Step", "Owner", "Due"),
        ),
        (
            "Make a table. Columns must be Region, Sales, Growth rate — in that order.",
            ("Region", "Sales", "Growth rate"),
        ),
        (
            "Make a table with the header row Year | Rainfall mm | Notes.",
            ("Year", "Rainfall mm", "Notes"),
        ),
        (
            "Answer in a three-column table: Word | Meaning | Example use.",
            ("Word", "Meaning", "Example use"),
        ),
        (
            "Give it as a table with exactly 2 columns (Symptom, Likely cause).",
            ("Symptom", "Likely cause"),
        ),
        (
            "Packing list for the hike, as a table with exactly 3 columns: "
            "Item, Who carries it, Weight (g).",
            ("Item", "Who carries it", "Weight (g)"),
        ),
        (
            "Reading plan for May: a two-column table (Week | Chapters), shortest week first.",
            ("Week", "Chapters"),
        ),
    ],
)
def test_column_lists_compile(prompt: str, want: tuple[str, ...]) -> None:
    assert columns(prompt) == [want]


@pytest.mark.parametrize(
    "prompt",
    [
        # a lowercase word that goes on with the sentence is no part of a name
        "Make a table with columns Name and Price for each product.",
        "Make a table with columns Name, Price and a short note.",
        "Create a table with columns Name, Age listed by team.",
        # the count and the list disagree
        "Answer in a three-column table: Word | Meaning.",
        "Give it as a table with exactly 3 columns (Symptom, Likely cause).",
        # a label that states something is no request
        "The report has a summary, as a table with columns Name, Age.",
        "Attached is last year's plan: a table with columns Week, Chapters.",
        # hedged, negated, a question, code
        "If you want, a table with columns Route, Distance km, Elevation gain.",
        "You don't need a table with columns Plant and Days to harvest.",
        "Should I use a table with columns Seat #, Guest, Meal choice?",
        "Write SQL to create a table with columns Id, Signup date.",
        "Create a table with columns Plant and Days to harvest them.",
    ],
)
def test_near_misses_compile_no_columns(prompt: str) -> None:
    assert columns(prompt) == []
