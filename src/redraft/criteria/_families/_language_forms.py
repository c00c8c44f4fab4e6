"""The answer's language named in the shape of what is asked for, not after
"in": "Write 10 French sentences for my students", "Give me a Mandarin
tongue twister", and a labelled setting ("Target language: Portuguese
(Brazil).").

A language adjective before a noun is often a place or a cuisine ("a French
recipe", "a Greek salad"), so only nouns for text one writes in a language
are read ("sentences", "poem", "email", "tongue twister"); word lists
("5 Spanish words") come with their translations and are not. Nothing
compiles where the prompt names a second language, speaks of translating,
meaning or explaining, or hedges.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER
from redraft.criteria._language import LANGUAGES
from redraft.criteria._sentences import HEDGE, Sentence, found_in, lowered, once

__all__ = ["NamedLanguage", "labelled_language", "text_language"]


class NamedLanguage(NamedTuple):
    """A language the sentence names for the answer, and where."""

    code: str
    start: int
    end: int


# each language's English name, and other names people give one
_CODES = {name.lower(): code for code, name in LANGUAGES.items()} | {
    "mandarin": "zh",
    "farsi": "fa",
    "castilian": "es",
    "flemish": "nl",
}
_NAME = "|".join(sorted(_CODES, key=len, reverse=True))
_TEXT_NOUN = (
    r"(?:sentences?|poems?|haikus?|limericks?|sonnets?|stor(?:y|ies)|paragraphs?|texts?|"
    r"e-?mails?|messages?|tweets?|posts?|captions?|dialogues?|conversations?|"
    r"tongue[\s-]twisters?|songs?|lyrics|summar(?:y|ies)|essays?|articles?|speech(?:es)?|"
    r"toasts?|notes?|descriptions?|slogans?|riddles?|jokes?|rhymes?|lullab(?:y|ies)|"
    r"greetings?|replies|reply|answers?|responses?|cover\s+letters?|letters?)"
)
_VERB = (
    r"(?:write|give|compose|create|draft|generate|produce|make|provide|tell|send|share|"
    r"need|want)"
)
_ADJECTIVE = compile_lazily(
    rf"\b{_VERB}\s+(?:me\s+|us\s+)?(?:(?:a|an|one|some|{NUMBER})\s+)"
    rf"(?:(?!(?:and|or|with|about|for|of)\b)[\w-]+\s+){{0,2}}?"
    rf"(?P<lang>{_NAME})\s+{_TEXT_NOUN}\b"
)
# "Target language: Portuguese (Brazil)." as a sentence of its own
_LABEL = compile_lazily(
    rf"^\s*(?:target|output|response|reply|answer)\s+language\s*[:=-]\s*(?P<lang>{_NAME})"
    r"(?:\s*\([^()]{1,30}\))?\s*[.!]?\s*$"
)
# What makes the answer hold another language, or be about one
_ELSEWHERE = compile_lazily(
    r"\btranslat\w*|\bmean(?:s|ing)?\b|\bexplain\w*|\bgloss\w*|\bpronounc\w*|\bromani[sz]\w*|"
    r"\btransliterat\w*|(?<!\bno\s)(?<!\bwithout\s)\b(?:pinyin|romaji)\b|\bin\s+brackets\b|"
    r"\bin\s+parenthes[ie]s\b|"
    r"\bvocabulary\b|\bwords?\s+for\b"
)


@once
def _languages_named(whole: str) -> frozenset[str]:
    """The codes of the languages ``whole`` names."""
    return frozenset(_CODES[m.group(0)] for m in re.finditer(rf"\b(?:{_NAME})\b", whole))


def text_language(sentence: Sentence) -> Iterator[NamedLanguage]:
    """ "Write 10 French sentences for my students", "Give me a Mandarin
    tongue twister": the one language of the text asked for (whether the
    sentence asks it of the answer is the caller's test)."""
    text = sentence.lower
    whole = lowered(sentence.whole or sentence.masked)
    if HEDGE.search(text) or found_in(_ELSEWHERE, whole) or text.rstrip().endswith("?"):
        return
    for match in _ADJECTIVE.finditer(text):
        code = _CODES[match.group("lang")]
        if _languages_named(whole) == {code}:
            yield NamedLanguage(code, *match.span())
            return


def labelled_language(sentence: Sentence) -> Iterator[NamedLanguage]:
    """ "Target language: Portuguese (Brazil).": a setting that names the
    answer's language."""
    match = _LABEL.match(sentence.lower)
    if match is None or HEDGE.search(sentence.lower):
        return
    code = _CODES[match.group("lang")]
    if _languages_named(lowered(sentence.whole or sentence.masked)) == {code}:
        yield NamedLanguage(code, *match.span("lang"))
