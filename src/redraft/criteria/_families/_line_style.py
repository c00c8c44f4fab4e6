"""Line style: one line of the answer is wholly bold or wholly italic ("put
the headline in bold on the first line", "the title in bold", "finish with a
one-line summary in italics", "make the last line italic").

Measured exactly under stated definitions: a line is a non-empty line of the
answer, whitespace around it aside; ``index`` 1 is the first, -1 the last.
Heading marks (``#`` … ``######`` and a space) and a list marker (``-``,
``*``, ``+`` or ``1.`` and a space) opening the line are set aside. The line
is bold when what is left is one strong span, ``**…**``, ``__…__`` or
``<b>``/``<strong>``, holding text and no closing mark of its own inside
(``**a** and **b**`` is two spans, not a bold line); italic when it is one
emphasis span, ``*…*``, ``_…_`` or ``<i>``/``<em>``. ``***…***`` is both. A
line's closing punctuation outside the span fails it (``**Title**:`` is not
wholly bold). An answer without the line fails.

Read only where the clause names the answer's one title or headline, or its
first or last line, and says the style in so many words: "in bold", "bold
text", "bolded", "make … bold", "bold the …", "in italics", "italicised",
"make … italic". Not from "a bold headline" (daring, or bold type: the
adjective does not say), titles of each part ("each section with a title in
bold"), words or phrases in bold (``words_styled``), a hedged, negated,
conditional or questioned clause, nor a line of given material. The repair
wraps the line's text in the style's marks, its heading or list marker kept,
where the line holds no emphasis marks of its own (undoing those needs the
model).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._lexical import required
from redraft.criteria._families._parts import parts_of
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence
from redraft.criteria._spec_parts import ordinal

__all__ = ["LINE_STYLE", "LineStyle", "style_line"]

Style = Literal["bold", "italic"]


class LineStyle(FamilySpec):
    """The ``index``-th non-empty line (1 = first, -1 = last) is wholly in ``style``."""

    kind: Literal["line_style"] = "line_style"
    index: int = Field(default=1, ge=-1, le=1000)
    style: Style

    @field_validator("index")
    @classmethod
    def _position(cls, value: int) -> int:
        if value == 0:
            raise ValueError("a line's position is 1 or more (the first is 1), or -1 for the last")
        return value

    def where(self) -> str:
        return "the last line" if self.index == -1 else f"the {ordinal(self.index)} line"

    def describe(self) -> str:
        return f"{self.where()} wholly in {self.style}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.index)


# -- measuring ---------------------------------------------------------------------

# A heading's or a list item's own marker, which the style need not cover.
_LEAD = compile_lazily(r"^(?:#{1,6}[ \t]+|[-*+][ \t]+(?=\S)|\d{1,3}[.)][ \t]+)")
# ``***…***`` is both bold and italic.
_BOTH = compile_lazily(r"\*\*\*(?=\S)(?:(?!\*\*\*).)+(?<=\S)\*\*\*")
_BOLD = (
    _BOTH,
    compile_lazily(r"(\*\*|__)(?=[^\s*_])(?:(?!\1).)+(?<=[^\s*_])\1"),
    compile_lazily(r"<(b|strong)>(?=\S)(?:(?!</?\1>).)+(?<=\S)</\1>", re.IGNORECASE),
)
_ITALIC = (
    _BOTH,
    compile_lazily(r"([*_])(?=[^\s*_])(?:(?!\1).)+(?<=[^\s*_])\1"),
    compile_lazily(r"<(i|em)>(?=\S)(?:(?!</?\1>).)+(?<=\S)</\1>", re.IGNORECASE),
)
_STYLED = {"bold": _BOLD, "italic": _ITALIC}
_MARKS = {"bold": "**", "italic": "*"}


def _pick(lines: list[str], index: int) -> str | None:
    if index == -1:
        return lines[-1] if lines else None
    return lines[index - 1] if len(lines) >= index else None


def _body(line: str) -> tuple[str, str]:
    """The line's marker (a heading's ``#``, a list marker) and the rest."""
    lead = _LEAD.match(line)
    return (lead.group(0), line[lead.end() :].strip()) if lead else ("", line)


def is_styled(line: str, style: Style) -> bool:
    """Whether ``line``, its heading or list marker aside, is one span in ``style``."""
    body = _body(line)[1]
    return any(pattern.fullmatch(body) for pattern in _STYLED[style])


def style_line(text: str, params: Mapping[str, Any], _repairs: Sequence[Any]) -> str:
    """``text`` with the ``params["index"]``-th non-empty line's text wrapped
    in the marks of ``params["style"]``, unless it already holds emphasis
    marks (or is in that style already)."""
    style: Style = "italic" if params["style"] == "italic" else "bold"
    index = int(params["index"])
    raw = text.splitlines(keepends=True)
    filled = [i for i, line in enumerate(raw) if line.strip()]
    if not filled or (index > len(filled)):
        return text
    at = filled[-1] if index == -1 else filled[index - 1]
    line = raw[at]
    body_end = len(line.rstrip())
    indent = line[: len(line) - len(line.lstrip())]
    lead, body = _body(line.strip())
    if not body or is_styled(line.strip(), style) or re.search(r"[*_]|</?(?:b|i|em|strong)>", body):
        return text
    mark = _MARKS[style]
    raw[at] = f"{indent}{lead}{mark}{body}{mark}{line[body_end:]}"
    return "".join(raw)


_STYLE = RepairOp("style_line", 620, style_line, lambda p: f"line {p['index']} put in {p['style']}")

# -- phrasing -------------------------------------------------------------------

_IN_STYLE = (
    r"(?:(?:in|as|using)\s+(?:(?P<b1>bold)(?:\s+(?:text|type|font|face|print))?|"
    r"(?P<i1>italics?)(?:\s+(?:text|type|font))?)|(?:set\s+)?in\s+(?:a\s+)?"
    r"(?:(?P<b2>bold)|(?P<i2>italic))\s+(?:text|type|font|face)|(?P<b3>bolded)|"
    r"(?P<i3>italici[sz]ed))"
)
_TITLE = r"(?:the\s+|a\s+|an\s+|your\s+|its\s+)?(?:(?:one|single)[\s-]line\s+)?(?:title|headline)"
_LINE = (
    r"(?:the\s+)?(?P<which>first|top|opening|last|final|closing|bottom)\s+line"
    r"(?:\s+of\s+(?:the|your)\s+(?:answer|response|reply|post|message|email|text))?"
)
_PATTERNS = (
    # "the title in bold", "put the headline in bold on the first line", "a title in bold"
    compile_lazily(
        rf"\b(?P<title>{_TITLE})\s+(?:(?:should|must|needs\s+to|has\s+to)\s+(?:be\s+)?|"
        rf"(?:is|being)\s+)?{_IN_STYLE}"
    ),
    # "the first line in bold", "the last line must be in italics"
    compile_lazily(
        rf"\b{_LINE}\s+(?:(?:should|must|needs\s+to|has\s+to|will)\s+(?:be\s+)?|is\s+)?{_IN_STYLE}"
    ),
    # "bold the title", "italicise the last line", "make the first line bold"
    compile_lazily(
        r"\b(?:(?P<b4>bold)|(?P<i4>italici[sz]e))\s+(?:the|your|its)\s+"
        r"(?:(?P<title2>title|headline)|(?P<which2>first|top|opening|last|final|closing|bottom)\s+line)\b"
        r"(?!\s+(?:and|or|,)\s)"
    ),
    compile_lazily(
        rf"\bmake\s+(?:(?P<title3>{_TITLE})|{_LINE})\s+(?:(?P<b5>bold)|(?P<i5>italic))\b"
    ),
    # "finish with a one-line summary in italics", "end with a line in bold"
    compile_lazily(
        r"\b(?P<end>end|finish|close|sign\s+off)\s+(?:it\s+|the\s+(?:answer|response|reply|post)\s+)?"
        r"with\s+(?:a|one)\s+(?:(?:one|single)[\s-]line\s+[\w-]+(?:\s+[\w-]+)?|line)\s+"
        rf"{_IN_STYLE}"
    ),
)
# What makes the title or line another's, several, or one of each part.
_NOT_THE_ANSWERS = compile_lazily(
    r"\b(?:each|every|all|per|both)\s+(?:\w+\s+){0,2}$|\b(?:titles|headlines|lines)\b"
)
# "the title of the book", "the first line of each verse": another thing's
_AFTER_OTHER = compile_lazily(
    r"^\s*(?:of\s+(?!(?:the|your)\s+(?:answer|response|reply|post|email|message)\b)|"
    r"for\s+(?:each|every)\b)"
)


def _style(match: re.Match[str]) -> Style:
    found = {k for k, v in match.groupdict().items() if v and k[0] == "i" and k[1:].isdigit()}
    return "italic" if found else "bold"


def _index(match: re.Match[str]) -> int:
    groups = match.groupdict()
    if groups.get("end"):
        return -1
    which = groups.get("which") or groups.get("which2")
    if which in ("last", "final", "closing", "bottom"):
        return -1
    return 1


def line_styles(sentence: Sentence) -> Iterator[Hit]:
    """ "The title in bold", "finish with a one-line summary in italics"."""
    text = sentence.lower
    if not re.search(r"\b(?:bold|italic)", text):
        return
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            before = text[max(0, match.start() - 30) : match.start()]
            if _NOT_THE_ANSWERS.search(before) or _NOT_THE_ANSWERS.search(match[0]):
                continue
            if _AFTER_OTHER.match(text[match.end() :]):
                continue
            if not required(sentence, match.start()):
                continue
            yield Hit(LineStyle(index=_index(match), style=_style(match)), *match.span())
            return


class _LineStyle(Family):
    name = "line style"
    specs = (LineStyle,)
    rules: ClassVar[tuple[Rule, ...]] = (line_styles,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_STYLE,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, LineStyle)
        line = _pick(parts_of(text, "line"), spec.index)
        data: dict[str, Any] = {"line": None if line is None else line[:80]}
        if line is None:
            return Outcome(
                False,
                f"the answer has no {spec.where()[4:]}; required: {spec.describe()}",
                self.correction(spec, text),
                data=data,
            )
        if is_styled(line, spec.style):
            return Outcome(True, f"{spec.describe()}, as required", data=data)
        return Outcome(
            False,
            f"{spec.where()} is not wholly in {spec.style}; required: {spec.describe()}",
            self.correction(spec, text),
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, LineStyle)
        mark = _MARKS[spec.style]
        line = _pick(parts_of(text, "line"), spec.index)
        where = spec.where()
        if line is None:
            return (
                f"Your answer has no {where[4:]}. Write it, wholly in {spec.style} ({mark}…{mark})."
            )
        shown = line if len(line) <= 50 else line[:47] + "…"
        return (
            f"Put {where} wholly in {spec.style}: wrap its text in {mark} … {mark} "
            f"(now {shown!r}), with nothing outside the marks but a heading's #."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, LineStyle)
        return {"op": _STYLE.name, "index": spec.index, "style": spec.style}


LINE_STYLE = _LineStyle()
