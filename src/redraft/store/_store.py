"""The store: an append-only event log per run, and tables kept from it.

:meth:`Store.record` is the one way runs get in. It appends the event and
updates the runs, drafts, evidence and calls tables in the same transaction,
and returns only after the commit, so whatever announces an event afterwards
announces something that is already durable. Readers get pydantic models.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator, Collection, Sequence
from datetime import datetime
from pathlib import Path

from sqlalchemy import Connection, Engine, and_, or_, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.orm import load_only

from redraft.core._errors import ConfigurationError
from redraft.core._events import (
    EVENT_ADAPTER,
    RunCompleted,
    RunEvent,
    RunFailed,
)
from redraft.store import _keys
from redraft.store._engine import (
    create_engine,
    create_sqlite_writer,
    describe,
    listener_connect,
    migrate,
    normalise_url,
)
from redraft.store._errors import StoreUnavailableError
from redraft.store._evals import EvalStore, evals_of_runs
from redraft.store._judge_record import JudgeRecord
from redraft.store._keys import ApiKeyInfo
from redraft.store._models import CallRow, DraftRow, EventRow, EvidenceRow, RunRow
from redraft.store._notify import Notifier, notify
from redraft.store._record import append_events, claim_runs, storable
from redraft.store._retention import RunRetention
from redraft.store._run_leases import Lease, RunLeases
from redraft.store._run_leases import run_key as _run_key
from redraft.store._sessions import SessionStore
from redraft.store._transactions import Transactions
from redraft.store._views import (
    SUMMARY_COLUMNS,
    RunFilter,
    RunSource,
    RunStatus,
    RunSummary,
    StoredRun,
    call_of,
    continued_by,
    draft_of,
    summary_of,
)

__all__ = ["RunFilter", "RunSource", "RunStatus", "RunSummary", "Store", "StoredRun"]

# The largest ``seq`` a column can hold on every backend (PostgreSQL's
# integer): a resume point past it is the same as at it.
_MAX_SEQ = 2**31 - 1


class OneWriterSessions(async_sessionmaker[AsyncSession]):
    """Sessions whose write transactions (``begin()``) take turns in this process.

    SQLite lets one connection write at a time; the others wait in SQLite's
    busy handler, which sleeps in growing steps of up to 100 ms and so turned
    ten concurrent runs into a queue of naps (measured: 16 requests/s at ten
    clients). Queuing writers on an asyncio lock hands the database to the
    next one the moment it is free. Plain sessions (reads) do not wait.
    """

    def __init__(self, engine: AsyncEngine) -> None:
        super().__init__(engine, expire_on_commit=False)
        self.write_turn = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def begin(self) -> AsyncIterator[AsyncSession]:  # type: ignore[override]
        async with self.write_turn, super().begin() as session:
            yield session


class Store:
    """Durable runs and API keys over SQLite or PostgreSQL. Build it with :meth:`open`."""

    def __init__(self, engine: AsyncEngine, *, sqlite_writer: Engine | None = None) -> None:
        self._engine = engine
        self._postgres = engine.dialect.name == "postgresql"
        self._sessions = (
            async_sessionmaker(engine, expire_on_commit=False)
            if self._postgres
            else OneWriterSessions(engine)
        )
        turn = self._sessions.write_turn if isinstance(self._sessions, OneWriterSessions) else None
        self._transactions = Transactions(engine, turn=turn, plain=sqlite_writer)
        """The run log's writes (see :mod:`._transactions`)."""
        self._notifier = Notifier()
        self.sessions = SessionStore(self._sessions, self._notifier, postgres=self._postgres)
        """Evaluation sessions."""
        self.run_leases = RunLeases(self._sessions, self._notifier, postgres=self._postgres)
        """Runs leased to the server process running them (renewal, release)."""
        self.judges = JudgeRecord(self._sessions)
        """The judges' record: how often each judge was right (``redraft judges``)."""
        self.evals = EvalStore(self._sessions, postgres=self._postgres)
        """Evals: datasets run row by row (``redraft eval``)."""
        self.retention = RunRetention(engine, self._sessions, postgres=self._postgres)
        """Deleting old runs (``redraft runs prune``, ``REDRAFT_LOG_RETENTION_DAYS``)."""

    @classmethod
    async def open(cls, url: str | None = None, *, data_dir: Path | None = None) -> Store:
        """Connect and migrate to the newest schema.

        ``url`` None means ``redraft.db`` in the user data dir (or ``data_dir``),
        created on first start, readable by its owner only (see
        :func:`~redraft.core._private_files.prepare_sqlite_file`). Raises
        :class:`ConfigurationError` for a URL redraft cannot use or a
        database it cannot reach.
        """
        sa_url = normalise_url(url, data_dir=data_dir)
        engine: AsyncEngine | None = None
        try:
            # The default file is redraft's own, in a folder of its own: both
            # private. A file the URL names sits in the user's folder.
            engine = create_engine(sa_url, own_folder=not (url and url.strip()))
            await migrate(engine)
        except (OSError, DBAPIError, StoreUnavailableError) as exc:
            if engine is not None:
                await engine.dispose()
            # The operator's own message: the driver's words say what to fix.
            cause = exc.__cause__ if isinstance(exc, StoreUnavailableError) else exc
            raise ConfigurationError(
                f"cannot open the database {describe(sa_url)} (REDRAFT_DATABASE_URL): "
                f"{type(cause).__name__}: {cause}"
            ) from exc
        store = cls(engine, sqlite_writer=create_sqlite_writer(sa_url))
        if store._postgres:
            try:
                await store._notifier.listen(listener_connect(sa_url))
            except Exception as exc:  # asyncpg's errors are not DBAPIErrors
                await engine.dispose()
                raise ConfigurationError(
                    f"cannot LISTEN on {describe(sa_url)}: {type(exc).__name__}: {exc}"
                ) from exc
        return store

    @property
    def engine(self) -> AsyncEngine:
        return self._engine

    async def close(self) -> None:
        """Release the connections; followers still waiting end their streams."""
        await self._notifier.close()
        self._transactions.close()
        await self._engine.dispose()

    # -- writing -------------------------------------------------------------

    async def record(self, event: RunEvent, *, tenant: str, source: RunSource = "library") -> None:
        """Append ``event`` to its run's log and update the tables, in one transaction.

        Recording the same ``(run_id, seq)`` again is a no-op. Raises
        :class:`LookupError` when the run was never started here,
        :class:`PermissionError` when it belongs to another tenant and
        :class:`ValueError` for an event the loop did not number.
        """
        await self.record_many([event], tenant=tenant, source=source)

    async def record_many(
        self, events: Sequence[RunEvent], *, tenant: str, source: RunSource = "library"
    ) -> None:
        """Record ``events`` in order, all in one transaction (see :meth:`record`).

        A durable commit costs a disk flush (milliseconds on SQLite with
        ``synchronous=FULL``); a run yields an event per streamed chunk, so the
        service writes the events that queued up during one commit in the next.
        Either all of them are stored or none is.
        """
        await self.record_groups([(events, tenant)], source=source)

    async def record_groups(
        self,
        groups: Sequence[tuple[Sequence[RunEvent], str]],
        *,
        lease: Lease | None = None,
        source: RunSource = "library",
    ) -> None:
        """Record several ``(events, tenant)`` groups, each in order, all in one
        transaction: the service commits what many runs queued up at once, so
        concurrent runs share one disk flush instead of queueing for their own.

        With ``lease`` (the service), a new run is leased to ``lease.owner`` and
        every write renews that lease; a run no longer leased to it (closed as
        interrupted meanwhile) raises :class:`RunLeaseLostError`, storing nothing.
        ``source`` is where new runs come from (shown in listings).
        """
        if any(event.seq < 1 for events, _ in groups for event in events):
            raise ValueError("the event has no seq; record the events stream_run yields")
        if not any(events for events, _ in groups):
            return
        stored = [([storable(e) for e in events], tenant) for events, tenant in groups]
        held = None if lease is None else (lease.owner, lease.expiry())
        postgres = self._postgres

        def write(connection: Connection) -> set[str]:
            run_ids = claim_runs(connection, stored, lease=held, source=source)
            records = [record for records, _ in stored for record in records]
            append_events(connection, records, postgres=postgres)
            if postgres:
                for run_id in run_ids:
                    notify(connection, _run_key(run_id))
            return run_ids

        for run_id in await self._transactions.run(write):
            self._notifier.publish(_run_key(run_id))

    # -- closing the runs of dead processes (see _run_leases) -----------------

    async def close_abandoned_runs(
        self, *, owner: str, now: datetime, all_foreign: bool, spare: Collection[str] = ()
    ) -> list[str]:
        """End every running run whose lease expired before ``now`` (with
        ``all_foreign``: every other server's and every unleased one) with a terminal
        ``run_failed`` (``interrupted``), except the runs ``spare`` names (the
        caller's own, still in flight); the ids closed. Concurrent callers
        never close a run twice. See :mod:`._run_leases`."""
        return await self.run_leases.close_abandoned(
            owner=owner, now=now, all_foreign=all_foreign, spare=spare
        )

    # -- reading runs --------------------------------------------------------

    async def list_runs(
        self,
        *,
        tenant: str,
        limit: int = 20,
        before: str | None = None,
        where: RunFilter | None = None,
    ) -> list[RunSummary]:
        """``tenant``'s runs, newest first, those ``where`` lets through;
        ``before`` (a run id) pages on."""
        if limit < 1:
            raise ValueError("limit must be at least 1")
        query = (
            select(RunRow)
            # A listing needs no request, policy or result JSON.
            .options(load_only(*(getattr(RunRow, name) for name in SUMMARY_COLUMNS)))
            .where(RunRow.tenant == tenant, *(where or RunFilter()).where())
            .order_by(RunRow.created_at.desc(), RunRow.id.desc())
            .limit(limit)
        )
        async with self._sessions() as session:
            if before is not None:
                cursor = await session.scalar(
                    select(RunRow.created_at).where(RunRow.id == before, RunRow.tenant == tenant)
                )
                if cursor is None:
                    # Not one of this tenant's runs: run ids sort by creation time anyway.
                    query = query.where(RunRow.id < before)
                else:
                    query = query.where(
                        or_(
                            RunRow.created_at < cursor,
                            and_(RunRow.created_at == cursor, RunRow.id < before),
                        )
                    )
            rows = (await session.scalars(query)).all()
            ids = [row.id for row in rows]
            followers = await continued_by(session, ids, tenant)
            evals = await evals_of_runs(session, ids, tenant)
        return [RunSummary.model_validate(summary_of(row, followers, evals)) for row in rows]

    async def has_run(self, run_id: str, *, tenant: str) -> bool:
        """Whether ``tenant`` has a run ``run_id`` (any status)."""
        query = select(RunRow.id).where(RunRow.id == run_id, RunRow.tenant == tenant)
        async with self._sessions() as session:
            return await session.scalar(query) is not None

    async def get_run(self, run_id: str, *, tenant: str) -> StoredRun | None:
        """The whole run, or None when there is none for ``tenant``."""
        async with self._sessions() as session:
            row = await session.get(RunRow, run_id)
            if row is None or row.tenant != tenant:
                return None
            drafts = await session.scalars(
                select(DraftRow).where(DraftRow.run_id == run_id).order_by(DraftRow.attempt)
            )
            evidence = (
                await session.scalars(
                    select(EvidenceRow)
                    .where(EvidenceRow.run_id == run_id)
                    .order_by(EvidenceRow.attempt, EvidenceRow.position)
                )
            ).all()
            calls = await session.scalars(
                select(CallRow).where(CallRow.run_id == run_id).order_by(CallRow.position)
            )
            payloads = await session.scalars(
                select(EventRow.payload).where(EventRow.run_id == run_id).order_by(EventRow.seq)
            )
            followers = await continued_by(session, [run_id], tenant)
            evals = await evals_of_runs(session, [run_id], tenant)
        return StoredRun.model_validate(
            {
                **summary_of(row, followers, evals),
                "final_answer": row.final_answer,
                "request": row.request,
                "policy": row.policy,
                "result": row.result,
                "drafts": [
                    draft_of(d, [e for e in evidence if e.attempt == d.attempt]) for d in drafts
                ],
                "calls": [call_of(c) for c in calls],
                "events": [EVENT_ADAPTER.validate_python(p) for p in payloads],
            }
        )

    async def events(
        self, run_id: str, *, tenant: str, after_seq: int = 0
    ) -> list[RunEvent] | None:
        """The run's stored events after ``after_seq``, in order; None for no such run."""
        _, events = await self._status_and_events(run_id, tenant, after_seq)
        return events

    async def _status_and_events(
        self, run_id: str, tenant: str, after_seq: int
    ) -> tuple[str | None, list[RunEvent] | None]:
        # The status is read first: a run it calls finished has its terminal
        # event (same transaction) in the events read after it.
        after_seq = min(after_seq, _MAX_SEQ)
        async with self._sessions() as session:
            run = select(RunRow.tenant, RunRow.status).where(RunRow.id == run_id)
            row = (await session.execute(run)).first()
            if row is None or row.tenant != tenant:
                return None, None
            payloads = await session.scalars(
                select(EventRow.payload)
                .where(EventRow.run_id == run_id, EventRow.seq > after_seq)
                .order_by(EventRow.seq)
            )
        return row.status, [EVENT_ADAPTER.validate_python(p) for p in payloads]

    async def follow(
        self, run_id: str, *, tenant: str, after_seq: int = 0
    ) -> AsyncIterator[RunEvent]:
        """The stored events after ``after_seq``, then the new ones as they are recorded.

        Ends after the terminal event (``run_completed`` or ``run_failed``),
        at once when ``after_seq`` is at or past a finished run's last event
        or for an unknown run (check with :meth:`events` first to tell that
        apart), or when the store closes. Wake-ups come from
        :meth:`record` in this process and, on PostgreSQL, in any process; each
        one re-reads by ``seq``, so every event arrives exactly once and in order.
        """
        seq = after_seq
        with self._notifier.watch(_run_key(run_id)) as wake:
            while not self._notifier.closed:
                # Cleared before reading: a commit landing after the read sets it again.
                wake.clear()
                status, events = await self._notifier.shared(
                    ("run", run_id, tenant, seq),
                    self._notifier.generation,
                    functools.partial(self._status_and_events, run_id, tenant, seq),
                )
                if events is None:
                    return
                # Resumed at or past the end: the terminal event was already sent.
                if not events and status != "running":
                    return
                for event in events:
                    yield event
                    seq = event.seq
                    if isinstance(event, RunCompleted | RunFailed):
                        return
                await wake.wait()

    # -- API keys ------------------------------------------------------------

    async def create_key(self, tenant: str, name: str | None = None) -> tuple[str, ApiKeyInfo]:
        """A new key for ``tenant``: ``(secret, info)``. The secret is not kept; show it now."""
        return await _keys.create_key(self._sessions, tenant, name)

    async def list_keys(self, tenant: str | None = None) -> list[ApiKeyInfo]:
        """Every key, or ``tenant``'s, oldest first (revoked ones included)."""
        return await _keys.list_keys(self._sessions, tenant)

    async def revoke_key(self, key_id: str) -> bool:
        """Revoke a key; False when there is no key with that id."""
        return await _keys.revoke_key(self._sessions, key_id)

    async def authenticate(self, secret: str) -> str | None:
        """The tenant the secret belongs to; None for an unknown or revoked key."""
        return await _keys.authenticate(self._sessions, secret)
