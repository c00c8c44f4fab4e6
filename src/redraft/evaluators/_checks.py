"""Deterministic checks: rules a draft must follow, judged without any LLM.

Each check yields one :class:`Evidence` whose ``reason`` states what was
measured against what was required, and whose ``suggestions`` hold a single
line the feedback can hand to the next draft as-is.
"""

from __future__ import annotations

import inspect
import json
import re
from abc import abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeAlias

import jsonschema

from redraft._errors import ConfigurationError
from redraft._types import Evidence, Verdict
from redraft.evaluators._base import EvaluationContext, Evaluator, Subject, aggregate

__all__ = [
    "CallableCheck",
    "Check",
    "CheckResult",
    "MatchesJSONSchema",
    "MaxWords",
    "MustMatch",
    "MustNotMatch",
    "ValidJSON",
]

# Quoted excerpts of the draft are cut so one long match cannot flood a reason.
_QUOTE_CHARS = 80
_MESSAGE_CHARS = 200
_MAX_RECORDED_ERRORS = 5


class Check(Evaluator):
    """A rule judged without an LLM; subclasses implement :meth:`check`."""

    kind = "check"
    uses_llm = False
    #: what the check looks at, recorded as ``Evidence.source``
    source: str = "the draft"

    def __init__(self, *, name: str | None = None, required: bool = True) -> None:
        if name is not None:
            self.name = name
        self.required = required

    @abstractmethod
    async def check(self, text: str) -> Evidence:
        """Judge ``text`` and return this check's finding."""

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        return aggregate([await self.check(subject.text)], threshold=context.threshold)

    def _evidence(
        self,
        *,
        passed: bool,
        reason: str,
        suggestion: str | None = None,
        score: float | None = None,
        data: dict[str, Any] | None = None,
    ) -> Evidence:
        return Evidence(
            evaluator=self.name,
            kind="check",
            passed=passed,
            score=score if score is not None else (1.0 if passed else 0.0),
            reason=reason,
            source=self.source,
            suggestions=[suggestion] if suggestion and not passed else [],
            required=self.required,
            data=data or {},
        )


def _compile(pattern: str | re.Pattern[str], flags: int) -> re.Pattern[str]:
    if isinstance(pattern, re.Pattern):
        if flags:
            raise ConfigurationError(
                f"flags cannot be added to the compiled pattern {pattern.pattern!r}; "
                "compile it with them"
            )
        return pattern
    try:
        return re.compile(pattern, flags)
    except re.error as exc:
        raise ConfigurationError(f"invalid regular expression {pattern!r}: {exc}") from None


_INLINE_FLAGS = re.compile(r"^\(\?[aiLmsux]+\)")


def literal_of(pattern: re.Pattern[str]) -> str | None:
    """The plain text a pattern stands for, when it has no regex syntax beyond
    leading inline flags. Feedback then names the text, not the regex: small
    models act on 'include "Paris"' but not on '/(?i)paris/'."""
    body = _INLINE_FLAGS.sub("", pattern.pattern)
    # Letters, digits, spaces and these marks mean themselves in a regex.
    if body and all(ch.isalnum() or ch in " -'," for ch in body):
        return body
    return None


def _quote(text: str) -> str:
    if len(text) > _QUOTE_CHARS:
        text = text[:_QUOTE_CHARS] + "…"
    return json.dumps(text, ensure_ascii=False)


class MustMatch(Check):
    """Passes when the regular expression is found somewhere in the draft
    (``re.search`` semantics; inline flags such as ``(?i)`` work)."""

    def __init__(
        self,
        pattern: str | re.Pattern[str],
        *,
        flags: int = 0,
        name: str | None = None,
        required: bool = True,
    ) -> None:
        self.pattern = _compile(pattern, flags)
        super().__init__(name=name or f"must_match /{self.pattern.pattern}/", required=required)
        self.source = f"regular expression /{self.pattern.pattern}/"

    async def check(self, text: str) -> Evidence:
        shown = f"/{self.pattern.pattern}/"
        match = self.pattern.search(text)
        if match is None:
            literal = literal_of(self.pattern)
            suggestion = (
                f"Include the text {_quote(literal)} in the answer."
                if literal
                else f"Include text matching the pattern {shown} in the answer."
            )
            return self._evidence(
                passed=False,
                reason=f"no match for {shown}; the answer must contain one",
                suggestion=suggestion,
                data={"pattern": self.pattern.pattern, "match": None},
            )
        return self._evidence(
            passed=True,
            reason=f"found {_quote(match.group(0))} matching {shown}",
            data={
                "pattern": self.pattern.pattern,
                "match": match.group(0),
                "span": list(match.span()),
            },
        )


# What makes a match in a prefix unsafe to act on: lookarounds and end anchors
# (``\b`` at the very end is covered by the margin below).
_LOOKS_AHEAD = re.compile(r"\(\?[=!]|\$|\\Z")
_MARGIN = 16


class MustNotMatch(Check):
    """Passes when the regular expression occurs nowhere in the draft."""

    def __init__(
        self,
        pattern: str | re.Pattern[str],
        *,
        flags: int = 0,
        name: str | None = None,
        required: bool = True,
    ) -> None:
        self.pattern = _compile(pattern, flags)
        super().__init__(name=name or f"must_not_match /{self.pattern.pattern}/", required=required)
        self.source = f"regular expression /{self.pattern.pattern}/"

    async def check(self, text: str) -> Evidence:
        return self._judge(text)

    def definite_failure(self, partial: str) -> Evidence | None:
        # A match that ends well before the end of the partial text stays a
        # match whatever follows, unless the pattern looks ahead or anchors on
        # the end; those wait for the whole draft.
        if _LOOKS_AHEAD.search(self.pattern.pattern):
            return None
        settled = [m for m in self.pattern.finditer(partial) if m.end() <= len(partial) - _MARGIN]
        if not settled:
            return None
        evidence = self._judge(partial)
        return evidence.model_copy(update={"data": {**evidence.data, "partial": True}})

    def _judge(self, text: str) -> Evidence:
        shown = f"/{self.pattern.pattern}/"
        matches = list(self.pattern.finditer(text))
        if not matches:
            return self._evidence(
                passed=True,
                reason=f"no match for {shown}, as required",
                data={"pattern": self.pattern.pattern, "count": 0, "matches": []},
            )
        first = matches[0]
        more = f" (and {len(matches) - 1} more)" if len(matches) > 1 else ""
        return self._evidence(
            passed=False,
            reason=f"found {_quote(first.group(0))} at character {first.start()}{more}; "
            f"the answer must not match {shown}",
            suggestion=f"Remove {_quote(first.group(0))} and anything else matching {shown} "
            "from the answer.",
            data={
                "pattern": self.pattern.pattern,
                "count": len(matches),
                "matches": [m.group(0) for m in matches[:_MAX_RECORDED_ERRORS]],
            },
        )


class MaxWords(Check):
    """Passes when the draft has at most ``limit`` words (whitespace-separated).
    The score is graded, ``min(1, limit / words)``, so a near miss scores high."""

    source = "word count of the draft"

    def __init__(self, limit: int, *, name: str | None = None, required: bool = True) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ConfigurationError(f"max_words must be a whole number ≥ 1, got {limit!r}")
        self.limit = limit
        super().__init__(name=name or f"max_words {limit}", required=required)

    async def check(self, text: str) -> Evidence:
        return self._judge(text)

    def definite_failure(self, partial: str) -> Evidence | None:
        # More text never means fewer words.
        if len(partial.split()) <= self.limit:
            return None
        evidence = self._judge(partial)
        return evidence.model_copy(update={"data": {**evidence.data, "partial": True}})

    def _judge(self, text: str) -> Evidence:
        words = len(text.split())
        counted = f"{words} word{'' if words == 1 else 's'}; the limit is {self.limit}"
        data = {"words": words, "limit": self.limit}
        if words <= self.limit:
            return self._evidence(passed=True, reason=counted, data=data)
        return self._evidence(
            passed=False,
            score=self.limit / words,
            reason=counted,
            suggestion=f"Shorten the answer to at most {self.limit} words (it has {words}).",
            data=data,
        )


# The whole answer may be one fenced block: models wrap JSON in one out of habit.
_FENCE = re.compile(
    r"\A\s*```[ \t]*(?:json)?[ \t]*\r?\n(?P<body>.*?)\r?\n?[ \t]*```\s*\Z",
    re.DOTALL | re.IGNORECASE,
)


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
    # Python's json accepts NaN and Infinity; the JSON standard does not.
    raise ValueError(f"{name} is not valid JSON")


def _load_json(text: str) -> _ParsedJSON:
    if not text.strip():
        raise _JSONProblem("the answer is empty", fenced=False)
    fence = _FENCE.match(text)
    body, fenced = (fence.group("body"), True) if fence else (text, False)
    try:
        return _ParsedJSON(json.loads(body, parse_constant=_reject_constant), fenced)
    except json.JSONDecodeError as exc:
        raise _JSONProblem(
            f"{exc.msg} at line {exc.lineno}, column {exc.colno}", fenced=fenced
        ) from None
    except ValueError as exc:
        raise _JSONProblem(str(exc), fenced=fenced) from None


class ValidJSON(Check):
    """Passes when the draft is one JSON document, bare or as the only content
    of a fenced code block (recorded as ``data["fenced"]``)."""

    source = "JSON syntax of the draft"

    def __init__(self, *, name: str | None = None, required: bool = True) -> None:
        super().__init__(name=name or "valid_json", required=required)

    async def check(self, text: str) -> Evidence:
        try:
            parsed = _load_json(text)
        except _JSONProblem as problem:
            return self._evidence(
                passed=False,
                reason=f"not valid JSON: {problem.problem}",
                suggestion=f"Reply with valid JSON only ({problem.problem}).",
                data={"fenced": problem.fenced, "error": problem.problem},
            )
        return self._evidence(
            passed=True,
            reason="valid JSON" + (" inside a fenced block" if parsed.fenced else ""),
            data={"fenced": parsed.fenced, "type": type(parsed.value).__name__},
        )


def _shorten(message: str) -> str:
    return message if len(message) <= _MESSAGE_CHARS else message[:_MESSAGE_CHARS] + "…"


class MatchesJSONSchema(Check):
    """Passes when the draft is JSON (see :class:`ValidJSON`) valid under
    ``schema``. The schema is checked when the evaluator is built."""

    def __init__(
        self, schema: dict[str, Any], *, name: str | None = None, required: bool = True
    ) -> None:
        if not isinstance(schema, dict):
            raise ConfigurationError(
                f"a JSON schema must be a JSON object, got {type(schema).__name__}"
            )
        validator_class = jsonschema.validators.validator_for(schema)
        try:
            validator_class.check_schema(schema)
        except jsonschema.exceptions.SchemaError as exc:
            where = exc.json_path if hasattr(exc, "json_path") else "$"
            raise ConfigurationError(
                f"invalid JSON schema at {where}: {_shorten(exc.message)}"
            ) from None
        self.schema = schema
        self._validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
        title = schema.get("title")
        super().__init__(
            name=name or (f"json_schema {title}" if isinstance(title, str) else "json_schema"),
            required=required,
        )
        self.source = "JSON schema" + (f" {title!r}" if isinstance(title, str) else "")

    async def check(self, text: str) -> Evidence:
        try:
            parsed = _load_json(text)
        except _JSONProblem as problem:
            return self._evidence(
                passed=False,
                reason=f"not valid JSON, so it cannot match the schema: {problem.problem}",
                suggestion=f"Reply with valid JSON only ({problem.problem}).",
                data={"fenced": problem.fenced, "error": problem.problem},
            )
        errors = [
            {"path": str(error.json_path), "message": _shorten(str(error.message))}
            for error in self._validator.iter_errors(parsed.value)
        ]
        if not errors:
            return self._evidence(
                passed=True,
                reason="the JSON matches the schema",
                data={"fenced": parsed.fenced, "error_count": 0, "errors": []},
            )
        first = errors[0]
        more = f" (and {len(errors) - 1} more errors)" if len(errors) > 1 else ""
        return self._evidence(
            passed=False,
            reason=f"{first['path']}: {first['message']}{more}",
            suggestion=f"Fix the JSON at {first['path']}: {first['message']}.",
            data={
                "fenced": parsed.fenced,
                "error_count": len(errors),
                "errors": errors[:_MAX_RECORDED_ERRORS],
            },
        )


CheckResult: TypeAlias = bool | tuple[bool, str] | Evidence
"""What a :class:`CallableCheck` function may return (or return an awaitable of)."""


class CallableCheck(Check):
    """Wraps a function of the draft text.

    ``fn(text)`` returns ``bool``, ``(bool, reason)``, an :class:`Evidence`,
    or an awaitable of one of those. A function that raises, or returns
    anything else, yields evidence with status ``error``: a broken check
    must never pass a draft nor end the run.
    """

    def __init__(
        self,
        fn: Callable[[str], CheckResult | Awaitable[CheckResult]],
        name: str | None = None,
        *,
        required: bool = True,
    ) -> None:
        if not callable(fn):
            raise ConfigurationError(f"CallableCheck needs a callable, got {type(fn).__name__}")
        self.fn = fn
        fn_name = getattr(fn, "__name__", "")
        default = fn_name if fn_name and fn_name != "<lambda>" else "callable_check"
        super().__init__(name=name or default, required=required)
        self.source = f"function {default}"

    async def check(self, text: str) -> Evidence:
        try:
            result: object = self.fn(text)
            if inspect.isawaitable(result):
                result = await result
        except Exception as exc:  # user code: any failure is a finding, not a crash
            return self._error(f"the check raised {type(exc).__name__}: {exc}")
        if isinstance(result, Evidence):
            return result
        if isinstance(result, bool):
            return self._evidence(
                passed=result,
                reason="the check passed" if result else "the check failed",
                suggestion=f"Make the answer satisfy the check {self.name!r}.",
            )
        if (
            isinstance(result, tuple)
            and len(result) == 2
            and isinstance(result[0], bool)
            and isinstance(result[1], str)
        ):
            passed, reason = result
            return self._evidence(
                passed=passed,
                reason=reason or ("the check passed" if passed else "the check failed"),
                suggestion=reason or f"Make the answer satisfy the check {self.name!r}.",
            )
        return self._error(
            f"the check returned {type(result).__name__}; expected bool, (bool, reason) or Evidence"
        )

    def _error(self, reason: str) -> Evidence:
        return Evidence(
            evaluator=self.name,
            kind="check",
            status="error",
            passed=False,
            reason=reason,
            source=self.source,
            required=self.required,
        )
