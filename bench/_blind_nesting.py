"""What ``_blind_map`` expects where a writer counts how lists nest — a unit
such as ``nesting level`` or ``nested bullet`` / ``sub-point``: the
``list_nesting`` kind (its depth, its nested items, or the sub-items under
each first-level item), read from the fields by rule."""

from __future__ import annotations

import re

from _blind_matchers import Expectation, all_of, count
from _blind_parts import NUMERIC, count_value
from _blind_rows import Constraint

__all__ = ["nesting"]

_DEPTH = re.compile(r"(?:nesting |list |indent(?:ation)? )?(?:levels?|depth)(?: of nesting)?")
_SUB = re.compile(r"(?:nested|sub[\s-]?)\s*(?:bullet(?: point)?|point|item)s?")


def nesting(c: Constraint) -> Expectation | None:
    relation = c.relation.strip().lower()
    unit = " ".join(str(c.unit or "").lower().split())
    if relation not in NUMERIC:
        return None
    bounds = count_value(relation, c.value)
    if not bounds:
        return None
    scope = " ".join(str(c.scope or "").lower().split())
    if _DEPTH.fullmatch(unit):
        what = "depth"
    elif _SUB.fullmatch(unit):
        what = "children" if re.match(r"(?:each|every|per)\b", scope) else "nested"
    else:
        return None
    return all_of(*(count("list_nesting", r, n, what=what) for r, n in bounds))
