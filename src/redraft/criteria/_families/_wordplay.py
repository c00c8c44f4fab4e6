"""Word games a puzzle setter or a teacher asks for: an acrostic (the first
letters of the lines, or sentences, spell a word), a tautogram (every word
starts with one letter) and a pangram (every letter of the English alphabet
at least once).

Measured exactly under stated definitions. A part's first letter is its
first letter after markup (a bullet, a number, ``#``, ``*``, quotes) and is
compared case-insensitively. An acrostic's lines are the non-empty lines;
one title line before them (a markdown heading, a line wholly in bold, or a
line that is the word itself) is allowed, since poems are often given one;
its sentences are read as the ``sentence_count`` kind reads them. A
tautogram's words are runs of letters (an apostrophe or hyphen inside one
joins it: "sea-salt" is one word); numbers are not words. A pangram's
letters are ``a`` to ``z``, an accented letter counting as its base letter.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._lexical import described, required
from redraft.criteria._families._wordplay_reading import (
    acrostic_words,
    more_tautogram_letters,
    tautogram_letters,
)
from redraft.criteria._measure import sentences
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, lowered

__all__ = [
    "ACROSTIC",
    "PALINDROME",
    "PANGRAM",
    "TAUTOGRAM",
    "Acrostic",
    "Palindrome",
    "Pangram",
    "Tautogram",
    "first_letters",
]

_MARKUP = compile_lazily(r"^[\s>*_#~`\"'“‘(\[-]*(?:\d+[.)]\s*|[-*+•]\s+)?[\s*_\"'“‘(\[]*")
_WORD = compile_lazily(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_ALPHABET = frozenset("abcdefghijklmnopqrstuvwxyz")


def _first_letter(part: str) -> str:
    body = _MARKUP.sub("", part)
    found = next((ch for ch in body if ch.isalpha()), "")
    return found.upper()


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def _title(line: str, word: str) -> bool:
    """Whether ``line`` reads as a title above an acrostic of ``word``."""
    bare = line.strip()
    if bare.startswith("#") or re.fullmatch(r"(\*\*|__).+(\*\*|__):?", bare):
        return True
    return re.sub(r"[^\w]", "", bare).casefold() == word.casefold()


def first_letters(spec: Acrostic, text: str) -> str:
    """The first letters of the answer's parts, a title line aside."""
    parts = _lines(text) if spec.part == "line" else sentences(text)
    letters = "".join(_first_letter(p) for p in parts)
    if (
        spec.part == "line"
        and parts
        and letters != spec.word.upper()
        and _title(parts[0], spec.word)
    ):
        letters = "".join(_first_letter(p) for p in parts[1:])
    return letters


class Acrostic(FamilySpec):
    """The first letters of the lines (or sentences) spell ``word``, one
    part per letter."""

    kind: Literal["acrostic"] = "acrostic"
    word: str = Field(min_length=2, max_length=40)
    part: Literal["line", "sentence"] = "line"

    @field_validator("word")
    @classmethod
    def _letters(cls, value: str) -> str:
        value = value.strip()
        if not value.isalpha():
            raise ValueError("an acrostic's word is letters only")
        return value

    def describe(self) -> str:
        return f"the first letters of the {self.part}s spell {self.word.upper()}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part)


class Tautogram(FamilySpec):
    """Every word of the answer starts with ``letter`` (case aside)."""

    kind: Literal["tautogram"] = "tautogram"
    letter: str = Field(min_length=1, max_length=1, pattern=r"^[^\W\d_]$")

    def describe(self) -> str:
        return f"every word starts with {self.letter.upper()!r}"


class Palindrome(FamilySpec):
    """The answer's letters and digits read the same backwards (case, spaces
    and punctuation aside)."""

    kind: Literal["palindrome"] = "palindrome"

    def describe(self) -> str:
        return "a palindrome (the same backwards, letters and digits only)"


def palindrome_letters(text: str) -> str:
    base = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in base if ch.isalnum())


class Pangram(FamilySpec):
    """Every letter of the English alphabet, a to z, at least once."""

    kind: Literal["pangram"] = "pangram"

    def describe(self) -> str:
        return "every letter from a to z at least once"


def _off_words(letter: str, text: str) -> list[str]:
    return [w for w in _WORD.findall(text) if not w.casefold().startswith(letter.casefold())]


def missing_letters(text: str) -> list[str]:
    base = unicodedata.normalize("NFKD", text.casefold())
    return sorted(_ALPHABET - set(base))


# -- phrasings --------------------------------------------------------------------------


def acrostics(sentence: Sentence) -> Iterator[Hit]:
    """ "The first letters of each line spell LOVE", "an acrostic for MARGARET"."""
    for word, part, start, end in acrostic_words(sentence):
        yield Hit(Acrostic(word=word, part=part), start, end)


def tautograms(sentence: Sentence) -> Iterator[Hit]:
    """ "Every word starts with the letter s", "each word must begin with 'P'"."""
    for letter, start, end in tautogram_letters(sentence):
        yield Hit(Tautogram(letter=letter), start, end)
    for letter, start, end in more_tautogram_letters(sentence):
        yield Hit(Tautogram(letter=letter), start, end)


_PANGRAM = compile_lazily(
    r"\b(?:(?:write|give|compose|create|make|craft|invent|come\s+up\s+with|produce)\s+(?:me\s+)?"
    r"(?:a|an|one|your\s+own)\s+(?:\w+\s+){0,2}?pangram\b|"
    r"(?:use|uses|using|include|including|contain|containing)\s+(?:each|every)\s+letter\s+of\s+"
    r"the\s+(?:english\s+)?alphabet(?:\s+at\s+least\s+once)?)"
)


def pangrams(sentence: Sentence) -> Iterator[Hit]:
    """ "Write a pangram", "use every letter of the alphabet at least once"."""
    text = sentence.lower
    if "pangram" not in text and "alphabet" not in text:
        return
    for match in _PANGRAM.finditer(text):
        after = text[match.end() :]
        if re.match(r"\s*(?:in|for)\s+(?:the|each|every)\s+(?:title|name|heading|line)", after):
            continue
        if required(sentence, match.start()) or described(sentence, match.start()):
            yield Hit(Pangram(), *match.span())
            return


_PALINDROME = compile_lazily(
    r"\b(?:write|give|compose|create|make|craft|invent|come\s+up\s+with|produce|reply\s+with|"
    r"respond\s+with|answer\s+with)\s+(?:me\s+)?(?:a|an|one|your\s+own)\s+(?:\w+\s+){0,2}?"
    r"palindrom(?:e|ic)(?:\s+(?:sentence|phrase|line|word|name|title|slogan|motto|greeting))?\b"
)


def palindromes(sentence: Sentence) -> Iterator[Hit]:
    """ "Write a palindrome sentence", "give me a palindromic phrase about cats"."""
    text = sentence.lower
    if "palindrom" not in text:
        return
    for match in _PALINDROME.finditer(text):
        after = text[match.end() :]
        # "… and explain it", "… then a second one": the answer is more than the palindrome
        if re.match(r"\s*(?:,\s*)?(?:and|then|followed|plus|with\s+an?\s+explanation)\b", after):
            continue
        if required(sentence, match.start()) and not re.search(
            r"\b(?:explain|describe|why|and\s+(?:then\s+)?(?:list|give|add))\b",
            lowered(sentence.whole),
        ):
            yield Hit(Palindrome(), *match.span())
            return


# -- measures ---------------------------------------------------------------------------


class _Acrostic(Family):
    name = "acrostic"
    specs = (Acrostic,)
    rules: ClassVar[tuple[Rule, ...]] = (acrostics,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, Acrostic)
        letters = first_letters(spec, text)
        data: dict[str, Any] = {"measured": letters[:60], "word": spec.word.upper()}
        if letters == spec.word.upper():
            return Outcome(True, f"{spec.describe()}, as required", data=data)
        return Outcome(
            False,
            f"the first letters of the {spec.part}s spell {letters[:60] or 'nothing'}; "
            f"required: {spec.word.upper()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, Acrostic)
        letters, word = first_letters(spec, text), spec.word.upper()
        spelled = " ".join(word)
        return (
            f"The first letters of your {spec.part}s spell {letters[:60] or 'nothing'}; they "
            f"must spell {word}. Write exactly {len(word)} {spec.part}s, starting them with "
            f"{spelled} in that order."
        )


class _Tautogram(Family):
    name = "tautogram"
    specs = (Tautogram,)
    rules: ClassVar[tuple[Rule, ...]] = (tautograms,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, Tautogram)
        words, off = _WORD.findall(text), _off_words(spec.letter, text)
        data: dict[str, Any] = {"words": len(words), "off": len(off), "found": off[:5]}
        if words and not off:
            return Outcome(True, f"{spec.describe()}, as required", data=data)
        return Outcome(
            False,
            f"{len(off)} of {len(words)} words do not start with {spec.letter.upper()!r}; "
            f"required: {spec.describe()}",
            self.correction(spec, text),
            score=min(1 - len(off) / len(words), 0.99) if words else 0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, Tautogram)
        off = _off_words(spec.letter, text)
        if not off:
            return f"Your answer has no words. Write words that all start with {spec.letter!r}."
        shown = ", ".join(repr(w) for w in list(dict.fromkeys(off))[:5])
        return (
            f"{len(off)} of your words do not start with {spec.letter.upper()!r} ({shown}). "
            f"Replace them with words starting with {spec.letter.upper()!r}, small words too."
        )


class _Pangram(Family):
    name = "pangram"
    specs = (Pangram,)
    rules: ClassVar[tuple[Rule, ...]] = (pangrams,)

    def measure(self, spec: Any, text: str) -> Outcome:
        missing = missing_letters(text)
        data: dict[str, Any] = {"missing": missing}
        if not missing:
            return Outcome(True, "the answer uses every letter from a to z, as required", data=data)
        return Outcome(
            False,
            f"the answer lacks {len(missing)} letters ({', '.join(missing)}); "
            "required: every letter from a to z",
            self.correction(spec, text),
            score=min(1 - len(missing) / 26, 0.99),
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        missing = missing_letters(text)
        return (
            f"Your answer never uses the letters {', '.join(missing)}. Use words that contain "
            "them, so every letter from a to z appears at least once."
        )


class _Palindrome(Family):
    name = "palindrome"
    specs = (Palindrome,)
    rules: ClassVar[tuple[Rule, ...]] = (palindromes,)

    def measure(self, spec: Any, text: str) -> Outcome:
        letters = palindrome_letters(text)
        data: dict[str, Any] = {"letters": len(letters)}
        if len(letters) >= 2 and letters == letters[::-1]:
            return Outcome(True, "the answer reads the same backwards, as required", data=data)
        return Outcome(
            False,
            "the answer does not read the same backwards; required: a palindrome",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        letters = palindrome_letters(text)
        shown = letters[:30] + ("…" if len(letters) > 30 else "")
        return (
            f"Your answer's letters ({shown}) do not read the same backwards. Reply with only "
            "the palindrome, no introduction or comment, checking it letter by letter."
        )


ACROSTIC = _Acrostic()
PALINDROME = _Palindrome()
TAUTOGRAM = _Tautogram()
PANGRAM = _Pangram()
