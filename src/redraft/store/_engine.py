"""Database URLs, engines and migrations for the store.

``REDRAFT_DATABASE_URL`` may name SQLite or PostgreSQL in the forms people
write by hand; this module turns them into async SQLAlchemy URLs, opens the
engine with the right per-connection settings and migrates to the newest
schema before the store is used.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib.util
import weakref
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, event, text
from sqlalchemy import create_engine as sa_create_engine
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool

from redraft.core._errors import ConfigurationError
from redraft.core._private_files import prepare_sqlite_file
from redraft.store._errors import translate_errors

__all__ = [
    "DATABASE_FILE",
    "create_engine",
    "create_sqlite_writer",
    "default_database_path",
    "describe",
    "listener_connect",
    "migrate",
    "normalise_url",
    "prepare_sqlite_file",
]

DATABASE_FILE = "redraft.db"
MIGRATIONS = Path(__file__).parent / "migrations"
_SETTING = "REDRAFT_DATABASE_URL"
# Any fixed number: it only has to be the same for every redraft process that
# migrates the same PostgreSQL database at the same time.
_ADVISORY_LOCK_KEY = 0x7265647261667401


def default_database_path(data_dir: Path | None = None) -> Path:
    """Where the SQLite file lives when no URL is set: the user data dir."""
    base = data_dir if data_dir is not None else Path(platformdirs.user_data_dir("redraft"))
    return base / DATABASE_FILE


def normalise_url(url: str | None, *, data_dir: Path | None = None) -> URL:
    """The async SQLAlchemy URL for a setting value.

    ``None`` means a SQLite file in the user data dir (or ``data_dir``);
    ``sqlite:///path`` becomes ``sqlite+aiosqlite:///path``; ``postgresql://``
    and ``postgres://`` become ``postgresql+asyncpg://``.
    """
    if url is None or not url.strip():
        return URL.create("sqlite+aiosqlite", database=str(default_database_path(data_dir)))
    try:
        parsed = make_url(url.strip())
    except ArgumentError:
        raise ConfigurationError(
            f"{_SETTING} is not a database URL; use sqlite:///path/to/redraft.db "
            "or postgresql://user:password@host:5432/database"
        ) from None
    backend, _, driver = parsed.drivername.partition("+")
    if backend == "sqlite" and driver in ("", "aiosqlite"):
        parsed = parsed.set(drivername="sqlite+aiosqlite")
        if parsed.database and parsed.database != ":memory:":
            # SQLite would take "~" literally and make a directory called "~".
            parsed = parsed.set(database=str(Path(parsed.database).expanduser()))
        return parsed
    if backend in ("postgresql", "postgres") and driver in ("", "asyncpg"):
        if importlib.util.find_spec("asyncpg") is None:
            raise ConfigurationError(
                f"{_SETTING} names PostgreSQL, which needs the asyncpg driver: "
                "pip install 'redraft[postgres]'"
            )
        return parsed.set(drivername="postgresql+asyncpg")
    raise ConfigurationError(
        f"{_SETTING} uses {parsed.drivername!r}, which redraft does not support; "
        "use sqlite:///path/to/redraft.db or postgresql://user:password@host:5432/database"
    )


def describe(url: URL) -> str:
    """The URL without its password, for messages and logs."""
    return url.render_as_string(hide_password=True)


def create_engine(url: URL, *, own_folder: bool = False) -> AsyncEngine:
    """An async engine; SQLite gets WAL, foreign keys and a busy timeout on every connection.

    A SQLite file is created readable by its owner only (see
    :func:`prepare_sqlite_file`); ``own_folder`` says its folder is
    redraft's own (the user data dir's), to be kept private too. The
    database failing raises :class:`StoreUnavailableError`.
    """
    if url.get_backend_name() != "sqlite":
        engine = create_async_engine(url, pool_pre_ping=True)
        translate_errors(engine.sync_engine)
        return engine
    options: dict[str, Any] = {}
    if url.database in (None, "", ":memory:"):
        # One shared connection, or every connection would see its own empty database.
        options["poolclass"] = StaticPool
    else:
        prepare_sqlite_file(Path(url.database), own_folder=own_folder)
    engine = create_async_engine(url, **options)
    event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    translate_errors(engine.sync_engine)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    with contextlib.closing(dbapi_connection.cursor()) as cursor:
        # WAL lets readers (listings, SSE replays) run while a run is recorded.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        # Writers queue for up to 10 s instead of failing at once with "database is locked".
        cursor.execute("PRAGMA busy_timeout=10000")
        # What a delete or an update frees is overwritten, so a pruned run (or
        # an old version of a row) leaves nothing readable in the file. Debian
        # builds SQLite with this on; others (macOS, python.org's) do not.
        cursor.execute("PRAGMA secure_delete=ON")
        # synchronous stays FULL (the default): an event is on disk before it is announced.


def create_sqlite_writer(url: URL) -> Engine | None:
    """A plain (sync) engine on the same SQLite file, for the store's hot
    write path (:mod:`._transactions`); None for PostgreSQL or an in-memory
    database, which only the async engine's one connection can see."""
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    engine = sa_create_engine(url.set(drivername="sqlite+pysqlite"), pool_size=1)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, record: Any) -> None:
        _sqlite_pragmas(dbapi_connection, record)
        # The driver's own transaction handling would begin only at the first
        # write, after the reads that decide it: SQLAlchemy begins instead.
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        # IMMEDIATE takes the write lock up front, so what the transaction
        # reads cannot change before it writes.
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    translate_errors(engine)
    return engine


def _upgrade(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        # Two processes starting together must not both create the tables.
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _ADVISORY_LOCK_KEY})
    config = Config()
    # Alembic's config interpolates "%", which a path may contain.
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


# Alembic keeps the running migration in module globals (``alembic.context``),
# so two stores opening at once in one event loop would trample each other's
# state between awaits. One lock per loop, because an asyncio.Lock belongs to
# the loop that first waits on it.
_MIGRATION_LOCKS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)


async def migrate(engine: AsyncEngine) -> None:
    """Bring the schema to the newest revision; a no-op when it is there already."""
    lock = _MIGRATION_LOCKS.setdefault(asyncio.get_running_loop(), asyncio.Lock())
    async with lock, engine.begin() as connection:
        await connection.run_sync(_upgrade)


def listener_connect(url: URL) -> Callable[[], Awaitable[Any]]:
    """Opens a plain asyncpg connection to the store's PostgreSQL database:
    LISTEN needs a connection of its own, held outside SQLAlchemy's pool."""
    import asyncpg  # type: ignore[import-untyped]

    return functools.partial(asyncpg.connect, **url.translate_connect_args(username="user"))
