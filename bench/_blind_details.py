"""The blind bench's details file, written for the working splits only.

Every false and partial compilation, every missed constraint, quoted with
its prompt id and structured fields, so that a compiler author can read
what went wrong; a split measured blind never gets one (``blind.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from _blind_map import Constraint
from _blind_score import Scored
from _report import RESULTS

from redraft.criteria import CompiledCheck

__all__ = ["details"]


def _constraint(c: Constraint) -> str:
    fields = f"unit={c.unit!r} scope={c.scope!r} {c.relation} {c.value!r}"
    if c.words:
        fields += f" words={list(c.words)!r}"
    where = " (system prompt)" if c.source == "system" else ""
    return f"`{c.row_id}` {c.family}{where}: {c.quote!r} — {fields}"


def _check(check: CompiledCheck) -> str:
    spec = check.spec.model_dump()
    shown = " ".join(f"{k}={v!r}" for k, v in spec.items() if k != "kind")
    return f"{check.spec.kind_name()} {shown} from {check.source} {check.source_text!r}"


def details(scored: Sequence[Scored], command: str, stem: str) -> Path:
    prompt_only, both = scored
    lines = [
        f"## Blind split {stem.upper()}: every false and partial compilation, every missed "
        "constraint",
        "",
        f"- command: `{command}`",
        "- mode: system + prompt unless said otherwise; each line: prompt id, the writer's "
        "family label, the quote, the structured fields; then what was expected and compiled",
        "",
        "### False checks (match nothing intended)",
        "",
    ]
    for v in both.verdicts:
        if v.status == "false":
            trap = f" — trap: {v.row.trap}" if v.row.trap else ""
            lines.append(f"- `{v.row.id}` {_check(v.check)}{trap}")
            lines += [f"  - intended: {_constraint(c)}" for c in v.row.constraints if c.verifiable]
    lines += ["", "### Partial: the right kind with the wrong parameters", ""]
    for o in both.outcomes:
        if o.status == "partial":
            lines.append(f"- {_constraint(o.constraint)}")
            lines.append("  - expected: " + "; ".join(m.label for m in o.expectation.matchers))
            lines += [f"  - compiled: {_check(c)}" for c in o.checks]
    lines += ["", "### Missed: redraft has the kind, nothing of it was compiled", ""]
    for o in both.outcomes:
        if o.status == "missed":
            lines.append(f"- {_constraint(o.constraint)}")
            lines.append("  - expected: " + "; ".join(m.label for m in o.expectation.matchers))
    lines += ["", "### Covered only when the system prompt is read", ""]
    alone = {o.constraint for o in prompt_only.outcomes if o.status == "covered"}
    for o in both.outcomes:
        if o.status == "covered" and o.constraint not in alone:
            lines.append(f"- {_constraint(o.constraint)}")
    lines += ["", "### Checks matching a constraint marked not verifiable", ""]
    for v in both.verdicts:
        if v.status == "not verifiable":
            lines.append(f"- `{v.row.id}` {_check(v.check)}")
            lines += [f"  - intended: {_constraint(c)}" for c in v.constraints]
    lines += ["", "### Checks enforcing a part of an intended constraint (implied)", ""]
    for v in both.verdicts:
        if v.status == "implied":
            lines.append(f"- `{v.row.id}` {_check(v.check)}")
            lines += [f"  - intended: {_constraint(c)}" for c in v.constraints]
    lines += ["", "### No kind in the vocabulary", ""]
    for o in sorted(both.outcomes, key=lambda o: o.constraint.family):
        if o.status == "no kind":
            lines.append(f"- {_constraint(o.constraint)} — {o.expectation.reason}")
    path = RESULTS / f"blind-{stem}-details.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
