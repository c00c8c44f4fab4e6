"""The options every command that evaluates shares: ``redraft ask`` and
``redraft judge`` read what answers are evaluated against the same way, into
one :class:`~redraft.EvaluationSpec`."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from redraft.app._settings import Settings, load_settings
from redraft.core._errors import ConfigurationError
from redraft.core._feedback import FEEDBACK_STRATEGIES
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

_POLICY = Policy()
"""The library's defaults: the options' defaults are these, so the command
and the library cannot drift apart."""
_DEFAULT_MODEL = Settings.model_fields["model"].default

_OPTIONS = [
    click.option("--criteria", help="What a good answer must do; given to the judge."),
    click.option(
        "--must-match",
        multiple=True,
        metavar="REGEX",
        help="A pattern every answer must contain (repeatable).",
    ),
    click.option(
        "--must-not-match",
        multiple=True,
        metavar="REGEX",
        help="A pattern no answer may contain (repeatable).",
    ),
    click.option("--max-words", type=click.IntRange(min=1), help="Word limit for the answer."),
    click.option(
        "--json-schema",
        "json_schema_file",
        type=click.Path(dir_okay=False, path_type=Path),
        help="A JSON Schema file the answer must validate against.",
    ),
    click.option(
        "--threshold",
        type=click.FloatRange(0.0, 1.0),
        default=_POLICY.threshold,
        show_default=True,
        help="Score a verdict needs to pass (the score of what was verified).",
    ),
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
        "judge_preset",
        type=click.Choice(JUDGE_PRESETS),
        help=f"Judge preset (--judge is its older name). [default: {DEFAULT_PRESET}]",
    ),
    click.option(
        "--judge-timeout",
        type=click.FloatRange(min=0.001),
        help="Seconds one evaluation may take; past it the draft is kept, marked degraded.",
    ),
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
    click.option(
        "--compile-llm",
        is_flag=True,
        help="Also ask the judge model for checks (one call per run).",
    ),
]


_POLICY_OPTIONS = [
    click.option(
        "--max-attempts",
        type=click.IntRange(1, 10),
        default=_POLICY.max_attempts,
        show_default=True,
        help="Drafts at most.",
    ),
    click.option(
        "--feedback",
        type=click.Choice(FEEDBACK_STRATEGIES),
        default=_POLICY.feedback,
        show_default=True,
        help="How a failed verdict becomes the next draft's instructions.",
    ),
    click.option(
        "--on-exhausted",
        type=click.Choice(["best", "last", "raise"]),
        default=_POLICY.on_exhausted,
        show_default=True,
        help="What to return when no draft passed.",
    ),
    click.option(
        "--on-uncertain",
        type=click.Choice(["keep", "redraft"]),
        default=_POLICY.on_uncertain,
        show_default=True,
        help="Whether a draft nothing failed but not all was verified is kept or redrafted.",
    ),
    click.option(
        "--pairwise",
        is_flag=True,
        help="When no draft passes and two are equal on everything checked, "
        "ask the judge to choose between them (two more judge calls).",
    ),
    click.option(
        "--repair/--no-repair",
        default=_POLICY.repair,
        show_default=True,
        help="Let a failed check fix what needs no model (lowercase, no commas, quotes, "
        "an ending, a word limit at a sentence end) as the next attempt, at no token cost.",
    ),
    click.option(
        "--deadline",
        type=click.FloatRange(min=0.001),
        help="Wall-clock seconds for the whole run, judge calls included "
        f"[default: {DEFAULT_DEADLINE_S:g}, or sized to the embedded model's speed here].",
    ),
    click.option(
        "--token-budget",
        type=click.IntRange(min=1),
        help="Tokens for the whole run, judge calls included.",
    ),
    click.option(
        "--cost-budget",
        type=click.FloatRange(min=0, min_open=True),
        metavar="USD",
        help="US dollars for the whole run, judge calls included, from the models' prices.",
    ),
    click.option(
        "--max-tokens",
        type=click.IntRange(min=1),
        default=_POLICY.max_tokens,
        show_default=True,
        help="Output cap of one draft.",
    ),
    click.option(
        "--temperature",
        type=click.FloatRange(0.0, 2.0),
        help="Sampling temperature of the drafts; 0 makes the embedded model's drafts "
        "repeatable. [default: the model's own]",
    ),
    click.option(
        "--delivery",
        type=click.Choice(["blocking", "revise", "parallel", "shadow"]),
        default=_POLICY.delivery,
        show_default=True,
        help="blocking: judge each draft when done; revise: explain, then replace a failed draft; "
        "parallel: checks watch the draft as it streams and stop it early; "
        "shadow: one draft, judged, never changed.",
    ),
    click.option(
        "--candidates",
        type=click.IntRange(1, 8),
        default=_POLICY.candidates,
        show_default=True,
        help="Draft this many candidates at once first; the first to pass wins.",
    ),
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
    ``--judge-timeout``) give, taken out of ``options``."""
    candidates, max_attempts = options.pop("candidates"), options.pop("max_attempts")
    if candidates > max_attempts:
        raise click.BadParameter(
            f"{candidates} candidates need --max-attempts {candidates} or more",
            param_hint="--candidates",
        )
    policy = Policy(
        threshold=options.pop("threshold"),
        max_attempts=max_attempts,
        on_exhausted=options.pop("on_exhausted"),
        on_uncertain=options.pop("on_uncertain"),
        pairwise=options.pop("pairwise"),
        repair=options.pop("repair"),
        feedback=options.pop("feedback"),
        token_budget=options.pop("token_budget"),
        cost_budget_usd=options.pop("cost_budget"),
        max_tokens=options.pop("max_tokens"),
        temperature=options.pop("temperature"),
        delivery=options.pop("delivery"),
        candidates=candidates,
        judge_timeout_s=options.pop("judge_timeout"),
    )
    deadline = options.pop("deadline")
    if deadline is not None:
        # Set only when asked for: left unset, the run sizes it to the model.
        policy = policy.model_copy(update={"deadline_s": deadline})
    return policy


#: Each policy option's parameter name and the :class:`Policy` field it sets.
_POLICY_FIELDS = {
    "threshold": "threshold",
    "max_attempts": "max_attempts",
    "on_exhausted": "on_exhausted",
    "on_uncertain": "on_uncertain",
    "pairwise": "pairwise",
    "repair": "repair",
    "feedback": "feedback",
    "token_budget": "token_budget",
    "cost_budget": "cost_budget_usd",
    "max_tokens": "max_tokens",
    "delivery": "delivery",
    "candidates": "candidates",
    "judge_timeout": "judge_timeout_s",
    "deadline": "deadline_s",
}


def policy_over(base: Policy, given: Policy) -> Policy:
    """``base`` (a stored run's policy) with the fields whose options the
    command line set taken from ``given`` (:func:`policy_of`): an option left
    at its default keeps ``base``'s value. A combination that cannot work is
    a usage error."""
    from redraft.app._spec import policy_with

    context = click.get_current_context()
    chosen = {
        field: getattr(given, field)
        for name, field in _POLICY_FIELDS.items()
        if context.get_parameter_source(name) not in (None, ParameterSource.DEFAULT)
    }
    try:
        return policy_with(base, chosen)
    except ConfigurationError as exc:
        raise click.UsageError(str(exc)) from None


def spec_of(options: dict[str, Any]) -> dict[str, Any]:
    """The :class:`~redraft.EvaluationSpec` fields the options give, taken out
    of ``options`` (files read, ``--check`` JSON parsed: a bad one is a usage
    error naming it)."""
    return {
        "criteria": options.pop("criteria"),
        "must_match": options.pop("must_match"),
        "must_not_match": options.pop("must_not_match"),
        "max_words": options.pop("max_words"),
        "json_schema": _read_json_schema(options.pop("json_schema_file")),
        "preset": options.pop("judge_preset"),
        "checks": _read_checks(options.pop("check_json")),
        "compile_checks": not options.pop("no_compile"),
        "compile_with_llm": options.pop("compile_llm"),
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
    if settings.log_format == "auto" and sys.stderr.isatty():
        return "error"
    return "warning"


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
