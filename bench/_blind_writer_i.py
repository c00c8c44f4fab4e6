"""Conventions of split I's writer, mapped by rule from the structured fields.

This writer names the kind in the label where the fields are generic
("pangram", unit letter, at least 1), gives a list of names or counts as the
value of ``equals`` over every part ("heading_names" equals the names,
"per_line_word_count" equals ``(1, 2, 3, 4, 1)``), writes a template's
labels as the words of an ``other`` ("FORMAL:", "CASUAL:"), counts a list's
things in the noun it lists ("10 English words" under "list_length"), and
counts a horizontal rule or a separator mark by its occurrences. Each rule
reads one convention, never a prompt or a quote:

- every letter at least once under a label naming a pangram (or a note
  naming all 26 letters): the answer is a pangram (``pangram``);
- headings counted with their level in the unit ("heading h2", exactly 3):
  headings of that level (``heading_count`` with ``level``);
- headings of a stated level equal to two or more names: the sections
  named so (``named_sections``, ordered where the fields say "order"); the
  level is the heading count's;
- a template of label lines (relation ``other``, the words all labels
  ending in ':'): the labelled parts (``named_sections``, in order or not)
  enforce a part of it; no kind states the whole lines;
- no list markers in front of the items: no bullet and no numbered item
  (``bullet_count`` and ``numbered_count`` at most 0; each a part of it);
- every part's count equal to a tuple of counts: the nth part's count is
  the nth value (``part_count`` of each position);
- a count of words (sentences) under a label naming a list's length: the
  listed things, counted as list items or as words (sentences);
- a word's own count of uses bounded per word ("no word more than twice",
  unit word, scope each word, the label or note naming uses or repeats):
  no kind counts repeats of every word;
- separators counted ("exactly 9" of ``' < '``) where a sibling counts one
  more thing: the things on one line joined by that mark (``comma_list``);
  a horizontal rule counted: the pieces it separates (``separated_versions``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_layout import comma_line, separators_count
from _blind_matchers import (
    Expectation,
    Matcher,
    Spec,
    all_of,
    count,
    counts,
    either,
    fields,
    no_kind,
)
from _blind_parts import NUMERIC, count_value, is_response, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_i_fields import writer_i_fields
from _blind_writer_j_spelling import label_words, raw_unit, singular

__all__ = ["writer_i"]


def _scope(c: Constraint) -> str:
    return " ".join(str(c.scope or "").lower().split())


def _pangram(c: Constraint, row: Row) -> Expectation | None:
    """Every letter at least once, the label (or note) naming a pangram."""
    del row
    if c.relation != "at_least" or c.value != 1 or singular(raw_unit(c)) != "letter":
        return None
    said = f"{label_words(c)} {c.note.lower()}"
    if not re.search(r"\bpangram|\ball 26 letters|\bevery letter", said):
        return None
    return all_of(fields("pangram")) if is_response(scope_of(c.scope)) else None


def _name(text: object) -> str:
    return " ".join(re.sub(r"[#*_]+", " ", str(text)).strip().rstrip(":").split()).casefold()


def _sections(names: list[str], ordered: bool | None) -> Matcher:
    def test(spec: Spec) -> bool:
        got = [_name(n) for n in spec.get("names") or ()]  # type: ignore[attr-defined]
        return got == names and (ordered is None or bool(spec.get("ordered")) == ordered)

    return Matcher(frozenset({"named_sections"}), test, f"named_sections names={names}")


def _heading_names(c: Constraint, row: Row) -> Expectation | None:
    """Headings equal to names: the sections named so, in that order."""
    del row
    unit = raw_unit(c)
    if c.relation != "equals" or not re.fullmatch(r"headings? (?:h[1-6]|level \d)", unit):
        return None  # headings of no level: the general readings' (_blind_layout.py)
    value = c.value if isinstance(c.value, list | tuple) else ()
    names = [_name(v) for v in value if isinstance(v, str) and v.strip()]
    if len(names) < 2 or len(names) != len(value) or not is_response(scope_of(c.scope)):
        return None
    ordered = re.search(r"\border\b", f"{c.family} {c.quote} {c.note}".lower()) is not None
    return all_of(_sections(names, ordered=ordered))


def _template_labels(c: Constraint, row: Row) -> Expectation | None:
    """Lines of a template, the words its labels ("FORMAL:", "CASUAL:")."""
    del row
    words = [str(w).strip() for w in c.words]
    if c.relation != "other" or singular(raw_unit(c)) != "line" or len(words) < 2:
        return None
    if not all(re.fullmatch(r"[A-Za-z][\w ]{0,30}:", w) for w in words):
        return None
    if not re.search(r"template|format", label_words(c)) or not is_response(scope_of(c.scope)):
        return None
    return no_kind("a template of label lines: no kind states the lines whole",
                   _sections([_name(w) for w in words], ordered=None))  # fmt: skip


def _no_list_markers(c: Constraint, row: Row) -> Expectation | None:
    """No bullets or numbers in front of the items."""
    del row
    if c.relation != "none" or c.words or c.value not in (None, "", 0):
        return None
    if singular(raw_unit(c)) not in ("list marker", "marker", "bullet or number"):
        return None
    if not (
        is_response(scope_of(c.scope)) or re.fullmatch(r"(?:each|every) (?:item|line)", _scope(c))
    ):
        return None
    parts = (count("bullet_count", "at_most", 0), count("numbered_count", "at_most", 0))
    return replace(all_of(*parts), implied=parts)


_EACH_PART = re.compile(r"(?:each|every) (?P<part>line|item|sentence|paragraph|bullet)")
_UNITS = {"word": "words", "character": "characters", "sentence": "sentences"}


def _per_part(c: Constraint, row: Row) -> Expectation | None:
    """Every part's count equal to a tuple: the nth part's count is the nth."""
    del row
    value = c.value if isinstance(c.value, list | tuple) else ()
    found = _EACH_PART.fullmatch(_scope(c))
    units = _UNITS.get(singular(raw_unit(c)))
    if c.relation != "equals" or found is None or units is None or len(value) < 2:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
        return None
    part = found["part"]
    return all_of(*(
        count("part_count", "exactly", v, part=part, index=i, units=units)
        for i, v in enumerate(value, start=1)
    ))  # fmt: skip


_LIST_LENGTH = re.compile(r"^list (?:length|size|count)$|^(?:number|count) of items$")
_COUNTED_AS = {"word": "word_count", "sentence": "sentence_count"}


_NOT_LISTED = re.compile(r"|line|paragraph|character|letter|item|stanza|verse|syllable|digit")
_FORM = re.compile(r"numbered|bullet|checkbox|\btable\b|\bjson\b|\barray\b|\bcsv\b|\brow\b")


def _list_length(c: Constraint, row: Row) -> Expectation | None:
    """Things counted under a label naming a list's length: the list's
    items (a count of words or sentences: either count)."""
    unit = singular(raw_unit(c))
    if not _LIST_LENGTH.search(label_words(c)) or c.relation != "exactly":
        return None
    if not isinstance(c.value, int) or not is_response(scope_of(c.scope)):
        return None
    items = count("item_count", "exactly", c.value)
    if (kind := _COUNTED_AS.get(unit)) is not None:
        return all_of(either(count(kind, "exactly", c.value), items))
    if _NOT_LISTED.fullmatch(unit):
        return None  # the general readings' (lines, a list's items as such)
    shapes = " ".join(
        f"{s.family} {s.unit} {s.value} {s.note}".lower() for s in row.constraints if s is not c
    )
    lines = any(singular(raw_unit(s)) in ("line", "paragraph") for s in row.constraints)
    if _FORM.search(shapes) or lines:
        return None  # the list's form counts them: the general readings'
    return all_of(items)


def _word_uses(c: Constraint, row: Row) -> Expectation | None:
    """A bound on each word's uses: unit word, scope each word."""
    del row
    if c.relation not in NUMERIC or singular(raw_unit(c)) != "word":
        return None
    if not re.fullmatch(r"(?:each|every|any) word", _scope(c)):
        return None
    if not re.search(
        r"repe|\buse[ds]?\b|frequen|occurr|times|appear", f"{label_words(c)} {c.note}"
    ):
        return None  # "no word longer than 10", unit word: a length, the general readings'

    return no_kind("how often each word is used: no kind counts every word's repeats")


_MARK = re.compile(r"\s*[^\w\s'\"]{1,3}\s*")


def _separator_marks(c: Constraint, row: Row) -> Expectation | None:
    """Separators counted, a sibling counting one thing more; a rule counted."""
    unit = singular(raw_unit(c))
    if c.relation != "exactly" or not isinstance(c.value, int) or len(c.words) != 1:
        return None
    if re.fullmatch(r"horizontal rule|divider|separator line|rule", unit):
        return separators_count(c)
    if unit in ("separator", "delimiter") and separators_count(c) is not None:
        return None  # a run of marks between pieces: the general readings'
    mark = str(c.words[0])
    if unit not in ("separator", "delimiter") or not _MARK.fullmatch(mark) or "\n" in mark:
        return None
    siblings = [
        s for s in row.constraints
        if s.index != c.index and s.relation == "exactly" and s.value == c.value + 1
        and is_response(scope_of(s.scope)) and singular(raw_unit(s)) not in ("", "line")
    ]  # fmt: skip
    if not siblings or not is_response(scope_of(c.scope)):
        return None
    return comma_line(mark.strip())


_LEVEL = re.compile(r"headings? (?:h|level )(?P<n>[1-6])|(?:h|level )(?P<m>[1-6]) headings?")


def _headings_of_level(c: Constraint, row: Row) -> Expectation | None:
    """Headings of a level counted, the level in the unit ("heading h2")."""
    del row
    found = _LEVEL.fullmatch(raw_unit(c))
    if found is None or c.relation not in NUMERIC or not count_value(c.relation, c.value):
        return None
    if not is_response(scope_of(c.scope)):
        return None
    level = int(found["n"] or found["m"])
    return all_of(*counts("heading_count", c.relation, c.value, level=level))


_RULES = (
    _headings_of_level,
    _pangram,
    _heading_names,
    _template_labels,
    _no_list_markers,
    _per_part,
    _list_length,
    _word_uses,
    _separator_marks,
)


def writer_i(c: Constraint, row: Row) -> Expectation | None:
    """The checks ``c`` maps to by one of split I's writer's conventions;
    None where none applies (the mapper reads it on)."""
    for rule in _RULES:
        found = rule(c, row)
        if found is not None:
            return found
    return writer_i_fields(c, row)  # values in a shape read otherwise: _blind_writer_i_fields.py
