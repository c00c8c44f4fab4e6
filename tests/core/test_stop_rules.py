"""The loop's stop rules, each on its own and in order, without a stream."""

from __future__ import annotations

import dataclasses
from typing import Any

from redraft import Evidence, Message, Policy, ProviderError, RunRequest, Verdict
from redraft.core._attempt import AttemptOutcome
from redraft.core._errors import BudgetExhaustedError
from redraft.core._feedback import prepare_feedback
from redraft.core._ledger import Ledger
from redraft.core._stop_rules import (
    STOP_RULES,
    Redraft,
    Repair,
    Round,
    Stop,
    decide,
    feedback_next,
    greedy_repeat,
    judge_failed_keep,
    judge_out_of_budget,
    out_of_attempts,
    out_of_reach,
    passed,
    past_deadline,
    repair_next,
    round_failed,
    shadow,
    skipped,
    stalled,
    tool_calls,
    unverified_keep,
)
from redraft.core._types import Draft, ToolCall

REQUEST = RunRequest(messages=[Message(role="user", content="Q?")])


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def verdict(
    score: float = 0.4,
    passed: bool | None = False,
    *,
    reason: str = "too short",
    evidence: list[Evidence] | None = None,
) -> Verdict:
    return Verdict(score=score, passed=passed, reason=reason, evidence=evidence or [])


def draft(attempt: int = 1, text: str = "an answer", v: Verdict | None = None, **kw: Any) -> Draft:
    return Draft(attempt=attempt, text=text, verdict=v if v is not None else verdict(), **kw)


def error_evidence(error_type: str = "TimeoutError") -> Evidence:
    return Evidence(
        evaluator="judge", kind="judge", status="error", data={"error_type": error_type}
    )


def state(
    *drafts: Draft | None,
    policy: Policy | None = None,
    earlier: tuple[Draft, ...] = (),
    clock: Clock | None = None,
    **fields: Any,
) -> Round:
    """A round of ``drafts`` (None: an attempt that failed) after ``earlier``."""
    policy = policy or Policy()
    start = len(earlier) + 1
    outcomes = []
    for n, d in enumerate(drafts, start):
        outcome = AttemptOutcome(n, draft=d)
        if d is None:
            outcome.failure = ProviderError("down")
        outcomes.append(outcome)
    history = (*earlier, *(d for d in drafts if d is not None))
    ledger = Ledger(policy, clock=clock or Clock())
    return Round(REQUEST, policy, ledger, start, len(drafts), outcomes, history, **fields)


# -- each rule: when it fires and when it does not ------------------------------


def test_round_failed_ends_the_run_with_the_first_failure_and_its_conversation() -> None:
    r = state(None, None, policy=Policy(candidates=2))
    context = [Message(role="user", content="resubmit me")]
    r.outcomes[1].context = context
    r.outcomes[0].failure = None
    decision = round_failed(r)
    assert decision == Stop("error", failed=r.outcomes[1])
    assert decision.failed is not None and decision.failed.context == context
    assert round_failed(state(None, draft(2), policy=Policy(candidates=2))) is None


def test_round_failed_for_want_of_time_or_tokens_says_which() -> None:
    r = state(None)
    r.outcomes[0].failure = BudgetExhaustedError("out", limit="deadline")
    assert round_failed(r) == Stop("deadline", failed=r.outcomes[0])
    r.outcomes[0].failure = BudgetExhaustedError("out", limit="tokens")
    assert round_failed(r) == Stop("budget", failed=r.outcomes[0])
    r.outcomes[0].failure = None  # no draft and no error: still an error
    assert round_failed(r) == Stop("error")


def test_tool_calls_stop_with_the_draft_that_called() -> None:
    calling = draft(1, "", tool_calls=[ToolCall(id="c1", name="lookup")])
    assert tool_calls(state(calling)) == Stop("tool_calls", winner=calling)
    assert tool_calls(state(draft())) is None


def test_the_first_draft_to_pass_wins() -> None:
    failed, first, second = (
        draft(1),
        draft(2, "b", verdict(0.9, True)),
        draft(3, "c", verdict(1.0, True)),
    )
    r = state(failed, first, second, policy=Policy(max_attempts=3, candidates=3))
    assert passed(r) == Stop("passed", winner=first)
    assert passed(state(draft(v=verdict(0.9, None)))) is None


def test_skipped_and_shadow_runs_stop_after_one_draft() -> None:
    plain = Draft(attempt=1, text="an answer")
    assert skipped(state(plain, skipped="not sampled")) == Stop("skipped")
    assert skipped(state(draft())) is None
    assert shadow(state(draft(), policy=Policy(delivery="shadow"))) == Stop("shadow")
    assert shadow(state(draft())) is None


def test_unverified_stops_only_when_the_policy_keeps_it() -> None:
    unsure = draft(v=verdict(0.7, None))
    assert unverified_keep(state(unsure)) == Stop("unverified")
    assert unverified_keep(state(unsure, policy=Policy(on_uncertain="redraft"))) is None
    assert unverified_keep(state(draft())) is None


def test_a_judge_out_of_time_or_tokens_ends_the_run_for_that_reason() -> None:
    clock = Clock()
    timed_out = draft(v=verdict(0.0, False, evidence=[error_evidence()]))
    r = state(timed_out, policy=Policy(deadline_s=5), clock=clock)
    assert judge_out_of_budget(r) is None  # time is left: a judge fault, not a limit
    clock.now += 5
    assert judge_out_of_budget(r) == Stop("deadline")
    broke = draft(v=verdict(0.0, False, evidence=[error_evidence("BudgetExhaustedError")]))
    assert judge_out_of_budget(state(broke)) == Stop("budget")
    # A judge stopped by the cost budget is out of budget too, not a judge fault.
    spent = draft(v=verdict(0.0, False, evidence=[error_evidence("CostBudgetExhaustedError")]))
    assert judge_out_of_budget(state(spent)) == Stop("budget")
    assert judge_out_of_budget(state(draft())) is None  # not degraded


def test_a_failed_judge_keeps_the_draft_unless_the_policy_redrafts() -> None:
    judged = draft(v=verdict(0.0, False, evidence=[error_evidence()]))
    assert judge_failed_keep(state(judged)) == Stop("degraded", winner=judged)
    assert judge_failed_keep(state(judged, policy=Policy(on_judge_error="redraft"))) is None
    assert judge_failed_keep(state(draft())) is None


def test_a_requirement_beyond_max_tokens_is_out_of_reach() -> None:
    def needing(tokens: int, *, required: bool = True) -> Draft:
        evidence = Evidence(
            evaluator="words", passed=False, required=required, data={"min_tokens": tokens}
        )
        return draft(v=verdict(evidence=[evidence]))

    policy = Policy(max_tokens=512)
    assert out_of_reach(state(needing(600), policy=policy)) == Stop("out_of_reach")
    assert out_of_reach(state(needing(400), policy=policy)) is None
    assert out_of_reach(state(needing(600, required=False), policy=policy)) is None
    assert out_of_reach(state(Draft(attempt=1, text="unjudged"), policy=policy)) is None


def test_stalled_when_redrafts_stop_gaining_or_repeat_the_critique() -> None:
    policy = Policy(min_improvement=0.05)
    first = draft(1, "a", verdict(0.5, reason="too short"))
    gained = draft(2, "b", verdict(0.6, reason="too vague"))
    flat = draft(2, "b", verdict(0.52, reason="too vague"))
    repeated = draft(2, "b", verdict(0.9, reason="too short"))
    assert stalled(state(gained, earlier=(first,), policy=policy)) is None
    assert stalled(state(flat, earlier=(first,), policy=policy)) == Stop("stalled")
    assert stalled(state(repeated, earlier=(first,), policy=policy)) == Stop("stalled")
    assert stalled(state(flat, earlier=(first,))) is None  # min_improvement unset
    assert stalled(state(first, policy=policy)) is None  # one draft: nothing to compare


def test_past_deadline_and_out_of_attempts() -> None:
    clock = Clock()
    r = state(draft(), policy=Policy(deadline_s=5, max_attempts=2), clock=clock)
    assert past_deadline(r) is None
    clock.now += 6
    assert past_deadline(r) == Stop("deadline")
    assert out_of_attempts(r) is None
    last = state(draft(2), earlier=(draft(1),), policy=Policy(max_attempts=2))
    assert out_of_attempts(last) == Stop("exhausted")
    wide = state(draft(1), draft(2), policy=Policy(max_attempts=3, candidates=2))
    assert out_of_attempts(wide) is None  # attempt 3 is still to come


def test_the_kept_draft_is_repaired_next_when_a_check_offers_a_fix() -> None:
    commas = Evidence(evaluator="no_commas", passed=False, data={"repair": {"op": "remove_commas"}})
    fixable = draft(1, "red, green, blue", verdict(evidence=[commas]))
    decision = repair_next(state(fixable))
    assert isinstance(decision, Repair) and decision.text == "red green blue"
    assert decision.feedback
    assert repair_next(state(fixable, policy=Policy(repair=False))) is None
    assert repair_next(state(draft())) is None  # no fix offered
    again = draft(2, "red green blue", verdict(evidence=[commas]))
    assert repair_next(state(again, earlier=(fixable,))) is None  # that text was drafted


def test_at_temperature_zero_a_request_sent_before_is_not_sent_again() -> None:
    kept = draft(1, "kept", verdict(0.6))
    messages, _ = prepare_feedback("critique", REQUEST, kept, 2)
    sent = (("model-a", messages),)
    greedy = Policy(temperature=0)
    r = state(kept, policy=greedy, next_model="model-a", sent=sent)
    assert greedy_repeat(r) == Stop("stalled")
    assert greedy_repeat(dataclasses.replace(r, next_model="model-b")) is None
    assert greedy_repeat(dataclasses.replace(r, policy=Policy(temperature=0.7))) is None


def test_feedback_builds_the_redraft_on_the_kept_draft() -> None:
    kept = draft(1, "kept", verdict(0.8))
    worse = draft(2, "worse", verdict(0.3))
    decision = feedback_next(state(worse, earlier=(kept,)))
    messages, feedback = prepare_feedback("critique", REQUEST, kept, 3)
    assert decision == Redraft(messages, feedback, kept)


# -- the order ------------------------------------------------------------------


def test_the_rules_are_asked_in_this_order() -> None:
    assert [rule.__name__ for rule in STOP_RULES] == [
        "round_failed",
        "tool_calls",
        "passed",
        "skipped",
        "shadow",
        "unverified_keep",
        "judge_out_of_budget",
        "judge_failed_keep",
        "out_of_reach",
        "stalled",
        "past_deadline",
        "out_of_attempts",
        "repair_next",
        "greedy_repeat",
        "feedback_next",
    ]


def test_a_pass_wins_over_a_spent_deadline_and_the_last_attempt() -> None:
    clock = Clock()
    r = state(draft(v=verdict(0.9, True)), policy=Policy(deadline_s=1, max_attempts=1), clock=clock)
    clock.now += 2
    assert decide(r) == Stop("passed", winner=r.history[0])


def test_out_of_attempts_comes_before_a_repair() -> None:
    commas = Evidence(evaluator="no_commas", passed=False, data={"repair": {"op": "remove_commas"}})
    fixable = draft(1, "red, green", verdict(evidence=[commas]))
    assert decide(state(fixable, policy=Policy(max_attempts=1))) == Stop("exhausted")
    assert isinstance(decide(state(fixable, policy=Policy(max_attempts=2))), Repair)


def test_a_kept_unverified_draft_stops_before_the_judge_fault_and_stall_rules() -> None:
    unsure = draft(2, "b", verdict(0.5, None, reason="too short", evidence=[error_evidence()]))
    first = draft(1, "a", verdict(0.5, reason="too short"))
    r = state(unsure, earlier=(first,), policy=Policy(min_improvement=0.1))
    assert decide(r) == Stop("unverified")


def test_a_failed_judge_stops_before_out_of_reach_and_the_deadline() -> None:
    evidence = [
        error_evidence(),
        Evidence(evaluator="words", passed=False, data={"min_tokens": 10_000}),
    ]
    judged = draft(v=verdict(0.0, False, evidence=evidence))
    assert decide(state(judged)) == Stop("degraded", winner=judged)
    redraft = Policy(on_judge_error="redraft")
    assert decide(state(judged, policy=redraft)) == Stop("out_of_reach")


def test_a_round_that_neither_passed_nor_ran_out_redrafts_from_feedback() -> None:
    decision = decide(state(draft()))
    assert isinstance(decision, Redraft)
    assert decision.basis == draft()
