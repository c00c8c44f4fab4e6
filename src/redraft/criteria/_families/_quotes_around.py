"""Quotation marks banned around the answer or its values: "no quotes
around values", "No quotes around it", "don't wrap it in quotation marks".

The marks that would wrap the answer or each value of a file (a CSV field,
an ``.env`` value) are its double quotes, straight or curly; the answer then
has none (a straight apostrophe stays allowed: it writes "don't"). Read only
of the answer itself or the values and fields of a data file, never of one
part ("no quotes around the title": the title may sit beside quoted text)
nor of strings in code, whose language may need them. Part of the
forbidden-characters family (:mod:`._forbidden_chars`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.criteria._families._lexical import required
from redraft.criteria._sentences import Sentence

__all__ = ["QUOTE_MARKS", "quotes_around"]

# the marks banned: straight and curly double quotes
QUOTE_MARKS = '"“”'

_QUOTES = r"(?:double\s+)?(?:quotes|quotation\s+marks|quote\s+marks)"
# What the quotes would wrap: the answer, or each value of a data file
_WRAPPED = (
    r"(?:it|them|(?:the|your)\s+(?:answer|output|response|reply)|"
    r"(?:the\s+|any\s+|all\s+|each\s+|every\s+)?(?:values?|fields?|cells?|entries|entry))"
)
_QUOTES_AROUND = re.compile(
    r"(?:^[\s\-*•]*|[,;:(—–]\s*|\b(?:and|but|with|so)\s+)"
    r"(?P<ban>(?:no|without(?:\s+any)?|never\s+(?:use|put|add)|(?:do\s+not|don'?t)\s+(?:use|put|add))\s+"
    rf"(?:any\s+)?{_QUOTES}\s+(?:around|surrounding|enclosing|wrapping)\s+{_WRAPPED}|"
    r"(?:never|(?:do\s+not|don'?t))\s+(?:wrap|enclose|surround|put)\s+"
    rf"{_WRAPPED}\s+(?:in|with)\s+{_QUOTES})"
    # the clause ends there: not "no quotes around values in the header row"
    r"(?=\s*(?:$|[.;!,)]|—|–|(?:and|but|please)\b))"
)


def quotes_around(sentence: Sentence) -> Iterator[tuple[int, int]]:
    """Where double quotes are kept off the answer or its values, as a
    requirement on the answer."""
    for match in _QUOTES_AROUND.finditer(sentence.lower):
        if required(sentence, match.start("ban"), owns_negation=True):
            yield match.start("ban"), match.end()
