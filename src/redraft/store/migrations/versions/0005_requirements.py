"""Verdicts keep their requirement account; evidence keeps the judge's confidence.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _json() -> sa.types.TypeEngine[Any]:
    return sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    # Nullable: verdicts recorded before requirement accounting have no account,
    # and evidence from checks has no confidence.
    with op.batch_alter_table("evidence") as batch:
        batch.add_column(sa.Column("confidence", sa.Float(), nullable=True))
    with op.batch_alter_table("drafts") as batch:
        batch.add_column(sa.Column("verdict_requirements", _json(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("drafts") as batch:
        batch.drop_column("verdict_requirements")
    with op.batch_alter_table("evidence") as batch:
        batch.drop_column("confidence")
