"""Runs say where they came from: the service, the CLI or a library.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Until now only the service stored runs.
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("source", sa.String(), nullable=False, server_default="service"))


def downgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("source")
