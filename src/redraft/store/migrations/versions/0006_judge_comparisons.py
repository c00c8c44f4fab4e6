"""The judges' record: each comparison of a judge's answer with the truth.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # No foreign key to runs: the CLI records audits of runs it never stores.
    op.create_table(
        "judge_comparisons",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tenant", sa.String(), nullable=False),
        sa.Column("run_id", sa.String(), nullable=True),
        sa.Column("judge", sa.String(), nullable=False),
        sa.Column("preset", sa.String(), nullable=False),
        sa.Column("requirement", sa.Text(), nullable=False),
        sa.Column("truth", sa.Boolean(), nullable=False),
        sa.Column("said", sa.Boolean(), nullable=True),
        sa.Column("p_yes", sa.Float(), nullable=True),
        sa.Column("source", sa.String(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_judge_comparisons")),
    )
    # The record is read by judge: GROUP BY judge, preset.
    op.create_index(
        op.f("ix_judge_comparisons_judge_preset"), "judge_comparisons", ["judge", "preset"]
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_judge_comparisons_judge_preset"), table_name="judge_comparisons")
    op.drop_table("judge_comparisons")
