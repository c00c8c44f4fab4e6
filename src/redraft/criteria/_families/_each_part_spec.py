"""The every-part specs: every sentence, paragraph, bullet point, list item
or line starts or ends with a phrase (measured and read in
:mod:`._each_part`, read for the things asked in :mod:`._each_thing_affix`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from redraft.criteria._families._base import FamilySpec
from redraft.criteria._spec_base import SHORT
from redraft.criteria._spec_parts import PART_NAMES, Part

__all__ = ["EachEndsWith", "EachStartsWith"]


class EachStartsWith(FamilySpec):
    """Every sentence, paragraph or bullet point starts with ``phrase``
    (case-insensitive; a whole word unless ``letter``), or, with
    ``capital``, with a capital letter."""

    kind: Literal["each_starts_with"] = "each_starts_with"
    part: Part
    phrase: str | None = Field(default=None, min_length=1, max_length=SHORT)
    capital: bool = False
    # "starts with the letter S", "verbs that start with 're'": letters any
    # word may open with (up to four: a prefix, not a word of its own)
    letter: bool = False

    @model_validator(mode="after")
    def _one_rule(self) -> EachStartsWith:
        if (self.phrase is None) == (not self.capital):
            raise ValueError("give either a phrase or capital=true")
        if self.letter and not (self.phrase and len(self.phrase) <= 4 and self.phrase.isalpha()):
            raise ValueError("letter=true takes a phrase of one to four letters")
        return self

    def describe(self) -> str:
        start = "a capital letter" if self.capital else repr(self.phrase)
        if self.letter:
            start = f"the letter{'s' if len(self.phrase or '') > 1 else ''} {start}"
        return f"every {PART_NAMES[self.part][0]} starts with {start}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part)


class EachEndsWith(FamilySpec):
    """Every sentence, paragraph or bullet point ends with ``phrase``
    (case-insensitive; "!" = every one ends with an exclamation mark)."""

    kind: Literal["each_ends_with"] = "each_ends_with"
    part: Part
    phrase: str = Field(min_length=1, max_length=SHORT)

    def describe(self) -> str:
        return f"every {PART_NAMES[self.part][0]} ends with {self.phrase!r}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part)
