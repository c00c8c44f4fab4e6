"""``redraft ask``: one run of the loop from the command line.

Exit codes: 0 the final draft passed, 1 it did not (attempts, deadline or
budget ran out, or the provider failed), 2 usage or configuration errors.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from redraft.app._redrafter import Redrafter
from redraft.app._settings import Settings, load_settings
from redraft.core._errors import (
    ConfigurationError,
    ProviderAuthError,
    QualityError,
    RealModelCallBlockedError,
    RunFailedError,
)
from redraft.core._events import RunEvent
from redraft.core._feedback import FEEDBACK_STRATEGIES
from redraft.core._types import Policy, RunRequest, RunResult
from redraft.evaluators import JUDGE_PRESETS
from redraft.observability._logging import configure_logging
from redraft.observability._telemetry import configure_tracing

__all__ = ["ask"]

EXIT_PASSED, EXIT_NOT_PASSED, EXIT_USAGE = 0, 1, 2
# Failures that no retry can fix: the user must change options or settings.
_CONFIGURATION_FAILURES = {
    ConfigurationError.__name__,
    ProviderAuthError.__name__,
    RealModelCallBlockedError.__name__,
}


@click.command()
@click.argument("prompt")
@click.option("--criteria", help="What a good answer must do; given to the judge.")
@click.option(
    "--format", "format_", metavar="TEXT", help="The response format the drafts must follow."
)
@click.option(
    "--must-match",
    multiple=True,
    metavar="REGEX",
    help="A pattern every answer must contain (repeatable).",
)
@click.option(
    "--must-not-match",
    multiple=True,
    metavar="REGEX",
    help="A pattern no answer may contain (repeatable).",
)
@click.option("--max-words", type=click.IntRange(min=1), help="Word limit for the answer.")
@click.option(
    "--json-schema",
    "json_schema_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A JSON Schema file the answer must validate against.",
)
@click.option(
    "--threshold",
    type=click.FloatRange(0.0, 1.0),
    default=0.8,
    show_default=True,
    help="Score a verdict needs to pass.",
)
@click.option(
    "--max-attempts",
    type=click.IntRange(1, 10),
    default=3,
    show_default=True,
    help="Drafts at most.",
)
@click.option(
    "--model",
    metavar="SPEC",
    help="Generator: openai:<m>, anthropic:<m>, local, scripted. "
    "[default: $REDRAFT_MODEL or local]",
)
@click.option(
    "--judge-model",
    metavar="SPEC|none",
    help="Judge model spec, or 'none' for checks only. "
    "[default: $REDRAFT_JUDGE_MODEL or the generator]",
)
@click.option(
    "--preset",
    "--judge",
    "judge_preset",
    type=click.Choice(JUDGE_PRESETS),
    help="Judge preset (--judge is its older name). "
    "[default: criteria with --criteria, else quality]",
)
@click.option(
    "--feedback",
    type=click.Choice(FEEDBACK_STRATEGIES),
    default="critique",
    show_default=True,
    help="How a failed verdict becomes the next draft's instructions.",
)
@click.option(
    "--on-exhausted",
    type=click.Choice(["best", "last", "raise"]),
    default="best",
    show_default=True,
    help="What to return when no draft passed.",
)
@click.option(
    "--deadline",
    type=click.FloatRange(min=0.001),
    default=30.0,
    show_default=True,
    help="Wall-clock seconds for the whole run, judge calls included.",
)
@click.option(
    "--token-budget",
    type=click.IntRange(min=1),
    help="Tokens for the whole run, judge calls included.",
)
@click.option(
    "--max-tokens",
    type=click.IntRange(min=1),
    default=512,
    show_default=True,
    help="Output cap of one draft.",
)
@click.option(
    "--delivery",
    type=click.Choice(["blocking", "revise", "parallel", "shadow"]),
    default="blocking",
    show_default=True,
    help="blocking: judge each draft when done; revise: explain, then replace a failed draft; "
    "parallel: checks watch the draft as it streams and stop it early; "
    "shadow: one draft, judged, never changed.",
)
@click.option(
    "--candidates",
    type=click.IntRange(1, 8),
    default=1,
    show_default=True,
    help="Draft this many candidates at once first; the first to pass wins.",
)
@click.option(
    "--judge-timeout",
    type=click.FloatRange(min=0.001),
    help="Seconds one evaluation may take; past it the draft is kept, marked degraded.",
)
@click.option(
    "--no-compile",
    "no_compile",
    is_flag=True,
    help="Do not compile the prompt's stated requirements into checks.",
)
@click.option(
    "--check",
    "check_json",
    multiple=True,
    metavar="JSON",
    help='An explicit check, e.g. \'{"kind": "word_count", "relation": "at_most", "value": 50}\' '
    "(repeatable; see `redraft checks`).",
)
@click.option(
    "--compile-llm",
    is_flag=True,
    help="Also ask the judge model for checks (one call per run).",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print the run result as one JSON object on stdout."
)
def ask(
    prompt: str,
    criteria: str | None,
    format_: str | None,
    must_match: tuple[str, ...],
    must_not_match: tuple[str, ...],
    max_words: int | None,
    json_schema_file: Path | None,
    threshold: float,
    max_attempts: int,
    model: str | None,
    judge_model: str | None,
    judge_preset: str | None,
    feedback: str,
    on_exhausted: str,
    deadline: float,
    token_budget: int | None,
    max_tokens: int,
    delivery: str,
    candidates: int,
    judge_timeout: float | None,
    no_compile: bool,
    check_json: tuple[str, ...],
    compile_llm: bool,
    as_json: bool,
) -> None:
    """Answer PROMPT, judge the answer, and redraft it with feedback until it passes.

    PROMPT '-' reads the prompt from standard input.
    """
    if prompt == "-":
        prompt = sys.stdin.read()
    if not prompt.strip():
        raise click.BadParameter("the prompt is empty", param_hint="PROMPT")
    json_schema = _read_json_schema(json_schema_file)
    try:
        settings = load_settings()
    except ConfigurationError as exc:
        raise click.UsageError(str(exc)) from None
    configure_logging(
        level=settings.log_level or "warning",
        format=settings.log_format,
        content=settings.log_content,
    )
    configure_tracing()
    if candidates > max_attempts:
        raise click.BadParameter(
            f"{candidates} candidates need --max-attempts {candidates} or more",
            param_hint="--candidates",
        )
    policy = Policy(
        threshold=threshold,
        max_attempts=max_attempts,
        on_exhausted=on_exhausted,  # type: ignore[arg-type]
        feedback=feedback,  # type: ignore[arg-type]
        deadline_s=deadline,
        token_budget=token_budget,
        max_tokens=max_tokens,
        delivery=delivery,  # type: ignore[arg-type]
        candidates=candidates,
        judge_timeout_s=judge_timeout,
    )
    request = RunRequest.from_prompt(prompt, format=format_, criteria=criteria)
    spec: dict[str, Any] = {
        "preset": judge_preset,
        "criteria": criteria,
        "must_match": must_match,
        "must_not_match": must_not_match,
        "max_words": max_words,
        "json_schema": json_schema,
        "checks": _read_checks(check_json),
        "compile_checks": not no_compile,
        "compile_with_llm": compile_llm,
    }
    console = Console(stderr=as_json, highlight=False)
    err = Console(stderr=True, highlight=False)
    try:
        result = asyncio.run(
            _ask(request, policy, model, judge_model, spec, settings, console, quiet=as_json)
        )
    except (ConfigurationError, ProviderAuthError, RealModelCallBlockedError) as exc:
        err.print(f"[bold red]error:[/] {exc}")
        sys.exit(EXIT_USAGE)
    except QualityError as exc:
        result = exc.result
        if not as_json:
            err.print(f"[bold red]quality error:[/] {exc}")
    except RunFailedError as exc:
        if exc.error_type in _CONFIGURATION_FAILURES:
            err.print(f"[bold red]error:[/] {exc}")
            sys.exit(EXIT_USAGE)
        result = exc.result
        if not as_json:
            err.print(f"[bold red]run failed:[/] {exc}")
    if as_json:
        click.echo(result.model_dump_json())
    sys.exit(EXIT_PASSED if result.passed else EXIT_NOT_PASSED)


async def _ask(
    request: RunRequest,
    policy: Policy,
    model: str | None,
    judge_model: str | None,
    spec: dict[str, Any],
    settings: Settings,
    console: Console,
    *,
    quiet: bool,
) -> RunResult:
    from redraft.cli._view import RunView

    view = None if quiet else RunView(console)

    def on_event(event: RunEvent) -> None:
        if view is not None:
            view.handle(event)

    async with Redrafter(
        model, judge_model=judge_model, policy=policy, settings=settings, **spec
    ) as redrafter:
        return await redrafter.run(request, on_event=on_event)


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


def _read_json_schema(path: Path | None) -> dict[str, Any] | None:
    if path is None:
        return None
    try:
        schema = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise click.BadParameter(f"file not found: {path}", param_hint="--json-schema") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise click.BadParameter(f"cannot read {path}: {exc}", param_hint="--json-schema") from None
    except json.JSONDecodeError as exc:
        raise click.BadParameter(
            f"{path} is not valid JSON: {exc}", param_hint="--json-schema"
        ) from None
    if not isinstance(schema, dict):
        raise click.BadParameter(f"{path} must hold a JSON object", param_hint="--json-schema")
    return schema
