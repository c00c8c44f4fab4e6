"""Quality: does redrafting make a model follow IFEval's instructions?

One command (after ``make bench-env``)::

    make bench-quality                      # = bench/.venv/bin/python bench/quality.py
    make bench-quality ARGS="--size 40 --model openai:gpt-4o-mini"

For a seeded subset of IFEval prompts (``--size``, ``--seed``) it compares, on
the same model (``--model``, default the embedded ``local``):

- ``single``: one draft;
- ``default``: what ``redraft ask`` does by default on a fresh install — the
  checks compiled from the prompt (their repairs included), then the same
  model as judge, told nothing beyond the prompt and read through the record
  it ships with (the embedded judge's: not asked);
- ``checks``: ``redraft ask --judge-model none`` — the compiled checks alone
  (a prompt with nothing to check gets its single draft back, unverified);
- ``calibrated``: ``redraft ask`` after ``redraft judges calibrate`` (what
  ``make demo`` does): the default, with the judge read through the record
  its calibration on the product's own set left (never on IFEval);
- ``redraft+verifier``: redraft with the verifier's own failure messages as
  feedback (an :class:`IFEvalCheck`: the failing instructions' descriptions
  become the verdict's reason and suggestions, ``critique`` feedback);
- ``redraft+judge``: redraft with an LLM judge only (``build_panel(judge,
  criteria=<the prompt's instructions>, compile_checks=False)``;
  ``--judge-model``, default the same model);
- ``redraft+compiled``: redraft with the checks redraft compiles from the
  prompt alone (:mod:`redraft.criteria`, no judge): their corrections are the
  feedback; a prompt that compiles to nothing gets a single draft;
- ``redraft+compiled+judge``: the product's default cascade, the compiled
  checks first and the same LLM judge for the rest;
- ``dspy.Refine`` and ``dspy.BestOfN``: DSPy 3.4 with the same model (an
  OpenAI-compatible endpoint), the same attempt cap and the verifier as reward.

``single``, ``default``, ``checks`` and ``calibrated`` run interleaved: prompt by prompt,
each through every one of them in an order rotated per prompt. With
``--temperature 0`` their first drafts are the same draft, so what an arm
loses against ``single`` is what its loop did; the report lists each prompt
lost, with the arm's stop reason, what its verdict claimed and its
requirement account.

Every arm gets ``--max-attempts`` attempts, ``--max-tokens`` per draft, the
same temperature (DSPy forces 1.0, so that is the default) and
``--concurrency`` prompts at a time. It reports pass rates (prompt-level and
instruction-level, strict), gains and pass→fail regressions against the single
draft, tokens (judge and feedback calls included) and wall time, and writes
``bench/results/<--out>.md`` and ``.png``.

Adding an arm is one more function in :data:`ARMS` (an ``async`` function of
:class:`Bench` returning an :class:`ArmResult`); :func:`redraft_arm` does the
work for any evaluator.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from redraft.app import build_panel

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _arms import ArmResult, Bench, Outcome
from _dspy import arm_dspy_best_of_n, arm_dspy_refine
from _ifeval import IFEvalCheck, IFEvalPrompt, load_file, score, select
from _quality_report import dump, report

from redraft import ConfigurationError, RunFailedError, RunRequest, RunResult, run
from redraft.app._calibration import calibrate
from redraft.evaluators import Evaluator, Reliabilities, measure_judges
from redraft.providers import ProviderRegistry

DEFAULT_SIZE = 24
DEFAULT_SEED = 7
DEFAULT_MAX_TOKENS = 160


# -- redraft arms -------------------------------------------------------------------


async def redraft_arm(
    bench: Bench,
    name: str,
    evaluator_for: Callable[[IFEvalPrompt], Evaluator | None],
    attempts: int,
) -> ArmResult:
    """Run redraft on every prompt with ``evaluator_for(prompt)`` as the
    evaluator; None means the arm has nothing to judge that prompt with, so
    it gets a single draft."""
    gate = asyncio.Semaphore(bench.args.concurrency)

    async def one(prompt: IFEvalPrompt) -> Outcome:
        async with gate:
            return await run_prompt(bench, prompt, evaluator_for, attempts)

    started = time.perf_counter()
    outcomes = await asyncio.gather(*(one(p) for p in bench.prompts))
    return ArmResult(name, list(outcomes), time.perf_counter() - started)


async def run_prompt(
    bench: Bench,
    prompt: IFEvalPrompt,
    evaluator_for: Callable[[IFEvalPrompt], Evaluator | None],
    attempts: int,
) -> Outcome:
    """One run of redraft on ``prompt``; a prompt ``evaluator_for`` has
    nothing for gets a single draft."""
    evaluator = evaluator_for(prompt)
    # With one attempt the verifier check decides nothing and costs nothing.
    policy = bench.policy(attempts if evaluator is not None else 1)
    try:
        result = await run(
            RunRequest.from_prompt(prompt.text),
            generator=bench.generator,
            evaluator=evaluator or IFEvalCheck(prompt),
            policy=policy,
        )
    except RunFailedError as failed:
        return _outcome(prompt, failed.result, error=str(failed))
    return _outcome(prompt, result)


def _outcome(prompt: IFEvalPrompt, result: RunResult, error: str | None = None) -> Outcome:
    first = result.drafts[0].text if result.drafts else None
    overhead = sum(c.usage.total_tokens for c in result.calls if c.kind != "draft")
    final = next((d for d in result.drafts if d.attempt == result.final_attempt), None)
    return Outcome(
        prompt=prompt,
        text=result.final_answer,
        score=score(prompt, result.final_answer),
        first=score(prompt, first) if first is not None else None,
        tokens=result.usage.total_tokens,
        overhead_tokens=overhead,
        calls=len(result.calls),
        error=error or result.error,
        stop_reason=result.stop_reason,
        claimed=result.passed,
        account=final.verdict.account if final and final.verdict else "",
        final_attempt=result.final_attempt,
        drafts=[
            {
                "attempt": d.attempt,
                "feedback": d.feedback,
                "text": d.text,
                "passed": d.verdict.passed if d.verdict else None,
                "account": d.verdict.account if d.verdict else "",
                "verifier": score(prompt, d.text).passed,
            }
            for d in result.drafts
        ],
    )


async def arm_single(bench: Bench) -> ArmResult:
    # One attempt; the verifier check decides nothing and costs no tokens.
    return await redraft_arm(bench, "single draft", IFEvalCheck, attempts=1)


async def arm_redraft_verifier(bench: Bench) -> ArmResult:
    return await redraft_arm(bench, "redraft+verifier", IFEvalCheck, bench.args.max_attempts)


async def arm_redraft_judge(bench: Bench) -> ArmResult:
    def panel(prompt: IFEvalPrompt) -> Evaluator:
        return build_panel(bench.judge, criteria=prompt.criteria(), compile_checks=False)

    return await redraft_arm(bench, "redraft+judge", panel, bench.args.max_attempts)


def compiled_checks(prompt: IFEvalPrompt) -> Evaluator | None:
    """The checks redraft compiles from the prompt alone, or None when none compile."""
    try:
        return build_panel(None, request=prompt.text)
    except ConfigurationError:
        return None


async def arm_redraft_compiled(bench: Bench) -> ArmResult:
    result = await redraft_arm(bench, "redraft+compiled", compiled_checks, bench.args.max_attempts)
    covered = sum(compiled_checks(p) is not None for p in bench.prompts)
    result.notes.append(
        f"redraft+compiled: {covered} of {len(bench.prompts)} prompts compiled to at least "
        "one check; the others got a single draft (coverage per instruction: "
        "bench/criteria.py)"
    )
    return result


async def arm_redraft_compiled_judge(bench: Bench) -> ArmResult:
    def panel(prompt: IFEvalPrompt) -> Evaluator:
        return build_panel(bench.judge, criteria=prompt.criteria(), request=prompt.text)

    return await redraft_arm(bench, "redraft+compiled+judge", panel, bench.args.max_attempts)


def default_panel(bench: Bench) -> Callable[[IFEvalPrompt], Evaluator | None]:
    """What ``redraft ask`` runs by default: the checks compiled from the
    prompt, then the same model as judge, with no criteria beyond the prompt."""

    def panel(prompt: IFEvalPrompt) -> Evaluator | None:
        return build_panel(bench.judge, request=prompt.text)

    return panel


def checks_only(prompt: IFEvalPrompt) -> Evaluator | None:
    """``redraft ask --judge-model none``: the compiled checks and nothing else."""
    return build_panel(None, request=prompt.text)


def calibrated_panel(
    bench: Bench, reliability: Reliabilities
) -> Callable[[IFEvalPrompt], Evaluator | None]:
    """The default panel with the judge's record from its calibration."""

    def panel(prompt: IFEvalPrompt) -> Evaluator | None:
        return build_panel(bench.judge, request=prompt.text, reliability=reliability)

    return panel


async def calibrated_record(bench: Bench) -> Reliabilities:
    """What ``redraft judges calibrate`` records for the judge (100 items)."""
    comparisons = await calibrate(bench.judge, size=100, seed=0)
    records = measure_judges(comparisons)
    for record in records.values():
        print(f"[quality] calibrated {record.judge}: {record.describe()}", file=sys.stderr)
    return records


INTERLEAVED: dict[str, str] = {
    "single": "single draft",
    "default": "default",
    "checks": "checks only",
    "calibrated": "default, judge calibrated",
}
"""The arms run interleaved, prompt by prompt (``--interleave``), by key and report name."""


async def interleaved_arms(
    bench: Bench, names: Sequence[str], reliability: Reliabilities | None = None
) -> list[ArmResult]:
    """The product's own arms run prompt by prompt, each prompt through every
    arm in an order rotated per prompt, so a slow spell of the machine falls
    on every arm alike instead of on whichever ran then."""
    panels: dict[str, tuple[Callable[[IFEvalPrompt], Evaluator | None], int]] = {
        "single": (IFEvalCheck, 1),
        "default": (default_panel(bench), bench.args.max_attempts),
        "checks": (checks_only, bench.args.max_attempts),
        "calibrated": (calibrated_panel(bench, reliability or {}), bench.args.max_attempts),
    }
    outcomes: dict[str, dict[int, Outcome]] = {name: {} for name in names}
    walls = dict.fromkeys(names, 0.0)
    gate = asyncio.Semaphore(bench.args.concurrency)

    async def one(index: int, prompt: IFEvalPrompt) -> None:
        order = [names[(index + k) % len(names)] for k in range(len(names))]
        async with gate:
            for name in order:
                started = time.perf_counter()
                outcome = await run_prompt(bench, prompt, *panels[name])
                walls[name] += time.perf_counter() - started
                outcomes[name][prompt.key] = outcome
                print(
                    f"[quality] {prompt.key} {name}: "
                    f"{'pass' if outcome.score.passed else 'fail'} ({outcome.stop_reason})",
                    file=sys.stderr,
                    flush=True,
                )

    await asyncio.gather(*(one(i, p) for i, p in enumerate(bench.prompts)))
    return [
        ArmResult(
            INTERLEAVED[name],
            [outcomes[name][p.key] for p in bench.prompts],
            walls[name] / bench.args.concurrency,
        )
        for name in names
    ]


ARMS: dict[str, Callable[[Bench], Awaitable[ArmResult]]] = {
    "single": arm_single,
    "default": arm_single,  # run interleaved: see interleaved_arms
    "checks": arm_single,
    "calibrated": arm_single,
    "verifier": arm_redraft_verifier,
    "judge": arm_redraft_judge,
    "compiled": arm_redraft_compiled,
    "compiled+judge": arm_redraft_compiled_judge,
    "refine": arm_dspy_refine,
    "bestofn": arm_dspy_best_of_n,
}


# -- main -----------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, help="prompts in the subset")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="subset seed")
    parser.add_argument("--model", default="local", help="model spec (local, openai:…, …)")
    parser.add_argument("--judge-model", default=None, help="judge spec (default: --model)")
    parser.add_argument("--max-attempts", type=int, default=3, help="attempt cap of every arm")
    parser.add_argument("--max-tokens", type=int, default=DEFAULT_MAX_TOKENS)
    parser.add_argument(
        "--temperature", type=float, default=1.0, help="sampling temperature (DSPy forces 1.0)"
    )
    parser.add_argument("--concurrency", type=int, default=2, help="prompts at a time")
    parser.add_argument(
        "--arms", default=",".join(ARMS), help=f"comma-separated, from {', '.join(ARMS)}"
    )
    parser.add_argument(
        "--dspy-adapter",
        choices=("plain", "chat"),
        default="plain",
        help="plain: the prompt as it is, the reply as the answer; chat: DSPy's ChatAdapter",
    )
    parser.add_argument("--dspy-cache-dir", default="/tmp/redraft-bench-dspy-cache")
    parser.add_argument(
        "--prompts",
        type=Path,
        default=None,
        help="a held-out split in IFEval's input shape (bench/data/paraphrases.jsonl) "
        "instead of IFEval; --size and --seed sample it the same way",
    )
    parser.add_argument("--out", default="quality", help="report name under bench/results/")
    parser.add_argument(
        "--dump", type=Path, default=None, help="write every prompt's drafts per arm as JSONL"
    )
    args = parser.parse_args(argv)
    arms = [a.strip() for a in args.arms.split(",") if a.strip()]
    unknown = [a for a in arms if a not in ARMS]
    if unknown or not arms:
        parser.error(f"--arms: unknown {unknown}; choose from {', '.join(ARMS)}")
    if not 1 <= args.max_attempts <= 10:
        parser.error("--max-attempts must be 1..10")
    if args.size < 1 or args.concurrency < 1 or args.max_tokens < 1:
        parser.error("--size, --concurrency and --max-tokens must be ≥ 1")
    args.arm_names = arms
    return args


async def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    command = "bench/.venv/bin/python bench/quality.py " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    if args.prompts is None:
        prompts = select(args.size, args.seed)
    else:
        pool = [p for p in load_file(args.prompts) if p.scorable]
        prompts = random.Random(args.seed).sample(pool, min(args.size, len(pool)))
    models = ProviderRegistry()
    try:
        bench = Bench(
            args=args,
            prompts=prompts,
            generator=models.get(args.model),
            judge=models.get(args.judge_model or args.model),
        )
        together = [name for name in args.arm_names if name in INTERLEAVED]
        record = await calibrated_record(bench) if "calibrated" in together else None
        results = await interleaved_arms(bench, together, record) if together else []
        for name in args.arm_names:
            if name in INTERLEAVED:
                continue
            print(f"[quality] {name}: {len(prompts)} prompts…", file=sys.stderr, flush=True)
            result = await ARMS[name](bench)
            passed = sum(o.score.passed for o in result.outcomes)
            print(
                f"[quality] {result.name}: {passed}/{len(prompts)} passed, "
                f"{result.total_tokens} tokens, {result.wall_s:.1f}s",
                file=sys.stderr,
                flush=True,
            )
            results.append(result)
        report(bench, results, command.strip())
        if args.dump is not None:
            dump(args.dump, results)
    finally:
        await models.aclose()


if __name__ == "__main__":
    asyncio.run(main())
