"""Repairs that take every counted unit out of an answer allowed none of them:
emoji, hashtags, links. No judgement is needed — the count allowed is 0 —
so the loop makes the edit itself (:mod:`redraft.core._repair`).

Each cut tidies only what it leaves behind: the space before a removed unit
when a space or a closing mark follows it, and outer whitespace; a line
that held nothing else becomes empty. A markdown link keeps its text
(``[docs](https://x.io)`` becomes ``docs``), a bare or angle-bracketed URL
goes, its sentence's final mark stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._spec_base import CountSpec

__all__ = ["REMOVE_LINKS", "cut_spans", "removal", "remove_found"]

_CLOSERS = " \t\n.,;:!?)]}\"'"
_TRAILING_MARKS = ".,;:!?"
_URL_BODY = r"(?:https?://|ftp://|www\.)[^\s<>()\[\]{}\"'`]+"
_MARKDOWN_LINK = compile_lazily(r"\[([^\]\n]*)\]\(\s*<?" + _URL_BODY + r">?\s*\)", re.IGNORECASE)
_BARE_URL = compile_lazily(r"<?\b" + _URL_BODY + r">?", re.IGNORECASE)


def cut_spans(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """``text`` without ``spans`` (sorted, not overlapping), each taking the
    space before it along when a space, a line end or a closing mark follows."""
    spans = list(spans)
    if not spans:
        return text
    out: list[str] = []
    last = 0
    for start, end in spans:
        if start < last:
            continue
        closed = end == len(text) or text[end] in _CLOSERS
        if start > last and text[start - 1] in " \t" and closed:
            start -= 1
        out.append(text[last:start])
        last = end
    out.append(text[last:])
    return "".join(out).strip()


def remove_found(text: str, found: Iterable[str]) -> str:
    """``text`` without every occurrence of the units ``found`` in it."""
    # Longest first, so a joined sequence goes whole before any of its parts.
    wanted = sorted(set(found), key=len, reverse=True)
    if not wanted:
        return text
    pattern = compile_lazily("|".join(re.escape(s) for s in wanted) + "\ufe0f?")
    return cut_spans(text, [m.span() for m in pattern.finditer(text)])


def remove_links(text: str) -> str:
    if _MARKDOWN_LINK.search(text):
        text = _MARKDOWN_LINK.sub(lambda m: m.group(1), text).strip()
    spans = []
    for m in _BARE_URL.finditer(text):
        end = m.end()
        while end > m.start() and text[end - 1] in _TRAILING_MARKS:
            end -= 1
        spans.append((m.start(), end))
    return cut_spans(text, spans)


def removal(spec: Any, op: str) -> dict[str, Any] | None:
    """``{"op": op}`` when ``spec`` allows none of its units, else None."""
    assert isinstance(spec, CountSpec)
    if spec.value == 0 and spec.relation in ("at_most", "exactly"):
        return {"op": op}
    return None


REMOVE_LINKS = RepairOp(
    "remove_links", 260, lambda text, _p, _r: remove_links(text), lambda _p: "links removed"
)
