"""Check kinds about the answer's parts: where a word stands, what every
sentence or paragraph must be, and the order of the parts.

- :class:`KeywordIn` — a keyword within one part ("'cloud' in the second
  sentence, exactly twice");
- :class:`WordAt` — the word at a position ("the 5th word is 'river'", "the
  first word of the third paragraph is 'However'");
- :class:`EachStartsWith`, :class:`EachEndsWith` — a rule for every sentence,
  paragraph or bullet point (the counts within each part are a family:
  ``_families/_per_part.py``);
- :class:`DistinctWords` — no word used twice, in the answer or in any one part;
- :class:`Order` — named parts (title, text, bullet list, numbered list,
  postscript) one after the other.

How each is measured is in ``_parts``.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from redraft.criteria._spec_base import SHORT, CountSpec, Relation, Spec, has_text

__all__ = [
    "ORDER_PARTS",
    "PART_NAMES",
    "DistinctWords",
    "EachEndsWith",
    "EachStartsWith",
    "KeywordIn",
    "Order",
    "OrderPart",
    "Part",
    "WordAt",
    "ordinal",
]

Part = Literal["sentence", "paragraph", "bullet"]
"""A part of the answer: a sentence, a paragraph (blocks between blank
lines) or a bullet point (a markdown bullet line)."""
PART_NAMES: dict[str, tuple[str, str]] = {
    "sentence": ("sentence", "sentences"),
    "paragraph": ("paragraph", "paragraphs"),
    "bullet": ("bullet point", "bullet points"),
    "response": ("answer", "answer"),
}
OrderPart = Literal["title", "text", "bullets", "numbered", "postscript"]
ORDER_PARTS: dict[str, str] = {
    "title": "the title",
    "text": "the text",
    "bullets": "the bullet list",
    "numbered": "the numbered list",
    "postscript": "the postscript",
}
_MAX_PHRASE_WORDS = 8


def ordinal(n: int) -> str:
    """ "1st", "2nd", "3rd", "11th"; -1 is "last"."""
    if n == -1:
        return "last"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _index(value: int) -> int:
    if value == 0 or value < -1:
        raise ValueError("a position is 1 or more (the first is 1), or -1 for the last")
    return value


class KeywordIn(CountSpec):
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


class WordAt(Spec):
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


class EachStartsWith(Spec):
    """Every sentence, paragraph or bullet point starts with ``phrase``
    (case-insensitive), or, with ``capital``, with a capital letter."""

    kind: Literal["each_starts_with"] = "each_starts_with"
    part: Part
    phrase: str | None = Field(default=None, min_length=1, max_length=SHORT)
    capital: bool = False

    @model_validator(mode="after")
    def _one_rule(self) -> EachStartsWith:
        if (self.phrase is None) == (not self.capital):
            raise ValueError("give either a phrase or capital=true")
        return self

    def describe(self) -> str:
        start = "a capital letter" if self.capital else repr(self.phrase)
        return f"every {PART_NAMES[self.part][0]} starts with {start}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part)


class EachEndsWith(Spec):
    """Every sentence, paragraph or bullet point ends with ``phrase``
    (case-insensitive; "!" = every one ends with an exclamation mark)."""

    kind: Literal["each_ends_with"] = "each_ends_with"
    part: Part
    phrase: str = Field(min_length=1, max_length=SHORT)

    def describe(self) -> str:
        return f"every {PART_NAMES[self.part][0]} ends with {self.phrase!r}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part)


class DistinctWords(Spec):
    """No word appears twice (case ignored, surrounding punctuation taken
    off), in the whole answer or, with ``within``, inside any one part."""

    kind: Literal["distinct_words"] = "distinct_words"
    within: Part | Literal["response"] = "response"

    def describe(self) -> str:
        if self.within == "response":
            return "no word is used more than once"
        return f"no word is used twice in one {PART_NAMES[self.within][0]}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.within)


class Order(Spec):
    """The named parts appear in this order, each wholly after the one before
    (title: a ``<<title>>`` line; text: lines of prose; bullets and numbered:
    list lines; postscript: from a ``P.S.`` line to the end)."""

    kind: Literal["order"] = "order"
    parts: list[OrderPart] = Field(min_length=2, max_length=6)

    @field_validator("parts")
    @classmethod
    def _distinct(cls, value: list[OrderPart]) -> list[OrderPart]:
        if len(set(value)) != len(value):
            raise ValueError("each part may be named once")
        return value

    def describe(self) -> str:
        return ", then ".join(ORDER_PARTS[p] for p in self.parts)

    def slot(self) -> tuple[object, ...]:
        return (self.kind, tuple(self.parts))
