"""Line count: the answer's non-empty lines.

Measured exactly: a line is a line of the answer holding anything but
whitespace (blank lines separate, they do not count; a fenced code block's
```` ``` ```` lines do). Read from "exactly 4 lines", "in 3 lines", "at most 5
lines", "between 3 and 5 lines" (two checks), "a 4-line poem", "6 lines
total", a criteria line "5 lines." and a writer's own words ("Four lines for
a picture book.", "a short poem (4 lines)"; :mod:`._lines_worded`); from
one thing a line ("give me 5 names, one per line"; :mod:`._lines_layout`)
and the things each line holds (:mod:`._line_sets`). "All on one line" and
"on a single line" are exactly one line; "each name on one line" is about
each name. A whole-answer count is refused where the prompt also asks for
lines beside the lines counted, a title, a postscript, an explanation or a
second part (:mod:`._lines_extra`). A fixed form ("write a haiku") compiles
the lines its form has, the form named in the check (:mod:`._poem_forms`):
its lines are only part of the form, so the check covers only part of its
clause (:meth:`LineCount.part_only`), which stays partial and goes to the
judge.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from pydantic import SerializerFunctionWrapHandler, model_serializer

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import CountFamily, FamilyCount, counted_hit
from redraft.criteria._families._lexical import required
from redraft.criteria._families._line_sets import (
    given_lines,
    letter_lines,
    named_pair_lines,
    translation_lines,
)
from redraft.criteria._families._lines_extra import extra_line, held_in_message
from redraft.criteria._families._lines_items import items_one_a_line
from redraft.criteria._families._lines_layout import layout_lines
from redraft.criteria._families._lines_listed import listed_lines
from redraft.criteria._families._lines_named import lines_named, template_lines
from redraft.criteria._families._lines_pasted import pasted_lines
from redraft.criteria._families._lines_per_thing import lines_per_thing
from redraft.criteria._families._lines_worded import PHRASES, SAID, opening_lines
from redraft.criteria._families._one_line import one_line
from redraft.criteria._families._poem_forms import FormName, poem_form
from redraft.criteria._families._spaced_lines import spaced_compound
from redraft.criteria._sentences import Hit, Rule, Sentence, sentence_blocked

__all__ = ["LINES", "LineCount"]


class LineCount(FamilyCount):
    """Non-empty lines of the answer (lines of only whitespace do not count)."""

    kind: Literal["line_count"] = "line_count"
    form: FormName | None = None
    """The fixed poem form the count came from ("write a haiku": 3 lines); the
    form asks for more than its lines, so the check is only a part of it."""
    unit: ClassVar[tuple[str, str]] = ("line", "lines")

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # a count stated outright dumps as it always has, without a form
        dumped: dict[str, Any] = handler(self)
        if dumped.get("form", "") is None:
            del dumped["form"]
        return dumped

    def describe(self) -> str:
        counted = super().describe()
        return f"{counted} (a {self.form} has {self.value})" if self.form else counted

    def part_only(self) -> bool:
        return self.form is not None or super().part_only()


# "all on one line", "on a single line": the whole answer is one line
_ONE_LINE = compile_lazily(
    r"\b(?:all\s+|everything\s+)?(?:on|in)\s+(?:a\s+single|one|just\s+one|only\s+one|1)\s+line\b"
    r"(?!\s*(?:each|apiece|per|of\s+its\s+own)\b)"
)
# "Reply with just the regex on one line": the one thing is the whole answer
# ("Only the regex on a single line, no slashes.": the verb left out)
_ONLY_THING = compile_lazily(
    r"(?:^|[,;:]\s*)(?:please\s+)?(?:(?:reply|respond|answer|return|output|print|give\s+me|give)\s+"
    r"(?:with\s+)?)?(?:just|only)\s+(?:the|a|an|your)\s+(?:[\w-]+\s+){1,2}$"
)
# "put each name on one line" (each name's), in the clause of the phrase:
# not "6 moves for each side, all on one line"
_OF_EACH = compile_lazily(r"\b(?:each|every|per|its|their)\b[^,;:]*$")
# "Give me the dates …, comma-separated on one line": the layout of the whole
# list asked for, one item of the request's list
_LIST_ITEM = compile_lazily(
    r"[,;]\s*(?:and\s+)?(?:(?:[\w-]+[-\s]separated|separated\s+by\s+\S{1,8}(?:\s+\S{1,8})?)\s+)?$"
)
_LIST_REQUEST = compile_lazily(
    r"^\s*(?:please\s+)?(?:give|list|write|print|output|return|show|provide|generate|make)\b"
)
_IF = compile_lazily(r"\b(?:if|unless)\b")


# Lines of what is said ("4 lines of dialogue") held by a larger thing named
# before them ("a story with …", "a scene including …")
_HELD_LINES = compile_lazily(
    r"\b(?!(?:it|them|one|this|that)\b)[a-z]+\s+(?:with|containing|including|featuring|"
    r"that\s+has|which\s+has)\s+(?:exactly\s+|only\s+|just\s+|at\s+(?:least|most)\s+)?"
    rf"[\w-]+\s+lines?\s+of\s+{SAID}\b"
)


def line_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Answer in exactly 3 lines", "a 12-line poem", "between 3 and 5 lines",
    "all on one line"."""
    # the lines the things named make, each reading guarding its own extra parts
    for read in (translation_lines, letter_lines, named_pair_lines):
        for count, start, end in read(sentence, required):
            yield Hit(LineCount(relation="exactly", value=count), start, end)
    for count, start, end in lines_named(sentence):
        # "Answer: first line …, second line …": the lines named, in order
        yield Hit(LineCount(relation="exactly", value=count), start, end)
    for count, start, end in template_lines(sentence):
        # "Format:\nName: <x>\nCity: <y>\nnothing else.": the template's lines
        yield Hit(LineCount(relation="exactly", value=count), start, end)
    if extra_line(sentence.whole):
        return
    for count, start, end in given_lines(sentence, required):
        yield Hit(LineCount(relation="exactly", value=count), start, end)
    for count, start, end in pasted_lines(sentence, required):
        # "Translate these terms, one per line" and eight terms pasted below: 8
        yield Hit(LineCount(relation="exactly", value=count), start, end)
    counted: list[tuple[int, int]] = []
    for found in PHRASES.read(sentence):
        if _HELD_LINES.search(sentence.lower, max(0, found.start - 40), found.end + 40):
            continue  # "a short story with 4 lines of dialogue": the story has more lines
        counted.append((found.start, found.end))
        yield from counted_hit(lambda r, v: LineCount(relation=r, value=v), found)
    for relation, value, start, end in listed_lines(sentence):
        # "write me a poem …, six lines, each line …": one item of a list
        if relation == "at_least" and not value:
            continue  # "0 to 6 lines" is at most 6
        if not any(start < b and a < end for a, b in counted):
            yield Hit(LineCount(relation=relation, value=value), start, end)
    laid_out = list(layout_lines(sentence, required))
    # "give me 5 names … one per line": as many lines as things; else the
    # things the item count reads, one a line ("Put each on a new line.");
    # not where they stand in a message of the answer's own words
    for count, start, end in (
        () if held_in_message(sentence.whole) else laid_out or items_one_a_line(sentence)
    ):
        yield Hit(LineCount(relation="exactly", value=count), start, end)
    for count, start, end in lines_per_thing(sentence, required):
        # "Four Sundays: … One line per Sunday", "One line per month, Jan to Dec"
        yield Hit(LineCount(relation="exactly", value=count), start, end)
    for count, start, end in opening_lines(sentence, required):
        yield Hit(LineCount(relation="exactly", value=count), start, end)
    yield from spaced_compound(sentence, LineCount)
    if form := poem_form(sentence):
        # "write a haiku": the lines its form has, the rest of the form left to the judge
        spec = LineCount(relation="exactly", value=form.lines, form=form.name)
        yield Hit(spec, form.start, form.end)
    for match in _ONE_LINE.finditer(sentence.lower):
        if _OF_EACH.search(sentence.lower, 0, match.start()):
            continue  # "put each name on one line" is about each name
        if (
            required(sentence, match.start())
            or _listed_layout(sentence, match.start())
            or (
                _ONLY_THING.search(sentence.lower, 0, match.start())
                and not sentence_blocked(sentence, match.start())
                and not _IF.search(sentence.lower)
            )
        ):
            yield Hit(LineCount(relation="exactly", value=1), *match.span())
    for start, end in one_line(sentence):
        # "Your reply must be a single line", "Use this template, one line, nothing else"
        yield Hit(LineCount(relation="exactly", value=1), start, end)


def _listed_layout(sentence: Sentence, start: int) -> bool:
    """ "List the dates …, comma-separated on one line": an item of the request."""
    return (
        _LIST_REQUEST.match(sentence.lower) is not None
        and _LIST_ITEM.search(sentence.lower, 0, start) is not None
        and not sentence_blocked(sentence, start)
        and not _IF.search(sentence.lower)
        and not sentence.lower.rstrip().endswith("?")
    )


class _Lines(CountFamily):
    name = "lines"
    specs = (LineCount,)
    rules: ClassVar[tuple[Rule, ...]] = (line_counts,)
    written_as = ", each on a line of its own"
    remove_verb = "Cut"
    remove_hint = " (join or drop lines; blank lines do not count)"

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return [line.strip() for line in text.splitlines() if line.strip()]


LINES = _Lines()
