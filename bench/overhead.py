"""redraft's own time per draft, next to DSPy Refine's, with models that cost nothing.

    make bench-overhead                    # default size
    make bench-overhead ARGS="--runs 50"   # a quick look

Every run makes three drafts, the first two failing, with models that answer
instantly, so what is timed is the machinery: prompts, feedback, evidence,
call records, events. Arms:

- redraft, checks only: a scripted generator and a regex check (3 model calls);
- redraft, with a judge: the same plus a scripted LLM judge whose JSON verdict
  is parsed and validated (6 model calls);
- DSPy ``Refine`` with its ``DummyLM`` (N=3, threshold 1.0, the same reward):
  3 module calls plus the 2 ``OfferFeedback`` calls Refine makes between
  attempts (5 model calls), DSPy's cache off.

Times are wall-clock per run and per draft on one thread.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from _report import Table, percentile, write_report

from redraft import Policy, run
from redraft.app import build_panel
from redraft.evaluators import MustMatch
from redraft.providers import FunctionModel, ScriptedModel

DRAFTS = ["The answer is draft one.", "The answer is draft two.", "The answer is PASS."]
VERDICTS = [
    {
        "score": 2,
        "meets_criteria": False,
        "evaluation_reasoning": "Does not say PASS.",
        "improvement_suggestions": ["Say PASS."],
    },
    {
        "score": 3,
        "meets_criteria": False,
        "evaluation_reasoning": "Still no PASS.",
        "improvement_suggestions": ["Say PASS."],
    },
    {
        "score": 9,
        "meets_criteria": True,
        "evaluation_reasoning": "Says PASS.",
        "improvement_suggestions": [],
    },
]


async def _redraft_once(with_judge: bool) -> float:
    generator = ScriptedModel(list(DRAFTS))
    if with_judge:
        verdicts = iter(VERDICTS)
        judge = FunctionModel(lambda _request: json.dumps(next(verdicts)))
        evaluator = build_panel(judge, criteria="Says PASS.", preset="criteria")
    else:
        evaluator = MustMatch("PASS")
    policy = Policy(max_attempts=3, threshold=0.8, deadline_s=None)
    started = time.perf_counter()
    result = await run(
        "Say the magic word.", generator=generator, evaluator=evaluator, policy=policy
    )
    elapsed = time.perf_counter() - started
    if result.attempts != 3 or not result.passed:
        raise RuntimeError(f"unexpected run: {result.attempts} attempts, passed={result.passed}")
    return elapsed


def time_redraft(runs: int, *, with_judge: bool) -> list[float]:
    async def many() -> list[float]:
        await _redraft_once(with_judge)  # warm imports and caches
        return [await _redraft_once(with_judge) for _ in range(runs)]

    return asyncio.run(many())


def time_dspy_refine(runs: int) -> list[float]:
    import logging

    import dspy
    from dspy.utils import DummyLM

    # Refine's own feedback step logs type warnings about its inputs on every
    # retry; printing them would be timed against DSPy, so they are muted.
    logging.getLogger("dspy").setLevel(logging.ERROR)

    def reward(_args: dict[str, Any], prediction: Any) -> float:
        return 1.0 if "PASS" in prediction.answer else 0.0

    feedback = {"discussion": "It did not say PASS.", "advice": {"self": "Say PASS."}}
    timings: list[float] = []
    for index in range(runs + 1):
        answers: list[dict[str, Any]] = [
            {"answer": DRAFTS[0]},
            feedback,
            {"answer": DRAFTS[1]},
            feedback,
            {"answer": DRAFTS[2]},
        ]
        lm = DummyLM(answers)
        lm.cache = False
        dspy.configure(lm=lm)
        refine = dspy.Refine(
            dspy.Predict("question -> answer"), N=3, reward_fn=reward, threshold=1.0
        )
        started = time.perf_counter()
        prediction = refine(question="Say the magic word.")
        elapsed = time.perf_counter() - started
        if "PASS" not in prediction.answer:
            raise RuntimeError(f"unexpected DSPy answer: {prediction.answer!r}")
        if index:  # the first is a warm-up
            timings.append(elapsed)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300, help="timed runs per arm")
    args = parser.parse_args()

    arms: dict[str, tuple[Callable[[], list[float]], int]] = {
        "redraft, checks only": (lambda: time_redraft(args.runs, with_judge=False), 3),
        "redraft, scripted judge": (lambda: time_redraft(args.runs, with_judge=True), 6),
        "DSPy Refine, DummyLM": (lambda: time_dspy_refine(args.runs), 5),
    }
    results: dict[str, list[float]] = {}
    table = Table(
        ["arm", "model calls/run", "p50 ms/run", "p99 ms/run", "mean ms/draft", "vs DSPy"],
        digits=2,
    )
    for name, (measure, _calls) in arms.items():
        results[name] = [t * 1000 for t in measure()]
    dspy_draft = statistics.mean(results["DSPy Refine, DummyLM"]) / 3
    for name, (_measure, calls) in arms.items():
        values = results[name]
        per_draft = statistics.mean(values) / 3
        table.add(
            name,
            calls,
            percentile(values, 50),
            percentile(values, 99),
            per_draft,
            f"{per_draft / dspy_draft:.2f}×",
        )

    def plot(figure: Any) -> None:
        axes = figure.add_subplot(1, 1, 1)
        axes.boxplot(list(results.values()), showfliers=False)
        axes.set_xticks(range(1, len(results) + 1), list(results), fontsize=8)
        axes.set_ylabel("ms per run (3 drafts)")
        axes.set_title("Machinery overhead with instant models")

    write_report(
        "overhead",
        title="Overhead",
        command=f'make bench-overhead ARGS="--runs {args.runs}"',
        tables={"Time per run of three drafts, models answering instantly": table},
        plot=plot,
        notes=[
            "'vs DSPy' compares mean time per draft; DSPy's arm makes 2 extra feedback calls "
            "per run (that is how Refine works), redraft's judge arm 3 extra judge calls.",
        ],
    )


if __name__ == "__main__":
    main()
