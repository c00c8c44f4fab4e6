"""The loop's semantics, pinned on scripted providers through the real seams."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping

import pytest

from redraft import (
    CallRecorded,
    DraftCompleted,
    DraftStarted,
    Evidence,
    EvidenceRecorded,
    FeedbackPrepared,
    ModelRequest,
    Policy,
    ProviderError,
    QualityError,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunFailedError,
    RunRequest,
    RunStarted,
    TextDelta,
    Verdict,
    VerdictReached,
    run,
    stream_run,
)
from redraft.core import EvaluatorKind
from redraft.core._feedback import ENCOURAGEMENT
from redraft.evaluators import EvaluationContext, Evaluator, Subject, aggregate
from redraft.providers import FunctionModel, Provider, ScriptedModel


class Table(Evaluator):
    """Scores a draft by looking its text up in a table."""

    name = "table"

    def __init__(
        self,
        scores: Mapping[str, float],
        *,
        hint: str | None = None,
        suggestion: str = "",
        kind: EvaluatorKind = "judge",
    ) -> None:
        self.scores = scores
        self.kind = kind
        self.hint = hint
        self.suggestion = suggestion
        self.seen: list[Subject] = []

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        self.seen.append(subject)
        score = self.scores.get(subject.text, 0.0)
        data = {"improvement_hint": self.hint} if self.hint else {}
        evidence = Evidence(
            evaluator=self.name,
            kind=self.kind,
            score=score,
            passed=score >= context.threshold,
            reason=f"scored {score}",
            suggestions=[self.suggestion] if self.suggestion else [],
            data=data,
        )
        return aggregate([evidence], threshold=context.threshold)


class LLMJudge(Evaluator):
    """A judge that asks ``provider`` for ``{"score": 0-10}`` through the gateway."""

    name = "llm"
    kind = "judge"
    uses_llm = True

    def __init__(self, provider: ScriptedModel | FunctionModel) -> None:
        self.provider = provider

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        completion = await context.gateway.complete(
            self.provider,
            ModelRequest(messages=[{"role": "user", "content": subject.text}], max_tokens=50),  # type: ignore[list-item]
            kind="judge",
            attempt=subject.attempt,
            evaluator=self.name,
        )
        score = json.loads(completion.text)["score"] / 10
        evidence = Evidence(
            evaluator=self.name, kind="judge", score=score, passed=score >= context.threshold
        )
        return aggregate([evidence], threshold=context.threshold)


async def _events(
    generator: Provider, evaluator: Evaluator, policy: Policy, prompt: str = "Q?"
) -> list[RunEvent]:
    return [
        e
        async for e in stream_run(
            prompt,
            generator=generator,
            evaluator=evaluator,
            policy=policy,
        )
    ]


async def test_stops_early_at_the_threshold() -> None:
    generator = ScriptedModel(["weak", "strong", "never drafted"])
    result = await run(
        "Q?",
        generator=generator,
        evaluator=Table({"weak": 0.2, "strong": 0.9}),
        policy=Policy(threshold=0.8, max_attempts=3),
    )
    assert result.passed
    assert result.stop_reason == "passed"
    assert result.final_answer == "strong"
    assert result.attempts == 2
    assert result.score == pytest.approx(0.9)
    assert list(generator.queue) == ["never drafted"]


@pytest.mark.parametrize(
    ("on_exhausted", "kind", "expected"),
    [("best", "check", "middle"), ("last", "check", "third"), ("best", "judge", "middle")],
)
async def test_exhaustion_returns_best_or_last(
    on_exhausted: str, kind: EvaluatorKind, expected: str
) -> None:
    # Nothing verified tells these drafts apart, so the scores rank them.
    scores = {"first": 0.3, "middle": 0.6, "third": 0.4}
    result = await run(
        "Q?",
        generator=ScriptedModel(["first", "middle", "third"]),
        evaluator=Table(scores, kind=kind),
        policy=Policy(threshold=0.8, max_attempts=3, on_exhausted=on_exhausted),  # type: ignore[arg-type]
    )
    assert not result.passed
    assert result.stop_reason == "exhausted"
    assert result.attempts == 3
    assert result.final_answer == expected
    assert result.score == pytest.approx(scores[expected])
    assert [d.text for d in result.drafts] == ["first", "middle", "third"]


async def test_best_prefers_the_later_draft_on_a_tie() -> None:
    result = await run(
        "Q?",
        generator=ScriptedModel(["a", "b"]),
        evaluator=Table({"a": 0.5, "b": 0.5}, kind="check"),
        policy=Policy(max_attempts=2),
    )
    assert result.final_answer == "b"
    assert result.final_attempt == 2


async def test_raise_policy_carries_every_draft_and_the_final_score() -> None:
    with pytest.raises(QualityError) as caught:
        await run(
            "Q?",
            generator=ScriptedModel(["x", "y"]),
            evaluator=Table({"x": 0.1, "y": 0.7}),
            policy=Policy(max_attempts=2, on_exhausted="raise"),
        )
    error = caught.value
    assert error.attempts == 2
    assert error.final_score == pytest.approx(0.7)
    assert [d.verdict.score for d in error.result.drafts if d.verdict] == [0.1, 0.7]


async def test_max_attempts_is_a_hard_cap() -> None:
    generator = ScriptedModel(["n"] * 10)
    result = await run(
        "Q?", generator=generator, evaluator=Table({}), policy=Policy(max_attempts=4)
    )
    assert result.attempts == 4
    assert len(generator.history) == 4
    assert len(generator.queue) == 6


async def test_event_stream_order_and_sequence() -> None:
    events = await _events(
        ScriptedModel(["one two", "three four"]),
        Table({"three four": 1.0}),
        Policy(max_attempts=3),
    )
    kinds = [type(e) for e in events]
    assert kinds[0] is RunStarted
    assert kinds[-1] is RunCompleted
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert len({e.run_id for e in events}) == 1
    # attempt 1: started, deltas, call, completed, evidence, verdict; then feedback opens attempt 2
    first_feedback = kinds.index(FeedbackPrepared)
    assert kinds[1:first_feedback] == [
        DraftStarted,
        TextDelta,
        TextDelta,
        CallRecorded,
        DraftCompleted,
        EvidenceRecorded,
        VerdictReached,
    ]
    assert kinds[first_feedback + 1] is DraftStarted
    deltas = [e.delta for e in events if isinstance(e, TextDelta) and e.attempt == 2]
    completed = [e for e in events if isinstance(e, DraftCompleted)]
    assert "".join(deltas) == completed[1].text == "three four"


async def test_encourage_feedback_keeps_the_conversation_and_encourages() -> None:
    generator = ScriptedModel(["short", "long"])
    await run(
        "Explain DNS",
        generator=generator,
        evaluator=Table({"long": 1.0}),
        policy=Policy(feedback="encourage", max_attempts=2),
    )
    retry = generator.history[1].messages
    assert [(m.role, m.text) for m in retry] == [
        ("user", "Explain DNS"),
        ("assistant", "short"),
        ("user", ENCOURAGEMENT),
    ]


async def test_critique_feedback_drafts_afresh_with_the_points_to_fix() -> None:
    generator = ScriptedModel(["v1", "v2"])
    request = RunRequest.from_prompt("Explain DNS", format="two sentences")
    result = await run(
        request,
        generator=generator,
        evaluator=Table({"v1": 0.4, "v2": 1.0}, suggestion="Mention caching"),
        policy=Policy(feedback="critique", max_attempts=2, threshold=0.8),
    )
    retry = generator.history[1].messages
    assert len(retry) == 1, "critique drafts afresh, without the old answer"
    text = retry[0].text
    assert text.startswith("Explain DNS\n\nResponse format: two sentences")
    assert "1. Mention caching" in text
    # a point says what to fix, so the score and the reason are not repeated
    assert "0.40" not in text and "table: scored" not in text
    assert "v1" not in text
    assert result.drafts[1].feedback is not None
    assert result.drafts[1].feedback in text


async def test_critique_feedback_without_a_point_gives_the_score_and_the_reason() -> None:
    generator = ScriptedModel(["v1", "v2"])
    await run(
        "Explain DNS",
        generator=generator,
        evaluator=Table({"v1": 0.4, "v2": 1.0}),
        policy=Policy(feedback="critique", max_attempts=2, threshold=0.8),
    )
    text = generator.history[1].messages[0].text
    assert "score 0.40" in text and "table: scored 0.4" in text


@pytest.mark.parametrize("temperature", [0.0, 0.7, None])
async def test_greedy_decoding_never_asks_for_the_same_draft_twice(
    temperature: float | None,
) -> None:
    # v1 is kept (0.5); v2 falls behind it (0.2), so the third draft's feedback
    # would again be built from v1, word for word.
    generator = ScriptedModel(["v1", "v2", "v3"])
    result = await run(
        "Explain DNS",
        generator=generator,
        evaluator=Table({"v1": 0.5, "v2": 0.2, "v3": 0.3}, suggestion="Mention caching"),
        policy=Policy(max_attempts=3, threshold=0.8, temperature=temperature),
    )
    if temperature == 0:
        assert [d.text for d in result.drafts] == ["v1", "v2"]
        assert result.stop_reason == "stalled" and result.final_answer == "v1"
        assert len(generator.history) == 2
    else:  # sampling may draw another draft from the same words
        assert [d.text for d in result.drafts] == ["v1", "v2", "v3"]
        assert result.stop_reason == "exhausted"


async def test_greedy_decoding_asks_again_when_the_feedback_changed() -> None:
    generator = ScriptedModel(["v1", "v2", "v3"])
    result = await run(
        "Explain DNS",
        generator=generator,
        evaluator=Table({"v1": 0.2, "v2": 0.5, "v3": 1.0}),  # the reason names the score
        policy=Policy(max_attempts=3, threshold=0.8, temperature=0.0),
    )
    assert len({m.messages[0].text for m in generator.history}) == 3
    assert result.passed is True and result.final_answer == "v3"


async def test_hint_feedback_drafts_afresh_with_the_hint_and_the_old_answer() -> None:
    long_draft = "word " * 200
    generator = ScriptedModel([long_draft, "better"])
    await run(
        "Explain DNS",
        generator=generator,
        evaluator=Table({"better": 1.0}, hint="Define resolvers first"),
        policy=Policy(feedback="hint", max_attempts=2),
    )
    retry = generator.history[1].messages
    assert len(retry) == 1
    text = retry[0].text
    assert "Feedback: Define resolvers first" in text
    assert "do not repeat" in text
    shown = text.split("(do not repeat it): ", 1)[1].split("\n", 1)[0]
    assert shown == long_draft[:500] + " […]"


async def test_progressive_feedback_grows_stricter() -> None:
    generator = ScriptedModel(["a1", "a2", "a3", "a4"])
    await run(
        "Q?",
        generator=generator,
        evaluator=Table({}, suggestion="Cite the RFC"),
        policy=Policy(feedback="progressive", max_attempts=4),
    )
    feedbacks = [generator.history[i].messages[-1].text for i in (1, 2, 3)]
    # each retry shows the model its own previous answer
    assert [generator.history[i].messages[-2].text for i in (1, 2, 3)] == ["a1", "a2", "a3"]
    assert "falls short" in feedbacks[0] and "MUST" not in feedbacks[0]
    assert "- Cite the RFC" in feedbacks[1] and "For example" in feedbacks[1]
    assert feedbacks[2].startswith("You MUST") and "1. Cite the RFC" in feedbacks[2]


async def test_usage_totals_every_call_judge_included() -> None:
    judge = ScriptedModel(['{"score": 3}', '{"score": 9}'])
    result = await run(
        "Explain DNS briefly",
        generator=ScriptedModel(["DNS maps names.", "DNS maps names to addresses."]),
        evaluator=LLMJudge(judge),
        policy=Policy(max_attempts=3, threshold=0.8),
    )
    assert [(c.kind, c.attempt) for c in result.calls] == [
        ("draft", 1),
        ("judge", 1),
        ("draft", 2),
        ("judge", 2),
    ]
    assert result.usage.input_tokens == sum(c.usage.input_tokens for c in result.calls)
    assert result.usage.output_tokens == sum(c.usage.output_tokens for c in result.calls)
    judge_usage = [c.usage.total_tokens for c in result.calls if c.kind == "judge"]
    assert all(t > 0 for t in judge_usage)
    assert result.calls[1].evaluator == "llm"
    assert result.calls[0].messages[0].text == "Explain DNS briefly"


async def test_token_budget_holds_over_verbose_generator_and_judge() -> None:
    verbose = " ".join(f"w{i}" for i in range(2000))
    judge = FunctionModel(lambda r: '{"score": 1}')
    result = await run(
        "Write a lot",
        generator=ScriptedModel([verbose] * 10),
        evaluator=LLMJudge(judge),
        policy=Policy(max_attempts=10, token_budget=400, max_tokens=150),
    )
    assert result.usage.total_tokens <= 400
    assert result.stop_reason == "budget"
    assert result.attempts >= 1
    assert any(c.kind == "judge" for c in result.calls)
    # verbose drafts were cut by max_tokens, as a real backend does
    assert all(c.usage.output_tokens <= 150 for c in result.calls)


async def test_deadline_holds_when_the_generator_hangs() -> None:
    never = asyncio.Event()

    async def hang(request: ModelRequest) -> str:
        await never.wait()
        return "unreachable"

    loop = asyncio.get_running_loop()
    started = loop.time()
    with pytest.raises(RunFailedError) as caught:
        await run(
            "Q?",
            generator=FunctionModel(hang),
            evaluator=Table({}),
            policy=Policy(deadline_s=0.2),
        )
    assert loop.time() - started < 5  # returned at all: the hang was cut
    result = caught.value.result
    assert result.stop_reason == "deadline"
    assert result.calls[0].status == "error"
    assert "deadline" in (result.calls[0].error or "")
    assert caught.value.continue_context == [{"role": "user", "content": "Q?"}]


async def test_deadline_during_judging_keeps_the_draft_and_degrades() -> None:
    never = asyncio.Event()

    async def hang(request: ModelRequest) -> str:
        await never.wait()
        return "{}"

    result = await run(
        "Q?",
        generator=ScriptedModel(["draft one", "draft two"]),
        evaluator=LLMJudge(FunctionModel(hang)),
        policy=Policy(deadline_s=0.2, max_attempts=2),
    )
    assert result.stop_reason == "deadline"
    assert result.final_answer == "draft one"
    assert not result.passed
    verdict = result.drafts[0].verdict
    assert verdict is not None and verdict.degraded
    assert verdict.evidence[0].status == "error"


async def test_failing_judge_degrades_and_never_passes() -> None:
    class Broken(Evaluator):
        name = "broken"

        async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
            raise ProviderError("judge down", provider="scripted")

    # The default (on_judge_error="keep"): a failed evaluation keeps the draft and stops.
    kept = await run(
        "Q?",
        generator=ScriptedModel(["d1", "d2"]),
        evaluator=Broken(),
        policy=Policy(max_attempts=2, threshold=0.0),
    )
    assert not kept.passed
    assert (kept.attempts, kept.stop_reason, kept.final_answer) == (1, "degraded", "d1")
    evidence = kept.drafts[0].verdict.evidence[0]  # type: ignore[union-attr]
    assert evidence.status == "error"
    assert "judge down" in evidence.reason
    # Asked to, it redrafts anyway; still never a pass.
    redrafted = await run(
        "Q?",
        generator=ScriptedModel(["d1", "d2"]),
        evaluator=Broken(),
        policy=Policy(max_attempts=2, threshold=0.0, on_judge_error="redraft"),
    )
    assert not redrafted.passed
    assert (redrafted.attempts, redrafted.stop_reason) == (2, "exhausted")


async def test_an_evaluator_claiming_a_pass_with_error_evidence_is_overruled() -> None:
    class Liar(Evaluator):
        name = "liar"

        async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
            evidence = Evidence(evaluator="liar", status="error", reason="parse failure")
            return Verdict(score=1.0, passed=True, evidence=[evidence])

    result = await run(
        "Q?", generator=ScriptedModel(["d"]), evaluator=Liar(), policy=Policy(max_attempts=1)
    )
    assert not result.passed
    assert result.drafts[0].verdict.reason.startswith("degraded")  # type: ignore[union-attr]


async def test_provider_error_after_a_judged_draft_completes_with_the_draft() -> None:
    result = await run(
        "Q?",
        generator=ScriptedModel(["d1", ProviderError("503 upstream", provider="scripted")]),
        evaluator=Table({"d1": 0.5}),
        policy=Policy(max_attempts=3),
    )
    assert result.stop_reason == "error"
    assert result.final_answer == "d1"
    assert "503 upstream" in (result.error or "")
    assert [c.status for c in result.calls] == ["ok", "error"]


async def test_provider_error_on_the_first_draft_fails_the_run_with_context() -> None:
    request = RunRequest(
        messages=[
            {"role": "system", "content": "Be brief."},  # type: ignore[list-item]
            {"role": "user", "content": "Q?"},  # type: ignore[list-item]
        ]
    )
    events = await _events(
        ScriptedModel([ProviderError("boom", provider="scripted")]), Table({}), Policy()
    )
    assert isinstance(events[-1], RunFailed)
    assert events[-1].error_type == "ProviderError"
    with pytest.raises(RunFailedError) as caught:
        await run(
            request,
            generator=ScriptedModel([ProviderError("boom", provider="scripted")]),
            evaluator=Table({}),
        )
    assert caught.value.continue_context == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Q?"},
    ]


async def test_the_evaluator_sees_previous_drafts() -> None:
    table = Table({})
    await run(
        "Q?", generator=ScriptedModel(["a", "b"]), evaluator=table, policy=Policy(max_attempts=2)
    )
    assert [s.attempt for s in table.seen] == [1, 2]
    assert [d.text for d in table.seen[1].previous] == ["a"]


async def test_result_json_has_the_documented_shape() -> None:
    result = await run(
        "Q?", generator=ScriptedModel(["d"]), evaluator=Table({"d": 1.0}), policy=Policy()
    )
    data = json.loads(result.model_dump_json())
    for key in (
        "run_id",
        "final_answer",
        "passed",
        "score",
        "attempts",
        "drafts",
        "calls",
        "usage",
    ):
        assert key in data
    draft = data["drafts"][0]
    assert set(draft) >= {"attempt", "text", "verdict"}
    assert set(draft["verdict"]) >= {"score", "passed", "reason", "suggestions", "evidence"}
    assert set(data["calls"][0]) >= {
        "kind",
        "attempt",
        "provider",
        "model",
        "usage",
        "latency_ms",
        "status",
    }
