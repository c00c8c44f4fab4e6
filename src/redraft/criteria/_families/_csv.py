"""CSV answers: the header's columns and the number of data rows.

Measured with Python's ``csv`` module on the whole answer (or on the body of
one code fence that is the whole answer): blank records are left out, the
first record is the header, and ``csv_rows`` counts the records after it.
``csv_columns`` holds when the header is the columns, trimmed and
case-insensitive, in order and no others.

Read from "header row id,product,price", "with columns Name, Email and Age"
and "exactly 8 data rows" / "10 rows of sample data" in a sentence that asks
for CSV; a row count compiles only where the prompt names a header or data
rows, so that whether the header counts as a row is not a guess. Not from CSV
given in the prompt ("this CSV has 40 rows"), hedged or negated requests,
questions about them, nor in a prompt about code ("a script that writes a
CSV"), whose CSV is not the answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import (
    CountFamily,
    Family,
    FamilyCount,
    FamilySpec,
    counted_hit,
)
from redraft.criteria._families._layout_asked import layout_asked
from redraft.criteria._families._reading import CountPhrases
from redraft.criteria._families._tables import ROWS_OF, columns_at
from redraft.criteria._families._tabular import csv_rows, elsewhere, same_header
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import HEDGE, Hit, Rule, Sentence, lowered, searched
from redraft.criteria._spec_base import SHORT, has_text

__all__ = ["CSV_COLUMNS", "CSV_ROWS", "CsvColumns", "CsvRows"]


class CsvRows(FamilyCount):
    """Data rows of the answer read as CSV: the records after the header."""

    kind: Literal["csv_rows"] = "csv_rows"
    unit: ClassVar[tuple[str, str]] = ("CSV data row", "CSV data rows")


class CsvColumns(FamilySpec):
    """The answer read as CSV has the header ``columns`` (trimmed,
    case-insensitive, in order, no others)."""

    kind: Literal["csv_columns"] = "csv_columns"
    columns: tuple[str, ...] = Field(min_length=1, max_length=50)

    @field_validator("columns")
    @classmethod
    def _named(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        names = tuple(has_text(v, "a column name needs a letter or digit") for v in value)
        if any(len(n) > SHORT for n in names):
            raise ValueError(f"a column name is at most {SHORT} characters")
        return names

    def describe(self) -> str:
        return f"CSV with the header {','.join(self.columns)}"


# -- phrasings ------------------------------------------------------------------------

_CSV = compile_lazily(r"\bcsv\b")
_ROW_PHRASES = CountPhrases(
    unit=r"(?:data\s+)?(?:rows?|records?)",
    singular="row",
    bare=r"with|has|have|contain|containing|include|including|and",
    before=r"\b(?:each|every|per|header|column|other)s?\b",
    after=ROWS_OF,
)
_HEADER_NAMED = compile_lazily(r"\bheader|\bcolumns?\b|\bdata\s+(?:rows?|records?)\b")
# a literal header line: "header row id,product,price,in_stock"
_HEADER = compile_lazily(
    # "header row id,product,price", "columns name,email,signup_date" (no spaces: a header line)
    r"\b(?:header(?:\s+(?:row|line))?|columns?)"
    # "Header row must be: …", "the header line has to be …"
    r"(?:\s+(?:must|should|has\s+to|needs\s+to|will)\s+be\b)?(?:\s*:|\s+of)?\s*[`\"']?"
    # the list, or a quoted span the masking hid ("header row `id,name`")
    # ("a header row, prices with …" names no column "row")
    r"(?:(?P<list>(?!(?:row|line)\b)[\w-]+(?:,[ \t]?[\w-]+)+)|(?<=[`\"'])(?P<masked>\ue000+))"
    r"[`\"']?(?=[\s.;,]|$)"
)
_LINE = compile_lazily(r"[\w-]+(?:,[ \t]?[\w-]+)+")
# "Header row must be: size,chest_cm." opening a sentence of its own, in a
# prompt that asks for a CSV
_HEADER_LABEL = compile_lazily(r"^\s*(?:the\s+)?header(?:\s+(?:row|line))?\b")
# a CSV the prompt hands over ("here is my CSV"): its header is not asked for
_CSV_GIVEN = compile_lazily(
    r"\b(?:my|our|this|that|these|the\s+(?:following|attached|above|below|existing))\s+"
    r"(?:[\w-]+\s+){0,2}?csv\b|\bhere\s+(?:is|are)\b|\bhere's\b"
)


# "a CSV with columns name,email for 5 fake users": a record per thing
_FOR_THINGS = compile_lazily(
    rf"\bcsv\b[^.;]*?(?<!each\s)\b(?:for|of|listing|with)\s+(?:the\s+)?(?:top\s+)?(?P<num>{NUMBER})\s+"
    r"(?!(?:rows?|records?|columns?|fields?|lines?|days?|weeks?|months?|years?|hours?|minutes?)\b)"
    # a value's form, not things listed: "prices with 2 decimals", "with 2 decimal places"
    r"(?!(?:decimals?|decimal\s+places|places|digits|characters|chars|letters|words|spaces|"
    r"significant\s+figures|sig\s+figs)\b)"
    r"(?:[\w-]+\s+){0,2}?[a-z]+s\b"
)


def csv_row_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "A CSV with a header and exactly 8 data rows"."""
    whole = lowered(sentence.whole)
    if not _CSV.search(sentence.lower) or not searched(_HEADER_NAMED, whole):
        return
    if elsewhere(whole, sentence.lower):
        return
    counted = False
    for found in _ROW_PHRASES.read(sentence):
        counted = True
        yield from counted_hit(lambda r, v: CsvRows(relation=r, value=v), found)
    things = None if counted else _FOR_THINGS.search(sentence.lower)
    if things is not None and layout_asked(sentence, things.start()):
        value = number_value(things.group("num"))
        if value is not None and value >= 2:
            yield Hit(CsvRows(relation="exactly", value=value), things.start(), things.end())


def csv_headers(sentence: Sentence) -> Iterator[Hit]:
    """ "A CSV with header row id,name,price", "CSV with columns Name, Email, Age"."""
    whole = lowered(sentence.whole)
    label = _HEADER_LABEL.match(sentence.lower) and searched(_CSV, whole)
    if not (_CSV.search(sentence.lower) or label) or elsewhere(whole, sentence.lower):
        return
    if label and (
        re.search(r"\btables?\b", whole)
        or HEDGE.search(sentence.lower)
        or searched(_CSV_GIVEN, whole)
    ):
        return  # a header of a table, or a hedge: not the CSV's for certain
    found: list[Hit] = []
    for match in _HEADER.finditer(sentence.lower):
        if not (layout_asked(sentence, match.start()) or (label and match.start() <= label.end())):
            continue
        group = "list" if match.group("list") else "masked"
        line = sentence.unmask(*match.span(group)).strip()
        if not _LINE.fullmatch(line):
            continue
        header = tuple(n.strip() for n in line.split(","))
        if len({n.casefold() for n in header}) == len(header):
            found.append(Hit(CsvColumns(columns=header), match.start(), match.end()))
    yield from found
    for names, start, end, _ in columns_at(sentence):
        if not any(h.start <= start < h.end for h in found):
            yield Hit(CsvColumns(columns=names), start, end)


# -- measures -------------------------------------------------------------------------


class _CsvRows(CountFamily):
    name = "CSV rows"
    specs = (CsvRows,)
    rules: ClassVar[tuple[Rule, ...]] = (csv_row_counts,)
    written_as = ", one record a line below the header"
    remove_hint = " (the header row does not count)"

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return [",".join(row) for row in csv_rows(text)[1:]]


class _CsvColumns(Family):
    name = "CSV columns"
    specs = (CsvColumns,)
    rules: ClassVar[tuple[Rule, ...]] = (csv_headers,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, CsvColumns)
        rows = csv_rows(text)
        header = tuple(rows[0]) if rows else ()
        data: dict[str, Any] = {"header": list(header)}
        if same_header(header, spec.columns, exact=True):
            return Outcome(True, f"the answer is {spec.describe()}", data=data)
        found = f"its header is {','.join(header)}" if header else "the answer is empty"
        return Outcome(
            False,
            f"{found}; required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, CsvColumns)
        rows = csv_rows(text)
        wanted = ",".join(spec.columns)
        if not rows:
            return f"Your answer has no CSV; start it with the header line {wanted}."
        return (
            f"Your CSV's header is {','.join(rows[0])}; make the first line exactly {wanted} "
            "(these columns, in this order, no others), and nothing before it."
        )


CSV_ROWS = _CsvRows()
CSV_COLUMNS = _CsvColumns()
