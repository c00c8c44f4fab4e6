"""Criteria compilation on IFEval: what the compiled checks cover, and whether
they agree with IFEval's own verifiers on real drafts.

One command (after ``make bench-env``)::

    make bench-criteria                     # = bench/.venv/bin/python bench/criteria.py
    make bench-criteria ARGS="--size 100"

- **Coverage** (all 541 prompts, offline, instant): an IFEval instruction is
  covered when :func:`redraft.compile_checks`, given the prompt text alone,
  emits a check of the kind that states the same requirement (``no_comma`` →
  ``forbidden_chars``, ``number_words`` → ``word_count``, …). Instruction types
  the vocabulary has no kind for are reported as such. Checks that match no
  listed instruction are counted as **extra** and listed, so a reader can tell
  a false compilation from a requirement IFEval does not list.
- **Agreement** (a seeded subset, ``--size``): for every draft (the model's
  original answer and a mechanically edited copy, see ``_drafts.py``) and
  every covered, scorable instruction, the compiled check's verdict against
  the verifier's; agreement, Cohen's kappa, per type, and the disagreements.

The pass-rate uplift when compiled-check feedback drives redrafts is the
``redraft+compiled`` arm of ``bench/quality.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _drafts import Confusion, Draft, write_drafts
from _ifeval import IFEvalPrompt, Instruction, load_prompts, select, summary
from _report import Table, write_report

from redraft.criteria import CheckSpec, CompiledCheck, compile_checks, judge_text
from redraft.providers import ProviderRegistry

DEFAULT_SIZE = 40
DEFAULT_SEED = 13
DEFAULT_MAX_TOKENS = 160

COVERS: dict[str, dict[str, Any]] = {
    "punctuation:no_comma": {"kind": "forbidden_chars"},
    "length_constraints:number_words": {"kind": "word_count"},
    "length_constraints:number_sentences": {"kind": "sentence_count"},
    "length_constraints:number_paragraphs": {"kind": "paragraph_count"},
    "keywords:existence": {"kind": "keyword"},
    "keywords:frequency": {"kind": "keyword"},
    "keywords:forbidden_words": {"kind": "forbidden_words"},
    "keywords:letter_frequency": {"kind": "letter_count"},
    "change_case:english_lowercase": {"kind": "letter_case", "case": "lower"},
    "change_case:english_capital": {"kind": "letter_case", "case": "upper"},
    "change_case:capital_word_frequency": {"kind": "capital_word_count"},
    "startend:end_checker": {"kind": "ends_with"},
    "startend:quotation": {"kind": "wrapped", "style": "double_quotes"},
    "detectable_format:title": {"kind": "title"},
    "detectable_format:number_bullet_lists": {"kind": "bullet_count"},
    "detectable_format:number_highlighted_sections": {"kind": "highlight_count"},
    "detectable_format:multiple_sections": {"kind": "section_count"},
    "detectable_format:json_format": {"kind": "json"},
    "detectable_content:number_placeholders": {"kind": "placeholder_count"},
    "detectable_content:postscript": {"kind": "postscript"},
    "combination:repeat_prompt": {"kind": "repeat_request"},
    "language:response_language": {"kind": "language"},
}
"""Which check states the same requirement as an IFEval instruction type (the
spec fields that must match). Types missing here have no kind in the
vocabulary: nth_paragraph_first_word, constrained_response, two_responses."""


def _matches(instruction: Instruction, spec: CheckSpec) -> bool:
    want = COVERS.get(instruction.id)
    if want is None:
        return False
    fields = spec.model_dump()
    return all(fields.get(key) == value for key, value in want.items())


@dataclass(frozen=True)
class Compilation:
    """One prompt's compiled checks, matched to its instructions."""

    prompt: IFEvalPrompt
    checks: tuple[CompiledCheck, ...]
    covering: tuple[tuple[CompiledCheck, ...], ...]
    """For each instruction, the compiled checks that state it."""

    @property
    def extra(self) -> list[CompiledCheck]:
        used = {id(c) for group in self.covering for c in group}
        return [c for c in self.checks if id(c) not in used]


def compile_prompt(prompt: IFEvalPrompt) -> Compilation:
    checks = tuple(compile_checks(prompt.text))
    covering = tuple(tuple(c for c in checks if _matches(i, c.spec)) for i in prompt.instructions)
    return Compilation(prompt, checks, covering)


# -- agreement ------------------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    draft: Draft
    instruction: Instruction
    verifier: bool
    checks: bool
    reasons: tuple[str, ...]


def compare(drafts: Sequence[Draft], compilations: dict[int, Compilation]) -> list[Comparison]:
    """Every covered, scorable instruction of every draft: verifier vs checks."""
    found = []
    for draft in drafts:
        compilation = compilations[draft.prompt.key]
        for result, covering in zip(draft.truth.results, compilation.covering, strict=True):
            if not covering or result.status == "unscorable":
                continue
            outcomes = [judge_text(c.spec, draft.text) for c in covering]
            found.append(
                Comparison(
                    draft,
                    result.instruction,
                    verifier=result.status == "pass",
                    checks=all(o.passed or o.skipped for o in outcomes),
                    reasons=tuple(o.reason for o in outcomes),
                )
            )
    return found


# -- report ---------------------------------------------------------------------------


def report(
    args: argparse.Namespace,
    compilations: Sequence[Compilation],
    drafts: Sequence[Draft],
    comparisons: Sequence[Comparison],
    drafting_s: float,
    compile_s: float,
    command: str,
) -> Path:
    per_type: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for compilation in compilations:
        for instruction, covering in zip(
            compilation.prompt.instructions, compilation.covering, strict=True
        ):
            per_type[instruction.id][0] += 1
            per_type[instruction.id][1] += bool(covering)
    by_type: dict[str, list[Comparison]] = defaultdict(list)
    for comparison in comparisons:
        by_type[comparison.instruction.id].append(comparison)

    types = Table(
        [
            "instruction type",
            "instructions",
            "covered",
            "coverage",
            "drafts compared",
            "agreement",
            "Cohen's kappa",
        ]
    )
    for type_id, (total, covered) in sorted(per_type.items(), key=lambda kv: -kv[1][0]):
        compared = by_type.get(type_id, [])
        counts = Confusion.of((c.verifier, c.checks) for c in compared)
        types.add(
            type_id if type_id in COVERS else f"{type_id} (no check kind)",
            total,
            covered,
            covered / total,
            counts.n or None,
            counts.agreement if counts.n else None,
            counts.kappa if counts.n else None,
        )
    instructions = sum(t for t, _ in per_type.values())
    covered = sum(c for _, c in per_type.values())
    expressible = sum(t for type_id, (t, _) in per_type.items() if type_id in COVERS)
    overall = Confusion.of((c.verifier, c.checks) for c in comparisons)
    extra = [(c.prompt.key, check) for c in compilations for check in c.extra]
    totals = Table(["measure", "value"])
    totals.add("IFEval instructions (541 prompts)", instructions)
    totals.add("covered by a compiled check", f"{covered} ({covered / instructions:.1%})")
    totals.add(
        "covered, of the types the vocabulary can express",
        f"{covered} of {expressible} ({covered / expressible:.1%})",
    )
    totals.add(
        "prompts with every instruction covered",
        sum(all(g) for g in (c.covering for c in compilations)),
    )
    totals.add("extra checks (match no listed instruction)", len(extra))
    totals.add("rule compiler time, all 541 prompts", f"{compile_s * 1000:.0f} ms")
    totals.add("instruction verdicts compared on drafts", overall.n)
    totals.add("agreement with the verifier", overall.agreement)
    totals.add("Cohen's kappa", overall.kappa)
    totals.add("check passes, verifier fails", overall.fp)
    totals.add("check fails, verifier passes", overall.fn)

    disagreements = [c for c in comparisons if c.verifier != c.checks]
    notes = [
        f"agreement subset: {args.size} prompts, seed {args.seed}; drafts by `{args.model}` "
        f"(max_tokens {args.max_tokens}, temperature {args.temperature}, {drafting_s:.0f}s): "
        f"{sum(d.kind == 'original' for d in drafts)} originals and "
        f"{sum(d.kind == 'edited' for d in drafts)} mechanically edited copies",
        "coverage: the prompt text alone is compiled (rules only, no LLM compiler); an "
        "instruction is covered when a compiled check of the kind stating it exists "
        "(its parameters are tested by the agreement on drafts)",
        *summary().lines(),
    ]
    notes += [
        f"extra check, prompt {key}: {check.spec.kind_name()} ({check.describe()}) "
        f"from {check.source_text!r}"
        for key, check in extra[: args.show]
    ]
    notes += [
        f"disagreement, prompt {c.draft.prompt.key} ({c.draft.kind}), {c.instruction.id} "
        f"{c.instruction.kwargs}: verifier {'pass' if c.verifier else 'fail'}, check "
        f"{'pass' if c.checks else 'fail'} ({'; '.join(c.reasons)})"
        for c in disagreements[: args.show]
    ]

    def plot(figure: Any) -> None:
        rows = sorted(per_type.items(), key=lambda kv: kv[1][0])
        axis = figure.subplots()
        ys = range(len(rows))
        axis.barh(list(ys), [t for _, (t, _) in rows], color="lightgray", label="instructions")
        axis.barh(list(ys), [c for _, (_, c) in rows], color="tab:blue", label="covered")
        axis.set_yticks(list(ys), [type_id.split(":")[1] for type_id, _ in rows], fontsize=7)
        axis.set_xlabel("IFEval instructions (541 prompts)")
        axis.legend(fontsize=8)
        axis.set_title(
            f"Compiled-check coverage {covered / instructions:.0%}; agreement with the "
            f"verifier {overall.agreement:.0%} (kappa {overall.kappa:.2f})",
            fontsize=10,
        )

    return write_report(
        args.out,
        title="Criteria compilation: coverage and agreement on IFEval",
        command=command,
        tables={"Totals": totals, "By instruction type": types},
        plot=plot,
        notes=notes,
    )


# -- main -----------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE, help="prompts with drafts")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="subset seed")
    parser.add_argument("--model", default="local", help="model that writes the drafts")
    parser.add_argument("--max-tokens", type=int, default=DEFAULT_MAX_TOKENS, help="per draft")
    parser.add_argument("--temperature", type=float, default=1.0, help="drafting temperature")
    parser.add_argument("--concurrency", type=int, default=2, help="drafts at a time")
    parser.add_argument("--show", type=int, default=15, help="examples listed")
    parser.add_argument("--out", default="criteria", help="report name under bench/results/")
    args = parser.parse_args(argv)
    if args.size < 0 or args.concurrency < 1 or args.max_tokens < 1 or args.show < 0:
        parser.error("--size and --show must be ≥ 0, --concurrency and --max-tokens ≥ 1")
    return args


async def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    command = "bench/.venv/bin/python bench/criteria.py " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    started = time.perf_counter()
    compilations = [compile_prompt(p) for p in load_prompts()]
    compile_s = time.perf_counter() - started
    kinds = Counter(c.spec.kind_name() for comp in compilations for c in comp.checks)
    print(
        f"[criteria] compiled 541 prompts in {compile_s * 1000:.0f} ms: "
        f"{sum(kinds.values())} checks",
        file=sys.stderr,
        flush=True,
    )
    prompts = select(args.size, args.seed) if args.size else []
    models = ProviderRegistry()
    try:
        started = time.perf_counter()
        drafts = await write_drafts(prompts, models.get(args.model), args) if prompts else []
        drafting_s = time.perf_counter() - started
    finally:
        await models.aclose()
    comparisons = compare(drafts, {c.prompt.key: c for c in compilations})
    report(args, compilations, drafts, comparisons, drafting_s, compile_s, command.strip())


if __name__ == "__main__":
    asyncio.run(main())
