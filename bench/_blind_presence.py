"""What a count of things within each part implies for the whole answer:
"the name in bold in every item" (at least one bold span per item) needs
at least one bold span in the answer, "a question in every paragraph" at
least one question. No kind counts within each item, so the constraint has
none; a whole-answer ``at_least`` of the same things fails only answers it
fails (the parts it speaks of are there), which makes it implied.

Only things whose presence is asked (highlighted spans, emoji, hashtags,
questions, links): a length per part ("each bullet at most 20 words") says
nothing the answer's total states, and a whole-answer count read from it
is a misreading, left false.
"""

from __future__ import annotations

from _blind_matchers import Expectation, count, no_kind
from _blind_parts import COUNTED, Scope, count_value
from _blind_rows import Constraint

__all__ = ["each_part_presence"]

_PRESENCE = frozenset({"highlight_count", "emoji_count", "hashtag_count", "question_count"})
_PRESENCE |= {"url_count"}


def each_part_presence(c: Constraint, unit: str, scope: Scope) -> Expectation | None:
    """No kind, with the whole answer's ``at_least n`` implied, where ``c``
    asks for at least ``n`` (or exactly ``n``) such things in each part."""
    kind = COUNTED.get(unit)
    if scope[0] != "each" or kind not in _PRESENCE:
        return None
    floors = [n for rel, n in count_value(c.relation, c.value) if rel in ("at_least", "exactly")]
    if not floors or floors[0] < 1:
        return None
    implied = count(kind, "at_least", floors[0])
    return no_kind("count within one part: no kind counts it there", implied)
