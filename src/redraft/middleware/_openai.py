"""``redraft.wrap`` for the OpenAI SDK.

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
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import openai
from openai.types.chat import ChatCompletion, ChatCompletionChunk
from pydantic import ValidationError

from redraft._errors import ConfigurationError
from redraft._loop import run
from redraft._openai_wire import (
    chunk,
    completion_response,
    extension_from_result,
    finish_reason_of,
)
from redraft._types import Message, ModelRequest, RunRequest, RunResult
from redraft.middleware._bridge import AsyncStream, SyncRuntime, SyncStream
from redraft.middleware._clients import WrappedAsync, WrappedSync
from redraft.middleware._common import Redrafter, merge_params, text_pieces
from redraft.middleware._options import CallOptions, split_options
from redraft.providers import Provider
from redraft.providers._openai import OpenAIProvider

__all__ = ["RedraftAsyncOpenAI", "RedraftOpenAI", "openai_call"]

# Arguments the loop itself turns into drafts; every other argument of the
# call (top_p, seed, stop, user, metadata, extra_headers, timeout, …) is sent
# with each draft request as given.
_LOOP_KEYS = frozenset(
    {
        "model",
        "messages",
        "stream",
        "stream_options",
        "temperature",
        "max_tokens",
        "max_completion_tokens",
        "n",
    }
)


@dataclass
class OpenAICall:
    """One ``create`` call, decided: ``request`` is None when it passes through."""

    kwargs: dict[str, Any]
    options: CallOptions | None = None
    request: RunRequest | None = None


def openai_call(core: Redrafter, kwargs: Mapping[str, Any]) -> OpenAICall:
    """Decide whether a ``chat.completions.create`` call is redrafted."""
    if not core.enabled:
        return OpenAICall(split_options(kwargs, validate=False)[0])
    clean, options = split_options(kwargs)
    if options is None or "model" not in clean or "messages" not in clean:
        return OpenAICall(clean)  # opted out, or the SDK reports what is missing
    given = {key: value for key, value in clean.items() if not _omitted(value)}
    why = _unsupported(core, given, options)
    if why is not None:
        core.warn_once(*why)
        return OpenAICall(clean)
    messages = _messages(given["messages"])
    try:
        if messages is None:
            raise ValueError("unreadable message")
        request = RunRequest(messages=messages, format=options.format)
    except ValueError:  # pydantic's ValidationError included
        core.warn_once(
            "messages",
            "chat.completions.create got messages redraft cannot judge (no user turn, "
            "or a role or content it does not read)",
        )
        return OpenAICall(clean)
    return OpenAICall(given, options, request)


def _omitted(value: object) -> bool:
    return isinstance(value, openai.NotGiven | openai.Omit)


def _unsupported(
    core: Redrafter, kwargs: Mapping[str, Any], options: CallOptions
) -> tuple[str, str] | None:
    if kwargs.get("tools") or kwargs.get("functions"):
        return "tools", "chat.completions.create offers tools (redraft judges text answers only)"
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


def _format_type(response_format: object) -> str | None:
    if isinstance(response_format, Mapping):
        kind = response_format.get("type")
        return kind if isinstance(kind, str) else None
    return None


def _messages(raw: object) -> list[Message] | None:
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


class _DraftingProvider(OpenAIProvider):
    """The generator: an :class:`OpenAIProvider` that also sends the call's
    other arguments with every draft request."""

    def __init__(self, model: str, *, client: openai.AsyncOpenAI, extras: dict[str, Any]) -> None:
        super().__init__(model, client=client)
        self._extras = extras

    def _params(self, request: ModelRequest) -> dict[str, Any]:
        return merge_params(self._extras, super()._params(request))


async def _run(core: Redrafter, client: openai.AsyncOpenAI, call: OpenAICall) -> RunResult:
    assert call.request is not None
    kwargs = call.kwargs
    model = str(kwargs["model"])

    def same_client(name: str) -> Provider:
        return OpenAIProvider(name, client=client)

    policy = core.policy_for(
        call.options,
        temperature=kwargs.get("temperature"),
        max_tokens=kwargs.get("max_completion_tokens") or kwargs.get("max_tokens"),
    )
    evaluator = core.evaluator_for(
        call.options, model=model, same_client=same_client, request=call.request
    )
    extras = {key: value for key, value in kwargs.items() if key not in _LOOP_KEYS}
    generator = _DraftingProvider(model, client=client, extras=extras)
    return await run(call.request, generator=generator, evaluator=evaluator, policy=policy)


def completion_of(result: RunResult, model: str) -> ChatCompletion:
    """The SDK's ``ChatCompletion`` for a run, extension included."""
    body = completion_response(
        result.run_id,
        model,
        result.final_answer,
        result.usage,
        finish_reason_of(result),
        extension_from_result(result),
    )
    return ChatCompletion.model_validate(body)


def chunks_of(result: RunResult, model: str, *, include_usage: bool) -> list[ChatCompletionChunk]:
    """The accepted draft as a chunk stream: a role chunk, word-sized text
    chunks, the finish chunk carrying the extension, then (``include_usage``)
    the usage-only chunk."""
    run_id, created = result.run_id, int(time.time())
    bodies = [chunk(run_id, model, role="assistant", delta="", created=created)]
    bodies += [
        chunk(run_id, model, delta=piece, created=created)
        for piece in text_pieces(result.final_answer)
    ]
    bodies.append(
        chunk(
            run_id,
            model,
            finish_reason=finish_reason_of(result),
            extension=extension_from_result(result),
            created=created,
        )
    )
    if include_usage:
        bodies.append(chunk(run_id, model, usage=result.usage, choices=False, created=created))
    return [ChatCompletionChunk.model_validate(body) for body in bodies]


def _include_usage(kwargs: Mapping[str, Any]) -> bool:
    stream_options = kwargs.get("stream_options")
    return isinstance(stream_options, Mapping) and bool(stream_options.get("include_usage"))


def async_twin(client: openai.OpenAI) -> openai.AsyncOpenAI:
    """An ``AsyncOpenAI`` with a sync client's endpoint, credentials, headers,
    query and timeout (its own retries off: redraft's ledger retries)."""
    if isinstance(client, openai.AzureOpenAI):
        raise ConfigurationError(
            "wrap() cannot rebuild a sync AzureOpenAI client as an async one; "
            "wrap an openai.AsyncAzureOpenAI instead"
        )
    key_provider = getattr(client, "_api_key_provider", None)
    api_key: Any = client.api_key
    if callable(key_provider):

        async def api_key() -> str:
            return str(await asyncio.to_thread(key_provider))

    return openai.AsyncOpenAI(
        api_key=api_key,
        organization=client.organization,
        project=client.project,
        base_url=client.base_url,
        timeout=client.timeout,
        max_retries=0,
        default_headers=dict(client._custom_headers),
        default_query=dict(client._custom_query),
    )


_BYPASSES = frozenset({"parse", "stream", "with_raw_response", "with_streaming_response"})


def _note_bypass(core: Redrafter, name: str) -> None:
    """Say once that a completions method other than ``create`` is not redrafted."""
    if name in _BYPASSES and core.enabled:
        core.warn_once(
            f"bypass:{name}", f"chat.completions.{name} is not redrafted (only create is)"
        )


# -- the sync client -------------------------------------------------------------------


class _SyncCompletions:
    def __init__(self, owner: RedraftOpenAI) -> None:
        self._owner = owner

    def create(self, **kwargs: Any) -> Any:
        """``chat.completions.create``, judged and redrafted (see the module)."""
        owner = self._owner
        call = openai_call(owner._core, kwargs)
        if call.request is None:
            return owner.__wrapped__.chat.completions.create(**call.kwargs)
        result = owner._runtime.run(_run(owner._core, owner._runs_client(), call))
        model = str(call.kwargs["model"])
        if call.kwargs.get("stream"):
            return SyncStream(chunks_of(result, model, include_usage=_include_usage(call.kwargs)))
        return completion_of(result, model)

    def __getattr__(self, name: str) -> Any:
        _note_bypass(self._owner._core, name)
        return getattr(self._owner.__wrapped__.chat.completions, name)


class _SyncChat:
    def __init__(self, owner: RedraftOpenAI) -> None:
        self._owner = owner
        self.completions = _SyncCompletions(owner)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._owner.__wrapped__.chat, name)


class RedraftOpenAI(WrappedSync[openai.AsyncOpenAI]):
    """A wrapped ``openai.OpenAI``: ``chat.completions.create`` is redrafted,
    everything else is the real client's."""

    thread_name = "redraft-openai"

    def __init__(
        self, client: openai.OpenAI, core: Redrafter, runtime: SyncRuntime | None = None
    ) -> None:
        super().__init__(client, core, runtime)
        self.chat = _SyncChat(self)

    def _twin(self) -> openai.AsyncOpenAI:
        return async_twin(self.__wrapped__)


# -- the async client ------------------------------------------------------------------


class _AsyncCompletions:
    def __init__(self, owner: RedraftAsyncOpenAI) -> None:
        self._owner = owner

    async def create(self, **kwargs: Any) -> Any:
        """``chat.completions.create``, judged and redrafted (see the module)."""
        owner = self._owner
        call = openai_call(owner._core, kwargs)
        if call.request is None:
            return await owner.__wrapped__.chat.completions.create(**call.kwargs)
        result = await _run(owner._core, owner._runs_client(), call)
        model = str(call.kwargs["model"])
        if call.kwargs.get("stream"):
            return AsyncStream(chunks_of(result, model, include_usage=_include_usage(call.kwargs)))
        return completion_of(result, model)

    def __getattr__(self, name: str) -> Any:
        _note_bypass(self._owner._core, name)
        return getattr(self._owner.__wrapped__.chat.completions, name)


class _AsyncChat:
    def __init__(self, owner: RedraftAsyncOpenAI) -> None:
        self._owner = owner
        self.completions = _AsyncCompletions(owner)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._owner.__wrapped__.chat, name)


class RedraftAsyncOpenAI(WrappedAsync[openai.AsyncOpenAI]):
    """A wrapped ``openai.AsyncOpenAI``: ``chat.completions.create`` is
    redrafted, everything else is the real client's."""

    def __init__(self, client: openai.AsyncOpenAI, core: Redrafter) -> None:
        super().__init__(client, core)
        self.chat = _AsyncChat(self)
