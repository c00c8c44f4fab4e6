"""An order of the answer's items by a value each shows (a number, a date or
time) or by length: ``ordered_items``.

Read by convention from the writer's own words (label, value, quote, note),
never from a given prompt:

- the key: a length ("shortest to longest", "by length", "fewest letters"),
  else a value (a number, price, population, year, time or date, "numeric",
  "chronological", "ascending"); a value order is covered by either value
  key redraft states (``number`` reads times and dates where items show no
  single number, so the two differ only in what they call the items);
- the direction: the first end named ("largest first", "from newest to
  oldest", "cheapest to most expensive") or a direction word ("descending",
  "reverse chronological"); a chronological or numeric order with no
  direction is ascending;
- ``strictly`` where the writer says so.

Orders with a key no item shows (importance, difficulty, "in the order I
should do them", "from the sun"), alphabetical orders (``sorted_items``) and
a table's rows map with the column named after "by".
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, Matcher, Spec, all_of
from _blind_rows import Constraint

__all__ = ["BY_COLUMN", "ordered"]

_TABLE = re.compile(r"\b(?:rows?|columns?|cells?|tables?|csv)\b")
_ALPHABET = re.compile(r"alphabet|\ba ?(?:-|to) ?z\b|\bz ?(?:-|to) ?a\b")
_LENGTH = re.compile(
    r"\blength|\bshortest|\blongest|\bfewest (?:letters|characters|words)|"
    r"\b(?:letters|characters|word count)\b.*\b(?:ascend|descend|increas|decreas)|"
    r"\bshort(?:er)? to long"
)
_VALUE = re.compile(
    r"numer|chronolog|calendar|ascend|descend|increas|decreas|\bsort|\border|\brank|"
    r"largest|smallest|biggest|cheapest|expensive|highest|lowest|newest|oldest|earliest|latest|"
    r"most recent|heaviest|lightest|farthest|nearest"
)
_VALUE_KEY = re.compile(
    r"numer|chronolog|calendar|\b(?:by|of) (?:the )?(?:price|population|year|date|time|weight|"
    r"size|area|score|value|number|count|diameter|distance|height|age|atomic)|"
    r"\b(?:numbers?|years?|times?|dates?|prices?|values?|ids?|counts?|integers?|amounts?)\b|"
    r"cheapest|expensive|largest|smallest|biggest|highest|lowest|newest|oldest|earliest|latest|"
    r"most recent"
)
# a writer's unit naming a quantity: "shortest first" of games is their play time
_VALUE_UNIT = re.compile(
    r"\b(?:numbers?|prices?|times?|years?|dates?|minutes?|hours?|days?|values?)\b"
)
_LOW = (
    r"smallest|lowest|least|cheapest|fewest|oldest|earliest|shortest|lightest|nearest|closest|"
    r"ascending|increasing|low"
)
_HIGH = (
    r"largest|biggest|highest|most|priciest|newest|latest|most recent|longest|heaviest|"
    r"farthest|descending|decreasing|high"
)
_END_FIRST = re.compile(rf"\b(?P<end>{_LOW}|{_HIGH})\b(?: \w+)? (?:to|first|→|->)\b")
_DOWN_WORD = re.compile(r"descend|decreas|\breverse\b|\bz ?(?:-|to) ?a\b")
_UP_WORD = re.compile(r"ascend|increas|chronolog|calendar|numeric|\bfrom 1\b")
_STRICT = re.compile(r"\bstrictly\b|no (?:number|value) repeated|no (?:ties|repeats)")
# the unit of a length, where said beside it ("by number of characters",
# "fewest letters", "word count"); the unit field names what the items are
_UNIT_SAID = re.compile(
    r"\b(?:by|in|of|fewest|most|more|fewer)\s+(?:the\s+)?(?:number\s+of\s+)?"
    r"(?P<a>letters?|characters?|chars?|words?)\b|\b(?P<b>character|letter|word)\s+(?:length|count)"
)


def _said(c: Constraint) -> str:
    parts = (c.family, c.value, c.quote, c.note, c.unit)
    said = " ".join(str(p) for p in parts if p).lower().replace("_", " ")
    # "non-decreasing year": ascending, ties allowed
    return re.sub(
        r"\bnon-?decreasing", "ascending", re.sub(r"\bnon-?increasing", "descending", said)
    )


def _direction(said: str) -> str | None:
    end = _END_FIRST.search(said)
    if end is not None:
        return "ascending" if re.fullmatch(_LOW, end.group("end")) else "descending"
    if _DOWN_WORD.search(said):
        return "descending"
    return "ascending" if _UP_WORD.search(said) else None


def _column_key(name: str) -> str:
    """A column as a header names it: "Area (sq mi)" and "area" alike."""
    return " ".join(re.sub(r"[(\[].*$", "", name).casefold().split())


def _matcher(
    by: str, direction: str, strict: bool, unit: str | None, column: str | None = None
) -> Matcher:
    bys = {"length"} if by == "length" else {"number", "time"}
    want = _column_key(column) if column else None

    def test(spec: Spec) -> bool:
        if spec.get("by") not in bys or spec.get("direction") != direction:
            return False
        got = spec.get("column")
        if (got is None) != (want is None) or (got and _column_key(str(got)) != want):
            return False
        if bool(spec.get("strict")) != strict:
            return False
        if by != "length" or unit is None:
            return True
        # letters are characters; a length with no unit reads characters first
        return spec.get("unit") in ((unit, None) if unit == "characters" else (unit,))

    label = f"ordered_items by={by} direction={direction}" + (" strict" if strict else "")
    label += f" column={column!r}" if column else ""
    return Matcher(frozenset({"ordered_items"}), test, label + (f" unit={unit}" if unit else ""))


# the label names an order of the items, not of parts, words or sentences
_ORDER_LABEL = re.compile(r"order|sort|rank|chronolog|ascend|descend")
_OTHER_ORDER = re.compile(
    r"part|section|keyword|content|pair|word|line|paragraph|sentence|step|numbering|label"
)
_AGAINST_PREVIOUS = re.compile(
    r"previous|before it|than the (?:one|last)|one before|each (?:one )?(?:is )?(?:longer|shorter)"
)


_ALL_UNIT = re.compile(
    r"(?:lines?|items?|entr(?:y|ies)|numbers?|times?|dates?|prices?|years?|values?|amounts?)"
)


def ordered(c: Constraint) -> Expectation | None:
    """``ordered_items`` for an order of the items by value or length, or None."""
    relation = (c.relation or "other").strip().lower()
    # "all 'ascending'": the order every item keeps, stated with the relation all
    if relation not in ("other", "all") or (relation == "all" and not c.value):
        return None
    if relation == "all" and not _ALL_UNIT.fullmatch(" ".join(str(c.unit or "").lower().split())):
        return None  # "stop number": one of the numbers an item shows, a key of its own
    label = str(c.family).lower()
    if not _ORDER_LABEL.search(label) or _OTHER_ORDER.search(label.replace("word_count", "")):
        return None
    said = _said(c)
    if _AGAINST_PREVIOUS.search(f"{c.quote or ''} {c.value or ''}".lower()):
        return None  # each against the one before: length_progression's
    where = f"{c.scope or ''} {c.unit or ''}".lower()
    if _ALPHABET.search(said) or not _VALUE.search(said):
        return None
    if _TABLE.search(where):
        return _table_rows(c, said)
    if _LENGTH.search(said) and not _VALUE_UNIT.search(str(c.unit or "").lower()):
        by = "length"
    elif _VALUE_KEY.search(said) or _UP_WORD.search(said) or _DOWN_WORD.search(said):
        by = "number"  # "sorted ascending": the values the items are
    else:
        return None
    direction = _direction(said)
    if direction is None:
        return None
    unit = None
    own = " ".join(str(p) for p in (c.family, c.value, c.quote, c.note) if p).lower()
    stated = _UNIT_SAID.search(own) if by == "length" else None
    if stated is not None:
        unit = (
            "words" if (stated.group("a") or stated.group("b")).startswith("word") else "characters"
        )
    return all_of(_matcher(by, direction, _STRICT.search(said) is not None, unit))


# "ascending by Year", "descending by Area (sq mi)", "Sort rows by weight, heaviest first"
_BY_COLUMN = re.compile(
    r"\bby\s+(?:the\s+)?(?P<col>[A-Za-z][\w%' ()-]*?)(?:\s+column)?"
    r"(?=\s*(?:$|[,.;]|\s(?:ascending|descending|increasing|decreasing|from|first)\b))"
)


BY_COLUMN = _BY_COLUMN
"""The column a writer names after "by" ("ascending by Year")."""


def _table_rows(c: Constraint, said: str) -> Expectation | None:
    """A table's rows in order of one column's values: the column named after
    "by" in the writer's value, else in the quote; None where neither names one."""
    for words in (str(c.value or ""), str(c.quote or "")):
        found = _BY_COLUMN.search(words)
        if found is not None:
            break
    else:
        return None
    direction = _direction(said)
    if direction is None:
        return None
    column = found.group("col").strip()
    if re.search(r"\b(?:name|names|alphabet)", column.lower()):
        return None
    strict = _STRICT.search(said) is not None
    return all_of(_matcher("number", direction, strict, None, column))
