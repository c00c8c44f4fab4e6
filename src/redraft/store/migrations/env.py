"""Alembic environment for redraft's store.

Migrations run programmatically from :meth:`redraft.store.Store.open`, which
hands over an open connection in ``config.attributes["connection"]``; there is
no ``alembic.ini`` and no URL here. To write a new revision, compare against
``Base.metadata`` (``target_metadata`` below) from a connection the same way.
"""

from __future__ import annotations

from alembic import context

from redraft.store._models import VERSION_TABLE, Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError(
        "redraft's migrations run through redraft.store.Store.open(), which passes a connection"
    )

context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    version_table=VERSION_TABLE,
    # SQLite cannot ALTER most things in place; batch mode copies the table instead.
    render_as_batch=connection.dialect.name == "sqlite",
    transaction_per_migration=False,
)
with context.begin_transaction():
    context.run_migrations()
