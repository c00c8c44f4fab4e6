"""The specs of counts within each part (``each_word_count``,
``each_count``) and of equal word counts (``equal_word_count``), the units a
part holds and how one part's units are counted: measured and read in
:mod:`._per_part`, and used by every family that counts within parts."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal

from pydantic import model_validator

from redraft.criteria import _measure as measure
from redraft.criteria._families._base import FamilyCount, FamilySpec
from redraft.criteria._spec_base import RELATION_WORDS
from redraft.criteria._spec_parts import PART_NAMES, Part

__all__ = [
    "COUNTERS",
    "HOLDS",
    "UNIT_NAMES",
    "EachCount",
    "EachWordCount",
    "EqualWordCount",
    "Units",
]

Units = Literal["words", "characters", "sentences", "lines", "paragraphs", "bullets", "numbered"]
UNIT_NAMES: dict[str, tuple[str, str]] = {
    "words": ("word", "words"),
    "characters": ("character", "characters"),
    "sentences": ("sentence", "sentences"),
    "lines": ("line", "lines"),
    "paragraphs": ("paragraph", "paragraphs"),
    "bullets": ("bullet point", "bullet points"),
    "numbered": ("numbered item", "numbered items"),
}
_SHORT = frozenset({"words", "characters"})
_ITEM = _SHORT | {"sentences"}
# What a part can hold: a sentence holds no sentences, a paragraph (a
# stanza) runs over several lines, and only a section holds paragraphs and lists.
HOLDS: dict[str, frozenset[str]] = {
    "sentence": _SHORT,
    "heading": _SHORT,
    "title": _SHORT,
    "line": _ITEM,
    "bullet": _ITEM,
    "numbered": _ITEM,
    "item": _ITEM,
    "paragraph": _ITEM | {"lines"},
    "section": _ITEM | {"lines", "paragraphs", "bullets", "numbered"},
}


class EachWordCount(FamilyCount):
    """The words of every sentence, paragraph or bullet point, each compared
    with ``value`` on its own ("every sentence has at most 12 words")."""

    kind: Literal["each_word_count"] = "each_word_count"
    part: Part
    unit: ClassVar[tuple[str, str]] = ("word", "words")

    def describe(self) -> str:
        return f"every {PART_NAMES[self.part][0]} has {super().describe()}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part, self.relation)


class EachCount(FamilyCount):
    """The ``units`` of every part, each compared with ``value`` on its own
    ("every paragraph has exactly 3 sentences", "2 to 4 bullets per
    section"). A sentence, heading or title holds words and characters; a
    line or a list item also sentences; a paragraph also lines; a section
    also paragraphs, bullet points and numbered items."""

    kind: Literal["each_count"] = "each_count"
    part: Part
    units: Units = "words"

    @model_validator(mode="after")
    def _holds(self) -> EachCount:
        if self.units not in HOLDS[self.part]:
            raise ValueError(f"a {self.part} does not hold {self.units}")
        return self

    def describe(self) -> str:
        noun = UNIT_NAMES[self.units][0 if self.value == 1 else 1]
        relation = RELATION_WORDS[self.relation]
        return f"every {PART_NAMES[self.part][0]} has {relation} {self.value} {noun}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part, self.units, self.relation)


class EqualWordCount(FamilySpec):
    """Every sentence, paragraph or bullet point has as many words as every
    other, whichever common way words are counted ("don't" as one or two)."""

    kind: Literal["equal_word_count"] = "equal_word_count"
    part: Part

    def describe(self) -> str:
        return f"every {PART_NAMES[self.part][0]} has the same number of words"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part)


COUNTERS: dict[str, Callable[[str], int]] = {
    "words": lambda part: len(measure.words(part)),
    "characters": lambda part: len(part.strip()),
    "sentences": lambda part: len(measure.sentences(part)),
    "lines": lambda part: sum(1 for line in part.splitlines() if line.strip()),
    "paragraphs": lambda part: len(measure.paragraphs(part)),
    "bullets": measure.bullets,
    "numbered": measure.numbered_items,
}
"""How many of each unit one part holds."""
