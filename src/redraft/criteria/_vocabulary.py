"""Turning a :data:`CheckSpec` into an evaluator with exact evidence.

Every finding states what was measured and what was required in its
``reason``, and a failed one carries one correction line in ``suggestions``
that the feedback hands to the next draft as-is ("Your answer has 137 words;
the limit is 100. Cut at least 37 words."). Small models act on a number
they are given; they rarely act on "too long".
"""

from __future__ import annotations

import json
from typing import Any

from redraft.core._types import Evidence
from redraft.criteria._families import FAMILY_OF_KIND
from redraft.criteria._outcome import Outcome
from redraft.criteria._spec import CheckSpec
from redraft.evaluators._checks import Check

__all__ = ["SpecCheck", "measure_text"]

_NAME_CHARS = 80


def measure_text(spec: CheckSpec, text: str) -> Outcome:
    """The outcome of ``spec`` on ``text``, measured by its family: pure and
    deterministic."""
    return FAMILY_OF_KIND[spec.kind_name()].measure(spec, text)


def repair_for(spec: CheckSpec) -> dict[str, Any] | None:
    """The edit that meets ``spec`` without a model, where one needs no
    judgement (:mod:`redraft.core._repair` makes it); None elsewhere."""
    return FAMILY_OF_KIND[spec.kind_name()].repair(spec)


def _settled_failure(spec: CheckSpec, partial: str) -> bool:
    """Whether ``partial`` (a draft still being written) already fails ``spec``
    whatever follows it."""
    return FAMILY_OF_KIND[spec.kind_name()].settled_failure(spec, partial)


class SpecCheck(Check):
    """The evaluator of one :data:`CheckSpec`.

    ``provenance`` (where the check came from: origin, source span and text)
    is copied into every finding's ``data`` so a run records which stated
    requirement each verdict enforces.
    """

    def __init__(
        self,
        spec: CheckSpec,
        *,
        provenance: dict[str, Any] | None = None,
        name: str | None = None,
        required: bool = True,
    ) -> None:
        self.spec = spec
        self.provenance = dict(provenance or {})
        label = f"{spec.kind_name()}: {spec.describe()}"
        if len(label) > _NAME_CHARS:
            label = label[: _NAME_CHARS - 1] + "…"
        super().__init__(name=name or label, required=required)
        self.source = f"compiled check {spec.kind_name()}"

    async def check(self, text: str) -> Evidence:
        # Off the event loop for a long draft, under the check's time limit.
        return await self._judged(self._measured, text)

    def _measured(self, text: str) -> Evidence:
        return self._finding(measure_text(self.spec, text), partial=False)

    def definite_failure(self, partial: str) -> Evidence | None:
        if not _settled_failure(self.spec, partial):
            return None
        return self._finding(measure_text(self.spec, partial), partial=True)

    def _finding(self, outcome: Outcome, *, partial: bool) -> Evidence:
        data = {
            **outcome.data,
            "check": self.spec.model_dump(mode="json"),
            **self.provenance,
        }
        if partial:
            data["partial"] = True
        if outcome.skipped:
            return Evidence(
                evaluator=self.name,
                kind="check",
                status="skipped",
                reason=outcome.reason,
                source=self.source,
                required=self.required,
                data=data,
            )
        repair = repair_for(self.spec)
        if repair is not None and not outcome.passed and not partial:
            data["repair"] = repair
        return self._evidence(
            passed=outcome.passed,
            reason=outcome.reason,
            suggestion=outcome.suggestion,
            score=outcome.score,
            data=data,
        )

    def __repr__(self) -> str:
        return f"<SpecCheck {json.dumps(self.spec.model_dump(mode='json'), sort_keys=True)}>"
