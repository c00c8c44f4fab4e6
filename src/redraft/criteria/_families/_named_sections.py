"""Named sections: the answer has a heading or label for each named
section, in the stated order where one is stated.

"Use the headings 'Summary', 'Risks', 'Next steps', in that order",
"Sections: Ingredients, Steps, Tips.", "sections titled Pros and Cons",
"grouped under 'Produce' and 'Dairy' headings". Measured exactly: a line
heads a section when it is a markdown heading (``## Risks``), a bold line
(``**Risks**``), a line that ends in a colon (``Risks:``), a line that is
the name alone, or a line that opens with the name and a colon (``Risks:
none known``); the name is compared with the markup (``#``, ``*``, ``_``),
a final colon, whitespace runs and case set aside. Every name must head a
line; with an order, each name's first heading comes after the one before.
No repair: a missing section needs writing.

An unquoted list is read only where each name is short and capitalised
("Sections: About Us, The Role, Benefits"); hedged, negated, quoted and
questioned requests compile nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, response_context
from redraft.criteria._spec_base import SHORT

__all__ = ["NAMED_SECTIONS", "NamedSections", "heading_names"]


def _norm(text: str) -> str:
    text = re.sub(r"[#*_]+", " ", text)
    return " ".join(text.strip().rstrip(":").split()).casefold()


class NamedSections(FamilySpec):
    """A heading or label line for each of ``names`` (in order with ``ordered``)."""

    kind: Literal["named_sections"] = "named_sections"
    names: tuple[str, ...] = Field(min_length=1, max_length=12)
    ordered: bool = False

    @field_validator("names")
    @classmethod
    def _readable(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        names = tuple(name.strip() for name in value)
        if any(not _norm(name) or len(name) > SHORT for name in names):
            raise ValueError("a section name needs a letter or digit")
        if len({_norm(name) for name in names}) != len(names):
            raise ValueError("two section names are the same")
        return names

    def describe(self) -> str:
        listed = ", ".join(repr(name) for name in self.names)
        return f"sections headed {listed}" + (", in that order" if self.ordered else "")


_MD = re.compile(r"^\s{0,3}#{1,6}\s+(?P<name>.+?)\s*#*\s*$")
_BOLD = re.compile(r"^\s*(?:\*\*|__)(?P<name>[^*_\n]+?)(?:\*\*|__)\s*:?\s*$")
_COLON_LINE = re.compile(r"^\s*(?P<name>[^:\n]{1,60}):\s*$")
_LABEL = re.compile(r"^\s*(?:\*\*|__)?(?P<name>[^:\n*_]{1,60}?)(?:\*\*|__)?\s*:(?:\*\*|__)?\s+\S")


def heading_names(text: str) -> list[set[str]]:
    """For each line of ``text``, the names it could head a section with."""
    found: list[set[str]] = []
    for line in text.splitlines():
        names: set[str] = set()
        for pattern in (_MD, _BOLD, _COLON_LINE, _LABEL):
            match = pattern.match(line)
            if match:
                names.add(_norm(match.group("name")))
        if line.strip() and len(line.split()) <= 8:
            names.add(_norm(line))
        found.append(names)
    return found


def _positions(spec: NamedSections, text: str) -> dict[str, int | None]:
    lines = heading_names(text)
    return {
        name: next((i for i, names in enumerate(lines) if _norm(name) in names), None)
        for name in spec.names
    }


# -- reading the request ----------------------------------------------------------

_NOUN = r"(?:headings?|headers?|sections?|subheadings?)"
_INTRO = re.compile(
    rf"\b(?P<at>(?:use|with|include|including|under|have|using|add|into|in)\s+(?:the\s+|these\s+)?"
    rf"(?:following\s+)?(?:(?:markdown|bold|separate|\w+)\s+)?{_NOUN}"
    r"(?:\s+(?:titled|called|named|labell?ed))?)\s*:?\s*|"
    rf"^\s*(?P<at2>{_NOUN})\s*:\s*|"
    rf"\b(?P<at3>{_NOUN}\s+(?:titled|called|named|labell?ed))\s*:?\s*"
)
# an apostrophe inside a word is part of the name: 'You'll need'
_QUOTED = re.compile(r"""\s*["“'‘]((?:[^"“”'‘’\n]|(?<=\w)['’](?=\w)){1,60})["”'’](?!\w)""")
_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)")
_BARE = re.compile(r"\s*\(?\s*([A-Z][\w'’-]*(?:\s+[A-Z&][\w'’-]*){0,3})\s*")
_ORDERED = re.compile(
    r"\bin\s+(?:that|this|the\s+given|the\s+same|exactly\s+that)\s+order\b|"
    r"\bin\s+order\s*[:,]|\bin\s+the\s+order\s+(?:given|listed|shown)\b"
)
_AFTER_QUOTES = re.compile(rf"^\s*{_NOUN}\b")


def _quoted_names(text: str, at: int) -> tuple[list[str], int]:
    names: list[str] = []
    while (match := _QUOTED.match(text, at)) is not None:
        names.append(match.group(1))
        at = match.end()
        join = _JOIN.match(text, at)
        if join is None or _QUOTED.match(text, join.end()) is None:
            break
        at = join.end()
    return names, at


def _bare_names(text: str, at: int) -> tuple[list[str], int]:
    names: list[str] = []
    start = at
    while (match := _BARE.match(text, at)) is not None:
        names.append(match.group(1))
        at = match.end()
        join = _JOIN.match(text, at)
        if join is None:
            break
        at = join.end()
    rest = text[at:].lstrip(" )")
    # the list ends the sentence or its clause: "Sections: A, B, C." / "(A, B, C)"
    if not re.match(r"^(?:$|[.;:—–-]|,?\s*in\s+(?:that|this)\s+order|,)", rest):
        return [], start
    return names, at


def named_sections(sentence: Sentence) -> Iterator[Hit]:
    """ "Use the headings 'Summary', 'Risks' and 'Next steps', in that order"."""
    text = sentence.lower
    original = sentence.original
    if original.rstrip().endswith("?"):
        return
    ordered = _ORDERED.search(text) is not None
    for match in _INTRO.finditer(text):
        at = next(match.start(g) for g in ("at", "at2", "at3") if match.group(g) is not None)
        names, end = _quoted_names(original, match.end())
        if len(names) < 2:
            names, end = _bare_names(original, match.end())
        if len(names) < 2 or not response_context(sentence, at):
            continue
        try:
            spec = NamedSections(names=tuple(names), ordered=ordered)
        except ValueError:
            continue
        yield Hit(spec, match.start(), end)
        return
    # "grouped under 'Produce' and 'Dairy' headings"
    for quote in re.finditer(r"""["“'‘]""", original):
        names, end = _quoted_names(original, quote.start())
        if len(names) >= 2 and _AFTER_QUOTES.match(text[end:]):
            if not response_context(sentence, quote.start()):
                return
            try:
                spec = NamedSections(names=tuple(names), ordered=ordered)
            except ValueError:
                return
            yield Hit(spec, quote.start(), end)
            return


class _NamedSections(Family):
    name = "named sections"
    specs = (NamedSections,)
    rules: ClassVar[tuple[Rule, ...]] = (named_sections,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, NamedSections)
        at = _positions(spec, text)
        missing = [name for name, line in at.items() if line is None]
        found = [line for line in at.values() if line is not None]
        unordered = spec.ordered and not missing and found != sorted(found)
        data: dict[str, Any] = {"missing": missing, "out_of_order": unordered}
        if not missing and not unordered:
            return Outcome(True, f"the answer has {spec.describe()}", data=data)
        said = (
            f"no heading {', '.join(repr(m) for m in missing)}" if missing else "them out of order"
        )
        return Outcome(
            False,
            f"the answer has {said}; required: {spec.describe()}",
            self.correction(spec, text),
            score=(len(spec.names) - len(missing)) / len(spec.names) * 0.99,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, NamedSections)
        at = _positions(spec, text)
        missing = [name for name, line in at.items() if line is None]
        listed = ", ".join(repr(name) for name in spec.names)
        if missing:
            shown = ", ".join(repr(name) for name in missing)
            return (
                f"Your answer has no section headed {shown}. Give it the sections {listed}"
                + (", in that order" if spec.ordered else "")
                + ", each under a heading line with its name."
            )
        return f"Your sections are out of order. Put them in this order: {listed}."


NAMED_SECTIONS = _NamedSections()
