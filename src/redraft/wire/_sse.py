"""Server-sent events: the one encoder of every stream redraft writes (no web framework)."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncGenerator, AsyncIterator
from typing import TypeVar

__all__ = ["encode_sse", "with_heartbeats"]

T = TypeVar("T")

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def encode_sse(data: str | object, *, event: str | None = None, id: int | None = None) -> str:
    """One event and its blank line. A string goes as it is, a ``data:`` line per
    line; anything else as one line of compact JSON. (OpenAI's SDK mis-reads
    ``id:`` and ``event:`` lines: its streams pass neither.)"""
    if not isinstance(data, str):
        data = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    head = ("" if id is None else f"id: {id}\n") + ("" if event is None else f"event: {event}\n")
    return head + "".join(f"data: {line}\n" for line in _LINE_BREAK.split(data)) + "\n"


async def with_heartbeats(
    items: AsyncIterator[T], every_s: float
) -> AsyncGenerator[T | None, None]:
    """``items``, with None each time ``every_s`` passes without one: the
    moment for a stream to send something that keeps proxies from closing it.
    An error from ``items`` is raised here; close this generator
    (``contextlib.aclosing``) to cancel the wait in flight."""
    iterator = aiter(items)
    pending: asyncio.Task[T] | None = None
    try:
        while True:
            if pending is None:
                pending = asyncio.ensure_future(anext(iterator))
            done, _ = await asyncio.wait({pending}, timeout=every_s)
            if not done:
                yield None
                continue
            try:
                item = pending.result()
            except StopAsyncIteration:
                return
            pending = None
            yield item
    finally:
        if pending is not None and not pending.done():
            pending.cancel()
