"""List markers: every list item of the answer uses one marker style ("use
dashes for bullets, not asterisks", "number them 1), 2), 3)", "use a., b.,
c.", "Roman numerals (I., II., III.)"); measured as
:mod:`._list_marker_spec` says.

Read where the style is named for the list ("use dashes for bullets", "use
'•' as the bullet character", "bullets should be asterisks", "bullet points
using '•'", "start each bullet with a dash"; a marker named after a verb
ends its clause: not "the list should use stars to show each rating", nor
"a dot-point summary") or shown as a sequence governed by a numbering verb
("number them 1), 2), 3)", "label the options a), b), c)", "use Roman
numerals (I., II., III.)", "use a., b., c. for the options": "use" only
right before the sequence), within a few words of it; not a template shown
after "use" or "format" ("Use this structure: a) the problem, b) the fix",
"Format: 1. Name 2. Age"), nor the options of a quiz's questions (a
sub-list under numbered questions); not from a style that is hedged, negated, quoted,
in a question, or that describes something given ("my notes are numbered
1), 2)"). Repaired without a model: each judged item's marker is rewritten
(ordered items numbered afresh in each list: 1, 2, 3 / a, b, c / i, ii, iii).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, every_unit_outcome
from redraft.criteria._families._lexical import required
from redraft.criteria._families._list_marker_spec import (
    BULLETS,
    SET_MARKERS,
    SHOWN,
    ListMarker,
    items,
    judged_items,
    keeps_marker,
    ordinal_marker,
)
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, lowered

__all__ = ["LIST_MARKERS", "ListMarker", "items"]


# -- reading the request ------------------------------------------------------------

_BULLET_NAMES: dict[str, str] = {
    "dash": "-",
    "hyphen": "-",
    "minus": "-",
    "asterisk": "*",
    "star": "*",
    "plus": "+",
    "•": "•",
    "bullet character": "•",
    "bullet symbol": "•",
    "round bullet": "•",
    "dot": "•",
}
_BULLET_NAME = (
    r"(?P<bname>(?:a\s+|an\s+|the\s+)?(?:dash(?:es)?|hyphens?|minus(?:\s+signs?)?|asterisks?|stars?|"
    r"plus(?:\s+signs?)?|round\s+bullets?|dots?|•)|[\"'`‘“]?[-*+•][\"'`’”]?)"
    r"(?:\s*\(\s*[-*+•]\s*\))?(?![\w-])"
)
# Where a bullet named after a verb ends its clause: "bullets should be
# dashes.", not "the list should use stars to show each rating".
_CLAUSE_END = r"(?=\s*(?:[.,;:!?)—–]|$|\s(?:and|not|only|instead|rather|please)\b))"
_LIST_THING = (
    r"(?:the\s+|your\s+|all\s+(?:the\s+)?|every\s+|each\s+)?(?:bullets?|bullet\s+points?|"
    r"bullet\s+markers?|bullet\s+characters?|bullet\s+symbols?|list\s+markers?|list\s+items?|"
    r"the\s+list|lists?|markers?)"
)
_MODAL = r"(?:(?:should|must|shall|will|need\s+to|have\s+to|has\s+to|are\s+to)\s+)?"
_BULLET_PATTERNS = (
    # "use dashes (-) for bullets", "using '*' as the bullet marker"
    compile_lazily(
        rf"\b(?:use|using|with)\s+(?:only\s+)?{_BULLET_NAME}\s+(?:for|as)\s+{_LIST_THING}\b"
    ),
    # "use dash bullets", "with • bullet points"
    compile_lazily(
        rf"\b(?:use|using|with|in)\s+(?:only\s+)?{_BULLET_NAME}[- ]"
        r"(?:bullets|bullet\s+points|bulleted\s+lists?)\b"
    ),
    # "bullets should be dashes", "the bullet character must be '•'"
    compile_lazily(rf"\b{_LIST_THING}\s+{_MODAL}(?:be|are|is|use)\s+{_BULLET_NAME}{_CLAUSE_END}"),
    # "three bullet points using '•'", "bullets with dashes, not asterisks"
    compile_lazily(
        r"\b(?:bullets?|bullet\s+points?|bulleted\s+lists?|list\s+items?)\s+(?:using|with)\s+"
        rf"(?:only\s+)?{_BULLET_NAME}{_CLAUSE_END}"
    ),
    # "three bullet points, each starting with '•'"
    compile_lazily(
        r"\b(?:bullets?|bullet\s+points?|list\s+items?|items?|points?)\s*,?\s+(?P<each>each\s+|all\s+)?"
        rf"(?:starting|beginning|opening|marked)\s+with\s+{_BULLET_NAME}"
    ),
    # "start each bullet with a dash", "begin every list item with an asterisk"
    compile_lazily(
        rf"\b(?:start|begin|mark|prefix)\s+(?:each|every|all)\s+(?:bullet(?:\s+point)?|list\s+item|item)s?\s+"
        rf"with\s+{_BULLET_NAME}"
    ),
)
# A shown sequence: "1), 2), 3)", "a. b. c.", "(i), (ii)", "I., II., III."
_SEQUENCES: tuple[tuple[str, str], ...] = (
    ("(1)", r"\(1\),?\s*(?:and\s+)?\(2\)"),
    ("1)", r"(?<![\w(])1\),?\s*(?:and\s+)?2\)"),
    ("1.", r"(?<![\w.])1\.,?\s*(?:and\s+)?2\.(?!\d)"),
    ("(a)", r"\(a\),?\s*(?:and\s+)?\(b\)"),
    ("a)", r"(?<![\w(])a\),?\s*(?:and\s+)?b\)"),
    ("a.", r"(?<![\w.])a\.,?\s*(?:and\s+)?b\.(?!\w)"),
    ("A)", r"(?<![\w(])A\),?\s*(?:and\s+)?B\)"),
    ("A.", r"(?<![\w.])A\.,?\s*(?:and\s+)?B\.(?!\w)"),
    ("i)", r"(?<![\w(])i\),?\s*(?:and\s+)?ii\)"),
    ("i.", r"(?<![\w.])i\.,?\s*(?:and\s+)?ii\.(?!\w)"),
    ("I)", r"(?<![\w(])I\),?\s*(?:and\s+)?II\)"),
    ("I.", r"(?<![\w.])I\.,?\s*(?:and\s+)?II\.(?!\w)"),
)
_SEQUENCE = compile_lazily("|".join(f"(?P<s{i}>{p})" for i, (_, p) in enumerate(_SEQUENCES)))
# The verb or noun of numbering that governs a shown sequence. "use" or
# "format" alone does not: "Use this structure: a) the problem, b) the fix"
# and "Format: 1. Name 2. Age" show a template, not a marker style.
_NUMBERING = compile_lazily(
    r"\b(?:number|numbered|numbering|label|labelled|labeled|letter|lettered|letters|"
    r"enumerate|enumerated|markers?|roman\s+numerals|numerals|(?:marker|numbering|list)\s+style|"
    r"(?:use|using|with)\s+(?:numbers|digits)|(?P<shown>use|using|with))\b"
)
# The labels of a quiz's options: the options sit under each question, whose
# own numbers are the top-level list the style would judge.
_OPTIONS = compile_lazily(r"\b(?:options?|choices?|answers?|alternatives?)\b")
_QUIZ = compile_lazily(r"\b(?:quiz\w*|questions?|multiple[\s-]choice|mcqs?)\b")
# How far the sequence may follow its numbering word: "number them 1), 2)",
# "use Roman numerals (I., II., III.)", "label the options (a), (b)".
_NEAR = 40
_QUOTED_SHORT = compile_lazily(
    r"([\"'`‘“])([^\w\s\"'`‘“’”]{1,3}|[\w]{1,4}[.)]|\(\w{1,4}\))([\"'`’”])"
)


def _readable(sentence: Sentence, text: str, original: str) -> str:
    """``text`` (masked) with short quoted markers ('-', '1)', '(a)') shown again."""
    for match in _QUOTED_SHORT.finditer(original):
        a, b = match.span(2)
        text = text[:a] + match.group(2) + text[b:]
    return text


# "Explain why guides use dashes for bullets": a topic, not a rule; "the old
# slides had bullets using '•'": a report of what another text was like
_TOPIC = compile_lazily(
    r"\b(?:why|how|whether|what|when|where|who)\b|"
    r"\b(?:the|my|our|his|her|their|its|last|old|previous)\s+(?:[\w-]+\s+){0,2}?(?:had|was|were|used)\b"
)


# One level of a nested outline: the items of the other levels take markers
# of their own, which one marker for every item fails
_ONE_LEVEL = compile_lazily(
    r"[\s.,)'\"’”]*(?:\w+[.)]\s*,?\s*){0,3}(?:\)\s*)?for\s+(?:the\s+)?(?:main|top|first|second|sub)"
    r"(?:[\s-]+level)?|[\s.,)'\"’”]*(?:\w+[.)]\s*,?\s*){0,3}(?:\)\s*)?for\s+(?:the\s+)?"
    r"(?:sub-?points|sub-?items|sub-?sections|sections|headings|sub-?bullets|nested)"
)


def _asked(sentence: Sentence, start: int) -> bool:
    return not _TOPIC.search(sentence.lower, 0, start) and required(sentence, start)


# What the style is for when it is not every list item of the answer: one
# list or section ("use dashes for bullets in the summary section"), a
# condition ("mark each item with a dash if it is done"), or things that are
# not the top-level items the style judges ("label the sections I., II.",
# "use a), b) for the sub-points", "number the chapters in the table of contents").
_NOT_ITEMS = (
    r"(?:sections?|chapters?|headings?|headers?|titles?|subtitles?|slides?|parts?\s+of\s+\S+|"
    r"sub[\s-]?(?:points?|items?|bullets?|steps?|lists?|questions?|sections?|headings?)|"
    r"nested\s+\w+|table\s+of\s+contents|toc)"
)
_SCOPED_AFTER = compile_lazily(
    r"^\s*,?\s*(?:if|when|unless|whenever|where|only\s+if|only\s+when)\b|"
    r"^\s*(?:in|for|under|inside|within)\s+(?:the|each|every|your|all|any|one)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:sections?|paragraphs?|intro\w*|conclusion|summary|"
    r"tables?|first|second|third|last|final|other|next|top|bottom|email|letter)\b"
)
_NOT_ITEMS_BEFORE = compile_lazily(
    rf"\b(?:the|each|every|all(?:\s+the)?|your)\s+(?:[\w-]+\s+)?{_NOT_ITEMS}\s*[(:]?\s*$"
)
# "with the sections labelled A. and B.": the things named before the numbering word
_NOT_ITEMS_LEAD = compile_lazily(rf"\b{_NOT_ITEMS}\s+(?:(?:are|be|is|should\s+be)\s+)?$")
# "use numbered sections with Roman numerals (I., II.)", "number the section
# headings with Roman numerals": the numerals are those things' own, named
# just before the numbering word with "with"/"in"/"using"
_NOT_ITEMS_WITH = compile_lazily(rf"\b{_NOT_ITEMS}\s+(?:with|in|using|by)\s+$")
_NOT_ITEMS_AFTER = compile_lazily(
    rf"^\s*(?:for|in|on|to)\s+(?:the\s+|each\s+|every\s+|all\s+(?:the\s+)?|your\s+)?"
    rf"(?:[\w-]+\s+)?{_NOT_ITEMS}\b"
    # "(I., II., III.) on the line above it", "… on a line of its own", "… as
    # headings": numbers on lines of their own, over the things, mark no list item
    r"|^\s*(?:(?:on|in)\s+(?:the|a|its|their)\s+(?:own\s+|separate\s+)?lines?\s+"
    r"(?:above|before|over|of\s+(?:its|their)\s+own)|(?:on|in)\s+(?:its|their)\s+own\s+lines?|"
    r"(?:above|over|before)\s+(?:it|each|them|every)|as\s+(?:a\s+)?(?:headings?|titles?|headers?))\b"
)


# The rest of a shown sequence: ", c)", ", III.", "and so on", "…"
_MORE_SHOWN = compile_lazily(
    r"^(?:\s*,?\s*(?:and\s+|or\s+)?(?:\(?[\w]{1,4}[.)]|…|\.\.\.|etc\.?|and\s+so\s+on))*\)?"
)


def _after(sentence: Sentence, lower: str, end: int) -> str:
    """What follows a marker named up to ``end``: the rest of its clause, read
    on into the next sentence where a marker's period split it ("Use I. and
    II. | for the two parts")."""
    rest = lower[end + _MORE_SHOWN.match(lower[end:]).end() :]  # type: ignore[union-attr]
    if rest.strip(" .") or not sentence.whole:
        return rest
    following = sentence.whole[sentence.start + len(sentence.masked) :].lstrip()
    return " " + following.lower() if following[:1].islower() else rest


def _scoped(sentence: Sentence, lower: str, end: int) -> bool:
    """Whether the style named up to ``end`` is for one part or a condition."""
    return bool(_SCOPED_AFTER.match(_after(sentence, lower, end)))


def _bullet(match: re.Match[str]) -> str:
    name = match["bname"].lower().strip()
    name = re.sub(r"^(?:a|an|the)\s+", "", name).strip("\"'`‘“’”")
    if name in _BULLET_NAMES or name in "-*+•":
        return _BULLET_NAMES.get(name, name)
    for key, mark in _BULLET_NAMES.items():
        if name.startswith(key):
            return mark
    return _BULLET_NAMES["dash"]


def list_markers(sentence: Sentence) -> Iterator[Hit]:
    """ "Use dashes for bullets", "number them 1), 2), 3)", "Roman numerals (I., II., III.)"."""
    lower = _readable(sentence, sentence.lower, sentence.original)
    for pattern in _BULLET_PATTERNS:
        for match in pattern.finditer(lower):
            each = match.groupdict().get("each")
            if _scoped(sentence, lower, match.end()):
                continue
            if _asked(sentence, match.start()) or (each and _asked(sentence, match.start("each"))):
                yield Hit(ListMarker(marker=_bullet(match)), *match.span())  # type: ignore[arg-type]
                return
    cased = _readable(sentence, sentence.masked, sentence.original)
    for match in _SEQUENCE.finditer(cased):
        style = next(_SEQUENCES[i][0] for i in range(len(_SEQUENCES)) if match[f"s{i}"])
        if style == "1.":
            # "numbered steps: 1., 2., 3." shows a numbered list, markdown's own
            # numbering, not a marker style kept apart from "1)"
            continue
        lead = first = None
        for found in _NUMBERING.finditer(lower, 0, match.start()):
            lead = found
            if re.search(r"[;.!?]\s", lower[found.end() : match.start()]) is None:
                first = first or found  # the clause's first: "Number the steps with i), ii)"
        if lead is None or re.search(r"[;.!?]\s", lower[lead.end() : match.start()]):
            continue
        if match.start() - lead.end() > _NEAR:
            continue  # a numbering word far from the sequence governs something else
        if lead["shown"] and lower[lead.end() : match.start()].strip(" '\"`‘“"):
            continue  # "use a), b), c)" names the style; "use this outline: a) …" a template
        if _OPTIONS.search(lower, max(0, lead.start() - 30), match.end() + 30) and _QUIZ.search(
            lowered(sentence.whole)
        ):
            continue  # a quiz's options under numbered questions: a sub-list's labels
        if _ONE_LEVEL.match(lower, match.end()):
            continue  # "Roman numerals (I., II.) for main sections, a., b. for subpoints"
        at = (first or lead).start()
        if _NOT_ITEMS_LEAD.search(lower, 0, lead.start()) or _NOT_ITEMS_WITH.search(
            lower, 0, lead.start()
        ):
            continue  # "the sections labelled A. and B.": not the list items
        if _NOT_ITEMS_BEFORE.search(lower, (first or lead).end(), match.start()) or (
            _NOT_ITEMS_AFTER.match(_after(sentence, lower, match.end()))
            or _scoped(sentence, lower, match.end())
        ):
            continue  # "label the sections I., II.": not the answer's list items
        if _asked(sentence, at):
            yield Hit(ListMarker(marker=style), at, match.end())  # type: ignore[arg-type]
            return


class _ListMarkers(Family):
    name = "list_markers"
    specs = (ListMarker,)
    rules: ClassVar[tuple[Rule, ...]] = (list_markers,)
    edits: ClassVar[tuple[RepairOp, ...]] = (SET_MARKERS,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, ListMarker)
        judged = judged_items(spec, text)
        off = [item for item in judged if not keeps_marker(spec, item[2])]
        data: dict[str, Any] = {
            "items": len(judged),
            "off": len(off),
            "found": [f"{item[2]} {item[3]}"[:80] for item in off[:SHOWN]],
        }
        kind = "bullet" if spec.marker in BULLETS else "numbered"
        return every_unit_outcome(
            self,
            spec,
            text,
            unit=f"{kind} list items",
            total=len(judged),
            off=len(off),
            data=data,
            breaking="use another marker",
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, ListMarker)
        judged = judged_items(spec, text)
        off = [item for item in judged if not keeps_marker(spec, item[2])]
        if spec.marker in BULLETS:
            how = f"Start every bullet with {spec.marker!r} and a space."
        else:
            first = ", ".join(m for m in (ordinal_marker(spec.marker, n) for n in (1, 2, 3)) if m)
            how = f"Number every item in the style {first} …"
        if not judged:
            said = how[0].lower() + how[1:]
            return f"Your answer has no list items of that kind. Write the list; {said}"
        used = sorted({item[2] for item in off})
        shown = ", ".join(repr(m) for m in used[:SHOWN])
        return f"{len(off)} of your {len(judged)} list items use another marker ({shown}). {how}"

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, ListMarker)
        return {"op": SET_MARKERS.name, "marker": spec.marker}


LIST_MARKERS = _ListMarkers()
