"""Line counts stated as one line for each of things the prompt counts.

"One line per Sunday" after "Four Sundays: …" (4), "a 5-day plan … one line
per day" (5), "One line per month from February to August" (7), "One line
per month, Jan to Dec" (12), "one line per week … (Week 1: through Week
8:)" (8): the line holds one thing, and the prompt says how many things
there are, once. The count comes from the one number stated for the
things' plural ("four Sundays"), a size named by them ("a 5-day plan"), a
run of months or weekdays named by its ends, or labels numbered from 1
("Week 1 through Week 8"); two readings that disagree, a bound ("no more
than 7 days"), or a count of each part ("3 days each") leave it unread. The
layout must be stated outright (not hedged, conditional, asked as a
question or refused). The reading gives ``(value, start, end)`` offsets in
the sentence; the line-count family (:mod:`._lines`) makes them checks,
having refused prompts that ask for lines beside these.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._lines_pasted import layout_stated
from redraft.criteria._families._reading import things_counted
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import Sentence, count_in, lowered, matches_in, searched

__all__ = ["lines_per_thing"]

Required = Callable[[Sentence, int], bool]

# "one line per day", "a line for each month", "one line for every week"
_PER = compile_lazily(
    r"\b(?:one|a|a\s+single)\s+line\s+(?:per|for\s+each|for\s+every)\s+(?P<noun>[a-z]+)\b"
    r"(?!\s+(?:of|in)\b)"
)
_MONTHS = (
    "jan",
    "feb",
    "mar",
    "apr",
    "may",
    "jun",
    "jul",
    "aug",
    "sep",
    "oct",
    "nov",
    "dec",
)
_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_DAY = (
    r"(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs?(?:day)?)?|fri(?:day)?|"
    r"sat(?:urday)?|sun(?:day)?)"
)
_TO = r"\s*(?:to|through|thru|until|till|-|–|—)\s*"
_RUNS = {
    "month": (compile_lazily(rf"\b(?P<a>{_MONTH})\.?{_TO}(?P<b>{_MONTH})\b"), _MONTHS),
    "day": (compile_lazily(rf"\b(?P<a>{_DAY})\.?{_TO}(?P<b>{_DAY})\b"), _DAYS),
}
_EACH_OF = compile_lazily(r"\b(?:for\s+each|each\s+of|for\s+every|every\s+one\s+of)\b")


def lines_per_thing(sentence: Sentence, required: Required) -> Iterator[tuple[int, int, int]]:
    """ "Four Sundays: … One line per Sunday": 4 lines."""
    text = sentence.lower
    layout = _PER.search(text)
    if layout is None or count_in(_PER, lowered(sentence.whole)) > 1:
        return
    if searched(_EACH_OF, lowered(sentence.whole)):
        return  # "one line per day, for each of the 2 trips": lines of several sets
    if not layout_stated(sentence, layout, required):
        return
    noun = layout.group("noun")
    whole = lowered(sentence.whole)
    if things_counted(whole, noun) == 0:
        return  # several numbers, a bound, or each part's
    # (its one number is not taken: "$6,000 in 12 months" reads as 6,000)
    values = _counted(whole, noun) | _sized(whole, noun) | _run(whole, noun)
    values |= _numbered(whole, noun)
    if len(values) == 1 and (value := values.pop()) >= 2:
        yield value, *layout.span()


# A word between the number and the things that makes them other things:
# "6,000 in 12 months" is no count of 6,000 months
_BETWEEN = r"(?:(?!(?:in|of|to|for|a|an|the|per|each|by|and|or|from)\b)[\w'-]+\s+)?"


_BOUND = compile_lazily(
    r"(?:\bto|-|–|\bor|\bthan|\bmost|\bleast|\bmax(?:imum)?|\bmin(?:imum)?|\bup\s+to|"
    r"\bunder|\bover|\bwithin)\s*$"
)


def _counted(whole: str, noun: str) -> set[int]:
    """ "Four Sundays", "12 months": the number stated for the things' plural."""
    plural = (
        rf"{re.escape(noun)}s" if not noun.endswith("y") else rf"{re.escape(noun[:-1])}(?:ys|ies)"
    )
    found = re.finditer(rf"\b(?P<num>{NUMBER})\s+{_BETWEEN}{plural}\b", whole)
    values = set()
    for match in found:
        if _BOUND.search(whole, max(0, match.start() - 20), match.start()):
            return {0}  # "6 to 8 steps", "at most 5 days": a bound, no number of lines
        values.add(number_value(match.group("num")) or 0)
    return values


def _sized(whole: str, noun: str) -> set[int]:
    """ "a 5-day plan", "an 8-week schedule": the size the things make."""
    found = re.finditer(rf"\b(?P<num>{NUMBER})-{re.escape(noun)}\b(?!-)", whole)
    return {v for m in found if (v := number_value(m.group("num")))}


def _run(whole: str, noun: str) -> set[int]:
    """ "from February to August", "Jan to Dec", "Mon to Fri": the run's length."""
    if noun not in _RUNS:
        return set()
    pattern, names = _RUNS[noun]
    values = set()
    for match in matches_in(pattern, whole):
        a, b = names.index(match.group("a")[:3]), names.index(match.group("b")[:3])
        values.add((b - a) % len(names) + 1)
    return values


def _numbered(whole: str, noun: str) -> set[int]:
    """ "Week 1 through Week 8": labels numbered from 1."""
    label = re.escape(noun)
    found = re.finditer(rf"\b{label}\s+1\b:?{_TO}{label}\s+(?P<num>\d{{1,2}})\b", whole)
    return {int(m.group("num")) for m in found}
