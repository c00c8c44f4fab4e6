"""Unquoted names and numbers a verb requires: "Mention SQL and Python at
least once each", "include the numbers 3, 7 and 12", "use the host's name,
Marta, exactly twice".

Each is a capitalised word or a number, read only where the clause ends after
them (or states their count). Part of the keyword family
(:mod:`._keyword_clauses`).
"""

from __future__ import annotations

from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import frequency
from redraft.criteria._families._keyword_speech import cut_at_title
from redraft.criteria._families._keywords import (
    EACH,
    OPEN_LIST,
    REQUIRE_DONE,
    keyword_hits,
    more_keywords,
    of_answer,
    of_several,
)
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._families._qualified import alternative_listed, taken_back
from redraft.criteria._sentences import Hit, Sentence

__all__ = ["named"]


# "Mention SQL and Python at least once each", "mentions 1789 and Robespierre",
# "include the numbers 3, 7 and 12": unquoted names and numbers, each a
# capitalised word or a number ("use Python" is a language, not a word: no "use").
# A title's period belongs to the name ("Mention Dr. Patel", "the teacher's name, Ms.
# Alvarez"): the title alone is never the name.
_NAME_ITEM = (
    r"(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof|St)\.?\s+[A-Z][\w'’-]*[\w]|"
    r"(?!(?:Dr|Mr|Mrs|Ms|Mx|Prof|St)\.)(?:[A-Z][\w'’.-]*[\w]|[A-Z])|\d[\d,.]*\d|\d)"
)
_NAMES = compile_lazily(
    rf"(?P<items>{_NAME_ITEM}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+){_NAME_ITEM}){{0,9}})"
)
_REQUIRE_NAMES = compile_lazily(
    r"\b(?:mention|mentions|mentioning|include|includes|including|reference|references|cite|"
    r"name-?drop)\s+(?:(?P<numbers>the\s+(?:numbers?|figures?|years?))\s+|"
    # "include the names Lukas and Mira", "mention both names, Aisha and Ben", "include the
    # couple's names, Sam and Jordan": the names given right after the noun naming them
    r"(?:the\s+|both\s+|all\s+|(?:the\s+)?[a-z]+'s\s+)(?:full\s+|first\s+)?names?\s*,?\s*)?|"
    # "use the retiree's name, Gloria, exactly 3 times": "use" only with the noun naming
    # the name ("use Python" is a language, not a word)
    r"\b(?:use|using)\s+(?:the\s+|(?:the\s+)?[a-z]+'s\s+|his\s+|her\s+|their\s+)"
    r"(?:full\s+|first\s+)?name\s*,\s*"
)
# "…, Aisha and Ben, at least twice each": a count set off by a comma after the names
_COMMA_COUNT = compile_lazily(r"\s*,(?=\s*(?:at\s+(?:least|most)|exactly|once|twice|thrice)\b)")
_NUMERALS = compile_lazily(r"\s*(?:as|in|using)\s+(?:digits|numerals|figures)\b")
_SPLIT_NAMES = compile_lazily(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


def named(sentence: Sentence) -> Iterator[Hit]:
    """Unquoted names and numbers a verb requires, where the clause ends after them."""
    text = sentence.lower
    for match in _REQUIRE_NAMES.finditer(text):
        names = _NAMES.match(sentence.masked, match.end())
        if names is None:
            continue
        items = _SPLIT_NAMES.split(names.group("items"))
        if not match.group("numbers") and any(i[0].isdigit() and len(i) < 3 for i in items):
            continue  # "include 3 examples": a count, not a number to write
        if match.group("numbers") and not all(i[0].isdigit() for i in items):
            continue
        end = names.end()
        if cut_at_title(sentence.original, items[-1], end):
            continue  # "the teacher's name, Ms. Alvarez, …": the name is not "Ms"
        if numerals := _NUMERALS.match(text, end):
            end = numerals.end()
        if comma := _COMMA_COUNT.match(text, end):
            end = comma.end()
        amounts, end = frequency(sentence, end)
        if not amounts or OPEN_LIST.match(text, end):
            continue
        each = EACH.match(text, end)
        done = REQUIRE_DONE.match(text, each.end() if each else end)
        if not done or asks_about(sentence, match.start()):
            continue
        if taken_back(text, end) or alternative_listed(text, names.start(), names.end()):
            continue  # "mention Python or Go", "… where relevant"
        if not of_answer(sentence, match.start()) or of_several(text, match.start()):
            continue
        yield from keyword_hits(items, amounts, match.start(), end)
        # "Mention SQL at least twice and Python at least once": the next name, its own count
        yield from more_keywords(sentence, end)
