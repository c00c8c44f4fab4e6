"""Two relative lengths in one clause, the second with its verb left out
("the first paragraph must be the shortest and the last the longest"): both
compile, or neither where the second is not read."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._relative_length import RelativeLength


def _relative(prompt: str) -> list[RelativeLength]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, RelativeLength)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write four paragraphs on bees. Paragraph 1 should be the longest and "
            "paragraph 4 the shortest.",
            [("paragraph", [1], "longest"), ("paragraph", [4], "shortest")],
        ),
        (
            "A poem of six lines: line 2 must be the shortest, line 6 the longest.",
            [("line", [2], "shortest"), ("line", [6], "longest")],
        ),
        (
            "Give 5 bullet points about tides, the first being the shortest and "
            "the final one the longest.",
            [("item", [1], "shortest"), ("item", [-1], "longest")],
        ),
        (
            "Write four sentences; the last sentence must be the longest while "
            "the first the shortest.",
            [("sentence", [-1], "longest"), ("sentence", [1], "shortest")],
        ),
    ],
)
def test_a_gapped_second_relation_compiles_with_the_first(
    prompt: str, expected: list[tuple[str, list[int], str]]
) -> None:
    got = [(s.part, s.positions, s.rank) for s in _relative(prompt)]
    assert got == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # the second relation is one no spec reads: neither compiles
        "Write 3 paragraphs. The first paragraph must be the shortest and "
        "the last twice as long as it.",
        "Write 3 paragraphs; the middle paragraph must be the shortest and "
        "the last roughly double the first.",
        "Write 5 lines. Line 1 must be the longest and line 5 half its length.",
        "Three paragraphs, the first being the shortest and the others of equal length.",
        "Write 4 sentences. The first must be the shortest and the last a "
        "little shorter than the third.",
        # the same part named twice: no reading of the pair
        "Write 3 paragraphs. The first paragraph must be the shortest and the first the longest.",
    ],
)
def test_a_second_relation_not_read_leaves_the_clause_uncompiled(prompt: str) -> None:
    assert _relative(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "ranks"),
    [
        # another clause with its own verb is read on its own
        (
            "Write 3 paragraphs. The first must be the shortest, while the third "
            "should be longer than the second.",
            ["shortest", "longer"],
        ),
        # a clause on something else keeps the relation
        (
            "Write 3 paragraphs; the middle paragraph must be the shortest, and keep it light.",
            ["shortest"],
        ),
        ("Write 5 lines; line 3 must be the longest and rhyme with line 1.", ["longest"]),
    ],
)
def test_other_clauses_keep_the_relation(prompt: str, ranks: list[str]) -> None:
    assert [s.rank for s in _relative(prompt)] == ranks
