""" "Only the answer": the phrases that ask for nothing but one thing, read
once for every family whose thing is a format a program can recognise
whole (JSON, one code block, a number).

Read: "reply with only the JSON", "output nothing but the code block",
"just the number.", "JSON only, no prose", "return the result as JSON and
nothing else", "no prose before or after the JSON", "answer with a number
only", "your reply must be only the JSON", "no extra commentary, just the
JSON". The thing must end the phrase
("only the JSON keys that changed", "just the number of planets" ask for
something else) and nothing may be asked beside it ("the JSON and a short
note"; a prompt that also asks to explain). Each family names its thing and
builds its spec; where the thing is no format ("only the translation",
"just the names") nothing compiles here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._lexical import required
from redraft.criteria._sentences import Hit, Sentence, lowered, searched

__all__ = ["CODE_BLOCK_THING", "JSON_THING", "NUMBER_THING", "OTHER_SUBJECT", "only_rule"]

JSON_THING = (
    r"json(?:\s+(?:(?:array|list)(?:\s+of\s+(?:strings|numbers|integers|objects|booleans))?|"
    # "a JSON array of strings and nothing else": what the array holds
    r"object|output|response|document|data|string|payload))?"
)
CODE_BLOCK_THING = r"(?:fenced\s+|markdown\s+)?code\s+block"
NUMBER_THING = (
    r"(?:final\s+)?(?:number|integer|numeric\s+(?:answer|value|result)|"
    r"numerical\s+(?:answer|value|result))"
)

_VERB = (
    r"(?:reply|respond|answer|output|return|give|print|write|send|provide|produce|emit|"
    r"show|display)"
)
_ONLY = r"(?:only|just|nothing\s+(?:else\s+)?but|solely|exclusively)"
_DET = r"(?:(?:the|a|an|one|a\s+single|your)\s+)?(?:(?:valid|raw|plain|resulting)\s+)?"
# What may follow the thing: the end of the phrase, or a word that adds nothing.
_END = (
    r"(?=\s*(?:$|[,.;:!)\u2014\u2013]|\s-\s|only\b|alone\b|and\s+nothing|nothing\s+else|no\b|"
    r"without\b|please\b|with\s+no\b|here\b|back\b|itself\b))"
)
# After the thing: something asked beside it.
_MORE = compile_lazily(
    r"^\s*,?\s*(?:and|plus|then|followed|along|together|as\s+well)\b(?!\s+nothing)"
    r"|^\s*,?\s*with\s+(?!no\b|nothing\b)"
)
_ALSO = compile_lazily(
    r"(?<!\bno\s)(?<!\bwithout\s)(?<!\bany\s)(?<!\bor\s)(?<!\bnot\s)(?<!\bskip\sthe\s)"
    r"\b(?:explain|explanation|show\s+your\s+work|justify|walk\s+me\s+through)\b"
)


def _phrases(thing: str) -> re.Pattern[str]:
    return compile_lazily(
        # "reply with only the JSON", "output nothing but the code block"
        rf"\b{_VERB}\s+(?:me\s+|us\s+)?(?:back\s+)?(?:with\s+)?{_ONLY}\s+(?:with\s+)?{_DET}"
        rf"(?P<a>{thing}){_END}"
        # "just the number.", "only the JSON, no prose"
        rf"|(?:^|(?<=[,;:\u2014\u2013(])|(?<=\s-))\s*(?:please\s+)?(?:give\s+me\s+)?{_ONLY}\s+"
        rf"{_DET}(?P<b>{thing}){_END}"
        # "return the result as JSON and nothing else", "answer with a number only"
        rf"|\b{_VERB}\s+(?:me\s+)?(?:(?:(?:it|the\s+\w+|them)\s+)?(?:with|as|in)\s+)?{_DET}"
        rf"(?P<c>{thing})\s*(?:only|and\s+nothing\s+(?:else|more)|with\s+nothing\s+else){_END}"
        # "JSON only.", "the number only"
        rf"|(?:^|(?<=[,;:\u2014\u2013(]))\s*{_DET}(?P<d>{thing})\s+only{_END}"
        # "your reply must be only the JSON"
        r"|\b(?:your\s+)?(?:answer|reply|response|output)\s+(?:must|should|has\s+to|needs\s+to)\s+"
        rf"(?:be|contain)\s+{_ONLY}\s+{_DET}(?P<e>{thing}){_END}"
        # "no prose before or after the JSON", "nothing outside the code block"
        r"|\b(?:no|nothing|without\s+any)\s+(?:other\s+|extra\s+|additional\s+)?"
        r"(?:prose|text|commentary|comments|explanations?|words|chatter|markdown)?\s*"
        r"(?:before\s+or\s+after|outside(?:\s+of)?|around|besides|beyond)\s+"
        rf"(?:the|a|your)\s+(?P<f>{thing}){_END}"
    )


# "My API should return only JSON", "write code to return a JSON object", "the
# function must return just the number": what something else returns, not the answer.
OTHER_SUBJECT = compile_lazily(
    r"\b(?!you\b)[\w-]+\s+to\s+$|"
    r"\b(?:my|our|his|her|their|its|the|this|that|it)\s+"
    r"(?:(?!(?:answer|response|reply|output)\b)[\w-]+\s+){0,2}?(?:should|must|will|would|can|could|needs?\s+to|has\s+to|to|always)\s+"
    r"(?:only\s+|just\s+|always\s+)?$"
)


def only_rule(
    name: str, thing: str, build: Callable[[Sentence], FamilySpec]
) -> Callable[[Sentence], Iterator[Hit]]:
    """The rule that reads "only ``thing``" as ``build(sentence)``; ``name``
    is the word a sentence must hold for the rule to read it at all."""
    phrases = _phrases(thing)

    def rule(sentence: Sentence) -> Iterator[Hit]:
        text = sentence.lower
        if name not in text:
            return
        for match in phrases.finditer(text):
            if _MORE.match(text[match.end() :]) or searched(_ALSO, lowered(sentence.whole)):
                continue
            if OTHER_SUBJECT.search(text, 0, match.start()):
                continue
            if required(sentence, match.start()):
                yield Hit(build(sentence), *match.span())
                return

    rule.__name__ = rule.__qualname__ = f"only_{name.replace(' ', '_')}"
    rule.__doc__ = f""" "Only the {name}", "{name} only", "nothing but the {name}"."""
    return rule
