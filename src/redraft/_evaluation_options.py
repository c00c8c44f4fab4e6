"""The per-request options the HTTP service and the middleware share.

One ``extra_body={"redraft": {...}}`` works against both, so the options they
have in common are defined, and validated, once.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from redraft._errors import ConfigurationError
from redraft._limits import (
    MAX_CRITERIA_CHARS,
    check_json_schema_size,
    check_pattern_count,
)
from redraft._types import FeedbackStrategy, OnExhausted
from redraft.evaluators import JUDGE_PRESETS
from redraft.profiles import NO_JUDGE, validate_patterns
from redraft.providers import parse_model_spec

__all__ = ["EvaluationOptions"]


class EvaluationOptions(BaseModel):
    """Options left out (None) keep the caller's default; a list given, even
    an empty one, replaces the default list."""

    # NaN and infinities are never a meaningful threshold, deadline or budget.
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    threshold: float | None = Field(default=None, ge=0.0, le=1.0)
    max_attempts: int | None = Field(default=None, ge=1, le=10)
    criteria: str | None = Field(default=None, max_length=MAX_CRITERIA_CHARS)
    format: str | None = Field(default=None, max_length=MAX_CRITERIA_CHARS)
    must_match: list[str] | None = None
    must_not_match: list[str] | None = None
    max_words: int | None = Field(default=None, ge=1)
    json_schema: dict[str, Any] | None = None
    judge_model: str | None = None
    """A model spec, or ``"none"`` for checks only."""
    judge: str | None = None
    """The judge preset."""
    feedback: FeedbackStrategy | None = None
    on_exhausted: OnExhausted | None = None
    deadline_s: float | None = Field(default=None, gt=0)
    token_budget: int | None = Field(default=None, ge=1)
    compile_checks: bool | None = None
    """``False`` stops the request's stated requirements becoming checks."""

    @field_validator("must_match", "must_not_match")
    @classmethod
    def _patterns_compile(cls, value: list[str] | None, info: ValidationInfo) -> list[str] | None:
        # Counted before compiling: 20,000 patterns are refused unread.
        check_pattern_count(value, None)
        return None if value is None else validate_patterns(value, info.field_name or "pattern")

    @field_validator("json_schema", mode="before")
    @classmethod
    def _schema_within_limits(cls, value: object) -> object:
        # Before the type check, which would copy all of a 1.5 MB schema first.
        if isinstance(value, dict | list):
            check_json_schema_size(value)
        return value

    @model_validator(mode="after")
    def _patterns_within_limit(self) -> EvaluationOptions:
        check_pattern_count(self.must_match, self.must_not_match)
        return self

    @field_validator("judge")
    @classmethod
    def _judge_is_a_preset(cls, value: str | None) -> str | None:
        if value is not None and value not in JUDGE_PRESETS:
            raise ValueError(f"unknown judge preset {value!r}; choose one of {JUDGE_PRESETS}")
        return value

    @field_validator("judge_model")
    @classmethod
    def _judge_model_is_a_spec_or_none(cls, value: str | None) -> str | None:
        if value is None or value.strip().lower() == NO_JUDGE:
            return None if value is None else NO_JUDGE
        try:
            parse_model_spec(value)
        except ConfigurationError as exc:
            raise ValueError(str(exc)) from None
        return value.strip()
