"""The one part of the counted parts that opens or closes with a phrase,
said right after the count: "Write 2 paragraphs, the second paragraph
starting with 'Care tips:'", "exactly 3 sentences, the first beginning with
'This study'", "three paragraphs, the first one starting with 'Dear
parents,'" (``word_at`` of that part, read for :mod:`._positions`).

Only for sentences, paragraphs and bullet points, a position within the
count ("the fourth" of 3 names none), one quoted phrase or word (not one of
several), and a plain request: not hedged, conditional, negated or asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._alternatives import offers_alternatives
from redraft.criteria._families._arguments import (
    ARG,
    ORDINAL,
    Guard,
    ordinal_value,
    part_of,
    spec_hit,
)
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import Hit, Sentence

__all__ = ["counted_openers"]

_PARTS = r"(?P<part>sentences|paragraphs|bullet(?:[\s-]+point)?s)"
_COUNTED_ONE = compile_lazily(
    rf"\b(?P<num>{NUMBER})\s+(?:[a-z-]+\s+)?{_PARTS}\b(?P<between>[^.;:!?\ue000]{{0,60}}?),\s*"
    rf"(?:with\s+)?the\s+(?P<ord>{ORDINAL}|last|final)(?:\s+(?:one|sentence|paragraph|"
    r"bullet(?:\s+point)?))?\s+(?P<verb>starting|beginning|opening|ending|finishing|closing)\s+"
    rf"with\s+(?:the\s+(?:word|phrase)\s+)?(?P<arg>{ARG})"
)
_ENDS = ("ending", "finishing", "closing")
_POLITE = compile_lazily(r"^\s*(?:please\s+)?(?:can|could|would|will)\s+you\b")


def counted_openers(
    sentence: Sentence, build: Callable[[str, str, int, int], Callable[[], FamilySpec]]
) -> Iterator[Hit]:
    """``build(word, part, index, position)`` for each part named so."""
    text = sentence.lower
    if text.rstrip().endswith("?") and not _POLITE.match(text):
        return
    plain = Guard(text)
    for match in _COUNTED_ONE.finditer(text):
        count = number_value(match.group("num"))
        index = -1 if match.group("ord") in ("last", "final") else ordinal_value(match.group("ord"))
        if count is None or index == 0 or index > count or not plain(match.start()):
            continue
        if offers_alternatives(text, match.end()):
            continue
        word = sentence.unmask(match.start("arg") + 1, match.end("arg") - 1).strip()
        position = -1 if match.group("verb") in _ENDS else 1
        part = part_of(" ".join(match.group("part").split()))
        if word and (hit := spec_hit(build(word, part, index, position), *match.span())):
            yield hit
