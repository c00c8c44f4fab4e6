"""Deterministic providers for tests and demos, used through the real seam.

- :class:`ScriptedModel` answers from a queue and keeps a history of requests.
- :class:`FunctionModel` answers with a function of the request.
- :class:`EchoModel` (spec ``scripted``) answers every prompt with a fixed
  shape and, when asked for JSON, with a value that fits the schema.

Each honours ``max_tokens`` the way a real backend does (output cut, finish
reason ``length``) and reports usage, so budgets can be tested with them.
A :class:`Completion` with ``tool_calls`` scripts a model asking for tools:
``complete`` returns it as it is and ``stream`` puts the calls on the final
chunk, as the real providers do; likewise ``logprobs``, for a fake made with
``supports_logprobs=True``. ``history`` keeps every request, its
``tools`` included.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import re
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from typing import Any, TypedDict

from typing_extensions import Unpack

from redraft.core._errors import ProviderError
from redraft.core._provider import Provider, count_tokens_roughly, usage_for
from redraft.core._types import FREE, Completion, Message, ModelRequest, StreamChunk, TokenPrices

__all__ = ["EchoModel", "FunctionModel", "ScriptedModel", "Script"]

_PIECE = re.compile(r"\S*\s|\S+")

Script = str | Completion | BaseException | Callable[[ModelRequest], str]
Responder = Callable[[ModelRequest], "str | Completion | Awaitable[str | Completion]"]


class FakeOptions(TypedDict, total=False):
    """The keyword options of :class:`ScriptedModel` and :class:`FunctionModel`:
    the model name (``"scripted"``, ``"function"``), delays in seconds before
    each answer and each streamed piece, and ``supports_logprobs``."""

    model: str
    delay: float
    chunk_delay: float
    supports_logprobs: bool


class _FakeProvider(Provider):
    name = "scripted"
    supports_json_schema = True
    is_real = False

    def token_prices(self) -> TokenPrices:
        return FREE

    def __init__(
        self,
        *,
        model: str = "scripted",
        delay: float = 0.0,
        chunk_delay: float = 0.0,
        supports_logprobs: bool = False,
    ) -> None:
        self.model = model
        self.delay = delay
        self.chunk_delay = chunk_delay
        self.supports_logprobs = supports_logprobs
        self.history: list[ModelRequest] = []

    async def _respond(self, request: ModelRequest) -> str | Completion:
        """The answer: a whole :class:`Completion`, or its text (a normal stop)."""
        raise NotImplementedError

    def input_token_bound(self, messages: list[Message]) -> int:
        # Fakes count tokens themselves (see usage_for), so the bound is exact.
        return sum(count_tokens_roughly(m.text) for m in messages)

    async def complete(self, request: ModelRequest) -> Completion:
        self.history.append(request)
        if self.delay:
            await asyncio.sleep(self.delay)
        answer = await self._respond(request)
        if not isinstance(answer, Completion):
            answer = Completion(text=answer, usage=usage_for(request, answer), finish_reason="stop")
        return _honour_max_tokens(request, answer)

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        completion = await self.complete(request)
        for piece in _pieces(completion.text):
            if self.chunk_delay:
                await asyncio.sleep(self.chunk_delay)
            yield StreamChunk(delta=piece)
        yield StreamChunk(
            usage=completion.usage,
            finish_reason=completion.finish_reason,
            model=completion.model or self.model,
            tool_calls=list(completion.tool_calls) or None,
            logprobs=completion.logprobs,
        )


class ScriptedModel(_FakeProvider):
    """Answers each call with the next item of ``script``.

    An item is a string (the completion text), a :class:`Completion`, an
    exception (raised, to simulate a failing provider) or a function of the
    request. An exhausted script raises :class:`ProviderError`, so a test
    that makes more calls than it planned fails loudly.
    """

    def __init__(self, script: Iterable[Script], **options: Unpack[FakeOptions]) -> None:
        super().__init__(**options)
        self.queue: deque[Script] = deque(script)

    def add(self, *items: Script) -> None:
        self.queue.extend(items)

    async def _respond(self, request: ModelRequest) -> str | Completion:
        if not self.queue:
            raise ProviderError(
                f"scripted model {self.model!r} has no response left (call {len(self.history)})",
                provider=self.name,
            )
        item = self.queue.popleft()
        if isinstance(item, BaseException):
            raise item
        return item(request) if callable(item) else item


class FunctionModel(_FakeProvider):
    """Answers with ``function(request)``; the function may be async."""

    def __init__(self, function: Responder, **options: Unpack[FakeOptions]) -> None:
        options.setdefault("model", "function")
        super().__init__(**options)
        self.function = function

    async def _respond(self, request: ModelRequest) -> str | Completion:
        result = self.function(request)
        return await result if inspect.isawaitable(result) else result


class EchoModel(_FakeProvider):
    """The ``scripted`` spec: a model that needs no script.

    Text requests get ``"Scripted answer: <last user message>"``; JSON-schema
    requests get the smallest value that fits the schema (a passing score
    where the schema has one), so a whole run works with no setup.
    """

    def __init__(self, *, model: str = "echo", delay: float = 0.0) -> None:
        super().__init__(model=model, delay=delay)

    async def _respond(self, request: ModelRequest) -> str | Completion:
        if request.json_schema is not None:
            return json.dumps(sample_for_schema(request.json_schema))
        last_user = next((m.text for m in reversed(request.messages) if m.role == "user"), "")
        return f"Scripted answer: {last_user}"


def sample_for_schema(schema: dict[str, Any]) -> Any:
    """A small value valid under ``schema``; numbers take their maximum, booleans
    ``true``, so a schema-shaped judge verdict from :class:`EchoModel` passes."""
    if "enum" in schema:
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object":
        properties = schema.get("properties", {})
        required = schema.get("required", list(properties))
        return {key: sample_for_schema(properties[key]) for key in required if key in properties}
    if kind == "array":
        items = schema.get("items", {"type": "string"})
        return [sample_for_schema(items) for _ in range(schema.get("minItems", 0))]
    if kind == "integer":
        return int(schema.get("maximum", 1))
    if kind == "number":
        return float(schema.get("maximum", 1.0))
    if kind == "boolean":
        return True
    if kind == "string":
        return "ok"[: schema.get("maxLength", 2)] or "ok"
    return None


def _pieces(text: str) -> list[str]:
    """Split text into word-sized stream deltas that join back exactly: each
    ends after one whitespace character, the last maybe before."""
    return _PIECE.findall(text)


def _honour_max_tokens(request: ModelRequest, completion: Completion) -> Completion:
    if completion.usage.output_tokens <= request.max_tokens:
        return completion
    # Cut at the token boundary the rough counter uses.
    kept = ""
    for piece in _pieces(completion.text):
        if count_tokens_roughly(kept + piece) > request.max_tokens:
            break
        kept += piece
    usage = completion.usage.model_copy(
        update={"output_tokens": min(count_tokens_roughly(kept), request.max_tokens)}
    )
    return completion.model_copy(update={"text": kept, "usage": usage, "finish_reason": "length"})
