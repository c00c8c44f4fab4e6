"""Parts that open with listed words in a stated order: a ``word_at`` for
each part; without a stated order, nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._positions import WordAt


def _openers(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.word, c.spec.part, c.spec.index)
        for c in compile_checks(prompt)
        if isinstance(c.spec, WordAt)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Tell it in 3 paragraphs, each starting with one of these words in order: "
            "Morning, Noon, Night.",
            [("Morning", "paragraph", 1), ("Noon", "paragraph", 2), ("Night", "paragraph", 3)],
        ),
        (
            "Write it so each sentence must begin with one of these words, in this order: "
            "'Yesterday', 'Today', 'Tomorrow'.",
            [("Yesterday", "sentence", 1), ("Today", "sentence", 2), ("Tomorrow", "sentence", 3)],
        ),
        (
            "Use 2 bullet points, each opening with a different one of these words: "
            "'Pros', 'Cons' (in that order).",
            [("Pros", "bullet", 1), ("Cons", "bullet", 2)],
        ),
    ],
)
def test_each_part_opens_with_its_word(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert _openers(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # any order: no part has a word of its own
        "Tell it in 3 paragraphs, each starting with one of these words: Morning, Noon, Night.",
        "Should each paragraph start with one of these words in order: Morning, Noon, Night?",
        "Don't make each paragraph begin with one of these words in order: 'A', 'B'.",
        "Maybe have 3 paragraphs, each starting with one of these words in order: Up, Down, Out.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _openers(prompt) == []
