"""Which of two drafts meets the requirements better, asked both ways round.

Small judges rank two answers side by side far more reliably than they score
one on an absolute scale, so when the checks cannot separate two drafts the
judge is asked to choose instead of having their scores compared. Small
models also favour a position (often whichever answer comes first), so the
question is asked twice with the drafts swapped:

- where the provider returns token log-probabilities, each reading is one
  call of one output token: ``P(B)`` against ``P(A)`` among the first token's
  alternatives, with the certainty ``|P(A) - P(B)|`` as in checklist judging;
- elsewhere, one JSON reply per order with a stated 0-10 confidence.

The preference is the mean of the two readings; its confidence is the weaker
reading's, and 0 when the orders disagree: a judge that always answers "A"
prefers nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from redraft.core._evaluator import Preference
from redraft.core._types import RunRequest
from redraft.evaluators._judge_base import (
    SCORE_0_10,
    Ask,
    ReplyModel,
    judge_messages,
    object_schema,
    request_block,
    tagged,
    two_way,
)

__all__ = ["prefer"]

_A = frozenset({"a"})
_B = frozenset({"b"})

_SYSTEM = (
    "You compare two answers, A and B, to the same request against the requirements "
    "listed. Reply with one letter: A if answer A meets the requirements better, B if "
    "answer B does."
)
_STATED_SYSTEM = (
    "You compare two answers, A and B, to the same request against the requirements "
    "listed. Say which meets them better and how sure you are, an integer from 0 (a "
    'guess) to 10 (certain). Reply with one JSON object: {"better": "A", "confidence": 7}.'
)


class _StatedChoice(ReplyModel):
    better: Literal["A", "B"]
    confidence: int = Field(ge=0, le=10)


@dataclass(frozen=True)
class _Reading:
    p_b: float
    certainty: float


async def prefer(
    ask: Ask, request: RunRequest, first: str, second: str, items: Sequence[str]
) -> Preference:
    """The judge's preference between ``first`` and ``second`` on ``items``.
    Raises :class:`~._judge_base.JudgeFailure` when a call fails or a reply is unreadable."""
    method: Literal["logprobs", "stated"] = "logprobs" if ask.supports_logprobs else "stated"
    as_written, swapped = await asyncio.gather(
        _read(ask, request, first, second, items, method, "pairwise, as written"),
        _read(ask, request, second, first, items, method, "pairwise, swapped"),
    )
    # Swapped, answer A is the second draft: its reading of B is the first's.
    p_second = (as_written.p_b + (1.0 - swapped.p_b)) / 2
    agree = (as_written.p_b - 0.5) * (0.5 - swapped.p_b) > 0
    confidence = min(as_written.certainty, swapped.certainty) if agree else 0.0
    return Preference(round(p_second, 4), round(min(1.0, confidence), 4), method)


async def _read(
    ask: Ask,
    request: RunRequest,
    a: str,
    b: str,
    items: Sequence[str],
    method: Literal["logprobs", "stated"],
    stage: str,
) -> _Reading:
    listed = "\n".join(f"{i}. {item}" for i, item in enumerate(items, 1))
    blocks = [
        request_block(request, with_format=True),
        tagged("requirements", listed),
        tagged("answer_a", a),
        tagged("answer_b", b),
    ]
    if method == "logprobs":
        messages = judge_messages(
            _SYSTEM, *blocks, "Which answer meets the requirements better? Reply A or B."
        )
        mass = await two_way(ask, messages, _A, _B, stage=stage)
        if mass is not None:
            p_a, p_b = mass
            if p_a + p_b == 0:
                return _Reading(0.5, 0.0)
            return _Reading(p_b / (p_a + p_b), abs(p_a - p_b))
        # A compatible server that ignored the request: ask in words instead.
    messages = judge_messages(
        _STATED_SYSTEM, *blocks, "Which answer meets the requirements better? JSON only."
    )
    schema = object_schema(
        {"better": {"type": "string", "enum": ["A", "B"]}, "confidence": SCORE_0_10}
    )
    reply = await ask(messages, schema, _StatedChoice, stage=stage)
    certainty = reply.value.confidence / 10
    lean = certainty / 2
    return _Reading(0.5 + lean if reply.value.better == "B" else 0.5 - lean, certainty)
