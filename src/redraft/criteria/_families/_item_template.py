"""Item template: every item (or line) of the answer follows a stated
template, such as "Term — definition", "Name: <name>, Age: <age>" or
"N% — Category".

"Format each item as 'Language — word'", "each line in the form
'Name: <name>, Age: <age>'", "one per line, as 'city: country'". The
template is read exactly: its free parts are placeholders and the rest is
literal. Where the template marks its free parts (``<name>``, ``[name]``,
``{name}``, ``…``, ``...``), everything else, words included, is literal
("Name: …" needs the word "Name"); where it marks none, every run of
letters and digits is a placeholder and only its punctuation is literal
("Term — definition" needs text, a "—", and text). A template with no
literal part (two words alone) is no template and compiles nothing.

Measured exactly: the units are the answer's list items (the text after a
``-``, ``*``, ``+``, ``1.`` or ``1)`` marker) where it has any, else its
non-empty lines; each unit must match the template whole, a placeholder
standing for any non-empty text, whitespace around the literal parts free.
No repair: filling a template needs the writer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._bare_template import BARE_LEAD, bare_template, states_condition
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._grammar import NUMBER
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import (
    NEGATION,
    Hit,
    Rule,
    Sentence,
    clause_start,
    lowered,
    response_context,
    searched,
    sentence_blocked,
)

__all__ = ["ITEM_TEMPLATE", "ItemTemplate", "list_units", "template_pattern", "template_units"]

_MARKED = compile_lazily(r"<[^<>\n]{1,40}>|\[[^\[\]\n]{1,40}\]|\{[^{}\n]{1,40}\}|…|\.\.\.")
_WORDS = compile_lazily(r"[^\W_]+(?:[\s'’-]+[^\W_]+)*")


@cache
def template_pattern(template: str) -> re.Pattern[str] | None:
    """The pattern a unit must match whole; None where the template has no
    literal part."""
    holes = _MARKED if _MARKED.search(template) else _WORDS
    parts: list[str] = []
    literal = ""
    at = 0
    for match in holes.finditer(template):
        literal += template[at : match.start()]
        parts.append(_literal(literal))
        parts.append(r"\S(?:.*?\S)?")
        literal = ""
        at = match.end()
    literal += template[at:]
    parts.append(_literal(literal))
    if not "".join(holes.split(template)).strip():
        return None
    return compile_lazily(r"\s*" + "".join(parts) + r"\s*", re.DOTALL)


def _literal(text: str) -> str:
    # Whitespace in a literal part is free: "Name:  Ada" fits "Name: <name>".
    pieces = [re.escape(piece) for piece in text.split()]
    if not pieces:
        return r"\s*"
    return r"\s*" + r"\s*".join(pieces) + r"\s*"


class ItemTemplate(FamilySpec):
    """Every list item of the answer (every non-empty line where it has no
    list) matches ``template``."""

    kind: Literal["item_template"] = "item_template"
    template: str = Field(min_length=2, max_length=120)

    @field_validator("template")
    @classmethod
    def _readable(cls, value: str) -> str:
        value = value.strip()
        if "\n" in value:
            raise ValueError("a template is one line")
        if template_pattern(value) is None:
            raise ValueError("the template has no literal part to check")
        return value

    def describe(self) -> str:
        return f"every item follows the template {self.template!r}"


_ITEM = compile_lazily(r"^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+(?P<rest>\S.*)$", re.MULTILINE)
_RULE = compile_lazily(r"^[ \t]*(?:[-*_][ \t]*){3,}$")


def template_units(text: str) -> list[str]:
    """The list items of ``text``, or its non-empty lines where it has none."""
    items = [m.group("rest").strip() for m in _ITEM.finditer(text) if not _RULE.match(m.group(0))]
    if items:
        return items
    return [line.strip() for line in text.splitlines() if line.strip()]


def list_units(text: str) -> list[str]:
    """The items of ``text`` as :func:`template_units` reads them, or, where
    the answer is one line holding a comma-separated list ("Argentina,
    Bolivia and Peru"), that list's items."""
    units = template_units(text)
    if len(units) != 1 or "," not in units[0]:
        return units
    parts = [_JOINED.sub("", p.strip()) for p in re.split(r"[,;]", units[0].rstrip(". "))]
    parts = [p for p in parts if p]
    return parts if len(parts) >= 2 else units


_JOINED = compile_lazily(r"^(?:and|or|&)\s+")


def _misfits(spec: ItemTemplate, text: str) -> tuple[list[str], list[str]]:
    pattern = template_pattern(spec.template)
    assert pattern is not None
    units = template_units(text)
    return units, [unit for unit in units if pattern.fullmatch(unit) is None]


# -- reading the request ----------------------------------------------------------

_UNIT = r"(?:line|item|bullet|entry|row|point|pair|tip|step|answer|definition|term|option)"
_QUOTE = r"""(?P<q>['"“‘`])"""
_AS = (
    r"(?:as|like|in\s+the\s+(?:form|format)(?:\s+of)?|(?:formatted|written)\s+as|"
    r"(?:should|must)\s+(?:be|look\s+like|follow|read)|following)"
)
_REQUESTS = (
    # "Format each item as 'X — Y'", "each line in the form 'Name: <name>'"
    compile_lazily(rf"\b(?P<at>(?:format\s+)?(?:each|every)\s+{_UNIT}\s+{_AS})\s*:?\s*{_QUOTE}"),
    # "Format: 'Language — word'", "use the format 'Q: … A: …' for each item"
    compile_lazily(rf"\b(?P<at>(?:use\s+the\s+)?format(?:ted)?(?:\s+as)?)\s*:?\s*{_QUOTE}"),
    # "one per line, as 'city: country'", "output as 'language: phrase' pairs, one per line",
    # "answer as 'Setting — value' pairs", "list exercises in the form 'Exercise - sets x reps'"
    compile_lazily(
        r"\b(?P<at>(?:output|write|list|give|present|answer|reply|respond)\s+"
        r"(?:(?!(?:a|an|one)\s)\w+\s+){0,2}?"
        rf"(?:as|like|in\s+the\s+(?:form|format)(?:\s+of)?))\s*{_QUOTE}"
    ),
    # "format each as 'Name: m:ss'", "… — each as 'Label: value'", "give each
    # exercise a line like 'Heel raises — 3 sets of 10'"
    compile_lazily(
        rf"(?:\bformat\s+|(?:^|[,;:\u2014\u2013]\s*))(?P<at>(?:each|every)(?:\s+one)?\s+as)\s*{_QUOTE}"
        rf"|\b(?P<at2>give\s+(?:each|every)\s+[a-z]+\s+(?:a|its\s+own)\s+line\s+"
        rf"(?:like|as|in\s+the\s+form))\s*{_QUOTE.replace('q>', 'q2>')}"
    ),
)
# The template named with the lines it makes: "write the facts as 'Label:
# value' lines", "as 'Language: word' pairs, one per line".
_AS_LINES = compile_lazily(
    r"\b(?P<at>(?:output|write|list|give|present|answer|reply|respond|put)\b[^.;:'\"“‘`\n]{0,60}?"
    rf"\b(?:as|like))\s*{_QUOTE}"
)
_LINES_AFTER = compile_lazily(
    r"^\s*(?:lines|pairs|entries|items|bullets|rows)\b|^\s*(?:,\s*)?(?:one\s+)?per\s+line\b"
)
# An unquoted key=value shape: "format KEY=value", "as key=value lines"
_KEY_VALUE = compile_lazily(
    r"\b(?P<at>format|as|in)\s+(?P<t>[a-z_]+=[a-z_]+)(?:\s+(?:lines|pairs|format))?(?=\s*(?:[,.;]|$))",
    re.IGNORECASE,
)
# The template is of each item: "one per line", "each …", or the answer is a list
_PER_UNIT = compile_lazily(
    rf"\b(?:one|each|every)\s+(?:\w+\s+)?(?:per|{_UNIT})\b|\bper\s+line\b|"
    r"\b(?:as|in)\s+a\s+(?:\w+\s+)?(?:list|checklist)\b"
)
_CLOSE = {"'": "'’", '"': '"', "“": "”", "‘": "’'", "`": "`"}
_OTHER_TARGET = compile_lazily(
    r"\b(?:title|heading|subject\s+line|file\s*name|name\s+of|date|header|footer|signature)\b"
)


def _template_at(original: str, start: int, quote: str) -> tuple[str, int] | None:
    closing = _CLOSE[quote]
    end = next((i for i in range(start, len(original)) if original[i] in closing), -1)
    if end < 0 or "\n" in original[start:end]:
        return None
    # "'30% — Rent'": an apostrophe inside a word is not the closing quote
    while quote in "'‘" and end + 1 < len(original) and original[end + 1].isalpha():
        nxt = next((i for i in range(end + 1, len(original)) if original[i] in closing), -1)
        if nxt < 0:
            return None
        end = nxt
    return original[start:end], end + 1


# "Format: word — definition." as a sentence of its own, unquoted: lowercase
# words standing for the parts, a mark between them
_BARE_FORMAT = compile_lazily(
    r"^\s*(?i:format|each\s+(?:line|item|entry))\s*:\s*"
    r"(?P<t>[a-z]+(?:\s[a-z]+){0,2}(?:\s*:|\s+[—–|=-])\s+[a-z]+(?:\s[a-z]+){0,2})\s*\.?\s*$"
)
# several things asked for: "Write 10 vocabulary words", "list 5 idioms"
_SEVERAL = compile_lazily(rf"\b{NUMBER}\s+(?:[\w-]+\s+){{0,3}}?[a-z]+s\b")


# Each unit on a line of its own, named right before the template: "one per
# line, formatted as '…'", "each on its own line as '…'", "5 lines, each '…'",
# "each line exactly in the form '…'". The template is of every line.
_OWN_LINE = (
    r"(?:one\s+(?:[a-z]+\s+)?per\s+line|one\s+line\s+(?:per|for\s+each)\s+[a-z]+|lines?,\s+each|(?:each|every)\s+(?:line|item|entry|row|bullet|card)"
    r"|(?:each|every)(?:\s+(?!line\b)[a-z]+)?\s+(?:goes\s+)?on\s+"
    r"(?:(?:its|their)\s+own|one|a\s+(?:separate|new|single))\s+line)"
)
_LINE_AS = (
    r",?\s+(?:(?:exactly|formatted|written|shown|set\s+out)\s+){0,2}"
    r"(?:(?:as|like|in\s+the\s+(?:form|format)(?:\s+of)?)\s+)?:?\s*"
)
_PER_LINE = compile_lazily(rf"\b(?P<at>{_OWN_LINE}){_LINE_AS}{_QUOTE}")
# Unquoted, only the plainest shape: a capitalised (or bold) word standing for
# a part, a dash, bar or equals sign, a word for the other part, and the
# clause ends ("Format each one as **Term** — definition (…)", "… on its own
# line as Name — URL.").
_UNQUOTED = compile_lazily(
    rf"\b(?P<at>(?i:{_OWN_LINE}|format\s+(?:each|every)\s+(?:one|[a-z]+)))\s+(?:as|like)\s+"
    r"(?P<t>(?:\*\*)?[A-Z][a-z]*(?:\*\*)?\s+[—–|=]\s+[A-Za-z]+)(?=\s*(?:[(,.;]|$))"
)
# A template opening with the item's number or marker ("N. Language —
# reason", "- [ ] item"): the measure reads each item after its marker, so
# that part could never match.
_NUMBERED = compile_lazily(r"^\s*(?:(?:[A-Za-z#]|\d{1,3})[.)]|[-*+•])\s")
# "£N,NNN.NN", "4,879 km": a thousands comma only numbers of four digits
# have; as a literal part it would fail "£400.00", which the request allows.
# "item .... $price": dot leaders, not a free part ("..." marks one).
_UNREADABLE = compile_lazily(
    r"(?<![A-Za-z\d])(?:[NX#]{1,3},[NX#]{3}|\d{1,3},\d{3})(?![A-Za-z\d])|\.{4}"
)
# After the quote: one of several ("'R:' or 'J:'"), a part of the line ("…
# at the start"), a loose example ("'A - Aardvark' style").
_NOT_WHOLE = compile_lazily(
    r"^\s*(?:,\s*)?(?:or|and|/|at\s+the\s+(?:start|end|beginning)|style|etc|type|kind|sort)\b"
)
# "My list has each line formatted as '…'": a description of something else.
_DESCRIBES = compile_lazily(r"\b(?:has|have|had|is|are|was|were)\s+$")


def _own_line_hits(sentence: Sentence) -> Iterator[Hit]:
    """The template of every line, named by its own-line unit."""
    text = sentence.lower
    found: list[tuple[int, int, str]] = []
    for match in _PER_LINE.finditer(text):
        read = _template_at(sentence.original, match.end("q"), match.group("q"))
        if read is not None and not _NOT_WHOLE.match(text[read[1] :]):
            found.append((match.start("at"), read[1], read[0]))
    for match in _UNQUOTED.finditer(sentence.original):
        found.append((match.start("at"), match.end("t"), match.group("t")))
    for start, end, template in found:
        if _NUMBERED.match(template) or _UNREADABLE.search(template):
            continue
        if _OTHER_TARGET.search(text[:start]):
            continue
        if sentence_blocked(sentence, start) or _DESCRIBES.search(text[:start]):
            continue
        # "(no cups or ounces), one per line, each line formatted as '…'": the
        # unit opens an item of its own after a comma; a negation before is another's
        comma = text.rfind(",", 0, start) + 1
        item = comma if comma and not text[comma:start].strip() else clause_start(text, start)
        if NEGATION.search(text[item:start]):
            continue
        try:
            spec = ItemTemplate(template=template)
        except ValueError:
            continue
        yield Hit(spec, start, end)
        return


def _bare_hits(sentence: Sentence) -> Iterator[Hit]:
    """An unquoted template of every line (:mod:`._bare_template`)."""
    for lead in BARE_LEAD.finditer(sentence.original):
        read = bare_template(sentence.original, lead.end())
        if read is None or _OTHER_TARGET.search(sentence.lower[: lead.start()]):
            continue
        if _DESCRIBES.search(sentence.lower[: lead.start()]):
            continue
        if response_context(sentence, lead.start()):
            yield from _hit(read[0], lead.start(), read[1])
            return


def item_template(sentence: Sentence) -> Iterator[Hit]:
    """ "Format each item as 'Term — definition'"."""
    if sentence.original.rstrip().endswith("?"):
        return
    own = next(_own_line_hits(sentence), None) or next(_bare_hits(sentence), None)
    if own is not None:
        yield own
        return
    bare = _BARE_FORMAT.match(sentence.original)
    if (
        bare is not None
        and searched(_SEVERAL, lowered(sentence.whole))
        and not states_condition(bare.group("t"))  # "Each line: short — no spoilers."
    ):
        try:
            spec = ItemTemplate(template=bare.group("t"))
        except ValueError:
            return
        yield Hit(spec, bare.start(), bare.end("t"))
        return
    yield from _more_requests(sentence)


def _more_requests(sentence: Sentence) -> Iterator[Hit]:
    """The requests :data:`_REQUESTS` reads, then a template named with the
    lines it makes and an unquoted ``key=value``."""
    text = sentence.lower
    for index, request in enumerate(_REQUESTS):
        for match in request.finditer(text):
            if match.groupdict().get("at2"):
                found = _template_at(sentence.original, match.end("q2"), match.group("q2"))
                if found is not None and response_context(sentence, match.start("at2")):
                    yield from _hit(found[0], match.start("at2"), found[1])
                    return
                continue
            # read unmasked: a colon inside the template may mask what follows as material
            per_unit = _PER_UNIT.search(sentence.original.lower())
            listing = (index == 2 and re.match(r"list\b", text[match.start("at") :])) or (
                index == 3 and (re.match(r"format\s", text[match.start() :]) or "lines" in text)
            )
            # the unit after the verb: "answer as '…'" names no unit
            unit = re.search(rf"\b{_UNIT}\b", match.group("at").split(None, 1)[-1])
            if index and not per_unit and not listing and not unit:
                continue  # "format: 'X — Y'" alone may be the answer's one line
            if _OTHER_TARGET.search(text[: match.start("q")]):
                continue
            found = _template_at(sentence.original, match.end("q"), match.group("q"))
            if found is None or not response_context(sentence, match.start("at")):
                continue
            template, end = found
            if index == 3 and (_NUMBERED.match(template) or not _CLAUSE_ENDS.match(text, end)):
                continue  # "format each as 'Q:' line followed by …": a part of each
            try:
                spec = ItemTemplate(template=template)
            except ValueError:
                continue
            yield Hit(spec, match.start(), end)
            return
    for match in _AS_LINES.finditer(text):
        found = _template_at(sentence.original, match.end("q"), match.group("q"))
        if found is None or not _LINES_AFTER.match(text[found[1] :]):
            continue
        if _OTHER_TARGET.search(text[: match.start("q")]) or not response_context(
            sentence, match.start("at")
        ):
            continue
        yield from _hit(found[0], match.start("at"), found[1])
        return
    for match in _KEY_VALUE.finditer(sentence.original):
        if response_context(sentence, match.start("at")) or _listed_item(sentence, match):
            yield from _hit(match.group("t"), match.start("at"), match.end())
            return


def _listed_item(sentence: Sentence, match: re.Match[str]) -> bool:
    """ "…, each UPPER_SNAKE_CASE, format KEY=value, no comments": an item of
    a list of rules after a request."""
    text = sentence.lower
    return (
        match.group("at").lower() == "format"
        and text[: match.start("at")].rstrip().endswith(",")
        and not sentence_blocked(sentence, match.start("at"))
        and response_context(sentence, 0)
    )


_CLAUSE_ENDS = compile_lazily(r"\s*(?:$|[.;,!]|\((?:e\.g|for\s+example))")


def _hit(template: str, start: int, end: int) -> Iterator[Hit]:
    if _NUMBERED.match(template) or _UNREADABLE.search(template):
        return
    try:
        spec = ItemTemplate(template=template)
    except ValueError:
        return
    yield Hit(spec, start, end)


class _ItemTemplate(Family):
    name = "item template"
    specs = (ItemTemplate,)
    rules: ClassVar[tuple[Rule, ...]] = (item_template,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, ItemTemplate)
        units, misfits = _misfits(spec, text)
        data: dict[str, Any] = {
            "units": len(units),
            "misfits": len(misfits),
            "found": [unit[:80] for unit in misfits[:3]],
        }
        if units and not misfits:
            return Outcome(True, f"all {len(units)} items follow {spec.template!r}", data=data)
        said = "no items" if not units else f"{len(misfits)} of {len(units)} items off template"
        return Outcome(
            False,
            f"the answer has {said}; required: {spec.describe()}",
            self.correction(spec, text),
            score=(len(units) - len(misfits)) / len(units) * 0.99 if units else 0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, ItemTemplate)
        units, misfits = _misfits(spec, text)
        if not units:
            return f"Your answer is empty. Write each item as {spec.template!r}."
        shown = ", ".join(repr(unit[:50]) for unit in misfits[:2])
        more = ", …" if len(misfits) > 2 else ""
        return (
            f"{len(misfits)} of your {len(units)} items do not follow the template "
            f"{spec.template!r} ({shown}{more}). Rewrite each of them in exactly that form."
        )


ITEM_TEMPLATE = _ItemTemplate()
