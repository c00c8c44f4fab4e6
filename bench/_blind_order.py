"""The order of parts a constraint states in passing: "exactly three
paragraphs followed by a bulleted list", "3 bullet points, then a
one-sentence verdict". Writers list such a clause under its count or its
form and seldom write the order down as a constraint of its own, yet the
order is a necessary part of what they quoted: redraft's ``order`` check
(text before bullets) fails only answers the clause fails. So the mapper
lists it as *implied* (it counts for precision, never for coverage).

Read by convention from the quote's own structure words, never from a given
prompt: two part nouns the ``order`` kind knows (prose, a bullet or numbered
list, a table, a code block, a title, a postscript) joined by "followed by",
"then", "and then", "after that" or "before" (or "after", the other way round).
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_matchers import Expectation, Matcher, fields
from _blind_rows import Constraint

__all__ = ["with_order"]

# the part each noun names, as the order kind calls it
_PARTS: tuple[tuple[str, str], ...] = (
    (r"bullet(?:ed)?(?:\s+(?:points?|list|items?))?|bullets|dot\s+points", "bullets"),
    (r"numbered(?:\s+(?:list|steps?|items?|points?))?", "numbered"),
    (r"(?:markdown\s+)?table", "table"),
    (r"code(?:\s+block)?|snippet", "code"),
    (r"title", "title"),
    (r"p\.\s?s\.?|postscript", "postscript"),
    (
        r"paragraphs?|sentences?|intro(?:duction)?|summary|explanation|verdict|"
        r"conclusion|closing\s+line|prose",
        "text",
    ),
)
_PART = "|".join(f"(?:{p})" for p, _ in _PARTS)
_CONNECTOR = r"(?:,\s*)?(?:followed\s+by|(?:and\s+)?then|after\s+that|before|after(?!\s+that))"
_ORDERED = re.compile(
    rf"\b(?P<first>{_PART})\b[^.;:]{{0,60}}?\b(?P<connector>{_CONNECTOR})\b[^.;:]{{0,40}}?"
    rf"\b(?P<second>{_PART})\b",
    re.IGNORECASE,
)


def _part(noun: str) -> str | None:
    for pattern, part in _PARTS:
        if re.fullmatch(pattern, noun, re.IGNORECASE):
            return part
    return None


def _order(quote: str) -> list[str] | None:
    found = _ORDERED.search(quote)
    if found is None:
        return None
    first, second = _part(found.group("first")), _part(found.group("second"))
    if first is None or second is None or first == second:
        return None
    parts = [first, second]
    # "a summary after the table": the second named comes first
    return parts[::-1] if found.group("connector").lower().strip(", ") == "after" else parts


def with_order(c: Constraint, found: Expectation) -> Expectation:
    """``found``, with the order of the two parts the quote joins as an
    implied check where it names one."""
    parts = _order(c.quote)
    if parts is None:
        return found
    ordered: Matcher = fields("order", parts=parts)
    return replace(found, implied=(*found.implied, ordered))
