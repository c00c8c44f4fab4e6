"""OpenAI Chat Completions on the wire: the request model and errors.

Kept apart from the endpoint so the exact shapes can be tested against the
official ``openai`` SDK's own types without a server. The response builders
live in :mod:`redraft.wire._openai`, shared with the middleware.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import PydanticCustomError

from redraft.config._profiles import UnknownModelError
from redraft.core._errors import (
    BudgetExhaustedError,
    ConfigurationError,
    CostBudgetExhaustedError,
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRateLimitError,
    ProviderResponseError,
    ProviderTimeoutError,
    QualityError,
    RealModelCallBlockedError,
    RedraftError,
    RunFailedError,
    ToolLoopLimitError,
)
from redraft.core._events import RunFailed
from redraft.core._types import Message, ToolSpec
from redraft.server._options import RedraftOptions
from redraft.store import StoredRun
from redraft.wire._openai import tool_specs_of

__all__ = [
    "MAX_CONTENT_CHARS",
    "MAX_MESSAGES",
    "MAX_MODEL_CHARS",
    "ChatCompletionRequest",
    "error_status_for",
    "error_status_for_name",
    "run_detail",
]

MAX_MESSAGES = 256
MAX_CONTENT_CHARS = 200_000
"""Text characters one message may carry."""
MAX_MODEL_CHARS = 256

# OpenAI's newer "developer" role is the system role under another name.
_ROLE_ALIASES = {"developer": "system"}


class ChatCompletionRequest(BaseModel):
    """A ``POST /v1/chat/completions`` body.

    Fields redraft does not use are accepted (the SDK sends many) and kept as
    extras; ``redraft`` is validated strictly. ``n`` other than 1 is refused.
    """

    model_config = ConfigDict(
        extra="allow",
        json_schema_extra={
            "examples": [
                {
                    "model": "local",
                    "messages": [{"role": "user", "content": "What is the capital of France?"}],
                    "redraft": {"must_match": ["Paris"], "max_attempts": 2},
                }
            ]
        },
    )

    model: str = Field(min_length=1, max_length=MAX_MODEL_CHARS)
    messages: list[Message]
    stream: bool = False
    stream_options: dict[str, Any] | None = None
    temperature: float | None = Field(default=None, ge=0.0, le=2.0)
    top_p: float | None = Field(default=None, ge=0.0, le=1.0)
    max_tokens: int | None = Field(default=None, ge=1)
    max_completion_tokens: int | None = Field(default=None, ge=1)
    n: int | None = None
    response_format: dict[str, Any] | None = None
    tools: list[dict[str, Any]] | None = Field(default=None, max_length=128)
    """The client's own function tools: offered to the drafts; a draft that
    calls one is answered with its ``tool_calls``, unjudged (see
    :meth:`client_tools`)."""
    user: str | None = None
    metadata: dict[str, Any] | None = None
    seed: int | None = None
    stop: str | list[str] | None = None
    redraft: RedraftOptions | None = None

    @field_validator("messages", mode="before")
    @classmethod
    def _messages_within_limits(cls, value: Any) -> Any:
        if not isinstance(value, list):
            return value  # pydantic reports the type error
        if not value:
            raise ValueError("messages must not be empty")
        if len(value) > MAX_MESSAGES:
            raise ValueError(f"{len(value)} messages is more than the limit of {MAX_MESSAGES}")
        normalised = []
        for index, item in enumerate(value):
            if isinstance(item, dict):
                role = item.get("role")
                if isinstance(role, str) and role in _ROLE_ALIASES:
                    item = {**item, "role": _ROLE_ALIASES[role]}
                chars = _text_chars(item.get("content"))
                if chars > MAX_CONTENT_CHARS:
                    raise ValueError(
                        f"messages[{index}].content has {chars} characters, "
                        f"more than the limit of {MAX_CONTENT_CHARS}"
                    )
            normalised.append(item)
        return normalised

    @field_validator("messages")
    @classmethod
    def _needs_a_user_turn(cls, value: list[Message]) -> list[Message]:
        if not any(m.role == "user" for m in value):
            raise ValueError("messages must contain at least one user message")
        return value

    @field_validator("n")
    @classmethod
    def _only_one_choice(cls, value: int | None) -> int | None:
        if value is not None and value != 1:
            raise ValueError(f"only n=1 is supported (got {value}): a run returns one answer")
        return value

    @field_validator("redraft", mode="before")
    @classmethod
    def _no_unknown_options(cls, value: Any) -> Any:
        # Checked before field validation so one message names every unknown
        # option, instead of one "extra inputs" error per name.
        if isinstance(value, dict):
            unknown = RedraftOptions.unknown_names(value)
            if unknown:
                # A custom error, not a ValueError: its message reads as it is,
                # without pydantic's "Value error, " before it.
                message = RedraftOptions.unknown_message(unknown)
                raise PydanticCustomError("unknown_option", message)
        return value

    def redraft_options(self) -> RedraftOptions | None:
        return self.redraft

    def redraft_messages(self) -> list[Message]:
        return list(self.messages)

    def client_tools(self) -> list[ToolSpec] | None:
        """``tools`` as tool specs; raises ``ValueError`` naming the first one
        that is not an OpenAI function tool."""
        return tool_specs_of(self.tools) if self.tools else None


def _text_chars(content: object) -> int:
    if isinstance(content, str):
        return len(content)
    if isinstance(content, list):
        return sum(
            len(part["text"])
            for part in content
            if isinstance(part, dict) and isinstance(part.get("text"), str)
        )
    return 0


# -- errors ---------------------------------------------------------------------------


ErrorStatus = tuple[int, str, str | None, bool]
"""(HTTP status, OpenAI error type, error code, whether the client may retry)."""

_INVALID = "invalid_request_error"


def _status_for_class(
    cls: type[BaseException], *, retryable: bool | None, limit: str | None
) -> ErrorStatus:
    # Order matters: subclasses before their bases.
    if issubclass(cls, UnknownModelError):
        return 404, _INVALID, "model_not_found", False
    if issubclass(cls, ConfigurationError | ValidationError | ValueError):
        return 400, _INVALID, None, False
    if issubclass(cls, RealModelCallBlockedError):
        return 400, _INVALID, "real_model_calls_blocked", False
    if issubclass(cls, QualityError):
        return 422, _INVALID, "quality_not_met", False
    if issubclass(cls, CostBudgetExhaustedError):
        return 422, _INVALID, "cost_budget_exhausted", False
    if issubclass(cls, ToolLoopLimitError):
        # Not retried as it is: resubmitting continue_context carries on.
        return 422, _INVALID, "max_iterations", False
    if issubclass(cls, BudgetExhaustedError):
        if limit == "tokens":
            return 422, _INVALID, "token_budget_exhausted", False
        # Retrying a run that ran out of time under the same deadline would
        # only spend the same tokens again.
        return 504, "api_error", "deadline_exceeded", False
    # Upstream auth is the server's key, not the client's: 502, never 401,
    # or the SDK would tell the user their own key is wrong.
    if issubclass(cls, ProviderAuthError):
        return 502, "api_error", "upstream_auth_error", False
    if issubclass(cls, ProviderRateLimitError):
        return 429, "rate_limit_error", "upstream_rate_limited", True
    if issubclass(cls, ProviderTimeoutError):
        return 504, "api_error", "upstream_timeout", True
    if issubclass(cls, ProviderConnectionError):
        return 502, "api_error", "upstream_unreachable", True
    if issubclass(cls, ProviderError):
        return 502, "api_error", "upstream_error", bool(retryable)
    return 500, "server_error", None, True


def error_status_for(exc: BaseException) -> ErrorStatus:
    """How an exception answers on the wire: status, type, code, should_retry.

    A :class:`RunFailedError` answers as the error that ended its run.
    """
    if isinstance(exc, RunFailedError):
        return error_status_for_name(exc.error_type, stop_reason=exc.result.stop_reason)
    return _status_for_class(
        type(exc),
        retryable=getattr(exc, "retryable", None),
        limit=getattr(exc, "limit", None),
    )


_ERRORS_BY_NAME: dict[str, type[BaseException]] = {
    cls.__name__: cls
    for cls in (
        UnknownModelError,
        ConfigurationError,
        RealModelCallBlockedError,
        QualityError,
        CostBudgetExhaustedError,
        BudgetExhaustedError,
        ToolLoopLimitError,
        ProviderAuthError,
        ProviderRateLimitError,
        ProviderTimeoutError,
        ProviderConnectionError,
        ProviderResponseError,
        ProviderError,
        RunFailedError,
        RedraftError,
    )
}


def error_status_for_name(error_type: str, *, stop_reason: str | None = None) -> ErrorStatus:
    """:func:`error_status_for` for a stored ``error_type`` name (a
    ``RunFailed`` event's), without building the exception. ``stop_reason``
    tells a deadline from a token budget. A provider error known only by
    name is not retried: whether it was transient is lost with the instance.
    """
    cls = _ERRORS_BY_NAME.get(error_type)
    if cls is None:
        return 502, "api_error", "run_failed", False
    limit = "tokens" if stop_reason == "budget" else "deadline"
    return _status_for_class(cls, retryable=False, limit=limit)


def run_detail(run: StoredRun) -> dict[str, Any]:
    """``GET /v1/runs/{id}``'s body (and ``redraft runs show --json``'s): the
    stored run, and for a failed one the ``error_code`` its request failed
    with, which the web UI words for people."""
    data: dict[str, Any] = run.model_dump(mode="json")
    failure = next((e for e in run.events if isinstance(e, RunFailed)), None)
    data["error_code"] = (
        None
        if failure is None
        else error_status_for_name(failure.error_type, stop_reason=run.stop_reason)[2]
    )
    return data
