"""Rules for the answer's parts: a keyword in one part ("use 'cloud' in the
second sentence"), the word at a position ("the third paragraph must start
with the word 'However'", "the 5th word of your answer should be 'river'")
and a rule for every part ("every sentence must end with an exclamation
mark", "keep each bullet point under 10 words").

A check's span covers only what it enforces: in "every sentence must end
with '!' and rhyme" the rhyme stays outside, so the clause stays partial.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from redraft.criteria._grammar import NUMBER, RELATION, number_value
from redraft.criteria._hits import hit_of
from redraft.criteria._rule_keywords import frequency
from redraft.criteria._rule_text import ARG, NOT_KEYWORDS
from redraft.criteria._sentences import NEGATION, THING, Hit, Rule, Sentence, blocked_from

__all__ = ["ORDINAL", "PART", "PART_RULES", "Guard", "index_of", "part_of"]

_ORDINALS = {
    "first": 1,
    "opening": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "last": -1,
    "final": -1,
}
ORDINAL = rf"(?:{'|'.join(_ORDINALS)}|\d{{1,3}}(?:st|nd|rd|th))"
PART = r"(?:sentence|paragraph|bullet(?:[\s-]+point)?|bullet(?:ed)?\s+item)"
_PARTS = rf"(?:sentences|paragraphs|bullet(?:[\s-]+point)?s|bullet(?:ed)?\s+items|{PART})"
_OF_RESPONSE = rf"(?:\s+(?:of|in)\s+(?:your|the)\s+(?:entire\s+|whole\s+)?{THING})?"
_MODAL = r"(?:should|must|has\s+to|have\s+to|needs?\s+to|shall|will|is\s+to|are\s+to)"
# "the second sentence", "your 3rd paragraph", "paragraph 2", "paragraph number 2".
_WHICH = (
    rf"(?:(?:the|your)\s+(?:very\s+)?(?P<ord>{ORDINAL})\s+(?P<part>{PART})|"
    rf"(?P<part2>{PART})\s+(?:number\s+|no\.\s*|#)?(?P<num>{NUMBER})\b)"
)
_WORD_ARG = (
    rf"(?:(?P<arg>{ARG})|(?P<bare>[a-z][\w'-]*)(?=\s*(?:[.;,!)]|$)|\s+(?:and|but|in|within|"
    rf"exactly|at|once|twice|thrice|{NUMBER})\b))"
)
_KW = rf"(?:the\s+)?(?:key\s*word|word|term|phrase|name)\s+{_WORD_ARG}|(?P<qarg>{ARG})"


def index_of(match: re.Match[str], group: str = "ord", number: str = "num") -> int | None:
    """The position a match names: "second" → 2, "last" → -1, "paragraph 3" → 3."""
    found = match.groupdict()
    if found.get(group):
        word = found[group]
        return _ORDINALS.get(word) or int(re.sub(r"\D", "", word) or 0) or None
    if found.get(number):
        value = number_value(found[number])
        return value if value and value > 0 else None
    return None


def part_of(text: str) -> str:
    if text.startswith("sentence"):
        return "sentence"
    if text.startswith("paragraph"):
        return "paragraph"
    return "bullet"


def _argument(sentence: Sentence, match: re.Match[str]) -> str | None:
    for group in ("arg", "qarg"):
        if match.groupdict().get(group):
            return sentence.unmask(match.start(group) + 1, match.end(group) - 1).strip()
    if match.groupdict().get("bare"):
        word = sentence.unmask(match.start("bare"), match.end("bare"))
        return None if word.lower() in NOT_KEYWORDS else word
    return None


class Guard:
    """Whether a phrase of one sentence is a plain requirement: not hedged,
    conditional or an example, and not negated before it. Computed once per
    sentence, so testing many phrases of a long one stays linear."""

    def __init__(self, text: str) -> None:
        self.blocked = blocked_from(text)
        negation = NEGATION.search(text)
        self.negated = negation.end() if negation else len(text) + 1

    def __call__(self, start: int) -> bool:
        return start < self.blocked and start < self.negated


# -- a keyword in one part -------------------------------------------------------------

_APPEAR = r"(?:appear|occur|be\s+used|be\s+included|be\s+mentioned|show\s+up|feature)(?:\s+only)?"
_KEYWORD_IN = [
    # "The word 'cloud' should appear in the second sentence (exactly twice)."
    re.compile(rf"\b(?:{_KW})\s+{_MODAL}\s+{_APPEAR}\s+(?:somewhere\s+)?(?:in|within)\s+{_WHICH}"),
    # "Use the keyword cloud (twice) in the second sentence."
    re.compile(
        rf"\b(?:include|use|mention|put|place|insert|incorporate)\s+(?:{_KW})\s+"
        rf"(?P<freq>(?:(?:{RELATION})\s+)?(?:{NUMBER}\s+times?|once|twice|thrice)\s+)?"
        rf"(?:somewhere\s+)?(?:in|within)\s+{_WHICH}"
    ),
    # "The second sentence must contain the word 'cloud'."
    re.compile(
        rf"\b{_WHICH}{_OF_RESPONSE}\s+{_MODAL}\s+(?:contain|include|use|mention|feature)\s+"
        rf"(?:{_KW})"
    ),
]


def keyword_in(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    plain = Guard(text)
    for pattern in _KEYWORD_IN:
        for match in pattern.finditer(text):
            word, index = _argument(sentence, match), index_of(match)
            part = match.group("part") or match.group("part2")
            if word is None or index is None or not plain(match.start()):
                continue
            if match.groupdict().get("freq"):
                amounts, end = frequency(sentence, match.start("freq"))[0], match.end()
            else:
                amounts, end = frequency(sentence, match.end())
            data = {"kind": "keyword_in", "keyword": word, "part": part_of(part), "index": index}
            for rel, value in amounts:
                if hit := hit_of({**data, "relation": rel, "value": value}, match.start(), end):
                    yield hit


# -- the word at a position ------------------------------------------------------------

_BEGIN = r"(?:start|begin|open)"
_FINISH = r"(?:end|finish|close|conclude)"
_WORD_PHRASE = rf"(?:the\s+(?:exact\s+)?(?:word|phrase)\s+|the\s+words\s+)?:?\s*{_WORD_ARG}"
_WITH_WORD = rf"\s+with\s+{_WORD_PHRASE}"
_WORD_AT = [
    # "The second paragraph must start with the word X", "Paragraph 3 should begin with X."
    re.compile(rf"\b{_WHICH}{_OF_RESPONSE}\s+{_MODAL}\s+(?P<verb>{_BEGIN}|{_FINISH}){_WITH_WORD}"),
    # "Start the third paragraph with the word 'Indeed'."
    re.compile(rf"\b(?P<verb>{_BEGIN}|{_FINISH})\s+{_WHICH}{_OF_RESPONSE}{_WITH_WORD}"),
    # "The first word of the 3rd paragraph must be 'Indeed'."
    re.compile(
        rf"\b(?:the|your)\s+(?P<wpos>first|last|very\s+first|very\s+last)\s+word\s+(?:of|in)\s+"
        rf"{_WHICH}{_OF_RESPONSE}\s+{_MODAL}\s+be\s+(?:the\s+word\s+)?{_WORD_ARG}"
    ),
    # "The 5th word of your answer should be 'river'."
    re.compile(
        rf"\b(?:the|your)\s+(?P<wpos>{ORDINAL})\s+word\s+(?:of|in)\s+(?:your|the)\s+"
        rf"(?:entire\s+|whole\s+)?{THING}\s+{_MODAL}\s+be\s+(?:the\s+word\s+)?{_WORD_ARG}"
    ),
    # "Make 'Indeed' the first word of the third paragraph."
    re.compile(rf"\bmake\s+(?:{_KW})\s+the\s+(?P<wpos>first|last)\s+word\s+(?:of|in)\s+{_WHICH}"),
]


def word_at(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    plain = Guard(text)
    for pattern in _WORD_AT:
        for match in pattern.finditer(text):
            word = _argument(sentence, match)
            if word is None or not plain(match.start()):
                continue
            found = match.groupdict()
            data: dict[str, Any] = {"kind": "word_at", "word": word}
            if found.get("wpos"):
                wpos = found["wpos"].split()[-1]
                position = _ORDINALS.get(wpos) or int(re.sub(r"\D", "", wpos) or 0)
            else:
                position = -1 if re.match(_FINISH, found["verb"]) else 1
            data["position"] = position
            if found.get("part") or found.get("part2"):
                index = index_of(match)
                if index is None:
                    continue
                data.update(part=part_of(found.get("part") or found["part2"]), index=index)
            if hit := hit_of(data, *match.span()):
                yield hit


# -- a rule for every part -------------------------------------------------------------

_EVERY = rf"(?:every|each|all(?:\s+(?:of\s+)?(?:the|your))?)\s+(?P<part>{_PARTS}){_OF_RESPONSE}"
_MARKS = {
    "exclamation": "!",
    "question": "?",
    "period": ".",
    "full": ".",
    "ellipsis": "...",
    "colon": ":",
    "semicolon": ";",
}
_MARK = (
    r"(?:an?\s+|the\s+)?(?P<mark>exclamation\s+(?:mark|point)|question\s+mark|period|"
    r"full\s+stop|ellipsis|colon|semicolon)"
)
_START_ARG = (
    r"(?:an?\s+)?(?P<capital>capital(?:ized)?\s+letter|upper[\s-]?case\s+letter)|"
    rf"the\s+letter\s+(?P<letter>{ARG}|[a-z]\b)|{_WORD_PHRASE}"
)
_EACH_ENDS = [
    re.compile(rf"\b{_EVERY}\s+(?:{_MODAL}\s+)?{_FINISH}s?\s+with\s+(?:{_MARK}|{_WORD_PHRASE})"),
    re.compile(rf"\b{_FINISH}\s+{_EVERY}\s+with\s+(?:{_MARK}|{_WORD_PHRASE})"),
]
_EACH_STARTS = [
    re.compile(rf"\b{_EVERY}\s+(?:{_MODAL}\s+)?{_BEGIN}s?\s+with\s+(?:{_START_ARG})"),
    re.compile(rf"\b{_BEGIN}\s+{_EVERY}\s+with\s+(?:{_START_ARG})"),
]


def _part_name(match: re.Match[str]) -> str:
    return part_of(" ".join(match.group("part").split()))


def each_part(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    plain = Guard(text)
    for match in (m for p in _EACH_ENDS for m in p.finditer(text)):
        mark = match.group("mark")
        phrase = _MARKS[mark.split()[0]] if mark else _argument(sentence, match)
        if phrase and plain(match.start()):
            ends = {"kind": "each_ends_with", "part": _part_name(match), "phrase": phrase}
            if hit := hit_of(ends, match.start(), match.end()):
                yield hit
    for match in (m for p in _EACH_STARTS for m in p.finditer(text)):
        data: dict[str, Any] = {"kind": "each_starts_with", "part": _part_name(match)}
        if match.group("capital"):
            data["capital"] = True
        elif match.group("letter"):
            data["phrase"] = sentence.unmask(*match.span("letter")).strip("\"'‘’“”")
        else:
            data["phrase"] = _argument(sentence, match)
        if plain(match.start()) and (hit := hit_of(data, *match.span())):
            yield hit


# -- no word twice --------------------------------------------------------------------

_SCOPE = rf"(?:\s+(?:with)?in\s+(?:a|an|each|any|one|the\s+same)\s+(?P<scope>{PART}))?"
_WORD_ONCE = [
    # "Do not repeat any word.", "without reusing a single word"
    re.compile(
        r"\b(?:do\s+not|don['’]t|never|without)\s+(?:repeat(?:ing)?|reus(?:e|ing))\s+"
        rf"(?:a|any)\s+(?:single\s+)?word(?!s?\s+(?:from|of|in)\s+(?:the|this|that|my)\b){_SCOPE}"
    ),
    # "No word should appear more than once (in a sentence)."
    re.compile(
        rf"\bno\s+word\s+(?:{_MODAL}|may|can|is\s+to)\s+(?:appear|occur|be\s+used|be\s+repeated)"
        rf"(?:\s+(?:more\s+than\s+once|twice))?{_SCOPE}"
    ),
    # "Use each word only once.", "every word must be unique"
    re.compile(rf"\buse\s+(?:each|every)\s+word\s+(?:only\s+|just\s+)?once{_SCOPE}"),
    re.compile(
        rf"\b(?:all\s+(?:the\s+)?words|every\s+word|each\s+word)\s+(?:{_MODAL}|are|is)\s+"
        rf"(?:be\s+)?(?:different|unique|distinct){_SCOPE}"
    ),
]


def equal_and_distinct(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    plain = Guard(text)
    for match in (m for p in _WORD_ONCE for m in p.finditer(text)):
        scope = match.group("scope")
        within = part_of(" ".join(scope.split())) if scope else "response"
        data = {"kind": "distinct_words", "within": within}
        if plain(match.start()) and (hit := hit_of(data, *match.span())):
            yield hit


PART_RULES: tuple[Rule, ...] = (keyword_in, word_at, each_part, equal_and_distinct)
