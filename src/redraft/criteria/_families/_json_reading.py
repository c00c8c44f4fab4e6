"""How prompts ask what a JSON answer holds: "a JSON array of 4 objects",
"an object mapping 5 fruits to colours", "each object with the keys 'city'
and 'population'", "keys: id (number), email (string)", "'population' must
be an integer", "status must be one of 'open' or 'closed'", "no null values".

Read only where the prompt asks for JSON, and a field's type, values or
range only for a key the prompt names and at a level it makes plain: the
top-level object, or every object of a top-level array. A key stated of a
nested object, a remark on a key that is no type ("name (the full name)"),
or a JSON the prompt hands over to work on compiles nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import ARG, parse_list, response_spec, spec_hit
from redraft.criteria._families._document import names_after
from redraft.criteria._families._json_spec import JSONField, JSONFields, JSONItems, JSONType
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import Hit, Sentence, found_in, lowered, once, response_context
from redraft.criteria._spec_base import Relation

__all__ = ["json_fields_rule", "json_items_rule", "type_named"]

# The prompt asks for JSON back: a verb of making or answering before it, or
# "in/as JSON", "JSON only" ("explain what a JSON array is" asks for none).
_JSON_ASKED = compile_lazily(
    r"\b(?:give|return|output|send|produce|generate|create|write|make|build|provide|respond|"
    r"reply|answer|format|print|emit|want|need)\b[^.;?!]{0,40}?\bjson\b|"
    r"\bjson\s+only\b|\bonly\s+(?:valid\s+)?json\b|\b(?:in|as)\s+(?:valid\s+)?json\b"
)
_ARRAY_TOP = compile_lazily(
    r"\bjson\s+(?:array|list)\b|\b(?:array|list)\s+of\s+(?:json\s+)?objects\b|"
    r"\bjson\s+(?:array|list)\s+of\b"
)
_OBJECT_TOP = compile_lazily(r"\bjson\s+object\b|\bobject\s+in\s+json\b")
_COUNT = rf"(?:(?P<rel>{RELATION})\s+)?(?P<n>{NUMBER})"
_THINGS = r"(?:objects|items|entries|elements|records|strings|numbers|values)"
_ITEMS = (
    # "a JSON array of 4 objects", "a JSON list with exactly 5 items"
    compile_lazily(
        rf"\bjson\s+(?:array|list)\s+(?:of|with|containing|holding)\s+{_COUNT}\s+"
        rf"(?:[\w-]+\s+){{0,2}}?{_THINGS}\b"
    ),
    # "5 book objects as a JSON array"
    compile_lazily(
        rf"(?<![\w-]){_COUNT}\s+(?:[\w-]+\s+){{0,2}}?{_THINGS}\s+(?:in|as)\s+(?:a|an|one)\s+"
        r"json\s+(?:array|list)\b"
    ),
)
_KEYS_COUNT = (
    # "a JSON object mapping 5 fruits to …"
    compile_lazily(rf"\bjson\s+object\s+(?:that\s+maps\s+|mapping\s+){_COUNT}\s+[\w-]+"),
    # "a JSON object with exactly 3 keys"
    compile_lazily(
        rf"\bjson\s+object\s+(?:with|containing|of)\s+{_COUNT}\s+"
        r"(?:keys|fields|properties|key[\s-]value\s+pairs)\b"
    ),
)
_KEY = rf"(?P<key>{ARG}|[a-z][a-z0-9]*_[a-z0-9_]+|[a-z][a-z0-9]*)"
_NESTED_ARRAY = compile_lazily(
    # "a 'tags' array of at most 5 strings", "the tags list should have 3 items"
    rf"{_KEY}\s+(?:field\s+|key\s+)?(?:(?:is|should\s+be|must\s+be)\s+(?:an?\s+)?)?"
    r"(?:array|list)\s+(?:of|with|containing|should\s+have|"
    rf"must\s+have)\s+{_COUNT}\s+(?:[\w-]+\s+){{0,1}}?{_THINGS}\b"
)
_TYPES: dict[str, JSONType] = {
    "string": "string",
    "text": "string",
    "str": "string",
    "number": "number",
    "float": "number",
    "decimal": "number",
    "numeric": "number",
    "integer": "integer",
    "int": "integer",
    "whole number": "integer",
    "boolean": "boolean",
    "bool": "boolean",
    "true/false": "boolean",
    "array": "array",
    "list": "array",
    "object": "object",
    "null": "null",
}
_TYPE = (
    r"(?P<type>(?:array|list)\s+of\s+(?:strings|numbers|integers|booleans|objects)|"
    r"whole\s+number|true/false|string|text|str|number|float|decimal|numeric|integer|int|"
    r"boolean|bool|array|list|object|null)"
)
_TYPED = compile_lazily(rf"{_TYPE}(?![\w/])")
_PLURAL_TYPE = {
    "strings": "string",
    "numbers": "number",
    "integers": "integer",
    "booleans": "boolean",
    "objects": "object",
}


def type_named(words: str) -> tuple[JSONType, JSONType | None] | None:
    """The JSON type (and element type) a few words name, or None."""
    words = " ".join(words.lower().split())
    of = re.fullmatch(r"(?:array|list)\s+of\s+(\w+)", words)
    if of:
        element = _PLURAL_TYPE.get(of.group(1))
        return None if element is None else ("array", _TYPES[element])
    found = _TYPES.get(words)
    return None if found is None else (found, None)


@once
def _top_level(text: str) -> Literal["array", "object"] | None:
    array, obj = bool(_ARRAY_TOP.search(text)), bool(_OBJECT_TOP.search(text))
    if array == obj:
        return None  # neither, or both (an object holding an array): no level is plain
    return "array" if array else "object"


def _count(match: re.Match[str]) -> tuple[Relation, int] | None:
    n = number_value(match.group("n"))
    if n is None:
        return None
    if match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return relation, n + adjust
    return "exactly", n


def json_items_rule(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    if not found_in(_JSON_ASKED, lowered(sentence.whole) or text):
        return
    readings: list[tuple[re.Pattern[str], Literal["array", "object"]]] = [
        (p, "array") for p in _ITEMS
    ] + [(p, "object") for p in _KEYS_COUNT]
    for pattern, shape in readings:
        for match in pattern.finditer(text):
            count = _count(match)
            if count is None:
                continue
            relation, value = count

            build = partial(JSONItems, shape=shape, relation=relation, value=value)
            yield from response_spec(sentence, build, match.start(), match.end())
    if _top_level(lowered(sentence.whole) or text) != "object":
        return
    keys_at = [m.start() for m in _KEYS_PHRASE.finditer(text)]
    for match in _NESTED_ARRAY.finditer(text):
        count = _count(match)
        key = _key_text(sentence, match)
        if count is None or key is None:
            continue
        relation, value = count
        hit = spec_hit(
            partial(JSONItems, key=key, relation=relation, value=value),
            match.start(),
            match.end(),
        )
        if hit is not None and response_context(sentence, _context_at(match.start(), keys_at)):
            yield hit


def _context_at(start: int, keys_at: list[int]) -> int:
    """Where to read whether a statement about a key is asked of the answer:
    at the key list before it in the sentence ("… with keys a, b and c (c as
    an integer)", "… keys id and tags where tags is an array of 3 strings"),
    else where it starts."""
    return max((k for k in keys_at if k < start), default=start)


def _key_text(sentence: Sentence, match: re.Match[str]) -> str | None:
    raw = sentence.unmask(match.start("key"), match.end("key")).strip()
    if raw[:1] in "\"“'‘«`":
        raw = raw[1:-1].strip()
    return raw or None


# -- fields ----------------------------------------------------------------------------

_KEYS_PHRASE = compile_lazily(
    r"(?P<each>\b(?:each|every)\s+(?:one|object|item|entry|element|record)?\s*(?:should\s+|must\s+)?"
    r"(?:with|has|have|having|containing|contain|includes?|including)\s+)?"
    r"(?:\b(?:with|containing|having|has|including)\s+)?(?:the\s+|exactly\s+(?:the|these)\s+|these\s+)?"
    r"(?:required\s+)?(?:keys|fields|properties)(?P<only>\s+and\s+no\s+others?)?\s*:?\s*"
)
_NAME = compile_lazily(rf"\s*(?P<name>{ARG}|[a-z][\w]*)")
_REMARK = compile_lazily(r"\s*\((?P<remark>[^()]{1,40})\)")
_LIST_SEPARATOR = compile_lazily(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_MAX_FIELDS = 30


def _typed_fields(sentence: Sentence, pos: int) -> tuple[list[JSONField], int] | None:
    """Names, each with a type in brackets ("id (number), tags (array of
    strings)"), from ``pos``; None unless every name has a readable type."""
    text = sentence.lower
    fields: list[JSONField] = []
    end = pos
    while len(fields) < _MAX_FIELDS:
        name = _NAME.match(text, end)
        remark = _REMARK.match(text, name.end()) if name else None
        if name is None or remark is None:
            return None
        typed = type_named(remark.group("remark"))
        if typed is None:
            return None  # a remark that is no type: the clause is not read whole
        raw = sentence.unmask(name.start("name"), name.end("name")).strip()
        key = raw[1:-1].strip() if raw[:1] in "\"“'‘«`" else raw
        fields.append(JSONField(name=key, type=typed[0], items=typed[1]))
        end = remark.end()
        separator = _LIST_SEPARATOR.match(text, end)
        following = _NAME.match(text, separator.end()) if separator else None
        if following is None or not _REMARK.match(text, following.end()):
            break  # "…, in_stock (boolean), for hiking boots": the list ended
        end = separator.end() if separator else end
    if len(fields) < 1 or len({f.name for f in fields}) != len(fields):
        return None
    return fields, end


def _listed_keys(sentence: Sentence) -> dict[str, tuple[str, bool]]:
    """Every key the prompt lists for the JSON (case folded), with its
    spelling and whether it was listed for each object of an array."""
    whole = Sentence(sentence.full, sentence.whole, 0, sentence.whole, sentence.full)
    top = _top_level(whole.lower)
    keys: dict[str, tuple[str, bool]] = {}
    for match in _KEYS_PHRASE.finditer(whole.lower):
        if not response_context(whole, match.start()):
            continue  # keys of something else: "my API returns an object with keys …"
        each = bool(match.group("each")) or top == "array"
        parsed = parse_list(whole, match.end()) or names_after(whole, match.end())
        typed = _typed_fields(whole, match.end())
        names = [f.name for f in typed[0]] if typed else (parsed[0] if parsed else [])
        for name in names:
            keys[name.casefold()] = (name, each)
    return keys


_STATED = compile_lazily(
    rf"{_KEY}\s+(?:field\s+|key\s+|value\s+)?(?:(?:should|must|has\s+to|needs\s+to|will)\s+be|as)\s+"
    rf"(?:an?\s+)?(?:(?P<oneof>one\s+of|either)\s+|(?P<range>(?:a\s+number\s+|an\s+integer\s+)?"
    r"(?:between|from)\s+(?P<low>-?\d+(?:\.\d+)?)\s+(?:and|to)\s+(?P<high>-?\d+(?:\.\d+)?))|"
    rf"{_TYPE}(?![\w/]))"
)
_NO_NULLS = compile_lazily(
    r"\bno\s+null(?:\s+values?|s)?\b|\bnever\s+(?:use\s+|return\s+)?null\b|"
    r"\b(?:don't|do\s+not)\s+(?:use|include|return|output)\s+(?:any\s+)?null(?:\s+values?|s)?\b"
)


def _stated_field(sentence: Sentence, match: re.Match[str]) -> tuple[JSONField, int] | None:
    key = _key_text(sentence, match)
    if key is None:
        return None
    if match.group("oneof"):
        parsed = parse_list(sentence, match.end())
        if parsed is None or len(parsed[0]) < 2:
            return None
        return JSONField(name=key, one_of=list(parsed[0])), parsed[1]
    if match.group("range"):
        low, high = float(match.group("low")), float(match.group("high"))
        if low > high:
            return None
        integer = "integer" in match.group("range")
        return (
            JSONField(name=key, type="integer" if integer else None, minimum=low, maximum=high),
            match.end(),
        )
    typed = type_named(match.group("type"))
    if typed is None:
        return None
    return JSONField(name=key, type=typed[0], items=typed[1]), match.end()


# "a JSON array of objects with keys …": the keys of every object of the array
_OF_OBJECTS = compile_lazily(r"\b(?:array|list)\s+of\s+(?:\w+\s+){0,2}?objects?\s*,?\s*$")
# "(population as an integer)" after the list: a listed key's type, read by
# _STATED; the list itself is whole
_KEY_TYPE_REMARK = compile_lazily(
    rf"\s*\(\s*{_KEY}\s+(?:as|is|should\s+be|must\s+be)\s+(?:an?\s+)?{_TYPE}\s*\)"
)


def _remark_beside(text: str, parsed: tuple[list[str], int]) -> bool:
    """Whether a remark in brackets follows the list that is no listed key's type."""
    if not _REMARK.match(text, parsed[1]):
        return False
    typed = _KEY_TYPE_REMARK.match(text, parsed[1])
    listed = {name.casefold() for name in parsed[0]}
    return typed is None or typed.group("key").strip("\"“”'‘’`").casefold() not in listed


def json_fields_rule(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    whole = lowered(sentence.whole) or text
    if not found_in(_JSON_ASKED, whole):
        return
    top = _top_level(whole)
    for match in _KEYS_PHRASE.finditer(text):
        each = bool(match.group("each")) or top == "array"
        if not each and top != "object":
            continue
        typed = _typed_fields(sentence, match.end())
        if typed is not None:
            fields, end = typed
        elif top == "array" and (match.group("each") or _OF_OBJECTS.search(text, 0, match.start())):
            parsed = parse_list(sentence, match.end())
            if parsed is None or _remark_beside(text, parsed):
                continue  # a remark that is no type: the list is not read whole
            if not all(parsed[0]):
                continue  # a quoted blank is no key a rule can ask for
            fields, end = [JSONField(name=n) for n in parsed[0]], parsed[1]
        else:
            continue  # untyped keys of the one object: the json kind's required_keys
        only = bool(match.group("only"))
        yield from response_spec(
            sentence,
            partial(JSONFields, fields=fields, each=each, only=only),
            match.start(),
            end,
        )
    listed = _listed_keys(sentence)
    keys_at = [m.start() for m in _KEYS_PHRASE.finditer(text)]
    for match in _STATED.finditer(text):
        found = _stated_field(sentence, match)
        if found is None or found[0].name.casefold() not in listed:
            continue
        field, end = found
        name, each = listed[field.name.casefold()]
        field = field.model_copy(update={"name": name})  # the key as the list spells it
        hit = spec_hit(partial(JSONFields, fields=[field], each=each), match.start(), end)
        if hit is not None and response_context(sentence, _context_at(match.start(), keys_at)):
            yield hit
    for match in _NO_NULLS.finditer(text):
        yield from response_spec(
            sentence,
            partial(JSONFields, no_nulls=True),
            match.start(),
            match.end(),
            owns_negation=True,
        )
