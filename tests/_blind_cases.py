"""Constraints written as a split's writer would, for the blind mapper's
tests: one constraint (or one with siblings in its row), what the mapper
expects of it, and whether compiled specs cover it or are implied by it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from redraft.criteria import CHECK_SPEC_ADAPTER

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import _blind_map  # type: ignore[import-not-found]

__all__ = ["constraint", "covered", "dump", "expect", "expect_in_row", "implied"]

_BASE: dict[str, Any] = {
    "row_id": "t-1",
    "index": 0,
    "family": "unlabelled",
    "quote": "",
    "unit": None,
    "scope": "response",
    "relation": "other",
    "value": None,
    "words": (),
    "verifiable": True,
    "note": "",
    "source": "prompt",
}


def constraint(index: int = 0, **fields: Any) -> Any:
    """A constraint with the writer's fields given, the rest neutral."""
    return _blind_map.Constraint(**(_BASE | {"index": index} | fields))


def expect_in_row(c: Any, *others: Any) -> Any:
    """What the mapper expects of ``c`` in a row holding ``others`` too."""
    return _blind_map.expect(c, _blind_map.Row("t-1", None, "", (c, *others), None))


def expect(fields: dict[str, Any], *siblings: dict[str, Any]) -> Any:
    """What the mapper expects of a constraint with ``fields``, beside
    constraints with each of ``siblings``' fields."""
    others = tuple(constraint(i, **s) for i, s in enumerate(siblings, start=1))
    return expect_in_row(constraint(0, **fields), *others)


def dump(spec: dict[str, Any]) -> dict[str, Any]:
    return dict(CHECK_SPEC_ADAPTER.validate_python(spec).model_dump())


def covered(expectation: Any, *specs: dict[str, Any]) -> bool:
    """Whether compiling ``specs`` covers the expectation: every spec it
    needs is among them."""
    dumped = [dump(s) for s in specs]
    return bool(expectation.matchers) and all(
        any(m.exact(d) for d in dumped) for m in expectation.matchers
    )


def implied(expectation: Any, spec: dict[str, Any]) -> bool:
    """Whether ``spec`` enforces a necessary part of the expectation."""
    dumped = dump(spec)
    return any(m.exact(dumped) for m in expectation.implied)
