"""How a prompt asks for an acrostic or a tautogram (:mod:`._wordplay` holds
the specs and measures): "the first letters of the lines spell LOVE", "an
acrostic poem for MARGARET", "every word starts with the letter s".

Each reader yields plain values (the word or letter and the span); the
family's rule builds the spec. A word to spell must be quoted or in capitals
and be the whole of what is spelled; a letter must be one letter, not a kind
of letter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

from redraft.criteria._families._lexical import described, required
from redraft.criteria._sentences import Sentence

__all__ = ["acrostic_words", "tautogram_letters"]

Part = Literal["line", "sentence"]

_PART = r"(?P<part>lines?|sentences?|verses?|rows?)"
_SPELL = r"(?:spells?\s+out|spells?|forms?|makes?\s+up|read)"
_TARGET = r"(?:the\s+(?:word|name)\s+)?(?P<word>\S+)"
_ACROSTIC = (
    re.compile(
        rf"\b(?:the\s+)?first\s+letters?\s+of\s+(?:each|every|the|all\s+the|your)\s+{_PART}\s+"
        rf"(?:(?:should|must|will|has\s+to|have\s+to|need\s+to|needs\s+to)\s+)?{_SPELL}\s+{_TARGET}"
    ),
    re.compile(
        r"\b(?:an?\s+)?acrostic(?:\s+(?:poem|verse))?\s+(?:for|of|on|spelling\s+out|spelling|using|"
        rf"with|that\s+spells(?:\s+out)?|based\s+on)\s+{_TARGET}"
    ),
    re.compile(
        rf"\b(?:each|every)\s+{_PART}\s+(?:should|must|has\s+to|needs\s+to)\s+(?:start|begin)\s+"
        rf"with\s+(?:the\s+next\s+letter|a\s+letter)\s+of\s+{_TARGET}"
    ),
)
_WORD_AFTER = re.compile(r"^[\"'“‘«]?([^\W\d_]{2,40})[\"'”’»]?(?=$|[\s.,;:!?)])")


# What may follow the word an acrostic spells: the clause's end, or a
# preposition or conjunction opening what comes next ("for ROME in Italian",
# "for TEAM where each line …"). Another word of a name, a number or a noun
# ("HAPPY BIRTHDAY", "Psalm 23", "Spanish words") means the word read is not
# the whole of what is spelled, or not a word to spell at all.
_AFTER_WORD = re.compile(
    r"^[\"'”’»]?\s*(?:$|[.,;:!?)—–]|(?:in|about|with|where|that|which|and|for|to|on|so|"
    r"please|using|describing|celebrating|as|each|every|whose|but|then|—)\b)"
)
# A verb that may introduce a word to spell or another thing: "using Spanish
# words", "based on Psalm 23", "with Rhyming lines" (a word in capitals or
# quoted is read; a capitalised one is not)
_LOOSE = re.compile(r"(?:using|with|based\s+on|on)\s+$")


def _target(sentence: Sentence, start: int) -> str | None:
    """The word an acrostic names at ``start``: quoted, capitalised or in
    capitals in the prompt (a lowercase word is an ordinary one: "for my
    mother"), and the whole of what it names."""
    found = _WORD_AFTER.match(sentence.original[start:])
    if not found:
        return None
    word = found[1]
    quoted = sentence.original[start] in "\"'“‘«"
    if not (quoted or word[0].isupper()) or word.lower() in ("the", "a", "an", "my", "your"):
        return None
    if not _AFTER_WORD.match(sentence.original[start + found.end() :]):
        return None
    loose = _LOOSE.search(sentence.lower, 0, start) and not re.search(
        r"(?:the\s+(?:word|name)\s+)$", sentence.lower[:start]
    )
    if loose and not (quoted or word.isupper()):
        return None
    return word


_GIVEN_POEM = re.compile(
    r"^\W*\s*(?:in|of)\s+(?:this|these|that|the\s+following|my|his|her|our|their)\s+"
    r"(?:[\w-]+\s+)?(?:poem|text|verse|song|draft|lines?|piece|passage)\b"
)


# The answer holds more than the acrostic: "… for LOVE, then explain the
# choices", "an acrostic for JUNE and a haiku for JULY"
_MORE_AFTER = re.compile(
    r"^[^.;]*?(?:,\s*|\s)(?:then|plus|followed\s+by|and\s+(?:then\s+)?(?:an?|explain|describe|"
    r"give|write|add|tell|list|say))\b"
)
_SEVERAL = re.compile(
    r"\b(?:two|three|four|five|several|multiple|\d+)\s+(?:different\s+)?"
    r"(?:versions|variants|acrostics|poems|options|drafts)\b"
)


def acrostic_words(sentence: Sentence) -> Iterator[tuple[str, Part, int, int]]:
    """ "The first letters of each line spell LOVE", "an acrostic for MARGARET":
    the word, the part and the span."""
    text = sentence.lower
    if "first letter" not in text and "acrostic" not in text and "next letter" not in text:
        return
    for pattern in _ACROSTIC:
        for match in pattern.finditer(text):
            word = _target(sentence, match.start("word"))
            if word is None:
                continue
            part = match.groupdict().get("part") or "line"
            kind: Part = "sentence" if part.startswith("sent") else "line"
            if not (required(sentence, match.start()) or described(sentence, match.start())):
                continue
            if _SEVERAL.search(text) or _MORE_AFTER.match(text[match.end() :]):
                continue  # "in two versions": more lines than one acrostic's
            if _GIVEN_POEM.match(text[match.end() :]):
                continue  # "… spells CAT in this poem: …": material handed over
            yield word, kind, match.start(), match.end()
            return


_TAUTOGRAM = re.compile(
    r"\b(?:each|every|all(?:\s+the)?|every\s+single)\s+words?\s+(?:(?:should|must|has\s+to|have\s+to|"
    r"needs?\s+to|will)\s+)?(?:start|starts|begin|begins|starting|beginning)\s+with\s+"
    r"(?:the\s+(?:same\s+)?letter\s+|an?\s+|the\s+sound\s+)?['\"‘“]?(?P<letter>[a-z\ue000])['\"’”]?"
    r"(?![\w'’-])"
)


def tautogram_letters(sentence: Sentence) -> Iterator[tuple[str, int, int]]:
    """ "Every word starts with the letter s", "each word must begin with 'P'":
    the letter and the span."""
    text = sentence.lower
    if "word" not in text:
        return
    for match in _TAUTOGRAM.finditer(text):
        after = text[match.end() :]
        if re.match(r"\s*(?:of|in)\s+(?:the|each|every|your)\s+(?!answer|response|reply)", after):
            continue
        letter = sentence.original[match.start("letter")]
        if not letter.isalpha():
            continue
        if re.match(
            r"\s+(?:lower\s*case|upper\s*case|capital|small|big|vowel|consonant|different|new|"
            r"letter|random|specific)\b",
            after,
        ):
            continue  # "starts with a lowercase letter": a kind of letter, not the letter a
        if required(sentence, match.start()) or described(sentence, match.start()):
            yield letter.lower(), *match.span()
