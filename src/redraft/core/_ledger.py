"""The ledger: every LLM call of a run goes through it.

It enforces the run's deadline and token budget over ALL calls (draft, judge,
feedback) and keeps a :class:`CallRecord` of each, success or failure. A call
may only start when its worst case fits: the provider's upper bound on the
prompt's tokens plus its ``max_tokens`` must fit in what is left of the budget, and
``max_tokens`` is shrunk to make it fit.

It also owns provider retries (the resilience error table): a try that fails with a
retryable :class:`ProviderError` (429, 5xx, timeout, dropped connection) before
it delivered any text is tried again after a backoff, up to
``policy.provider_retries`` times. Retries live here, not in the providers or
the loop, because only the ledger knows the run's deadline and budget: a wait
that would cross the deadline is never taken, and every try reserves and pays
its own tokens. Each try is its own call record (``retry`` 0, 1, 2…) under the
same redraft ``attempt``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import NamedTuple

from redraft.core._errors import (
    BudgetExhaustedError,
    CostBudgetExhaustedError,
    ProviderAuthError,
    ProviderError,
    ProviderTimeoutError,
    RedraftError,
)
from redraft.core._provider import (
    Provider,
    completion_of,
    ensure_real_calls_allowed,
    usage_for,
)
from redraft.core._types import (
    CallKind,
    CallRecord,
    Completion,
    ModelRequest,
    Policy,
    StreamChunk,
    ToolCall,
    Usage,
)

__all__ = ["Ledger"]

log = logging.getLogger("redraft")

# A call that could only write fewer tokens than this is not worth starting.
_MIN_USEFUL_OUTPUT_TOKENS = 8
# Backoff jitter: each wait is scaled by a factor in [1 - J, 1 + J), so that
# runs failing together do not retry in lockstep.
_JITTER = 0.25

Sleep = Callable[[float], Awaitable[object]]


class _Reservation(NamedTuple):
    """What a call in flight holds of the run's budgets until it is recorded."""

    tokens: int
    usd: float


class Ledger:
    """The budget, deadline, retries and call records of one run.

    ``clock`` and ``sleep`` are injectable so tests can drive time by hand:
    a fake ``sleep`` that advances a fake ``clock`` makes backoffs and
    deadlines exact without real waiting. ``rng`` draws the backoff jitter.
    A server's ``Retry-After`` longer than ``max_retry_wait_s`` is not waited
    for: the rate-limit error is raised so the caller can decide.
    """

    def __init__(
        self,
        policy: Policy,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Sleep = asyncio.sleep,
        rng: random.Random | None = None,
        max_retry_wait_s: float = 60.0,
    ) -> None:
        self._clock = clock
        self._sleep = sleep
        self._rng = rng or random.Random()
        self._max_retries = policy.provider_retries
        self._backoff_s = policy.retry_backoff_s
        self._max_retry_wait_s = max_retry_wait_s
        self._started = clock()
        self._deadline = self._started + policy.deadline_s if policy.deadline_s else None
        self._token_budget = policy.token_budget
        self._cost_budget = policy.cost_budget_usd
        self._reserved = 0
        self._reserved_usd = 0.0
        self.usage = Usage()
        self.calls: list[CallRecord] = []
        self._announced = 0

    def remaining_time(self) -> float | None:
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - self._clock())

    def remaining_tokens(self) -> int | None:
        if self._token_budget is None:
            return None
        return self._token_budget - self.usage.total_tokens - self._reserved

    def check_deadline(self) -> None:
        if self.remaining_time() == 0:
            raise BudgetExhaustedError("the run's deadline has passed", limit="deadline")

    def _reserve(
        self, provider: Provider, request: ModelRequest
    ) -> tuple[ModelRequest, _Reservation]:
        """Hold what the call could cost at most, cutting its output cap to
        what the budgets leave, or raise when not even a short answer fits."""
        self.check_deadline()
        tokens_left = self.remaining_tokens()
        if tokens_left is None and self._cost_budget is None:
            return request, _Reservation(0, 0.0)
        prompt_bound = provider.input_token_bound(request.messages)
        if request.tools:
            # Tool definitions are part of the prompt the vendor bills.
            prompt_bound += sum(
                len(spec.model_dump_json().encode("utf-8")) for spec in request.tools
            )
        wanted = request.max_tokens
        if tokens_left is not None:
            wanted = min(wanted, max(tokens_left - prompt_bound, 0))
            least = min(_MIN_USEFUL_OUTPUT_TOKENS, request.max_tokens)
            if wanted < least:
                # Say which part does not fit: the prompt, or the output after it.
                short = (
                    f"this call's prompt alone could need {prompt_bound}"
                    if tokens_left < prompt_bound
                    else f"this call's prompt could need {prompt_bound}, which leaves "
                    f"{tokens_left - prompt_bound} for its output, fewer than the {least} "
                    "a call is given at least"
                )
                raise BudgetExhaustedError(
                    f"token budget exhausted: {tokens_left} tokens left; {short}",
                    limit="tokens",
                )
        usd = 0.0
        if self._cost_budget is not None:
            wanted, usd = self._within_cost(provider, prompt_bound, wanted, request.max_tokens)
        reservation = _Reservation(prompt_bound + wanted if tokens_left is not None else 0, usd)
        self._reserved += reservation.tokens
        self._reserved_usd += reservation.usd
        if wanted != request.max_tokens:
            request = request.model_copy(update={"max_tokens": wanted})
        return request, reservation

    def _within_cost(
        self, provider: Provider, prompt_bound: int, wanted: int, asked: int
    ) -> tuple[int, float]:
        """The output tokens the cost budget leaves this call, and what the call
        could cost with them."""
        assert self._cost_budget is not None
        prices = provider.token_prices()
        if prices is None:
            raise CostBudgetExhaustedError(
                f"no price is known for {provider.spec}, so the run's cost budget "
                "could not be kept: give the model a price or drop the cost budget"
            )
        spent = sum(call.cost_usd or 0.0 for call in self.calls)
        left = self._cost_budget - spent - self._reserved_usd
        prompt_cost = prompt_bound * prices.input_per_million / 1_000_000
        if prices.output_per_million > 0:
            room = int((left - prompt_cost) * 1_000_000 // prices.output_per_million)
            wanted = min(wanted, max(room, 0))
        least = min(_MIN_USEFUL_OUTPUT_TOKENS, asked)
        if left < prompt_cost or wanted < least:
            # Say which part does not fit: the prompt, or the output after it.
            output_cost = least * prices.output_per_million / 1_000_000
            short = (
                f"this call's prompt alone could cost ${prompt_cost:.6f}"
                if left < prompt_cost
                else f"this call's prompt could cost ${prompt_cost:.6f}, which leaves "
                f"${left - prompt_cost:.6f} for its output, less than the ${output_cost:.6f} "
                f"of the {least} output tokens a call is given at least"
            )
            raise CostBudgetExhaustedError(
                f"cost budget exhausted: ${max(left, 0.0):.6f} left; {short}"
            )
        return wanted, prompt_cost + wanted * prices.output_per_million / 1_000_000

    def new_records(self) -> list[CallRecord]:
        """Calls recorded since the last time this was asked (for announcing)."""
        fresh = self.calls[self._announced :]
        self._announced = len(self.calls)
        return fresh

    def record_cached(
        self,
        *,
        kind: CallKind,
        attempt: int,
        evaluator: str | None,
        provider: str,
        model: str,
        text: str = "",
        parameters: dict[str, object] | None = None,
    ) -> None:
        """Record a call answered from a cache: status ``cached``, no tokens."""
        self.calls.append(
            CallRecord(
                kind=kind,
                attempt=attempt,
                provider=provider,
                model=model,
                evaluator=evaluator,
                parameters=dict(parameters or {}),
                text=text,
                status="cached",
                cost_usd=0.0,
            )
        )

    def _retry_wait(self, error: ProviderError, retry: int) -> float | None:
        """Seconds to wait before retry ``retry + 1`` after ``error``, or None
        when it must not be retried; raises when the deadline has passed."""
        if retry >= self._max_retries or not _retryable(error):
            return None
        backoff = self._backoff_s * 2.0**retry
        backoff *= 1 - _JITTER + 2 * _JITTER * self._rng.random()
        wait = min(backoff, self._max_retry_wait_s)
        retry_after = getattr(error, "retry_after", None)
        if isinstance(retry_after, int | float) and retry_after > 0:
            if retry_after > self._max_retry_wait_s:
                return None
            wait = max(wait, float(retry_after))
        remaining = self.remaining_time()
        if remaining is not None:
            if remaining <= 0:
                raise BudgetExhaustedError(
                    "the run's deadline passed before the failed call could be retried",
                    limit="deadline",
                ) from error
            if wait >= remaining:
                return None  # waiting would use up the run; surface the error now
        return wait

    async def complete(
        self,
        provider: Provider,
        request: ModelRequest,
        *,
        kind: CallKind,
        attempt: int,
        evaluator: str | None = None,
    ) -> Completion:
        chunks = self.stream(
            provider, request, kind=kind, attempt=attempt, evaluator=evaluator, native_stream=False
        )
        return await completion_of(chunks)

    async def stream(
        self,
        provider: Provider,
        request: ModelRequest,
        *,
        kind: CallKind,
        attempt: int,
        evaluator: str | None = None,
        native_stream: bool = True,
    ) -> AsyncGenerator[StreamChunk, None]:
        """Run one call under the budget, yielding its chunks.

        ``native_stream=False`` asks the provider for a whole completion and
        yields it as one chunk. A retryable failure before any text was
        yielded is retried (see the module docstring); once text has reached
        the caller a failure is recorded and raised, since the caller owns the
        partial text and a retry would repeat it.
        """
        retry = 0
        last_error: ProviderError | None = None
        while True:
            try:
                reserved, reservation = self._reserve(provider, request)
            except BudgetExhaustedError as exc:
                if last_error is not None:
                    raise exc from last_error
                raise
            delivered = False
            tries = self._try(
                provider,
                reserved,
                reservation,
                kind=kind,
                attempt=attempt,
                evaluator=evaluator,
                native_stream=native_stream,
                retry=retry,
            )
            try:
                async with contextlib.aclosing(tries):
                    async for chunk in tries:
                        delivered = delivered or bool(chunk.delta)
                        yield chunk
                return
            except ProviderError as exc:
                if delivered:
                    raise
                wait = self._retry_wait(exc, retry)
                if wait is None:
                    raise
                last_error = exc
            what = f"{kind} call to {provider.spec}"
            log.info("retrying a %s in %.2fs (retry %d): %s", what, wait, retry + 1, last_error)
            await self._sleep(wait)
            retry += 1

    async def _try(
        self,
        provider: Provider,
        request: ModelRequest,
        reservation: _Reservation,
        *,
        kind: CallKind,
        attempt: int,
        evaluator: str | None,
        native_stream: bool,
        retry: int,
    ) -> AsyncGenerator[StreamChunk, None]:
        """One try of a call whose tokens are already reserved; always recorded."""
        started = self._clock()
        text = ""
        usage: Usage | None = None
        finish: str | None = None
        model: str | None = None
        calls: list[ToolCall] | None = None
        error: BaseException | None = None
        try:
            ensure_real_calls_allowed(provider)
            async with asyncio.timeout(self.remaining_time()):
                if native_stream:
                    async for chunk in provider.stream(request):
                        text += chunk.delta
                        usage = chunk.usage or usage
                        finish = chunk.finish_reason or finish
                        model = chunk.model or model
                        calls = chunk.tool_calls or calls
                        if chunk.delta or chunk.logprobs:
                            yield StreamChunk(delta=chunk.delta, logprobs=chunk.logprobs)
                else:
                    completion = await provider.complete(request)
                    text, usage = completion.text, completion.usage
                    finish, model = completion.finish_reason, completion.model
                    calls = completion.tool_calls or None
                    if text or completion.logprobs:
                        yield StreamChunk(delta=text, logprobs=completion.logprobs)
            yield StreamChunk(usage=usage, finish_reason=finish, model=model, tool_calls=calls)
        except TimeoutError as exc:
            error = BudgetExhaustedError(
                f"the run's deadline passed during a {kind} call", limit="deadline"
            )
            raise error from exc
        except RedraftError as exc:
            error = exc
            raise
        except asyncio.CancelledError as exc:
            error = exc
            raise
        except Exception as exc:  # a provider bug must still be recorded, then surfaced typed
            error = ProviderError(f"{type(exc).__name__}: {exc}", provider=provider.name)
            raise error from exc
        finally:
            self._reserved -= reservation.tokens
            self._reserved_usd -= reservation.usd
            if usage is None:
                # The provider reported nothing (a failure, or a stream cut
                # short). If text came back the prompt was processed, so charge
                # an estimate rather than pretend the call was free.
                usage = usage_for(request, text) if text else Usage()
            self.usage = self.usage + usage
            prices = provider.token_prices()
            self.calls.append(
                CallRecord(
                    kind=kind,
                    attempt=attempt,
                    provider=provider.name,
                    model=model or provider.model,
                    evaluator=evaluator,
                    messages=list(request.messages),
                    parameters=_parameters(request),
                    text=text,
                    usage=usage,
                    latency_ms=round((self._clock() - started) * 1000, 3),
                    status="error" if error is not None else "ok",
                    error=_describe(error) if error is not None else None,
                    finish_reason=finish,
                    retry=retry,
                    cost_usd=None if prices is None else prices.cost(usage),
                )
            )


def _parameters(request: ModelRequest) -> dict[str, object]:
    """The request's settings a call record keeps, beside its messages."""
    parameters: dict[str, object] = {"max_tokens": request.max_tokens}
    if request.temperature is not None:
        parameters["temperature"] = request.temperature
    if request.json_schema is not None:
        parameters["json_schema"] = request.json_schema
    if request.stop:
        parameters["stop"] = request.stop
    return parameters


def _retryable(error: ProviderError) -> bool:
    # Credentials do not get better by asking again, whatever the flag says.
    return error.retryable and not isinstance(error, ProviderAuthError)


def _describe(error: BaseException) -> str:
    if isinstance(error, asyncio.CancelledError):
        return "cancelled"
    if isinstance(error, ProviderTimeoutError):
        return f"timeout: {error}"
    return f"{type(error).__name__}: {error}"
