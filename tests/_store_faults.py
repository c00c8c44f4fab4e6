"""A database that really fails: read-only or full, on SQLite and PostgreSQL.

:class:`DatabaseFault` sets each connection the store checks out from its
pools (every pool in the process, the service's included) to the state it
names, with the database's own switches, so the errors the store meets are
the driver's genuine ones, not imitations:

- ``read_only``: SQLite's ``PRAGMA query_only`` (``SQLITE_READONLY``),
  PostgreSQL's ``default_transaction_read_only`` (SQLSTATE 25006).
- ``full`` (SQLite): ``PRAGMA max_page_count`` at the file's current size, so
  a write that needs one more page fails with ``SQLITE_FULL``, "database or
  disk is full", exactly as on a full disk. A small write that fits a page
  already there still succeeds, as it would on a full disk.
- ``ok``: writable again, the space back.
"""

from __future__ import annotations

from typing import Any, Literal

from sqlalchemy import event
from sqlalchemy.pool import Pool

FaultMode = Literal["ok", "read_only", "full"]
_NO_LIMIT = 4294967294  # SQLite clamps it to the largest it supports


class DatabaseFault:
    """Use as a context manager; set :attr:`mode` at any time. A connection
    takes the mode when it is next checked out, before any statement."""

    def __init__(self) -> None:
        self.mode: FaultMode = "ok"

    def __enter__(self) -> DatabaseFault:
        event.listen(Pool, "checkout", self._apply)
        return self

    def __exit__(self, *_: object) -> None:
        event.remove(Pool, "checkout", self._apply)

    def _apply(self, dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        # sqlite3's own connection, or SQLAlchemy's adapter of aiosqlite or asyncpg.
        sqlite = "sqlite" in type(dbapi_connection).__module__
        cursor = dbapi_connection.cursor()
        try:
            if not sqlite:
                on = "on" if self.mode == "read_only" else "off"
                cursor.execute(f"SET default_transaction_read_only = {on}")
                # The adapter opened a transaction for the SET; the setting
                # holds from the next one, the store's own.
                dbapi_connection.commit()
                return
            cursor.execute(f"PRAGMA query_only = {int(self.mode == 'read_only')}")
            limit = _NO_LIMIT
            if self.mode == "full":
                cursor.execute("PRAGMA page_count")
                limit = int(cursor.fetchone()[0])
            cursor.execute(f"PRAGMA max_page_count = {limit}")
        finally:
            cursor.close()
