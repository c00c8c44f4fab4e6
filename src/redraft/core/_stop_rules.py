"""The loop's stop rules: after each round, what comes next.

When a round's drafts are written and judged, :func:`decide` asks
:data:`STOP_RULES` in order and the first rule with an answer settles it: stop
(with the run's ``stop_reason`` and, for some, the draft that wins), a
:class:`Repair` of the kept draft, or a :class:`Redraft` from feedback. Each
rule is a small function of the :class:`Round` alone — the round's outcomes,
every draft so far, the policy and the ledger — so each is tested without a
stream. The order is the contract (docs/concepts.md, "The loop"): a draft
that passed wins even when time ran out, a run out of attempts is not
repaired, and so on.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from redraft.core._attempt import AttemptOutcome
from redraft.core._errors import BudgetExhaustedError
from redraft.core._feedback import prepare_feedback
from redraft.core._ledger import Ledger
from redraft.core._repair import describe_repairs, repair_draft
from redraft.core._selection import best_draft
from redraft.core._types import Draft, Message, Policy, RunRequest, StopReason, Verdict

__all__ = ["STOP_RULES", "Decision", "Redraft", "Repair", "Round", "Stop", "StopRule", "decide"]


@dataclass(frozen=True)
class Round:
    """What the loop knows when a round's attempts have ended."""

    request: RunRequest
    policy: Policy
    ledger: Ledger
    attempt: int
    """The round's first attempt; it ran ``width`` attempts from there."""
    width: int
    outcomes: Sequence[AttemptOutcome]
    """The round's attempts, in order."""
    history: Sequence[Draft]
    """Every draft of the run so far, this round's included."""
    skipped: str | None = None
    """Why the run is not evaluated (it is one plain draft), or None."""
    next_model: str = ""
    """The model that would write the next attempt."""
    sent: Sequence[tuple[str, list[Message]]] = ()
    """Each model request drafted so far: its model and its messages."""

    @property
    def drafts(self) -> list[Draft]:
        """The round's drafts (an attempt that failed left none)."""
        return [o.draft for o in self.outcomes if o.draft is not None]

    @property
    def judged(self) -> list[Draft]:
        return [d for d in self.drafts if d.verdict is not None]

    @property
    def last_verdict(self) -> Verdict | None:
        """The verdict of the round's last judged draft."""
        judged = self.judged
        return judged[-1].verdict if judged else None

    @functools.cached_property
    def feedback(self) -> tuple[list[Message], str]:
        """The next draft's messages and feedback, built on the draft kept."""
        next_attempt = self.attempt + self.width
        return prepare_feedback(
            self.policy.feedback, self.request, best_draft(self.history), next_attempt
        )


@dataclass(frozen=True)
class Stop:
    """End the run."""

    reason: StopReason
    winner: Draft | None = None
    """The final draft, when the rule chose it (else the policy picks one)."""
    failed: AttemptOutcome | None = None
    """The failed attempt whose error ends the run."""


@dataclass(frozen=True)
class Repair:
    """The next attempt is the kept draft with the checks' own fixes: no model call."""

    text: str
    feedback: str


@dataclass(frozen=True)
class Redraft:
    """The next attempt is a model's redraft of ``basis`` from ``feedback``."""

    messages: list[Message]
    feedback: str
    basis: Draft


Decision = Stop | Repair | Redraft
StopRule = Callable[[Round], Decision | None]
"""A rule answers with a decision, or None to leave it to the next rule."""


def round_failed(r: Round) -> Stop | None:
    """No attempt of the round left a draft: the first failure ends the run."""
    if r.drafts:
        return None
    failed = next((o for o in r.outcomes if o.failure is not None), None)
    if failed is None or failed.failure is None:
        return Stop("error")
    if isinstance(failed.failure, BudgetExhaustedError):
        return Stop("deadline" if failed.failure.limit == "deadline" else "budget", failed=failed)
    return Stop("error", failed=failed)


def tool_calls(r: Round) -> Stop | None:
    """A draft calls the caller's tools: its next request, with their results, is judged."""
    called = next((d for d in r.drafts if d.tool_calls), None)
    return Stop("tool_calls", winner=called) if called is not None else None


def passed(r: Round) -> Stop | None:
    """A draft passed: the first one wins."""
    winner = next((d for d in r.judged if d.verdict and d.verdict.passed), None)
    return Stop("passed", winner=winner) if winner is not None else None


def skipped(r: Round) -> Stop | None:
    """The run is not evaluated: its one draft is the answer."""
    return Stop("skipped") if r.skipped is not None else None


def shadow(r: Round) -> Stop | None:
    """Delivery ``shadow``: one draft, judged, never changed."""
    return Stop("shadow") if r.policy.delivery == "shadow" else None


def unverified_keep(r: Round) -> Stop | None:
    """Nothing failed but something could not be verified, and ``on_uncertain``
    is ``keep``: another draft would not be checked any better."""
    uncertain = any(d.verdict and d.verdict.passed is None for d in r.judged)
    return Stop("unverified") if r.policy.on_uncertain == "keep" and uncertain else None


# Evidence names its error by class: the budget error and its cost subclass.
_BUDGET_ERRORS = frozenset({"BudgetExhaustedError", "CostBudgetExhaustedError"})


def judge_out_of_budget(r: Round) -> Stop | None:
    """The evaluation failed for want of time, tokens or money: the run ends
    for the same reason (``deadline``, ``budget``), not as a judge fault."""
    verdict = r.last_verdict
    if verdict is None or not verdict.degraded:
        return None
    if r.ledger.remaining_time() == 0:
        return Stop("deadline")
    if any(e.data.get("error_type") in _BUDGET_ERRORS for e in verdict.evidence):
        return Stop("budget")
    return None


def judge_failed_keep(r: Round) -> Stop | None:
    """The evaluation failed and ``on_judge_error`` is ``keep``: the draft is kept."""
    verdict = r.last_verdict
    if verdict is None or not verdict.degraded or r.policy.on_judge_error != "keep":
        return None
    return Stop("degraded", winner=r.judged[-1])


def out_of_reach(r: Round) -> Stop | None:
    """A required check failed that no draft of ``max_tokens`` tokens can pass
    (its evidence says the fewest tokens a passing answer needs)."""
    verdict = r.last_verdict
    if verdict is None:
        return None
    beyond = any(
        evidence.required
        and evidence.passed is False
        and isinstance(needed := evidence.data.get("min_tokens"), int)
        and needed > r.policy.max_tokens
        for evidence in verdict.evidence
    )
    return Stop("out_of_reach") if beyond else None


def stalled(r: Round) -> Stop | None:
    """Redrafting stopped helping (``min_improvement``): no real gain on the
    best score, or the same critique again."""
    if r.policy.min_improvement is None or len(r.history) < 2:
        return None
    latest, earlier = r.history[-1], r.history[:-1]
    if latest.verdict is None:
        return None
    best = max((d.verdict.score for d in earlier if d.verdict), default=0.0)
    before = earlier[-1].verdict
    same_critique = before is not None and (before.reason, before.suggestions) == (
        latest.verdict.reason,
        latest.verdict.suggestions,
    )
    gain = latest.verdict.score - best
    return Stop("stalled") if gain <= r.policy.min_improvement or same_critique else None


def past_deadline(r: Round) -> Stop | None:
    """The run's deadline has passed."""
    return Stop("deadline") if r.ledger.remaining_time() == 0 else None


def out_of_attempts(r: Round) -> Stop | None:
    """``max_attempts`` drafts were written."""
    return Stop("exhausted") if r.attempt + r.width > r.policy.max_attempts else None


def repair_next(r: Round) -> Repair | None:
    """A failed exact check's fix needs no judgement: the kept draft, repaired,
    is the next attempt (unless ``repair`` is off, or it was drafted already)."""
    if not r.policy.repair:
        return None
    repaired = repair_draft(best_draft(r.history), r.history)
    return Repair(repaired[0], describe_repairs(repaired[1])) if repaired is not None else None


def greedy_repeat(r: Round) -> Stop | None:
    """At temperature 0 the next request repeats an earlier one word for word
    (a redraft fell behind the kept draft, so the feedback is built from the
    kept one again): greedy decoding would write the same draft."""
    repeat = (r.next_model, r.feedback[0]) in r.sent
    return Stop("stalled") if r.policy.temperature == 0 and repeat else None


def feedback_next(r: Round) -> Redraft:
    """Otherwise the feedback strategy turns the kept draft's verdict into the
    next draft's instructions."""
    messages, feedback = r.feedback
    return Redraft(messages, feedback, best_draft(r.history))


STOP_RULES: tuple[StopRule, ...] = (
    round_failed,
    tool_calls,
    passed,
    skipped,
    shadow,
    unverified_keep,
    judge_out_of_budget,
    judge_failed_keep,
    out_of_reach,
    stalled,
    past_deadline,
    out_of_attempts,
    repair_next,
    greedy_repeat,
    feedback_next,
)
"""In order; the first rule with an answer decides. The last always answers."""


def decide(r: Round) -> Decision:
    """What comes after round ``r``: the first answer of :data:`STOP_RULES`."""
    for rule in STOP_RULES:
        decision = rule(r)
        if decision is not None:
            return decision
    raise AssertionError("feedback_next, the last rule, always decides")
