"""The writer's constraints on one addressed part's start or end that map to
``part_affix``: "the last line starts with 'In short:'", "sentence 2 ends
with '?'", "the title ends with a colon", "the first bullet opens with Yes
or No". Keyed on the structured fields (relation, scope, value, words),
taken only where the phrase mapping found no other kind for them."""

from __future__ import annotations

import re

from _blind_matchers import Expectation, Matcher, Spec, all_of, phrase_is
from _blind_parts import Scope
from _blind_rows import Constraint

_NO_PART_KIND = "starts or ends one part that no kind addresses"
_NO_PHRASE = "no single phrase to start or end with"
_NO_EQUALS = "no kind checks that this part equals a value"
_PARTS = frozenset(["line", "sentence", "paragraph", "bullet", "numbered", "item", "heading"])
_ALTERNATIVES = re.compile(r"\b(?:either|one of|any of|alternatives?)\b", re.IGNORECASE)
_TITLES = re.compile(r"(?:the )?(?:title|headline|subject(?: line)?)")


def _where(scope: Scope) -> tuple[str, int] | None:
    where, part, index = scope
    if where == "nth" and part in _PARTS and isinstance(index, int) and (index > 0 or index == -1):
        return str(part), index
    if where == "other" and isinstance(part, str) and _TITLES.fullmatch(part):
        return "title", 1
    return None


def _phrases(c: Constraint) -> tuple[str, ...]:
    if isinstance(c.value, str) and c.value.strip():
        return (c.value.strip(),)
    return tuple(w.strip() for w in c.words if w.strip())


def _affix(part: str, index: int, position: str, phrases: tuple[str, ...]) -> Matcher:
    want = sorted(" ".join(p.split()).casefold() for p in phrases)

    def test(spec: Spec) -> bool:
        got = spec.get("phrases")
        if not isinstance(got, (list, tuple)):
            return False
        found = sorted(" ".join(str(p).split()).casefold() for p in got)
        where = (spec.get("part"), spec.get("index"), spec.get("position"))
        return where == (part, index, position) and found == want

    label = f"part_affix part={part!r} index={index} position={position!r} phrases={phrases!r}"
    return Matcher(frozenset({"part_affix"}), test, label)


def one_part(c: Constraint, scope: Scope, found: Expectation) -> Expectation:
    """``found``, or ``part_affix`` where ``found`` is the phrase mapping's
    "no kind" for a start or an end of one addressed part."""
    if found.matchers or found.reason not in (_NO_PART_KIND, _NO_PHRASE, _NO_EQUALS):
        return found
    relation = c.relation.strip().lower()
    where = _where(scope)
    phrases = _phrases(c)
    if found.reason == _NO_EQUALS:
        # "the last word of the second line is 'moon'": that part's end
        edge = re.fullmatch(r"(first|last)[ _]word", c.family.strip().lower())
        if edge is None or (c.unit or "").strip().lower() != "word" or relation != "equals":
            return found
        relation = "starts_with" if edge[1] == "first" else "ends_with"
    last = where is not None and where[1] == -1 and where[0] in ("line", "sentence")
    if last and relation == "ends_with" and len(phrases) == 1:
        # the last line's (sentence's) end is the answer's: ends_with states it
        return all_of(phrase_is("ends_with", phrases[0]))
    if relation not in ("starts_with", "ends_with") or where is None or not phrases:
        return found
    if found.reason == _NO_PHRASE and (len(phrases) < 2 or not _ALTERNATIVES.search(c.note or "")):
        return found  # "a greeting", or several phrases that may be a sequence
    if any(p.startswith("^") or p.lower() in ("emoji", "an emoji") for p in phrases):
        return found
    position = "start" if relation == "starts_with" else "end"
    return all_of(_affix(*where, position, phrases))
