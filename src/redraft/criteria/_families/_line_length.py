"""Line length: every non-empty line of the answer within a number of words
or characters ("keep each line under 40 characters", "no line longer than
8 words").

Measured exactly under stated definitions: a line is a line of the answer
holding anything but whitespace (blank lines are not lines here, as in the
line count); its words are whitespace-separated tokens holding a letter or
a digit (a bullet's ``-`` is not a word, ``don't`` is one); its characters
are its Unicode code points, trailing whitespace left out and indentation
kept (an emoji built of several code points counts as several, a stated
approximation of what a reader sees as one). Read from "each line must be
under 40 characters", "keep every line to at most 8 words", "no line
longer than 60 characters", "lines of no more than 12 words", "at most 50
characters per line", "a maximum line length of 72 characters"; not from
the lines of one part ("each line of the table", "the first line"), from
lines of code (a prompt about code: its prose lines are not the ones
meant), nor where the clause is hedged, negated or hypothetical. An empty
answer meets "at most" (no line is too long) and fails "at least" and
"exactly" (no line has the length asked for).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import ValidationError

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilyCount, every_unit_outcome
from redraft.criteria._families._rewrap import REWRAP
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._measure import words
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import (
    THING,
    Hit,
    Rule,
    Sentence,
    response_context,
    sentence_blocked,
)
from redraft.criteria._spec_base import Relation, relation_words

__all__ = ["LINE_LENGTH", "LineLength"]

_SHOWN = 3
LengthUnit = Literal["words", "characters"]


class LineLength(FamilyCount):
    """Every non-empty line has ``relation value`` words or characters
    (``length_in``), each line compared on its own."""

    kind: Literal["line_length"] = "line_length"
    length_in: LengthUnit = "characters"

    def describe(self) -> str:
        noun = self.length_in[:-1] if self.value == 1 else self.length_in
        return f"every line has {relation_words(self.relation)} {self.value} {noun}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.length_in, self.relation)


def lines_of(text: str) -> list[str]:
    """The answer's non-empty lines, trailing whitespace taken off."""
    return [line.rstrip() for line in text.splitlines() if line.strip()]


def length(spec: LineLength, line: str) -> int:
    return len(words(line)) if spec.length_in == "words" else len(line)


def _off(spec: LineLength, text: str) -> list[tuple[str, int]]:
    """The lines that break the rule, with their lengths, in order."""
    found = ((line, length(spec, line)) for line in lines_of(text))
    return [(line, n) for line, n in found if not spec.holds(n)]


def _quoted(line: str) -> str:
    return repr(line if len(line) <= 50 else line[:47] + "…")


_UNITS = r"(?P<unit>characters?|chars?|words?)(?:\s+long|\s+in\s+length)?"
_LINE_OF = rf"(?:\s+(?:of|in)\s+(?:your|the)\s+(?:entire\s+|whole\s+)?{THING})?"
_EVERY_LINE = rf"(?:each|every|all(?:\s+(?:of\s+)?(?:the|your))?|any)\s+lines?{_LINE_OF}"
_MODAL = (
    r"(?:should|must|shall|will|need\s+to|needs\s+to|has\s+to|have\s+to|is\s+to|are\s+to|"
    r"may|can|cannot|can't)"
)
_AMOUNT = (
    rf"(?:(?P<rel>{RELATION})\s+(?P<n>{NUMBER})\s+{_UNITS}|"
    # "each line 32 characters or fewer", "every line has between 4 and 8 words"
    rf"(?P<capped>{NUMBER})\s+(?P<unitc>characters?|chars?|words?)\s+or\s+(?:fewer|less)\b|"
    rf"between\s+(?P<low>{NUMBER})\s+and\s+(?P<high>{NUMBER})\s+(?P<unitb>characters?|chars?|words?))"
)
_OVER = (
    r"(?:be\s+longer\s+than|be\s+more\s+than|be\s+over|go\s+over|run\s+over|run\s+longer\s+than|"
    r"exceed|exceeds|have\s+more\s+than|has\s+more\s+than|contain\s+more\s+than|"
    r"contains\s+more\s+than|longer\s+than|more\s+than|over|exceeding|above)"
)
_PATTERNS = [
    # "Each line must be under 40 characters", "every line should have at most 8 words"
    compile_lazily(
        rf"\b{_EVERY_LINE}\s+(?:{_MODAL}\s+)?(?:(?:be|stay|remain|contains?|has|have|holds?|uses?|runs?|is)\s+)?"
        rf"(?:kept\s+)?(?:to\s+)?{_AMOUNT}"
    ),
    # "Keep each line under 40 characters", "limit every line to 8 words"
    compile_lazily(
        rf"\b(?:keep|limit|cap|restrict|hold)\s+{_EVERY_LINE}\s+(?:(?P<to>to)\s+|at\s+)?"
        rf"(?:(?P<rel2>{RELATION})\s+)?(?P<n2>{NUMBER})\s+(?P<unit2>characters?|chars?|words?)"
        r"(?:\s+long|\s+or\s+(?P<less>less|fewer))?"
    ),
    # "No line longer than 8 words", "no line should exceed 40 characters"
    compile_lazily(
        rf"\bno\s+lines?{_LINE_OF}\s+(?:{_MODAL}\s+)?{_OVER}\s+(?P<over>{NUMBER})\s+{_UNITS}"
    ),
    # "at most 50 characters per line", "no more than 8 words in each line"
    compile_lazily(rf"\b{_AMOUNT}\s+(?:per|in\s+each|in\s+every|on\s+each|on\s+any)\s+line\b"),
    # "one word per line", "exactly 5 words on each line": a count of words, exact
    compile_lazily(
        rf"\b(?:(?P<exact>exactly|precisely)\s+)?(?P<words>{NUMBER})\s+(?P<wunit>words?)\s+"
        r"(?:per|on\s+each|on\s+every|in\s+each|in\s+every)\s+line\b"
        r"(?!\s*(?:max|maximum|min|minimum|at\s+most|at\s+least|or\s+(?:less|fewer|more)|tops|"
        r"on\s+average|average)\b)"
    ),
    # "lines of no more than 12 words", "use lines under 40 characters"
    compile_lazily(
        rf"\b(?:in|with|use|using|write|wrap\s+(?:it|the\s+text)\s+(?:in|at))\s+(?:short\s+)?"
        r"lines\s+(?:of\s+|that\s+are\s+)?"
        rf"(?:{_AMOUNT})?"
    ),
    # "a maximum line length of 72 characters", "line length: at most 60 characters"
    compile_lazily(
        rf"\b(?:(?:a\s+|the\s+)?(?:max(?:imum)?|limit(?:ed)?)\s+line\s+(?:length|width)\s+"
        rf"(?:of\s+|is\s+|:\s*)?(?P<max>{NUMBER})\s+(?P<unitm>characters?|chars?|words?)|line\s+(?:length|width)\s*(?:of|:)?\s+"
        rf"{_AMOUNT})"
    ),
]
# Lines of code are what a prompt about code means, not the prose around it.
_CODE = compile_lazily(
    r"\b(?:code|script|program|function|snippet|class|python|javascript|typescript|java|"
    r"sql|bash|shell|css|html|rust|golang|c\+\+|pep\s*8|linter|formatter)\b"
)
# What follows the unit that makes it about something else ("… of code").
_AFTER = compile_lazily(r"^\s*(?:of|in|for|from|per\s+(?!line))\b(?!\s+(?:length|total|all)\b)")


# "the Apollo program", "the Erasmus program": a named programme, not code
_NAMED_PROGRAM = compile_lazily(r"(?<![.!?:]\s)(?<!^)\b[A-Z][a-z]+\s+program\b")


@functools.lru_cache(maxsize=4)
def _about_code(whole: str) -> bool:
    # not "a Python program": the name is a language's
    text = _NAMED_PROGRAM.sub(
        lambda m: m.group(0) if _CODE.search(m.group(0).lower()[:-7]) else " ", whole
    )
    return _CODE.search(text.lower()) is not None


# the groups that state one bound: "no line over 8 words", "one word per
# line" (exact), "a maximum line length of 72", "each line 32 characters or fewer"
_SINGLE_BOUNDS: tuple[tuple[str, Relation], ...] = (
    ("over", "at_most"),
    ("words", "exactly"),
    ("max", "at_most"),
    ("capped", "at_most"),
)


def _read(match: re.Match[str]) -> list[tuple[Relation, int, LengthUnit]]:
    found = {k: v for k, v in match.groupdict().items() if v}
    unit = next(
        (found[k] for k in ("unit", "unit2", "unitm", "wunit", "unitc", "unitb") if k in found), ""
    )
    length_in: LengthUnit = "words" if unit.startswith("word") else "characters"
    if "low" in found:
        low, high = number_value(found["low"]), number_value(found["high"])
        if low is None or high is None or low >= high:
            return []
        return [("at_least", low, length_in), ("at_most", high, length_in)]
    for key, relation in _SINGLE_BOUNDS:
        if key in found:
            value = number_value(found[key])
            unit_of: LengthUnit = "words" if key == "words" else length_in
            return [] if value is None else [(relation, value, unit_of)]
    number = found.get("n") or found.get("n2")
    if number is None:
        return []
    value = number_value(number)
    if value is None:
        return []
    rel = found.get("rel") or found.get("rel2")
    if rel is None:
        # "limit each line to 50 characters", "… 10 words or fewer": a cap
        return [("at_most", value, length_in)] if "less" in found or "to" in found else []
    relation, adjust = relation_of(rel)
    return [(relation, value + adjust, length_in)]


# "a poem in which every line …", "a poem about rain where each line …": the
# clause describes the thing asked for.
_DESCRIBED = compile_lazily(
    rf"\b{THING}(?:\s+(?:about|on)(?:\s+(?!each\b|every\b)[\w'-]+){{1,4}}?)?\s+"
    r"(?P<joint>in\s+which|where|whose|such\s+that)\s+$"
)


def _required(sentence: Sentence, start: int) -> bool:
    text = sentence.lower
    owns = text.startswith("no ", start)
    if response_context(sentence, start, owns_negation=owns):
        return True
    described = _DESCRIBED.search(text[:start])
    if described is not None and response_context(sentence, described.start("joint")):
        return True
    return _own_clause(sentence, start)


# "Each card max 2 lines, each line max 37 characters", "…, and each line
# should be no more than 6 words", "…, between 6 and 10 lines, no line over 80
# characters": a rule of every line that opens a clause of its own in a list
# of requirements is read as that clause alone would be
_LINE_SUBJECT = compile_lazily(r"(?:each|every|any|no)\s+lines?\b")
_CLAUSE_OPENED = compile_lazily(r"(?:[,;]\s*(?:and\s+)?|\s[—–-]\s*|\s+and\s+)$")
# what the sentence before the clause may not do: describe lines that are
# there ("my poem has …, and each line is …"), hand over a text of its own
_DESCRIBES = compile_lazily(
    r"\b(?:has|had|have|was|were|contains|contained|i|we|you've|i've|we've|below|above|"
    r"attached|pasted|quoted|given|provided)\b|"
    rf"\b(?:my|our|his|their|this|these|those|the\s+(?:following|attached|pasted|given))\s+"
    rf"(?:[\w-]+\s+){{0,2}}?(?:{THING}|lines|text|draft|passage|paragraph|lyrics)s?\b"
)
_POLITE = compile_lazily(r"^\s*(?:please\s+)?(?:can|could|would|will)\s+you\b")


def _own_clause(sentence: Sentence, start: int) -> bool:
    text = sentence.lower
    prefix = text[:start]
    if not _LINE_SUBJECT.match(text, start) or not _CLAUSE_OPENED.search(prefix):
        return False
    if sentence_blocked(sentence, start) or _DESCRIBES.search(prefix):
        return False
    if text.rstrip().endswith("?") and not _POLITE.match(text):
        return False
    clause = sentence.rest(start)
    return response_context(clause, 0, owns_negation=text.startswith("no ", start))


def line_lengths(sentence: Sentence) -> Iterator[Hit]:
    """ "Keep each line under 40 characters", "no line longer than 8 words"."""
    text = sentence.lower
    if "line" not in text or _about_code(sentence.whole):
        return
    taken: list[tuple[int, int]] = []
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            if any(match.start() < b and a < match.end() for a, b in taken):
                continue
            read = _read(match)
            if not read:
                continue
            if _AFTER.match(text[match.end() :]):
                continue
            if not _required(sentence, match.start()):
                continue
            try:
                specs = [LineLength(relation=r, value=v, length_in=u) for r, v, u in read]
            except ValidationError:
                continue
            taken.append(match.span())
            for spec in specs:
                yield Hit(spec, *match.span())


class _LineLength(Family):
    name = "line_length"
    specs = (LineLength,)
    rules: ClassVar[tuple[Rule, ...]] = (line_lengths,)
    edits: ClassVar[tuple[RepairOp, ...]] = (REWRAP,)

    def repair(self, spec: Any) -> dict[str, Any] | None:
        """At most a length: long lines are broken at spaces (:mod:`._rewrap`);
        lengthening a line is the redraft's."""
        assert isinstance(spec, LineLength)
        if spec.relation != "at_most":
            return None
        return {"op": "rewrap_lines", "limit": spec.value, "length_in": spec.length_in}

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, LineLength)
        lines = lines_of(text)
        off = _off(spec, text)
        data: dict[str, Any] = {
            "lines": len(lines),
            "off": len(off),
            "found": [line[:80] for line, _ in off[:_SHOWN]],
            "lengths": [n for _, n in off[:_SHOWN]],
        }
        return every_unit_outcome(
            self, spec, text, unit="lines", total=len(lines), off=len(off), data=data
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, LineLength)
        lines, off = lines_of(text), _off(spec, text)
        want = f"{relation_words(spec.relation)} {spec.value} {spec.length_in}"
        if not lines:
            return f"Your answer is empty. Write it in lines of {want} each."
        worst_line, worst = max(off, key=lambda p: abs(p[1] - spec.value))
        which = f"{len(off)} of your {len(lines)} lines break"
        shown = f"one has {worst} {spec.length_in}: {_quoted(worst_line)}"
        if worst > spec.value:
            fix = "Shorten them or break them into more lines"
        else:
            fix = "Lengthen them or join short lines"
        count = "count them" if spec.length_in == "words" else "spaces count"
        return f"{which} the rule ({shown}). {fix}, so every line has {want} ({count})."


LINE_LENGTH = _LineLength()
