"""The compiled checks as one evaluator, first in a panel's cascade.

:class:`CompiledChecks` runs one :class:`SpecCheck` per compiled or explicit
check and reports each finding on its own, so a verdict names every stated
requirement it enforced and where in the prompt it was stated. With an LLM
compiler it asks the model once, at the first evaluation (through the run's
ledger, so the call is budgeted and recorded), and keeps the result for
the rest of the run.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from redraft.core._errors import ConfigurationError
from redraft.core._evaluator import EvaluationContext, Evaluator, Subject, aggregate
from redraft.core._provider import Provider
from redraft.core._text import plural
from redraft.core._types import Evidence, Requirement, RunRequest, Verdict
from redraft.criteria._compiled import ChecksMode, CompiledCheck, merge_checks
from redraft.criteria._llm import COMPILER_NAME, LLMCompilation, compile_checks_with_llm
from redraft.criteria._requirements import Clause, account_requirements
from redraft.criteria._rules import compile_checks
from redraft.criteria._spec import CHECK_SPEC_ADAPTER, CheckSpec
from redraft.criteria._vocabulary import SpecCheck

__all__ = ["CompiledChecks", "as_specs", "compiled_panel_member"]


def as_specs(items: Sequence[object], what: str = "checks") -> list[CheckSpec]:
    """Specs from specs or their JSON objects; :class:`ConfigurationError`
    names the first item that is neither."""
    specs: list[CheckSpec] = []
    for i, item in enumerate(items):
        try:
            specs.append(CHECK_SPEC_ADAPTER.validate_python(item))
        except Exception as exc:  # pydantic's error, or a type it cannot read
            detail = str(exc).splitlines()
            reason = "; ".join(line.strip() for line in detail[1:3]) or str(exc)
            raise ConfigurationError(f"{what}[{i}] is not a valid check: {reason}") from None
    return specs


class CompiledChecks(Evaluator):
    """The checks a request states (and explicit ones), judged without a judge.

    ``checks`` are the rule-compiled checks; ``explicit`` specs extend or
    replace them (``mode``); ``llm`` (a provider) adds the LLM compiler's
    checks for ``request`` at the first evaluation. Its cost is one call per
    run, not per draft, so the cascade treats it as a check.
    """

    kind = "check"
    uses_llm = False

    def __init__(
        self,
        checks: Sequence[CompiledCheck] = (),
        *,
        explicit: Sequence[CheckSpec] = (),
        mode: ChecksMode = "extend",
        llm: Provider | None = None,
        request: RunRequest | None = None,
        name: str = "compiled checks",
    ) -> None:
        if llm is not None and request is None:
            raise ConfigurationError("the LLM compiler needs the request it compiles")
        self.name = name
        self.rules = list(checks)
        self.explicit = list(explicit)
        self.mode: ChecksMode = mode
        self.llm = llm
        self.request = request
        self.llm_result: LLMCompilation | None = None
        self._lock = asyncio.Lock()
        self._rebuild([])

    def _rebuild(self, from_llm: Sequence[CompiledCheck]) -> None:
        self.checks = merge_checks([*self.rules, *from_llm], self.explicit, mode=self.mode)
        self.members = [SpecCheck(c.spec, provenance=c.provenance()) for c in self.checks]
        request = self.request
        self.clauses: list[Clause] = (
            account_requirements(
                request.prompt, request.criteria, self.checks, system=request.system
            )
            if request is not None
            else []
        )

    @property
    def unchecked(self) -> list[str]:
        """The clauses no check fully verifies: the judge's checklist."""
        return [clause.text for clause in self.clauses if not clause.exact]

    def requirements(self, evidence: Sequence[Evidence]) -> list[Requirement]:
        """The requirement account of one draft from its checks' findings
        (``evidence`` in check order). A clause the checks cover exactly
        passes or fails with them; one they cover in part fails when one of
        them fails and is otherwise left unverified, for the judge to settle.
        A check read from no clause (explicit, or the model's) stands alone."""
        account: list[Requirement] = []
        for clause in self.clauses:
            found = [evidence[i] for i in clause.checks]
            failed = [e for e in found if e.status == "ok" and e.valid and not e.passed]
            requirement = Requirement(
                text=clause.text,
                source=clause.source,
                span=clause.span,
                checks=[self.checks[i].describe() for i in clause.checks],
                partial=clause.partial,
            )
            if failed:
                # The correction says what was measured and how to fix it.
                reason = " ".join(e.suggestions[0] if e.suggestions else e.reason for e in failed)
                update: dict[str, object] = {"coverage": "exact", "passed": False, "reason": reason}
            elif clause.exact and all(e.status == "ok" and e.passed for e in found):
                update = {"coverage": "exact", "passed": True}
            elif not clause.checks:
                update = {"reason": "no check reads it"}
            elif clause.residue:
                update = {"reason": f"no check covers: {clause.residue}"}
            else:
                update = {"reason": "a check could not run"}
            account.append(requirement.model_copy(update=update))
        claimed = {i for clause in self.clauses for i in clause.checks}
        for i, check in enumerate(self.checks):
            if i in claimed:
                continue
            e = evidence[i]
            passed = (e.passed if e.valid else None) if e.status == "ok" else None
            account.append(
                Requirement(
                    text=check.source_text or check.describe(),
                    source=check.source or "check",
                    checks=[check.describe()],
                    coverage="exact" if passed is not None else "unverified",
                    passed=passed,
                    reason="" if e.passed else e.reason,
                )
            )
        return account

    async def _compile_with_llm(self, subject: Subject, context: EvaluationContext) -> None:
        if self.llm is None or self.request is None or self.llm_result is not None:
            return
        async with self._lock:
            if self.llm_result is not None:
                return
            self.llm_result = await compile_checks_with_llm(
                self.request.prompt,
                self.request.criteria,
                provider=self.llm,
                gateway=context.gateway,
                attempt=subject.attempt,
            )
            if self.mode == "extend":
                self._rebuild(self.llm_result.checks)

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        await self._compile_with_llm(subject, context)
        evidence = [await member.check(subject.text) for member in self.members]
        account = self.requirements(evidence)
        note = self._compiler_note()
        if note is not None:
            evidence.append(note)
        if not any(e.status != "skipped" for e in evidence):
            evidence.append(
                Evidence(
                    evaluator=self.name,
                    kind="check",
                    status="skipped",
                    reason="no stated requirement compiled into a check",
                    required=self.required,
                )
            )
            return Verdict(
                score=1.0,
                passed=None if account else True,
                reason=evidence[-1].reason,
                evidence=evidence,
                requirements=account,
            )
        verdict = aggregate(evidence, threshold=context.threshold)
        return verdict.model_copy(update={"requirements": account})

    def _compiler_note(self) -> Evidence | None:
        """What the LLM compiler did, as a finding that counts neither way."""
        result = self.llm_result
        if result is None:
            return None
        parts = [f"{plural(len(result.checks), 'check')} compiled by the model"]
        if result.dropped:
            parts.append(f"{len(result.dropped)} dropped")
        if result.error:
            parts.append(result.error)
        data: dict[str, Any] = {
            "checks": [c.model_dump(mode="json") for c in result.checks],
            "dropped": result.dropped,
            "error": result.error,
        }
        return Evidence(
            evaluator=COMPILER_NAME,
            kind="check",
            status="skipped",
            reason="; ".join(parts),
            required=False,
            data=data,
        )

    def definite_failure(self, partial: str) -> Evidence | None:
        for member in self.members:
            found = member.definite_failure(partial)
            if found is not None:
                return found
        return None

    def __repr__(self) -> str:
        return f"CompiledChecks({', '.join(repr(m) for m in self.members)})"


def compiled_panel_member(
    request: RunRequest | str | None,
    explicit: Sequence[object] = (),
    *,
    compile_checks_: bool = True,
    mode: ChecksMode = "extend",
    llm: Provider | None = None,
    compiled: Sequence[CompiledCheck] | None = None,
) -> CompiledChecks | None:
    """The :class:`CompiledChecks` a panel leads with, or None when there is
    nothing to check or account for (no request to compile, no explicit
    check, no LLM compiler). A request that compiles to no check still gets
    a member: its requirement account says what nothing verifies.
    ``compiled`` is the request's rule-compiled checks when the caller has
    them already (:func:`~redraft.criteria.compile_checks_async`)."""
    if mode not in ("extend", "replace"):
        raise ConfigurationError(f"checks_mode must be 'extend' or 'replace', got {mode!r}")
    specs = as_specs(explicit)
    run_request = RunRequest.from_prompt(request) if isinstance(request, str) else request
    rules: list[CompiledCheck] = []
    if compile_checks_ and run_request is not None and mode == "extend":
        rules = (
            list(compiled)
            if compiled is not None
            else compile_checks(run_request.prompt, run_request.criteria, system=run_request.system)
        )
    if llm is not None and (not compile_checks_ or run_request is None or mode == "replace"):
        llm = None
    if not rules and not specs and llm is None and (not compile_checks_ or run_request is None):
        return None  # with a request to read, the member still keeps its requirement account
    return CompiledChecks(rules, explicit=specs, mode=mode, llm=llm, request=run_request)
