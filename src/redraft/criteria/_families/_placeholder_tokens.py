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

from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import Guard, frequency
from redraft.criteria._families._keywords import ELSEWHERE, OPEN_LIST, keyword_hits
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._sentences import Hit, Sentence, response_context

__all__ = ["placeholder_tokens"]

_TOKEN = r"(?:\[[a-z][\w .-]{0,30}\]|\{\{?[a-z_][\w .-]{0,30}\}?\}|<[a-z][\w-]{0,30}>)"
# A token in curly braces is a template's slot whatever names it: "Must include {url}
# exactly once", "Use {{date}} and {{time}}"; a bracketed or angled one may be a
# markdown or markup form ("use [square brackets] for notes"), read only after the
# word "placeholder".
_CURLY = r"\{\{?[a-z_][\w .-]{0,30}\}?\}"
_TOKENS = r"(?P<tokens>{t}(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+){t}){{0,5}})"
_PLACEHOLDERS = compile_lazily(
    r"\b(?P<verb>include|includes|add|use|insert|leave|keep|put|contain|contains)\s+(?:"
    r"(?:(?:the|a|an|this|these|two|both|all)\s+)?(?:[\w-]+\s+){0,2}?placeholders?\s+"
    # "placeholders in curly braces — {name}, {permit_no} — each exactly once"
    r"(?:in\s+(?:curly|square|angle)\s+(?:braces|brackets)\s*)?(?:[—–:]\s*)?"
    + _TOKENS.format(t=_TOKEN)
    + r"|"
    + _TOKENS.format(t=_CURLY).replace("?P<tokens>", "?P<curly>")
    + r")"
)
_ONE = compile_lazily(r"\s+(?:one|a\s+single)\s")
# "… exactly as written, each once": the tokens as given, then how often
_AS_WRITTEN = compile_lazily(
    r"\s*[—–]?\s*(?:,\s*)?(?:(?:exactly\s+)?as\s+(?:written|given|shown)|verbatim|word\s+for\s+word)?"
)
# Where the clause ends or goes on to say where ("somewhere", "for the date")
_CLAUSE_GOES_ON = compile_lazily(
    r"\s*(?:$|[.;,!)]|—|–|(?:somewhere|anywhere|in|for|where|to|so|when|as|and|but)\b)"
)
_EACH = compile_lazily(_TOKEN)


def placeholder_tokens(sentence: Sentence) -> Iterator[Hit]:
    """ "Include the placeholder [DATE]": the token, as written, must appear
    (as often as stated: "{name} and {city}, each exactly once")."""
    text = sentence.lower
    plain = Guard(text)
    for match in _PLACEHOLDERS.finditer(text):
        if not plain(match.start()) or asks_about(sentence, match.start()):
            continue
        if not response_context(sentence, match.start()):
            continue
        group = "tokens" if match.group("tokens") else "curly"
        start, end = match.span(group)
        written = _AS_WRITTEN.match(text, end)
        amounts, counted = frequency(sentence, written.end() if written else end)
        if not amounts or not _CLAUSE_GOES_ON.match(text, counted):
            continue  # "{name}, {city}, etc.", "[X] style tags": not these tokens as such
        if ELSEWHERE.match(text, end) or ELSEWHERE.match(text, counted):
            continue  # "… in the greeting": a part's, which no keyword check states
        if OPEN_LIST.match(text, end):
            continue
        tokens = [sentence.unmask(t.start(), t.end()) for t in _EACH.finditer(text, start, end)]
        if (
            _ONE.match(text, match.end("verb"))
            and len(tokens) == 1
            and amounts == [("at_least", 1)]
        ):
            amounts = [("exactly", 1)]  # "include one link placeholder <link>": one, no more
        stop = len(text[:counted].rstrip(" ,—–"))
        yield from keyword_hits(tokens, amounts, match.start(), max(end, stop))
