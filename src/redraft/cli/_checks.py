"""``redraft checks``: show the checks a prompt compiles into, and where from.

Exit codes: 0 printed (even when nothing compiled), 2 usage or configuration
errors. ``--json`` prints one object: ``checks`` (each ``spec``, ``origin``,
``source``, ``source_span``, ``source_text``), and with ``--llm`` also
``dropped`` and ``error`` from the LLM compiler.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from redraft.app._settings import load_settings
from redraft.cli._options import EXIT_USAGE
from redraft.core._errors import ConfigurationError, ProviderAuthError, RealModelCallBlockedError
from redraft.criteria import (
    CompiledCheck,
    LLMCompilation,
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
    if as_json:
        body: dict[str, Any] = {"checks": [c.model_dump(mode="json") for c in found]}
        if llm is not None:
            body["dropped"] = llm.dropped
            body["error"] = llm.error
        click.echo(json.dumps(body, ensure_ascii=False, default=str))
        return
    _print(found, llm)


async def _ask_model(spec: str, prompt: str, criteria: str | None) -> LLMCompilation:
    registry = ProviderRegistry()
    try:
        return await compile_checks_with_llm(prompt, criteria, provider=registry.get(spec))
    finally:
        await registry.aclose()


def _print(found: list[CompiledCheck], llm: LLMCompilation | None) -> None:
    console = Console(highlight=False)
    if not found:
        console.print("No check compiled: every requirement stays with the judge.")
    else:
        table = Table(show_lines=False)
        for column in ("#", "check", "origin", "from", "source text"):
            table.add_column(column)
        for i, check in enumerate(found, start=1):
            where = "—"
            if check.source_span is not None:
                where = f"{check.source} {check.source_span[0]}–{check.source_span[1]}"
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
