"""Fault injection end to end: a real OpenAI SDK judge against a misbehaving
server, every run recorded in the store.

Each fault must end in a completed, recorded run with the right status —
never a crash, never a pass — and inside the deadline.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from _judging import ALL_YES, PROBE
from redraft import CircuitOpenError, ModelRequest, Policy, RunCompleted, RunEvent, stream_run
from redraft.app import build_panel
from redraft.core._lazy_pattern import compile_declared
from redraft.providers import CircuitBreaker, FunctionModel, ScriptedModel
from redraft.providers._openai import OpenAIProvider
from redraft.store import Store
from redraft.testing import FakeError, FakeOpenAIServer

pytestmark = pytest.mark.real_calls

GOOD = ALL_YES
"""The judge's one checklist item ("Capital of France?") met, with confidence."""


@pytest.fixture
def fake() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as server:
        yield server


async def _recorded_run(
    tmp_path: Path, judge: object, policy: Policy, drafts: tuple[str, ...] = ("Paris.",)
) -> tuple[RunCompleted, float, Store]:
    store = await Store.open(f"sqlite:///{tmp_path / 'faults.db'}")
    events: list[RunEvent] = []
    # The compiler's and checks' patterns compile where a process first uses
    # them (seconds, once): paid here, so the time measured is the run's.
    compile_declared(["redraft.criteria", "redraft.evaluators"])
    started = time.monotonic()
    async for event in stream_run(
        "Capital of France?",
        generator=ScriptedModel(list(drafts)),
        evaluator=build_panel(judge),  # type: ignore[arg-type]
        policy=policy,
    ):
        await store.record(event, tenant="t")
        events.append(event)
    elapsed = time.monotonic() - started
    final = events[-1]
    assert isinstance(final, RunCompleted), final
    stored = await store.get_run(final.run_id, tenant="t")
    assert stored is not None and stored.status == "completed"
    assert len(stored.calls) == len(final.result.calls)
    return final, elapsed, store


def _judge(fake: FakeOpenAIServer) -> OpenAIProvider:
    return OpenAIProvider("fake-judge", base_url=fake.base_url, api_key="sk-test", max_retries=0)


async def test_429_with_retry_after_is_retried_and_recorded(
    fake: FakeOpenAIServer, tmp_path: Path
) -> None:
    fake.add(FakeError(429, headers={"retry-after-ms": "150"}), PROBE, GOOD)
    final, elapsed, store = await _recorded_run(tmp_path, _judge(fake), Policy(threshold=0.5))
    result = final.result
    assert result.passed and result.stop_reason == "passed"
    judge_calls = [(c.status, c.retry) for c in result.calls if c.kind == "judge"]
    # The log-probability call is rate limited and retried; the fake sends no
    # log-probabilities, so the judge then asks the item in words.
    assert judge_calls == [("error", 0), ("ok", 1), ("ok", 0)]
    assert elapsed >= 0.15  # the server's Retry-After was honoured
    stored = await store.get_run(result.run_id, tenant="t")
    assert stored is not None and [c.retry for c in stored.calls if c.kind == "judge"] == [0, 1, 0]
    await store.close()


async def test_persistent_500s_degrade_the_verdict_and_keep_the_draft(
    fake: FakeOpenAIServer, tmp_path: Path
) -> None:
    fake.add(*[FakeError(500)] * 3)
    final, _, store = await _recorded_run(
        tmp_path, _judge(fake), Policy(threshold=0.5, provider_retries=2, retry_backoff_s=0.01)
    )
    result = final.result
    assert (result.passed, result.stop_reason, result.final_answer) == (
        False,
        "degraded",
        "Paris.",
    )
    assert [c.retry for c in result.calls if c.kind == "judge"] == [0, 1, 2]
    evidence = result.drafts[0].verdict.evidence  # type: ignore[union-attr]
    assert any(e.status == "error" for e in evidence)
    await store.close()


async def test_malformed_judge_json_is_a_degraded_verdict(
    fake: FakeOpenAIServer, tmp_path: Path
) -> None:
    fake.add(PROBE, "this is not json at all", GOOD)
    final, _, store = await _recorded_run(tmp_path, _judge(fake), Policy(threshold=0.5))
    result = final.result
    assert result.stop_reason == "degraded" and not result.passed
    (evidence,) = [e for e in result.drafts[0].verdict.evidence if e.status == "error"]  # type: ignore[union-attr]
    assert "JSON" in evidence.reason
    await store.close()


async def test_a_connection_drop_is_retried(tmp_path: Path) -> None:
    from redraft import ProviderConnectionError

    judge = ScriptedModel([ProviderConnectionError("connection reset by peer"), GOOD])
    final, _, store = await _recorded_run(
        tmp_path, judge, Policy(threshold=0.5, retry_backoff_s=0.01)
    )
    assert final.result.passed
    assert [(c.status, c.retry) for c in final.result.calls if c.kind == "judge"] == [
        ("error", 0),
        ("ok", 1),
    ]
    await store.close()


async def test_a_judge_timeout_holds_the_deadline(tmp_path: Path) -> None:
    async def hangs(request: ModelRequest) -> str:
        await asyncio.sleep(30)
        return GOOD

    final, elapsed, store = await _recorded_run(
        tmp_path,
        FunctionModel(hangs),
        Policy(threshold=0.5, deadline_s=5.0, judge_timeout_s=0.2),
    )
    # The judge's own timeout ends the hang long before the run's deadline
    # (which leaves room for a busy machine): the draft is kept, degraded.
    assert final.result.stop_reason == "degraded"
    assert elapsed < 5.0
    await store.close()


async def test_the_breaker_opens_refuses_without_calling_and_closes_again(
    fake: FakeOpenAIServer, tmp_path: Path
) -> None:
    now = [0.0]
    breaker = CircuitBreaker(_judge(fake), failures=2, reset_after_s=30, clock=lambda: now[0])
    policy = Policy(threshold=0.5, provider_retries=0)
    fake.add(FakeError(500), FakeError(500))
    for _ in range(2):
        final, _, store = await _recorded_run(tmp_path, breaker, policy)
        await store.close()
    state = breaker.state  # a local: mypy would keep the property narrowed to "open"
    assert state == "open" and len(fake.requests) == 2
    final, _, store = await _recorded_run(tmp_path, breaker, policy)
    await store.close()
    assert len(fake.requests) == 2  # refused without a call
    reasons = [e.reason for e in final.result.drafts[0].verdict.evidence]  # type: ignore[union-attr]
    assert any(CircuitOpenError.__name__ in r or "circuit" in r.lower() for r in reasons)
    assert final.result.stop_reason == "degraded"
    now[0] += 31
    fake.add(PROBE, GOOD)
    final, _, store = await _recorded_run(tmp_path, breaker, policy)
    await store.close()
    assert final.result.passed and breaker.state == "closed"


async def test_budget_and_deadline_hold_under_retries(
    fake: FakeOpenAIServer, tmp_path: Path
) -> None:
    fake.add(*[FakeError(503, headers={"retry-after-ms": "100"})] * 10)
    final, elapsed, store = await _recorded_run(
        tmp_path,
        _judge(fake),
        Policy(
            threshold=0.5,
            provider_retries=10,
            retry_backoff_s=0.01,
            deadline_s=0.6,
            token_budget=5000,
        ),
        drafts=("Paris.", "Paris!", "Paris?"),
    )
    result = final.result
    judge_tries = [c.retry for c in result.calls if c.kind == "judge"]
    # Retried at the server's pace (100 ms) until waiting would pass the deadline.
    assert 2 <= len(judge_tries) <= 7 and judge_tries == list(range(len(judge_tries)))
    assert elapsed < 0.6 + 0.3
    assert result.usage.total_tokens <= 5000
    assert result.stop_reason in ("deadline", "degraded")
    await store.close()
