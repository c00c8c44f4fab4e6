"""How long a fresh process takes before redraft can work: import, CLI help,
and import plus the first prompt's compilation.

    make bench-startup                                   # this tree
    make bench-startup ARGS="--arm before=/tmp/old/src"  # beside another tree

Every command a user types and every service worker starts a new Python
process, so this cost is paid once per command and once per worker (uvicorn
gives a worker 5 s by default to answer its first health check). Each arm
is a source tree put first on ``PYTHONPATH``; the arms run in turn within
each repeat (interleaved, so a machine's load falls on all of them alike)
and the median of ``--repeats`` runs is kept.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from _report import Table, write_report

ROOT = Path(__file__).resolve().parents[1]

PROMPT = (
    "Write a 150-word product description for a steel water bottle. Use exactly 3 bullet "
    "points, include the keywords 'insulated' and 'leak-proof', and end with 'Stay hydrated.'"
)

STEPS: dict[str, list[str]] = {
    "import redraft": ["-c", "import redraft"],
    "redraft --help": ["-m", "redraft", "--help"],
    "import + first compile": [
        "-c",
        f"from redraft.criteria import compile_checks; compile_checks({PROMPT!r})",
    ],
}


def run_once(source: Path, args: list[str]) -> float:
    """Seconds one fresh interpreter takes to run ``args`` with ``source`` first on its path."""
    env = {**os.environ, "PYTHONPATH": str(source), "REDRAFT_LOG": "off"}
    started = time.perf_counter()
    subprocess.run([sys.executable, *args], env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def measure(arms: dict[str, Path], repeats: int) -> dict[str, dict[str, float]]:
    """Median seconds per arm and step."""
    seen: dict[str, dict[str, list[float]]] = {a: {s: [] for s in STEPS} for a in arms}
    for _ in range(repeats):
        for step, args in STEPS.items():
            for arm, source in arms.items():
                seen[arm][step].append(run_once(source, args))
    return {a: {s: statistics.median(t) for s, t in steps.items()} for a, steps in seen.items()}


def parse_arm(value: str) -> tuple[str, Path]:
    name, sep, path = value.partition("=")
    source = Path(path)
    if not sep or not name or not (source / "redraft" / "__init__.py").is_file():
        raise argparse.ArgumentTypeError(
            f"--arm wants NAME=SRC, SRC a directory holding redraft/: got {value!r}"
        )
    return name, source.resolve()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs per arm and step")
    parser.add_argument(
        "--arm", type=parse_arm, action="append", default=[], help="NAME=SRC, another tree"
    )
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    arms = {"this tree": ROOT / "src", **dict(args.arm)}
    medians = measure(arms, args.repeats)
    table = Table(["arm", *(f"{s} (s)" for s in STEPS)], digits=2)
    for arm, by_step in medians.items():
        table.add(arm, *(by_step[s] for s in STEPS))
    extra = "".join(f" --arm {a}=SRC" for a in dict(args.arm))
    write_report(
        "startup",
        title="Time to start: import, CLI help, first compilation",
        command=f"bench/.venv/bin/python bench/startup.py --repeats {args.repeats}{extra}",
        tables={f"Median of {args.repeats} fresh processes": table},
        plot=None,
        notes=[f"first compilation: one prompt of {len(PROMPT)} characters stating five checks"],
    )


if __name__ == "__main__":
    main()
