"""Deterministic checks: rules a draft must follow, judged without any LLM.

Each check yields one :class:`Evidence` whose ``reason`` states what was
measured against what was required, and whose ``suggestions`` hold a single
line the feedback can hand to the next draft as-is.

Patterns run on RE2 (:mod:`redraft.evaluators._patterns`), in time linear in the draft.
A draft longer than :data:`~redraft.evaluators._offload.INLINE_CHARS` characters is judged
off the event loop, and a check whose work takes longer than its
``time_limit_s`` (:data:`~redraft.evaluators._offload.DEFAULT_LIMIT_S`, 2 s, unless set)
yields ``status="error"`` evidence instead of a verdict. A
:class:`CallableCheck`'s plain function always runs on a worker thread, under
the same limit.
"""

from __future__ import annotations

import inspect
import json
import re
from abc import abstractmethod
from collections.abc import Awaitable, Callable
from typing import Any, TypeAlias

from redraft.core._errors import ConfigurationError, WorkTimeoutError
from redraft.core._evaluator import EvaluationContext, Evaluator, Subject, aggregate
from redraft.core._text import plural
from redraft.core._types import Evidence, Verdict
from redraft.evaluators._offload import DEFAULT_LIMIT_S, INLINE_CHARS, run_bounded
from redraft.evaluators._patterns import Pattern, compile_pattern

__all__ = [
    "CallableCheck",
    "Check",
    "CheckResult",
    "MaxWords",
    "MustMatch",
    "MustNotMatch",
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
    #: seconds the check's work may take off the event loop; past it the
    #: finding is an error, never a pass
    time_limit_s: float = DEFAULT_LIMIT_S

    def __init__(self, *, name: str | None = None, required: bool = True) -> None:
        if name is not None:
            self.name = name
        self.required = required

    @abstractmethod
    async def check(self, text: str) -> Evidence:
        """Judge ``text`` and return this check's finding."""

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        return aggregate([await self.check(subject.text)], threshold=context.threshold)

    async def _judged(self, judge: Callable[[str], Evidence], text: str) -> Evidence:
        """``judge(text)``: inline for a short text, else on a worker thread
        under :attr:`time_limit_s`."""
        if len(text) <= INLINE_CHARS:
            return judge(text)
        try:
            return await run_bounded(
                judge, text, limit_s=self.time_limit_s, what=f"the check {self.name!r}"
            )
        except WorkTimeoutError as exc:
            return self._error(f"not judged: {exc}")

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


_INLINE_FLAGS = re.compile(r"^\(\?[aiLmsux]+\)")


def literal_of(pattern: Pattern | re.Pattern[str] | str) -> str | None:
    """The plain text a pattern stands for, when it has no regex syntax beyond
    leading inline flags. Feedback then names the text, not the regex: small
    models act on 'include "Paris"' but not on '/(?i)paris/'."""
    text = pattern if isinstance(pattern, str) else pattern.pattern
    body = _INLINE_FLAGS.sub("", text)
    # Letters, digits, spaces and these marks mean themselves in a regex.
    if body and all(ch.isalnum() or ch in " -'," for ch in body):
        return body
    return None


def _clip(text: str, limit: int = _QUOTE_CHARS) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _quote(text: str) -> str:
    return json.dumps(_clip(text), ensure_ascii=False)


class _PatternCheck(Check):
    """A check of one regular expression, named ``<option> /pattern/``."""

    option = "pattern"

    def __init__(
        self,
        pattern: str | re.Pattern[str] | Pattern,
        *,
        flags: int = 0,
        name: str | None = None,
        required: bool = True,
        option: str | None = None,
    ) -> None:
        shown = pattern if isinstance(pattern, str) else pattern.pattern
        self.pattern = compile_pattern(
            pattern, flags=flags, option=option or f"{self.option} /{_clip(str(shown))}/"
        )
        super().__init__(name=name or f"{self.option} /{self.pattern.pattern}/", required=required)
        self.source = f"regular expression /{self.pattern.pattern}/"

    async def check(self, text: str) -> Evidence:
        return await self._judged(self._judge, text)

    @abstractmethod
    def _judge(self, text: str) -> Evidence:
        """The evidence for the whole draft ``text`` (run bounded, off the loop)."""


class MustMatch(_PatternCheck):
    """Passes when the regular expression is found somewhere in the draft
    (``re.search`` semantics; inline flags such as ``(?i)`` work).

    The pattern runs on RE2 (:func:`~redraft.evaluators._patterns.compile_pattern`): one
    that needs backtracking (lookaround, backreference) or is longer than
    :data:`~redraft.evaluators._patterns.MAX_PATTERN_CHARS` raises
    :class:`~redraft.PatternError`. ``option`` is how that error names it.
    """

    option = "must_match"

    def _judge(self, text: str) -> Evidence:
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


# What makes a match in a prefix unsafe to act on: end anchors (RE2 has no
# lookaround; ``\b`` at the very end is covered by the margin below).
_ANCHORS_AT_END = re.compile(r"\$|\\[zZ]")
_MARGIN = 16
# Longest partial text judged early, on the event loop: a search is ~3 µs per
# 1,000 characters; recording every match can cost ~60 ms at this size.
_PARTIAL_CHARS = 20_000


class MustNotMatch(_PatternCheck):
    """Passes when the regular expression occurs nowhere in the draft."""

    option = "must_not_match"

    def definite_failure(self, partial: str) -> Evidence | None:
        # A match that ends well before the end of the partial text stays a
        # match whatever follows, unless the pattern anchors on the end; those
        # wait for the whole draft. So does a very long partial text: this
        # runs on the event loop, and the final check runs bounded anyway.
        if len(partial) > _PARTIAL_CHARS or _ANCHORS_AT_END.search(self.pattern.pattern):
            return None
        # The leftmost match ends first: later ones start after it.
        first = self.pattern.search(partial)
        if first is None or first.end() > len(partial) - _MARGIN:
            return None
        evidence = self._judge(partial)
        return evidence.model_copy(update={"data": {**evidence.data, "partial": True}})

    def _judge(self, text: str) -> Evidence:
        shown = f"/{self.pattern.pattern}/"
        count = 0
        recorded: list[str] = []
        first_at = 0
        for match in self.pattern.finditer(text):
            if count == 0:
                first_at = match.start()
            count += 1
            if len(recorded) < _MAX_RECORDED_ERRORS:
                recorded.append(match.group(0))
        if not count:
            return self._evidence(
                passed=True,
                reason=f"no match for {shown}, as required",
                data={"pattern": self.pattern.pattern, "count": 0, "matches": []},
            )
        first = recorded[0]
        more = f" (and {count - 1} more)" if count > 1 else ""
        return self._evidence(
            passed=False,
            reason=f"found {_quote(first)} at character {first_at}{more}; "
            f"the answer must not match {shown}",
            suggestion=f"Remove {_quote(first)} and anything else matching {shown} "
            "from the answer.",
            data={"pattern": self.pattern.pattern, "count": count, "matches": recorded},
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
        return await self._judged(self._judge, text)

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
            suggestion=(
                f"Shorten the answer to at most {plural(self.limit, 'word')} (it has {words})."
            ),
            data=data,
        )


def _shorten(message: str) -> str:
    return _clip(message, _MESSAGE_CHARS)


CheckResult: TypeAlias = bool | tuple[bool, str] | Evidence
"""What a :class:`CallableCheck` function may return (or return an awaitable of)."""


class CallableCheck(Check):
    """Wraps a function of the draft text.

    ``fn(text)`` returns ``bool``, ``(bool, reason)``, an :class:`Evidence`,
    or an awaitable of one of those. A function that raises, or returns
    anything else, yields evidence with status ``error``: a broken check
    must never pass a draft nor end the run.

    A plain (not ``async``) function runs on a worker thread, so a slow one
    cannot hold the event loop; past :attr:`time_limit_s` its finding is an
    error. An ``async`` function runs on the loop, unbounded: it may wait on
    I/O as long as the run's own deadlines allow.
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
            result: object
            if _is_async(self.fn):
                result = self.fn(text)
            else:
                result = await run_bounded(
                    self.fn, text, limit_s=self.time_limit_s, what=f"the check {self.name!r}"
                )
            if inspect.isawaitable(result):
                result = await result
        except WorkTimeoutError as exc:
            return self._error(f"not judged: {exc}")
        except Exception as exc:  # user code: any failure is a finding, not a crash
            return self._error(f"the check raised {type(exc).__name__}: {exc}")
        if isinstance(result, Evidence):
            return result
        if isinstance(result, bool):
            result = (result, "")
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


def _is_async(fn: object) -> bool:
    call = getattr(fn, "__call__", None)  # noqa: B004 - an object's async __call__ counts too
    return inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(call)
