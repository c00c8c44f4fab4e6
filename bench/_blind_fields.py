"""A writer's structured fields in one canonical spelling, before any family
reads them: what ``bench/data/blind/BRIEF.md`` lets a writer write several
ways means one thing to the mapper.

- relation: case, spaces and hyphens aside (``At least``, ``at-least``), and
  the plain synonyms a writer could use for the brief's names (``max``,
  ``fewer_than``, ``begins_with``, ``forbidden``); a count of zero
  (``exactly 0``, ``at_most 0``, ``less_than 1``) is ``none``;
- unit: lowercase, underscores as spaces, without a leading article
  (``a word``, ``the bullets``) and with its last noun in the singular;
- scope: the whole answer however it is named (``entire answer``,
  ``overall``, ``the output``) is ``response``; ``per bullet`` is ``each
  bullet``;
- value: a count written as a string or a float (``"50"``, ``50.0``) is the
  number, and so are the bounds of a range; a range ``[5, 5]`` is ``exactly 5``;
- unit ``each paragraph`` over the whole answer: the unit is the paragraph
  and the scope each paragraph;
- words: the names a note lists (``keys: name, age``) where ``words`` lists none;
- value and words: the one phrase a value states (a start, an end, a
  language) may stand in ``words``; the phrases a ban, a requirement or a
  choice lists, or the names an equality or an ordering lists (keys,
  columns, headings), may stand in ``value``: each is read from where it
  stands.

Each family then reads the canonical fields (``_blind_map``, ``_blind_lexical``…).
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_rows import Constraint, Row

__all__ = ["canonical", "canonical_row"]

_RELATION_SYNONYMS: dict[str, str] = {
    "exact": "exactly", "equal_to": "exactly", "eq": "exactly",
    "max": "at_most", "maximum": "at_most", "no_more_than": "at_most", "up_to": "at_most",
    "le": "at_most", "lte": "at_most", "at_max": "at_most",
    "min": "at_least", "minimum": "at_least", "no_less_than": "at_least",
    "no_fewer_than": "at_least", "ge": "at_least", "gte": "at_least",
    "fewer_than": "less_than", "under": "less_than", "below": "less_than", "lt": "less_than",
    "greater_than": "more_than", "over": "more_than", "above": "more_than", "gt": "more_than",
    "range": "between", "within": "between", "in_range": "between",
    "begins_with": "starts_with", "start_with": "starts_with", "starts": "starts_with",
    "begin_with": "starts_with", "ends": "ends_with", "end_with": "ends_with",
    "include": "contains", "includes": "contains", "contain": "contains",
    "forbidden": "none", "forbids": "none", "never": "none", "zero": "none",
    "not_contains": "none", "excludes": "none", "exclude": "none", "no": "none",
    "every": "all", "each": "all",
    "equal": "equals", "is": "equals",
    "matches": "matches_format", "format": "matches_format", "match_format": "matches_format",
    "language": "in_language", "in_lang": "in_language",
    "oneof": "one_of", "any_of": "one_of",
}  # fmt: skip


def _relation(raw: str) -> str:
    r = re.sub(r"[\s\-]+", "_", raw.strip().lower()).strip("_")
    return _RELATION_SYNONYMS.get(r, r)


def _number(value: object) -> object:
    """A count as the int it means: ``"50"``, ``50.0`` → 50; anything else as it is."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*\d+\s*", value):
        return int(value)
    return value


_COUNTS = frozenset({"exactly", "at_least", "at_most", "less_than", "more_than"})


def _value(relation: str, value: object) -> object:
    if relation == "between" and isinstance(value, tuple):
        return tuple(_number(v) for v in value)
    if relation in _COUNTS:
        return _number(value)
    return value


_IRREGULAR = {"indices": "index", "matrices": "matrix", "ellipses": "ellipsis", "axes": "axis"}
_KEEP = re.compile(r".*(?:ss|us|is|ics|news|series|yes|postscripts?|ps|caps)")
"""Last words whose final ``s`` is not a plural (``address``, ``all caps``)."""


def _singular(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if _KEEP.fullmatch(word) or len(word) < 4 or not word.endswith("s"):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if re.search(r"(?:ch|sh|x|z|ss)es$", word):
        return word[:-2]
    return word[:-1]


def _unit(raw: str | None) -> str | None:
    if raw is None:
        return None
    u = " ".join(raw.replace("_", " ").split())
    u = re.sub(r"^(?:an?|the)\s+(?=\S)", "", u, flags=re.I)
    found = re.fullmatch(r"(.*?)([A-Za-z]+)", u)
    if found is None:
        return u.lower() if not re.search(r"['\"‘’“”]", u) else u
    # the quoted part of "letter 'E'" keeps its case; the rest is lowercase
    head, last = found[1], found[2]
    if re.search(r"['\"‘’“”]", head):
        return u
    return (head + _singular(last.lower())).lower()


_WHOLE = re.compile(
    r"(?:the )?(?:whole |entire |full |complete |overall |total )?"
    r"(?:response|answer|reply|output|message|text|result|completion)"
    r"(?: as a whole| overall| in total| total)?|overall|in total|total|everything|global"
    r"|(?:the )?whole thing|(?:the )?(?:whole|entire) (?:thing|piece)"
)


def _scope(raw: str | None) -> str | None:
    if raw is None:
        return None
    s = " ".join(raw.replace("_", " ").split())
    low = s.lower()
    if _WHOLE.fullmatch(low):
        return "response"
    found = re.fullmatch(r"(?:per|for each|for every|each single|every single) (.+)", low)
    if found:
        return f"each {found[1]}"
    return s


_ONE_PHRASE = frozenset(
    {"equals", "starts_with", "ends_with", "in_language", "matches_format", "other", "all"}
)
"""Relations whose value is one phrase: a writer may put it in ``words`` instead."""
_LISTED = frozenset({"none", "contains", "one_of"})
"""Relations whose ``words`` list what is banned, required or allowed: a
writer may put them in ``value`` instead."""


def _phrases(
    relation: str, value: object, words: tuple[str, ...]
) -> tuple[object, tuple[str, ...]]:
    """The value and words where a writer put one in the other's place."""
    if relation in _ONE_PHRASE and value is None and len(words) == 1:
        return words[0], words
    listed = isinstance(value, tuple) and len(value) > 1 and all(isinstance(v, str) for v in value)
    if relation in _ONE_PHRASE and not words and listed and isinstance(value, tuple):
        # "equals ['title', 'author']", "other ['## A', '## B']": the names a
        # list value states are the constraint's words, as a writer may put them
        return value, tuple(str(v) for v in value)
    if relation in _LISTED and not words:
        # a bare number is a phrase to include or choose ("contains '60'"),
        # but a count where a ban states it ("none '0'")
        number = value.strip().isdigit() if isinstance(value, str) else False
        if isinstance(value, str) and value.strip() and (relation != "none" or not number):
            return value, (value,)
        if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
            return value, tuple(str(v) for v in value)
    return value, words


_NOTED = re.compile(r"\b(?:keys?|fields?|columns?)\s*:\s*(?P<names>[^;()]+)", re.I)


def _noted(c: Constraint) -> tuple[str, ...]:
    """The names a note lists ("keys: name, age"), where ``words`` lists none."""
    found = _NOTED.search(c.note)
    if c.words or found is None:
        return c.words
    names = [n.strip().strip("`'\"") for n in re.split(r",|\band\b", found["names"])]
    return tuple(n for n in names if n)


def _part_unit(unit: str | None, scope: str | None) -> tuple[str | None, str | None]:
    """ "each paragraph" written as the unit, over the whole answer: the part is the scope."""
    found = re.fullmatch(r"(?:each|every|per) ([a-z][a-z ]*)", unit or "")
    whole = scope is None or scope == "response"
    if found is None or not whole:
        return unit, scope
    return found[1], f"each {found[1]}"


def canonical(c: Constraint) -> Constraint:
    """``c`` with its fields in the canonical spelling."""
    relation = _relation(c.relation)
    value = _value(relation, c.value)
    one = isinstance(value, tuple) and len(value) == 2 and value[0] == value[1]
    if relation == "between" and one and isinstance(value, tuple) and isinstance(value[0], int):
        relation, value = "exactly", value[0]  # a range of one number
    zero = (relation in ("exactly", "at_most") and value == 0) or (
        relation == "less_than" and value == 1
    )
    if zero:
        relation, value = "none", None
    value, words = _phrases(relation, value, _noted(c))
    unit, scope = _part_unit(_unit(c.unit), _scope(c.scope))
    return replace(c, relation=relation, value=value, words=words, unit=unit, scope=scope)


def canonical_row(row: Row) -> Row:
    return replace(row, constraints=tuple(canonical(c) for c in row.constraints))
