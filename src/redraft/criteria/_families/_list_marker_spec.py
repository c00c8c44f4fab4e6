"""List markers: every list item of the answer uses one marker style ("use
dashes for bullets, not asterisks", "number them 1), 2), 3)", "use a., b.,
c.", "Roman numerals (I., II., III.)").

Measured exactly on the answer's lines, code blocks and divider lines
(``---``, ``* * *``) aside: a list item is a line that opens, after its
indentation, with a marker and a space — a bullet (``-``, ``*``, ``+``,
``•``) or an ordered marker (a number, a letter or a Roman numeral, followed
by ``.`` or ``)``, or inside parentheses). A bullet style judges every bullet
item, nested ones too; an ordered style judges the top-level ordered items
(the least indented), so "number them 1), 2), 3)" leaves the lettered
sub-items under them alone. The answer passes when it has at least one item
of the style's kind and each judged item's marker is of the style: a number
style takes any number, a letter style any one letter of its case, a Roman
style any Roman numeral of its case; the sequence itself (1, 2, 3) is not
checked. A lone ``i.`` is read by the style asked for (a letter or a Roman
one).

The spec, its measure on an answer and its repair; the phrasings that state
it are read in :mod:`._list_markers`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import FamilySpec

__all__ = [
    "BULLETS",
    "SET_MARKERS",
    "SHOWN",
    "ListMarker",
    "items",
    "judged_items",
    "keeps_marker",
    "ordinal_marker",
]

SHOWN = 3
Marker = Literal[
    "-", "*", "+", "•", "1.", "1)", "(1)", "a.", "a)", "(a)", "A.", "A)", "i.", "i)", "I.", "I)"
]
BULLETS = frozenset("-*+•")
_STYLE: dict[str, str] = {
    "1.": r"\d{1,3}\.",
    "1)": r"\d{1,3}\)",
    "(1)": r"\(\d{1,3}\)",
    "a.": r"[a-z]\.",
    "a)": r"[a-z]\)",
    "(a)": r"\([a-z]\)",
    "A.": r"[A-Z]\.",
    "A)": r"[A-Z]\)",
    "i.": r"[ivxlc]{1,7}\.",
    "i)": r"[ivxlc]{1,7}\)",
    "I.": r"[IVXLC]{1,7}\.",
    "I)": r"[IVXLC]{1,7}\)",
}


class ListMarker(FamilySpec):
    """Every list item of the answer uses ``marker``'s style (``"1)"``: any
    number then ``)``), and there is one."""

    kind: Literal["list_marker"] = "list_marker"
    marker: Marker

    def describe(self) -> str:
        if self.marker in BULLETS:
            return f"every bullet marked {self.marker!r}"
        return f"every numbered item marked in the style {self.marker!r}"


_ITEM = compile_lazily(
    r"^(?P<indent>[ \t]*)(?P<marker>[-*+•]|\((?:\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,7})\)|"
    r"(?:\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,7})[.)])(?P<gap>[ \t]+)(?P<rest>\S.*)$"
)
_RULE = compile_lazily(r"^[ \t]*(?:[-*_][ \t]*){3,}$")


def _width(indent: str) -> int:
    return len(indent.expandtabs(4))


def items(text: str) -> list[tuple[int, int, str, str]]:
    """Each list item of ``text`` outside code blocks: its line number, its
    indentation, its marker and its text."""
    found: list[tuple[int, int, str, str]] = []
    fenced = False
    for number, line in enumerate(text.split("\n")):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        match = _ITEM.match(line)
        if fenced or match is None or _RULE.match(line):
            continue
        found.append((number, _width(match["indent"]), match["marker"], match["rest"]))
    return found


def judged_items(spec: ListMarker, text: str) -> list[tuple[int, int, str, str]]:
    found = items(text)
    if spec.marker in BULLETS:
        return [item for item in found if item[2] in BULLETS]
    ordered = [item for item in found if item[2] not in BULLETS]
    top = min((item[1] for item in ordered), default=0)
    return [item for item in ordered if item[1] == top]


def keeps_marker(spec: ListMarker, marker: str) -> bool:
    if spec.marker in BULLETS:
        return marker == spec.marker
    return re.fullmatch(_STYLE[spec.marker], marker) is not None


_NUMERALS = (
    (100, "c"),
    (90, "xc"),
    (50, "l"),
    (40, "xl"),
    (10, "x"),
    (9, "ix"),
    (5, "v"),
    (4, "iv"),
    (1, "i"),
)


def _roman(n: int) -> str:
    out = ""
    for value, numeral in _NUMERALS:
        while n >= value:
            out, n = out + numeral, n - value
    return out


def ordinal_marker(style: str, n: int) -> str | None:
    """The ``n``th marker of an ordered style; None past its letters."""
    key = next(ch for ch in style if ch.isalnum())
    if key == "1":
        label = str(n)
    elif key in "iI":
        label = _roman(n)
    elif n <= 26:
        label = chr(ord("a") + n - 1)
    else:
        return None
    return style.replace(key, label.upper() if key.isupper() else label)


def set_markers(text: str, params: Mapping[str, Any], _repairs: Sequence[Any]) -> str:
    """``text`` with the marker of every item the style judges rewritten in it."""
    spec = ListMarker(marker=params["marker"])
    judged = {item[0]: item for item in judged_items(spec, text)}
    if not judged or all(keeps_marker(spec, item[2]) for item in judged.values()):
        return text
    lines = text.split("\n")
    count, top = 0, min(item[1] for item in judged.values())
    for number, line in enumerate(lines):
        item = judged.get(number)
        if item is None:
            indent = _width(line[: len(line) - len(line.lstrip())])
            if line.strip() and indent <= top and _ITEM.match(line) is None:
                count = 0  # a line of text at the list's level ends the list
            continue
        count += 1
        marker = spec.marker if spec.marker in BULLETS else ordinal_marker(spec.marker, count)
        if marker is None:
            continue
        match = _ITEM.match(line)
        assert match is not None
        lines[number] = f"{match['indent']}{marker}{match['gap']}{match['rest']}"
    return "\n".join(lines)


SET_MARKERS = RepairOp(
    "set_list_markers", 555, set_markers, lambda p: f"list markers rewritten as {p['marker']!r}"
)
