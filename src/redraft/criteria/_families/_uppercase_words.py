"""Given words always in capitals: "write NASA and ESA in capitals", "the
brand name 'acme' must always be in all caps", "put the words 'warning'
and 'danger' in uppercase".

Measured exactly: every occurrence of each word (a whole word or phrase,
case aside) is written with no lowercase letter; a word the answer never
uses breaks nothing (whether it must be used is a keyword's question).
Repaired without a model: each occurrence is uppercased, which needs no
judgement. "Capitalize X" is not read: it means a capital first letter as
often as all capitals.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._lexical import required
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import MASK, Hit, Rule, Sentence
from redraft.criteria._spec_base import SHORT, has_text

__all__ = ["CAPITALS", "WordsInCapitals", "uppercase_words"]

_SHOWN = 5


class WordsInCapitals(FamilySpec):
    """Every occurrence of each of ``words`` is in capitals (no lowercase letter)."""

    kind: Literal["words_in_capitals"] = "words_in_capitals"
    words: tuple[str, ...] = Field(min_length=1, max_length=20)

    @field_validator("words")
    @classmethod
    def _readable(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        cleaned = tuple(has_text(w) for w in value)
        if any(len(w) > SHORT for w in cleaned):
            raise ValueError(f"words are at most {SHORT} characters")
        return cleaned

    def describe(self) -> str:
        return "always in capitals: " + ", ".join(repr(w.upper()) for w in self.words)

    def slot(self) -> tuple[object, ...]:
        return (self.kind, tuple(sorted(w.casefold() for w in self.words)))


def _pattern(word: str) -> re.Pattern[str]:
    inner = r"\s+".join(re.escape(part) for part in word.split())
    return compile_lazily(rf"(?i)(?<!\w){inner}(?!\w)")


def not_in_capitals(words: Sequence[str], text: str) -> list[str]:
    """The occurrences of ``words`` in ``text`` that hold a lowercase letter."""
    return [
        m.group(0)
        for word in words
        for m in _pattern(word).finditer(text)
        if any(ch.islower() for ch in m.group(0))
    ]


def uppercase_words(text: str, words: Sequence[str]) -> str:
    for word in words:
        text = _pattern(word).sub(lambda m: m.group(0).upper(), text)
    return text


_EDITS = (
    RepairOp(
        "uppercase_words",
        410,  # after a whole-answer case edit (400), which it refines
        lambda text, p, _: uppercase_words(text, [str(w) for w in p["words"]]),
        lambda p: "uppercased " + ", ".join(repr(str(w).upper()) for w in p["words"]),
    ),
)


# -- phrasings --------------------------------------------------------------------------

_QUOTE = rf"[\"“'‘«](?:{MASK})+[\"”'’»]"
_NAMED = r"[A-Za-z][\w&.-]*"
_ITEM = rf"(?:{_QUOTE}|{_NAMED})"
_LIST = rf"(?P<list>{_ITEM}(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+){_ITEM}){{0,9}})"
_CAPS = (
    r"(?:in\s+)?(?:all\s+)?(?:caps|capitals|capital\s+letters|uppercase|upper\s+case|all[- ]caps)"
)
_PATTERNS = (
    # "write the words 'warning' and 'danger' in capitals", "write NASA in all caps"
    compile_lazily(
        r"\b(?:always\s+)?(?:write|spell|put|type|keep|render|print)\s+(?:out\s+)?"
        rf"(?:the\s+(?:words?|terms?|names?|brand(?:\s+name)?|acronyms?|product\s+names?)\s+)?"
        rf"{_LIST}\s+(?:always\s+)?{_CAPS}\b"
    ),
    # "the word 'acme' must always be in capitals"
    compile_lazily(
        rf"\b(?:the\s+)?(?:words?|terms?|names?|brand(?:\s+name)?|acronyms?)\s+{_LIST}\s+"
        r"(?:must|should|has\s+to|have\s+to|needs?\s+to)\s+(?:always\s+)?(?:be\s+)?"
        rf"(?:written\s+|spelled\s+|spelt\s+)?{_CAPS}\b"
    ),
)
_NOT_WORD = compile_lazily(
    r"^(?:the|a|an|it|them|this|that|these|those|everything|all|your|my|answer|response|reply|"
    r"text|words?|sentence|title|headings?|names?|each|every|and|or)$",
    re.IGNORECASE,
)


def _items(sentence: Sentence, match: re.Match[str]) -> list[str] | None:
    """The words a list names, quoted or written as they are; None where
    an item is a pronoun or a part ("write it in capitals", "the title")."""
    found = []
    listed = match.group("list")
    offset = match.start("list")
    for item in re.finditer(rf"{_QUOTE}|{_NAMED}", listed):
        raw = sentence.original[offset + item.start() : offset + item.end()]
        if item.group(0)[0] in "\"“'‘«":
            raw = raw[1:-1]
        elif item.group(0).lower() in ("and", "or"):
            continue
        elif not raw[0].isupper():
            return None  # a word named bare is a name ("NASA", "Zephyr"): "write about …" is not
        if _NOT_WORD.match(raw.strip()):
            return None
        found.append(raw.strip())
    return found or None


def capitals(sentence: Sentence) -> Iterator[Hit]:
    """ "Write NASA and ESA in capitals", "the word 'acme' must be in all caps"."""
    text = sentence.lower
    if not re.search(r"caps|capital|upper", text):
        return
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            words = _items(sentence, match)
            if words is None or not required(sentence, match.start()):
                continue
            yield Hit(WordsInCapitals(words=tuple(words)), *match.span())
            return


class _Capitals(Family):
    name = "words_in_capitals"
    specs = (WordsInCapitals,)
    rules: ClassVar[tuple[Rule, ...]] = (capitals,)
    edits: ClassVar[tuple[RepairOp, ...]] = _EDITS

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, WordsInCapitals)
        off = not_in_capitals(spec.words, text)
        data: dict[str, Any] = {"off": len(off), "found": off[:_SHOWN]}
        if not off:
            return Outcome(True, f"{spec.describe()}, as required", data=data)
        shown = ", ".join(repr(w) for w in off[:_SHOWN])
        return Outcome(
            False,
            f"the answer writes {len(off)} of them otherwise ({shown}); required: "
            f"{spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, WordsInCapitals)
        off = not_in_capitals(spec.words, text)
        shown = ", ".join(f"{w!r} → {w.upper()!r}" for w in list(dict.fromkeys(off))[:_SHOWN])
        return f"Write these in capitals every time: {shown}."

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, WordsInCapitals)
        return {"op": "uppercase_words", "words": list(spec.words)}


CAPITALS = _Capitals()
