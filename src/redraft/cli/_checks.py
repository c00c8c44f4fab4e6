"""``redraft checks``: show the checks a prompt compiles into, and where from,
and how each requirement of the prompt is accounted for.

Exit codes: 0 printed (even when nothing compiled), 2 usage or configuration
errors. ``--json`` prints one object: ``checks`` (each ``spec``, ``origin``,
``source``, ``source_span``, ``source_text``), ``requirements`` (each
clause's ``text``, ``source``, ``span``, ``status`` — ``exact``, ``partial``
or ``judge`` — the 1-based ``checks`` that read it and the ``uncovered``
words no check enforces), and with ``--llm`` also ``dropped`` and ``error``
from the LLM compiler.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from redraft.cli._options import EXIT_USAGE
from redraft.config._settings import load_settings
from redraft.core._errors import ConfigurationError, ProviderAuthError, RealModelCallBlockedError
from redraft.core._text import plural
from redraft.criteria import (
    Clause,
    CompiledCheck,
    LLMCompilation,
    account_requirements,
    compile_checks,
    compile_checks_with_llm,
    merge_checks,
)
from redraft.providers import ProviderRegistry

__all__ = ["checks"]


@click.command()
@click.argument("prompt")
@click.option("--criteria", help="Criteria text, compiled after the prompt.")
@click.option(
    "--llm", "use_llm", is_flag=True, help="Also ask the judge model for checks (one call)."
)
@click.option(
    "--judge-model",
    metavar="SPEC",
    help="Model the LLM compiler asks. [default: $REDRAFT_JUDGE_MODEL, $REDRAFT_MODEL or local]",
)
@click.option("--json", "as_json", is_flag=True, help="Print the checks as one JSON object.")
def checks(
    prompt: str, criteria: str | None, use_llm: bool, judge_model: str | None, as_json: bool
) -> None:
    """Print the checks PROMPT's stated requirements compile into, each with
    the exact text it came from. PROMPT '-' reads standard input.

    Rules compile offline and instantly; what they cannot express stays
    with the judge.
    """
    if prompt == "-":
        prompt = sys.stdin.read()
    if not prompt.strip():
        raise click.BadParameter("the prompt is empty", param_hint="PROMPT")
    found = compile_checks(prompt, criteria)
    llm: LLMCompilation | None = None
    if use_llm:
        try:
            settings = load_settings()
        except ConfigurationError as exc:
            raise click.UsageError(str(exc)) from None
        spec = judge_model or settings.judge_model or settings.model
        try:
            llm = asyncio.run(_ask_model(spec, prompt, criteria))
        except (ConfigurationError, ProviderAuthError, RealModelCallBlockedError) as exc:
            Console(stderr=True).print(f"[bold red]error:[/] {escape(str(exc))}")
            sys.exit(EXIT_USAGE)
        found = merge_checks([*found, *llm.checks])
    clauses = account_requirements(prompt, criteria, found)
    if as_json:
        body: dict[str, Any] = {
            "checks": [c.model_dump(mode="json") for c in found],
            "requirements": [_clause_record(c) for c in clauses],
        }
        if llm is not None:
            body["dropped"] = llm.dropped
            body["error"] = llm.error
        click.echo(json.dumps(body, ensure_ascii=False, default=str))
        return
    _print(found, llm)
    _print_requirements(clauses)


def _status(clause: Clause) -> str:
    """``exact``: its checks verify all of it; ``partial``: they can fail it
    but not pass it; ``judge``: no check reads it."""
    return "exact" if clause.exact else "partial" if clause.partial else "judge"


def _clause_record(clause: Clause) -> dict[str, Any]:
    return {
        "text": clause.text,
        "source": clause.source,
        "span": list(clause.span),
        "status": _status(clause),
        "checks": [i + 1 for i in clause.checks],
        "uncovered": clause.residue,
    }


_STATUS_STYLE = {"exact": "[green]exact[/]", "partial": "[yellow]partial[/]", "judge": "judge"}


def _print_requirements(clauses: list[Clause]) -> None:
    console = Console(highlight=False)
    if not clauses:
        return
    table = Table(title="requirements", title_justify="left")
    for column in ("requirement", "from", "status", "checks", "not covered by a check"):
        table.add_column(column)
    for clause in clauses:
        status = _status(clause)
        table.add_row(
            escape(clause.text),
            f"{clause.source} {clause.span[0]}–{clause.span[1]}",
            _STATUS_STYLE[status],
            ", ".join(f"#{i + 1}" for i in clause.checks) or "—",
            escape(clause.residue) if status != "exact" else "",
        )
    console.print(table)
    exact = sum(1 for c in clauses if c.exact)
    console.print(
        f"{exact} of {plural(len(clauses), 'requirement')} verified exactly by checks. "
        "partial: the checks can fail it, only the judge can pass it; "
        "judge: no check reads it. Without a judge model these stay unverified."
    )


async def _ask_model(spec: str, prompt: str, criteria: str | None) -> LLMCompilation:
    async with contextlib.aclosing(ProviderRegistry()) as registry:
        return await compile_checks_with_llm(prompt, criteria, provider=registry.get(spec))


def _print(found: list[CompiledCheck], llm: LLMCompilation | None) -> None:
    console = Console(highlight=False)
    if not found:
        console.print("No check compiled: every requirement stays with the judge.")
    else:
        table = Table(show_lines=False)
        for column in ("#", "check", "origin", "from", "source text"):
            table.add_column(column)
        for i, check in enumerate(found, start=1):
            span = check.source_span
            where = "—" if span is None else f"{check.source} {span[0]}–{span[1]}"
            table.add_row(
                str(i),
                escape(f"{check.spec.kind_name()}: {check.describe()}"),
                check.origin,
                where,
                escape(repr(check.source_text) if check.source_text else ""),
            )
        console.print(table)
    if llm is not None:
        if llm.error:
            console.print(f"[yellow]LLM compiler:[/] {escape(llm.error)}")
        for item in llm.dropped:
            console.print(f"[dim]dropped: {escape(str(item['reason']))}[/]")
