"""Answer template: the whole answer fills a template of several lines
given after "use this format:" ("Name: <name>" / "Role: <role>" / "Start
date: <date>").

Read from a sentence that ends by announcing the template ("Use this
format:", "Reply in exactly this format:", "Follow this template:",
"Format:") and the lines that follow it up to a blank line: two to twelve
lines, each with a marked free part (``<name>``, ``[name]``, ``{name}``,
``…``, ``...``) or a short label ("INGREDIENTS:") or rule (``---``); a list
line ("- <item>", "1. <step>") stands for as many items as it takes and an
unmarked sentence is an instruction, so a block with either is no template.
Everything but the marked parts is literal, words included ("Role:" needs
the word "Role"). Not where the template is
hedged, negated or asked about, nor from a template inside quoted material.

Measured exactly: the answer's non-empty lines, surrounding whitespace
aside, are as many as the template's and each matches its line whole, a
free part standing for any non-empty text and whitespace around the literal
parts free. No repair: filling a template needs the writer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._lexical import asks_about, required
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import NEGATION, Hit, Rule, Sentence, sentence_blocked

__all__ = ["ANSWER_TEMPLATE", "AnswerTemplate", "line_pattern", "template_of"]

_HOLE = compile_lazily(r"<[^<>\n]{1,40}>|\[[^\[\]\n]{1,40}\]|\{[^{}\n]{1,40}\}|…|\.\.\.")
_MAX_LINES = 12
_LIST_LINE = compile_lazily(r"[-*+•]\s|\d{1,3}[.)]\s")
_LABEL = compile_lazily(r"[^\s:]+(?:\s+[^\s:]+){0,3}\s*:|[-=*_#]{3,}")


@cache
def line_pattern(line: str) -> re.Pattern[str]:
    """The pattern an answer line must match whole to fill ``line``."""
    parts: list[str] = []
    at = 0
    for match in _HOLE.finditer(line):
        parts.append(_literal(line[at : match.start()]))
        parts.append(r"\S(?:.*?\S)?")
        at = match.end()
    parts.append(_literal(line[at:]))
    return compile_lazily(r"\s*" + "".join(parts) + r"\s*")


def _literal(text: str) -> str:
    pieces = [re.escape(piece) for piece in text.split()]
    return r"\s*" + r"\s*".join(pieces) + r"\s*" if pieces else r"\s*"


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


class AnswerTemplate(FamilySpec):
    """The answer's non-empty lines fill ``template``'s lines, one for one."""

    kind: Literal["answer_template"] = "answer_template"
    template: str = Field(min_length=3, max_length=1200)

    @field_validator("template")
    @classmethod
    def _readable(cls, value: str) -> str:
        lines = _lines(value)
        if not 2 <= len(lines) <= _MAX_LINES:
            raise ValueError(f"a template has 2 to {_MAX_LINES} lines")
        if not any(_HOLE.search(line) for line in lines):
            raise ValueError("the template marks no free part (<name>, [name], {name}, …)")
        if all(not _HOLE.sub("", line).strip() for line in lines):
            raise ValueError("the template has no literal part to check")
        for line in lines:
            if _LIST_LINE.match(line):
                # "- <item>": a list of as many items as it takes, not one line
                raise ValueError("a list inside the template is no fixed line")
            if not _HOLE.search(line) and not _LABEL.fullmatch(line):
                # "Do not add any text before TITLE": an instruction after the template
                raise ValueError("a template line without a free part must be a short label")
        return "\n".join(lines)

    def describe(self) -> str:
        return "the answer fills the template " + " / ".join(self.template.splitlines())


def _misfits(spec: AnswerTemplate, text: str) -> list[tuple[int, str, str]]:
    """(line number, template line, answer line) for every line that does not fill its own."""
    want, got = spec.template.splitlines(), _lines(text)
    off = []
    for i in range(max(len(want), len(got))):
        line = got[i] if i < len(got) else ""
        model = want[i] if i < len(want) else ""
        if not model or not line or line_pattern(model).fullmatch(line) is None:
            off.append((i + 1, model, line))
    return off


# -- reading the request ----------------------------------------------------------

_ANNOUNCE = compile_lazily(
    r"(?:^|\b(?:use|in|follow|with|using|reply\s+in|answer\s+in|respond\s+in|write\s+it\s+in|"
    r"stick\s+to|keep\s+to|fill\s+in|match)\s+)(?:(?:exactly\s+)?this|the\s+following|"
    r"(?:this|the)\s+exact|the)\s+(?:exact\s+)?(?:format|template|structure|layout|form)\s*:\s*$"
    r"|^\s*(?:output\s+|answer\s+|reply\s+|response\s+)?(?:format|template)\s*:\s*$"
)


# A request for the answer that ends by announcing its format: "Give me two
# names in this exact format:".
_ASKS = compile_lazily(
    r"^\s*(?:please\s+)?(?:give|write|list|suggest|name|draft|create|make|generate|provide|"
    r"send|return|summari[sz]e|describe|answer|reply|respond|output)\b"
)


def _asked(sentence: Sentence, start: int) -> bool:
    if required(sentence, start):
        return True
    text = sentence.lower
    return (
        _ASKS.match(text) is not None
        and not asks_about(sentence, start)
        and not sentence_blocked(sentence, start)
        and not NEGATION.search(text[:start])
    )


def _template_after(sentence: Sentence) -> str | None:
    """The lines after ``sentence`` up to a blank line, from the original text."""
    end = sentence.start + len(sentence.original)
    rest = sentence.full[end:]
    if not rest.startswith("\n") and not rest.startswith("\r\n"):
        return None
    block = re.split(r"\n[ \t]*\n", rest.lstrip("\r\n"), maxsplit=1)[0]
    return block if block.strip() else None


# A form to fill: every line a label and nothing after it ("Name: " /
# "Street: " / "City: "): each label is followed by its value.
_BLANK_FIELD = compile_lazily(r"[^\s:<>\[\]{}][^:<>\[\]{}\n]{0,39}:[ \t]*")


_FORM = compile_lazily(r"\b(?:form|fill(?:ed)?\s+in|fill\s+out|fields?)\b")


def template_of(block: str, said: str = "") -> AnswerTemplate | None:
    """The template ``block`` states, or None: its lines as written, or a
    form whose every line is a bare label left blank ("Name: " / "City: ",
    a space after each colon, or a sentence ``said`` naming a form), each
    then standing for "Label: …". Bare labels alone ("Pros:" / "Cons:") may
    head sections whose text follows below, so they need that sign."""
    raw = [line.rstrip("\r") for line in block.splitlines() if line.strip()]
    lines = [line.strip() for line in raw]
    blank = all(line.endswith((" ", "\t")) for line in raw) or _FORM.search(said.lower())
    if len(lines) >= 2 and blank and all(_BLANK_FIELD.fullmatch(line) for line in lines):
        block = "\n".join(f"{line} …" for line in lines)
    try:
        return AnswerTemplate(template=block)
    except ValueError:
        return None


def answer_template(sentence: Sentence) -> Iterator[Hit]:
    """ "Use this format:" followed by the template's lines."""
    match = _ANNOUNCE.search(sentence.lower.rstrip())
    if match is None or not sentence.full:
        return
    block = _template_after(sentence)
    if block is None or not _asked(sentence, match.start()):
        return
    spec = template_of(block, sentence.whole)
    if spec is not None:
        yield Hit(spec, match.start(), match.end())


class _AnswerTemplate(Family):
    name = "answer template"
    specs = (AnswerTemplate,)
    rules: ClassVar[tuple[Rule, ...]] = (answer_template,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, AnswerTemplate)
        off = _misfits(spec, text)
        want, got = len(spec.template.splitlines()), len(_lines(text))
        data: dict[str, Any] = {"lines": got, "template_lines": want, "misfits": len(off)}
        if not off:
            return Outcome(True, f"the answer fills all {want} lines of the template", data=data)
        return Outcome(
            False,
            f"{len(off)} line(s) do not fill the template's {want} lines as written "
            f"(the answer has {got} lines); required: {spec.describe()}",
            self.correction(spec, text),
            score=max(0.0, (want - len(off)) / want * 0.99),
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, AnswerTemplate)
        number, model, line = _misfits(spec, text)[0]
        said = (
            f"your line {number} is {line[:60]!r}" if line else f"your answer has no line {number}"
        )
        wanted = f"it should fill {model!r}" if model else "the template has no such line"
        template = "\n".join(spec.template.splitlines())
        return (
            f"Write the answer as exactly these lines, filling each free part and nothing "
            f"else:\n{template}\n({said}; {wanted}.)"
        )


ANSWER_TEMPLATE = _AnswerTemplate()
