"""The judges' record and the run log as the CLI keeps them: the record read
before a run and added to after, the run logged as it goes (:mod:`._log`).

The record lives in the store (``REDRAFT_DATABASE_URL``, by default a SQLite
file in the user data dir) so that ``redraft ask``, ``redraft judge``,
``redraft judges`` and ``redraft serve`` share one. ``REDRAFT_JUDGE_RECORD=false``
leaves it alone. A store that cannot be opened costs the run nothing but the
record: the run goes on without it, and says so.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable
from typing import Any

from rich.console import Console

from redraft.app import NO_JUDGE, Settings
from redraft.app._redrafter import Redrafter
from redraft.app._sinks import recorded_elsewhere
from redraft.core._errors import ConfigurationError
from redraft.core._types import Draft, Policy
from redraft.evaluators import Comparison, Reliabilities, comparisons_in
from redraft.store import Store
from redraft.store._retention import apply_retention
from redraft.store._run_log import RunLog

__all__ = [
    "JudgeRecordSession",
    "comparisons_of",
    "local_store",
    "recorded_redrafter",
    "warn",
]


class JudgeRecordSession:
    """The record for one command: what it knew at the start, and a way to add to it."""

    def __init__(self, store: Store | None, reliability: Reliabilities) -> None:
        self._store = store
        self.reliability = reliability

    async def add(self, comparisons: list[Comparison], *, run_id: str | None = None) -> None:
        if self._store is not None and comparisons:
            await self._store.judges.add(comparisons, tenant="default", run_id=run_id)


@contextlib.asynccontextmanager
async def local_store(
    settings: Settings, err: Console, *, wanted: bool, log: bool = False
) -> AsyncIterator[Store | None]:
    """The store the command keeps its record and log in; None when neither
    is wanted or it cannot be opened (said once: the command goes on). With
    ``log`` (the command logs its runs) the local log's old runs are pruned
    first, when ``REDRAFT_LOG_RETENTION_DAYS`` says so."""
    if not wanted:
        yield None
        return
    try:
        store = await Store.open(settings.database_url or None)
    except (ConfigurationError, OSError) as exc:
        err.print(
            f"[yellow]warning:[/] the local store is unavailable ({exc}); going on without "
            "the run log and the judges' record"
        )
        yield None
        return
    try:
        if log:
            await apply_retention(
                store, settings.log_retention_days, lambda message: warn(err, message)
            )
        yield store
    finally:
        await store.close()


@contextlib.asynccontextmanager
async def recorded_redrafter(
    settings: Settings,
    err: Console,
    model: str | None,
    *,
    judge_model: str | None,
    policy: Policy,
    spec: dict[str, Any],
    log: bool = False,
) -> AsyncIterator[tuple[Redrafter, JudgeRecordSession, RunLog]]:
    """The command's :class:`Redrafter`, trusting its judge as far as the
    record says, and with ``log`` its runs' log (see :mod:`._log`)."""
    judge = judge_model if judge_model is not None else settings.judge_model
    # Without a judge there is no record to read or add to: the store is
    # opened only for the log, so REDRAFT_LOG=off leaves no file behind.
    keep_record = settings.judge_record and judge != NO_JUDGE
    async with local_store(settings, err, wanted=keep_record or log, log=log) as store:
        kept = store if keep_record else None
        record = JudgeRecordSession(kept, await kept.judges.reliabilities() if kept else {})
        run_log = RunLog(store if log else None, lambda message: warn(err, message))
        async with Redrafter(
            model,
            judge_model=judge_model,
            policy=policy,
            settings=settings,
            reliability=record.reliability,
            **spec,
        ) as redrafter:
            try:
                # The command logs its runs itself, not as a library's.
                with recorded_elsewhere():
                    yield redrafter, record, run_log
            finally:
                await run_log.close()


def warn(err: Console, message: str) -> None:
    """A warning the command goes on after, on standard error."""
    err.print(f"[yellow]warning:[/] {message}")


def comparisons_of(drafts: Iterable[Draft]) -> list[Comparison]:
    """The judges' audits in a run's verdicts."""
    return comparisons_in(
        evidence.data for draft in drafts if draft.verdict for evidence in draft.verdict.evidence
    )
