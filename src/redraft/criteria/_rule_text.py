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
from typing import Literal

from redraft.criteria._grammar import NUMBER, RELATION
from redraft.criteria._hits import response_hits
from redraft.criteria._sentences import THING, Hit, Rule, Sentence, response_context
from redraft.criteria._spec import LetterCase

__all__ = ["ARG", "NOT_KEYWORDS", "TEXT_RULES", "parse_list"]

ARG = r"[\"“'‘«`]\ue000+[\"”'’»`]"
_ITEM = re.compile(rf"\s*(?:(?P<q>{ARG})|(?P<w>[a-z][\w'-]*))")
_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|\s*/\s*")
# Where a bare list may end: the sentence's end, "in your response", a count.
_LIST_END = re.compile(
    rf"\s*(?:$|[.;:,)\]]|in\s+(?:the|your)\s+\w+|(?:{RELATION})\b|once\b|twice\b|thrice\b|"
    rf"{NUMBER}\s+times\b|(?:should|must|at\s+all|anywhere|throughout)\b)"
)
NOT_KEYWORDS = frozenset(
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
_DISTRIBUTIVE = frozenset(["each", "both", "every", "all"])


def parse_list(sentence: Sentence, pos: int) -> tuple[list[str], int] | None:
    """Items from offset ``pos``: quoted strings, or single bare words (the
    whole list fails when a bare word could be something else)."""
    text = sentence.lower
    if text[pos:].lstrip().startswith("["):
        pos = text.index("[", pos) + 1
    items: list[str] = []
    bare = False
    end = pos
    listed = pos
    while len(items) < _MAX_ITEMS:
        match = _ITEM.match(text, end)
        if match is None:
            break
        if match.group("q"):
            value = sentence.unmask(match.start("q") + 1, match.end("q") - 1).strip()
        else:
            value = sentence.unmask(match.start("w"), match.end("w"))
            if items and value.lower() in _DISTRIBUTIVE:
                break  # "cloud and river, each exactly twice": the list ended before
            if value.lower() in NOT_KEYWORDS:
                return None
            bare = True
        items.append(value)
        end = listed = match.end()
        separator = _SEPARATOR.match(text, end)
        if separator is None or _ITEM.match(text, separator.end()) is None:
            break
        end = separator.end()
    if not items:
        return None
    end = listed
    if text[end:].lstrip().startswith("]"):
        end = text.index("]", end) + 1
    if bare and not _LIST_END.match(text, end):
        return None
    return items, end


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
    r"(?:^[\s\-*•]*no|,\s*no|\b(?:(?:do\s+not|don'?t|doesn'?t|does\s+not|never|must\s+not|"
    r"mustn'?t|should\s+not|shouldn'?t|cannot|can'?t|may\s+not|(?:are|is)\s+not\s+allowed\s+to|"
    r"avoid|refrain\s+from)\s+"
    r"(?:use|using|include|including|put|putting|write|writing|add|adding|contain|containing|have|"
    r"the\s+use\s+of)?|without(?:\s+using|\s+the\s+use\s+of)?|with\s+no|use\s+no|"
    r"(?:contain|contains|have|has|be)\s+no|there\s+(?:should|must)\s+be\s+no))\s*(?:any\s+)?"
    + _MARKS
)
# "Commas are not allowed.", "No commas are allowed in your answer."
_MARKS_BANNED = re.compile(
    r"(?:^[\s\-*•]*|\b(?:and|also|,)\s*)(?:no\s+)?" + _MARKS + r"\s+(?:are|is)\s+(?:not\s+)?"
    r"(?:allowed|permitted)"
)


# "No period at the end", "no commas in the title": a mark banned in one place
# only, which a ban on the whole answer would overreach.
_OTHER_PLACE = re.compile(
    r"\s*(?:(?:in|from|at|on|after|before|between|inside|within|around)\s+(?:the|each|every|"
    r"any|a|your|its)\b|(?:to|that)\s+(?:end|start|begin|finish|close)s?\b)"
)
_RESPONSE_PLACE = re.compile(
    rf"\s*(?:in|within|throughout)\s+(?:the|your)\s+(?:entire\s+|whole\s+)?{THING}\b"
)


def punctuation(sentence: Sentence) -> Iterator[Hit]:
    banned = [
        m
        for m in _MARKS_BANNED.finditer(sentence.lower)
        if ("no" in m.group(0).split()) != (" not " in m.group(0))
    ]
    for match in [*_NO_PUNCTUATION.finditer(sentence.lower), *banned]:
        name = " ".join(match.group("mark").split()).rstrip("s")
        name = "exclamation mark" if name.startswith("exclamation") else name
        chars = _PUNCTUATION.get(name) or _PUNCTUATION.get(name + "s") or ""
        after = sentence.lower[match.end() :]
        if not chars or (_OTHER_PLACE.match(after) and not _RESPONSE_PLACE.match(after)):
            continue
        data = {"kind": "forbidden_chars", "chars": chars}
        yield from response_hits(sentence, data, *match.span(), owns_negation=True)


_LOWER = re.compile(
    r"\b(?:in\s+(?:all\s+)?lower[\s-]?case(?:\s+letters)?|(?:using|use|with)\s+(?:only\s+)?"
    r"lower[\s-]?case\s+letters(?:\s+only)?|all\s+lower[\s-]?case(?:\s+letters)?)\b"
)
_NO_CAPITALS = re.compile(
    r"\b(?:no\s+(?:capital|upper[\s-]?case)\s+letters\s+(?:are|is)\s+(?:allowed|permitted|used)|"
    r"(?:(?:do|does|should|must)\s+not|don'?t|doesn'?t|shouldn'?t|never)\s+(?:use|contain|include|"
    r"have)\s+(?:any\s+)?(?:capital|upper[\s-]?case)\s+letters|"
    r"(?:have|has|contain|contains|with|use)\s+no\s+(?:capital|upper[\s-]?case)\s+letters|"
    r"without\s+(?:using\s+)?(?:any\s+)?(?:capital|upper[\s-]?case)\s+letters)"
)
_UPPER = re.compile(
    r"\b(?:in\s+(?:all\s+)?(?:capital\s+letters|caps|capitals|upper[\s-]?case(?:\s+letters)?)|"
    r"all\s+(?:capital\s+letters|caps|capitals|upper[\s-]?case(?:\s+letters)?)|"
    r"(?:capital|upper[\s-]?case)\s+letters\s+only)\b"
)
_CASE_BEFORE_BLOCKS = re.compile(r"\b(?:words?|phrases?|titles?)\b[^,;]*$")
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
        if _CASE_BEFORE_BLOCKS.search(text, 0, match.start()):
            continue  # "at least 5 words should be in all caps": some words, not the answer
        if response_context(sentence, match.start(), owns_negation=owns):
            yield Hit(LetterCase(case=case), *match.span())


_RESPONSE_THING = (
    r"(?:response|answer|reply|essay|email|letter|story|poem|message|post|speech|text|article)"
)
_PHRASE_NOUN = (
    r"(?:(?:the|this)\s+(?:exact\s+)?(?:phrase|sentence|words?|line|question|greeting)\s*"
    r"|exactly\s+)?"
)
# "End with the word Paris.": one unquoted word, only where the sentence or
# clause ends right after it ("with the word count below 50" is not a phrase).
_BARE_WORD = r"(?<=\bword )(?P<word>[\w'-]+)(?=\s*(?:[.;,!]|$))"
_START = re.compile(
    rf"\b(?:start|starting|begin|beginning|open)\s+(?:your\s+(?:entire\s+)?{_RESPONSE_THING}\s+|it\s+)?with\s+"
    rf"{_PHRASE_NOUN}:?\s*(?:(?P<arg>{ARG})|{_BARE_WORD})"
)
_END = re.compile(
    rf"\b(?:end|ending|finish|finishing|conclude|concluding|close)\s+(?:(?:your|the)\s+"
    rf"(?:entire\s+|whole\s+)?(?:{_RESPONSE_THING}|{THING})\s+|it\s+)?"
    rf"(?:with|by\s+(?:saying|writing))\s*{_PHRASE_NOUN}(?:of\s+)?:?\s*(?:(?P<arg>{ARG})|"
    rf"{_BARE_WORD}|(?:(?<=exact phrase )|(?<=exact phrase: )|(?<=exact question: )|(?<=with: ))"
    r"(?!of\s)(?P<bare>[^\ue000\"“'‘\s].{0,120}))"
)
# "The very end of your response should read …", "The last sentence of your reply must be …".
_VERY_END = re.compile(
    r"\b(?:the\s+)?(?:very\s+)?(?:end|last\s+(?:sentence|line|words?))\s+of\s+(?:your|the)\s+"
    rf"(?:entire\s+|whole\s+)?{THING}\s+(?:should|must|needs\s+to|has\s+to)\s+(?:be|read)\s+"
    r"(?:exactly\s+)?(?:like\s*)?:?\s*(?:(?P<arg>[\"“'‘«`]\ue000+[\"”'’»`])|"
    r"(?<=: )(?P<bare>[^\ue000\"“'‘\s].{0,120}))"
)


_OF_A_PART = re.compile(
    r"\b(?:postscript|post\s+script|note|p\.?\s?s|hashtags?|sections?|paragraphs?|lines?|bullets?|"
    r"items?|sentences?|titles?|stanzas?|verses?|points?)\b[^.;:]{0,30}$"
)


_BY_MEANS = re.compile(r"\bby\s+(?:(?:starting|beginning)\s+and\s+)?$")


def phrases(sentence: Sentence) -> Iterator[Hit]:
    """Start and end phrases, taken from quotes, a single unquoted word ("with
    the word Paris."), or what follows "this exact phrase"."""
    for pattern, kind in ((_START, "starts_with"), (_END, "ends_with"), (_VERY_END, "ends_with")):
        for match in pattern.finditer(sentence.lower):
            if _BY_MEANS.search(sentence.lower, 0, match.start()):
                continue  # "highlight sections by starting and ending with '*'": a means
            if _OF_A_PART.search(sentence.lower, 0, match.start()):
                continue  # "a postscript starting with 'P.S.'": another thing's start
            if match.groupdict().get("word"):
                phrase = sentence.unmask(match.start("word"), match.end("word"))
            elif match.groupdict().get("bare"):
                phrase = sentence.unmask(match.start("bare"), match.end("bare")).strip()
                # "…help with?." : the sentence's own full stop is not part of it.
                phrase = phrase[:-1] if phrase.endswith(("?.", "!.")) else phrase
            else:
                phrase = sentence.unmask(match.start("arg") + 1, match.end("arg") - 1).strip()
            yield from response_hits(sentence, {"kind": kind, "phrase": phrase}, *match.span())


TEXT_RULES: tuple[Rule, ...] = (
    punctuation,
    letter_case,
    phrases,
)
