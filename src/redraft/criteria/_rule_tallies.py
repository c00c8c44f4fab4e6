"""Counted requirements phrased around the thing counted rather than the
number: "the number of sentences should be in the range of 40 to 60", "at
least 5 words in all caps", "make sure the letter n appears at least 3
times", "do not include the letter c anywhere".

They share the number grammar of ``_rule_counts``; "less than 5" is at most
4 here too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from redraft.criteria._hits import hit_of
from redraft.criteria._rule_counts import (
    NUMBER,
    RELATION,
    number_value,
    relation_of,
    times_of,
)
from redraft.criteria._sentences import Hit, Rule, Sentence, response_context
from redraft.criteria._spec import Relation

__all__ = ["TALLY_RULES"]

_CAPS = (
    r"(?:all[\s-]+)?(?:capital(?:i[sz]ed)?\s+letters|capitals|caps|upper[\s-]?case(?:\s+letters)?|"
    r"block\s+letters)"
)
_WHAT: list[tuple[str, str]] = [
    (rf"words?\s+(?:or\s+phrases\s+)?(?:with|in|written\s+in)\s+{_CAPS}", "capital_word_count"),
    (r"(?:all[\s-]+caps|capitali[sz]ed|uppercase)\s+words", "capital_word_count"),
    (r"words?", "word_count"),
    (r"sentences?", "sentence_count"),
    (r"paragraphs?", "paragraph_count"),
    (r"(?:markdown\s+)?bullet(?:[\s-]+points?)?s?", "bullet_count"),
    (r"placeholders?", "placeholder_count"),
]
_WHAT_ALT = "|".join(f"(?P<w{i}>{p})" for i, (p, _) in enumerate(_WHAT))
_IN_RESPONSE = (
    r"(?:\s+in\s+(?:your|the)\s+(?:entire\s+|whole\s+)?(?:response|answer|reply|output))?"
)
_AMOUNT = (
    rf"(?:(?P<rel>{RELATION})\s+)?(?:in\s+the\s+range\s+of\s+|between\s+)?(?P<num>{NUMBER})"
    rf"(?:\s+(?:to|and|-)\s+(?P<high>{NUMBER})|\s+or\s+(?P<dir>more|less|fewer))?"
)
# "The number of sentences in your response should be 40 to 60."
_NUMBER_OF = re.compile(
    rf"\b(?:the\s+)?(?:total\s+)?number\s+of\s+(?:{_WHAT_ALT}){_IN_RESPONSE}\s+"
    rf"(?:should|must|needs\s+to|has\s+to|shall)\s+be\s+{_AMOUNT}\b"
)
# "Limit the number of words with all capital letters to less than four."
_LIMIT_NUMBER = re.compile(
    rf"\blimit\s+the\s+(?:total\s+)?number\s+of\s+(?:{_WHAT_ALT}){_IN_RESPONSE}\s+to\s+{_AMOUNT}\b"
)
# "at least 5 words in the output should be in all caps", "at least 15 words in all caps".
_CAPITAL_COUNT = re.compile(
    rf"\b(?P<rel>{RELATION})\s+(?P<num>{NUMBER})\s+(?:such\s+)?words?\s+(?:or\s+phrases\s+)?"
    r"(?:in\s+(?:the|your)\s+(?:response|answer|reply|output)\s+)?(?:(?:should|must)\s+)?(?:be\s+)?"
    rf"(?:with|in|written\s+in)\s+{_CAPS}"
)
_TIMES = (
    rf"(?:for\s+)?(?:(?P<rel>{RELATION})\s+)?(?:(?P<num>{NUMBER})\s+times?\b|"
    r"(?P<word>once|twice|thrice)\b)"
)
# "use words with all capital letters (such as RUBRIC) at least 5 times".
_CAPITAL_TIMES = re.compile(
    rf"\b(?:words?\s+(?:with|in|written\s+in)\s+{_CAPS}|all[\s-]+caps\s+words)\s+"
    r"(?:\([^)]{0,60}\)\s+)?(?:(?:should|must|needs?\s+to)\s+)?(?:appear|occur|be\s+used)?\s*"
    + _TIMES
)
_LETTER_ARG = r"(?P<arg>[\"'‘“]\ue000[\"'’”]|[a-z])"
_LETTER = re.compile(
    r"\b(?:(?:include|contain|use|have)s?\s+)?(?:the\s+)?letter\s+"
    + _LETTER_ARG
    + r"\s+(?:(?:should|must|needs?\s+to|has\s+to|to)\s+)?(?:appears?|occurs?|shows?\s+up|"
    r"(?:be|is)\s+used|appearing)?\s*(?:in\s+(?:your|the)\s+(?:entire\s+)?(?:response|answer)\s+)?"
    + _TIMES
)
_NO_LETTER = re.compile(
    r"\b(?:(?:do\s+not|don'?t|never|must\s+not|should\s+not|avoid)\s+(?:include|including|use|"
    r"using|contain|have)|without\s+(?:using|including)?)\s+(?:any\s+|the\s+)?letter\s+"
    + _LETTER_ARG
    + r"(?:\s+(?P<over>more\s+than)\s+(?:(?P<num>"
    + NUMBER
    + r")\s+times?|(?P<word>once|twice|thrice)))?"
)


def _kind(match: re.Match[str]) -> str:
    for i, (_, kind) in enumerate(_WHAT):
        if match.group(f"w{i}"):
            return kind
    raise AssertionError("a group always matches")


def _amount(match: re.Match[str]) -> list[tuple[Relation, int]]:
    value = number_value(match.group("num"))
    if value is None:
        return []
    if match.group("high"):
        high = number_value(match.group("high"))
        return [] if high is None or high <= value else [("at_least", value), ("at_most", high)]
    if match.group("dir"):
        return [("at_least" if match.group("dir") == "more" else "at_most", value)]
    if match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return [(relation, value + adjust)]
    return [("exactly", value)]


def _hits(sentence: Sentence, match: re.Match[str], specs: list[dict[str, Any]]) -> Iterator[Hit]:
    for data in specs:
        if hit := hit_of(data, *match.span()):
            yield hit


def tallies(sentence: Sentence) -> Iterator[Hit]:
    """ "The number of X should be …", capital words and letter counts."""
    text = sentence.lower
    for pattern in (_NUMBER_OF, _LIMIT_NUMBER):
        for match in pattern.finditer(text):
            if response_context(sentence, match.start()):
                kind = _kind(match)
                amounts = _amount(match)
                if kind == "capital_word_count" or all(r != "exactly" for r, _ in amounts):
                    specs = [{"kind": kind, "relation": r, "value": v} for r, v in amounts]
                    yield from _hits(sentence, match, specs)
    for match in _CAPITAL_COUNT.finditer(text):
        if response_context(sentence, match.start()):
            relation, adjust = relation_of(match.group("rel"))
            value = (number_value(match.group("num")) or 0) + adjust
            data = {"kind": "capital_word_count", "relation": relation, "value": value}
            yield from _hits(sentence, match, [data])
    for match in _CAPITAL_TIMES.finditer(text):
        found = times_of(match)
        if found and response_context(sentence, match.start()):
            data = {"kind": "capital_word_count", "relation": found[0], "value": found[1]}
            yield from _hits(sentence, match, [data])
    for match in _LETTER.finditer(text):
        found = times_of(match)
        if found and response_context(sentence, match.start()):
            letter = sentence.unmask(match.start("arg"), match.end("arg")).strip("\"'‘’“”")
            data = {"kind": "letter_count", "letter": letter, "relation": found[0]}
            yield from _hits(sentence, match, [{**data, "value": found[1]}])
    for match in _NO_LETTER.finditer(text):
        if response_context(sentence, match.start(), owns_negation=True):
            letter = sentence.unmask(match.start("arg"), match.end("arg")).strip("\"'‘’“”")
            limit = 0
            if match.group("over"):
                limit = number_value(match.group("word") or match.group("num") or "") or 0
            data = {"kind": "letter_count", "letter": letter, "relation": "at_most", "value": limit}
            yield from _hits(sentence, match, [data])


TALLY_RULES: tuple[Rule, ...] = (tallies,)
