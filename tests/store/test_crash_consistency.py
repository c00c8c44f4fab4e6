"""A run is never stored half: SIGKILL anywhere in a write leaves it complete,
or closed as interrupted.

A writer process (``_crash_writer.py``) records rounds of concurrent runs
through the service's path (:class:`RunExecutor`, group commit, leases) and
holds still at a chosen point inside a chosen run-log transaction; the test
kills it there with SIGKILL, then opens the store, closes the abandoned runs
as the server does at start, and checks every run against its event log.
Nothing waits on time: the writer says where it holds, and the test kills it
only then; each kill is checked on the database as the kill left it, and the
kills of one test share a database, so the runs of earlier ones must come
through later ones unchanged.

The points: before the transaction's first statement, after it, between the
claim of the runs and the log append, after the append, before the runs'
totals, before their outcomes, before COMMIT, after COMMIT. The transactions:
the first of a round (run starts only), the first drafts, the first verdicts
and ends, the second drafts, the last ends.
"""

from __future__ import annotations

import asyncio
import json
import os
import select
import signal
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select as sql_select
from sqlalchemy.ext.asyncio import AsyncSession

from redraft import (
    CallRecorded,
    DraftCompleted,
    DraftStarted,
    Evidence,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunStarted,
    VerdictReached,
)
from redraft.core._events import EVENT_ADAPTER
from redraft.store import Store
from redraft.store._models import CallRow, DraftRow, EventRow, EvidenceRow, RunRow
from redraft.store._run_leases import INTERRUPTED

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the writer forks its workers")

WRITER = Path(__file__).with_name("_crash_writer.py")
TENANTS = ("acme", "globex")
# The transactions of the first round, in order (see _crash_writer), each
# named as the k-th whose events include a type of the selector. What each
# holds, on both backends (the stages are fixed; the split of a stage into
# transactions is the scheduler's, and a change there moves these, never the
# checks, which hold for any transaction):
ROUND = (
    ("start", 1),  # 6 runs' run_started and draft_started: no run stored yet
    ("draft", 1),  # first drafts; the run that gets none ends (run_failed)
    ("end", 2),  # first verdicts; the runs they pass end (run_completed)
    ("draft", 2),  # second drafts: 3 runs mid-way, nothing ends
    ("end", 3),  # second verdicts and those 3 runs' ends
)
# Where each point is tried. Before COMMIT, in every transaction of a round;
# after it, in the first, the middle and the last; the points inside a
# transaction, each in one of them (each leaves the state the transaction
# found, as a kill before COMMIT there does, so one of each shows its
# statements roll back) and the outcomes before each kind of ending.
KILLS: dict[str, tuple[tuple[str, int], ...]] = {
    "begin": (ROUND[3],),
    "begun": (ROUND[1],),
    "claimed": (ROUND[0],),  # the new runs' rows inserted, no event
    "appended": (ROUND[2],),
    "touch": (ROUND[4],),
    "ending": (("end", 1), ("end", 3)),  # run_failed; run_completed
    "commit": ROUND,
    "committed": (ROUND[0], ROUND[2], ROUND[4]),
}
# Each kind of run, ended on its own (not cut): (status, passed, attempts, error_type).
ENDINGS: dict[str, tuple[str, bool | None, int, str | None]] = {
    "first": ("completed", True, 1, None),
    "second": ("completed", True, 2, None),
    "never": ("completed", False, 2, None),
    "broken": ("failed", False, 0, "ProviderError"),
}
TIMEOUT_S = 60.0


@dataclass(frozen=True)
class Held:
    """Where a writer was killed, and what its transaction was writing."""

    point: str
    selector: str
    k: int
    batch: list[tuple[str, int, str]]

    def __str__(self) -> str:
        types = sorted({t for _, _, t in self.batch})
        runs = len({r for r, _, _ in self.batch})
        where = f"transaction {self.selector}#{self.k}"
        return f"killed at {self.point!r} in {where} ({runs} runs: {types})"


class CrashWriter:
    """The writer process: :meth:`kill_at` orders a worker and SIGKILLs it at its point."""

    def __init__(self, log: Path) -> None:
        self.log = log
        self._log = log.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, str(WRITER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
        )
        self._buffer = b""
        assert self._read() == {"event": "ready"}, self.tail()

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]

    def _read(self) -> dict[str, Any]:
        """The writer's next line; fails (never hangs) when it says nothing for long."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        deadline = time.monotonic() + TIMEOUT_S
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError(f"the writer said nothing for {TIMEOUT_S}s: {self.tail()}")
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                raise RuntimeError(f"the writer exited: {self.tail()}")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        message: dict[str, Any] = json.loads(line)
        return message

    def kill_at(self, url: str, point: str, selector: str, k: int) -> Held:
        assert self.process.stdin is not None
        order = {"url": url, "point": point, "selector": selector, "k": k}
        self.process.stdin.write(json.dumps(order).encode() + b"\n")
        self.process.stdin.flush()
        message = self._read()
        if message["event"] != "held":
            # It ran out of rounds (then exits) or failed (and exited).
            exited = message if message["event"] == "exited" else self._read()
            pytest.fail(f"the worker never held at {order}: {message}, {exited}\n{self.tail()}")
        # The worker is this test's grandchild, forked by the writer: killed by its id.
        os.kill(message["pid"], signal.SIGKILL)
        exited = self._read()
        # Reaped: the process is gone, its files and connections closed.
        assert exited["event"] == "exited" and exited["pid"] == message["pid"], exited
        assert exited["signal"] == signal.SIGKILL, (exited, self.tail())
        batch = [(run_id, seq, kind) for run_id, seq, kind in message["batch"]]
        return Held(point, selector, k, batch)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(30)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(30)
            if self.process.stdout is not None:
                self.process.stdout.close()
            self._log.close()


@pytest.fixture(scope="module")
def crash_writer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CrashWriter]:
    writer = CrashWriter(tmp_path_factory.mktemp("crash") / "writer.log")
    try:
        yield writer
    finally:
        writer.close()


# -- what is stored ----------------------------------------------------------------


@dataclass
class Stored:
    """Every row of the run tables, by run."""

    runs: dict[str, RunRow]
    events: dict[str, list[EventRow]] = field(default_factory=lambda: defaultdict(list))
    drafts: dict[str, list[DraftRow]] = field(default_factory=lambda: defaultdict(list))
    evidence: dict[str, list[EvidenceRow]] = field(default_factory=lambda: defaultdict(list))
    calls: dict[str, list[CallRow]] = field(default_factory=lambda: defaultdict(list))

    def keys(self) -> set[tuple[str, int]]:
        return {(row.run_id, row.seq) for rows in self.events.values() for row in rows}


async def _read(store: Store) -> Stored:
    async with AsyncSession(store.engine) as session:
        stored = Stored({row.id: row for row in await session.scalars(sql_select(RunRow))})
        for event in await session.scalars(sql_select(EventRow).order_by(EventRow.seq)):
            stored.events[event.run_id].append(event)
        for draft in await session.scalars(sql_select(DraftRow)):
            stored.drafts[draft.run_id].append(draft)
        for item in await session.scalars(sql_select(EvidenceRow)):
            stored.evidence[item.run_id].append(item)
        for call in await session.scalars(sql_select(CallRow).order_by(CallRow.position)):
            stored.calls[call.run_id].append(call)
    tables = (stored.events, stored.drafts, stored.evidence, stored.calls)
    assert not set().union(*tables) - stored.runs.keys(), "rows of no run"
    return stored


def _check_run(stored: Stored, run_id: str, *, interrupted: set[str]) -> None:
    """The run's tables agree with its log, and it ended as its kind ends or was cut."""
    run = stored.runs[run_id]
    rows = stored.events[run_id]
    assert rows, "a run stored without any event"
    log: list[RunEvent] = [EVENT_ADAPTER.validate_python(row.payload) for row in rows]
    assert [row.seq for row in rows] == list(range(1, len(rows) + 1)), "a gap in the log"
    assert [(e.seq, e.type, e.run_id) for e in log] == [(r.seq, r.type, run_id) for r in rows], (
        "a log row disagrees with its payload"
    )
    assert isinstance(log[0], RunStarted), "a run stored without its start"
    assert run.tenant in TENANTS and run.prompt == log[0].request.prompt, "not the run started"
    kind = run.prompt.split()[0]

    ends = [e for e in log if isinstance(e, RunCompleted | RunFailed)]
    if run.status == "running":
        assert not ends and run.result is None, "running, with an ending"
        assert run_id not in interrupted, "closed, yet running"
    else:
        assert len(ends) == 1 and log[-1] is ends[0], "the ending is not the log's last event"
        end = ends[0]
        status = "completed" if isinstance(end, RunCompleted) else "failed"
        assert run.status == status, f"{run.status} with a {end.type} ending"
        outcome = (run.passed, run.score, run.attempts, run.stop_reason, run.final_answer)
        result = end.result
        assert outcome == (
            result.passed,
            result.score,
            result.attempts,
            result.stop_reason,
            result.final_answer,
        ), "the run's outcome is not its ending's"
        assert run.result == rows[-1].payload["result"], "the run's result is not its ending's"
        assert (run.input_tokens, run.output_tokens) == (
            result.usage.input_tokens,
            result.usage.output_tokens,
        ), "the run's tokens are not its ending's"
        if run_id in interrupted:
            assert isinstance(end, RunFailed) and end.error_type == INTERRUPTED, "not interrupted"
            assert run.error == end.error, "the run's error is not its ending's"
        else:
            error_type = end.error_type if isinstance(end, RunFailed) else None
            ending = (run.status, run.passed, run.attempts, error_type)
            assert ending == ENDINGS[kind], f"a {kind!r} run that was not cut ended {ending}"

    # drafts: one row per draft_completed, with its text and its feedback
    feedback = {e.attempt: e.feedback for e in log if isinstance(e, DraftStarted)}
    completed = {e.attempt: e for e in log if isinstance(e, DraftCompleted)}
    drafts = {d.attempt: d for d in stored.drafts[run_id]}
    assert len(drafts) == len(stored.drafts[run_id]), "two rows for one draft"
    assert drafts.keys() == completed.keys(), "the draft rows are not the completed drafts"
    for attempt, draft in drafts.items():
        assert (draft.text, draft.finish_reason, draft.feedback) == (
            completed[attempt].text,
            completed[attempt].finish_reason,
            feedback[attempt],
        ), f"draft {attempt}'s row is not its events'"

    # verdicts: on their draft's row; evidence: one row per item, in order
    verdicts = {
        e.attempt: (e, row)
        for e, row in zip(log, rows, strict=True)
        if isinstance(e, VerdictReached)
    }
    evidence: dict[int, list[EvidenceRow]] = defaultdict(list)
    for item in sorted(stored.evidence[run_id], key=lambda i: (i.attempt, i.position)):
        evidence[item.attempt].append(item)
    assert verdicts.keys() <= drafts.keys(), "a verdict without its draft"
    assert evidence.keys() <= verdicts.keys(), "evidence of no verdict"
    for attempt, draft in drafts.items():
        if attempt not in verdicts:
            assert draft.verdict_score is None, f"draft {attempt} has a verdict never reached"
            continue
        verdict, row = verdicts[attempt]
        assert (
            draft.verdict_score,
            draft.verdict_passed,
            draft.verdict_reason,
            draft.verdict_suggestions,
            draft.verdict_requirements,
        ) == (
            verdict.verdict.score,
            verdict.verdict.passed,
            verdict.verdict.reason,
            row.payload["verdict"]["suggestions"],
            row.payload["verdict"]["requirements"],
        ), f"draft {attempt}'s verdict is not its verdict_reached"
        items = [
            Evidence.model_validate({name: getattr(i, name) for name in Evidence.model_fields})
            for i in evidence[attempt]
        ]
        positions = [i.position for i in evidence[attempt]]
        assert positions == list(range(1, len(items) + 1)), f"a gap in draft {attempt}'s evidence"
        assert items == verdict.verdict.evidence, f"draft {attempt}'s evidence is not its verdict's"
    if run.status == "running":
        assert run.attempts == max(verdicts, default=0), "the run's attempts are not its verdicts'"

    # calls: one row per call_recorded, at its seq; the run's tokens are theirs
    recorded = [e for e in log if isinstance(e, CallRecorded)]
    calls = stored.calls[run_id]
    assert [c.position for c in calls] == [e.seq for e in recorded], "calls rows are not calls"
    for call, event in zip(calls, recorded, strict=True):
        assert (
            call.kind,
            call.attempt,
            call.text,
            call.status,
            call.input_tokens,
            call.output_tokens,
        ) == (
            event.call.kind,
            event.call.attempt,
            event.call.text,
            event.call.status,
            event.call.usage.input_tokens,
            event.call.usage.output_tokens,
        ), f"the call at {call.position} is not its call_recorded"
    assert (run.input_tokens, run.output_tokens) == (
        sum(c.input_tokens for c in calls),
        sum(c.output_tokens for c in calls),
    ), "the run's tokens are not its calls'"


def _check(stored: Stored, *, interrupted: set[str]) -> None:
    for run_id in stored.runs:
        try:
            _check_run(stored, run_id, interrupted=interrupted)
        except AssertionError as error:
            kinds = [row.type for row in stored.events[run_id] if row.type != "text_delta"]
            raise AssertionError(f"run {run_id}: {error}\n  its log: {kinds}") from error


async def _check_readable(store: Store, stored: Stored, run_ids: set[str]) -> None:
    for run_id in run_ids:
        run = stored.runs[run_id]
        read = await store.get_run(run_id, tenant=run.tenant)
        assert read is not None, run_id
        assert read.status == run.status
        assert [e.seq for e in read.events] == [row.seq for row in stored.events[run_id]]
        assert len(read.drafts) == len(stored.drafts[run_id])
        assert len(read.calls) == len(stored.calls[run_id])
        if run.status != "running":
            assert read.result is not None and read.events[-1].type == f"run_{run.status}"
        other = TENANTS[1 - TENANTS.index(run.tenant)]
        assert await store.get_run(run_id, tenant=other) is None


async def _kill_and_check(
    writer: CrashWriter,
    url: str,
    point: str,
    selector: str,
    k: int,
    interrupted: set[str],
    read_back: set[str],
) -> Held:
    """Kill a writer at the point, check every run before and after closing
    the abandoned ones; ``interrupted`` (runs closed) and ``read_back`` (runs
    read back whole after they ended) carry on from one kill to the next."""
    held = await asyncio.to_thread(writer.kill_at, url, point, selector, k)
    wanted = {"start": {"run_started"}, "draft": {"draft_completed"}}.get(
        selector, {"run_completed", "run_failed"}
    )
    assert wanted & {t for _, _, t in held.batch}, f"not the transaction wanted: {held}"
    store = await Store.open(url)
    try:
        before = await _read(store)
        # The transaction cut: all of it stored, or none of it.
        batch = {(run_id, seq) for run_id, seq, _ in held.batch}
        if point == "committed":
            missing = sorted(batch - before.keys())
            assert not missing, f"events of the committed transaction missing: {missing}"
        else:
            stored = sorted(batch & before.keys())
            assert not stored, f"events of the transaction cut before COMMIT stored: {stored}"
            started = {run_id for run_id, _, t in held.batch if t == "run_started"}
            assert not started & before.runs.keys(), "runs started in the cut transaction stored"
        _check(before, interrupted=interrupted)

        running = {run_id for run_id, run in before.runs.items() if run.status == "running"}
        closed = await store.close_abandoned_runs(
            owner="test", now=datetime.now(UTC), all_foreign=True
        )
        assert sorted(closed) == sorted(running), "closed other runs than those left running"
        interrupted |= running

        after = await _read(store)
        assert after.runs.keys() == before.runs.keys()
        assert not [r.id for r in after.runs.values() if r.status == "running"], "left running"
        # Closing appends one event to each run it closes and changes no other.
        for run_id, rows in after.events.items():
            kept = before.events[run_id]
            assert [r.payload for r in rows[: len(kept)]] == [r.payload for r in kept]
            assert len(rows) == len(kept) + (run_id in running)
        _check(after, interrupted=interrupted)
        # A run that has ended does not change: read back the others.
        await _check_readable(store, after, after.runs.keys() - read_back)
        read_back |= after.runs.keys()
    except AssertionError as error:
        raise AssertionError(f"{held}: {error}") from error
    finally:
        await store.close()
    return held


@pytest.mark.parametrize("point", KILLS)
async def test_a_run_killed_anywhere_in_its_write_is_complete_or_interrupted(
    database_url: str, crash_writer: CrashWriter, point: str
) -> None:
    interrupted: set[str] = set()
    read_back: set[str] = set()
    for selector, k in KILLS[point]:
        await _kill_and_check(
            crash_writer, database_url, point, selector, k, interrupted, read_back
        )
