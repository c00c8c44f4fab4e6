"""Line counts of the user's own things, each kept and laid out one a line.

The prompt hands over a set of things and asks for each of them back,
changed, one a line: the answer has as many lines as the things. The count
is read where it is exact:

- the things counted by the request: "Caption these three holiday photos.
  One caption per line" (3), "these 4 dates … one per line";
- the things pasted after the request, set off by a blank line, one a line
  ("Translate these terms …, one per line" and eight terms below) or as
  one line of short comma-separated things ("convert these …, one per line"
  and "7.40pm, 6.05am, …" below);
- the things listed after the layout's own colon, on its line: "One per
  line, same order: 15:05, 00:30, 12:00" (a block of lines below the
  request's colon is read by :func:`._line_sets.given_lines`).

Every thing must be kept: the request converts, translates, sorts,
reformats or captions them (not "pick the best", "remove duplicates",
"which of these", "only those after 2020"); where the request counts the
things and the paste does too, they must agree. Each thing's own line
("one line per expense") is read so only where the things are those the
line holds. The layout must be stated outright (not hedged, conditional,
asked as a question, nor refused). The reading gives ``(value, start,
end)`` offsets in the sentence; the line-count family (:mod:`._lines`)
makes them checks, having refused prompts that ask for lines beside these.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import NEGATION, Sentence, sentence_blocked

__all__ = ["layout_stated", "pasted_lines"]

Required = Callable[[Sentence, int], bool]

# One thing a line: "one per line", "one caption per line", "one line each",
# "each on its own line" (not "one field per line": a template's fields)
_LAYOUT = compile_lazily(
    r"\b(?:one\s+(?:(?P<noun>[a-z]+)\s+)?per\s+line|one\s+line\s+each|"
    r"each\s+(?:one\s+)?on\s+(?:its\s+own|a\s+(?:new|separate))\s+line)\b"
    r"(?!\s+(?:of|for|in)\b)"
)
_NOT_THINGS = frozenset(
    (
        *("field", "label", "key", "word", "letter", "column", "item", "part", "paragraph"),
        *("sentence", "stanza", "verse", "clause", "line", "section", "step", "point", "fact"),
        "detail",
    )
)
# The request keeps every thing: "convert these", "translate these terms",
# "caption these photos", "put these … in order", "turn these … into"
_KEPT = compile_lazily(
    r"\b(?:convert|translate|sort|order|reorder|alphabeti[sz]e|rank|reformat|format|normali[sz]e|"
    r"capitali[sz]e|rewrite|correct|fix|round|caption|spell\s+out|turn|put|transliterate|"
    r"abbreviate|expand|rename|tag|classify|label)\s+(?:all\s+)?(?:of\s+)?(?:these|those|them|"
    # "our tour dates", not "my essay": things, plural
    r"the\s+following|(?:our|my)\s+(?:[\w-]+\s+){0,2}[\w-]+s\b)|"
    # "Convert to 12-hour time …: 15:05, 00:30": the things follow
    r"\b(?:convert|translate|reformat)\s+(?:(?:it|them|these)\s+)?(?:to|into)\b|"
    # "Give me commit messages for these three changes": one for each
    rf"\bfor\s+(?:all\s+)?these\s+{NUMBER}\s+[a-z]"
)
# Some of the things, not all: a choice, a filter, a merge
_SOME = compile_lazily(
    r"\b(?:remove|filter|which|duplicates?|merge|combine|group|pick|choose|select|find|extract|"
    r"skip|drop|exclude|except|unless|if|best|worst|top|only\s+(?:those|the\s+ones)|"
    r"whichever|missing|add|(?<!\bno\s)extra|more|also|header|heading|title|total|summary|then)\b"
)
# "these three changes", "the following 4 dates": the request counts them
_THESE_N = compile_lazily(rf"\b(?:these|the\s+following|those)\s+(?P<num>{NUMBER})\s+[a-z]")
_BLANK = compile_lazily(r"\n[ \t]*\n")
# a colon that ends the request ("same order: 15:05, 00:30"), not one inside a time
_LIST_AFTER_COLON = compile_lazily(r":[ \t]+(?P<list>(?:[^\n:]|:(?=\S))+?)[ \t]*$")
# "Normalise these addresses to one line each": the things made into lines
_INTO_LINES = compile_lazily(
    r"^\s*(?:please\s+)?(?:normali[sz]e|convert|reformat|format|turn|put|rewrite|squash|flatten)\s+"
    r"(?:all\s+)?(?:these|those|them|the\s+following)\s+(?:[\w-]+\s+){0,3}?(?:to|into|onto|on)\s+$"
)
_CONDITION = compile_lazily(r"\b(?:if|unless|when|whenever|whether)\b")


def pasted_lines(sentence: Sentence, required: Required) -> Iterator[tuple[int, int, int]]:
    """ "Translate these terms, one per line:" and eight terms below: 8 lines."""
    text = sentence.lower
    layout = _LAYOUT.search(text)
    if layout is None or (layout.group("noun") or "") in _NOT_THINGS:
        return
    if not layout_stated(sentence, layout, required, lead=_INTO_LINES):
        return
    source = sentence.full or sentence.whole
    whole = source.lower()
    blank = _BLANK.search(source)
    # the request, then the things after a blank line (a block below the
    # request's colon is :func:`._line_sets.given_lines`'s)
    request = whole[: blank.start()] if blank else whole
    if re.search(r":[ \t]*\n", request):
        return
    if request.rstrip().endswith(":"):
        return  # the things the request's colon opens are given_lines'
    if sentence.start >= len(request) or not _KEPT.search(request) or _SOME.search(request):
        return
    counts: set[int] = set()
    stated = _THESE_N.search(request)
    if stated and (said := number_value(stated.group("num"))):
        counts.add(said)
    pasted = _pasted(source[blank.end() :]) if blank else _after_colon(source)
    if pasted:
        counts.add(pasted)
    if len(counts) == 1 and (count := counts.pop()) >= 2:
        yield count, *layout.span()


def layout_stated(
    sentence: Sentence,
    layout: re.Match[str],
    required: Required,
    *,
    lead: re.Pattern[str] | None = None,
) -> bool:
    """Whether the layout is asked outright: governed by the request, a
    sentence of its own ("One per line, same order: …"), an item of a list,
    or after what ``lead`` matches; never under a condition, a question or
    a negation."""
    text = sentence.lower
    before = text[: layout.start()]
    if (
        _CONDITION.search(text)
        or text.rstrip().endswith("?")
        or NEGATION.search(before[-30:])
        or sentence_blocked(sentence, layout.start())
    ):
        return False
    return (
        required(sentence, layout.start())
        or not before.strip()
        or re.search(r"[,;:(]\s*(?:and\s+)?$", before) is not None
        or (lead is not None and lead.match(before) is not None)
    )


def _pasted(material: str) -> int | None:
    """How many things the pasted block holds: its lines, or one line's
    short comma-separated things; None where it is not one such block."""
    lines = [line.strip() for line in material.strip().split("\n")]
    if not lines or not lines[0] or any(not line for line in lines):
        return None  # more than one block after the request
    if len(lines) >= 2:
        return len(lines) if all(len(line) <= 80 for line in lines) else None
    return _comma_things(lines[0])


def _after_colon(source: str) -> int | None:
    """The things listed after the last colon, to the end of the prompt."""
    found = _LIST_AFTER_COLON.search(source.rstrip())
    return _comma_things(found.group("list")) if found else None


def _comma_things(line: str) -> int | None:
    # "a, b and c" or "a, b, or c" joins its last two: not counted here
    if re.search(r"\b(?:and|or)\b|&", line) or ";" in line:
        return None
    if line.rstrip().endswith((".", "!", "?")):
        return None  # a sentence ("Thanks, I need it for class."), not a list
    things = [part.strip() for part in line.split(",")]
    if len(things) < 2 or any(not part or len(part) > 40 for part in things):
        return None
    return len(things)
