"""What a table's column holds: "the Pages column must be integers", "dates
in the Date column as YYYY-MM-DD", "Status is one of Done, Blocked or Open",
"no empty cells", "Prices with two decimals" in a CSV with a price column.

Measured exactly on the answer's markdown tables (GFM pipe tables as
``markdown-it-py`` reads them, a table inside a code fence not one) or,
where it has none, on its CSV (Python's ``csv`` module, the first record the
header): every data cell under a header cell that names the column (trimmed,
case and ``**``/backticks aside) must have the form. ``integer``: digits with
an optional sign and thousands separators (``1,200``); ``number``: that or a
decimal (``3.5``, ``-0.25``); ``decimals``: a number with exactly ``places``
digits after its point (``4.50``; a currency sign before it, ``£4.50``, is
allowed, the places being what is asked); ``iso_date``: ``YYYY-MM-DD`` of a real day;
``filled``: any text but blanks and dashes standing for nothing (``-``,
``—``, ``N/A``); ``one_of``: one of the options, trimmed and case aside.
Markdown emphasis around a cell (``**12**``) is set aside. An answer with
no table or CSV holding the column fails; without ``column``, ``filled``
holds of every column.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

from markdown_it import MarkdownIt
from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import (
    ARG,
    Corrected,
    parse_list,
    response_spec,
    spec_hit,
)
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._tables import columns_at
from redraft.criteria._families._tabular import column_list, csv_rows, elsewhere
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import (
    NEGATION,
    Hit,
    Rule,
    Sentence,
    found_in,
    lowered,
    response_context,
    sentence_blocked,
)

__all__ = ["CELLS", "ColumnValues", "listed_columns", "table_cells"]

Form = Literal["integer", "number", "decimals", "iso_date", "filled", "one_of"]
_MD = MarkdownIt("commonmark").enable("table")
_SHOWN = 3


class ColumnValues(FamilySpec):
    """Every cell of the named column (every column, for ``filled`` without
    one) has the form."""

    kind: Literal["column_values"] = "column_values"
    column: str | None = Field(default=None, min_length=1, max_length=60)
    form: Form
    options: list[str] | None = Field(default=None, min_length=2, max_length=20)
    places: int | None = Field(default=None, ge=0, le=6)

    @model_validator(mode="after")
    def _coherent(self) -> ColumnValues:
        if (self.form == "one_of") != (self.options is not None):
            raise ValueError("options go with the form 'one_of', and it needs them")
        if (self.form == "decimals") != (self.places is not None):
            raise ValueError("places go with the form 'decimals', and it needs them")
        if self.column is None and self.form != "filled":
            raise ValueError("only 'filled' may hold of every column")
        return self

    def describe(self) -> str:
        plural = "" if self.places == 1 else "s"
        what = {
            "integer": "whole numbers",
            "number": "numbers",
            "decimals": f"numbers with {self.places} decimal place{plural}",
            "iso_date": "dates as YYYY-MM-DD",
            "filled": "no empty cell",
            "one_of": "one of " + ", ".join(repr(o) for o in self.options or ()),
        }[self.form]
        where = f"the {self.column!r} column" if self.column else "every column"
        return f"{where} holds {what}" if self.form != "filled" else f"{where}: {what}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind_name(), (self.column or "").casefold(), self.form)


def table_cells(text: str) -> list[tuple[list[str], list[list[str]]]]:
    """``(header, rows)`` of each markdown table of ``text``; where it has
    none, of its CSV (one table, or none where fewer than two records)."""
    tables: list[tuple[list[str], list[list[str]]]] = []
    header: list[str] = []
    rows: list[list[str]] = []
    where = ""
    for token in _MD.parse(text):
        if token.type == "table_open":
            header, rows = [], []
        elif token.type in ("thead_open", "tbody_open"):
            where = token.type[:5]
        elif token.type == "tr_open" and where == "tbody":
            rows.append([])
        elif token.type == "inline" and where == "thead":
            header.append(token.content)
        elif token.type == "inline" and where == "tbody" and rows:
            rows[-1].append(token.content)
        elif token.type == "table_close":
            tables.append((header, rows))
            where = ""
    if tables:
        return tables
    records = csv_rows(text)
    return [(records[0], records[1:])] if len(records) >= 2 else []


def _name(cell: str) -> str:
    return cell.strip().strip("*_`").strip().casefold()


_INTEGER = compile_lazily(r"[+\-−]?\d{1,3}(?:,\d{3})+|[+\-−]?\d+")
_NUMBER = compile_lazily(rf"(?:{_INTEGER.pattern})(?:\.\d+)?|[+\-−]?\.\d+")
_ISO = compile_lazily(r"(\d{4})-(\d{2})-(\d{2})")
# a figure with an optional sign of money before it: its places are what is read
_DECIMALS = compile_lazily(r"[+\-−]?[£$€¥₹]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d+))?")
_NOTHING = frozenset({"", "-", "–", "—", "n/a", "na", "none", "null", "tbd", "?", "…", "..."})


def _is_date(cell: str) -> bool:
    found = _ISO.fullmatch(cell)
    if not found:
        return False
    try:
        dt.date(*(int(g) for g in found.groups()))
    except ValueError:
        return False
    return True


def _fits(spec: ColumnValues, cell: str) -> bool:
    value = cell.strip().strip("*_`").strip()
    if spec.form == "integer":
        return _INTEGER.fullmatch(value) is not None
    if spec.form == "number":
        return _NUMBER.fullmatch(value) is not None
    if spec.form == "decimals":
        figure = _DECIMALS.fullmatch(value)
        return figure is not None and len(figure["frac"] or "") == spec.places
    if spec.form == "iso_date":
        return _is_date(value)
    if spec.form == "filled":
        return value.casefold() not in _NOTHING
    return value.casefold() in {o.strip().casefold() for o in spec.options or ()}


def _cells_of(spec: ColumnValues, text: str) -> list[str] | None:
    """The cells the spec reads, or None where no table holds its column."""
    found: list[str] = []
    held = False
    for header, rows in table_cells(text):
        names = [_name(h) for h in header]
        if spec.column is None:
            columns = list(range(len(header)))
        elif _name(spec.column) in names:
            columns = [names.index(_name(spec.column))]
        else:
            continue
        held = True
        # a short row's missing cells are empty cells
        found += [row[i] if i < len(row) else "" for row in rows for i in columns]
    return found if held else None


def _measure(spec: ColumnValues, text: str) -> Outcome:
    cells = _cells_of(spec, text)
    if cells is None:
        where = f"a {spec.column!r} column" if spec.column else "a table"
        return Outcome(
            False,
            f"the answer has no table with {where}; required: {spec.describe()}",
            f"Your answer needs a table with {where}: {spec.describe()}.",
        )
    wrong = [c for c in cells if not _fits(spec, c)]
    data: dict[str, Any] = {"cells": len(cells), "wrong": [w[:40] for w in wrong[:_SHOWN]]}
    if not cells:
        return Outcome(False, f"the table has no data rows; required: {spec.describe()}", data=data)
    if not wrong:
        return Outcome(True, f"{spec.describe()}, as required", data=data)
    shown = ", ".join(repr(w.strip()) for w in wrong[:_SHOWN])
    more = f" and {len(wrong) - _SHOWN} more" if len(wrong) > _SHOWN else ""
    return Outcome(
        False,
        f"{len(wrong)} of {len(cells)} cells break it ({shown}{more}); required: {spec.describe()}",
        f"Fix the cells {shown}{more}: {spec.describe()}.",
        score=1 - len(wrong) / len(cells),
        data=data,
    )


# -- phrasings ------------------------------------------------------------------------

_TABLE_ASKED = compile_lazily(r"\btables?\b(?!\s+of\s+contents)|\bcsv\b")
# "the Pages column", "the 'Date' column", "column Price"
_COLUMN = (
    rf"(?:the\s+)?(?:(?P<q>{ARG})|(?P<w>[a-z][\w%#-]*(?:\s+[a-z][\w%#-]*)?))\s+column|"
    rf"\bcolumn\s+(?:(?P<q2>{ARG})|(?P<w2>[a-z][\w%#-]*))"
)
_BE = (
    r"\s+(?:(?:should|must|has\s+to|needs\s+to|will)\s+)?(?:be|contain|hold|have|show|use|list)\s+"
)
_FORMS: tuple[tuple[Form, str], ...] = (
    (
        "integer",
        r"(?:only\s+)?(?:integers|whole\s+numbers|integer\s+values)(?:\s+only)?",
    ),
    ("number", r"(?:only\s+)?(?:numbers|numeric\s+values|numerals)(?:\s+only)?|numeric"),
    ("iso_date", r"(?:dates\s+)?(?:in\s+)?(?:iso\s+)?(?:format\s+)?\(?yyyy-mm-dd\)?(?:\s+format)?"),
)
_STATED = [
    (form, compile_lazily(rf"(?:{_COLUMN}){_BE}(?:an?\s+)?{said}\b")) for form, said in _FORMS
]
# "dates in the Date column as YYYY-MM-DD", "YYYY-MM-DD dates in the 'Due' column"
_DATES_IN = compile_lazily(
    rf"\b(?:dates?|values?)\s+in\s+(?:{_COLUMN})\s+(?:as|in|formatted\s+as|in\s+the\s+format)\s+"
    r"(?:iso\s+)?\(?yyyy-mm-dd\)?"
)
_ONE_OF = compile_lazily(rf"(?:{_COLUMN}){_BE}?(?:one\s+of|either)\s*:?\s*")
_FILLED = compile_lazily(
    r"\bno\s+(?:empty|blank)\s+cells?\b|\bevery\s+cell\s+(?:must\s+be\s+|should\s+be\s+)?filled\b|"
    r"\b(?:don't|do\s+not)\s+leave\s+(?:any\s+)?cells?\s+(?:empty|blank)\b"
)


_NOT_NAMES = frozenset(
    [
        "each",
        "every",
        "a",
        "an",
        "one",
        "the",
        "this",
        "that",
        "its",
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "last",
        "left",
        "right",
        "next",
        "other",
        "same",
        "new",
        "final",
        "middle",
    ]
)


def _column_name(sentence: Sentence, match: re.Match[str]) -> str | None:
    for group in ("q", "q2", "w", "w2"):
        if match.group(group):
            raw = sentence.unmask(match.start(group), match.end(group)).strip()
            name = raw[1:-1].strip() if group.startswith("q") else raw
            if group.startswith("w") and set(name.casefold().split()) & _NOT_NAMES:
                return None  # "the second column", "each column": a place, not a name
            return name or None
    return None


# "Columns: Title, Pages. Pages must be integers.": a listed column, named bare
_MODAL = r"(?:should|must|has|needs|will|be|contain|hold|have|show|use|list)\b"
_LISTED_STATED = [
    (
        form,
        compile_lazily(
            rf"(?<![\w'-])(?P<w>[a-z][\w%#-]*(?:\s+(?!{_MODAL})[a-z][\w%#-]*)?){_BE}(?:an?\s+)?"
            rf"{said}\b"
        ),
    )
    for form, said in _FORMS
]


_COLUMNS_LABEL = compile_lazily(r"(?:^|[.;\n]\s*)(?:the\s+)?columns?\s*:\s*")


def listed_columns(sentence: Sentence) -> dict[str, str]:
    """The columns the prompt lists for the answer's table (case folded →
    as written)."""
    whole = Sentence(sentence.full, sentence.whole, 0, sentence.whole, sentence.full)
    lists = [names for names, *_ in columns_at(whole)]
    # "Columns: Title, Author, Pages." as a line of its own
    for label in _COLUMNS_LABEL.finditer(whole.lower):
        listed = column_list(whole.original[label.end() :])
        if listed is not None:
            lists.append(listed[0])
    return {name.casefold(): name for names in lists for name in names}


def _of_listed(sentence: Sentence, start: int) -> bool:
    """Whether a statement about a listed column requires it: asked of the
    answer, or a plain statement of its own ("Pages must be integers."),
    neither hedged, conditional, negated nor a question."""
    if response_context(sentence, start):
        return True
    text = sentence.lower
    return (
        not text[:start].strip()
        and not sentence_blocked(sentence, start)
        and not NEGATION.search(text)
        and not text.rstrip().endswith("?")
    )


def _table_prompt(sentence: Sentence) -> bool:
    whole = lowered(sentence.whole) or sentence.lower
    return found_in(_TABLE_ASKED, whole) and not elsewhere(whole, sentence.lower)


# "Status must be PASS or FAIL", "Priority must be one of HIGH, MED, LOW",
# "the Risk column can only contain L, M or H", "Offline values must be Yes
# or No only": a column (named with "column", or one the prompt lists) held
# to a choice of options
_NOT_NAME_TAIL = r"(?:can|may|values?|cells?|entries|column)\b"
_CHOICE = compile_lazily(
    rf"(?:{_COLUMN}|(?<![\w'-])"
    rf"(?P<lw>[a-z][\w%#-]*(?:\s+(?!{_MODAL}|{_NOT_NAME_TAIL})[a-z][\w%#-]*)?))"
    r"(?:\s+(?:column\s+)?(?:values?|cells?|entries))?"
    r"\s+(?:(?:should|must|has\s+to|needs\s+to|will|can|may)\s+)?(?:only\s+)?"
    r"(?:be|contain|hold|show|say|read)\s+(?:only\s+)?(?P<oneof>one\s+of\s*:?\s*|either\s+)?"
)
# An option as written: quoted, or a word in capitals or digits ("Yes",
# "PASS", "L"); lowercase words would be prose ("short or empty").
_OPTION = r"(?:'[^'\n]{1,30}'|\"[^\"\n]{1,30}\"|“[^”\n]{1,30}”|[A-Z0-9][\w+-]*)"
_OPTIONS = compile_lazily(
    rf"(?P<list>{_OPTION}(?:(?:\s*,\s*(?:or\s+)?|\s+or\s+|\s*/\s*){_OPTION}){{1,9}})"
    # where the list may end: the sentence's end or clause, "only", a case word
    r"(?:\s+(?:only|in\s+(?:capitals|caps|upper\s*case)|exactly\s+as\s+written))?"
    r"(?=\s*(?:[.;!]|$|,\s+(?!or\b)[a-z]))"
)


def _options(sentence: Sentence, at: int, *, one_of: bool) -> tuple[list[str], int] | None:
    """The options listed at ``at`` (two or more, distinct) and where the
    list ends; without "one of", the last two joined by "or"."""
    match = _OPTIONS.match(sentence.original, at)
    if match is None:
        return None
    listed = match.group("list")
    if not one_of and not re.search(r"\bor\s+\S+$", listed):
        return None  # "Status must be Done, Blocked": not said to be a choice
    items = re.split(r"\s*,\s*(?:or\s+)?|\s+or\s+|\s*/\s*", listed)
    options = [i.strip().strip("'\"“”").strip() for i in items]
    if len({o.casefold() for o in options}) != len(options) or not all(options):
        return None
    return options, match.end()


def _choices(sentence: Sentence, seen: set[int]) -> Iterator[Hit]:
    listed = listed_columns(sentence)
    for match in _CHOICE.finditer(sentence.lower):
        if match.start() in seen:
            continue
        parsed = _options(sentence, match.end(), one_of=bool(match.group("oneof")))
        if parsed is None:
            continue
        options, end = parsed
        if match.group("lw") is None:
            name = _column_name(sentence, match)
            if name is not None:
                build = partial(ColumnValues, column=name, form="one_of", options=options)
                yield from response_spec(sentence, build, match.start(), end)
            continue
        raw = sentence.unmask(match.start("lw"), match.end("lw")).strip()
        column = listed.get(raw.casefold())
        if column is not None and _of_listed(sentence, match.start()):
            build = partial(ColumnValues, column=column, form="one_of", options=options)
            hit = spec_hit(build, match.start(), end)
            yield from () if hit is None else (hit,)


def column_rules(sentence: Sentence) -> Iterator[Hit]:
    if not _table_prompt(sentence):
        return
    text = sentence.lower
    for form, pattern in _STATED:
        for match in pattern.finditer(text):
            name = _column_name(sentence, match)
            if name is not None:
                build = partial(ColumnValues, column=name, form=form)
                yield from response_spec(sentence, build, match.start(), match.end())
    listed = listed_columns(sentence)
    for form, pattern in _LISTED_STATED:
        for match in pattern.finditer(text):
            raw = sentence.unmask(match.start("w"), match.end("w")).strip()
            name = listed.get(raw.casefold())
            if name is not None and _of_listed(sentence, match.start()):
                hit = spec_hit(partial(ColumnValues, column=name, form=form), *match.span())
                yield from () if hit is None else (hit,)
    for match in _DATES_IN.finditer(text):
        name = _column_name(sentence, match)
        if name is not None:
            build = partial(ColumnValues, column=name, form="iso_date")
            yield from response_spec(sentence, build, match.start(), match.end())
    seen: set[int] = set()
    for match in _ONE_OF.finditer(text):
        name = _column_name(sentence, match)
        parsed = parse_list(sentence, match.end())
        if name is not None and parsed is not None and len(parsed[0]) >= 2:
            seen.add(match.start())
            build = partial(ColumnValues, column=name, form="one_of", options=parsed[0])
            yield from response_spec(sentence, build, match.start(), parsed[1])
    yield from _choices(sentence, seen)
    for match in _FILLED.finditer(text):
        build = partial(ColumnValues, form="filled")
        yield from response_spec(sentence, build, match.start(), match.end(), owns_negation=True)


class _Cells(Corrected):
    name = "cells"
    specs = (ColumnValues,)
    rules: ClassVar[tuple[Rule, ...]] = (column_rules,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _measure(spec, text)


CELLS = _Cells()
