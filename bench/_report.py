"""What every benchmark writes: a markdown table, a PNG plot, the machine.

Each script in ``bench/`` measures, then calls :func:`write_report` once; the
results land in ``bench/results/<name>.md`` and ``bench/results/<name>.png``
and ``docs/benchmarks.md`` quotes them. Nothing here times anything.
"""

from __future__ import annotations

import datetime as _dt
import os
import platform
import statistics
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"

Cell = str | int | float | None


@dataclass
class Table:
    """Rows of one results table; floats are shown with ``digits`` decimals."""

    columns: list[str]
    rows: list[list[Cell]] = field(default_factory=list)
    digits: int = 3

    def add(self, *cells: Cell) -> None:
        if len(cells) != len(self.columns):
            raise ValueError(f"expected {len(self.columns)} cells, got {len(cells)}")
        self.rows.append(list(cells))

    def markdown(self) -> str:
        def show(cell: Cell) -> str:
            if cell is None:
                return "–"
            if isinstance(cell, float):
                return f"{cell:.{self.digits}f}"
            return str(cell)

        lines = [
            "| " + " | ".join(self.columns) + " |",
            "|" + "|".join("---" for _ in self.columns) + "|",
        ]
        lines += ["| " + " | ".join(show(c) for c in row) + " |" for row in self.rows]
        return "\n".join(lines)


def machine() -> str:
    """One line naming the machine, so numbers are never quoted without it."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory = ""
    try:
        pages = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        memory = f", {pages / 2**30:.0f} GiB"
    except (ValueError, OSError):
        pass
    return (
        f"{os.cpu_count()} cores ({cpu}){memory}, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}"
    )


def git_revision() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parent,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100), linear between closest ranks."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return float(values[0])
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    if q <= 0:
        return float(min(values))
    if q >= 100:
        return float(max(values))
    return float(cuts[int(q) - 1])


def write_report(
    name: str,
    *,
    title: str,
    command: str,
    tables: dict[str, Table],
    plot: Callable[[Any], None] | None,
    notes: Sequence[str] = (),
) -> Path:
    """Write ``results/<name>.md`` (and ``.png`` when ``plot`` draws on the
    matplotlib figure it is given); return the markdown path."""
    RESULTS.mkdir(parents=True, exist_ok=True)
    stamp = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    parts = [
        f"## {title}",
        "",
        f"- command: `{command}`",
        f"- machine: {machine()}",
        f"- date: {stamp}, revision {git_revision()}",
        "",
    ]
    for heading, table in tables.items():
        parts += [f"### {heading}", "", table.markdown(), ""]
    parts += [f"- {note}" for note in notes]
    if plot is not None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        figure = plt.figure(figsize=(8, 4.5), dpi=110)
        plot(figure)
        figure.tight_layout()
        image = RESULTS / f"{name}.png"
        figure.savefig(image)
        plt.close(figure)
        parts += ["", f"![{title}](../bench/results/{name}.png)"]
    path = RESULTS / f"{name}.md"
    path.write_text("\n".join(parts).rstrip() + "\n", encoding="utf-8")
    print(path.read_text(encoding="utf-8"), file=sys.stderr)
    return path
