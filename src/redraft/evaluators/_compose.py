"""Composing evaluators: all of, any of, weighted, and a cheap-first cascade.

A composite's verdict carries every child's evidence, flattened in child
order, so each finding stays visible. Its decision is made on one summary per
child, so nesting keeps its meaning: ``AllOf(AnyOf(a, b), c)`` passes when
``b`` and ``c`` pass even though ``a`` failed.
"""

from __future__ import annotations

import asyncio
import functools
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal

from redraft._errors import ConfigurationError
from redraft._offload import run_bounded
from redraft._types import Evidence, EvidenceStatus, RunRequest, Verdict
from redraft.evaluators._base import (
    AggregateMode,
    EvaluationContext,
    Evaluator,
    Subject,
    aggregate,
)
from redraft.evaluators._checks import MaxWords, MustMatch, MustNotMatch
from redraft.evaluators._json_checks import MatchesJSONSchema
from redraft.evaluators._judges import make_judge
from redraft.providers._base import Provider

if TYPE_CHECKING:
    from redraft.criteria import CheckSpec

__all__ = [
    "BUILD_LIMIT_S",
    "AllOf",
    "AnyOf",
    "Cascade",
    "Weighted",
    "build_panel",
    "build_panel_async",
]

_PANEL_NAME_CHARS = 80
#: Seconds :func:`build_panel_async` may take. Building compiles the request's
#: stated requirements (~0.2 s for the longest prompt the compiler reads),
#: the patterns and the JSON schema; the limit is a backstop, not a budget.
BUILD_LIMIT_S = 10.0


def _validated(evaluators: Iterable[object], what: str) -> list[Evaluator]:
    children: list[Evaluator] = []
    for child in evaluators:
        if not isinstance(child, Evaluator):
            raise ConfigurationError(
                f"{what} takes evaluators, got {type(child).__name__}: {child!r}"
            )
        children.append(child)
    if not children:
        raise ConfigurationError(f"{what} needs at least one evaluator")
    return children


async def _evaluate_safely(
    child: Evaluator, subject: Subject, context: EvaluationContext
) -> Verdict:
    try:
        return await child.evaluate(subject, context)
    except Exception as exc:  # one broken child must not sink its siblings or the run
        reason = f"{child.name} failed: {type(exc).__name__}: {exc}"
        evidence = Evidence(
            evaluator=child.name,
            kind=child.kind,
            status="error",
            passed=False,
            reason=reason,
            required=child.required,
        )
        return Verdict(score=0.0, passed=False, reason=reason, evidence=[evidence])


async def _evaluate_all(
    children: Sequence[Evaluator], subject: Subject, context: EvaluationContext
) -> list[Verdict]:
    return list(await asyncio.gather(*(_evaluate_safely(c, subject, context) for c in children)))


def _evidence_of(child: Evaluator, verdict: Verdict) -> list[Evidence]:
    if verdict.evidence:
        return list(verdict.evidence)
    # A custom evaluator may answer with a bare verdict; keep it as one finding.
    return [
        Evidence(
            evaluator=child.name,
            kind=child.kind,
            passed=verdict.passed,
            score=verdict.score,
            reason=verdict.reason,
            suggestions=list(verdict.suggestions),
            required=child.required,
        )
    ]


def _summary(child: Evaluator, verdict: Verdict) -> Evidence:
    """One finding that stands for a child in its parent's decision."""
    evidence = _evidence_of(child, verdict)
    if len(evidence) == 1:
        return evidence[0]
    status: EvidenceStatus = "skipped" if all(e.status == "skipped" for e in evidence) else "ok"
    return Evidence(
        evaluator=child.name,
        kind=child.kind,
        status=status,
        passed=verdict.passed,
        score=verdict.score,
        reason=verdict.reason,
        suggestions=list(verdict.suggestions),
        required=child.required,
    )


def _score_of(evidence: Evidence) -> float:
    if evidence.status == "error":
        return 0.0
    if evidence.score is not None:
        return evidence.score
    return 1.0 if evidence.passed else 0.0


def _combine(
    children: Sequence[Evaluator],
    verdicts: Sequence[Verdict],
    *,
    threshold: float,
    mode: AggregateMode,
    weights: Sequence[float] | None = None,
) -> Verdict:
    summaries = [_summary(c, v) for c, v in zip(children, verdicts, strict=True)]
    decision = aggregate(summaries, threshold=threshold, mode=mode, weights=weights)
    if mode == "any":
        # aggregate() averages in every mode; for "any of these will do" the
        # draft is as good as its best alternative, so a nested AnyOf that
        # passed does not drag its parent's mean down with the losers.
        best = max(
            (_score_of(e) for e in summaries if e.status != "skipped" and e.valid), default=0.0
        )
        decision = decision.model_copy(update={"score": round(best, 6)})
    flat = [e for c, v in zip(children, verdicts, strict=True) for e in _evidence_of(c, v)]
    return decision.model_copy(update={"evidence": flat})


class _Composite(Evaluator):
    mode: AggregateMode = "all"
    default_name = "composite"

    def __init__(self, *evaluators: Evaluator, name: str | None = None) -> None:
        self.children = _validated(evaluators, type(self).__name__)
        self.name = name or self.default_name
        self.uses_llm = any(child.uses_llm for child in self.children)
        self.kind = "judge" if self.uses_llm else "check"

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        verdicts = await _evaluate_all(self.children, subject, context)
        return _combine(self.children, verdicts, threshold=context.threshold, mode=self.mode)

    def definite_failure(self, partial: str) -> Evidence | None:
        if self.mode != "all":
            return None  # any one child may still pass
        for child in self.children:
            if child.required:
                found = child.definite_failure(partial)
                if found is not None:
                    return found
        return None

    def __repr__(self) -> str:
        inner = ", ".join(repr(child) for child in self.children)
        return f"{type(self).__name__}({inner})"


class AllOf(_Composite):
    """Passes when every required child passes and the mean score reaches the
    threshold. Children run concurrently."""

    mode = "all"
    default_name = "all_of"


class AnyOf(_Composite):
    """Passes when at least one child passes. Children run concurrently."""

    mode = "any"
    default_name = "any_of"


class Weighted(Evaluator):
    """Passes when the weighted mean score reaches the threshold and no
    required child failed. ``Weighted([(judge, 3), (MaxWords(100), 1)])``."""

    def __init__(
        self, weighted: Sequence[tuple[Evaluator, float]], *, name: str | None = None
    ) -> None:
        pairs = list(weighted)
        for pair in pairs:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise ConfigurationError(f"Weighted takes (evaluator, weight) pairs, got {pair!r}")
        self.children = _validated((pair[0] for pair in pairs), "Weighted")
        self.weights: list[float] = []
        for child, weight in pairs:
            if (
                isinstance(weight, bool)
                or not isinstance(weight, int | float)
                or not math.isfinite(weight)
                or weight <= 0
            ):
                raise ConfigurationError(
                    f"weights must be positive numbers; got {weight!r} for {child.name}"
                )
            self.weights.append(float(weight))
        self.name = name or "weighted"
        self.uses_llm = any(child.uses_llm for child in self.children)
        self.kind = "judge" if self.uses_llm else "check"

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        verdicts = await _evaluate_all(self.children, subject, context)
        return _combine(
            self.children,
            verdicts,
            threshold=context.threshold,
            mode="weighted",
            weights=self.weights,
        )


class Cascade(_Composite):
    """Cheap evaluators first: the checks (``uses_llm=False``) run, and only
    when no required check failed do the LLM evaluators run. Each skipped one
    leaves ``skipped`` evidence saying which check stopped it, so no judge
    tokens are spent on a draft the rules already reject."""

    mode = "all"
    default_name = "cascade"

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        cheap = [i for i, c in enumerate(self.children) if not c.uses_llm]
        costly = [i for i, c in enumerate(self.children) if c.uses_llm]
        verdicts: dict[int, Verdict] = dict(
            zip(cheap, await self._run(cheap, subject, context), strict=True)
        )
        blocking = [
            summary.evaluator
            for summary in (_summary(self.children[i], verdicts[i]) for i in cheap)
            if summary.status == "error"
            or (
                summary.status == "ok" and summary.valid and summary.required and not summary.passed
            )
        ]
        if blocking:
            noun = "check" if len(blocking) == 1 else "checks"
            reason = f"skipped: required {noun} {', '.join(blocking)} failed"
            for i in costly:
                child = self.children[i]
                skipped = Evidence(
                    evaluator=child.name,
                    kind="judge",
                    status="skipped",
                    reason=reason,
                    required=child.required,
                )
                verdicts[i] = Verdict(score=0.0, passed=False, reason=reason, evidence=[skipped])
        else:
            verdicts.update(zip(costly, await self._run(costly, subject, context), strict=True))
        ordered = [verdicts[i] for i in range(len(self.children))]
        return _combine(self.children, ordered, threshold=context.threshold, mode="all")

    async def _run(
        self, indices: list[int], subject: Subject, context: EvaluationContext
    ) -> list[Verdict]:
        return await _evaluate_all([self.children[i] for i in indices], subject, context)


def build_panel(
    judge: Provider | None,
    *,
    preset: str | None = None,
    criteria: str | None = None,
    must_match: Sequence[str] = (),
    must_not_match: Sequence[str] = (),
    max_words: int | None = None,
    json_schema: dict[str, Any] | None = None,
    checks: Sequence[Evaluator | CheckSpec | dict[str, Any]] = (),
    request: RunRequest | str | None = None,
    compile_checks: bool = True,
    checks_mode: Literal["extend", "replace"] = "extend",
    llm_compile: bool = False,
) -> Evaluator:
    """The evaluator the CLI builds from its options: a :class:`Cascade` of
    the checks, then the judge (``judge=None`` means checks only).

    The judge preset defaults to ``criteria`` when criteria are given, else
    ``quality``. Raises :class:`ConfigurationError` for a bad pattern or
    schema, and when there is nothing to evaluate.

    Criteria compilation (:mod:`redraft.criteria`): given the ``request``,
    the requirements it states ("at most 100 words", "no commas") become
    exact checks that run first. ``checks`` may hold evaluators and check
    specs (or their JSON objects); the specs extend the compiled checks, or
    replace them with ``checks_mode="replace"``. ``compile_checks=False``
    turns compilation off; ``llm_compile=True`` also asks the judge model
    for checks, once per run.
    """
    from redraft.criteria import compiled_panel_member

    if llm_compile and judge is None:
        raise ConfigurationError("llm_compile asks the judge model for checks, but there is none")
    specs = [c for c in checks if not isinstance(c, Evaluator)]
    evaluators = [c for c in checks if isinstance(c, Evaluator)]
    compiled = compiled_panel_member(
        request,
        specs,
        compile_checks_=compile_checks,
        mode=checks_mode,
        llm=judge if llm_compile else None,
    )
    members: list[Evaluator] = [compiled] if compiled is not None else []
    members += [MustMatch(p, option=f"must_match[{i}]") for i, p in enumerate(must_match)]
    members += [
        MustNotMatch(p, option=f"must_not_match[{i}]") for i, p in enumerate(must_not_match)
    ]
    if max_words is not None:
        members.append(MaxWords(max_words))
    if json_schema is not None:
        members.append(MatchesJSONSchema(json_schema))
    members += _validated(evaluators, "build_panel checks") if evaluators else []
    if judge is not None:
        members.append(make_judge(judge, preset, criteria=criteria))
    elif preset is not None:
        raise ConfigurationError(
            f"judge preset {preset!r} was given but there is no judge model to run it"
        )
    elif criteria is not None:
        raise ConfigurationError(
            "criteria were given but there is no judge model to apply them; "
            "give a judge model or drop the criteria"
        )
    if not members:
        raise ConfigurationError("nothing to evaluate: give a judge model or at least one check")
    name = " + ".join(member.name for member in members)
    if len(name) > _PANEL_NAME_CHARS:
        checks_count = len(members) - (judge is not None)
        name = f"{checks_count} checks" + (f" + {members[-1].name}" if judge is not None else "")
    return Cascade(*members, name=name)


async def build_panel_async(
    judge: Provider | None, *, limit_s: float = BUILD_LIMIT_S, **options: Any
) -> Evaluator:
    """:func:`build_panel` on a worker thread, for async callers: compiling a
    long prompt's requirements and checking a large JSON schema are CPU work
    that must not hold the event loop. Takes :func:`build_panel`'s keyword
    arguments; raises what it raises, and :class:`~redraft.WorkTimeoutError`
    when building takes longer than ``limit_s`` seconds."""
    build = functools.partial(build_panel, judge, **options)
    return await run_bounded(build, limit_s=limit_s, what="building the evaluators")
