"""The answer's markdown blocks as CommonMark reads them (``markdown-it-py``):
ATX headings and fenced code blocks, shared by the heading and code-block
families so both agree on what is inside a fence."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from markdown_it import MarkdownIt

__all__ = ["Fence", "Heading", "atx_headings", "fences"]

_PARSER = MarkdownIt("commonmark")


@dataclass(frozen=True)
class Heading:
    """An ATX heading: its level (1 for ``#``) and its text."""

    level: int
    text: str


@dataclass(frozen=True)
class Fence:
    """A fenced code block: the first word of its info string, lowercased
    ("" where none is given), its first line of code, and the lines it spans
    (``first`` to ``last``, zero-based, fences included)."""

    language: str
    first_line: str
    first: int
    last: int


@functools.lru_cache(maxsize=8)
def _blocks(text: str) -> tuple[tuple[Heading, ...], tuple[Fence, ...]]:
    # One parse per text: a verdict measures several specs of one draft.
    headings: list[Heading] = []
    found: list[Fence] = []
    tokens = _PARSER.parse(text)
    for i, token in enumerate(tokens):
        # A setext heading's markup is "=" or "-"; an ATX heading's is its #s.
        if token.type == "heading_open" and token.markup.startswith("#"):
            inline = tokens[i + 1].content if i + 1 < len(tokens) else ""
            headings.append(Heading(len(token.markup), inline.strip()))
        elif token.type == "fence":
            words = token.info.split()
            line = next((ln.strip() for ln in token.content.splitlines() if ln.strip()), "")
            first, end = token.map or (0, 0)
            found.append(Fence(words[0].lower() if words else "", line, first, end - 1))
    return tuple(headings), tuple(found)


def atx_headings(text: str) -> tuple[Heading, ...]:
    """The ATX headings of ``text`` (``#`` … ``######``, up to three spaces of
    indent, a space or the line's end after the marks), outside code blocks."""
    return _blocks(text)[0]


def fences(text: str) -> tuple[Fence, ...]:
    """The fenced code blocks (```` ``` ```` or ``~~~``) of ``text``; one left
    open runs to the end of the text, as CommonMark renders it."""
    return _blocks(text)[1]
