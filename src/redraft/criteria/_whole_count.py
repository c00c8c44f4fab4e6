"""A count of the very unit a sentence's distributive subject names: "Every
line must begin with '-- ', …, and keep it to 4 lines", "every paragraph
indented with 4 spaces, and 4 paragraphs in total". A line holds no lines
and a paragraph no paragraphs, so that count cannot be each one's: it is the
whole answer's, though the sentence's subject is each of its parts.

Read only where nothing else could own the count: every distributive subject
of the sentence is that unit ("each line", not "each stanza", "per verse" or
"each line of the chorus"), no other part is named in the sentence, and the
count opens an item of its own ("…, and 4 lines", "…, and there must be
exactly 8 lines", "…, keep it to 4 lines").
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER

__all__ = ["counts_own_unit"]

_UNITS = r"line|paragraph|sentence|stanza"
# "each line", "every single paragraph"; not "each line of the chorus"
_EACH_UNIT = compile_lazily(
    rf"\b(?:each|every)\s+(?:single\s+)?(?P<unit>{_UNITS})\b"
    r"(?!\s+(?:of|in)\s+(?:the|each|every|your|its|this|that|a|an|my|our)\b)"
)
_DISTRIBUTIVE = compile_lazily(r"\b(?:each|every|per|apiece|any)\b")
# What else a count could belong to
_PARTS = compile_lazily(
    r"\b(?:lines?|paragraphs?|sentences?|stanzas?|verses?|sections?|chorus|refrains?|parts?|"
    r"bullets?|items?|columns?|rows?|cells?|titles?|headings?|headlines?|questions?|answers?|"
    r"steps?|points?|entries|entry|blocks?|intro|conclusion|p\.\s?s\.?|postscript)\b"
)
# The count opens its own item: after a comma, a semicolon, a dash or "and"
# (a dash only with a space before it: "3-4 sentences" is a range, not an item)
_ITEM_OPENS = compile_lazily(
    r"(?:(?:[,;]|\s[—–])\s*(?:and\s+)?|\band\s+)(?:there\s+(?:must|should|will|has\s+to)\s+be\s+)?$"
)
# The count's other end before it: "3 - 4 lines", "3 to 4 lines", "3 or 4 lines"
_RANGE_BEFORE = compile_lazily(rf"\b(?:{NUMBER})\s*(?:[-–—]|to|or)\s*$")


def counts_own_unit(text: str, start: int) -> bool:
    """Whether the phrase at ``start`` of the (lower-case) sentence ``text``
    counts the unit its distributive subject names, as an item of its own."""
    subjects = list(_EACH_UNIT.finditer(text, 0, start))
    if not subjects:
        return False
    unit = subjects[0].group("unit")
    if any(m.group("unit") != unit for m in subjects):
        return False
    if len(_DISTRIBUTIVE.findall(text)) != len(list(_EACH_UNIT.finditer(text))):
        return False  # "per verse", "each one", "every stanza": another thing each
    if any(m.group(0).rstrip("s") != unit for m in _PARTS.finditer(text)):
        return False  # "every line rhymes …, the chorus 4 lines": the chorus's maybe
    if not _ITEM_OPENS.search(text, 0, start) or _RANGE_BEFORE.search(text, 0, start):
        return False
    counted = compile_lazily(
        rf"(?:(?:keep|limit|make)\s+it\s+to\s+|(?:in\s+)?(?:exactly|only|just)\s+)?"
        rf"(?:{NUMBER})\s+(?:(?:short|long|separate)\s+)?{unit}s?\b"
    )
    return counted.match(text, start) is not None
