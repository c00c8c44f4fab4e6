"""When the database fails the store: one error, in the product's own words.

A full disk, a read-only file, a database that cannot be reached or read:
whichever statement, commit or connection hits it, the store raises
:class:`StoreUnavailableError`, never the driver's or SQLAlchemy's exception,
whose text names libraries, SQL and URLs. The translation is installed on
each engine (:func:`translate_errors`), so every query the store makes is
covered, those written later included; the driver's error stays attached as
``__cause__`` for the server log.

Errors that say a statement or its data is wrong (a constraint, bad SQL) are
not the database failing but a bug: they are left as they are.
"""

from __future__ import annotations

import errno
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.exc import (
    DatabaseError,
    InterfaceError,
    InternalError,
    OperationalError,
)

__all__ = ["StoreUnavailableError", "translate_errors"]

FULL_MESSAGE = (
    "the store is full or read-only: nothing new can be saved until the database "
    "has room and can be written again; what it holds already is kept"
)
UNAVAILABLE_MESSAGE = (
    "the store is unavailable: the database cannot be reached or read right now; "
    "nothing was saved by this request"
)

# SQLite's result codes (Python 3.11 names them on its exceptions) and
# PostgreSQL's SQLSTATEs for "no room" and "not writable".
_SQLITE_FULL = ("SQLITE_FULL", "SQLITE_READONLY")
_POSTGRES_FULL = frozenset({"53100", "25006"})  # disk_full, read_only_sql_transaction
_OS_FULL = frozenset({errno.ENOSPC, errno.EROFS, errno.EDQUOT})
# The driver's own classes: plain DatabaseError covers SQLite's "file is not
# a database" and "database disk image is malformed"; the other subclasses
# (integrity, programming, data) are bugs.
_FAILURES = (OperationalError, InterfaceError, InternalError)
# asyncpg leaves most server errors unclassified, so PostgreSQL's are told by
# their SQLSTATE class: connection, transaction rollback (deadlock,
# serialization), insufficient resources, object not in prerequisite state
# (lock not available), operator intervention (shutdown, cancel), system
# (I/O) and internal errors.
_POSTGRES_FAILURE_CLASSES = frozenset({"08", "40", "53", "55", "57", "58", "XX"})


class StoreUnavailableError(Exception):
    """The database could not do what the store asked.

    ``full`` says it has no room or cannot be written (the disk, a quota, a
    read-only file or server); otherwise it could not be reached or read. The
    message is safe to show a client; ``detail`` (the driver's error and the
    statement, never its parameters, which hold users' text) is for the log.
    """

    def __init__(self, *, full: bool, detail: str = "") -> None:
        super().__init__(FULL_MESSAGE if full else UNAVAILABLE_MESSAGE)
        self.full = full
        self.detail = detail


def translate_errors(engine: Engine) -> None:
    """Make ``engine`` (an async engine's ``sync_engine`` too) raise
    :class:`StoreUnavailableError` where the database fails it."""
    event.listen(engine, "handle_error", _translate)
    event.listen(engine, "do_connect", _connect)


def _translate(context: ExceptionContext) -> None:
    if context.is_pre_ping:
        return  # SQLAlchemy replaces a connection that fails its ping itself
    original = context.original_exception
    if _failed(context.sqlalchemy_exception, original):
        detail = f"{type(original).__name__}: {original}"
        if context.statement:
            detail += f" [SQL: {_shorten(context.statement)}]"
        raise StoreUnavailableError(full=_is_full(original), detail=detail)


def _connect(dialect: Any, _record: Any, cargs: Any, cparams: Any) -> Any:
    # A driver that cannot open its socket raises OSError, which SQLAlchemy
    # passes on as it is: the one failure handle_error never sees.
    try:
        return dialect.connect(*cargs, **cparams)
    except OSError as exc:
        detail = f"{type(exc).__name__}: {exc} (connecting)"
        raise StoreUnavailableError(full=_is_full(exc), detail=detail) from exc


def _failed(error: BaseException | None, original: BaseException) -> bool:
    if error is None:  # not the driver's: what it met on the way
        return isinstance(original, OSError)
    sqlstate = getattr(original, "sqlstate", None)
    if isinstance(sqlstate, str) and len(sqlstate) == 5:
        return sqlstate in _POSTGRES_FULL or sqlstate[:2] in _POSTGRES_FAILURE_CLASSES
    return isinstance(error, _FAILURES) or type(error) is DatabaseError


def _shorten(statement: str) -> str:
    flat = " ".join(statement.split())
    return flat if len(flat) <= 200 else flat[:200] + "…"


def _is_full(error: BaseException) -> bool:
    name = getattr(error, "sqlite_errorname", None)
    if isinstance(name, str):
        return name.startswith(_SQLITE_FULL)
    if getattr(error, "sqlstate", None) in _POSTGRES_FULL:
        return True
    if isinstance(error, OSError):
        return error.errno in _OS_FULL
    # aiosqlite hands over sqlite3's own exceptions, which carry the name;
    # the message is the fallback for a driver that does not.
    text = str(error).lower()
    return "disk is full" in text or "readonly database" in text or "read-only" in text
