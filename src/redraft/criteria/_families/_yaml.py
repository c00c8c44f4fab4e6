"""YAML: the answer is one YAML mapping, optionally with required keys.

Measured exactly with PyYAML's ``safe_load`` (no object construction from
tags): the answer, bare or as the only content of one fenced block tagged
``yaml``/``yml`` or untagged, must parse as a single document whose top
level is a mapping (plain prose parses as a YAML string, so a scalar fails;
so does a bare list), holding every required key at its top level. Any ``key: value`` text is a
mapping, so a one-line "Note: …" meets a check with no keys: it is YAML. Read from
"respond in YAML", "return YAML with keys name, age and email", "format your
answer as a YAML document", "output only valid YAML"; not from YAML as a
topic ("explain YAML anchors"), as material ("convert this YAML to JSON"),
as one format among others ("JSON or YAML"), nor negated or hedged.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, Literal

import yaml
from pydantic import Field, ValidationError, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._code_blocks import ONLY_BLOCK
from redraft.criteria._families._document import FormatPhrase, document_body, names_after
from redraft.criteria._families._only_answer import only_rule
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, found_in, lowered
from redraft.criteria._spec_base import SHORT, has_text

__all__ = ["YAML", "YAMLFormat"]


class YAMLFormat(FamilySpec):
    """The answer is one YAML document whose top level is a mapping (bare or
    the only content of a fenced block), holding ``required_keys``."""

    kind: Literal["yaml"] = "yaml"
    required_keys: list[str] = Field(default_factory=list, max_length=50)

    @field_validator("required_keys")
    @classmethod
    def _keys(cls, value: list[str]) -> list[str]:
        keys = [has_text(k) for k in value]
        if any(len(k) > SHORT for k in keys):
            raise ValueError(f"a key is at most {SHORT} characters")
        return keys

    def describe(self) -> str:
        if not self.required_keys:
            return "a YAML mapping"
        return "a YAML mapping with the keys " + _listed(self.required_keys)

    def slot(self) -> tuple[object, ...]:
        # "Output only YAML." then "It must have the keys …": two checks, both
        # kept, not alternatives of which the first would win.
        return (self.kind, tuple(self.required_keys))


def _listed(keys: list[str]) -> str:
    return ", ".join(repr(k) for k in keys)


class _NotYAML(Exception):
    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


def _load(text: str) -> Any:
    if not text.strip():
        raise _NotYAML("the answer is empty")
    body, _ = document_body(text, ("yaml", "yml"))
    try:
        return yaml.safe_load(body)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise _NotYAML(f"{exc.problem or exc.context or 'a syntax error'}{where}") from None
    except (yaml.YAMLError, ValueError, OverflowError, RecursionError) as exc:
        # a timestamp out of range, a document nested past the stack
        raise _NotYAML(str(exc).splitlines()[0][:120] or type(exc).__name__) from None


# YAML 1.1, which PyYAML reads, takes `on`, `yes`, `off` and `no` for
# booleans: a workflow's `on:` key loads as True, yet it is the key `on`.
_TRUE = frozenset({"true", "yes", "on"})
_FALSE = frozenset({"false", "no", "off"})


def _missing(required: list[str], mapping: dict[Any, Any]) -> list[str]:
    """The required keys ``mapping`` lacks (a number key matches its digits)."""
    present = {str(k) for k in mapping if not isinstance(k, bool)}
    flags = {k for k in mapping if isinstance(k, bool)}
    missing = []
    for key in required:
        spelled = key.lower()
        if key in present or (True in flags and spelled in _TRUE):
            continue
        if False in flags and spelled in _FALSE:
            continue
        missing.append(key)
    return missing


def _shape(value: object) -> str:
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "empty"
    return "plain text (a single value), not key: value lines"


_PHRASE = FormatPhrase(name=r"yaml|yml", holding=r"keys|fields|properties|entries")


# Keys named for the answer's mapping in a sentence of their own: "Write a
# YAML config for … Top-level keys in this order: name, on, jobs."
_KEYS_ELSEWHERE = compile_lazily(
    r"(?:^|[.;\n]\s*)(?:the\s+)?(?:top[\s-]level\s+)?keys(?:\s+in\s+(?:this|that)\s+order)?\s*:\s*"
)
# A YAML list, or items each with keys: no one mapping holds those keys
_NOT_ONE_MAPPING = compile_lazily(
    r"\b(?:ya?ml\s+(?:list|array|sequence)|list\s+of|each|every|items?|entries|objects)\b"
)


def _keys_elsewhere(sentence: Sentence) -> list[str]:
    """The keys another sentence of the prompt names for the one mapping."""
    whole = Sentence(sentence.full, sentence.whole, 0, sentence.whole, sentence.full)
    found = list(_KEYS_ELSEWHERE.finditer(whole.lower))
    if len(found) != 1 or _NOT_ONE_MAPPING.search(whole.lower):
        return []
    if sentence.start <= found[0].end() < sentence.start + len(sentence.original):
        return []  # the sentence's own keys, read with its phrase
    parsed = names_after(whole, found[0].end())
    return parsed[0] if parsed else []


def yaml_format(sentence: Sentence) -> Iterator[Hit]:
    """ "Respond in YAML", "return YAML with keys name, age and email"."""
    for start, end, keys in _PHRASE.find(sentence):
        if keys is None:
            continue  # keys named but not readable: leave it to the judge
        if not keys and sentence.whole:
            keys = _keys_elsewhere(sentence)
        try:
            spec = YAMLFormat(required_keys=keys)
        except ValidationError:
            continue
        yield Hit(spec, start, end)


_ONLY_YAML = only_rule(
    "yaml",
    r"(?:yaml|yml)(?:\s+(?:document|config(?:uration)?|file|mapping|output))?",
    lambda s: YAMLFormat(required_keys=_keys_elsewhere(s)),
)


def yaml_only(sentence: Sentence) -> Iterator[Hit]:
    """ "Output only the YAML", "YAML only, no prose" — where the YAML asked
    is one mapping (a YAML list, or items each with keys, is not)."""
    if found_in(_NOT_ONE_MAPPING, lowered(sentence.whole)):
        return
    yield from _ONLY_YAML(sentence)


class _YAML(Family):
    name = "yaml"
    specs = (YAMLFormat,)
    rules: ClassVar[tuple[Rule, ...]] = (yaml_format, yaml_only)
    edits: ClassVar[tuple[RepairOp, ...]] = (ONLY_BLOCK,)

    def repair(self, spec: Any) -> dict[str, Any] | None:
        """The prose around the answer's one yaml-tagged or untagged block
        goes (:mod:`._only_block`); what the document says is the redraft's."""
        return {"op": "only_block", "language": "yaml", "wrap": False}

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, YAMLFormat)
        try:
            value = _load(text)
        except _NotYAML as exc:
            return Outcome(
                False,
                f"the answer is not valid YAML ({exc.problem}); required: {spec.describe()}",
                self.correction(spec, text),
                data={"error": exc.problem},
            )
        if not isinstance(value, dict):
            return Outcome(
                False,
                f"the answer's YAML is {_shape(value)}; required: {spec.describe()}",
                self.correction(spec, text),
            )
        missing = _missing(spec.required_keys, value)
        data = {"keys": [str(k) for k in value][:20], "missing": missing}
        if missing:
            return Outcome(
                False,
                f"the YAML mapping lacks {_listed(missing)}; required: {spec.describe()}",
                self.correction(spec, text),
                score=1 - len(missing) / len(spec.required_keys),
                data=data,
            )
        return Outcome(True, f"the answer is {spec.describe()}, as required", data=data)

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, YAMLFormat)
        keys = f" with the keys {_listed(spec.required_keys)}" if spec.required_keys else ""
        try:
            value = _load(text)
        except _NotYAML as exc:
            return (
                f"Your answer is not valid YAML ({exc.problem}). Reply with YAML only: "
                f"one mapping of `key: value` lines{keys}, and no prose around it."
            )
        if not isinstance(value, dict):
            return (
                f"Your answer's YAML is {_shape(value)}. Reply with one YAML mapping "
                f"of `key: value` lines{keys}."
            )
        missing = _missing(spec.required_keys, value)
        them = "it" if len(missing) == 1 else "them"
        noun = "key" if len(missing) == 1 else "keys"
        return (
            f"Your YAML mapping lacks the {noun} {_listed(missing)}. Add {them} at its top level."
        )


YAML = _YAML()
