"""Runs are leased to the server process running them.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: rows written before leases (and runs the library records
    # without one) have no owner, and stay readable as they are.
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("owner", sa.String(), nullable=True))
        batch.add_column(sa.Column("lease_expires_at", sa.DateTime(timezone=True), nullable=True))
    # The reaper looks for running runs whose lease ran out.
    op.create_index(op.f("ix_runs_status_lease_expires_at"), "runs", ["status", "lease_expires_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_runs_status_lease_expires_at"), table_name="runs")
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("lease_expires_at")
        batch.drop_column("owner")
