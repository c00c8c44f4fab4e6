"""JSON checks: the draft is JSON, and it matches a JSON Schema.

Regular expressions in a schema (``pattern``, ``patternProperties``) are
user-supplied patterns like any other: they run on RE2
(:mod:`redraft.evaluators._patterns`) in linear time, and one RE2 cannot express is
refused when the check is built, naming its place in the schema.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import jsonschema
from jsonschema.exceptions import ValidationError

from redraft.core._errors import (
    ConfigurationError,
    IsolatedWorkError,
    PatternError,
    WorkTimeoutError,
)
from redraft.core._text import plural
from redraft.core._types import Evidence
from redraft.evaluators._checks import _MAX_RECORDED_ERRORS, Check, _clip, _shorten
from redraft.evaluators._isolation import run_isolated
from redraft.evaluators._offload import INLINE_CHARS, check_deadline
from redraft.evaluators._patterns import Pattern, compile_pattern
from redraft.evaluators._schema_cost import validation_cost

__all__ = [
    "MatchesJSONSchema",
    "NonFiniteNumberError",
    "ValidJSON",
    "linear_time_validator",
    "loads_strict",
]


def _fenced_body(text: str) -> str | None:
    """The body when the whole answer is one fenced block (```json or ```),
    which models produce out of habit; None otherwise.

    String operations rather than a regex: the obvious pattern backtracks
    quadratically on a fence followed by a long run of spaces."""
    stripped = text.strip()
    newline = stripped.find("\n")
    if not stripped.startswith("```") or newline < 0 or not stripped.endswith("```"):
        return None
    info = stripped[3:newline]
    info = info[:-1] if info.endswith("\r") else info
    if info.strip(" \t").lower() not in ("", "json") or "\r" in info:
        return None
    rest = stripped[newline + 1 :]
    if len(rest) < 3:
        return None  # the closing fence was the opening one
    body = rest[:-3].rstrip(" \t")
    body = body[:-1] if body.endswith("\n") else body
    return body[:-1] if body.endswith("\r") else body


@dataclass(frozen=True)
class _ParsedJSON:
    value: Any
    fenced: bool


class _JSONProblem(Exception):
    def __init__(self, problem: str, *, fenced: bool) -> None:
        super().__init__(problem)
        self.problem = problem
        self.fenced = fenced


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON; a number must be finite")


class NonFiniteNumberError(json.JSONDecodeError):
    """A JSON number too large for a double (``1e999``), which Python reads as
    infinity. ``path`` is where it sits (keys and list indexes), ``number``
    its text."""

    def __init__(self, number: str, path: tuple[str | int, ...], document: str) -> None:
        where = ".".join(str(part) for part in path) or "the document"
        super().__init__(
            f"{where}: {number} is out of range: a number must be finite",
            document,
            max(document.find(number), 0),
        )
        self.number = number
        self.path = path

    def __reduce__(self) -> Any:
        return type(self), (self.number, self.path, self.doc)


def loads_strict(text: str | bytes) -> Any:
    """``json.loads`` as the JSON standard reads: Python's ``json`` accepts
    ``NaN`` and ``Infinity``, which no JSON parser elsewhere does, and reads
    ``1e999`` as infinity. Raises :class:`json.JSONDecodeError` for them too
    (:class:`NonFiniteNumberError`, naming where, for the last)."""
    overflowed: list[str] = []

    def parse_float(number: str) -> float:
        value = float(number)
        if math.isinf(value):
            overflowed.append(number)
        return value

    try:
        value = json.loads(text, parse_constant=_reject_constant, parse_float=parse_float)
    except json.JSONDecodeError:
        raise
    except ValueError as exc:
        raise json.JSONDecodeError(str(exc), _document(text), 0) from None
    if overflowed:
        raise NonFiniteNumberError(overflowed[0], _first_infinity(value), _document(text))
    return value


def _document(text: str | bytes) -> str:
    return text.decode("utf-8", errors="replace") if isinstance(text, bytes) else text


def _first_infinity(value: Any) -> tuple[str | int, ...]:
    """Where the first infinite float in a parsed document sits. A stack,
    not recursion: the document may be nested as deep as the parser allows."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, float) and math.isinf(node):
            return path
        if isinstance(node, dict):
            stack.extend((item, (*path, key)) for key, item in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend((item, (*path, i)) for i, item in reversed(list(enumerate(node))))
    return ()


def _load_json(text: str) -> _ParsedJSON:
    if not text.strip():
        raise _JSONProblem("the answer is empty", fenced=False)
    fenced_body = _fenced_body(text)
    body, fenced = (text, False) if fenced_body is None else (fenced_body, True)
    try:
        return _ParsedJSON(json.loads(body, parse_constant=_reject_constant), fenced)
    except json.JSONDecodeError as exc:
        raise _JSONProblem(
            f"{exc.msg} at line {exc.lineno}, column {exc.colno}", fenced=fenced
        ) from None
    except ValueError as exc:
        raise _JSONProblem(str(exc), fenced=fenced) from None


def _invalid(check: Check, problem: _JSONProblem, finding: str) -> Evidence:
    """The failing evidence of a JSON check whose draft does not parse."""
    return check._evidence(
        passed=False,
        reason=f"{finding}: {problem.problem}",
        suggestion=f"Reply with valid JSON only ({problem.problem}).",
        data={"fenced": problem.fenced, "error": problem.problem},
    )


class ValidJSON(Check):
    """Passes when the draft is one JSON document, bare or as the only content
    of a fenced code block (recorded as ``data["fenced"]``)."""

    source = "JSON syntax of the draft"

    def __init__(self, *, name: str | None = None, required: bool = True) -> None:
        super().__init__(name=name or "valid_json", required=required)

    async def check(self, text: str) -> Evidence:
        return await self._judged(self._judge, text)

    def _judge(self, text: str) -> Evidence:
        try:
            parsed = _load_json(text)
        except _JSONProblem as problem:
            return _invalid(self, problem, "not valid JSON")
        return self._evidence(
            passed=True,
            reason="valid JSON" + (" inside a fenced block" if parsed.fenced else ""),
            data={"fenced": parsed.fenced, "type": type(parsed.value).__name__},
        )


# Validation cost grows with the schema as well as the text. A draft this
# short under a schema this cheap (no recursion, few paths) is judged inline:
# ~0.4 ms at worst, less than a trip to a worker process.
_INLINE_SCHEMA_COST = 1_000


@dataclass(frozen=True)
class _SchemaFindings:
    """What validating one draft found; crosses the process boundary."""

    fenced: bool
    problem: str | None
    """Why the draft is not JSON, when it is not."""
    errors: list[dict[str, str]]


def _find_schema_errors(validator: Any, text: str) -> _SchemaFindings:
    try:
        parsed = _load_json(text)
    except _JSONProblem as problem:
        return _SchemaFindings(fenced=problem.fenced, problem=problem.problem, errors=[])
    errors: list[dict[str, str]] = []
    for error in validator.iter_errors(parsed.value):
        check_deadline()
        errors.append({"path": str(error.json_path), "message": _shorten(str(error.message))})
    return _SchemaFindings(fenced=parsed.fenced, problem=None, errors=errors)


@functools.lru_cache(maxsize=8)
def _worker_validator(schema_text: str) -> Any:
    # In a worker process: one validator per schema, kept for the drafts after it.
    schema = json.loads(schema_text)
    return linear_time_validator(jsonschema.validators.validator_for(schema), schema)


def _find_schema_errors_isolated(schema_text: str, text: str) -> _SchemaFindings:
    return _find_schema_errors(_worker_validator(schema_text), text)


class MatchesJSONSchema(Check):
    """Passes when the draft is JSON (see :class:`ValidJSON`) valid under
    ``schema``.

    The schema is checked when the evaluator is built: against its
    meta-schema, and for the work validation can take
    (:func:`~redraft.evaluators._schema_cost.validation_cost`); one past the
    limits raises :class:`ConfigurationError`. Unless draft and schema are
    both small, validation runs in a worker process
    (:mod:`redraft.evaluators._isolation`) that is killed past
    :attr:`time_limit_s` or its memory cap: the finding is then an error.
    """

    def __init__(
        self, schema: dict[str, Any], *, name: str | None = None, required: bool = True
    ) -> None:
        if not isinstance(schema, dict):
            raise ConfigurationError(
                f"a JSON schema must be a JSON object, got {type(schema).__name__}"
            )
        validator_class = jsonschema.validators.validator_for(schema)
        # Patterns first, on RE2: checking the schema compiles each with
        # Python's re, whose parser recurses once per nested group, so a
        # pattern RE2 refuses (too long, too deep) must never reach it.
        self._validator = linear_time_validator(validator_class, schema)
        try:
            validator_class.check_schema(schema)
        except jsonschema.exceptions.SchemaError as exc:
            where = exc.json_path if hasattr(exc, "json_path") else "$"
            raise ConfigurationError(
                f"invalid JSON schema at {where}: {_shorten(exc.message)}"
            ) from None
        except RecursionError:
            raise ConfigurationError(
                "invalid JSON schema: it is nested too deeply to check"
            ) from None
        cost = validation_cost(schema)
        self.schema = schema
        self._schema_text = json.dumps(schema, default=str)
        self._inline = (
            not cost.recursive
            and cost.applications <= _INLINE_SCHEMA_COST
            and len(self._schema_text) <= _SMALL_SCHEMA_CHARS
        )
        title = schema.get("title")
        super().__init__(
            name=name or (f"json_schema {title}" if isinstance(title, str) else "json_schema"),
            required=required,
        )
        self.source = "JSON schema" + (f" {title!r}" if isinstance(title, str) else "")

    async def check(self, text: str) -> Evidence:
        if self._inline and len(text) <= INLINE_CHARS:
            return self._judge(text)
        try:
            findings = await run_isolated(
                _find_schema_errors_isolated,
                self._schema_text,
                text,
                limit_s=self.time_limit_s,
                what=f"the check {self.name!r}",
            )
        except (WorkTimeoutError, IsolatedWorkError) as exc:
            return self._error(f"not judged: {exc}")
        except Exception as exc:  # the validator failed on this document: not a pass
            return self._error(f"not judged: validation failed ({type(exc).__name__})")
        return self._finding(findings)

    def _judge(self, text: str) -> Evidence:
        return self._finding(_find_schema_errors(self._validator, text))

    def _finding(self, found: _SchemaFindings) -> Evidence:
        if found.problem is not None:
            problem = _JSONProblem(found.problem, fenced=found.fenced)
            return _invalid(self, problem, "not valid JSON, so it cannot match the schema")
        errors = found.errors
        if not errors:
            return self._evidence(
                passed=True,
                reason="the JSON matches the schema",
                data={"fenced": found.fenced, "error_count": 0, "errors": []},
            )
        first = errors[0]
        more = f" (and {plural(len(errors) - 1, 'more error')})" if len(errors) > 1 else ""
        return self._evidence(
            passed=False,
            reason=f"{first['path']}: {first['message']}{more}",
            suggestion=f"Fix the JSON at {first['path']}: {first['message']}.",
            data={
                "fenced": found.fenced,
                "error_count": len(errors),
                "errors": errors[:_MAX_RECORDED_ERRORS],
            },
        )


_SMALL_SCHEMA_CHARS = 4_000
_SHOWN_CHARS = 60
# Values that are data, not schemas: a "pattern" key inside them is no regex.
_DATA_KEYWORDS = frozenset({"const", "default", "enum", "examples"})
# Keywords whose object maps names (not keywords) to schemas.
_NAMED_SCHEMAS = frozenset(
    {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"}
)
Keyword = Callable[[Any, Any, Any, Mapping[str, Any]], Iterator[ValidationError]]


def _schema_patterns(schema: Any) -> dict[str, Pattern]:
    """Every regex in ``schema``, compiled for RE2. Walked with a stack, not
    recursion, so a deeply nested schema cannot overflow it."""
    compiled: dict[str, Pattern] = {}
    # (node, its JSON path, whether its keys are names rather than keywords)
    stack: list[tuple[Any, str, bool]] = [(schema, "$", False)]
    while stack:
        node, path, named = stack.pop()
        if isinstance(node, list):
            stack.extend((item, f"{path}[{i}]", False) for i, item in enumerate(node))
            continue
        if not isinstance(node, dict):
            continue
        for key, value in node.items():
            where = f"{path}.{key}"
            if named:
                stack.append((value, where, False))
                continue
            if key in _DATA_KEYWORDS:
                continue
            if key == "pattern" and isinstance(value, str):
                _add(compiled, value, where)
            elif key == "patternProperties" and isinstance(value, dict):
                for pattern in value:
                    # The key is the pattern: a long one is named by its start.
                    shown = json.dumps(_clip(pattern, _SHOWN_CHARS))
                    _add(compiled, pattern, f"{where}[{shown}]")
            stack.append((value, where, key in _NAMED_SCHEMAS))
    return compiled


def _add(compiled: dict[str, Pattern], pattern: str, where: str) -> None:
    if pattern not in compiled:
        compiled[pattern] = compile_pattern(pattern, option=f"json_schema {where}")


def _keywords(compiled: dict[str, Pattern]) -> dict[str, Keyword]:
    """``jsonschema``'s regex keywords, matching with RE2 instead of ``re``."""

    def search(pattern: str, text: str) -> bool:
        found = compiled.get(pattern) or compile_pattern(pattern, option="json_schema pattern")
        return found.search(text) is not None

    def pattern(validator: Any, pattern: Any, instance: Any, _: Mapping[str, Any]) -> Any:
        if validator.is_type(instance, "string") and not search(pattern, instance):
            # The text is cut: the finding must say "does not match" within its length.
            yield ValidationError(f"{_clip(instance, _SHOWN_CHARS)!r} does not match {pattern!r}")

    def pattern_properties(validator: Any, patterns: Any, instance: Any, _: Any) -> Any:
        if not validator.is_type(instance, "object"):
            return
        for each, subschema in patterns.items():
            for key, value in instance.items():
                if search(each, key):
                    yield from validator.descend(value, subschema, path=key, schema_path=each)

    def additional_properties(validator: Any, allowed: Any, instance: Any, schema: Any) -> Any:
        if not validator.is_type(instance, "object"):
            return
        properties = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        extras = [
            key
            for key in instance
            if key not in properties and not any(search(each, key) for each in patterns)
        ]
        if validator.is_type(allowed, "object"):
            for extra in extras:
                yield from validator.descend(instance[extra], allowed, path=extra)
        elif not allowed and extras:
            names = ", ".join(repr(each) for each in sorted(extras, key=str))
            if patterns:
                verb = "does" if len(extras) == 1 else "do"
                regexes = ", ".join(repr(each) for each in sorted(patterns))
                yield ValidationError(f"{names} {verb} not match any of the regexes: {regexes}")
            else:
                verb = "was" if len(extras) == 1 else "were"
                yield ValidationError(
                    f"Additional properties are not allowed ({names} {verb} unexpected)"
                )

    return {
        "pattern": pattern,
        "patternProperties": pattern_properties,
        "additionalProperties": additional_properties,
    }


def _is_regex(instance: object) -> bool:
    # The "regex" format asks whether a draft's string compiles; 2,000 nested
    # groups make Python's parser recurse too deep, which means "no".
    return not isinstance(instance, str) or bool(re.compile(instance))


def linear_time_validator(validator_class: Any, schema: dict[str, Any]) -> Any:
    """A ``jsonschema`` validator for ``schema`` whose regex keywords run on
    RE2. Raises :class:`~redraft.PatternError` naming the first pattern RE2
    refuses."""
    compiled = _schema_patterns(schema)
    dumped = json.dumps(schema, default=str)
    if '"patternProperties"' in dumped and '"unevaluatedProperties"' in dumped:
        raise PatternError(
            "json_schema: patternProperties together with unevaluatedProperties is not "
            "supported: patterns run on a linear-time engine (RE2)",
            option="json_schema",
        )
    checker = jsonschema.FormatChecker(())
    checker.checkers = dict(validator_class.FORMAT_CHECKER.checkers)
    if "regex" in checker.checkers:
        checker.checkers["regex"] = (_is_regex, (re.error, RecursionError, OverflowError))
    extended = jsonschema.validators.extend(validator_class, _keywords(compiled))
    return extended(schema, format_checker=checker)
