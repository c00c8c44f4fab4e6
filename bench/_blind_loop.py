"""``blind.py --loop N``: the loop against one draft on a blind split, with the
embedded model and no judge, graded by an oracle that is not the loop's panel.

- **Sample**: the prompts whose every verifiable constraint redraft has a kind
  for is *covered* (system + prompt), so each can be graded on all of them;
  ``N`` of those, drawn with a fixed seed (the same N and seed give the same
  prompts on any machine).
- **Oracle**: per prompt, the compiled specs ``_blind_map`` accepts as exact
  for the writer's intended constraints — the writer's constraints decide
  which specs grade and with which parameters; a compiled check that matches
  nothing intended (false, partial) never grades. An answer passes when every
  one of them passes (``measure_text``, the checks' own pure measures).
- **Arms**, interleaved per prompt on one loaded model: *one draft*
  (``max_attempts=1``, no repair) and *the loop* (the policy's defaults:
  3 attempts, repairs on); both ``--judge-model none``, temperature 0, the
  same output cap, no deadline (a deadline would make the numbers the shared
  machine's load).
- **Report**: prompts passing per arm, gained (the loop passes, one draft
  does not) and lost, repaired drafts and the edits they made, tokens per arm.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from _blind_map import Row
from _report import Table

from redraft import Message, Policy, Redrafter, RunRequest, RunResult
from redraft.criteria import CheckSpec, measure_text
from redraft.providers import Provider, ProviderRegistry

__all__ = ["LoopReport", "Trial", "gradable", "loop_notes", "loop_table", "run_loop", "sample"]

REPAIRED = "repaired without a model: "
"""How the loop records a repaired draft's feedback (core/_repair.describe_repairs)."""

ARMS = ("one draft", "loop")


@dataclass(frozen=True)
class Arm:
    """What one arm answered on one prompt."""

    passed: bool
    tokens: int
    drafts: int
    repaired: int
    """Drafts made by a repair (no model call)."""
    edits: tuple[str, ...]
    final_repaired: bool
    seconds: float


@dataclass(frozen=True)
class Trial:
    row: Row
    oracle: tuple[CheckSpec, ...]
    arms: dict[str, Arm]


@dataclass
class LoopReport:
    trials: list[Trial] = field(default_factory=list)
    eligible: int = 0
    seed: int = 0
    max_tokens: int = 0


def gradable(
    rows: Sequence[Row], covered: dict[str, list[CheckSpec]], unmet: set[str]
) -> list[tuple[Row, tuple[CheckSpec, ...]]]:
    """The rows every verifiable expressible constraint of which is covered,
    with their oracle specs (``covered``: row id → specs; ``unmet``: ids of
    rows with a constraint partial or missed)."""
    return [
        (row, tuple(covered[row.id])) for row in rows if covered.get(row.id) and row.id not in unmet
    ]


def sample(
    candidates: Sequence[tuple[Row, tuple[CheckSpec, ...]]], n: int, seed: int
) -> list[tuple[Row, tuple[CheckSpec, ...]]]:
    ordered = sorted(candidates, key=lambda pair: pair[0].id)
    return random.Random(seed).sample(ordered, min(n, len(ordered)))


def oracle_passes(oracle: Sequence[CheckSpec], text: str) -> bool:
    return all(measure_text(spec, text).passed for spec in oracle)


def _arm(result: RunResult, oracle: Sequence[CheckSpec], seconds: float) -> Arm:
    repaired = [d for d in result.drafts if (d.feedback or "").startswith(REPAIRED)]
    edits = tuple(
        said
        for d in repaired
        for said in (d.feedback or "").removeprefix(REPAIRED).split("; ")
        if said
    )
    final = next((d for d in result.drafts if d.attempt == result.final_attempt), None)
    return Arm(
        passed=oracle_passes(oracle, result.final_answer),
        tokens=result.usage.total_tokens,
        drafts=len(result.drafts),
        repaired=len(repaired),
        edits=edits,
        final_repaired=final is not None and final in repaired,
        seconds=seconds,
    )


async def _trials(
    chosen: Sequence[tuple[Row, tuple[CheckSpec, ...]]], model: Provider, max_tokens: int
) -> list[Trial]:
    def policy(**changes: object) -> Policy:
        base = Policy(max_tokens=max_tokens, temperature=0.0, deadline_s=None)
        return base.model_copy(update=changes)

    arms = {
        "one draft": Redrafter(
            model, judge_model="none", policy=policy(max_attempts=1, repair=False)
        ),
        "loop": Redrafter(model, judge_model="none", policy=policy()),
    }
    trials = []
    for row, oracle in chosen:
        request = _request(row)
        answers = {}
        for name, redrafter in arms.items():
            started = time.perf_counter()
            result = await redrafter.run(request)
            answers[name] = _arm(result, oracle, time.perf_counter() - started)
        trials.append(Trial(row, oracle, answers))
    return trials


def _request(row: Row) -> RunRequest:
    messages = [Message(role="system", content=row.system)] if row.system else []
    return RunRequest(messages=[*messages, Message(role="user", content=row.prompt)])


def run_loop(
    rows: Sequence[Row],
    covered: dict[str, list[CheckSpec]],
    unmet: set[str],
    *,
    n: int,
    seed: int,
    max_tokens: int,
) -> LoopReport:
    candidates = gradable(rows, covered, unmet)
    chosen = sample(candidates, n, seed)
    model = ProviderRegistry().get("local")

    async def go() -> list[Trial]:
        try:
            return await _trials(chosen, model, max_tokens)
        finally:
            await model.aclose()

    trials = asyncio.run(go())
    return LoopReport(trials, len(candidates), seed, max_tokens)


def loop_table(report: LoopReport) -> Table:
    table = Table(["measure", *ARMS])
    trials = report.trials

    def passing(arm: str) -> int:
        return sum(t.arms[arm].passed for t in trials)

    def total(arm: str, value: str) -> int:
        return sum(int(getattr(t.arms[arm], value)) for t in trials)

    gained = sum(t.arms["loop"].passed and not t.arms["one draft"].passed for t in trials)
    lost = sum(t.arms["one draft"].passed and not t.arms["loop"].passed for t in trials)
    edits = Counter(e for t in trials for e in t.arms["loop"].edits)
    table.add("prompts", len(trials), len(trials))
    table.add("passing the oracle", passing("one draft"), passing("loop"))
    table.add("gained / lost against one draft", None, f"{gained} / {lost}")
    table.add("drafts", total("one draft", "drafts"), total("loop", "drafts"))
    table.add("repaired drafts (no model call)", 0, total("loop", "repaired"))
    table.add("final answers that are a repaired draft", 0, total("loop", "final_repaired"))
    table.add(
        "edits made",
        None,
        "; ".join(f"{e} ×{k}" for e, k in edits.most_common()) or None,
    )
    table.add("tokens", total("one draft", "tokens"), total("loop", "tokens"))
    table.add(
        "tokens per prompt",
        *(f"{total(a, 'tokens') / len(trials):.0f}" if trials else None for a in ARMS),
    )
    table.add(
        "wall time",
        *(f"{sum(t.arms[a].seconds for t in trials):.0f} s" for a in ARMS),
    )
    return table


def loop_notes(report: LoopReport) -> list[str]:
    n = len(report.trials)
    checks = sum(len(t.oracle) for t in report.trials)
    return [
        f"loop against one draft: {n} prompts drawn (seed {report.seed}) from the "
        f"{report.eligible} whose every verifiable constraint with a kind is covered; the "
        f"oracle is the {checks} compiled specs bench/_blind_map.py accepts as exact for the "
        "writer's intended constraints (constraints with no kind are not graded); an answer "
        "passes when all of its prompt's oracle specs pass",
        "arms interleaved per prompt on the embedded model (SmolLM2-135M, `local`), "
        f"--judge-model none, temperature 0, max_tokens {report.max_tokens}, no deadline; "
        "one draft: max_attempts=1, repair off; loop: the policy's defaults (3 attempts, "
        "repairs on); tokens are the model's (a repair makes no call)",
    ]
