"""Requirement coverage on the blind splits: how many of the requirements a
prompt states the rule compiler turns into exact checks, and how many of its
checks are right.

One command (the splits are described in ``bench/data/blind/README.md``)::

    make bench-blind                        # split A, the working split
    make bench-blind ARGS="--split bench/data/blind/split-b.jsonl"

- Each intended constraint of a split is mapped (``_blind_map.py``) to the
  check specs that enforce it exactly, with the right parameters. It is
  **covered** when every one of them is compiled; **partial** when a check
  of the right kind is compiled with other parameters; **missed** when the
  vocabulary has a kind for it and nothing of that kind is compiled; **no
  kind** when the vocabulary cannot state it. Constraints the writer marked
  not verifiable are left out of coverage.
- Each compiled check is **correct** when it matches an intended constraint
  (one marked not verifiable counts, and is listed), **implied** when it
  enforces a necessary part of an intended constraint that no kind states
  whole (it fails only answers that constraint fails: no emoji, under "only
  ASCII characters"; listed, and never coverage), **partial** when its kind
  is expected but its parameters are not, **false** otherwise: every check
  compiled from a trap prompt without constraints is false.
- Two ways of compiling: ``prompt only`` (``compile_checks(prompt)``: a
  request without a system message) and ``system + prompt``
  (``compile_checks(prompt, system=system)``: what the product reads from a
  chat request with a system message).

Split A writes ``results/blind-a.md`` and ``results/blind-a-details.md`` (every
false and partial compilation and every missed constraint, quoted). Any other
split writes only aggregate tables, never a quote or a prompt.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _blind_details import details
from _blind_loop import loop_notes, loop_table, run_loop
from _blind_map import Constraint, Expectation, Row, expect, load_split
from _blind_score import MODES, Outcome, Scored, score
from _report import Table, write_report

from redraft.criteria import CheckSpec, compile_checks

WORKING_SPLITS = frozenset(
    {
        "split-a.jsonl",
        "split-c.jsonl",
        "split-f.jsonl",
        "split-h.jsonl",
        "split-i.jsonl",
        "split-j.jsonl",
        "split-k.jsonl",
        "split-l.jsonl",
        "split-m.jsonl",
        "split-n.jsonl",
        "split-o.jsonl",
        "split-p.jsonl",
        "split-q.jsonl",
        "split-s.jsonl",
        "split-t.jsonl",
        "split-u.jsonl",
    }
)
"""The splits whose rows may be quoted in a report: the compiler is tuned on
them. Split E is not one: the mapper's maintainer read it, the compiler's
authors never do (bench/data/blind/README.md)."""

# -- report -----------------------------------------------------------------------------


def _share(n: int, total: int) -> str:
    return f"{n} ({n / total:.1%})" if total else str(n)


def totals(rows: Sequence[Row], scored: Sequence[Scored]) -> Table:
    table = Table(["measure", *(s.mode for s in scored)])
    first = scored[0]
    verifiable = len(first.outcomes)
    expressible = verifiable - first.count("no kind")
    traps = [r for r in rows if r.trap]
    bare = [r for r in traps if not r.constraints]

    def row(name: str, value: Callable[[Scored], str | int | None]) -> None:
        table.add(name, *(value(s) for s in scored))

    row(
        "prompts (with a system prompt)",
        lambda s: f"{len(rows)} ({sum(bool(r.system) for r in rows)})",
    )
    row("intended verifiable constraints", lambda s: verifiable)
    row(
        "… quoted from the system prompt",
        lambda s: sum(o.constraint.source == "system" for o in s.outcomes),
    )
    row("… redraft has a kind for", lambda s: _share(expressible, verifiable))
    row("covered exactly (coverage)", lambda s: _share(s.count("covered"), verifiable))
    row(
        "covered, of those redraft has a kind for",
        lambda s: _share(s.count("covered"), expressible),
    )
    row(
        "covered, of those quoted from the system prompt",
        lambda s: _share(
            sum(o.status == "covered" and o.constraint.source == "system" for o in s.outcomes),
            sum(o.constraint.source == "system" for o in s.outcomes),
        ),
    )
    row("partial (right kind, wrong parameters)", lambda s: s.count("partial"))
    row("missed (a kind exists, nothing compiled)", lambda s: s.count("missed"))
    row("compiled checks", lambda s: len(s.verdicts))
    row("… correct", lambda s: s.checks("correct"))
    row("… matching a constraint marked not verifiable", lambda s: s.checks("not verifiable"))
    row("… enforcing a part of an intended constraint (implied)", lambda s: s.checks("implied"))
    row("… partial (right kind, wrong parameters)", lambda s: s.checks("partial"))
    row("… false (match nothing intended)", lambda s: s.checks("false"))
    row(
        "precision (correct + not verifiable + implied) / compiled",
        lambda s: _share(
            s.checks("correct") + s.checks("not verifiable") + s.checks("implied"),
            len(s.verdicts),
        ),
    )
    row("trap prompts", lambda s: f"{len(traps)} ({len(bare)} with no intended constraint)")
    row(
        "trap prompts that compiled a false check",
        lambda s: len({v.row.id for v in s.verdicts if v.row.trap and v.status == "false"}),
    )
    row(
        "trap prompts with no intended constraint that compiled anything",
        lambda s: len({v.row.id for v in s.verdicts if v.row in bare}),
    )
    row("rule compiler time, all prompts", lambda s: f"{s.compile_s * 1000:.0f} ms")
    return table


def by_family(scored: Sequence[Scored]) -> Table:
    prompt_only, both = scored
    table = Table(
        [
            "family (writer's label)",
            "constraints",
            "redraft has a kind",
            "covered, prompt only",
            "covered, system + prompt",
            "partial",
            "missed",
            "kinds expected",
        ]
    )
    rows: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in both.outcomes:
        rows[outcome.constraint.family].append(outcome)
    alone = Counter(o.constraint.family for o in prompt_only.outcomes if o.status == "covered")
    for family, found in sorted(rows.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        kinds = sorted({k for o in found for k in o.expectation.kinds})
        table.add(
            family,
            len(found),
            sum(o.expectation.expressible for o in found),
            alone[family],
            sum(o.status == "covered" for o in found),
            sum(o.status == "partial" for o in found),
            sum(o.status == "missed" for o in found),
            ", ".join(kinds) or None,
        )
    return table


def by_kind(scored: Sequence[Scored]) -> Table:
    prompt_only, both = scored
    table = Table(
        [
            "redraft kind",
            "constraints expecting it",
            "covered, prompt only",
            "covered, system + prompt",
            "compiled (system + prompt)",
            "correct",
            "not verifiable",
            "implied",
            "partial",
            "false",
        ]
    )
    kinds = sorted(
        {k for o in both.outcomes for k in o.expectation.kinds}
        | {v.check.spec.kind_name() for v in both.verdicts}
    )
    for kind in kinds:

        def covered(s: Scored, kind: str = kind) -> int:
            return sum(o.status == "covered" and kind in o.expectation.kinds for o in s.outcomes)

        compiled = [v for v in both.verdicts if v.check.spec.kind_name() == kind]
        table.add(
            kind,
            sum(kind in o.expectation.kinds for o in both.outcomes),
            covered(prompt_only),
            covered(both),
            len(compiled),
            *(
                sum(v.status == s for v in compiled)
                for s in ("correct", "not verifiable", "implied", "partial", "false")
            ),
        )
    return table


def no_kind(scored: Scored) -> Table:
    table = Table(["family (writer's label)", "constraints", "why no kind"])
    rows: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in scored.outcomes:
        if outcome.status == "no kind":
            rows[outcome.constraint.family].append(outcome)
    for family, found in sorted(rows.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        reasons = Counter(o.expectation.reason for o in found)
        table.add(family, len(found), "; ".join(r for r, _ in reasons.most_common()))
    return table


def _shown_path(path: Path) -> str:
    root = Path(__file__).resolve().parent.parent
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.name


def notes(split: Path, rows: Sequence[Row], expected: dict[Constraint, Expectation]) -> list[str]:
    hidden = sum(1 for r in rows for c in r.constraints if not c.verifiable)
    matched = sum(
        1 for r in rows for c in r.constraints if not c.verifiable and expected[c].expressible
    )
    working = split.name in WORKING_SPLITS
    return [
        f"split: `{_shown_path(split)}`"
        + (
            " — the working split: the compiler is tuned on it from now on"
            if working
            else " — measured blind"
        ),
        "method: each intended constraint is mapped (bench/_blind_map.py) from its structured "
        "fields (unit, scope, relation, value, words; the family label only as a hint) to the "
        "check specs that enforce it exactly; less_than N reads at_most N-1, more_than N at_least "
        "N+1, between [a, b] needs at_least a and at_most b, a ban needs forbidden_words holding "
        "each banned word (plural endings tolerated); phrases compare case-insensitively without "
        "surrounding quotes and punctuation",
        "covered: every spec the constraint maps to was compiled (kind and parameters); partial: "
        "a check of its kind was compiled with other parameters; a check is correct when it "
        "matches an intended constraint, wherever in the prompt it was read; implied when it "
        "enforces a necessary part of an intended constraint no kind states whole (no emoji, "
        "under only ASCII characters), which counts for precision and never for coverage",
        f"{hidden} constraints marked not verifiable are left out of coverage ({matched} of them "
        "map to a kind; a check matching one counts as correct and is listed apart)",
        "prompt only: compile_checks(prompt), a request with no system message; system + "
        "prompt: compile_checks(prompt, system=system), what the product reads from a chat "
        "request's system messages (RunRequest.system) since it reads them",
        "keyword and json checks are taken as exact although a keyword check ignores case and a "
        "json check does not refuse extra keys; highlight_count stands for bold and italic spans",
    ]


def oracle_specs(scored: Scored) -> tuple[dict[str, list[CheckSpec]], set[str]]:
    """Per row id, the specs of the checks covering its verifiable constraints
    (the ``--loop`` oracle), and the ids of rows with one partial or missed."""
    covered: dict[str, list[CheckSpec]] = defaultdict(list)
    unmet = set()
    for o in scored.outcomes:
        if o.status == "covered":
            covered[o.constraint.row_id] += [
                c.spec for c in o.checks if c.spec not in covered[o.constraint.row_id]
            ]
        elif o.status in ("partial", "missed"):
            unmet.add(o.constraint.row_id)
    return covered, unmet


# -- main -------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--split",
        type=Path,
        default=Path(__file__).resolve().parent / "data" / "blind" / "split-a.jsonl",
        help="a blind split (JSONL); only split A is ever quoted",
    )
    parser.add_argument("--out", default=None, help="report name under bench/results/")
    parser.add_argument(
        "--loop",
        type=int,
        default=0,
        metavar="N",
        help="also run N sampled prompts with the embedded model, one draft against the loop "
        "(bench/_blind_loop.py)",
    )
    parser.add_argument("--loop-seed", type=int, default=0, help="the --loop sample's seed")
    parser.add_argument("--loop-max-tokens", type=int, default=160, help="output cap per draft")
    args = parser.parse_args(argv)
    if not args.split.is_file():
        parser.error(f"--split: no such file: {args.split}")
    if args.loop < 0 or args.loop_max_tokens < 1:
        parser.error("--loop must be 0 or more and --loop-max-tokens 1 or more")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    command = "bench/.venv/bin/python bench/blind.py " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    rows = load_split(args.split)
    expected = {c: expect(c, row) for row in rows for c in row.constraints}
    compile_checks("Warm up: answer in at most 5 words.")  # regexes compile once, untimed
    scored = [score(rows, mode, expected) for mode in MODES]
    stem = args.split.stem.removeprefix("split-")
    name = args.out or f"blind-{stem}"
    working = args.split.name in WORKING_SPLITS
    tables = {
        "Totals": totals(rows, scored),
        "By family (the writer's label)": by_family(scored),
        "By redraft kind": by_kind(scored),
        "No kind in the vocabulary, by family": no_kind(scored[-1]),
    }
    extra: list[str] = []
    if args.loop:
        covered, unmet = oracle_specs(scored[-1])
        report = run_loop(
            rows, covered, unmet, n=args.loop, seed=args.loop_seed, max_tokens=args.loop_max_tokens
        )
        tables["The loop against one draft (embedded model, oracle: the mapped specs)"] = (
            loop_table(report)
        )
        extra = loop_notes(report)
    write_report(
        name,
        title=f"Requirement coverage on blind split {stem.upper()}"
        + (" (working split)" if working else ""),
        command=command.strip(),
        tables=tables,
        plot=None,
        notes=notes(args.split, rows, expected) + extra,
    )
    if working:
        print(f"[blind] details: {details(scored, command.strip(), stem)}", file=sys.stderr)


if __name__ == "__main__":
    main()
