"""What ``_blind_map`` expects of markdown-table and CSV constraints, read
from the writers' unit, scope, relation, value and words: rows counted in a
table or a CSV body, a table's or a CSV header's columns, a count of tables."""

from __future__ import annotations

import re
from typing import Protocol

from _blind_matchers import Expectation, Matcher, Spec, all_of, counts
from _blind_parts import NUMERIC, count_value

__all__ = ["tabular"]


class _Fields(Protocol):
    @property
    def unit(self) -> str | None: ...
    @property
    def scope(self) -> str | None: ...
    @property
    def relation(self) -> str: ...
    @property
    def value(self) -> object: ...
    @property
    def words(self) -> tuple[str, ...]: ...


def _columns(kind: str, words: tuple[str, ...], **extra: object) -> Matcher:
    want = [w.strip().casefold() for w in words]

    def test(spec: Spec) -> bool:
        got = spec.get("columns")
        return (
            isinstance(got, (list, tuple))
            and [str(g).strip().casefold() for g in got] == want
            and all(spec.get(k) == v for k, v in extra.items())
        )

    return Matcher(frozenset({kind}), test, f"{kind} {list(words)} {extra or ''}".strip())


def tabular(c: _Fields) -> Expectation | None:
    """The checks a table or CSV constraint maps to; None where ``c`` is not one."""
    unit = str(c.unit or "").strip().lower()
    scope = str(c.scope or "").strip().lower()
    relation = c.relation.strip().lower()
    csv = bool(re.search(r"\bcsv\b|\bheader row\b", scope))
    table = bool(re.search(r"\btables?\b", scope))
    numeric = relation in NUMERIC and bool(count_value(relation, c.value))
    if unit == "table" and scope in ("response", "") and numeric:
        return all_of(*counts("table_count", relation, c.value))
    # "table row" (scope "table body"), "row", "data row": the data rows
    rows = re.fullmatch(r"(?:(?:table|data|body) )?rows?", unit) is not None
    if rows and numeric and (csv or table):
        return all_of(*counts("csv_rows" if csv else "table_rows", relation, c.value))
    if unit == "column" and c.words and relation in ("exactly", "equals", "contains"):
        if csv and relation != "contains":
            return all_of(_columns("csv_columns", c.words))
        if table:
            return all_of(_columns("table_columns", c.words, exact=relation != "contains"))
    return None
