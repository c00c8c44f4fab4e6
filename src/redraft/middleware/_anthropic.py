"""``redraft.wrap`` for the Anthropic SDK.

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
from dataclasses import dataclass
from typing import Any

import anthropic
from anthropic.types import (
    Message as AnthropicMessage,
)
from anthropic.types import (
    RawContentBlockDeltaEvent,
    RawContentBlockStartEvent,
    RawContentBlockStopEvent,
    RawMessageDeltaEvent,
    RawMessageStartEvent,
    RawMessageStopEvent,
    RawMessageStreamEvent,
)
from pydantic import ValidationError

from redraft._loop import run
from redraft._openai_wire import extension_from_result, finish_reason_of
from redraft._types import Message, ModelRequest, RunRequest, RunResult
from redraft.middleware._bridge import AsyncStream, SyncRuntime, SyncStream
from redraft.middleware._clients import WrappedAsync, WrappedSync
from redraft.middleware._common import Redrafter, merge_params, text_pieces
from redraft.middleware._options import CallOptions, split_options
from redraft.providers import Provider
from redraft.providers._anthropic import AnthropicProvider

__all__ = ["RedraftAnthropic", "RedraftAsyncAnthropic", "anthropic_call"]

# Arguments the loop turns into drafts; the others (stop_sequences, metadata,
# extra_headers, extra_body, timeout, …) are sent with each draft as given.
_LOOP_KEYS = frozenset({"model", "messages", "system", "max_tokens", "stream", "temperature"})


@dataclass
class AnthropicCall:
    """One ``messages.create`` call, decided: ``request`` is None when it passes through."""

    kwargs: dict[str, Any]
    options: CallOptions | None = None
    request: RunRequest | None = None


def anthropic_call(core: Redrafter, kwargs: Mapping[str, Any]) -> AnthropicCall:
    """Decide whether a ``messages.create`` call is redrafted."""
    if not core.enabled:
        return AnthropicCall(split_options(kwargs, validate=False)[0])
    clean, options = split_options(kwargs)
    if options is None or "model" not in clean or "messages" not in clean:
        return AnthropicCall(clean)
    given = {
        key: value
        for key, value in clean.items()
        if not isinstance(value, anthropic.NotGiven | anthropic.Omit)
    }
    why = _unsupported(core, given, options)
    if why is not None:
        core.warn_once(*why)
        return AnthropicCall(clean)
    messages = _messages(given.get("system"), given["messages"])
    try:
        if messages is None:
            raise ValueError("unreadable message")
        request = RunRequest(messages=messages, format=options.format)
    except ValueError:  # pydantic's ValidationError included
        core.warn_once(
            "messages",
            "messages.create got messages redraft cannot judge (no user turn, a trailing "
            "assistant prefill, or blocks other than text and images)",
        )
        return AnthropicCall(clean)
    return AnthropicCall(given, options, request)


def _unsupported(
    core: Redrafter, kwargs: Mapping[str, Any], options: CallOptions
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


class _DraftingProvider(AnthropicProvider):
    """The generator: an :class:`AnthropicProvider` that also sends the
    call's other arguments with every draft request."""

    def __init__(
        self, model: str, *, client: anthropic.AsyncAnthropic, extras: dict[str, Any]
    ) -> None:
        super().__init__(model, client=client)
        self._extras = extras

    def _params(self, request: ModelRequest) -> dict[str, Any]:
        return merge_params(self._extras, super()._params(request))


async def _run(core: Redrafter, client: anthropic.AsyncAnthropic, call: AnthropicCall) -> RunResult:
    assert call.request is not None
    kwargs = call.kwargs
    model = str(kwargs["model"])

    def same_client(name: str) -> Provider:
        return AnthropicProvider(name, client=client)

    policy = core.policy_for(
        call.options, temperature=kwargs.get("temperature"), max_tokens=kwargs.get("max_tokens")
    )
    evaluator = core.evaluator_for(
        call.options, model=model, same_client=same_client, request=call.request
    )
    extras = {key: value for key, value in kwargs.items() if key not in _LOOP_KEYS}
    generator = _DraftingProvider(model, client=client, extras=extras)
    return await run(call.request, generator=generator, evaluator=evaluator, policy=policy)


def _stop_reason(result: RunResult) -> str:
    return "max_tokens" if finish_reason_of(result) == "length" else "end_turn"


def message_of(result: RunResult, model: str) -> AnthropicMessage:
    """The SDK's ``Message`` for a run, extension included."""
    return AnthropicMessage.model_validate(
        {
            "id": f"msg_{result.run_id}",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [{"type": "text", "text": result.final_answer}],
            "stop_reason": _stop_reason(result),
            "stop_sequence": None,
            "usage": {
                "input_tokens": result.usage.input_tokens,
                "output_tokens": result.usage.output_tokens,
            },
            "redraft": extension_from_result(result),
        }
    )


def events_of(result: RunResult, model: str) -> list[RawMessageStreamEvent]:
    """The accepted draft as the raw stream events the API sends."""
    start: dict[str, Any] = {
        "id": f"msg_{result.run_id}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": result.usage.input_tokens, "output_tokens": 0},
    }
    events: list[RawMessageStreamEvent] = [
        RawMessageStartEvent.model_validate({"type": "message_start", "message": start}),
        RawContentBlockStartEvent.model_validate(
            {
                "type": "content_block_start",
                "index": 0,
                "content_block": {"type": "text", "text": ""},
            }
        ),
    ]
    events += [
        RawContentBlockDeltaEvent.model_validate(
            {
                "type": "content_block_delta",
                "index": 0,
                "delta": {"type": "text_delta", "text": piece},
            }
        )
        for piece in text_pieces(result.final_answer)
    ]
    events.append(
        RawContentBlockStopEvent.model_validate({"type": "content_block_stop", "index": 0})
    )
    events.append(
        RawMessageDeltaEvent.model_validate(
            {
                "type": "message_delta",
                "delta": {"stop_reason": _stop_reason(result), "stop_sequence": None},
                "usage": {"output_tokens": result.usage.output_tokens},
            }
        )
    )
    events.append(
        RawMessageStopEvent.model_validate(
            {"type": "message_stop", "redraft": extension_from_result(result)}
        )
    )
    return events


def async_twin(client: anthropic.Anthropic) -> anthropic.AsyncAnthropic:
    """An ``AsyncAnthropic`` with a sync client's endpoint, credentials,
    headers, query and timeout (its own retries off: redraft's ledger retries)."""
    credentials: dict[str, Any] = {}
    if client.api_key:
        credentials["api_key"] = client.api_key
    elif client.auth_token:
        credentials["auth_token"] = client.auth_token
    elif getattr(client, "credentials", None) is not None:
        credentials["credentials"] = client.credentials
    return anthropic.AsyncAnthropic(
        **credentials,
        base_url=client.base_url,
        timeout=client.timeout,
        max_retries=0,
        default_headers=dict(client._custom_headers),
        default_query=dict(client._custom_query),
    )


_BYPASSES = frozenset({"parse", "stream", "with_raw_response", "with_streaming_response"})


def _note_bypass(core: Redrafter, name: str) -> None:
    """Say once that a messages method other than ``create`` is not redrafted."""
    if name in _BYPASSES and core.enabled:
        core.warn_once(f"bypass:{name}", f"messages.{name} is not redrafted (only create is)")


# -- the sync client -------------------------------------------------------------------


class _SyncMessages:
    def __init__(self, owner: RedraftAnthropic) -> None:
        self._owner = owner

    def create(self, **kwargs: Any) -> Any:
        """``messages.create``, judged and redrafted (see the module)."""
        owner = self._owner
        call = anthropic_call(owner._core, kwargs)
        if call.request is None:
            return owner.__wrapped__.messages.create(**call.kwargs)
        result = owner._runtime.run(_run(owner._core, owner._runs_client(), call))
        model = str(call.kwargs["model"])
        if call.kwargs.get("stream"):
            return SyncStream(events_of(result, model))
        return message_of(result, model)

    def __getattr__(self, name: str) -> Any:
        _note_bypass(self._owner._core, name)
        return getattr(self._owner.__wrapped__.messages, name)


class RedraftAnthropic(WrappedSync[anthropic.AsyncAnthropic]):
    """A wrapped ``anthropic.Anthropic``: ``messages.create`` is redrafted,
    everything else is the real client's."""

    thread_name = "redraft-anthropic"

    def __init__(
        self, client: anthropic.Anthropic, core: Redrafter, runtime: SyncRuntime | None = None
    ) -> None:
        super().__init__(client, core, runtime)
        self.messages = _SyncMessages(self)

    def _twin(self) -> anthropic.AsyncAnthropic:
        return async_twin(self.__wrapped__)


# -- the async client ------------------------------------------------------------------


class _AsyncMessages:
    def __init__(self, owner: RedraftAsyncAnthropic) -> None:
        self._owner = owner

    async def create(self, **kwargs: Any) -> Any:
        """``messages.create``, judged and redrafted (see the module)."""
        owner = self._owner
        call = anthropic_call(owner._core, kwargs)
        if call.request is None:
            return await owner.__wrapped__.messages.create(**call.kwargs)
        result = await _run(owner._core, owner._runs_client(), call)
        model = str(call.kwargs["model"])
        if call.kwargs.get("stream"):
            return AsyncStream(events_of(result, model))
        return message_of(result, model)

    def __getattr__(self, name: str) -> Any:
        _note_bypass(self._owner._core, name)
        return getattr(self._owner.__wrapped__.messages, name)


class RedraftAsyncAnthropic(WrappedAsync[anthropic.AsyncAnthropic]):
    """A wrapped ``anthropic.AsyncAnthropic``: ``messages.create`` is
    redrafted, everything else is the real client's."""

    def __init__(self, client: anthropic.AsyncAnthropic, core: Redrafter) -> None:
        super().__init__(client, core)
        self.messages = _AsyncMessages(self)
