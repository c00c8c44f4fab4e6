"""``redraft eval DATASET``: every row of a dataset through the loop, and reports.

Each row's run goes to the local log as ``redraft ask``'s do, and each
finished row's outcome to the eval's record in the same store, so an eval
stopped by Ctrl-C resumes where it stopped (``--resume EVAL_ID``), redoing
only the rows that had not finished.

Exit codes: 0 the eval ran (and met ``--min-pass-rate``), 1 the loop's pass
rate is below ``--min-pass-rate``, 2 usage or configuration errors, 130
interrupted (resumable).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource
from rich.console import Console

from redraft.app._sinks import local_log_on, recorded_elsewhere
from redraft.cli._eval_view import EvalView, print_summary
from redraft.cli._options import (
    EXIT_NOT_PASSED,
    EXIT_PASSED,
    evaluation_options,
    policy_of,
    policy_options,
    prepare,
    spec_of,
)
from redraft.cli._record import local_store, warn
from redraft.cli._stored import fail
from redraft.config._settings import Settings
from redraft.config._spec import NO_JUDGE
from redraft.core._errors import ConfigurationError, RunFailedError
from redraft.evals import (
    DatasetError,
    Eval,
    EvalConfig,
    EvalOutcome,
    EvalStatus,
    html_report,
    markdown_report,
    read_dataset,
    redrafter_for,
    run_outcomes,
    summarise,
)
from redraft.providers import ProviderRegistry
from redraft.store import Store
from redraft.store._evals import new_eval_id
from redraft.store._run_log import TENANT, RunLog

__all__ = ["eval_command"]

EXIT_INTERRUPTED = 130

# What an eval runs with is fixed when it starts: a resumed one runs the
# rest of its rows exactly as the first ones. Only these may change.
_FREE_ON_RESUME = frozenset({"dataset", "resume_id", "out", "concurrency", "min_pass_rate", "log"})

_GIVEN = (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


@dataclass
class _State:
    """How far the eval got, for the Ctrl-C handler (which runs after its loop ended)."""

    evaluation: Eval | None = None
    kept: bool = False
    """Whether the store holds the eval, so that it can be resumed."""


@click.command("eval")
@click.argument("dataset", required=False, type=click.Path(dir_okay=False, path_type=Path))
@evaluation_options
@policy_options
@click.option(
    "--compare",
    is_flag=True,
    help="Also run every row as one judged draft, never redrafted (the baseline), "
    "and report the rows the loop gained and lost, with a paired test.",
)
@click.option(
    "-j",
    "--concurrency",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Rows run at once.",
)
@click.option("--limit", type=click.IntRange(min=1), help="Run only the dataset's first N rows.")
@click.option("--name", help="The eval's name in listings [default: the dataset's file name].")
@click.option(
    "--resume",
    "resume_id",
    metavar="EVAL_ID",
    help="Carry on an interrupted eval: its rows and options, without redoing finished rows.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where report.md, report.html and results.jsonl go [default: ./redraft-evals/EVAL_ID].",
)
@click.option(
    "--min-pass-rate",
    type=click.FloatRange(0.0, 1.0),
    help="Exit 1 when the loop passes fewer than this share of the rows (for CI).",
)
@click.option(
    "--log/--no-log",
    default=None,
    help="Keep the eval and its runs in the local log, so that it can be resumed and the "
    "web UI shows it [default: on; REDRAFT_LOG=off turns it off].",
)
def eval_command(
    dataset: Path | None,
    compare: bool,
    concurrency: int,
    limit: int | None,
    name: str | None,
    resume_id: str | None,
    out: Path | None,
    min_pass_rate: float | None,
    log: bool | None,
    **options: Any,
) -> None:
    """Run every row of DATASET (JSONL, CSV or a JSON array) through the loop and report.

    A row is a prompt (or a messages list) and, optionally, what its answer
    must do: criteria, format, must_match, must_not_match, max_words,
    json_schema, checks, and a reference answer. The options below apply to
    every row; a row's own requirements are added to them.
    """
    settings = prepare()
    ctx = click.get_current_context()
    log = local_log_on(settings, "cli") if log is None else log
    if resume_id is None:
        if dataset is None:
            raise click.UsageError("give a DATASET, or --resume EVAL_ID")
        try:
            rows = read_dataset(dataset)[:limit]
        except DatasetError as exc:
            raise click.BadParameter(str(exc), param_hint="DATASET") from None
        spec = {key: value for key, value in spec_of(options).items() if value is not None}
        model = options.pop("model") or settings.model
        judge = options.pop("judge_model") or settings.judge_model or model
        config = EvalConfig(
            model=model,
            judge_model=judge,
            policy=policy_of(options),
            spec=spec,
            compare=compare,
        )
        now = datetime.now(UTC)
        start: Eval | str = Eval(
            id=new_eval_id(),
            name=name or dataset.name,
            created_at=now,
            updated_at=now,
            status="running",
            config=config,
            rows=rows,
        )
    else:
        fixed = sorted(
            param.opts[0]
            for param in ctx.command.params
            if param.name not in _FREE_ON_RESUME
            and ctx.get_parameter_source(param.name or "") in _GIVEN
        )
        if fixed:
            raise click.UsageError(
                f"--resume runs the eval with the options it started with; drop {', '.join(fixed)}"
            )
        if not log:
            raise click.UsageError("--resume reads the eval from the local log, which is off")
        start = resume_id
    # soft_wrap: a row line in a pipe stays one line, whatever its length.
    console = Console(stderr=True, highlight=False, soft_wrap=True)
    state = _State()
    try:
        asyncio.run(_eval(start, dataset, settings, console, state, concurrency, log=log))
    except KeyboardInterrupt:
        _stop_interrupted(state, out, console)
    except (ConfigurationError, RunFailedError) as exc:
        fail(str(exc))
    evaluation = state.evaluation
    assert evaluation is not None
    written = _write_reports(evaluation, out)
    print_summary(console, evaluation, written)
    if not state.kept:
        console.print("[yellow]warning:[/] the eval is not in the local log; it cannot be resumed")
    loop = summarise(evaluation).arms["loop"]
    if min_pass_rate is not None and loop.pass_rate < min_pass_rate:
        console.print(
            f"[bold red]below --min-pass-rate:[/] the loop passed {loop.pass_rate:.0%} of "
            f"the rows, {min_pass_rate:.0%} were needed"
        )
        sys.exit(EXIT_NOT_PASSED)
    sys.exit(EXIT_PASSED)


def _stop_interrupted(state: _State, out: Path | None, console: Console) -> None:
    evaluation = state.evaluation
    if evaluation is None:
        console.print("[yellow]interrupted[/] before the first row")
        sys.exit(EXIT_INTERRUPTED)
    done = len(evaluation.outcomes)
    console.print(
        f"[yellow]interrupted[/] after {done} of {done + len(evaluation.remaining())} row runs"
    )
    for path in _write_reports(evaluation, out):
        console.print(f"wrote {path} (so far)")
    if state.kept:
        console.print(f"resume with: redraft eval --resume {evaluation.id}")
    sys.exit(EXIT_INTERRUPTED)


async def _eval(
    start: Eval | str,
    dataset: Path | None,
    settings: Settings,
    console: Console,
    state: _State,
    concurrency: int,
    *,
    log: bool,
) -> None:
    async with (
        local_store(settings, console, wanted=log or settings.judge_record, log=log) as store,
        contextlib.aclosing(ProviderRegistry()) as registry,
    ):
        kept_in = await _begin(start, dataset, store if log else None, state, console)
        evaluation = state.evaluation
        assert evaluation is not None
        config = evaluation.config
        generator = registry.get(config.model)
        judge = None if config.judge_model == NO_JUDGE else registry.get(config.judge_model)
        work = evaluation.remaining()
        for index in sorted({index for index, _ in work}):
            # Refused before the first run, not at row 17.
            redrafter_for(evaluation, index, "loop", generator=generator, judge=judge)
        reliability = await store.judges.reliabilities() if store and settings.judge_record else {}
        run_log = RunLog(kept_in, lambda message: warn(console, message))

        async def on_outcome(outcome: EvalOutcome) -> None:
            evaluation.outcomes.append(outcome)
            view.add(outcome)
            if kept_in is not None and state.kept:
                try:
                    await kept_in.evals.add_outcome(evaluation.id, outcome)
                except Exception as exc:  # the eval goes on; only resuming is lost
                    state.kept = False
                    console.print(f"[yellow]warning:[/] the eval's record stopped ({exc})")

        # The eval logs its runs itself, not as a library's.
        with recorded_elsewhere(), EvalView(console, evaluation, to_run=len(work)) as view:
            try:
                await run_outcomes(
                    evaluation,
                    work,
                    generator=generator,
                    judge=judge,
                    on_outcome=on_outcome,
                    on_event=run_log.add,
                    concurrency=concurrency,
                    settings=settings,
                    reliability=reliability,
                )
            except asyncio.CancelledError:
                await _set_status(kept_in, state, "interrupted")
                raise
            finally:
                await run_log.close()
        await _set_status(kept_in, state, "completed")


async def _begin(
    start: Eval | str, dataset: Path | None, store: Store | None, state: _State, console: Console
) -> Store | None:
    """Set the eval to run on ``state``: a new one (kept when there is a
    store), or the one ``--resume`` names, read back; the store that keeps it."""
    if isinstance(start, str):
        assert store is not None
        found = await store.evals.get(start, tenant=TENANT)
        if found is None:
            raise ConfigurationError(f"there is no eval {start} in the local log")
        if dataset is not None and read_dataset(dataset)[: len(found.rows)] != found.rows:
            raise ConfigurationError(f"{dataset} is not the dataset eval {start} ran on")
        await store.evals.set_status(found.id, "running")
        state.evaluation, state.kept = found.model_copy(update={"status": "running"}), True
        return store
    if store is not None:
        try:
            await store.evals.create(
                tenant=TENANT,
                name=start.name,
                config=start.config,
                rows=start.rows,
                eval_id=start.id,
            )
        except Exception as exc:  # the eval goes on without its record
            console.print(f"[yellow]warning:[/] cannot keep the eval in the local log ({exc})")
            store = None
    state.evaluation, state.kept = start, store is not None
    return store


async def _set_status(store: Store | None, state: _State, status: EvalStatus) -> None:
    if store is None or not state.kept or state.evaluation is None:
        return
    state.evaluation.status = status
    # A store failing now loses only the status: the outcomes are in.
    with contextlib.suppress(Exception):
        await store.evals.set_status(state.evaluation.id, status)


def _write_reports(evaluation: Eval, out: Path | None) -> list[Path]:
    """report.md, report.html and results.jsonl in ``out``; the paths written."""
    folder = out if out is not None else Path("redraft-evals") / evaluation.id
    try:
        folder.mkdir(parents=True, exist_ok=True)
        files = {
            folder / "report.md": markdown_report(evaluation),
            folder / "report.html": html_report(evaluation),
            folder / "results.jsonl": "".join(
                outcome.model_dump_json() + "\n" for outcome in evaluation.outcomes
            ),
        }
        for path, text in files.items():
            path.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write the reports to {folder}: {exc}")
    return list(files)
