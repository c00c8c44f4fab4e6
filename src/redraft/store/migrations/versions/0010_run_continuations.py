"""A run may say which run it continues (``redraft.continues``).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: most runs continue none, and every run stored before has none.
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("continues", sa.String(), nullable=True))
    # A listing reads which runs continue the ones it shows.
    op.create_index(op.f("ix_runs_continues"), "runs", ["continues"])


def downgrade() -> None:
    op.drop_index(op.f("ix_runs_continues"), table_name="runs")
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("continues")
