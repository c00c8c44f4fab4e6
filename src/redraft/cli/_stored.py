"""What the commands that read the service's store share (``keys``, ``runs``,
``judges``): opening it, failing with exit code 2, and tables for pipes."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import NoReturn, TypeVar

from rich.console import Console

from redraft.cli._options import EXIT_USAGE
from redraft.config._settings import load_settings
from redraft.core._errors import ConfigurationError
from redraft.store import Store

__all__ = ["fail", "table_console", "with_store"]

T = TypeVar("T")

_PIPE_WIDTH = 160
"""Width of tables written to a pipe or file (a terminal uses its own)."""


def fail(message: str) -> NoReturn:
    Console(stderr=True, highlight=False).print(f"[bold red]error:[/] {message}")
    sys.exit(EXIT_USAGE)


def with_store(action: Callable[[Store], Awaitable[T]]) -> T:
    """Open the store named by ``REDRAFT_DATABASE_URL`` (unset: the default
    SQLite file in the user data dir), run ``action`` on it, close it;
    configuration errors exit 2."""

    async def go() -> T:
        store = await Store.open(load_settings().database_url or None)
        try:
            return await action(store)
        finally:
            await store.close()

    try:
        return asyncio.run(go())
    except ConfigurationError as exc:
        fail(str(exc))


def table_console() -> Console:
    width = None if sys.stdout.isatty() else _PIPE_WIDTH
    return Console(highlight=False, width=width, soft_wrap=False)
