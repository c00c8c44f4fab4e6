"""An answer that pairs two languages line by line or side by side.

"Translate these terms into Polish, one per line as "English term = Polish
term"", "give each word as Spanish (English)", "a bilingual menu", "each
phrase with the original beside it": the answer holds the source text and
its translation together, so no one language is the whole answer's and a
language check of the whole would fail a right answer (or pass a wrong one
on whichever half the detector weighs more). :func:`paired_languages` says
whether a prompt asks such a format; the language family then compiles
nothing for it.

Read on the original text, quotes included: the pairing is most often a
quoted template ("English = Polish"), which masking would hide.
"""

from __future__ import annotations

import functools

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._language import LANGUAGES

__all__ = ["paired_languages"]

_NAME = "|".join(sorted((name.lower() for name in LANGUAGES.values()), key=len, reverse=True))

# Two language names joined by a mark that pairs them, each with at most two
# words of its own ("English term = Polish term", "Spanish (English)",
# "French / German", "the German word: its English meaning", "English → Welsh").
_JOINED = compile_lazily(
    rf"\b(?P<a>{_NAME})\b(?:[ \t]+[\w'’-]+){{0,2}}?[ \t]*(?:=|:|–|—|→|->|⇒|/|\||\(|[ \t]-[ \t])"
    rf"[ \t]*(?:(?:the|its|their|a|an)[ \t]+)?(?:[\w'’-]+[ \t]+){{0,2}}?(?P<b>{_NAME})\b"
)

# Words that name a two-language answer without naming both languages.
_BOTH = compile_lazily(
    r"\bbilingual\b|\bside[\s-]+by[\s-]+side\b|\bin\s+both\s+languages\b|"
    r"\b(?:alongside|beside|next\s+to|followed\s+by|after|before|with|and|plus)\s+"
    r"(?:the|its|their|each|every)\s+original\b|"
    r"\boriginal\s+(?:text\s+|line\s+|word\s+|term\s+)?(?:and|with|beside|alongside|next\s+to|"
    r"then|followed\s+by)\s+(?:the|its|their|a|an)\s+translations?\b|"
    r"\b(?:words?|terms?|phrases?|sentences?|lines?|expressions?|idioms?)\s+(?:and|with|plus)\s+"
    r"(?:its|their|the|a|an)\s+(?:\w+\s+)?(?:translations?|meanings?|equivalents?|glosses)\b"
)


@functools.lru_cache(maxsize=8)
def paired_languages(full: str) -> bool:
    """Whether a prompt (its original text) asks an answer that pairs a
    text with its translation."""
    text = full.lower()
    if _BOTH.search(text):
        return True
    return any(found.group("a") != found.group("b") for found in _JOINED.finditer(text))
