"""A property of every unit stated with the relation ``all``: the value is
the property itself (a closing mark, a first letter, an order, a one-line
format), not a count. Writers that keep ``ends_with`` and ``starts_with``
for the whole answer write "every item ends with '?'" this way, so the
readings that take those relations (bench/_blind_shapes.py,
bench/_blind_lexical.py, bench/_blind_unusual.py) miss it:

- every item (line, bullet, numbered item) of scope "each item": ``all``
  one closing mark ('?', '.', '!'): each such part ends with it
  (``each_ends_with``); a scope that qualifies the part ("each question
  line") names only some of them, so it is not this reading;
- every word of scope "each word": ``all`` one letter: a tautogram;
- the answer's lines (items, entries) under a label or value naming
  alphabetical order, ``all`` with no other value: the items sorted A to Z
  (``sorted_items``); a key named anywhere in the fields or the quote ("by
  surname", "sorted by left side") is another order, and words of one line are no
  items the check sorts;
- one line of the answer ``matches_format`` a value naming one line and
  the mark between its items ("comma-separated, one line", "items joined
  by ' · ' on one line"): a ``comma_list`` of that mark, one line a part;
- a separator between parts (scope "between clues"), ``all`` a blank line
  written as two line breaks ('\\n\\n'): exactly one blank line between
  them, read as the blank-line readings read "one blank line between";
- every line (entry, bullet) of scope "each line", ``all`` a regular
  expression (``^Day \\d+: .+$``): each one in that format, read as
  ``matches_format`` by the format readings (:func:`as_format`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_format_parts import blank_lines
from _blind_layout import comma_line
from _blind_matchers import Expectation, all_of, fields, first_found, phrase_is
from _blind_parts import is_response, scope_of
from _blind_rows import Constraint

__all__ = ["as_format", "every_unit"]


def _words(text: object) -> str:
    return " ".join(str(text or "").lower().replace("_", " ").split())


_EACH_PART = re.compile(
    r"(?:each|every|all) (?P<part>lines?|items?|list items?|bullets?|bullet points?|"
    r"numbered items?)"
)
_PARTS = {"line": "line", "item": "item", "list item": "item", "bullet": "bullet"}
_PARTS |= {"bullet point": "bullet", "numbered item": "numbered"}
_END_UNIT = re.compile(r"(?:end |final |closing |last )?(?:punctuation|mark|character|char)s?")


def _closing_mark(c: Constraint) -> Expectation | None:
    """Every item (line, bullet) of the scope: ``all`` one closing mark."""
    value = c.value.strip() if isinstance(c.value, str) else ""
    if c.relation != "all" or value not in ("?", ".", "!") or len(c.words) > 1:
        return None
    found = _EACH_PART.fullmatch(_words(c.scope))
    if found is None:
        return None
    part = _PARTS[found["part"].removesuffix("s")]
    unit = _words(c.unit).removesuffix("s")
    if unit and _PARTS.get(unit) != part and not _END_UNIT.fullmatch(unit):
        return None  # "each item: all '?'" of a unit that is no such part
    if not unit and part == "line":
        return None  # a line's mark with no unit may stand anywhere in it
    return all_of(phrase_is("each_ends_with", value, part=part))


def _tautogram(c: Constraint) -> Expectation | None:
    """Every word of the answer: ``all`` one letter, the word's first."""
    value = c.value.strip() if isinstance(c.value, str) else ""
    if c.relation != "all" or len(value) != 1 or not value.isalpha():
        return None
    if _words(c.unit) not in ("word", "words") or scope_of(c.scope)[:2] != ("each", "word"):
        return None
    if not re.fullmatch(r"(?:each|every|all) words?", _words(c.scope)):
        return None  # "each word of the title": some words only
    return all_of(fields("tautogram", letter=value.lower()))


_ALPHABET = re.compile(r"alphabet|\ba ?(?:-|to|–) ?z\b")
_SORTED_UNITS = re.compile(r"(?:lines?|items?|list items?|entr(?:y|ies)|bullets?)")
_ASCENDING = ("", "none", "ascending", "a-z", "a to z", "a–z", "alphabetical", "alphabetically")


def _alphabetical(c: Constraint) -> Expectation | None:
    """The answer's lines (items, entries) in alphabetical order, ``all``."""
    value = _words(c.value)
    if c.relation != "all" or value not in _ASCENDING:
        return None
    if not _ALPHABET.search(f"{_words(c.family)} {value} {_words(c.note)}"):
        return None
    if not _SORTED_UNITS.fullmatch(_words(c.unit)) or not is_response(scope_of(c.scope)):
        return None
    if re.search(r"\bby\b", f"{_words(c.family)} {value} {_words(c.note)} {_words(c.quote)}"):
        return None  # "sorted by surname": another key than the item's text
    return all_of(fields("sorted_items", order="alphabetical"))


_ONE_LINE = re.compile(r"\b(?:one|single|1) line\b|\bon (?:a|one) line\b")
_QUOTED_MARK = re.compile(r"['\"‘“](?P<mark>\s*[^\w\s'\"‘’“”]{1,3}\s*)['\"’”]")
_NAMED = (
    (re.compile(r"\bcomma[- ]separated\b|\bcommas\b"), ","),
    (re.compile(r"\bsemicolon[- ]separated\b|\bsemicolons\b"), ";"),
    (re.compile(r"\bpipe[- ]separated\b|\bpipes\b"), "|"),
)


def _one_delimited_line(c: Constraint) -> Expectation | None:
    """The answer ``matches_format`` one line whose items a named mark joins."""
    if c.relation != "matches_format" or not isinstance(c.value, str):
        return None
    if _words(c.unit) not in ("line", "lines", "answer", "") or not is_response(scope_of(c.scope)):
        return None
    value = " ".join(c.value.split())
    if not _ONE_LINE.search(value.lower()):
        return None
    marks = {m["mark"].strip() for m in _QUOTED_MARK.finditer(value)}
    marks |= {mark for said, mark in _NAMED if said.search(value.lower())}
    if len(marks) != 1:
        return None  # no mark, or two: not one list's separator
    return comma_line(marks.pop())


def _blank_separator(c: Constraint) -> Expectation | None:
    """A blank line ('\\n\\n') between parts, every separator (``all``)."""
    value = c.value.replace("\\n", "\n") if isinstance(c.value, str) else ""
    if c.relation != "all" or value.strip(" ") != "\n\n":
        return None
    if _words(c.unit) not in ("separator", "separators", "") or c.words:
        return None
    if not _words(c.scope).startswith("between "):
        return None
    return blank_lines(replace(c, unit="blank line", relation="exactly", value=1))


def every_unit(c: Constraint) -> Expectation | None:
    """The checks a property of every unit stated with ``all`` (or one line
    in a delimited format) maps to; None where ``c`` is none of them."""
    rules = (_closing_mark, _tautogram, _alphabetical, _one_delimited_line, _blank_separator)
    return first_found(rules, c)


# a regular expression's marks: an anchor, a class, a quantified any-character
_PATTERN = re.compile(r"^\^|\$$|\\[dwsDWS.()\[\]*+?|$^-]|\.[+*?]|\[[^\]]+\][+*?{]|\{\d+(?:,\d*)?\}")
# lines, entries, bullets: each one a line; "each item" may be a piece of
# one line (items joined by ' · '), which no line format reads
_EACH_ENTRY = re.compile(r"(?:each|every|all) (?:lines?|entr(?:y|ies)|bullets?)")


def as_format(c: Constraint) -> Constraint:
    """``c`` with ``all`` a regular expression over every line (entry, bullet)
    read as ``matches_format``, the relation the format readings take."""
    if c.relation != "all" or not isinstance(c.value, str) or not _PATTERN.search(c.value):
        return c
    if not _EACH_ENTRY.fullmatch(_words(c.scope)):
        return c
    return replace(c, relation="matches_format")
