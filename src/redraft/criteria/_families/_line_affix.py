"""Line markers: every line of the answer starts, or ends, with a stated
marker ("start every line with '>> '", "end each line with a semicolon",
"each line must begin with '* '").

Measured exactly under stated definitions: a line is a line of the answer
holding anything but whitespace (blank lines are not lines here); it starts
with the marker when, its indentation taken off, it opens with the marker's
text, and ends with it when, trailing whitespace taken off, it closes with
it. The marker is compared case for case, its surrounding whitespace left
out (a stated approximation: "'>> '" is met by ">>x" as by ">> x"). An
empty answer fails. Read from "start every line with '>> '", "begin each
line with '- '", "prefix every line with '#'", "every line must end with a
semicolon", "each line ending with '!'", "every line starts with the word
'Maybe'", "put each on a new line starting with '- '" (one thing a line:
every line), with the marker quoted or named (a
semicolon, a colon, a period, an exclamation mark, a question mark, a
comma, a dash, an asterisk, a pipe). Quoted markers joined by "or"
("every line starts with either 'BARISTA:' or 'CUSTOMER:'", "each line must
begin with 'R:', 'J:' or 'M:'") are alternatives: each line opens with one
of them (a dialogue's speakers); markers joined by "and" are not read
(both in each entry, or one each: the sentence does not say), nor
templates ("'Step N:'", "'Name:' followed by …"), one line ("the
first line"), lines of code, nor where the clause is hedged, negated or a
question. The repair puts the marker and a space at the start of every
line without it (only for one marker: which of several a line needs is
the model's to choose); a missing end marker is left to the model (appending it
after the line's own punctuation needs judgement).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._parts import parts_of
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import (
    MASK,
    NEGATION,
    Hit,
    Rule,
    Sentence,
    lowered,
    response_context,
    searched,
    sentence_blocked,
    templated,
)

__all__ = ["EachLine", "LINE_AFFIX", "prefix_lines"]

_SHOWN = 3
Position = Literal["start", "end"]


class EachLine(FamilySpec):
    """Every non-empty line starts (``position="start"``) or ends with
    ``phrase`` or, where given, one of ``alternatives``."""

    kind: Literal["each_line"] = "each_line"
    position: Position
    phrase: str = Field(min_length=1, max_length=40, pattern=r"\S")
    alternatives: tuple[str, ...] = Field(default=(), max_length=9)

    @field_validator("alternatives")
    @classmethod
    def _readable(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if not all(p.strip() and len(p) <= 40 for p in value):
            raise ValueError("an alternative marker holds 1 to 40 characters, not only whitespace")
        return value

    def markers(self) -> tuple[str, ...]:
        """The markers a line may carry, surrounding whitespace left out."""
        return tuple(m.strip() for m in (self.phrase, *self.alternatives))

    def shown(self) -> str:
        return " or ".join(repr(m) for m in self.markers())

    def describe(self) -> str:
        verb = "starts" if self.position == "start" else "ends"
        return f"every line {verb} with {self.shown()}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.position)


def _meets(spec: EachLine, line: str) -> bool:
    if spec.position == "start":
        return any(line.startswith(marker) for marker in spec.markers())
    return any(line.endswith(marker) for marker in spec.markers())


# A code fence's own line (```sql, ```) is markup around the lines, not one of them
_FENCE = compile_lazily(r"^(?:```|~~~)")


def _lines(text: str) -> list[str]:
    """The answer's lines, a code fence's own lines left out."""
    return [line for line in parts_of(text, "line") if not _FENCE.match(line)]


def prefix_lines(text: str, params: Mapping[str, Any], _repairs: Sequence[Any]) -> str:
    """``text`` with ``params["phrase"]`` and a space opening every non-empty
    line that does not open with it (after its indentation)."""
    marker = str(params["phrase"]).strip()
    out: list[str] = []
    for line in text.splitlines(keepends=True):
        body = line.lstrip()
        if body.strip() and not body.startswith(marker) and not _FENCE.match(body):
            line = f"{line[: len(line) - len(body)]}{marker} {body}"
        out.append(line)
    return "".join(out)


_PREFIX = RepairOp(
    "prefix_lines", 600, prefix_lines, lambda p: f"every line started with {p['phrase']!r}"
)

# -- phrasing -------------------------------------------------------------------

_NAMED = {
    "semicolon": ";",
    "colon": ":",
    "period": ".",
    "full stop": ".",
    "exclamation mark": "!",
    "exclamation point": "!",
    "question mark": "?",
    "comma": ",",
    "dash": "-",
    "hyphen": "-",
    "asterisk": "*",
    "pipe": "|",
}
_PHRASE = (
    # "… with the word 'Maybe'", "… with the same word: 'Maybe'", "… with either 'A:' or …"
    r"(?:either\s+)?(?:the\s+(?:same\s+)?(?:word|phrase|marker|symbol|prefix)\s*:?\s*)?"
    rf"(?:(?P<q>[\"'`“‘]{MASK}+[\"'`”’])|an?\s+(?P<named>semicolon|colon|period|full\s+stop|"
    r"exclamation\s+"
    r"(?:mark|point)|question\s+mark|comma|dash|hyphen|asterisk|pipe)|"
    # "each line must start with the letter P"
    rf"the\s+(?:capital\s+)?letter\s+(?P<letter>[a-z]\b(?!['’-])|[\"'`“‘]{MASK}[\"'`”’]))"
)
_EVERY = r"(?:each|every|all(?:\s+(?:of\s+)?the)?|all\s+your)\s+(?:single\s+)?lines?"
_MODAL = r"(?:must|should|shall|will|has\s+to|have\s+to|needs?\s+to|is\s+to|are\s+to)\s+"
_PATTERNS = [
    # "Start every line with '>> '", "prefix each line with '#'"
    compile_lazily(
        rf"\b(?P<verb>start|begin|open|prefix|end|finish|close|terminate)\s+{_EVERY}\s+"
        rf"(?:of\s+(?:the|your)\s+(?:answer|response|reply|output)\s+)?with\s+{_PHRASE}"
    ),
    # "Every line must end with a semicolon", "each line starting with '-'", "every
    # line of dialogue must begin with …" (the dialogue asked, not one handed over)
    compile_lazily(
        rf"\b{_EVERY}\s+(?:of\s+(?:the\s+)?(?:dialogue|poem|song|script|verse|answer|response|"
        rf"reply|output)\s+)?(?:{_MODAL})?(?P<verb>starts?|begins?|opens?|ends?|finish(?:es)?|"
        rf"starting|beginning|opening|ending|finishing)\s+(?:with|in)\s+{_PHRASE}"
    ),
    # "Put each on a new line starting with '- '", "each slogan on its own line, starting
    # with '- '", "one per line, each beginning with '* '": one thing a line, so every line
    compile_lazily(
        r"\b(?:each(?:\s+[\w-]+)?\s+(?:on|in)\s+(?:its|a|their)\s+(?:own|new|separate)\s+line|"
        r"one\s+(?:per|a|each)\s+line)\s*,?\s*(?:(?:and\s+)?each\s+)?"
        rf"(?P<verb>starting|beginning|opening|prefixed)\s+(?:with|by)\s+{_PHRASE}"
    ),
    # "Put '>' at the start of each line", "use a semicolon at the end of every line"
    compile_lazily(
        rf"\b(?:put|place|use|add|write|have)\s+{_PHRASE}\s+at\s+the\s+(?:very\s+)?"
        # "… of each line of my poem below": another text's lines
        rf"(?P<verb>start|beginning|end)\s+of\s+{_EVERY}\b(?!\s+(?:of|in|or|and\s+(?:the\s+)?end)\b)"
    ),
]
_ENDS = ("end", "finish", "close", "terminate")
# One more quoted marker of a list of alternatives: ", 'J:'", " or 'J:'", ", or 'J:'"
_ANOTHER_MARKER = compile_lazily(
    rf"(?P<join>\s*,\s*(?:or\s+)?|\s+or\s+)(?P<q>[\"'`“‘]{MASK}+[\"'`”’])"
)
# What after the marker makes it one of several, or a template.
_AFTER = compile_lazily(r"^\s*(?:or|and|followed|then|plus|\+|/|,\s*(?:then|followed))\b|^\s*/")
_CODE = compile_lazily(
    r"\b(?:code|script|program|function|snippet|python|javascript|sql|bash|shell)\b"
)
# "Write an SQL comment header. Every line must begin with '-- '": the lines
# asked for are comments, each opening with the language's comment marker
_COMMENTS = compile_lazily(r"\bcomments?\b(?!\s+(?:on|about)\b)")
_COMMENT_MARKERS = frozenset({"--", "#", "//", ";", "%", "'", "rem", "*"})


def _code_lines(sentence: Sentence, marker: str) -> bool:
    """Whether the lines are lines of code, whose markers this does not read
    (a comment block's comment marker aside)."""
    whole = lowered(sentence.whole)
    if not searched(_CODE, whole):
        return False
    return not (marker.strip().lower() in _COMMENT_MARKERS and searched(_COMMENTS, whole))


def _marker(sentence: Sentence, match: re.Match[str]) -> str | None:
    if named := match.groupdict().get("named"):
        return _NAMED[" ".join(named.split())]
    if match.groupdict().get("letter"):
        # a line opens with a capital: "the letter p" is met by "Pizza"
        letter = sentence.unmask(*match.span("letter")).strip("\"'`“‘”’")
        return letter.upper() if letter.isalpha() else None
    quoted = sentence.unmask(*match.span("q")).strip()
    if len(quoted) < 3 or quoted[0] not in "\"'`“‘" or quoted[-1] not in "\"'`”’":
        return None
    inner = quoted[1:-1].strip()
    if not inner or templated(inner, sentence.original) or "…" in inner or "..." in inner:
        return None
    return inner


def _alternatives(sentence: Sentence, match: re.Match[str]) -> tuple[tuple[str, ...] | None, int]:
    """The quoted markers after the first that a line may carry instead, and
    where the list ends; None where the list is not one of alternatives (its
    last join is not "or", or a marker is not a plain quoted marker)."""
    if not match["q"]:
        return (), match.end()
    others: list[str] = []
    end, last_join = match.end(), ""
    while more := _ANOTHER_MARKER.match(sentence.lower, end):
        marker = _marker(sentence, more)
        if marker is None:
            return None, end
        others.append(marker)
        end, last_join = more.end(), more["join"]
    if others and "or" not in last_join.split():
        return None, end  # "'Q:', 'A:' …" left open, or a list the sentence goes on with
    return tuple(others), end


# "Write a short poem where every line starts with …": a clause describing
# the one thing asked for, which is the answer.
_WHERE_THING = compile_lazily(
    r"\s*(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:write|compose|create|"
    r"draft|craft|generate|produce|give\s+me)\s+(?:me\s+)?(?:a|an|one)\s+(?P<thing>[^.;:!?,\ue000]{0,60}?)"
    r"\s+(?:where|in\s+which|so\s+that|such\s+that)\s+"
)
# "… where every line rhymes with 'day' and every line starts with 'The'": a
# later clause joined to the first by "and", of the same lines
_AND_EVERY_LINE = compile_lazily(rf"{_EVERY}\b[^.;:!?]*?(?:,\s*|\s+)and\s+")
# "a poem like the one where …", "a reply to my poem where …": another thing's lines
_ANOTHER = compile_lazily(
    r"\b(?:like|one|as|similar|this|that|my|our|your|his|her|their|from|to)\b"
)


def _described(sentence: Sentence, start: int) -> bool:
    text = sentence.lower
    asked = _WHERE_THING.fullmatch(text, 0, start)
    if asked is None and (first := _WHERE_THING.match(text, 0, start)):
        joined = _AND_EVERY_LINE.fullmatch(text, first.end(), start)
        asked = first if joined and not NEGATION.search(text, first.end(), start) else None
    return (
        asked is not None
        and not _ANOTHER.search(asked["thing"])
        and not sentence_blocked(sentence, start)
        and not text.rstrip().endswith("?")
    )


def line_markers(sentence: Sentence) -> Iterator[Hit]:
    """ "Start every line with '>> '", "end each line with a semicolon"."""
    text = sentence.lower
    if "line" not in text:
        return
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            others, end = _alternatives(sentence, match)
            if others is None or _AFTER.match(text[end:]):
                continue
            if not (
                response_context(sentence, match.start()) or _described(sentence, match.start())
            ):
                continue
            marker = _marker(sentence, match)
            if marker is None or _code_lines(sentence, marker):
                continue
            position: Position = "end" if match["verb"].startswith(_ENDS) else "start"
            spec = EachLine(position=position, phrase=marker, alternatives=others)
            yield Hit(spec, match.start(), end)
            return


class _LineAffix(Family):
    name = "line_affix"
    specs = (EachLine,)
    rules: ClassVar[tuple[Rule, ...]] = (line_markers,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_PREFIX,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, EachLine)
        lines = _lines(text)
        off = [line for line in lines if not _meets(spec, line)]
        data: dict[str, Any] = {
            "lines": len(lines),
            "off": len(off),
            "found": [line[:80] for line in off[:_SHOWN]],
        }
        if not lines:
            reason = f"the answer has no lines; required: {spec.describe()}"
            return Outcome(False, reason, self.correction(spec, text), data=data)
        if not off:
            return Outcome(True, f"{spec.describe()}, as required", data=data)
        return Outcome(
            False,
            f"{len(off)} of {len(lines)} lines do not {spec.position} with "
            f"{spec.shown()}; required: {spec.describe()}",
            self.correction(spec, text),
            score=min(1 - len(off) / len(lines), 0.99),
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, EachLine)
        marker = spec.shown()
        lines = _lines(text)
        off = [line for line in lines if not _meets(spec, line)]
        verb = "Start" if spec.position == "start" else "End"
        if not lines:
            return f"Your answer is empty. {verb} every line with {marker}."
        shown = off[0] if len(off[0]) <= 50 else off[0][:47] + "…"
        return (
            f"{len(off)} of your {len(lines)} lines do not {spec.position} with {marker} "
            f"(such as {shown!r}). {verb} every line, blank lines aside, with {marker}."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, EachLine)
        if spec.position != "start" or spec.alternatives:
            return None
        return {"op": _PREFIX.name, "phrase": spec.phrase.strip()}


LINE_AFFIX = _LineAffix()
