"""List items: the answer's markdown bullet lines and numbered list lines.

Measured exactly: a bullet is a line starting (after indentation) with
``*``, ``-``, ``+`` or ``•`` and a space; a numbered item a line starting
with a number of up to three digits and ``.`` or ``)``. Read from "use
exactly 4 bullet points", "between 3 and 5 bullets", "at most 6 numbered
items", "in 3 bullet points" (a bare number is exact for list items) and
"the number of bullet points should be 3 to 5"; not from a count of one
part ("3 bullets per section", "bullets of at most 10 words each").
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from redraft.criteria import _measure as measure
from redraft.criteria._families._base import FamilyCount, FamilySpec
from redraft.criteria._families._counted import NumberOf, Tally, TallyFamily, Unit, UnitCounts
from redraft.criteria._sentences import Rule, Sentence
from redraft.criteria._spec_base import Relation

__all__ = ["BULLETS", "NUMBERED", "BulletCount", "NumberedCount"]


class BulletCount(FamilyCount):
    """Markdown bullet lines (``* ``, ``- ``, ``+ ``, ``• ``)."""

    kind: Literal["bullet_count"] = "bullet_count"
    unit: ClassVar[tuple[str, str]] = ("bullet point", "bullet points")


class NumberedCount(FamilyCount):
    """Numbered list lines (``1. ``, ``2) ``)."""

    kind: Literal["numbered_count"] = "numbered_count"
    unit: ClassVar[tuple[str, str]] = ("numbered item", "numbered items")


def _bullets(relation: Relation, value: int, sentence: Sentence) -> FamilySpec:
    return BulletCount(relation=relation, value=value)


def _numbered(relation: Relation, value: int, sentence: Sentence) -> FamilySpec:
    return NumberedCount(relation=relation, value=value)


bullet_counts = UnitCounts(
    (
        Unit(
            r"(?:markdown\s+)?(?:bullet(?:[\s-]+points?)?s?|bulleted\s+(?:items?|points?))"
            r"(?!\s+lists?\b)",
            _bullets,
            bare_exact=True,
            none=True,
        ),
        Unit(r"bullet(?:ed)?(?:[\s-]+point)?\s+lists?", _bullets, none=True, none_only=True),
    )
)
bullet_tallies = NumberOf(
    (
        Tally(
            r"(?:markdown\s+)?bullet(?:[\s-]+points?)?s?",
            lambda r, v: BulletCount(relation=r, value=v),
        ),
    )
)
numbered_counts = UnitCounts(
    (
        Unit(
            r"numbered\s+(?:list\s+)?(?:items?|points?|steps?)|numbered\s+(?!(?:lists?|sections?|"
            r"headings?|headers?|paragraphs?|columns?|rows?|tables?|lines?|pages?|chapters?)\b)"
            r"[a-z]+s\b|numbering",
            _numbered,
            bare_exact=True,
            none=True,
        ),
        Unit(r"numbered\s+lists?", _numbered, none=True, none_only=True),
    )
)


class _Bullets(TallyFamily):
    name = "bullets"
    specs = (BulletCount,)
    rules: ClassVar[tuple[Rule, ...]] = (bullet_counts, bullet_tallies)
    growing = True

    def count(self, spec: Any, text: str) -> int:
        return measure.bullets(text)

    def written_as(self, spec: Any) -> str:
        return ', each a line starting with "* "'


class _Numbered(TallyFamily):
    name = "numbered items"
    specs = (NumberedCount,)
    rules: ClassVar[tuple[Rule, ...]] = (numbered_counts,)
    growing = True

    def count(self, spec: Any, text: str) -> int:
        return measure.numbered_items(text)

    def written_as(self, spec: Any) -> str:
        return ', each a line starting with "1. ", "2. ", …'


BULLETS = _Bullets()
NUMBERED = _Numbered()
