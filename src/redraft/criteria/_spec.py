"""The check vocabulary as data: one pydantic model per kind of check.

A :data:`CheckSpec` is what the rule compiler emits, what the LLM compiler is
asked to write (its JSON schema is derived from these models) and what API
clients send as explicit checks. Keeping one shape for all three means a
check reads the same wherever it came from, and ``model_dump()`` of any of
them is valid input again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, ClassVar, Literal, TypeAlias, Union, get_args

from pydantic import BaseModel, Field, TypeAdapter, field_validator

from redraft.criteria._families import (
    FAMILY_SPECS,
    BulletCount,
    CapitalWordCount,
    CharCount,
    EachCount,
    EachWordCount,
    EmojiCount,
    EqualWordCount,
    FamilySpec,
    HashtagCount,
    HighlightCount,
    LetterCount,
    LineCount,
    NumberedCount,
    ParagraphCount,
    PlaceholderCount,
    QuestionCount,
    SectionCount,
    SentenceCount,
    URLCount,
    WordCount,
    check_vocabulary,
)
from redraft.criteria._language import LANGUAGES
from redraft.criteria._spec_base import SHORT, CountSpec, Relation, Spec, has_text
from redraft.criteria._spec_parts import (
    DistinctWords,
    EachEndsWith,
    EachStartsWith,
    KeywordIn,
    Order,
    WordAt,
)

__all__ = [
    "CHECK_KINDS",
    "CHECK_SPEC_ADAPTER",
    "LANGUAGES",
    "SPEC_MODELS",
    "CapitalWordCount",
    "CharCount",
    "CheckSpec",
    "CountSpec",
    "DistinctWords",
    "EmojiCount",
    "EachEndsWith",
    "EachStartsWith",
    "EachCount",
    "EachWordCount",
    "EndsWith",
    "EqualWordCount",
    "ForbiddenChars",
    "ForbiddenWords",
    "HashtagCount",
    "HighlightCount",
    "JSONFormat",
    "Keyword",
    "KeywordIn",
    "Language",
    "LetterCase",
    "LetterCount",
    "LineCount",
    "NumberedCount",
    "Order",
    "ParagraphCount",
    "PlaceholderCount",
    "Postscript",
    "QuestionCount",
    "Relation",
    "RepeatRequest",
    "SectionCount",
    "SentenceCount",
    "StartsWith",
    "Title",
    "URLCount",
    "BulletCount",
    "WordAt",
    "WordCount",
    "Wrapped",
]

#: Languages :class:`Language` accepts: ISO 639-1 code → English name.


class Keyword(CountSpec):
    """Occurrences of ``keyword`` as a whole word or phrase, case-insensitive;
    a plural or possessive ending (``s``, ``es``, ``'s``) still counts."""

    kind: Literal["keyword"] = "keyword"
    keyword: str = Field(min_length=1, max_length=SHORT)
    relation: Relation = "at_least"
    value: int = Field(default=1, ge=0, le=1000)
    unit: ClassVar[tuple[str, str]] = ("time", "times")

    @field_validator("keyword")
    @classmethod
    def _keyword_text(cls, value: str) -> str:
        return has_text(value, "a keyword needs at least one letter or digit")

    def describe(self) -> str:
        return f"the keyword {self.keyword!r} {super().describe()}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.keyword.lower(), self.relation)


class ForbiddenWords(Spec):
    """None of ``words`` may appear (whole words, case-insensitive, plural and
    possessive endings included)."""

    kind: Literal["forbidden_words"] = "forbidden_words"
    words: list[str] = Field(min_length=1, max_length=50)

    @field_validator("words")
    @classmethod
    def _words_have_text(cls, value: list[str]) -> list[str]:
        cleaned = [w.strip() for w in value]
        if any(not any(ch.isalnum() for ch in w) for w in cleaned):
            raise ValueError("every forbidden word needs at least one letter or digit")
        if any(len(w) > SHORT for w in cleaned):
            raise ValueError(f"forbidden words are at most {SHORT} characters")
        return cleaned

    def describe(self) -> str:
        return "none of the words " + ", ".join(repr(w) for w in self.words)

    def slot(self) -> tuple[object, ...]:
        return (self.kind, tuple(sorted(w.lower() for w in self.words)))


class ForbiddenChars(Spec):
    """None of the characters in ``chars`` may appear (``","`` = no commas)."""

    kind: Literal["forbidden_chars"] = "forbidden_chars"
    chars: str = Field(min_length=1, max_length=20)

    def describe(self) -> str:
        return "none of the characters " + " ".join(repr(c) for c in self.chars)

    def slot(self) -> tuple[object, ...]:
        return (self.kind, "".join(sorted(set(self.chars))))


class LetterCase(Spec):
    """Every letter lowercase, or every letter uppercase."""

    kind: Literal["letter_case"] = "letter_case"
    case: Literal["lower", "upper"]

    def describe(self) -> str:
        return f"all {self.case}case letters"


class StartsWith(Spec):
    """The answer begins with ``phrase`` (case-insensitive, leading whitespace ignored)."""

    kind: Literal["starts_with"] = "starts_with"
    phrase: str = Field(min_length=1, max_length=SHORT)

    def describe(self) -> str:
        return f"starts with {self.phrase!r}"


class EndsWith(Spec):
    """The answer ends with ``phrase`` (case-insensitive, trailing whitespace
    ignored; after a phrase that ends in a letter or digit, closing
    punctuation such as ``.`` or ``"`` may follow)."""

    kind: Literal["ends_with"] = "ends_with"
    phrase: str = Field(min_length=1, max_length=SHORT)

    def describe(self) -> str:
        return f"ends with {self.phrase!r}"


class Wrapped(Spec):
    """The whole answer is wrapped in double quotes, or is one fenced code block."""

    kind: Literal["wrapped"] = "wrapped"
    style: Literal["double_quotes", "code_block"]

    def describe(self) -> str:
        return "wrapped in double quotes" if self.style == "double_quotes" else "one code block"


class Title(Spec):
    """A title in double angular brackets, such as ``<<my title>>``."""

    kind: Literal["title"] = "title"

    def describe(self) -> str:
        return "a title in double angular brackets <<like this>>"


class Postscript(Spec):
    """A line starting with ``marker`` (``P.S.``), as a postscript."""

    kind: Literal["postscript"] = "postscript"
    marker: str = Field(default="P.S.", min_length=1, max_length=20)

    def describe(self) -> str:
        return f"a postscript starting with {self.marker!r}"


class JSONFormat(Spec):
    """The answer is one JSON document (bare or as the only content of a fenced
    block); with ``required_keys`` it is an object holding those keys."""

    kind: Literal["json"] = "json"
    required_keys: list[str] = Field(default_factory=list, max_length=50)

    def describe(self) -> str:
        if not self.required_keys:
            return "valid JSON"
        return "a JSON object with the keys " + ", ".join(repr(k) for k in self.required_keys)


class RepeatRequest(Spec):
    """The answer starts by repeating ``text`` word for word (case and
    whitespace differences ignored)."""

    kind: Literal["repeat_request"] = "repeat_request"
    text: str = Field(min_length=1, max_length=5000)

    def describe(self) -> str:
        return "starts by repeating the request word for word"


class Language(Spec):
    """The answer is written in ``language`` (see ``docs/criteria.md`` for how
    little the detector claims)."""

    kind: Literal["language"] = "language"
    language: str
    # Detectors disagree on short, mixed or structured text (a JSON answer):
    # passing ours says little about passing another.
    approximate: ClassVar[bool] = True

    @field_validator("language")
    @classmethod
    def _known(cls, value: str) -> str:
        code = value.strip().lower()
        if code not in LANGUAGES:
            raise ValueError(
                f"unsupported language {value!r}; choose one of {', '.join(sorted(LANGUAGES))}"
            )
        return code

    def describe(self) -> str:
        return f"written in {LANGUAGES[self.language]}"


_CoreSpec: TypeAlias = (
    Keyword
    | ForbiddenWords
    | ForbiddenChars
    | LetterCase
    | StartsWith
    | EndsWith
    | Wrapped
    | Title
    | Postscript
    | JSONFormat
    | RepeatRequest
    | Language
    | KeywordIn
    | WordAt
    | EachStartsWith
    | EachEndsWith
    | DistinctWords
    | Order
)

if TYPE_CHECKING:
    # A type checker sees a family's spec as a FamilySpec; at run time the
    # union lists every registered family's model, so pydantic validates,
    # dumps and derives the LLM's schema for each kind.
    CheckSpec: TypeAlias = Annotated[_CoreSpec | FamilySpec, Field(discriminator="kind")]
else:
    CheckSpec = Annotated[Union[_CoreSpec, *FAMILY_SPECS], Field(discriminator="kind")]
"""One check of the vocabulary; ``kind`` says which."""

CHECK_SPEC_ADAPTER: TypeAdapter[CheckSpec] = TypeAdapter(CheckSpec)
"""Validates a JSON object (``{"kind": "word_count", ...}``) into a :data:`CheckSpec`."""

SPEC_MODELS: tuple[type[BaseModel], ...] = get_args(get_args(CheckSpec)[0])
"""The model of each kind, in vocabulary order."""

CHECK_KINDS: tuple[str, ...] = tuple(str(m.model_fields["kind"].default) for m in SPEC_MODELS)
"""Every ``kind`` a :data:`CheckSpec` may have."""

check_vocabulary(SPEC_MODELS)
