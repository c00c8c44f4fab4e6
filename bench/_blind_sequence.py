"""What ``_blind_map`` expects of progressions, comparisons, orders and
ranges: read from a constraint's structured fields (family label as a hint,
unit, scope, relation, value, note), or None where the group does not state
it (the general mapping then decides).

- Length progressions: a growing or shrinking length ("increasing_length",
  "decreasing_length", "word_count_progression", or ``more_than`` /
  ``less_than`` of each part against the one before) of the parts a scope
  names (each sentence, line, paragraph, bullet or item; "line n") is a
  ``length_progression`` of that part, in the unit named (words unless
  characters are). A word pyramid (``equals`` ``n`` over "line n": line i
  has i words) is a step of one from one. A scope of the whole answer
  leaves the parts compared to the quote, so any part matches there; a
  scope naming parts no kind cuts ("versions") is no kind's.
- Numbers in a range: ``between`` of each number of the answer (a scope of
  "each number" or "each integer", a unit of numbers or integers) is a
  ``numbers_in_range`` of those bounds. A range of one field or score
  ("Score column", "each score") is no kind's: the check reads every number.
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_matchers import Expectation, all_of, fields, no_kind
from _blind_rows import Constraint

__all__ = ["sequence"]

_PROGRESSION = re.compile(r"(increasing|decreasing|growing|shrinking)_length|\w*_progression")
_PARTS = {
    "sentence": "sentence",
    "line": "line",
    "verse": "line",
    "paragraph": "paragraph",
    "stanza": "paragraph",
    "bullet": "item",
    "item": "item",
}
# "each paragraph", "line n", or the parts compared named bare ("paragraphs")
_PART_SCOPE = re.compile(r"(?:each|every|all)\s+(\w+?)s?|(\w+?)s?\s+n|(?:the\s+)?(\w+?)s")


def _part(scope: str | None) -> str | None:
    found = _PART_SCOPE.fullmatch(" ".join(str(scope or "").lower().split()))
    if not found:
        return None
    return _PARTS.get(found[1] or found[2] or found[3])


# A progression the note states, whatever the label: "word count strictly
# increasing", "each shorter than the previous one"; a length, not an order
_STATED = re.compile(
    r"\b(?:increasing|decreasing|ascending|descending|growing|shrinking)\b|"
    r"\b(?:longer|shorter|more|fewer)(?: words| characters)? than the (?:previous|last|one before)"
)
_LENGTH = re.compile(r"length|\blong|\bshort|\bwords?\b|characters?|word[ _-]?count")
_ORDERING = re.compile(r"\border\b|\bsort|alphabet|chronolog|\bdate|\bnumber|\bvalue|\bprice")


def _stated(c: Constraint) -> bool:
    """A length progression the fields state without the label's name for
    it: the note, or a comparison with no number ("more_than" of each part,
    against the one before)."""
    shape = f"{c.family} {c.note}".lower().replace("_", " ")
    if _ORDERING.search(shape):
        return False
    if _STATED.search(c.note.lower()) and _LENGTH.search(shape):
        return True
    relation = c.relation.strip().lower()
    unit = str(c.unit or "").lower().rstrip("s")
    each = re.match(r"(?:each|every)\s", " ".join(str(c.scope or "").lower().split()))
    return (
        relation in ("more_than", "less_than")
        and c.value is None
        and unit in ("word", "character")
        and bool(each)
    )


def _direction(c: Constraint, family: str, relation: str) -> str | None:
    if family.startswith("decreasing") or relation == "less_than":
        return "decreasing"
    if family.startswith("increasing") or relation == "more_than":
        return "increasing"
    note = c.note.lower()
    down = re.search(r"decreas|descend|shrink|shorter|fewer", note) is not None
    up = re.search(r"increas|ascend|grow|longer|\bmore\b", note) is not None
    return None if up == down else ("decreasing" if down else "increasing")


def _progression(c: Constraint) -> Expectation | None:
    family = c.family.strip().lower()
    relation = c.relation.strip().lower()
    if not _PROGRESSION.fullmatch(family) and not _stated(c):
        return None
    part = _part(c.scope)
    scope = " ".join(str(c.scope or "response").lower().split())
    if part is None and scope not in {"response", "answer", "whole response"}:
        return no_kind("a length progression of parts no kind addresses")
    note = c.note.lower()
    unit = "characters" if "character" in f"{c.unit} {note}" else "words"
    if str(c.unit or "word").lower().rstrip("s") not in {"word", "character", "none"}:
        return no_kind("a length progression in a unit no kind measures")
    # a scope of the whole answer leaves the parts compared to the quote: the
    # check's part is the one it read there
    want: dict[str, object] = {"unit": unit}
    if part:
        want["part"] = part
    if relation == "equals" and str(c.value).strip().lower() == "n":
        want |= {"direction": "increasing", "step": 1, "start": 1}
    elif "non-" in note or "or equal" in note:
        return no_kind("a length progression that allows ties, as the fields state it")
    elif (direction := _direction(c, family, relation)) is not None:
        want |= {"direction": direction, "strict": True, "step": None}
    else:
        return no_kind("a length progression whose direction the fields do not state")
    found = all_of(fields("length_progression", **want))
    if want.get("step", 0) is None:
        # a check in words or characters, whichever holds ("shorter than the
        # one before", no unit said): it fails only answers whose lengths
        # break in both, so in the writer's unit too; a part of it, implied
        either_unit = fields("length_progression", **(want | {"unit": None}))
        found = replace(found, implied=(either_unit,))
    return found


_EACH_NUMBER = re.compile(r"(?:each|every|all)\s+(?:numbers?|integers?)")


def _in_range(c: Constraint) -> Expectation | None:
    if c.relation.strip().lower() != "between" or not _EACH_NUMBER.fullmatch(
        " ".join(str(c.scope or "").lower().split())
    ):
        return None
    bounds = c.value
    if not isinstance(bounds, list | tuple) or len(bounds) != 2:
        return None
    low, high = bounds
    if not all(isinstance(b, int | float) for b in (low, high)):
        return None
    return all_of(fields("numbers_in_range", low=float(low), high=float(high)))


def sequence(c: Constraint) -> Expectation | None:
    """The checks that enforce a progression, comparison, order or range ``c``."""
    return _progression(c) or _in_range(c)
