"""A run keeps the name of the profile the service ran it with.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: runs of the CLI and of a library have no profile, and the
    # service's runs stored before did not keep theirs.
    with op.batch_alter_table("runs") as batch:
        batch.add_column(sa.Column("profile", sa.String(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("runs") as batch:
        batch.drop_column("profile")
