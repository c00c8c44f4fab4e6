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

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._labelled_structure import structure_names
from redraft.criteria._families._layout_asked import layout_asked
from redraft.criteria._families._section_wordings import LOOSE_NAME, section_wordings
from redraft.criteria._families._sections_of import sections_of_another
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, sentence_blocked
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


_MD = compile_lazily(r"^\s{0,3}#{1,6}\s+(?P<name>.+?)\s*#*\s*$")
_BOLD = compile_lazily(r"^\s*(?:\*\*|__)(?P<name>[^*_\n]+?)(?:\*\*|__)\s*:?\s*$")
_COLON_LINE = compile_lazily(r"^\s*(?P<name>[^:\n]{1,60}):\s*$")
_LABEL = compile_lazily(
    r"^\s*(?:\*\*|__)?(?P<name>[^:\n*_]{1,60}?)(?:\*\*|__)?\s*:(?:\*\*|__)?\s+\S"
)


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

_NOUN = r"(?:headings?|headers?|(?:sub-?)?sections?|subheadings?)"
# "exactly four headings (A, B, C, D)": the count must be the names'
_COUNT1 = rf"(?:(?:exactly|only)\s+)?(?P<num>{NUMBER})\s+"
_COUNT4 = _COUNT1.replace("<num>", "<num4>")
_COUNT2 = "(?:" + _COUNT1.replace("<num>", "<num2>") + ")?"

_INTRO = compile_lazily(
    rf"\b(?P<at>(?:use|with|include|including|under|have|using|add|into|in)\s+"
    rf"(?:exactly\s+(?=the\b|these\b))?(?:the\s+|these\s+)?"
    rf"(?:following\s+)?(?:{_COUNT1})?(?:(?:markdown|bold|separate|\w+)\s+)?{_NOUN}"
    # "headings for 'Overview', 'How it works'", "sections in order: A, B",
    # "use exactly these headings, in this order: A, B"
    r"(?:\s+(?:titled|called|named|labell?ed|for))?(?:,?\s+in\s+(?:this\s+|that\s+)?order)?)"
    # "split under two headings, ## Fresh and ## Pantry": a comma may lead the list
    r"\s*[:,]?\s*|"
    # "Sections: A, B", "Two sections: 'PROS' and 'CONS'"
    rf"^\s*(?P<at2>{_COUNT2}{_NOUN}(?:\s+in\s+(?:this\s+|that\s+|the\s+following\s+)?order)?)"
    r"\s*:\s*|"
    # "Three rounds, headed 'Round 1', 'Round 2', 'Round 3'": the things asked, each headed
    rf"\b(?P<at8>{_COUNT1.replace('<num>', '<num8>')}[a-z][\w-]*s,?\s+(?:each\s+)?"
    r"(?:headed|titled)(?=\s*[\"“'‘]))\s*|"
    rf"\b(?P<at3>{_NOUN}\s+(?:titled|called|named|labell?ed))\s*:?\s*|"
    # "3 sections (Before, Moving Day, After)"
    rf"\b(?P<at4>{_COUNT4}{_NOUN})\s*(?=\()|"
    # "Group entries under 'Added', 'Changed'", "organise it under Produce and Dairy"
    r"(?:^|[,;:]|\b(?:and|then|please|also|always)\b)\s*"
    r"(?P<at5>(?:group|organi[sz]e|sort|arrange)\s+(?:(?:it|them|everything|the\s+\w+|"
    r"\w+)\s+)?under)\s+(?!(?:[\w-]+\s+){0,3}"
    rf"{_NOUN})|"
    # "Always structure answers as: SUMMARY, RISKS", "structure your reply with these
    # sections in order: …"
    r"\b(?P<at6>structure\s+(?:your\s+|the\s+|all\s+|every\s+|each\s+)?(?:answers?|responses?|"
    r"repl(?:y|ies)|outputs?|it)\s+(?:as|like\s+this|in\s+this\s+order|in\s+order))\s*:\s*|"
    # "Label the two parts 'For adults:' and 'For kids:'", "label them A:, B:"
    rf"\b(?P<at7>label(?:led)?\s+(?:(?:the|each|both|all)\s+)?(?:(?:{NUMBER}|both)\s+)?"
    r"(?:parts?|sections?|halves|versions?|answers?|paragraphs?|verses?|stanzas?|options?|them|it|"
    r"these)(?:\s+as|\s+with)?(?:\s+exactly)?|"
    # "labeled Option A, Option B, Option C": names after the participle, quoted or not
    r"labell?ed(?:\s+exactly)?(?=\s*[\"“'‘]|\s+[a-z]+(?:\s+[a-z0-9]+)?\s*,))"
    r"\s*:?\s*"
)
# Labels put at the start of each thing ("questions labelled '[Easy]',
# '[Hard]' at the start", "… before each one", "as prefixes") open its line;
# they head no section of their own, unless each is a label a colon ends
# ("label them FORMAL: and CASUAL: at the start"), which a label line is
_PREFIXED = compile_lazily(
    r"\s*,?\s*(?:(?:at|to)\s+(?:the\s+)?(?:very\s+)?(?:start|beginning|front)\b|"
    r"in\s+front\b|as\s+(?:a\s+)?prefix(?:es)?\b|before\s+(?:each|every|the|it|them)\b|"
    r"(?:at\s+the\s+)?(?:start|beginning)\s+of\s+(?:each|every|the|its|their)\b)"
)
_TABLE_BEFORE = compile_lazily(r"\b(?:table|csv|column)s?\s*$")
# "Make a table; use these headers, in order: …": a table said before in the
# sentence (an item of its list is read alone), its headers
_TABLE_SAID = compile_lazily(r"\b(?:tables?|csv|spreadsheet)\b[^.]*$")
_GROUPS = ("at", "at2", "at3", "at4", "at5", "at6", "at7", "at8")
# an apostrophe inside a word is part of the name: 'You'll need'
# "**Strengths**, **Next step**": bold marks a name as quotes do
_QUOTED = compile_lazily(
    r"""\s*(?:["“'‘]((?:[^"“”'‘’\n]|(?<=\w)['’](?=\w)){1,60})["”'’](?!\w)|\*\*([^*\n]{1,60})\*\*)"""
)
_JOIN = compile_lazily(r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)")
# "## Fresh and ## Pantry": a name may carry its heading markup
_BARE = compile_lazily(r"\s*\(?\s*((?:#{1,6}\s+)?[A-Z][\w'’-]*(?:\s+[A-Z&][\w'’-]*){0,3})\s*")
# a bare label after "label": a word or two and a colon, in any script ("日本語:")
_BARE_LABEL = compile_lazily(r"\s*([^\s,;:.'\"]{1,20}(?:\s+[^\s,;:.'\"]{1,20}){0,2}):")
_ORDERED = compile_lazily(
    r"(?:[\s,;:—–-]+)?\bin\s+(?:that|this|the\s+given|the\s+same|exactly\s+that)\s+order\b|"
    r"\bin\s+order\s*[:,]|\bin\s+the\s+order\s+(?:given|listed|shown)\b|"
    r"\bsections\s+in\s+order\b"
)
_AFTER_QUOTES = compile_lazily(rf"^\s*{_NOUN}\b")
# "a '## Pros' section and a '## Cons' section": one name per noun
_EACH_NAMED = compile_lazily(
    rf"""\b(?:an?|one)\s+["“'‘](?P<name>[^"“”'‘’\n]{{1,60}})["”'’]\s+{_NOUN}\b"""
)
# "a review of a 'Fiction' section …": sections of the thing talked about
_TOPIC_BEFORE = compile_lazily(
    r"\b(?:of|about|on|in|from|between|comparing|compare|review|reviewing|describe|describing)\s*$"
)
_EACH_JOIN = compile_lazily(r"\s*(?:,\s*)?(?:and|then|followed\s+by)\s+|\s*,\s*")
# "## Pros", "**Pros**": the name is the words, the level or emphasis another matter
_MARKUP = compile_lazily(r"^\s*#{1,6}\s+|^\s*(?:\*\*|__)|(?:\*\*|__)\s*$")


def _quoted_names(text: str, at: int) -> tuple[list[str], int]:
    names: list[str] = []
    while (match := _QUOTED.match(text, at)) is not None:
        names.append(match.group(1) or match.group(2))
        at = match.end()
        join = _JOIN.match(text, at)
        if join is None or _QUOTED.match(text, join.end()) is None:
            break
        at = join.end()
    return names, at


def _bare_names(text: str, at: int, item: re.Pattern[str] = _BARE) -> tuple[list[str], int]:
    names: list[str] = []
    start = at
    while (match := item.match(text, at)) is not None:
        names.append(match.group(1))
        at = match.end()
        join = _JOIN.match(text, at)
        if join is None:
            break
        if join.group(0).strip() == "," and item.match(text, join.end()) is None:
            break  # "A, B, C, each label in bold": the list ends at the comma
        at = join.end()
    rest = text[at:].lstrip(" ")
    if rest.startswith(")") and re.match(r"\s*\(", text[start:]):
        return names, at  # "(Clothing, Gear, Food) using ## headers": the brackets close it
    rest = rest.lstrip(" )")
    # the list ends the sentence or its clause: "Sections: A, B, C." / "(A, B, C)"
    # "… label them FORMAL: and CASUAL: at the start": where the labels go ends it too
    if not re.match(
        r"^(?:$|[.;:—–(-]|,?\s*in\s+(?:that|this)\s+order|,|at\s+the\s+(?:start|top|beginning)\b|"
        r"as\s+(?:[\w-]+\s+){0,3}?(?:headings|headers)\b)",
        rest,
    ):
        return [], start
    return names, at


def _names_at(sentence: Sentence, match: re.Match[str]) -> tuple[list[str], int]:
    original = sentence.original
    names, end = _quoted_names(original, match.end())
    if len(names) < 2 and match.group("at7") is not None:
        names, end = _bare_names(original, match.end(), _BARE_LABEL)
    if len(names) < 2:
        names, end = _bare_names(original, match.end())
    if len(names) < 2:
        # "RICE, Warning signs, Follow-up": a name's later words may be lower case
        names, end = _bare_names(original, match.end(), LOOSE_NAME)
    count = match.group("num") or match.group("num4") or match.group("num2") or match.group("num8")
    if count is not None and number_value(count) != len(names):
        return [], end
    return [_MARKUP.sub("", name).strip() for name in names], end


def _each_named(sentence: Sentence) -> tuple[list[str], int, int] | None:
    """ "a '## Pros' section and a '## Cons' section": the names and the span."""
    text = sentence.lower
    first = _EACH_NAMED.search(text)
    if first is None or _TOPIC_BEFORE.search(text, 0, first.start()):
        return None
    names = [sentence.original[first.start("name") : first.end("name")]]
    end = first.end()
    while (join := _EACH_JOIN.match(text, end)) is not None:
        after = _EACH_NAMED.match(text, join.end())
        if after is None:
            break
        names.append(sentence.original[after.start("name") : after.end("name")])
        end = after.end()
    if len(names) < 2:
        return None
    return [_MARKUP.sub("", name).strip() for name in names], first.start(), end


def _hit(names: list[str], ordered: bool, start: int, end: int) -> Iterator[Hit]:
    if not all(any(c.isalpha() for c in name) for name in names):
        return  # "labelled '1)' and '2)'": markers, not names a line is headed with
    try:
        spec = NamedSections(names=tuple(names), ordered=ordered)
    except ValueError:
        return
    yield Hit(spec, start, end)


def named_sections(sentence: Sentence) -> Iterator[Hit]:
    """ "Use the headings 'Summary', 'Risks' and 'Next steps', in that order",
    or another wording of :mod:`._section_wordings` where these read none."""
    hits = list(_intro_sections(sentence))
    if hits:
        yield from hits
        return
    found = section_wordings(sentence)
    if found is not None:
        yield from _hit(*found)
        return
    yield from _names_as_headings(sentence)


def _intro_sections(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    original = sentence.original
    ordered = _ORDERED.search(text) is not None
    for match in _INTRO.finditer(text):
        at = next(match.start(g) for g in _GROUPS if match.group(g) is not None)
        names, end = _names_at(sentence, match)
        said = re.split(r"[.!?\n]", sentence.whole[: sentence.start + at].lower())[-1]
        if _TABLE_BEFORE.search(text, 0, at) or _TABLE_SAID.search(said):
            continue  # "a table with headers 'Verb' and 'Meaning'": its columns
        if len(names) < 2 or not layout_asked(sentence, at):
            continue
        colons = text.count(":", match.end(), end) >= len(names) or all(
            n.endswith(":") for n in names
        )
        if _PREFIXED.match(text, end) and not colons:
            return  # "labelled '[Easy]', '[Hard]' at the start": the start of each thing
        if sections_of_another(sentence, at, end):
            return  # "a guide to the 'Settings' and 'Privacy' sections of our app"
        # "… RISKS, RECOMMENDATION — in that order": the order may follow the list
        ordered = ordered or _ORDERED.match(original.lower(), end) is not None
        yield from _hit(names, ordered, match.start(), end)
        return
    each = _each_named(sentence)
    if each is not None:
        names, start, end = each
        if layout_asked(sentence, start) and not sections_of_another(sentence, start, end):
            yield from _hit(names, ordered, start, end)
        return
    # "grouped under 'Produce' and 'Dairy' headings"
    for quote in re.finditer(r"""["“'‘]""", original):
        names, end = _quoted_names(original, quote.start())
        if len(names) >= 2 and (noun := _AFTER_QUOTES.match(text[end:])):
            if layout_asked(sentence, quote.start()) and not sections_of_another(
                sentence, quote.start(), end + noun.end()
            ):
                yield from _hit(names, ordered, quote.start(), end)
            return


# "Breakfast, Lunch, Dinner, Snack as headings.", "Use Intro, Method and Results
# as section headings": the names first, then what they are; a criteria line
# of its own (or one "use"), so the names are nobody else's
_NAMES_FIRST = compile_lazily(r"^\s*(?i:(?:please\s+)?use\s+)?(?=[\"“'‘*#A-Z])")
_AS_HEADINGS = compile_lazily(
    r"\s*,?\s+as\s+(?:(?:the|your|markdown|bold|separate|section|level[- ]?\d|h\d|##)\s+){0,3}"
    r"(?:headings|headers)\s*(?:[.!;]|$)"
)


def _names_as_headings(sentence: Sentence) -> Iterator[Hit]:
    opening = _NAMES_FIRST.match(sentence.original)
    if opening is None or sentence_blocked(sentence, 0):
        return
    original = sentence.original
    names, end = _quoted_names(original, opening.end())
    if len(names) < 2:
        names, end = _bare_names_to(original, opening.end())
    if len(names) < 2 or _AS_HEADINGS.match(original, end) is None:
        return
    if not sentence.whole[: sentence.start].strip():
        return  # the names alone open the prompt: no request they are the answer's part of
    ordered = _ORDERED.search(sentence.lower) is not None
    yield from _hit([_MARKUP.sub("", n).strip() for n in names], ordered, opening.start(), end)


def _bare_names_to(text: str, at: int) -> tuple[list[str], int]:
    """Capitalised names joined by commas or "and", however the list ends."""
    names: list[str] = []
    while (match := LOOSE_NAME.match(text, at)) is not None and match.group("n"):
        names.append(match.group("n"))
        at = match.end()
        join = _JOIN.match(text, at)
        if join is None or LOOSE_NAME.match(text, join.end()) is None:
            break
        at = join.end()
    return names, at


def structure_sections(sentence: Sentence) -> Iterator[Hit]:
    """ "Output every recipe in this exact structure:" and its label lines."""
    found = structure_names(sentence)
    if found is not None:
        names, ordered, start, end = found
        yield from _hit(names, ordered, start, end)


class _NamedSections(Family):
    name = "named sections"
    specs = (NamedSections,)
    rules: ClassVar[tuple[Rule, ...]] = (named_sections, structure_sections)

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
