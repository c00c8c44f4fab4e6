"""Deleting old runs (``Store.retention``) on SQLite and PostgreSQL: exactly
the runs older than the cutoff go, with every row that hangs off them, and
live runs stay."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from sqlalchemy import func, select, update

from redraft import Policy, RunEvent, stream_run
from redraft.evals import EvalConfig, EvalOutcome
from redraft.evals._models import DatasetRow
from redraft.evaluators import Comparison, MustMatch
from redraft.providers import ScriptedModel
from redraft.store import Store, _engine
from redraft.store._evals import EvalOutcomeRow
from redraft.store._judge_record import JudgeComparisonRow
from redraft.store._models import CallRow, DraftRow, EventRow, EvidenceRow, RunRow
from redraft.store._run_leases import Lease

if TYPE_CHECKING:
    from _store_fixtures import RecordRun

pytest_plugins = ["_store_fixtures"]

HANGING = (EventRow, DraftRow, EvidenceRow, CallRow, JudgeComparisonRow)
"""Every table whose rows belong to a run."""


def _cutoff() -> datetime:
    """Thirty days ago, now: the suite may run long after this module loads."""
    return datetime.now(UTC) - timedelta(days=30)


async def _age(store: Store, run_id: str, days: float) -> None:
    """Make the run look ``days`` days old."""
    async with store.engine.begin() as connection:
        aged = datetime.now(UTC) - timedelta(days=days)
        await connection.execute(update(RunRow).where(RunRow.id == run_id).values(created_at=aged))


async def _rows_of(store: Store, run_id: str) -> dict[str, int]:
    async with store.engine.connect() as connection:
        return {
            table.__tablename__: (
                await connection.execute(
                    select(func.count()).select_from(table).where(table.run_id == run_id)
                )
            ).scalar_one()
            for table in HANGING
        }


async def _run_ids(store: Store) -> set[str]:
    async with store.engine.connect() as connection:
        return set((await connection.execute(select(RunRow.id))).scalars())


async def _finished_run(store: Store, record_run: RecordRun, *, days: float) -> str:
    """A whole two-draft run with its audits in the judges' record, ``days`` old."""
    events = await record_run(store)
    run_id = events[0].run_id
    audit = Comparison(judge="scripted", preset="checklist", requirement="r", truth=True, said=True)
    await store.judges.add([audit, audit], tenant="acme", run_id=run_id)
    await _age(store, run_id, days)
    return run_id


async def _started(store: Store, *, lease: Lease | None, days: float) -> str:
    """A run whose first events are stored and whose end is not."""
    events: list[RunEvent] = []
    async for event in stream_run(
        "Capital of France?", generator=ScriptedModel(["Paris"]), evaluator=MustMatch("Paris")
    ):
        events.append(event)
    first = events[:2]
    await store.record_groups([(first, "default")], lease=lease, source="cli")
    await _age(store, first[0].run_id, days)
    return first[0].run_id


async def test_old_runs_go_with_every_row_of_theirs_and_newer_ones_stay_whole(
    store: Store, record_run: RecordRun
) -> None:
    old = [await _finished_run(store, record_run, days=d) for d in (31, 400)]
    new = [await _finished_run(store, record_run, days=d) for d in (29, 0)]
    kept_rows = {run_id: await _rows_of(store, run_id) for run_id in new}
    assert all(count > 0 for count in (await _rows_of(store, old[0])).values())
    calibration = Comparison(
        judge="scripted", preset="checklist", requirement="c", truth=True, said=False
    )
    await store.judges.add([calibration], tenant="acme", run_id=None)

    assert await store.retention.count(before=_cutoff()) == 2
    assert await _run_ids(store) == {*old, *new}  # counting removes nothing

    assert await store.retention.prune(before=_cutoff()) == 2

    assert await _run_ids(store) == set(new)
    for run_id in old:
        assert await _rows_of(store, run_id) == dict.fromkeys(kept_rows[new[0]], 0)
    assert {run_id: await _rows_of(store, run_id) for run_id in new} == kept_rows
    for run_id in new:
        stored = await store.get_run(run_id, tenant="acme")
        assert stored is not None and stored.passed is True and len(stored.drafts) == 2
    # Audits of no run (calibration) are not any run's to take along.
    async with store.engine.connect() as connection:
        orphans = select(func.count()).select_from(JudgeComparisonRow)
        left = (await connection.execute(orphans.where(JudgeComparisonRow.run_id.is_(None)))).one()
    assert left == (1,)
    assert await store.retention.prune(before=_cutoff()) == 0


async def test_a_live_run_is_never_pruned_and_a_dead_ones_is(store: Store) -> None:
    leased = await _started(store, lease=Lease("cli:host:1:ab", 30.0), days=90)
    unleased = await _started(store, lease=None, days=90)
    ended = await _started(store, lease=Lease("cli:host:2:cd", 30.0), days=90)
    async with store.engine.begin() as connection:
        await connection.execute(update(RunRow).where(RunRow.id == ended).values(status="failed"))

    assert await store.retention.prune(before=_cutoff()) == 1
    assert await _run_ids(store) == {leased, unleased}
    # Its process stopped renewing: once the lease has run out, it goes too.
    later = datetime.now(UTC) + timedelta(minutes=5)
    assert await store.retention.count(before=_cutoff(), now=later) == 1
    assert await store.retention.prune(before=_cutoff(), now=later) == 1
    assert await _run_ids(store) == {unleased}
    assert await _rows_of(store, leased) == dict.fromkeys(await _rows_of(store, leased), 0)


async def test_only_the_sources_asked_for_go(store: Store, record_run: RecordRun) -> None:
    service = await _finished_run(store, record_run, days=60)
    async with store.engine.begin() as connection:
        await connection.execute(
            update(RunRow).where(RunRow.id == service).values(source="service")
        )
    library = await _finished_run(store, record_run, days=60)

    assert await store.retention.count(before=_cutoff(), sources=["cli", "library"]) == 1
    assert await store.retention.prune(before=_cutoff(), sources=["cli", "library"]) == 1
    assert await _run_ids(store) == {service}
    assert library not in await _run_ids(store)


async def test_many_runs_go_in_several_transactions(
    store: Store, record_run: RecordRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("redraft.store._retention._PRUNE_AT_ONCE", 2)
    old = [await _finished_run(store, record_run, days=40) for _ in range(5)]
    new = await _finished_run(store, record_run, days=1)

    assert await store.retention.prune(before=_cutoff()) == len(old)
    assert await _run_ids(store) == {new}


async def test_an_evals_outcomes_stay_when_their_runs_go(
    store: Store, record_run: RecordRun
) -> None:
    run_id = await _finished_run(store, record_run, days=60)
    config = EvalConfig(model="scripted", judge_model="none", policy=Policy(max_attempts=3))
    rows = [DatasetRow(prompt="Capital of France?")]
    evaluation = await store.evals.create(tenant="acme", name="e", config=config, rows=rows)
    outcome = EvalOutcome(
        row=0,
        row_id="0",
        arm="loop",
        run_id=run_id,
        prompt="Capital of France?",
        passed=True,
        score=1.0,
        attempts=2,
        first_draft_passed=False,
        first_pass_attempt=2,
        stop_reason="passed",
        input_tokens=10,
        output_tokens=5,
        cost_usd=0.0,
        final_answer="It is Paris.",
        duration_s=0.1,
    )
    await store.evals.add_outcome(evaluation.id, outcome)

    assert await store.retention.prune(before=_cutoff()) == 1
    async with store.engine.connect() as connection:
        outcomes = (await connection.execute(select(EvalOutcomeRow.run_id))).scalars().all()
    assert outcomes == [run_id]


def _bytes_of(path: Path) -> bytes:
    """The database file and its side files, end to end."""
    return b"".join(
        file.read_bytes() for file in path.parent.iterdir() if file.name.startswith(path.name)
    )


async def test_on_sqlite_what_was_pruned_is_gone_from_the_files(
    tmp_path: Path, record_run: RecordRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Connections start as SQLite built elsewhere does: Debian's overwrites
    # deleted content anyway, macOS's and python.org's do not.
    plain = _engine._sqlite_pragmas

    def as_built_elsewhere(connection: Any, record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA secure_delete = OFF")
        cursor.close()
        plain(connection, record)

    monkeypatch.setattr(_engine, "_sqlite_pragmas", as_built_elsewhere)
    path = tmp_path / "redraft.db"
    store = await Store.open(f"sqlite:///{path}")
    try:
        secret = "my-secret-prompt-4711"
        old = await record_run(store, prompt=f"What is the capital of France? {secret}")
        await _age(store, old[0].run_id, 60)
        await record_run(store)
        assert await store.retention.prune(before=_cutoff()) == 1
        on_disk = await asyncio.to_thread(_bytes_of, path)
        # Deleted rows are overwritten, not left in free pages or the write-ahead log.
        assert secret.encode() not in on_disk
        assert b"What is the capital of France?" in on_disk  # the run kept is still there
    finally:
        await store.close()
