"""The panel an evaluation spec describes: the compiled and explicit checks
first, then the judge, as one cheap-first :class:`~redraft.evaluators.Cascade`.
The CLI, the service, the middleware and :class:`~redraft.Redrafter` all build
their evaluator here.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from typing import Any, Unpack

from pydantic import ValidationError

from redraft.app._shipped_record import with_shipped
from redraft.config._spec import EvaluationSpec, SpecOptions, validation_problems
from redraft.core._errors import ConfigurationError
from redraft.core._evaluator import Evaluator
from redraft.core._provider import Provider
from redraft.core._text import plural
from redraft.core._types import RunRequest
from redraft.criteria import CompiledCheck, compile_checks_async, compiled_panel_member
from redraft.evaluators import (
    AddressesJudge,
    Cascade,
    MatchesJSONSchema,
    MaxWords,
    MustMatch,
    MustNotMatch,
    Reliabilities,
    make_judge,
)
from redraft.evaluators._compose import validated_evaluators
from redraft.evaluators._judges import DEFAULT_PRESET
from redraft.evaluators._offload import INLINE_CHARS, run_bounded

__all__ = [
    "BUILD_LIMIT_S",
    "NothingToEvaluateError",
    "build_panel",
    "build_panel_async",
    "panel_or_none",
]


class NothingToEvaluateError(ConfigurationError):
    """Neither a judge nor a check: a panel would pass anything."""


_PANEL_NAME_CHARS = 80
#: Seconds :func:`build_panel_async` may take. Building compiles the request's
#: stated requirements (~0.2 s for the longest prompt the compiler reads),
#: the patterns and the JSON schema; the limit is a backstop, not a budget.
BUILD_LIMIT_S = 10.0


def build_panel(
    judge: Provider | None,
    spec: EvaluationSpec | None = None,
    *,
    request: RunRequest | str | None = None,
    evaluators: Sequence[Evaluator] = (),
    reliability: Reliabilities | None = None,
    audit_rate: float = 0.0,
    compiled: Sequence[CompiledCheck] | None = None,
    **options: Unpack[SpecOptions],
) -> Evaluator:
    """The evaluator an :class:`EvaluationSpec` describes: a :class:`Cascade`
    of the checks, then the judge (``judge=None`` means checks only).

    Give the spec, or its fields as keyword arguments (``criteria=``,
    ``must_match=``, ``max_words=``, ``preset=`` …, validated into one).
    ``evaluators`` (or evaluators among ``checks``) are your own; they run
    after the built-in checks. Given the ``request``, the requirements it states ("at
    most 100 words", "no commas") become exact checks that run first, unless
    ``compile_checks=False``; ``compile_with_llm=True`` also asks the judge
    model for checks, once per run.

    ``reliability`` is the judges' record (``redraft judges``): a judge it
    flags as no better than chance passes nothing by itself. ``audit_rate``
    is the share of drafts on which the judge is also asked about a
    requirement the checks decided, to add to that record. ``compiled`` is
    the request's rule-compiled checks, when they were compiled already.

    Raises :class:`ConfigurationError` for a bad pattern or schema, criteria
    or a preset without a judge, and when there is nothing to evaluate.
    """
    raw_checks = options.pop("checks", None)
    own = [*evaluators, *(c for c in raw_checks or () if isinstance(c, Evaluator))]
    if raw_checks is not None:
        options["checks"] = [c for c in raw_checks if not isinstance(c, Evaluator)]
    if spec is not None and options:
        raise ConfigurationError("give build_panel a spec or its fields, not both")
    if spec is None:
        try:
            spec = EvaluationSpec.model_validate(options)
        except ValidationError as exc:
            raise ConfigurationError(validation_problems(exc)) from None
    return _build(judge, spec, request, own, with_shipped(reliability or {}), audit_rate, compiled)


def _build(
    judge: Provider | None,
    spec: EvaluationSpec,
    request: RunRequest | str | None,
    own: Sequence[Evaluator],
    reliability: Reliabilities,
    audit_rate: float,
    compiled_rules: Sequence[CompiledCheck] | None = None,
) -> Evaluator:
    if spec.compile_with_llm and judge is None:
        raise ConfigurationError("llm_compile asks the judge model for checks, but there is none")
    if isinstance(request, str):
        request = RunRequest.from_prompt(request)
    if request is not None and spec.criteria and not request.criteria:
        # The requirement account (and so the judge's checklist) is built from
        # the request; criteria given only in the spec would otherwise go unasked.
        request = request.model_copy(update={"criteria": spec.criteria})
    compiled = compiled_panel_member(
        request,
        spec.checks or (),
        compile_checks_=spec.compile_checks is not False,
        mode=spec.checks_mode or "extend",
        llm=judge if spec.compile_with_llm else None,
        compiled=compiled_rules,
    )
    members: list[Evaluator] = [compiled] if compiled is not None else []
    members += [
        MustMatch(p, option=f"must_match[{i}]") for i, p in enumerate(spec.must_match or ())
    ]
    members += [
        MustNotMatch(p, option=f"must_not_match[{i}]")
        for i, p in enumerate(spec.must_not_match or ())
    ]
    if spec.max_words is not None:
        members.append(MaxWords(spec.max_words))
    if spec.json_schema is not None:
        members.append(MatchesJSONSchema(spec.json_schema))
    if spec.check_injection:
        members.append(AddressesJudge())
    members += validated_evaluators(own, "build_panel checks") if own else []
    if judge is not None:
        checklist = compiled.unchecked if compiled is not None else []
        preset = spec.preset or DEFAULT_PRESET
        members.append(
            make_judge(
                judge,
                preset,
                criteria=spec.criteria,
                checklist=checklist,
                reliability=reliability.get((judge.spec, preset)),
                audit_rate=audit_rate,
            )
        )
    elif spec.preset is not None:
        raise ConfigurationError(
            f"judge preset {spec.preset!r} was given but there is no judge model to run it"
        )
    elif spec.criteria is not None:
        raise ConfigurationError(
            "criteria were given but there is no judge model to apply them; "
            "give a judge model or drop the criteria"
        )
    if not members:
        raise NothingToEvaluateError(
            "nothing to evaluate: give a judge model or at least one check"
        )
    name = " + ".join(member.name for member in members)
    if len(name) > _PANEL_NAME_CHARS:
        checks_count = len(members) - (judge is not None)
        name = plural(checks_count, "check")
        name += f" + {members[-1].name}" if judge is not None else ""
    return Cascade(*members, name=name)


async def panel_or_none(
    judge: Provider | None,
    spec: EvaluationSpec,
    *,
    request: RunRequest | str | None = None,
    evaluators: Sequence[Evaluator] = (),
    reliability: Reliabilities | None = None,
    audit_rate: float = 0.0,
) -> Evaluator | None:
    """:func:`build_panel_async`, or None when there is nothing to evaluate
    (no judge, no check, nothing compiled): the run then returns its draft
    unverified rather than refusing to answer."""
    try:
        return await build_panel_async(
            judge,
            spec,
            request=request,
            evaluators=evaluators,
            reliability=reliability,
            audit_rate=audit_rate,
        )
    except NothingToEvaluateError:
        return None


async def build_panel_async(
    judge: Provider | None,
    spec: EvaluationSpec | None = None,
    *,
    limit_s: float = BUILD_LIMIT_S,
    **options: Any,
) -> Evaluator:
    """:func:`build_panel` off the event loop, for async callers: compiling a
    long prompt's requirements and checking a large JSON schema are CPU work
    that must not hold it. The compiler reads a long prompt in a worker
    process (:func:`~redraft.criteria.compile_checks_async`), the rest is
    built on a thread. Takes :func:`build_panel`'s arguments; raises what it
    raises, and :class:`~redraft.WorkTimeoutError` when building takes longer
    than ``limit_s`` seconds."""
    started = time.monotonic()
    request = options.get("request")
    if isinstance(request, RunRequest) and options.get("compiled") is None:
        criteria = request.criteria or (spec.criteria if spec else options.get("criteria"))
        system = request.system
        long = isinstance(criteria, str | None) and (
            len(request.prompt) + len(criteria or "") + len(system) > INLINE_CHARS
        )
        if long:  # a short one compiles in a moment, with the rest of the panel
            options["compiled"] = await compile_checks_async(
                request.prompt, criteria, system=system, limit_s=limit_s
            )
    build = functools.partial(build_panel, judge, spec, **options)
    left = max(limit_s - (time.monotonic() - started), 0.001)
    return await run_bounded(build, limit_s=left, what="building the evaluators")
