"""Rules for keywords: words that must appear (each with its own count, or
all with one: "cloud and river, each exactly twice", "'moon' exactly twice
and 'star' at most once") and words that must not.

Keywords are taken from quotes where the prompt quotes them; bare keywords
are accepted only as a short list of single words that ends where a list
plainly ends, never a word that could be the next verb (``parse_list``).
A keyword stated for one part of the answer ("in the second sentence") is
left to the part rules (``_rule_parts``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._hits import hit_of
from redraft.criteria._rule_text import ARG, NOT_KEYWORDS, parse_list
from redraft.criteria._sentences import THING, Hit, Rule, Sentence, response_context
from redraft.criteria._spec import Relation

__all__ = ["KEYWORD_RULES", "frequency"]


def _count(name: str) -> str:
    return rf"(?:(?P<{name}>{NUMBER})\s+|(?P<{name}w>once|twice|thrice)\b\s*)"


_FREQUENCY = re.compile(
    r"\s*(?:,\s*|\(\s*)?(?:(?:each|both)(?:\s+(?:of\s+them|one))?,?\s+)?"
    r"(?:in\s+(?:your|the)\s+(?:entire\s+)?(?:response|answer)\s+)?(?:for\s+)?"
    rf"(?:(?P<rel>{RELATION})\s+)?(?:between\s+)?{_count('num')}"
    rf"(?:(?:to|or|and|-)\s+{_count('high')}|or\s+(?P<dir>more|less|fewer)\b\s*)?"
    r"(?:times?\b)?"
)
_NUMBER_AHEAD = re.compile(rf"\s*(?:in\s+\w+\s+\w+\s+)?(?:{NUMBER}|once|twice|thrice)\b")


def frequency(sentence: Sentence, pos: int) -> tuple[list[tuple[Relation, int]], int]:
    """How often ("at least 3 times", "3 to 5 times", "once or less"); no
    requirement at all when a count follows that cannot be read."""
    match = _FREQUENCY.match(sentence.lower, pos)
    text = match.group(0).rstrip() if match else ""
    if match is None or not (text.endswith(("time", "times")) or match.group("numw")):
        return ([], pos) if _NUMBER_AHEAD.match(sentence.lower, pos) else ([("at_least", 1)], pos)
    end = pos + len(text)
    value = number_value(match.group("numw") or match.group("num") or "")
    if value is None:
        return [], pos
    if match.group("high") or match.group("highw"):
        high = number_value(match.group("highw") or match.group("high") or "")
        return ([("at_least", value), ("at_most", high)] if high and high > value else []), end
    if match.group("dir"):
        return [("at_least" if match.group("dir") == "more" else "at_most", value)], end
    if match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return [(relation, value + adjust)], end
    return [("at_least", value)], end


_NOUNS = r"(?:key\s*words?|words?|terms?|phrases?)"
_INCLUDE = re.compile(
    r"\b(?:include|includes|including|use|uses|using|mention|contain|contains|containing|"
    r"incorporate|add)\s+(?:each\s+of\s+|all\s+of\s+|both\s+of\s+)?(?:the\s+|these\s+)?"
    r"(?:following\s+)?"
    rf"{_NOUNS}\s*:?"
)
_INCLUDE_QUOTED = re.compile(
    rf"\b(?:include|mention|use)\s+(?P<arg>{ARG})\s+in\s+(?:your|the)\s+(?:entire\s+|whole\s+)?"
    rf"{THING}\b"
)
_SHOULD_APPEAR = re.compile(
    rf"\b(?:the\s+)?(?:key\s*word|word|term|phrase)\s+(?P<arg>{ARG}|[a-z][\w'-]*)\s+"
    r"(?:(?:should|must|needs?\s+to|has\s+to|to)\s+(?P<not>not\s+)?(?:appear|occur|be\s+used|"
    r"be\s+included|be\s+mentioned|show\s+up)|appears|occurs|shows\s+up|is\s+used|"
    r"(?P<never>doesn'?t\s+appear|does\s+not\s+appear|never\s+appears))"
)
_FORBID = re.compile(
    r"\b(?:do\s+not|don'?t|never|not|avoid|without|exclude)\s+"
    r"(?:(?:use|using|include|including|mention|mentioning|say|saying|write|writing|contain|"
    r"containing)\s+)?"
    rf"(?:(?:the\s+|any\s+(?:of\s+)?(?:the\s+)?)?(?:following\s+)?{_NOUNS}\s*:?|(?=\s*{ARG}))"
)


_ELSEWHERE = re.compile(
    r"\s*(?:only\s+)?(?:in|within|inside)\s+(?:(?:the|each|every|a|your)\s+(?:first\s+|last\s+)?"
    rf"(?!(?:entire\s+|whole\s+)?{THING}\b)[a-z]|(?:paragraph|sentence|section|part|line|bullet|"
    r"stanza)s?\s+(?:number\s+)?[\w#])"
)


# "… and the word 'river' at least three times": one more keyword with its own count.
_NEXT = re.compile(
    r"\s*\)?\s*(?:,\s*|;\s*)?(?:and\s+|while\s+|but\s+)?(?:the\s+)?(?:(?:key\s*)?words?\s+|terms?\s+|"
    rf"phrases?\s+)?(?P<item>{ARG}|[a-z][\w'-]*)\s+(?:(?:should|must)\s+(?:appear|occur|be\s+used)\s+)?"
)
# "Mention 'apple' exactly twice": a quoted keyword and a stated count.
_USE_COUNTED = re.compile(
    rf"\b(?:include|mention|use|say|write|repeat|incorporate)\s+(?P<arg>{ARG})(?=\s*,?\s*"
    rf"(?:{RELATION}|{NUMBER}\s+times|once|twice|thrice)\b)"
)


def _keyword_hits(
    sentence: Sentence, items: list[str], amounts: list[tuple[Relation, int]], start: int, end: int
) -> Iterator[Hit]:
    for item in items:
        for relation, value in amounts:
            data = {"kind": "keyword", "keyword": item, "relation": relation, "value": value}
            if hit := hit_of(data, start, end):
                yield hit


def _counted(sentence: Sentence, pos: int) -> tuple[list[tuple[Relation, int]], int] | None:
    """A stated count at ``pos`` (None when none is stated there)."""
    amounts, end = frequency(sentence, pos)
    return (amounts, end) if end > pos and amounts else None


def _more_keywords(sentence: Sentence, pos: int) -> Iterator[Hit]:
    """Keywords after the first, each with its own stated count."""
    text = sentence.lower
    while (match := _NEXT.match(text, pos)) is not None:
        raw = sentence.unmask(match.start("item"), match.end("item"))
        item = raw.strip("\"“”'‘’«»`").strip()
        if not raw.startswith(('"', "“", "'", "‘", "«", "`")) and item.lower() in NOT_KEYWORDS:
            return
        counted = _counted(sentence, match.end())
        if counted is None or _ELSEWHERE.match(text, counted[1]):
            return
        start = match.start() + len(match.group(0)) - len(match.group(0).lstrip(" )"))
        yield from _keyword_hits(sentence, [item], counted[0], start, counted[1])
        pos = counted[1]


# "Write 6 sentences using the word 'although'": in every sentence, or in one
# of them? A keyword that modifies several counted things is read by neither.
_OF_SEVERAL = re.compile(
    rf"\b(?:{NUMBER}|several|multiple|many|few|some)\s+(?:[\w-]+\s+){{0,2}}"
    r"(?!(?:words|characters|chars|letters|tokens)\b)[a-z]+s\s*,?\s*"
    r"(?:each\s+|all\s+|every\s+one\s+)?$"
)


def _of_several(text: str, start: int) -> bool:
    return bool(_OF_SEVERAL.search(text, max(0, start - 60), start))


def keywords(sentence: Sentence) -> Iterator[Hit]:
    """Keywords that must appear (how often), and words that must not."""
    text = sentence.lower
    for match in _FORBID.finditer(text):
        parsed = parse_list(sentence, match.end())
        if parsed and _ELSEWHERE.match(text, parsed[1]):
            continue  # "never mention 'x' in the title"
        if parsed and response_context(sentence, match.start(), owns_negation=True):
            data = {"kind": "forbidden_words", "words": parsed[0]}
            if hit := hit_of(data, match.start(), parsed[1]):
                yield hit
    for match in _INCLUDE.finditer(text):
        parsed = parse_list(sentence, match.end())
        if not parsed or not response_context(sentence, match.start()):
            continue
        if _of_several(text, match.start()):
            continue
        amounts, end = frequency(sentence, parsed[1])
        if _ELSEWHERE.match(text, parsed[1]) or _ELSEWHERE.match(text, end):
            continue  # "use the word cloud twice in the second sentence": a part rule's
        yield from _keyword_hits(sentence, parsed[0], amounts, match.start(), end)
        if end > parsed[1]:
            yield from _more_keywords(sentence, end)
    for match in _USE_COUNTED.finditer(text):
        word = sentence.unmask(match.start("arg") + 1, match.end("arg") - 1).strip()
        counted = _counted(sentence, match.end())
        if counted is None or not response_context(sentence, match.start()):
            continue
        if _ELSEWHERE.match(text, counted[1]):
            continue
        yield from _keyword_hits(sentence, [word], counted[0], match.start(), counted[1])
        yield from _more_keywords(sentence, counted[1])
    for match in _INCLUDE_QUOTED.finditer(text):
        word = sentence.unmask(match.start("arg") + 1, match.end("arg") - 1).strip()
        hit = hit_of({"kind": "keyword", "keyword": word}, *match.span())
        if hit and response_context(sentence, match.start()):
            yield hit
    for match in _SHOULD_APPEAR.finditer(text):
        arg = sentence.unmask(match.start("arg"), match.end("arg")).strip("\"“”'‘’«»`")
        if arg.lower() in NOT_KEYWORDS:
            continue
        if not response_context(sentence, match.start()) or _ELSEWHERE.match(text, match.end()):
            continue
        if match.group("not") or match.group("never"):
            if hit := hit_of({"kind": "forbidden_words", "words": [arg]}, *match.span()):
                yield hit
            continue
        amounts, end = frequency(sentence, match.end())
        if _ELSEWHERE.match(text, end):
            continue
        yield from _keyword_hits(sentence, [arg], amounts, match.start(), end)
        if end > match.end():
            yield from _more_keywords(sentence, end)


KEYWORD_RULES: tuple[Rule, ...] = (keywords,)
