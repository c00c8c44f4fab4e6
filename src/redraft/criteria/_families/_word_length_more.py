"""More wordings of word length, each read whole: the bound after the
number ("every word must be 5 letters or fewer", "words of 6 letters or
less"), a ban with a modal ("no word may have more than 10 letters") and a
floor put as a ban ("no word shorter than 4 letters", "no words under 3
letters"), and a length named before the noun ("use only five-letter
words").

The governor is the one :mod:`._word_length` uses (a requirement on the
answer, or a clause describing the one thing asked for); a length of some
words only ("a few words of 3 letters or fewer", "avoid most words over 8
letters") or of words in given material compiles nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.criteria._families._lexical import described, required
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import Sentence
from redraft.criteria._spec_base import Relation

__all__ = ["more_word_lengths"]

Reading = tuple[Relation, int, int, int]
"""(relation, value, start, end) of one word-length requirement."""

_UNIT = r"(?:letters?|characters?|chars?)(?:\s+long|\s+in\s+length)?"
_WORDS = r"(?:words?|terms?)"
_MODAL = r"(?:(?:must|should|shall|may|can|will|is\s+to|has\s+to|have\s+to|needs?\s+to)\s+)?"
_BE = r"(?:(?:be|is|are|have|has|contain|use|stay|run)\s+)?"
# "5 letters or fewer", "6 characters or less", "5 letters max", "4 letters or more"
_POSTFIX = re.compile(
    rf"(?P<n>{NUMBER})\s+{_UNIT}\s+(?:(?P<most>or\s+(?:fewer|less|shorter|under|below)|max(?:imum)?"
    r"|at\s+most|tops)|(?P<least>or\s+(?:more|longer|over|above)|min(?:imum)?|at\s+least))\b"
)
# "5 or fewer letters"
_POSTFIX_BEFORE = re.compile(
    rf"(?P<n>{NUMBER})\s+(?:(?P<most>or\s+(?:fewer|less))|(?P<least>or\s+more))\s+{_UNIT}"
)
_HEADS = (
    # "every word must be 5 letters or fewer", "each word has 4 letters or more"
    re.compile(rf"\b(?:each|every|all(?:\s+the)?|any)\s+(?:single\s+)?{_WORDS}\s+{_MODAL}{_BE}$"),
    # "only words with 6 letters or fewer", "use words of 5 or fewer letters"
    re.compile(
        rf"\b(?:only|use|using|with|in)\s+(?:short\s+)?{_WORDS}\s+(?:of|with|that\s+(?:have|are))\s+$"
    ),
)
# "no word may have more than 10 letters", "no word shorter than 4 letters",
# "no words under 3 letters", "no word can be longer than 7 characters"
_BAN = re.compile(
    rf"\b(?:no|not\s+(?:a\s+single|one))\s+(?:single\s+)?{_WORDS}\s+{_MODAL}{_BE}"
    rf"(?:(?P<over>longer\s+th[ae]n|more\s+th[ae]n|over|above|exceeding)|"
    rf"(?P<under>shorter\s+th[ae]n|fewer\s+th[ae]n|less\s+th[ae]n|under|below))\s+"
    rf"(?P<n>{NUMBER})\s+{_UNIT}"
)
# "List 6 adjectives …, none longer than 7 letters": words asked for earlier in
# the sentence, then "none" over a length in letters (characters may be a line's)
_WORD_KINDS = r"(?:words|adjectives|nouns|verbs|adverbs|synonyms|antonyms|rhymes)"
_NONE = re.compile(
    rf"\bnone\s+(?:of\s+them\s+)?{_MODAL}{_BE}(?:longer\s+than|more\s+than|over|above|"
    rf"exceeding)\s+(?P<n>{NUMBER})\s+letters\b"
)
_ASKED_WORDS = re.compile(
    rf"\b(?:list|give|write|suggest|provide|name|generate)\s+(?:me\s+)?(?:\w+\s+){{0,2}}{_WORD_KINDS}\b"
)
# "use only five-letter words", "only 4-letter words": every word that length
_HYPHENED = re.compile(
    rf"\b(?:use\s+only|using\s+only|only\s+(?:use|using)?\s*|with\s+only|entirely\s+(?:of|in)\s+|"
    rf"made\s+(?:up\s+)?(?:only\s+)?of\s+(?:only\s+)?)(?P<n>{NUMBER})-(?:letter|character)\s+words\b"
)
# a length of some words only: "a few words of 3 letters or fewer"
_SOME = re.compile(r"\b(?:some|a\s+few|several|most|many|mostly|one|two|three|\d+)\s+$")
# the words of a part: "every word in the title must be 5 letters or fewer"
_OF_PART = re.compile(r"^\s*(?:in|of|for)\s+(?:the|each|every|your)\s+(?!answer|response|reply)")


def _governed(sentence: Sentence, start: int, *, owns: bool) -> bool:
    return required(sentence, start, owns_negation=owns) or described(sentence, start)


def _found(text: str) -> Iterator[tuple[int, int, Relation, int, bool]]:
    """(start, end, relation, value, owns its negation) of each reading."""
    for pattern in (_POSTFIX, _POSTFIX_BEFORE):
        for match in pattern.finditer(text):
            head_at = max(0, match.start() - 60)
            for head in _HEADS:
                before = head.search(text, head_at, match.start())
                if before is None or _OF_PART.match(text, before.end()):
                    continue
                value = number_value(match.group("n"))
                if value is None:
                    continue
                relation: Relation = "at_most" if match.group("most") else "at_least"
                yield before.start(), match.end(), relation, value, False
                break
    for match in _BAN.finditer(text):
        value = number_value(match.group("n"))
        if value is None:
            continue
        if match.group("over"):
            yield match.start(), match.end(), "at_most", value, True
        else:
            yield match.start(), match.end(), "at_least", value, True
    for match in _NONE.finditer(text):
        value = number_value(match.group("n"))
        if value is not None and _ASKED_WORDS.search(text, 0, match.start()):
            yield match.start(), match.end(), "at_most", value, True
    for match in _HYPHENED.finditer(text):
        value = number_value(match.group("n"))
        if value is not None:
            yield match.start(), match.end(), "exactly", value, False


def more_word_lengths(sentence: Sentence) -> Iterator[Reading]:
    """ "Every word must be 5 letters or fewer", "no word shorter than 4
    letters", "no word may have more than 10 letters", "only five-letter words":
    the first requirement read, if any."""
    text = sentence.lower
    if "word" not in text and "term" not in text and "none" not in text:
        return
    for start, end, relation, value, owns in _found(text):
        if _SOME.search(text, max(0, start - 12), start) or _OF_PART.match(text, end):
            continue
        if _governed(sentence, start, owns=owns):
            yield relation, value, start, end
            return
