"""Each setting declared once: a per-request overlay of some of
:class:`~redraft.Policy`'s fields, each optional, and its fields as a
function's keyword arguments, so a knob is one field, not one per way in."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Literal, Optional, TypedDict, TypeVar

from pydantic import BaseModel, create_model

from redraft.core._types import (
    Delivery,
    FeedbackStrategy,
    JudgeContext,
    OnExhausted,
    OnUncertain,
)

__all__ = ["PolicyOptions", "optional_fields"]

M = TypeVar("M", bound=BaseModel)


def optional_fields(
    source: type[BaseModel], names: Iterable[str], *, base: type[M], name: str
) -> type[M]:
    """A subclass of ``base`` with ``source``'s fields ``names``: their types,
    ranges, aliases and help, each optional (None: not given, so whatever it
    is laid over keeps its value)."""
    fields: dict[str, tuple[object, object]] = {}
    for field in names:
        info = copy.copy(source.model_fields[field])
        info.default, info.default_factory = None, None
        fields[field] = (Optional[info.annotation], info)  # noqa: UP045  # a runtime type
    made: type[M] = create_model(name, __base__=base, __module__=base.__module__, **fields)  # type: ignore[call-overload]
    return made


class PolicyOptions(TypedDict, total=False):
    """:class:`~redraft.Policy`'s fields as keyword arguments
    (``Redrafter(max_attempts=2)``); a test keeps the two equal."""

    threshold: float
    max_attempts: int
    on_exhausted: OnExhausted
    on_uncertain: OnUncertain
    feedback: FeedbackStrategy
    deadline_s: float | None
    token_budget: int | None
    cost_budget_usd: float | None
    max_tokens: int
    temperature: float | None
    delivery: Delivery
    candidates: int
    sample_rate: float
    skip_trivial: bool
    judge_timeout_s: float | None
    pairwise: bool
    repair: bool
    on_judge_error: Literal["keep", "redraft"]
    min_improvement: float | None
    escalate_after: int | None
    provider_retries: int
    retry_backoff_s: float
    max_tool_iterations: int
    judge_context: JudgeContext
