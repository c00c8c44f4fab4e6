"""Rules for the response's shape: wrapping, title, postscript, JSON, a
repeated request and the response language."""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.criteria._hits import response_hits
from redraft.criteria._rule_text import parse_list
from redraft.criteria._sentences import MASK, THING, Hit, Rule, Sentence
from redraft.criteria._spec import LANGUAGES

__all__ = ["SHAPE_RULES"]

_WRAP_VERB = r"(?:wrap|enclose|put|place|surround|format|provide|give|write|return|present)"
_WHOLE = r"(?:your\s+|the\s+)?(?:entire\s+|whole\s+|full\s+)?(?:response|answer|reply|output)"
_WHOLE_THING = rf"(?:{_WHOLE}|(?:your|the)\s+(?:entire|whole)\s+{THING})(?:\s+\([^)]{{0,80}}\))?"
_QUOTE_MARKS = r"double\s+(?:quotation\s+marks?|quotations?\s+marks?|quotes?)"
_DOUBLE_QUOTES = re.compile(
    rf"\b{_WRAP_VERB}\s+{_WHOLE_THING}\s+(?:with|in|within|inside|between|into)\s+"
    rf"(?:a\s+pair\s+of\s+)?{_QUOTE_MARKS}|"
    rf"\b(?:put|place|add)\s+{_QUOTE_MARKS}\s+around\s+{_WHOLE_THING}|"
    rf"\b{_QUOTE_MARKS}\s+(?:should|must)\s+be\s+(?:placed|put|added)\s+around\s+{_WHOLE_THING}|"
    rf"(?:^|\b(?:make\s+sure|ensure)\s+(?:that\s+)?){_WHOLE_THING}\s+(?:is|should\s+be|must\s+be)\s+"
    rf"(?:wrapped|enclosed)\s+(?:in|with|within)\s+{_QUOTE_MARKS}|"
    rf"\b(?:be|is)\s+(?:wrapped|enclosed)\s+(?:in|with|within)\s+{_QUOTE_MARKS}"
)
_CODE_BLOCK = re.compile(
    rf"\b{_WRAP_VERB}\s+{_WHOLE}\s+(?:in|as|inside|within)\s+(?:a\s+|one\s+|a\s+single\s+)?"
    r"(?:markdown\s+)?(?:fenced\s+)?code\s+block"
)
_TITLE = re.compile(
    r"(?:^\s*(?:the|a)\s+)?\btitle\b[^.;]{0,60}?(?:double\s+angular\s+brackets|<<)|"
    r"\b(?:put|wrap|enclose|place|give)\s+(?:the|your|its)\s+(?:name|title|heading|answer)"
    r"(?:\s+of\s+the\s+\w+)?\s+(?:in|within|inside|wrapped\s+in)\s+double\s+angular\s+brackets"
)
_AT_END = r"(?:at\s+the\s+(?:very\s+)?end(?:\s+of\s+(?:your|the)\s+\w+)?\s+)?"
_POSTSCRIPT = re.compile(
    r"\b(?:(?:explicitly\s+)?(?:add|include|write|append)|(?:end|finish)\s+(?:it\s+|your\s+\w+\s+)?"
    r"with|and|then|followed\s+by)\s+(?:a|an)\s+(?:postscript|post\s+script|note|p\.s\.)\s+"
    + _AT_END
    + r"(?:to\s+(?:your|the)\s+\w+\s+)?(?:starting|beginning|that\s+(?:starts|begins)|indicated|"
    r"marked)\s+(?:with|by)\s+[\"'“‘]?(?P<marker>p\.\s?(?:p\.\s?)?s\.?)",
    re.IGNORECASE,
)


def shapes(sentence: Sentence) -> Iterator[Hit]:
    """Wrapping, title and postscript."""
    text = sentence.lower
    for pattern, data in (
        (_DOUBLE_QUOTES, {"kind": "wrapped", "style": "double_quotes"}),
        (_CODE_BLOCK, {"kind": "wrapped", "style": "code_block"}),
        (_TITLE, {"kind": "title"}),
    ):
        for match in pattern.finditer(text):
            yield from response_hits(sentence, data, *match.span())
    for match in _POSTSCRIPT.finditer(sentence.original):
        if MASK in sentence.masked[match.start() : match.start("marker") - 1]:
            continue
        marker = sentence.unmask(match.start("marker"), match.end("marker")).upper()
        yield from response_hits(sentence, {"kind": "postscript", "marker": marker}, *match.span())


_JSON = re.compile(
    rf"\b(?:{_WRAP_VERB}\s+{_WHOLE}\s+(?:in|as|using)\s+(?:valid\s+|a\s+)?json|"
    r"(?:respond|answer|reply)\s+(?:only\s+|entirely\s+|solely\s+)?(?:in|with|using)\s+"
    r"(?:valid\s+|a\s+valid\s+|a\s+|one\s+)?json|"
    rf"{_WHOLE}\s+(?:should|must|needs\s+to|has\s+to|will)\s+be\s+(?:valid\s+|in\s+|a\s+valid\s+|"
    r"a\s+|formatted\s+as\s+|wrapped\s+in\s+)?(?:valid\s+)?json|"
    r"^\s*(?:please\s+)?output\s+(?:only\s+)?(?:valid\s+)?json|"
    rf"(?:{_WHOLE}|(?:use|using))\s+(?:(?:should|must)\s+(?:just\s+|only\s+)?(?:contain|be)\s+)?"
    r"(?:in\s+)?(?:a\s+|one\s+)?json(?=\s+(?:format|block))|"
    r"\b(?:in|into)\s+(?:valid\s+)?(?:a\s+|one\s+)?json(?=\s+(?:format|block)\b))\b"
    r"(?:\s+(?:format|object|block))?"
)
_KEYS = re.compile(
    r"\s*,?\s*(?:with|containing|having|that\s+has|including)\s+(?:the\s+|exactly\s+the\s+)?"
    r"(?:keys|fields|properties)\s*:?"
)


def json_format(sentence: Sentence) -> Iterator[Hit]:
    for match in _JSON.finditer(sentence.lower):
        keys: list[str] = []
        end = match.end()
        named = _KEYS.match(sentence.lower, end)
        if named:
            parsed = parse_list(sentence, named.end())
            if parsed is None:
                continue  # keys named but not readable: leave it to the judge
            keys, end = parsed
        data = {"kind": "json", "required_keys": keys}
        yield from response_hits(sentence, data, match.start(), end)


_REPEAT = re.compile(
    r"\brepeat\s+the\s+(?:request|question|prompt|instruction)\s+(?:word\s+for\s+word|verbatim|"
    r"exactly)"
)


def repeat_request(sentence: Sentence) -> Iterator[Hit]:
    """ "First repeat the request word for word…": the request is the prompt
    before this sentence (never the criteria, which are not the request)."""
    if sentence.source != "prompt":
        return
    request = {"kind": "repeat_request", "text": sentence.full[: sentence.start].strip()}
    for match in _REPEAT.finditer(sentence.lower):
        yield from response_hits(sentence, request, *match.span())


_NAMES = {name.lower(): code for code, name in LANGUAGES.items()}
_LANGUAGE_NAME = "|".join(_NAMES)
_LANGUAGE = re.compile(
    r"\b(?:(?:respond|answer|reply|write|speak|communicate)\s+"
    r"(?:your\s+(?:entire\s+|whole\s+)?(?:response|answer|reply)\s+)?|"
    rf"{_WHOLE}\s+(?:should|must|needs\s+to|has\s+to)\s+be\s+(?:written\s+)?)"
    rf"(?:only\s+|entirely\s+|solely\s+|exclusively\s+|fully\s+)?(?:in|using)\s+(?:the\s+)?"
    rf"(?P<lang>{_LANGUAGE_NAME})(?:\s+language)?(?:\s+only)?\b"
)


def language(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    for match in _LANGUAGE.finditer(text):
        if re.match(rf"\s*(?:and|or|/)\s+(?:{_LANGUAGE_NAME})\b", text[match.end() :]):
            continue  # two languages: not a one-language requirement
        code = _NAMES[match.group("lang")]
        yield from response_hits(sentence, {"kind": "language", "language": code}, *match.span())


SHAPE_RULES: tuple[Rule, ...] = (shapes, json_format, repeat_request, language)
