"""The one object a library user holds: a generator, an evaluation spec and a
policy, bound once and run as often as needed."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Self, TypeVar, Unpack

from pydantic import ValidationError

from redraft.app._panel import NothingToEvaluateError, build_panel, panel_or_none
from redraft.app._run import run, stream_run
from redraft.config._settings import Settings, load_settings
from redraft.config._spec import (
    NO_JUDGE,
    EvaluationSpec,
    SpecOptions,
    policy_with,
    validation_problems,
)
from redraft.core._attempt import evaluate_within_limits
from redraft.core._errors import ConfigurationError
from redraft.core._evaluator import EvaluationContext, Evaluator, Subject
from redraft.core._events import RunEvent
from redraft.core._fields import PolicyOptions
from redraft.core._hooks import Hooks
from redraft.core._ledger import Ledger
from redraft.core._provider import Provider
from redraft.core._text import noun
from redraft.core._tools import Toolbox
from redraft.core._types import CallRecord, Policy, RunRequest, RunResult, Usage, Verdict
from redraft.evaluators import Reliabilities
from redraft.providers import ProviderRegistry

__all__ = ["Judgement", "Redrafter", "RedrafterOptions"]

T = TypeVar("T")

_POLICY_FIELDS = frozenset(Policy.model_fields)
_SPEC_FIELDS = frozenset(EvaluationSpec.field_names()) - {"judge_model"}


class RedrafterOptions(PolicyOptions, SpecOptions, total=False):
    """:class:`Redrafter`'s keyword options: the policy's fields and the
    evaluation spec's."""

    judge: str | None
    """``preset``'s older name."""


@dataclass(frozen=True)
class Judgement:
    """The verdict on an answer written elsewhere (:meth:`Redrafter.judge`).

    ``verdict`` is None when there was nothing to evaluate it against (no
    judge, no check given, none compiled from the prompt): the answer is then
    unverified, ``passed`` is None, never True."""

    verdict: Verdict | None
    calls: list[CallRecord] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)

    @property
    def passed(self) -> bool | None:
        return None if self.verdict is None else self.verdict.passed

    @property
    def score(self) -> float | None:
        return None if self.verdict is None else self.verdict.score


class Redrafter:
    """Draft with ``model``, evaluate against a spec, redraft until it passes.

    ::

        redrafter = redraft.Redrafter(
            model="local", judge_model="none", must_match=["Paris"], max_attempts=3
        )
        result = redrafter.run_sync("What is the capital of France?")

    Keyword options are the fields of :class:`EvaluationSpec` and of
    :class:`~redraft.Policy` (:class:`RedrafterOptions`), the policy's laid
    over ``policy`` when one is given. ``model`` and
    ``judge_model`` are model specs or providers; ``model`` defaults to
    ``REDRAFT_MODEL``, ``judge_model`` to ``REDRAFT_JUDGE_MODEL``, else the
    generator judges its own drafts; ``"none"`` means checks only.
    ``evaluator`` adds an evaluator of your own after the checks.
    ``reliability`` is the judges' record (``redraft judges``): a judge it
    flags as no better than chance passes nothing by itself. The judge audits
    itself on ``REDRAFT_JUDGE_AUDIT_RATE`` of the drafts; the audits are in
    the judge's evidence (``data["audit"]``, see
    :func:`~redraft.evaluators.comparisons_in`).

    Bad options raise :class:`~redraft.ConfigurationError` here, not on the
    first run. Providers built from specs belong to the redrafter: close it
    (``async with`` / ``with``, or :meth:`aclose` / :meth:`close`).
    """

    def __init__(
        self,
        model: str | Provider | None = None,
        *,
        judge_model: str | Provider | None = None,
        evaluator: Evaluator | None = None,
        policy: Policy | None = None,
        hooks: Hooks | None = None,
        tools: Toolbox | None = None,
        settings: Settings | None = None,
        reliability: Reliabilities | None = None,
        **options: Unpack[RedrafterOptions],
    ) -> None:
        unknown = sorted(set(options) - _SPEC_FIELDS - _POLICY_FIELDS)
        if unknown:
            raise ConfigurationError(
                f"unknown Redrafter {noun(len(unknown), 'option')}: {', '.join(unknown)}; "
                f"the evaluation options are {', '.join(sorted(_SPEC_FIELDS))} "
                "and the policy's fields are "
                f"{', '.join(sorted(_POLICY_FIELDS))}"
            )
        if evaluator is not None and not isinstance(evaluator, Evaluator):
            raise ConfigurationError(
                f"evaluator must be a redraft Evaluator, got {type(evaluator).__name__}"
            )
        settings = settings if settings is not None else load_settings()
        self.policy = policy_with(
            policy, {k: v for k, v in options.items() if k in _POLICY_FIELDS}, what="policy."
        )
        spec_options = {k: v for k, v in options.items() if k in _SPEC_FIELDS}
        try:
            self.spec = EvaluationSpec.model_validate(spec_options)
        except ValidationError as exc:
            raise ConfigurationError(validation_problems(exc)) from None
        self.registry = ProviderRegistry()
        self.generator = self._provider(model or settings.model, "model")
        judge = judge_model if judge_model is not None else settings.judge_model
        self.judge_model: Provider | None
        if isinstance(judge, str) and judge.strip().lower() == NO_JUDGE:
            self.judge_model = None
        else:
            self.judge_model = (
                self.generator if judge is None else self._provider(judge, "judge_model")
            )
        self.evaluator = evaluator
        self.reliability: Reliabilities = reliability or {}
        self.audit_rate = settings.judge_audit_rate
        self.hooks = hooks
        self.tools = tools
        self._runner: asyncio.Runner | None = None
        # Whatever cannot work fails now: criteria or a preset without a judge,
        # an unusable JSON schema. Nothing to evaluate at all is not an error:
        # each run then returns one draft, unverified.
        with contextlib.suppress(NothingToEvaluateError):
            build_panel(self.judge_model, self.spec, evaluators=self._own())

    def _provider(self, value: str | Provider, option: str) -> Provider:
        if isinstance(value, Provider):
            return value
        if not isinstance(value, str):
            raise ConfigurationError(
                f"{option} must be a model spec or a Provider, got {type(value).__name__}"
            )
        return self.registry.get(value)

    def _own(self) -> list[Evaluator]:
        return [] if self.evaluator is None else [self.evaluator]

    async def evaluator_for(self, request: RunRequest) -> Evaluator | None:
        """The panel for one request: its stated requirements compiled into
        checks, the spec's checks, your evaluator, then the judge; None when
        there is nothing to evaluate."""
        return await panel_or_none(
            self.judge_model,
            self.spec,
            request=request,
            evaluators=self._own(),
            reliability=self.reliability,
            audit_rate=self.audit_rate,
        )

    async def judge(self, prompt: str | RunRequest, answer: str) -> Judgement:
        """Evaluate ``answer`` to ``prompt`` as a run would evaluate a draft,
        without drafting: the same panel, threshold, deadline and budget."""
        request = prompt if isinstance(prompt, RunRequest) else RunRequest.from_prompt(prompt)
        evaluator = await self.evaluator_for(request)
        if evaluator is None:
            return Judgement(None)
        ledger = Ledger(self.policy)
        verdict = await evaluate_within_limits(
            evaluator,
            Subject(request=request, text=answer),
            EvaluationContext(threshold=self.policy.threshold, gateway=ledger),
            ledger,
            timeout_s=self.policy.judge_timeout_s,
        )
        return Judgement(verdict, list(ledger.calls), ledger.usage)

    async def stream(
        self, prompt: str | RunRequest, *, run_id: str | None = None
    ) -> AsyncIterator[RunEvent]:
        """Run once, yielding every event as it happens (see :func:`redraft.stream_run`)."""
        request = prompt if isinstance(prompt, RunRequest) else RunRequest.from_prompt(prompt)
        evaluator = await self.evaluator_for(request)
        events = stream_run(
            request,
            generator=self.generator,
            evaluator=evaluator,
            policy=self.policy,
            judge=self.judge_model,
            run_id=run_id,
            hooks=self.hooks,
            tools=self.tools,
        )
        async with contextlib.aclosing(events):
            async for event in events:
                yield event

    async def run(
        self,
        prompt: str | RunRequest,
        *,
        run_id: str | None = None,
        on_event: Callable[[RunEvent], Any] | None = None,
    ) -> RunResult:
        """Run once and return the result; raises as :func:`redraft.run` does."""
        request = prompt if isinstance(prompt, RunRequest) else RunRequest.from_prompt(prompt)
        return await run(
            request,
            generator=self.generator,
            evaluator=await self.evaluator_for(request),
            policy=self.policy,
            judge=self.judge_model,
            run_id=run_id,
            on_event=on_event,
            hooks=self.hooks,
            tools=self.tools,
        )

    def run_sync(
        self,
        prompt: str | RunRequest,
        *,
        run_id: str | None = None,
        on_event: Callable[[RunEvent], Any] | None = None,
    ) -> RunResult:
        """:meth:`run` for code without an event loop: the same arguments.
        Every call runs on the redrafter's own loop, so the providers it built
        stay usable."""
        return self._sync(self.run(prompt, run_id=run_id, on_event=on_event))

    def _sync(self, work: Coroutine[Any, Any, T]) -> T:
        if self._runner is None:
            self._runner = asyncio.Runner()
        return self._runner.run(work)

    async def aclose(self) -> None:
        """Close the providers this redrafter built from specs."""
        await self.registry.aclose()

    def close(self) -> None:
        """:meth:`aclose` for code without an event loop."""
        runner, self._runner = self._runner, None
        if runner is None:
            asyncio.run(self.aclose())
            return
        with runner:
            runner.run(self.aclose())

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        judge = "none" if self.judge_model is None else self.judge_model.spec
        return f"Redrafter(model={self.generator.spec!r}, judge_model={judge!r})"
