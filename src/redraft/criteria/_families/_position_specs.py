"""What a word at a place is, and how it is measured: a keyword within one
part (:class:`KeywordIn`, "use 'cloud' in the second sentence, exactly
twice") and the word at a position (:class:`WordAt`, "the 5th word of your
answer should be 'river'"); the phrasings that ask for them are in
:mod:`._positions`.

Parts are cut as the rest of the vocabulary cuts them (``parts_of``):
sentences approximately, paragraphs at blank lines, bullet points at
markdown bullet lines. A word is compared with its quotes and closing
punctuation taken off and case ignored, nothing else: ``**However**`` is
not ``However``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._text import plural
from redraft.criteria import _measure as measure
from redraft.criteria._families._arguments import head
from redraft.criteria._families._base import FamilyCount, FamilySpec
from redraft.criteria._families._per_part import parts_of
from redraft.criteria._outcome import Outcome
from redraft.criteria._spec_base import RELATION_WORDS, SHORT, Relation, has_text
from redraft.criteria._spec_parts import PART_NAMES, Part, ordinal

__all__ = ["KeywordIn", "WordAt", "counted", "keyword_in_outcome", "word_at_outcome"]

_MAX_PHRASE_WORDS = 8


def _index(value: int) -> int:
    if value == 0 or value < -1:
        raise ValueError("a position is 1 or more (the first is 1), or -1 for the last")
    return value


class KeywordIn(FamilyCount):
    """Occurrences of ``keyword`` (whole word or phrase, case-insensitive,
    plural and possessive endings included) within the ``index``-th sentence,
    paragraph or bullet point (1 = first, -1 = last)."""

    kind: Literal["keyword_in"] = "keyword_in"
    keyword: str = Field(min_length=1, max_length=SHORT)
    part: Part
    index: int = Field(ge=-1, le=1000)
    relation: Relation = "at_least"
    value: int = Field(default=1, ge=0, le=1000)
    unit: ClassVar[tuple[str, str]] = ("time", "times")

    @field_validator("keyword")
    @classmethod
    def _keyword_text(cls, value: str) -> str:
        return has_text(value)

    @field_validator("index")
    @classmethod
    def _position(cls, value: int) -> int:
        return _index(value)

    def describe(self) -> str:
        where = f"the {ordinal(self.index)} {PART_NAMES[self.part][0]}"
        return f"the keyword {self.keyword!r} {super().describe()} in {where}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.keyword.lower(), self.part, self.index, self.relation)


class WordAt(FamilySpec):
    """The ``position``-th word (1 = first, -1 = last) of the answer, or of its
    ``index``-th sentence, paragraph or bullet point, is ``word`` (a word or a
    short phrase; case ignored, and quotes or closing punctuation around it)."""

    kind: Literal["word_at"] = "word_at"
    word: str = Field(min_length=1, max_length=SHORT)
    part: Literal["response", "sentence", "paragraph", "bullet"] = "response"
    index: int = Field(default=1, ge=-1, le=1000)
    position: int = Field(default=1, ge=-1, le=10_000)

    @field_validator("index", "position")
    @classmethod
    def _positions(cls, value: int) -> int:
        return _index(value)

    @field_validator("word")
    @classmethod
    def _short(cls, value: str) -> str:
        value = has_text(value)
        if len(value.split()) > _MAX_PHRASE_WORDS:
            raise ValueError(f"a word or a phrase of at most {_MAX_PHRASE_WORDS} words")
        return value

    def where(self) -> str:
        word = "first" if self.position == 1 else ordinal(self.position)
        if self.part == "response":
            return f"the {word} word of the answer"
        return f"the {word} word of the {ordinal(self.index)} {PART_NAMES[self.part][0]}"

    def describe(self) -> str:
        return f"{self.where()} is {self.word!r}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part, self.index, self.position)


# -- measuring -------------------------------------------------------------------------

_OPENERS = "\"'“‘«("
_CLOSERS = ".,!?\"'”’»)"


def _pick(found: Sequence[str], index: int) -> str | None:
    if index == -1:
        return found[-1] if found else None
    return found[index - 1] if 0 < index <= len(found) else None


def counted(part: str, n: int) -> str:
    """ "3 sentences", "1 bullet point"."""
    singular, many = PART_NAMES[part]
    return f"{n} {singular if n == 1 else many}"


def _missing(spec: KeywordIn | WordAt, part: str, index: int, have: int) -> Outcome:
    wanted = index if index > 0 else 1
    return Outcome(
        False,
        f"the answer has {counted(part, have)}, so it has no {ordinal(index)} "
        f"{PART_NAMES[part][0]}; required: {spec.describe()}",
        f"Your answer has {counted(part, have)}; it needs at least {counted(part, wanted)}, "
        f"and {spec.describe()}.",
        score=0.0,
        data={"measured": have},
    )


def keyword_in_outcome(spec: KeywordIn, text: str) -> Outcome:
    found = parts_of(text, spec.part)
    chosen = _pick(found, spec.index)
    if chosen is None:
        return _missing(spec, spec.part, spec.index, len(found))
    n = len(measure.keyword_matches(chosen, spec.keyword))
    where = f"its {ordinal(spec.index)} {PART_NAMES[spec.part][0]}"
    times = "time" if n == 1 else "times"
    data: dict[str, Any] = {"measured": n, "relation": spec.relation, "value": spec.value}
    if spec.holds(n):
        return Outcome(True, f"the answer uses {spec.keyword!r} {n} {times} in {where}", data=data)
    more = n < spec.value
    fix = f"use it {spec.value - n} more" if more else f"remove {n - spec.value}"
    return Outcome(
        False,
        f"the answer uses {spec.keyword!r} {n} {times} in {where} ({head(chosen)}); "
        f"required: {spec.describe()}",
        f"Your answer uses {spec.keyword!r} {n} {times} in {where}; it needs "
        f"{RELATION_WORDS[spec.relation]} {spec.value}: {fix} there.",
        score=min(n, spec.value) / max(n, spec.value, 1),
        data=data,
    )


def _token(word: str) -> str:
    return word.lstrip(_OPENERS).rstrip(_CLOSERS).casefold()


def word_at_outcome(spec: WordAt, text: str) -> Outcome:
    chosen = text
    if spec.part != "response":
        found = parts_of(text, spec.part)
        picked = _pick(found, spec.index)
        if picked is None:
            return _missing(spec, spec.part, spec.index, len(found))
        chosen = picked
    words = measure.words(chosen)
    wanted = [_token(w) for w in spec.word.split()]
    start = len(words) - len(wanted) if spec.position == -1 else spec.position - 1
    got = words[start : start + len(wanted)] if start >= 0 else []
    shown = " ".join(got)
    data: dict[str, Any] = {"measured": shown}
    if len(got) == len(wanted) and [_token(w) for w in got] == wanted:
        return Outcome(True, f"{spec.where()} is {shown!r}, as required", data=data)
    found_text = f"is {shown!r}" if got else f"does not exist ({plural(len(words), 'word')})"
    where = spec.where().replace("the answer", "your answer")
    return Outcome(
        False,
        f"{spec.where()} {found_text}; required: {spec.describe()}",
        f"{where[0].upper()}{where[1:]} {found_text}; it must be exactly {spec.word!r}.",
        data=data,
    )
