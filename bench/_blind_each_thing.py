"""A count of each of the things the answer lists, its scope naming them by
their own noun: "each tagline", "each username", "each tweet" beside a
sibling counting the taglines, usernames or tweets (or the list's items).

The things are the answer's items, so the count maps to the per-item kinds
the rules compile for it: ``each_word_count`` (words) or ``each_count``
(characters, sentences) of part ``item``; where the things stand one per
line, ``line_length`` states it as well (words or characters), so either
covers it.

Read by convention from the fields, never from a prompt: the scope is
"each|every|per <noun>", the unit words, characters or sentences, and a
sibling counts the same noun (singular or plural), or generic items (unit
item, numbered item, bullet, entry, line) with ``exactly``/``between``/a
bound. Beside generic items, not a part of each thing: a noun that names a
field of an entry
("definition", "description", "reason", "explanation", "meaning", "body",
"answer", "cell", "text", …) is a piece of the item, which the item's count
would overstate; nor the parts the general mapping already reads (sentence,
line, bullet, paragraph, section, heading, step).
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, Matcher, all_of, counts, either
from _blind_parts import NUMERIC, count_value
from _blind_rows import Constraint, Row

__all__ = ["each_thing"]

_UNITS = {
    "word": "words",
    "words": "words",
    "character": "characters",
    "characters": "characters",
    "char": "characters",
    "chars": "characters",
    "sentence": "sentences",
    "sentences": "sentences",
}
_SCOPE = re.compile(r"(?:each|every|per)\s+(?P<noun>[a-z][a-z -]*?)")
# parts the general mapping reads by name (each sentence, each bullet …)
_PARTS = re.compile(
    r"(?:word|sentence|line|bullet|bullet point|paragraph|section|heading|stanza|verse|item|"
    r"list item|numbered item|part|h2 section)s?"
)
# pieces of an entry: an item's count would overstate them
_PIECES = re.compile(
    r"(?:.*\s)?(?:definition|description|reason|explanation|meaning|body|answer|cell|text|"
    r"sub-clause|clause|line|step|entry|slide|question)s?"
)
_GENERIC = {"item", "items", "numbered item", "bullet", "entry", "list item", "line"}
_COUNTS = NUMERIC | {"none"}


def _singular(noun: str) -> str:
    noun = " ".join(noun.lower().split())
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def _counts(sibling: Constraint) -> bool:
    return sibling.relation.strip().lower() in _COUNTS


def each_thing(c: Constraint, row: Row) -> Expectation | None:
    """The per-item checks of a count whose scope names each thing listed;
    None where the constraint is no such count."""
    scope = " ".join(str(c.scope or "").lower().split())
    found = _SCOPE.fullmatch(scope)
    units = _UNITS.get(str(c.unit or "").strip().lower())
    relation = c.relation.strip().lower()
    if found is None or units is None or not count_value(relation, c.value):
        return None
    noun = _singular(found.group("noun"))
    if _PARTS.fullmatch(noun):
        return None
    siblings = [s for s in row.constraints if s.index != c.index and s.unit is not None]
    named = any(_counts(s) and _singular(str(s.unit)) == noun for s in siblings)
    generic = any(_counts(s) and _singular(str(s.unit)) in _GENERIC for s in siblings)
    # a sibling counting the same noun names the things ("each reason" beside
    # "3 reasons"); beside generic items only a noun that is no piece of one
    if not (named or (generic and not _PIECES.fullmatch(noun))):
        return None
    if units == "words":
        per_item = counts("each_word_count", relation, c.value, part="item")
    else:
        per_item = counts("each_count", relation, c.value, part="item", units=units)
    if units == "sentences":
        return all_of(*per_item)
    per_line = counts("line_length", relation, c.value, length_in=units)
    matchers: tuple[Matcher, ...] = tuple(
        either(a, b) for a, b in zip(per_item, per_line, strict=True)
    )
    return all_of(*matchers)
