"""What one check found, as every judge returns it (the vocabulary's and the
families')."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Outcome"]


@dataclass(frozen=True)
class Outcome:
    """What one check found. ``skipped``: the check could not tell (evidence
    with status ``skipped``, which counts neither way)."""

    passed: bool
    reason: str
    suggestion: str | None = None
    score: float | None = None
    data: dict[str, Any] = field(default_factory=dict)
    skipped: bool = False
