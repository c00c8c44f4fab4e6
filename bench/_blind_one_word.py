"""What a count of the answer's letters states where the answer is one word:
"a 7-letter word. Only the word." (a letter count of the whole answer, and a
sibling constraint holding the answer to exactly one word). The letters of
the answer are then its one word's: ``char_class_count`` of letters, or
``word_length`` (every word that many letters), state it alike."""

from __future__ import annotations

import re

from _blind_matchers import Expectation, all_of, counts, either
from _blind_parts import NUMERIC, count_value, is_response, scope_of, unit_of
from _blind_rows import Constraint, Row

__all__ = ["one_word_letters"]


def _one_word(row: Row, c: Constraint) -> bool:
    return any(
        s.index != c.index
        and s.verifiable
        and unit_of(s) == "word"
        and s.relation.strip().lower() == "exactly"
        and s.value == 1
        and not s.words
        and is_response(scope_of(s.scope))
        for s in row.constraints
    )


def one_word_letters(c: Constraint, row: Row) -> Expectation | None:
    """Either count of the one word's letters, or None where ``c`` is no
    letter count of a one-word answer."""
    unit = " ".join(str(c.unit or "").lower().split())
    relation = c.relation.strip().lower()
    # (characters are the answer's char_count: a password's symbols are no letters)
    if not re.fullmatch(r"letters?", unit) or c.words:
        return None
    if relation not in NUMERIC or not count_value(relation, c.value):
        return None
    if not is_response(scope_of(c.scope)) or not _one_word(row, c):
        return None
    letters = counts("char_class_count", relation, c.value, char_class="letter")
    lengths = counts("word_length", relation, c.value)
    return all_of(*(either(x, w) for x, w in zip(letters, lengths, strict=True)))
