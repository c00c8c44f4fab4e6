"""What ``_blind_map`` expects where a writer asks something of every part —
a keyword, a number, an emoji, a question, a link or a hashtag in each
sentence, paragraph, line or bullet: the ``each_contains`` kind, read from
the fields by rule (unit, scope ``each <part>``, a count, the words)."""

from __future__ import annotations

import re

from _blind_matchers import Expectation, Matcher, Spec, all_of
from _blind_parts import NUMERIC, count_value
from _blind_rows import Constraint

__all__ = ["each_part_holds"]

_PARTS = {
    "sentence": "sentence",
    "paragraph": "paragraph",
    "stanza": "paragraph",
    "line": "line",
    "bullet": "bullet",
    "bullet point": "bullet",
    "item": "item",
    "list item": "item",
    "section": "section",
}
_UNITS = {
    "number": "number",
    "numeral": "number",
    "digit": "number",
    "emoji": "emoji",
    "question": "question",
    "link": "link",
    "url": "link",
    "hashtag": "hashtag",
}


def _singular(raw: object) -> str:
    words = " ".join(str(raw or "").lower().split())
    return re.sub(r"s$", "", words)


def each_part_holds(c: Constraint) -> Expectation | None:
    scope = re.fullmatch(r"(?:each|every) (.+)", " ".join(str(c.scope or "").lower().split()))
    part = _PARTS.get(_singular(scope.group(1))) if scope else None
    relation = c.relation.strip().lower()
    if part is None or (relation not in NUMERIC and relation != "contains"):
        return None
    unit = _singular(c.unit)
    bounds = count_value(relation, c.value) if relation in NUMERIC else (("at_least", 1),)
    if not bounds:
        return None
    if unit in ("keyword", "word", "phrase") and len(c.words) == 1:
        keyword = c.words[0].casefold()
        what, label = "keyword", f"each {part} holds {keyword!r}"
    elif unit in _UNITS:
        keyword, what, label = "", _UNITS[unit], f"each {part} holds {unit}"
    else:
        return None
    matchers = []
    for rel, n in bounds:

        def test(spec: Spec, rel: str = rel, n: int = n) -> bool:
            return (
                spec.get("part") == part
                and spec.get("what") == what
                and str(spec.get("keyword") or "").casefold() == keyword
                and spec.get("relation") == rel
                and spec.get("value") == n
            )

        matchers.append(Matcher(frozenset({"each_contains"}), test, f"{label} {rel} {n}"))
    return all_of(*matchers)
