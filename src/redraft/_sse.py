"""Server-sent events: the one encoder every stream redraft writes goes through.

The service's run, session and OpenAI-compatible streams and the test servers
in :mod:`redraft.testing` use it, so it imports no web framework.
"""

from __future__ import annotations

import json
import re

__all__ = ["encode_sse"]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def encode_sse(data: str | object, *, event: str | None = None, id: int | None = None) -> str:
    """One event, ending with its blank line: ``id:`` and ``event:`` when
    given, then ``data:``.

    A string is sent as it is (one ``data:`` line per line of it); anything
    else as compact JSON with non-ASCII kept, which escapes line breaks, so
    it is one line. The OpenAI SDK mis-reads ``id:`` and ``event:`` lines:
    its streams pass neither.
    """
    if not isinstance(data, str):
        data = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    head = ("" if id is None else f"id: {id}\n") + ("" if event is None else f"event: {event}\n")
    return head + "".join(f"data: {line}\n" for line in _LINE_BREAK.split(data)) + "\n"
