"""The initial schema: runs, their event log, drafts, evidence, calls and API keys.

Revision ID: 0001
Revises:
Create Date: 2026-05-20
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _json() -> sa.types.TypeEngine[Any]:
    # Frozen here on purpose: a migration must not change when the models do.
    return sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def _timestamp() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _run_id() -> sa.Column[str]:
    return sa.Column("run_id", sa.String(), nullable=False)


def _run_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["run_id"], ["runs.id"], name=op.f(f"fk_{table}_run_id_runs"), ondelete="CASCADE"
    )


def upgrade() -> None:
    op.create_table(
        "runs",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("tenant", sa.String(), nullable=False),
        sa.Column("created_at", _timestamp(), nullable=False),
        sa.Column("updated_at", _timestamp(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("model", sa.String(), nullable=False),
        sa.Column("judge", sa.String(), nullable=False),
        sa.Column("prompt", sa.Text(), nullable=False),
        sa.Column("passed", sa.Boolean(), nullable=True),
        sa.Column("score", sa.Float(), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("stop_reason", sa.String(), nullable=True),
        sa.Column("final_answer", sa.Text(), nullable=True),
        sa.Column("input_tokens", sa.Integer(), nullable=False),
        sa.Column("output_tokens", sa.Integer(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("policy", _json(), nullable=False),
        sa.Column("request", _json(), nullable=False),
        sa.Column("result", _json(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_runs")),
    )
    op.create_index(op.f("ix_runs_tenant_created_at"), "runs", ["tenant", "created_at"])

    op.create_table(
        "run_events",
        _run_id(),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(), nullable=False),
        sa.Column("at", _timestamp(), nullable=False),
        sa.Column("payload", _json(), nullable=False),
        _run_fk("run_events"),
        # The primary key doubles as the (run_id, seq) index replay reads by.
        sa.PrimaryKeyConstraint("run_id", "seq", name=op.f("pk_run_events")),
    )

    op.create_table(
        "drafts",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        _run_id(),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("feedback", sa.Text(), nullable=True),
        sa.Column("finish_reason", sa.String(), nullable=True),
        sa.Column("verdict_score", sa.Float(), nullable=True),
        sa.Column("verdict_passed", sa.Boolean(), nullable=True),
        sa.Column("verdict_reason", sa.Text(), nullable=True),
        sa.Column("verdict_suggestions", _json(), nullable=True),
        _run_fk("drafts"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_drafts")),
        sa.UniqueConstraint("run_id", "attempt", name=op.f("uq_drafts_run_id_attempt")),
    )

    op.create_table(
        "evidence",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        _run_id(),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("evaluator", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("passed", sa.Boolean(), nullable=False),
        sa.Column("score", sa.Float(), nullable=True),
        sa.Column("points", sa.Float(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("source", sa.Text(), nullable=False),
        sa.Column("suggestions", _json(), nullable=False),
        sa.Column("required", sa.Boolean(), nullable=False),
        sa.Column("valid", sa.Boolean(), nullable=False),
        sa.Column("data", _json(), nullable=False),
        _run_fk("evidence"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_evidence")),
        sa.UniqueConstraint(
            "run_id", "attempt", "position", name=op.f("uq_evidence_run_id_attempt_position")
        ),
    )

    op.create_table(
        "calls",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        _run_id(),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("provider", sa.String(), nullable=False),
        sa.Column("model", sa.String(), nullable=False),
        sa.Column("evaluator", sa.String(), nullable=True),
        sa.Column("messages", _json(), nullable=False),
        sa.Column("parameters", _json(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("input_tokens", sa.Integer(), nullable=False),
        sa.Column("output_tokens", sa.Integer(), nullable=False),
        sa.Column("latency_ms", sa.Float(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("finish_reason", sa.String(), nullable=True),
        _run_fk("calls"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_calls")),
        sa.UniqueConstraint("run_id", "position", name=op.f("uq_calls_run_id_position")),
    )

    op.create_table(
        "api_keys",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("tenant", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=True),
        sa.Column("prefix", sa.String(), nullable=False),
        sa.Column("hash", sa.String(), nullable=False),
        sa.Column("created_at", _timestamp(), nullable=False),
        sa.Column("revoked_at", _timestamp(), nullable=True),
        sa.Column("last_used_at", _timestamp(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_api_keys")),
        sa.UniqueConstraint("hash", name=op.f("uq_api_keys_hash")),
    )
    op.create_index(op.f("ix_api_keys_tenant"), "api_keys", ["tenant"])


def downgrade() -> None:
    op.drop_index(op.f("ix_api_keys_tenant"), table_name="api_keys")
    op.drop_table("api_keys")
    op.drop_table("calls")
    op.drop_table("evidence")
    op.drop_table("drafts")
    op.drop_table("run_events")
    op.drop_index(op.f("ix_runs_tenant_created_at"), table_name="runs")
    op.drop_table("runs")
