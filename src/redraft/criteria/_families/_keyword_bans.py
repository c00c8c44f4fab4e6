"""Banned words stated by a label, of the words themselves, or as the
members of a banned kind: "Banned words: 'synergy', 'leverage'", "'Synergy'
is off-limits", "no filler words like 'basically' or 'literally'", "no
technical words like hash or node or ledger".

A kind's examples ("like", "such as") are the words banned: each is plainly
one of the kind, and the check holds them, not the kind's other members. Part
of the keyword family (:mod:`._keyword_clauses`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.criteria._families._arguments import ARG, parse_list
from redraft.criteria._families._keywords import (
    ELSEWHERE,
    MORE_THAN,
    OPEN_LIST,
    forbidden_hit,
)
from redraft.criteria._families._lexical import asks_about, required
from redraft.criteria._sentences import Hit, Sentence, response_context

__all__ = ["banned", "banned_kinds", "kept_out"]

# "no apology words like 'sorry' or 'apologize'", "avoid superlatives such as
# 'best', 'greatest'": a banned kind of word, its quoted members banned.
_FORBID_KIND = re.compile(
    r"\b(?:no|avoid|avoiding|without|never\s+(?:use|say|write|mention)|(?:don'?t|do\s+not)\s+"
    r"(?:use|say|write|mention))\s+(?:any\s+)?(?:[\w-]+\s+){0,2}?(?:words?|terms?|phrases?|"
    r"adjectives|adverbs|verbs|nouns|superlatives|clich[eé]s|buzzwords|jargon|fillers?|filler\s+words|"
    r"pronouns|hedges|slang|expressions|intensifiers|brands?|names)\s*,?\s*"
    # "no pronouns 'I' or 'my'": the banned words may follow the kind directly
    r"\(?(?:(?P<like>like|such\s+as|e\.g\.,?|including|for\s+example,?)\s*:?\s*)?"
    # "no technical words like hash or node or ledger": after "like", bare words too
    r"(?:(?=[\"“'‘«`]\ue000)|(?<=like\s)(?=[a-z])|(?<=as\s)(?=[a-z]))"
)
# The examples of a banned kind, the members banned: the listed words, each plainly
# one of the kind, are what the check holds (the kind's other members are not).
_QUOTES = ('"', "“", "'", "‘", "«", "`")
_BARE_DONE = re.compile(r"\s*(?:$|[.;!,)]|—|–|\s-\s|(?:and|but)\b)")
# "Banned words: 'synergy', 'leverage'", "'Synergy' is off-limits": a ban stated as a label
# or of the quoted words themselves.
_BANNED_LABEL = re.compile(
    r"\b(?:banned|forbidden|prohibited|blacklisted|taboo|off-limits)\s+(?:words?|terms?|phrases?)\s*:\s*"
)
_IS_BANNED = re.compile(
    r"\s+(?:is|are)\s+(?:strictly\s+|completely\s+)?(?:off[\s-]limits|banned|forbidden|prohibited|"
    r"not\s+allowed)(?=\s*(?:$|[.;!,]|in\s+(?:the|your)\s+(?:answer|response|reply|text)\b))"
)

# "Keep the word 'synergy' out", "leave the phrase 'act now' out of it": the
# words kept out of the answer itself, not out of one part ("… out of the title")
_KEEP_OUT = re.compile(
    r"\b(?:keep|leave)\s+(?:the\s+)?(?:words?|terms?|phrases?)\s+(?=[\"“'‘«`]\ue000)"
)
_OUT = re.compile(
    r"\s+out(?:\s+of\s+(?:it|(?:the|your)\s+(?:entire\s+|whole\s+)?(?:answer|response|reply|"
    r"text|copy|email|post|message|letter|story|poem|piece|description|summary)))?"
    r"(?:\s+(?:entirely|completely|altogether))?(?=\s*(?:$|[.;!,]|—|–|and\b|but\b))"
)


def kept_out(sentence: Sentence) -> Iterator[Hit]:
    """Quoted words kept out of the answer: "keep the word 'synergy' out"."""
    text = sentence.lower
    for match in _KEEP_OUT.finditer(text):
        parsed = parse_list(sentence, match.end())
        if not parsed or (out := _OUT.match(text, parsed[1])) is None:
            continue
        if asks_about(sentence, match.start()) or not response_context(
            sentence, match.start(), owns_negation=True
        ):
            continue
        if hit := forbidden_hit(parsed[0], match.start(), out.end()):
            yield hit


def banned(sentence: Sentence) -> Iterator[Hit]:
    """Words banned by a label ("Banned words: 'a', 'b'") or of themselves
    ("'Synergy' is off-limits")."""
    text = sentence.lower
    for match in _BANNED_LABEL.finditer(text):
        parsed = parse_list(sentence, match.end())
        if not parsed or OPEN_LIST.match(text, parsed[1]) or asks_about(sentence, 0):
            continue
        if response_context(sentence, match.start(), owns_negation=True) and (
            hit := forbidden_hit(parsed[0], match.start(), parsed[1])
        ):
            yield hit
    for match in re.finditer(rf"(?<![\w\ue000]){ARG}", text):
        parsed = parse_list(sentence, match.start())
        if not parsed or (ban := _IS_BANNED.match(text, parsed[1])) is None:
            continue
        if asks_about(sentence, match.start()) or not response_context(
            sentence, match.start(), owns_negation=True
        ):
            continue
        if hit := forbidden_hit(parsed[0], match.start(), ban.end()):
            yield hit
        return


def banned_kinds(sentence: Sentence) -> Iterator[Hit]:
    """The quoted members of a banned kind of word ("no filler words like
    'basically' or 'literally'"): each is banned, whatever else the kind holds."""
    text = sentence.lower
    for match in _FORBID_KIND.finditer(text):
        parsed = parse_list(sentence, match.end())
        if not parsed or ELSEWHERE.match(text, parsed[1]) or OPEN_LIST.match(text, parsed[1]):
            continue
        words = parsed[0]
        if not text.startswith(_QUOTES, match.end()):
            if words[-1].lower() in ("please", "thanks"):
                words = words[:-1]  # "… such as synergy or leverage, please"
            if not words or not _BARE_DONE.match(text, parsed[1]):
                continue  # "no words like these in the intro": bare examples end the clause
        if asks_about(sentence, match.start()) or MORE_THAN.match(text, parsed[1]):
            continue
        if not required(sentence, match.start(), owns_negation=True):
            continue  # "Third person, no pronouns 'I' or 'my'": an item of a terse list reads
        if hit := forbidden_hit(words, match.start(), parsed[1]):
            yield hit
