"""What an eval's outcomes add up to: pass rates with their uncertainty,
where the loop gained and lost rows against the baseline, and the paired
test that says whether the difference is more than chance.

A row passes only when its run passed (every requirement verified or
confidently judged); an unverified answer is counted apart, never as a pass.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from redraft.evals._models import Arm, Eval, EvalOutcome

__all__ = ["ArmStats", "EvalStats", "PairedComparison", "mcnemar_p", "summarise", "wilson"]

_Z95 = 1.959964


def wilson(successes: int, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default): unlike the
    normal approximation it stays inside [0, 1] and is honest for small n."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mcnemar_p(gained: int, lost: int) -> float:
    """The exact (binomial) McNemar test, two-sided: how likely a split of the
    discordant rows at least this uneven is when both arms are equally good.
    Rows both arms passed or both failed say nothing about the difference."""
    n = gained + lost
    if n == 0:
        return 1.0
    k = min(gained, lost)
    tail: float = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


@dataclass(frozen=True)
class ArmStats:
    """One arm's outcomes, added up."""

    arm: Arm
    rows: int
    passed: int
    failed: int
    unverified: int
    errors: int
    """Runs that ended with an error (a provider or judge failing); also counted as not passed."""
    mean_score: float
    tokens: int
    cost_usd: float | None
    """None when any run's cost is unknown (a model with no price)."""
    pass_by_attempt: list[float]
    """The share of rows passed by attempt 1, 2, …: how far each redraft went."""
    regressions: list[EvalOutcome]
    """Rows whose first draft passed but whose final answer did not."""

    @property
    def pass_rate(self) -> float:
        return self.passed / self.rows if self.rows else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.passed, self.rows)


@dataclass(frozen=True)
class PairedComparison:
    """The loop against the baseline on the rows both arms ran."""

    rows: int
    gained: list[str] = field(default_factory=list)
    """Row ids the baseline did not pass and the loop did."""
    lost: list[str] = field(default_factory=list)
    """Row ids the baseline passed and the loop did not."""
    both: int = 0
    neither: int = 0

    @property
    def p_value(self) -> float:
        return mcnemar_p(len(self.gained), len(self.lost))


@dataclass(frozen=True)
class EvalStats:
    arms: dict[Arm, ArmStats]
    comparison: PairedComparison | None
    """None without a baseline arm."""
    pending: int
    """(row, arm) pairs not run yet: an interrupted eval's."""


def _arm_stats(arm: Arm, outcomes: list[EvalOutcome], max_attempts: int) -> ArmStats:
    costs = [o.cost_usd for o in outcomes]
    rows = len(outcomes)
    by_attempt = [
        sum(1 for o in outcomes if o.first_pass_attempt is not None and o.first_pass_attempt <= k)
        / rows
        if rows
        else 0.0
        for k in range(1, max_attempts + 1)
    ]
    return ArmStats(
        arm=arm,
        rows=rows,
        passed=sum(1 for o in outcomes if o.passed is True),
        failed=sum(1 for o in outcomes if o.passed is False),
        unverified=sum(1 for o in outcomes if o.passed is None),
        errors=sum(1 for o in outcomes if o.error),
        mean_score=sum(o.score for o in outcomes) / rows if rows else 0.0,
        tokens=sum(o.tokens for o in outcomes),
        cost_usd=None if any(c is None for c in costs) else sum(c for c in costs if c is not None),
        pass_by_attempt=by_attempt,
        regressions=[o for o in outcomes if o.first_draft_passed is True and o.passed is not True],
    )


def _paired(evaluation: Eval) -> PairedComparison | None:
    if "baseline" not in evaluation.config.arms:
        return None
    loop = {o.row: o for o in evaluation.outcomes if o.arm == "loop"}
    base = {o.row: o for o in evaluation.outcomes if o.arm == "baseline"}
    shared = sorted(set(loop) & set(base))
    wins = {r: (base[r].passed is True, loop[r].passed is True) for r in shared}
    gained = [loop[r].row_id for r, (was, now) in wins.items() if now and not was]
    lost = [loop[r].row_id for r, (was, now) in wins.items() if was and not now]
    both = sum(1 for was, now in wins.values() if was and now)
    return PairedComparison(
        rows=len(shared),
        gained=gained,
        lost=lost,
        both=both,
        neither=len(shared) - both - len(gained) - len(lost),
    )


def summarise(evaluation: Eval) -> EvalStats:
    """Every arm's figures and, with a baseline, the paired comparison."""
    max_attempts = evaluation.config.policy.max_attempts
    arms = {
        arm: _arm_stats(
            arm,
            [o for o in evaluation.outcomes if o.arm == arm],
            max_attempts if arm == "loop" else 1,
        )
        for arm in evaluation.config.arms
    }
    return EvalStats(arms=arms, comparison=_paired(evaluation), pending=len(evaluation.remaining()))
