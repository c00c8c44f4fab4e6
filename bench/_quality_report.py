"""The quality bench's report: pass rates, regressions and cost per arm.

``quality.py`` runs the arms; this writes what they did (the arms' pass
rates against the single draft, the prompts each lost and why, a plot) and
the optional JSONL dump of every draft, for reading why an arm lost.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _arms import ArmResult, Bench
from _ifeval import rates, summary
from _report import Table, write_report

__all__ = ["dump", "report"]


def report(bench: Bench, results: list[ArmResult], command: str) -> Path:
    args = bench.args
    baseline = next((r for r in results if r.name == "single draft"), None)
    base_pass = {o.prompt.key: o.score.passed for o in baseline.outcomes} if baseline else {}
    table = Table(
        [
            "arm",
            "prompts passed",
            "instructions passed",
            "gained vs single",
            "lost vs single (pass→fail)",
            "first draft passed, final failed",
            "LLM calls",
            "tokens (all calls)",
            "judge+feedback tokens",
            "passed × single",
            "tokens × single",
            "said passed, verifier failed",
            "wall s",
        ],
        digits=3,
    )
    base_passed = sum(o.score.passed for o in baseline.outcomes) if baseline else 0
    base_tokens = baseline.total_tokens if baseline else 0
    for result in results:
        prompt_rate, instruction_rate = rates([o.score for o in result.outcomes])
        gained = lost = None
        if baseline is not None and result is not baseline:
            gained = sum(o.score.passed and not base_pass[o.prompt.key] for o in result.outcomes)
            lost = sum(not o.score.passed and base_pass[o.prompt.key] for o in result.outcomes)
        within = None
        if result is not baseline:
            within = sum(
                o.first is not None and o.first.passed and not o.score.passed
                for o in result.outcomes
            )
        table.add(
            result.name,
            f"{prompt_rate:.3f} ({sum(o.score.passed for o in result.outcomes)}/"
            f"{len(result.outcomes)})",
            instruction_rate,
            gained,
            lost,
            within,
            result.total_calls,
            result.total_tokens,
            result.total_overhead_tokens,
            _ratio(sum(o.score.passed for o in result.outcomes), base_passed),
            _ratio(result.total_tokens, base_tokens),
            sum(o.claimed is True and not o.score.passed for o in result.outcomes),
            f"{result.wall_s:.1f}",
        )
    losses = Table(
        ["arm", "prompt", "stop", "verdict said", "account", "verifier failed", "first draft"]
    )
    for result in results:
        if baseline is None or result is baseline:
            continue
        for o in result.outcomes:
            if o.score.passed or not base_pass.get(o.prompt.key):
                continue
            losses.add(
                result.name,
                str(o.prompt.key),
                f"{o.stop_reason} (draft {o.final_attempt})",
                {True: "passed", False: "failed", None: "unverified"}[o.claimed],
                o.account or "—",
                ", ".join(i.id for i in o.score.failed) or "—",
                "passed" if o.first is not None and o.first.passed else "failed",
            )
    notes = [
        f"split {args.prompts or 'IFEval'}: "
        f"size {len(bench.prompts)} prompts, seed {args.seed} (keys "
        f"{', '.join(str(p.key) for p in bench.prompts)})",
        f"model `{args.model}`, judge `{args.judge_model or args.model}`, max attempts "
        f"{args.max_attempts}, max_tokens {args.max_tokens} per draft, temperature "
        f"{args.temperature}, {args.concurrency} prompts at a time",
        "pass rates are IFEval strict: a prompt passes when every instruction does; "
        "instruction level is the share of instructions followed",
        "gained / lost: prompts the arm passed and the single draft failed, and the "
        "reverse (each arm draws its own drafts, so part of this is sampling noise); "
        "first draft passed, final failed: the arm's own loop turned a passing first "
        "draft into a failing answer",
        "tokens: input + output of every call, judge and feedback calls included",
        *(summary().lines() if args.prompts is None else []),
    ]
    for result in results:
        notes += [n for n in result.notes if n not in notes]
    errors = {r.name: sum(o.error is not None for o in r.outcomes) for r in results}
    if any(errors.values()):
        notes.append(
            "runs that ended in an error: "
            + ", ".join(f"{name} {n}" for name, n in errors.items() if n)
        )

    def plot(figure: Any) -> None:
        names = [r.name for r in results]
        prompt_rates = [rates([o.score for o in r.outcomes])[0] for r in results]
        instruction_rates = [rates([o.score for o in r.outcomes])[1] for r in results]
        left, right = figure.subplots(1, 2)
        xs = range(len(names))
        left.bar([x - 0.2 for x in xs], prompt_rates, width=0.4, label="prompt-level")
        left.bar([x + 0.2 for x in xs], instruction_rates, width=0.4, label="instruction-level")
        left.set_xticks(list(xs), names, rotation=25, ha="right")
        left.set_ylim(0, 1)
        left.set_ylabel("IFEval strict pass rate")
        left.legend(fontsize=8)
        right.bar(list(xs), [r.total_tokens / 1000 for r in results], color="gray")
        for x, r in zip(xs, results, strict=True):
            right.annotate(f"{r.wall_s:.0f}s", (x, r.total_tokens / 1000), ha="center", va="bottom")
        right.set_xticks(list(xs), names, rotation=25, ha="right")
        right.set_ylabel("thousand tokens (wall s on top)")
        figure.suptitle(f"IFEval subset of {len(bench.prompts)}, model {args.model}", fontsize=10)

    return write_report(
        args.out,
        title="Quality: IFEval instruction following",
        command=command,
        tables={
            "Pass rates, regressions and cost": table,
            "Prompts lost against the single draft, and why": losses,
        },
        plot=plot,
        notes=notes,
    )


def dump(path: Path, results: list[ArmResult]) -> None:
    """One line per arm and prompt: what the verifier said of each draft, for reading why."""
    with path.open("w", encoding="utf-8") as out:
        for result in results:
            for o in result.outcomes:
                line = {
                    "arm": result.name,
                    "key": o.prompt.key,
                    "prompt": o.prompt.text,
                    "passed": o.score.passed,
                    "stop_reason": o.stop_reason,
                    "tokens": o.tokens,
                    "drafts": o.drafts,
                }
                out.write(json.dumps(line, ensure_ascii=False) + "\n")


def _ratio(value: int, base: int) -> str:
    return f"{value / base:.2f}" if base else "—"
