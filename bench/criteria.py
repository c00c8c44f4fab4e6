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

- **Exactness** (``_exactness.py``): an instruction is exact when every check
  covering it sits in a clause the requirement account calls exact (checks
  alone may pass it). On the drafts: instruction-level false passes (exact,
  every covering check passes, the verifier fails it) and prompt-level false
  passes (every clause exact and passed, some verifier fails). Target: 0.
- **Splits**: IFEval as written; each instruction family as its own row,
  marked *taught this session* when its rule was written from our own
  phrasings (so IFEval's prompts of that family are held out) or *older*;
  and ``--paraphrases FILE`` (IFEval's input shape, written blind to the
  compiler), measured once, after the compiler is final.

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
from _exactness import Account, Tally, account, exact_instruction, tally
from _ifeval import IFEvalPrompt, Instruction, load_file, load_prompts, select, summary
from _report import Table, write_report

from redraft.criteria import (
    CheckSpec,
    CompiledCheck,
    compile_checks,
    measure_text,
    raise_rule_errors,
)
from redraft.providers import ProviderRegistry

DEFAULT_SIZE = 40
DEFAULT_SEED = 13
DEFAULT_MAX_TOKENS = 160

COVERS: dict[str, tuple[dict[str, Any], ...]] = {
    "punctuation:no_comma": ({"kind": "forbidden_chars"},),
    "length_constraints:number_words": ({"kind": "word_count"},),
    "length_constraints:number_sentences": ({"kind": "sentence_count"},),
    "length_constraints:number_paragraphs": ({"kind": "paragraph_count"},),
    "keywords:existence": ({"kind": "keyword"},),
    "keywords:frequency": ({"kind": "keyword"},),
    "keywords:forbidden_words": ({"kind": "forbidden_words"},),
    "keywords:letter_frequency": ({"kind": "letter_count"},),
    "change_case:english_lowercase": ({"kind": "letter_case", "case": "lower"},),
    "change_case:english_capital": ({"kind": "letter_case", "case": "upper"},),
    "change_case:capital_word_frequency": ({"kind": "capital_word_count"},),
    "startend:end_checker": ({"kind": "ends_with"},),
    "startend:quotation": ({"kind": "wrapped", "style": "double_quotes"},),
    "detectable_format:title": ({"kind": "title"},),
    "detectable_format:number_bullet_lists": ({"kind": "bullet_count"},),
    "detectable_format:number_highlighted_sections": ({"kind": "highlight_count"},),
    "detectable_format:multiple_sections": ({"kind": "section_count"},),
    "detectable_format:json_format": ({"kind": "json"},),
    "detectable_content:number_placeholders": ({"kind": "placeholder_count"},),
    "detectable_content:postscript": ({"kind": "postscript"},),
    "combination:repeat_prompt": ({"kind": "repeat_request"},),
    "language:response_language": ({"kind": "language"},),
    "detectable_format:constrained_response": ({"kind": "phrase_choice"},),
    "combination:two_responses": ({"kind": "separated_versions"},),
    "length_constraints:nth_paragraph_first_word": (
        {"kind": "word_at", "part": "paragraph", "position": 1},
        {"kind": "paragraph_count", "relation": "exactly"},
    ),
}
"""Which checks state the same requirement as an IFEval instruction type: for
each, the spec fields one check must match (every one of them must be met;
nth_paragraph_first_word needs the first word and the paragraph count)."""

TAUGHT: dict[str, str] = {
    "length_constraints:nth_paragraph_first_word": "the word at a position (word_at)",
}
"""Instruction types whose rule was written this session from our own
phrasings, never from IFEval's prompts: IFEval's prompts of these types are a
held-out split."""


def _fits(want: dict[str, Any], spec: CheckSpec) -> bool:
    fields = spec.model_dump()
    return all(fields.get(key) == value for key, value in want.items())


def _covering(
    instruction: Instruction, checks: Sequence[CompiledCheck]
) -> tuple[CompiledCheck, ...]:
    """The checks stating ``instruction``; none unless every part of it is stated."""
    wants = COVERS.get(instruction.id, ())
    groups = [[c for c in checks if _fits(want, c.spec)] for want in wants]
    if not groups or not all(groups):
        return ()
    return tuple(c for c in checks if any(c in group for group in groups))


@dataclass(frozen=True)
class Compilation:
    """One prompt's compiled checks, matched to its instructions."""

    prompt: IFEvalPrompt
    checks: tuple[CompiledCheck, ...]
    covering: tuple[tuple[CompiledCheck, ...], ...]
    """For each instruction, the compiled checks that state it."""
    account: Account

    @property
    def exact(self) -> tuple[bool, ...]:
        """For each instruction, whether checks alone may pass it."""
        return tuple(exact_instruction(g, self.checks, self.account) for g in self.covering)

    @property
    def extra(self) -> list[CompiledCheck]:
        used = {id(c) for group in self.covering for c in group}
        return [c for c in self.checks if id(c) not in used]


def compile_prompt(prompt: IFEvalPrompt) -> Compilation:
    with raise_rule_errors():  # a rule's bug must fail the benchmark
        checks = tuple(compile_checks(prompt.text))
    covering = tuple(_covering(i, checks) for i in prompt.instructions)
    return Compilation(prompt, checks, covering, account(prompt.text, checks))


def exactness(
    drafts: Sequence[Draft], compilations: Sequence[Compilation], only: set[str] | None = None
) -> Tally:
    by_key = {c.prompt.key: c for c in compilations}
    keys = {d.prompt.key for d in drafts}
    return tally(
        drafts,
        {k: by_key[k].checks for k in keys},
        {k: by_key[k].covering for k in keys},
        {k: by_key[k].account for k in keys},
        only,
    )


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
            outcomes = [measure_text(c.spec, draft.text) for c in covering]
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


@dataclass(frozen=True)
class Split:
    """One split's prompts, compilations and drafts."""

    name: str
    compilations: tuple[Compilation, ...]
    drafts: tuple[Draft, ...]

    def row(self, table: Table, only: set[str] | None = None) -> Tally:
        pairs = [
            (i.id, bool(g), e)
            for c in self.compilations
            for i, g, e in zip(c.prompt.instructions, c.covering, c.exact, strict=True)
            if only is None or i.id in only
        ]
        keys = {
            c.prompt.key
            for c in self.compilations
            if only is None or any(i.id in only for i in c.prompt.instructions)
        }
        drafts = [d for d in self.drafts if d.prompt.key in keys]
        found = exactness(drafts, self.compilations, only)
        total, covered, exact = len(pairs), sum(p[1] for p in pairs), sum(p[2] for p in pairs)
        table.add(
            self.name,
            len(keys),
            total,
            f"{covered} ({covered / total:.1%})" if total else None,
            f"{exact} ({exact / total:.1%})" if total else None,
            sum(c.account.checks_only for c in self.compilations if c.prompt.key in keys),
            sum(all(c.exact) for c in self.compilations if c.prompt.key in keys),
            found.drafts,
            found.exact_verdicts,
            found.instruction_false,
            found.checks_only_passes,
            found.prompt_false,
        )
        return found


SPLIT_COLUMNS = [
    "split",
    "prompts",
    "instructions",
    "covered",
    "exact",
    "prompts: every clause exact",
    "prompts: every instruction exact",
    "drafts",
    "exact verdicts on drafts",
    "instruction false passes",
    "drafts of all-exact prompts the checks pass",
    "prompt false passes",
]


def report(
    args: argparse.Namespace,
    compilations: Sequence[Compilation],
    drafts: Sequence[Draft],
    comparisons: Sequence[Comparison],
    drafting_s: float,
    compile_s: float,
    command: str,
    paraphrases: Split | None = None,
) -> Path:
    per_type: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for compilation in compilations:
        for instruction, covering, exact in zip(
            compilation.prompt.instructions, compilation.covering, compilation.exact, strict=True
        ):
            per_type[instruction.id][0] += 1
            per_type[instruction.id][1] += bool(covering)
            per_type[instruction.id][2] += exact
    by_type: dict[str, list[Comparison]] = defaultdict(list)
    for comparison in comparisons:
        by_type[comparison.instruction.id].append(comparison)
    ifeval = Split("IFEval as written", tuple(compilations), tuple(drafts))
    splits = Table(SPLIT_COLUMNS)
    tallies = [ifeval.row(splits)]
    taught = set(TAUGHT)
    older = {t for t in per_type if t not in taught and t in COVERS}
    tallies.append(
        Split(
            "IFEval, families taught this session (held out)", ifeval.compilations, ifeval.drafts
        ).row(splits, taught)
    )
    Split("IFEval, older families", ifeval.compilations, ifeval.drafts).row(splits, older)
    if paraphrases is not None:
        tallies.append(paraphrases.row(splits))

    families = Table(["family (held out one at a time)", "taught", *SPLIT_COLUMNS[1:]])
    for type_id in sorted(per_type, key=lambda t: (t not in taught, -per_type[t][0])):
        row = Table(SPLIT_COLUMNS)
        Split(type_id, ifeval.compilations, ifeval.drafts).row(row, {type_id})
        name = type_id if type_id in COVERS else f"{type_id} (no check kind)"
        families.add(name, "this session" if type_id in taught else "older", *row.rows[0][1:])

    types = Table(
        [
            "instruction type",
            "instructions",
            "covered",
            "coverage",
            "exact",
            "drafts compared",
            "agreement",
            "Cohen's kappa",
        ]
    )
    for type_id, (total, covered, exact_count) in sorted(
        per_type.items(), key=lambda kv: -kv[1][0]
    ):
        compared = by_type.get(type_id, [])
        counts = Confusion.of((c.verifier, c.checks) for c in compared)
        types.add(
            type_id if type_id in COVERS else f"{type_id} (no check kind)",
            total,
            covered,
            covered / total,
            exact_count,
            counts.n or None,
            counts.agreement if counts.n else None,
            counts.kappa if counts.n else None,
        )
    instructions = sum(t for t, _, _ in per_type.values())
    covered = sum(c for _, c, _ in per_type.values())
    exact_total = sum(e for _, _, e in per_type.values())
    expressible = sum(t for type_id, (t, _, _) in per_type.items() if type_id in COVERS)
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
        "exact (checks alone may pass it)", f"{exact_total} ({exact_total / instructions:.1%})"
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
        f"false pass ({name}), prompt {x.draft.prompt.key} ({x.draft.kind}): {x.instruction_id} "
        f"{x.kwargs} fails the verifier; checks passed: {'; '.join(x.checks)}"
        for name, found in zip(["IFEval", "held out", "paraphrases"], tallies, strict=False)
        for x in found.examples[: args.show]
    ]
    notes += [
        f"exactness: an instruction is exact when every check covering it sits in a clause "
        f"the requirement account calls exact; drafts: the agreement subset plus every "
        f"scorable prompt of a family taught this session ({', '.join(TAUGHT)})",
    ]
    if paraphrases is not None:
        notes.append(
            f"paraphrases: {args.paraphrases}, {len(paraphrases.compilations)} prompts, "
            f"{len(paraphrases.drafts)} drafts; measured once, after the compiler was final"
        )
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
        axis.barh(list(ys), [t for _, (t, _, _) in rows], color="lightgray", label="instructions")
        axis.barh(list(ys), [c for _, (_, c, _) in rows], color="tab:blue", label="covered")
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
        tables={
            "Totals": totals,
            "Splits: coverage, exactness and false passes": splits,
            "Each family held out": families,
            "By instruction type": types,
        },
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
    parser.add_argument(
        "--paraphrases", type=Path, default=None, help="a held-out file in IFEval's input shape"
    )
    parser.add_argument(
        "--paraphrase-size", type=int, default=0, help="paraphrase prompts drafted (0 = all)"
    )
    args = parser.parse_args(argv)
    if args.size < 0 or args.concurrency < 1 or args.max_tokens < 1 or args.show < 0:
        parser.error("--size and --show must be ≥ 0, --concurrency and --max-tokens ≥ 1")
    return args


async def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    command = "bench/.venv/bin/python bench/criteria.py " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    every = load_prompts()
    # The compiler's patterns compile on first use (once per process, about
    # 9 s for all of them): an untimed pass first, so the time is compiling's
    for prompt in every:
        compile_checks(prompt.text)
    started = time.perf_counter()
    compilations = [compile_prompt(p) for p in every]
    compile_s = time.perf_counter() - started
    kinds = Counter(c.spec.kind_name() for comp in compilations for c in comp.checks)
    print(
        f"[criteria] compiled 541 prompts in {compile_s * 1000:.0f} ms: "
        f"{sum(kinds.values())} checks",
        file=sys.stderr,
        flush=True,
    )
    prompts = select(args.size, args.seed) if args.size else []
    chosen = {p.key for p in prompts}
    family = [
        p
        for p in load_prompts()
        if p.scorable and p.key not in chosen and any(i.id in TAUGHT for i in p.instructions)
    ]
    held: list[IFEvalPrompt] = []
    if args.paraphrases is not None:
        held = list(load_file(args.paraphrases))
        held = [p for p in held if p.scorable]
        if args.paraphrase_size:
            held = held[: args.paraphrase_size]
    models = ProviderRegistry()
    try:
        started = time.perf_counter()
        writer = models.get(args.model)
        drafts = await write_drafts(prompts, writer, args) if prompts else []
        drafting_s = time.perf_counter() - started
        extra = await write_drafts(family, writer, args) if family else []
        held_drafts = await write_drafts(held, writer, args) if held else []
    finally:
        await models.aclose()
    comparisons = compare(drafts, {c.prompt.key: c for c in compilations})
    paraphrases = None
    if args.paraphrases is not None:
        paraphrases = Split(
            f"paraphrases ({args.paraphrases.name})",
            tuple(compile_prompt(p) for p in load_file(args.paraphrases)),
            tuple(held_drafts),
        )
    report(
        args,
        compilations,
        [*drafts, *extra],
        comparisons,
        drafting_s,
        compile_s,
        command.strip(),
        paraphrases,
    )


if __name__ == "__main__":
    asyncio.run(main())
