"""Rules for what the response says: keywords and forbidden words, forbidden
punctuation, letter case, and start and end phrases (shapes are in
``_rule_shapes``).

Phrases and keywords are taken from quotes where the prompt quotes them;
bare keywords are accepted only as a short list of single words that ends
where a list plainly ends ("Include the keywords chrome, dream in the
response"), never a word that could be the next verb.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Literal

from pydantic import ValidationError

from redraft.criteria._rule_counts import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._rules import Hit, Rule, Sentence, response_context
from redraft.criteria._spec import CHECK_SPEC_ADAPTER, CheckSpec, LetterCase, Relation

__all__ = ["TEXT_RULES", "parse_list", "spec_of"]

_ARG = r"[\"“'‘«`]\ue000+[\"”'’»`]"
_ITEM = re.compile(rf"\s*(?:(?P<q>{_ARG})|(?P<w>[a-z][\w'-]*))")
_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s*/\s*")
# Where a bare list may end: the sentence's end, "in your response", a count.
_LIST_END = re.compile(
    rf"\s*(?:$|[.;:,)\]]|in\s+(?:the|your)\s+\w+|(?:{RELATION})\b|once\b|twice\b|thrice\b|"
    rf"{NUMBER}\s+times\b|(?:should|must|at\s+all|anywhere|throughout)\b)"
)
_NOT_KEYWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "with",
        "and",
        "or",
        "but",
        "that",
        "this",
        "these",
        "those",
        "it",
        "its",
        "is",
        "are",
        "be",
        "was",
        "you",
        "your",
        "i",
        "me",
        "my",
        "we",
        "our",
        "they",
        "them",
        "their",
        "he",
        "she",
        "his",
        "her",
        "write",
        "use",
        "keep",
        "make",
        "answer",
        "respond",
        "reply",
        "give",
        "include",
        "end",
        "start",
        "begin",
        "avoid",
        "do",
        "mention",
        "say",
        "add",
        "any",
        "all",
        "some",
        "following",
        "words",
        "word",
        "keywords",
        "keyword",
        "terms",
        "term",
        "phrase",
        "phrases",
        "letter",
        "letters",
    ]
)
_MAX_ITEMS = 10


def parse_list(sentence: Sentence, pos: int) -> tuple[list[str], int] | None:
    """Items from offset ``pos``: quoted strings, or single bare words (the
    whole list fails when a bare word could be something else)."""
    text = sentence.lower
    if text[pos:].lstrip().startswith("["):
        pos = text.index("[", pos) + 1
    items: list[str] = []
    bare = False
    end = pos
    while len(items) < _MAX_ITEMS:
        match = _ITEM.match(text, end)
        if match is None:
            break
        if match.group("q"):
            value = sentence.unmask(match.start("q") + 1, match.end("q") - 1).strip()
        else:
            value = sentence.unmask(match.start("w"), match.end("w"))
            if value.lower() in _NOT_KEYWORDS:
                return None
            bare = True
        items.append(value)
        end = match.end()
        separator = _SEPARATOR.match(text, end)
        if separator is None or _ITEM.match(text, separator.end()) is None:
            break
        end = separator.end()
    if not items:
        return None
    if text[end:].lstrip().startswith("]"):
        end = text.index("]", end) + 1
    if bare and not _LIST_END.match(text, end):
        return None
    return items, end


def spec_of(data: dict[str, Any]) -> CheckSpec | None:
    try:
        return CHECK_SPEC_ADAPTER.validate_python(data)
    except ValidationError:
        return None


_FREQUENCY = re.compile(
    r"\s*(?:in\s+(?:your|the)\s+(?:response|answer)\s+)?"
    rf"(?:(?P<rel>{RELATION})\s+)?(?:(?P<num>{NUMBER})\s+times?\b|(?P<word>once|twice|thrice)\b)"
)


def _frequency(sentence: Sentence, pos: int) -> tuple[Relation, int, int]:
    match = _FREQUENCY.match(sentence.lower, pos)
    if match is None:
        return "at_least", 1, pos
    value = number_value(match.group("word") or match.group("num") or "") or 1
    if match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return relation, value + adjust, match.end()
    return "at_least", value, match.end()


_NOUNS = r"(?:key\s*words?|words?|terms?|phrases?)"
_INCLUDE = re.compile(
    r"\b(?:include|use|mention|contain|incorporate|add)\s+(?:the\s+)?(?:following\s+)?"
    rf"{_NOUNS}\s*:?"
)
_INCLUDE_QUOTED = re.compile(
    rf"\binclude\s+(?P<arg>{_ARG})\s+in\s+(?:your|the)\s+(?:entire\s+)?(?:response|answer|reply)"
)
_SHOULD_APPEAR = re.compile(
    rf"\b(?:the\s+)?(?:key\s*word|word|term|phrase)\s+(?P<arg>{_ARG}|[a-z][\w'-]*)\s+"
    r"(?:should|must|needs?\s+to|has\s+to)\s+(?P<not>not\s+)?(?:appear|occur|be\s+used|"
    r"be\s+included|be\s+mentioned)"
)
_FORBID = re.compile(
    r"\b(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|avoid|without)\s+"
    r"(?:(?:use|using|include|including|mention|mentioning|say|saying|write|writing)\s+)?"
    rf"(?:the\s+|any\s+(?:of\s+)?(?:the\s+)?)?(?:following\s+)?{_NOUNS}\s*:?"
)


def keywords(sentence: Sentence) -> Iterator[Hit]:
    """Keywords that must appear (how often), and words that must not."""
    text = sentence.lower
    for match in _FORBID.finditer(text):
        parsed = parse_list(sentence, match.end())
        if parsed and response_context(sentence, match.start(), owns_negation=True):
            spec = spec_of({"kind": "forbidden_words", "words": parsed[0]})
            if spec is not None:
                yield Hit(spec, match.start(), parsed[1])
    for match in _INCLUDE.finditer(text):
        parsed = parse_list(sentence, match.end())
        if not parsed or not response_context(sentence, match.start()):
            continue
        relation, value, end = _frequency(sentence, parsed[1])
        for item in parsed[0]:
            spec = spec_of(
                {"kind": "keyword", "keyword": item, "relation": relation, "value": value}
            )
            if spec is not None:
                yield Hit(spec, match.start(), end)
    for match in _INCLUDE_QUOTED.finditer(text):
        word = sentence.unmask(match.start("arg") + 1, match.end("arg") - 1).strip()
        spec = spec_of({"kind": "keyword", "keyword": word})
        if spec is not None and response_context(sentence, match.start()):
            yield Hit(spec, match.start(), match.end())
    for match in _SHOULD_APPEAR.finditer(text):
        arg = sentence.unmask(match.start("arg"), match.end("arg")).strip("\"“”'‘’«»`")
        if arg.lower() in _NOT_KEYWORDS:
            continue
        if match.group("not"):
            spec = spec_of({"kind": "forbidden_words", "words": [arg]})
            end = match.end()
        else:
            relation, value, end = _frequency(sentence, match.end())
            data = {"kind": "keyword", "keyword": arg, "relation": relation, "value": value}
            spec = spec_of(data)
        if spec is not None and response_context(sentence, match.start()):
            yield Hit(spec, match.start(), end)


_PUNCTUATION = {
    "comma": ",",
    "period": ".",
    "full stop": ".",
    "exclamation mark": "!",
    "exclamation point": "!",
    "question mark": "?",
    "semicolon": ";",
    "colon": ":",
    "hyphen": "-",
    "dash": "-–—",
    "hashtag": "#",
    "asterisk": "*",
}
_MARKS = (
    r"(?P<mark>commas?|periods?|full\s+stops?|exclamation\s+(?:marks?|points?)|"
    r"question\s+marks?|semicolons?|colons?|hyphens?|dashes|hashtags?|asterisks?)\b"
)
_NO_PUNCTUATION = re.compile(
    r"(?:^[\s\-*•]*no|,\s*no|\b(?:(?:do\s+not|don'?t|never|must\s+not|should\s+not|shouldn'?t|avoid|refrain\s+from)\s+"
    r"(?:use|using|include|including|put|putting|write|writing|add|adding|the\s+use\s+of)?|"
    r"without(?:\s+using)?|with\s+no|use\s+no|contain\s+no))\s*(?:any\s+)?" + _MARKS
)


def punctuation(sentence: Sentence) -> Iterator[Hit]:
    for match in _NO_PUNCTUATION.finditer(sentence.lower):
        name = " ".join(match.group("mark").split()).rstrip("s")
        name = "exclamation mark" if name.startswith("exclamation") else name
        chars = _PUNCTUATION.get(name) or _PUNCTUATION.get(name + "s") or ""
        if not chars or sentence.lower[match.end() :].lstrip().startswith(("in the ", "from the ")):
            continue
        spec = spec_of({"kind": "forbidden_chars", "chars": chars})
        if spec is not None and response_context(sentence, match.start(), owns_negation=True):
            yield Hit(spec, match.start(), match.end())


_LOWER = re.compile(
    r"\b(?:in\s+(?:all\s+)?lower[\s-]?case(?:\s+letters)?|(?:using|use|with)\s+(?:only\s+)?"
    r"lower[\s-]?case\s+letters(?:\s+only)?|all\s+lower[\s-]?case(?:\s+letters)?)\b"
)
_NO_CAPITALS = re.compile(
    r"\b(?:no\s+(?:capital|upper[\s-]?case)\s+letters\s+(?:are|is)\s+(?:allowed|permitted)|"
    r"(?:do\s+not|don'?t|never)\s+use\s+(?:any\s+)?(?:capital|upper[\s-]?case)\s+letters|"
    r"without\s+(?:any\s+)?(?:capital|upper[\s-]?case)\s+letters)"
)
_UPPER = re.compile(
    r"\b(?:in\s+(?:all\s+)?(?:capital\s+letters|caps|capitals|upper[\s-]?case(?:\s+letters)?)|"
    r"all\s+(?:capital\s+letters|caps|capitals|upper[\s-]?case(?:\s+letters)?)|"
    r"(?:capital|upper[\s-]?case)\s+letters\s+only)\b"
)
_CASE_AFTER_BLOCKS = re.compile(r"\s*(?:for|except|apart|other\s+than|when|on|of|to)\b")


def letter_case(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    found: list[tuple[Literal["lower", "upper"], re.Match[str], bool]]
    found = [("lower", m, False) for m in _LOWER.finditer(text)]
    found += [("lower", m, True) for m in _NO_CAPITALS.finditer(text)]
    found += [("upper", m, False) for m in _UPPER.finditer(text)]
    for case, match, owns in found:
        if _CASE_AFTER_BLOCKS.match(text, match.end()):
            continue
        if response_context(sentence, match.start(), owns_negation=owns):
            yield Hit(LetterCase(case=case), *match.span())


_RESPONSE_THING = (
    r"(?:response|answer|reply|essay|email|letter|story|poem|message|post|speech|text|article)"
)
_PHRASE_NOUN = (
    r"(?:(?:the|this)\s+(?:exact\s+)?(?:phrase|sentence|words?|line|question|greeting)\s+"
    r"|exactly\s+)?"
)
# "End with the word Paris.": one unquoted word, only where the sentence or
# clause ends right after it ("with the word count below 50" is not a phrase).
_BARE_WORD = r"(?<=\bword )(?P<word>[\w'-]+)(?=\s*(?:[.;,!]|$))"
_START = re.compile(
    rf"\b(?:start|starting|begin|beginning|open)\s+(?:your\s+(?:entire\s+)?{_RESPONSE_THING}\s+|it\s+)?with\s+"
    rf"{_PHRASE_NOUN}:?\s*(?:(?P<arg>{_ARG})|{_BARE_WORD})"
)
_END = re.compile(
    rf"\b(?:end|ending|finish|finishing|conclude|concluding|close)\s+(?:your\s+(?:entire\s+)?{_RESPONSE_THING}\s+|it\s+)?"
    rf"(?:with|by\s+(?:saying|writing))\s+{_PHRASE_NOUN}:?\s*(?:(?P<arg>{_ARG})|{_BARE_WORD}|"
    r"(?<=exact phrase )(?P<bare>[^\ue000\"“'‘].{0,120}))"
)


def phrases(sentence: Sentence) -> Iterator[Hit]:
    """Start and end phrases, taken from quotes, a single unquoted word ("with
    the word Paris."), or what follows "this exact phrase"."""
    for pattern, kind in ((_START, "starts_with"), (_END, "ends_with")):
        for match in pattern.finditer(sentence.lower):
            if match.group("word"):
                phrase = sentence.unmask(match.start("word"), match.end("word"))
            elif match.groupdict().get("bare"):
                phrase = sentence.unmask(match.start("bare"), match.end("bare")).strip()
                # "…help with?." : the sentence's own full stop is not part of it.
                phrase = phrase[:-1] if phrase.endswith(("?.", "!.")) else phrase
            else:
                phrase = sentence.unmask(match.start("arg") + 1, match.end("arg") - 1).strip()
            spec = spec_of({"kind": kind, "phrase": phrase})
            if spec is not None and response_context(sentence, match.start()):
                yield Hit(spec, match.start(), match.end())


TEXT_RULES: tuple[Rule, ...] = (
    keywords,
    punctuation,
    letter_case,
    phrases,
)
