"""JSON: "respond only in valid JSON", "return a JSON object with the keys
`name`, `age`".

Measured exactly: the answer is one JSON document, bare or as the only
content of a fenced block; with keys, an object holding each of them. Keys
named but not readable compile nothing (left to the judge).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

from pydantic import Field

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._text import noun
from redraft.criteria._families._arguments import (
    NOT_KEYWORDS,
    Corrected,
    parse_list,
    response_spec,
)
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._document import names_after, past_purpose
from redraft.criteria._families._only_answer import JSON_THING, OTHER_SUBJECT, only_rule
from redraft.criteria._families._shapes import WHOLE, WRAP_VERB
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence
from redraft.evaluators._json_checks import _JSONProblem, _load_json

__all__ = ["JSON", "JSONFormat", "json_format"]


class JSONFormat(FamilySpec):
    """The answer is one JSON document (bare or as the only content of a fenced
    block); with ``required_keys`` it is an object holding those keys."""

    kind: Literal["json"] = "json"
    required_keys: list[str] = Field(default_factory=list, max_length=50)

    def describe(self) -> str:
        if not self.required_keys:
            return "valid JSON"
        return "a JSON object with the keys " + ", ".join(repr(k) for k in self.required_keys)


def _json(spec: JSONFormat, text: str) -> Outcome:
    try:
        parsed = _load_json(text)
    except _JSONProblem as problem:
        return Outcome(
            False,
            f"the answer is not valid JSON ({problem.problem}); required: {spec.describe()}",
            f"Your answer is not valid JSON ({problem.problem}). Reply with JSON only.",
            data={"error": problem.problem},
        )
    if not spec.required_keys:
        return Outcome(True, "the answer is valid JSON, as required")
    if not isinstance(parsed.value, dict):
        kind = type(parsed.value).__name__
        return Outcome(
            False,
            f"the answer is JSON but a {kind}, not an object; required: {spec.describe()}",
            "Your answer must be one JSON object with the keys "
            + ", ".join(repr(k) for k in spec.required_keys)
            + ".",
        )
    missing = [k for k in spec.required_keys if k not in parsed.value]
    if not missing:
        return Outcome(True, f"the answer is {spec.describe()}, as required")
    return Outcome(
        False,
        f"the JSON object lacks {', '.join(repr(k) for k in missing)}; required: {spec.describe()}",
        f"Your JSON object lacks the {noun(len(missing), 'key')} "
        f"{', '.join(repr(k) for k in missing)}. Add {noun(len(missing), 'it', 'them')}.",
        score=1 - len(missing) / len(spec.required_keys),
        data={"missing": missing},
    )


_JSON = compile_lazily(
    rf"\b(?:{WRAP_VERB}\s+{WHOLE}\s+(?:in|as|using)\s+(?:valid\s+|a\s+)?json|"
    r"(?:respond|answer|reply)\s+(?:only\s+|entirely\s+|solely\s+)?(?:in|with|using|as)\s+"
    r"(?:valid\s+|a\s+valid\s+|a\s+single\s+|a\s+|one\s+)?json|"
    # "return the standings as a JSON array", "return them as JSON": the answer is it
    r"\breturn\s+(?:them|it|the\s+(?:[\w-]+\s+){1,3}?)as\s+(?:a\s+|one\s+)?(?:valid\s+)?json"
    r"(?=\s+(?:array|object|list)\b|\s*(?:[.;]|$))|"
    rf"{WHOLE}\s+(?:should|must|needs\s+to|has\s+to|will)\s+be\s+(?:valid\s+|in\s+|a\s+valid\s+|"
    r"a\s+|formatted\s+as\s+|wrapped\s+in\s+)?(?:valid\s+)?json|"
    r"^\s*(?:please\s+)?output\s+(?:only\s+)?(?:valid\s+)?json|"
    # "Return JSON only, with keys: …": the keys are the JSON's, nothing beside it
    r"\b(?:return|output|give|send|print|respond\s+with|reply\s+with|answer\s+with)\s+(?:me\s+)?"
    r"(?:valid\s+)?json\s+only(?=\s*,?\s*(?:with|containing|having)\s+(?:the\s+|exactly\s+(?:the|"
    r"these)\s+|these\s+)?(?:required\s+)?(?:keys|fields|properties)\b)|"
    # "list the planets as valid JSON and nothing else", "Valid JSON, nothing else.":
    # nothing beside the JSON, so the JSON is the answer
    r"(?:\b(?:as|in)\s+|^\s*(?:just\s+|only\s+)?)(?:a\s+|one\s+)?(?:valid\s+)?json"
    r"(?:\s+(?:array|object|list))?(?=\s*(?:,\s*|\s+and\s+|[—–]\s*)(?:nothing\s+(?:else|more)|"
    r"no\s+other\s+text)\b)|"
    rf"(?:{WHOLE}|(?:use|using))\s+(?:(?:should|must)\s+(?:just\s+|only\s+)?(?:contain|be)\s+)?"
    r"(?:in\s+)?(?:a\s+|one\s+)?json(?=\s+(?:format|block))|"
    r"\b(?:in|into)\s+(?:valid\s+)?(?:a\s+|one\s+)?json(?=\s+(?:format|block)\b)|"
    # "return only JSON with keys …" ("only the JSON" alone: _only_answer's)
    r"\b(?:return|output|give|send|print|respond\s+with|reply\s+with|answer\s+with)\s+(?:me\s+)?"
    r"(?:only|just)\s+(?:the\s+)?(?:valid\s+)?json(?=\s+(?:object\s+)?with\s+(?:the\s+)?(?:keys|fields)\b)|"
    # "return a JSON object with the fields …": the answer is the object
    r"\b(?:return|respond\s+with|reply\s+with|answer\s+with)\s+(?:a|an|one)\s+(?:valid\s+|single\s+)?"
    r"json\s+object(?=\s*,?\s*(?:with|containing|having|that\s+has|including)\s)|"
    # "create a JSON object for a user profile with required keys …": made whole
    r"\b(?:create|give\s+me|generate|write|make|produce|build|provide|i\s+need|i\s+want)\s+"
    r"(?:me\s+)?(?:a|an|one)\s+(?:valid\s+|single\s+|simple\s+|small\s+)?json\s+"
    r"(?:object|document|payload|record)(?=[^.;]{0,60}?\s(?:with|containing|having|including)\s+"
    r"(?:the\s+|exactly\s+)?(?:these\s+|following\s+|required\s+)*(?:keys|fields|properties)\b))\b"
    r"(?:\s+(?:format|object|block))?"
)
_KEYS = compile_lazily(
    # "respond with JSON only, with the keys …": "only" may stand between
    r"(?:\s+only\b)?\s*,?\s*(?:with|containing|having|that\s+has|including)\s+(?:the\s+|exactly\s+the\s+|"
    r"exactly\s+these\s+|these\s+|the\s+following\s+)?(?:required\s+|top[\s-]level\s+)?"
    r"(?:keys|fields|properties)(?:\s+in\s+(?:this|that|the\s+following)\s+order)?"
    r"(?:\s+and\s+no\s+others?)?\s*:?"
)


# Keys named for the answer's one object in another sentence of the prompt:
# "Respond only with JSON. Keys: 'city', 'country'." or "… a JSON object with
# keys 'id', 'title'. Output only the JSON."
_IN_ORDER = r"(?:\s+in\s+(?:this|that|the\s+following)\s+order)?"
_KEYS_ELSEWHERE = compile_lazily(
    rf"(?:^|[.;:\n]\s*)(?:top[\s-]level\s+)?keys{_IN_ORDER}\s*:|"
    # "a JSON object describing the book 'Dune' with keys …": a quoted title may sit between
    r"\bjson(?:\s+object)?\s+(?:(?:[\w'-]+|[\"“'‘«`]\ue000+[\"”'’»`])\s+){0,5}?(?:with|containing|having|that\s+has)\s+"
    r"(?:exactly\s+)?(?:the\s+|these\s+)?(?:top[\s-]level\s+)?(?:keys|fields|properties)"
    rf"{_IN_ORDER}(?:\s+and\s+no\s+others?)?\s*:?|"
    # "The object must have exactly these keys: …"
    r"\b(?:the\s+)?(?:json\s+)?object\s+(?:must|should|will|has\s+to|needs\s+to)\s+"
    r"(?:have|contain|include|hold)\s+(?:exactly\s+)?(?:the\s+|these\s+)?(?:following\s+)?"
    rf"(?:keys|fields|properties){_IN_ORDER}\s*:?|"
    # "an example in JSON: keys error, code, message"
    rf"\bjson\s*:\s*(?:top[\s-]level\s+)?keys{_IN_ORDER}\s*:?"
)
# A bare key list ends where the sentence or clause does, at a dash or at a
# remark in brackets on its last key ("…, themes (an array)").
_KEY_ITEM = compile_lazily(
    r"\s*(?:(?P<q>[\"“'‘«`]\ue000+[\"”'’»`])|(?P<w>[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*))"
)
_KEY_SEPARATOR = compile_lazily(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_KEY_LIST_END = compile_lazily(r"\s*(?:$|[.;:,)(\]—–]|-\s|in\s+(?:this|that)\s+order\b)")


def key_list(sentence: Sentence, pos: int) -> tuple[list[str], int] | None:
    """Two or more key names from ``pos``, quoted or bare identifiers
    ("title, author and year", "'id', 'name'"), read to the list's end;
    None where the list runs on into other words ("name, age and a bio")."""
    text = sentence.lower
    keys: list[str] = []
    end = pos
    while len(keys) < 50:
        item = _KEY_ITEM.match(text, end)
        if item is None:
            return None
        if item.group("q"):
            keys.append(sentence.unmask(item.start("q") + 1, item.end("q") - 1).strip())
        else:
            if item.group("w") in NOT_KEYWORDS:
                return None
            keys.append(sentence.unmask(item.start("w"), item.end("w")))
        end = item.end()
        separator = _KEY_SEPARATOR.match(text, end)
        if separator is None or _KEY_ITEM.match(text, separator.end()) is None:
            break
        end = separator.end()
    if len(keys) < 2 or len({k.casefold() for k in keys}) != len(keys):
        return None
    if not _KEY_LIST_END.match(text, end):
        return None
    return keys, end


# Several objects, nested ones or JSON lines: keys named for them are not the
# top-level object's.
_SEVERAL_OBJECTS = compile_lazily(
    r"\bjson\s+(?:array|list|lines)\b|\b(?:array|list)\s+of\s+(?:json\s+)?objects\b|"
    r"\b(?:jsonl|each|every|objects|nested)\b"
)


def _keys_elsewhere(sentence: Sentence) -> list[str]:
    """The keys another sentence names for the answer's one JSON object
    (none where it names several objects or no readable key list)."""
    whole = Sentence(sentence.full, sentence.whole, 0, sentence.whole, sentence.full)
    text = whole.lower
    found = [m for m in _KEYS_ELSEWHERE.finditer(text)]
    if len(found) != 1 or _SEVERAL_OBJECTS.search(text):
        return []
    parsed = parse_list(whole, found[0].end()) or key_list(whole, found[0].end())
    return parsed[0] if parsed else []


_REMARK = compile_lazily(r"\s*\(")

# JSON as one format among others: "answer in JSON or YAML", "XML or JSON".
_FORMAT = r"(?:json|yaml|yml|xml|toml|csv|markdown|html|plain\s+text|a\s+table)"
_OR_AFTER = compile_lazily(rf"\s*(?:format\s+|object\s+)?(?:,\s*)?(?:or|/)\s*{_FORMAT}\b")
_OR_BEFORE = compile_lazily(rf"\b{_FORMAT}\s*(?:or|/)\s*(?:valid\s+)?$")


def json_format(sentence: Sentence) -> Iterator[Hit]:
    for match in _JSON.finditer(sentence.lower):
        text = sentence.lower
        if (
            OTHER_SUBJECT.search(text, 0, match.start())
            or _OR_AFTER.match(text, match.end())
            or _OR_BEFORE.search(text, 0, text.find("json", match.start()))
        ):
            continue
        keys: list[str] = []
        end = match.end()
        named = _KEYS.match(sentence.lower, past_purpose(sentence.lower, end))
        if named:
            # "id (number), email (string)": names with a remark on each
            # '"score" (integer 0-100), …': a quoted list with a remark on its
            # keys goes on past the first; it is read with its remarks
            parsed = _named_keys(sentence, named.end())
            if parsed is None:
                continue  # keys named but not readable: leave it to the judge
            keys, end = parsed
        elif sentence.whole and sentence.full:
            keys = _keys_elsewhere(sentence)
        yield from response_spec(
            sentence, partial(JSONFormat, required_keys=keys), match.start(), end
        )


# The answer made as JSON by the sentence's own request, with keys named:
# "Give me a JSON with keys 'question' and 'answer'", "Turn this contact into
# JSON with exactly the keys …", "Return the extracted fields as JSON with
# keys …", "Write an API error response example in JSON: keys …", "Give an
# example log line that is valid JSON on one line with keys …".
_MADE = compile_lazily(
    r"^\s*(?:(?:please|now)\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?"
    r"(?P<verb>give(?:\s+me)?|return|output|send|provide|produce|generate|create|write|make|build|"
    r"turn|convert|put|format|extract|reformat|transform)\b(?P<between>[^.;:?!\n]{0,80}?)"
    r"(?:\b(?:in|as|into|to)\s+(?:a\s+|an\s+|one\s+)?(?:valid\s+)?|\b(?:a|an|one)\s+(?:valid\s+|single\s+)?|"
    r"\b(?:that|which)\s+is\s+(?:a\s+)?valid\s+)json\b(?:\s+(?:object|document|example|record|payload))?"
)
# between the request and its keys: a few words ("of the response", "on one line")
_KEYS_NEAR = compile_lazily(
    r"(?:\s+(?!with\b|containing\b|having\b)[\w-]+){0,4}?\s*,?\s*(?:(?:with|containing|having)\s+"
    r"(?:exactly\s+)?(?:the\s+|these\s+)?(?:top[\s-]level\s+)?(?:keys|fields|properties)|"
    r":\s*(?:top[\s-]level\s+)?keys)(?:\s+in\s+(?:this|that|the\s+following)\s+order)?"
    r"(?:\s+and\s+no\s+others?)?\s*:?\s*"
)
# what makes the JSON something else's: a program that returns it, an array of
# objects (each object's keys: json_fields'), a question about it
_NOT_MADE = compile_lazily(
    r"\b(?:that|which|who|function|script|program|endpoint|class|method|code|query|tool|app|bot|"
    r"explain|about|how|what|why|each|every|array|list|objects|nested)\b"
)


def _named_keys(sentence: Sentence, pos: int) -> tuple[list[str], int] | None:
    """The keys listed from ``pos``: quoted or bare, each with a remark or not."""
    parsed = parse_list(sentence, pos)
    if parsed is not None and _REMARK.match(sentence.lower, parsed[1]):
        return names_after(sentence, pos)
    return parsed or names_after(sentence, pos) or key_list(sentence, pos)


def json_made(sentence: Sentence) -> Iterator[Hit]:
    """ "Turn this contact into JSON with exactly the keys …"."""
    text = sentence.lower
    match = _MADE.match(text)
    if match is None or "key" not in text:
        return
    between = re.sub(r"\b(?:that|which)\s+is\s*$", "", match.group("between"))
    if _NOT_MADE.search(between) or _OR_AFTER.match(text, match.end()):
        return
    near = _KEYS_NEAR.match(text, match.end())
    if near is None or _NOT_MADE.search(near.group(0)):
        return
    parsed = _named_keys(sentence, near.end())
    if parsed is None:
        return
    keys, end = parsed
    yield from response_spec(
        sentence, partial(JSONFormat, required_keys=keys), match.start("verb"), end
    )


class _Json(Corrected):
    name = "json"
    specs = (JSONFormat,)
    rules: ClassVar[tuple[Rule, ...]] = (
        json_format,
        json_made,
        only_rule("json", JSON_THING, lambda s: JSONFormat(required_keys=_keys_elsewhere(s))),
    )

    def measure(self, spec: Any, text: str) -> Outcome:
        return _json(spec, text)


JSON = _Json()
