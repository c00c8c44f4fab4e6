"""``redraft judges calibrate``: measure a judge before trusting it.

The judge answers the product's calibration set (requirements exact checks
decide, on answers edited to meet or break them; see
:mod:`redraft.app._calibration`); each answer is added to the judges' record
as a comparison, and the judge's record is printed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json

import click
from rich.console import Console

from redraft.app._calibration import calibrate as calibrate_judge
from redraft.cli._options import prepare
from redraft.cli._stored import fail, with_store
from redraft.core._errors import ConfigurationError, ProviderAuthError, RealModelCallBlockedError
from redraft.evaluators import Comparison, Reliability, measure_judges
from redraft.providers import ProviderRegistry
from redraft.store import Store

__all__ = ["calibrate"]


@click.command()
@click.option(
    "--judge-model",
    default=None,
    help="The judge to measure (default: REDRAFT_JUDGE_MODEL, else REDRAFT_MODEL).",
)
@click.option("--size", type=click.IntRange(2, 1000), default=100, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Which items are drawn.")
@click.option("--json", "as_json", is_flag=True, help="Print the records as JSON.")
def calibrate(judge_model: str | None, size: int, seed: int, as_json: bool) -> None:
    """Measure a judge on requirements exact checks decide, and keep the result."""
    settings = prepare()
    spec = judge_model or settings.judge_model or settings.model

    async def measure() -> list[Comparison]:
        async with contextlib.aclosing(ProviderRegistry()) as registry:
            return await calibrate_judge(registry.get(spec), size=size, seed=seed)

    async def keep(store: Store) -> Reliability | None:
        await store.judges.add(comparisons, tenant="default")
        key = comparisons[0].key if comparisons else None
        return (await store.judges.reliabilities()).get(key) if key else None

    try:
        comparisons = asyncio.run(measure())
    except (ConfigurationError, ProviderAuthError, RealModelCallBlockedError) as exc:
        fail(str(exc))
    overall = with_store(keep)
    this = next(iter(measure_judges(comparisons).values()), None)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "judge": spec,
                    "asked": size,
                    "answered": len(comparisons),
                    "calibration": this.model_dump(mode="json") if this else None,
                    "record": overall.model_dump(mode="json") if overall else None,
                }
            )
        )
        return
    console = Console(highlight=False)
    console.print(f"judge {spec}: {len(comparisons)} of {size} calibration items answered")
    if this is not None:
        unsure = f", unsure on {this.uncertain}" if this.uncertain and this.n else ""
        console.print(f"  this calibration: {this.describe()}{unsure}")
    if overall is not None:
        style = "bold yellow" if overall.flagged else ""
        console.print(f"  its record: {overall.describe()}", style=style)
        if overall.flagged:
            console.print(
                "  flagged: its verdicts can no longer pass a draft by themselves", style=style
            )
