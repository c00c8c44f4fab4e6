"""Untrusted CPU work runs in worker processes that are killed past their
time or memory: the caller gets an error it can turn into ``error`` evidence,
the event loop is never held, and the next task finds a fresh worker."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from _isolated_work import chained_schema, die, fail, hoard, pid_and_sum, spin
from redraft import IsolatedWorkError, WorkTimeoutError
from redraft.evaluators import MatchesJSONSchema
from redraft.evaluators._isolation import isolate_checks, run_isolated, stop_isolated_workers


@pytest.fixture
def isolated() -> Iterator[None]:
    isolate_checks()
    try:
        yield
    finally:
        isolate_checks(False)


@pytest.mark.usefixtures("isolated")
async def test_work_runs_in_another_process_and_returns_its_result() -> None:
    pid, total = await run_isolated(pid_and_sum, [1, 2, 3], limit_s=30, what="adding")
    assert total == 6
    assert pid != os.getpid()


@pytest.mark.usefixtures("isolated")
async def test_work_past_its_time_is_killed_and_the_next_task_gets_a_new_worker(
    tmp_path: Path,
) -> None:
    await run_isolated(pid_and_sum, [], limit_s=30, what="warming up")
    pid_file = tmp_path / "spinner.pid"
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.01)

    ticker = asyncio.create_task(tick())
    with pytest.raises(WorkTimeoutError, match="spinning took longer than the 1 s time limit"):
        await run_isolated(spin, str(pid_file), limit_s=1, what="spinning")
    ticker.cancel()
    spinner = int(pid_file.read_text())
    assert await _dies(spinner)
    # The loop kept running while the worker spun: about 100 ticks in that second.
    assert ticks > 20
    # Both workers still answer: the one that spun was replaced.
    pids = {(await run_isolated(pid_and_sum, [], limit_s=30, what="after"))[0] for _ in range(6)}
    assert spinner not in pids
    for pid in pids:
        assert _alive(pid)


@pytest.mark.usefixtures("isolated")
async def test_work_past_the_memory_cap_fails_without_taking_the_caller_down() -> None:
    with pytest.raises(IsolatedWorkError, match="hoarding failed: ran out of memory"):
        await run_isolated(hoard, limit_s=30, what="hoarding")
    assert (await run_isolated(pid_and_sum, [2, 2], limit_s=30, what="after"))[1] == 4


@pytest.mark.usefixtures("isolated")
async def test_a_worker_that_dies_is_reported_and_replaced() -> None:
    with pytest.raises(IsolatedWorkError, match="dying failed: its worker process died"):
        await run_isolated(die, limit_s=30, what="dying")
    assert (await run_isolated(pid_and_sum, [5], limit_s=30, what="after"))[1] == 5


@pytest.mark.usefixtures("isolated")
async def test_the_work_s_own_exception_comes_back_as_it_is() -> None:
    with pytest.raises(ValueError, match="no good"):
        await run_isolated(fail, "no good", limit_s=30, what="failing")


@pytest.mark.usefixtures("isolated")
async def test_stopping_the_workers_kills_running_work_and_a_later_task_starts_them_again() -> None:
    running = asyncio.create_task(run_isolated(spin, limit_s=30, what="spinning"))
    pid, _ = await run_isolated(pid_and_sum, [], limit_s=30, what="probe")
    started = time.monotonic()
    await asyncio.to_thread(stop_isolated_workers)
    with pytest.raises((IsolatedWorkError, WorkTimeoutError)):
        await running
    assert time.monotonic() - started < 20
    assert await _dies(pid)
    assert (await run_isolated(pid_and_sum, [1], limit_s=30, what="again"))[1] == 1


async def test_without_isolation_the_work_runs_on_a_thread_of_this_process() -> None:
    pid, total = await run_isolated(pid_and_sum, [4], limit_s=30, what="adding")
    assert (pid, total) == (os.getpid(), 4)


@pytest.mark.usefixtures("isolated")
async def test_an_exponential_schema_on_a_long_draft_is_an_error_finding_never_a_pass() -> None:
    check = MatchesJSONSchema(chained_schema(14, items=True))  # 1 KB, under the paths limit
    check.time_limit_s = 1.0
    draft = "[" + ", ".join('"not an integer"' for _ in range(200)) + "]"
    evidence = await check.check(draft)
    assert evidence.status == "error"
    assert evidence.passed is False
    assert "took longer than the 1 s time limit" in evidence.reason


@pytest.mark.usefixtures("isolated")
async def test_schema_findings_from_a_worker_read_as_inline_ones() -> None:
    schema = {"type": "object", "required": ["name"], "properties": {"age": {"type": "integer"}}}
    inline = MatchesJSONSchema(schema)
    isolated = MatchesJSONSchema(schema)
    isolated._inline = False  # the worker path, for a draft the inline path reads too
    for draft in ('{"age": "x"}', '{"name": "a"}', "not json", '```json\n{"name": 1}\n```'):
        mine, theirs = await inline.check(draft), await isolated.check(draft)
        assert mine.model_dump() == theirs.model_dump(), draft


async def _dies(pid: int, within_s: float = 10.0) -> bool:
    """Whether ``pid`` is gone within ``within_s``: the pool kills a worker
    from its own manager thread, a moment after the task is given up."""
    deadline = time.monotonic() + within_s
    while _alive(pid):
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


def _alive(pid: int) -> bool:
    # A killed child stays a zombie until reaped: that is not alive.
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:  # gone, or going while we read
        return False
