"""The items of an answer's list, in whatever format it is written: the
measure of :mod:`._item_count` (whose docstring states the reading: list
lines, else a table's body rows, else headings sharing a level, else lines
or blocks, else one line cut at its commas)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["answer_items", "bare_item", "headed_items", "item_texts"]

_MARKER = compile_lazily(
    r"^(?P<indent>[ \t]*)(?:(?P<num>\d{1,3}[.)]|\(\d{1,3}\))|[-*+•])[ \t]+"
    r"(?:\[[ xX]\][ \t]+)?(?P<rest>\S.*)$"
)
_RULE = compile_lazily(r"^[ \t]*(?:[-*_][ \t]*){3,}$")
_HEADING = compile_lazily(r"^[ \t]*#{1,6}[ \t]")
_HEADING_TEXT = compile_lazily(r"^[ \t]*(?P<marks>#{1,6})[ \t]+(?P<text>\S.*?)[ \t#]*$")
_FENCE = compile_lazily(r"^[ \t]*(?:```|~~~)")
_TABLE_ROW = compile_lazily(r"^[ \t]*\|.*\|[ \t]*$")
_TABLE_RULE = compile_lazily(
    r"^[ \t]*\|?[ \t]*:?-{2,}:?[ \t]*(?:\|[ \t]*:?-{2,}:?[ \t]*)*\|?[ \t]*$"
)
_LEAD_IN = compile_lazily(r":\s*$")
# A line wholly in bold is a heading: "**Tips**", "__Options__".
_BOLD = compile_lazily(r"^[ \t]*(?:\*\*[^*\n]+\*\*|__[^_\n]+__)[ \t]*:?[ \t]*$")
_ENDS = compile_lazily(r"[.!?…][\"'”’)*_]*\s*$")
_RUN_IN_LEAD = compile_lazily(r"^(?P<lead>[^,;:]{1,80}):\s+(?=\S)")
_FINAL_JOIN = compile_lazily(r"\s+(?:and|or|&)\s+(?!.*\s(?:and|or|&)\s)", re.IGNORECASE)
_JOINED = compile_lazily(r"^(?:and|or|&)\s+", re.IGNORECASE)


def _indent(text: str) -> int:
    return len(text.expandtabs(4))


def _list_lines(lines: Sequence[str]) -> list[str]:
    found = [m for line in lines if (m := _MARKER.match(line)) and not _RULE.match(line)]
    if not found:
        return []
    top = min(_indent(m.group("indent")) for m in found)
    level = [m for m in found if _indent(m.group("indent")) == top]
    numbered = [m for m in level if m.group("num")]
    return [m.group("rest").strip() for m in (numbered or level)]


def _table_rows(lines: Sequence[str]) -> list[str]:
    rows: list[str] = []
    for i, line in enumerate(lines):
        if _TABLE_RULE.match(line) and i and _TABLE_ROW.match(lines[i - 1]):
            for row in lines[i + 1 :]:
                if not _TABLE_ROW.match(row):
                    break
                rows.append(row.strip().strip("|").strip())
    return rows


def _headed(lines: Sequence[str]) -> list[str]:
    """The headings of the level most used (the deeper on a tie), where at
    least two share it: "### 1. Speed" … "### 2. Safety" head one item each."""
    levels: dict[int, list[str]] = {}
    for line in lines:
        heading = _HEADING_TEXT.match(line)
        if heading:
            levels.setdefault(len(heading.group("marks")), []).append(heading.group("text"))
    if not levels:
        return []
    level = max(levels, key=lambda n: (len(levels[n]), n))
    return levels[level] if len(levels[level]) >= 2 else []


def _blocks(lines: Sequence[str]) -> list[list[str]]:
    blocks: list[list[str]] = [[]]
    for line in lines:
        stripped = line.strip()
        if not stripped:
            if blocks[-1]:
                blocks.append([])
            continue
        if _HEADING.match(line) or _RULE.match(line) or _FENCE.match(line) or _BOLD.match(line):
            continue
        if _LEAD_IN.search(stripped):
            continue
        blocks[-1].append(stripped)
    return [block for block in blocks if block]


def _run_in(line: str) -> list[str]:
    lead = _RUN_IN_LEAD.match(line)
    body = line[lead.end() :] if lead else line
    body = body.strip().rstrip(".!")
    pieces = _split_outside_brackets(body)
    if not pieces:
        return []
    last = _FINAL_JOIN.split(pieces[-1], maxsplit=1)
    pieces = pieces[:-1] + [p for p in last if p.strip()]
    return [_JOINED.sub("", p.strip()) for p in pieces if p.strip()]


def _split_outside_brackets(text: str) -> list[str]:
    pieces, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif ch in ",;" and not depth:
            pieces.append(text[start:i])
            start = i + 1
    pieces.append(text[start:])
    return [p for p in pieces if p.strip()]


def answer_items(text: str) -> list[str]:
    """The items of the answer's list, read as the module says."""
    lines = text.splitlines()
    listed = _list_lines(lines)
    if listed:
        return listed
    rows = _table_rows(lines)
    if rows:
        return rows
    headed = _headed(lines)
    if headed:
        return headed
    blocks = _blocks(lines)
    if len(blocks) >= 2:
        return _untitled([" ".join(block) for block in blocks])
    if blocks and len(blocks[0]) >= 2:
        return _untitled(blocks[0])
    return _run_in(blocks[0][0]) if blocks else []


# A label before an item's text: "Option A:", "Tagline 3 -", "Slide 2:", "A:"
# (a name of at most two words and an index, then a colon, a bracket or a dash)
_LABEL = compile_lazily(
    r"^(?:\*\*|__)?(?:(?:[A-Za-z][\w'-]*(?:[ \t]+[A-Za-z][\w'-]*)?[ \t]+)?(?:\d{1,2}|[A-Z])"
    r"(?:\*\*|__)?(?::|\)|[ \t]+[-–—])|[A-Z]{1,2}\d{1,2}(?:\*\*|__)?[:.)])(?:\*\*|__)?[ \t]+(?=\S)"
)
# Marks around the whole item: bold, italics, code, quotes
_WRAPPED = compile_lazily(r"^(\*\*|__|\*|_|`|\"|“|')(?P<inner>\S(?:.*\S)?)(\1|”)$", re.DOTALL)
_CLOSING = {"**": "**", "__": "__", "*": "*", "_": "_", "`": "`", '"': '"', "“": "”", "'": "'"}


def bare_item(item: str) -> str:
    """An item's own text: a leading label and marks around it left out."""
    item = _LABEL.sub("", item.strip(), count=1).strip()
    wrapped = _WRAPPED.match(item)
    if wrapped and _CLOSING[wrapped.group(1)] == wrapped.group(3):
        return wrapped.group("inner").strip()
    return item


def headed_items(text: str) -> bool:
    """Whether headings head the answer's items (no list lines, no table)."""
    lines = text.splitlines()
    return not _list_lines(lines) and not _table_rows(lines) and bool(_headed(lines))


def item_texts(text: str) -> list[str]:
    """The text of each item of the answer's list, read as :func:`answer_items`
    reads them, each without its label ("Option A:") and the marks around it
    ("**…**", quotes)."""
    return [bare for item in answer_items(text) if (bare := bare_item(item))]


def _untitled(items: list[str]) -> list[str]:
    """``items`` without a title: a first line that, unlike each of at least
    two lines after it, does not end with a sentence mark ("Tips" above
    "Keep a schedule." and "Skip late coffee.")."""
    first, rest = items[0], items[1:]
    if len(rest) >= 2 and not _ENDS.search(first) and all(_ENDS.search(r) for r in rest):
        return rest
    return items
