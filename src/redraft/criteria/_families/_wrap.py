"""Wrap marks: the whole answer is wrapped in a stated pair of marks
("wrap your entire answer in square brackets", "put the whole response
inside curly braces", "enclose your reply in <answer></answer> tags",
"return the whole output within triple quotes").

Measured exactly: the answer, whitespace around it taken off, opens with
``open`` and closes with ``close``, with something other than whitespace
between them. An empty answer fails. The repair puts the marks around an
answer that has neither (one that has one of them is left to the model).

Read where the whole answer (answer, response, reply, output, "the whole
thing", "all of it") is wrapped,
put, enclosed or surrounded in square brackets, curly braces, parentheses,
angle brackets, backticks, single quotes, triple quotes or a named tag;
double quotes and code blocks are the ``wrapped`` kind's, and bare
"brackets" (square in one English, round in another) and "spoiler tags"
(``||`` or ``>!``) are not read. Not where only a part is wrapped ("the final answer", "each
title"), nor hedged, negated, a question, or in material.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._lexical import required
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["WRAP_MARKS", "WrapMarks", "wrap_in"]


class WrapMarks(FamilySpec):
    """The whole answer opens with ``open`` and closes with ``close``."""

    kind: Literal["wrap_marks"] = "wrap_marks"
    open: str = Field(min_length=1, max_length=30, pattern=r"^\S+$")
    close: str = Field(min_length=1, max_length=30, pattern=r"^\S+$")

    def describe(self) -> str:
        return f"the whole answer wrapped in {self.open} … {self.close}"


def _meets(spec: WrapMarks, text: str) -> bool:
    body = text.strip()
    if len(body) < len(spec.open) + len(spec.close):
        return False
    inner = body[len(spec.open) : len(body) - len(spec.close)]
    return body.startswith(spec.open) and body.endswith(spec.close) and bool(inner.strip())


def wrap_in(text: str, params: Mapping[str, Any], _repairs: Sequence[Any]) -> str:
    """``text`` between the marks, where it has neither of them."""
    opening, closing = str(params["open"]), str(params["close"])
    body = text.strip()
    if not body or body.startswith(opening) or body.endswith(closing):
        return text
    return f"{opening}{body}{closing}"


_WRAP = RepairOp(
    "wrap_in_marks", 600, wrap_in, lambda p: f"the answer wrapped in {p['open']} … {p['close']}"
)

# -- phrasing -------------------------------------------------------------------

_MARKS = {
    "square brackets": ("[", "]"),
    "curly braces": ("{", "}"),
    "curly brackets": ("{", "}"),
    "braces": ("{", "}"),
    "parentheses": ("(", ")"),
    "round brackets": ("(", ")"),
    "angle brackets": ("<", ">"),
    "backticks": ("`", "`"),
    "single quotes": ("'", "'"),
    "single quotation marks": ("'", "'"),
    "triple quotes": ('"""', '"""'),
    "triple double quotes": ('"""', '"""'),
}
_NAMES = "|".join(sorted((re.escape(k).replace(r"\ ", r"\s+") for k in _MARKS), key=len)[::-1])
_WHOLE = (
    r"(?:your|the)\s+(?:whole\s+|entire\s+|full\s+|complete\s+)?"
    r"(?:answer|response|reply|output)"
)
_PATTERN = compile_lazily(
    rf"\b(?:wrap|put|place|enclose|surround|write|give|return)\s+(?:{_WHOLE}|it\s+all|"
    # "put the whole thing in parentheses"
    rf"everything|the\s+(?:whole|entire)\s+thing|all\s+of\s+it)\s+(?:(?:entirely|all)\s+)?(?:in|inside|within|between|with)\s+"
    rf"(?:a\s+pair\s+of\s+|a\s+set\s+of\s+)?(?:(?P<name>{_NAMES})\b|"
    rf"(?P<tag><(?P<t>[a-z][\w-]{{0,20}})>\s*</(?P=t)>)\s*(?:tags?)?)"
)
_PART = compile_lazily(r"\b(?:final|each|every|last|first)\s+(?:answer|response|reply|output)\b")


def wrap_marks(sentence: Sentence) -> Iterator[Hit]:
    """ "Wrap your whole answer in square brackets", "… inside <answer></answer> tags"."""
    text = sentence.lower
    for match in _PATTERN.finditer(text):
        if _PART.search(match[0]) or not required(sentence, match.start()):
            continue
        if match["name"]:
            opening, closing = _MARKS[" ".join(match["name"].split())]
        else:
            opening, closing = f"<{match['t']}>", f"</{match['t']}>"
        yield Hit(WrapMarks(open=opening, close=closing), *match.span())
        return


class _WrapMarks(Family):
    name = "wrap marks"
    specs = (WrapMarks,)
    rules: ClassVar[tuple[Rule, ...]] = (wrap_marks,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_WRAP,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, WrapMarks)
        body = text.strip()
        data: dict[str, Any] = {"starts": body[:20], "ends": body[-20:]}
        if _meets(spec, text):
            return Outcome(True, f"{spec.describe()}, as required", data=data)
        return Outcome(
            False,
            f"the answer is not {spec.describe()[11:]}; required: {spec.describe()}",
            self.correction(spec, text),
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, WrapMarks)
        return (
            f"Wrap your whole answer in {spec.open} … {spec.close}: start it with "
            f"{spec.open!r} and end it with {spec.close!r}, nothing before or after."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, WrapMarks)
        return {"op": _WRAP.name, "open": spec.open, "close": spec.close}


WRAP_MARKS = _WrapMarks()
