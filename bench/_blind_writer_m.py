"""Conventions of split M's writer, mapped by rule from the structured fields.

This writer states a wrapping as its label with the mark in the note
("wrapped_in", note 'starts and ends with "'), labels of parts as a
heading sequence of unit ``label`` with the names as words, an XML layout
as its elements in order (the root first), a line to include as a phrase
of unit ``line``, and a count of words by their opening letters as a
label of prefixes with the letters as the one word. Each rule reads one
convention, never a prompt or a quote:

- the whole answer wrapped, the mark in the value, words or note: double
  quotation marks are the ``wrapped`` kind's; another mark no kind's here;
- labels equal to names over the whole answer: ``named_sections`` of
  them (in order where the label says sequence or order); names written in
  capitals are more than it reads (it sets case aside), so a part only;
- XML elements equal to names, the root first: ``xml`` of that root and
  those children is a part of it (it reads neither their order nor that
  no other element is there);
- a line (unit ``line``) the answer contains, given as the phrase: no kind
  states a line equal to a text; the phrase as a keyword is a part of it;
- a count of words starting (ending) with letters given as the one word:
  no kind counts such words (a keyword count of the letters counts the
  letters as a word).
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, all_of, fields, keyword, no_kind, xml_document
from _blind_parts import NUMERIC, count_value, is_response, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_j_spelling import label_key, raw_unit, singular
from _blind_writer_l_sections import named_matcher, said_order

__all__ = ["writer_m"]

_WRAP_LABEL = re.compile(r"wrap|enclos|surround")
_DOUBLE = re.compile(r"double quot|[\"“”]")


def _wrapped(c: Constraint) -> Expectation | None:
    """The whole answer wrapped in a mark the fields name."""
    if not _WRAP_LABEL.search(label_key(c)) or c.relation not in ("other", "equals"):
        return None
    if singular(raw_unit(c)) not in ("", "answer", "response", "reply"):
        return None
    if not is_response(scope_of(c.scope)):
        return None
    said = " ".join((str(c.value or ""), *c.words, c.note))
    if _DOUBLE.search(said):
        return all_of(fields("wrapped", style="double_quotes"))
    return no_kind("the answer wrapped in a mark no kind states")


def _labels(c: Constraint) -> Expectation | None:
    """Labels of parts equal to the names given as words."""
    if c.relation != "equals" or singular(raw_unit(c)) != "label" or len(c.words) < 2:
        return None
    if not is_response(scope_of(c.scope)) or not all(re.search(r"\w", w) for w in c.words):
        return None
    names = [" ".join(w.strip().rstrip(":").split()).casefold() for w in c.words]
    ordered = said_order(c)
    labelled = named_matcher(names, ordered)
    if any(w.isupper() for w in c.words):
        unordered = (named_matcher(names, False),) if ordered else ()
        return no_kind("labels in capitals: named_sections sets case aside", labelled, *unordered)
    return all_of(labelled)


def _xml_in_order(c: Constraint) -> Expectation | None:
    """XML elements equal to names, the root first: xml of root and children, a part."""
    if c.relation != "equals" or singular(raw_unit(c)) not in ("element", "xml element", "tag"):
        return None
    if len(c.words) < 2 or not re.search(r"\bxml\b", str(c.scope or "").lower()):
        return None
    if not all(re.fullmatch(r"<?/?[A-Za-z_][\w.-]*>?", w.strip()) for w in c.words):
        return None
    root, *children = c.words
    return no_kind(
        "elements in an order: the xml kind reads neither order nor other elements",
        xml_document(root=root, children=children),
    )


def _line_contained(c: Constraint) -> Expectation | None:
    """A line the answer holds, given as the phrase: the phrase, a part."""
    if c.relation != "contains" or singular(raw_unit(c)) != "line":
        return None
    if re.search(r"section|heading|label|marker|title", label_key(c)):
        return None  # a line naming a section: the sections' reading
    if not is_response(scope_of(c.scope)) or len(c.words) != 1:
        return None
    return no_kind("a line equal to a text: no kind states it", keyword(c.words[0], "at_least", 1))


def _words_by_letters(c: Constraint) -> Expectation | None:
    """A count of words starting (ending) with the letters given."""
    if not re.search(r"prefix|suffix|start|begin|ending", label_key(c)):
        return None
    if singular(raw_unit(c)) != "word" or len(c.words) != 1:
        return None
    if not re.fullmatch(r"-?[a-z]{1,4}-?", c.words[0].strip().lower()):
        return None
    if c.relation not in NUMERIC or not count_value(c.relation, c.value):
        return None
    return no_kind("a count of words by their letters: no kind counts them")


def writer_m(c: Constraint, row: Row) -> Expectation | None:
    """The checks ``c`` maps to by one of split M's writer's conventions;
    None where none applies (the mapper reads it on)."""
    del row
    for rule in (_wrapped, _labels, _xml_in_order, _line_contained, _words_by_letters):
        found = rule(c)
        if found is not None:
            return found
    return None
