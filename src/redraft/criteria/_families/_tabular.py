"""What the table and CSV families share: reading an answer's markdown tables
(with ``markdown-it-py``, so a table inside a code fence is not one) and its
CSV (with Python's ``csv`` module), and reading a list of column names from a
prompt ("with columns Name, Price and Rating", "columns: 'Word' and
'Definition'").
"""

from __future__ import annotations

import csv
import functools
import re
from dataclasses import dataclass

from markdown_it import MarkdownIt

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import searched

__all__ = [
    "Table",
    "column_list",
    "csv_rows",
    "elsewhere",
    "labelled_list",
    "same_header",
    "tables_in",
]

_MD = MarkdownIt("commonmark").enable("table")


@dataclass(frozen=True)
class Table:
    """One markdown table: its header cells and its number of data rows."""

    header: tuple[str, ...]
    rows: int


@functools.lru_cache(maxsize=8)
def tables_in(text: str) -> tuple[Table, ...]:
    """The markdown tables of ``text``, in order (GFM pipe tables: a header
    row and a delimiter row; a table inside a code fence is not one)."""
    found: list[Table] = []
    header: list[str] = []
    rows = 0
    where = ""
    for token in _MD.parse(text):
        if token.type == "table_open":
            header, rows = [], 0
        elif token.type in ("thead_open", "tbody_open"):
            where = token.type[:5]
        elif token.type == "inline" and where == "thead":
            header.append(token.content)
        elif token.type == "tr_open" and where == "tbody":
            rows += 1
        elif token.type == "table_close":
            found.append(Table(tuple(header), rows))
            where = ""
    return tuple(found)


def _cell(name: str) -> str:
    # "**Name**" and "`Name`" name the same column as "Name"
    return name.strip().strip("*_`").strip().casefold()


def same_header(header: tuple[str, ...], columns: tuple[str, ...], *, exact: bool) -> bool:
    """Whether ``header`` is ``columns`` (trimmed, case-insensitive), or with
    ``exact`` false, holds them in this order among other columns."""
    got, want = [_cell(h) for h in header], [_cell(c) for c in columns]
    if exact:
        return got == want
    it = iter(got)
    return all(any(g == w for g in it) for w in want)


_FENCE = compile_lazily(r"\A```[\w-]*[ \t]*\n(?P<body>.*?)\n```\Z", re.S)


def csv_rows(text: str) -> list[list[str]]:
    """The records of ``text`` read as CSV (the body of a single code fence
    around the whole answer, if that is how it is written), blank ones left
    out."""
    stripped = text.strip()
    fenced = _FENCE.match(stripped)
    body = fenced.group("body") if fenced else stripped
    return [row for row in csv.reader(body.splitlines()) if any(c.strip() for c in row)]


# A column name: quoted, or words that each start with a capital or a digit
# (lowercase would run into the sentence: "columns Movie and Score, and …");
# a unit sign is a word of a name too ("Scanning %", "Shot #").
_WORD = r"(?:[A-Z0-9][\w'’&/%#+-]*|i[A-Z][\w-]*|\([^()\n]{1,30}\)|[%#$€£](?![\w]))"
_ITEM = (
    rf"(?:'[^'\n]{{1,40}}'|\"[^\"\n]{{1,40}}\"|“[^”\n]{{1,40}}”|{_WORD}(?:[ \t]+{_WORD}){{0,4}})"
)
_SEP = r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)"
# "… Allowed values — in that order.": the order restated after the list
_IN_ORDER = r"\s*[—–-]+\s*in\s+(?:that|this|the\s+same)\s+order\b"
_LIST = compile_lazily(
    rf"(?P<list>{_ITEM}(?:{_SEP}{_ITEM})+)"
    # the list ends the sentence, or a lowercase clause follows a comma
    r"(?=\s*(?:[.;!]?\s*$|[.;:]\s|,\s+(?!and\b)[a-z]|"
    # "…, and Score must be an integer": a clause about one of the columns
    r",\s+and\s+(?:the\s+)?[\w/()-]+(?:\s+column)?\s+(?:must|should|shall|is|are|needs?|has)\b|"
    # "… and 5 rows of numbers": the rows, stated after the columns
    r"\s+(?:and|with)\s+(?:(?:at\s+least|at\s+most|exactly)\s+)?\w+\s+(?:data\s+)?rows?\b|"
    rf"{_IN_ORDER}))"
)

# A name of capitalised words with lowercase words after its first ("Rows
# affected", "Monthly price"), read only in a comma list that runs to the end
# of its sentence, and never through a word that goes on with the sentence
# ("Name and Price for each product": "for" is not part of a name).
_GOES_ON = (
    r"(?:and|or|for|of|with|in|into|to|by|from|on|at|as|per|each|every|then|plus|that|which|"
    r"where|sorted|ordered|ranked|listed|must|should|shall|will|is|are|be|including|but|not|"
    r"no|only|please|etc)\b"
)
_TAILED_ITEM = (
    rf"(?:'[^'\n]{{1,40}}'|\"[^\"\n]{{1,40}}\"|“[^”\n]{{1,40}}”|"
    rf"{_WORD}(?:[ \t]+(?:{_WORD}|(?!{_GOES_ON})[a-z][\w'’/-]*)){{0,4}})"
)
_TAILED = compile_lazily(
    rf"(?P<list>{_TAILED_ITEM}(?:{_SEP}{_TAILED_ITEM})+)"
    rf"(?=\s*(?:[.;!]?\s*$|[.;]\s|{_IN_ORDER}))"
)


# "Language | Typing | Memory management": cells between pipes, in any case;
# a comma ends the last one where a lowercase clause follows ("… | Pts,
# sorted by points descending")
_CELL = r"(?:[^|\n.;:,()]|\([^()|\n]*\)){1,40}?"  # a bracket closes in its cell
_PIPED = compile_lazily(
    rf"\|?[ \t]*(?P<list>{_CELL}(?:[ \t]*\|[ \t]*{_CELL})+)[ \t]*\|?"
    rf"(?=\s*(?:[.;!]?\s*$|[.;]\s|,\s+(?!and\b)[a-z]|{_IN_ORDER}))"
)


def column_list(text: str) -> tuple[tuple[str, ...], int] | None:
    """The column names a list at the start of ``text`` names (two or more)
    and the list's length, or None where the text is not such a list."""
    piped = _PIPED.match(text)
    match = piped or _LIST.match(text) or _TAILED.match(text)
    if match is None:
        return None
    items = match.group("list").split("|") if piped else re.split(_SEP, match.group("list"))
    names = tuple(item.strip().strip("'\"“”").strip() for item in items)
    if len({n.casefold() for n in names}) != len(names) or not all(names):
        return None
    return names, match.end("list")


# "Columns: App, Price/month, Offline, Best for.": after a label, the rest of
# the sentence is the list, so its names may hold lowercase words
_LABELLED = compile_lazily(
    r"\s*(?P<list>[^,.;:|\n]{1,30}(?:\s*,\s*(?:and\s+)?[^,.;:|\n]{1,30})+)\s*[.!]?\s*$"
)


def labelled_list(text: str) -> tuple[tuple[str, ...], int] | None:
    """The column names when ``text`` (what follows "Columns:") is a comma
    list of short names to the end of its sentence, else None."""
    match = _LABELLED.match(text)
    if match is None:
        return None
    names = tuple(
        n.strip().strip("'\"“”").strip() for n in re.split(r",\s*(?:and\s+)?", match["list"])
    )
    if not all(names) or any(len(n.split()) > 4 for n in names):
        return None
    if len({n.casefold() for n in names}) != len(names):
        return None
    return names, match.end("list")


# A table or CSV that code, a database or a spreadsheet holds, not the answer:
# "write SQL to create a table with columns Id, Name", "a script that writes
# a CSV with header id,name".
_ELSEWHERE = compile_lazily(
    r"\b(?:sql|database|db|schema|postgres\w*|mysql|sqlite|spreadsheet|excel|html|latex|"
    r"dataframe|pandas|code|script|program|function|parser|query|queries|api|class|regex)\b|"
    # a language as the tool, not a topic: "in Python", "a JavaScript snippet"
    r"\b(?:in|using|via)\s+(?:python|javascript|typescript|java)\b|"
    r"\b(?:python|javascript|typescript|java)\s+(?:to|that|which|snippet|one-liner)\b"
)
# A question about the requirement ("is it okay to include a table?"), not a
# request; "could you …?" still asks for it.
_REQUEST = compile_lazily(r"^\s*(?:please\s+)?(?:can|could|would|will)\s+you\b")


def elsewhere(whole: str, sentence: str) -> bool:
    """Whether a table or CSV the sentence names is not the answer's: the
    prompt is about code or data stores, or the sentence asks a question."""
    asks = sentence.rstrip().endswith("?") and not _REQUEST.match(sentence)
    return asks or searched(_ELSEWHERE, whole) is not None
