"""CPU-heavy evaluation runs off the event loop, under a time limit: past it
the finding is an error, never a pass, and the loop stays free meanwhile."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

from redraft import Evidence, Policy, RunRequest, WorkTimeoutError
from redraft.app import build_panel, build_panel_async
from redraft.core._ledger import Ledger
from redraft.criteria import compile_checks, compile_checks_async
from redraft.evaluators import (
    CallableCheck,
    EvaluationContext,
    Evaluator,
    MustMatch,
    PointRule,
    RuleCheck,
    Subject,
)
from redraft.evaluators._offload import INLINE_CHARS, check_deadline, run_bounded


@pytest.fixture
def gate() -> Iterator[threading.Event]:
    """An event the blocked work waits on; set at the end to free its thread."""
    event = threading.Event()
    yield event
    event.set()


async def evidence_of(evaluator: Evaluator, text: str) -> list[Evidence]:
    verdict = await evaluator.evaluate(
        Subject(request=RunRequest.from_prompt("Q?"), text=text),
        EvaluationContext(threshold=0.5, gateway=Ledger(Policy())),
    )
    assert not verdict.passed or all(e.status == "ok" for e in verdict.evidence)
    return list(verdict.evidence)


async def ticking_while(work: asyncio.Future[list[Evidence]]) -> tuple[list[Evidence], int]:
    """Await ``work`` while counting how often another coroutine ran."""
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    ticker = asyncio.create_task(tick())
    try:
        result = await work
    finally:
        ticker.cancel()
    return result, ticks


async def test_a_check_past_its_time_limit_is_an_error_and_the_loop_stays_free(
    gate: threading.Event,
) -> None:
    check = CallableCheck(lambda text: gate.wait(), name="stuck")
    check.time_limit_s = 0.05
    evidence, ticks = await ticking_while(asyncio.ensure_future(evidence_of(check, "draft")))
    [finding] = evidence
    assert finding.status == "error" and finding.passed is False
    assert "the check 'stuck' took longer than the 0.05 s time limit" in finding.reason
    assert ticks > 1


async def test_rules_past_their_time_limit_are_an_error(
    gate: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    check = RuleCheck([PointRule("casino", -5, "Gambling")], name="policy")
    check.time_limit_s = 0.05
    monkeypatch.setattr(check, "apply", lambda text: [gate.wait()])
    evidence, ticks = await ticking_while(
        asyncio.ensure_future(evidence_of(check, "x" * (INLINE_CHARS + 1)))
    )
    [finding] = evidence
    assert finding.status == "error" and finding.passed is False
    assert "applying 1 rule took longer than the 0.05 s time limit" in finding.reason
    assert ticks > 1


async def test_a_pattern_check_past_its_limit_is_an_error(
    gate: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    check = MustMatch("Paris")
    check.time_limit_s = 0.05

    def blocked(text: str) -> Evidence:
        gate.wait()
        raise AssertionError("never reached")

    monkeypatch.setattr(check, "_judge", blocked)
    [finding] = await evidence_of(check, "x" * (INLINE_CHARS + 1))
    assert finding.status == "error" and finding.passed is False
    assert "0.05 s time limit" in finding.reason


async def test_work_that_checks_its_deadline_stops_and_frees_its_thread() -> None:
    stopped = threading.Event()

    def spin() -> None:
        try:
            while True:
                check_deadline()
        finally:
            stopped.set()

    with pytest.raises(WorkTimeoutError, match=r"spinning took longer than the 0\.05 s"):
        await run_bounded(spin, limit_s=0.05, what="spinning")
    assert stopped.wait(10)


async def test_results_and_errors_come_back_from_the_thread() -> None:
    assert await run_bounded(sum, [1, 2, 3], what="adding") == 6
    with pytest.raises(ZeroDivisionError):
        await run_bounded(lambda: 1 / 0, what="dividing")
    with pytest.raises(ValueError, match="positive"):
        await run_bounded(sum, [], limit_s=0, what="nothing")


async def test_plain_and_async_callables_both_work() -> None:
    async def mentions_paris(text: str) -> bool:
        return "Paris" in text

    [sync] = await evidence_of(CallableCheck(lambda text: "Paris" in text), "Paris")
    [coro] = await evidence_of(CallableCheck(mentions_paris), "Lyon")
    assert (sync.passed, coro.passed) == (True, False)


async def test_async_variants_build_what_the_sync_ones_build() -> None:
    prompt = "Describe Paris in at most 50 words, without commas."
    assert await compile_checks_async(prompt) == compile_checks(prompt)
    built = await build_panel_async(None, request=prompt, must_match=["Paris"])
    assert built.name == build_panel(None, request=prompt, must_match=["Paris"]).name


def test_importing_redraft_starts_no_thread() -> None:
    code = (
        "import threading, redraft, redraft.evaluators._offload as o; "
        "assert o._pool is None; "
        "assert not [t for t in threading.enumerate() if t.name.startswith('redraft-bounded')]"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
