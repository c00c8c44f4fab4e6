"""Which draft to keep: never one that is worse on what was verified.

A judge's score is a noisy opinion (a small judge grades a correct answer
0/10 and a broken one 1/10); a check's outcome is a fact. So a later draft
replaces the one kept so far only when the verified evidence says it is
better: it meets more verified requirements and breaks none the kept one
met. Only when the verified evidence cannot tell them apart do the
verdicts' own claims decide (passed, then unverified, then failed) and
then their scores. A full tie goes to the later draft (it was written with
feedback).
"""

from __future__ import annotations

from collections.abc import Sequence

from redraft.core._types import Draft, Verdict

__all__ = ["better_draft", "select_draft", "verified_outcomes"]

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
