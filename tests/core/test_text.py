"""Counted nouns and spliced clauses in the messages people read."""

from __future__ import annotations

import pytest

from redraft.core._text import clause, noun, plural


@pytest.mark.parametrize(
    ("count", "said"), [(0, "0 attempts"), (1, "1 attempt"), (2, "2 attempts")]
)
def test_a_count_takes_the_form_of_its_noun(count: int, said: str) -> None:
    assert plural(count, "attempt") == said


def test_an_irregular_plural_is_given() -> None:
    assert noun(1, "it", "them") == "it" and noun(3, "it", "them") == "them"
    assert plural(2, "statement") == "2 statements"


@pytest.mark.parametrize(
    "text", ["give an example", "give an example.", " give an example.. ", "give an example. "]
)
def test_a_clause_loses_its_own_full_stops(text: str) -> None:
    assert f"{clause(text)}. Revising it." == "give an example. Revising it."
