"""A single letter a sentence names ("starts with R.", "Series A.", "Plan B.")
ends the sentence: the next one's requirements are read on their own. A
name's initial ("J. R. R. Tolkien", "John F. Kennedy") still does not."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._sentence_text import mask, sentences


def pieces(text: str) -> list[str]:
    return [s.original.strip() for s in sentences(text, mask(text))]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Every line starts with R. Four lines.", ["Every line starts with R.", "Four lines."]),
        ("Pitch our Series A. Keep it short.", ["Pitch our Series A.", "Keep it short."]),
        ("We fall back to plan B. Use bullets.", ["We fall back to plan B.", "Use bullets."]),
        ("The answer is C. Explain why.", ["The answer is C.", "Explain why."]),
        (
            "A poem about J. R. R. Tolkien. Rhyme it.",
            ["A poem about J. R. R. Tolkien.", "Rhyme it."],
        ),
        ("Praise John F. Kennedy briefly.", ["Praise John F. Kennedy briefly."]),
        ("Compare the U.S. policy with ours.", ["Compare the U.S. policy with ours."]),
    ],
)
def test_a_named_letter_ends_a_sentence_an_initial_does_not(text: str, expected: list[str]) -> None:
    assert pieces(text) == expected


def test_the_next_sentences_requirements_are_read() -> None:
    found = {
        (c.spec.kind_name(), getattr(c.spec, "value", None))
        for c in compile_checks("Write an acrostic where every line starts with R. Four lines.")
    }
    assert ("line_count", 4) in found
