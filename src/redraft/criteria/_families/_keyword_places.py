"""Keywords required in named parts, in wordings the plain keyword-in rules
of :mod:`._positions` do not read:

- two parts named at once: "include 'hope' in the first and last sentence",
  "use his name, Tom Birch, in both the first sentence and the last
  sentence", "'Inspector Vale' appears in the first sentence and the last";
- a part requiring values given without quotes: a name in apposition to
  the noun naming it ("the first sentence must contain her name, Mrs.
  Delaney"), a literal after a noun naming it ("Second sentence must
  include the email backup@firm.com", "the second paragraph must mention
  the year 2025"), capitalised names ("The first sentence must name Elgar
  and the year 1899").

A value is read whole or not at all, and the clause must end after it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import (
    ARG,
    ORDINAL,
    PART,
    Guard,
    index_of,
    part_of,
    spec_hit,
)
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._families._literal_values import NUMBER_NOUNS, literal_at
from redraft.criteria._governors import clause_start
from redraft.criteria._guards import NEGATION
from redraft.criteria._sentences import Hit, Sentence, sentence_blocked
from redraft.criteria._spec_parts import Part

__all__ = ["placed_keywords"]

Build = Callable[[str, Part, int], Callable[[], FamilySpec]]

_TITLE = r"(?:Dr|Mr|Mrs|Ms|Mx|Prof|Inspector|Detective|Captain|Sergeant|Judge)\.?"
_NAME_WORD = r"[A-Z][\w'’-]*"
_NAME = rf"(?:{_TITLE}\s+)?{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}}"
_OWNER = r"(?:(?:the\s+)?[a-z]+'s|her|his|their|its|my|our|your)"
# one value: quoted; a name in apposition; a literal after the noun naming it; a name
_VALUE = compile_lazily(
    rf"(?i:the\s+(?:word|phrase|term|name)\s+)?(?P<quoted>{ARG})|"
    rf"(?i:{_OWNER}\s+(?:full\s+|first\s+)?name)\s*,\s*(?P<apposed>{_NAME})\s*,?|"
    r"(?i:the\s+(?:[a-z]+\s+)?(?P<noun>[a-z]+)\s+)(?=\S)|"
    rf"(?P<name>{_NAME})"
)
_SEP = compile_lazily(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_DONE = compile_lazily(r"\s*(?:$|[.;,!)]|—|–|\s-\s|(?:and|but)\b)")
_MODAL = r"(?:must|should|has\s+to|needs\s+to|is\s+to|shall|will)"
# "the first and last sentence", "the first sentence and the last sentence",
# "both the first and the last sentences"
_TWO = compile_lazily(
    rf"(?:both\s+)?(?:the|your)\s+(?P<ord>{ORDINAL})(?:\s+(?P<part>{PART}))?\s+and\s+"
    rf"(?:(?:in\s+)?(?:the|your)\s+)?(?P<ord2>{ORDINAL})(?:\s+(?P<part2>{PART})s?)?\b"
)
_ONE = compile_lazily(rf"(?:(?:the|your)\s+)?(?P<ord>{ORDINAL})\s+(?P<part>{PART})\b")
_PUT = compile_lazily(r"\b(?:include|use|mention|put|place|insert|name|state|write)\s+")
_APPEARS = compile_lazily(
    rf"\s*(?:{_MODAL}\s+)?(?:appear|appears|occur|occurs|be\s+used|be\s+mentioned|"
    r"be\s+included|is\s+used|is\s+mentioned)\s+(?:in|within)\s+"
)
_IN = compile_lazily(r"\s*(?:somewhere\s+)?(?:in|within)\s+")
_OPENER = compile_lazily(r"(?:^|[,;:]\s*|\b(?:and|where|so\s+that|in\s+which)\s+)")
_PART_MUST = compile_lazily(
    rf"(?:^|[,;:]\s*|\band\s+)(?P<which>(?:(?:the|your)\s+)?(?P<ord>{ORDINAL})\s+(?P<part>{PART}))"
    rf"\s+{_MODAL}\s+(?:contain|include|mention|name|use|feature)\s+"
)


def _value(sentence: Sentence, pos: int, *, names: bool = True) -> tuple[str, int] | None:
    """The value at ``pos`` and where it ends; a bare capitalised name only
    where ``names`` (after a verb, never as a clause's subject: "The answer")."""
    match = _VALUE.match(sentence.masked, pos)
    if match is None:
        return None
    if match.group("quoted"):
        inner = sentence.unmask(match.start("quoted") + 1, match.end("quoted") - 1).strip()
        return inner, match.end()
    if match.group("apposed"):
        return sentence.unmask(*match.span("apposed")), match.end()
    if noun := match.group("noun"):
        numbers = noun.lower() in NUMBER_NOUNS
        return literal_at(sentence, match.end(), codes=True, numbers=numbers)
    if match.group("name") and names:
        return sentence.unmask(*match.span("name")), match.end()
    return None


def _values(sentence: Sentence, pos: int) -> tuple[list[str], int] | None:
    """Values separated by commas or "and", the clause ending after the last."""
    found: list[str] = []
    while (value := _value(sentence, pos)) is not None and len(found) < 5:
        found.append(value[0])
        pos = value[1]
        if _DONE.match(sentence.lower, pos) and not (
            (sep := _SEP.match(sentence.lower, pos)) and _value(sentence, sep.end())
        ):
            return found, pos
        sep = _SEP.match(sentence.lower, pos)
        if sep is None:
            return None
        pos = sep.end()
    return None


def _parts(match: re.Match[str]) -> list[tuple[Part, int]] | None:
    named = [p for p in (match.group("part"), match.groupdict().get("part2")) if p]
    if not named or len({part_of(p) for p in named}) > 1:
        return None
    part = part_of(named[0])
    first = index_of(match)
    second = index_of(match, "ord2") if match.groupdict().get("ord2") else None
    if first is None or (match.groupdict().get("ord2") and second is None):
        return None
    return [(part, i) for i in (first, second) if i is not None]


def _plain(sentence: Sentence, guard: Guard, start: int) -> bool:
    """Not hedged, conditional or asked, and not negated in its own clause ("use
    'thank' no more than once, and include …": the count's "no" is another clause's)."""
    if start >= guard.blocked or sentence_blocked(sentence, start):
        return False
    text = sentence.lower
    return not NEGATION.search(text, clause_start(text, start), start) and not asks_about(
        sentence, start
    )


def _hits(
    build: Build, values: list[str], places: list[tuple[Part, int]], span: tuple[int, int]
) -> Iterator[Hit]:
    for value in values:
        for part, index in places:
            if hit := spec_hit(build(value, part, index), *span):
                yield hit


def placed_keywords(sentence: Sentence, build: Build) -> Iterator[Hit]:
    text = sentence.lower
    guard = Guard(text)
    # "include X in the first and last sentence"; "X appears in the first and the last"
    for lead, names in ((_PUT, True), (_OPENER, False)):
        for match in lead.finditer(text):
            found = _value(sentence, match.end(), names=names)
            if found is None:
                continue
            value, end = found
            joint = (_IN if lead is _PUT else _APPEARS).match(text, end)
            two = _TWO.match(text, joint.end()) if joint else None
            if two is None or not _DONE.match(text, two.end()):
                continue
            places = _parts(two)
            if places is not None and _plain(sentence, guard, match.end()):
                yield from _hits(build, [value], places, (match.end(), two.end()))
    # "The first sentence must name Elgar and the year 1899"
    for match in _PART_MUST.finditer(text):
        parsed = _values(sentence, match.end())
        places = _parts(match)
        if parsed is None or places is None or not _plain(sentence, guard, match.start("which")):
            continue
        yield from _hits(build, parsed[0], places, (match.start("which"), parsed[1]))
