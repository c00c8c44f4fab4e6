"""``redraft.wrap`` for the Anthropic SDK: its :class:`VendorAdapter`.

``wrapped.messages.create(**kwargs)`` runs the redraft loop with
``kwargs["model"]`` drafting through the wrapped client (an
``AsyncAnthropic``; for a sync ``Anthropic`` one built from its settings).
The ``system`` parameter becomes a system turn and text (and image) blocks
become message parts. The answer comes back as the SDK's own ``Message``
with redraft's extension under ``model_extra["redraft"]``; with
``stream=True`` as the SDK's raw stream events, the extension on
``message_stop``. Calls the loop cannot judge as text, and calls that opt
out, go to the real client unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

import anthropic
from anthropic.types import Message as AnthropicMessage
from anthropic.types import RawMessageStreamEvent
from pydantic import TypeAdapter, ValidationError

from redraft.core._types import Message, RunResult, ToolSpec
from redraft.middleware._adapter import Call, VendorAdapter
from redraft.middleware._common import Drafting, WrapperCore, text_pieces
from redraft.middleware._options import CallOptions
from redraft.providers._anthropic import AnthropicProvider
from redraft.wire._openai import extension_from_result, finish_reason_of

__all__ = ["ADAPTER", "AnthropicAdapter", "events_of", "message_of"]


class _AnthropicDrafting(Drafting[anthropic.AsyncAnthropic], AnthropicProvider):
    """An :class:`AnthropicProvider` that writes a wrapped call's drafts."""


class AnthropicAdapter(VendorAdapter[anthropic.AsyncAnthropic]):
    """``anthropic.Anthropic`` and ``anthropic.AsyncAnthropic``: ``messages.create``."""

    async_client = anthropic.AsyncAnthropic
    family = "anthropic"
    resource = ("messages",)
    # The others (stop_sequences, metadata, extra_headers, extra_body,
    # timeout, …) are sent with each draft as given.
    loop_keys = frozenset(
        {"model", "messages", "system", "max_tokens", "stream", "temperature", "tools"}
    )
    omitted = (anthropic.NotGiven, anthropic.Omit)
    judging = AnthropicProvider
    drafting = _AnthropicDrafting
    unreadable = (
        "redraft cannot judge (no user turn, a trailing assistant prefill, or blocks other "
        "than text and images)"
    )

    def credentials(self, client: Any) -> dict[str, Any]:
        credentials: dict[str, Any] = {}
        if client.api_key:
            credentials["api_key"] = client.api_key
        elif client.auth_token:
            credentials["auth_token"] = client.auth_token
        elif getattr(client, "credentials", None) is not None:
            credentials["credentials"] = client.credentials
        return credentials

    def unsupported(
        self, core: WrapperCore, kwargs: Mapping[str, Any], options: CallOptions
    ) -> tuple[str, str] | None:
        thinking = kwargs.get("thinking")
        if isinstance(thinking, Mapping) and thinking.get("type") not in (None, "disabled"):
            return "thinking", "messages.create turns on extended thinking"
        output_config = kwargs.get("output_config")
        output_format = output_config.get("format") if isinstance(output_config, Mapping) else None
        if output_format and not core.has_json_schema(options):
            return (
                "output_config",
                "messages.create asks for structured output (output_config.format) and no "
                "json_schema check is configured",
            )
        return None

    def client_tools(self, kwargs: Mapping[str, Any]) -> list[ToolSpec] | None:
        tools = kwargs.get("tools")
        if not tools:
            return None
        specs = []
        for index, tool in enumerate(tools):
            data = _plain(tool)
            if (
                data is None
                or "input_schema" not in data
                or data.get("type") not in (None, "custom")
            ):
                # Server tools (web search, code execution …) run at Anthropic's end.
                raise ValueError(f"tools[{index}] is not a client tool with an input_schema")
            specs.append(
                ToolSpec(
                    name=data.get("name", ""),
                    description=data.get("description") or "",
                    parameters=data["input_schema"],
                )
            )
        return specs

    def messages(self, kwargs: Mapping[str, Any]) -> list[Message] | None:
        return _messages(kwargs.get("system"), kwargs["messages"])

    def sampling(self, kwargs: Mapping[str, Any]) -> tuple[float | None, int | None]:
        return kwargs.get("temperature"), kwargs.get("max_tokens")

    def response(self, result: RunResult, call: Call) -> AnthropicMessage:
        return message_of(result, call.model)

    def stream(self, result: RunResult, call: Call) -> list[Any]:
        return list(events_of(result, call.model))


ADAPTER = AnthropicAdapter()


def _text_of(blocks: object) -> str | None:
    if isinstance(blocks, str):
        return blocks
    if not isinstance(blocks, Iterable):
        return None
    texts: list[str] = []
    for block in blocks:
        data = _plain(block)
        if data is None or data.get("type") != "text":
            return None
        texts.append(str(data.get("text", "")))
    return "\n\n".join(texts)


def _plain(item: object) -> dict[str, Any] | None:
    data = item.model_dump(exclude_none=True) if hasattr(item, "model_dump") else item
    return dict(data) if isinstance(data, Mapping) else None


def _part(block: Mapping[str, Any]) -> dict[str, Any] | None:
    """An Anthropic content block as a chat message part (text, image), else None."""
    if block.get("type") == "text":
        return {"type": "text", "text": str(block.get("text", ""))}
    source = block.get("source")
    if block.get("type") != "image" or not isinstance(source, Mapping):
        return None
    if source.get("type") == "base64":
        url = f"data:{source.get('media_type')};base64,{source.get('data')}"
    elif source.get("type") == "url":
        url = str(source.get("url"))
    else:
        return None
    return {"type": "image_url", "image_url": {"url": url}}


def _tool_call(block: Mapping[str, Any]) -> dict[str, Any]:
    """A ``tool_use`` block as an OpenAI-shaped tool call (redraft's own)."""
    arguments = json.dumps(block.get("input") or {})
    return {
        "id": str(block.get("id", "")),
        "type": "function",
        "function": {"name": str(block.get("name", "")), "arguments": arguments},
    }


def _tool_result(block: Mapping[str, Any]) -> Message | None:
    """A ``tool_result`` block as a ``tool`` message; None for content it cannot read."""
    text = _text_of(block.get("content", ""))
    if text is None:
        return None
    if block.get("is_error"):
        text = f"Error: {text}"
    return Message(role="tool", tool_call_id=str(block.get("tool_use_id", "")), content=text)


def _messages(system: object, raw: object) -> list[Message] | None:
    messages: list[Message] = []
    if system:
        text = _text_of(system)
        if text is None:
            return None
        messages.append(Message(role="system", content=text))
    if isinstance(raw, str | bytes | Mapping) or not isinstance(raw, Iterable):
        return None
    for item in raw:
        data = _plain(item)
        if data is None or data.get("role") not in ("user", "assistant"):
            return None
        content = data.get("content")
        extra: dict[str, Any] = {}
        if not isinstance(content, str):
            if not isinstance(content, Iterable):
                return None
            parts: list[dict[str, Any]] = []
            calls: list[dict[str, Any]] = []
            for block in content:
                data_block = _plain(block)
                if data_block is None:
                    return None
                kind = data_block.get("type")
                if kind == "tool_use" and data["role"] == "assistant":
                    calls.append(_tool_call(data_block))
                    continue
                if kind == "tool_result" and data["role"] == "user":
                    result = _tool_result(data_block)
                    if result is None:
                        return None
                    messages.append(result)
                    continue
                part = _part(data_block)
                if part is None:
                    return None
                parts.append(part)
            if calls:
                extra["tool_calls"] = calls
            elif not parts:
                continue  # a user turn of tool results only: they are the tool messages
            content = parts
        try:
            messages.append(
                Message.model_validate({"role": data["role"], "content": content, **extra})
            )
        except ValidationError:
            return None
    if messages and messages[-1].role == "assistant":
        return None  # a prefill: the API continues that turn, which redrafting cannot
    return messages


def _stop_reason(result: RunResult) -> str:
    reason = finish_reason_of(result)
    return {"length": "max_tokens", "tool_calls": "tool_use"}.get(reason, "end_turn")


def _content(result: RunResult) -> list[dict[str, Any]]:
    """The answer's content blocks: its text, then the client's tools it called."""
    blocks: list[dict[str, Any]] = []
    if result.final_answer or not result.tool_calls:
        blocks.append({"type": "text", "text": result.final_answer})
    blocks += [
        {"type": "tool_use", "id": call.id, "name": call.name, "input": _input(call.arguments)}
        for call in result.tool_calls
    ]
    return blocks


def _input(arguments: str) -> dict[str, Any]:
    try:
        value = json.loads(arguments or "{}")
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


def _message(result: RunResult, model: str, **fields: Any) -> dict[str, Any]:
    """The body of the SDK's ``Message`` for a run, ``fields`` replaced."""
    return {
        "id": f"msg_{result.run_id}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": _content(result),
        "stop_reason": _stop_reason(result),
        "stop_sequence": None,
        "usage": result.usage.model_dump(),
        **fields,
    }


def message_of(result: RunResult, model: str) -> AnthropicMessage:
    """The SDK's ``Message`` for a run, extension included."""
    body = _message(result, model, redraft=extension_from_result(result))
    return AnthropicMessage.model_validate(body)


_EVENT: TypeAdapter[RawMessageStreamEvent] = TypeAdapter(RawMessageStreamEvent)


def events_of(result: RunResult, model: str) -> list[RawMessageStreamEvent]:
    """The accepted draft as the raw stream events the API sends: the text in
    word-sized deltas, the extension on ``message_stop``."""
    usage = {"input_tokens": result.usage.input_tokens, "output_tokens": 0}
    start = _message(result, model, content=[], stop_reason=None, usage=usage)
    bodies: list[dict[str, Any]] = [{"type": "message_start", "message": start}]
    for index, block in enumerate(_content(result)):
        opened: dict[str, Any]
        if block["type"] == "text":
            opened = {"type": "text", "text": ""}
            deltas = [{"type": "text_delta", "text": t} for t in text_pieces(block["text"])]
        else:
            opened = {**block, "input": {}}
            deltas = [{"type": "input_json_delta", "partial_json": json.dumps(block["input"])}]
        bodies.append({"type": "content_block_start", "index": index, "content_block": opened})
        bodies += [{"type": "content_block_delta", "index": index, "delta": d} for d in deltas]
        bodies.append({"type": "content_block_stop", "index": index})
    bodies += [
        {
            "type": "message_delta",
            "delta": {"stop_reason": _stop_reason(result), "stop_sequence": None},
            "usage": {"output_tokens": result.usage.output_tokens},
        },
        {"type": "message_stop", "redraft": extension_from_result(result)},
    ]
    return [_EVENT.validate_python(body) for body in bodies]
