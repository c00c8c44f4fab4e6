"""Resident memory of one long-lived process running the embedded model.

Each arm is a fresh process (so one arm's heap cannot hide another's) that
runs ``--runs`` one-draft runs through ``redraft.Redrafter`` on the embedded
model, checks only, and samples its RSS every ten runs. Arms: the runtime's own
prompt cache in RAM (8 GiB, what redraft used before) and redraft's bound
(64 MiB). Prompts are numbered so no two are alike.

    make bench-memory ARGS="--runs 200"
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys

from _report import Table, write_report

_ARMS = {"runtime default (8 GiB)": 8192, "redraft (64 MiB)": 64}


def rss_mib() -> float:
    with open("/proc/self/status", encoding="utf-8") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


async def one_arm(runs: int, cache_ram_mib: int) -> list[tuple[int, float]]:
    from redraft import Redrafter
    from redraft.providers._local import LocalProvider
    from redraft.testing import allow_real_model_calls

    samples: list[tuple[int, float]] = []
    with allow_real_model_calls():
        model = LocalProvider(cache_ram_mib=cache_ram_mib)
        async with Redrafter(
            model, judge_model="none", max_words=40, max_attempts=1, max_tokens=64
        ) as redrafter:
            for run in range(runs + 1):
                if run % 10 == 0:
                    samples.append((run, rss_mib()))
                if run < runs:
                    await redrafter.run(f"Say one short thing about the number {run}.")
        await model.aclose()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--arm", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.arm is not None:
        print(json.dumps(asyncio.run(one_arm(args.runs, args.arm))))
        return
    samples = {}
    for name, cache in _ARMS.items():
        out = subprocess.run(
            [sys.executable, __file__, "--runs", str(args.runs), "--arm", str(cache)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        samples[name] = json.loads(out.strip().splitlines()[-1])
    table = Table(
        [
            "arm",
            "RSS after 10 runs (MiB)",
            f"after {args.runs} runs",
            "growth per run, second half (MiB)",
        ],
        digits=2,
    )
    for name, points in samples.items():
        loaded = dict(points)
        half = max(10, args.runs // 2 // 10 * 10)
        last = points[-1][1]
        table.add(name, loaded[10], last, (last - loaded[half]) / (args.runs - half))

    def plot(figure: object) -> None:
        axes = figure.subplots()  # type: ignore[attr-defined]
        for name, points in samples.items():
            axes.plot([p[0] for p in points], [p[1] for p in points], label=name)
        axes.set_xlabel("runs")
        axes.set_ylabel("RSS (MiB)")
        axes.legend()

    write_report(
        "memory",
        title="Memory",
        command=f"make bench-memory ARGS='--runs {args.runs}'",
        tables={"One process, one-draft runs on the embedded model (max 64 tokens)": table},
        plot=plot,
        notes=[
            "The runtime keeps earlier prompts' KV state in RAM up to its cache bound "
            "(~27 KB per token for SmolLM2-135M); redraft bounds it, so a long-lived "
            "process stays flat once the bound is reached.",
        ],
    )


if __name__ == "__main__":
    main()
