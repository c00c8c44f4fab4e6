"""Composing evaluators: all of, any of, weighted, and a cheap-first cascade.

A composite's verdict carries every child's evidence, flattened in child
order, so each finding stays visible. Its decision is made on one summary per
child, so nesting keeps its meaning: ``AllOf(AnyOf(a, b), c)`` passes when
``b`` and ``c`` pass even though ``a`` failed.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterable, Sequence
from dataclasses import replace

from redraft.core._errors import ConfigurationError
from redraft.core._evaluator import (
    AggregateMode,
    EvaluationContext,
    Evaluator,
    Preference,
    Subject,
    aggregate,
    error_verdict,
    verified_score,
)
from redraft.core._types import Evidence, EvidenceStatus, Requirement, Verdict
from redraft.evaluators._judges import Judge
from redraft.evaluators._reliability import Comparison

__all__ = [
    "AllOf",
    "AnyOf",
    "Cascade",
    "Weighted",
]


def validated_evaluators(evaluators: Iterable[object], what: str) -> list[Evaluator]:
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
        return error_verdict(child, reason, required=child.required)


async def _evaluate_all(
    children: Sequence[Evaluator], subject: Subject, context: EvaluationContext
) -> list[Verdict]:
    return list(await asyncio.gather(*(_evaluate_safely(c, subject, context) for c in children)))


def _evidence_of(child: Evaluator, verdict: Verdict) -> list[Evidence]:
    if verdict.evidence:
        return list(verdict.evidence)
    # A custom evaluator may answer with a bare verdict; keep it as one finding.
    return [_verdict_as_evidence(child, verdict, undecided=verdict.passed is None)]


def _summary(child: Evaluator, verdict: Verdict) -> Evidence:
    """One finding that stands for a child in its parent's decision."""
    evidence = _evidence_of(child, verdict)
    if len(evidence) == 1:
        return evidence[0]
    undecided = verdict.passed is None or all(e.status == "skipped" for e in evidence)
    return _verdict_as_evidence(child, verdict, undecided=undecided)


def _verdict_as_evidence(child: Evaluator, verdict: Verdict, *, undecided: bool) -> Evidence:
    status: EvidenceStatus = "skipped" if undecided else "ok"
    return Evidence(
        evaluator=child.name,
        kind=child.kind,
        status=status,
        passed=bool(verdict.passed),
        score=verdict.score,
        reason=verdict.reason,
        suggestions=list(verdict.suggestions),
        required=child.required,
    )


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
        best = max((s for e in summaries if (s := verified_score(e)) is not None), default=0.0)
        decision = decision.model_copy(update={"score": round(best, 6)})
    flat = [e for c, v in zip(children, verdicts, strict=True) for e in _evidence_of(c, v)]
    return decision.model_copy(update={"evidence": flat, "requirements": _account(verdicts)})


def _account(verdicts: Sequence[Verdict]) -> list[Requirement]:
    """The children's requirement accounts, in child order. Once any child
    accounts for the prompt, a check that stands outside it (a pattern, a word
    limit) is a requirement of its own, so the account lists everything the
    verdict rests on."""
    if not any(v.requirements for v in verdicts):
        return []
    account: list[Requirement] = []
    for verdict in verdicts:
        if verdict.requirements:
            account += verdict.requirements
            continue
        for e in verdict.evidence:
            if e.kind != "check" or e.status == "skipped":
                continue
            decided = e.status == "ok" and e.valid
            account.append(
                Requirement(
                    text=e.evaluator,
                    source="check",
                    checks=[e.evaluator],
                    coverage="exact" if decided else "unverified",
                    passed=e.passed if decided else None,
                    reason="" if decided and e.passed else e.reason,
                )
            )
    return account


class _Composite(Evaluator):
    mode: AggregateMode = "all"
    default_name = "composite"
    weights: list[float] | None = None

    def __init__(self, *evaluators: Evaluator, name: str | None = None) -> None:
        self.children = validated_evaluators(evaluators, type(self).__name__)
        self.name = name or self.default_name
        self.uses_llm = any(child.uses_llm for child in self.children)
        self.kind = "judge" if self.uses_llm else "check"

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        verdicts = await _evaluate_all(self.children, subject, context)
        return _combine(
            self.children,
            verdicts,
            threshold=context.threshold,
            mode=self.mode,
            weights=self.weights,
        )

    async def compare(
        self, first: Subject, second: Subject, context: EvaluationContext
    ) -> Preference | None:
        # The first child able to compare (in practice, the judge) answers.
        for child in self.children:
            preference = await child.compare(first, second, context)
            if preference is not None:
                return preference
        return None

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


class Weighted(_Composite):
    """Passes when the weighted mean score reaches the threshold and no
    required child failed. ``Weighted([(judge, 3), (MaxWords(100), 1)])``."""

    mode = "weighted"
    default_name = "weighted"
    # Cache keys (evaluator_identity) include the repr: keep the one it always had.
    __repr__ = Evaluator.__repr__

    def __init__(
        self, weighted: Sequence[tuple[Evaluator, float]], *, name: str | None = None
    ) -> None:
        pairs = list(weighted)
        for pair in pairs:
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise ConfigurationError(f"Weighted takes (evaluator, weight) pairs, got {pair!r}")
        super().__init__(*(pair[0] for pair in pairs), name=name)
        self.weights = []
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


class Cascade(_Composite):
    """Cheap evaluators first: the checks (``uses_llm=False``) run, and only
    when no required check failed do the LLM evaluators run. Each skipped one
    leaves ``skipped`` evidence saying which check stopped it, so no judge
    tokens are spent on a draft the rules already reject.

    The LLM evaluators get the checks' requirement account
    (``context.settled``): a judge may audit itself against a requirement
    the checks decided (:meth:`Judge.audit`), on a skipped draft too, since
    only those show it requirements that were not met."""

    mode = "all"
    default_name = "cascade"

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        cheap = [i for i, c in enumerate(self.children) if not c.uses_llm]
        costly = [i for i, c in enumerate(self.children) if c.uses_llm]
        verdicts: dict[int, Verdict] = dict(
            zip(cheap, await self._run(cheap, subject, context), strict=True)
        )
        settled = [r for i in cheap for r in verdicts[i].requirements if r.coverage == "exact"]
        context = replace(context, settled=(*context.settled, *settled))
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
            audits = await asyncio.gather(*(self._audit(i, subject, context) for i in costly))
            for i, audit in zip(costly, audits, strict=True):
                child = self.children[i]
                skipped = Evidence(
                    evaluator=child.name,
                    kind="judge",
                    status="skipped",
                    reason=reason,
                    required=child.required,
                    data={"audit": audit.model_dump(mode="json")} if audit else {},
                )
                verdicts[i] = Verdict(score=0.0, passed=False, reason=reason, evidence=[skipped])
        else:
            verdicts.update(zip(costly, await self._run(costly, subject, context), strict=True))
        ordered = [verdicts[i] for i in range(len(self.children))]
        return _combine(self.children, ordered, threshold=context.threshold, mode="all")

    async def _audit(
        self, index: int, subject: Subject, context: EvaluationContext
    ) -> Comparison | None:
        child = self.children[index]
        return await child.audit(subject, context) if isinstance(child, Judge) else None

    async def _run(
        self, indices: list[int], subject: Subject, context: EvaluationContext
    ) -> list[Verdict]:
        return await _evaluate_all([self.children[i] for i in indices], subject, context)
