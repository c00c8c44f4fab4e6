"""Blank lines between parts named after "each" ("a blank line between each
couplet"), between "them" or "the two", in a criteria line opened by a count
("Three paragraphs, separated by a blank line.") and in terse items after a
request's colon; the near misses that compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._blank_lines import BlankLines


def _gaps(prompt: str) -> list[tuple[str, int]]:
    specs = [c.spec for c in compile_checks(prompt)]
    return [(s.between, s.blank) for s in specs if isinstance(s, BlankLines)]


@pytest.mark.parametrize(
    ("prompt", "between"),
    [
        ("Give me 4 limericks about cats. Put a blank line between each limerick.", "blocks"),
        ("List 3 benefits of rowing. Leave an empty line after each benefit.", "blocks"),
        ("Write a riddle and its answer. Separate the two with an empty line.", "blocks"),
        ("Write three haiku about rain and separate them with a blank line.", "blocks"),
        ("Describe the product. Four paragraphs, separated by a blank line.", "paragraphs"),
        ("Write a sea shanty: 4 verses of 4 lines each, blank line between verses.", "blocks"),
    ],
)
def test_a_blank_line_between_parts_compiles(prompt: str, between: str) -> None:
    assert _gaps(prompt) == [(between, 1)]


@pytest.mark.parametrize(
    "prompt",
    [
        # a gap of one place, not of every part
        "Put a blank line between each question and answer.",
        # words on lines, hedged, negated, about the material
        "Put a blank line between each word.",
        "Maybe put a blank line between each couplet.",
        "Don't separate them with a blank line.",
        "Here is my poem: roses are red, blank line between verses, violets are blue.",
        # a question about it
        "Why do editors separate them with a blank line?",
        # the count is not the lead of the line
        "I counted three paragraphs, separated by a blank line, in your draft.",
    ],
)
def test_near_misses_compile_no_blank_line_rule(prompt: str) -> None:
    assert (_gaps(prompt) or [("", 0)])[0][1] != 1
