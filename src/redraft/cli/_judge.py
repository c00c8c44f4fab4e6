"""``redraft judge``: evaluate answers you already have, without drafting.

One answer (``--prompt`` and ``--answer``) or a JSONL file of them
(``--jsonl``: lines ``{"id", "prompt", "answer", "criteria"?}``), evaluated
with the same options and defaults as ``redraft ask``. Each verdict carries
``passed``: true, false, or null when nothing could be evaluated (no judge,
no check given, none compiled from the prompt).

Exit codes: 0 passed (or unverified, with a warning), 1 not passed, 2 usage or
configuration errors. With ``--jsonl`` the exit code is 0 once every line was
judged, whatever the verdicts.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape

from redraft.app._redrafter import Judgement
from redraft.cli._options import (
    EXIT_NOT_PASSED,
    EXIT_PASSED,
    evaluation_options,
    prepare,
    read_text,
    spec_of,
    warn_unverified,
)
from redraft.cli._record import recorded_redrafter
from redraft.cli._stored import fail
from redraft.core._errors import ConfigurationError, ProviderAuthError, RealModelCallBlockedError
from redraft.core._types import DEFAULT_DEADLINE_S, Policy, RunRequest
from redraft.evaluators import Comparison, comparisons_in

__all__ = ["judge"]

_UNVERIFIED = (
    "nothing to evaluate it against "
    "(no judge model, no check given and none compiled from the prompt)"
)


@click.command()
@click.option("--prompt", help="The request the answer was written for.")
@click.option("--answer", help="The answer, or @FILE to read it from a file ('@-': stdin).")
@click.option(
    "--jsonl",
    "jsonl_file",
    type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
    help='Judge every line {"id", "prompt", "answer", "criteria"?} of FILE (\'-\': stdin); '
    "one JSON verdict per line on stdout, in the same order.",
)
@evaluation_options
@click.option(
    "--deadline",
    type=click.FloatRange(min=0.001),
    default=DEFAULT_DEADLINE_S,
    show_default=True,
    help="Wall-clock seconds for each answer's evaluation.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as one JSON object.")
def judge(
    prompt: str | None,
    answer: str | None,
    jsonl_file: Path | None,
    threshold: float,
    model: str | None,
    judge_model: str | None,
    judge_timeout_s: float | None,
    deadline: float,
    as_json: bool,
    **options: Any,
) -> None:
    """Judge an answer you already have (or a JSONL file of them), without drafting."""
    if jsonl_file is None and (prompt is None or answer is None):
        raise click.UsageError("give --prompt and --answer, or --jsonl FILE")
    if jsonl_file is not None and (prompt is not None or answer is not None):
        raise click.UsageError("--jsonl reads prompts and answers from the file; drop --prompt")
    spec = spec_of(options)
    settings = prepare()
    policy = Policy(threshold=threshold, deadline_s=deadline, judge_timeout_s=judge_timeout_s)
    err = Console(stderr=True, highlight=False)
    lines = _read_lines(jsonl_file) if jsonl_file is not None else None
    text = _read_answer(answer) if answer is not None else ""
    criteria = spec.get("criteria")

    async def run() -> Judgement | None:
        async with recorded_redrafter(
            settings, err, model, judge_model=judge_model, policy=policy, spec=spec
        ) as (redrafter, record, _):
            if lines is None:
                assert prompt is not None
                judged = await redrafter.judge(
                    RunRequest.from_prompt(prompt, criteria=criteria), text
                )
                await record.add(audits_of(judged))
                return judged
            for number, line in lines:
                request = RunRequest.from_prompt(
                    line["prompt"], criteria=line.get("criteria") or criteria
                )
                judgement = await redrafter.judge(request, line["answer"])
                await record.add(audits_of(judgement))
                # One line out per line in, written as each is judged.
                click.echo(json.dumps(verdict_record(judgement, line.get("id", number))))
            return None

    try:
        judgement = asyncio.run(run())
    except (ConfigurationError, ProviderAuthError, RealModelCallBlockedError) as exc:
        fail(str(exc))
    if judgement is None:
        sys.exit(EXIT_PASSED)
    if judgement.passed is None:
        verdict = judgement.verdict
        warn_unverified(settings, verdict.account if verdict is not None else _UNVERIFIED)
    if as_json:
        click.echo(json.dumps(verdict_record(judgement), ensure_ascii=False))
    else:
        _show(Console(highlight=False), judgement)
    sys.exit(EXIT_NOT_PASSED if judgement.passed is False else EXIT_PASSED)


def audits_of(judgement: Judgement) -> list[Comparison]:
    verdict = judgement.verdict
    return comparisons_in(e.data for e in verdict.evidence) if verdict is not None else []


def verdict_record(judgement: Judgement, id: object = None) -> dict[str, Any]:
    """One verdict as JSON: ``passed`` (true, false or null), ``score``, the
    reason, the requirement account (one line, and each requirement), every
    piece of evidence, and the judge's usage."""
    verdict = judgement.verdict
    return ({} if id is None else {"id": id}) | {
        "passed": judgement.passed,
        "score": judgement.score,
        "reason": _UNVERIFIED if verdict is None else verdict.reason,
        "account": "" if verdict is None else verdict.account,
        "requirements": [] if verdict is None else [r.model_dump() for r in verdict.requirements],
        "evidence": [] if verdict is None else [e.model_dump() for e in verdict.evidence],
        "usage": judgement.usage.model_dump(),
    }


def _read_lines(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """Every line of the JSONL file, checked before any is judged: a bad
    line is a usage error naming its number."""
    text = sys.stdin.read() if str(path) == "-" else read_text(path, "--jsonl")
    lines: list[tuple[int, dict[str, Any]]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise click.BadParameter(
                f"line {number} is not JSON: {exc}", param_hint="--jsonl"
            ) from None
        if not isinstance(line, dict):
            raise click.BadParameter(f"line {number} is not a JSON object", param_hint="--jsonl")
        for key in ("prompt", "answer"):
            if not isinstance(line.get(key), str):
                raise click.BadParameter(
                    f"line {number} needs a string {key!r}", param_hint="--jsonl"
                )
        if line.get("criteria") is not None and not isinstance(line["criteria"], str):
            raise click.BadParameter(
                f"line {number}: 'criteria' must be a string", param_hint="--jsonl"
            )
        lines.append((number, line))
    return lines


def _read_answer(answer: str) -> str:
    if answer == "@-":
        return sys.stdin.read()
    if answer.startswith("@"):
        return read_text(Path(answer[1:]), "--answer")
    return answer


def _show(console: Console, judgement: Judgement) -> None:
    verdict = judgement.verdict
    if verdict is None:
        console.print("[yellow]unverified[/]")
        return
    marks = {True: "[green]passed[/]", False: "[red]not passed[/]", None: "[yellow]unverified[/]"}
    console.print(f"{marks[verdict.passed]} · score {verdict.score:.2f} · {escape(verdict.reason)}")
    if verdict.requirements:
        console.print(f"[dim]{verdict.account}[/]")
        for requirement in verdict.requirements:
            mark = {True: "✓", False: "✗", None: "?"}[requirement.passed]
            detail = f" — {requirement.reason}" if requirement.reason else ""
            console.print(
                f"  {mark} {requirement.coverage:<10} {escape(requirement.text)}{escape(detail)}"
            )
    for evidence in verdict.evidence:
        status = "✓" if evidence.passed else "✗"
        console.print(f"  {status} {escape(evidence.evaluator)}: {escape(evidence.reason)}")
