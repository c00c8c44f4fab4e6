"""The documented limits on what one request may ask for.

Every option that makes the service do work in proportion to its size is
capped here, once, and checked before any work starts: a request over a
limit is refused with a message naming the option and the limit (HTTP 400,
CLI exit 2), instead of being accepted and then holding a core. The table in
``docs/service.md`` ("Limits") lists the same numbers; a test keeps the two in
step.

Why these numbers: each is far above what a real request needs (IFEval's
longest prompt is ~2,000 characters; real JSON Schemas for LLM output are a few
KB) and far below what makes a request costly on a 2-core machine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

__all__ = [
    "LIMITS",
    "MAX_CHECKS",
    "MAX_COMPILED_CHARS",
    "MAX_CRITERIA_CHARS",
    "MAX_JSON_SCHEMA_BYTES",
    "MAX_JSON_SCHEMA_DEPTH",
    "MAX_JSON_SCHEMA_PATHS",
    "MAX_JSON_SCHEMA_REF_DEPTH",
    "MAX_PANEL_MEMBERS",
    "MAX_PATTERNS",
    "MAX_RULES_PER_CHECK",
    "Limit",
    "check_json_schema_size",
    "check_pattern_count",
]

#: ``must_match`` and ``must_not_match`` patterns together, per request.
MAX_PATTERNS = 100
#: Characters of ``criteria`` (and of ``format``).
MAX_CRITERIA_CHARS = 20_000
#: The JSON Schema, serialized compactly.
MAX_JSON_SCHEMA_BYTES = 64 * 1024
#: Nesting of objects and arrays in the JSON Schema.
MAX_JSON_SCHEMA_DEPTH = 32
#: Subschema applications validating one value may take: the paths through
#: the schema's ``$ref``/``anyOf``/``allOf``/``oneOf`` graph. Each property is
#: one path, so real schemas stay far below; 17 chained ``anyOf`` pairs of
#: references (1.2 KB) are over it.
MAX_JSON_SCHEMA_PATHS = 100_000
#: Subschemas and references nested along one path through the schema.
MAX_JSON_SCHEMA_REF_DEPTH = 128
#: Characters of a prompt (or criteria) the rule compiler reads; a longer one
#: compiles to no checks and its requirements go to the judge.
MAX_COMPILED_CHARS = 50_000
#: Explicit checks (``checks``) per request.
MAX_CHECKS = 50
#: Members of a session's panel.
MAX_PANEL_MEMBERS = 20
#: Rules of one ``check`` member of a session panel.
MAX_RULES_PER_CHECK = 50


@dataclass(frozen=True)
class Limit:
    """One row of the limits table."""

    name: str
    value: int
    applies_to: str


LIMITS: tuple[Limit, ...] = (
    Limit("patterns per request", MAX_PATTERNS, "must_match + must_not_match"),
    Limit("criteria characters", MAX_CRITERIA_CHARS, "criteria, format"),
    Limit("JSON Schema bytes", MAX_JSON_SCHEMA_BYTES, "json_schema (compact JSON)"),
    Limit("JSON Schema depth", MAX_JSON_SCHEMA_DEPTH, "json_schema"),
    Limit("JSON Schema paths", MAX_JSON_SCHEMA_PATHS, "json_schema"),
    Limit("JSON Schema reference depth", MAX_JSON_SCHEMA_REF_DEPTH, "json_schema"),
    Limit("explicit checks", MAX_CHECKS, "checks"),
    Limit("compiled characters", MAX_COMPILED_CHARS, "prompt or criteria read by the compiler"),
    Limit("panel members", MAX_PANEL_MEMBERS, "session panel"),
    Limit("rules per check member", MAX_RULES_PER_CHECK, "session panel check rules"),
)


def check_pattern_count(must_match: list[str] | None, must_not_match: list[str] | None) -> None:
    """Raise ``ValueError`` when the two pattern lists together exceed :data:`MAX_PATTERNS`."""
    total = len(must_match or ()) + len(must_not_match or ())
    if total > MAX_PATTERNS:
        raise ValueError(
            f"{total} patterns in must_match and must_not_match; the limit is "
            f"{MAX_PATTERNS} per request (patterns per request)"
        )


def check_json_schema_size(schema: Any, *, option: str = "json_schema") -> None:
    """Raise ``ValueError`` naming the limit when ``schema`` is too deep or too big.

    One walk measures both, and stops as soon as either limit is passed: a
    1.5 MB schema is refused after reading 64 KB of it, and a pathologically
    nested one without recursing into it. The size counted is that of the
    schema written as compact JSON (``separators=(",", ":")``).
    """
    size = 0
    stack: list[tuple[Any, int]] = [(schema, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict | list | tuple):
            if depth > MAX_JSON_SCHEMA_DEPTH:
                raise ValueError(
                    f"{option} is nested more than {MAX_JSON_SCHEMA_DEPTH} levels deep; "
                    f"the limit is {MAX_JSON_SCHEMA_DEPTH} (JSON Schema depth)"
                )
            # Brackets, and a separator per member.
            size += 2 + max(len(node) - 1, 0)
            if size > MAX_JSON_SCHEMA_BYTES:
                pass  # refused below, before walking its members
            elif isinstance(node, dict):
                for key, value in node.items():
                    size += _scalar_size(key) + 1  # the key and its colon
                    if size > MAX_JSON_SCHEMA_BYTES:
                        break
                    stack.append((value, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in node)
        else:
            size += _scalar_size(node)
        if size > MAX_JSON_SCHEMA_BYTES:
            raise ValueError(
                f"{option} is over {MAX_JSON_SCHEMA_BYTES} bytes as compact JSON; the limit "
                f"is {MAX_JSON_SCHEMA_BYTES} bytes (JSON Schema bytes)"
            )


def _scalar_size(value: Any) -> int:
    return len(json.dumps(value, ensure_ascii=False).encode("utf-8"))
