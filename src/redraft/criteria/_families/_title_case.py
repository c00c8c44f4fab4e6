"""Title case of parts: every heading, the title, or every list item of the
answer is in Title Case ("every heading in Title Case", "use title case for
the section titles", "five headlines, each in Title Case"), or has every word
capitalised ("capitalise every word of the title").

The title-case rule, stated: a part's words (runs of letters, an inner
apostrophe or hyphen joining one; a number is no word; text in backticks is
code and left out) are capitalised — the first letter upper case, or any
letter upper case as written ("iPhone") — except the small words, which may
be either: articles (a, an, the), coordinating conjunctions (and, but, or,
nor, for, so, yet) and short prepositions (as, at, by, en, from, in, into,
of, off, on, onto, out, over, per, than, to, up, upon, via, vs, with). The
first and the last word are always capitalised. With ``every``, every word is
capitalised, small ones too. A heading is a markdown heading as
:mod:`._heading_form` reads it; the title is the answer's first non-empty
line; the items are the answer's list items, or its non-empty lines where it
has none. Markup (``#``, a list marker, a task box, ``*``/``_`` emphasis) is
not part of a part's words. An answer without such a part fails.

Read from "every heading in Title Case", "headings should be in title
case", "use title case for the headings", "title-case the section titles",
"write the title in title case", "five headlines, each in Title Case",
"capitalise every word in the headings"; not from a hedged, conditional,
negated, quoted or questioned request, nor a topic ("the difference between
title case and sentence case") or text to convert. Repaired without a model:
each word the rule wants capitalised gets its first letter in upper case.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec, every_unit_outcome
from redraft.criteria._families._heading_form import headings
from redraft.criteria._families._lexical import required
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, lowered, searched

__all__ = ["TITLE_CASE", "TitleCase", "off_words"]

_SHOWN = 3
Part = Literal["heading", "title", "item"]
SMALL_WORDS = frozenset(
    re.findall(
        r"\w+",
        "a an the and but or nor for so yet as at by en from in into of off on onto out over "
        "per than to up upon via vs with",
    )
)


class TitleCase(FamilySpec):
    """Every ``part`` of the answer (each heading, the title, each list item)
    in Title Case, or with ``every`` word capitalised."""

    kind: Literal["title_case"] = "title_case"
    part: Part
    every: bool = False

    def describe(self) -> str:
        where = {"heading": "every heading", "title": "the title", "item": "every item"}[self.part]
        how = "every word capitalised" if self.every else "in Title Case"
        return f"{where} {how}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part)


_WORD = compile_lazily(r"[^\W\d_](?:[\w]|['’-](?=[^\W\d_]))*")
_CODE = compile_lazily(r"`[^`]*`")
_PREFIX = compile_lazily(
    r"^[ \t]*(?:>[ \t]*)*(?:#{1,6}[ \t]+|(?:[-*+•]|\(?(?:\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,7})[.)])"
    r"[ \t]+)?(?:\[[ xX]\][ \t]+)?"
)


def _capital(word: str) -> bool:
    return word[0].isupper() or any(ch.isupper() for ch in word[1:])


def _wanted(words: Sequence[str], every: bool) -> list[bool]:
    """Whether each word must be capitalised."""
    last = len(words) - 1
    return [every or i in (0, last) or w.lower() not in SMALL_WORDS for i, w in enumerate(words)]


_PLURAL = {"heading": "headings", "title": "title lines", "item": "list items"}


def off_words(part: str, *, every: bool = False) -> list[str]:
    """The words of ``part`` the rule wants capitalised that are not."""
    body = _CODE.sub(" ", part)
    words = [m.group(0) for m in _WORD.finditer(body)]
    return [
        w for w, want in zip(words, _wanted(words, every), strict=True) if want and not _capital(w)
    ]


def _part_lines(spec: TitleCase, text: str) -> list[int]:
    """The line numbers holding the parts ``spec`` judges."""
    lines = text.split("\n")
    if spec.part == "heading":
        return [h.first for h in headings(text) if h.atx]
    if spec.part == "title":
        return [next(i for i, line in enumerate(lines) if line.strip())] if text.strip() else []
    fenced, item_lines, all_lines = False, [], []
    for i, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced or not line.strip() or re.fullmatch(r"[ \t]*(?:[-*_][ \t]*){3,}", line):
            continue
        all_lines.append(i)
        if re.match(r"[ \t]*(?:[-*+•]|\d{1,3}[.)]|[a-zA-Z][.)])[ \t]+\S", line):
            item_lines.append(i)
    return item_lines or all_lines


def _body(line: str) -> tuple[str, str]:
    prefix = _PREFIX.match(line)
    cut = prefix.end() if prefix else 0
    return line[:cut], line[cut:]


def _parts(spec: TitleCase, text: str) -> list[str]:
    lines = text.split("\n")
    found = [_body(lines[i])[1] for i in _part_lines(spec, text)]
    if spec.part == "heading":
        # setext headings too: their text is the heading's, not one line
        found += [h.text for h in headings(text) if not h.atx]
    return [part.strip() for part in found if part.strip()]


def _capitalise(body: str, every: bool) -> str:
    spans = [m.span() for m in _WORD.finditer(_CODE.sub(lambda m: " " * len(m.group(0)), body))]
    words = [body[a:b] for a, b in spans]
    chars = list(body)
    for (a, _), word, want in zip(spans, words, _wanted(words, every), strict=True):
        if want and not _capital(word):
            chars[a] = chars[a].upper()
    return "".join(chars)


def capitalise_parts(text: str, params: Mapping[str, Any], _repairs: Sequence[Any]) -> str:
    """``text`` with each word the rule wants capitalised given its capital."""
    spec = TitleCase(part=params["part"], every=bool(params.get("every", False)))
    lines = text.split("\n")
    for i in _part_lines(spec, text):
        prefix, body = _body(lines[i])
        lines[i] = prefix + _capitalise(body, spec.every)
    return "\n".join(lines)


_CAPITALISE = RepairOp(
    "capitalise_parts",
    520,
    capitalise_parts,
    lambda p: (
        "words capitalised: " + TitleCase(part=p["part"], every=p.get("every", False)).describe()
    ),
)


# -- reading the request ------------------------------------------------------------

_PART = (
    r"(?:(?P<heading>(?:section\s+|sub-?)?(?:headings?|headers?)|section\s+titles?|"
    r"section\s+names?|chapter\s+titles?)|"
    r"(?P<items>bullets|bullet\s+points|list\s+items|items|headlines|titles|names|entries|"
    r"options|points)|"
    r"(?P<title>title|headline))"
)
_THE = r"(?:(?:the|your|all|all\s+the|all\s+your|every|each|its|their)\s+)?"
_MODAL = r"(?:(?:should|must|shall|will|need\s+to|needs\s+to|have\s+to|has\s+to)\s+)?"
_TITLE_CASE = r"title[- ]case(?:d)?"
_PATTERNS = (
    # "every heading in Title Case", "headings should be in title case"
    compile_lazily(
        rf"\b{_THE}{_PART}\s+(?:{_MODAL}(?:be|are|is)\s+)?(?:(?:written|set|formatted|put)\s+)?"
        rf"in\s+{_TITLE_CASE}\b"
    ),
    # "use title case for the headings", "title-case the section titles"
    compile_lazily(
        rf"\b(?:(?:use|using|with|apply|applying)\s+)?{_TITLE_CASE}\s+(?:for\s+|on\s+|in\s+)?"
        rf"{_THE}{_PART}\b"
    ),
    # "three headlines for the post, each in Title Case"
    compile_lazily(
        rf"\b{_PART}(?:\s+[\w'-]+){{0,4}}?\s*,?\s+(?P<each>each|all)\s+in\s+{_TITLE_CASE}\b"
    ),
    # "capitalise every word in the headings", "capitalize each word of the title"
    compile_lazily(
        rf"\bcapitali[sz]e\s+(?:the\s+first\s+letter\s+of\s+)?(?P<every>each|every|all(?:\s+the)?)"
        rf"\s+words?\s+(?:of|in)\s+{_THE}{_PART}\b"
    ),
)
_TOPIC = compile_lazily(r"\b(?:why|how|whether|what|when|where|who|difference|versus|vs)\b")


_CONDITION = compile_lazily(r"\s*,?\s*(?:when|whenever|if|where|wherever|unless)\b")
# "each title", "every headline": one per list item, whose lines may hold
# more than the title (a description after it), so no part is read
_EACH_ONE = compile_lazily(r"^(?:each|every)\s+(?:title|headline)\b")
_TITLES_LISTED = compile_lazily(
    r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|several|"
    r"list\s+of(?:\s+\d+)?)\s+(?:[\w()'-]+\s+){0,3}?(?:titles|headlines)\b(?![^.;:]*\bfor\s+each\b)"
)
# Titles or names inside prose: the essay's mentions, not lines of the answer
_NAMED_IN_PROSE = compile_lazily(r"^(?:titles|names|headlines)$")
_PROSE = compile_lazily(
    r"\b(?:write|draft|compose|give\s+me|create)\s+(?:an?\s+|the\s+|my\s+|one\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?<![\w-])(?:essay|paragraphs?|story|article|email|letter|review|report|blog\s+post|summary|"
    r"explanation|bio|speech)\b"
)


def title_case(sentence: Sentence) -> Iterator[Hit]:
    """ "Every heading in Title Case", "title-case the headings", "capitalise
    every word of the title"."""
    text = sentence.lower
    if "case" not in text and "capitali" not in text:
        return
    if re.search(r"\b(?:convert|change|turn|rewrite|transform)\b", text):
        return  # converting given text: the answer is that text, not a part of it
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            each = match.groupdict().get("each")
            start = match.start("each") if each else match.start()
            if _TOPIC.search(text, 0, match.start()) or not required(sentence, start):
                continue
            if _CONDITION.match(text[match.end() :]):
                continue  # "the book titles in title case when you mention them"
            part: Part = "heading" if match["heading"] else "item" if match["items"] else "title"
            if part == "title" and _EACH_ONE.search(match.group(0)):
                # "each title must be in Title Case": many titles, not the answer's
                # one; every list item where the titles are what the list holds
                if not searched(_TITLES_LISTED, lowered(sentence.whole)):
                    continue
                part = "item"
            if (
                match["items"]
                and _NAMED_IN_PROSE.search(match["items"])
                and searched(_PROSE, lowered(sentence.whole))
            ):
                continue  # "an essay; book titles in title case": titles in running text
            every = bool(match.groupdict().get("every"))
            yield Hit(TitleCase(part=part, every=every), *match.span())
            return


class _TitleCase(Family):
    name = "title_case"
    specs = (TitleCase,)
    rules: ClassVar[tuple[Rule, ...]] = (title_case,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_CAPITALISE,)

    def _off(self, spec: TitleCase, text: str) -> tuple[list[str], list[tuple[str, list[str]]]]:
        parts = _parts(spec, text)
        return parts, [(p, w) for p in parts if (w := off_words(p, every=spec.every))]

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, TitleCase)
        parts, off = self._off(spec, text)
        data: dict[str, Any] = {
            "parts": len(parts),
            "off": len(off),
            "found": [p[:80] for p, _ in off[:_SHOWN]],
        }
        return every_unit_outcome(
            self, spec, text, unit=_PLURAL[spec.part], total=len(parts), off=len(off), data=data
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, TitleCase)
        parts, off = self._off(spec, text)
        if not parts:
            return f"Your answer has no {spec.part}. Write it with {spec.describe()}."
        words = sorted({w for _, ws in off for w in ws})
        shown = ", ".join(repr(w) for w in words[:_SHOWN]) + (", …" if len(words) > _SHOWN else "")
        rule = (
            "every word"
            if spec.every
            else "every word but the small ones (a, an, the, and, or, of, in, to …), "
            "and always the first and the last"
        )
        return (
            f"{len(off)} of your {len(parts)} parts have words in lower case ({shown}). "
            f"Capitalise {rule}: {spec.describe()}."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, TitleCase)
        return {"op": _CAPITALISE.name, "part": spec.part, "every": spec.every}


TITLE_CASE = _TitleCase()
