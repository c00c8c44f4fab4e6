"""``redraft.wrap`` for the OpenAI SDK: its :class:`VendorAdapter`.

``wrapped.chat.completions.create(**kwargs)`` runs the redraft loop: the
drafts are written by ``kwargs["model"]`` through the wrapped client (an
``AsyncOpenAI``; for a sync ``OpenAI`` one built from its settings), judged,
and redrafted with feedback until one passes. The answer comes back as the
SDK's own ``ChatCompletion`` (or a stream of ``ChatCompletionChunk``\\ s) with
redraft's extension under ``model_extra["redraft"]``. Calls the loop cannot
judge as text, and calls that opt out, go to the real client unchanged.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping
from typing import Any

import openai
from openai.types.chat import ChatCompletion, ChatCompletionChunk
from pydantic import ValidationError

from redraft.core._types import Message, RunResult, ToolSpec
from redraft.middleware._adapter import Call, VendorAdapter
from redraft.middleware._common import Drafting, WrapperCore
from redraft.middleware._options import CallOptions
from redraft.providers._openai import OpenAIProvider
from redraft.wire._openai import (
    completion_response,
    extension_from_result,
    finish_reason_of,
    result_chunks,
    tool_specs_of,
)

__all__ = ["ADAPTER", "OpenAIAdapter", "chunks_of", "completion_of"]


class _OpenAIDrafting(Drafting[openai.AsyncOpenAI], OpenAIProvider):
    """An :class:`OpenAIProvider` that writes a wrapped call's drafts."""

    async def _send(self, client: openai.AsyncOpenAI, body: dict[str, Any]) -> Any:
        # The caller's own SDK arguments (extra_body, extra_headers, timeout...)
        # are only understood by the typed method.
        return await client.chat.completions.create(**body)


class OpenAIAdapter(VendorAdapter[openai.AsyncOpenAI]):
    """``openai.OpenAI`` and ``openai.AsyncOpenAI``: ``chat.completions.create``."""

    async_client = openai.AsyncOpenAI
    family = "openai"
    resource = ("chat", "completions")
    # Every other argument of the call (top_p, seed, stop, user, metadata,
    # extra_headers, timeout, …) goes with each draft request as given.
    loop_keys = frozenset(
        {
            "model",
            "messages",
            "stream",
            "stream_options",
            "temperature",
            "max_tokens",
            "max_completion_tokens",
            "n",
            "tools",
        }
    )
    omitted = (openai.NotGiven, openai.Omit)
    judging = OpenAIProvider
    drafting = _OpenAIDrafting
    unreadable = "redraft cannot judge (no user turn, or a role or content it does not read)"

    def cannot_rebuild(self, client: Any) -> str | None:
        # Azure authenticates through deployment settings a plain AsyncOpenAI lacks.
        if isinstance(client, openai.AzureOpenAI):
            return (
                "wrap() cannot rebuild a sync AzureOpenAI client as an async one; "
                "wrap an openai.AsyncAzureOpenAI instead"
            )
        return None

    def credentials(self, client: Any) -> dict[str, Any]:
        key_provider = getattr(client, "_api_key_provider", None)
        api_key: Any = client.api_key
        if callable(key_provider):
            # The sync key callback must not block the runs' event loop.
            async def api_key() -> str:
                return str(await asyncio.to_thread(key_provider))

        return {"api_key": api_key, "organization": client.organization, "project": client.project}

    def unsupported(
        self, core: WrapperCore, kwargs: Mapping[str, Any], options: CallOptions
    ) -> tuple[str, str] | None:
        if kwargs.get("functions"):
            return (
                "functions",
                "chat.completions.create offers legacy functions (use tools: their calls "
                "come back unjudged and the answer after their results is judged)",
            )
        n = kwargs.get("n")
        if n is not None and n != 1:
            return "n", f"chat.completions.create asks for n={n} choices (a run returns one answer)"
        if kwargs.get("audio") or "audio" in (kwargs.get("modalities") or ()):
            return "audio", "chat.completions.create asks for audio output"
        response_format = kwargs.get("response_format")
        kind = _format_type(response_format)
        if kind == "json_schema" and not core.has_json_schema(options):
            return (
                "response_format",
                "chat.completions.create asks for a json_schema response_format and no "
                "json_schema check is configured (wrap(json_schema=...) or "
                "redraft={'json_schema': ...})",
            )
        if response_format is not None and kind not in ("text", "json_object", "json_schema"):
            return "response_format", "chat.completions.create passes an unknown response_format"
        return None

    def client_tools(self, kwargs: Mapping[str, Any]) -> list[ToolSpec] | None:
        tools = kwargs.get("tools")
        return tool_specs_of(list(tools)) if tools else None

    def messages(self, kwargs: Mapping[str, Any]) -> list[Message] | None:
        raw = kwargs["messages"]
        if isinstance(raw, str | bytes | Mapping) or not isinstance(raw, Iterable):
            return None
        messages: list[Message] = []
        for item in raw:
            data = item.model_dump(exclude_none=True) if hasattr(item, "model_dump") else item
            if not isinstance(data, Mapping):
                return None
            data = dict(data)
            if data.get("role") == "developer":
                data["role"] = "system"  # the newer name of the same role
            try:
                messages.append(Message.model_validate(data))
            except ValidationError:
                return None
        return messages

    def sampling(self, kwargs: Mapping[str, Any]) -> tuple[float | None, int | None]:
        max_tokens = kwargs.get("max_completion_tokens") or kwargs.get("max_tokens")
        return kwargs.get("temperature"), max_tokens

    def response(self, result: RunResult, call: Call) -> ChatCompletion:
        return completion_of(result, call.model)

    def stream(self, result: RunResult, call: Call) -> list[Any]:
        stream_options = call.kwargs.get("stream_options")
        include_usage = isinstance(stream_options, Mapping) and bool(
            stream_options.get("include_usage")
        )
        return list(chunks_of(result, call.model, include_usage=include_usage))


ADAPTER = OpenAIAdapter()


def _format_type(response_format: object) -> str | None:
    if isinstance(response_format, Mapping):
        kind = response_format.get("type")
        return kind if isinstance(kind, str) else None
    return None


def completion_of(result: RunResult, model: str) -> ChatCompletion:
    """The SDK's ``ChatCompletion`` for a run, extension included."""
    body = completion_response(
        result.run_id,
        model,
        result.final_answer,
        result.usage,
        finish_reason_of(result),
        extension_from_result(result),
        tool_calls=result.tool_calls,
    )
    return ChatCompletion.model_validate(body)


def chunks_of(result: RunResult, model: str, *, include_usage: bool) -> list[ChatCompletionChunk]:
    """The accepted draft as a chunk stream: a role chunk, word-sized text
    chunks, the finish chunk carrying the extension, then (``include_usage``)
    the usage-only chunk."""
    bodies = result_chunks(result, model, include_usage=include_usage)
    return [ChatCompletionChunk.model_validate(body) for body in bodies]
