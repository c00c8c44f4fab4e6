"""Line counts stated as one thing a line: "give me 5 names, one per line".

The lines are as many as the things the prompt counts, where it counts one
set of things only ("3 pros and 3 cons, one per line" counts two; "each
exactly 16 characters" measures each thing): "Give me 5 names … one per
line", "a list of 15 adjectives … one per line", "translate it into 4
languages, each on its own line", "list the 8 planets … one per line", the
things the prompt opens with ("5 famous quotes about courage. … One per
line.") and "8 cards, each on one line". "8 bars, each bar on its own line"
is as many lines as the one number stated for the things each line holds
(not "3 sentences of 8 words each, each word on its own line"). The layout
may be an item of its own in a list of requirements ("Use lowercase, no
bullets, one word per line."). The reading gives ``(value, start, end)``
offsets in the sentence; the line-count family (:mod:`._lines`) makes them
checks, having refused prompts that ask for lines beside these.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._reading import things_counted
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import (
    ONE_PER_LINE,
    Sentence,
    lowered,
    matches_in,
    searched,
    sentence_blocked,
)

__all__ = ["layout_lines"]

Required = Callable[[Sentence, int], bool]

# The one count of things a prompt asks for: "give me 5 names", "list 10 verbs",
# "a list of 12 verbs", "translate it into 5 languages", "say it in 4 ways"
_ASKED_COUNT = compile_lazily(
    r"\b(?:(?:give\s+me|give|list|write|need|generate|suggest|provide|create|name|brainstorm|"
    r"make|want)\s+(?:me\s+|us\s+)?(?:(?:a|an)\s+(?:[\w-]+\s+)?list\s+of\s+)?|"
    # "list the 8 planets": the things named are the list
    r"(?:list|name)\s+(?P<the>the)\s+|"
    r"(?:a|an)\s+(?:[\w-]+\s+)?list\s+of\s+|(?:in|into)\s+(?=\S+\s+(?:different\s+)?"
    r"(?:languages|ways)\b)|"
    # the prompt opens with the things asked for, alone or after a label:
    # "5 famous quotes about courage.", "True/false quiz: 6 statements, …"
    r"^\s*(?:[^\s.:!?][^.:!?\n]{0,60}:\s*)?)"
    rf"(?:exactly\s+)?(?P<num>{NUMBER})\s+(?:[\w'-]+\s+){{0,3}}?[\w'-]+s\b"
)
# Every count of things in the prompt: "3 pros and 3 cons" is two lists; a
# measure of each thing ("exactly 16 characters") is no second list, nor
# things told apart ("no two fruits may …")
_COUNTED_THINGS = compile_lazily(
    rf"(?<!\bno\s)\b({NUMBER})\s+(?:[\w'-]+\s+){{0,2}}?[\w'-]+s\b(?!\s+(?:may|can|should)\b)"
)
_MEASURE = compile_lazily(
    r".*\b(?:characters|chars|words|letters|digits|decimals|syllables|symbols|times|minutes|seconds|"
    r"hours|days|weeks|months|years)$"
)
_LIST_FORM = compile_lazily(r"\bnumbered\b|\bnumber\s+them\b|\bbullet")
# "each bar on its own line", "one name per line": the thing each line holds
_EACH_ON_A_LINE = compile_lazily(
    r"\b(?:one|each)\s+(?P<noun>[a-z]+)\s+(?:per\s+line|on\s+(?:its|a|their)\s+own\s+line|on\s+a\s+(?:new|separate)\s+line)\b"
)
# "8 cards, each on one line": each thing on a line of its own
_EACH_ON_ONE = compile_lazily(r"\beach\s+on\s+(?:one|a\s+single)\s+line\b")
# "5 sentences, each on a new line.": things a line holds, counted, then laid
# out one a line, the whole sentence (not "3 stanzas, each on a new line")
_COUNTED_LAYOUT = compile_lazily(
    rf"^\s*(?:exactly\s+)?(?P<num>{NUMBER})\s+(?:short\s+|simple\s+)?"
    r"(?:sentences|questions|statements|facts|tips|names|words|phrases|titles|headlines|slogans|"
    r"taglines|ideas|steps|rules|quotes|examples|clues|hints|prompts|greetings|captions)"
    r"\s*,\s*(?P<layout>(?:each|one)\s+(?:on\s+(?:a\s+(?:new|separate|single)|its\s+own)\s+line|"
    r"per\s+line))\s*[.!]?\s*$"
)
_LAYOUT_ALONE = compile_lazily(r"\S.*")
_IF = compile_lazily(r"\b(?:if|unless)\b")


def layout_lines(sentence: Sentence, required: Required) -> Iterator[tuple[int, int, int]]:
    """ "Give me 5 names, one per line": as many lines as the things asked for."""
    criteria = _COUNTED_LAYOUT.match(sentence.lower)
    if layout := (
        ONE_PER_LINE.search(sentence.lower)
        or _EACH_ON_A_LINE.search(sentence.lower)
        or _EACH_ON_ONE.search(sentence.lower)
        or (_LAYOUT_ALONE.search(sentence.lower, criteria.start("layout")) if criteria else None)
    ):
        whole = lowered(sentence.whole)
        asked = list(matches_in(_ASKED_COUNT, whole))
        things = [
            m
            for m in matches_in(_COUNTED_THINGS, whole)
            # "each on one line" is no set of things
            if (number_value(m.group(1)) or 0) > 1
            and (
                not _MEASURE.match(m.group(0))
                # the things asked for may be words: "I need 10 spelling words"
                or (bool(asked) and asked[0].start("num") <= m.start() < asked[0].end())
            )
        ]
        single = len(asked) == 1 and len(things) == 1
        if single and asked[0].group("the") and searched(_LIST_FORM, whole):
            # "list the 7 wonders as a numbered list": a set the list form counts
            single = False
        value = number_value(asked[0].group("num")) if single else None
        if (
            value is None
            and len(things) == 1
            and criteria
            and criteria.start("layout") == layout.start()
        ):
            # "Write a bedtime story. 5 sentences, each on a new line.": a
            # criteria line of its own, the count and its layout
            value = number_value(criteria.group("num"))
        if named := _EACH_ON_A_LINE.search(sentence.lower):
            # "8 bars, each bar on its own line": as many lines as bars; not
            # "3 sentences of 8 words each, each word on its own line"
            counted = things_counted(whole, named.group("noun"))
            value = value if counted is None else counted
            if re.search(rf"\b{NUMBER}\s+[\w-]+\s+of\s+{NUMBER}\s+{named.group('noun')}", whole):
                value = None  # "3 verses of 8 bars, one bar per line": 24 lines, not 8
        if value and (
            required(sentence, layout.start())
            or _own_item(sentence, layout)
            # "my 3 haiku below, each haiku on its own line": no count asked to open with
            or (bool(asked) and _opening_request(sentence, asked[0], layout))
        ):
            # "give me 5 names … one per line": as many lines as things
            yield value, *layout.span()


def _opening_request(sentence: Sentence, asked: re.Match[str], layout: re.Match[str]) -> bool:
    # "5 Spanish words for kitchen items, one per line in the format …": the
    # prompt's first sentence is the request itself, though no verb makes it one
    return (
        not sentence.whole[: sentence.start].strip()
        and asked.start() == 0
        and not sentence_blocked(sentence, layout.start())
        and not _IF.search(sentence.lower)
    )


# "Use lowercase, no bullets, one word per line.": the layout is an item of
# its own in a list of requirements, whatever the items before it say
# ("8 bars (one bar per line)": in brackets after the things counted, too)
_ITEM_BEFORE = compile_lazily(r"(?:[,;:(]|\s[-–—])\s*(?:and\s+)?$")
_ITEM_AFTER = compile_lazily(r"\s*(?:[,.;!)]|$)")


def _own_item(sentence: Sentence, layout: re.Match[str]) -> bool:
    text = sentence.lower
    return (
        _ITEM_BEFORE.search(text, 0, layout.start()) is not None
        and _ITEM_AFTER.match(text, layout.end()) is not None
        and not sentence_blocked(sentence, layout.start())
        and not text.rstrip().endswith("?")
    )
