"""Calls and runs keep what they cost in US dollars.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: no price is known for some models, and none was kept before.
    with op.batch_alter_table("calls") as batch:
        batch.add_column(sa.Column("cost_usd", sa.Float(), nullable=True))
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("cost_usd", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("cost_usd")
    with op.batch_alter_table("calls") as batch:
        batch.drop_column("cost_usd")
