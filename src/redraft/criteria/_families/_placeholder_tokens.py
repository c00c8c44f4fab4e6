"""Placeholders named as tokens: "include the placeholder [DATE] somewhere",
"add the placeholders {name} and {city}" compile a ``keyword`` for each
token, written as given (brackets and all).

A token is a bracketed name: ``[DATE]``, ``{customer_name}``,
``{{first_name}}``, ``<NAME>``. Read only where the token follows the word
"placeholder(s)" directly and the clause ends or goes on to say where
("somewhere", "for the date"; a part named, "in the greeting", is another
kind's and compiles nothing); not a form shown by
example ("placeholders in curly braces like {name}", "such as [X]": the
answer picks its own), nor where the clause is hedged, negated, a
question, or in material.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.criteria._families._arguments import Guard
from redraft.criteria._families._keywords import ELSEWHERE, keyword_hits
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._sentences import Hit, Sentence, response_context

__all__ = ["placeholder_tokens"]

_TOKEN = r"(?:\[[a-z][\w .-]{0,30}\]|\{\{?[a-z_][\w .-]{0,30}\}?\}|<[a-z][\w-]{0,30}>)"
_PLACEHOLDERS = re.compile(
    r"\b(?:include|add|use|insert|leave|keep|put)\s+(?:the|a|an|this|these|two|both)\s+"
    r"(?:[\w-]+\s+){0,2}?placeholders?\s+"
    rf"(?P<tokens>{_TOKEN}(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+){_TOKEN}){{0,5}})"
    r"(?=\s*(?:$|[.;,!)]|(?:somewhere|anywhere|in|for|where|to|so|when|as)\b))"
)
_EACH = re.compile(_TOKEN)


def placeholder_tokens(sentence: Sentence) -> Iterator[Hit]:
    """ "Include the placeholder [DATE]": the token, as written, must appear."""
    text = sentence.lower
    plain = Guard(text)
    for match in _PLACEHOLDERS.finditer(text):
        if not plain(match.start()) or asks_about(sentence, match.start()):
            continue
        if not response_context(sentence, match.start()):
            continue
        start, end = match.span("tokens")
        if ELSEWHERE.match(text, end):
            continue  # "… in the greeting": a part's, which no keyword check states
        tokens = [sentence.unmask(t.start(), t.end()) for t in _EACH.finditer(text, start, end)]
        yield from keyword_hits(tokens, [("at_least", 1)], match.start(), end)
