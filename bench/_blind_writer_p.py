"""Conventions of split P's writer, mapped by rule from the structured fields.

This writer counts questions by their marks (label naming questions, unit
"question mark"), scopes a length to the writer's own noun for the items a
sibling counts ("each step" beside "numbered step" at most 6), names a
CSV's header by the columns of its first line, and states a line's opening
phrase with the relation ``all`` under a prefix label. Each rule reads one
convention, never a prompt or a quote:

- a count of question marks under a label naming questions
  ("question_count"): the questions asked, whichever way counted: the
  sentences ending in '?' (``question_count``) or the marks themselves
  (``punctuation_count`` '?'); a label that names no question (a count of
  marks as such) keeps the marks alone;
- words counted in "each <noun>" where a sibling counts the
  same nouns as numbered items ("numbered step", at most 6): each
  numbered item's length (``each_word_count`` of part ``numbered``, or of
  every list item);
- columns of the first line (row, header) equal to names, where the label,
  the note or a sibling names CSV: the CSV's header (``csv_columns``);
- every line of scope "each line", ``all`` one plain phrase, under a label
  naming a prefix or a start ("line_prefix"): every line starts with it
  (``each_starts_with`` part ``line``); a pattern (``^\\d{2}:``) is a
  format, not a phrase, and stays the regular-expression readings'.
"""

from __future__ import annotations

import re

from _blind_matchers import (
    Expectation,
    Matcher,
    Spec,
    all_of,
    counts,
    either,
    phrase_is,
)
from _blind_parts import NUMERIC, count_value, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_j_spelling import label_words, raw_unit, singular

__all__ = ["writer_p"]


def _question_marks(c: Constraint, row: Row) -> Expectation | None:
    """Question marks counted under a label naming questions."""
    del row
    if c.relation not in NUMERIC or not count_value(c.relation, c.value):
        return None
    if raw_unit(c) not in ("question mark", "question marks", "?"):
        return None
    if not re.search(r"\bquestions?\b", label_words(c)) or scope_of(c.scope)[0] != "response":
        return None
    marks = counts("punctuation_count", c.relation, c.value, mark="?")
    asked = counts("question_count", c.relation, c.value)
    return all_of(*(either(q, m) for q, m in zip(asked, marks, strict=True)))


_EACH_NOUN = re.compile(r"(?:each|every|per) (?P<noun>[a-z]+)")


def _numbered_lengths(c: Constraint, row: Row) -> Expectation | None:
    """Words in each of the nouns a sibling counts as numbered items."""
    if c.relation not in NUMERIC or singular(raw_unit(c)) != "word":
        return None
    if not count_value(c.relation, c.value):
        return None
    found = _EACH_NOUN.fullmatch(" ".join(str(c.scope or "").lower().split()))
    if found is None or found["noun"] in ("item", "line", "sentence", "paragraph", "bullet"):
        return None  # the known parts are the general readings'
    noun = singular(found["noun"])
    numbered = [
        s
        for s in row.constraints
        if s.index != c.index
        and s.relation in NUMERIC
        and singular(raw_unit(s)) in (f"numbered {noun}", f"numbered {noun}s")
    ]
    if not numbered:
        return None
    numbers = counts("each_word_count", c.relation, c.value, part="numbered")
    items = counts("each_word_count", c.relation, c.value, part="item")
    return all_of(*(either(n, i) for n, i in zip(numbers, items, strict=True)))


_FIRST_LINE = re.compile(r"(?:the )?(?:first|top|header|heading) (?:line|row)|(?:the )?header")


def _names(c: Constraint) -> tuple[str, ...]:
    if isinstance(c.value, list | tuple) and all(isinstance(v, str) for v in c.value):
        return tuple(str(v).strip() for v in c.value)
    return tuple(w.strip() for w in c.words)


def _header_columns(c: Constraint, row: Row) -> Expectation | None:
    """Columns of the first line equal to names, CSV named beside."""
    if c.relation != "equals" or singular(raw_unit(c)) not in ("column", "column name"):
        return None
    if not _FIRST_LINE.fullmatch(" ".join(str(c.scope or "").lower().split())):
        return None
    names = _names(c)
    if len(names) < 2 or not all(names):
        return None
    said = " ".join(
        f"{s.family} {s.unit or ''} {s.scope or ''} {s.note}" for s in row.constraints
    ).lower()
    if not re.search(r"\bcsv\b", said.replace("_", " ")):
        return None
    want = [n.casefold() for n in names]

    def test(spec: Spec) -> bool:
        got = spec.get("columns")
        return isinstance(got, list | tuple) and [str(g).strip().casefold() for g in got] == want

    return all_of(Matcher(frozenset({"csv_columns"}), test, f"csv_columns {list(names)}"))


_PREFIX_LABEL = re.compile(r"\bprefix\b|\bstarts?\b|\bbegins?\b|\bopens?\b|\bopener\b")
_PLAIN = re.compile(r"[^\W_](?:[\w' ,:-]*[\w:])?")


def _line_prefix(c: Constraint, row: Row) -> Expectation | None:
    """Every line opening with one plain phrase under a prefix label."""
    del row
    value = c.value if isinstance(c.value, str) else ""
    if c.relation != "all" or not _PREFIX_LABEL.search(label_words(c)):
        return None
    if not re.fullmatch(r"(?:each|every|all) lines?", " ".join(str(c.scope or "").lower().split())):
        return None
    if value != value.strip() or not _PLAIN.fullmatch(value):
        return None  # a pattern, a marker with its space: the other readings'
    return all_of(phrase_is("each_starts_with", value, part="line"))


def writer_p(c: Constraint, row: Row) -> Expectation | None:
    """The checks ``c`` maps to by one of split P's writer's conventions;
    None where none applies (the mapper reads it on)."""
    for rule in (_question_marks, _numbered_lengths, _header_columns, _line_prefix):
        found = rule(c, row)
        if found is not None:
            return found
    return None
