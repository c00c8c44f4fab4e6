"""Rows a period names ("a 7-day plan … as a table") stay counted when the
prompt says what some rows hold ("exactly two rows must say 'Rest'"); rows
stated otherwise ("one row per meal", "each row is a meal") still count
nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._tables import TableRows


def _rows(prompt: str) -> list[int]:
    return [c.spec.value for c in compile_checks(prompt) if isinstance(c.spec, TableRows)]


@pytest.mark.parametrize(
    ("prompt", "rows"),
    [
        ("Make a 7-day meal plan as a table. Exactly two rows must say 'Rest'.", [7]),
        ("Give me a 5-day study schedule in a markdown table; one row should say 'Review'.", [5]),
    ],
)
def test_rows_that_say_something_keep_the_count(prompt: str, rows: list[int]) -> None:
    assert _rows(prompt) == rows


@pytest.mark.parametrize(
    "prompt",
    [
        "Make me a 7-day plan as a table, one row per meal.",
        "Make a 7-day meal plan as a table. Each row is a meal; two rows must say 'Rest'.",
        "Make a 7-day meal plan as a table with 21 rows.",
    ],
)
def test_rows_stated_otherwise_count_nothing_of_the_period(prompt: str) -> None:
    assert 7 not in _rows(prompt)
