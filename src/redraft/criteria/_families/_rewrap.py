"""The line_length repair: each line over a limit of characters or words is
broken at spaces into lines within it, greedily, each keeping the line's
indentation. Exact where every word fits the limit; a word longer than it
leaves its line over (the check still fails, and the loop keeps the edit only
if it is better). An answer holding a code fence or a table is left as it
is: breaking a line of code or a table row changes what it means."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from redraft.core._repair import RepairOp
from redraft.criteria._measure import words

__all__ = ["REWRAP", "rewrap"]


def _measure(length_in: str) -> Callable[[str], int]:
    return (lambda s: len(words(s))) if length_in == "words" else len


def rewrap(text: str, limit: int, length_in: str) -> str:
    """``text`` with every line over ``limit`` (characters or ``words``)
    broken at spaces."""
    if limit < 1 or "```" in text or "~~~" in text:
        return text
    measure = _measure(length_in)
    out: list[str] = []
    for line in text.split("\n"):
        kept = line.rstrip()
        if measure(kept) <= limit or kept.lstrip().startswith("|"):
            out.append(line)
            continue
        indent = kept[: len(kept) - len(kept.lstrip())]
        tokens = kept.split()
        current = indent + tokens[0]
        for token in tokens[1:]:
            longer = f"{current} {token}"
            if measure(longer) <= limit:
                current = longer
            else:
                out.append(current)
                current = indent + token
        out.append(current)
    return "\n".join(out)


def _edit(text: str, params: Mapping[str, Any], _repairs: Sequence[Mapping[str, Any]]) -> str:
    return rewrap(text, int(params["limit"]), str(params.get("length_in", "characters")))


REWRAP = RepairOp(
    "rewrap_lines",
    700,
    _edit,
    lambda p: f"lines broken to at most {p['limit']} {p.get('length_in', 'characters')}",
)
