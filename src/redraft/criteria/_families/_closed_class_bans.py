"""Bans of a closed class of words: "no first-person pronouns", "no
first-person words at all (no I, we, our, us)", "no articles (a, an, the)".

A grammatical person's pronouns are a closed class, so "no first-person
pronouns" names exactly the words it bans; its bracketed members, where given,
are banned with it. Articles and pronouns in general are read only with their
members in brackets ("no articles" alone may be news articles), and only where
every member is one of the class: "no articles (news or blogs)" names no words.
A ban on one part ("… in the title") or hedged, asked or of the user's own
text compiles nothing. Part of the keyword family (:mod:`._keyword_clauses`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._keywords import ELSEWHERE, forbidden_hit
from redraft.criteria._families._lexical import asks_about, required
from redraft.criteria._sentences import Hit, Sentence

__all__ = ["closed_class_bans"]

# Each person's pronouns, as the answer would write them ("mine" left out: a
# coal mine is no pronoun, and a ban on it would fail a good answer).
_FIRST = ("I", "me", "my", "myself", "we", "us", "our", "ours", "ourselves")
_SECOND = ("you", "your", "yours", "yourself", "yourselves")
_PRONOUNS = frozenset(
    w.lower()
    for w in (
        *_FIRST,
        *_SECOND,
        "mine",
        "he",
        "him",
        "his",
        "himself",
        "she",
        "her",
        "hers",
        "herself",
        "it",
        "its",
        "itself",
        "they",
        "them",
        "their",
        "theirs",
        "themselves",
    )
)
_ARTICLES = frozenset({"a", "an", "the"})
_CLASS = {"first": _FIRST, "second": _SECOND}
_ALLOWED = {
    "first": frozenset([*(w.lower() for w in _FIRST), "mine"]),
    "second": frozenset(w.lower() for w in _SECOND),
    "articles": _ARTICLES,
    "pronouns": _PRONOUNS,
}

_CLASS_BAN = compile_lazily(
    r"\b(?P<ban>no|without|avoid|avoiding|never\s+use|(?:do\s+not|don'?t)\s+use)\s+(?:any\s+)?"
    r"(?:(?P<person>first|second)[\s-]person\s+(?:pronouns|words)|"
    r"(?P<articles>(?:definite\s+or\s+indefinite\s+)?articles)|(?P<pronouns>(?:personal\s+)?pronouns))"
    r"(?:\s+(?:at\s+all|whatsoever))?"
)
# The members in brackets after the class: "(a, an, the)", "(no I, we, our, us)",
# "(e.g. I, me)"; each may be quoted.
_MEMBERS = compile_lazily(r"\s*\((?P<inner>[^()\n]{1,80})\)")
_LEAD = compile_lazily(r"^\s*(?:e\.g\.|i\.e\.|eg|ie|like|such\s+as|including|so|no)\s*[,:]?\s*")
_SPLIT = compile_lazily(r"\s*(?:,|/|;|\bor\b|\band\b|\bnor\b)\s*")
_QUOTES = "\"“”'‘’«»`"
# Where the ban must end: its clause ends ("…, and no articles (a, an, the).")
_DONE = compile_lazily(
    r"\s*(?:$|[.;!,]|—|–|\s-\s|(?:and|but|please|anywhere|in\s+(?:the|your)\s+(?:entire\s+|whole\s+)?"
    r"(?:answer|response|reply|text|output|abstract|summary|essay)\b))"
)


def _members(sentence: Sentence, start: int, end: int) -> list[str] | None:
    """The bracketed words, each written as the prompt writes it; None where
    one is not a single word (then the bracket is no list of members)."""
    inner = _LEAD.sub("", sentence.unmask(start, end))
    words = [w.strip().strip(_QUOTES).strip() for w in _SPLIT.split(inner)]
    words = [re.sub(r"^no\s+", "", w, flags=re.IGNORECASE) for w in words if w]
    if not words or any(not re.fullmatch(r"[A-Za-z]+", w) for w in words):
        return None
    return words


def closed_class_bans(sentence: Sentence) -> Iterator[Hit]:
    """The words of a banned closed class: a person's pronouns, or the
    bracketed articles or pronouns."""
    text = sentence.lower
    for match in _CLASS_BAN.finditer(text):
        end = match.end()
        members: list[str] | None = None
        if bracket := _MEMBERS.match(text, end):
            members = _members(sentence, bracket.start("inner"), bracket.end("inner"))
            if members is None:
                continue  # "no articles (news or blogs)": no words named
            end = bracket.end()
        person = match.group("person")
        kind = person or ("articles" if match.group("articles") else "pronouns")
        if members is not None and any(w.lower() not in _ALLOWED[kind] for w in members):
            continue  # a member outside the class: not the class's words
        if person is None and members is None:
            continue  # "no articles", "no pronouns": which words is not said
        # a person's whole class is banned, with any member the prompt adds ("mine")
        words = [*_CLASS.get(kind, ()), *(members or ())]
        if ELSEWHERE.match(text, end) or not _DONE.match(text, end):
            continue  # "no pronouns (I, me) in the title": one part's
        start = match.start("ban")
        if asks_about(sentence, start) or not required(sentence, start, owns_negation=True):
            continue
        unique: dict[str, str] = {}
        for word in words:
            unique.setdefault(word.lower(), word)
        if hit := forbidden_hit(list(unique.values()), start, end):
            yield hit
