"""The evaluation spec: what a draft is checked and judged against.

Declared and validated once, here, and used everywhere a run is configured:
the CLI's options, a profile's table, the service's and the middleware's
``redraft`` options, :class:`~redraft.Redrafter` and :func:`~redraft.build_panel`.
``preset`` is always the judge preset and ``judge_model`` always the model
that judges (``"none"``: checks only). ``judge`` is accepted for ``preset``:
it is what the HTTP options and the CLI called it first.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from redraft.core._errors import ConfigurationError, PatternError
from redraft.core._evaluator import Evaluator
from redraft.core._fields import optional_fields
from redraft.core._limits import (
    MAX_CHECKS,
    MAX_CRITERIA_CHARS,
    check_json_schema_size,
    check_pattern_count,
)
from redraft.core._types import Policy
from redraft.criteria import ChecksMode, CheckSpec
from redraft.evaluators import JUDGE_PRESETS
from redraft.evaluators._patterns import compile_pattern
from redraft.evaluators._schema_cost import validation_cost
from redraft.providers import parse_model_spec

__all__ = [
    "CALL_POLICY",
    "NO_JUDGE",
    "EvaluationOptions",
    "EvaluationSpec",
    "SpecOptions",
    "checked_model_spec",
    "policy_with",
    "validate_patterns",
    "validation_problems",
]

NO_JUDGE = "none"
"""The judge model value that means "checks only"."""

_ALIASES = {"judge": "preset", "llm_compile": "compile_with_llm"}


def validate_patterns(patterns: list[str], option: str = "pattern") -> list[str]:
    """Compile each pattern once (RE2: linear time), so a bad one is refused
    where it is configured; the error names the option and the construct."""
    for index, pattern in enumerate(patterns):
        try:
            compile_pattern(pattern, option=f"{option}[{index}]")
        except PatternError as exc:
            raise ValueError(str(exc)) from None
    return patterns


def checked_model_spec(value: str, *, allow_none: bool) -> str:
    """A model spec, stripped; ``"none"`` too when ``allow_none``."""
    spec = value.strip()
    if allow_none and spec.lower() == NO_JUDGE:
        return NO_JUDGE
    try:
        parse_model_spec(spec)
    except ConfigurationError as exc:
        raise ValueError(str(exc)) from None
    return spec


def validation_problems(exc: ValidationError, prefix: str = "") -> str:
    """Every problem of ``exc`` as ``field: message`` (``checks[0].value``),
    joined by ``; ``."""
    return "; ".join(f"{prefix}{_location(e['loc'])}: {e['msg']}" for e in exc.errors())


def _location(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def policy_with(base: Policy | None, updates: Mapping[str, Any], *, what: str = "") -> Policy:
    """``base`` (default: a fresh :class:`Policy`) with ``updates``, validated
    again: a value out of range raises :class:`ConfigurationError` naming the
    field, after ``what``."""
    if base is not None and not isinstance(base, Policy):
        raise ConfigurationError(f"policy must be a redraft Policy, got {type(base).__name__}")
    if not updates:
        return base or Policy()
    # Only the fields the base was given: one left unset (``deadline_s``)
    # stays unset, so the run can still size it.
    values = {**(base.model_dump(exclude_unset=True) if base is not None else {}), **updates}
    try:
        return Policy.model_validate(values)
    except ValidationError as exc:
        raise ConfigurationError(what + validation_problems(exc)) from None


class EvaluationSpec(BaseModel):
    """What a draft is evaluated against. Every field left out (None) keeps
    the default of whatever the spec is laid over (:meth:`over`); a list
    given, even an empty one, replaces the default list.

    Checks run first and cost nothing: ``must_match``/``must_not_match``
    (RE2 patterns), ``max_words``, ``json_schema``, explicit ``checks`` of
    the criteria vocabulary, and the checks compiled from the request's own
    stated requirements (``compile_checks``, on unless ``False``;
    ``checks_mode="replace"`` uses only ``checks``). Then the judge model
    (``judge_model``; ``"none"`` for checks only) applies the ``preset`` and
    the ``criteria``.
    """

    # NaN and infinities are never a meaningful threshold, deadline or budget.
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, populate_by_name=True)

    criteria: str | None = Field(
        default=None,
        max_length=MAX_CRITERIA_CHARS,
        description="What a good answer must do; given to the judge.",
    )
    """What a good answer must do; given to the judge and compiled into checks."""
    must_match: list[str] | None = Field(
        default=None, description="A pattern every answer must contain (repeatable)."
    )
    must_not_match: list[str] | None = Field(
        default=None, description="A pattern no answer may contain (repeatable)."
    )
    max_words: int | None = Field(default=None, ge=1, description="Word limit for the answer.")
    json_schema: dict[str, Any] | None = None
    checks: list[CheckSpec] | None = Field(default=None, max_length=MAX_CHECKS)
    """Explicit checks of the criteria vocabulary (``{"kind": "word_count", …}``)."""
    checks_mode: ChecksMode | None = None
    """``extend`` the compiled checks with ``checks``, or ``replace`` them."""
    compile_checks: bool | None = None
    """``False`` stops the request's stated requirements becoming checks."""
    compile_with_llm: bool | None = Field(
        default=None,
        validation_alias=AliasChoices("compile_with_llm", "llm_compile"),
        description="Also ask the judge model for checks (one call per run).",
    )
    check_injection: bool | None = None
    """Add the ``addresses-judge`` check: drafts that talk to the judge fail.
    Off by default although it flagged none of 2,855 ordinary answers: a clean
    result still counts 1.0 in the verdict's mean score, so on by default it
    would raise every judged score (docs/concepts.md)."""
    preset: str | None = Field(default=None, validation_alias=AliasChoices("preset", "judge"))
    """The judge preset; unset: ``checklist`` (one yes/no question per
    requirement no check verifies, the criteria among them)."""
    judge_model: str | None = None
    """A model spec, or ``"none"`` for checks only."""

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The accepted option names, aliases included."""
        return (*cls.model_fields, *_ALIASES)

    @classmethod
    def unknown_names(cls, raw: dict[str, Any]) -> list[str]:
        """The keys of ``raw`` that are not options of this spec, in order."""
        known = set(cls.field_names())
        return [str(key) for key in raw if key not in known]

    @classmethod
    def unknown_message(cls, unknown: list[str], *, where: str = "redraft") -> str:
        """One sentence naming every unknown option: with the option it most
        likely meant (``did you mean 'max_attempts'?``), and the known ones
        listed only when one of them is close to none."""
        known = list(cls.model_fields)
        meant = {name: difflib.get_close_matches(name, known, n=1) for name in unknown}
        listing = f"known options: {', '.join(known)}"
        if len(unknown) == 1:
            (name,) = unknown
            said = f"unknown {where} option {name!r}"
            return (
                f"{said}; did you mean {meant[name][0]!r}?"
                if meant[name]
                else f"{said} ({listing})"
            )
        named = [
            f"{name!r} (did you mean {meant[name][0]!r}?)" if meant[name] else repr(name)
            for name in unknown
        ]
        said = f"unknown {where} options: {', '.join(named)}"
        return said if all(meant.values()) else f"{said}; {listing}"

    @classmethod
    def parse(cls, raw: object, *, where: str = "redraft") -> Any:
        """Validate a raw object of options into this class.

        :class:`ConfigurationError` names every unknown option at once (and
        the known ones), or every invalid value, prefixed with ``where``.
        """
        if not isinstance(raw, dict):
            raise ConfigurationError(f"{where} must be a JSON object of options")
        unknown = cls.unknown_names(raw)
        if unknown:
            raise ConfigurationError(cls.unknown_message(unknown, where=where))
        try:
            return cls.model_validate(raw)
        except ValidationError as exc:
            raise ConfigurationError(validation_problems(exc, f"{where}.")) from None

    def given(self) -> dict[str, Any]:
        """The evaluation fields this spec sets (not None), by name."""
        return {
            name: getattr(self, name)
            for name in EvaluationSpec.model_fields
            if getattr(self, name) is not None
        }

    def over(self, base: EvaluationSpec) -> EvaluationSpec:
        """This spec laid over ``base``: what this one sets wins."""
        merged = {name: getattr(base, name) for name in EvaluationSpec.model_fields}
        return EvaluationSpec.model_construct(**{**merged, **self.given()})

    @property
    def checks_only(self) -> bool:
        """Whether the judge is turned off."""
        return self.judge_model == NO_JUDGE

    @property
    def states_checks(self) -> bool:
        """Whether any check is given outright (compiled ones are not known yet)."""
        return bool(
            self.must_match
            or self.must_not_match
            or self.max_words is not None
            or self.json_schema is not None
            or self.checks
            or self.check_injection
        )

    # -- validation, once for every way in -------------------------------------------

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
        if isinstance(value, dict):
            try:
                validation_cost(value)  # its $ref graph could make validation explode
            except ConfigurationError as exc:
                raise ValueError(str(exc)) from None
        return value

    @model_validator(mode="after")
    def _patterns_within_limit(self) -> EvaluationSpec:
        check_pattern_count(self.must_match, self.must_not_match)
        return self

    @field_validator("preset")
    @classmethod
    def _preset_is_known(cls, value: str | None) -> str | None:
        if value is not None and value not in JUDGE_PRESETS:
            raise ValueError(f"unknown judge preset {value!r}; choose one of {JUDGE_PRESETS}")
        return value

    @field_validator("judge_model")
    @classmethod
    def _judge_model_is_a_spec_or_none(cls, value: str | None) -> str | None:
        return None if value is None else checked_model_spec(value, allow_none=True)


#: The policy settings a request may change in the service's and the
#: middleware's ``redraft`` options, one ``extra_body`` for both.
CALL_POLICY = (
    "threshold",
    "max_attempts",
    "feedback",
    "on_exhausted",
    "on_uncertain",
    "pairwise",
    "repair",
    "deadline_s",
    "token_budget",
    "cost_budget_usd",
)

if TYPE_CHECKING:
    _CallOptions = EvaluationSpec
else:
    _CallOptions = optional_fields(Policy, CALL_POLICY, base=EvaluationSpec, name="_CallOptions")


class EvaluationOptions(_CallOptions):
    """The per-request options the HTTP service and the middleware share: the
    evaluation spec plus the policy settings a request may change
    (:data:`CALL_POLICY`, declared by :class:`~redraft.Policy`), so one
    ``extra_body={"redraft": {...}}`` works against both."""

    format: str | None = Field(default=None, max_length=MAX_CRITERIA_CHARS)

    def spec(self) -> EvaluationSpec:
        """Only the evaluation spec of these options."""
        return EvaluationSpec.model_construct(
            **{name: getattr(self, name) for name in EvaluationSpec.model_fields}
        )

    def policy_given(self) -> dict[str, Any]:
        """The policy settings these options give (not None), by name."""
        names = [name for name in type(self).model_fields if name in Policy.model_fields]
        return {name: getattr(self, name) for name in names if getattr(self, name) is not None}


class SpecOptions(TypedDict, total=False):
    """:class:`EvaluationSpec`'s fields as keyword arguments, but the judge
    model, which the functions taking them name on their own
    (``Redrafter(judge_model=…)``, ``build_panel(judge, …)``); a test keeps
    the two equal. ``llm_compile`` is ``compile_with_llm``'s older name."""

    criteria: str | None
    must_match: list[str] | None
    must_not_match: list[str] | None
    max_words: int | None
    json_schema: dict[str, Any] | None
    checks: Sequence[CheckSpec | Mapping[str, Any] | Evaluator] | None
    """Check specs, or their JSON objects; evaluators among them are your
    own, run after the built-in checks."""
    checks_mode: ChecksMode | None
    compile_checks: bool | None
    compile_with_llm: bool | None
    llm_compile: bool | None
    check_injection: bool | None
    preset: str | None
