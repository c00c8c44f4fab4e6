"""Whether the blind mapper reads any writer: the mapping of a split re-run
with each writer convention rewritten as another writer could write it
(``_blind_perturb.py``), and per rewriting the constraints whose mapped
checks change.

    bench/.venv/bin/python bench/blind_robustness.py --split bench/data/blind/split-a.jsonl

It writes ``results/blind-robustness-<x>.md``. Only a working split's rows
are ever shown (``--show N`` lists N changed constraints per rewriting);
any other split gives counts only.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _blind_perturb import Robustness, robustness
from _blind_rows import load_split
from _report import Table, write_report
from blind import WORKING_SPLITS

__all__ = ["main", "table"]


def table(found: Sequence[Robustness]) -> Table:
    out = Table(["rewriting", "constraints rewritten", "mapping changed"])
    for r in found:
        out.add(r.name, r.applied, len(r.changed))
    out.add("all rewritings", sum(r.applied for r in found), sum(len(r.changed) for r in found))
    return out


def _shown(found: Sequence[Robustness], n: int) -> list[str]:
    lines = []
    for r in found:
        for ch in r.changed[:n]:
            b, a = ch.before, ch.after
            lines.append(
                f"{r.name} · `{b.row_id}` {b.family}: unit={b.unit!r} scope={b.scope!r} "
                f"{b.relation} {b.value!r} words={list(b.words)!r} → unit={a.unit!r} "
                f"scope={a.scope!r} {a.relation} {a.value!r} words={list(a.words)!r}: "
                f"{list(ch.was[0]) or 'no kind'} → {list(ch.now[0]) or 'no kind'}"
            )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--split", type=Path, required=True, help="a blind split (JSONL)")
    parser.add_argument("--show", type=int, default=0, help="changed constraints to list each")
    args = parser.parse_args(argv)
    if not args.split.is_file():
        parser.error(f"--split: no such file: {args.split}")
    if args.show < 0:
        parser.error("--show must be 0 or more")
    found = robustness(load_split(args.split))
    working = args.split.name in WORKING_SPLITS
    stem = args.split.stem.removeprefix("split-")
    result = table(found)
    if working and args.show:
        print("\n".join(_shown(found, args.show)))
    write_report(
        f"blind-robustness-{stem}",
        title=f"Blind mapper robustness on split {stem.upper()}",
        command="bench/.venv/bin/python bench/blind_robustness.py "
        + " ".join(sys.argv[1:] if argv is None else argv),
        tables={"Mapping changed per rewriting": result},
        plot=None,
        notes=[
            "each rewriting turns every constraint it applies to into what another writer "
            "following bench/data/blind/BRIEF.md could write for the same requirement "
            "(bench/_blind_perturb.py); a mapping changed when the checks it needs or implies "
            "differ from the original's",
        ],
    )
    return 0 if all(not r.changed for r in found) else 1


if __name__ == "__main__":
    raise SystemExit(main())
