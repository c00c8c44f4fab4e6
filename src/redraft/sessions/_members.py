"""Building a session's panel and running it: every member at once.

Members run concurrently, each under its own ledger so that its LLM calls
are recorded and bounded by a deadline; their outcomes arrive in the order
they finish. A member that raises becomes error evidence: a broken evaluator
is visible in the evidence list, never a crashed evaluation.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field

from redraft.app import (
    EvaluationSpec,
    NothingToEvaluateError,
    build_panel,
    build_panel_async,
)
from redraft.core._errors import ConfigurationError
from redraft.core._evaluator import EvaluationContext, Evaluator, Subject
from redraft.core._ledger import Ledger
from redraft.core._provider import Provider
from redraft.core._types import (
    CallKind,
    CallRecord,
    Evidence,
    EvidenceStatus,
    Policy,
    RunRequest,
    Verdict,
)
from redraft.criteria import compile_checks_async
from redraft.evaluators._findings import FindingsJudge
from redraft.evaluators._rules import PointRule, RuleCheck
from redraft.evaluators._scorers import ModelScore, Scorer, get_scorer
from redraft.evaluators._web import WebCheck
from redraft.sessions._types import (
    AnyMember,
    CheckMember,
    ChecksMember,
    JudgeMember,
    ModelMember,
    PanelMember,
    member_name,
)

__all__ = ["MemberOutcome", "PanelEnvironment", "SpecChecks", "build_members", "evaluate_panel"]

DEFAULT_DEADLINE_S = 180.0


@dataclass(frozen=True)
class PanelEnvironment:
    """What building a panel needs from its host (the service, a script)."""

    provider: Callable[[str], Provider]
    """Model spec → provider (a registry's ``get``)."""
    judge_model: str | None
    """The session's judge model spec; None when it has none."""
    scorers: Mapping[str, Scorer] = field(default_factory=dict)
    allow_private: bool = False
    """Let ``web`` members fetch private and loopback addresses."""


@dataclass(frozen=True)
class MemberOutcome:
    member: str
    evidence: list[Evidence]
    calls: list[CallRecord]


def build_members(
    panel: Sequence[PanelMember], environment: PanelEnvironment
) -> dict[str, Evaluator]:
    """Evaluators by member name. Raises :class:`ConfigurationError` naming the
    member for anything that cannot run (duplicate name, unknown scorer, bad rule)."""
    members: dict[str, Evaluator] = {}
    for index, spec in enumerate(panel):
        name = member_name(spec)
        if name in members:
            raise ConfigurationError(
                f"panel[{index}]: another member is already called {name!r}; give it a 'name'"
            )
        try:
            members[name] = _build(spec, name, environment)
        except ConfigurationError as exc:
            raise ConfigurationError(f"panel[{index}] ({name}): {exc}") from None
    if not members:
        raise ConfigurationError("the panel has no members")
    return members


def _build(
    spec: AnyMember,
    name: str,
    environment: PanelEnvironment,
) -> Evaluator:
    if isinstance(spec, JudgeMember):
        model = spec.model or environment.judge_model
        if model is None:
            raise ConfigurationError(
                "a judge needs a model: set the member's 'model' or the session's 'judge_model'"
            )
        return FindingsJudge(
            environment.provider(model),
            rubric=spec.rubric,
            name=name,
            max_findings=spec.max_findings,
            max_points=spec.max_points,
        )
    if isinstance(spec, CheckMember):
        rules = []
        for i, rule in enumerate(spec.rules):
            try:
                rules.append(PointRule.from_dict(rule))
            except ConfigurationError as exc:
                raise ConfigurationError(f"rules[{i}]: {exc}") from None
        return RuleCheck(rules, name=name)
    if isinstance(spec, ChecksMember):
        return SpecChecks(spec.spec(), name=name)
    if isinstance(spec, ModelMember):
        return ModelScore(
            get_scorer(spec.scorer, dict(environment.scorers) or None),
            name=name,
            pass_at=spec.pass_at,
        )
    return WebCheck(
        name=name,
        allow_private=environment.allow_private,
        timeout_s=spec.timeout_s,
        max_urls=spec.max_urls,
        verify_quotes=spec.verify_quotes,
    )


class SpecChecks(Evaluator):
    """An evaluation spec's checks, built for each subject by the builder a
    run's panel comes from (:func:`~redraft.build_panel`), so a profile's
    patterns, word limit, schema, explicit, compiled and injection checks mean
    in a session what they mean in a run. The subject's question is the
    prompt whose stated requirements (and the spec's ``criteria``) compile
    into checks."""

    kind = "check"

    def __init__(self, spec: EvaluationSpec, *, name: str = "checks") -> None:
        self.name = name
        self.criteria = spec.criteria
        # Criteria go to the request, where they compile; no judge applies them here.
        self.spec = spec.model_copy(update={"criteria": None})
        # A spec that cannot work fails when the panel is built, not at evaluation.
        with contextlib.suppress(NothingToEvaluateError):
            build_panel(None, self.spec)

    def _request(self, request: RunRequest) -> RunRequest:
        if self.criteria and not request.criteria:
            return request.model_copy(update={"criteria": self.criteria})
        return request

    async def checks_anything(self, request: RunRequest) -> bool:
        """Whether a subject with ``request`` meets any check: one given, or
        one its question or the criteria compile into."""
        if self.spec.states_checks:
            return True
        if self.spec.compile_checks is False or self.spec.checks_mode == "replace":
            return False
        request = self._request(request)
        return bool(
            await compile_checks_async(request.prompt, request.criteria, system=request.system)
        )

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        try:
            panel = await build_panel_async(None, self.spec, request=self._request(subject.request))
        except NothingToEvaluateError:
            return Verdict(score=1.0, passed=None)
        return await panel.evaluate(subject, context)


async def evaluate_panel(
    subject: Subject,
    members: Mapping[str, Evaluator],
    *,
    threshold: float = 0.5,
    deadline_s: float = DEFAULT_DEADLINE_S,
    call_kind: CallKind = "judge",
) -> AsyncIterator[MemberOutcome]:
    """Run every member concurrently; yield each outcome as it finishes.

    Leaving the iteration early cancels the members still running.
    """
    done: asyncio.Queue[MemberOutcome] = asyncio.Queue()

    async def run(name: str, evaluator: Evaluator) -> None:
        done.put_nowait(
            await _run_member(name, evaluator, subject, threshold, deadline_s, call_kind)
        )

    tasks = [
        asyncio.create_task(run(name, evaluator), name=f"redraft-member-{name}")
        for name, evaluator in members.items()
    ]
    try:
        for _ in tasks:
            yield await done.get()
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def _run_member(
    name: str,
    evaluator: Evaluator,
    subject: Subject,
    threshold: float,
    deadline_s: float,
    call_kind: CallKind,
) -> MemberOutcome:
    ledger = Ledger(Policy(deadline_s=deadline_s))
    context = EvaluationContext(threshold=threshold, gateway=ledger, call_kind=call_kind)
    try:
        # The ledger bounds model calls; this bounds everything else (a slow scorer).
        async with asyncio.timeout(deadline_s):
            verdict = await evaluator.evaluate(subject, context)
        evidence = list(verdict.evidence)
    except Exception as exc:  # an evaluator's failure is a finding, not a crash
        reason = "timed out" if isinstance(exc, TimeoutError) else f"{type(exc).__name__}: {exc}"
        evidence = [_no_finding(name, evaluator, "error", f"{name} failed: {reason}"[:500])]
    if not evidence:
        evidence = [_no_finding(name, evaluator, "skipped", f"{name} produced no evidence")]
    return MemberOutcome(member=name, evidence=evidence, calls=list(ledger.calls))


def _no_finding(name: str, evaluator: Evaluator, status: EvidenceStatus, reason: str) -> Evidence:
    """What a member that found nothing, or failed, leaves: evidence worth 0 points."""
    return Evidence(
        evaluator=name, kind=evaluator.kind, status=status, points=0, reason=reason, source=name
    )
