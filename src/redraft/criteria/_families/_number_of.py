"""Counts phrased around the thing counted rather than the number: "the
number of sentences should be in the range of 40 to 60", "limit the number
of words to less than 300", and frequencies ("at least 3 times", "twice"),
for the counted families of :mod:`._counted`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._counted import typed_hit
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import Hit, Sentence, response_context
from redraft.criteria._spec_base import Relation

__all__ = ["AMOUNT", "TIMES", "NumberOf", "Tally", "amount_of", "times_of"]


@dataclass(frozen=True)
class Tally:
    """A unit as "the number of …" names it, and the spec a count of it
    builds; ``exact``: whether "should be 5" (exactly) may be read for it."""

    pattern: str
    build: Callable[[Relation, int], FamilySpec]
    exact: bool = False


_IN_RESPONSE = (
    r"(?:\s+in\s+(?:your|the)\s+(?:entire\s+|whole\s+)?(?:response|answer|reply|output))?"
)
AMOUNT = (
    rf"(?:(?P<rel>{RELATION})\s+)?(?:in\s+the\s+range\s+of\s+|between\s+)?(?P<num>{NUMBER})"
    rf"(?:\s+(?:to|and|-)\s+(?P<high>{NUMBER})|\s+or\s+(?P<dir>more|less|fewer))?"
)
"""An amount after "should be" or "to": a relation and a number, a range or
"N or more" (groups ``rel``, ``num``, ``high``, ``dir``)."""


def amount_of(match: re.Match[str]) -> list[tuple[Relation, int]]:
    """The bounds an :data:`AMOUNT` match states."""
    value = number_value(match.group("num"))
    if value is None:
        return []
    if match.group("high"):
        high = number_value(match.group("high"))
        return [] if high is None or high <= value else [("at_least", value), ("at_most", high)]
    if match.group("dir"):
        return [("at_least" if match.group("dir") == "more" else "at_most", value)]
    if match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return [(relation, value + adjust)]
    return [("exactly", value)]


@dataclass(frozen=True)
class NumberOf:
    """The rule that reads "the number of sentences should be 40 to 60" and
    "limit the number of words to less than 300" for ``tallies``."""

    tallies: tuple[Tally, ...]
    _patterns: tuple[re.Pattern[str], ...] = field(
        default=(), init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        what = "|".join(f"(?P<w{i}>{t.pattern})" for i, t in enumerate(self.tallies))
        patterns = (
            rf"\b(?:the\s+)?(?:total\s+)?number\s+of\s+(?:{what}){_IN_RESPONSE}\s+"
            rf"(?:should|must|needs\s+to|has\s+to|shall)\s+be\s+{AMOUNT}\b",
            rf"\blimit\s+the\s+(?:total\s+)?number\s+of\s+(?:{what}){_IN_RESPONSE}\s+to\s+"
            rf"{AMOUNT}\b",
        )
        object.__setattr__(self, "_patterns", tuple(compile_lazily(p) for p in patterns))

    def __call__(self, sentence: Sentence) -> Iterator[Hit]:
        for pattern in self._patterns:
            for match in pattern.finditer(sentence.lower):
                if not response_context(sentence, match.start()):
                    continue
                tally = next(t for i, t in enumerate(self.tallies) if match.group(f"w{i}"))
                amounts = amount_of(match)
                if tally.exact or all(r != "exactly" for r, _ in amounts):
                    for relation, value in amounts:
                        yield from typed_hit(tally.build, relation, value, match.span())


TIMES = rf"(?:(?P<rel>{RELATION})\s+)?(?:(?P<num>{NUMBER})\s+times?|(?P<word>once|twice|thrice))"
"""A frequency: "at least 3 times", "twice" (groups ``rel``, ``num``, ``word``)."""


def times_of(match: re.Match[str]) -> tuple[Relation, int] | None:
    """A frequency from a match with ``word``/``num`` and optional ``rel`` groups
    (a bare count means at least that many); None when the count is unreadable."""
    value = number_value(match.group("word") or match.group("num") or "")
    if value is None:
        return None
    if match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return relation, value + adjust
    return "at_least", value
