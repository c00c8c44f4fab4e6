"""A closed vocabulary: every word of the answer is one of a stated list —
"use only words from this list: the, cat, sat, on, mat", "answer using only
the words yes, no and maybe".

Measured exactly under stated definitions: a word is a run of letters and
digits that may hold an apostrophe or a hyphen inside (as for word length;
a bare number is no word); case is set aside and a curly apostrophe reads as
a straight one; punctuation, markup and numbers between the words are set
aside. A listed word allows only itself, not its other forms ("cat" does not
allow "cats"). An answer with no words fails.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec, every_unit_outcome
from redraft.criteria._families._lexical import asks_about, required
from redraft.criteria._families._word_length import words_of
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, sentence_blocked

__all__ = ["VOCABULARY", "Vocabulary", "outside_words"]

_SHOWN = 5
_WORD = compile_lazily(r"^[^\W_]+(?:['-][^\W_]+)*$")


def _fold(word: str) -> str:
    return word.lower().replace("’", "'")


class Vocabulary(FamilySpec):
    """Every word of the answer is one of ``words`` (case set aside)."""

    kind: Literal["vocabulary"] = "vocabulary"
    words: list[str] = Field(min_length=2, max_length=200)

    @field_validator("words")
    @classmethod
    def _single_words(cls, words: list[str]) -> list[str]:
        folded = list(dict.fromkeys(_fold(w.strip()) for w in words))
        if not all(_WORD.match(w) for w in folded):
            raise ValueError("each listed item must be one word")
        return folded

    def describe(self) -> str:
        shown = ", ".join(self.words[:8]) + (", …" if len(self.words) > 8 else "")
        return f"only the words {shown}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, tuple(sorted(self.words)))


def outside_words(spec: Vocabulary, text: str) -> list[str]:
    """The words of ``text`` that are not in the list, in order."""
    allowed = set(spec.words)
    return [w for w in words_of(text) if _fold(w) not in allowed]


# -- phrasings --------------------------------------------------------------------------

_SOURCE = r"(?:from|in|on)\s+(?:this|the\s+following|the|my)\s+(?:list|vocabulary|word\s+list)"
# the lead names words or a list: "reply with only yes or no" is a choice of answers
_LEAD = (
    r"(?:(?:use|using|uses|write\s+with|answer\s+with|respond\s+with|reply\s+with)\s+"
    r"(?:only|nothing\s+but)|only\s+use|use\s+no\s+(?:other\s+)?words\s+(?:other\s+than|except|but))"
    rf"\s+(?:(?:the\s+)?words?(?:\s+{_SOURCE})?|{_SOURCE}|(?<=than\s)|(?<=except\s)|(?<=but\s))"
)
_ITEM = r"['\"‘“]?[a-z\ue000][a-z'’\ue000-]*['\"’”]?"
_SEP = r"\s*(?:,\s*(?:and\s+|or\s+)?|\s(?:and|or)\s+|/\s*)"
# "Using only words from this list, write a sentence: the, cat, …"
_TASK = r"(?:,?\s*(?:write|compose|create|make|form|build|give\s+me)\b[^:.;]{0,40}(?=:))?"
_CLOSED = compile_lazily(
    rf"\b{_LEAD}{_TASK}:?\s*(?P<list>{_ITEM}(?:{_SEP}{_ITEM}){{1,199}})\s*(?=[.;!)\n]|$)"
)
# "only words like happy and sad", "only the words you need": no list is stated
_NOT_LISTED = frozenset(["you", "that", "which", "like", "such", "a", "an"])


def _items(sentence: Sentence, match: re.Match[str]) -> list[str] | None:
    start, end = match.span("list")
    raw = sentence.original[start:end]
    parts = re.split(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s*/\s*", raw.strip())
    items = [p.strip(" '\"‘’“”") for p in parts]
    if len(items) < 2 or items[0].lower() in _NOT_LISTED:
        return None
    if not all(_WORD.match(item) for item in items):
        return None
    return items


# "Answer using only the words …": the verb that opens the sentence is the request
_ANSWER = compile_lazily(r"^\s*(?:please\s+)?(?:answer|respond|reply)(?:\s+me)?\s+$")


def _answer_verb(sentence: Sentence, start: int) -> bool:
    if asks_about(sentence, start) or sentence_blocked(sentence, start):
        return False
    return _ANSWER.match(sentence.lower[:start]) is not None


def vocabularies(sentence: Sentence) -> Iterator[Hit]:
    """ "Use only words from this list: …", "answer using only the words yes, no and maybe"."""
    text = sentence.lower
    if not any(w in text for w in ("only", "nothing but", "other than", "except")):
        return
    for match in _CLOSED.finditer(text):
        start = match.start()
        if not (required(sentence, start) or _answer_verb(sentence, start)):
            continue
        items = _items(sentence, match)
        if items is not None:
            yield Hit(Vocabulary(words=items), *match.span())
            return


class _Vocabulary(Family):
    name = "vocabulary"
    specs = (Vocabulary,)
    rules: ClassVar[tuple[Rule, ...]] = (vocabularies,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, Vocabulary)
        words, off = words_of(text), outside_words(spec, text)
        data: dict[str, Any] = {"words": len(words), "off": len(off), "found": off[:_SHOWN]}
        return every_unit_outcome(
            self, spec, text, unit="words", total=len(words), off=len(off), data=data
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, Vocabulary)
        off = outside_words(spec, text)
        allowed = ", ".join(spec.words[:20]) + (", …" if len(spec.words) > 20 else "")
        if not off:
            return f"Your answer has no words. Write it using only these words: {allowed}."
        shown = ", ".join(f"'{w}'" for w in list(dict.fromkeys(off))[:_SHOWN])
        return (
            f"{len(off)} of your words are not on the list ({shown}). Rewrite the answer using "
            f"only these words, exactly as listed: {allowed}."
        )


VOCABULARY = _Vocabulary()
