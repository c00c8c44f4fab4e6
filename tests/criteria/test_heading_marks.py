"""Heading counts whose level is said by its marks: "use exactly 6 '##'
headings", "under exactly 3 headings that start with ##"; and the near misses
(another part's headings, negated, questioned, conditional, quoted, given)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._headings import HEADINGS, HeadingCount


def _read(prompt: str) -> list[tuple[str, int, int | None]]:
    return [
        (c.spec.relation, c.spec.value, c.spec.level)
        for c in compile_checks(prompt)
        if isinstance(c.spec, HeadingCount)
    ]


@pytest.mark.parametrize(
    ("prompt", "value", "level"),
    [
        ("Write a study guide. Use exactly 5 '##' headings.", 5, 2),
        ("Write a guide to knots. Use 4 ### headings.", 4, 3),
        ("Sort my errands and group them under exactly 3 headings that start with ##.", 3, 2),
        ('Write a guide with exactly two headings starting with "#".', 2, 1),
        ("Outline a talk with only 4 headers beginning with ###, numbered.", 4, 3),
    ],
)
def test_marked_counts_compile(prompt: str, value: int, level: int) -> None:
    assert _read(prompt) == [("exactly", value, level)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Each page has 3 '##' headings; write page one.",
        "Don't use 3 '##' headings.",
        "Should I use 6 '##' headings?",
        "If it is long, use 4 ## headings.",
        "The template uses 5 '##' headings.",
        "My draft has exactly 3 headings that start with ##. Fix the typos.",
        "Summarize this: \"Use exactly 6 '##' headings.\"",
        "Write about why 3 ## headings are enough.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _read(prompt) == []


def test_the_level_is_measured() -> None:
    spec = HeadingCount(relation="exactly", value=2, level=2)
    assert HEADINGS.measure(spec, "# Title\n## A\nx\n## B\ny").passed
    assert not HEADINGS.measure(spec, "## A\nx\n### B\ny").passed
