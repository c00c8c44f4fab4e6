"""What an eval is made of: the rows of a dataset, the options every row
runs with, and one outcome per row and arm.

An eval runs each row of a dataset through the loop (the ``loop`` arm) and,
with ``compare``, through one judged draft and nothing more (the
``baseline`` arm), so the two can be set side by side row by row.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from redraft.config._spec import EvaluationSpec, validation_problems
from redraft.core._errors import ConfigurationError
from redraft.core._fields import optional_fields
from redraft.core._types import Message, Policy, RunRequest, RunResult

__all__ = [
    "ARMS",
    "Arm",
    "DatasetRow",
    "Eval",
    "EvalConfig",
    "EvalOutcome",
    "EvalStatus",
    "EvalSummary",
    "ROW_SPEC_FIELDS",
]

Arm = Literal["baseline", "loop"]
ARMS: tuple[Arm, ...] = ("baseline", "loop")
EvalStatus = Literal["running", "completed", "interrupted"]

ROW_SPEC_FIELDS = ("criteria", "must_match", "must_not_match", "max_words", "json_schema", "checks")
"""The evaluation options a row may set for itself, over the eval's own."""

_ANSWER_CHARS = 4000
_PROMPT_CHARS = 500


if TYPE_CHECKING:
    _RowSpec = EvaluationSpec
else:
    _RowSpec = optional_fields(EvaluationSpec, ROW_SPEC_FIELDS, base=BaseModel, name="_RowSpec")


class DatasetRow(_RowSpec):
    """One row: a prompt (or a whole ``messages`` list) and, optionally, what
    its answer must do — ``criteria`` for the judge, ``format``, patterns,
    a word limit, a JSON schema, explicit ``checks`` — and a ``reference``
    answer, given to the judge and shown in the reports beside the answer."""

    model_config = ConfigDict(extra="forbid")

    id: str | None = None
    """The row's name in reports; its line number when not given."""
    prompt: str | None = None
    messages: list[Message] | None = None
    format: str | None = None
    reference: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    """Anything else the dataset keeps about the row; carried, never read."""

    @model_validator(mode="after")
    def _one_question(self) -> DatasetRow:
        if (self.prompt is None) == (self.messages is None):
            raise ValueError("give either a prompt or a messages list, not both or neither")
        if self.prompt is not None and not self.prompt.strip():
            raise ValueError("the prompt is empty")
        if self.messages is not None and not any(m.role == "user" for m in self.messages):
            raise ValueError("messages must contain at least one user message")
        # The row's options must make a valid spec now, not fail at run time.
        self.spec()
        return self

    def spec(self) -> EvaluationSpec:
        """The evaluation options the row sets (the eval's own lie under them)."""
        given = {name: getattr(self, name) for name in ROW_SPEC_FIELDS}
        try:
            return EvaluationSpec.model_validate({k: v for k, v in given.items() if v is not None})
        except ValidationError as exc:
            raise ValueError(validation_problems(exc)) from None

    def request(self, *, with_reference: bool) -> RunRequest:
        """The run's request; ``with_reference`` adds the reference answer to
        the criteria (only a judge can weigh it)."""
        criteria = self.criteria
        if with_reference and self.reference:
            said = f"A correct answer agrees with this reference answer: {self.reference}"
            criteria = f"{criteria}\n{said}" if criteria else said
        if self.messages is not None:
            return RunRequest(messages=self.messages, format=self.format, criteria=criteria)
        assert self.prompt is not None
        return RunRequest.from_prompt(self.prompt, format=self.format, criteria=criteria)

    @property
    def question(self) -> str:
        """The last user turn: what the row asks."""
        return self.request(with_reference=False).prompt


class EvalConfig(BaseModel):
    """The options every row runs with, kept so that a resumed eval runs the
    rest of its rows exactly as it ran the first ones."""

    model: str
    judge_model: str
    """A model spec, or ``"none"`` for checks only."""
    policy: Policy
    spec: dict[str, Any] = Field(default_factory=dict)
    """The evaluation options given (:meth:`EvaluationSpec.given`); each row's lie over them."""
    compare: bool = False
    """Also run the ``baseline`` arm: one draft, judged, never redrafted."""

    @property
    def arms(self) -> tuple[Arm, ...]:
        return ARMS if self.compare else ("loop",)

    def policy_of(self, arm: Arm) -> Policy:
        """The loop's policy, or the baseline's: one draft, nothing else."""
        if arm == "loop":
            return self.policy
        return self.policy.model_copy(
            update={
                "max_attempts": 1,
                "candidates": 1,
                "delivery": "blocking",
                "repair": False,
                "pairwise": False,
                "on_exhausted": "best",
            }
        )

    def evaluation_spec(self, row: DatasetRow) -> EvaluationSpec:
        try:
            base = EvaluationSpec.model_validate(self.spec)
        except ValidationError as exc:
            raise ConfigurationError(validation_problems(exc)) from None
        return row.spec().over(base)


class EvalOutcome(BaseModel):
    """One row run through one arm: what came back and what it cost."""

    row: int
    """The row's position in the dataset, from 0."""
    row_id: str
    arm: Arm
    run_id: str | None
    prompt: str
    reference: str | None = None
    passed: bool | None
    """As a run's: True only when every requirement was verified or confidently judged."""
    score: float
    attempts: int
    first_draft_passed: bool | None
    """The first draft's verdict: with the final one, where the loop lost a passing draft."""
    first_pass_attempt: int | None
    """The attempt whose draft first passed; None when none did."""
    stop_reason: str
    input_tokens: int
    output_tokens: int
    cost_usd: float | None
    final_answer: str
    error: str | None = None
    duration_s: float

    @property
    def tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    @classmethod
    def of(
        cls, row: DatasetRow, index: int, arm: Arm, result: RunResult, duration_s: float
    ) -> EvalOutcome:
        verdicts = {d.attempt: d.verdict for d in result.drafts if d.verdict is not None}
        first = verdicts.get(1)
        first_pass = min((a for a, v in verdicts.items() if v.passed is True), default=None)
        return cls(
            row=index,
            row_id=row.id or str(index + 1),
            arm=arm,
            run_id=result.run_id,
            prompt=row.question[:_PROMPT_CHARS],
            reference=row.reference,
            passed=result.passed,
            score=result.score,
            attempts=result.attempts,
            first_draft_passed=None if first is None else first.passed,
            first_pass_attempt=first_pass,
            stop_reason=result.stop_reason,
            input_tokens=result.usage.input_tokens,
            output_tokens=result.usage.output_tokens,
            cost_usd=result.cost_usd,
            final_answer=result.final_answer[:_ANSWER_CHARS],
            error=result.error,
            duration_s=round(duration_s, 3),
        )


class EvalSummary(BaseModel):
    """One line of an eval listing."""

    id: str
    name: str
    created_at: datetime
    updated_at: datetime
    status: EvalStatus
    model: str
    arms: list[Arm]
    rows: int
    """Rows in the dataset."""
    done: int
    """Outcomes recorded, over every arm."""
    passed: int
    """Rows the loop arm passed."""


class Eval(BaseModel):
    """An eval as stored: its dataset, its options and every outcome so far."""

    id: str
    name: str
    created_at: datetime
    updated_at: datetime
    status: EvalStatus
    config: EvalConfig
    rows: list[DatasetRow]
    outcomes: list[EvalOutcome] = Field(default_factory=list)

    def remaining(self) -> list[tuple[int, Arm]]:
        """The (row, arm) pairs with no outcome yet, in dataset order."""
        done = {(o.row, o.arm) for o in self.outcomes}
        return [
            (index, arm)
            for index in range(len(self.rows))
            for arm in self.config.arms
            if (index, arm) not in done
        ]

    def by_row(self, arm: Arm) -> list[EvalOutcome | None]:
        """``arm``'s outcome of each row, in dataset order; None where it has none yet."""
        found: list[EvalOutcome | None] = [None] * len(self.rows)
        for outcome in self.outcomes:
            if outcome.arm == arm and outcome.row < len(found):
                found[outcome.row] = outcome
        return found
