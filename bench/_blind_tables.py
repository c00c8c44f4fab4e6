"""What ``_blind_map`` expects of markdown-table and CSV constraints, read
from the writers' unit, scope, relation, value and words: rows counted in a
table or a CSV body, a table's or a CSV header's columns, a count of tables.

Rows or columns of the whole answer whose format no field names (scope
``response``, the table or the CSV named only in the prompt and the label)
are a table's or a CSV's: the one check that names those columns (counts
those data rows) in either format is the constraint's; where a field of the
prompt's constraints names one format, only that one. A table's columns
hold only in a table, so a table's count (at least one) is a part of them;
a row scoped to the first (header) row where CSV is named is the header."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from _blind_matchers import Expectation, Matcher, Spec, all_of, count, counts, either
from _blind_parts import NUMERIC, count_value, is_response, scope_of
from _blind_rows import Fields

__all__ = ["tabular"]


_WITH_HEADER = re.compile(
    r"(?:including|incl\.?|with|plus|\+|and)\s*(?:the\s+|a\s+)?header|header\s*(?:row\s*)?\+"
)


def _data_rows(c: Fields) -> object:
    """The count of data rows: the value, less the header row where the note
    says the count holds it ("header + 3 data rows", "including the header")."""
    note = c.note.lower()
    if not _WITH_HEADER.search(note) or re.search(r"exclud|without|not counting", note):
        return c.value
    if isinstance(c.value, int) and not isinstance(c.value, bool):
        return c.value - 1
    if isinstance(c.value, (list, tuple)) and all(isinstance(v, int) for v in c.value):
        return [v - 1 for v in c.value]
    return c.value


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


def _named_formats(siblings: Sequence[Fields]) -> tuple[bool, bool]:
    """Whether a field (not the label) of the prompt's constraints names CSV,
    and whether one names a table."""
    said = " ".join(
        f"{s.unit or ''} {s.scope or ''} {s.note} {' '.join(s.words)} "
        + (s.value if isinstance(s.value, str) else "")
        for s in siblings
    ).lower()
    return bool(re.search(r"\bcsv\b", said)), bool(re.search(r"\btables?\b", said))


def _untold(c: Fields, siblings: Sequence[Fields]) -> Expectation | None:
    """Rows or columns of the whole answer, the format named by no scope."""
    unit = str(c.unit or "").strip().lower()
    relation = c.relation.strip().lower()
    if not is_response(scope_of(c.scope)):
        return None
    csv, table = _named_formats(siblings)
    if csv and table:
        return None
    if re.fullmatch(r"(?:data |body )?rows?", unit) and relation in NUMERIC:
        if not count_value(relation, c.value):
            return None
        tables = counts("table_rows", relation, _data_rows(c))
        csvs = counts("csv_rows", relation, _data_rows(c))
        if csv or table:
            return all_of(*(csvs if csv else tables))
        return all_of(*(either(t, v) for t, v in zip(tables, csvs, strict=True)))
    if unit == "column" and len(c.words) > 1 and relation in ("exactly", "equals"):
        header = _columns("csv_columns", c.words)
        columns = _columns("table_columns", c.words, exact=True)
        if csv or table:
            return all_of(header if csv else columns)
        return all_of(either(columns, header))
    return None


def tabular(c: Fields, siblings: Sequence[Fields] = ()) -> Expectation | None:
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
        return all_of(*counts("csv_rows" if csv else "table_rows", relation, _data_rows(c)))
    if unit == "column" and c.words and relation in ("exactly", "equals", "contains"):
        if csv and relation != "contains":
            return all_of(_columns("csv_columns", c.words))
        if table:
            # a table with those columns is a table: its count is a part
            named = all_of(_columns("table_columns", c.words, exact=relation != "contains"))
            return replace(named, implied=(count("table_count", "at_least", 1),))
    if _first_row_of_csv(c, unit, scope, siblings):
        unit, csv = "header row", True  # the first row of a CSV is its header
    if header := _header_row(c, unit, csv):
        return header
    return _untold(c, siblings)


def _first_row_of_csv(c: Fields, unit: str, scope: str, siblings: Sequence[Fields]) -> bool:
    """A row (line) scoped to the first (header) row where the label, the
    note or a sibling's fields name CSV: the CSV's header row ("row" of
    scope "first row" equals 'date,task,hours', label "csv_header")."""
    if not re.fullmatch(r"(?:rows?|lines?)", unit):
        return False
    if not re.fullmatch(r"(?:the )?(?:first|top|header|csv header) (?:row|line)", scope):
        return False
    said = f"{c.family} {c.note}".lower().replace("_", " ")
    return bool(re.search(r"\bcsv\b", said)) or _named_formats(siblings) == (True, False)


def _header_row(c: Fields, unit: str, csv: bool) -> Expectation | None:
    """The CSV's header row equal to comma-joined names ("header row" of
    scope CSV equals 'date,payee,amount'): the header's columns, in order."""
    if not csv or c.relation.strip().lower() != "equals" or not isinstance(c.value, str):
        return None
    if not re.fullmatch(r"(?:the )?(?:csv )?header(?: row| line)?", unit):
        return None
    names = tuple(n.strip() for n in c.value.split(","))
    if len(names) < 2 or not all(names):
        return None
    return all_of(_columns("csv_columns", names))
