"""Evals: a dataset's rows and options, and one outcome per row and arm.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _json() -> sa.types.TypeEngine[Any]:
    return sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "evals",
        sa.Column("id", sa.String(), nullable=False),
        sa.Column("tenant", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("rows_total", sa.Integer(), nullable=False),
        sa.Column("config", _json(), nullable=False),
        sa.Column("rows", _json(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_evals")),
    )
    op.create_index(op.f("ix_evals_tenant_created_at"), "evals", ["tenant", "created_at"])
    op.create_table(
        "eval_outcomes",
        sa.Column("eval_id", sa.String(), nullable=False),
        sa.Column("row", sa.Integer(), nullable=False),
        sa.Column("arm", sa.String(), nullable=False),
        sa.Column("run_id", sa.String(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("passed", sa.Boolean(), nullable=True),
        sa.Column("outcome", _json(), nullable=False),
        sa.ForeignKeyConstraint(
            ["eval_id"],
            ["evals.id"],
            name=op.f("fk_eval_outcomes_eval_id_evals"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("eval_id", "row", "arm", name=op.f("pk_eval_outcomes")),
    )


def downgrade() -> None:
    op.drop_table("eval_outcomes")
    op.drop_index(op.f("ix_evals_tenant_created_at"), table_name="evals")
    op.drop_table("evals")
