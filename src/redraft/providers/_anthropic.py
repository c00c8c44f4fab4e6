"""``anthropic:<model>``: Claude through the official ``anthropic`` SDK.

Chat-style messages are mapped to the Messages API by
:func:`~redraft.providers._anthropic_messages.to_anthropic_messages`: system
turns become the top-level ``system`` parameter, text and image parts become
blocks, tool turns become ``tool_use`` / ``tool_result`` blocks. JSON-schema
requests use the API's structured outputs (``output_config.format``). Every
SDK error is translated into :mod:`redraft.core._errors` types with secrets
scrubbed.

Tools are offered as ``tools`` (``input_schema`` is the JSON schema);
``tool_use`` blocks in a response (streamed: ``input_json_delta`` pieces) come
back as :class:`~redraft.ToolCall` with the input as JSON text, and the
``tool_use`` stop reason as OpenAI's ``tool_calls``, which redraft speaks.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from redraft.core._errors import (
    ConfigurationError,
    ProviderConnectionError,
    ProviderError,
    ProviderResponseError,
)
from redraft.core._types import Completion, ModelRequest, StreamChunk, ToolCall, Usage
from redraft.providers._anthropic_messages import to_anthropic_messages
from redraft.providers._sdk import SDKProvider

if TYPE_CHECKING:
    import anthropic

__all__ = ["AnthropicProvider", "to_anthropic_messages"]

# redraft speaks OpenAI's finish reasons; keep Anthropic's other reasons as-is.
_FINISH_REASONS = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "max_tokens": "length",
    "tool_use": "tool_calls",
}


class AnthropicProvider(SDKProvider["anthropic.AsyncAnthropic"]):
    """A Claude model behind Anthropic's Messages API.

    Needs ``ANTHROPIC_API_KEY`` (or ``api_key``); the client is built on the
    first call, so a missing key is reported then as a
    :class:`~redraft.ConfigurationError`. ``ANTHROPIC_BASE_URL`` is honoured.
    See :class:`SDKProvider` for the rest.
    """

    name = "anthropic"
    example_spec = "anthropic:claude-sonnet-4-5"
    vendor = "anthropic"

    def _get_client(self) -> anthropic.AsyncAnthropic:
        if self._client is not None:
            return self._client
        anthropic = self._import_sdk()
        api_key = self._api_key or os.environ.get("ANTHROPIC_API_KEY") or None
        if api_key is None:
            raise ConfigurationError(
                f"model 'anthropic:{self.model}' needs an API key: set ANTHROPIC_API_KEY"
            )
        # An explicit key keeps the SDK from hunting for profile files.
        self._client = anthropic.AsyncAnthropic(
            api_key=api_key,
            base_url=self._base_url or os.environ.get("ANTHROPIC_BASE_URL") or None,
            max_retries=self._max_retries,
            timeout=self._timeout,
        )
        return self._client

    @property
    def _endpoint(self) -> str:
        if self._client is None:
            return "the Anthropic API"
        url = self._client.base_url
        return f"{url.scheme}://{url.host}" + (f":{url.port}" if url.port else "")

    def _params(self, request: ModelRequest) -> dict[str, Any]:
        system, messages = to_anthropic_messages(request.messages)
        params: dict[str, Any] = {
            "model": self.model,
            "max_tokens": request.max_tokens,
            "messages": messages,
        }
        if system:
            params["system"] = system
        if request.stop:
            params["stop_sequences"] = request.stop
        if request.tools:
            params["tools"] = [
                {"name": spec.name, "input_schema": spec.parameters}
                | ({"description": spec.description} if spec.description else {})
                for spec in request.tools
            ]
        if request.temperature is not None:
            # The 2.x SDK dropped the typed ``temperature`` argument; the API
            # still takes it for the models that allow sampling settings.
            params["extra_body"] = {"temperature": request.temperature}
        if request.json_schema is not None:
            params["output_config"] = {
                "format": {"type": "json_schema", "schema": _strict_schema(request.json_schema)}
            }
        return params

    async def complete(self, request: ModelRequest) -> Completion:
        client = self._get_client()
        try:
            message = await client.messages.create(**self._params(request))
        except _handled_errors() as exc:
            raise self._failure(exc) from None
        blocks = getattr(message, "content", None)
        usage = getattr(message, "usage", None)
        if not isinstance(blocks, list) or usage is None:
            raise self._logged(
                ProviderResponseError(
                    f"{self.spec} answered without message content", provider=self.name
                )
            )
        text = "".join(block.text for block in blocks if block.type == "text")
        calls = [
            ToolCall(id=block.id, name=block.name, arguments=json.dumps(block.input))
            for block in blocks
            if block.type == "tool_use"
        ]
        return Completion(
            text=text,
            usage=_usage(usage),
            finish_reason=_finish(message.stop_reason),
            model=message.model or self.model,
            tool_calls=calls,
        )

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        client = self._get_client()
        input_tokens = output_tokens = 0
        finish: str | None = None
        model: str | None = None
        # tool_use blocks by index: id, name, and the input JSON in pieces
        tool_uses: dict[int, tuple[str, str, list[str]]] = {}
        try:
            stream = await client.messages.create(**self._params(request), stream=True)
            async with stream:
                async for event in stream:
                    if event.type == "message_start":
                        model = event.message.model
                        started = _usage(event.message.usage)
                        input_tokens, output_tokens = started.input_tokens, started.output_tokens
                    elif event.type == "content_block_start":
                        block = event.content_block
                        if block.type == "tool_use":
                            tool_uses[event.index] = (block.id, block.name, [])
                    elif event.type == "content_block_delta":
                        if event.delta.type == "text_delta" and event.delta.text:
                            yield StreamChunk(delta=event.delta.text)
                        elif event.delta.type == "input_json_delta" and event.index in tool_uses:
                            tool_uses[event.index][2].append(event.delta.partial_json)
                    elif event.type == "message_delta":
                        finish = _finish(event.delta.stop_reason) or finish
                        # message_delta usage is cumulative, not an increment.
                        output_tokens = event.usage.output_tokens or output_tokens
                        if event.usage.input_tokens:
                            input_tokens = event.usage.input_tokens
        except _handled_errors() as exc:
            raise self._failure(exc) from None
        calls = [
            ToolCall(id=call_id, name=name, arguments=_input_json("".join(pieces)))
            for _, (call_id, name, pieces) in sorted(tool_uses.items())
        ]
        yield StreamChunk(
            usage=Usage(input_tokens=input_tokens, output_tokens=output_tokens),
            finish_reason=finish,
            model=model or self.model,
            tool_calls=calls or None,
        )

    def _translate(self, exc: BaseException) -> ProviderError:
        import anthropic

        timeouts, _ = _transport_error_groups()
        if isinstance(exc, (anthropic.APITimeoutError, *timeouts)):
            return self._timed_out()
        if isinstance(exc, anthropic.APIConnectionError):
            return self._unreachable(exc)
        if isinstance(exc, anthropic.APIStatusError) and exc.status_code < 400:
            # An ``error`` event inside a 200 stream (overloaded, mostly).
            detail = self._detail(exc.body, exc.message)
            event_type = _error_event_type(exc.body)
            return ProviderResponseError(
                f"{self.spec} sent an error mid-stream ({event_type or 'unknown type'}): {detail}",
                provider=self.name,
                retryable=event_type in _TRANSIENT_ERROR_EVENTS,
            )
        if isinstance(exc, anthropic.APIStatusError):
            # 529 is Anthropic's "overloaded"; error_for_status treats it as a 5xx.
            return self._status_error(exc.status_code, exc.body, exc.message, exc.response.headers)
        if isinstance(exc, anthropic.AnthropicError | json.JSONDecodeError):
            return self._unreadable(exc)
        # A transport failure the SDK's stream iterator let through unwrapped.
        return ProviderConnectionError(
            f"connection to {self.spec} failed: {self._public(str(exc))}", provider=self.name
        )


def _input_json(streamed: str) -> str:
    """Streamed tool input as the same JSON text a whole response gives."""
    if not streamed.strip():
        return "{}"
    try:
        return json.dumps(json.loads(streamed))
    except json.JSONDecodeError:
        return streamed  # let the tool loop report the bad arguments to the model


def _strict_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema in the subset structured outputs accept (the SDK's own
    transform: closed objects, unsupported constraints moved to descriptions)."""
    from anthropic import transform_schema

    try:
        return transform_schema(schema)
    except (ValueError, TypeError):
        # Not transformable (e.g. no "type"): let the API judge it as given.
        return schema


def _usage(usage: Any) -> Usage:
    # Cached prompt tokens are reported apart from input_tokens but still count.
    input_tokens = (
        (usage.input_tokens or 0)
        + (getattr(usage, "cache_creation_input_tokens", None) or 0)
        + (getattr(usage, "cache_read_input_tokens", None) or 0)
    )
    return Usage(input_tokens=int(input_tokens), output_tokens=usage.output_tokens or 0)


def _finish(stop_reason: str | None) -> str | None:
    return None if stop_reason is None else _FINISH_REASONS.get(stop_reason, stop_reason)


def _transport_error_groups() -> tuple[tuple[type[Exception], ...], tuple[type[Exception], ...]]:
    """(timeout, transport) exception classes of the HTTP libraries in use.

    The SDK's stream iterator does not wrap errors raised while reading the
    body, so a dropped or stalled stream surfaces as the HTTP library's own
    exception. Only already-imported libraries can have raised one.
    """
    modules = [m for name in ("httpx2", "httpx") if (m := sys.modules.get(name)) is not None]
    return (
        tuple(module.TimeoutException for module in modules),
        tuple(module.TransportError for module in modules),
    )


def _handled_errors() -> tuple[type[Exception], ...]:
    """Everything a call may raise that :meth:`AnthropicProvider._translate` maps."""
    import anthropic

    return (anthropic.AnthropicError, json.JSONDecodeError, *_transport_error_groups()[1])


# Error events Anthropic sends inside a 200 stream that a later try can
# outlive (the same conditions as HTTP 529 and 500).
_TRANSIENT_ERROR_EVENTS = frozenset({"overloaded_error", "api_error"})


def _error_event_type(body: object) -> str | None:
    """The ``error.type`` of an ``event: error`` payload, when it has one."""
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict) and isinstance(error.get("type"), str):
            return str(error["type"])
    return None
