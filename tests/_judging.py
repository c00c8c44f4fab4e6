"""Judge replies in the default (``checklist``) preset's shape.

For tests about something other than the judge's preset (faults, telemetry,
the store, the middleware's plumbing…) that script what a judge says. A
provider without token log-probabilities answers every checklist item in one
JSON reply, ``{"items": [{"answer": "yes"|"no", "confidence": 0-10}, ...]}``;
an item counts only at confidence 5 or more, and the verdict's score is the
mean of the items' ``p_yes`` (``0.5 ± confidence / 20``).

An OpenAI-compatible provider asks each item first for one token with its
log-probabilities; the fake OpenAI server returns none, so the judge asks that
item again in words: script :data:`PROBE` for the first call.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from redraft import ModelRequest

__all__ = [
    "ALL_YES",
    "NO",
    "PROBE",
    "answering",
    "checklist_reply",
    "item_count",
]


def checklist_reply(*answers: tuple[str, int]) -> str:
    """The JSON text of a checklist reply: one ``(answer, confidence)`` per item."""
    return json.dumps({"items": [{"answer": a, "confidence": c} for a, c in answers]})


ALL_YES = checklist_reply(("yes", 10))
"""A confident yes on a one-item checklist: passes, score 1.0."""
NO = checklist_reply(("no", 10))
"""A confident no on a one-item checklist: fails, score 0.0."""
PROBE = "yes"
"""What the fake OpenAI server answers the one-token log-probability call
with: it sends no log-probabilities, so the text is read by nobody and the
judge asks the item again in words."""


def item_count(request: ModelRequest) -> int:
    """How many items a checklist judge call asks about (from its JSON schema)."""
    assert request.json_schema is not None, "not a judge call"
    return int(request.json_schema["properties"]["items"]["minItems"])


def answering(answer: str = "yes", confidence: int = 10) -> Callable[[ModelRequest], str]:
    """A :class:`~redraft.providers.FunctionModel` responder that gives the
    same answer on every item a checklist judge call asks about."""

    def respond(request: ModelRequest) -> str:
        return checklist_reply(*[(answer, confidence)] * item_count(request))

    return respond
