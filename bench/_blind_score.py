"""The blind bench's scoring: each constraint's outcome and each compiled check's verdict.

``blind.py`` compiles every row in each mode (``MODES``) and judges what
was compiled against the mapped expectations (``_blind_map``): a
constraint is covered, partial, missed or has no kind; a check is correct,
not verifiable, implied, partial or false. The report's tables read these.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from _blind_map import Constraint, Expectation, Row

from redraft.criteria import CompiledCheck, compile_checks, raise_rule_errors

__all__ = ["MODES", "Outcome", "Scored", "Verdict", "judge", "score"]

MODES: dict[str, Callable[[Row], list[CompiledCheck]]] = {
    "prompt only": lambda row: compile_checks(row.prompt),
    "system + prompt": lambda row: compile_checks(row.prompt, system=row.system),
}


@dataclass(frozen=True)
class Outcome:
    """One verifiable constraint in one mode."""

    constraint: Constraint
    expectation: Expectation
    status: str
    """``covered``, ``partial``, ``missed`` or ``no kind``."""
    checks: tuple[CompiledCheck, ...]
    """The checks that cover it, or the checks of its kind that do not."""


@dataclass(frozen=True)
class Verdict:
    """One compiled check in one mode."""

    row: Row
    check: CompiledCheck
    status: str
    """``correct``, ``not verifiable`` (matches only such a constraint),
    ``implied`` (enforces part of a verifiable one), ``partial`` or ``false``."""
    constraints: tuple[Constraint, ...]


@dataclass(frozen=True)
class Scored:
    mode: str
    outcomes: tuple[Outcome, ...]
    verdicts: tuple[Verdict, ...]
    compile_s: float

    def count(self, status: str) -> int:
        return sum(o.status == status for o in self.outcomes)

    def checks(self, status: str) -> int:
        return sum(v.status == status for v in self.verdicts)


def judge(
    row: Row, checks: Sequence[CompiledCheck], expected: dict[Constraint, Expectation]
) -> tuple[list[Outcome], list[Verdict]]:
    specs = [dict(c.spec.model_dump()) for c in checks]
    exact_for: dict[int, list[Constraint]] = defaultdict(list)
    met: dict[Constraint, list[list[int]]] = {}
    for constraint in row.constraints:
        matchers = expected[constraint].matchers
        met[constraint] = [[i for i, s in enumerate(specs) if m.exact(s)] for m in matchers]
        if matchers and all(met[constraint]):
            for group in met[constraint]:
                for i in group:
                    exact_for[i].append(constraint)
    verdicts = []
    for i, check in enumerate(checks):
        matched = exact_for.get(i, [])
        if any(c.verifiable for c in matched):
            status = "correct"
        elif matched:
            status = "not verifiable"
        elif implied := [
            c
            for c in row.constraints
            if c.verifiable and any(m.exact(specs[i]) for m in expected[c].implied)
        ]:
            status, matched = "implied", implied
        else:
            kinds = [c for c in row.constraints if check.spec.kind_name() in expected[c].kinds]
            status, matched = ("partial", kinds) if kinds else ("false", [])
        verdicts.append(Verdict(row, check, status, tuple(matched)))
    outcomes = []
    for constraint in row.constraints:
        if not constraint.verifiable:
            continue
        expectation = expected[constraint]
        hits = met[constraint]
        if not expectation.expressible:
            outcomes.append(Outcome(constraint, expectation, "no kind", ()))
            continue
        if all(hits):
            used = sorted({i for group in hits for i in group})
            outcomes.append(
                Outcome(constraint, expectation, "covered", tuple(checks[i] for i in used))
            )
            continue
        near = tuple(
            v.check
            for v in verdicts
            if v.status == "partial" and v.check.spec.kind_name() in expectation.kinds
        )
        some = tuple(checks[i] for group in hits for i in group)
        status = "partial" if near or some else "missed"
        outcomes.append(Outcome(constraint, expectation, status, some + near))
    return outcomes, verdicts


def score(rows: Sequence[Row], mode: str, expected: dict[Constraint, Expectation]) -> Scored:
    compile_one = MODES[mode]
    outcomes: list[Outcome] = []
    verdicts: list[Verdict] = []
    compile_s = 0.0
    for row in rows:
        started = time.perf_counter()
        with raise_rule_errors():  # a rule's bug must fail the measurement, not hide in it
            checks = compile_one(row)
        compile_s += time.perf_counter() - started
        found, judged = judge(row, checks, expected)
        outcomes += found
        verdicts += judged
    return Scored(mode, tuple(outcomes), tuple(verdicts), compile_s)
