"""Symbols banned by what they are: double quotes around the answer or its
values ("no quotes around values", "No quotes around it", "don't wrap it in
quotation marks", "use single quotation marks, never double"), symbols listed
as a kind's examples ("no symbols like & or %"), and the spaces of a
comma-separated list ("comma-separated, no spaces").

The marks that would wrap the answer or each value of a file (a CSV field,
an ``.env`` value) are its double quotes, straight or curly; the answer then
has none (a straight apostrophe stays allowed: it writes "don't"). Read only
of the answer itself or the values and fields of a data file, never of one
part ("no quotes around the title": the title may sit beside quoted text)
nor of strings in code, whose language may need them. A kind's examples are
read only where each is one symbol (no letter or digit), and a list's spaces
only where the comma-separated list is the answer asked for. Part of the
forbidden-characters family (:mod:`._forbidden_chars`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._lexical import required
from redraft.criteria._sentences import Sentence

__all__ = ["QUOTE_MARKS", "banned_symbols"]

# the marks banned: straight and curly double quotes
QUOTE_MARKS = '"“”'

_QUOTES = r"(?:double\s+)?(?:quotes|quotation\s+marks|quote\s+marks)"
# What the quotes would wrap: the answer, or each value of a data file
_WRAPPED = (
    r"(?:it|them|(?:the|your)\s+(?:answer|output|response|reply)|"
    r"(?:the\s+|any\s+|all\s+|each\s+|every\s+)?(?:values?|fields?|cells?|entries|entry))"
)
_QUOTES_AROUND = compile_lazily(
    r"(?:^[\s\-*•]*|[,;:(—–]\s*|\b(?:and|but|with|so)\s+)"
    r"(?P<ban>(?:no|without(?:\s+any)?|never\s+(?:use|put|add)|(?:do\s+not|don'?t)\s+(?:use|put|add))\s+"
    rf"(?:any\s+)?{_QUOTES}\s+(?:around|surrounding|enclosing|wrapping)\s+{_WRAPPED}|"
    r"(?:never|(?:do\s+not|don'?t))\s+(?:wrap|enclose|surround|put)\s+"
    rf"{_WRAPPED}\s+(?:in|with)\s+{_QUOTES})"
    # the clause ends there: not "no quotes around values in the header row"
    r"(?=\s*(?:$|[.;!,)]|—|–|(?:and|but|please)\b))"
)


# "use single quotation marks, never double": the house style's quotes
_SINGLE_NOT_DOUBLE = compile_lazily(
    r"\b(?P<ban>(?:use|using)\s+(?:only\s+)?single\s+(?:quotes|quotation\s+marks|quote\s+marks)\s*,?\s*"
    r"(?:(?:and\s+)?never|not|no)\s+double(?:\s+(?:ones|quotes|quotation\s+marks))?)"
    r"(?=\s*(?:$|[.;!,)]|—|–|(?:and|but)\b))"
)
# "no symbols like & or %", "no special characters such as '#' or '@'"
_SYMBOL = r"(?:[\"“'‘]\ue000[\"”'’]|[^\w\s\ue000,.;:()'\"“”‘’])"
_SYMBOLS_LIKE = compile_lazily(
    r"(?:^[\s\-*•]*|[,;:(—–]\s*|\b(?:and|but|so|with)\s+)(?P<ban>no|without|avoid|never\s+use|"
    r"(?:do\s+not|don'?t)\s+use)\s+(?:any\s+)?(?:special\s+)?(?:symbols|characters|signs)\s*,?\s*"
    r"\(?(?:like|such\s+as|e\.g\.,?|including)\s+"
    rf"(?P<symbols>{_SYMBOL}(?:\s*(?:,|/|\bor\b|\band\b)\s*(?:,\s*)?{_SYMBOL}){{0,8}})"
    r"(?=\s*(?:$|[.;!,)]|—|–|(?:and|but|please)\b))"
)
# "Lowercase, comma-separated, no spaces", "a comma separated list without spaces"
_LIST_SPACES = compile_lazily(
    # the list is what is asked for, so the ban is read where the list is named
    r"\b(?P<ban>comma[\s-]separated(?:\s+(?:list|line|values))?\s*,?\s*(?:with\s+)?(?:no|without)\s+"
    r"(?:any\s+)?spaces)(?=\s*(?:$|[.;!)]|—|–))"
)


def banned_symbols(sentence: Sentence) -> Iterator[tuple[str, int, int]]:
    """The symbols banned, where each ban is a requirement on the answer."""
    text = sentence.lower
    found: list[tuple[str, re.Match[str]]] = [
        *((QUOTE_MARKS, m) for m in _QUOTES_AROUND.finditer(text)),
        *((QUOTE_MARKS, m) for m in _SINGLE_NOT_DOUBLE.finditer(text)),
        *((" ", m) for m in _LIST_SPACES.finditer(text)),
    ]
    for match in _SYMBOLS_LIKE.finditer(text):
        raw = sentence.unmask(*match.span("symbols"))
        symbols = re.findall(r"[^\w\s,'\"“”‘’/]|(?<=['\"“‘])/(?=['\"”’])", raw)
        found.append(("".join(dict.fromkeys(symbols)), match))
    for chars, match in found:
        if chars and required(sentence, match.start("ban"), owns_negation=True):
            yield chars, match.start("ban"), match.end()
