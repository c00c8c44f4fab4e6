"""A circuit breaker around a provider.

When a provider is down, every judge call of every run would otherwise wait
for its own timeout and retries before failing. The breaker remembers recent
failures across runs: after ``failures`` consecutive ones it *opens* and
refuses calls at once with :class:`~redraft.CircuitOpenError` (no request is
sent), so runs degrade in milliseconds (``on_judge_error``) instead of
minutes. After ``reset_after_s`` it is *half-open*: one trial call goes
through; its success closes the breaker, its failure opens it again.

What counts as a failure: a :class:`ProviderError` that says the provider is
unhealthy (5xx, 429, timeouts, dropped connections, unreadable replies) and
any unexpected exception from the provider. These do not count, because they
say nothing about the provider's health and would otherwise hide the real,
actionable error behind ``CircuitOpenError``: refused credentials
(:class:`ProviderAuthError`), other 4xx client errors (a request the server
understood and rejected), configuration errors, blocked real calls and
cancellation. They neither count nor reset the count.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from typing import Literal

from redraft.core._errors import (
    CircuitOpenError,
    ProviderAuthError,
    ProviderError,
    RedraftError,
)
from redraft.core._provider import Provider
from redraft.core._types import Completion, ModelRequest, StreamChunk
from redraft.providers._wrapped import Wrapped

__all__ = ["BreakerState", "CircuitBreaker", "counts_as_failure"]

BreakerState = Literal["closed", "open", "half_open"]

_Outcome = Literal["success", "failure", "neutral"]


def counts_as_failure(error: BaseException) -> bool:
    """Whether ``error`` from a provider call counts towards opening a breaker."""
    if isinstance(error, ProviderAuthError | CircuitOpenError):
        return False
    if isinstance(error, ProviderError):
        status = error.status
        client_error = status is not None and 400 <= status < 500
        return error.retryable or not client_error
    # Other redraft errors (configuration, blocked calls, budgets) are ours,
    # not the provider's; an unexpected exception is a provider failure.
    return isinstance(error, Exception) and not isinstance(error, RedraftError)


class CircuitBreaker(Wrapped):
    """A :class:`Provider` that delegates to ``provider`` while it is healthy.

    It reports the wrapped provider's ``name``, ``model``, ``spec``,
    ``is_real`` and ``supports_json_schema``, so call records and real-call
    blocking see through it. ``state`` is ``"closed"``, ``"open"`` or
    ``"half_open"``; ``clock`` is injectable for tests.
    """

    def __init__(
        self,
        provider: Provider,
        *,
        failures: int = 5,
        reset_after_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if isinstance(failures, bool) or not isinstance(failures, int) or failures < 1:
            raise ValueError(f"failures must be a whole number ≥ 1, got {failures!r}")
        if reset_after_s <= 0:
            raise ValueError(f"reset_after_s must be > 0, got {reset_after_s!r}")
        super().__init__(provider)
        self.failures = failures
        self.reset_after_s = reset_after_s
        self._clock = clock
        self._consecutive = 0
        self._opened_at: float | None = None
        self._trial_in_flight = False
        self._last_error = ""

    @property
    def state(self) -> BreakerState:
        if self._opened_at is None:
            return "closed"
        if self._clock() < self._opened_at + self.reset_after_s:
            return "open"
        return "half_open"

    @property
    def consecutive_failures(self) -> int:
        return self._consecutive

    def _admit(self) -> None:
        """Let a call through or raise :class:`CircuitOpenError`."""
        state = self.state
        if state == "closed":
            return
        if state == "half_open" and not self._trial_in_flight:
            self._trial_in_flight = True
            return
        assert self._opened_at is not None
        reset_at = self._opened_at + self.reset_after_s
        if state == "open":
            when = f"it lets a trial call through in {max(0.0, reset_at - self._clock()):.1f}s"
        else:
            when = "a trial call is in flight; it lets calls through again if that succeeds"
        raise CircuitOpenError(
            f"circuit breaker for {self.spec} is open after {self._consecutive} consecutive "
            f"failures (last: {self._last_error}); no call was made; {when}",
            provider=self.name,
            reset_at=reset_at,
        )

    def _settle(self, outcome: _Outcome, error: BaseException | None = None) -> None:
        trial = self._trial_in_flight
        self._trial_in_flight = False
        if outcome == "success":
            self._consecutive = 0
            self._opened_at = None
        elif outcome == "failure":
            self._consecutive += 1
            self._last_error = f"{type(error).__name__}: {error}"
            if trial or self._consecutive >= self.failures:
                self._opened_at = self._clock()
        # neutral: nothing learnt; a half-open breaker lets the next call try.

    async def complete(self, request: ModelRequest) -> Completion:
        self._admit()
        try:
            completion = await self.provider.complete(request)
        except BaseException as exc:
            self._settle("failure" if counts_as_failure(exc) else "neutral", exc)
            raise
        self._settle("success")
        return completion

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        self._admit()
        received = False
        try:
            async for chunk in self.provider.stream(request):
                received = True
                yield chunk
        except GeneratorExit:
            # The caller stopped reading: the provider was answering if any
            # chunk came, else nothing was learnt.
            self._settle("success" if received else "neutral")
            raise
        except BaseException as exc:
            self._settle("failure" if counts_as_failure(exc) else "neutral", exc)
            raise
        self._settle("success")

    async def aclose(self) -> None:
        await self.provider.aclose()

    def __repr__(self) -> str:
        return f"<CircuitBreaker {self.state} {self.provider!r}>"
