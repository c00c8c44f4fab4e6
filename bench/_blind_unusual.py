"""What ``_blind_map`` expects of less usual requirements, as a writer who
labels and encodes them its own way writes them (split H's writer), read
from the structured fields (the family label only as a hint where the
fields alone leave two readings), or None where this group does not state
it (the general mapping then decides). The mappings that read a constraint's
siblings (one value per part, blank lines as a total, items in a stated
form) live in ``_blind_unusual_parts``.

- Word length: a count of words over the whole answer whose label or note
  names the length of each word ("max_word_length", "letters per word") is
  a ``word_length`` bound, not a count of words.
- Tautogram: relation ``all`` of one letter over the words, the label or
  note naming a start: every word starts with it.
- Acrostic: each line (sentence) ``starts_with`` a word, the label or note
  saying the lines' first letters spell it: an ``acrostic`` of that part.
- Alphabetical order: relation ``other``, a label naming the alphabet,
  ``ascending`` (``descending``) as the value, over the answer's lines or
  items: ``sorted_items`` (reverse) alphabetical. A "numeric order" is no
  kind's (``sorted_items`` compares text).
- Length against the part before: ``more_than`` (``less_than``) "the
  previous sentence" over each part is a strict ``length_progression``,
  ``at_least`` (``at_most``) one allowing ties; ``equals`` "line index" (or
  "n") over each line is a step of one from one.
- One value per part: a list of words each part in turn starts with, holds,
  or has as its length (``starts_with``/``contains``/``equals`` over "each
  paragraph", "first word of each sentence"), with the order stated (a note
  "paragraph i", "in order") or a sibling counting exactly that many parts:
  one ``word_at``, ``keyword_in`` or ``part_count`` per listed part, so that
  covering needs all of them.
- A blank line between blocks written as the total count of blank lines
  (``exactly 3`` between 4 stanzas a sibling counts): one blank line in
  each gap, ``blank_lines``.
- Items of a list whose form a sibling names (checkboxes, bullets, numbers),
  the unit literally "items": that form's count or ``item_count`` (which
  counts the same list lines), and a count of made-up titles (unit
  ``title`` with an item-count label) an ``item_count``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from _blind_each import each_part_holds
from _blind_format_parts import blank_lines
from _blind_layout import item_template
from _blind_matchers import (
    Expectation,
    all_of,
    count,
    counts,
    either,
    fields,
    first_found,
    no_kind,
    separated_versions,
)
from _blind_ordered import ordered
from _blind_parts import NUMERIC, count_value, is_response, scope_of, unit_of
from _blind_rows import Constraint, Row
from _blind_unusual_parts import (
    FIRST_WORD,
    TEXT_UNITS,
    blank_gaps,
    line_choice,
    per_part,
    stated_items,
    writer_says_choice,
)
from _blind_unusual_parts import plain as _text

__all__ = ["unusual"]


def _hint(c: Constraint) -> str:
    """The label and the note: read only where the fields leave two readings."""
    return f"{_text(c.family)} {_text(c.note)}"


# -- word length (label: max_word_length) ------------------------------------------------

_LENGTH_LABEL = re.compile(
    r"\b(?:max(?:imum)?|min(?:imum)?|exact)? ?word length\b"
    r"|\bletters? (?:per|in each|of each) word\b"
)


_LENGTH_UNITS = ("word", "letter", "character")


def _word_length(c: Constraint) -> Expectation | None:
    """ "No word longer than 7 letters" as unit word over the whole answer:
    only the label (or note) tells a word's length from a count of words."""
    relation, scope = c.relation, scope_of(c.scope)
    if relation not in NUMERIC or not count_value(relation, c.value):
        return None
    # a count of letters over the whole answer is its letters, not each word's
    unit = _text(c.unit)
    each_word = scope[:2] == ("each", "word")
    if not ((is_response(scope) and unit == "word") or (each_word and unit in _LENGTH_UNITS)):
        return None
    if c.words:
        return None
    if not _LENGTH_LABEL.search(_hint(c)):
        return None
    return all_of(*counts("word_length", relation, c.value))


# -- tautogram and acrostic ----------------------------------------------------------------

_STARTS = re.compile(r"tautogram|\bstarts?\b|\bbegins?\b|\binitials?\b|first letter")


def _tautogram(c: Constraint) -> Expectation | None:
    value = c.value.strip() if isinstance(c.value, str) else ""
    scope = scope_of(c.scope)
    if c.relation != "all" or len(value) != 1 or not value.isalpha():
        return None  # "starts with V" over the answer is its first letter only
    if _text(c.unit) not in ("word", "first letter", "initial"):
        return None
    if not (is_response(scope) or scope[:2] == ("each", "word")):
        return None
    if not _STARTS.search(_hint(c)):
        return None
    return all_of(fields("tautogram", letter=value.lower()))


_SPELLS = re.compile(r"acrostic|\bspells?\b|letter i\b|first letters?|initials?")


def _acrostic(c: Constraint) -> Expectation | None:
    """Each line starts with letter i of the word: the label or note says so,
    else "each line starts with MARGOT" is the word at every line's start."""
    where, part, _ = scope_of(c.scope)
    word = c.value.strip() if isinstance(c.value, str) else ""
    if c.relation not in ("starts_with", "equals") or where != "each":
        return None
    if part not in ("line", "sentence") or len(word) < 2 or not word.isalpha():
        return None
    if not _SPELLS.search(_hint(c)):
        return None
    if not word.isupper() and not _SPELLS.search(c.note or ""):
        return None  # "each line starts with 'Why'" under an acrostic label: a phrase
    return all_of(fields("acrostic", word=word, part=part))


# -- alphabetical order (labels: alphabetical_order, numeric_order) --------------------------

_LISTED = re.compile(r"(?:the )?(?:list|items|list items|lines)")


def _alphabetical(c: Constraint) -> Expectation | None:
    label = _hint(c)
    named = re.search(r"alphabet|\ba ?(?:-|to) ?z\b", label) is not None
    if c.relation != "other" or not named or unit_of(c) not in ("line", "item"):
        return None
    if _text(c.unit) in ("word", "letter", "character"):
        return None  # the words of a sentence in order: no kind sorts words
    value = _text(c.value)
    if re.search(r"\bby\b", f"{value} {label}"):
        return None  # "by surname": a key other than the item's text
    if not (is_response(scope_of(c.scope)) or _LISTED.fullmatch(_text(c.scope))):
        return None
    if value in ("", "ascending", "a-z", "a to z", "alphabetical"):
        return all_of(fields("sorted_items", order="alphabetical"))
    if value in ("descending", "z-a", "z to a", "reverse", "reverse alphabetical"):
        return all_of(fields("sorted_items", order="reverse_alphabetical"))
    return None


# -- a length against the part before ---------------------------------------------------

_PROGRESSION_PARTS = {
    "sentence": "sentence",
    "line": "line",
    "paragraph": "paragraph",
    "stanza": "paragraph",
    "item": "item",
    "bullet": "item",
}
_BEFORE = re.compile(r"\b(?:previous|preceding|prior|before|last one|one above)\b")
_INDEX = re.compile(r"n|(?:the )?(?:line|sentence|paragraph)? ?(?:index|number|position)")


def _against_previous(c: Constraint) -> Expectation | None:
    where, part, _ = scope_of(c.scope)
    progression_part = _PROGRESSION_PARTS.get(str(part)) if where == "each" else None
    # the part compared with as the value, or as the one word listed
    said = c.value if isinstance(c.value, str) else (c.words[0] if len(c.words) == 1 else None)
    if progression_part is None or said is None:
        return None
    unit = {"word": "words", "character": "characters"}.get(_text(c.unit))
    if unit is None:
        return None
    value = _text(said)
    if c.relation == "equals" and _INDEX.fullmatch(value):
        # "line n has n words": one word, then one more each time
        return all_of(
            fields(
                "length_progression",
                part=progression_part,
                unit=unit,
                direction="increasing",
                step=1,
                start=1,
            )
        )
    if not _BEFORE.search(value):
        return None
    direction = {
        "more_than": ("increasing", True),
        "at_least": ("increasing", False),
        "less_than": ("decreasing", True),
        "at_most": ("decreasing", False),
    }.get(c.relation)
    if direction is None:
        return None
    return all_of(
        fields(
            "length_progression",
            part=progression_part,
            unit=unit,
            direction=direction[0],
            strict=direction[1],
            step=None,
            start=None,
        )
    )


# -- a value naming another part ------------------------------------------------------------

_OTHER_PART = re.compile(
    r"(?:the )?(?:first|last|previous|preceding|next|other) "
    r"(?:\w+ )?(?:of (?:the )?)?(?:previous |preceding |next )?"
    r"(?:line|sentence|word|paragraph|item|stanza)s?"
)


def _reference(c: Constraint) -> Expectation | None:
    """The last line "equals" the first line, each sentence "starts with" the
    last word of the one before: the value names another part, not a text."""
    if c.relation not in ("starts_with", "ends_with", "equals") or not isinstance(c.value, str):
        return None
    if not _OTHER_PART.fullmatch(_text(c.value)):
        return None
    return no_kind("a part compared with another part: no kind compares them")


# -- no word (no start) twice ----------------------------------------------------------

_UNIQUE = re.compile(r"repeat|unique|distinct|different|twice|more than once|only once")
_NO_REPEAT = re.compile(
    r"unique|distinct|\bno (?:\w+ )?(?:word )?repeat|\bnot? repeat|only once|\bnever repeat"
)
_WITHIN = ("sentence", "paragraph", "line", "bullet")


def _distinct(c: Constraint) -> Expectation | None:
    """ "No word is repeated" as a ban with nothing listed (the label or note
    naming repetition); "no two lines start with the same word" as the first
    word of each line, all distinct."""
    where, part, _ = scope_of(c.scope)
    first = FIRST_WORD.match(_text(c.scope)) is not None
    if first and c.relation == "other" and _text(c.unit) in ("word", "first word"):
        distinct = _UNIQUE.search(f"{_text(c.value)} {_hint(c)}") is not None
        if distinct and part in _WITHIN:
            return all_of(fields("distinct_starts", part=part))
        return None
    # a ban of repeats, or the property stated as such ("unique_words", other)
    banned = c.relation in ("none", "other") and c.value in (None, 0) and not c.words
    if not banned or _text(c.unit) != "word" or not _UNIQUE.search(_hint(c)):
        return None
    if c.relation == "other" and not _NO_REPEAT.search(_hint(c)):
        return None  # "other": only a label or note that names no repeat at all
    if is_response((where, part, None)):
        return all_of(fields("distinct_words", within="response"))
    if where == "each" and part in _WITHIN:
        return all_of(fields("distinct_words", within=part))
    return None


# -- a word of a part's own name, in each part -----------------------------------------


def _each_holds(c: Constraint) -> Expectation | None:
    """ "Every sentence contains 'ice'" written with the part as its unit."""
    where, part, _ = scope_of(c.scope)
    if c.relation != "contains" or where != "each" or len(c.words) != 1:
        return None
    if unit_of(c) != part and _text(c.unit) != part:
        return None
    return each_part_holds(replace(c, unit="keyword"))


# -- how many of the listed words ------------------------------------------------------

_SUBSET = re.compile(
    r"subset|\bof (?:these|the list|them)\b|from (?:the |this )?list|\bdistinct\b|\bany\b|choose"
)


def _some_of(c: Constraint) -> Expectation | None:
    """ "Use at least four of these transitions": how many of the listed words
    appear, not how often each does; no kind counts that."""
    if c.relation not in NUMERIC or len(c.words) < 2 or not isinstance(c.value, int):
        return None
    if _text(c.unit) not in (*TEXT_UNITS, "transition"):
        return None
    if not _SUBSET.search(_hint(c)):
        return None
    return no_kind("how many of the listed words appear: no kind counts that")


# -- a count of blank lines written as lines ------------------------------------------


def _blank_as_lines(c: Constraint) -> Expectation | None:
    """ "Then a blank line": unit line, its label or note naming a blank line."""
    if c.relation not in NUMERIC or not count_value(c.relation, c.value):
        return None
    if _text(c.unit) not in ("line", "lines") or not re.search(r"\bblank|\bempty line", _hint(c)):
        return None
    return blank_lines(replace(c, unit="blank line")) or no_kind(
        "a count of blank lines in one place: no kind counts them"
    )


# -- a bold title in a template ----------------------------------------------------------


def _bold_template(c: Constraint) -> Expectation | None:
    """A template opening with bold text ("**Title**: sentence") is no list marker."""
    value = c.value.strip() if isinstance(c.value, str) else ""
    if c.relation != "matches_format" or not re.match(r"\*\*[^*\s]", value):
        return None
    if scope_of(c.scope)[0] != "each":
        return None  # one part's format: the general mapping says why no kind
    return item_template(c, scope_of(c.scope)) or no_kind("a template of one part: no kind")


# -- a separator between parts ---------------------------------------------------------

_BETWEEN_PARTS = re.compile(
    r"between (?:the |each |all |adjacent |consecutive )*"
    r"(?:paragraph|stanza|part|poem|section|piece|version|haiku|side)s?"
)


def _between_parts(c: Constraint) -> Expectation | None:
    """ "Three paragraphs separated by a line holding only ~~~": two
    separators, three pieces between them (separated_versions)."""
    if unit_of(c) != "separator" or not _BETWEEN_PARTS.fullmatch(_text(c.scope)):
        return None
    if c.relation != "exactly" or not isinstance(c.value, int) or not 1 <= c.value <= 19:
        return None
    if len(c.words) != 1 or not c.words[0].strip() or len(c.words[0].strip()) > 20:
        return None
    run = c.words[0].strip()
    if any(ch.isalnum() for ch in run):
        return None  # a word between parts is a label, not a separator line
    pieces = separated_versions(run, c.value + 1)
    if re.fullmatch(r"\*{3,}", run):
        paragraphs = count("paragraph_count", "exactly", c.value + 1, separator="***")
        return all_of(either(paragraphs, pieces))
    return all_of(pieces)


# -- headings of a level written as their marks -------------------------------------------


def _heading_marks(c: Constraint) -> Expectation | None:
    """ "Exactly 3 headings that start with ##": the level the marks name."""
    marks = {w.strip() for w in c.words}
    if unit_of(c) != "heading" or c.relation not in NUMERIC or len(marks) != 1:
        return None
    mark = marks.pop()
    if not re.fullmatch(r"#{1,6}", mark) or not is_response(scope_of(c.scope)):
        return None
    if not count_value(c.relation, c.value):
        return None
    return all_of(*counts("heading_count", c.relation, c.value, level=len(mark)))


# -- every line opening with one of several labels ---------------------------------------


def _line_labels(c: Constraint) -> Expectation | None:
    """ "Every line starts with either 'BARISTA:' or 'CUSTOMER:'": a choice for
    every line, ``each_line`` with alternatives (named sections need each label
    once and leave other lines free). Only a writer who labels the words as
    options says the lines choose among them; labels each line carries once
    ("Name:", "Phone:") or in turn also open every line with one of them, so
    there the check is implied (precision, never coverage). A writer's template
    words ("Row N:", "1)", "2)") are no literal markers."""
    where, part, _ = scope_of(c.scope)
    if c.relation != "starts_with" or where != "each" or part != "line" or len(c.words) < 2:
        return None
    if all(len(w.strip()) == 1 for w in c.words):
        return None  # "H", "O", "P", "E": a word's letters, one per line (an acrostic)
    reason = "every line opening with one of several phrases: no kind states it"
    choice = line_choice(c, tuple(c.words))
    return all_of(*choice) if choice and writer_says_choice(c) else no_kind(reason, *choice)


_FAMILIES: tuple[Callable[[Constraint], Expectation | None], ...] = (
    _word_length,
    _tautogram,
    _acrostic,
    _alphabetical,
    ordered,
    _against_previous,
    _reference,
    _distinct,
    _each_holds,
    _some_of,
    _blank_as_lines,
    _bold_template,
    _between_parts,
    _heading_marks,
)


def unusual(c: Constraint, row: Row) -> Expectation | None:
    """The checks this group states for ``c`` (canonical fields), or None."""
    found = first_found(_FAMILIES, c)
    if found is not None:
        return found
    return per_part(c, row) or _line_labels(c) or blank_gaps(c, row) or stated_items(c, row)
