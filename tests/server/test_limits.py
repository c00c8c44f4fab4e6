"""The documented request limits, checked before any work starts."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from redraft import ConfigurationError
from redraft.core._limits import (
    MAX_COMPILED_CHARS,
    MAX_CRITERIA_CHARS,
    MAX_JSON_SCHEMA_BYTES,
    MAX_JSON_SCHEMA_DEPTH,
    MAX_PATTERNS,
    check_json_schema_size,
)
from redraft.criteria import compile_checks
from redraft.server._options import options_from_raw
from redraft.server._sessions import SessionCreate


def _nested(depth: int) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(depth - 1):
        schema = {"type": "array", "items": schema}
    return schema


def test_schema_depth_is_measured_without_recursing() -> None:
    check_json_schema_size(_nested(MAX_JSON_SCHEMA_DEPTH))
    with pytest.raises(ValueError, match="JSON Schema depth"):
        check_json_schema_size(_nested(MAX_JSON_SCHEMA_DEPTH + 1))
    # Far deeper than Python's recursion limit: refused, not a RecursionError.
    with pytest.raises(ValueError, match="nested more than"):
        check_json_schema_size(_nested(50_000))


def test_schema_size_counts_compact_json_bytes() -> None:
    filler = "x" * (MAX_JSON_SCHEMA_BYTES - 100)
    check_json_schema_size({"description": filler})
    with pytest.raises(ValueError, match=f"the limit is {MAX_JSON_SCHEMA_BYTES} bytes"):
        check_json_schema_size({"description": filler + "y" * 200})


@pytest.mark.parametrize(
    ("raw", "named"),
    [
        ({"must_match": ["a"] * (MAX_PATTERNS + 1)}, "patterns per request"),
        (
            {"must_match": ["a"] * 60, "must_not_match": ["b"] * (MAX_PATTERNS - 59)},
            "patterns per request",
        ),
        ({"criteria": "x" * (MAX_CRITERIA_CHARS + 1)}, "redraft.criteria"),
        ({"json_schema": _nested(MAX_JSON_SCHEMA_DEPTH + 5)}, "JSON Schema depth"),
        ({"threshold": float("nan")}, "redraft.threshold"),
        ({"deadline_s": float("inf")}, "redraft.deadline_s"),
    ],
)
def test_options_over_a_limit_are_refused_naming_it(raw: dict[str, Any], named: str) -> None:
    with pytest.raises(ConfigurationError, match=named.replace(".", r"\.")):
        options_from_raw(raw)


def test_options_at_the_limits_are_accepted() -> None:
    options = options_from_raw(
        {"must_match": ["a"] * 50, "must_not_match": ["b"] * 50, "criteria": "x" * 100}
    )
    assert options is not None
    assert len(options.must_match or []) + len(options.must_not_match or []) == MAX_PATTERNS


def test_session_panels_are_capped() -> None:
    rule = {"pattern": "casino", "points": -5, "description": "Gambling"}
    with pytest.raises(ValidationError, match="rules"):
        SessionCreate.model_validate(
            {"subject": {"text": "t"}, "panel": [{"type": "check", "rules": [rule] * 51}]}
        )
    with pytest.raises(ValidationError, match="panel"):
        SessionCreate.model_validate(
            {"subject": {"text": "t"}, "panel": [{"type": "check", "rules": [rule]}] * 21}
        )


def test_the_compiler_reads_prompts_up_to_its_limit_only() -> None:
    requirement = "Do not use any commas in your response. "
    filler = "Tell me about the history of the city and its rivers. "
    within = requirement + filler * ((MAX_COMPILED_CHARS - len(requirement)) // len(filler))
    assert len(within) <= MAX_COMPILED_CHARS
    assert [c.spec.kind for c in compile_checks(within)] == ["forbidden_chars"]
    beyond = within + filler * 2
    assert compile_checks(beyond) == []
