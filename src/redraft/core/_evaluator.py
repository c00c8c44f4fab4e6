"""The evaluator protocol and verdict aggregation.

An evaluator looks at one :class:`Subject` (the request and one draft) and
returns a :class:`Verdict` that carries its evidence. Evaluators that call an
LLM do it through ``context.gateway`` so that the run's budget, deadline and
call records cover them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from redraft.core._provider import Provider
from redraft.core._types import (
    MIN_JUDGE_CONFIDENCE,
    CallKind,
    Completion,
    Draft,
    EvaluatorKind,
    Evidence,
    ModelRequest,
    Requirement,
    RunRequest,
    Verdict,
)

__all__ = [
    "EvaluationContext",
    "Evaluator",
    "ModelGateway",
    "Preference",
    "Subject",
    "aggregate",
    "error_verdict",
    "settle",
    "verified_score",
]


class ModelGateway(Protocol):
    """What an evaluator may use to call a model (the run's ledger)."""

    async def complete(
        self,
        provider: Provider,
        request: ModelRequest,
        *,
        kind: CallKind,
        attempt: int,
        evaluator: str | None = None,
    ) -> Completion: ...


@dataclass(frozen=True)
class Subject:
    """What is being judged: the request and one draft of the answer."""

    request: RunRequest
    text: str
    attempt: int = 1
    previous: Sequence[Draft] = ()


@dataclass(frozen=True)
class EvaluationContext:
    threshold: float
    gateway: ModelGateway
    call_kind: CallKind = "judge"
    extra: dict[str, object] = field(default_factory=dict)
    settled: Sequence[Requirement] = ()
    """Requirements the evaluators before this one decided for this draft
    (a cascade hands its checks' account to its judges)."""


@dataclass(frozen=True)
class Preference:
    """A judge's reading of which of two drafts meets the requirements better."""

    p_second: float
    """The probability that the second draft is the better one."""
    confidence: float
    method: Literal["logprobs", "stated"]

    @property
    def prefers_second(self) -> bool:
        return self.confidence >= MIN_JUDGE_CONFIDENCE and self.p_second > 0.5


class Evaluator(ABC):
    """Judges a subject. ``uses_llm`` lets a cascade run cheap evaluators first."""

    name: str = "evaluator"
    kind: EvaluatorKind = "check"
    uses_llm: bool = False
    required: bool = True

    @abstractmethod
    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        """Return a verdict whose ``evidence`` lists this evaluator's findings."""

    async def compare(
        self, first: Subject, second: Subject, context: EvaluationContext
    ) -> Preference | None:
        """Which of two drafts of one request meets its requirements better,
        or None when this evaluator cannot say (checks cannot: they already
        said everything they verify). Judges ask; a failed call raises
        :class:`~redraft.core.RedraftError` or returns None."""
        return None

    def definite_failure(self, partial: str) -> Evidence | None:
        """Evidence that ``partial`` — the start of a draft still being written —
        fails whatever comes after it, or None.

        Only a failure more text cannot undo counts (a forbidden phrase already
        written, a word limit already passed): delivery ``parallel`` aborts the
        draft on it. It must be cheap and must not call a model.
        """
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def error_verdict(
    evaluator: Evaluator,
    reason: str,
    *,
    required: bool = True,
    data: dict[str, Any] | None = None,
) -> Verdict:
    """A verdict on which ``evaluator`` failed rather than judged: one
    ``error`` finding, which never passes."""
    evidence = Evidence(
        evaluator=evaluator.name,
        kind=evaluator.kind,
        status="error",
        passed=False,
        reason=reason,
        required=required,
        data=data or {},
    )
    return Verdict(score=0.0, passed=False, reason=reason, evidence=[evidence])


AggregateMode = Literal["all", "any", "weighted"]


def aggregate(
    evidence: Sequence[Evidence],
    *,
    threshold: float,
    mode: AggregateMode = "all",
    weights: Sequence[float] | None = None,
) -> Verdict:
    """Fold evidence into one verdict.

    The score is that of what was verified (:func:`verified_score`): a
    ``skipped`` item and a judge's finding that decided nothing do not count
    towards it, so a requirement left unverified never reads as half met.
    A verdict on which nothing was verified scores 0 and is held to no
    threshold (an unsure judge's yes then settles as unverified, not failed);
    its requirement account says what is open.

    - An ``error`` item counts as score 0 and never as a pass, whatever the mode.
    - ``all``: passes when every required, counted item passed and the mean
      score reaches ``threshold``.
    - ``any``: passes when at least one counted item passed.
    - ``weighted``: passes when the weighted mean reaches ``threshold`` and no
      required item failed.
    """
    items = list(evidence)
    if weights is not None and len(weights) != len(items):
        raise ValueError("weights must match the evidence one for one")
    counted = [
        (e, (weights[i] if weights is not None else 1.0))
        for i, e in enumerate(items)
        if e.status != "skipped" and e.valid
    ]
    if not counted:
        return Verdict(
            score=0.0,
            passed=False,
            reason="no evaluator produced a usable finding",
            evidence=items,
        )

    scored = [(s, w) for e, w in counted if (s := verified_score(e)) is not None]
    total_weight = sum(w for _, w in scored) or 1.0
    score = sum(s * w for s, w in scored) / total_weight
    failed = [e for e, _ in counted if e.status == "error" or not e.passed]
    required_failed = [e for e in failed if e.required or e.status == "error"]
    # With nothing verified there is no score to hold against the threshold:
    # the findings' own claims decide, and settle() leaves an unsure one open.
    reaches = not scored or score >= threshold

    if mode == "any":
        passed = any(e.status == "ok" and e.passed for e, _ in counted)
    else:  # all and weighted: the (weighted) mean reaches it and no required item failed
        passed = reaches and not required_failed

    suggestions = list(dict.fromkeys(s for e in failed for s in e.suggestions))
    reasons = [f"{e.evaluator}: {e.reason}" for e in failed if e.reason]
    if passed:
        reason = "; ".join(f"{e.evaluator}: {e.reason}" for e, _ in counted if e.reason) or "passed"
    else:
        reason = "; ".join(reasons) or f"score {score:.2f} is below the threshold {threshold:.2f}"
    return Verdict(
        score=round(score, 6),
        passed=passed,
        reason=reason,
        suggestions=suggestions,
        evidence=items,
    )


def verified_score(evidence: Evidence) -> float | None:
    """What one finding adds to a verdict's score, or None when it verified
    nothing.

    An ``error`` is a 0; a skipped or invalidated finding adds nothing. A
    judge's score covers only what it decided with confidence (the
    ``checklist`` preset scores the items it answered, ``None`` when it
    answered none), and a judge below
    :data:`~redraft.core.MIN_JUDGE_CONFIDENCE` with no such score decided
    nothing: averaging its guess (or a "not asked" 0.5) in would make an
    answer that misses the request read as mostly right.
    """
    if evidence.status == "skipped" or not evidence.valid:
        return None
    if evidence.status == "error":
        return 0.0
    if evidence.score is not None:
        return evidence.score
    if evidence.kind == "judge" and not evidence.confident:
        return None
    return 1.0 if evidence.passed else 0.0


def _judged_items(judges: Sequence[Evidence]) -> dict[str, dict[str, Any]]:
    """Requirement updates from judges that answered item by item (the
    ``checklist`` preset's ``data["items"]``), keyed by the item's text: each
    requirement then carries its own answer, not the whole judge's."""
    updates: dict[str, dict[str, Any]] = {}
    for judge in judges:
        for item in judge.data.get("items") or ():
            if not isinstance(item, dict) or not isinstance(item.get("text"), str):
                continue
            answer = item.get("answer")
            confidence = item.get("confidence")
            p_yes = item.get("p_yes")
            if item.get("method") == "not asked":
                updates.setdefault(
                    item["text"],
                    {
                        "coverage": "unverified",
                        "passed": None,
                        "confidence": None,
                        "reason": "judge not asked: its record shows no answer it can be "
                        "believed on",
                    },
                )
                continue
            said = f"judge: {answer}" + (
                f" (P(yes) {p_yes:.2f})" if isinstance(p_yes, float) else ""
            )
            if item.get("doubted"):
                said += ": it said yes, but its record is no better than chance"
            updates.setdefault(
                item["text"],
                {
                    "coverage": "judged",
                    "passed": {"yes": True, "no": False}.get(str(answer)),
                    "confidence": confidence if isinstance(confidence, int | float) else None,
                    "reason": said,
                },
            )
    return updates


def settle(verdict: Verdict) -> Verdict:
    """What a verdict may claim, given its requirement account and how sure
    its judges were.

    Requirements no check decided are judged when a judge ran, with the
    judge's outcome and confidence; a judge below
    :data:`~redraft.core.MIN_JUDGE_CONFIDENCE` decides nothing. The verdict
    then passes only when nothing failed and every requirement was verified
    or confidently judged: ``False`` when something failed for sure, ``None``
    when nothing did but something is unverified.
    """
    counted = [e for e in verdict.evidence if e.status != "skipped" and e.valid]
    judges = [e for e in counted if e.kind == "judge" and e.status == "ok"]
    unsure = [e for e in judges if not e.confident]
    requirements = list(verdict.requirements)
    if judges and requirements:
        outcome = None if unsure else all(e.passed for e in judges)
        confidences = [e.confidence for e in judges if e.confidence is not None]
        whole = {
            "coverage": "judged",
            "passed": outcome,
            "confidence": min(confidences) if confidences else None,
            "reason": "; ".join(e.reason for e in judges if e.reason),
        }
        items = _judged_items(judges)
        requirements = [
            r.model_copy(update=items.get(r.text, whole))
            if r.coverage == "unverified" and r.passed is None
            else r
            for r in requirements
        ]
    failures = [e for e in counted if e.required and (e.status == "error" or not e.passed)]
    sure_failures = [e for e in failures if e.kind != "judge" or e.status != "ok" or e.confident]
    passed: bool | None
    if sure_failures or any(r.passed is False for r in requirements):
        passed = False
    elif failures or not counted:
        passed = None  # only a judge that was not sure said no, or nobody said anything
    elif verdict.passed is False:
        passed = False
    elif unsure or any(r.passed is None for r in requirements):
        passed = None
    else:
        passed = verdict.passed
    if passed is verdict.passed and requirements == verdict.requirements:
        return verdict
    reason = verdict.reason
    if passed is None:
        account = Verdict(score=verdict.score, passed=None, requirements=requirements).account
        reason = f"unverified ({account or 'the judge was not sure'}); {verdict.reason}"
    return verdict.model_copy(
        update={"passed": passed, "requirements": requirements, "reason": reason}
    )
