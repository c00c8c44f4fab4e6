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

from collections.abc import Iterable, Mapping
from typing import Any

import anthropic
from anthropic.types import Message as AnthropicMessage
from anthropic.types import RawMessageStreamEvent
from pydantic import TypeAdapter, ValidationError

from redraft.app._openai_wire import extension_from_result, finish_reason_of
from redraft.core._types import Message, RunResult
from redraft.middleware._adapter import Call, VendorAdapter
from redraft.middleware._common import Drafting, WrapperCore, text_pieces
from redraft.middleware._options import CallOptions
from redraft.providers._anthropic import AnthropicProvider

__all__ = ["ADAPTER", "AnthropicAdapter", "events_of", "message_of"]


class _DraftingProvider(Drafting[anthropic.AsyncAnthropic], AnthropicProvider):
    """An :class:`AnthropicProvider` that writes a wrapped call's drafts."""


class AnthropicAdapter(VendorAdapter[anthropic.AsyncAnthropic]):
    """``anthropic.Anthropic`` and ``anthropic.AsyncAnthropic``: ``messages.create``."""

    async_client = anthropic.AsyncAnthropic
    family = "anthropic"
    resource = ("messages",)
    # The others (stop_sequences, metadata, extra_headers, extra_body,
    # timeout, …) are sent with each draft as given.
    loop_keys = frozenset({"model", "messages", "system", "max_tokens", "stream", "temperature"})
    omitted = (anthropic.NotGiven, anthropic.Omit)
    judging = AnthropicProvider
    drafting = _DraftingProvider
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
        if kwargs.get("tools"):
            return "tools", "messages.create offers tools (redraft judges text answers only)"
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
        if not isinstance(content, str):
            if not isinstance(content, Iterable):
                return None
            parts: list[dict[str, Any]] = []
            for block in content:
                data_block = _plain(block)
                part = _part(data_block) if data_block is not None else None
                if part is None:
                    return None
                parts.append(part)
            content = parts
        try:
            messages.append(Message(role=data["role"], content=content))
        except ValidationError:
            return None
    if messages and messages[-1].role == "assistant":
        return None  # a prefill: the API continues that turn, which redrafting cannot
    return messages


def _stop_reason(result: RunResult) -> str:
    return "max_tokens" if finish_reason_of(result) == "length" else "end_turn"


def _message(result: RunResult, model: str, **fields: Any) -> dict[str, Any]:
    """The body of the SDK's ``Message`` for a run, ``fields`` replaced."""
    usage = result.usage
    return {
        "id": f"msg_{result.run_id}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [{"type": "text", "text": result.final_answer}],
        "stop_reason": _stop_reason(result),
        "stop_sequence": None,
        "usage": {"input_tokens": usage.input_tokens, "output_tokens": usage.output_tokens},
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
    bodies: list[dict[str, Any]] = [
        {"type": "message_start", "message": start},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        *(
            {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": t}}
            for t in text_pieces(result.final_answer)
        ),
        {"type": "content_block_stop", "index": 0},
        {
            "type": "message_delta",
            "delta": {"stop_reason": _stop_reason(result), "stop_sequence": None},
            "usage": {"output_tokens": result.usage.output_tokens},
        },
        {"type": "message_stop", "redraft": extension_from_result(result)},
    ]
    return [_EVENT.validate_python(body) for body in bodies]
