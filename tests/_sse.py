"""Reading server-sent events line by line from a live httpx stream."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx


@dataclass
class Message:
    id: int | None
    data: dict[str, Any] | None
    """None for a comment line (a keep-alive)."""


async def messages(response: httpx.Response) -> AsyncIterator[Message]:
    """Each event (``id`` + ``data``) and each comment, in order."""
    event_id: int | None = None
    data: list[str] = []
    async for line in response.aiter_lines():
        if line.startswith(":"):
            yield Message(None, None)
        elif line.startswith("id:"):
            event_id = int(line[3:].strip())
        elif line.startswith("data:"):
            data.append(line[5:].strip())
        elif line == "" and data:
            yield Message(event_id, json.loads("\n".join(data)))
            event_id, data = None, []


async def take(stream: AsyncIterator[Message], count: int) -> list[Message]:
    """The next ``count`` events, skipping keep-alives."""
    taken: list[Message] = []
    async for message in stream:
        if message.data is not None:
            taken.append(message)
            if len(taken) == count:
                break
    return taken
