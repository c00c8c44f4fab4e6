"""Eval outcomes are found by their run: a run listing says which eval it belongs to.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(op.f("ix_eval_outcomes_run_id"), "eval_outcomes", ["run_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_eval_outcomes_run_id"), table_name="eval_outcomes")
