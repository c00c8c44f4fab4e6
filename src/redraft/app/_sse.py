"""Server-sent events: the one encoder of every stream redraft writes (no web framework)."""

from __future__ import annotations

import json
import re

__all__ = ["encode_sse"]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def encode_sse(data: str | object, *, event: str | None = None, id: int | None = None) -> str:
    """One event and its blank line. A string goes as it is, a ``data:`` line per
    line; anything else as one line of compact JSON. (OpenAI's SDK mis-reads
    ``id:`` and ``event:`` lines: its streams pass neither.)"""
    if not isinstance(data, str):
        data = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    head = ("" if id is None else f"id: {id}\n") + ("" if event is None else f"event: {event}\n")
    return head + "".join(f"data: {line}\n" for line in _LINE_BREAK.split(data)) + "\n"
