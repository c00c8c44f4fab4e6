"""What ``_blind_map`` expects of a count of listed things beside siblings
that name a list form without stating the list's own: "List 3 advantages
… no bullet symbols" (a form refused), "a checklist: at least 8 items, and
nest 2 sub-items under 'Testing'" (a count of nested items), and "10 items
in Markdown checkboxes" (checkbox items).

- A sibling that refuses a form (relation ``none``, or a count of 0) or
  counts nested items names no form whose count is the list's: the list's
  items are ``item_count``'s, which reads the answer's shallowest list lines,
  its lines or its blocks, whatever the form.
- Checkbox items are bullet lines (``- [ ]``), and the items ``item_count``
  reads on the same lines (the shallowest level): either states the count.
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_items import listed_items
from _blind_matchers import Expectation, all_of, counts, either
from _blind_parts import NUMERIC, count_value, is_response, scope_of, unit_of
from _blind_rows import Constraint, Row

__all__ = ["items_beside_forms"]

_CHECKBOX = re.compile(
    r"(?:markdown\s+)?(?:checkbox(?:es)?|checklist|task)(?:\s+(?:item|entry|entrie|line|task)s?)?"
)
_FORM = re.compile(r"numbered|bullet|checkbox|checklist|\blist\b|\bnest", re.IGNORECASE)


def _names_no_form(s: Constraint) -> bool:
    """Whether sibling ``s`` refuses a list form or counts nested items."""
    text = f"{s.family} {s.unit}"
    if not _FORM.search(text):
        return False
    refused = s.relation.strip().lower() == "none" or s.value in (0, "0")
    return refused or unit_of(s) == "nested bullet"


def items_beside_forms(c: Constraint, row: Row) -> Expectation | None:
    """The count checks for a count of listed things whose siblings name a
    form only to refuse it or to nest in it, or of checkbox items; None
    where ``c`` is neither (another mapping reads it)."""
    relation = c.relation.strip().lower()
    if relation not in NUMERIC or not count_value(relation, c.value) or c.words:
        return None
    if not is_response(scope_of(c.scope)):
        return None
    raw = " ".join(str(c.unit or "").lower().replace("_", " ").split())
    if _CHECKBOX.fullmatch(raw):
        pairs = zip(
            counts("bullet_count", relation, c.value),
            counts("item_count", relation, c.value),
            strict=True,
        )
        return all_of(*(either(bullets, items) for bullets, items in pairs))
    siblings = [s for s in row.constraints if s.index != c.index]
    kept = tuple(s for s in siblings if not _names_no_form(s))
    if len(kept) == len(siblings):
        return None
    return listed_items(c, replace(row, constraints=(c, *kept)))
