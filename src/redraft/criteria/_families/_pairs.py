"""Pairwise sequence checks: each adjacent pair of parts must hold.

Shared by the families whose requirement is a relation between each part
and the one after it (chains, sorted items), so the walk over adjacent
pairs and the shape of the outcome (at least two parts, a score that falls
with each broken pair) are written once; each family keeps its own wording.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any, TypeVar

from redraft.criteria._outcome import Outcome

__all__ = ["broken_pairs", "pairs_outcome"]

T = TypeVar("T")


def broken_pairs(parts: Sequence[T], holds: Callable[[T, T], bool]) -> list[tuple[int, T, T]]:
    """Each adjacent pair that does not hold: (1-based index of the earlier
    part, the earlier part, the later part), in order."""
    return [(i, a, b) for i, (a, b) in enumerate(pairwise(parts), start=1) if not holds(a, b)]


def pairs_outcome(
    *,
    parts: int,
    broken: int,
    data: dict[str, Any],
    passed: str,
    too_few: str,
    broken_said: str,
    required: str,
    correction: Callable[[], str],
) -> Outcome:
    """The outcome of a pairwise check over ``parts`` parts with ``broken``
    broken pairs. It passes with at least two parts and none broken; the
    score is the share of pairs that hold (below 1, as the answer fails).
    ``correction`` is called only on failure (it re-reads the answer)."""
    if parts >= 2 and not broken:
        return Outcome(True, passed, data=data)
    said = too_few if parts < 2 else broken_said
    return Outcome(
        False,
        f"the answer has {said}; required: {required}",
        correction(),
        score=max(0.0, 1 - broken / max(parts - 1, 1)) * 0.99 if parts else 0.0,
        data=data,
    )
