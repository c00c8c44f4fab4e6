"""redraft's exceptions.

Every exception redraft raises on purpose derives from :class:`RedraftError`::

    RedraftError
    ├── ConfigurationError          bad options, unknown model spec, missing key
    │   └── PatternError            a regular expression that is invalid, too long or
    │                               needs backtracking (lookaround, backreference)
    ├── ProviderError               an LLM call failed (translated from the vendor SDK)
    │   ├── ProviderAuthError       401/403: retrying will not help
    │   ├── ProviderRateLimitError  429; carries ``retry_after`` when the server sent one
    │   ├── ProviderTimeoutError    the call ran out of time
    │   ├── ProviderConnectionError the server could not be reached
    │   ├── ProviderResponseError   4xx/5xx or a response redraft cannot read
    │   └── CircuitOpenError        the provider's circuit breaker is open: no call made
    ├── BudgetExhaustedError        a call would break the run's token budget or deadline
    │   └── CostBudgetExhaustedError  … or its cost budget (or its model has no known price)
    ├── ToolLoopLimitError          the model kept calling tools past ``max_tool_iterations``
    ├── RealModelCallBlockedError   a real provider was used while real calls are blocked
    ├── RunFailedError              the run ended without any usable draft
    ├── WorkTimeoutError            CPU work moved off the event loop ran past its time limit
    ├── IsolatedWorkError           untrusted work in a worker process ran out of memory or died
    └── QualityError                attempts ran out and the policy says ``raise``
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from redraft.core._types import RunResult

__all__ = [
    "BudgetExhaustedError",
    "CostBudgetExhaustedError",
    "CircuitOpenError",
    "ConfigurationError",
    "IsolatedWorkError",
    "PatternError",
    "ProviderAuthError",
    "ProviderConnectionError",
    "ProviderError",
    "ProviderRateLimitError",
    "ProviderResponseError",
    "ProviderTimeoutError",
    "QualityError",
    "RealModelCallBlockedError",
    "RedraftError",
    "RunFailedError",
    "ToolLoopLimitError",
    "WorkTimeoutError",
]


class RedraftError(Exception):
    """Base class of every error redraft raises on purpose."""


class ConfigurationError(RedraftError):
    """Options or settings that cannot work; the message names the culprit."""


class PatternError(ConfigurationError):
    """A user-supplied regular expression that cannot be used.

    ``option`` names where it came from (``must_match[2]``, ``rule /…/``);
    ``reason`` is the message without that prefix.
    """

    def __init__(self, message: str, *, option: str = "", reason: str = "") -> None:
        super().__init__(message)
        self.option = option
        self.reason = reason or message


class ProviderError(RedraftError):
    """An LLM call failed. ``status`` is the HTTP status when there was one;
    ``retry_after`` the seconds the server asked us to wait (429, 503)."""

    def __init__(
        self,
        message: str,
        *,
        provider: str = "",
        status: int | None = None,
        retryable: bool = False,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message)
        self.provider = provider
        self.status = status
        self.retryable = retryable
        self.retry_after = retry_after


class ProviderAuthError(ProviderError):
    """The provider refused the credentials."""


class ProviderRateLimitError(ProviderError):
    """The provider asked us to slow down."""

    def __init__(
        self,
        message: str,
        *,
        provider: str = "",
        status: int | None = 429,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(
            message, provider=provider, status=status, retryable=True, retry_after=retry_after
        )


class ProviderTimeoutError(ProviderError):
    """The call did not finish in the time it had."""

    def __init__(self, message: str, *, provider: str = "") -> None:
        super().__init__(message, provider=provider, retryable=True)


class ProviderConnectionError(ProviderError):
    """The provider could not be reached."""

    def __init__(self, message: str, *, provider: str = "") -> None:
        super().__init__(message, provider=provider, retryable=True)


class ProviderResponseError(ProviderError):
    """The provider answered with an error or with something unreadable."""


class CircuitOpenError(ProviderError):
    """The provider failed too often lately; its breaker refuses calls until
    ``reset_at`` (a ``time.monotonic()`` value) has passed."""

    def __init__(self, message: str, *, provider: str = "", reset_at: float | None = None) -> None:
        super().__init__(message, provider=provider, retryable=False)
        self.reset_at = reset_at


class ToolLoopLimitError(RedraftError):
    """The model still asked for tools after ``max_tool_iterations`` rounds.

    ``messages`` is the conversation so far, tool calls and results included:
    resubmitting it (continuation) resumes where the loop stopped.
    """

    def __init__(self, message: str, *, messages: list[Any], iterations: int) -> None:
        super().__init__(message)
        self.messages = messages
        self.iterations = iterations


class BudgetExhaustedError(RedraftError):
    """Starting a call would break the run's token or cost budget or its deadline."""

    def __init__(self, message: str, *, limit: Literal["tokens", "cost", "deadline"]) -> None:
        super().__init__(message)
        self.limit = limit


class CostBudgetExhaustedError(BudgetExhaustedError):
    """Starting a call could take the run past its cost budget in dollars, or
    no price is known for its model, so the budget could not be kept."""

    def __init__(self, message: str) -> None:
        super().__init__(message, limit="cost")


class RealModelCallBlockedError(RedraftError):
    """A real model was asked for while :func:`redraft.block_real_model_calls` is on."""


class WorkTimeoutError(RedraftError):
    """CPU-bound work run off the event loop (pattern matching, JSON Schema
    validation, rule compilation) did not finish within its time limit."""

    def __init__(self, message: str, *, limit_s: float) -> None:
        super().__init__(message)
        self.limit_s = limit_s


class IsolatedWorkError(RedraftError):
    """Untrusted CPU work sent to a worker process (JSON Schema validation,
    the requirement compiler on a long prompt) came back without an answer:
    its worker ran out of memory or died. The worker is replaced."""


class RunFailedError(RedraftError):
    """The run ended before any draft could be judged.

    ``result`` holds everything recorded up to the failure; ``continue_context``
    is the message history a caller can resubmit to resume; ``error_type``
    names the error that ended the run (``"ProviderAuthError"``, …).
    """

    def __init__(self, message: str, *, result: RunResult, error_type: str = "") -> None:
        super().__init__(message)
        self.result = result
        self.error_type = error_type

    @property
    def continue_context(self) -> list[dict[str, Any]]:
        return [m.model_dump(exclude_none=True) for m in self.result.continue_context]

    @property
    def needs_new_settings(self) -> bool:
        """Whether no retry can help: the error was a bad option, a refused
        key or a blocked real model, which the caller must change first."""
        return self.error_type in _SETTINGS_ERRORS


_SETTINGS_ERRORS = frozenset(
    {ConfigurationError.__name__, ProviderAuthError.__name__, RealModelCallBlockedError.__name__}
)


class QualityError(RedraftError):
    """Attempts ran out without a passing draft and the policy is ``raise``.

    Carries every draft and verdict (``result.drafts``) and the final score.
    """

    def __init__(self, message: str, *, result: RunResult) -> None:
        super().__init__(message)
        self.result = result

    @property
    def final_score(self) -> float:
        return self.result.score

    @property
    def attempts(self) -> int:
        return self.result.attempts
