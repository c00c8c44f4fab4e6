"""Sorted items: the answer's items are in alphabetical order (A to Z, or
Z to A).

"List the ingredients in alphabetical order", "sorted alphabetically",
"alphabetize the list", "in reverse alphabetical order". Measured exactly:
the items are the answer's list items where it has a list, else its
non-empty lines, or the items of a one-line comma-separated list (as
:func:`._item_template.list_units` reads them); each is compared by
its text with markdown emphasis, leading quotes and brackets and case set
aside, and each must come at or after the one before it (at or before, Z to
A). At least two items. Repaired without a model where the items are one
run of lines: they are put in order, a numbered list keeping its numbers.

Read only where the items themselves are the key: "sorted alphabetically by
last name" or "in alphabetical order of country" sort by a part no check
can find, and compile nothing; nor does a numeric order ("ascending"), whose
key a prompt rarely states, nor a hedged, negated, quoted or questioned
request, nor an answer in groups ("group the snags by room", "each room as
a heading"), whose order may be the groups' or each group's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import Params, RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._item_template import list_units
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._families._pairs import broken_pairs, pairs_outcome
from redraft.criteria._families._sorted_asked import items_described, list_rule
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import (
    Hit,
    Rule,
    Sentence,
    found_in,
    lowered,
    response_context,
    searched,
)

__all__ = ["SORTED_ITEMS", "SortedItems", "sort_key", "sort_run"]


class SortedItems(FamilySpec):
    """The answer's items (list items, else lines) are in alphabetical order."""

    kind: Literal["sorted_items"] = "sorted_items"
    order: Literal["alphabetical", "reverse_alphabetical"] = "alphabetical"

    def describe(self) -> str:
        return "items in " + (
            "alphabetical order (A to Z)"
            if self.order == "alphabetical"
            else "reverse alphabetical order (Z to A)"
        )


_DECOR = compile_lazily(r"[*_`~\"'“”‘’(\[{<]+")


def sort_key(item: str) -> str:
    """How an item is compared: emphasis, quotes and brackets and case set aside."""
    return " ".join(_DECOR.sub("", item).split()).casefold()


def _out_of_order(spec: SortedItems, items: Sequence[str]) -> list[tuple[str, str]]:
    def holds(a: str, b: str) -> bool:
        first, second = sort_key(a), sort_key(b)
        return first <= second if spec.order == "alphabetical" else first >= second

    return [(a, b) for _, a, b in broken_pairs(items, holds)]


_ITEM = compile_lazily(r"^(?P<marker>[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+)(?P<rest>\S.*)$")


def sort_run(text: str, key: Callable[[str], Any], *, reverse: bool) -> str:
    """The answer's items put in order by ``key``, where they are one run of
    lines (a numbered list keeps its numbers); ``text`` as it is elsewhere
    (items spread through prose need a redraft), or where ``key`` gives None
    for an item (no order can be trusted)."""
    lines = text.split("\n")
    listed = [i for i, line in enumerate(lines) if _ITEM.match(line)]
    rows = listed or [i for i, line in enumerate(lines) if line.strip()]
    if len(rows) < 2 or rows != list(range(rows[0], rows[-1] + 1)):
        return text
    if listed:
        matches = [m for m in (_ITEM.match(lines[i]) for i in rows) if m]
        markers = [m.group("marker") for m in matches]
        rests = [m.group("rest") for m in matches]
    else:
        markers = ["" for _ in rows]
        rests = [lines[i] for i in rows]
    if any(key(rest) is None for rest in rests):
        return text
    ordered = [m + r for m, r in zip(markers, sorted(rests, key=key, reverse=reverse), strict=True)]
    return "\n".join(lines[: rows[0]] + ordered + lines[rows[-1] + 1 :])


def _sort_items(text: str, params: Params, _repairs: Sequence[Params]) -> str:
    return sort_run(text, sort_key, reverse=params.get("order") == "reverse_alphabetical")


SORT_ITEMS = RepairOp(
    "sort_items",
    570,
    _sort_items,
    lambda p: "items put in " + str(p.get("order", "alphabetical")).replace("_", " ") + " order",
)


# -- reading the request ----------------------------------------------------------

_ORDER = compile_lazily(
    r"\b(?P<at>(?:(?:sorted|ordered|arranged|listed|put|organi[sz]ed|sort|order|arrange|list)\s+"
    r"(?:them\s+|it\s+|the\s+\w+\s+)?)?(?:(?:in|into)\s+)?"
    # "in ascending alphabetical order" is A to Z, "descending" Z to A
    r"(?:(?P<reverse>reverse\s+|reversed\s+|descending\s+)|ascending\s+)?"
    r"alphabetical(?:ly)?(?:\s+order)?|alphabeti[sz]ed?|"
    r"(?:sorted|ordered|arranged|listed)\s+(?:from\s+)?(?P<az>a\s*(?:-|to|→)\s*z|z\s*(?:-|to|→)\s*a))\b"
)
# "alphabetically by surname", "in alphabetical order of country": another key
_KEYED = compile_lazily(r"^\s*,?\s*(?:by|of|according\s+to|based\s+on|using)\b")


# The order as a terse rule of a prompt that asks for a list: opening an item
# of its own ("…, one per line, sorted alphabetically", "— alphabetical
# order, all lowercase") or after the items as its subject ("Columns sorted
# alphabetically", "languages alphabetically", "Species names in alphabetical
# order"); a part that is no item ("sections", "the words of each line") is not.
_TERSE = compile_lazily(
    r"(?:^|[,;:\u2014\u2013(])\s*(?:(?:the\s+|their\s+|all\s+)?"
    r"(?P<subject>[a-z]+(?:\s+names?)?)\s+(?:(?:are|should\s+be|must\s+be)\s+)?)?$"
)
# (a dict's or an object's keys are in its literal, not a list's items:
# "a Python dict literal …, keys sorted alphabetically")
_STRUCTURED = compile_lazily(
    r"\b(?:sql|insert|tables?|csv|json|yaml|xml|code|query|rows?|columns?|dict(?:ionar(?:y|ies))?s?|"
    r"hash\s*maps?|mappings?|literals?|key-value)\b|\bobjects?\s+(?:literal|with)\b"
)
# A mapping asked for: its keys are in its literal, not items of a list
_MAPPING = compile_lazily(
    r"\b(?:dict(?:ionar(?:y|ies))?s?|hash\s*maps?|key-value|(?:json|javascript|js|python|ruby|"
    r"php|object)\s+(?:objects?|literals?|maps?|hashe?s?))\b"
)
_NOT_ITEMS = compile_lazily(
    r"(?:sections?|paragraphs?|sentences?|stanzas?|chapters?|headings?|parts?|steps?|words?\s+in|"
    r"letters?|names?|it|them|they|this|that|and|or|then|also|please|list|answer|response|reply|"
    r"keys?|values?|fields?|properties|attributes?|entries\s+in)"
)


def _terse_rule(sentence: Sentence, start: int) -> bool:
    """Whether the order at ``start`` stands as a terse rule on the list asked."""
    terse = _TERSE.search(sentence.lower, 0, start)
    if terse is None:
        return False
    subject = terse.group("subject")
    if subject is not None and _NOT_ITEMS.fullmatch(subject):
        return False
    if searched(_STRUCTURED, lowered(sentence.whole)):
        return False  # "an INSERT … with 5 rows, names alphabetical": a field of each row
    return list_rule(sentence, start)


# An answer in groups: "group the snags by room", "organise them into
# categories", "a heading for each room", "each room name as a ### heading".
# Its items are several lists under headings; the order may be the headings'
# or each group's, and no one run of items holds it.
_GROUPED = compile_lazily(
    r"\b(?:group(?:ed|ing|s)?|organi[sz](?:e|ed|ing)|split|divid(?:e|ed|ing)|categori[sz](?:e|ed|ing)|"
    r"sort(?:ed)?)\b(?:\s+[\w'’-]+){0,6}?\s+(?:by|into|under)\s+(?!(?:alphabet|name|date|size|length)\b)|"
    r"\b(?:heading|header|section|subheading)s?\s+(?:for|per)\s+(?:each|every)\b|"
    r"\b(?:each|every)\s+(?:[\w'’-]+\s+){1,3}?as\s+(?:an?\s+)?(?:#{1,6}\s+|level[\s-]?\d\s+|"
    r"h\d\s+|bold\s+|markdown\s+)*(?:heading|header|subheading|section\s+title)s?\b"
)


# A line of another part beside the items, in an answer of plain lines:
# "a greeting line, then 5 teasers", "8 words, then a one-line note". Its
# lines are no items, and where the items carry no list marker only lines
# are there to sort, the other part's among them.
_PART = (
    r"(?:line|sentence|paragraph|greeting|title|intro(?:duction)?|summary|note|closing|"
    r"sign-?off|heading|headline|header|question|total|conclusion|tagline|verdict)"
)
_OTHER_PART = compile_lazily(
    rf"\b{_PART}s?\b[^.;!?\n]{{0,30}}?\b(?:then|followed\s+by)\b|"
    rf"\b(?:then|followed\s+by|after\s+(?:that|them|the\s+list))\s+(?:with\s+)?(?:add\s+)?"
    rf"(?:a|an|the|one|your)\s+(?:[\w'’-]+\s+){{0,3}}?{_PART}\b"
)
# A list asked with markers: its items are found apart from the other lines.
_MARKED = compile_lazily(
    r"\b(?:bullet(?:ed|s)?|bullet\s+points?|numbered|number\s+them|checklist|"
    r"(?:markdown|dashed)\s+list)\b|\b(?:start|begin|prefix)\w*\s+(?:each|every)\s+"
    r"[\w\s]{0,20}?with\s+['\"“‘]?[-*•]"
)


def _beside_other_lines(whole: str) -> bool:
    """Whether the prompt asks for a part of other lines beside the items and
    no marker that sets the items apart."""
    return found_in(_OTHER_PART, whole) and not found_in(_MARKED, whole)


def sorted_items(sentence: Sentence) -> Iterator[Hit]:
    """ "List them in alphabetical order", "sorted Z to A"."""
    text = sentence.lower
    if asks_about(sentence):
        return  # a question about the order; "Can you give me …, in alphabetical order?" asks
    if searched(_MAPPING, lowered(sentence.whole or sentence.masked)):
        return  # "a Python dict …, keys sorted alphabetically": the literal's keys
    if searched(_GROUPED, lowered(sentence.whole or sentence.masked)):
        return  # "group the snags by room, rooms in alphabetical order": the groups' order
    if _beside_other_lines(lowered(sentence.whole or sentence.masked)):
        return  # "a greeting line, then 5 teasers …, in alphabetical order": lines not all items
    for match in _ORDER.finditer(text):
        if _KEYED.match(text[match.end() :]):
            continue
        if not (
            response_context(sentence, match.start())
            or items_described(sentence, match.start())
            or _terse_rule(sentence, match.start())
        ):
            continue
        az = (match.group("az") or "").replace(" ", "")
        reverse = bool(match.group("reverse")) or az.startswith("z")
        spec = SortedItems(order="reverse_alphabetical" if reverse else "alphabetical")
        yield Hit(spec, match.start(), match.end())
        return


class _SortedItems(Family):
    name = "sorted items"
    specs = (SortedItems,)
    rules: ClassVar[tuple[Rule, ...]] = (sorted_items,)
    edits: ClassVar[tuple[RepairOp, ...]] = (SORT_ITEMS,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, SortedItems)
        items = list_units(text)
        wrong = _out_of_order(spec, items)
        data: dict[str, Any] = {"items": len(items), "out_of_order": len(wrong)}
        return pairs_outcome(
            parts=len(items),
            broken=len(wrong),
            data=data,
            passed=f"the {len(items)} items are in order",
            too_few=f"{len(items)} item{'s' if len(items) != 1 else ''}",
            broken_said=f"{len(wrong)} pair(s) of items out of order",
            required=spec.describe(),
            correction=lambda: self.correction(spec, text),
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, SortedItems)
        items = list_units(text)
        wanted = "A to Z" if spec.order == "alphabetical" else "Z to A"
        if len(items) < 2:
            return f"Your answer needs at least two items, listed {wanted}."
        first, second = _out_of_order(spec, items)[0]
        return (
            f"Your items are not in order {wanted}: {second[:40]!r} comes after "
            f"{first[:40]!r}. Put every item in order {wanted}."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, SortedItems)
        return {"op": SORT_ITEMS.name, "order": spec.order}


SORTED_ITEMS = _SortedItems()
