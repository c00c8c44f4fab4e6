"""Chat messages in the shape of Anthropic's Messages API.

redraft's messages follow OpenAI's chat format (system turns inline, content
parts, tool turns as an assistant message with ``tool_calls`` followed by
``tool`` messages); this maps them to what the Messages API accepts.
"""

from __future__ import annotations

import json
from typing import Any

from redraft.core._types import Message

__all__ = ["to_anthropic_messages"]


def to_anthropic_messages(messages: list[Message]) -> tuple[str, list[dict[str, Any]]]:
    """Split chat messages into Anthropic's ``system`` text and ``messages``.

    System turns (wherever they are) join into the system prompt. An
    assistant message's OpenAI-style ``tool_calls`` become ``tool_use``
    blocks after its text; consecutive ``tool`` messages become one user turn
    of ``tool_result`` blocks (the API wants every result of a round in the
    turn right after the calls). A ``tool`` message without a
    ``tool_call_id`` answers nothing the API knows of and is sent as user
    text. Messages with no content are dropped, as the API rejects empty turns.
    """
    system: list[str] = []
    out: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "tool" and message.tool_call_id:
            results.append(_tool_result(message))
            continue
        if results:
            out.append({"role": "user", "content": results})
            results = []
        if message.role == "system":
            if message.text:
                system.append(message.text)
            continue
        role = "assistant" if message.role == "assistant" else "user"
        content = _content(message)
        uses = _tool_uses(message) if role == "assistant" else []
        if uses:
            text = [{"type": "text", "text": content}] if isinstance(content, str) else content
            content = [block for block in text if block.get("text") != ""] + uses
        if content:
            out.append({"role": role, "content": content})
    if results:
        out.append({"role": "user", "content": results})
    return "\n\n".join(system), out


def _tool_result(message: Message) -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": message.tool_call_id, "content": message.text}


def _tool_uses(message: Message) -> list[dict[str, Any]]:
    """``tool_use`` blocks for the OpenAI-shaped ``tool_calls`` of ``message``."""
    calls = getattr(message, "tool_calls", None)
    if not isinstance(calls, list):
        return []
    return [
        {
            "type": "tool_use",
            "id": call.get("id"),
            "name": function.get("name"),
            "input": _input_object(function.get("arguments")),
        }
        for call in calls
        if isinstance(call, dict) and isinstance(function := call.get("function"), dict)
    ]


def _input_object(arguments: Any) -> dict[str, Any]:
    """A tool call's arguments as the object ``tool_use.input`` must be. JSON
    text that is not an object (another vendor's model can write that) is
    sent as ``{}``: the call's tool result already told the model so."""
    if isinstance(arguments, dict):
        return arguments
    try:
        value = json.loads(arguments) if isinstance(arguments, str) and arguments.strip() else {}
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


def _content(message: Message) -> str | list[dict[str, Any]]:
    if not isinstance(message.content, list):
        return message.content or ""
    blocks: list[dict[str, Any]] = []
    for part in message.content:
        kind = part.get("type")
        if kind == "text" and part.get("text"):
            blocks.append({"type": "text", "text": str(part["text"])})
        elif kind == "image_url":
            image = _image_block(part.get("image_url"))
            if image is not None:
                blocks.append(image)
    return blocks


def _image_block(spec: Any) -> dict[str, Any] | None:
    url = spec.get("url") if isinstance(spec, dict) else spec
    if not isinstance(url, str) or not url:
        return None
    if url.startswith("data:") and ";base64," in url:
        media_type, _, data = url[len("data:") :].partition(";base64,")
        return {
            "type": "image",
            "source": {"type": "base64", "media_type": media_type, "data": data},
        }
    return {"type": "image", "source": {"type": "url", "url": url}}
