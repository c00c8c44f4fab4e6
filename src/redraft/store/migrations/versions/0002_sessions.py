"""Evaluation sessions: sessions, their evidence, event log and background jobs.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _json() -> sa.types.TypeEngine[Any]:
    # Frozen here on purpose: a migration must not change when the models do.
    return sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def _timestamp() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _session_id() -> sa.Column[int]:
    return sa.Column("session_id", sa.Integer(), nullable=False)


def _session_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["session_id"],
        ["sessions.id"],
        name=op.f(f"fk_{table}_session_id_sessions"),
        ondelete="CASCADE",
    )


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("tenant", sa.String(), nullable=False),
        sa.Column("created_at", _timestamp(), nullable=False),
        sa.Column("updated_at", _timestamp(), nullable=False),
        sa.Column("subject", _json(), nullable=False),
        sa.Column("panel", _json(), nullable=False),
        sa.Column("judge_model", sa.String(), nullable=True),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("interruptions", sa.Integer(), nullable=False),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("last_evidence_id", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sessions")),
    )
    op.create_index(op.f("ix_sessions_tenant_id"), "sessions", ["tenant", "id"])

    op.create_table(
        "session_evidence",
        _session_id(),
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("job_id", sa.Integer(), nullable=True),
        sa.Column("member", sa.String(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("valid", sa.Boolean(), nullable=False),
        sa.Column("invalidate_reason", sa.Text(), nullable=True),
        sa.Column("evaluator", sa.String(), nullable=True),
        sa.Column("kind", sa.String(), nullable=True),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("original_id", sa.Integer(), nullable=True),
        sa.Column("details", _json(), nullable=False),
        sa.Column("created_at", _timestamp(), nullable=False),
        sa.Column("updated_at", _timestamp(), nullable=False),
        _session_fk("session_evidence"),
        sa.PrimaryKeyConstraint("session_id", "id", name=op.f("pk_session_evidence")),
    )

    op.create_table(
        "session_events",
        _session_id(),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("type", sa.String(), nullable=False),
        sa.Column("at", _timestamp(), nullable=False),
        sa.Column("evidence_id", sa.Integer(), nullable=True),
        sa.Column("payload", _json(), nullable=False),
        _session_fk("session_events"),
        sa.PrimaryKeyConstraint("session_id", "seq", name=op.f("pk_session_events")),
    )

    op.create_table(
        "session_jobs",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        _session_id(),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("members", _json(), nullable=False),
        sa.Column("evidence_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("owner", sa.String(), nullable=False),
        sa.Column("lease_expires_at", _timestamp(), nullable=False),
        sa.Column("resumed", sa.Integer(), nullable=False),
        sa.Column("created_at", _timestamp(), nullable=False),
        sa.Column("updated_at", _timestamp(), nullable=False),
        _session_fk("session_jobs"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_session_jobs")),
    )
    op.create_index(op.f("ix_session_jobs_session_id"), "session_jobs", ["session_id"])
    op.create_index(
        op.f("ix_session_jobs_status_lease_expires_at"),
        "session_jobs",
        ["status", "lease_expires_at"],
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_session_jobs_status_lease_expires_at"), table_name="session_jobs")
    op.drop_index(op.f("ix_session_jobs_session_id"), table_name="session_jobs")
    op.drop_table("session_jobs")
    op.drop_table("session_events")
    op.drop_table("session_evidence")
    op.drop_index(op.f("ix_sessions_tenant_id"), table_name="sessions")
    op.drop_table("sessions")
