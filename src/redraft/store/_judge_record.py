"""The judges' record: every comparison of a judge's answer with the truth.

A row is one :class:`~redraft.evaluators._reliability.Comparison` (an audit
against an exact check, a person overturning a finding, a calibration item).
Rows keep the tenant and run they came from, but only counts leave the store:
:meth:`JudgeRecord.reliabilities` adds them up in SQL across every tenant,
since how often a judge model is right is not any tenant's data.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Float, Index, Integer, Text, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import Mapped, mapped_column

from redraft.evaluators._reliability import Comparison, Reliability, calibrated_band
from redraft.store._models import Base

__all__ = [
    "JudgeComparisonRow",
    "JudgeRecord",
    "comparison_rows",
    "insert_comparisons",
    "record_json",
]


class JudgeComparisonRow(Base):
    """One comparison of a judge's answer with what held (migration 0006)."""

    __tablename__ = "judge_comparisons"
    __table_args__ = (Index(None, "judge", "preset"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    created_at: Mapped[datetime]
    tenant: Mapped[str]
    run_id: Mapped[str | None]
    """The run it was audited in; None for calibration and runs not in this store.
    No foreign key: the CLI records audits of runs it never stores."""
    judge: Mapped[str]
    preset: Mapped[str]
    requirement: Mapped[str] = mapped_column(Text)
    truth: Mapped[bool]
    said: Mapped[bool | None]
    """None when the judge was not sure."""
    p_yes: Mapped[float | None] = mapped_column(Float)
    source: Mapped[str]
    """``check``, ``human`` or ``calibration``."""


_FIELDS = {"judge", "preset", "requirement", "truth", "said", "p_yes", "source"}


def comparison_rows(
    comparisons: Iterable[Comparison], *, tenant: str, run_id: str | None, at: datetime
) -> list[dict[str, Any]]:
    """The rows to insert for ``comparisons``."""
    return [
        {
            "created_at": at,
            "tenant": tenant,
            "run_id": run_id,
            **comparison.model_dump(mode="json", include=_FIELDS),
        }
        for comparison in comparisons
    ]


async def insert_comparisons(session: AsyncSession, rows: Sequence[dict[str, Any]]) -> None:
    """Insert ``rows`` in the caller's transaction."""
    if rows:
        await session.execute(insert(JudgeComparisonRow), list(rows))


def record_json(record: Reliability) -> dict[str, Any]:
    """One judge's record as ``GET /v1/judges`` and ``redraft judges --json`` show it."""
    return {
        **record.model_dump(mode="json"),
        "n": record.n,
        "flagged": record.flagged,
        "summary": record.describe(),
    }


class JudgeRecord:
    """The judges' record in the store (``store.judges``)."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions

    async def add(
        self, comparisons: Sequence[Comparison], *, tenant: str, run_id: str | None = None
    ) -> int:
        """Keep ``comparisons``, all in one transaction; how many were added."""
        rows = comparison_rows(comparisons, tenant=tenant, run_id=run_id, at=datetime.now(UTC))
        if rows:
            async with self._sessions.begin() as session:
                await insert_comparisons(session, rows)
        return len(rows)

    async def reliabilities(self) -> dict[tuple[str, str], Reliability]:
        """Every judge's record by ``(judge, preset)``, counted over all tenants."""
        return await self._count()

    async def reliability(self, judge: str, preset: str) -> Reliability | None:
        """One judge's record; None when it was never compared."""
        found = await self._count(
            JudgeComparisonRow.judge == judge, JudgeComparisonRow.preset == preset
        )
        return found.get((judge, preset))

    async def _count(self, *where: Any) -> dict[tuple[str, str], Reliability]:
        row = JudgeComparisonRow
        query = (
            select(row.judge, row.preset, row.truth, row.said, func.count())
            .where(*where)
            .group_by(row.judge, row.preset, row.truth, row.said)
            .order_by(row.judge, row.preset)
        )
        # The P(yes) each answer came with, counted per value, calibrates the judge.
        given = (
            select(row.judge, row.preset, row.truth, row.p_yes, func.count())
            .where(row.p_yes.is_not(None), *where)
            .group_by(row.judge, row.preset, row.truth, row.p_yes)
        )
        records: dict[tuple[str, str], Reliability] = {}
        samples: dict[tuple[str, str], list[tuple[bool, float, int]]] = {}
        async with self._sessions() as session:
            for judge, preset, truth, said, times in (await session.execute(query)).all():
                record = records.get((judge, preset)) or Reliability(judge=judge, preset=preset)
                records[(judge, preset)] = record.counting(truth, said, times)
            for judge, preset, truth, p_yes, times in (await session.execute(given)).all():
                if p_yes is not None:  # the query asks for none; this tells the type checker
                    samples.setdefault((judge, preset), []).append((truth, p_yes, times))
        return {
            key: record.model_copy(update={"band": calibrated_band(samples.get(key, ()))})
            for key, record in records.items()
        }
