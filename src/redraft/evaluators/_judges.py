"""LLM judges: one evaluator class, five presets (see :mod:`._judge_presets`).

A judge reaches its model only through ``context.gateway`` so the run's token
budget and deadline cover it and every call is recorded. Whatever goes wrong
(the call fails, the reply is not JSON, the JSON has the wrong shape) becomes
evidence with status ``error``: visible, never a crash, never a pass.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

import json_repair
from pydantic import BaseModel, ValidationError

from redraft.core._errors import ConfigurationError
from redraft.core._evaluator import EvaluationContext, Evaluator, Preference, Subject, aggregate
from redraft.core._provider import Provider
from redraft.core._text import plural
from redraft.core._types import (
    MIN_JUDGE_CONFIDENCE,
    Completion,
    Evidence,
    Message,
    ModelRequest,
    RunRequest,
    Verdict,
)
from redraft.evaluators._checklist import (
    Checklist,
    ItemAnswer,
    banded,
    checklist_items,
    conclusion_of,
    doubted,
    unasked,
)
from redraft.evaluators._checks import _clip
from redraft.evaluators._judge_base import (
    GENERIC_CRITERIA,
    Case,
    Conclusion,
    JudgeFailure,
    Reply,
    tagged,
)
from redraft.evaluators._judge_presets import PRESETS
from redraft.evaluators._pairwise import prefer
from redraft.evaluators._reliability import Comparison, Reliability

__all__ = ["GENERIC_CRITERIA", "JUDGE_PRESETS", "GatewayAsk", "Judge", "JudgeCall", "make_judge"]

JUDGE_PRESETS: tuple[str, ...] = tuple(PRESETS)
"""The preset names a :class:`Judge` accepts."""
DEFAULT_PRESET = "checklist"

M = TypeVar("M", bound=BaseModel)

# How much of a bad reply to quote in a reason, and to keep in evidence data.
_QUOTED_CHARS = 120
_KEPT_CHARS = 2000


class Judge(Evaluator):
    """An LLM judge following one of :data:`JUDGE_PRESETS`.

    ``criteria`` overrides the request's own criteria. ``checklist`` lists the
    requirements no check verifies: the ``checklist`` preset asks each as its
    own question, the others read them as part of the criteria. The judge's
    parsed reply is kept in ``evidence.data``.
    """

    kind = "judge"
    uses_llm = True

    def __init__(
        self,
        provider: Provider,
        preset: str = DEFAULT_PRESET,
        *,
        name: str | None = None,
        max_tokens: int = 400,
        temperature: float | None = 0.1,
        criteria: str | None = None,
        checklist: Sequence[str] = (),
        reliability: Reliability | None = None,
        audit_rate: float = 0.0,
        rng: random.Random | None = None,
    ) -> None:
        if preset not in PRESETS:
            raise ConfigurationError(
                f"unknown judge preset {preset!r}; choose one of {', '.join(JUDGE_PRESETS)}"
            )
        if isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 1:
            raise ConfigurationError(f"judge max_tokens must be ≥ 1, got {max_tokens!r}")
        self.provider = provider
        self.preset = preset
        self.name = name or f"{preset}-judge"
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.criteria = criteria
        self.checklist = list(checklist)
        """Requirements no check verifies, handed over one per line."""
        if not 0.0 <= audit_rate <= 1.0:
            raise ConfigurationError(f"judge audit_rate must be 0..1, got {audit_rate!r}")
        self.reliability = reliability
        """This judge's record, when one was kept: a flagged judge passes nothing alone."""
        self.audit_rate = audit_rate
        """The share of evaluations that also ask about one exactly checked requirement."""
        self._rng = rng or random.Random()
        self._preset = PRESETS[preset]

    @property
    def flagged(self) -> bool:
        return self.reliability is not None and self.reliability.flagged

    @property
    def believes_nothing(self) -> bool:
        """Calibrated, and no ``P(yes)`` of this judge is believed: a checklist
        judge is then not asked (audits go on, so the record can change)."""
        band = self.reliability.band if self.reliability is not None else None
        return band is not None and band.yes_from is None and band.no_to is None

    def _criteria(self, request: RunRequest) -> str | None:
        if self.preset == "checklist":
            return self.criteria or request.criteria
        if not self.checklist:
            return self.criteria
        items = "\n".join(f"- {item}" for item in self.checklist)
        stated = self.criteria or request.criteria
        lead = f"{stated}\n\n" if stated else ""
        return f"{lead}The answer must meet each of these requirements:\n{items}"

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        evidence, audit = await asyncio.gather(
            self._judge(subject, context), self.audit(subject, context)
        )
        if audit is not None:
            evidence.data["audit"] = audit.model_dump(mode="json")
        return aggregate([evidence], threshold=context.threshold)

    async def _judge(self, subject: Subject, context: EvaluationContext) -> Evidence:
        ask = GatewayAsk(self, subject, context)
        criteria = self._criteria(subject.request)
        case = Case(subject.request, subject.text, context.threshold, criteria)
        try:
            if isinstance(self._preset, Checklist):
                items = checklist_items(self.checklist, criteria)
                if self.believes_nothing:
                    answers = unasked(items)  # every answer would read as uncertain
                else:
                    answers = self._read(await self._preset.answers(ask, case, items))
                conclusion = conclusion_of(
                    doubted(answers) if self.flagged else answers, case.threshold
                )
                if self.believes_nothing:
                    conclusion.reason += (
                        "; not asked: its record shows no P(yes) it can be believed at"
                    )
            else:
                conclusion = await self._preset.judge(ask, case)
                if self.flagged and conclusion.passed:
                    conclusion.confidence = 0.0  # passes nothing by itself
        except JudgeFailure as failure:
            return failure.evidence(self, self.provider.spec, data={"preset": self.preset})
        return self._evidence_for(conclusion)

    async def compare(
        self, first: Subject, second: Subject, context: EvaluationContext
    ) -> Preference | None:
        """Which draft meets this judge's items better (see :func:`prefer`);
        None from a judge whose record is no better than chance, that has
        never been sure, or whose calibrated band believes nothing. A failed
        call raises :class:`JudgeFailure`."""
        if self.flagged or self.believes_nothing:
            return None
        if self.reliability is not None and self.reliability.never_sure:
            return None
        items = checklist_items(self.checklist, self.criteria or first.request.criteria)
        ask = GatewayAsk(self, second, context)
        return await prefer(ask, first.request, first.text, second.text, items)

    async def audit(self, subject: Subject, context: EvaluationContext) -> Comparison | None:
        """Now and then (``audit_rate``), ask the judge about one requirement
        an exact check has already decided for this draft
        (``context.settled``) and return how its answer compares. The answer
        is recorded as a judge call and never enters the verdict. Checklist
        judges only: the other presets grade the whole answer, not one
        requirement."""
        if not isinstance(self._preset, Checklist) or not self.audit_rate:
            return None
        decided = [r for r in context.settled if r.coverage == "exact" and r.passed is not None]
        if not decided or self._rng.random() >= self.audit_rate:
            return None
        requirement = self._rng.choice(decided)
        ask = GatewayAsk(self, subject, context)
        case = Case(subject.request, subject.text, context.threshold, criteria=None)
        try:
            [answer] = await self._preset.answers(ask, case, [requirement.text])
        except JudgeFailure:
            return None  # a failed audit teaches nothing; the call is still on the ledger
        [read] = self._read([answer])
        return Comparison(
            judge=self.provider.spec,
            preset=self.preset,
            requirement=requirement.text,
            truth=bool(requirement.passed),
            said=read.passed,
            p_yes=answer.p_yes,
        )

    def _read(self, answers: list[ItemAnswer]) -> list[ItemAnswer]:
        """Checklist answers as this judge's record says to read them: through
        its calibrated band when it has one, else by the fixed confidence floor."""
        band = self.reliability.band if self.reliability is not None else None
        return banded(answers, band) if band is not None else answers

    def _evidence_for(self, conclusion: Conclusion) -> Evidence:
        data: dict[str, Any] = {"preset": self.preset, **conclusion.data}
        if self.reliability is not None:
            data["reliability"] = self.reliability.model_dump(mode="json")
        score = conclusion.score
        unsure = conclusion.confidence is not None and conclusion.confidence < MIN_JUDGE_CONFIDENCE
        if unsure and not isinstance(self._preset, Checklist):
            # A grade the judge was not sure of verifies nothing; it stays in
            # ``data`` as the judge gave it (a checklist scores its answered items).
            score = None
        return Evidence(
            evaluator=self.name,
            kind="judge",
            passed=conclusion.passed,
            score=None if score is None else min(1.0, max(0.0, score)),
            reason=conclusion.reason,
            source=self.provider.spec,
            suggestions=conclusion.suggestions,
            required=self.required,
            confidence=conclusion.confidence,
            data=data,
        )

    def __repr__(self) -> str:
        return f"<Judge {self.name} preset={self.preset} provider={self.provider.spec}>"


class JudgeCall(Protocol):
    """What :class:`GatewayAsk` needs to know about the LLM evaluator calling."""

    @property
    def provider(self) -> Provider: ...
    @property
    def name(self) -> str: ...
    @property
    def max_tokens(self) -> int: ...
    @property
    def temperature(self) -> float | None: ...


class GatewayAsk:
    """The :class:`~._judge_base.Ask` every LLM evaluator uses: one gateway
    call, then parse and validate the reply."""

    def __init__(self, judge: JudgeCall, subject: Subject, context: EvaluationContext) -> None:
        self.judge = judge
        self.subject = subject
        self.context = context

    @property
    def supports_logprobs(self) -> bool:
        return self.judge.provider.supports_logprobs

    async def complete(self, request: ModelRequest, *, stage: str = "") -> Completion:
        if self.context.extra.get("judge_context") == "full":
            messages = with_full_context(request.messages, self.context.extra)
            request = request.model_copy(update={"messages": messages})
        try:
            return await self.context.gateway.complete(
                self.judge.provider,
                request,
                kind=self.context.call_kind,
                attempt=self.subject.attempt,
                evaluator=self.judge.name,
            )
        except Exception as exc:  # any gateway failure is a finding (CancelledError passes)
            where = f" ({stage})" if stage else ""
            raise JudgeFailure(
                f"the judge call{where} failed: {type(exc).__name__}: {exc}",
                {"error_type": type(exc).__name__},
            ) from exc

    async def __call__(
        self, messages: list[Message], schema: dict[str, Any], shape: type[M], *, stage: str = ""
    ) -> Reply[M]:
        judge = self.judge
        where = f" ({stage})" if stage else ""
        request = ModelRequest(
            messages=messages,
            max_tokens=judge.max_tokens,
            temperature=judge.temperature,
            json_schema=schema,
        )
        completion = await self.complete(request, stage=stage)
        text = completion.text
        cut = (
            f" (the reply was cut off at max_tokens={request.max_tokens})"
            if completion.finish_reason == "length"
            else ""
        )
        raw, repaired = _parse(text)
        if not isinstance(raw, dict):
            described = "nothing" if not text.strip() else _quote(text)
            raise JudgeFailure(
                f"the judge{where} did not reply with a JSON object: it wrote {described}{cut}",
                {"raw": text[:_KEPT_CHARS]},
            )
        try:
            value = shape.model_validate(raw)
        except ValidationError as exc:
            raise JudgeFailure(
                f"the judge's reply{where} does not fit the expected shape: "
                f"{_first_error(exc)}; it wrote {_quote(text)}{cut}",
                {"raw": text[:_KEPT_CHARS], "parsed": raw},
            ) from None
        return Reply(value=value, raw={**raw, "repaired": repaired}, repaired=repaired)


def with_full_context(messages: list[Message], extra: dict[str, Any]) -> list[Message]:
    """The full judge context (``judge_context="full"``): what the run knows
    beyond the turns and the answer (tool executions, timings, query
    analysis), as tagged data at the end of the judge's prompt."""
    details = {key: value for key, value in extra.items() if key != "judge_context"}
    if not details or not messages:
        return messages
    block = tagged("context", json.dumps(details, indent=1, ensure_ascii=False, default=str))
    last = messages[-1]
    return [*messages[:-1], last.model_copy(update={"content": f"{last.text}\n\n{block}"})]


def _parse(text: str) -> tuple[object, bool]:
    """JSON as written, else what ``json_repair`` makes of it (trailing commas,
    single quotes, code fences, a sentence around the object, a cut-off end)."""
    try:
        return json.loads(text), False
    except (ValueError, RecursionError):
        pass
    try:
        return json_repair.loads(text), True
    except Exception:  # the repairer is best effort; its failure means "not JSON"
        return None, True


def _quote(text: str) -> str:
    return json.dumps(_clip(text.strip(), _QUOTED_CHARS), ensure_ascii=False)


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    location = ".".join(str(part) for part in error["loc"]) or "the reply"
    extra = exc.error_count() - 1
    more = f" (and {plural(extra, 'more problem')})" if extra else ""
    return f"{location}: {error['msg']}{more}"


def make_judge(
    provider: Provider,
    preset: str | None = None,
    *,
    criteria: str | None = None,
    checklist: Sequence[str] = (),
    name: str | None = None,
    max_tokens: int = 400,
    temperature: float | None = 0.1,
    reliability: Reliability | None = None,
    audit_rate: float = 0.0,
) -> Judge:
    """A :class:`Judge` with the default preset (``checklist``) unless
    ``preset`` names another."""
    return Judge(
        provider,
        preset or DEFAULT_PRESET,
        name=name,
        max_tokens=max_tokens,
        temperature=temperature,
        criteria=criteria,
        checklist=checklist,
        reliability=reliability,
        audit_rate=audit_rate,
    )
