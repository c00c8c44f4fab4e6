"""What a quality arm produces: one :class:`Outcome` per prompt, an
:class:`ArmResult` per arm, and the :class:`Bench` every arm reads."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

from _ifeval import IFEvalPrompt, Score

from redraft import Policy
from redraft.providers import Provider


@dataclass
class Outcome:
    """What one arm ended with on one prompt."""

    prompt: IFEvalPrompt
    text: str
    score: Score
    first: Score | None = None
    """The verifier on the arm's first attempt (None when it made none)."""
    tokens: int = 0
    overhead_tokens: int = 0
    """Tokens of judge and feedback calls (included in ``tokens``)."""
    calls: int = 0
    error: str | None = None
    stop_reason: str = ""
    claimed: bool | None = False
    """What the arm's own verdict said of its final answer (None: unverified)."""
    account: str = ""
    """The final verdict's requirement account."""
    final_attempt: int | None = 1
    """The draft the arm answered with (None: it made none)."""
    drafts: list[dict[str, object]] = field(default_factory=list)
    """Each draft's text, the feedback that asked for it and its verdict's account (``--dump``)."""


@dataclass
class ArmResult:
    name: str
    outcomes: list[Outcome]
    wall_s: float
    tokens: int | None = None
    """Totals known only for the arm as a whole (DSPy's call history), else
    summed over the outcomes."""
    overhead_tokens: int | None = None
    calls: int | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def total_tokens(self) -> int:
        return self.tokens if self.tokens is not None else sum(o.tokens for o in self.outcomes)

    @property
    def total_overhead_tokens(self) -> int:
        if self.overhead_tokens is not None:
            return self.overhead_tokens
        return sum(o.overhead_tokens for o in self.outcomes)

    @property
    def total_calls(self) -> int:
        return self.calls if self.calls is not None else sum(o.calls for o in self.outcomes)


@dataclass
class Bench:
    args: argparse.Namespace
    prompts: list[IFEvalPrompt]
    generator: Provider
    judge: Provider

    def policy(self, max_attempts: int) -> Policy:
        return Policy(
            max_attempts=max_attempts,
            feedback="critique",
            on_exhausted="best",
            deadline_s=None,
            max_tokens=self.args.max_tokens,
            temperature=self.args.temperature,
        )
