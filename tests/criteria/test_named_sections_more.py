"""More wordings of named sections: "use exactly these headings, in this
order: A, B", "Sections in this order: A, B", "A, B, C as headings", "three
rounds, headed 'Round 1', …", "two subsections titled …", a list that ends
at a comma before its own description ("…, each label in bold"). Near
misses: names that are examples or topics, a hedge, a count that does not
fit, names that open the prompt with no request, a table's columns."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._named_sections import NamedSections


def _sections(prompt: str) -> list[tuple[tuple[str, ...], bool]]:
    return [
        (c.spec.names, c.spec.ordered)
        for c in compile_checks(prompt)
        if isinstance(c.spec, NamedSections)
    ]


@pytest.mark.parametrize(
    ("prompt", "names", "ordered"),
    [
        (
            "Write a handover. Use exactly these headings, in this order: Status, Risks, Next.",
            ("Status", "Risks", "Next"),
            True,
        ),
        (
            "Draft a bug report. Sections in this order: Steps, Expected, Actual.",
            ("Steps", "Expected", "Actual"),
            True,
        ),
        (
            "Plan my week of workouts. Upper Body, Lower Body, Cardio as headings.",
            ("Upper Body", "Lower Body", "Cardio"),
            False,
        ),
        (
            "Write a lab report. Use Aim, Method and Results as section headings.",
            ("Aim", "Method", "Results"),
            False,
        ),
        (
            "Write a pub quiz. Four rounds, headed 'Music', 'Film', 'Sport', 'History'.",
            ("Music", "Film", "Sport", "History"),
            False,
        ),
        (
            "Write a short memo. Two subsections titled '### Costs' and '### Savings'.",
            ("Costs", "Savings"),
            False,
        ),
        (
            "Write an abstract. Use the sections Aims, Design, Findings, each label in bold.",
            ("Aims", "Design", "Findings"),
            False,
        ),
        (
            "Write a review. Use exactly three sections titled Plot, Cast, Verdict as H2 headings.",
            ("Plot", "Cast", "Verdict"),
            False,
        ),
    ],
)
def test_named_sections_compile(prompt: str, names: tuple[str, ...], ordered: bool) -> None:
    assert _sections(prompt) == [(names, ordered)]


@pytest.mark.parametrize(
    "prompt",
    [
        # the names open the prompt: no request they are a part of
        "Breakfast, Lunch, Dinner as headings.",
        # hedged
        "Write a lab report. Ideally use Aim, Method and Results as headings.",
        # names as examples or topics, not headings
        "Write a report. Paris, London and Rome as examples.",
        "Compare Python, Rust and Go as languages.",
        # the count does not fit the names
        "Write a pub quiz. Four rounds, headed 'Music', 'Film', 'Sport'.",
        # a table's columns
        "Make a table with headers 'Verb' and 'Meaning'.",
    ],
)
def test_near_misses_compile_no_sections(prompt: str) -> None:
    assert _sections(prompt) == []
