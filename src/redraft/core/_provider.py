"""The provider seam: one method to complete, one to stream.

A provider translates its vendor's errors into :mod:`redraft.core._errors` types
inside its own module, so nothing above this seam knows any SDK.
"""

from __future__ import annotations

import contextlib
import json
import re
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Iterator
from contextvars import ContextVar

from redraft.core._errors import RealModelCallBlockedError
from redraft.core._types import (
    Completion,
    Message,
    ModelRequest,
    StreamChunk,
    TokenLogprobs,
    TokenPrices,
    Usage,
)

__all__ = [
    "Provider",
    "allow_real_model_calls",
    "block_real_model_calls",
    "ensure_real_calls_allowed",
    "estimate_input_tokens_upper_bound",
]

_real_calls_blocked: ContextVar[bool] = ContextVar("redraft_real_calls_blocked", default=False)


class Provider(ABC):
    """An LLM behind redraft's seam.

    Subclasses implement :meth:`complete`; they override :meth:`stream` when
    the backend streams natively (the default yields the whole completion as
    one chunk).
    """

    #: provider family as written in a model spec (``openai``, ``local``, …)
    name: str = "provider"
    #: the model name reported on call records
    model: str = ""
    #: whether ``ModelRequest.json_schema`` is enforced by the backend
    supports_json_schema: bool = False
    #: whether the provider returns token log-probabilities (``ModelRequest.top_logprobs``)
    supports_logprobs: bool = False
    #: whether this provider reaches a real model (blocked by :func:`block_real_model_calls`)
    is_real: bool = True

    @property
    def spec(self) -> str:
        return f"{self.name}:{self.model}" if self.model else self.name

    @abstractmethod
    async def complete(self, request: ModelRequest) -> Completion:
        """Return the whole completion for ``request``."""

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        completion = await self.complete(request)
        yield StreamChunk(
            delta=completion.text,
            usage=completion.usage,
            finish_reason=completion.finish_reason,
            model=completion.model,
            tool_calls=completion.tool_calls or None,
            logprobs=completion.logprobs,
        )

    @property
    def tokens_per_s(self) -> float | None:
        """Output tokens per second this provider decodes at on this machine,
        or None when it cannot tell (a remote API).

        A run whose policy leaves ``deadline_s`` unset sizes its deadline from
        it; None keeps the fixed default (``DEFAULT_DEADLINE_S``).
        """
        return None

    def token_prices(self) -> TokenPrices | None:
        """What this model's tokens cost, or None when no price is known.

        Call records carry their cost from it, and a run's cost budget holds
        against it. Vendor providers look their model up in ``genai-prices``;
        the embedded and scripted models cost nothing.
        """
        return None

    def input_token_bound(self, messages: list[Message]) -> int:
        """An upper bound on the prompt tokens ``messages`` will cost.

        Token budgets reserve this before a call starts. The default holds for
        every byte-level tokenizer (no token is shorter than one byte), so it
        is safe but generous; a provider that can count exactly overrides it.
        """
        return estimate_input_tokens_upper_bound(messages)

    async def aclose(self) -> None:
        """Release clients, threads or native resources."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"


def ensure_real_calls_allowed(provider: Provider) -> None:
    """Raise when real model calls are blocked (test suites turn this on)."""
    if provider.is_real and _real_calls_blocked.get():
        raise RealModelCallBlockedError(
            f"real model call to {provider.spec!r} blocked; "
            "use a scripted provider or redraft.testing.allow_real_model_calls()"
        )


@contextlib.contextmanager
def _real_calls_set(blocked: bool) -> Iterator[None]:
    token = _real_calls_blocked.set(blocked)
    try:
        yield
    finally:
        _real_calls_blocked.reset(token)


def block_real_model_calls() -> contextlib.AbstractContextManager[None]:
    return _real_calls_set(True)


def allow_real_model_calls() -> contextlib.AbstractContextManager[None]:
    return _real_calls_set(False)


# Chat templates add a handful of tokens per message (role markers, separators).
_PER_MESSAGE_OVERHEAD = 8
_PER_REQUEST_OVERHEAD = 8


def estimate_input_tokens_upper_bound(messages: list[Message]) -> int:
    """An upper bound on the prompt tokens of ``messages`` for any tokenizer
    whose tokens are at least one byte long (all byte-level BPE vocabularies).

    Budgets use it to decide whether a call may start: the reserved amount is
    released to the actual usage once the call reports it.
    """
    total = _PER_REQUEST_OVERHEAD
    for message in messages:
        total += len(message.text.encode("utf-8")) + _PER_MESSAGE_OVERHEAD
        if message.model_extra:
            # Extra wire fields (an assistant turn's ``tool_calls``) are
            # tokenized too; their JSON length bounds them.
            total += len(json.dumps(message.model_extra, default=str).encode("utf-8"))
    return total


_TOKEN_PATTERN = re.compile(r"\w+|[^\w\s]", re.UNICODE)


def count_tokens_roughly(text: str) -> int:
    """Word-and-punctuation count used by scripted providers. Never more than
    the byte length, so it stays under :func:`estimate_input_tokens_upper_bound`."""
    return len(_TOKEN_PATTERN.findall(text))


async def completion_of(chunks: AsyncIterator[StreamChunk]) -> Completion:
    """A stream's chunks as one completion: the text and log-probabilities
    joined, and the last usage, finish reason and model given."""
    text = ""
    usage: Usage | None = None
    finish: str | None = None
    model: str | None = None
    logprobs: list[TokenLogprobs] | None = None
    async for chunk in chunks:
        text += chunk.delta
        usage = chunk.usage or usage
        finish = chunk.finish_reason or finish
        model = chunk.model or model
        if chunk.logprobs is not None:
            logprobs = [*(logprobs or ()), *chunk.logprobs]
    return Completion(
        text=text, usage=usage or Usage(), finish_reason=finish, model=model, logprobs=logprobs
    )


def usage_for(request: ModelRequest, text: str) -> Usage:
    """Usage as a scripted provider reports it."""
    return Usage(
        input_tokens=sum(count_tokens_roughly(m.text) for m in request.messages),
        output_tokens=count_tokens_roughly(text),
    )
