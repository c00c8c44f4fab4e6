"""Reading an order of the items by number, time or length.

The wordings, by the grammar of the request:

- **a direction with "order":** "in ascending order", "in strictly
  decreasing order", "in descending numerical order", "in ascending order of
  price" (a key noun after "of");
- **an order verb and a direction word:** "sorted ascending", "list them
  descending", "ranked by score, descending";
- **a named order:** "in chronological order", "in reverse chronological
  order", "chronologically", "in calendar order", "in numerical order",
  "numerically";
- **from one end to the other:** "sorted from cheapest to most expensive",
  "ordered from oldest to newest", "arranged from shortest to longest",
  "from fewest letters to most" (after an order verb);
- **an end first:** "largest first", "newest first", "with the most recent
  first", "shortest first";
- **a key noun:** "sorted by price", "ordered by atomic number", "sort them
  by date" (ascending where no direction is said; "rank by …" says none, so
  it needs one).

Compiles nothing for an order with no key an item shows ("in order of
importance", "by popularity", "from easiest to hardest", "in the order I
should do them"), an alphabetical order (``sorted_items``), the length of
sentences, lines or paragraphs (``length_progression``), rows of a table,
or a hedged, negated, conditional, quoted or questioned request.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

from redraft.core._lazy_pattern import compile_lazily, compiled
from redraft.criteria._families._ordered_items_spec import OrderedItems
from redraft.criteria._families._sorted_asked import items_described, list_rule
from redraft.criteria._sentences import Hit, Sentence, lowered, response_context, searched

__all__ = ["ordered_items"]

By = Literal["number", "time", "length"]
Direction = Literal["ascending", "descending"]

_VERB = (
    r"(?:sort(?:ed)?|order(?:ed)?|arrange(?:d)?|list(?:ed)?|rank(?:ed)?|organi[sz]e(?:d)?|"
    r"put|go(?:ing)?|present(?:ed)?|show(?:n)?|print(?:ed)?|output|return(?:ed)?|give)"
)
_OBJECT = (
    r"(?:(?:them|it|these|those|all|everything|"
    r"(?:the|these|those|my|our|your|all\s+the)\s+[\w-]+(?:\s+[\w-]+)?)\s+)?"
)

# the nouns a key may be, and what each item shows for it
_TIME_KEY = (
    r"(?:(?:release|publication|start|end|due|founding|birth|launch|event)\s+)?"
    r"(?:dates?|years?|times?|deadlines?)"
)
_LENGTH_KEY = (
    r"(?:(?:name|word|title|item)\s+)?length|(?:word|character|letter)\s+count|"
    r"(?:the\s+)?number\s+of\s+(?:words|characters|letters)|how\s+long\s+(?:the\s+\w+\s+)?(?:is|are)"
)
_NUMBER_KEY = (
    r"(?:(?:the|their|its)\s+)?(?:(?:total|unit|average|retail|list)\s+)?"
    r"(?:prices?|costs?|population|size|area|distance|height|weight|age|scores?|ratings?|values?|"
    r"amounts?|salar(?:y|ies)|temperatures?|speed|calories|percentages?|revenue|atomic\s+number|"
    r"elevation|depth|duration|budget|totals?|quantit(?:y|ies)|votes|capacity|diameter|mass|"
    r"(?:the\s+)?number\s+of\s+[a-z]+|counts?|numbers?|ids?)"
)
_KEY_WORDS = rf"(?:{_TIME_KEY}|{_LENGTH_KEY}|{_NUMBER_KEY})"
_KEY = rf"(?P<key>{_KEY_WORDS})\b"

_UP = r"(?:ascending|increasing)"
_DOWN = r"(?:descending|decreasing)"
_LEAD = rf"(?:\b{_VERB}\s+{_OBJECT}(?:by\s+(?P<leadkey>{_KEY_WORDS})\s+)?)?"
_WITH_ORDER = compile_lazily(
    rf"{_LEAD}\b(?:in|into)\s+(?P<strict>strictly\s+)?(?P<dir>{_UP}|{_DOWN})\s+"
    r"(?P<named>numeric(?:al)?\s+|chronological\s+)?order\b"
    rf"(?:\s+(?:of|by)\s+{_KEY})?"
)
# "in order of increasing diameter"
_ORDER_OF = compile_lazily(
    rf"{_LEAD}\b(?:in|into)\s+order\s+of\s+(?P<strict>strictly\s+)?(?P<dir>{_UP}|{_DOWN})\s+{_KEY}"
)
_VERB_DIR = compile_lazily(
    rf"\b{_VERB}\s+{_OBJECT}(?:(?:by\s+{_KEY}|in)\s*,?\s*)?(?P<strict>strictly\s+)?"
    rf"(?P<dir>{_UP}|{_DOWN})\b(?!\s+(?:order|alphabetical))"
)
_NAMED = compile_lazily(
    rf"{_LEAD}\b(?:in\s+(?P<rev>reverse\s+)?(?P<name>chronological|calendar|numeric(?:al)?|date)\s+order|"
    r"(?P<adverb>chronologically|numerically))\b"
)
# the two ends: (low end, high end, key)
_ENDS: tuple[tuple[str, str, By], ...] = (
    (
        r"lowest|smallest|least|cheapest|fewest|low",
        r"highest|largest|biggest|greatest|most(?:\s+expensive)?|priciest|high",
        "number",
    ),
    (r"oldest|earliest", r"newest|latest|most\s+recent|youngest", "time"),
    (r"shortest", r"longest", "length"),
)
_FIRST_END: dict[By, tuple[str, str]] = {
    "number": (
        r"lowest|smallest|cheapest|fewest|least\s+expensive",
        r"highest|largest|biggest|greatest|most\s+expensive|priciest",
    ),
    "time": (r"oldest|earliest", r"newest|latest|most\s+recent"),
    "length": (r"shortest", r"longest"),
}
_WORD_UNIT = compile_lazily(r"\b(?:words?|word\s+count)\b")
_CHAR_UNIT = compile_lazily(r"\b(?:characters?|letters?|character\s+count|letter\s+count)\b")
# an order of sentences, lines or paragraphs, a table's rows: other kinds' or none
_OTHER_PARTS = compile_lazily(
    r"\b(?:sentences|paragraphs|stanzas|verses|rows?|columns?|tables?|csv|spreadsheet)\b"
)
_TABLE_ASKED = compile_lazily(r"\b(?:tables?|csv|spreadsheet|columns?)\b")
_ALPHABET = compile_lazily(r"\balphabet|\ba\s*(?:-|to)\s*z\b")
_KEYED_ELSEWHERE = compile_lazily(
    r"^\s*,?\s*(?:of|by|according\s+to|based\s+on)\s+(?!" + _KEY + ")"
)


# The items or their key as the order's subject, a terse item of a list of
# rules: "years in ascending order", "times in ascending order", "with the
# counts in descending order", "ids ascending", "bullets in chronological
# order"; and the direction before the key: "ascending value"
_SUBJECT_ORDER = compile_lazily(
    r"(?:^|[,;:—–(]\s*|\b(?:with|and)\s+)(?:the\s+|their\s+|all\s+)?"
    rf"(?P<subject>{_KEY_WORDS}|items|entries|bullets|bullet\s+points|events|ones)\s+"
    r"(?:(?:are|should\s+be|must\s+be|need\s+to\s+be)\s+)?"
    r"(?:(?:listed|sorted|ordered|arranged|placed|given|running|going)\s+)?"
    rf"(?:in\s+(?P<strict>strictly\s+)?(?P<dir>{_UP}|{_DOWN})(?:\s+(?:numeric(?:al)?|chronological))?"
    rf"\s+order|(?P<bare>{_UP}|{_DOWN})\b(?!\s+(?:order|by|alphabetical))|"
    r"in\s+(?P<named>chronological|calendar|numeric(?:al)?|date)\s+order)\b"
)
_DIRECTION_KEY = compile_lazily(
    rf"(?:^|[,;:—–(]\s*)(?P<dir>{_UP}|{_DOWN})\s+(?:by\s+)?{_KEY}(?=\s*(?:[,.;)]|$))"
)


_ITEMS_NOUN = compile_lazily(r"items|entries|bullets|bullet\s+points|events|ones")


def _subject_orders(text: str) -> Iterator[tuple[re.Match[str], By | None, Direction]]:
    for match in _SUBJECT_ORDER.finditer(text):
        subject = match.group("subject")
        said = match.group("dir") or match.group("bare")
        named = match.group("named")
        keyed = None if _ITEMS_NOUN.fullmatch(subject) else subject
        if named:
            by: By | None = "number" if named.startswith("numer") else "time"
            direction: Direction = "ascending"
        else:
            by = _key_by(keyed) or "number"
            direction = "ascending" if said and re.match(_UP, said) else "descending"
        yield match, by, direction
    for match in _DIRECTION_KEY.finditer(text):
        by = _key_by(match.group("key"))
        yield match, by, "ascending" if re.match(_UP, match["dir"]) else "descending"


# "sorted by price": ascending where no direction follows
_KEYED = compile_lazily(rf"\b(?:sort(?:ed)?|order(?:ed)?|arrange(?:d)?)\s+{_OBJECT}by\s+{_KEY}")


_END_PATTERNS = tuple(
    (
        compile_lazily(
            rf"(?:\b{_VERB}\s+{_OBJECT}(?:by\s+{_KEY}\s*,?\s*)?(?:from\s+)?|"
            r"(?:^|[,;:—–(])\s*(?:going\s+|running\s+)?(?:from\s+)?)(?:the\s+)?"
            rf"(?:(?P<up>{low})(?P<unit>\s+\w+)?\s+(?:to|→|->)\s+(?:the\s+)?(?:{high})|"
            rf"(?P<down>{high})(?P<unit2>\s+\w+)?\s+(?:to|→|->)\s+(?:the\s+)?(?:{low}))\b"
        ),
        by,
    )
    for low, high, by in _ENDS
)


def _ends(text: str) -> Iterator[tuple[re.Match[str], By, Direction]]:
    for pattern, by in _END_PATTERNS:
        for match in pattern.finditer(text):
            said = match.group("unit") or match.group("unit2") or ""
            # "from fewest letters to most": the items' length, in that unit
            yield (
                match,
                "length" if _unit(said) else by,
                "ascending" if match.group("up") else "descending",
            )


_FIRST_PATTERNS = tuple(
    (
        compile_lazily(
            rf"(?:(?:^|[,;:—–(])\s*(?:with\s+)?|\b{_VERB}\s+{_OBJECT}(?:by\s+{_KEY}\s*,?\s*)?)"
            rf"(?:the\s+)?(?:(?P<up>{low})|(?P<down>{high}))(?:\s+(?:one|ones|item|items))?"
            r"\s+first\b"
        ),
        by,
    )
    for by, (low, high) in _FIRST_END.items()
)


def _firsts(text: str) -> Iterator[tuple[re.Match[str], By, Direction]]:
    for pattern, by in _FIRST_PATTERNS:
        for match in pattern.finditer(text):
            yield match, by, "ascending" if match.group("up") else "descending"


def _key_by(key: str | None) -> By | None:
    if key is None:
        return None
    if re.fullmatch(_TIME_KEY, key):
        return "time"
    if re.fullmatch(_LENGTH_KEY, key):
        return "length"
    return "number"


def _unit(text: str) -> Literal["characters", "words"] | None:
    if _CHAR_UNIT.search(text):
        return "characters"
    return "words" if _WORD_UNIT.search(text) else None


def _candidates(text: str) -> Iterator[tuple[re.Match[str], By | None, Direction]]:
    for match in (*_WITH_ORDER.finditer(text), *_ORDER_OF.finditer(text)):
        named = (match.groupdict().get("named") or "").strip()
        key = match.group("key") or match.group("leadkey")
        by = "time" if named == "chronological" else _key_by(key)
        yield match, by or "number", "ascending" if re.match(_UP, match["dir"]) else "descending"
    for match in _VERB_DIR.finditer(text):
        by = _key_by(match.group("key")) or "number"
        yield match, by, "ascending" if re.match(_UP, match["dir"]) else "descending"
    for match in _NAMED.finditer(text):
        name = match.group("name") or match.group("adverb") or ""
        by = "number" if name.startswith("numer") else "time"
        if match.group("leadkey"):
            by = _key_by(match.group("leadkey")) or by
        yield match, by, "descending" if match.group("rev") else "ascending"
    yield from _ends(text)
    yield from _firsts(text)
    keyed = compile_lazily(
        rf"\b(?P<verb>sort(?:ed)?|order(?:ed)?|arrange(?:d)?)\s+{_OBJECT}by\s+{_KEY}"
    )
    for match in keyed.finditer(text):
        rest = text[match.end() : match.end() + 40]
        if re.match(r"\s*,?\s*(?:from|in|with|\w+\s+first|ascending|descending)", rest):
            continue  # a direction follows: read by the pattern that holds it
        yield match, _key_by(match.group("key")), "ascending"


# what makes the order one of listed items, not of a story told in order
_LISTY = compile_lazily(
    r"\b(?:sort|order|arrang|list|rank|organi[sz])\w*|\b(?:items?|entries|bullets?|"
    r"bullet\s+points?|numbered|one\s+per\s+line|each\s+on\s+(?:its|a)\s+(?:own|new|separate)\s+"
    r"line|timeline|numbers|dates|years|times)\b|"
    # counted things are listed: "give me 8 IDs", "ten cities"
    r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\s+"
    r"(?:[\w-]+\s+){0,2}?[a-z]+s\b"
)
# "from most to least important", "cheapest to most popular": a key no item shows
_QUALIFIED = compile_lazily(
    rf"^\s+(?!(?:and|or|then|with|for|in|on|to|please|first|last|each|every|one|per|so|"
    r"names?|words?|titles?|items?|entries|ones?|"
    rf"{_KEY_WORDS})\b)[a-z]{{3,}}"
)


_UNIT_AFTER = compile_lazily(r"\s*(?:\(|,)\s*(?:by|in)\s+[\w\s]{1,30}")


_VERB_OBJECT = compile_lazily(rf"^{_VERB}\s+{_OBJECT}")
_KEY_AFTER = compile_lazily(rf"\s+{_KEY}")


def _listed(text: str, match: re.Match[str]) -> bool:
    """Whether the sentence, outside the order phrase's own words, names a list."""
    rest = text[: match.start()] + " " + text[match.end() :]
    return _LISTY.search(rest) is not None or _LISTY.match(match.group(0)) is not None


_SUBJECT_FORMS = (_SUBJECT_ORDER, _DIRECTION_KEY)
# the order opens an item of a terse list of rules: "At least 6 entries, in chronological order."
_TERSE_BEFORE = compile_lazily(r"(?:^|[,;:—–(])\s*$")


# The answer shows the items without the key they are ordered by: "output them
# as a list of names only", "just the titles", "leave out the scores". An
# order by number or time read from the given data is then no order an answer
# shows (the key is in the prompt, not in the items).
_KEY_HIDDEN = compile_lazily(
    r"\b(?:names?|titles?|labels?|words?)\s+only\b|"
    r"\b(?:only|just)\s+(?:the\s+|their\s+|its\s+)?(?:[\w-]+\s+)?(?:names?|titles?|labels?)\b(?!\s+(?:and|with|plus)\b)|"
    r"\b(?:without|no|minus)\s+(?:the\s+|their\s+|its\s+|any\s+)?(?:numbers?|scores?|values?|"
    r"prices?|dates?|years?|times?|figures?|amounts?|rolls?|points?)\b|"
    r"\b(?:drop|omit|leave\s+out|remove|hide|strip)\s+(?:the\s+|their\s+|its\s+|all\s+)?"
    r"(?:numbers?|scores?|values?|prices?|dates?|years?|times?|figures?|amounts?|rolls?|points?)\b"
)


def ordered_items(sentence: Sentence) -> Iterator[Hit]:
    """ "Sorted ascending", "in chronological order", "cheapest to most expensive"."""
    for hit in _ordered_items(sentence):
        hidden = searched(_KEY_HIDDEN, lowered(sentence.whole))
        if isinstance(hit.spec, OrderedItems) and hit.spec.by in ("number", "time") and hidden:
            return  # "Sort these rolls highest to lowest, names only": the key is not shown
        yield hit


def _ordered_items(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    if sentence.original.rstrip().endswith("?"):
        return
    if searched(_TABLE_ASKED, lowered(sentence.whole)):
        # "Make a table … Sort it descending by area": its rows, by a column
        yield from _table_order(sentence)
        return
    if _OTHER_PARTS.search(text):
        return
    found = (*_candidates(text), *_subject_orders(text))
    for match, by, direction in sorted(found, key=lambda found: found[0].start()):
        if by is None or _ALPHABET.search(text, match.start(), match.end() + 25):
            continue
        if _QUALIFIED.match(text[match.end() :]) or not _listed(text, match):
            continue
        if _KEYED_ELSEWHERE.match(text[match.end() :]):
            continue  # "in ascending order of importance": a key no item shows
        if not (
            response_context(sentence, match.start())
            or items_described(sentence, match.start())
            or (
                (
                    match.re in tuple(map(compiled, _SUBJECT_FORMS))
                    or _TERSE_BEFORE.search(text, 0, match.start())
                )
                and list_rule(sentence, match.start())
            )
        ):
            continue
        named_after = _KEY_AFTER.match(text, match.end())
        if named_after is not None and by == "length":
            by = _key_by(named_after.group("key")) or by  # "shortest to longest duration"
        strict = "strictly" in match.group(0)
        # "(by number of characters)", ", by word count" just after says the unit
        after = _UNIT_AFTER.match(text, match.end())
        # the object ("sort the words by length") names the items, not the unit
        own = _VERB_OBJECT.sub("", match.group(0), count=1)
        said = own + (after.group(0) if after else "")
        unit = _unit(said) if by == "length" else None
        spec = OrderedItems(by=by, direction=direction, strict=strict, unit=unit)
        yield Hit(spec, match.start(), match.end())
        return


# -- a table's rows by a column ---------------------------------------------------

_NOT_NAME = r"(?:ascending|descending|increasing|decreasing|from|in|with|and|then|so|first|order)"
_TABLE_SORT = compile_lazily(
    r"\b(?:sort|order|arrang|rank)(?:ed|e)?\s+(?:(?:the\s+)?(?:rows|table|it|them|entries|data)\s+)?"
    rf"(?:(?P<dir>{_UP}|{_DOWN})\s+)?by\s+(?:the\s+|their\s+|its\s+)?"
    rf"(?P<col>[a-z][\w%'-]*(?:\s+(?!{_NOT_NAME}\b)[a-z][\w%'-]*){{0,2}}?)(?:\s+column)?"
    r"(?=\s*(?:$|[,.;:)]|\s(?:ascending|descending|increasing|decreasing|from|in|with|and)\b))"
)
_DIR_AFTER = compile_lazily(
    rf"\s*,?\s*(?:(?:in\s+)?(?P<dir>{_UP}|{_DOWN})|"
    r"(?:with\s+)?(?:the\s+)?(?P<first>[a-z]+(?:\s+[a-z]+)?)\s+first|"
    r"(?:from\s+)?(?:the\s+)?(?P<start>[a-z]+)\s+to\s+(?:the\s+)?[a-z]+)\b"
)
_HIGH_FIRST = compile_lazily(
    r"(?:highest|largest|biggest|greatest|heaviest|most\s+\w+|newest|latest|most\s+recent|longest|"
    r"oldest\s+last|high)$"
)
_LOW_FIRST = compile_lazily(
    r"(?:lowest|smallest|least\s+\w+|lightest|cheapest|fewest|oldest|earliest|shortest|low)$"
)


def _table_direction(text: str, match: re.Match[str]) -> tuple[Direction | None, int]:
    """The direction said with the column, and where its words end."""
    if match.group("dir"):
        return ("ascending" if re.match(_UP, match["dir"]) else "descending"), match.end()
    after = _DIR_AFTER.match(text, match.end())
    if after is None:
        return "ascending", match.end()  # "sort the rows by year": the least first
    if after.group("dir"):
        return ("ascending" if re.match(_UP, after["dir"]) else "descending"), after.end()
    end = after.group("first") or after.group("start") or ""
    if _HIGH_FIRST.search(end):
        return "descending", after.end()
    return ("ascending" if _LOW_FIRST.search(end) else None), after.end()


def _table_order(sentence: Sentence) -> Iterator[Hit]:
    """ "Sort the rows by Year ascending", "sorted by weight, heaviest first"."""
    text = sentence.lower
    for match in _TABLE_SORT.finditer(text):
        column = sentence.original[match.start("col") : match.end("col")].strip()
        if _ALPHABET.search(text, match.start(), match.end() + 25) or column.lower() in (
            "name",
            "names",
        ):
            continue  # a name column sorts as text: sorted_items's, or no check's
        direction, end = _table_direction(text, match)
        if direction is None or not response_context(sentence, match.start()):
            continue
        by: By = "time" if re.fullmatch(_TIME_KEY, column.lower()) else "number"
        spec = OrderedItems(by=by, direction=direction, column=column)
        yield Hit(spec, match.start(), end)
        return
