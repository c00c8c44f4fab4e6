"""Line count: the answer's non-empty lines.

Measured exactly: a line is a line of the answer holding anything but
whitespace (blank lines separate, they do not count; a fenced code block's
```` ``` ```` lines do). Read from "exactly 4 lines", "in 3 lines", "at most 5
lines", "between 3 and 5 lines" (two checks), "a 4-line poem", "6 lines
total" and a criteria line "5 lines."; not from a count of one part ("a
stanza of 4 lines", "4 lines per verse", "lines of code"), nor where the
prompt also asks for a title or a postscript, which would add a line the
count may or may not include (not a title refused, "no title", "you don't
need to give it a title", nor a rule on "the last line", one of the lines
counted, as in "make the last line end with 'door'"), or an explanation or a second part ("then …")
that adds lines of its own (not "each starting with a date followed by …",
nor "the translation in brackets after it", which stay within a line).
"Write 4 lines of rap", "6 lines of poetry" are the answer's lines; "lines
of code" are not. "All on one line" and "on a single line" are
exactly one line; "each name on one line" is about each name. "Give me 5
names … one per line", "a list of 15 adjectives … one per line" and
"translate it into 4 languages, each on its own line" are that many lines,
where the prompt counts one set of things only ("3 pros and 3 cons, one per
line" counts two; "each exactly 16 characters" measures each thing); "8
bars, each bar on its own line" is as many lines as the one number stated
for the things each line holds (not "3 sentences of 8 words each, each word
on its own line"). The layout may be an item of its own in a list of
requirements ("Use lowercase, no bullets, one word per line."). A fixed form
("write a haiku") compiles the lines its form has, the form named in the
check (:mod:`._poem_forms`): its lines are only part of the form, so the
check covers only part of its clause (:meth:`LineCount.part_only`), which
stays partial and goes to the judge.

A writer's own words count too: a prompt that opens with its count ("Four
lines for a picture book.", "10-line interview script for …"), what the
lines are for or like ("5 short motivational lines for a gym poster", "4
lines with an AABB rhyme"), a count in brackets after the thing ("a short
poem (4 lines)"), "make it 4 lines"; and "one per line" after "list the 8
planets", after things the prompt opens with ("5 famous quotes about
courage. … One per line.") and "8 cards, each on one line".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from pydantic import SerializerFunctionWrapHandler, model_serializer

from redraft.criteria._families._base import CountFamily, FamilyCount, counted_hit
from redraft.criteria._families._lexical import required
from redraft.criteria._families._line_sets import (
    given_lines,
    letter_lines,
    named_pair_lines,
    translation_lines,
)
from redraft.criteria._families._poem_forms import FormName, poem_form
from redraft.criteria._families._reading import CountPhrases, things_counted
from redraft.criteria._families._spaced_lines import spaced_compound
from redraft.criteria._grammar import NUMBER, RELATION, number_value
from redraft.criteria._sentences import (
    ONE_PER_LINE,
    THING,
    Hit,
    Rule,
    Sentence,
    sentence_blocked,
)

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


_KIND = (
    r"(?:(?:motivational|inspirational|catchy|punchy|funny|witty|poetic|rhyming|memorable|"
    r"encouraging|uplifting|powerful|romantic|spooky|cheerful)\s+){0,2}"
)
# What lines of something said are of: "6 lines of dialogue", "lines of questions"
_SAID = r"(?:dialogue|dialog|conversation|banter|questions|affirmations|prose)"
_PHRASES = CountPhrases(
    # "use single line breaks", "a single line spacing": not lines of the answer
    # "5 short motivational lines": a few words that say what the lines are like
    # ("make it 4 lines shorter" is a change, not a count)
    unit=rf"{_KIND}lines?(?!\s*-?\s*(?:breaks?|spacing|feeds?|height|wraps?|endings?)\b)"
    r"(?!\s+(?:shorter|longer|less|more|fewer)\b)",
    singular="line",
    keep_exact=True,
    bare=r"in|into|on|use|using|with|write|compose|craft|give|produce|create|generate|of|have|"
    r"contain|containing|be|as|make\s+it",
    compound=True,
    before=(
        r"\b(?:stanza|verse|chorus|refrain|couplet|paragraph|section|part|bullet|item|entry|"
        r"column|row|cell|table|block|code|function|program|script|snippet|title|heading|header|"
        r"caption|subject|version|tl;?dr|intro|outro|introduction|conclusion|each|every|per|"
        r"first|last|opening|closing|final)s?\b"
    ),
    # "write 4 lines of rap", "4 lines of a lullaby": verse the answer is
    # (not "lines of code", "lines of the poem")
    after=(
        r"\s*(?:of\s+(?:an?\s+)?(?:(?:short|simple|funny|sad|original|new|rhyming)\s+)?"
        r"(?:rap|poetry|poem|verse|song|lyrics|lullaby|ballad|chant|cheer|rhymes?|"
        r"nursery\s+rhyme|free\s+verse|text|"
        # "6 lines of dialogue", "six lines of questions": what the lines say
        # (not beside stage directions or narration, lines of their own)
        rf"{_SAID}\b"
        r"(?![^.;!?]*\b(?:stage\s+directions?|narrat\w*|descriptions?|actions?|then|"
        r"followed\s+by|plus)\b))\b|"
        # "4 lines of 4 digits": what each line holds, the lines still the answer's
        rf"of\s+{NUMBER}\s+(?:digits|words|letters|characters|syllables|numbers)\b|"
        # "4 lines with an AABB rhyme": the lines' rhyme, not another part
        r"with\s+(?:an?\s+)?(?:[a-z]+\s+)?rhym(?:e|es|ing)(?:\s+scheme)?\b|"
        # "5 lines for a gym poster": what the lines are for, not a part of the
        # answer ("4 lines for each verse", "2 lines for the chorus")
        r"for\s+(?:a|an|my|our|your)\s+(?!(?:[\w-]+\s+)?"
        r"(?:stanzas?|verses?|chorus|refrain|sections?|parts?|paragraphs?|intro|outro|bridge|"
        r"titles?|headings?|each|every)\b)[\w-]+)"
    ),
)
# A title, heading or postscript is one more line the count may or may not
# include; an explanation or a second part after the counted one adds lines
# of its own ("a 4-line poem, then explain its meter").
_EXTRA_LINE = re.compile(
    r"\b(?:title|heading|header|headline|postscript|p\.\s?s\.?|then|afterwards?|"
    r"after\s+(?:that|this|it)|explain\w*|explanation|analy[sz]\w*|commentary|plus)\b|<<|"
    # "put the answer on a fifth line": one more line than the count; not "make
    # the last line end with 'door'", one of the lines counted
    r"\b(?:a|an|the)\s+(?:fifth|sixth|seventh|eighth|extra|additional|separate|new|next)\s+line\b|"
    r"\b(?:a|an)\s+(?:final|last)\s+line\b|"
    r"\bthe\s+(?:final|last)\s+line\b(?!\s+(?:(?:must|should|has\s+to|needs\s+to|will)\s+)?"
    r"(?:end|ends|ending|rhyme|rhymes|start|starts|begin|begins|contain|contains|be|is|repeats?|"
    r"echoes|echo|mirrors?|matches|match|has|have|uses?)\b)|"
    # "followed by a summary", not "followed by a colon"
    r"\bfollowed\s+by\s+(?!(?:an?\s+|the\s+)?(?:colon|comma|period|full\s+stop|dash|hyphen|"
    r"space|semicolon|question\s+mark|exclamation\s+mark)s?\b)"
)


# What stays within a line: "each starting with a timestamp followed by INFO",
# "the translation in brackets after it"
_WITHIN_EACH = re.compile(r"\b(?:each|every)\b")
_IN_BRACKETS = re.compile(r"\b(?:in\s+)?(?:brackets|parentheses|parens)\s+$")


# A number of lines, unless within each part ("4 lines per stanza", "2 lines each")
_LINES_COUNTED = re.compile(
    rf"\b{NUMBER}[-\s]+lines?\b(?!\s+(?:per|each|apiece|in\s+each|for\s+each|of\s+each)\b)"
)


# "Exactly 4 lines: name; street; postcode followed by the city", "keep it to
# two lines: setup then punchline": after the colon, the lines counted, one by one
_LINES_LISTED = re.compile(rf"\b{NUMBER}\s+lines?\s*:\s")
# "at least 3 lines and at most 5 lines": one count, bounded twice
_BOUND = re.compile(rf"\b(?:{RELATION})\s*$")
# "no two lines start with the same word": lines told apart, not counted
_NO_TWO = re.compile(r"\bno\s+$")
_THE = re.compile(r"\b(?:the|these|those|all)\s+$")
_EVERY = re.compile(r"\b(?:every|each|any)\s+$")


# A title refused: "no title", "without a heading", "you don't need to give it a title"
_NO_TITLE = re.compile(
    r"(?:\b(?:no|without)\s+(?:a\s+|any\s+)?(?:extra\s+|additional\s+|further\s+)?|\b(?:do\s+not|don'?t|doesn'?t|never)\s+"
    r"(?:need\s+to\s+|have\s+to\s+)?(?:give|add|include|use|write|put)\s+(?:it\s+|one\s+)?"
    r"(?:a\s+|any\s+)?|\bno\s+need\s+(?:for|to\s+(?:give|add|include)\s+(?:it\s+)?)\s*(?:a\s+|any\s+)?|"
    # "you don't need a title", "you don't need to explain it"
    r"\b(?:do\s+not|don'?t|doesn'?t)\s+need\s+(?:to\s+)?(?:a\s+|any\s+)?|\bno\s+need\s+to\s+)$"
)


_TITLES = frozenset(("title", "heading", "header", "headline"))
# "Write a recipe title …", "give me one headline for …": the title is the
# answer, no line beside the lines counted (not "a title and a poem")
_TITLE_ASKED = re.compile(
    r"^\s*(?:please\s+)?(?:write|give\s+me|suggest|create|generate|come\s+up\s+with)\s+"
    r"(?:me\s+)?(?:a|an|one)\s+(?:[\w-]+\s+){0,2}$"
)
_BESIDE = re.compile(r"\s*(?:,|and\b|plus\b|then\b|with\b|followed\b|&|\+)")
# "the English line first, then the French line": the lines counted, in order
_LINE_FIRST = re.compile(r"\bline\s+first\s*,?\s*$")
_THEN_LINE = re.compile(r"\s+(?:the\s+|a\s+)?(?:[\w-]+\s+)?line\b")
_USERS_OWN = re.compile(r"\b(?:my|our)\s+(?:[\w-]+(?:'s)?\s+)?$")
_REFUSABLE = frozenset(
    ("title", "heading", "header", "headline", "commentary", "explanation", "postscript")
)


@functools.lru_cache(maxsize=4)
def _extra_line(whole: str) -> bool:
    # Every sentence of a prompt shares one ``whole``: searched once per prompt.
    text = whole.lower()
    counts = [
        m
        for m in _LINES_COUNTED.finditer(text)
        if not _BOUND.search(text, 0, m.start())
        and not _NO_TWO.search(text, 0, m.start())
        # "a 3-line slogan set …, and the three lines must …": the same lines again
        and not _THE.search(text, 0, m.start())
        # "appears in every single line": each line, not a count of lines
        and not _EVERY.search(text, 0, m.start())
    ]
    if len(counts) > 1:
        return True  # "a 5-line poem and a 2-line dedication": lines of two parts
    for match in _EXTRA_LINE.finditer(text):
        before = text[
            max(text.rfind(mark, 0, match.start()) for mark in ".!?;\n") + 1 : match.start()
        ]
        word = match.group(0)
        sentence_start = max(text.rfind(mark, 0, match.start()) for mark in ".!?\n") + 1
        if _LINES_LISTED.search(text, sentence_start, match.start()):
            continue  # "two lines: setup then punchline": what the lines counted hold
        if match.start() == len(text) - len(text.lstrip()) and word.startswith("explain"):
            continue  # "Explain this regex …, six lines total": the explanation is the answer
        if word.startswith("followed") and _WITHIN_EACH.search(before):
            continue  # "5 lines, each starting with a date followed by …": each line's
        if word.startswith("after") and _IN_BRACKETS.search(before):
            continue  # "the translation in brackets after it": on the same line
        if word in _TITLES and _USERS_OWN.search(before):
            continue  # "Translate my fic's title 'The Long Way Home'": the user's, not a line
        if (
            word in _TITLES
            and _TITLE_ASKED.search(text, sentence_start, match.start())
            and not _BESIDE.match(text, match.end())
        ):
            continue  # "Write a recipe title that's a spoonerism. One line.": the title is it
        if word == "then" and _LINE_FIRST.search(before) and _THEN_LINE.match(text, match.end()):
            continue  # "English line first, then French line": the lines counted, in order
        if (word in _REFUSABLE or word.startswith("explain")) and _NO_TITLE.search(before):
            continue  # "you don't need to give it a title", "no commentary": no line added
        return True
    return False


# "all on one line", "on a single line": the whole answer is one line
_ONE_LINE = re.compile(
    r"\b(?:all\s+|everything\s+)?on\s+(?:a\s+single|one|just\s+one|only\s+one|1)\s+line\b"
    r"(?!\s*(?:each|apiece|per|of\s+its\s+own)\b)"
)
# "Reply with just the regex on one line": the one thing is the whole answer
_ONLY_THING = re.compile(
    r"(?:^|[,;:]\s*)(?:please\s+)?(?:reply|respond|answer|return|output|print|give\s+me|give)\s+"
    r"(?:with\s+)?(?:just|only)\s+(?:the|a|an|your)\s+(?:[\w-]+\s+){1,2}$"
)
_OF_EACH = re.compile(r"\b(?:each|every|per|its|their)\b")
# The one count of things a prompt asks for: "give me 5 names", "list 10 verbs",
# "a list of 12 verbs", "translate it into 5 languages", "say it in 4 ways"
_ASKED_COUNT = re.compile(
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
_COUNTED_THINGS = re.compile(
    rf"(?<!\bno\s)\b({NUMBER})\s+(?:[\w'-]+\s+){{0,2}}?[\w'-]+s\b(?!\s+(?:may|can|should)\b)"
)
_MEASURE = re.compile(
    r".*\b(?:characters|chars|words|letters|digits|decimals|syllables|symbols|times|minutes|seconds|"
    r"hours|days|weeks|months|years)$"
)
_LIST_FORM = re.compile(r"\bnumbered\b|\bnumber\s+them\b|\bbullet")
# "each bar on its own line", "one name per line": the thing each line holds
_EACH_ON_A_LINE = re.compile(
    r"\b(?:one|each)\s+(?P<noun>[a-z]+)\s+(?:per\s+line|on\s+(?:its|a|their)\s+own\s+line|on\s+a\s+(?:new|separate)\s+line)\b"
)
# "8 cards, each on one line": each thing on a line of its own
_EACH_ON_ONE = re.compile(r"\beach\s+on\s+(?:one|a\s+single)\s+line\b")


# Lines of what is said ("4 lines of dialogue") held by a larger thing named
# before them ("a story with …", "a scene including …")
_HELD_LINES = re.compile(
    r"\b(?!(?:it|them|one|this|that)\b)[a-z]+\s+(?:with|containing|including|featuring|"
    r"that\s+has|which\s+has)\s+(?:exactly\s+|only\s+|just\s+|at\s+(?:least|most)\s+)?"
    rf"[\w-]+\s+lines?\s+of\s+{_SAID}\b"
)


def line_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Answer in exactly 3 lines", "a 12-line poem", "between 3 and 5 lines",
    "all on one line"."""
    # the lines the things named make, each reading guarding its own extra parts
    for read in (translation_lines, letter_lines, named_pair_lines):
        for count, start, end in read(sentence, required):
            yield Hit(LineCount(relation="exactly", value=count), start, end)
    if _extra_line(sentence.whole):
        return
    for count, start, end in given_lines(sentence, required):
        yield Hit(LineCount(relation="exactly", value=count), start, end)
    for found in _PHRASES.read(sentence):
        if _HELD_LINES.search(sentence.lower, max(0, found.start - 40), found.end + 40):
            continue  # "a short story with 4 lines of dialogue": the story has more lines
        yield from counted_hit(lambda r, v: LineCount(relation=r, value=v), found)
    if layout := (
        ONE_PER_LINE.search(sentence.lower)
        or _EACH_ON_A_LINE.search(sentence.lower)
        or _EACH_ON_ONE.search(sentence.lower)
    ):
        whole = sentence.whole.lower()
        asked = list(_ASKED_COUNT.finditer(whole))
        things = [
            m
            for m in _COUNTED_THINGS.finditer(whole)
            # "each on one line" is no set of things
            if (number_value(m.group(1)) or 0) > 1
            and (
                not _MEASURE.match(m.group(0))
                # the things asked for may be words: "I need 10 spelling words"
                or (bool(asked) and asked[0].start("num") <= m.start() < asked[0].end())
            )
        ]
        single = len(asked) == 1 and len(things) == 1
        if single and asked[0].group("the") and _LIST_FORM.search(whole):
            # "list the 7 wonders as a numbered list": a set the list form counts
            single = False
        value = number_value(asked[0].group("num")) if single else None
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
            yield Hit(LineCount(relation="exactly", value=value), *layout.span())
    yield from _opening_or_bracketed(sentence)
    yield from spaced_compound(sentence, LineCount)
    if form := poem_form(sentence):
        # "write a haiku": the lines its form has, the rest of the form left to the judge
        spec = LineCount(relation="exactly", value=form.lines, form=form.name)
        yield Hit(spec, form.start, form.end)
    for match in _ONE_LINE.finditer(sentence.lower):
        if _OF_EACH.search(sentence.lower, 0, match.start()):
            continue  # "put each name on one line" is about each name
        if required(sentence, match.start()) or (
            _ONLY_THING.search(sentence.lower, 0, match.start())
            and not sentence_blocked(sentence, match.start())
            and not _IF.search(sentence.lower)
        ):
            yield Hit(LineCount(relation="exactly", value=1), *match.span())


_WRITTEN = rf"(?:{THING}|script|chorus|scene|chant|cheer|rhyme|lullaby|ballad|jingle)"
_FORMS = r"cinquain|villanelle|tanka|acrostic"
# "a cinquain about winter (5 lines …)": what the thing is about, before its count
_ABOUT = r"\s+(?:about|on|for)\s+[^.()\n]{1,40}?"
# "(4 lines)", "(19 lines, two refrains)", "(5 lines with 1, 2, 3, 4, 1 words)"; not
# "(4 lines each)", "(4 lines, per stanza)"
_BRACKET_GOES_ON = r"(?:\s*\)|\s*[,;](?!\s*(?:each|per|for\s+each)\b)|\s+with\b)"
# A prompt that opens with its count, no verb before it: "Four lines for a
# picture book.", "6 lines of rap about …", "10-line interview script for …"
_OPENING = re.compile(
    rf"^\s*(?:exactly\s+)?(?P<num>{NUMBER})\s+{_KIND}lines?(?=\s+(?:about\b|{_PHRASES.after}|"
    # "Three lines of dialogue for a blacksmith NPC": the lines are all it asks
    # (not "a story with 4 lines of dialogue", where they are one part)
    r"of\s+dialogue\b))|"
    rf"^\s*(?P<compound>{NUMBER})-line\s+(?:[\w-]+\s+){{0,2}}?{_WRITTEN}\b"
)
# "a short poem (4 lines)": the count in brackets after the thing asked for,
# not after a part ("each stanza (4 lines)")
_BRACKETED = re.compile(
    rf"\b(?P<thing>{_WRITTEN}|{_FORMS})(?:{_ABOUT})?\s*\(\s*(?:exactly\s+)?(?P<num>{NUMBER})"
    rf"\s+lines?{_BRACKET_GOES_ON}"
)
# "Write a villanelle about forgetting. (19 lines, two refrains.)": the
# count in brackets of its own, right after the thing asked for
_THING_BEFORE = re.compile(rf"\b(?:{_WRITTEN}|{_FORMS})(?:{_ABOUT})?\s*[.!]\s*$")
_OWN_BRACKET = re.compile(rf"^\s*\(\s*(?:exactly\s+)?(?P<num>{NUMBER})\s+lines?{_BRACKET_GOES_ON}")
_IF = re.compile(r"\b(?:if|unless)\b")
_EACH_BEFORE = re.compile(r"\b(?:each|every|per)\s+(?:[\w-]+\s+)?$")


def _opening_or_bracketed(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    if (
        (own := _OWN_BRACKET.match(text))
        and (value := number_value(own.group("num")))
        and _THING_BEFORE.search(sentence.whole[: sentence.start].lower())
        and not sentence_blocked(sentence, own.start("num"))
        and not _IF.search(text)
    ):
        yield Hit(LineCount(relation="exactly", value=value), own.start("num"), own.end())
    if not sentence.whole[: sentence.start].strip() and (found := _OPENING.match(text)):
        value = number_value(found.group("num") or found.group("compound"))
        # "Four lines about cats if you have time": only sometimes asked
        if value and required(sentence, found.start()) and not _IF.search(text):
            yield Hit(LineCount(relation="exactly", value=value), *found.span())
    for found in _BRACKETED.finditer(text):
        value = number_value(found.group("num"))
        if (
            value
            and not _EACH_BEFORE.search(text, 0, found.start())
            and required(sentence, found.start())
        ):
            yield Hit(LineCount(relation="exactly", value=value), *found.span())


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
_ITEM_BEFORE = re.compile(r"(?:[,;:(]|\s[-–—])\s*(?:and\s+)?$")
_ITEM_AFTER = re.compile(r"\s*(?:[,.;!)]|$)")


def _own_item(sentence: Sentence, layout: re.Match[str]) -> bool:
    text = sentence.lower
    return (
        _ITEM_BEFORE.search(text, 0, layout.start()) is not None
        and _ITEM_AFTER.match(text, layout.end()) is not None
        and not sentence_blocked(sentence, layout.start())
        and not text.rstrip().endswith("?")
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
