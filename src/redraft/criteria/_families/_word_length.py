"""Word length: every word of the answer within a number of letters ("never
use words longer than 8 letters", "only words of at most 6 letters").

Measured exactly under stated definitions: a word is a run of letters and
digits that may hold an apostrophe or a hyphen inside ("don't",
"well-known"), and its length is its letters and digits (the apostrophe and
hyphen left out: "well-known" has 9). A hyphenated compound is one word, the
stricter reading of a cap, so a pass holds however its reader splits it; a
bare number ("2024") is not a word. "Characters" in a prompt is read as
letters, as people mean it of words. An answer with no words meets "at
most" and fails "at least".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import ValidationError

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilyCount, every_unit_outcome
from redraft.criteria._families._lexical import described, required
from redraft.criteria._families._word_length_more import more_word_lengths
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence
from redraft.criteria._spec_base import Relation, relation_words

__all__ = ["WORD_LENGTH", "WordLength", "words_of"]

_WORD = compile_lazily(r"[^\W_]+(?:['’-][^\W_]+)*")
_SHOWN = 5


class WordLength(FamilyCount):
    """Every word has ``relation value`` letters (a hyphenated compound is one word)."""

    kind: Literal["word_length"] = "word_length"

    def describe(self) -> str:
        noun = "letter" if self.value == 1 else "letters"
        return f"every word has {relation_words(self.relation)} {self.value} {noun}"


def words_of(text: str) -> list[str]:
    """The words of ``text``: bare numbers left out."""
    return [w for w in _WORD.findall(text) if any(ch.isalpha() for ch in w)]


def letters_in(word: str) -> int:
    return sum(1 for ch in word if ch.isalnum())


def _off(spec: WordLength, text: str) -> list[str]:
    return [w for w in words_of(text) if not spec.holds(letters_in(w))]


# -- phrasings --------------------------------------------------------------------------

_UNIT = r"(?:letters?|characters?|chars?)(?:\s+long|\s+in\s+length)?"
_OVER = r"(?:longer\s+than|over|more\s+than|exceeding|above|bigger\s+than)"
_WORDS = r"(?:words?|terms?)"
_PATTERNS = (
    # "no word longer than 8 letters", "never use words longer than 8 letters"
    compile_lazily(
        rf"\b(?:no|never\s+use(?:\s+any)?|(?:do\s+not|don'?t)\s+use(?:\s+any)?|avoid(?:\s+any)?|"
        rf"without(?:\s+any)?)\s+{_WORDS}\s+(?:that\s+(?:are|is)\s+)?{_OVER}\s+"
        rf"(?P<over>{NUMBER})\s+{_UNIT}"
    ),
    # "every word at most 6 letters", "each word must have fewer than 10 letters"
    compile_lazily(
        rf"\b(?:each|every|all(?:\s+the)?|any)\s+{_WORDS}\s+(?:(?:must|should|has\s+to|have\s+to|"
        r"needs?\s+to|may|can)\s+)?(?:be\s+|have\s+|has\s+|contain\s+|stay\s+)?(?:kept\s+)?"
        rf"(?:to\s+)?(?P<rel>{RELATION})\s+(?P<n>{NUMBER})\s+{_UNIT}"
    ),
    # "only words of at most 6 letters", "use words with no more than 7 letters"
    compile_lazily(
        rf"\b(?:only|use|using|with|in)\s+(?:short\s+)?{_WORDS}\s+(?:of|with|that\s+have)\s+"
        rf"(?P<rel2>{RELATION})\s+(?P<n2>{NUMBER})\s+{_UNIT}"
    ),
    # "a maximum word length of 7 letters"
    compile_lazily(
        r"\b(?:a\s+|the\s+)?(?:max(?:imum)?|longest)\s+word\s+length\s+(?:of\s+|is\s+|:\s*)?"
        rf"(?P<max>{NUMBER})(?:\s+{_UNIT})?"
    ),
)
_BANS = ("no ", "never", "do not", "don", "avoid", "without")
_AFTER = compile_lazily(
    r"^\s*(?:in|of|for|per)\s+(?:the|each|every|your)\s+(?!answer|response|reply)"
)


def _read(match: re.Match[str]) -> tuple[Relation, int] | None:
    found = {k: v for k, v in match.groupdict().items() if v}
    for key in ("over", "max"):
        if key in found:
            value = number_value(found[key])
            return None if value is None else ("at_most", value)
    number, rel = found.get("n") or found.get("n2"), found.get("rel") or found.get("rel2")
    if number is None or rel is None:
        return None
    value = number_value(number)
    if value is None:
        return None
    relation, adjust = relation_of(rel)
    return relation, value + adjust


def word_lengths(sentence: Sentence) -> Iterator[Hit]:
    """ "No word longer than 8 letters", "every word at most 6 letters"."""
    text = sentence.lower
    wordy = "word" in text or "term" in text or "none" in text
    for pattern in _PATTERNS if wordy else ():
        for match in pattern.finditer(text):
            read = _read(match)
            if read is None or _AFTER.match(text[match.end() :]):
                continue
            owns = text.startswith(
                ("no ", "never", "do not", "don", "avoid", "without"), match.start()
            )
            if not (
                required(sentence, match.start(), owns_negation=owns)
                or described(sentence, match.start())
            ):
                continue
            try:
                spec = WordLength(relation=read[0], value=read[1])
            except ValidationError:
                continue
            yield Hit(spec, *match.span())
            return
    for relation, value, start, end in more_word_lengths(sentence):
        try:
            yield Hit(WordLength(relation=relation, value=value), start, end)
        except ValidationError:
            continue


class _WordLength(Family):
    name = "word_length"
    specs = (WordLength,)
    rules: ClassVar[tuple[Rule, ...]] = (word_lengths,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, WordLength)
        words, off = words_of(text), _off(spec, text)
        data: dict[str, Any] = {"words": len(words), "off": len(off), "found": off[:_SHOWN]}
        return every_unit_outcome(
            self, spec, text, unit="words", total=len(words), off=len(off), data=data
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, WordLength)
        off = _off(spec, text)
        want = f"{relation_words(spec.relation)} {spec.value} letters"
        if not off:
            return f"Your answer has no words. Write words of {want}."
        unique = list(dict.fromkeys(off))
        shown = ", ".join(f"{w!r} ({letters_in(w)})" for w in unique[:_SHOWN])
        longer = letters_in(off[0]) > spec.value
        fix = "shorter words" if longer else "longer words"
        return (
            f"{len(off)} of your words break the rule: {shown}. Replace them with {fix}, so every "
            f"word has {want} (a hyphenated word counts whole)."
        )


WORD_LENGTH = _WordLength()
