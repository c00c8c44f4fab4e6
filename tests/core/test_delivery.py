"""Delivery modes, candidates, sampling, stalls, escalation and hooks."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from redraft import (
    DraftCompleted,
    FeedbackPrepared,
    Hooks,
    ModelRequest,
    Policy,
    RunEvent,
    Thinking,
    VerdictReached,
    run,
    stream_run,
)
from redraft.app import build_panel
from redraft.core import EVENT_ADAPTER, HOOK_ALIASES, RENAMED_EVENTS
from redraft.evaluators import CallableCheck, MaxWords, MustMatch, MustNotMatch
from redraft.providers import FunctionModel, ScriptedModel


def _types(events: list[RunEvent]) -> list[str]:
    """Event types, a run of the same type (text deltas, evidence) folded into one."""
    folded: list[str] = []
    for event in events:
        if not folded or folded[-1] != event.type:
            folded.append(event.type)
    return folded


async def _collect(**kwargs: Any) -> list[RunEvent]:
    return [event async for event in stream_run("Capital of France?", **kwargs)]


ROUND = [
    "draft_started",
    "text_delta",
    "call_recorded",
    "draft_completed",
    "evidence_recorded",
    "verdict_reached",
]


async def test_blocking_pins_its_event_sequence() -> None:
    events = await _collect(
        generator=ScriptedModel(["It is Lyon.", "It is Paris."]),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=3),
    )
    assert _types(events) == ["run_started", *ROUND, "feedback_prepared", *ROUND, "run_completed"]


async def test_events_stored_under_their_old_names_read_back() -> None:
    events = await _collect(generator=ScriptedModel(["It is Paris."]), evaluator=MustMatch("Paris"))
    for event in events:
        stored = event.model_dump(mode="json")
        old = {v: k for k, v in RENAMED_EVENTS.items()}.get(stored["type"], stored["type"])
        assert EVENT_ADAPTER.validate_python({**stored, "type": old}) == event


async def test_revise_announces_why_before_the_revision() -> None:
    events = await _collect(
        generator=ScriptedModel(["It is Lyon.", "It is Paris."]),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=3, delivery="revise"),
    )
    assert _types(events) == [
        "run_started",
        *ROUND,
        "thinking",
        "feedback_prepared",
        *ROUND,
        "run_completed",
    ]
    thinking = next(e for e in events if e.type == "thinking")
    assert thinking.attempt == 2
    assert "Draft 1 scored 0.00" in thinking.message
    assert "Paris" in thinking.message
    # The graph loop design's fields: how it revises, and which redraft this is.
    assert isinstance(thinking, Thinking)
    assert (thinking.strategy, thinking.retry_count) == ("critique", 1)


async def test_a_reason_that_ends_a_sentence_is_not_given_a_second_full_stop() -> None:
    reason = CallableCheck(lambda text: (False, "give an example."), name="example")
    events = await _collect(
        generator=ScriptedModel(["It is Lyon.", "It is Paris."]),
        evaluator=reason,
        policy=Policy(max_attempts=2, delivery="revise", feedback="progressive"),
    )
    [thinking] = [e for e in events if isinstance(e, Thinking)]
    assert thinking.message.endswith("example: give an example. Revising it.")
    [feedback] = [e for e in events if isinstance(e, FeedbackPrepared)]
    assert "give an example. Give" in feedback.message and ".." not in feedback.message


async def test_shadow_evaluates_once_and_never_changes_the_answer() -> None:
    events = await _collect(
        generator=ScriptedModel(["It is Lyon."]),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=3, delivery="shadow"),
    )
    assert _types(events) == ["run_started", *ROUND, "run_completed"]
    result = events[-1].result  # type: ignore[union-attr]
    assert (result.final_answer, result.passed, result.stop_reason) == (
        "It is Lyon.",
        False,
        "shadow",
    )
    assert result.drafts[0].verdict is not None


async def test_parallel_aborts_a_draft_on_a_definite_failure_and_finishes_sooner() -> None:
    # The first draft says the forbidden word early, then rambles for 300 words.
    bad = "Honestly, I think it is Lyon " + " ".join(["and more"] * 150)
    drafts = [bad, "It is Paris."]
    evaluator = build_panel(None, must_match=["Paris"], must_not_match=["Lyon"])

    async def timed(delivery: str) -> tuple[float, list[RunEvent]]:
        started = time.monotonic()
        events = await _collect(
            generator=ScriptedModel(drafts, chunk_delay=0.004),
            evaluator=evaluator,
            policy=Policy(max_attempts=3, delivery=delivery),  # type: ignore[arg-type]
        )
        return time.monotonic() - started, events

    blocking_s, blocking = await timed("blocking")
    parallel_s, parallel = await timed("parallel")
    assert _types(parallel) == _types(blocking)
    aborted = next(e for e in parallel if e.type == "draft_completed")
    assert aborted.finish_reason == "aborted"
    assert len(aborted.text) < len(bad) // 4
    verdict = next(e for e in parallel if e.type == "verdict_reached").verdict
    assert verdict.evidence[0].data["partial"] is True
    assert "stopped while drafting" in verdict.reason
    result = parallel[-1].result  # type: ignore[union-attr]
    assert result.passed and result.final_answer == "It is Paris."
    deltas = [e for e in parallel if e.type == "text_delta" and e.attempt == 1]
    assert len(deltas) < 20
    assert parallel_s < blocking_s / 2


async def test_parallel_word_limit_aborts_once_passed() -> None:
    events = await _collect(
        generator=ScriptedModel([" ".join(["word"] * 100), "short"]),
        evaluator=MaxWords(10),
        policy=Policy(max_attempts=2, delivery="parallel"),
    )
    first = next(e for e in events if e.type == "draft_completed")
    assert first.finish_reason == "aborted"
    assert len(first.text.split()) == 11


def test_must_not_match_waits_on_patterns_that_touch_the_end() -> None:
    assert MustNotMatch(r"\bcat\b").definite_failure("the cat") is None  # may be "category"
    assert MustNotMatch(r"\bcat\b").definite_failure("the cat sat on the mat today") is not None
    # "$" may stop matching once more text follows; RE2 has no lookahead to worry about.
    assert MustNotMatch(r"(?m)^cat$").definite_failure("cat\n" + "x" * 40) is None
    assert MustNotMatch("Lyon").definite_failure("Paris " * 10) is None


class Staggered:
    """A generator whose n-th call answers ``answers[n]`` after ``delays[n]`` seconds."""

    def __init__(self, answers: list[str], delays: list[float]) -> None:
        self.answers, self.delays, self.calls = answers, delays, 0

    async def __call__(self, request: ModelRequest) -> str:
        n = self.calls
        self.calls += 1
        await asyncio.sleep(self.delays[n])
        return self.answers[n]


async def test_candidates_return_the_first_to_pass_and_cut_time_to_pass() -> None:
    answers = ["It is Lyon.", "It is Paris.", "Marseille."]
    delays = [0.3, 0.1, 0.3]

    started = time.monotonic()
    sequential = await run(
        "Capital of France?",
        generator=FunctionModel(Staggered(answers, delays)),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=3),
    )
    sequential_s = time.monotonic() - started

    started = time.monotonic()
    events = await _collect(
        generator=FunctionModel(Staggered(answers, delays)),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=3, candidates=3),
    )
    candidates_s = time.monotonic() - started

    result = events[-1].result  # type: ignore[union-attr]
    assert sequential.passed and result.passed
    assert result.final_answer == "It is Paris." and result.final_attempt == 2
    started_attempts = [e.attempt for e in events if e.type == "draft_started"]
    assert sorted(started_attempts) == [1, 2, 3]
    finishes = {e.attempt: e.finish_reason for e in events if e.type == "draft_completed"}
    assert finishes[1] == finishes[3] == "cancelled"
    assert [c.status for c in result.calls if c.attempt != 2] == ["error", "error"]
    assert candidates_s < sequential_s


async def test_candidates_that_all_fail_feed_the_best_into_the_next_round() -> None:
    events = await _collect(
        generator=ScriptedModel(["Lyon.", "Nice.", "It is Paris."]),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=3, candidates=2),
    )
    result = events[-1].result  # type: ignore[union-attr]
    assert result.passed and result.final_attempt == 3
    feedback = next(e for e in events if e.type == "feedback_prepared")
    assert feedback.attempt == 3


async def test_sampling_skips_evaluation_entirely() -> None:
    judge = ScriptedModel([])
    result = await run(
        "Q?",
        generator=ScriptedModel(["an answer"]),
        evaluator=build_panel(judge),
        policy=Policy(sample_rate=0.0),
    )
    # Not evaluated is not failed: the answer comes back unverified.
    assert (result.stop_reason, result.final_answer, result.passed) == (
        "skipped",
        "an answer",
        None,
    )
    assert result.skipped_reason is not None and "sample_rate" in result.skipped_reason
    assert judge.history == [] and result.drafts[0].verdict is None
    # A seeded half: some runs are judged, some not, reproducibly.
    rng = random.Random(7)
    outcomes = []
    for _ in range(20):
        sampled = await run(
            "Q?",
            generator=ScriptedModel(["Paris"]),
            evaluator=MustMatch("Paris"),
            policy=Policy(sample_rate=0.5),
            rng=rng,
        )
        outcomes.append(sampled.stop_reason)
    assert set(outcomes) == {"passed", "skipped"}


async def test_a_judge_past_its_timeout_keeps_the_draft_as_degraded() -> None:
    async def slow(request: ModelRequest) -> str:
        await asyncio.sleep(5)
        return "{}"

    started = time.monotonic()
    result = await run(
        "Q?",
        generator=ScriptedModel(["draft one", "draft two"]),
        evaluator=build_panel(FunctionModel(slow)),
        policy=Policy(max_attempts=2, judge_timeout_s=0.05),
    )
    assert time.monotonic() - started < 2
    assert (result.stop_reason, result.final_answer, result.passed) == (
        "degraded",
        "draft one",
        False,
    )
    evidence = result.drafts[0].verdict.evidence  # type: ignore[union-attr]
    assert any(e.status == "error" and "timed out" in e.reason for e in evidence)


async def test_stalled_redrafts_stop_early() -> None:
    result = await run(
        "Capital of France?",
        generator=ScriptedModel(["Lyon.", "Lyon!", "Paris."]),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=3, min_improvement=0.0),
    )
    assert (result.stop_reason, result.attempts) == ("stalled", 2)


async def test_escalation_drafts_with_the_stronger_model_after_failures() -> None:
    strong = ScriptedModel(["It is Paris."], model="strong")
    events = await _collect(
        generator=ScriptedModel(["Lyon.", "Nice."], model="weak"),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=3, escalate_after=1),
        escalation=strong,
    )
    models = [e.model for e in events if e.type == "draft_started"]
    assert models == ["scripted:weak", "scripted:strong"]
    assert events[-1].result.passed  # type: ignore[union-attr]


async def test_hooks_follow_the_evaluation_lifecycle() -> None:
    hooks = Hooks()
    seen: list[tuple[str, int]] = []

    def noting(name: str) -> Callable[[RunEvent], None]:
        def note(event: RunEvent) -> None:
            assert isinstance(event, DraftCompleted | VerdictReached | FeedbackPrepared)
            seen.append((name, event.attempt))

        return note

    for name in ("evaluation_started", "evaluation_completed", "evaluation_retried"):
        hooks.on(name, noting(name))

    @hooks.on("evaluation_failed")
    async def failed(event: RunEvent) -> None:
        seen.append(("evaluation_failed", event.result.attempts))  # type: ignore[union-attr]

    @hooks.on("evaluation_completed")
    def broken(event: RunEvent) -> None:
        raise RuntimeError("a broken observer must not break the run")

    result = await run(
        "Q?",
        generator=ScriptedModel(["a", "b"]),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=2),
        hooks=hooks,
    )
    assert not result.passed
    assert seen == [
        ("evaluation_started", 1),
        ("evaluation_completed", 1),
        ("evaluation_retried", 2),
        ("evaluation_started", 2),
        ("evaluation_completed", 2),
        ("evaluation_failed", 2),
    ]


async def test_the_middleware_designs_hook_names_still_register() -> None:
    hooks = Hooks()
    seen: list[str] = []

    def noting(name: str) -> Callable[[RunEvent], None]:
        return lambda _event: seen.append(name)

    for old in HOOK_ALIASES:
        hooks.on(old, noting(old))
    await run(
        "Q?",
        generator=ScriptedModel(["a", "b"]),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=2),
        hooks=hooks,
    )
    assert seen == [
        "evaluation:start",
        "evaluation:complete",
        "evaluation:retry",
        "evaluation:start",
        "evaluation:complete",
        "evaluation:failed",
    ]
    with pytest.raises(ValueError, match="evaluation_started"):
        hooks.on("evaluation:begin", print)


async def test_the_deadline_holds_with_candidates_and_parallel_delivery() -> None:
    for policy in (
        Policy(max_attempts=4, candidates=2, deadline_s=0.3),
        Policy(max_attempts=4, delivery="parallel", deadline_s=0.3),
    ):
        started = time.monotonic()
        result = await run(
            "Q?",
            generator=ScriptedModel(["slow " * 5] * 4, chunk_delay=0.02),
            evaluator=MustMatch("Paris"),
            policy=policy,
        )
        assert time.monotonic() - started < 0.3 + 0.25
        assert result.stop_reason == "deadline"


async def test_full_judge_context_reaches_the_judge_as_tagged_data() -> None:
    reply = '{"quality_score": 9, "confidence_score": 9, "issues": [], "improvement_hint": ""}'
    for context in ("minimal", "full"):
        judge = ScriptedModel([reply])
        await run(
            "Q?",
            generator=ScriptedModel(["an answer"]),
            evaluator=build_panel(judge),
            policy=Policy(judge_context=context, threshold=0.5),
        )
        prompt = judge.history[0].messages[-1].text
        assert ("<context>" in prompt) is (context == "full")
        if context == "full":
            assert '"draft_ms"' in prompt and '"query_analysis"' in prompt


async def test_trivial_requests_skip_evaluation_when_asked() -> None:
    for prompt, skipped in (("thanks!", True), ("Hi! What is the capital of France?", False)):
        judge = ScriptedModel(['{"quality_score": 9, "confidence_score": 9}'])
        result = await run(
            prompt,
            generator=ScriptedModel(["You're welcome."]),
            evaluator=build_panel(judge),
            policy=Policy(skip_trivial=True, threshold=0.5),
        )
        assert (result.stop_reason == "skipped") is skipped
        assert (judge.history == []) is skipped
        if skipped:
            assert result.skipped_reason is not None and "trivial" in result.skipped_reason
