"""The repair that leaves an answer as one fenced block and nothing else:
the prose around the answer's one block goes, a block left open is closed,
an untagged block gets the language asked for, and an answer with no fence
at all is wrapped in one. Where the answer has several blocks, or its one
block names another language, which code to keep needs judgement: the
answer is left as it is."""

from __future__ import annotations

from collections.abc import Callable

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._markdown import fences

__all__ = ["only_block"]

_OPENER = compile_lazily(r"\s{0,3}(`{3,}|~{3,})")
_CLOSING = compile_lazily(r"`{3,}|~{3,}")


def only_block(
    text: str, language: str | None, named: Callable[[str], str], *, wrap: bool = True
) -> str:
    """``text`` as one fenced block tagged ``language`` (untagged when None);
    a block tagged with another name of it (``named`` reads a tag as a
    language: ``py`` is Python) keeps its tag; an answer
    with no fence is wrapped only with ``wrap``. ``text`` itself where that
    needs judgement."""
    body = text.strip()
    blocks = fences(body)
    tag = language or ""
    if not blocks:
        if not wrap or "```" in body or "~~~" in body:
            return text
        return f"```{tag}\n{body}\n```"
    if len(blocks) != 1:
        return text
    block = blocks[0]
    lines = body.splitlines()[block.first : block.last + 1]
    opened = _OPENER.match(lines[0])
    if opened is None:
        return text
    marks = opened.group(1)
    if block.language and language is not None and named(block.language) != language:
        return text  # another language: which code is wanted is a judgement
    opener = lines[0].strip() if block.language or not tag else marks + tag
    closed = len(lines) >= 2 and _CLOSING.fullmatch(lines[-1].strip()) is not None
    inner = lines[1:-1] if closed else lines[1:]
    made = "\n".join([opener, *inner, lines[-1].strip() if closed else marks])
    return text if made == body else made  # already one block: left as it was
