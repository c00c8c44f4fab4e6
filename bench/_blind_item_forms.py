"""What ``_blind_map`` expects of a count of listed things beside a sibling
that counts nested items ("a checklist: at least 8 items, and nest 2
sub-items under 'Testing'"), and of checkbox items ("10 items in Markdown
checkboxes").

- A sibling that counts nested items names no form whose count is the
  list's (a bullet count would count the sub-items too): the list's items
  are ``item_count``'s, which reads the answer's shallowest list lines. A
  sibling that refuses a form leaves the items maybe in prose, which no
  count reads exactly (``_blind_items``).
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


def _counts_nested(s: Constraint) -> bool:
    """Whether sibling ``s`` counts nested items (not a refusal of them)."""
    refused = s.relation.strip().lower() == "none" or s.value in (0, "0")
    return unit_of(s) == "nested bullet" and not refused


def items_beside_forms(c: Constraint, row: Row) -> Expectation | None:
    """The count checks for a count of listed things beside a count of
    nested items, or of checkbox items; None where ``c`` is neither (another
    mapping reads it)."""
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
    kept = tuple(s for s in siblings if not _counts_nested(s))
    if len(kept) == len(siblings):
        return None
    return listed_items(c, replace(row, constraints=(c, *kept)))
