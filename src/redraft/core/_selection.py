"""Which draft to keep: never one that is worse on what was verified.

A judge's score is a noisy opinion (a small judge grades a correct answer
0/10 and a broken one 1/10); a check's outcome is a fact. So a later draft
replaces the one kept so far only when the verified evidence says it is
better: it meets more verified requirements and breaks none the kept one
met. Only when the verified evidence cannot tell them apart do the
verdicts' own claims decide (passed, then unverified, then failed) and
then their scores. A full tie goes to the later draft (it was written with
feedback).

When no draft passed, the kept draft and its closest rival are equal on
everything verified, and the policy allows it (``pairwise``), the judge is
asked which of the two is better (:func:`compare_rivals`): a side-by-side
choice a small judge makes far more reliably than the scores it gave each
draft alone. Only a confident preference replaces the kept draft.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from redraft.core._evaluator import EvaluationContext, Evaluator, Subject
from redraft.core._ledger import Ledger
from redraft.core._types import Draft, DraftComparison, Policy, RunRequest, Verdict

__all__ = [
    "best_draft",
    "better_draft",
    "compare_rivals",
    "rivals",
    "select_draft",
    "verified_outcomes",
]

_RANK = {True: 2, None: 1, False: 0}
"""Passed, unverified, failed: the verdict's own claim, compared last."""


def verified_outcomes(verdict: Verdict) -> tuple[frozenset[str], frozenset[str]]:
    """The requirements and checks a verdict verified as met, and as broken.

    Requirements count when a check decided them or a judge did with
    confidence; findings of checks outside the account (``must_match``, your
    own evaluators) count by evaluator name. Judge findings alone do not."""
    met: set[str] = set()
    broken: set[str] = set()
    for requirement in verdict.requirements:
        if requirement.passed is None:
            continue
        key = f"{requirement.source}:{requirement.text}"
        (met if requirement.passed else broken).add(key)
    for evidence in verdict.evidence:
        if evidence.kind == "judge" or evidence.status != "ok" or not evidence.valid:
            continue
        if evidence.data.get("origin") is not None:
            continue  # a compiled check: already counted through its requirement
        key = f"check:{evidence.evaluator}"
        (met if evidence.passed else broken).add(key)
    return frozenset(met), frozenset(broken)


def better_draft(later: Draft, kept: Draft) -> bool:
    """Whether ``later`` should replace ``kept``."""
    if later.verdict is None:
        return False
    if kept.verdict is None:
        return True
    later_met, later_broken = verified_outcomes(later.verdict)
    kept_met, _ = verified_outcomes(kept.verdict)
    if later_broken & kept_met:
        return False  # it broke something the kept draft met
    if len(later_met) != len(kept_met):
        return len(later_met) > len(kept_met)
    later_rank, kept_rank = _RANK[later.verdict.passed], _RANK[kept.verdict.passed]
    if later_rank != kept_rank:
        return later_rank > kept_rank
    if later.verdict.score != kept.verdict.score:
        return later.verdict.score > kept.verdict.score
    return True


def select_draft(drafts: Sequence[Draft]) -> Draft:
    """The draft to keep among ``drafts`` (in the order they were written)."""
    if not drafts:
        raise ValueError("no drafts to choose from")
    kept = drafts[0]
    for draft in drafts[1:]:
        if better_draft(draft, kept):
            kept = draft
    return kept


def best_draft(drafts: Sequence[Draft]) -> Draft:
    """The draft feedback builds on: the one kept so far (see :func:`select_draft`)."""
    judged = [d for d in drafts if d.verdict is not None]
    return select_draft(judged) if judged else drafts[-1]


def rivals(drafts: Sequence[Draft]) -> tuple[Draft, Draft] | None:
    """The judged draft the usual rules keep and the best of the others that
    is equal to it on everything verified; None when there is no such pair
    or the kept draft passed (a pass needs no tie-break)."""
    judged = [d for d in drafts if d.verdict is not None]
    if len(judged) < 2:
        return None
    kept = select_draft(judged)
    assert kept.verdict is not None
    if kept.verdict.passed:
        return None
    outcomes = verified_outcomes(kept.verdict)
    tied = [
        d
        for d in judged
        if d is not kept and d.verdict is not None and verified_outcomes(d.verdict) == outcomes
    ]
    return (kept, select_draft(tied)) if tied else None


async def compare_rivals(
    evaluator: Evaluator,
    request: RunRequest,
    pair: tuple[Draft, Draft],
    ledger: Ledger,
    policy: Policy,
) -> DraftComparison:
    """Ask ``evaluator`` which of ``pair`` is better, within the run's deadline
    and the judge's own limit; a failure keeps the first and says why."""
    kept, rival = pair
    comparison = DraftComparison(
        first=kept.attempt, second=rival.attempt, chosen=kept.attempt, evaluator=evaluator.name
    )
    context = EvaluationContext(threshold=policy.threshold, gateway=ledger)
    remaining = ledger.remaining_time()
    limit = min((t for t in (remaining, policy.judge_timeout_s) if t is not None), default=None)
    try:
        async with asyncio.timeout(limit):
            preference = await evaluator.compare(
                Subject(request=request, text=kept.text, attempt=kept.attempt),
                Subject(request=request, text=rival.text, attempt=rival.attempt),
                context,
            )
    except TimeoutError:
        return comparison.model_copy(update={"error": "the comparison ran out of time"})
    except Exception as exc:  # a failing judge keeps the first draft, visibly
        return comparison.model_copy(update={"error": f"{type(exc).__name__}: {exc}"})
    if preference is None:
        return comparison.model_copy(update={"error": f"{evaluator.name} cannot compare drafts"})
    return comparison.model_copy(
        update={
            "chosen": rival.attempt if preference.prefers_second else kept.attempt,
            "p_second": preference.p_second,
            "confidence": preference.confidence,
            "method": preference.method,
        }
    )
