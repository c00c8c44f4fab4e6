"""Line counts stated as the lines named in order, after a colon.

"Answer: first line the corrected sentence, second line a short
explanation", "Loading screen text: first line is the word Loading …,
second line is a tip", "Write a 'word of the day' post: the word on line 1,
its part of speech on line 2, definition on line 3, example on line 4": the
layout the colon opens names every line of the answer, one after another
from the first, so the count is the last named. The lines' contents may
name a title or an explanation (they are on the lines counted); a part
beside them elsewhere in the prompt still refuses, as does a second count
of lines, a rule between named lines ("the first line rhymes with the
second line": no list), a hedge or a condition. The reading gives
``(value, start, end)`` offsets in the sentence; the line-count family
(:mod:`._lines`) makes them checks.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._lines_extra import extra_line
from redraft.criteria._grammar import number_value
from redraft.criteria._sentences import Sentence, matches_in, sentence_blocked

__all__ = ["lines_named", "template_lines"]

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
_ORDINALS |= {"1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6}
# "first line", "the second line is", "on line 3", "line 2:"
_NAMED = compile_lazily(
    r"\b(?:(?:the|a|on\s+the|on\s+a)\s+)?(?P<ord>first|second|third|fourth|fifth|sixth|1st|2nd|"
    r"3rd|4th|5th|6th)\s+line\b(?!\s+(?:of|in)\b)|\bon\s+line\s+(?P<num>[1-6])\b|"
    r"\bline\s+(?P<label>[1-6])\s*[:=]"
)
# Between two lines named, the list goes on: "…, second line", "; then line 2"
_NEXT = compile_lazily(r"(?:[,;]|\s[-–—]\s|\bthen\b|\band\b)")
# The layout opens after a colon: "Answer: first line …", "… post: the word on line 1"
_OPENED = compile_lazily(r":\s*(?:[\w'\"‘’“”-]+\s+){0,4}$")
# A second part after the last line named, or a hedge: "…, then explain"
# The colon heads a text the user gives: "My draft:", "Here is the old version:"
_USERS_TEXT = compile_lazily(
    r"\s*(?:here\s+is\s+|here's\s+|below\s+is\s+)?(?:my|our|his|her|their|this|these|that|"
    r"the\s+(?:current|old|original|existing|previous|above|following))\b[^:]*:"
)
_STOP = compile_lazily(r"[.!?](?:\s|$)|\n")
_LINES = compile_lazily(r"\blines?\b|-line\b")
_AFTER = compile_lazily(r"\b(?:then|followed\s+by|after\s+that|plus)\b|\bif\b")


def lines_named(sentence: Sentence) -> Iterator[tuple[int, int, int]]:
    """ "Answer: first line X, second line Y": 2 lines."""
    whole = sentence.whole
    # read to the sentence's full stop: "line 1: the date; line 2: …" is one layout
    stop = _STOP.search(whole, sentence.start + len(sentence.lower.rstrip(";")))
    text = whole[sentence.start : stop.start() if stop else len(whole)].lower()
    named = list(_NAMED.finditer(text))
    if not named or named[0].start() >= len(sentence.lower):
        return  # the layout opens in a later sentence
    if len(named) < 2:
        return
    places = [_place(m) for m in named]
    if places != list(range(1, len(places) + 1)):
        return  # not every line named, one after another from the first
    if not _OPENED.search(text, 0, named[0].start()):
        return
    if _USERS_TEXT.match(text):
        return  # "My draft: first line is weak, …": lines of a text given, not asked
    for before, after in itertools.pairwise(named):
        if not _NEXT.search(text, before.end(), after.start()):
            return  # "the first line rhymes with the second line": a rule, no list
    last = named[-1]
    more = _NEXT.search(text, last.end())
    if more and _AFTER.search(text, more.start()):
        return  # "…, second line a tip, then a question": more than the lines named
    if sentence_blocked(sentence, named[0].start()):
        return
    start, end = sentence.start + named[0].start(), sentence.start + len(text)
    if extra_line(whole[:start] + " " * (len(whole) - start)):
        return  # a part beside the lines named, before them
    if _LINES.search(whole[:start].lower()) or _LINES.search(whole[end:].lower()):
        return  # lines counted or ruled on elsewhere ("a 4-line poem: …"): which lines?
    yield len(places), named[0].start(), min(last.end(), len(sentence.lower))


def _place(match: re.Match[str]) -> int:
    if match.group("ord"):
        return _ORDINALS[match.group("ord")]
    return int(match.group("num") or match.group("label"))


# "Format exactly:\nNetwork: <name>\nPassword: <password>\nnothing else.",
# "Format:\nItem: …\nContains: …\nExactly those two lines, nothing above or
# below.": a template of labelled lines, closed by a line that allows no
# other; the answer is as many lines as the template has
_TEMPLATE = compile_lazily(
    r"(?:^|[.!?]\s+)(?:(?:use|follow)\s+(?:exactly\s+)?this\s+|in\s+this\s+)?"
    r"(?:format|template|layout)(?:\s+exactly)?\s*:[ \t]*\n"
    r"(?P<lines>(?:[ \t]*[^\n:]{1,30}:[^\n]*\n){2,12})[ \t]*"
    r"(?P<close>nothing\s+else|no\s+other\s+lines|only\s+(?:those|these)\s+lines|"
    r"exactly\s+(?:those|these)\s+(?P<num>\w+)\s+lines)\b",
    re.IGNORECASE,
)


def template_lines(sentence: Sentence) -> Iterator[tuple[int, int, int]]:
    """ "Format:\nName: <x>\nCity: <y>\nnothing else.": 2 lines."""
    for found in matches_in(_TEMPLATE, sentence.whole):
        at = found.start("close") - sentence.start
        if not 0 <= at < len(sentence.lower) or sentence_blocked(sentence, at):
            continue  # the closing line is another sentence's, or hedged
        value = found.group("lines").count("\n")
        if found.group("num") and number_value(found.group("num").lower()) != value:
            continue  # "exactly those four lines" after three: which is meant?
        yield value, at, found.end("close") - sentence.start
