"""The whole loop on the real embedded model: draft, judge, redraft."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from redraft import Evidence, Policy, RunRequest, Verdict, run
from redraft.evaluators import AllOf, EvaluationContext, Evaluator, Judge, Subject, aggregate
from redraft.providers import Provider, ProviderRegistry

pytestmark = pytest.mark.real_model


class FailsFirstAttempt(Evaluator):
    """Rejects attempt 1 whatever it says, so the run must redraft."""

    name = "fails-first"

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        passed = subject.attempt > 1
        evidence = Evidence(
            evaluator=self.name,
            passed=passed,
            score=1.0 if passed else 0.0,
            reason="first drafts are always sent back" if not passed else "later draft",
            suggestions=[] if passed else ["Name the city explicitly in a full sentence."],
        )
        return aggregate([evidence], threshold=context.threshold)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def local() -> AsyncIterator[Provider]:
    registry = ProviderRegistry()
    yield registry.get("local")
    await registry.aclose()


@pytest.mark.asyncio(loop_scope="module")
async def test_draft_judge_redraft_on_the_embedded_model(local: Provider) -> None:
    result = await run(
        RunRequest.from_prompt("What is the capital of France?", criteria="Says Paris."),
        generator=local,
        evaluator=AllOf(FailsFirstAttempt(), Judge(local, preset="criteria")),
        policy=Policy(max_attempts=2, threshold=0.0, max_tokens=64, deadline_s=120),
    )
    kinds = [(c.kind, c.attempt, c.status) for c in result.calls]
    assert kinds == [
        ("draft", 1, "ok"),
        ("judge", 1, "ok"),
        ("draft", 2, "ok"),
        ("judge", 2, "ok"),
    ]
    assert all(c.provider == "local" and c.model == "SmolLM2-135M-Instruct" for c in result.calls)
    assert all(d.text.strip() for d in result.drafts)
    # the redraft was written under the critique of the first verdict
    second_prompt = result.calls[2].messages[-1].text
    assert "Name the city explicitly" in second_prompt
    first_verdict = result.drafts[0].verdict
    assert first_verdict is not None
    judge_evidence = [e for e in first_verdict.evidence if e.kind == "judge"]
    assert judge_evidence and judge_evidence[0].status == "ok"
    assert "score" in judge_evidence[0].data
    assert result.usage.total_tokens == sum(c.usage.total_tokens for c in result.calls) > 0


@pytest.mark.asyncio(loop_scope="module")
async def test_candidates_draft_at_once_on_the_embedded_model(local: Provider) -> None:
    from redraft import stream_run
    from redraft.evaluators import MustMatch

    events = [
        event
        async for event in stream_run(
            "What is the capital of France? Answer in one sentence.",
            generator=local,
            evaluator=MustMatch("(?i)paris"),
            policy=Policy(max_attempts=2, candidates=2, max_tokens=40, deadline_s=120),
        )
    ]
    order = [(e.type, getattr(e, "attempt", None)) for e in events]
    first_done = next(i for i, (t, _) in enumerate(order) if t == "draft_completed")
    # Both candidates were writing before either finished: the two slots ran together.
    assert {a for t, a in order[:first_done] if t == "text_delta"} == {1, 2}
    assert events[-1].type == "run_completed"
