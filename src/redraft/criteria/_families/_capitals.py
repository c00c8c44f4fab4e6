"""Letters: words written in capitals, and how often one letter appears.

Measured exactly: an all-capital word is a token of two letters or more
(surrounding punctuation taken off) written entirely in capitals, so ``I``
and ``A`` do not count; a letter is counted case-insensitively wherever it
stands. Read from "words in all capital letters should appear at least 3
times", "at least 5 words in all caps", "the number of all-caps words should
be fewer than 4", "the letter n should appear at least 3 times" and "do not
use the letter e"; not from a capital letter at the start of each part.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._base import FamilyCount
from redraft.criteria._families._count_report import TallyFamily, noun
from redraft.criteria._families._counted import typed_hit
from redraft.criteria._families._keyword_clauses import described_widely
from redraft.criteria._families._number_of import TIMES, NumberOf, Tally, times_of
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import (
    Hit,
    Rule,
    Sentence,
    found_in,
    lowered,
    response_context,
    sentence_blocked,
)
from redraft.criteria._spec_base import Relation

__all__ = ["CAPITAL_WORDS", "LETTERS", "CapitalWordCount", "LetterCount"]


class CapitalWordCount(FamilyCount):
    """Words written entirely in capital letters (two letters or more, so
    ``I`` and ``A`` do not count)."""

    kind: Literal["capital_word_count"] = "capital_word_count"
    unit: ClassVar[tuple[str, str]] = ("all-capital word", "all-capital words")


class LetterCount(FamilyCount):
    """Occurrences of one letter, case-insensitive."""

    kind: Literal["letter_count"] = "letter_count"
    letter: str = Field(min_length=1, max_length=1, pattern=r"^[^\W\d_]$")
    unit: ClassVar[tuple[str, str]] = ("time", "times")

    def describe(self) -> str:
        return f"the letter {self.letter!r} {super().describe()}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.letter.lower(), self.relation)


def _capitals(relation: Relation, value: int) -> CapitalWordCount:
    return CapitalWordCount(relation=relation, value=value)


_CAPS = (
    r"(?:all[\s-]+)?(?:capital(?:i[sz]ed)?\s+letters|capitals|caps|upper[\s-]?case(?:\s+letters)?|"
    r"block\s+letters)"
)
_CAPITAL_WORDS = compile_lazily(
    r"\b(?:(?:those|these|such|the)\s+)?(?:words?\s+(?:with|in|written\s+in)\s+(?:all\s+)?"
    r"(?:capital\s+letters|capitals|caps|uppercase(?:\s+letters)?)|(?:all[\s-]+caps|capitali[sz]ed|"
    r"uppercase)\s+words)\s+(?:(?:should|must|need\s+to|needs\s+to|can|may)\s+)?(?:only\s+)?"
    rf"(?:appear|be\s+used|occur)\s+{TIMES}"
)
# "there should be 5 to 10 such capitalized words", "5-10 words in all caps"
_CAPITAL_RANGE = compile_lazily(
    rf"\b(?P<low>{NUMBER})\s*(?:to|-|–)\s*(?P<high>{NUMBER})\s+(?:such\s+)?(?:(?:all[\s-]+caps|"
    rf"capitali[sz]ed|uppercase)\s+words|words\s+(?:with|in|written\s+in)\s+{_CAPS})"
)
# A sentence whose subject is these words: "The words with all capital
# letters should appear at least 10 times", "But those all-caps words …".
_SUBJECT_LEAD = compile_lazily(
    r"\s*(?:(?:but|and|also|so|however|in\s+particular),?\s+)?(?:make\s+sure\s+(?:that\s+)?)?"
)


def _about_the_answer(sentence: Sentence, start: int, named: bool = False) -> bool:
    if response_context(sentence, start, named_thing=named):
        return True
    lead = _SUBJECT_LEAD.match(sentence.lower)
    return lead is not None and lead.end() >= start and not sentence_blocked(sentence, start)


# "at least 5 words in the output should be in all caps", "at least 15 words in all caps".
_CAPITAL_COUNT = compile_lazily(
    rf"\b(?P<rel>{RELATION})\s+(?P<num>{NUMBER})\s+(?:such\s+)?words?\s+(?:or\s+phrases\s+)?"
    r"(?:in\s+(?:the|your)\s+(?:response|answer|reply|output)\s+)?(?:(?:should|must)\s+)?(?:be\s+)?"
    rf"(?:with|in|written\s+in)\s+{_CAPS}"
)
_TIMES_FOR = (
    rf"(?:for\s+)?(?:(?P<rel>{RELATION})\s+)?(?:(?P<num>{NUMBER})\s+times?\b|"
    r"(?P<word>once|twice|thrice)\b)"
)
# "use words with all capital letters (such as RUBRIC) at least 5 times".
_CAPITAL_TIMES = compile_lazily(
    rf"\b(?:words?\s+(?:with|in|written\s+in)\s+{_CAPS}|all[\s-]+caps\s+words)\s+"
    r"(?:\([^)]{0,60}\)\s+)?(?:(?:should|must|needs?\s+to)\s+)?(?:appear|occur|be\s+used)?\s*"
    + _TIMES_FOR
)
capital_tallies = NumberOf(
    (
        Tally(rf"words?\s+(?:or\s+phrases\s+)?(?:with|in|written\s+in)\s+{_CAPS}", _capitals, True),
        Tally(r"(?:all[\s-]+caps|capitali[sz]ed|uppercase)\s+words", _capitals, True),
    )
)


def capital_words(sentence: Sentence) -> Iterator[Hit]:
    """ "Words in all capital letters should appear at least 3 times"."""
    for match in _CAPITAL_WORDS.finditer(sentence.lower):
        found = times_of(match)
        if found and _about_the_answer(sentence, match.start()):
            yield from typed_hit(_capitals, *found, match.span())
    for match in _CAPITAL_RANGE.finditer(sentence.lower):
        low, high = number_value(match.group("low")), number_value(match.group("high"))
        if low is None or high is None or low >= high:
            continue
        if _about_the_answer(sentence, match.start()) or _THERE.search(
            sentence.lower, 0, match.start()
        ):
            yield from typed_hit(_capitals, "at_least", low, match.span())
            yield from typed_hit(_capitals, "at_most", high, match.span())


_CAPITALISED = (
    r"(?:all[\s-]+caps?|all[\s-]+capitals?|all[\s-]+capital|all[\s-]+uppercase|uppercase|"
    r"fully\s+capitali[sz]ed|capitali[sz]ed|shouty)"
)
# "no all-caps words", "don't write any words in all caps", "avoid uppercase words"
_NO_CAPITALS = compile_lazily(
    r"\b(?:no|without|avoid(?:\s+using)?|(?:do\s+not|don'?t|never)\s+(?:use|write|include))\s+"
    rf"(?:any\s+)?(?:{_CAPITALISED}\s+words|words\s+(?:in|with|written\s+in)\s+{_CAPS})\b"
    r"(?!\s+(?:other\s+than|except|besides|apart)\b)"
)
# "at least 5 words that are fully capitalized", "3 words which are in all caps"
_CAPITAL_THAT_ARE = compile_lazily(
    rf"\b(?P<rel>{RELATION})\s+(?P<num>{NUMBER})\s+words\s+(?:that|which)\s+(?:are|is)\s+"
    rf"(?:{_CAPITALISED}|(?:written\s+)?in\s+{_CAPS})\b"
)


_THERE = compile_lazily(r"^\s*(?:in\s+particular,?\s+)?there\s+(?:should|must)\s+be\s+$")


def no_capitals(sentence: Sentence) -> Iterator[Hit]:
    """ "No all-caps words": none (a name such as NASA is a word in capitals too)."""
    for match in _NO_CAPITALS.finditer(sentence.lower):
        if response_context(sentence, match.start(), owns_negation=True):
            yield from typed_hit(_capitals, "at_most", 0, match.span())


def capital_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "At least 5 words in all caps", "use all-caps words at least twice"."""
    text = sentence.lower
    for match in _CAPITAL_COUNT.finditer(text):
        if _about_the_answer(sentence, match.start(), named=True):
            relation, adjust = relation_of(match.group("rel"))
            value = (number_value(match.group("num")) or 0) + adjust
            yield from typed_hit(_capitals, relation, value, match.span())
    for match in _CAPITAL_THAT_ARE.finditer(text):
        if response_context(sentence, match.start()):
            relation, adjust = relation_of(match.group("rel"))
            value = (number_value(match.group("num")) or 0) + adjust
            yield from typed_hit(_capitals, relation, value, match.span())
    for match in _CAPITAL_TIMES.finditer(text):
        found = times_of(match)
        if found and _about_the_answer(sentence, match.start()):
            yield from typed_hit(_capitals, *found, match.span())


_LETTER_ARG = r"(?P<arg>[\"'‘“]\ue000[\"'’”]|[a-z])"
_LETTER_APPEARS = compile_lazily(
    r"\b(?:the\s+)?letter\s+(?P<arg>[\"'‘“]\ue000[\"'’”]|[a-z])\s+(?:should|must|needs?\s+to|"
    rf"has\s+to)\s+(?:appear|occur|be\s+used)\s+(?:in\s+your\s+(?:response|answer)\s+)?{TIMES}"
)
_LETTER = compile_lazily(
    r"\b(?:(?:include|contain|use|have)s?\s+)?(?:the\s+)?letter\s+"
    + _LETTER_ARG
    + r"\s+(?:(?:should|must|needs?\s+to|has\s+to|to)\s+)?(?:appears?|occurs?|shows?\s+up|"
    r"(?:be|is)\s+used|appearing)?\s*(?:in\s+(?:your|the)\s+(?:entire\s+)?(?:response|answer)\s+)?"
    + _TIMES_FOR
)
_NO_LETTER = compile_lazily(
    r"\b(?:(?:do\s+not|don'?t|never|must\s+not|should\s+not|avoid)\s+(?:include|including|use|"
    r"using|contain|have)|without\s+(?:using|including)?)\s+(?:any\s+|the\s+)?letter\s+"
    + _LETTER_ARG
    + r"(?:\s+(?P<over>more\s+than)\s+(?:(?P<num>"
    + NUMBER
    + r")\s+times?|(?P<word>once|twice|thrice)))?"
)


def _letter(sentence: Sentence, match: re.Match[str]) -> str:
    return sentence.unmask(match.start("arg"), match.end("arg")).strip("\"'‘’“”")


def _letter_count(letter: str, relation: Relation, value: int) -> LetterCount:
    return LetterCount(letter=letter, relation=relation, value=value)


def letter_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "The letter n should appear at least 3 times", "do not use the letter e"."""
    text = sentence.lower
    for pattern in (_LETTER_APPEARS, _LETTER):
        for match in pattern.finditer(text):
            found = times_of(match)
            # "a paragraph about a zoo where the letter z appears 10 times": a
            # topic holds no letters, so the clause describes the answer
            if found and (
                response_context(sentence, match.start())
                or described_widely(sentence, match.start())
            ):
                build = functools.partial(_letter_count, _letter(sentence, match))
                yield from typed_hit(build, *found, match.span())
    for match in _NO_LETTER.finditer(text):
        if response_context(sentence, match.start(), owns_negation=True):
            limit = 0
            if match.group("over"):
                limit = number_value(match.group("word") or match.group("num") or "") or 0
            build = functools.partial(_letter_count, _letter(sentence, match))
            yield from typed_hit(build, "at_most", limit, match.span())


# One letter or a list of them: "'z', 'q' or 'x'", "a, e and i"
_ONE_LETTER = r"(?:[\"'‘“]\ue000[\"'’”]|\b[a-z]\b)"
_LETTER_LIST = (
    rf"(?P<args>{_ONE_LETTER}(?:\s*,\s*{_ONE_LETTER})*(?:\s*,?\s*(?:or|and|nor)\s+{_ONE_LETTER})?)"
)
# A letter banned in words other than "do not use": "no letter 'e' anywhere",
# "avoid the letter 'z' entirely", "without using the letters 'z', 'q' or
# 'x'", "exclude every word containing the letter 'o'" (no word may hold it,
# so no letter of the answer does), "a lipogram in 'a'".
_LETTER_BANNED = compile_lazily(
    r"(?:\b(?:with\s+)?no\s+(?:use\s+of\s+)?(?:the\s+)?|\bavoid(?:s|ing)?\s+(?:using\s+)?(?:the\s+)?|"
    r"\bwithout\s+(?:using\s+|including\s+)?(?:the\s+)?|"
    r"\b(?:do\s+not|don'?t|never|must\s+not|should\s+not)\s+(?:use|include|contain)\s+(?:the\s+)?"
    r"(?=letters\b)|"
    # a clause of the thing asked for: "a riddle that never uses the letter e", "a
    # poem which doesn't contain the letters x or z", "text that uses no letter e"
    r"\b(?:never|(?:does|will)\s+not|doesn'?t|won'?t)\s+(?:uses|includes|contains|has|use|include|"
    r"contain|have)\s+(?:any\s+|the\s+)?|\b(?:uses|contains|has|includes)\s+no\s+(?:the\s+)?|"
    r"\b(?:exclude|excluding|avoid|avoiding|no|without)\s+(?:every|any|all)\s+words?\s+"
    r"(?:containing|that\s+contains?|with)\s+(?:the\s+)?|"
    # "nothing with the letter z in it": no word, so no letter, holds it
    r"\bnothing\s+(?:containing|that\s+contains|with)\s+(?:the\s+)?)letters?\s+"
    + _LETTER_LIST
    + r"|\b(?:an?\s+)?lipogram\s+(?:in|without|of)\s+(?:the\s+letter\s+)?"
    + _LETTER_LIST.replace("?P<args>", "?P<lipogram>")
)
# The letter as the subject of its own ban: "the letter x must not appear
# anywhere", "the letters 'q' and 'z' should never be used", "the letter e
# never appears", "the letter 'k' is not allowed"
_LETTER_NOT_USED = compile_lazily(
    r"\b(?:the\s+)?letters?\s+"
    + _LETTER_LIST
    + r"\s+(?:(?:(?:must|should|may|can|shall|will)\s+(?:not|never)|mustn'?t|shouldn'?t|can'?t|"
    r"cannot|won'?t)\s+(?:appear|occur|be\s+used|be\s+included|show\s+up)\b|"
    r"(?:is|are)\s+(?:not\s+allowed|forbidden|banned|off[\s-]limits)\b)|"
    r"\b(?:the\s+)?letters?\s+"
    + _LETTER_LIST.replace("?P<args>", "?P<stated>")
    + r"\s+(?:never\s+(?:appears?|occurs?|shows?\s+up)|"
    r"(?:does|do)\s*n(?:o|')t\s+(?:appear|occur))\b"
)
# "no letter 'e' in the title": a part's letters, not the answer's
_PART_AFTER = compile_lazily(
    r"\s*(?:(?:at\s+all|anywhere|entirely|whatsoever)\s*)?(?:in|on|at|for|from)\s+(?:"
    # "… never appears in my name": a text of the writer's own
    r"(?:my|our|his|her|their|this|that|these|those)\b|(?:the|each|every|"
    r"its|any|your|a|an)\s+(?!(?:whole\s+|entire\s+)?(?:answer|response|reply|text|output|poem|"
    r"verse|story|paragraph|piece)\b))"
)
_LETTER_ARGS = compile_lazily(_ONE_LETTER)
# Whether it could be done, asked anywhere: "Could you write a sonnet without
# the letter e? How hard would that be?" (a lipogram is a feat one asks about)
_FEASIBLE = compile_lazily(
    r"\bhow\s+(?:hard|difficult|easy|tricky)\b|\b(?:is\s+it|would\s+(?:it|that)\s+be)\s+"
    r"(?:even\s+)?(?:possible|hard|difficult|easy|doable|feasible)\b"
)


def letter_bans(sentence: Sentence) -> Iterator[Hit]:
    """ "No letter 'e' anywhere", "avoid the letter 'z'", "without the letters
    'z', 'q' or 'x'": each letter at most 0 times. One letter the plain
    "do not use the letter e" already reads is left to that rule."""
    text = sentence.lower
    if found_in(_FEASIBLE, lowered(sentence.whole)):
        return
    found = [*_LETTER_BANNED.finditer(text), *_LETTER_NOT_USED.finditer(text)]
    for match in found:
        if _PART_AFTER.match(text, match.end()):
            continue
        if match.groupdict().get("stated"):
            # "the letter e never appears" states a fact unless it describes the
            # thing asked for ("a story in which the letter e never appears")
            if not described_widely(sentence, match.start()):
                continue
        elif not response_context(sentence, match.start(), owns_negation=True):
            continue
        group = next(g for g in ("args", "lipogram", "stated") if match.groupdict().get(g))
        start, end = match.span(group)
        for arg in _LETTER_ARGS.finditer(text, start, end):
            letter = sentence.unmask(*arg.span()).strip("\"'‘’“” ")
            if len(letter) == 1 and letter.isalpha():
                yield Hit(LetterCount(letter=letter, relation="at_most", value=0), *match.span())


class _CapitalWords(TallyFamily):
    name = "capital words"
    specs = (CapitalWordCount,)
    rules: ClassVar[tuple[Rule, ...]] = (
        capital_words,
        capital_tallies,
        capital_counts,
        no_capitals,
    )

    def count(self, spec: Any, text: str) -> int:
        return len(measure.capital_words(text))


class _Letters(TallyFamily):
    name = "letters"
    specs = (LetterCount,)
    rules: ClassVar[tuple[Rule, ...]] = (letter_counts, letter_bans)
    growing = True

    def count(self, spec: Any, text: str) -> int:
        return measure.letters(text, spec.letter)

    def has(self, spec: Any, n: int) -> str:
        return f"has the letter {spec.letter!r} {n} {noun(spec, n)}"

    def fix(self, spec: Any, n: int) -> str:
        gap = abs(n - spec.value)
        more = "more" if n < spec.value else "fewer"
        return f"Use the letter {spec.letter!r} {gap} {more} {noun(spec, gap)}."


CAPITAL_WORDS = _CapitalWords()
LETTERS = _Letters()
