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
from redraft.cli._options import (
    EXIT_NOT_PASSED,
    EXIT_PASSED,
    evaluation_options,
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
from redraft.core._feedback import FEEDBACK_STRATEGIES
from redraft.core._types import Policy, RunRequest, RunResult

__all__ = ["CONFIGURATION_FAILURES", "ask"]

# Failures that no retry can fix: the user must change options or settings.
CONFIGURATION_FAILURES = {
    ConfigurationError.__name__,
    ProviderAuthError.__name__,
    RealModelCallBlockedError.__name__,
}


@click.command()
@click.argument("prompt")
@evaluation_options
@click.option(
    "--format", "format_", metavar="TEXT", help="The response format the drafts must follow."
)
@click.option(
    "--max-attempts",
    type=click.IntRange(1, 10),
    default=3,
    show_default=True,
    help="Drafts at most.",
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
    "--on-uncertain",
    type=click.Choice(["keep", "redraft"]),
    default="keep",
    show_default=True,
    help="Whether a draft nothing failed but not all was verified is kept or redrafted.",
)
@click.option(
    "--pairwise",
    is_flag=True,
    help="When no draft passes and two are equal on everything checked, "
    "ask the judge to choose between them (two more judge calls).",
)
@click.option(
    "--repair/--no-repair",
    default=True,
    show_default=True,
    help="Let a failed check fix what needs no model (lowercase, no commas, quotes, "
    "an ending, a word limit at a sentence end) as the next attempt, at no token cost.",
)
@click.option(
    "--deadline",
    type=click.FloatRange(min=0.001),
    help="Wall-clock seconds for the whole run, judge calls included "
    "[default: 30, or sized to the embedded model's speed here].",
)
@click.option(
    "--token-budget",
    type=click.IntRange(min=1),
    help="Tokens for the whole run, judge calls included.",
)
@click.option(
    "--cost-budget",
    type=click.FloatRange(min=0, min_open=True),
    metavar="USD",
    help="US dollars for the whole run, judge calls included, from the models' prices.",
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
    threshold: float,
    max_attempts: int,
    model: str | None,
    judge_model: str | None,
    feedback: str,
    on_exhausted: str,
    on_uncertain: str,
    pairwise: bool,
    repair: bool,
    deadline: float | None,
    token_budget: int | None,
    cost_budget: float | None,
    max_tokens: int,
    delivery: str,
    candidates: int,
    judge_timeout: float | None,
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
    if candidates > max_attempts:
        raise click.BadParameter(
            f"{candidates} candidates need --max-attempts {candidates} or more",
            param_hint="--candidates",
        )
    policy = Policy(
        threshold=threshold,
        max_attempts=max_attempts,
        on_exhausted=on_exhausted,  # type: ignore[arg-type]
        on_uncertain=on_uncertain,  # type: ignore[arg-type]
        pairwise=pairwise,
        repair=repair,
        feedback=feedback,  # type: ignore[arg-type]
        token_budget=token_budget,
        cost_budget_usd=cost_budget,
        max_tokens=max_tokens,
        delivery=delivery,  # type: ignore[arg-type]
        candidates=candidates,
        judge_timeout_s=judge_timeout,
    )
    if deadline is not None:
        # Set only when asked for: left unset, the run sizes it to the model.
        policy = policy.model_copy(update={"deadline_s": deadline})
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
                log=settings.log if log is None else log,
            )
        )
    except (ConfigurationError, ProviderAuthError, RealModelCallBlockedError) as exc:
        fail(str(exc))
    except QualityError as exc:
        result = exc.result
        if not as_json:
            err.print(f"[bold red]quality error:[/] {exc}")
    except RunFailedError as exc:
        if exc.error_type in CONFIGURATION_FAILURES:
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
