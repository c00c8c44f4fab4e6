"""Markdown tables: how many the answer has, how many data rows, and which
columns.

Measured exactly on the GFM pipe tables ``markdown-it-py`` reads (a header
row, a delimiter row, then data rows; a table inside a code fence is not
one). ``table_rows`` counts the data rows of every table of the answer
together (exact for the usual answer with one table); ``table_columns``
compares the header of every table, trimmed and case-insensitive, bold or
code markers around a name aside, and holds when one table has the columns.

Read from "include a markdown table", "exactly 2 tables", "a table with 5
rows", "exactly 6 rows" and "with columns Name, Price and Rating" /
"3 columns: A, B, C" / "two columns, 'Word' and 'Definition'" in a sentence
that asks for a table. A column list is exact unless the prompt also names
what the rows are ("rows are Monday to Friday", "criteria as rows"), which
adds a label column the list may leave out: then the columns must appear in
order among others. Not from a count per part ("a row per day"), a count
that takes in the header ("5 rows including the header"), tables
given in the prompt ("my report has 3 tables"), hedged or negated requests,
questions about them ("is it okay to include a table?"), a table of
contents or one to sit at ("a scene with a table and two chairs"), nor in a
prompt about code, SQL, a database or a spreadsheet, whose tables are not
the answer's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
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
from redraft.criteria._families._table_rows import ROW_NOUN, rows_counted, rows_named
from redraft.criteria._families._tabular import (
    column_list,
    elsewhere,
    labelled_list,
    same_header,
    tables_in,
)
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._guards import HEDGE, sentence_blocked
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import (
    NEGATION,
    Hit,
    Rule,
    Sentence,
    lowered,
    response_context,
    searched,
)
from redraft.criteria._spec_base import SHORT, has_text

__all__ = [
    "ROWS_OF",
    "TABLE_COLUMNS",
    "TABLE_COUNT",
    "TABLE_ROWS",
    "TableColumns",
    "TableCount",
    "TableRows",
    "columns_at",
]


class TableCount(FamilyCount):
    """Markdown tables in the answer (a table inside a code fence is not one)."""

    kind: Literal["table_count"] = "table_count"
    unit: ClassVar[tuple[str, str]] = ("table", "tables")


class TableRows(FamilyCount):
    """Data rows (header and delimiter rows aside) of the answer's markdown
    tables, all tables together."""

    kind: Literal["table_rows"] = "table_rows"
    unit: ClassVar[tuple[str, str]] = ("table row", "table rows")


class TableColumns(FamilySpec):
    """A markdown table whose header is ``columns`` (trimmed,
    case-insensitive), or with ``exact`` false, holds them in this order."""

    kind: Literal["table_columns"] = "table_columns"
    columns: tuple[str, ...] = Field(min_length=1, max_length=50)
    exact: bool = True

    @field_validator("columns")
    @classmethod
    def _named(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        names = tuple(has_text(v, "a column name needs a letter or digit") for v in value)
        if any(len(n) > SHORT for n in names):
            raise ValueError(f"a column name is at most {SHORT} characters")
        return names

    def describe(self) -> str:
        shown = " | ".join(self.columns)
        return f"a table with columns {shown}" + ("" if self.exact else " (in order, among others)")


# -- phrasings ------------------------------------------------------------------------

_TABLE = compile_lazily(r"\btables?\b(?!\s+of\s+contents)")
_TABLE_PHRASES = CountPhrases(
    unit=r"(?:markdown\s+)?tables?",
    singular="table",
    bare=r"include|includes|including|with|contain|containing|use|using|add|make|create|give",
    before=r"\b(?:each|every|per|section|part|slide|page|chapter)s?\b",
)
# "include a markdown table": at least one. Not "give me a table of …" or
# "format it as a table": there the table is the answer's format, which its
# rows and columns state.
_ONE_TABLE = compile_lazily(
    r"\b(?:include|includes|including|add|contain|containing)\s+(?:a|one)\s+"
    r"(?:markdown\s+|comparison\s+|summary\s+)?table\b"
    r"(?!\s+(?:of|for|per|in)\s+(?:each|every)|\s+of\s+contents)"
)
# a table to sit at, in a story or a scene: not a markdown table
_FURNITURE = compile_lazily(
    r"\b(?:chairs?|furniture|dining|kitchen|wooden|legs?|tablecloth|seat(?:s|ed)?|sit|sits|sat|"
    r"scene|story|room)\b"
)
# A table is a part of the answer to the sentence reader (a count in "the
# table's rows" is not the answer's); for the table's own rows and columns it
# is the thing written, so it reads as one.
_TABLE_WORD = compile_lazily(r"\btable(?=s?\b)")


def _table_as_thing(sentence: Sentence) -> Sentence:
    return replace(
        sentence,
        masked=_TABLE_WORD.sub("chart", sentence.masked),
        whole=_TABLE_WORD.sub("chart", sentence.whole),
    )


# "5 rows of economics terms": what the rows hold, not a part they are in
ROWS_OF = r"\s*of\s+(?!the\b|each\b|every\b|[^.;,]{0,30}\b(?:each|every|per|table|csv)\b)"
_ROW_PHRASES = CountPhrases(
    unit=r"(?:data\s+)?rows?",
    singular="row",
    bare=r"with|has|have|contain|containing|include|including",
    before=r"\b(?:each|every|per|header|column|section|part|other)s?\b",
    after=ROWS_OF,
)
# "5 rows including the header": a count of all rows, not the data rows
_HEADER_COUNTED = compile_lazily(r"\b(?:including|incl\.?|counting)\s+(?:the\s+|a\s+)?header")
# a list of columns, after what introduces it
_COLUMNS = compile_lazily(
    rf"\b(?:with\s+|has\s+|having\s+|and\s+|(?P<num>{NUMBER})\s+)?"
    # "columns", "column headers", and after "table with" the bare "headers"
    r"(?:column\s+(?:headers|headings|names|titles)\b|columns?|"
    # "a table with the header row Month | kWh | % of annual"
    r"(?<=(?:table|chart)\swith\s)headers?|(?<=(?:table|chart)\swith\sthe\s)header\s+row\b|"
    r"(?<=(?:table|chart)\swith\sa\s)header\s+row\b)"
    r"(?:\s*:|\s+(?:named|called|titled|labell?ed|headed)\b|\s*,|"
    # "Columns should be A | B", "the columns are A, B and C"
    r"\s+(?:should|must|will|shall)\s+be\b(?:\s+(?:exactly|precisely))?\s*:?|\s+are\b\s*:?|(?=\s))\s*"
)
# the rows are named too: a label column the list may leave out
_ROWS_NAMED = compile_lazily(
    r"\brows\s+(?:are|for|as|labell?ed|named)\b|\bas\s+(?:the\s+)?rows\b|\brow\s+labels?\b"
)


# "Make a markdown table …", "format your reply as a table", "put it in a
# table": the answer holds a table (at least one), where nothing else about
# the table is stated
_TABLE_FORMAT = compile_lazily(
    r"\b(?:(?:as|in|into|using)\s+(?:a|one)|(?:make|create|give|build|produce|generate|output|"
    r"return|draw\s+up|put\s+together|prepare|provide)\s+(?:me\s+|us\s+)?(?:a|one))\s+"
    r"(?:[\w-]+\s+){0,2}?table\b"
    r"(?!\s+(?:of\s+contents|tennis|salt|spoon|top|cloth|manners|reservation|booking|for\s+\w+))"
)

# The table's columns or rows stated: their checks need the table, so a
# count of tables would say the same thing twice.
_SHAPE_STATED = compile_lazily(r"\b(?:columns?|rows?|headers?)\b")


# "a periodic table summary", "the times table for 7": a table that is a
# topic; "a table or a list, your choice": one format among others
_NAMED_TABLE = compile_lazily(
    r"\b(?:periodic|times|multiplication|water|round|coffee|dining|kitchen|pool|billiards?|"
    r"league|turn|high|head|side|changing|card|poker|operating|bedside|picnic|negotiating)\s+table\b"
)
_TABLE_CHOICE = compile_lazily(
    r"\btables?\s+or\s+(?:an?\s+)?(?:[\w-]+\s+)?(?:list|bullets?|prose|paragraphs?|chart|text)\b|"
    r"\b(?:or|and/or)\s+(?:as\s+|in\s+)?(?:an?\s+)?(?:[\w-]+\s+)?tables?\b|"
    r"\b(?:your\s+choice|whichever|either\s+(?:way|is\s+fine)|if\s+you\s+(?:prefer|like|want))\b"
)


def _not_asked_table(text: str) -> bool:
    """Whether the table named is a topic or one choice among formats."""
    return bool(_NAMED_TABLE.search(text) or _TABLE_CHOICE.search(text))


_TABLE_NOT_ASKED = compile_lazily(
    r"^[^.;]{0,30}?\b(?:if|where|when|unless|as\s+needed|if\s+needed|if\s+useful|if\s+it\s+helps)\b"
)


def table_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Include a markdown table", "exactly 2 tables", "make a markdown table"."""
    if elsewhere(lowered(sentence.whole), sentence.lower) or _not_asked_table(sentence.lower):
        return
    counted = False
    for found in _TABLE_PHRASES.read(sentence):
        counted = True
        yield from counted_hit(lambda r, v: TableCount(relation=r, value=v), found)
    if counted:
        return
    match = _ONE_TABLE.search(sentence.lower)
    if match and searched(_FURNITURE, lowered(sentence.whole)):
        return
    if match and _TABLE_NOT_ASKED.match(sentence.lower[match.end() :]):
        return  # "include a table if it helps": a condition, not a requirement
    if match and response_context(sentence, match.start()):
        yield Hit(TableCount(relation="at_least", value=1), match.start(), match.end())
        return
    shaped = _TABLE_FORMAT.search(sentence.lower)
    if shaped is None or match or searched(_FURNITURE, lowered(sentence.whole)):
        return
    if searched(_SHAPE_STATED, lowered(sentence.whole)) or any(rows_named(sentence)):
        return  # its columns or rows are checked, and they need a table
    if re.search(r"\b(?:how|why|whether|what|when)\b", sentence.lower[: shaped.start()]):
        return  # "explain how to make a table in markdown": a topic
    if layout_asked(sentence, shaped.start()):
        yield Hit(TableCount(relation="at_least", value=1), shaped.start(), shaped.end())


# "Exactly 3 rows." or "At least 12 rows.": a sentence that is only the count,
# after the table is asked for
# "Between 6 and 8 rows.", "6 feature rows.", "Five habit rows (water,
# stretch, read).": the rows named by what each holds, the things listed
_ROWS_ALONE = compile_lazily(
    rf"^\s*(?:(?P<rel>{RELATION})\s+)?(?:(?P<num>{NUMBER})|between\s+(?P<low>{NUMBER})\s+and\s+"
    rf"(?P<high>{NUMBER}))\s+(?:data\s+|{ROW_NOUN}\s+)?rows?"
    r"(?:\s+(?:only|in\s+total|total))?(?:\s*\([^()]{0,160}\))?\s*[.!]?\s*$"
)


# A table the prompt gives or declines: "here is my table", "no table".
_TABLE_GIVEN = compile_lazily(
    r"\b(?:my|our|this|that|these|the\s+(?:following|attached|above|below|existing))\s+"
    r"(?:[\w-]+\s+){0,2}?tables?\b|\bhere\s+(?:is|are)\b|"
    r"\b(?:no|not|without|never|don'?t|do\s+not)\b[^.;]{0,20}\btables?\b"
)
# "a markdown table", or one that opens a sentence: "Comparison table of …"
_A_TABLE = compile_lazily(r"(?:\b(?:an?|one)\s+|(?:^|[.!:]\s+))(?:[\w-]+\s+){0,3}?table\b")


def _table_requested(whole: str) -> bool:
    """Whether the prompt asks for one table, for a sentence that states its
    columns or rows apart from it ("Columns: …", "Exactly 3 rows.")."""
    if not searched(_A_TABLE, whole) or searched(_TABLE_GIVEN, whole) or searched(HEDGE, whole):
        return False
    return not (re.search(r"\bcsv\b", whole) or _not_asked_table(whole))


def _rows_alone(sentence: Sentence) -> Iterator[Hit]:
    whole = lowered(sentence.whole)
    match = _ROWS_ALONE.match(sentence.lower)
    if match is None or not _table_requested(whole) or searched(_HEADER_COUNTED, whole):
        return
    if match.group("low"):
        low, high = number_value(match.group("low")), number_value(match.group("high"))
        if low is not None and high is not None and low < high and not match.group("rel"):
            if low:  # "between 0 and 4 rows" is at most 4
                yield Hit(TableRows(relation="at_least", value=low), match.start(), match.end())
            yield Hit(TableRows(relation="at_most", value=high), match.start(), match.end())
        return
    value = number_value(match.group("num"))
    if value is None:
        return
    relation, adjust = relation_of(match.group("rel")) if match.group("rel") else ("exactly", 0)
    if relation == "at_least" and value + adjust <= 0:
        return  # "at least 0 rows" asks for nothing
    if value + adjust < 0:
        return
    yield Hit(TableRows(relation=relation, value=value + adjust), match.start(), match.end())


def table_rows(sentence: Sentence) -> Iterator[Hit]:
    """ "A table with 5 rows", "exactly 6 rows", in a sentence about a table."""
    if elsewhere(lowered(sentence.whole), sentence.lower):
        return
    if not _TABLE.search(sentence.lower):
        yield from _rows_alone(sentence)
        return
    if _HEADER_COUNTED.search(sentence.lower):
        return
    counted = False
    for found in _ROW_PHRASES.read(_table_as_thing(sentence)):
        counted = True
        yield from counted_hit(lambda r, v: TableRows(relation=r, value=v), found)
    if counted:
        return
    table = _TABLE.search(sentence.lower)
    for value, start, end in rows_counted(sentence):
        if table is not None and _table_asked(sentence, table.start()):
            yield Hit(TableRows(relation="exactly", value=value), start, end)
            return
    for value, start, end in rows_named(sentence):
        if _table_asked(sentence, start):
            yield Hit(TableRows(relation="exactly", value=value), start, end)
            return


# A sentence that is the table asked for, with no verb: "Comparison table of
# 3 plans: columns …", "Two columns in a markdown table with headers …",
# "After them, a markdown table with columns …", "Format: a table with …".
_FRAGMENT = compile_lazily(
    r"^\s*(?:(?:then|next|finally|after\s+(?:that|them|this|it)|below\s+(?:that|them|this|it)|"
    r"at\s+the\s+end)\s*,?\s*)?(?:(?:format|layout|output)\s*:\s*)?(?:an?\s+|one\s+)?"
    # a determiner names a table there already: "my table of …", "sort the table"
    r"(?:(?!(?:the|my|our|your|this|that|these|those)\b)[\w-]+\s+){0,3}?(?:table|chart|columns)\b"
)


# A verbless label before the table asked for: "Glossary of 10 terms:
# two-column table (…)", "Risk assessment for the walk, as a table with …";
# a stated verb makes it a statement ("the file has: a table with …").
_LABEL = compile_lazily(r"^[^,:;.]{1,80}?(?:,\s*(?:as|in)\s+|:\s*(?:(?:as|in)\s+)?)")
_STATED_VERB = compile_lazily(
    r"\b(?:is|are|was|were|has|have|had|contains?|shows?|includes?|lists?|gives?|holds?|"
    r"attached|below|above|here)\b|\b(?:it|that|there|what)'s\b"
)


def _fragment(text: str) -> bool:
    if _FRAGMENT.match(text):
        return True
    label = _LABEL.match(text)
    if label is None or _STATED_VERB.search(text, 0, label.end()):
        return False
    return _FRAGMENT.match(text[label.end() :]) is not None


def _table_asked(sentence: Sentence, at: int) -> bool:
    """Whether the table phrase at ``at`` is asked of the answer: governed by
    a request, or the sentence is the verbless request itself."""
    if layout_asked(sentence, at):
        return True
    text = sentence.lower
    if not _fragment(text) or text.rstrip().endswith("?") or _TABLE_GIVEN.search(text):
        return False
    return not (sentence_blocked(sentence, at) or NEGATION.search(text, 0, at))


# "a 2-column markdown table (Command, Action)", "exactly 3 columns
# (Exercise, Work, Rest)": the names in brackets, as many as counted
_COUNTED_PAREN = compile_lazily(
    rf"\b(?P<num>{NUMBER})[-\s]columns?\s*(?:(?:[\w-]+\s+){{0,2}}?(?:table|chart)\s*)?\("
)
# "a two-column markdown table: Command | What it does": the names after a
# colon, as many as counted
_COUNTED_COLON = compile_lazily(
    rf"\b(?P<num>{NUMBER})[-\s]columns?\s+(?:[\w-]+\s+){{0,2}}?(?:table|chart)\s*:\s*"
)


def columns_at(sentence: Sentence) -> Iterator[tuple[tuple[str, ...], int, int, bool]]:
    """Each column list of the sentence: (names, start, end, whether a stated
    number of columns or the list alone fixes the header)."""
    text = sentence.lower
    exact = searched(_ROWS_NAMED, lowered(sentence.whole)) is None
    for match in _COLUMNS.finditer(text):
        listed = column_list(sentence.original[match.end() :])
        # "Columns: …" opening the sentence, or "exactly 4 columns: …": the
        # rest of the sentence is the list (the count, where stated, is checked)
        labelled = _COLUMNS_LABEL.match(text[: match.end()]) or match.group("num")
        if listed is None and labelled and ":" in match.group(0):
            listed = labelled_list(sentence.original[match.end() :])
        if listed is None or not _table_asked(sentence, match.start()):
            continue
        names, length = listed
        if match.group("num") and number_value(match.group("num")) != len(names):
            continue
        yield names, match.start(), match.end() + length, exact
    for match in _COUNTED_PAREN.finditer(text):
        close = text.find(")", match.end())
        if close < 0:
            continue
        listed = column_list(sentence.original[match.end() : close] + ".")
        if listed is None or number_value(match.group("num")) != len(listed[0]):
            continue
        if _table_asked(sentence, match.start()):
            yield listed[0], match.start(), close + 1, exact
    for match in _COUNTED_COLON.finditer(text):
        rest = sentence.original[match.end() :]
        listed = column_list(rest) or labelled_list(rest)
        if listed is None or number_value(match.group("num")) != len(listed[0]):
            continue
        if _table_asked(sentence, match.start()):
            yield listed[0], match.start(), match.end() + listed[1], exact


_COLUMNS_LABEL = compile_lazily(
    r"\s*(?:the\s+)?columns?\s*(?::|(?:should|must)\s+be\b(?:\s+(?:exactly|precisely))?|are\b)"
)


def table_columns(sentence: Sentence) -> Iterator[Hit]:
    """ "A table with columns Name, Price and Rating", "3 columns: A, B, C"."""
    whole = lowered(sentence.whole)
    # "Make a markdown table … Columns: A | B | C.": a label of the table asked for
    label = _COLUMNS_LABEL.match(sentence.lower) and _table_requested(whole)
    if not (_TABLE.search(sentence.lower) or label) or re.search(r"\bcsv\b", whole):
        return
    if elsewhere(whole, sentence.lower):
        return
    for names, start, end, exact in columns_at(_table_as_thing(sentence)):
        if all(any(ch.isalnum() for ch in name) for name in names):  # "headers 'Verb' and '-'"
            yield Hit(TableColumns(columns=names, exact=exact), start, end)


# -- measures -------------------------------------------------------------------------


class _TableCount(CountFamily):
    name = "table count"
    specs = (TableCount,)
    rules: ClassVar[tuple[Rule, ...]] = (table_counts,)
    written_as = " (a header row, a |---| delimiter row, then the data rows)"
    remove_hint = " (merge or drop tables)"

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return [" | ".join(t.header) for t in tables_in(text)]


class _TableRows(CountFamily):
    name = "table rows"
    specs = (TableRows,)
    rules: ClassVar[tuple[Rule, ...]] = (table_rows,)
    written_as = ", each a line of cells between pipes below the delimiter row"
    remove_hint = " (header and delimiter rows do not count)"

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return [f"row {i + 1}" for i in range(sum(t.rows for t in tables_in(text)))]


class _TableColumns(Family):
    name = "table columns"
    specs = (TableColumns,)
    rules: ClassVar[tuple[Rule, ...]] = (table_columns,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, TableColumns)
        tables = tables_in(text)
        headers = [t.header for t in tables]
        data: dict[str, Any] = {"headers": [list(h) for h in headers[:3]]}
        if any(same_header(h, spec.columns, exact=spec.exact) for h in headers):
            return Outcome(True, f"the answer has {spec.describe()}", data=data)
        shown = " | ".join(headers[0]) if headers else ""
        found = f"its table's columns are {shown}" if headers else "it has no markdown table"
        return Outcome(
            False,
            f"{found}; required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, TableColumns)
        tables = tables_in(text)
        wanted = " | ".join(spec.columns)
        order = "exactly these columns, in this order" if spec.exact else "these columns, in order"
        if not tables:
            return (
                f"Your answer has no markdown table; add one whose header row has {order}: "
                f"| {wanted} |, followed by a |---| delimiter row."
            )
        shown = " | ".join(tables[0].header)
        return f"Your table's header is | {shown} |; make it {order}: | {wanted} |."


TABLE_COUNT = _TableCount()
TABLE_ROWS = _TableRows()
TABLE_COLUMNS = _TableColumns()
