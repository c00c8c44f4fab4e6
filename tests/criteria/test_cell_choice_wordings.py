"""A column held to a choice of options: the column named with "column" or
one the prompt's table lists, the options in capitals, digits or quotes, a
choice said with "one of", "either" or a last "or". Wordings written for the
grammar, not copied from any split."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks, measure_text
from redraft.criteria._families._cells import ColumnValues

TABLE = "Make a markdown table with columns Task, Owner, State. "


def choices(prompt: str) -> list[tuple[object, ...]]:
    return [
        (c.spec.column, tuple(c.spec.options or ()))  # type: ignore[attr-defined]
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "column_values" and c.spec.form == "one_of"  # type: ignore[attr-defined]
    ]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        (TABLE + "State must be OPEN or CLOSED.", ("State", ("OPEN", "CLOSED"))),
        (
            TABLE + "State must be one of TODO, DOING, DONE in capitals.",
            ("State", ("TODO", "DOING", "DONE")),
        ),
        (TABLE + "State should be Yes or No only.", ("State", ("Yes", "No"))),
        (TABLE + "The State column can only contain A, B or C.", ("State", ("A", "B", "C"))),
        (TABLE + "State values must be only Y or N.", ("State", ("Y", "N"))),
        (TABLE + "Owner has to be either 'me' or 'you'.", ("Owner", ("me", "you"))),
        (TABLE + "State must be 1, 2 or 3, and keep it short.", ("State", ("1", "2", "3"))),
    ],
)
def test_choices_compile(prompt: str, want: tuple[object, ...]) -> None:
    assert choices(prompt) == [want]


@pytest.mark.parametrize(
    "prompt",
    [
        TABLE + "State must be short or empty.",  # lowercase words: prose, not options
        TABLE + "State could be OPEN or CLOSED.",  # a possibility
        TABLE + "State must not be OPEN or CLOSED.",  # negated
        TABLE + "If State must be OPEN or CLOSED, tell me.",  # a condition
        TABLE + "State should ideally be OPEN or CLOSED.",  # hedged
        TABLE + "State must be OPEN, CLOSED.",  # no choice said
        TABLE + "Status must be OPEN or CLOSED.",  # not a column of the table
        "My table has a State column. State must be OPEN or CLOSED.",  # no table asked
        "Write SQL for a table with columns Task, State. State must be OPEN or CLOSED.",
    ],
)
def test_near_misses_compile_no_choice(prompt: str) -> None:
    assert choices(prompt) == []


@pytest.mark.parametrize(
    ("text", "holds"),
    [
        ("| Task | State |\n|---|---|\n| a | OPEN |\n| b | closed |\n", True),
        ("| Task | State |\n|---|---|\n| a | OPEN |\n| b | pending |\n", False),
        ("| Task | State |\n|---|---|\n| a | **OPEN** |\n", True),
        ("| Task | Other |\n|---|---|\n| a | OPEN |\n", False),
    ],
)
def test_a_choice_is_measured_on_the_column(text: str, holds: bool) -> None:
    spec = ColumnValues(column="State", form="one_of", options=["OPEN", "CLOSED"])
    assert measure_text(spec, text).passed is holds
