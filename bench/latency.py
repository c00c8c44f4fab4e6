"""Time to the final answer: blocking vs parallel delivery, sequential vs parallel candidates.

    make bench-latency                         # default size
    make bench-latency ARGS="--trials 5 --local-trials 1"   # a quick look

Scripted arms use timed fake models (a chunk every ``--chunk-ms``, answers
after a random delay), so the numbers show the mechanism, not a vendor:

- delivery, three first drafts that fail: one says a forbidden phrase early
  (``must_not_match``), one runs past a word limit (``max_words``), one only
  lacks a required phrase, which nobody can know before the draft ends.
  ``parallel`` aborts the first two while they stream; the third is its worst
  case (the same as ``blocking``).
- candidates: each draft passes with probability ``--pass-rate`` after a
  random 200 to 400 ms; K candidates drafted at once vs one after another.

Embedded-model arms (``local``, SmolLM2-135M on this machine's cores) repeat
both on a real model: a word limit the model overshoots, and a check that
passes on some drafts.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from typing import Any

from _report import Table, percentile, write_report

from redraft import Policy, RunResult, run
from redraft.app import build_panel
from redraft.evaluators import Evaluator, MaxWords, MustMatch, MustNotMatch
from redraft.providers import FunctionModel, Provider, ProviderRegistry, ScriptedModel

RAMBLE = " ".join(["and then the river kept winding through the valley"] * 30)
SCENARIOS: dict[str, tuple[str, Evaluator]] = {
    "forbidden phrase early": (
        "As an AI language model, I think " + RAMBLE,
        MustNotMatch("(?i)as an ai language model"),
    ),
    "word limit passed": (RAMBLE, MaxWords(40)),
    "required phrase missing": (RAMBLE, MustMatch("Paris")),
}
GOOD = "Paris is the capital of France, on the Seine."


async def _timed(
    generator: Provider, evaluator: Evaluator, policy: Policy, prompt: str
) -> tuple[float, RunResult]:
    started = time.perf_counter()
    result = await run(prompt, generator=generator, evaluator=evaluator, policy=policy)
    return time.perf_counter() - started, result


async def delivery_scripted(trials: int, chunk_s: float) -> Table:
    table = Table(["first draft", "delivery", "p50 s", "mean s", "passed", "vs blocking"], digits=3)
    for scenario, (bad, evaluator) in SCENARIOS.items():
        fix = GOOD if scenario != "word limit passed" else "Paris."
        means: dict[str, float] = {}
        for delivery in ("blocking", "parallel"):
            times: list[float] = []
            passed = 0
            for _ in range(trials):
                generator = ScriptedModel([bad, fix], chunk_delay=chunk_s)
                policy = Policy(max_attempts=2, delivery=delivery, deadline_s=None)
                elapsed, result = await _timed(generator, evaluator, policy, "Capital of France?")
                times.append(elapsed)
                passed += result.passed is True
            means[delivery] = statistics.mean(times)
            table.add(
                scenario,
                delivery,
                percentile(times, 50),
                means[delivery],
                f"{passed}/{trials}",
                f"{means[delivery] / means['blocking']:.2f}×",
            )
    return table


class _Lottery:
    """Each call passes with ``rate`` after a random 200 to 400 ms (seeded)."""

    def __init__(self, rng: random.Random, rate: float) -> None:
        self.rng, self.rate = rng, rate

    async def __call__(self, _request: Any) -> str:
        await asyncio.sleep(self.rng.uniform(0.2, 0.4))
        return GOOD if self.rng.random() < self.rate else "It is Lyon, I believe."


async def candidates_scripted(trials: int, rate: float, attempts: int, seed: int) -> Table:
    table = Table(["candidates", "p50 s", "mean s", "p90 s", "passed", "drafts/run"], digits=3)
    for k in (1, 2, 3):
        rng = random.Random(seed)  # the same luck for every k
        times: list[float] = []
        passed = drafts = 0
        for _ in range(trials):
            policy = Policy(max_attempts=attempts, candidates=k, deadline_s=None)
            elapsed, result = await _timed(
                FunctionModel(_Lottery(rng, rate)), MustMatch("Paris"), policy, "Capital of France?"
            )
            times.append(elapsed)
            passed += result.passed is True
            drafts += len(result.drafts)
        table.add(
            k,
            percentile(times, 50),
            statistics.mean(times),
            percentile(times, 90),
            f"{passed}/{trials}",
            drafts / trials,
        )
    return table


async def local_arms(trials: int) -> tuple[Table, Table]:
    registry = ProviderRegistry()
    model = registry.get("local")
    delivery = Table(["delivery", "p50 s", "mean s", "final words", "passed"], digits=2)
    candidates = Table(["candidates", "p50 s", "mean s", "passed", "drafts/run"], digits=2)
    try:
        prompt = "Tell me a long story about a dragon who guards a library."
        for mode in ("blocking", "parallel"):
            times: list[float] = []
            words: list[int] = []
            passed = 0
            for _ in range(trials):
                policy = Policy(max_attempts=2, delivery=mode, max_tokens=256, deadline_s=None)
                elapsed, result = await _timed(model, MaxWords(30), policy, prompt)
                times.append(elapsed)
                words.append(len(result.final_answer.split()))
                passed += result.passed is True
            delivery.add(
                mode,
                percentile(times, 50),
                statistics.mean(times),
                statistics.mean(words),
                f"{passed}/{trials}",
            )

        question = "What is the capital of France? Answer in one short sentence."
        evaluator = build_panel(None, must_match=["Paris"], max_words=12)
        for k in (1, 2):
            times = []
            passed = drafts = 0
            for _ in range(trials):
                policy = Policy(max_attempts=2, candidates=k, max_tokens=32, deadline_s=None)
                elapsed, result = await _timed(model, evaluator, policy, question)
                times.append(elapsed)
                passed += result.passed is True
                drafts += len(result.drafts)
            candidates.add(
                k,
                percentile(times, 50),
                statistics.mean(times),
                f"{passed}/{trials}",
                drafts / trials,
            )
    finally:
        await registry.aclose()
    return delivery, candidates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20, help="runs per scripted arm")
    parser.add_argument(
        "--local-trials", type=int, default=3, help="runs per embedded-model arm; 0 skips"
    )
    parser.add_argument(
        "--chunk-ms", type=float, default=10.0, help="scripted time per streamed word"
    )
    parser.add_argument("--pass-rate", type=float, default=0.4)
    parser.add_argument("--max-attempts", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    scripted_delivery = asyncio.run(delivery_scripted(args.trials, args.chunk_ms / 1000))
    scripted_candidates = asyncio.run(
        candidates_scripted(args.trials, args.pass_rate, args.max_attempts, args.seed)
    )
    each = f"{args.trials} runs each"
    tables = {
        f"Delivery, scripted ({args.chunk_ms:g} ms per word, {each})": scripted_delivery,
        f"Candidates, scripted (pass rate {args.pass_rate:g}, up to {args.max_attempts} drafts, "
        f"{each})": scripted_candidates,
    }
    if args.local_trials:
        local_delivery, local_candidates = asyncio.run(local_arms(args.local_trials))
        tables[f"Delivery, embedded model ({args.local_trials} runs each)"] = local_delivery
        tables[f"Candidates, embedded model ({args.local_trials} runs each)"] = local_candidates

    def plot(figure: Any) -> None:
        left = figure.add_subplot(1, 2, 1)
        names = list(SCENARIOS)
        for offset, mode in ((-0.2, "blocking"), (0.2, "parallel")):
            values = [r[3] for r in scripted_delivery.rows if r[1] == mode]
            left.bar([i + offset for i in range(len(names))], values, width=0.4, label=mode)
        left.set_xticks(range(len(names)), [n.replace(" ", "\n", 1) for n in names], fontsize=7)
        left.set_ylabel("mean s to final answer")
        left.set_title("delivery (scripted)")
        left.legend(fontsize=7)
        right = figure.add_subplot(1, 2, 2)
        rows = scripted_candidates.rows
        right.bar([str(r[0]) for r in rows], [r[2] for r in rows])
        right.set_xlabel("candidates")
        right.set_ylabel("mean s to final answer")
        right.set_title("candidates (scripted)")

    write_report(
        "latency",
        title="Latency modes",
        command=f'make bench-latency ARGS="--trials {args.trials} '
        f"--local-trials {args.local_trials} "
        f'--chunk-ms {args.chunk_ms:g} --pass-rate {args.pass_rate:g} --seed {args.seed}"',
        tables=tables,
        plot=plot,
        notes=[
            "parallel only helps when a check can fail a partial draft; a missing phrase "
            "is known only at the end, so there it costs the same as blocking.",
            "Candidates spend more drafts (tokens) to reach an answer sooner: see drafts/run.",
        ],
    )


if __name__ == "__main__":
    main()
