"""The ``redraft`` request extension and how it becomes one run's configuration.

Clients put redraft's options under ``redraft`` in the body (the OpenAI SDK's
``extra_body``), named like the CLI flags. :func:`plan_run` merges them over
the profile's defaults (the request wins) into everything a run needs. Pure:
no web framework, no store.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import Field, ValidationError, field_validator

from redraft.config._profiles import NO_JUDGE, Profile, StreamMode, check_request_spec
from redraft.config._spec import EvaluationOptions, EvaluationSpec, policy_with
from redraft.core._errors import ConfigurationError
from redraft.core._fields import optional_fields
from redraft.core._types import (
    Message,
    Policy,
    RunRequest,
    TokenPrices,
    ToolSpec,
)
from redraft.providers._mcp import McpServer

__all__ = [
    "RUN_ID_PATTERN",
    "SERVICE_POLICY",
    "RedraftOptions",
    "RunPlan",
    "filter_for_initial_request",
    "options_from_raw",
    "plan_run",
]

RUN_ID_PATTERN = r"^run_[0-9a-f]{24}$"
"""A run id as the service makes them: ``run_`` and 24 hex digits."""


#: The policy settings the service takes besides the middleware's.
SERVICE_POLICY = (
    "delivery",
    "candidates",
    "sample_rate",
    "skip_trivial",
    "judge_timeout_s",
    "on_judge_error",
    "min_improvement",
    "judge_context",
    "max_tool_iterations",
)

if TYPE_CHECKING:
    _ServiceOptions = EvaluationOptions
else:
    _ServiceOptions = optional_fields(
        Policy, SERVICE_POLICY, base=EvaluationOptions, name="_ServiceOptions"
    )


class RedraftOptions(_ServiceOptions):
    """Per-request options; every one left out falls back to the profile.

    Names follow the CLI flags (``--max-attempts`` → ``max_attempts``).
    ``judge_model: "none"`` means checks only; ``continuation: true`` resends
    the messages exactly as given (the chat proxy's Continue path), and
    ``continues`` names the failed run it carries on from (a run of the same
    tenant: the route checks, see :mod:`redraft.server._runs`). A list given,
    even an empty one, replaces the profile's (``must_match: []`` clears it).
    The options the middleware takes too are in :class:`EvaluationOptions`;
    the policy's, there and here (:data:`SERVICE_POLICY`), are Policy's fields.
    """

    stream_mode: StreamMode | None = None
    continuation: bool = False
    continues: str | None = None
    """The id of the run this request carries on from; stored with the new run."""
    mcp_servers: list[str] | None = Field(default=None, max_length=32)
    """Which of the profile's MCP servers this run may use, by name (all of
    them when left out; ``[]`` none)."""

    @field_validator("continues")
    @classmethod
    def _a_run_id(cls, value: str | None) -> str | None:
        if value is not None and re.fullmatch(RUN_ID_PATTERN, value) is None:
            raise ValueError(
                f"must be the run_id of the run this request continues (run_ and 24 "
                f"hex digits), not {value[:40]!r}"
            )
        return value


def options_from_raw(raw: object) -> RedraftOptions | None:
    """Validate a raw ``redraft`` object; :class:`ConfigurationError` names
    every unknown option at once, or every invalid field."""
    return None if raw is None else RedraftOptions.parse(raw)


@dataclass(frozen=True)
class RunPlan:
    """Everything one run needs, decided before any provider is built.

    ``spec`` is the evaluation spec, the request's laid over the profile's
    (the judge provider itself is built from ``judge``, and ``request`` is
    the request whose stated requirements compile into checks).
    """

    profile: str
    generator: str
    judge: str | None
    policy: Policy
    request: RunRequest
    spec: EvaluationSpec = field(default_factory=EvaluationSpec)
    stream_mode: StreamMode = "final"
    continuation: bool = False
    escalation: str | None = None
    """The model spec later attempts escalate to (``policy.escalate_after``)."""
    prices: TokenPrices | None = None
    """The profile's own prices for its ``generator`` spec (wherever it is used)."""
    mcp_servers: tuple[McpServer, ...] = ()
    """The MCP servers whose tools the run offers the drafts."""

    def with_request_parameters(
        self, *, max_tokens: int | None = None, temperature: float | None = None
    ) -> RunPlan:
        """Apply the OpenAI request's own ``max_tokens`` and ``temperature``
        (they win over the profile); ``None`` keeps the profile's value."""
        asked = {"max_tokens": max_tokens, "temperature": temperature}
        update = {name: value for name, value in asked.items() if value is not None}
        if not update:
            return self
        # model_validate, not model_copy: the new values must meet Policy's ranges.
        return dataclasses.replace(self, policy=policy_with(self.policy, update))


def _pick(request_value: Any, profile_value: Any) -> Any:
    return profile_value if request_value is None else request_value


def plan_run(
    profile: Profile,
    options: RedraftOptions | None,
    messages: list[Message],
    *,
    allow_file_specs: bool = False,
    client_tools: list[ToolSpec] | None = None,
) -> RunPlan:
    """Merge ``options`` over ``profile`` (the request wins) into a :class:`RunPlan`.

    Raises :class:`ConfigurationError` for a combination that cannot run: a
    judge model that names a server file, checks-only with nothing to check,
    criteria or a preset without a judge, or no user message.
    """
    opts = options or RedraftOptions()
    asked = opts.spec()
    if asked.judge_model not in (None, NO_JUDGE) and not allow_file_specs:
        check_request_spec(asked.judge_model)
    spec = asked.over(profile)
    judge_spec = None if spec.judge_model == NO_JUDGE else spec.judge_model
    updates: dict[str, Any] = {}
    if judge_spec is None:
        # A profile's criteria and preset describe its judge; when the request
        # turns the judge off they no longer apply. Ones the request itself
        # gave still reach build_panel, which names the conflict.
        updates = {"criteria": asked.criteria, "preset": asked.preset, "compile_with_llm": False}
    spec = spec.model_copy(update=updates)

    # What neither sets stays unset: a deadline left out is sized to the models.
    escalate_after = profile.escalate_after if profile.escalate_to else None
    policy = policy_with(
        profile.policy(), {**opts.policy_given(), "escalate_after": escalate_after}
    )
    # Revising is seen only in a live stream: it is what the mode is for.
    stream_mode = _pick(
        opts.stream_mode, "live" if policy.delivery == "revise" else profile.stream_mode
    )
    sent = list(messages) if opts.continuation else filter_for_initial_request(messages)
    try:
        request = RunRequest(
            messages=sent,
            format=_pick(opts.format, profile.format),
            criteria=_pick(asked.criteria, profile.criteria),
            continues=opts.continues,
            profile=profile.name,
            tools=client_tools,
        )
    except ValidationError as exc:
        raise ConfigurationError(f"messages: {exc.errors()[0]['msg']}") from None
    return RunPlan(
        mcp_servers=_servers(profile, opts.mcp_servers),
        profile=profile.name,
        generator=profile.model,
        judge=judge_spec,
        policy=policy,
        request=request,
        spec=spec,
        stream_mode=stream_mode,
        continuation=opts.continuation,
        escalation=profile.escalate_to,
        prices=profile.prices,
    )


def _servers(profile: Profile, names: list[str] | None) -> tuple[McpServer, ...]:
    if names is None:
        return tuple(profile.mcp_servers)
    offered = {server.name: server for server in profile.mcp_servers}
    unknown = [name for name in names if name not in offered]
    if unknown:
        known = ", ".join(offered) or "none"
        raise ConfigurationError(
            f"mcp_servers: {', '.join(unknown)} is not an MCP server of profile "
            f"{profile.name!r} (its servers: {known})"
        )
    return tuple(offered[name] for name in dict.fromkeys(names))


def filter_for_initial_request(messages: list[Message]) -> list[Message]:
    """Drop earlier tool cycles from a fresh request (the chat proxy's
    ``filterToolMessagesForCurrentCycle``).

    A new question should not drag the tool plumbing of earlier questions
    along: it costs tokens and, for a small model, attention. So, before the
    last user turn only:

    - ``tool`` messages (earlier tool results) are dropped;
    - an assistant message with ``tool_calls`` keeps its text, minus the
      calls (a call without its result would be an invalid transcript), and
      is dropped when it has no text.

    Everything from the last user turn on — the current cycle — is kept as
    sent. A continuation (``redraft.continuation: true``) skips this filter
    and resends the full history, tool results included.
    """
    last_user = max((i for i, m in enumerate(messages) if m.role == "user"), default=-1)
    kept: list[Message] = []
    for index, message in enumerate(messages):
        if index >= last_user:
            kept.append(message)
        elif message.role == "tool":
            continue
        elif message.role == "assistant" and _has_tool_calls(message):
            if message.text.strip():
                kept.append(_without_tool_calls(message))
        else:
            kept.append(message)
    return kept


def _has_tool_calls(message: Message) -> bool:
    extra = message.model_extra or {}
    return bool(extra.get("tool_calls") or extra.get("function_call"))


def _without_tool_calls(message: Message) -> Message:
    return Message.model_validate(message.model_dump(exclude={"tool_calls", "function_call"}))
