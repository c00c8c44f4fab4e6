"""Marked spans and numbered sections: placeholders in square brackets,
highlighted (bold or italic) spans, and sections begun by a marker line.

Measured exactly: a placeholder is ``[text]`` on one line that is not a
markdown link; a highlight is a ``**bold**`` or ``*italic*`` span, each
counted once; a section is a line starting with its marker and a number
(``SECTION 1``, ``Section II``; case-insensitive, markdown ``#``/``*``
allowed before it). Read from "at least 3 placeholders", "highlight at
least 2 sections with markdown", "at least 3 highlighted parts" and "your
response must have 3 sections. Mark the beginning of each section with
SECTION X" (sections only with a stated marker).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._base import FamilyCount, FamilySpec
from redraft.criteria._families._count_context import after_ok
from redraft.criteria._families._count_report import TallyFamily
from redraft.criteria._families._counted import Unit, UnitCounts, typed_hit
from redraft.criteria._families._number_of import NumberOf, Tally
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import THING, Hit, Rule, Sentence, response_context, searched
from redraft.criteria._spec_base import Relation

__all__ = [
    "HIGHLIGHTS",
    "PLACEHOLDERS",
    "SECTIONS",
    "HighlightCount",
    "PlaceholderCount",
    "SectionCount",
]


class SectionCount(FamilyCount):
    """Sections, each begun by a line starting with ``marker`` and a number
    (``SECTION 1``, ``Section II``; case-insensitive, markdown ``#``/``*`` allowed)."""

    kind: Literal["section_count"] = "section_count"
    marker: str = Field(default="SECTION", min_length=1, max_length=40, pattern=r"^[^\s]+$")
    unit: ClassVar[tuple[str, str]] = ("section", "sections")


class PlaceholderCount(FamilyCount):
    """Placeholders in square brackets such as ``[address]`` (links excluded)."""

    kind: Literal["placeholder_count"] = "placeholder_count"
    unit: ClassVar[tuple[str, str]] = ("placeholder", "placeholders")


class HighlightCount(FamilyCount):
    """Markdown highlighted spans: ``*text*`` or ``**text**``."""

    kind: Literal["highlight_count"] = "highlight_count"
    unit: ClassVar[tuple[str, str]] = ("highlighted section", "highlighted sections")


def _highlight_count(relation: Relation, value: int) -> HighlightCount:
    return HighlightCount(relation=relation, value=value)


def _placeholders(relation: Relation, value: int, sentence: Sentence) -> FamilySpec:
    return PlaceholderCount(relation=relation, value=value)


def _highlights(relation: Relation, value: int, sentence: Sentence) -> FamilySpec:
    return HighlightCount(relation=relation, value=value)


placeholder_counts = UnitCounts((Unit(r"placeholders?", _placeholders),))
placeholder_tallies = NumberOf(
    (Tally(r"placeholders?", lambda r, v: PlaceholderCount(relation=r, value=v)),)
)
highlight_counts = UnitCounts(
    (
        Unit(
            r"(?:italic(?:i[sz]ed)?|highlighted|bold(?:ed)?)\s+(?:text\s+)?"
            r"(?:sections?|phrases?|parts?)",
            _highlights,
            bare_at_least=True,
        ),
    )
)

_HIGHLIGHTED = (
    r"(?:sections?|parts?|phrases?|words?|sentences?|points?|passages?|keywords?|terms?|ideas?|"
    r"facts?)"
)
_HIGHLIGHT = compile_lazily(
    r"\b(?:highlight|italici[sz]e|bold|embolden)(?:\s*/\s*(?:highlight|italici[sz]e|bold))?\s+"
    rf"(?P<rel>{RELATION})\s+(?P<num>{NUMBER})\s+(?:\w+\s+)?{_HIGHLIGHTED}\b|"
    rf"\b(?P<rel2>{RELATION})\s+(?P<num2>{NUMBER})\s+(?:\w+\s+)?{_HIGHLIGHTED}\s+(?:should|must)\s+"
    r"be\s+(?:highlighted|italici[sz]ed|bolded|in\s+italics)\b"
)


# "highlight some key parts": at least one
_HIGHLIGHT_SOME = compile_lazily(
    r"\b(?:highlight|italici[sz]e|bold|embolden)\s+(?:some|several|a\s+few)\s+(?:\w+\s+){0,2}?"
    rf"{_HIGHLIGHTED}\b"
)


# Things of the answer to set in bold or italics: "include the Swahili words in
# bold", "give the French phrase in italics", "bold the quantities",
# "include at least one Latin term in italics": at least one highlighted span.
# Not "each name in bold" (as many as there are names, which no count states).
_MARKED_THINGS = (
    r"(?:words?|phrases?|terms?|names?|quantities|numbers|amounts|keywords?|key\s+points|"
    r"translations?|expressions?|verbs|nouns|adjectives|dates|figures|answers?|concepts|"
    r"ingredients|measurements)"
)
_WHICH = (
    r"(?!each\b|every\b)(?:(?:the|all(?:\s+(?:of\s+)?the)?|any|at\s+least\s+(?:one|a)|one|a|an|"
    r"some|key|important|main)\s+)?(?:(?!each\b|every\b)[\w'-]+\s+){0,2}?"
)
# The verb opens a directive of the speaker's: not "why writers put terms in italics"
_DIRECTIVE_BEFORE = compile_lazily(
    r"(?:^|[,;:(]|\b(?:please|and|also|then|just|to|you|must|should|always|but|so))\s*$"
)
_IN_BOLD = compile_lazily(
    r"\b(?:put|give|write|include|show|format|set|mark|present|type|display|provide|use|list)\s+"
    rf"{_WHICH}{_MARKED_THINGS}\s+(?:in|using)\s+(?:bold|italics?|bold\s+(?:type|text|font)|"
    r"italic\s+(?:type|text|font))\b|"
    rf"\b(?:bold|italici[sz]e|embolden)\s+{_WHICH}{_MARKED_THINGS}\b"
)


# Where "at least one" would not be the whole of it: a mark for each part or
# each occurrence ("bold the first word of each bullet", "bold her name every
# time it appears", "for each, give the name in bold"), a count read beside
# it ("the keywords in bold, at most three of them"), or one named person's
# name ("bold her name": words in a style, not a count).
_EACH_AFTER = compile_lazily(
    r"^\s*(?:of|in|on|from|for|under|at\s+the\s+(?:start|end)\s+of)\s+(?:each|every|all)\b|"
    r"^[^.;]{0,40}\b(?:every\s+time|each\s+time|whenever|wherever|each\s+occurrence|"
    r"every\s+occurrence|throughout|per\s+\w+)\b|"
    r"^[^.;]{0,25}\b(?:at\s+most|no\s+more\s+than|up\s+to|exactly|not\s+more\s+than|"
    r"at\s+least|only)\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b"
)
_EACH_BEFORE = compile_lazily(r"\b(?:for|in|under)\s+(?:each|every)\b|\beach\s+one\b")
_SOMEONES = compile_lazily(r"\b(?:her|his|their|its|my|our)\s+(?:full\s+)?names?\b")


def _one_at_least(sentence: Sentence, match: re.Match[str], counted: list[re.Match[str]]) -> bool:
    text = sentence.lower
    if any(match.start() < c.end() and c.start() < match.end() for c in counted):
        return False  # "bold exactly two words": the count says it
    if _EACH_AFTER.match(text[match.end() :]) or _SOMEONES.search(match.group(0)):
        return False
    return not _EACH_BEFORE.search(text, 0, match.start())


def highlight_verbs(sentence: Sentence) -> Iterator[Hit]:
    """ "Highlight at least 2 sections", "at least 3 phrases should be in italics",
    "highlight some key parts" (at least one)."""
    counted = list(_HIGHLIGHT.finditer(sentence.lower))
    marked = [
        m
        for m in _IN_BOLD.finditer(sentence.lower)
        if _DIRECTIVE_BEFORE.search(sentence.lower, 0, m.start())
        and _one_at_least(sentence, m, counted)
    ]
    for match in [*_HIGHLIGHT_SOME.finditer(sentence.lower), *marked]:
        if response_context(sentence, match.start()):
            yield from typed_hit(_highlight_count, "at_least", 1, match.span())
    for match in counted:
        if response_context(sentence, match.start()):
            relation, adjust = relation_of(match.group("rel") or match.group("rel2"))
            value = number_value(match.group("num") or match.group("num2"))
            if value is not None:
                yield from typed_hit(_highlight_count, relation, value + adjust, match.span())


_SECTION_COUNT = compile_lazily(
    r"\b(?:have|has|contain|contains|with|in|into|of|be|write|include|includes|including|"
    r"divided\s+into|split\s+into|organi[sz]ed\s+into)\s+"
    rf"(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER})\s+(?:sections?|parts?)\b"
    # "a 4 section resume": the thing to write, counted in sections
    rf"|\b(?:a|an)\s+(?P<compound>{NUMBER})[-\s](?:section|part)\s+(?:[\w-]+\s+){{0,2}}?{THING}\b"
)
_PLACEHOLDER = r"\s+(?:X|N|\d+|#|\{[^}]*\})"
_SECTION_MARKER = compile_lazily(
    r"(?:mark|label|begin|start)\s+(?:the\s+beginning\s+of\s+)?each\s+(?:section|part)\s+with\s+"
    r"(?:the\s+word\s+)?"
    rf"[\"'“‘]?(?P<marker>[A-Za-z][\w.]*){_PLACEHOLDER}"
    # "4 sections marked with SECTION X", "each section should start with 'Section X'",
    # "marking the beginning of each section with 'SECTION X'"
    r"|\b(?:sections?|parts?)\b[^.;\n]{0,40}?\b(?:marked|marking|noted|labell?ed|starting|"
    r"start|starts|beginning|begin|begins|headed|titled)(?:\s+the\s+beginning\s+of\s+each\s+"
    r"(?:section|part))?\s+(?:with|as|by)\s+(?:the\s+word\s+)?"
    rf"[\"'“‘]?(?P<named>[A-Za-z][\w.]*){_PLACEHOLDER}"
    # "two sections: 'SECTION 1' and 'SECTION 2'", "two sections (Section 1 and Section 2)"
    r"|\bsections?\s*[:(]\s*[\"'“‘]?(?P<first>[A-Za-z][\w.]*)\s+1\b"
    # "Mark each part 'SECTION 1', 'SECTION 2' and so on", "Label rounds 'Round 1', …"
    r"|\b(?:mark|label|number|head)\s+(?:each|the|all)?\s*(?:of\s+the\s+)?(?:sections?|parts?|"
    r"rounds?|stages?|phases?|chapters?)\s+(?:as\s+|with\s+)?[\"'“‘](?P<listed>[A-Za-z][\w.]*)\s+1\b"
    # "Use 'Section 1', 'Section 2', etc. to mark each part"
    r"|\buse\s+[\"'“‘](?P<used>[A-Za-z][\w.]*)\s+1[\"'”’]\s*,(?:[^.;\n]|(?<=etc)\.){0,40}?\bto\s+(?:mark|label|"
    r"head|number|start|begin)\b",
    re.IGNORECASE,
)
_MARKER_GROUPS = ("marker", "named", "first", "listed", "used")
# What may follow the count when it names the marker next: "4 sections marked with …",
# "at least 4 sections with each section starting with Section X".
_MARKER_AFTER = compile_lazily(
    r"^\s*,?\s*(?:and\s+|with\s+)?(?:each\s+(?:section|part|one)\s+)?(?:\(|:|should|must|is\s+|"
    r"marked|marking|noted|labell?ed|starting|beginning|headed|titled|explicitly)"
)


@functools.lru_cache(maxsize=4)
def _marker_in_whole(whole: str) -> re.Match[str] | None:
    # Every sentence of a prompt shares one ``whole``: searched once, not once
    # per sentence (which made compiling a long prompt quadratic). The
    # original text: a marker is often quoted ("SECTION X").
    return searched(_SECTION_MARKER, whole)


def names_section_marker(full: str) -> bool:
    """Whether a prompt names a section marker ("SECTION X"): its sections are
    counted by the marker, not as paragraphs between dividers."""
    return _marker_in_whole(full) is not None


def _section_count(marker: str, relation: Relation, value: int) -> SectionCount:
    return SectionCount(relation=relation, value=value, marker=marker)


def sections(sentence: Sentence) -> Iterator[Hit]:
    """ "Your response must have 3 sections. Mark the beginning of each
    section with SECTION X": only with a stated marker can sections be counted."""
    marker = _SECTION_MARKER.search(sentence.original) or _marker_in_whole(sentence.full)
    if marker is None:
        return
    name = next(marker.group(g) for g in _MARKER_GROUPS if marker.group(g))
    yield from _marker_units(sentence, name)
    for match in _SECTION_COUNT.finditer(sentence.lower):
        start = match.start("compound") if match.group("compound") else match.start()
        after = sentence.lower[match.end() :]
        if not response_context(sentence, start):
            continue
        if not match.group("compound") and not (
            _MARKER_AFTER.match(after) or after_ok(sentence, match.end())
        ):
            continue
        value = number_value(match.group("num") or match.group("compound"))
        relation: Relation = "exactly"
        if match.group("rel"):
            relation, adjust = relation_of(match.group("rel"))
            value = None if value is None else value + adjust
        if value is not None:
            build = functools.partial(_section_count, name)
            yield from typed_hit(build, relation, value, match.span())


def _marker_units(sentence: Sentence, name: str) -> Iterator[Hit]:
    """ "split into 3 rounds of 5" where the marker is 'Round 1': the
    sections are counted by the marker's own noun."""
    noun = name.lower()
    if noun in ("section", "part"):
        return
    counted = re.search(
        r"\b(?:into|in|have|with|write|make|give|of|across)\s+"
        rf"(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER})\s+{re.escape(noun)}s?\b",
        sentence.lower,
    )
    if counted is None or not response_context(sentence, counted.start()):
        return
    value = number_value(counted.group("num"))
    relation: Relation = "exactly"
    if counted.group("rel"):
        relation, adjust = relation_of(counted.group("rel"))
        value = None if value is None else value + adjust
    if value is not None:
        yield from typed_hit(
            functools.partial(_section_count, name), relation, value, counted.span()
        )


class _Placeholders(TallyFamily):
    name = "placeholders"
    specs = (PlaceholderCount,)
    rules: ClassVar[tuple[Rule, ...]] = (placeholder_counts, placeholder_tallies)

    def count(self, spec: Any, text: str) -> int:
        return len(measure.placeholders(text))

    def written_as(self, spec: Any) -> str:
        return " in square brackets, like [name]"


class _Highlights(TallyFamily):
    name = "highlights"
    specs = (HighlightCount,)
    rules: ClassVar[tuple[Rule, ...]] = (highlight_counts, highlight_verbs)

    def count(self, spec: Any, text: str) -> int:
        return len(measure.highlights(text))

    def written_as(self, spec: Any) -> str:
        return ", each wrapped in asterisks, like *this*"


class _Sections(TallyFamily):
    name = "sections"
    specs = (SectionCount,)
    rules: ClassVar[tuple[Rule, ...]] = (sections,)

    def count(self, spec: Any, text: str) -> int:
        return measure.sections(text, spec.marker)

    def written_as(self, spec: Any) -> str:
        return f', each starting on a line "{spec.marker} 1", "{spec.marker} 2", …'


PLACEHOLDERS = _Placeholders()
HIGHLIGHTS = _Highlights()
SECTIONS = _Sections()
