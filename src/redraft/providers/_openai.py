"""``openai:<model>``: any Chat Completions endpoint through the official SDK.

``OPENAI_BASE_URL`` makes this the provider for OpenAI-compatible servers too
(Ollama, vLLM, llama.cpp server, LM Studio, Groq). The SDK is imported on
first use so that the ``openai`` extra stays optional, and every SDK error is
translated here into :mod:`redraft.core._errors` types with secrets scrubbed.

Tools: ``ModelRequest.tools`` are offered as ``function`` tools and the
model's calls come back as :class:`~redraft.ToolCall` (on the final chunk
when streaming). redraft's own messages already use OpenAI's shape for tool
turns (an assistant message with ``tool_calls``, ``tool`` messages with
``tool_call_id``), so they are sent as they are.
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from redraft.core._errors import (
    ConfigurationError,
    ProviderError,
    ProviderResponseError,
)
from redraft.core._provider import usage_for
from redraft.core._types import Completion, ModelRequest, StreamChunk, ToolCall, ToolSpec, Usage
from redraft.providers._logprobs import read_logprobs
from redraft.providers._sdk import SDKProvider

if TYPE_CHECKING:
    import openai
    from openai.types import CompletionUsage
    from openai.types.chat import ChatCompletionMessageToolCallUnion
    from openai.types.chat.chat_completion_chunk import ChoiceDeltaToolCall

__all__ = ["OpenAIProvider"]

# Streams end with a chunk that carries the usage.
_WITH_USAGE = {"include_usage": True}

_DEFAULT_BASE_URL = "https://api.openai.com/v1"
# Local servers ignore the key, but the SDK refuses to send a request without one.
_PLACEHOLDER_KEY = "redraft-no-key"


class OpenAIProvider(SDKProvider["openai.AsyncOpenAI"]):
    """A model behind OpenAI's Chat Completions API (or a compatible server).

    Pass ``client`` to reuse a configured ``openai.AsyncOpenAI`` (it is then
    not closed by :meth:`aclose`); see :class:`SDKProvider` for the rest.
    """

    name = "openai"
    example_spec = "openai:gpt-4o-mini"
    vendor = "openai"
    # Compatible servers that ignore the request answer without them; the
    # judge then falls back to reading the text (see evaluators/_checklist.py).
    supports_logprobs = True

    def _get_client(self) -> openai.AsyncOpenAI:
        if self._client is not None:
            return self._client
        openai = self._import_sdk()
        api_key = self._api_key or os.environ.get("OPENAI_API_KEY") or None
        base_url = self._base_url or os.environ.get("OPENAI_BASE_URL") or None
        if api_key is None and base_url is None:
            raise ConfigurationError(
                f"model 'openai:{self.model}' needs an API key: set OPENAI_API_KEY "
                "(or OPENAI_BASE_URL for a local server that needs none)"
            )
        try:
            self._client = openai.AsyncOpenAI(
                api_key=api_key or _PLACEHOLDER_KEY,
                base_url=base_url or _DEFAULT_BASE_URL,
                max_retries=self._max_retries,
                timeout=self._timeout,
            )
        except openai.OpenAIError as exc:
            raise ConfigurationError(f"cannot configure the openai client: {exc}") from None
        return self._client

    @property
    def _endpoint(self) -> str:
        if self._client is not None:
            url = str(self._client.base_url)
        else:
            url = self._base_url or os.environ.get("OPENAI_BASE_URL") or _DEFAULT_BASE_URL
        parts = urlsplit(url)
        host = parts.hostname or url
        return f"{parts.scheme}://{host}:{parts.port}" if parts.port else f"{parts.scheme}://{host}"

    def _params(self, request: ModelRequest) -> dict[str, Any]:
        # OpenAI's own API wants max_completion_tokens (reasoning models reject
        # max_tokens); compatible servers widely understand only max_tokens.
        official = urlsplit(self._endpoint).hostname == "api.openai.com"
        params: dict[str, Any] = {
            "model": self.model,
            "messages": [m.model_dump(exclude_none=True) for m in request.messages],
            "max_completion_tokens" if official else "max_tokens": request.max_tokens,
        }
        if request.temperature is not None:
            params["temperature"] = request.temperature
        if request.stop:
            params["stop"] = request.stop
        if request.tools:
            params["tools"] = [_tool_param(spec) for spec in request.tools]
        if request.top_logprobs:
            params["logprobs"] = True
            params["top_logprobs"] = request.top_logprobs
        if request.json_schema is not None:
            params["response_format"] = {
                "type": "json_schema",
                # strict mode would reject ordinary schemas (it needs every
                # property required and additionalProperties false).
                "json_schema": {"name": "output", "schema": request.json_schema, "strict": False},
            }
        return params

    async def complete(self, request: ModelRequest) -> Completion:
        client = self._get_client()
        import openai  # importable: _get_client checked

        try:
            response = await self._send(client, self._params(request))
        except (openai.OpenAIError, json.JSONDecodeError) as exc:
            raise self._failure(exc) from None
        choices = getattr(response, "choices", None)
        if not choices or getattr(choices[0], "message", None) is None:
            raise self._logged(
                ProviderResponseError(
                    f"{self.spec} answered without a completion choice", provider=self.name
                )
            )
        choice = choices[0]
        text = choice.message.content or ""
        usage = _usage(response.usage) if response.usage else usage_for(request, text)
        return Completion(
            text=text,
            usage=usage,
            finish_reason=choice.finish_reason,
            model=response.model or self.model,
            tool_calls=_tool_calls(choice.message.tool_calls),
            logprobs=read_logprobs(getattr(choice, "logprobs", None)),
        )

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        client = self._get_client()
        import openai  # importable: _get_client checked

        usage: Usage | None = None
        finish: str | None = None
        model: str | None = None
        calls = _ToolCallPieces()
        try:
            body = {**self._params(request), "stream": True, "stream_options": _WITH_USAGE}
            stream = await self._send(client, body)
            async with stream:
                async for chunk in stream:
                    model = chunk.model or model
                    if chunk.usage is not None:
                        usage = _usage(chunk.usage)
                    for choice in chunk.choices:
                        if choice.index != 0:
                            continue
                        finish = choice.finish_reason or finish
                        logprobs = read_logprobs(getattr(choice, "logprobs", None))
                        if choice.delta.content or logprobs:
                            yield StreamChunk(delta=choice.delta.content or "", logprobs=logprobs)
                        if choice.delta.tool_calls:
                            calls.add(choice.delta.tool_calls)
        except (openai.OpenAIError, json.JSONDecodeError) as exc:
            raise self._failure(exc) from None
        # usage stays None when a server ignores stream_options: the ledger
        # then charges an estimate instead of recording a free call.
        yield StreamChunk(
            usage=usage,
            finish_reason=finish,
            model=model or self.model,
            tool_calls=calls.finished() or None,
        )

    async def _send(self, client: openai.AsyncOpenAI, body: dict[str, Any]) -> Any:
        """``POST /chat/completions`` with ``body`` as it is: a ``ChatCompletion``,
        or, when the body asks to stream, an ``AsyncStream`` of ``ChatCompletionChunk``.

        The typed ``chat.completions.create`` first walks every parameter against
        its annotations (a quarter of the SDK's CPU per call, measured); this
        body is plain JSON already, so it goes through the client's ``post``,
        the SDK's documented way to send a request of one's own, with the same
        retries, errors and parsed responses.
        """
        from openai import AsyncStream
        from openai.types.chat import ChatCompletion, ChatCompletionChunk

        return await client.post(
            "/chat/completions",
            cast_to=ChatCompletion,
            body=body,
            stream=bool(body.get("stream")),
            stream_cls=AsyncStream[ChatCompletionChunk],
        )

    def _translate(self, exc: BaseException) -> ProviderError:
        import openai

        if isinstance(exc, openai.APITimeoutError):
            return self._timed_out()
        if isinstance(exc, openai.APIConnectionError):
            return self._unreachable(exc)
        if isinstance(exc, openai.APIStatusError):
            return self._status_error(exc.status_code, exc.body, exc.message, exc.response.headers)
        if isinstance(exc, openai.APIError):
            # An error event inside a stream, or a body the SDK could not read.
            detail = self._detail(exc.body, exc.message)
            return ProviderResponseError(
                f"{self.spec} sent an error: {detail}",
                provider=self.name,
                status=getattr(exc, "status_code", None),
            )
        return self._unreadable(exc)


def _tool_param(spec: ToolSpec) -> dict[str, Any]:
    function: dict[str, Any] = {"name": spec.name}
    if spec.description:
        function["description"] = spec.description
    function["parameters"] = spec.parameters
    return {"type": "function", "function": function}


def _arguments_text(arguments: Any) -> str:
    # Some compatible servers send the arguments as an object, not JSON text.
    if isinstance(arguments, str):
        return arguments or "{}"
    return json.dumps(arguments if arguments is not None else {})


def _tool_calls(calls: list[ChatCompletionMessageToolCallUnion] | None) -> list[ToolCall]:
    """The function calls of a response (custom tools are never offered)."""
    return [
        ToolCall(
            # Some compatible servers leave the id out; results need one.
            id=call.id or f"call_{index}",
            name=call.function.name,
            arguments=_arguments_text(call.function.arguments),
        )
        for index, call in enumerate(calls or [])
        if call.type == "function"
    ]


class _ToolCallPieces:
    """Streamed tool calls put back together: each arrives in pieces keyed by
    ``index``, the first with the id and name, the rest with bits of the
    arguments text."""

    def __init__(self) -> None:
        self._calls: dict[int, dict[str, str]] = {}

    def add(self, pieces: list[ChoiceDeltaToolCall]) -> None:
        for piece in pieces:
            call = self._calls.setdefault(piece.index, {"id": "", "name": "", "arguments": ""})
            if piece.id and not call["id"]:
                call["id"] = piece.id
            if piece.function is not None:
                if piece.function.name and not call["name"]:
                    call["name"] = piece.function.name
                if piece.function.arguments:
                    call["arguments"] += piece.function.arguments

    def finished(self) -> list[ToolCall]:
        return [
            ToolCall(
                id=call["id"] or f"call_{index}",
                name=call["name"],
                arguments=call["arguments"] or "{}",
            )
            for index, call in sorted(self._calls.items())
        ]


def _usage(usage: CompletionUsage) -> Usage:
    return Usage(input_tokens=usage.prompt_tokens or 0, output_tokens=usage.completion_tokens or 0)
