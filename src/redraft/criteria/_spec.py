"""The check vocabulary as data: one pydantic model per kind of check.

A :data:`CheckSpec` is what the rule compiler emits, what the LLM compiler is
asked to write (its JSON schema is derived from these models) and what API
clients send as explicit checks. Keeping one shape for all three means a
check reads the same wherever it came from, and ``model_dump()`` of any of
them is valid input again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, TypeAlias, Union, get_args

from pydantic import BaseModel, Field, TypeAdapter

from redraft.criteria._families import (
    FAMILY_SPECS,
    BulletCount,
    CapitalWordCount,
    CharCount,
    DistinctWords,
    EachCount,
    EachEndsWith,
    EachStartsWith,
    EachWordCount,
    EmojiCount,
    EndsWith,
    EqualWordCount,
    FamilySpec,
    ForbiddenChars,
    ForbiddenWords,
    HashtagCount,
    HighlightCount,
    JSONFormat,
    Keyword,
    KeywordIn,
    Language,
    LetterCase,
    LetterCount,
    LineCount,
    NumberedCount,
    Order,
    ParagraphCount,
    PlaceholderCount,
    Postscript,
    QuestionCount,
    RepeatRequest,
    SectionCount,
    SentenceCount,
    StartsWith,
    Title,
    URLCount,
    WordAt,
    WordCount,
    Wrapped,
    check_vocabulary,
)
from redraft.criteria._language import LANGUAGES
from redraft.criteria._spec_base import CountSpec, Relation

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

if TYPE_CHECKING:
    # A type checker sees a family's spec as a FamilySpec; at run time the
    # union lists every registered family's model, so pydantic validates,
    # dumps and derives the LLM's schema for each kind.
    CheckSpec: TypeAlias = Annotated[FamilySpec, Field(discriminator="kind")]
else:
    CheckSpec = Annotated[Union[*FAMILY_SPECS], Field(discriminator="kind")]
"""One check of the vocabulary; ``kind`` says which."""

CHECK_SPEC_ADAPTER: TypeAdapter[CheckSpec] = TypeAdapter(CheckSpec)
"""Validates a JSON object (``{"kind": "word_count", ...}``) into a :data:`CheckSpec`."""

SPEC_MODELS: tuple[type[BaseModel], ...] = get_args(get_args(CheckSpec)[0])
"""The model of each kind, in vocabulary order."""

CHECK_KINDS: tuple[str, ...] = tuple(str(m.model_fields["kind"].default) for m in SPEC_MODELS)
"""Every ``kind`` a :data:`CheckSpec` may have."""

check_vocabulary(SPEC_MODELS)
