"""The options every command that evaluates shares: ``redraft ask`` and
``redraft judge`` read what answers are evaluated against the same way, into
one :class:`~redraft.EvaluationSpec`."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from types import UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

import click
from click.core import ParameterSource
from pydantic import BaseModel

from redraft.config._settings import Settings, load_settings
from redraft.config._spec import EvaluationSpec, policy_with
from redraft.core._errors import ConfigurationError
from redraft.core._types import DEFAULT_DEADLINE_S, Policy
from redraft.evaluators import JUDGE_PRESETS
from redraft.evaluators._judges import DEFAULT_PRESET
from redraft.observability._logging import configure_logging
from redraft.observability._telemetry import configure_tracing

__all__ = [
    "EXIT_NOT_PASSED",
    "EXIT_PASSED",
    "EXIT_USAGE",
    "evaluation_options",
    "policy_of",
    "policy_options",
    "policy_over",
    "prepare",
    "read_text",
    "spec_of",
]

EXIT_PASSED, EXIT_NOT_PASSED, EXIT_USAGE = 0, 1, 2

F = TypeVar("F", bound=Callable[..., Any])

_DEFAULT_MODEL = Settings.model_fields["model"].default


def _flag(model: type[BaseModel], field: str, *names: str, **overrides: Any) -> Any:
    """The click option of ``model``'s ``field``: its type and range, default
    and help come from the field (``overrides`` win), so the command and the
    library cannot drift apart. Its flag is the field's name, dashed, unless
    ``names`` gives it; the option's parameter is the field's name."""
    info = model.model_fields[field]
    kind, inner = info.annotation, [a for a in get_args(info.annotation) if a is not type(None)]
    if inner and get_origin(kind) in (Union, UnionType):
        (kind,) = inner
    options: dict[str, Any] = {"help": info.description}
    if info.default is not None:
        options |= {"default": info.default, "show_default": True}
    flag = names or (f"--{field.replace('_', '-')}",)
    if kind is bool:
        if info.default is True and not names:
            flag = (f"{flag[0]}/--no-{flag[0][2:]}",)
        elif info.default is not True:
            options["is_flag"] = True
    elif get_origin(kind) is Literal:
        options["type"] = click.Choice(get_args(kind))
    elif get_origin(kind) is list:
        options["multiple"] = True
    elif kind in (int, float):
        options["type"] = _ranged(info.metadata, integer=kind is int)
    return click.option(*flag, field, **(options | overrides))


def _ranged(metadata: list[Any], *, integer: bool) -> click.IntRange | click.FloatRange:
    """A click range with the bounds of a field's constraints."""
    bounds: dict[str, Any] = {}
    for limit in metadata:
        for name, key, is_open in (("ge", "min", False), ("gt", "min", True)):
            if getattr(limit, name, None) is not None:
                bounds |= {key: getattr(limit, name), "min_open": is_open}
        for name, key, is_open in (("le", "max", False), ("lt", "max", True)):
            if getattr(limit, name, None) is not None:
                bounds |= {key: getattr(limit, name), "max_open": is_open}
    return click.IntRange(**bounds) if integer else click.FloatRange(**bounds)


_DEADLINE_HELP = (
    f"{Policy.model_fields['deadline_s'].description} "
    f"[default: {DEFAULT_DEADLINE_S:g}, or sized to the embedded model's speed here]"
)
_TEMPERATURE_HELP = f"{Policy.model_fields['temperature'].description} [default: the model's own]"

_OPTIONS = [
    _flag(EvaluationSpec, "criteria"),
    _flag(EvaluationSpec, "must_match", metavar="REGEX"),
    _flag(EvaluationSpec, "must_not_match", metavar="REGEX"),
    _flag(EvaluationSpec, "max_words"),
    click.option(
        "--json-schema",
        "json_schema_file",
        type=click.Path(dir_okay=False, path_type=Path),
        help="A JSON Schema file the answer must validate against.",
    ),
    _flag(Policy, "threshold"),
    click.option(
        "--model",
        metavar="SPEC",
        help="Generator: openai:<m>, anthropic:<m>, local, scripted. "
        f"[default: $REDRAFT_MODEL or {_DEFAULT_MODEL}]",
    ),
    click.option(
        "--judge-model",
        metavar="SPEC|none",
        help="Judge model spec, or 'none' for checks only. "
        "[default: $REDRAFT_JUDGE_MODEL or the generator]",
    ),
    click.option(
        "--preset",
        "--judge",
        "preset",
        type=click.Choice(JUDGE_PRESETS),
        help=f"Judge preset (--judge is its older name). [default: {DEFAULT_PRESET}]",
    ),
    _flag(Policy, "judge_timeout_s", "--judge-timeout"),
    click.option(
        "--no-compile",
        "no_compile",
        is_flag=True,
        help="Do not compile the prompt's stated requirements into checks.",
    ),
    click.option(
        "--check",
        "check_json",
        multiple=True,
        metavar="JSON",
        help="An explicit check, e.g. "
        '\'{"kind": "word_count", "relation": "at_most", "value": 50}\' '
        "(repeatable; see `redraft checks`).",
    ),
    _flag(EvaluationSpec, "compile_with_llm", "--compile-llm"),
]

_POLICY_OPTIONS = [
    _flag(Policy, "max_attempts"),
    _flag(Policy, "feedback"),
    _flag(Policy, "on_exhausted"),
    _flag(Policy, "on_uncertain"),
    _flag(Policy, "pairwise"),
    _flag(Policy, "repair"),
    # Left unset, the run sizes the deadline to the model: no default here.
    _flag(Policy, "deadline_s", "--deadline", default=None, help=_DEADLINE_HELP),
    _flag(Policy, "token_budget"),
    _flag(Policy, "cost_budget_usd", "--cost-budget", metavar="USD"),
    _flag(Policy, "max_tokens"),
    _flag(Policy, "temperature", help=_TEMPERATURE_HELP),
    _flag(Policy, "delivery"),
    _flag(Policy, "candidates"),
]


def evaluation_options(command: F) -> F:
    """Add the evaluation options (and ``--model``) to ``command``."""
    for option in reversed(_OPTIONS):
        command = option(command)
    return command


def policy_options(command: F) -> F:
    """Add the options of the policy a run keeps to (attempts, feedback,
    limits, delivery) to ``command``; :func:`policy_of` reads them."""
    for option in reversed(_POLICY_OPTIONS):
        command = option(command)
    return command


def policy_of(options: dict[str, Any]) -> Policy:
    """The :class:`~redraft.Policy` the policy options (and ``--threshold``,
    ``--judge-timeout``) give, taken out of ``options``: each option's
    parameter is the field it sets."""
    given = {name: options.pop(name) for name in list(options) if name in Policy.model_fields}
    if given["candidates"] > given["max_attempts"]:
        raise click.BadParameter(
            f"{given['candidates']} candidates need --max-attempts {given['candidates']} or more",
            param_hint="--candidates",
        )
    if given["deadline_s"] is None:
        # Set only when asked for: left unset, the run sizes it to the model.
        del given["deadline_s"]
    return Policy.model_validate(given)


def policy_over(base: Policy, given: Policy) -> Policy:
    """``base`` (a stored run's policy) with the fields whose options the
    command line set taken from ``given`` (:func:`policy_of`): an option left
    at its default keeps ``base``'s value. A combination that cannot work is
    a usage error."""
    context = click.get_current_context()
    chosen = {
        field: getattr(given, field)
        for field in Policy.model_fields
        if context.get_parameter_source(field) not in (None, ParameterSource.DEFAULT)
    }
    try:
        return policy_with(base, chosen)
    except ConfigurationError as exc:
        raise click.UsageError(str(exc)) from None


def spec_of(options: dict[str, Any]) -> dict[str, Any]:
    """The :class:`~redraft.EvaluationSpec` fields the options give, taken out
    of ``options`` (files read, ``--check`` JSON parsed: a bad one is a usage
    error naming it)."""
    named = [name for name in options if name in EvaluationSpec.model_fields]
    return {name: options.pop(name) for name in named if name != "judge_model"} | {
        "json_schema": _read_json_schema(options.pop("json_schema_file")),
        "checks": _read_checks(options.pop("check_json")),
        "compile_checks": not options.pop("no_compile"),
    }


def prepare() -> Settings:
    """Settings, logging and tracing as every evaluating command starts them."""
    try:
        settings = load_settings()
    except ConfigurationError as exc:
        raise click.UsageError(str(exc)) from None
    configure_logging(
        level=settings.log_level or _quiet_on_a_terminal(settings),
        format=settings.log_format,
        content=settings.log_content,
    )
    configure_tracing()
    return settings


def _quiet_on_a_terminal(settings: Settings) -> str:
    """The log level a command takes when none is set: on a terminal its own
    view says every call, error and verdict in words, so the run's records
    would only say it again, as log lines; a pipe or a log collector (JSON)
    gets them from ``warning`` up."""
    return "error" if settings.log_format == "auto" and sys.stderr.isatty() else "warning"


def warn_unverified(settings: Settings, detail: str) -> None:
    """Say on stderr that an answer came back unverified: as a log record when
    the logs were asked for as JSON (so stderr stays one JSON object per
    line), as a plain line otherwise."""
    message = f"the answer is unverified: {detail}"
    if settings.log_format == "json":
        logging.getLogger("redraft.cli").warning(message)
    else:
        click.echo(f"warning: {message}", err=True)


def _read_checks(items: tuple[str, ...]) -> list[Any]:
    """``--check`` values as check specs; a bad one is a usage error naming it."""
    from redraft.criteria import CHECK_SPEC_ADAPTER

    specs: list[Any] = []
    for item in items:
        try:
            specs.append(CHECK_SPEC_ADAPTER.validate_json(item))
        except ValueError as exc:
            first = str(exc).splitlines()
            reason = "; ".join(line.strip() for line in first[1:3]) or str(exc)
            raise click.BadParameter(
                f"{item!r} is not a valid check: {reason}", param_hint="--check"
            ) from None
    return specs


def read_text(path: Path, option: str) -> str:
    """The UTF-8 file ``option`` names; one it cannot read is a usage error."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise click.BadParameter(f"file not found: {path}", param_hint=option) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise click.BadParameter(f"cannot read {path}: {exc}", param_hint=option) from None


def _read_json_schema(path: Path | None) -> dict[str, Any] | None:
    if path is None:
        return None
    try:
        schema = json.loads(read_text(path, "--json-schema"))
    except json.JSONDecodeError as exc:
        raise click.BadParameter(
            f"{path} is not valid JSON: {exc}", param_hint="--json-schema"
        ) from None
    if not isinstance(schema, dict):
        raise click.BadParameter(f"{path} must hold a JSON object", param_hint="--json-schema")
    return schema
