"""Hashtag count: ``#`` followed by a word that holds a letter.

Measured exactly under that definition: ``#launch`` and ``#AI2026`` count;
``#1``, a markdown heading (``# Title``, a space after the sign), ``C#`` and a
link's ``page#part`` (a letter or digit before the sign) and an HTML entity
(``&#39;``) do not. Read from "include 3 to 5 hashtags" (two checks), "2-3
hashtags at the end", "exactly two hashtags", "no hashtags".
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import CountFamily, FamilyCount, counted_hit
from redraft.criteria._families._reading import CountPhrases
from redraft.criteria._families._removals import cut_spans, removal
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["HASHTAG", "HASHTAGS", "HashtagCount"]

HASHTAG = compile_lazily(r"(?<![\w#&/])#(?=\w*[^\W\d_])\w+")


class HashtagCount(FamilyCount):
    """Hashtags: ``#`` then a word holding a letter (``#1``, ``C#`` and
    ``# Heading`` are not hashtags)."""

    kind: Literal["hashtag_count"] = "hashtag_count"
    unit: ClassVar[tuple[str, str]] = ("hashtag", "hashtags")


_PHRASES = CountPhrases(
    unit=r"hashtags?|hash\s+tags?",
    singular="hashtag",
    bare=(
        r"include|includes|including|use|using|add|with|contain|containing|have|give|suggest|"
        r"generate|provide|produce|create|write"
    ),
    none=True,
    # "finish with exactly three hashtags", as "3 hashtags at the end"
    ends_with=True,
    before=r"\b(?:each|every|per|bullet|item|heading|title|sentence|paragraph|line)s?\b",
    # "2-3 hashtags at the end": where they go, not a part they count in
    # "at the end"; "for a post about …" (what the hashtags are for, the answer itself)
    after=(
        r"\s*(?:at\s+the\s+(?:very\s+)?end\b|for\s+(?:a|an|my|our|the|this|your)\s+"
        r"(?:[\w-]+\s+){0,3}?(?:post|tweet|caption|reel|video|photo|picture|story|update|"
        r"announcement|campaign|launch)\b)"
    ),
)


def hashtag_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Include 3 to 5 hashtags", "no hashtags", "exactly two hashtags"."""
    for found in _PHRASES.read(sentence):
        yield from counted_hit(lambda r, v: HashtagCount(relation=r, value=v), found)


REMOVE_HASHTAGS = RepairOp(
    "remove_hashtags",
    255,
    lambda text, _p, _r: cut_spans(text, [m.span() for m in HASHTAG.finditer(text)]),
    lambda _p: "hashtags removed",
)


class _Hashtags(CountFamily):
    name = "hashtags"
    specs = (HashtagCount,)
    rules: ClassVar[tuple[Rule, ...]] = (hashtag_counts,)
    written_as = ', each "#" followed by a word, like #example'

    edits: ClassVar[tuple[RepairOp, ...]] = (REMOVE_HASHTAGS,)

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return HASHTAG.findall(text)

    def repair(self, spec: Any) -> dict[str, Any] | None:
        """None allowed: every one is removed."""
        return removal(spec, "remove_hashtags")


HASHTAGS = _Hashtags()
