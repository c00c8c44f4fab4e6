"""The blind splits' intended constraints, mapped to the checks that enforce them.

Each constraint of a split (``bench/data/blind/``) is written in its writer's
own structured form: ``family`` (a free label), ``unit``, ``scope``,
``relation``, ``value``, ``words``, ``note``. :func:`expect` turns one into
an :class:`Expectation`: the redraft check specs that would enforce it exactly,
with the right parameters, as :class:`Matcher` predicates over a spec's
``model_dump()``; or none, with the reason redraft has no kind for it.

The structured fields decide; the family label is only a hint (split B's
writer used labels of their own), read where the fields leave a gap:

- counts: ``less_than N`` is ``at_most N-1``, ``more_than N`` is
  ``at_least N+1``, ``between [a, b]`` needs both ``at_least a`` and
  ``at_most b``, ``none`` is ``at_most 0`` (or ``exactly 0``);
- the scope must be the whole answer unless a kind addresses the part
  (every sentence, paragraph or bullet; the nth one);
- phrases compare case-insensitively, whitespace collapsed, surrounding quotes
  and punctuation taken off; words compare with plural endings tolerated;
  a phrase the writer wants in capitals is therefore no kind's (only implied);
- each writer's conventions by rule (split C's: a keyword count as unit
  ``word`` with the words, ``n`` separators for ``n + 1`` pieces, symbols to
  ban as the value, "each answer" in a user's prompt as parts of the reply).

Every field is first read in one canonical spelling (``_blind_fields``:
relations, units, scopes, numbers, phrases in ``words`` or ``value`` alike),
so another writer's way of writing the same requirement maps the same
(``blind_robustness.py`` measures it). The families live in
``_blind_tables`` (tables, CSV), ``_blind_lexical`` (punctuation, scripts,
word games, numbers), ``_blind_items`` (a count of listed things in
no stated format), ``_blind_format_parts`` (blank lines, heading form, list
markers, title case), ``_blind_properties`` (a property of every unit, a
format, a choice of phrases), ``_blind_phrases`` (keywords, bans, starts and
ends) and ``_blind_layout`` (separated pieces, checklists, templates, sorted
and unique items, named sections, plain text) and ``_blind_shapes`` (a
closing mark on every part, a bare number, a palindrome, the answer equal
to a text, headings at a level in order).
"""

from __future__ import annotations

import re

from _blind_data import json_data
from _blind_described import described_units, json_array_typed, numbered_items_counted
from _blind_each import each_part_holds
from _blind_each_thing import each_thing
from _blind_every import as_format, every_unit
from _blind_fields import canonical, canonical_row
from _blind_format_parts import format_parts
from _blind_formats import formats
from _blind_item_forms import items_beside_forms
from _blind_items import listed_items
from _blind_layout import (
    named_sections,
    plain_text,
)
from _blind_lexical import lexical
from _blind_line_formats import line_formats
from _blind_matchers import (
    Expectation,
    Matcher,
    Spec,
    all_of,
    no_kind,
    one_of,
)
from _blind_money import money_values
from _blind_nesting import nesting
from _blind_one_part import one_part
from _blind_one_word import one_word_letters
from _blind_order import with_order
from _blind_parts import (
    NUMERIC,
    Scope,
    count_value,
    is_response,
    scope_of,
    unit_of,
)
from _blind_parts_count import part_count
from _blind_phrases import case_blind, forbidden, positional
from _blind_place import units_placed
from _blind_properties import properties, stated_case
from _blind_readers import (
    read_contains,
    read_count,
    read_equals,
    read_every,
    read_format,
    read_json_keys,
    read_language,
    read_other,
)
from _blind_relations import relations
from _blind_rows import Constraint, Row, load_split
from _blind_sequence import sequence
from _blind_shapes import list_item_ends, shapes
from _blind_stated import part_count_bound, words_in_counted_parts
from _blind_stated import stated as described
from _blind_structure import structure
from _blind_styled import words_in_style
from _blind_tables import tabular
from _blind_unusual import unusual
from _blind_values import values
from _blind_word_patterns import char_classes, vocabulary, word_patterns
from _blind_writer_i import writer_i
from _blind_writer_j import writer_j
from _blind_writer_k import one_per_line_count, writer_k
from _blind_writer_l import regex_lines, writer_l
from _blind_writer_l_counts import laid_out_counts
from _blind_writer_l_sections import section_readings
from _blind_writer_m import writer_m
from _blind_writer_n import keys_in_order, writer_n
from _blind_writer_o import writer_o
from _blind_writer_p import writer_p
from _blind_writer_q import writer_q, writer_q_after
from _blind_writer_stu import restated, writer_stu, writer_stu_after

__all__ = [
    "Constraint",
    "Expectation",
    "Matcher",
    "Row",
    "Spec",
    "expect",
    "load_split",
]


# -- the mapping ------------------------------------------------------------------------


_RELATIONS = (
    NUMERIC
    | {"none", "all", "starts_with", "ends_with", "contains", "equals"}
    | {
        "one_of",
        "matches_format",
        "in_language",
        "other",
    }
)


def expect(c: Constraint, row: Row) -> Expectation:
    """The checks that enforce ``c`` exactly, or why redraft has none: read
    from its fields in their canonical spelling (``_blind_fields``); with the
    order of two parts the quote joins as an implied check (_blind_order.py)."""
    return with_order(c, _expectation(c, row))


def _expectation(c: Constraint, row: Row) -> Expectation:
    row = canonical_row(row)
    c = next((s for s in row.constraints if s.index == c.index), None) or canonical(c)
    c = restated(c)  # splits S, T, U's writers' spellings: _blind_writer_stu.py
    c = as_format(c)  # a pattern every line fills, stated with all: _blind_every.py
    # one thing on each line: N lines count N things (bench/_blind_writer_k.py)
    found = one_per_line_count(c, row, _expect_any(c, row))
    # counts laid out by a sibling, sections' order and level, line formats
    # as expressions: split L's writer (bench/_blind_writer_l*.py)
    found = laid_out_counts(c, row, found)
    # words in parts counted where no kind counts them: the words (_blind_stated.py)
    found = words_in_counted_parts(c, found)
    found = part_count_bound(c, found)  # at least N in one part: in the whole (the same)
    found = keys_in_order(c, found)  # keys in an order: a part (bench/_blind_writer_n.py)
    found = numbered_items_counted(c, found)  # their items counted: a part (_blind_described.py)
    found = json_array_typed(found)  # an array under a key counted: its type a part (the same)
    found = writer_q_after(c, row, found)  # parts implied, a listed column: _blind_writer_q.py
    found = writer_stu_after(c, found)  # only one code block: bench/_blind_writer_stu.py
    return regex_lines(c, section_readings(c, row, found))


def _expect_any(c: Constraint, row: Row) -> Expectation:
    if (stu := writer_stu(c, row)) is not None:  # splits S, T, U: _blind_writer_stu.py
        return stu
    if (each := each_thing(c, row)) is not None:  # each of the things listed: _blind_each_thing.py
        return each
    if (money := money_values(c)) is not None:  # money, percents, labels: bench/_blind_money.py
        return money
    if (k := writer_k(c, row)) is not None:  # split K's writer's conventions: _blind_writer_k.py
        return k
    if (l_ := writer_l(c, row)) is not None:  # split L's writer's conventions: _blind_writer_l.py
        return l_
    if (m_ := writer_m(c, row)) is not None:  # split M's writer's conventions: _blind_writer_m.py
        return m_
    if (n_ := writer_n(c, row)) is not None:  # split N's writer's conventions: _blind_writer_n.py
        return n_
    if (o_ := writer_o(c, row)) is not None:  # split O's writer's conventions: _blind_writer_o.py
        return o_
    if (p_ := writer_p(c, row)) is not None:  # split P's writer's conventions: _blind_writer_p.py
        return p_
    if (q_ := writer_q(c, row)) is not None:  # split Q's writer's conventions: _blind_writer_q.py
        return q_
    if (i_ := writer_i(c, row)) is not None:  # split I's writer's conventions: _blind_writer_i.py
        return i_
    if (every := every_unit(c)) is not None:  # a property of every unit, all: _blind_every.py
        return every
    if (units := described_units(c)) is not None:  # which units are meant: _blind_described.py
        return units
    if (said := described(c)) is not None:  # a start, a form, numbers described: _blind_stated.py
        return said
    if (related := relations(c, row)) is not None:  # between parts: bench/_blind_relations.py
        return related
    if (
        valued := values(c, row)
    ) is not None:  # formats, proportions, counts: bench/_blind_values.py
        return valued
    if (j := writer_j(c, row)) is not None:  # split J's writer's conventions: _blind_writer_j.py
        return j
    if (odd := unusual(c, row)) is not None:  # less usual requirements: bench/_blind_unusual.py
        return odd
    if (data := json_data(c, row)) is not None:  # bench/_blind_data.py
        return data
    if (placed := units_placed(c)) is not None:  # bench/_blind_place.py
        return placed
    if (held := each_part_holds(c)) is not None:  # bench/_blind_each.py
        return held
    if (styled := words_in_style(c)) is not None:  # bench/_blind_styled.py
        return styled
    if (nested := nesting(c)) is not None:  # bench/_blind_nesting.py
        return nested
    case = stated_case(c, scope_of(c.scope))  # the whole answer in one case, however put
    if case is not None:
        return case
    table = tabular(c, row.constraints)
    if table is not None:
        return table
    if (shape := shapes(c) or list_item_ends(c, row)) is not None:  # bench/_blind_shapes.py
        return shape
    if (
        line := line_formats(c)
    ) is not None:  # one line in a template: bench/_blind_line_formats.py
        return line
    if (shaped := formats(c)) is not None:  # dates, only the answer: bench/_blind_formats.py
        return shaped
    if (ordered := sequence(c)) is not None:  # progressions: bench/_blind_sequence.py
        return ordered
    if (one_word := one_word_letters(c, row)) is not None:  # bench/_blind_one_word.py
        return one_word
    # word shapes, character classes, a closed vocabulary: bench/_blind_word_patterns.py
    if (patterned := word_patterns(c) or char_classes(c) or vocabulary(c)) is not None:
        return patterned
    words_and_marks = lexical(c)  # the lexical families: bench/_blind_lexical.py
    if words_and_marks is not None:
        return words_and_marks
    if (formed := items_beside_forms(c, row)) is not None:  # bench/_blind_item_forms.py
        return formed
    items = listed_items(c, row)  # a count of listed things: bench/_blind_items.py
    if items is not None:
        return items
    if (parts := format_parts(c)) is not None:  # bench/_blind_format_parts.py
        return parts
    stated = properties(c)  # a property of every unit, a format, a choice of phrases
    if stated is not None:
        return stated
    built = structure(c)  # a code block's language, a table, headings, separators
    if built is not None:
        return built
    unit = unit_of(c)
    scope = _scope(c)
    relation = c.relation.strip().lower()
    found = part_count(c, unit) or _expect(c, row, unit, scope, relation)
    found = one_part(c, scope, found)  # one part's start or end: _blind_one_part.py
    return case_blind(c, found) if relation in ("starts_with", "ends_with", "equals") else found


def _scope(c: Constraint) -> Scope:
    """The scope; "each answer" in a user's prompt is each answer within the
    reply (several questions answered), in a system prompt every reply."""
    raw = " ".join(str(c.scope or "").lower().split())
    if c.source == "prompt" and re.fullmatch(r"(?:each|every) answer", raw):
        return ("each", "answer", None)
    return scope_of(c.scope)


def _expect(c: Constraint, row: Row, unit: str, scope: Scope, relation: str) -> Expectation:
    if relation == "in_language" or unit == "language":
        return read_language(c, scope)
    if relation == "exactly" and isinstance(c.value, str) and not c.value.strip().isdigit():
        relation = "equals"  # "exactly '***'": a value, not a count
    if relation in NUMERIC and count_value(relation, c.value):
        return read_count(c, unit, scope, row)
    if relation == "none":
        return plain_text(c, unit, scope) or forbidden(c, unit, scope)
    if relation in ("starts_with", "ends_with"):
        labelled = named_sections(c, unit, scope) if relation == "starts_with" else None
        return labelled or positional(c, unit, scope, relation)
    if relation == "contains":
        return read_contains(c, unit, scope, row)
    if relation == "equals":
        return read_equals(c, unit, scope, row)
    if relation == "all":
        return read_every(c, unit, scope)
    if relation == "matches_format":
        return read_format(c, unit, scope, row)
    if relation == "other":
        return read_other(c, scope)
    if relation == "one_of" and unit == "answer" and is_response(scope) and len(c.words) > 1:
        return all_of(one_of(c.words))
    if relation in NUMERIC and unit == "key":
        return read_json_keys(c, scope, row, exact=relation == "exactly")
    # the relation is echoed only from the writers' brief's list, never free text
    shown = f"relation {relation!r}" if relation in _RELATIONS else "this relation"
    return no_kind(f"no kind for {shown} here")
