"""The judges' record as the CLI keeps it: read before a run, added to after.

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

from redraft.app import Settings
from redraft.app._redrafter import Redrafter
from redraft.core._errors import ConfigurationError
from redraft.core._types import Draft, Policy
from redraft.evaluators import Comparison, Reliabilities, comparisons_in
from redraft.store import Store

__all__ = ["JudgeRecordSession", "comparisons_of", "judge_record", "recorded_redrafter"]


class JudgeRecordSession:
    """The record for one command: what it knew at the start, and a way to add to it."""

    def __init__(self, store: Store | None, reliability: Reliabilities) -> None:
        self._store = store
        self.reliability = reliability

    async def add(self, comparisons: list[Comparison], *, run_id: str | None = None) -> None:
        if self._store is not None and comparisons:
            await self._store.judges.add(comparisons, tenant="default", run_id=run_id)


@contextlib.asynccontextmanager
async def judge_record(settings: Settings, err: Console) -> AsyncIterator[JudgeRecordSession]:
    if not settings.judge_record:
        yield JudgeRecordSession(None, {})
        return
    try:
        store = await Store.open(settings.database_url or None)
    except (ConfigurationError, OSError) as exc:
        err.print(
            f"[yellow]warning:[/] the judges' record is unavailable ({exc}); going on without it"
        )
        yield JudgeRecordSession(None, {})
        return
    try:
        yield JudgeRecordSession(store, await store.judges.reliabilities())
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
) -> AsyncIterator[tuple[Redrafter, JudgeRecordSession]]:
    """The command's :class:`Redrafter`, trusting its judge as far as the record says."""
    async with (
        judge_record(settings, err) as record,
        Redrafter(
            model,
            judge_model=judge_model,
            policy=policy,
            settings=settings,
            reliability=record.reliability,
            **spec,
        ) as redrafter,
    ):
        yield redrafter, record


def comparisons_of(drafts: Iterable[Draft]) -> list[Comparison]:
    """The judges' audits in a run's verdicts."""
    return comparisons_in(
        evidence.data for draft in drafts if draft.verdict for evidence in draft.verdict.evidence
    )
