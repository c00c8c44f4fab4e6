"""The rule for the order of parts: "a title, then three bullet points, then
a postscript" becomes one order check per "then" (title before bullets,
bullets before postscript).

An order check's span is its connector ("then", "followed by") and nothing
else: it enforces the order, not what each part must be. The parts' own
words are left to their own checks (a title, a bullet count, a postscript),
so a clause whose parts have no check of their own stays partial.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.criteria._hits import hit_of
from redraft.criteria._rule_parts import Guard
from redraft.criteria._sentences import NEGATION, Hit, Rule, Sentence

__all__ = ["ORDER_RULES"]

_CONNECTOR = re.compile(
    r"(?:\band\s+)?\bthen\b|\bfollowed\s+by\b|\band\s+after\s+(?:that|this)\b|"
    r"\bafter\s+(?:that|this|which)\s*,?\s*(?:add|write|include|give|put)?\b"
)
_NOUNS: list[tuple[str, str]] = [
    (r"titles?|headlines?", "title"),
    (r"post\s*scripts?|p\.\s?s\.?", "postscript"),
    (r"numbered\s+(?:list|items?|points?|steps?)", "numbered"),
    (
        r"bullet(?:ed)?(?:[\s-]+(?:points?|list|items?))?s?|(?:markdown\s+)?bulleted\s+list",
        "bullets",
    ),
    (
        r"paragraphs?|sentences?|introduction|intro|conclusion|explanation|description|prose",
        "text",
    ),
]
_NOUN = re.compile(
    r"(?<![\w.])(?:" + "|".join(f"(?P<n{i}>{p})" for i, (p, _) in enumerate(_NOUNS)) + r")(?!\w)"
)
_WINDOW = 80
# The order spec's title is one ``<<title>>`` line: a title the sentence
# does not put in double angular brackets may be a heading, a bold line or
# one per item, and the spec would look for the wrong thing.
_ANGULAR_TITLE = re.compile(r"<<|double\s+angular\s+brackets|angle\s+brackets")
# Parts of each item ("each tip: a bold title, then one sentence"), or parts
# named in the plural ("bold titles followed by …"): an order within items.
_PER_ITEM = re.compile(r"\b(?:each|every|per|apiece)\b|\b(?:titles|headlines)\b")
# Where the part before a connector may begin: a clause break or the sentence start.
_CLAUSE = re.compile(r"[;:]|\bthen\b|\bfollowed\s+by\b")


def _kinds(text: str) -> list[str]:
    found = []
    for match in _NOUN.finditer(text):
        for i, (_, kind) in enumerate(_NOUNS):
            if match.group(f"n{i}"):
                found.append(kind)
    return found


def _one(kinds: list[str]) -> str | None:
    """The one part a stretch of text names (None when none or several)."""
    named = set(kinds)
    if len(named) > 1 and "text" in named:
        named.discard("text")  # "a summary paragraph in bullet points": the list
    return named.pop() if len(named) == 1 else None


def order(sentence: Sentence) -> Iterator[Hit]:
    """One check per connector whose two parts are units the order spec
    measures as the prompt means them."""
    text = sentence.lower
    blocked = Guard(text).blocked
    angular = bool(_ANGULAR_TITLE.search(text))
    for match in _CONNECTOR.finditer(text):
        if match.start() >= blocked:
            continue
        before = text[max(0, match.start() - _WINDOW) : match.start()]
        breaks = list(_CLAUSE.finditer(before))
        if breaks:
            before = before[breaks[-1].end() :]
        if NEGATION.search(before):
            continue
        after = text[match.end() : match.end() + _WINDOW]
        after = re.split(r"[.;:]|,\s*(?:and\s+)?then\b|\bthen\b|\bfollowed\s+by\b", after)[0]
        first, second = _one(_kinds(before)), _one(_kinds(after)[:1])
        if first is None or second is None or first == second:
            continue
        if "title" in (first, second) and not angular:
            continue
        if _PER_ITEM.search(text, 0, match.end() + len(after)):
            continue
        if hit := hit_of({"kind": "order", "parts": [first, second]}, *match.span()):
            yield hit


ORDER_RULES: tuple[Rule, ...] = (order,)
