"""The durable store on SQLite and PostgreSQL, fed by real runs of the loop."""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, func, inspect, select, text

from redraft import (
    CallRecorded,
    ConfigurationError,
    EvidenceRecorded,
    ProviderError,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunRequest,
    RunStarted,
    VerdictReached,
    build_panel,
    stream_run,
)
from redraft.evaluators import MustMatch
from redraft.providers import ScriptedModel
from redraft.store import Store
from redraft.store._engine import normalise_url
from redraft.store._models import VERSION_TABLE, Base, RunRow
from redraft.store._record import timestamp

if TYPE_CHECKING:
    from _store_fixtures import RecordRun

pytest_plugins = ["_store_fixtures"]

TABLES = {
    "runs",
    "run_events",
    "drafts",
    "evidence",
    "calls",
    "api_keys",
    "sessions",
    "session_evidence",
    "session_events",
    "session_jobs",
    "judge_comparisons",
    "evals",
    "eval_outcomes",
}


async def _row_counts(store: Store) -> dict[str, int]:
    async with store.engine.connect() as connection:
        return {
            table.name: (
                await connection.execute(select(func.count()).select_from(table))
            ).scalar_one()
            for table in Base.metadata.sorted_tables
        }


def _schema_diff(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
    return list(compare_metadata(context, Base.metadata))


# -- schema ---------------------------------------------------------------------


async def test_migrations_create_the_schema_and_reopening_is_a_no_op(database_url: str) -> None:
    for _ in range(2):
        store = await Store.open(database_url)
        async with store.engine.connect() as connection:
            tables = set(await connection.run_sync(lambda c: inspect(c).get_table_names()))
            versions = (await connection.execute(text(f"SELECT * FROM {VERSION_TABLE}"))).all()
        await store.close()
        assert tables == TABLES | {VERSION_TABLE}
        assert [tuple(v) for v in versions] == [("0012",)]


async def test_models_and_migrations_agree(store: Store) -> None:
    async with store.engine.connect() as connection:
        assert await connection.run_sync(_schema_diff) == []


# -- recording and reading back ---------------------------------------------------


async def test_a_two_attempt_run_reads_back_in_full(store: Store, record_run: RecordRun) -> None:
    events = await record_run(store)
    final = events[-1]
    assert isinstance(final, RunCompleted)
    result = final.result
    assert result.attempts == 2 and result.passed
    assert [(c.kind, c.attempt) for c in result.calls] == [("draft", 1), ("draft", 2), ("judge", 2)]

    stored = await store.get_run(final.run_id, tenant="acme")
    assert stored is not None
    assert stored.result == result
    assert stored.drafts == result.drafts
    assert stored.calls == result.calls
    assert stored.events == events
    assert [e.seq for e in stored.events] == list(range(1, len(events) + 1))
    assert stored.drafts[1].feedback  # the second draft was written under feedback
    first_verdict = stored.drafts[0].verdict
    assert first_verdict is not None and not first_verdict.passed
    assert [e.status for e in first_verdict.evidence] == ["ok", "skipped"]
    assert (stored.status, stored.passed, stored.attempts) == ("completed", True, 2)
    assert stored.final_answer == "It is Paris." and stored.stop_reason == "passed"
    assert stored.usage == result.usage and stored.usage.total_tokens > 0
    assert stored.prompt == "What is the capital of France?"
    assert stored.model == "scripted:scripted" and "must_match" in stored.judge
    assert stored.created_at <= stored.updated_at
    # What the HTTP service will send: it survives a JSON round trip.
    assert type(stored).model_validate_json(stored.model_dump_json()) == stored


async def test_an_unverified_run_keeps_its_requirement_account(store: Store) -> None:
    # Checks only: the pattern passes, the question is unverified.
    request = RunRequest.from_prompt("Capital of France?")
    events = [
        event
        async for event in stream_run(
            request,
            generator=ScriptedModel(["It is Paris."]),
            evaluator=build_panel(None, request=request, must_match=["Paris"]),
        )
    ]
    for event in events:
        await store.record(event, tenant="acme")
    final = events[-1]
    assert isinstance(final, RunCompleted) and final.result.passed is None
    stored = await store.get_run(final.run_id, tenant="acme")
    assert stored is not None
    assert (stored.passed, stored.stop_reason) == (None, "unverified")
    verdict = stored.drafts[0].verdict
    assert verdict is not None and verdict.passed is None
    assert verdict.account == "2 requirements: 1 exact ✓, 1 unverified"
    assert verdict == final.result.drafts[0].verdict


async def test_the_tables_follow_the_run_while_it_is_running(store: Store) -> None:
    events: list[RunEvent] = []
    async for event in stream_run(
        "Capital of France?",
        generator=ScriptedModel(["Lyon", "Paris"]),
        evaluator=MustMatch("Paris"),
    ):
        await store.record(event, tenant="acme")
        events.append(event)
        stored = await store.get_run(event.run_id, tenant="acme")
        assert stored is not None and stored.events == events
        if isinstance(event, VerdictReached):
            assert stored.drafts[-1].verdict == event.verdict
            assert stored.attempts == event.attempt
        if not isinstance(event, RunCompleted):
            assert stored.status == "running" and stored.result is None
    calls = sum(isinstance(e, CallRecorded) for e in events)
    assert calls == 2


async def test_recording_an_event_twice_is_a_no_op(store: Store, record_run: RecordRun) -> None:
    events = await record_run(store)
    counts = await _row_counts(store)
    before = await store.get_run(events[0].run_id, tenant="acme")
    for event in events:
        await store.record(event, tenant="acme")
    assert await _row_counts(store) == counts
    assert await store.get_run(events[0].run_id, tenant="acme") == before
    assert counts["run_events"] == len(events)
    assert counts["drafts"] == 2 and counts["calls"] == 3
    assert counts["evidence"] == sum(isinstance(e, EvidenceRecorded) for e in events)


async def test_a_failed_run_is_stored_as_failed(store: Store) -> None:
    events: list[RunEvent] = []
    async for event in stream_run(
        "Q?",
        generator=ScriptedModel([ProviderError("upstream down", provider="scripted")]),
        evaluator=MustMatch("x"),
    ):
        await store.record(event, tenant="acme")
        events.append(event)
    final = events[-1]
    assert isinstance(final, RunFailed)
    stored = await store.get_run(final.run_id, tenant="acme")
    assert stored is not None
    assert stored.status == "failed" and stored.result == final.result
    assert stored.error == final.error and "upstream down" in stored.error
    assert stored.drafts == [] and [c.status for c in stored.calls] == ["error"]


async def test_nul_characters_are_stored_on_every_backend(
    store: Store, record_run: RecordRun
) -> None:
    events = await record_run(store, prompt="Capital\x00 of France?", drafts=("Paris\x00",))
    stored = await store.get_run(events[0].run_id, tenant="acme")
    assert stored is not None
    assert stored.prompt == "Capital\ufffd of France?"
    assert stored.drafts[0].text == "Paris\ufffd"
    assert stored.result is not None and stored.result.final_answer == "Paris\ufffd"


async def test_events_of_a_run_never_started_are_refused(store: Store) -> None:
    events = [
        e async for e in stream_run("Q?", generator=ScriptedModel(["a"]), evaluator=MustMatch("a"))
    ]
    with pytest.raises(LookupError, match="no run_started"):
        await store.record(events[1], tenant="acme")
    with pytest.raises(ValueError, match="no seq"):
        await store.record(events[0].model_copy(update={"seq": 0}), tenant="acme")


async def test_a_batch_is_recorded_as_one_run_or_not_at_all(store: Store) -> None:
    events = [
        e
        async for e in stream_run(
            "Q?", generator=ScriptedModel(["a b c d"]), evaluator=MustMatch("a")
        )
    ]
    await store.record_many(events, tenant="acme")
    stored = await store.get_run(events[0].run_id, tenant="acme")
    assert stored is not None and stored.status == "completed"
    assert [e.seq for e in (await store.events(events[0].run_id, tenant="acme")) or []] == [
        e.seq for e in events
    ]

    # A batch that fails part-way (an event of a run another tenant owns)
    # stores none of it: the new run it began is rolled back too.
    other = [
        e async for e in stream_run("Q?", generator=ScriptedModel(["a"]), evaluator=MustMatch("a"))
    ]
    with pytest.raises(PermissionError):
        await store.record_many([*other[:3], events[-1]], tenant="globex")
    assert await store.get_run(other[0].run_id, tenant="globex") is None
    assert await store.events(other[0].run_id, tenant="globex") is None


async def test_a_batch_overlapping_stored_events_applies_only_the_new_ones(store: Store) -> None:
    events = [
        e
        async for e in stream_run(
            "Q?", generator=ScriptedModel(["no", "a b c"]), evaluator=MustMatch("a")
        )
    ]
    run_id = events[0].run_id

    async def updated_at() -> datetime | None:
        async with store._engine.connect() as connection:
            return await connection.scalar(select(RunRow.updated_at).where(RunRow.id == run_id))

    # Up to the last text delta: an event that changes nothing else on the
    # run row still moves its updated_at.
    cut = max(i for i, e in enumerate(events) if e.type == "text_delta") + 1
    await store.record_many(events[:cut], tenant="acme")
    assert await updated_at() == timestamp(events[cut - 1].at)
    # Resent batches (a retried commit) overlap what is stored: the stored
    # events are skipped, the rest applied once, in order.
    await store.record_many(events[cut - 2 :], tenant="acme")
    await store.record_many(events, tenant="acme")

    stored = await store.events(run_id, tenant="acme")
    assert stored is not None and [e.seq for e in stored] == [e.seq for e in events]
    run = await store.get_run(run_id, tenant="acme")
    assert run is not None and run.result is not None
    assert [d.attempt for d in run.result.drafts] == [1, 2]
    assert len(run.result.calls) == len([e for e in events if e.type == "call_recorded"])
    assert await updated_at() == timestamp(events[-1].at)


# -- tenants and listings -----------------------------------------------------------


async def test_another_tenant_sees_nothing(store: Store, record_run: RecordRun) -> None:
    events = await record_run(store, tenant="acme")
    run_id = events[0].run_id
    assert await store.get_run(run_id, tenant="globex") is None
    assert await store.events(run_id, tenant="globex") is None
    assert await store.list_runs(tenant="globex") == []
    assert [e async for e in store.follow(run_id, tenant="globex")] == []
    with pytest.raises(PermissionError):
        await store.record(events[0], tenant="globex")
    with pytest.raises(PermissionError):
        await store.record(events[3], tenant="globex")
    assert [r.id for r in await store.list_runs(tenant="acme")] == [run_id]


async def test_unknown_runs_read_as_none(store: Store) -> None:
    assert await store.get_run("run_nope", tenant="acme") is None
    assert await store.events("run_nope", tenant="acme") is None


async def test_list_runs_pages_newest_first(store: Store, record_run: RecordRun) -> None:
    ids = []
    for _ in range(5):
        events = await record_run(store, drafts=("Paris",))
        ids.append(events[0].run_id)
        await record_run(store, tenant="globex", drafts=("Paris",))
    newest_first = ids[::-1]

    pages: list[list[str]] = []
    before: str | None = None
    while True:
        page = await store.list_runs(tenant="acme", limit=2, before=before)
        if not page:
            break
        pages.append([r.id for r in page])
        before = page[-1].id
    assert pages == [newest_first[0:2], newest_first[2:4], newest_first[4:5]]
    everything = await store.list_runs(tenant="acme")
    assert [r.id for r in everything] == newest_first
    assert all(r.status == "completed" and r.passed for r in everything)
    with pytest.raises(ValueError, match="limit"):
        await store.list_runs(tenant="acme", limit=0)


async def test_concurrent_runs_record_without_locking_each_other_out(store: Store) -> None:
    secret, _ = await store.create_key("acme")

    async def one_run() -> str:
        run_id = ""
        async for event in stream_run(
            "Q?", generator=ScriptedModel(["a b c", "x y z"]), evaluator=MustMatch("x")
        ):
            await store.record(event, tenant="acme")
            assert await store.authenticate(secret) == "acme"
            run_id = event.run_id
        return run_id

    run_ids = await asyncio.gather(*(one_run() for _ in range(12)))
    listed = await store.list_runs(tenant="acme", limit=100)
    assert sorted(r.id for r in listed) == sorted(run_ids)
    assert all(r.status == "completed" and r.attempts == 2 for r in listed)


# -- replay and live following ------------------------------------------------------


async def test_events_after_a_sequence_number(store: Store, record_run: RecordRun) -> None:
    events = await record_run(store)
    run_id = events[0].run_id
    assert await store.events(run_id, tenant="acme") == events
    assert await store.events(run_id, tenant="acme", after_seq=4) == events[4:]
    assert await store.events(run_id, tenant="acme", after_seq=len(events)) == []


async def test_follow_replays_then_streams_live_events_exactly_once(store: Store) -> None:
    produced = [
        e
        async for e in stream_run(
            "Capital of France?",
            generator=ScriptedModel(["Lyon is it", "Paris it is"]),
            evaluator=MustMatch("Paris"),
        )
    ]
    run_id = produced[0].run_id
    replayed = 5
    for event in produced[:replayed]:
        await store.record(event, tenant="acme")

    received: list[RunEvent] = []
    replay_done = asyncio.Event()

    async def follow() -> None:
        async for event in store.follow(run_id, tenant="acme"):
            received.append(event)
            if len(received) == replayed:
                replay_done.set()

    follower = asyncio.create_task(follow())
    await asyncio.wait_for(replay_done.wait(), timeout=10)
    # The rest arrives while the follower waits; yield between some, not others,
    # so wake-ups land both while it sleeps and while it reads.
    for index, event in enumerate(produced[replayed:]):
        await store.record(event, tenant="acme")
        if index % 2:
            await asyncio.sleep(0)
    await asyncio.wait_for(follower, timeout=10)

    assert received == produced
    assert [e.seq for e in received] == list(range(1, len(produced) + 1))
    assert isinstance(received[-1], RunCompleted)


async def test_follow_with_concurrent_recording_from_the_start(store: Store) -> None:
    produced = [
        e
        async for e in stream_run(
            "Q?", generator=ScriptedModel(["a b c"]), evaluator=MustMatch("a")
        )
    ]
    await store.record(produced[0], tenant="acme")

    async def record_the_rest() -> None:
        for event in produced[1:]:
            await asyncio.sleep(0)
            await store.record(event, tenant="acme")

    recorder = asyncio.create_task(record_the_rest())
    received = [e async for e in store.follow(produced[0].run_id, tenant="acme")]
    await recorder
    assert received == produced


async def test_follow_after_seq_skips_what_the_client_has(
    store: Store, record_run: RecordRun
) -> None:
    events = await record_run(store)
    received = [e async for e in store.follow(events[0].run_id, tenant="acme", after_seq=3)]
    assert received == events[3:]
    assert received[0].seq == 4


async def test_follow_ends_when_the_store_closes(database_url: str) -> None:
    store = await Store.open(database_url)
    events = [
        e async for e in stream_run("Q?", generator=ScriptedModel(["a"]), evaluator=MustMatch("a"))
    ]
    started = events[0]
    assert isinstance(started, RunStarted)
    await store.record(started, tenant="acme")
    received: list[RunEvent] = []
    waiting = asyncio.Event()

    async def follow() -> None:
        async for event in store.follow(started.run_id, tenant="acme"):
            received.append(event)
            waiting.set()

    follower = asyncio.create_task(follow())
    await asyncio.wait_for(waiting.wait(), timeout=10)
    await store.close()
    await asyncio.wait_for(follower, timeout=10)
    assert received == [started]


# -- durability and opening -----------------------------------------------------------


async def test_a_reopened_store_still_has_everything(
    database_url: str, record_run: RecordRun
) -> None:
    store = await Store.open(database_url)
    events = await record_run(store)
    secret, info = await store.create_key("acme")
    before = await store.get_run(events[0].run_id, tenant="acme")
    await store.close()

    reopened = await Store.open(database_url)
    try:
        assert await reopened.get_run(events[0].run_id, tenant="acme") == before
        assert await reopened.authenticate(secret) == "acme"
        assert [k.id for k in await reopened.list_keys()] == [info.id]
    finally:
        await reopened.close()


async def test_default_database_is_a_wal_sqlite_file_in_the_data_dir(
    tmp_path: Path, record_run: RecordRun
) -> None:
    data_dir = tmp_path / "data" / "redraft"
    store = await Store.open(None, data_dir=data_dir)
    try:
        assert (data_dir / "redraft.db").is_file()
        async with store.engine.connect() as connection:
            mode = (await connection.exec_driver_sql("PRAGMA journal_mode")).scalar()
            foreign_keys = (await connection.exec_driver_sql("PRAGMA foreign_keys")).scalar()
        assert (mode, foreign_keys) == ("wal", 1)
        await record_run(store)
    finally:
        await store.close()


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("sqlite:///data/x.db", "sqlite+aiosqlite:///data/x.db"),
        ("sqlite+aiosqlite:////abs/x.db", "sqlite+aiosqlite:////abs/x.db"),
        ("postgresql://u:p@h:5432/d", "postgresql+asyncpg://u:p@h:5432/d"),
        ("postgres://u:p@h/d", "postgresql+asyncpg://u:p@h/d"),
        ("postgresql+asyncpg://u:p@h/d", "postgresql+asyncpg://u:p@h/d"),
    ],
)
def test_urls_are_normalised_to_async_drivers(url: str, expected: str) -> None:
    assert normalise_url(url).render_as_string(hide_password=False) == expected


def test_sqlite_urls_expand_the_home_directory() -> None:
    assert normalise_url("sqlite:///~/x.db").database == str(Path("~/x.db").expanduser())


@pytest.mark.parametrize(
    "url", ["mysql://u:p@h/d", "postgresql+psycopg2://u:p@h/d", "not a url", "redis://h"]
)
async def test_unsupported_urls_are_configuration_errors(url: str) -> None:
    with pytest.raises(ConfigurationError, match="REDRAFT_DATABASE_URL"):
        await Store.open(url)


async def test_a_data_dir_that_cannot_be_made_is_a_configuration_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    with pytest.raises(ConfigurationError, match="REDRAFT_DATABASE_URL"):
        await Store.open(None, data_dir=blocker / "redraft")


async def test_a_file_that_is_not_a_database_is_a_configuration_error(tmp_path: Path) -> None:
    garbage = tmp_path / "redraft.db"
    garbage.write_bytes(b"this is not a SQLite database file, not at all" * 100)
    with pytest.raises(ConfigurationError, match="REDRAFT_DATABASE_URL"):
        await Store.open(f"sqlite:///{garbage}")


async def test_an_unreachable_database_is_a_configuration_error_without_the_password() -> None:
    with pytest.raises(ConfigurationError, match="REDRAFT_DATABASE_URL") as caught:
        await Store.open("postgresql://redraft:hunter2@127.0.0.1:1/nothing")
    assert "hunter2" not in str(caught.value)


async def test_two_stores_opening_one_database_at_once_both_migrate(
    database_url: str, record_run: RecordRun
) -> None:
    stores = await asyncio.gather(Store.open(database_url), Store.open(database_url))
    try:
        await record_run(stores[0])
        assert len(await stores[1].list_runs(tenant="acme")) == 1
    finally:
        for opened in stores:
            await opened.close()


# -- API keys ---------------------------------------------------------------------------


async def _every_stored_value(store: Store) -> list[str]:
    values: list[str] = []
    async with store.engine.connect() as connection:
        for table in Base.metadata.sorted_tables:
            for row in (await connection.execute(select(table))).all():
                values.extend(str(v) for v in row)
    return values


async def test_keys_authenticate_their_tenant_until_revoked(store: Store) -> None:
    secret, info = await store.create_key("acme", name="ci")
    assert secret.startswith("rdk_") and len(secret) == 44
    assert info.id.startswith("key_") and info.prefix == secret[:8]
    assert (info.tenant, info.name, info.revoked_at, info.last_used_at) == (
        "acme",
        "ci",
        None,
        None,
    )
    other_secret, _ = await store.create_key("globex")

    assert await store.authenticate(secret) == "acme"
    assert await store.authenticate(other_secret) == "globex"
    assert await store.authenticate(secret[:-1] + ("A" if secret[-1] != "A" else "B")) is None
    assert await store.authenticate("") is None
    assert await store.authenticate("x" * 10_000) is None

    listed = await store.list_keys("acme")
    assert [k.id for k in listed] == [info.id]
    assert listed[0].last_used_at is not None
    assert len(await store.list_keys()) == 2

    assert await store.revoke_key(info.id) is True
    assert await store.authenticate(secret) is None
    assert await store.authenticate(other_secret) == "globex"
    revoked = (await store.list_keys("acme"))[0]
    assert revoked.revoked_at is not None and not revoked.active
    assert await store.revoke_key(info.id) is True  # idempotent, keeps the first time
    assert (await store.list_keys("acme"))[0].revoked_at == revoked.revoked_at
    assert await store.revoke_key("key_unknown") is False


async def test_secrets_are_never_stored(store: Store, record_run: RecordRun) -> None:
    secrets = [(await store.create_key("acme"))[0] for _ in range(3)]
    for secret in secrets:
        assert await store.authenticate(secret) == "acme"
    await record_run(store)
    stored = "\n".join(await _every_stored_value(store))
    for secret in secrets:
        assert secret not in stored
        assert secret[8:] not in stored


@pytest.mark.parametrize(
    ("tenant", "name"), [("", None), ("   ", None), ("acme", ""), ("a\nb", None)]
)
async def test_bad_key_labels_are_refused(store: Store, tenant: str, name: str | None) -> None:
    with pytest.raises(ValueError, match="must"):
        await store.create_key(tenant, name)
