"""``redraft ask``: one run of the loop from the command line.

Exit codes: 0 the final draft passed, 1 it did not (attempts, deadline or
budget ran out, or the provider failed), 2 usage or configuration errors.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import click
from rich.console import Console

from redraft.app._settings import Settings
from redraft.app._sinks import local_log_on
from redraft.cli._options import (
    EXIT_NOT_PASSED,
    EXIT_PASSED,
    evaluation_options,
    policy_of,
    policy_options,
    prepare,
    spec_of,
    warn_unverified,
)
from redraft.cli._stored import fail
from redraft.core._errors import (
    ConfigurationError,
    ProviderAuthError,
    QualityError,
    RealModelCallBlockedError,
    RunFailedError,
)
from redraft.core._events import RunEvent
from redraft.core._types import Policy, RunRequest, RunResult

__all__ = ["ask"]


@click.command()
@click.argument("prompt")
@evaluation_options
@click.option(
    "--format", "format_", metavar="TEXT", help="The response format the drafts must follow."
)
@policy_options
@click.option(
    "--log/--no-log",
    default=None,
    help="Record the run in the local log, which `redraft runs` lists "
    "[default: on; REDRAFT_LOG=off turns it off].",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print the run result as one JSON object on stdout."
)
def ask(
    prompt: str,
    format_: str | None,
    model: str | None,
    judge_model: str | None,
    log: bool | None,
    as_json: bool,
    **options: Any,
) -> None:
    """Answer PROMPT, judge the answer, and redraft it with feedback until it passes.

    PROMPT '-' reads the prompt from standard input.
    """
    if prompt == "-":
        prompt = sys.stdin.read()
    if not prompt.strip():
        raise click.BadParameter("the prompt is empty", param_hint="PROMPT")
    spec = spec_of(options)
    settings = prepare()
    policy = policy_of(options)
    request = RunRequest.from_prompt(prompt, format=format_, criteria=spec["criteria"])
    console = Console(stderr=as_json, highlight=False)
    err = Console(stderr=True, highlight=False)
    try:
        result = asyncio.run(
            _ask(
                request,
                policy,
                model,
                judge_model,
                spec,
                settings,
                console,
                quiet=as_json,
                log=local_log_on(settings, "cli") if log is None else log,
            )
        )
    except (ConfigurationError, ProviderAuthError, RealModelCallBlockedError) as exc:
        fail(str(exc))
    except QualityError as exc:
        result = exc.result
        if not as_json:
            err.print(f"[bold red]quality error:[/] {exc}")
    except RunFailedError as exc:
        if exc.needs_new_settings:
            fail(str(exc))
        # The run's view has said so already (and --json prints the result).
        result = exc.result
    if as_json:
        click.echo(result.model_dump_json())
    if result.passed is None:
        # An answer nothing could fully verify still comes back (exit 0), said so.
        warn_unverified(settings, _unverified(result))
    sys.exit(EXIT_NOT_PASSED if result.passed is False else EXIT_PASSED)


def _unverified(result: RunResult) -> str:
    if result.stop_reason == "skipped":
        return result.skipped_reason or "it was not evaluated"
    final = next((d for d in result.drafts if d.attempt == result.final_attempt), None)
    account = final.verdict.account if final and final.verdict else ""
    return account or "the judge was not sure"


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
    log: bool,
) -> RunResult:
    from redraft.cli._record import comparisons_of, recorded_redrafter
    from redraft.cli._view import RunView

    view = None if quiet else RunView(console)

    async with recorded_redrafter(
        settings,
        Console(stderr=True),
        model,
        judge_model=judge_model,
        policy=policy,
        spec=spec,
        log=log,
    ) as (redrafter, record, run_log):

        def on_event(event: RunEvent) -> None:
            run_log.add(event)
            if view is not None:
                view.handle(event)

        result = await redrafter.run(request, on_event=on_event)
        await record.add(comparisons_of(result.drafts), run_id=result.run_id)
        return result
