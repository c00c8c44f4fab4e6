"""``redraft ask``: one run of the loop from the command line.

``--continue RUN_ID`` carries on a run of the local log that did not pass
(it failed, was interrupted or ran out of time): the new run is linked to it,
as the service's Continue links them (see :mod:`redraft.store._continuation`).

Exit codes: 0 the final draft passed, 1 it did not (attempts, deadline or
budget ran out, or the provider failed), 2 usage or configuration errors (an
unknown run to continue, or one that passed, among them).
"""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime
from typing import Any

import click
from rich.console import Console

from redraft.app._sinks import local_log_on
from redraft.cli._options import (
    EXIT_NOT_PASSED,
    EXIT_PASSED,
    evaluation_options,
    policy_of,
    policy_options,
    policy_over,
    prepare,
    spec_of,
    warn_unverified,
)
from redraft.cli._record import comparisons_of, recorded_redrafter
from redraft.cli._stored import fail, with_store
from redraft.cli._view import RunView
from redraft.core._errors import (
    ConfigurationError,
    ProviderAuthError,
    QualityError,
    RealModelCallBlockedError,
    RunFailedError,
)
from redraft.core._events import RunEvent
from redraft.core._types import RunRequest, RunResult
from redraft.store import NotContinuableError, Store, StoredRun, continuation_of
from redraft.store._run_log import TENANT

__all__ = ["ask"]


@click.command()
@click.argument("prompt", required=False)
@click.option(
    "--continue",
    "continues",
    metavar="RUN_ID",
    help="Carry on RUN_ID, a run of the local log that did not pass: from its messages so "
    "far, with its model, format, criteria and policy unless given here (instead of PROMPT).",
)
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
    prompt: str | None,
    continues: str | None,
    format_: str | None,
    model: str | None,
    judge_model: str | None,
    log: bool | None,
    as_json: bool,
    **options: Any,
) -> None:
    """Answer PROMPT, judge the answer, and redraft it with feedback until it passes.

    PROMPT '-' reads the prompt from standard input. --continue RUN_ID
    carries on a run that did not pass instead; the new run is linked to it.
    """
    if (prompt is None) == (continues is None):
        raise click.UsageError("give PROMPT, or --continue RUN_ID, but not both")
    spec = spec_of(options)
    settings = prepare()
    policy = policy_of(options)
    if continues is not None:
        earlier, request = _continued(continues)
        model = model or earlier.model
        policy = policy_over(earlier.policy, policy)
        spec["criteria"] = spec["criteria"] or request.criteria
        request = request.model_copy(
            update={"format": format_ or request.format, "criteria": spec["criteria"]}
        )
    else:
        request = RunRequest.from_prompt(_prompt(prompt), format=format_, criteria=spec["criteria"])
    view = None if as_json else RunView(Console(highlight=False))

    async def go() -> RunResult:
        async with recorded_redrafter(
            settings,
            Console(stderr=True),
            model,
            judge_model=judge_model,
            policy=policy,
            spec=spec,
            log=local_log_on(settings, "cli") if log is None else log,
        ) as (redrafter, record, run_log):

            def on_event(event: RunEvent) -> None:
                run_log.add(event)
                if view is not None:
                    view.handle(event)

            result = await redrafter.run(request, on_event=on_event)
            await record.add(comparisons_of(result.drafts), run_id=result.run_id)
            return result

    try:
        result = asyncio.run(go())
    except (ConfigurationError, ProviderAuthError, RealModelCallBlockedError) as exc:
        fail(str(exc))
    except QualityError as exc:
        result = exc.result
        if not as_json:
            Console(stderr=True, highlight=False).print(f"[bold red]quality error:[/] {exc}")
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


def _prompt(prompt: str | None) -> str:
    text = sys.stdin.read() if prompt == "-" else prompt or ""
    if not text.strip():
        raise click.BadParameter("the prompt is empty", param_hint="PROMPT")
    return text


def _continued(run_id: str) -> tuple[StoredRun, RunRequest]:
    """The run ``--continue`` names, from the local log, and the request that
    carries it on; exit 2 naming the problem when it is unknown, passed or
    still running."""

    async def read(store: Store) -> StoredRun | None:
        # A run whose process died is still "running" until its lease is
        # seen to have run out: close such runs first (as a server does).
        await store.close_abandoned_runs(
            owner="cli-continue", now=datetime.now(UTC), all_foreign=False
        )
        return await store.get_run(run_id, tenant=TENANT)

    run = with_store(read)
    if run is None:
        fail(
            f"--continue: there is no run {run_id!r} in the local log to continue; "
            "`redraft runs list` shows the recent ones"
        )
    try:
        return run, continuation_of(run)
    except NotContinuableError as exc:
        fail(f"--continue: {exc}")


def _unverified(result: RunResult) -> str:
    if result.stop_reason == "skipped":
        return result.skipped_reason or "it was not evaluated"
    final = next((d for d in result.drafts if d.attempt == result.final_attempt), None)
    account = final.verdict.account if final and final.verdict else ""
    return account or "the judge was not sure"
