"""Evals as the store keeps them: the dataset and options of each, and one
outcome per row and arm, written as each row finishes.

An outcome row is the mark of a finished row: an interrupted eval resumes
with the rows that have none (:meth:`redraft.evals.Eval.remaining`). The
row's run itself is in the run log (``run_id``), written by whoever ran it;
no foreign key ties the two, since the log may be turned off or written
after the outcome.
"""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel
from sqlalchemy import ForeignKey, Index, Integer, func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import Mapped, mapped_column

from redraft.evals import Eval, EvalConfig, EvalOutcome, EvalStatus, EvalSummary
from redraft.evals._models import DatasetRow
from redraft.store._models import Base

__all__ = ["EvalOutcomeRow", "EvalRow", "EvalStore", "RunEval", "evals_of_runs", "new_eval_id"]


def new_eval_id() -> str:
    """An eval id that sorts by creation time, as run ids do."""
    return f"eval_{int(time.time() * 1000):012x}{os.urandom(4).hex()}"


class RunEval(BaseModel):
    """The eval a run belongs to: which one, in which arm, for which row."""

    id: str
    arm: str
    """``baseline`` (one draft, no loop) or ``loop``."""
    row: int
    """The dataset row's index, from 0."""


async def evals_of_runs(
    session: AsyncSession, run_ids: list[str], tenant: str
) -> dict[str, RunEval]:
    """The eval of each of ``run_ids`` that belongs to one (of ``tenant``), in
    one query over the ``run_id`` index however many runs a page holds."""
    if not run_ids:
        return {}
    query = (
        select(
            EvalOutcomeRow.run_id, EvalOutcomeRow.eval_id, EvalOutcomeRow.arm, EvalOutcomeRow.row
        )
        .join(EvalRow, EvalRow.id == EvalOutcomeRow.eval_id)
        .where(EvalOutcomeRow.run_id.in_(run_ids), EvalRow.tenant == tenant)
    )
    return {
        run_id: RunEval(id=eval_id, arm=arm, row=row)
        for run_id, eval_id, arm, row in await session.execute(query)
        if run_id is not None
    }


class EvalRow(Base):
    """One eval (migration 0009)."""

    __tablename__ = "evals"
    __table_args__ = (Index(None, "tenant", "created_at"),)

    id: Mapped[str] = mapped_column(primary_key=True)
    tenant: Mapped[str]
    name: Mapped[str]
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
    status: Mapped[str]
    """``running``, ``completed`` or ``interrupted``."""
    rows_total: Mapped[int] = mapped_column(Integer)
    config: Mapped[dict[str, Any]]
    rows: Mapped[list[Any]]


class EvalOutcomeRow(Base):
    """One row's outcome in one arm (migration 0009)."""

    __tablename__ = "eval_outcomes"
    # Migration 0012: a run listing finds each run's eval by its id.
    __table_args__ = (Index(None, "run_id"),)

    eval_id: Mapped[str] = mapped_column(
        ForeignKey("evals.id", ondelete="CASCADE"), primary_key=True
    )
    row: Mapped[int] = mapped_column(Integer, primary_key=True)
    arm: Mapped[str] = mapped_column(primary_key=True)
    run_id: Mapped[str | None]
    created_at: Mapped[datetime]
    passed: Mapped[bool | None]
    outcome: Mapped[dict[str, Any]]


class EvalStore:
    """Create, continue and read evals; ``Store.evals``."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], *, postgres: bool) -> None:
        self._sessions = sessions
        self._postgres = postgres

    async def create(
        self,
        *,
        tenant: str,
        name: str,
        config: EvalConfig,
        rows: list[DatasetRow],
        eval_id: str | None = None,
    ) -> Eval:
        now = datetime.now(UTC)
        evaluation = Eval(
            id=eval_id or new_eval_id(),
            name=name,
            created_at=now,
            updated_at=now,
            status="running",
            config=config,
            rows=rows,
        )
        async with self._sessions.begin() as session:
            session.add(
                EvalRow(
                    id=evaluation.id,
                    tenant=tenant,
                    name=name,
                    created_at=now,
                    updated_at=now,
                    status="running",
                    rows_total=len(rows),
                    config=config.model_dump(mode="json"),
                    rows=[row.model_dump(mode="json", exclude_none=True) for row in rows],
                )
            )
        return evaluation

    async def add_outcome(self, eval_id: str, outcome: EvalOutcome) -> None:
        """Keep ``outcome``; a row and arm kept already stay as they are (a
        resumed eval never overwrites a finished row)."""
        now = datetime.now(UTC)
        values = {
            "eval_id": eval_id,
            "row": outcome.row,
            "arm": outcome.arm,
            "run_id": outcome.run_id,
            "created_at": now,
            "passed": outcome.passed,
            "outcome": outcome.model_dump(mode="json"),
        }
        insert = pg_insert if self._postgres else sqlite_insert
        statement = insert(EvalOutcomeRow).values(values).on_conflict_do_nothing()
        async with self._sessions.begin() as session:
            await session.execute(statement)
            await session.execute(
                update(EvalRow).where(EvalRow.id == eval_id).values(updated_at=now)
            )

    async def set_status(self, eval_id: str, status: EvalStatus) -> None:
        async with self._sessions.begin() as session:
            await session.execute(
                update(EvalRow)
                .where(EvalRow.id == eval_id)
                .values(status=status, updated_at=datetime.now(UTC))
            )

    async def get(self, eval_id: str, *, tenant: str) -> Eval | None:
        """The whole eval with every outcome, or None when ``tenant`` has none by that id."""
        async with self._sessions() as session:
            row = await session.get(EvalRow, eval_id)
            if row is None or row.tenant != tenant:
                return None
            outcomes = await session.scalars(
                select(EvalOutcomeRow.outcome)
                .where(EvalOutcomeRow.eval_id == eval_id)
                .order_by(EvalOutcomeRow.row, EvalOutcomeRow.arm)
            )
        return Eval(
            id=row.id,
            name=row.name,
            created_at=row.created_at,
            updated_at=row.updated_at,
            status=row.status,  # type: ignore[arg-type]
            config=EvalConfig.model_validate(row.config),
            rows=[DatasetRow.model_validate(r) for r in row.rows],
            outcomes=[EvalOutcome.model_validate(o) for o in outcomes],
        )

    async def list(self, *, tenant: str, limit: int = 20) -> list[EvalSummary]:
        """``tenant``'s evals, newest first, with how far each got."""
        if limit < 1:
            raise ValueError("limit must be at least 1")
        done = func.count(EvalOutcomeRow.row)
        passed = func.count(EvalOutcomeRow.row).filter(
            EvalOutcomeRow.arm == "loop", EvalOutcomeRow.passed.is_(True)
        )
        query = (
            select(EvalRow, done, passed)
            .outerjoin(EvalOutcomeRow, EvalOutcomeRow.eval_id == EvalRow.id)
            .where(EvalRow.tenant == tenant)
            .group_by(EvalRow.id)
            .order_by(EvalRow.created_at.desc(), EvalRow.id.desc())
            .limit(limit)
        )
        async with self._sessions() as session:
            results = (await session.execute(query)).all()
        summaries = []
        for row, done_count, passed_count in results:
            config = EvalConfig.model_validate(row.config)
            summaries.append(
                EvalSummary(
                    id=row.id,
                    name=row.name,
                    created_at=row.created_at,
                    updated_at=row.updated_at,
                    status=row.status,  # type: ignore[arg-type]
                    model=config.model,
                    arms=list(config.arms),
                    rows=row.rows_total,
                    done=done_count,
                    passed=passed_count,
                )
            )
        return summaries
