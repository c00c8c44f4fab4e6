"""Records runs through the service's path and holds still at a chosen point
inside a write transaction, for ``test_crash_consistency`` to SIGKILL.

Run as ``python _crash_writer.py``. Importing redraft's service takes seconds,
so this process imports it once and then forks one worker per order: the
worker is the process that gets killed, the imports are not paid again.

Protocol, one JSON object per line. On stdin, orders::

    {"url": ..., "point": ..., "selector": ..., "k": ...}

On stdout: ``{"event": "ready"}`` once; then per order, from the worker,
``{"event": "held", "pid", "point", "batch"}`` when it holds at the point
(``batch``: the ``[run_id, seq, type]`` of every event that transaction
writes) or ``{"event": "missed"}`` when its rounds ran out first; and from
this process, once the worker is reaped (killed, or ended on its own),
``{"event": "exited", "pid", "signal", "status"}``.

The worker opens the store, starts a :class:`RunExecutor` on it and records
rounds of concurrent runs (several kinds, two tenants), so each group commit
holds several runs. A run's generator answers only once the run's previous
stage is announced (so stored): its first draft after its ``run_started``,
its second after its first verdict. So, whatever the timing, a round's runs
reach the store in stages, each in one transaction or more: the starts; the
first drafts and verdicts, with the ends of the runs that stop there; the
second drafts and verdicts, with the other ends. Every run-log transaction
goes through ``Store.record_groups``; the worker counts the transactions
whose events include a type of the order's ``selector`` and, in the
``k``-th, holds at ``point``:

- ``begin``: before the transaction's first statement (SQLite: its ``BEGIN
  IMMEDIATE``; PostgreSQL: the claim of its runs);
- ``begun``: after that first statement (SQLite: the write lock taken);
- ``claimed``: runs claimed (new ones inserted, leases renewed), no event yet;
- ``appended``: events appended to the log, tables not updated;
- ``touch``: drafts, verdicts, evidence and calls written, runs' tokens not;
- ``ending``: everything but the runs' outcomes (needs a terminal event);
- ``commit``: every statement done, COMMIT not sent;
- ``committed``: COMMIT done and the connection back in the pool, nothing
  announced.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sys
import threading
import traceback
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Engine, event

from redraft import ModelRequest, Policy, ProviderError, RunEvent, RunRequest, VerdictReached
from redraft.app import build_panel
from redraft.evaluators import Evaluator
from redraft.server._executor import RunExecutor, RunHandle
from redraft.store import RunSource, Store
from redraft.store._run_leases import Lease
from redraft.testing import FunctionModel, ScriptedModel

POINTS = ("begin", "begun", "claimed", "appended", "touch", "ending", "commit", "committed")
SELECTORS: dict[str, frozenset[str]] = {
    "start": frozenset({"run_started"}),
    "draft": frozenset({"draft_completed"}),
    "end": frozenset({"run_completed", "run_failed"}),
}
# The statement each mid-transaction point comes before (or, "appended",
# after): how it starts, and a part of it.
_STATEMENTS = {
    "claimed": ("before", "INSERT INTO RUN_EVENTS ", ""),
    "appended": ("after", "INSERT INTO RUN_EVENTS ", ""),
    "touch": ("before", "UPDATE RUNS SET ", "INPUT_TOKENS=(RUNS.INPUT_TOKENS +"),
    "ending": ("before", "UPDATE RUNS SET STATUS=", ""),
}
ROUNDS = 40
"""Rounds a worker records before it gives up on reaching its point."""
LIFETIME_S = 90
"""A worker's alarm: one still alive then (held, or stuck with the test gone)
is ended by SIGALRM, so none outlives a test that stopped waiting for it."""

JUDGE_YES = json.dumps({"items": [{"answer": "yes", "confidence": 10}]})
PROMPT = "What is the capital of France?"
# Each kind of run: what the generator answers, in turn. The check wants
# "Paris"; the judge (asked once the check passes) says yes.
KINDS: dict[str, list[str | Exception]] = {
    "first": ["It is Paris."],  # passes at once: check, judge
    "second": ["It is Lyon.", "It is Paris."],  # fails the check, then passes
    "never": ["Lyon.", "Nice."],  # ends without passing (completed)
    "broken": [ProviderError("the model is down")],  # no draft: run_failed
}
ROUND = ("first", "second", "never", "broken", "second", "first")
TENANTS = ("acme", "globex")


def say(message: dict[str, Any]) -> None:
    # One write per line, unbuffered: the worker and this process share stdout.
    os.write(1, (json.dumps(message) + "\n").encode())


class Hold:
    """Counts the run-log transactions and holds in the chosen one."""

    def __init__(self, point: str, selector: str, k: int) -> None:
        if point not in POINTS or selector not in SELECTORS:
            raise ValueError(f"no point {point!r} or selector {selector!r}")
        self.point = point
        self.wanted = SELECTORS[selector]
        self.k = k
        self.seen = 0
        self.armed = False
        self.statements = 0
        self.committed = False
        self.batch: list[tuple[str, int, str]] = []

    def transaction(self, groups: Sequence[tuple[Sequence[RunEvent], str]]) -> None:
        """Called before each run-log transaction with what it will write."""
        events = [e for batch, _ in groups for e in batch]
        if self.wanted & {e.type for e in events}:
            self.seen += 1
        self.armed = self.seen == self.k and not self.batch
        if self.armed:
            self.batch = [(e.run_id, e.seq, e.type) for e in events]
        self.statements = 0
        self.committed = False

    def done(self) -> None:
        self.armed = False

    def statement(self, when: str, sql: str) -> None:
        if not self.armed:
            return
        if when == "before":
            self.statements += 1
            if self.statements == 1:
                self.reach("begin")
        elif self.statements == 1:
            self.reach("begun")
        shape = " ".join(sql.split()).upper()
        for point, (at, start, part) in _STATEMENTS.items():
            if when == at and shape.startswith(start) and part in shape:
                self.reach(point)

    def commit(self) -> None:
        if self.armed:
            self.reach("commit")
            self.committed = True

    def checkin(self) -> None:
        if self.armed and self.committed:
            self.reach("committed")

    def reach(self, point: str) -> None:
        if point != self.point:
            return
        self.armed = False
        say({"event": "held", "pid": os.getpid(), "point": point, "batch": self.batch})
        # Blocks this thread (the writer's, or the event loop's on
        # PostgreSQL) at the point until the test kills the process.
        threading.Event().wait()


def watch(engine: Engine, hold: Hold) -> None:
    def before(
        conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, executemany: bool
    ) -> None:
        hold.statement("before", statement)

    def after(
        conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, executemany: bool
    ) -> None:
        hold.statement("after", statement)

    def commit(conn: Any) -> None:
        hold.commit()

    def checkin(dbapi_connection: Any, record: Any) -> None:
        hold.checkin()

    event.listen(engine, "before_cursor_execute", before)
    event.listen(engine, "after_cursor_execute", after)
    event.listen(engine, "commit", commit)
    event.listen(engine, "checkin", checkin)


def evaluator() -> Evaluator:
    return build_panel(ScriptedModel([JUDGE_YES] * 3), must_match=["Paris"])


def gated(script: Sequence[str | Exception], gates: Sequence[asyncio.Event]) -> FunctionModel:
    """Answers call n with ``script[n]`` once ``gates[n]`` is set."""
    calls = 0

    async def respond(request: ModelRequest) -> str:
        nonlocal calls
        answer, gate = script[calls], gates[calls]
        calls += 1
        await gate.wait()
        if isinstance(answer, Exception):
            raise answer
        return answer

    return FunctionModel(respond, model="gated")


async def drain(handle: RunHandle, gates: Sequence[asyncio.Event]) -> None:
    """Reads the run's events as they are announced and opens its gates."""
    async for announced in handle.events():
        if announced.type == "run_started":
            gates[0].set()
        elif isinstance(announced, VerdictReached) and announced.attempt == 1:
            gates[1].set()


async def work(order: dict[str, Any]) -> int:
    # The broken runs' warnings would bury what matters in the test's log.
    logging.getLogger("redraft.run").setLevel(logging.ERROR)
    store = await Store.open(order["url"])
    # A lease longer than the test: no heartbeat writes while a worker holds.
    executor = RunExecutor(store, lease_s=3600)
    await executor.open()
    hold = Hold(order["point"], order["selector"], order["k"])
    plain = store._transactions._plain
    watch(plain if plain is not None else store.engine.sync_engine, hold)
    record_groups = store.record_groups

    async def recording(
        groups: Sequence[tuple[Sequence[RunEvent], str]],
        *,
        lease: Lease | None = None,
        source: RunSource = "library",
    ) -> None:
        hold.transaction(groups)
        try:
            await record_groups(groups, lease=lease, source=source)
        finally:
            hold.done()

    store.record_groups = recording  # type: ignore[method-assign]
    for number in range(ROUNDS):
        runs = []
        for i, kind in enumerate(ROUND):
            gates = (asyncio.Event(), asyncio.Event())
            handle = executor.start(
                tenant=TENANTS[i % len(TENANTS)],
                request=RunRequest.from_prompt(f"{kind} {number}: {PROMPT}"),
                generator=gated(KINDS[kind], gates),
                evaluator=evaluator(),
                policy=Policy(max_attempts=2, threshold=0.8),
            )
            runs.append(drain(handle, gates))
        await asyncio.gather(*runs)
    say({"event": "missed", "transactions": hold.seen})
    await executor.aclose()
    await store.close()
    return 0


def main() -> None:
    say({"event": "ready"})
    while line := sys.stdin.readline():
        order = json.loads(line)
        pid = os.fork()
        if pid == 0:
            signal.alarm(LIFETIME_S)
            code = 1
            try:
                code = asyncio.run(work(order))
            except BaseException:
                traceback.print_exc()
            finally:
                sys.stderr.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        killed_by = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        say({"event": "exited", "pid": pid, "signal": killed_by, "status": status})


if __name__ == "__main__":
    main()
