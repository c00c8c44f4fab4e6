"""What ``_blind_map`` expects where a writer says where hashtags, emoji or
links stand — a unit such as ``hashtag`` with relation ``ends_with`` (or
``starts_with``) and no phrase: every one of them at the end (start) of the
answer, the ``units_at`` kind. Read from the fields by rule."""

from __future__ import annotations

import re

from _blind_matchers import Expectation, all_of, fields
from _blind_parts import scope_of
from _blind_rows import Constraint

__all__ = ["units_placed"]

_UNITS = {"hashtag": "hashtag", "emoji": "emoji", "link": "link", "url": "link"}


def units_placed(c: Constraint) -> Expectation | None:
    relation = c.relation.strip().lower()
    if relation not in ("ends_with", "starts_with") or c.value not in (None, ""):
        return None
    unit = re.sub(r"s$", "", " ".join(str(c.unit or "").lower().split()))
    kind = _UNITS.get(unit)
    if kind is None or scope_of(c.scope)[0] not in ("response", "end", "start"):
        return None
    at = "end" if relation == "ends_with" else "start"
    return all_of(fields("units_at", unit=kind, at=at))
