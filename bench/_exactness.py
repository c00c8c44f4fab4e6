"""Exactness of compiled checks: do they pass only what the verifier passes?

The requirement account (``redraft.criteria._requirements``) calls a clause
**exact** when its checks' spans cover every word of it that says something;
only exact clauses may be passed by checks alone. Here that claim is tested
against IFEval's verifiers on real drafts:

- an instruction is **exact** when it is covered and every check covering it
  sits in a clause the account calls exact;
- an **instruction-level false pass**: an exact instruction whose covering
  checks all pass (none skipped) on a draft the verifier fails for it;
- a **prompt-level false pass**: every instruction of the prompt is exact and
  every check passes (the checks-only account passes every requirement the
  prompt states), yet the verifier fails some instruction. (Prompts whose
  every clause is exact are counted too; on IFEval the topic sentence, "Write
  an essay about …", is a clause no check reads, so there are almost none.)

The target is zero of both on every split.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from _drafts import Draft

from redraft.criteria import CompiledCheck, measure_text
from redraft.criteria._requirements import Clause, account_requirements


@dataclass(frozen=True)
class Account:
    """One prompt's clauses and, for each check, whether its clause is exact."""

    clauses: tuple[Clause, ...]
    exact_check: tuple[bool, ...]

    @property
    def checks_only(self) -> bool:
        """Whether checks alone can settle every clause of the prompt."""
        return bool(self.clauses) and all(c.exact for c in self.clauses)


def account(text: str, checks: Sequence[CompiledCheck]) -> Account:
    clauses = tuple(account_requirements(text, None, checks))
    exact = [False] * len(checks)
    for clause in clauses:
        for i in clause.checks:
            exact[i] = clause.exact
    return Account(clauses, tuple(exact))


def exact_instruction(
    covering: Sequence[CompiledCheck], checks: Sequence[CompiledCheck], acct: Account
) -> bool:
    if not covering:
        return False
    index = {id(c): i for i, c in enumerate(checks)}
    return all(acct.exact_check[index[id(c)]] for c in covering)


def _passes(check: CompiledCheck, text: str) -> bool:
    outcome = measure_text(check.spec, text)
    return outcome.passed and not outcome.skipped


@dataclass(frozen=True)
class FalsePass:
    draft: Draft
    instruction_id: str
    kwargs: dict[str, object]
    checks: tuple[str, ...]


@dataclass
class Tally:
    """Exactness on one split's drafts."""

    drafts: int = 0
    exact_verdicts: int = 0
    """Exact instructions compared on a draft (scorable ones)."""
    instruction_false: int = 0
    checks_only_prompts: int = 0
    """Drafts of prompts whose every instruction is exact."""
    checks_only_passes: int = 0
    prompt_false: int = 0

    def __post_init__(self) -> None:
        self.examples: list[FalsePass] = []


def tally(
    drafts: Sequence[Draft],
    checks: dict[int, tuple[CompiledCheck, ...]],
    covering: dict[int, tuple[tuple[CompiledCheck, ...], ...]],
    accounts: dict[int, Account],
    only: set[str] | None = None,
) -> Tally:
    """Instruction-level counts cover the instruction types in ``only`` (all
    when None); prompt-level counts cover every given draft."""
    found = Tally()
    for draft in drafts:
        key = draft.prompt.key
        acct, all_checks = accounts[key], checks[key]
        found.drafts += 1
        for result, group in zip(draft.truth.results, covering[key], strict=True):
            if only is not None and result.instruction.id not in only:
                continue
            if result.status == "unscorable" or not exact_instruction(group, all_checks, acct):
                continue
            found.exact_verdicts += 1
            if result.status == "fail" and all(_passes(c, draft.text) for c in group):
                found.instruction_false += 1
                found.examples.append(
                    FalsePass(
                        draft,
                        result.instruction.id,
                        result.instruction.kwargs,
                        tuple(c.describe() for c in group),
                    )
                )
        exact_all = all(exact_instruction(g, all_checks, acct) for g in covering[key]) and bool(
            covering[key]
        )
        if exact_all:
            found.checks_only_prompts += 1
            if all(_passes(c, draft.text) for c in all_checks):
                found.checks_only_passes += 1
                if draft.truth.status == "fail":
                    found.prompt_false += 1
                    failed = draft.truth.failed
                    found.examples.append(
                        FalsePass(
                            draft,
                            "prompt: " + ", ".join(i.id for i in failed),
                            {},
                            tuple(c.describe() for c in all_checks),
                        )
                    )
    return found
