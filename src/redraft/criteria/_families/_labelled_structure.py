"""Sections named by a structure given line by line: "Output every recipe in
this exact structure:" followed by ``TITLE: <name>`` / ``SERVES: <n>`` /
``INGREDIENTS:`` / ``- one per bullet`` …, or "Always format recipes as:"
followed by "'Ingredients' heading followed by bullet points".

Where the block is an exact template (:mod:`._answer_template`), that check
says it all. Where it is not (a list line stands for many items, a line is
an instruction), its labels still head the answer's sections: the label
lines (``TITLE:``, ``SQL:``) in the order given, or the headings a line
names ("'Method' heading …"), in any order. Two names at least; a label is
a capitalised word or three and a colon at the start of a line.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._answer_template import template_of
from redraft.criteria._families._layout_asked import layout_asked
from redraft.criteria._sentences import Sentence

__all__ = ["structure_names"]

_ANNOUNCE = compile_lazily(
    r"\b(?:(?:this|the\s+following|this\s+exact|the\s+exact)\s+(?:exact\s+)?(?:format|template|"
    r"structure|layout)(?:\s+and\s+nothing\s+else)?|(?:format|structure)\s+(?:[\w-]+\s+){0,3}?as)"
    r"\s*:\s*$"
)
# "TITLE: <name>", "**Summary:**", "EXPLANATION: <…>": a label opening its line
_LABEL_LINE = compile_lazily(
    r"^\s*(?:\*\*|__)?(?P<name>[A-Z][A-Za-z]*(?:[ \t]+[A-Za-z]+){0,2})(?:\*\*|__)?[ \t]*:"
)
# "'Ingredients' heading followed by bullet points"
_HEADING_LINE = compile_lazily(
    r"""^\s*(?:[-*•]\s+)?['"‘“](?P<name>[^'"’”\n]{1,40})['"’”]\s+(?:heading|header|section)\b"""
)
_MAX_LINES = 15


def _block_after(sentence: Sentence) -> str | None:
    end = sentence.start + len(sentence.original)
    rest = sentence.full[end:]
    if not rest.lstrip(" \t").startswith("\n"):
        return None
    block = re.split(r"\n[ \t]*\n", rest.lstrip(" \t\r\n"), maxsplit=1)[0]
    return block if block.strip() else None


def structure_names(sentence: Sentence) -> tuple[list[str], bool, int, int] | None:
    """``(names, ordered, start, end)`` where the sentence announces a
    structure whose lines name two sections or more."""
    match = _ANNOUNCE.search(sentence.lower.rstrip())
    if match is None or not sentence.full:
        return None
    block = _block_after(sentence)
    if block is None or not layout_asked(sentence, match.start()):
        return None
    if template_of(block, sentence.whole) is not None:
        return None  # an exact template: its own check says it all
    lines = block.splitlines()[:_MAX_LINES]
    labels = [m.group("name") for m in map(_LABEL_LINE.match, lines) if m]
    headings = [m.group("name") for m in map(_HEADING_LINE.match, lines) if m]
    names, ordered = (labels, True) if len(labels) >= 2 else (headings, False)
    if len(names) < 2:
        return None
    return names, ordered, match.start(), match.end()
