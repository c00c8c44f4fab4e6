"""One piece as the whole answer: "Return only the corrected sentence.",
"Please reply only with the fixed sentence: '…'" (exactly one sentence) and
"Give me a word that … Just the word." (exactly one word). Read by
:mod:`._prose`, which builds the counts.

"the word" reads only where the prompt asks for a word before it ("an
anagram of 'listen' that's a real word. Just the word in lowercase."): the
word then names what is asked, where "the capital of Peru, just the word"
may well be a name of two words. A selection of a given text ("only the
first sentence"), a quoted word ("just the word 'yes'"), a count ("just the
word count") or a piece beside another part ("only the sentence and its
source", "… Then explain the fix.") is not read.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import LATER_PART, Sentence, lowered, response_context

__all__ = ["only_sentence_at", "only_word_at"]

_VERB = r"(?:return|output|give(?:\s+me)?|send|print|provide|write|(?:respond|reply|answer)\s+with)"
# "only the sentence", "reply only with the sentence", "just the word"
_ONLY = (
    rf"(?:(?:^|(?<=[,;:\u2014\u2013])|\b{_VERB}\s+)\s*(?:only|just)\s+|"
    r"\b(?:respond|reply|answer)\s+(?:only|just)\s+with\s+)"
)
# What may end the piece: the phrase's end, or "nothing else" after it
_END = r"(?=\s*(?:[.!:]|,\s*(?:and\s+)?(?:nothing|no)\b|$))"
_ONLY_SENTENCE = compile_lazily(
    rf"{_ONLY}(?:the|your)\s+(?:(?:corrected|fixed|revised|rewritten|edited|improved|new|final|"
    rf"translated|resulting|finished)\s+)?sentence\b{_END}"
)
# "just the word in lowercase": a case said of the word adds no part
_ONLY_WORD = compile_lazily(
    rf"{_ONLY}(?:the|your)\s+word\b"
    r"(?=\s*(?:[.!]|,\s*(?:and\s+)?(?:nothing|no)\b|$|\s+in\s+(?:all\s+)?(?:lower\s*case|"
    r"upper\s*case|caps|capitals|capital\s+letters)\b\s*(?:[.!,]|$)))"
)
# a word asked for before "the word": "Give me a word that …", "the longest word you
# can make" (not "a word for 'potato'": a translation or a synonym may be a phrase)
_WORD_ASKED = compile_lazily(
    r"\b(?:an?|one|single|the)\s+(?:[\w-]+\s+){0,2}?word\b(?!\s*['\"\u2018\u201c])(?!\s+for\b)"
)


# "My teacher said: give me a word …, just the word": someone else's request
_REPORTED = compile_lazily(r"\b(?:said|says|asked|asks|told|tells|wrote|writes|wants)\b")


def _whole(sentence: Sentence, found: re.Match[str] | None) -> tuple[int, int] | None:
    if found is None or not response_context(sentence, found.start()):
        return None
    if _REPORTED.search(sentence.lower, 0, found.start()):
        return None
    if LATER_PART.search(lowered(sentence.whole), sentence.start + len(sentence.masked) - 1):
        return None  # "Return only the sentence. Then explain the fix.": one part of two
    return found.span()


def only_sentence_at(sentence: Sentence) -> tuple[int, int] | None:
    """Where the sentence asks for one sentence as the whole answer."""
    return _whole(sentence, _ONLY_SENTENCE.search(sentence.lower))


def only_word_at(sentence: Sentence) -> tuple[int, int] | None:
    """Where the sentence asks for the one word asked before as the whole answer."""
    found = _ONLY_WORD.search(sentence.lower)
    if found is None:
        return None
    asked = lowered(sentence.whole)[: sentence.start + found.start()]
    if not _WORD_ASKED.search(asked):
        return None  # "the capital of Peru, just the word": a name, maybe of two words
    return _whole(sentence, found)
