"""Judge fidelity: does a judge's verdict agree with IFEval's verifiers?

One command (after ``make bench-env``)::

    make bench-fidelity                     # = bench/.venv/bin/python bench/fidelity.py
    make bench-fidelity ARGS="--judge-model local,openai:gpt-4o-mini"

For a seeded subset of IFEval prompts (``--size``, ``--seed``) it builds a
fixed set of drafts that no judge wrote in its own run:

- the **original**: one answer by ``--model`` (default the embedded ``local``);
- the **edited**: the same answer with mechanical edits that aim to satisfy
  each instruction (strip commas, lowercase, add the title, the postscript,
  the placeholders, cut or pad to the word count, …). The edits are only
  attempts: the verifier, never the edit, decides whether a draft passes.

Every judge (``--judge-model``, comma-separated, default ``--model``) judges
every draft with every preset (``--presets``) and as the **default panel**
(``panel``: the compiled checks first, then the ``checklist`` judge on what
they leave, exactly as ``redraft ask`` builds it), each verdict in a run of
its own through ``redraft.run`` (a scripted generator hands over the draft;
the judge's calls, budget and parsing are the real ones). The ``criteria``
preset gets the prompt's instructions as criteria, the ``checklist`` preset
the prompt's clauses as its items; the others judge the request as it is.

A verdict is pass, fail, or **uncertain** (``passed: null``: nothing failed
for sure, but not everything was verified or confidently judged). Agreement
is measured on the verdicts given; the share left uncertain is reported
beside it. A judge that fails (degraded verdict) counts as "fail", as in a
real run, and is counted apart. Against the verifier's prompt-level strict
verdict it reports balanced accuracy, Cohen's kappa, sensitivity (passes the
verifier passes), specificity (fails the verifier fails), false passes (the
share of its passes the verifier fails), pairs ranked right (edited passes,
original fails: does the judge score the edited one higher?), judge tokens
per verdict and wall time, and writes ``bench/results/<--out>.md`` and
``.png``.

On the same pairs it also asks each judge to **choose** between the two
drafts (``Judge.compare``: the checklist items, both orders, as the loop asks
when no draft passed and the checks cannot separate two): right when it
confidently prefers the edited draft, wrong when it confidently prefers the
original, undecided below the confidence floor.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _drafts import Confusion, Draft, write_drafts
from _ifeval import IFEvalPrompt, select, summary
from _report import Table, write_report

from redraft import Completion, ModelRequest, Policy, RunFailedError, RunRequest, run
from redraft.app import build_panel
from redraft.core import MIN_JUDGE_CONFIDENCE, CallKind
from redraft.criteria import account_requirements
from redraft.evaluators import JUDGE_PRESETS, EvaluationContext, Evaluator, Judge, Subject
from redraft.providers import Provider, ProviderRegistry, ScriptedModel

DEFAULT_SIZE = 12
DEFAULT_SEED = 11
DEFAULT_MAX_TOKENS = 160
PANEL = "panel"
"""The arm that judges with the default panel: compiled checks, then the checklist judge."""


# -- judging --------------------------------------------------------------------------


@dataclass(frozen=True)
class Judgement:
    draft: Draft
    passed: bool | None
    score: float
    degraded: bool
    tokens: int


async def judge_all(
    drafts: Sequence[Draft], judge: Provider, preset: str, args: argparse.Namespace
) -> tuple[list[Judgement], float]:
    gate = asyncio.Semaphore(args.concurrency)
    # The scripted "generator" only hands the draft over: no cut, no cost.
    policy = Policy(max_attempts=1, threshold=args.threshold, deadline_s=None, max_tokens=16_000)

    async def one(draft: Draft) -> Judgement:
        request = RunRequest.from_prompt(draft.prompt.text)
        evaluator = arm_evaluator(judge, preset, request, draft)
        async with gate:
            try:
                result = await run(
                    request,
                    generator=ScriptedModel([draft.text]),
                    evaluator=evaluator,
                    policy=policy,
                )
            except RunFailedError as failed:
                result = failed.result
        verdict = result.drafts[0].verdict if result.drafts else None
        tokens = sum(c.usage.total_tokens for c in result.calls if c.kind == "judge")
        if verdict is None:
            return Judgement(draft, False, 0.0, True, tokens)
        return Judgement(draft, verdict.passed, verdict.score, verdict.degraded, tokens)

    started = time.perf_counter()
    judgements = await asyncio.gather(*(one(d) for d in drafts))
    return list(judgements), time.perf_counter() - started


def arm_evaluator(judge: Provider, preset: str, request: RunRequest, draft: Draft) -> Evaluator:
    if preset == PANEL:
        return build_panel(judge, request=request)
    if preset == "checklist":
        clauses = account_requirements(request.prompt, None, [])
        return Judge(judge, preset, checklist=[c.text for c in clauses])
    criteria = draft.prompt.criteria() if preset == "criteria" else None
    return Judge(judge, preset, criteria=criteria)


@dataclass(frozen=True)
class Agreement:
    n: int
    uncertain: int
    positives: int
    judge_passes: int
    false_passes: int
    sensitivity: float
    specificity: float
    balanced_accuracy: float
    kappa: float
    pairs: int
    pairs_right: int


def agreement(judgements: Sequence[Judgement]) -> Agreement:
    given = [(j.draft.truth.passed, j.passed) for j in judgements if j.passed is not None]
    counts = Confusion.of((truth, said) for truth, said in given if said is not None)
    # Pairs: the edited draft passes the verifier, the original fails.
    by_prompt: dict[int, dict[str, Judgement]] = {}
    for j in judgements:
        by_prompt.setdefault(j.draft.prompt.key, {})[j.draft.kind] = j
    pairs = [
        (group["original"], group["edited"])
        for group in by_prompt.values()
        if "edited" in group
        and group["edited"].draft.truth.passed
        and not group["original"].draft.truth.passed
    ]
    return Agreement(
        n=counts.n,
        uncertain=len(judgements) - counts.n,
        positives=counts.tp + counts.fn,
        judge_passes=counts.tp + counts.fp,
        false_passes=counts.fp,
        sensitivity=counts.sensitivity,
        specificity=counts.specificity,
        balanced_accuracy=counts.balanced_accuracy,
        kappa=counts.kappa,
        pairs=len(pairs),
        pairs_right=sum(edited.score > original.score for original, edited in pairs),
    )


# -- choosing between two drafts --------------------------------------------------------


@dataclass(frozen=True)
class PairwiseStats:
    pairs: int
    right: int
    wrong: int
    tokens: int
    wall_s: float


class _CountingGateway:
    """The judge's calls straight to its provider, their tokens counted."""

    def __init__(self) -> None:
        self.tokens = 0

    async def complete(
        self,
        provider: Provider,
        request: ModelRequest,
        *,
        kind: CallKind,
        attempt: int,
        evaluator: str | None = None,
    ) -> Completion:
        completion = await provider.complete(request)
        self.tokens += completion.usage.total_tokens
        return completion


async def compare_pairs(
    drafts: Sequence[Draft], judge: Provider, args: argparse.Namespace
) -> PairwiseStats:
    by_prompt: dict[int, dict[str, Draft]] = {}
    for draft in drafts:
        by_prompt.setdefault(draft.prompt.key, {})[draft.kind] = draft
    pairs = [
        (group["original"], group["edited"])
        for group in by_prompt.values()
        if "edited" in group and group["edited"].truth.passed and not group["original"].truth.passed
    ]
    gateway = _CountingGateway()
    context = EvaluationContext(threshold=args.threshold, gateway=gateway)
    gate = asyncio.Semaphore(max(1, args.concurrency // 2))

    async def one(original: Draft, edited: Draft) -> int:
        request = RunRequest.from_prompt(original.prompt.text)
        clauses = account_requirements(request.prompt, None, [])
        chooser = Judge(judge, "checklist", checklist=[c.text for c in clauses])
        async with gate:
            preference = await chooser.compare(
                Subject(request=request, text=original.text),
                Subject(request=request, text=edited.text, attempt=2),
                context,
            )
        if preference is None or preference.confidence < MIN_JUDGE_CONFIDENCE:
            return 0
        return 1 if preference.p_second > 0.5 else -1

    started = time.perf_counter()
    outcomes = await asyncio.gather(*(one(o, e) for o, e in pairs))
    return PairwiseStats(
        pairs=len(pairs),
        right=outcomes.count(1),
        wrong=outcomes.count(-1),
        tokens=gateway.tokens,
        wall_s=time.perf_counter() - started,
    )


# -- main -----------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, help="prompts in the subset")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="subset seed")
    parser.add_argument("--model", default="local", help="model that writes the drafts")
    parser.add_argument(
        "--judge-model", default=None, help="judge specs, comma-separated (default: --model)"
    )
    parser.add_argument(
        "--presets",
        default=",".join([*JUDGE_PRESETS, PANEL]),
        help=f"judge presets, comma-separated ('{PANEL}': the default panel)",
    )
    parser.add_argument("--threshold", type=float, default=0.8, help="judge pass threshold")
    parser.add_argument("--max-attempts", type=int, default=1, help="must be 1: verdicts only")
    parser.add_argument("--max-tokens", type=int, default=DEFAULT_MAX_TOKENS, help="per draft")
    parser.add_argument("--temperature", type=float, default=1.0, help="drafting temperature")
    parser.add_argument("--concurrency", type=int, default=2, help="calls at a time")
    parser.add_argument("--out", default="fidelity", help="report name under bench/results/")
    args = parser.parse_args(argv)
    args.presets = [p.strip() for p in args.presets.split(",") if p.strip()]
    known = [*JUDGE_PRESETS, PANEL]
    unknown = [p for p in args.presets if p not in known]
    if unknown or not args.presets:
        parser.error(f"--presets: unknown {unknown}; choose from {', '.join(known)}")
    args.judges = [j.strip() for j in (args.judge_model or args.model).split(",") if j.strip()]
    if args.max_attempts != 1:
        parser.error("--max-attempts: fidelity judges single drafts; it must be 1")
    if not 0 <= args.threshold <= 1:
        parser.error("--threshold must be 0..1")
    if args.size < 1 or args.concurrency < 1 or args.max_tokens < 1:
        parser.error("--size, --concurrency and --max-tokens must be ≥ 1")
    return args


async def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    command = "bench/.venv/bin/python bench/fidelity.py " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    prompts = select(args.size, args.seed)
    models = ProviderRegistry()
    rows: list[tuple[str, str, Agreement, int, int, float]] = []
    choices: list[tuple[str, PairwiseStats]] = []
    try:
        started = time.perf_counter()
        drafts = await write_drafts(prompts, models.get(args.model), args)
        drafting_s = time.perf_counter() - started
        print(
            f"[fidelity] {len(drafts)} drafts, "
            f"{sum(d.truth.passed for d in drafts)} pass the verifier, {drafting_s:.1f}s",
            file=sys.stderr,
            flush=True,
        )
        for judge_spec in args.judges:
            judge = models.get(judge_spec)
            for preset in args.presets:
                judgements, wall = await judge_all(drafts, judge, preset, args)
                stats = agreement(judgements)
                degraded = sum(j.degraded for j in judgements)
                tokens = sum(j.tokens for j in judgements)
                rows.append((judge_spec, preset, stats, degraded, tokens, wall))
                print(
                    f"[fidelity] {judge_spec} {preset}: balanced accuracy "
                    f"{stats.balanced_accuracy:.3f}, kappa {stats.kappa:.3f}, {wall:.1f}s",
                    file=sys.stderr,
                    flush=True,
                )
            chosen = await compare_pairs(drafts, judge, args)
            choices.append((judge_spec, chosen))
            print(
                f"[fidelity] {judge_spec} pairwise: {chosen.right} right, {chosen.wrong} wrong "
                f"of {chosen.pairs}, {chosen.wall_s:.1f}s",
                file=sys.stderr,
                flush=True,
            )
    finally:
        await models.aclose()
    report(args, prompts, drafts, rows, choices, drafting_s, command.strip())


def report(
    args: argparse.Namespace,
    prompts: Sequence[IFEvalPrompt],
    drafts: Sequence[Draft],
    rows: Sequence[tuple[str, str, Agreement, int, int, float]],
    choices: Sequence[tuple[str, PairwiseStats]],
    drafting_s: float,
    command: str,
) -> None:
    table = Table(
        [
            "judge",
            "preset",
            "verdicts given",
            "uncertain",
            "verifier passes",
            "judge passes",
            "false passes (share of its passes)",
            "sensitivity",
            "specificity",
            "balanced accuracy",
            "Cohen's kappa",
            "pairs ranked right",
            "judge errors",
            "judge tokens per verdict",
            "wall s",
        ]
    )
    for judge_spec, preset, stats, degraded, tokens, wall in rows:
        total = stats.n + stats.uncertain
        false_share = stats.false_passes / stats.judge_passes if stats.judge_passes else 0.0
        table.add(
            judge_spec,
            preset,
            stats.n,
            f"{stats.uncertain}/{total}",
            stats.positives,
            stats.judge_passes,
            f"{stats.false_passes} ({false_share:.0%})",
            stats.sensitivity,
            stats.specificity,
            stats.balanced_accuracy,
            stats.kappa,
            f"{stats.pairs_right}/{stats.pairs}",
            degraded,
            round(tokens / total) if total else 0,
            f"{wall:.1f}",
        )
    pairwise = Table(
        ["judge", "pairs", "right", "wrong", "undecided", "judge tokens per pair", "wall s"]
    )
    for judge_spec, chosen in choices:
        pairwise.add(
            judge_spec,
            chosen.pairs,
            chosen.right,
            chosen.wrong,
            chosen.pairs - chosen.right - chosen.wrong,
            round(chosen.tokens / chosen.pairs) if chosen.pairs else 0,
            f"{chosen.wall_s:.1f}",
        )
    originals = [d for d in drafts if d.kind == "original"]
    edited = [d for d in drafts if d.kind == "edited"]
    notes = [
        f"size {len(prompts)} prompts, seed {args.seed} (keys "
        f"{', '.join(str(p.key) for p in prompts)})",
        f"drafts by `{args.model}` (max_tokens {args.max_tokens}, temperature "
        f"{args.temperature}, {drafting_s:.0f}s): {len(originals)} originals "
        f"({sum(d.truth.passed for d in originals)} pass the verifier) and {len(edited)} "
        f"mechanically edited copies ({sum(d.truth.passed for d in edited)} pass)",
        f"judge threshold {args.threshold}; a degraded verdict (judge error) counts as fail; "
        "`criteria` gets the prompt's instructions as criteria, `checklist` the prompt's "
        "clauses as items, the other presets judge the request alone; `panel` is the "
        "default panel (compiled checks, then the checklist judge on what they leave)",
        "uncertain: verdicts that passed nothing and failed nothing for sure (`passed: "
        "null`); every other column counts the verdicts given",
        "positive = the verifier passes the draft (IFEval prompt-level strict); sensitivity: "
        "share of verifier passes the judge passes; specificity: share of verifier fails the "
        "judge fails; balanced accuracy: their mean (0.5 = chance); kappa: agreement beyond "
        "chance (0 = chance, 1 = perfect)",
        "pairs ranked right: prompts whose edited draft passes and original fails, where the "
        "judge scored the edited draft higher (ties count as wrong)",
        "choosing: the checklist judge asked which of the pair meets the prompt's clauses "
        "better, both orders; right/wrong count confident preferences (confidence ≥ "
        f"{MIN_JUDGE_CONFIDENCE}, both orders agreeing), the rest are undecided",
        *summary().lines(),
    ]

    def plot(figure: Any) -> None:
        axis = figure.subplots()
        labels = [f"{j}\n{p}" for j, p, *_ in rows]
        xs = range(len(rows))
        accuracy = [r[2].balanced_accuracy for r in rows]
        kappa = [r[2].kappa for r in rows]
        axis.bar([x - 0.2 for x in xs], accuracy, width=0.4, label="balanced accuracy")
        axis.bar([x + 0.2 for x in xs], kappa, width=0.4, label="Cohen's kappa")
        axis.axhline(0.5, color="gray", linestyle=":", linewidth=1, label="chance (accuracy)")
        axis.axhline(0.0, color="black", linewidth=0.8)
        axis.set_xticks(list(xs), labels, fontsize=8)
        axis.set_ylim(-1, 1)
        axis.legend(fontsize=8)
        axis.set_title(
            f"Judge vs IFEval verifier on {len(drafts)} drafts ({len(prompts)} prompts)",
            fontsize=10,
        )

    write_report(
        args.out,
        title="Judge fidelity: agreement with IFEval's verifiers",
        command=command,
        tables={
            "Judge verdict vs verifier (prompt-level strict)": table,
            "Choosing between two drafts (edited passes, original fails)": pairwise,
        },
        plot=plot,
        notes=notes,
    )


if __name__ == "__main__":
    asyncio.run(main())
