"""One line in a template: the first, the last or some line of the answer
fills a short template with typed holes ("end with a line 'Answer: X'
where X is A-D", "'Rating: N/5' on the final line", "the first line is
'Subject: …'", "include a line 'Serves: N'").

The spec's template is literal text with holes written ``<number>`` (a
number: digits, an optional sign, thousands commas and a decimal part),
``<text>`` (any text, not empty) and ``<one of A B C D>`` (one of the listed
tokens). The request's own spelling is read into those holes: ``N``,
``<number>``, ``[amount]`` are a number; ``X`` before ``/5`` is a number;
``X``, ``…``, ``<value>``, ``[name]`` are text; ``X`` with "where X is A-D"
(or ``[A-D]``) is one of the letters. A template with a hole glued to a unit
("Xh Ym") or no literal part is not read, and a bare letter is a hole only
in a template with a label mark (``:``, ``=``, ``#``, ``/5``): in "X marks
the spot" it is the letter.

Measured exactly under stated definitions: a line is a non-empty line of
the answer, whitespace around it aside; ``first`` and ``last`` are the
first and last such line, ``any`` is met by one of them. The line fills the
template when, bold markers (``**``, ``__``) taken off, it matches whole,
its literal words compared without regard to case and the whitespace
between words and marks free. An empty answer fails. No repair: the value to write
needs the writer.

Not read where the clause is hedged, negated or a question, from a template
given as an example to vary ("something like 'Name: …' but feel free"),
nor from a template inside material to process.
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
from redraft.criteria._sentences import (
    MASK,
    NEGATION,
    Hit,
    Rule,
    Sentence,
    clause_start,
    sentence_blocked,
)

__all__ = ["LINE_TEMPLATE", "LineTemplate", "read_template"]

Which = Literal["first", "last", "any"]

_HOLE = compile_lazily(r"<number>|<text>|<one of (?P<set>[^<>]{1,40})>")
_NUMBER = r"[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:[.,]\d+)?"


class LineTemplate(FamilySpec):
    """The ``line`` line of the answer (``first``, ``last``, or ``any`` one)
    fills ``template``."""

    kind: Literal["line_template"] = "line_template"
    template: str = Field(min_length=3, max_length=160)
    line: Which = "last"

    @field_validator("template")
    @classmethod
    def _readable(cls, value: str) -> str:
        if "\n" in value:
            raise ValueError("a line template is one line")
        if not _HOLE.search(value):
            raise ValueError("the template has no hole (<number>, <text>, <one of A B>)")
        if not re.search(r"[^\W_]|[^\w\s]", _HOLE.sub("", value)):
            raise ValueError("the template has no literal part to check")
        return " ".join(value.split())

    def describe(self) -> str:
        where = {"first": "the first line", "last": "the last line", "any": "a line"}[self.line]
        return f"{where} reads {self.template!r}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.line, self.template)


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts: list[str] = []
    at = 0
    for match in _HOLE.finditer(template):
        parts.append(_literal(template[at : match.start()]))
        if match["set"]:
            options = "|".join(re.escape(o) for o in sorted(match["set"].split(), key=len)[::-1])
            parts.append(rf"(?-i:{options})")
        elif match[0] == "<number>":
            parts.append(_NUMBER)
        else:
            parts.append(r"\S(?:.*?\S)?")
        at = match.end()
    parts.append(_literal(template[at:]))
    return compile_lazily(r"\s*" + "".join(parts) + r"\s*", re.IGNORECASE)


def _literal(text: str) -> str:
    # whitespace is free between words and around marks ("4 / 5" fills "<number>/5")
    pieces = [re.escape(piece) for piece in re.findall(r"\w+|[^\w\s]", text)]
    return r"\s*" + r"\s*".join(pieces) + r"\s*" if pieces else r"\s*"


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def _fills(template: str, line: str) -> bool:
    plain = line.replace("**", "").replace("__", "")
    return _pattern(template).fullmatch(plain) is not None


def _candidates(spec: LineTemplate, text: str) -> list[str]:
    lines = _lines(text)
    if not lines:
        return []
    return {"first": lines[:1], "last": lines[-1:], "any": lines}[spec.line]


# -- reading the request's template ---------------------------------------------

_BRACKETED = compile_lazily(r"<([^<>\n]{1,30})>|\[([^\[\]\n]{1,30})\]|\{([^{}\n]{1,30})\}")
_NUMBERISH = compile_lazily(
    r"(?i)n|#|num|amount|count|total|score|integer|int|digits?|year|rating|"
    r"(?:whole |positive )?number(?: of \w+)?|\w+ count"
)
_RANGE = compile_lazily(r"(?i)\s*([a-z])\s*(?:-|–|—|to)\s*([a-z])\s*")
_WHERE = compile_lazily(
    r"(?i)\bwhere\s+(?P<v>[A-Z])\s+is\s+(?:one\s+of\s+|a\s+letter\s+(?:from\s+)?)?"
    r"(?:\(?\s*)(?P<a>[A-Za-z])\s*(?:-|–|—|to|through)\s*(?P<b>[A-Za-z])\b"
)
_BARE = compile_lazily(r"(?<![A-Za-z0-9])(?P<v>[NXYZ])(?![A-Za-z0-9])")
_LABELLED = compile_lazily(r"[:=#]|/\s*\d")
_GLUED = compile_lazily(r"(?<![A-Za-z])[NXYZ](?=[a-z]{1,3}\b)")


def _letters(a: str, b: str) -> str | None:
    lo, hi = ord(a), ord(b)
    if a.isupper() != b.isupper() or not 2 <= hi - lo + 1 <= 8:
        return None
    return "<one of " + " ".join(chr(c) for c in range(lo, hi + 1)) + ">"


def read_template(raw: str, context: str = "") -> str | None:
    """The template ``raw`` (as the request spells it) in the spec's holes,
    or None where it is not one template line with holes. ``context`` is
    the request's text after it ("where X is A-D")."""
    text = " ".join(raw.split())
    if not text or len(text) > 120 or _GLUED.search(text) or "|" in text:
        return None
    where = _WHERE.search(context)
    holes: list[str] = []

    def bracketed(match: re.Match[str]) -> str:
        inner = (match[1] or match[2] or match[3]).strip()
        span = _RANGE.fullmatch(inner)
        hole = _letters(span[1], span[2]) if span else None
        if hole is None:
            hole = "<number>" if _NUMBERISH.fullmatch(inner) else "<text>"
        holes.append(hole)
        return f"\x00{len(holes) - 1}\x00"

    def bare(match: re.Match[str]) -> str:
        after = text[match.end() : match.end() + 3]
        if where and where["v"] == match["v"]:
            hole = _letters(where["a"], where["b"]) or "<text>"
        elif match["v"] == "N" or re.match(r"\s*/\s*\d|%", after):
            hole = "<number>"
        else:
            hole = "<text>"
        holes.append(hole)
        return f"\x00{len(holes) - 1}\x00"

    def ellipsis(_match: re.Match[str]) -> str:
        holes.append("<text>")
        return f"\x00{len(holes) - 1}\x00"

    text = _BRACKETED.sub(bracketed, text)
    text = re.sub(r"…|\.\.\.", ellipsis, text)
    if _LABELLED.search(text):
        # a bare letter is a hole only after a label ("Final: N", "Score = X/5"):
        # in "X marks the spot" it is the letter itself
        text = _BARE.sub(bare, text)
    if not holes or len(holes) > 3:
        return None
    out = re.sub(r"\x00(\d+)\x00", lambda m: holes[int(m[1])], text)
    try:
        return LineTemplate(template=out).template
    except ValueError:
        return None


# -- phrasing -------------------------------------------------------------------

_Q = rf"(?P<q>[\"'`“‘]{MASK}+[\"'`”’])"
_LAST = r"(?:very\s+)?(?:final|last)"
_AS = (
    r"(?:as|like|reading|saying|that\s+(?:reads|says)|in\s+the\s+(?:form|format)(?:\s+of)?|"
    r"formatted\s+as|written\s+as|of\s+the\s+form|:)\s*"
)
_BE = r"(?:(?:must|should|shall|has\s+to|needs\s+to|will)\s+(?:be|read|say)|is|reads|says|:)\s*"
_RESP = r"(?:(?:your|the)\s+(?:answer|response|reply|output|message)\s+|it\s+)?"
_A_LINE = r"(?:a|the|one)\s+(?:(?:single|separate|short)\s+)?line"
_PATTERNS: list[tuple[Which, re.Pattern[str]]] = [
    (
        "last",
        compile_lazily(
            rf"\b(?:end|finish|close|conclude|wrap\s+up)\s+{_RESP}with\s+(?:a|the|one)\s+"
            rf"(?:(?:final|last|closing|separate|single)\s+)?line\s+(?:{_AS})?{_Q}"
        ),
    ),
    ("last", compile_lazily(rf"\bon\s+(?:the|a|its\s+own|your)\s+{_LAST}\s+line\s+{_AS}{_Q}")),
    ("last", compile_lazily(rf"{_Q}\s+(?:on|as)\s+(?:the|your|a|its\s+own)\s+{_LAST}\s+line\b")),
    ("last", compile_lazily(rf"\b(?:the|your)\s+{_LAST}\s+line\s+{_BE}{_Q}")),
    (
        "last",
        compile_lazily(
            rf"\bon\s+(?:the|your)\s+{_LAST}\s+line,?\s+(?:write|put|give|add|state|print)\s+{_Q}"
        ),
    ),
    # "Termine con una línea 'Respuesta: X'", "Terminez par une ligne …", "Ende mit einer Zeile …"
    (
        "last",
        compile_lazily(
            rf"\b(?:termin[ea]z?|finis(?:sez|s)?|acaba|ende|beende)\s+(?:par|avec|con|mit)\s+"
            rf"(?:une|una|einer)\s+(?:ligne|línea|linea|zeile)\s+{_Q}"
        ),
    ),
    ("last", compile_lazily(rf"\bon\s+its\s+own\s+line\s+at\s+the\s+(?:very\s+)?end\s+{_AS}{_Q}")),
    # "then a final line reading 'Lie: X'", "a closing line as 'Total: N'"
    (
        "last",
        compile_lazily(
            rf"\b(?:then|plus)\s+(?:a|the)\s+(?:{_LAST}|closing)\s+line\s+"
            rf"(?:{_AS.replace(':)', ')')})\s*{_Q}"
        ),
    ),
    (
        "last",
        compile_lazily(rf"\b(?:put|write|add)\s+{_Q}\s+on\s+its\s+own\s+line\s+at\s+the\s+end\b"),
    ),
    (
        "first",
        compile_lazily(rf"\b(?:start|begin|open)\s+{_RESP}with\s+{_A_LINE}\s+(?:{_AS})?{_Q}"),
    ),
    ("first", compile_lazily(rf"\b(?:the|your)\s+(?:very\s+)?first\s+line\s+{_BE}{_Q}")),
    ("first", compile_lazily(rf"{_Q}\s+(?:on|as)\s+(?:the|your)\s+(?:very\s+)?first\s+line\b")),
    ("any", compile_lazily(rf"\b(?:include|add|have)\s+{_A_LINE}\s+(?:{_AS})?{_Q}")),
    ("any", compile_lazily(rf"\b(?:include|add|with)\s+an?\s+{_Q}\s+line\b")),
]
# "a final line starting with 'Answers:'", "put your pick on a final sixth
# line starting with 'Pick: '": a label opens the last line, text follows it.
# "then a final line starting 'Root cause:'", "then a final line 'Bonus: ' with a caption"
_LAST_LABEL = compile_lazily(
    rf"\b(?:a|the)\s+{_LAST}\s+(?:[a-z]+th\s+)?line\s+"
    rf"(?:(?:starting|beginning|opening)(?:\s+with)?\s+)?{_Q}"
)
_EACH_HAS = compile_lazily(
    r"\b(?:each|every)\s+(?!line\b)[a-z]+\s+(?:has|have|gets?|needs?|ends?)\b"
)
# A template shown as an example to vary, or one of several.
_LOOSE = compile_lazily(
    r"\b(?:feel\s+free|something\s+like|or\s+similar|or\s+so|roughly|more\s+or\s+less|"
    r"for\s+example|for\s+instance|e\.g\.|such\s+as|variation|vary|adapt|your\s+own\s+words)\b"
)
_LINE_WORD = compile_lazily(r"line|ligne|l[íi]nea|zeile")
_AFTER = compile_lazily(r"^\s*(?:or|and\/or)\b|^\s*/")


# An imperative that opens the sentence: "Show the score on the last line as …".
_OPENS = compile_lazily(
    r"^\s*(?:please\s+)?(?:show|put|write|give|display|state|print|add|place|report|include|"
    r"provide|create|answer|solve|end|finish|close|"
    r"termin\w*|finis\w*|acaba|ende|beende)\b"
)


# The last line named by where it goes, after another verb's request: "…, and
# rate it out of 10 on the final line as 'Score: N/10'", "…, then a final
# line reading 'Lie: X'". The sentence is the request; the place is the answer's.
_PLACEMENT = compile_lazily(
    rf"(?:on\s+(?:the|a|its\s+own|your)\s+{_LAST}\s+line|(?:then\s+)?(?:a|the)\s+{_LAST}\s+"
    r"(?:[a-z]+th\s+)?line)\b"
)

# "My draft ends on the final line as …", "Each story has a final line …": a
# statement about some text, or about each of several things
_STATES = compile_lazily(r"^\s*(?:my|our|his|her|their|this|that|these|those|the|it|each|every)\b")


def _asked(sentence: Sentence, start: int) -> bool:
    if required(sentence, start):
        return True
    text = sentence.lower
    if asks_about(sentence, start) or sentence_blocked(sentence, start):
        return False
    if _PLACEMENT.match(text, start) and required(sentence, 0) and not _STATES.match(text):
        return not NEGATION.search(text[clause_start(text, start) : start])
    return _OPENS.match(text) is not None and not NEGATION.search(text[:start])


def line_templates(sentence: Sentence) -> Iterator[Hit]:
    """ "End with a line 'Answer: X' where X is A-D", "the first line is 'Subject: …'"."""
    text = sentence.lower
    if not _LINE_WORD.search(text) or _LOOSE.search(text):
        return
    for which, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            if _AFTER.match(text[match.end() :]) or not _asked(sentence, match.start()):
                continue
            raw = sentence.unmask(*match.span("q")).strip()[1:-1]
            template = read_template(raw, sentence.original[match.end() :])
            if template is None:
                continue
            yield Hit(LineTemplate(template=template, line=which), *match.span())
            return
    for match in _LAST_LABEL.finditer(text):
        raw = sentence.unmask(*match.span("q")).strip()[1:-1].strip()
        if not re.fullmatch(r"[A-Za-z][\w ]{0,30}:", raw) or _AFTER.match(text[match.end() :]):
            continue  # a label only: "starting with 'So'" may end the line there
        if re.search(r"\b[NXYZ]\b", raw):
            continue  # "a final line starting 'Step N:'": a hole in the label, not a label
        if _EACH_HAS.search(text, 0, match.start()):
            continue  # "each story has a final line 'Moral:'": each of several things' last line
        if _asked(sentence, match.start()):
            yield Hit(LineTemplate(template=f"{raw} <text>", line="last"), *match.span())
            return


class _LineTemplate(Family):
    name = "line template"
    specs = (LineTemplate,)
    rules: ClassVar[tuple[Rule, ...]] = (line_templates,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, LineTemplate)
        lines = _candidates(spec, text)
        met = [line for line in lines if _fills(spec.template, line)]
        data: dict[str, Any] = {"lines": len(lines), "found": [line[:80] for line in lines[-1:]]}
        if met:
            return Outcome(True, f"{spec.describe()}, as required", data=data)
        if not lines:
            reason = f"the answer is empty; required: {spec.describe()}"
        elif spec.line == "any":
            reason = f"no line of the answer fills {spec.template!r}"
        else:
            reason = f"the {spec.line} line is {lines[0][:60]!r}; required: {spec.describe()}"
        return Outcome(False, reason, self.correction(spec, text), data=data)

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, LineTemplate)
        shown = _HOLE.sub(_human, spec.template)
        where = {
            "first": "Make the first line of your answer",
            "last": "Make the last line of your answer",
            "any": "Include a line of its own, written",
        }[spec.line]
        return (
            f"{where} exactly {shown!r}, filling each part in capitals as described, "
            "with nothing else on that line."
        )


def _human(match: re.Match[str]) -> str:
    if match["set"]:
        return "ONE OF " + "/".join(match["set"].split())
    return "A NUMBER" if match[0] == "<number>" else "TEXT"


LINE_TEMPLATE = _LineTemplate()
