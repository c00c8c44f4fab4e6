"""A crash never leaves a run open, and the streams of finished runs end.

Runs are leased to the server process running them. A run whose owner died
is closed with a terminal ``run_failed`` of type ``interrupted`` (at the next
start on SQLite, by any live process on PostgreSQL), built from what it had
stored; the owner, were it to come back, writes nothing more. Event streams
validate their resume point and end at once past a finished run's end, and
a run is capped at ``REDRAFT_MAX_EVENTS_PER_RUN`` stored events.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from _live_server import ServerProcess, serve_in_thread
from _sse import Message, messages
from _store_fixtures import postgres_url, reset_postgres
from redraft import (
    CallRecorded,
    ConfigurationError,
    DraftCompleted,
    Policy,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunRequest,
    TextDelta,
    stream_run,
)
from redraft.app import Settings, load_settings
from redraft.evaluators import MustMatch
from redraft.providers import FunctionModel, ProviderRegistry, ScriptedModel
from redraft.server import create_app
from redraft.server._executor import RunExecutor
from redraft.store import Store
from redraft.store._models import Base, RunRow
from redraft.store._run_leases import INTERRUPTED, Lease, RunLeaseLostError
from redraft.testing import FakeOpenAIServer

PROMPT = "What is the capital of France?"
GAMBLING = {"pattern": "casino", "points": -5, "description": "Gambling mentions found"}
SUBJECT = {"question": "Where does the applicant work?", "answer": "At a casino, for ten years."}
RUN_TABLES = ("run_events", "drafts", "evidence", "calls")


# -- the store: leases, closing, fencing -----------------------------------------


async def _run_events(drafts: tuple[str, ...] = ("It is Lyon.", "It is Paris.")) -> list[RunEvent]:
    """Every event of a real two-attempt run (the first draft misses "Paris")."""
    return [
        event
        async for event in stream_run(
            RunRequest.from_prompt(PROMPT),
            generator=ScriptedModel(list(drafts)),
            evaluator=MustMatch("Paris"),
            policy=Policy(max_attempts=2),
        )
    ]


def _cut_mid_second_draft(events: list[RunEvent]) -> list[RunEvent]:
    """The events up to the first piece of draft 2: a run stopped mid-draft."""
    index = next(i for i, e in enumerate(events) if isinstance(e, TextDelta) and e.attempt == 2)
    return events[: index + 1]


async def _start(store: Store, owner: str | None, lease_s: float = 1.0) -> list[RunEvent]:
    """A run left mid-draft by the server ``owner`` (None: recorded without a lease)."""
    events = _cut_mid_second_draft(await _run_events())
    lease = None if owner is None else Lease(owner, lease_s)
    await store.record_groups([(events, "acme")], lease=lease, source="service")
    return events


async def _dump(store: Store, *, leave_out: set[str]) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, but those of the runs in ``leave_out``."""
    dump: dict[str, list[tuple[Any, ...]]] = {}
    async with store.engine.connect() as connection:
        for table in Base.metadata.sorted_tables:
            rows = (await connection.execute(select(table))).all()
            key = "id" if table.name == "runs" else "run_id"
            dump[table.name] = sorted(
                (tuple(row) for row in rows if row._mapping.get(key) not in leave_out)
                if table.name in ("runs", *RUN_TABLES)
                else (tuple(row) for row in rows),
                key=repr,
            )
    return dump


async def test_a_renewed_lease_is_kept_and_an_expired_one_is_closed_with_a_rebuilt_result(
    store: Store, record_run: Any
) -> None:
    t0 = datetime.now(UTC)
    alive = (await _start(store, "alive"))[0].run_id
    assert await store.run_leases.renew("alive", [alive], 60) == 1
    whole_run = await _run_events()
    dead_events = _cut_mid_second_draft(whole_run)
    await store.record_groups([(dead_events, "acme")], lease=Lease("dead", 1))
    dead = dead_events[0].run_id
    finished = (await record_run(store))[0].run_id
    await store.sessions.create(
        tenant="acme",
        subject=SUBJECT,
        panel=[{"type": "check", "rules": [GAMBLING]}],
        judge_model=None,
    )
    before = await _dump(store, leave_out={dead})

    closed = await store.close_abandoned_runs(
        owner="reaper", now=t0 + timedelta(seconds=30), all_foreign=False
    )

    assert closed == [dead]
    assert await _dump(store, leave_out={dead}) == before  # nothing else changed
    run = await store.get_run(dead, tenant="acme")
    assert run is not None and run.status == "failed"
    assert run.events[:-1] == dead_events  # what was stored stays as it was
    terminal = run.events[-1]
    assert isinstance(terminal, RunFailed) and terminal.seq == dead_events[-1].seq + 1
    assert terminal.error_type == INTERRUPTED and "interrupted" in terminal.error
    result = terminal.result
    assert run.result == result and run.error == terminal.error
    assert [d.text for d in result.drafts] == ["It is Lyon."]
    assert result.drafts[0].verdict is not None and not result.drafts[0].verdict.passed
    assert result.final_answer == "It is Lyon." and not result.passed
    assert [c.kind for c in result.calls] == ["draft"]
    assert result.usage == result.calls[0].usage
    # To carry on: the messages the second draft was written from (the prompt
    # with the feedback on the first), then the part of it that was written.
    second_call = next(
        e.call for e in whole_run if isinstance(e, CallRecorded) and e.call.attempt == 2
    )
    context = result.continue_context
    assert context[:-1] == second_call.messages and PROMPT in context[0].text
    partial = "".join(e.delta for e in dead_events if isinstance(e, TextDelta) and e.attempt == 2)
    assert partial and context[-1].role == "assistant" and context[-1].text == partial

    # The renewed lease runs out too, once nobody renews it.
    later = await store.close_abandoned_runs(
        owner="reaper", now=t0 + timedelta(seconds=120), all_foreign=False
    )
    assert later == [alive]
    still = await store.get_run(finished, tenant="acme")
    assert still is not None and still.status == "completed"


async def test_a_run_spared_by_its_owner_is_not_closed_when_its_lease_lapses(
    store: Store,
) -> None:
    # A server whose heartbeat stalls past its lease still runs its runs in
    # flight: it spares them, and only they are spared.
    t0 = datetime.now(UTC)
    mine = (await _start(store, "me"))[0].run_id
    other = (await _start(store, "me"))[0].run_id
    later = t0 + timedelta(seconds=120)

    closed = await store.close_abandoned_runs(
        owner="me", now=later, all_foreign=False, spare=[mine]
    )

    assert closed == [other]
    run = await store.get_run(mine, tenant="acme")
    assert run is not None and run.status == "running"
    # Not spared, the lapsed lease closes it like any other.
    assert await store.close_abandoned_runs(owner="me", now=later, all_foreign=False) == [mine]


async def test_two_reapers_at_once_append_one_terminal_event_each(
    store: Store, database_url: str
) -> None:
    runs = [(await _start(store, "dead"))[0].run_id for _ in range(6)]
    other = await Store.open(database_url)
    try:
        later = datetime.now(UTC) + timedelta(seconds=60)
        first, second = await asyncio.gather(
            store.close_abandoned_runs(owner="a", now=later, all_foreign=False),
            other.close_abandoned_runs(owner="b", now=later, all_foreign=False),
        )
    finally:
        await other.close()
    assert sorted(first + second) == sorted(runs)
    for run_id in runs:
        events = await store.events(run_id, tenant="acme")
        assert events is not None
        assert [e.type for e in events].count("run_failed") == 1
        assert events[-1].type == "run_failed"


async def test_a_closed_run_refuses_its_old_owner(store: Store) -> None:
    events = await _run_events()
    head = _cut_mid_second_draft(events)
    await store.record_groups([(head, "acme")], lease=Lease("stalled", 1))
    later = datetime.now(UTC) + timedelta(seconds=60)
    assert await store.close_abandoned_runs(owner="live", now=later, all_foreign=False)

    # The stalled owner comes back with the rest of its run: fenced off.
    rest = events[len(head) :]
    with pytest.raises(RunLeaseLostError):
        await store.record_groups([(rest, "acme")], lease=Lease("stalled", 30))
    run = await store.get_run(head[0].run_id, tenant="acme")
    assert run is not None and run.status == "failed"
    assert [e.seq for e in run.events] == [*(e.seq for e in head), head[-1].seq + 1]
    assert run.events[-1].type == "run_failed"


async def test_at_start_every_run_not_ours_is_closed_but_ours(store: Store) -> None:
    # A live lease held by another process, and a run recorded with no lease.
    foreign = (await _start(store, "other", lease_s=600))[0].run_id
    unleased = (await _start(store, None))[0].run_id
    ours = (await _start(store, "me", lease_s=600))[0].run_id
    now = datetime.now(UTC)
    assert await store.close_abandoned_runs(owner="me", now=now, all_foreign=False) == []
    closed = await store.close_abandoned_runs(owner="me", now=now, all_foreign=True)
    assert sorted(closed) == sorted([foreign, unleased])
    mine = await store.get_run(ours, tenant="acme")
    assert mine is not None and mine.status == "running"


async def test_a_follower_of_a_closed_run_gets_its_end(store: Store) -> None:
    events = await _start(store, "dead")
    run_id = events[0].run_id

    async def follow() -> list[RunEvent]:
        return [e async for e in store.follow(run_id, tenant="acme", after_seq=len(events))]

    follower = asyncio.create_task(follow())
    await asyncio.sleep(0)  # let it read and start waiting
    later = datetime.now(UTC) + timedelta(seconds=60)
    await store.close_abandoned_runs(owner="live", now=later, all_foreign=False)
    async with asyncio.timeout(10):
        followed = await follower
    assert [e.type for e in followed] == ["run_failed"]
    # And resumed at or past that end, it ends at once, empty.
    for after in (followed[0].seq, followed[0].seq + 5, 2**63 - 1):
        async with asyncio.timeout(5):
            assert [e async for e in store.follow(run_id, tenant="acme", after_seq=after)] == []


async def test_a_stalled_executor_announces_the_interrupted_ending_it_finds(
    store: Store,
) -> None:
    gate = asyncio.Event()

    async def held(request: object) -> str:
        await gate.wait()
        return "It is Paris."

    executor = RunExecutor(store, lease_s=30)
    handle = executor.start(
        tenant="acme",
        request=RunRequest.from_prompt(PROMPT),
        generator=FunctionModel(held, model="held"),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=1),
    )
    seen = [await handle.started()]
    # Another process takes this one for dead while its draft is held.
    later = datetime.now(UTC) + timedelta(seconds=600)
    closed = await store.close_abandoned_runs(owner="b", now=later, all_foreign=False)
    assert closed == [handle.run_id]
    gate.set()
    async with asyncio.timeout(10):
        seen += [e async for e in handle.events()]
    await executor.aclose()
    assert seen[-1].type == "run_failed"
    assert isinstance(seen[-1], RunFailed) and seen[-1].error_type == INTERRUPTED
    stored = await store.events(handle.run_id, tenant="acme")
    assert stored is not None and stored[-1] == seen[-1]
    assert not any(isinstance(e, DraftCompleted | RunCompleted) for e in stored)


async def _lease_of(store: Store, run_id: str) -> datetime:
    async with store.engine.connect() as connection:
        query = select(RunRow.lease_expires_at).where(RunRow.id == run_id)
        expiry = (await connection.execute(query)).scalar_one()
    assert isinstance(expiry, datetime)
    return expiry


async def test_the_executor_renews_the_leases_of_its_runs_in_flight(store: Store) -> None:
    gate = asyncio.Event()

    async def held(request: object) -> str:
        await gate.wait()
        return "It is Paris."

    executor = RunExecutor(store, lease_s=0.3)
    await executor.open()
    try:
        handle = executor.start(
            tenant="acme",
            request=RunRequest.from_prompt(PROMPT),
            generator=FunctionModel(held, model="held"),
            evaluator=MustMatch("Paris"),
            policy=Policy(max_attempts=1),
        )
        stream = handle.events()
        async with asyncio.timeout(10):
            # Announced once stored: from here nothing is written while the draft is held.
            assert [(await anext(stream)).type for _ in range(2)] == [
                "run_started",
                "draft_started",
            ]
            first = await _lease_of(store, handle.run_id)
            while True:  # until the heartbeat renews it
                renewed = await _lease_of(store, handle.run_id)
                if renewed != first:
                    break
                await asyncio.sleep(0.01)
        assert renewed > first
        # Past the lease it first had, the run is still not another's to close.
        late = first + timedelta(milliseconds=1)
        assert await store.close_abandoned_runs(owner="b", now=late, all_foreign=False) == []
        gate.set()
        async with asyncio.timeout(10):
            events = [e async for e in stream]
    finally:
        gate.set()
        await executor.aclose()
    # the last event whole: a failed run says why (its error type and message)
    assert events[-1].type == "run_completed", events[-1]
    run = await store.get_run(handle.run_id, tenant="acme")
    assert run is not None and run.status == "completed"


# -- the HTTP stream: resume points, the end of finished runs, the event cap -------


class Service:
    def __init__(self, base_url: str, registry: ProviderRegistry) -> None:
        self.base_url = base_url
        self.registry = registry

    def chat(self, name: str, text: str, **redraft: Any) -> httpx.Response:
        self.registry.add(f"scripted:{name}", ScriptedModel([text], model=name))
        body = {
            "model": f"scripted:{name}",
            "messages": [{"role": "user", "content": "Q?"}],
            "redraft": {"judge_model": "none", "max_attempts": 1, "max_words": 100, **redraft},
        }
        return httpx.post(f"{self.base_url}/v1/chat/completions", json=body, timeout=30)


@pytest.fixture
def service(database_url: str) -> Iterator[Service]:
    registry = ProviderRegistry()
    settings = Settings(database_url=database_url, max_events_per_run=20)
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        yield Service(base_url, registry)


def _seqs(text: str) -> list[int]:
    return [int(line[4:]) for line in text.splitlines() if line.startswith("id: ")]


def test_a_finished_run_resumed_at_or_past_its_end_ends_at_once(service: Service) -> None:
    done = service.chat("gen", "done 1", must_match=[r"\d"])
    assert done.status_code == 200, done.text
    url = f"{service.base_url}/v1/runs/{done.json()['redraft']['run_id']}/events"
    last = max(_seqs(httpx.get(url, timeout=10).text))
    for resume in (last, last + 1, 2**31, 2**63 - 1):
        for params, headers in (({}, {"last-event-id": str(resume)}), ({"after": resume}, {})):
            resumed = httpx.get(url, params=params, headers=headers, timeout=5)
            assert resumed.status_code == 200 and resumed.text == "", (resume, resumed.text)
    tail = httpx.get(url, headers={"last-event-id": str(last - 1)}, timeout=5)
    assert _seqs(tail.text) == [last] and "event: run_completed" in tail.text


@pytest.mark.parametrize(
    ("params", "headers", "name"),
    [
        ({"after": str(2**63)}, {}, "after"),
        ({"after": "-1"}, {}, "after"),
        ({"after": "1.5"}, {}, "after"),
        ({"after": "abc"}, {}, "after"),
        ({}, {"last-event-id": str(2**63)}, "Last-Event-ID"),
        ({}, {"last-event-id": "abc"}, "Last-Event-ID"),
        ({}, {"last-event-id": "-1"}, "Last-Event-ID"),
        ({}, {"last-event-id": "+1"}, "Last-Event-ID"),
        ({}, {"last-event-id": ""}, "Last-Event-ID"),
    ],
)
def test_bad_resume_points_are_400_naming_the_parameter(
    service: Service, params: dict[str, str], headers: dict[str, str], name: str
) -> None:
    done = service.chat("gen", "done 1")
    url = f"{service.base_url}/v1/runs/{done.json()['redraft']['run_id']}/events"
    response = httpx.get(url, params=params, headers=headers, timeout=5)
    assert response.status_code == 400, response.text
    error = response.json()["error"]
    assert name in error["message"] and error["param"] == name


def test_a_run_over_the_event_cap_fails_with_limit_exceeded(service: Service) -> None:
    # 19 stored events at most before the terminal one; this draft streams 40
    # pieces (parallel delivery streams drafts even for a non-streamed request).
    response = service.chat("long", " ".join(f"w{i}" for i in range(40)), delivery="parallel")
    assert response.status_code >= 400
    error = response.json()["error"]
    assert "REDRAFT_MAX_EVENTS_PER_RUN" in error["message"]
    run_id = error["run_id"]
    run = httpx.get(f"{service.base_url}/v1/runs/{run_id}", timeout=10).json()
    assert run["status"] == "failed"
    assert [e["seq"] for e in run["events"]] == list(range(1, 21))
    terminal = run["events"][-1]
    assert terminal["type"] == "run_failed" and terminal["error_type"] == "limit_exceeded"
    assert "20 stored events" in terminal["error"]
    # What had streamed so far is kept, to carry on from.
    context = terminal["result"]["continue_context"]
    assert context[-1]["role"] == "assistant" and context[-1]["content"].startswith("w0 w1")
    stream = httpx.get(f"{service.base_url}/v1/runs/{run_id}/events", timeout=10)
    assert _seqs(stream.text) == list(range(1, 21))


def test_the_event_cap_setting_is_validated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDRAFT_MAX_EVENTS_PER_RUN", "5")
    with pytest.raises(ConfigurationError, match="REDRAFT_MAX_EVENTS_PER_RUN"):
        load_settings()
    monkeypatch.setenv("REDRAFT_MAX_EVENTS_PER_RUN", "500")
    monkeypatch.setenv("REDRAFT_RUN_LEASE_SECONDS", "2")
    settings = load_settings()
    assert (settings.max_events_per_run, settings.run_lease_seconds) == (500, 2)


# -- real servers: a kill mid-run ----------------------------------------------------


class Upstream:
    """The fake model: answers in order; the held answer waits for ``gate``."""

    def __init__(self, *answers: str) -> None:
        self.gate = threading.Event()
        self.asked = threading.Event()
        self.server = FakeOpenAIServer(model="fake")
        self.server.responses.extend([*answers, self.held])

    def held(self, body: dict[str, Any]) -> str:
        self.asked.set()
        # held until the test opens the gate (on exit at the latest): a wait of
        # 60 s ran out while a second server was still starting on a loaded
        # machine, and the "held" run completed under the test
        self.gate.wait(600)
        return "It is Paris."

    def __enter__(self) -> Upstream:
        self.server.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.gate.set()
        self.server.stop()


def _env(database_url: str, upstream: Upstream, lease_s: float = 30) -> dict[str, str]:
    return {
        "REDRAFT_DATABASE_URL": database_url,
        "REDRAFT_MODEL": "openai:fake",
        "REDRAFT_JUDGE_MODEL": "none",
        "REDRAFT_API_KEYS": "",
        "REDRAFT_RUN_LEASE_SECONDS": str(lease_s),
        "OPENAI_BASE_URL": upstream.server.base_url,
        "OPENAI_API_KEY": "sk-test",
    }


def _chat_body(stream: bool = False) -> dict[str, Any]:
    return {
        "model": "openai:fake",
        "messages": [{"role": "user", "content": PROMPT}],
        "stream": stream,
        "redraft": {"must_match": ["Paris"], "max_attempts": 2, "compile_checks": False},
    }


@contextlib.asynccontextmanager
async def _held_run(base_url: str, upstream: Upstream) -> AsyncIterator[str]:
    """A run on the server whose second draft is held upstream; yields its id
    once its events up to that draft are stored."""
    async with (
        httpx.AsyncClient(base_url=base_url, timeout=60) as client,
        client.stream("POST", "/v1/chat/completions", json=_chat_body(stream=True)) as response,
    ):
        assert response.status_code == 200
        run_id = response.headers["x-redraft-run-id"]
        assert await asyncio.to_thread(upstream.asked.wait, 30)
        async with asyncio.timeout(30):
            while True:  # the writer catches up with the held loop
                run = (await client.get(f"/v1/runs/{run_id}")).json()
                if any(e["type"] == "draft_started" and e["attempt"] == 2 for e in run["events"]):
                    break
                await asyncio.sleep(0.05)
        yield run_id


def _sqlite_rows(path: Path, run_id: str) -> tuple[dict[str, list[Any]], list[Any]]:
    """Raw rows of every table but the run's own, and the run's stored events."""
    connection = sqlite3.connect(path)
    try:
        tables = [
            name
            for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
        ]
        others: dict[str, list[Any]] = {}
        for table in tables:
            column = "id" if table == "runs" else "run_id" if table in RUN_TABLES else None
            where = f" WHERE {column} != ?" if column else ""
            others[table] = connection.execute(
                f"SELECT * FROM {table}{where} ORDER BY rowid", (run_id,) if column else ()
            ).fetchall()
        events = connection.execute(
            "SELECT * FROM run_events WHERE run_id = ? ORDER BY seq", (run_id,)
        ).fetchall()
    finally:
        connection.close()
    return others, events


async def _read_to_the_end(base_url: str, run_id: str, **headers: str) -> list[Message]:
    async with (
        httpx.AsyncClient(base_url=base_url, timeout=30) as client,
        client.stream("GET", f"/v1/runs/{run_id}/events", headers=headers) as response,
        asyncio.timeout(30),
    ):
        assert response.status_code == 200
        return [m async for m in messages(response) if m.data is not None]


@pytest.mark.real_calls
async def test_a_run_killed_mid_flight_is_closed_at_restart_and_nothing_else_changes(
    tmp_path: Path,
) -> None:
    database = tmp_path / "redraft.db"
    database_url = f"sqlite:///{database}"
    log = tmp_path / "serve.log"
    with Upstream("Paris, of course.", "It is Lyon.") as upstream:
        first = ServerProcess(_env(database_url, upstream), log)
        try:
            async with httpx.AsyncClient(base_url=first.base_url, timeout=60) as client:
                finished = await client.post("/v1/chat/completions", json=_chat_body())
                assert finished.status_code == 200, finished.text
                body = {"subject": SUBJECT, "panel": [{"type": "check", "rules": [GAMBLING]}]}
                session = await client.post("/v1/sessions", json=body)
                assert session.status_code == 201, session.text
                session_id = session.json()["session_id"]
                started = await client.post("/v1/evaluate/start", json={"session_id": session_id})
                assert started.status_code == 200, started.text
                # Its evaluation runs in the background: wait for its end.
                params = {"session_id": session_id}
                async with (
                    client.stream("GET", "/v1/evaluate/stream", params=params) as evaluation,
                    asyncio.timeout(30),
                ):
                    async for item in messages(evaluation):
                        if item.data and item.data["event_type"] == "evaluation_completed":
                            break
            async with _held_run(first.base_url, upstream) as run_id:
                first.kill()
        finally:
            first.stop()
        upstream.gate.set()
        others, events = _sqlite_rows(database, run_id)

        second = ServerProcess(_env(database_url, upstream), log)
        try:
            async with httpx.AsyncClient(base_url=second.base_url, timeout=30) as client:
                run = (await client.get(f"/v1/runs/{run_id}")).json()
            streamed = await _read_to_the_end(second.base_url, run_id)
            last = streamed[-1].id
            resumed = await _read_to_the_end(
                second.base_url, run_id, **{"last-event-id": str(last)}
            )
        finally:
            second.stop()

    assert run["status"] == "failed"
    terminal = run["events"][-1]
    assert terminal["type"] == "run_failed" and terminal["error_type"] == "interrupted"
    assert "interrupted" in terminal["error"] and "continue_context" in terminal["error"]
    assert run["error"] == terminal["error"]
    result = terminal["result"]
    assert [d["text"] for d in result["drafts"]] == ["It is Lyon."]
    # The second draft was held before its first word: carry on from its messages.
    (context,) = result["continue_context"]
    assert context["role"] == "user" and context["content"].startswith(PROMPT)
    assert "Your previous answer" in context["content"]
    # The stream ends with that event; resumed past it, it ends at once.
    assert streamed[-1].data == terminal and [m.id for m in streamed] == [
        e["seq"] for e in run["events"]
    ]
    assert resumed == []
    # Byte for byte: every other run and session, and the run's own events so far.
    others_after, events_after = _sqlite_rows(database, run_id)
    assert others_after == others
    assert events_after[: len(events)] == events and len(events_after) == len(events) + 1


@pytest.mark.real_calls
async def test_on_postgres_a_live_server_closes_the_runs_of_a_dead_one(tmp_path: Path) -> None:
    database_url = postgres_url()
    await reset_postgres(database_url)
    log = tmp_path / "serve.log"
    with Upstream("It is Lyon.") as upstream:
        a = ServerProcess(_env(database_url, upstream, lease_s=3), log)
        b: ServerProcess | None = None
        try:
            async with _held_run(a.base_url, upstream) as run_id:
                # B starts while A is alive: A's run is not B's to close.
                b = ServerProcess(_env(database_url, upstream, lease_s=3), log)
                async with (
                    httpx.AsyncClient(base_url=b.base_url, timeout=60) as client,
                    client.stream("GET", f"/v1/runs/{run_id}/events") as stream_on_b,
                ):
                    events = messages(stream_on_b)
                    seen = [m async for m in _until(events, _second_draft_started)]
                    alive = (await client.get(f"/v1/runs/{run_id}")).json()
                    assert alive["status"] == "running"
                    a.kill()
                    async with asyncio.timeout(30):
                        seen += [m async for m in events if m.data is not None]
                    run = (await client.get(f"/v1/runs/{run_id}")).json()
        finally:
            a.stop()
            if b is not None:
                b.stop()
    assert seen[-1].data is not None and seen[-1].data["type"] == "run_failed"
    assert seen[-1].data["error_type"] == "interrupted"
    assert run["status"] == "failed"
    assert [e["type"] for e in run["events"]].count("run_failed") == 1


def _second_draft_started(message: Message) -> bool:
    data = message.data or {}
    return data.get("type") == "draft_started" and data.get("attempt") == 2


async def _until(events: AsyncIterator[Message], done: Any) -> AsyncIterator[Message]:
    async for message in events:
        if message.data is not None:
            yield message
            if done(message):
                return
