"""The registry of requirement families: ``kind → family``.

Adding a family is one module (its spec, measure, correction, optional
repair and rules; see :mod:`._base`) and one line in :data:`FAMILIES`. The
registry is checked when it is imported, and again against the vocabulary
when :mod:`redraft.criteria._spec` builds it: a family that misses a piece
is an error at import, never a check that silently does nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from redraft.core._repair import register_repair
from redraft.criteria._families._answer_template import ANSWER_TEMPLATE
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._blank_lines import BLANK_LINES
from redraft.criteria._families._capitals import CAPITAL_WORDS, LETTERS
from redraft.criteria._families._case import LETTER_CASE
from redraft.criteria._families._cells import CELLS
from redraft.criteria._families._chain import CHAIN
from redraft.criteria._families._charset import CHAR_CLASS_COUNT
from redraft.criteria._families._checklist import CHECKLIST
from redraft.criteria._families._code_blocks import CODE_BLOCKS
from redraft.criteria._families._count_property import COUNT_PROPERTY
from redraft.criteria._families._csv import CSV_COLUMNS, CSV_ROWS
from redraft.criteria._families._distinct import DISTINCT
from redraft.criteria._families._each_contains import EACH_CONTAINS
from redraft.criteria._families._each_part import EACH_PART
from redraft.criteria._families._emoji import EMOJI
from redraft.criteria._families._equal_words import EQUAL_WORDS
from redraft.criteria._families._first_words import FIRST_WORDS
from redraft.criteria._families._forbidden_chars import FORBIDDEN_CHARS
from redraft.criteria._families._hashtags import HASHTAGS
from redraft.criteria._families._heading_form import HEADING_FORM
from redraft.criteria._families._headings import HEADINGS
from redraft.criteria._families._item_count import ITEMS
from redraft.criteria._families._item_template import ITEM_TEMPLATE
from redraft.criteria._families._json import JSON
from redraft.criteria._families._json_data import JSON_DATA
from redraft.criteria._families._keyword_clauses import KEYWORDS
from redraft.criteria._families._label_sequence import LABEL_SEQUENCE
from redraft.criteria._families._languages import LANGUAGE
from redraft.criteria._families._line_affix import LINE_AFFIX
from redraft.criteria._families._line_length import LINE_LENGTH
from redraft.criteria._families._line_style import LINE_STYLE
from redraft.criteria._families._line_template import LINE_TEMPLATE
from redraft.criteria._families._lines import LINES
from redraft.criteria._families._links import LINKS
from redraft.criteria._families._list_markers import LIST_MARKERS
from redraft.criteria._families._lists import BULLETS, NUMBERED
from redraft.criteria._families._literals import COMMA_LIST, PYTHON_LITERAL
from redraft.criteria._families._marks import HIGHLIGHTS, PLACEHOLDERS, SECTIONS
from redraft.criteria._families._money_formats import MONEY_FORMAT, PERCENT_FORMAT
from redraft.criteria._families._named_sections import NAMED_SECTIONS
from redraft.criteria._families._nesting import LIST_NESTING
from redraft.criteria._families._number_formats import DATE_FORMAT, DECIMAL_PLACES, TIME_FORMAT
from redraft.criteria._families._number_style import NUMBER_STYLE
from redraft.criteria._families._numbers import NUMBER_COUNT, NUMBER_ONLY
from redraft.criteria._families._one_part import ONE_PART
from redraft.criteria._families._opening import OPENING
from redraft.criteria._families._options import OPTIONS
from redraft.criteria._families._order import ORDER
from redraft.criteria._families._ordered_items import ORDERED_ITEMS
from redraft.criteria._families._part_count import PART_COUNT
from redraft.criteria._families._part_repeat import PART_REPEAT
from redraft.criteria._families._per_part import EACH_COUNT
from redraft.criteria._families._phrase_choice import PHRASE_CHOICE
from redraft.criteria._families._phrases import PHRASES
from redraft.criteria._families._plain_text import PLAIN_TEXT
from redraft.criteria._families._positions import POSITIONS
from redraft.criteria._families._progression import LENGTH_PROGRESSION
from redraft.criteria._families._proportion import PROPORTION
from redraft.criteria._families._prose import CHARACTERS, PARAGRAPHS, SENTENCES, WORDS
from redraft.criteria._families._punctuation import FINAL_MARK, NO_PUNCTUATION, PUNCTUATION_COUNT
from redraft.criteria._families._questions import QUESTIONS
from redraft.criteria._families._ranges import NUMBERS_IN_RANGE
from redraft.criteria._families._relative_length import RELATIVE_LENGTH
from redraft.criteria._families._repeat import REPEAT
from redraft.criteria._families._script import ASCII_ONLY, SCRIPT
from redraft.criteria._families._shapes import SHAPES
from redraft.criteria._families._sorted import SORTED_ITEMS
from redraft.criteria._families._styled_words import STYLED_WORDS
from redraft.criteria._families._tables import TABLE_COLUMNS, TABLE_COUNT, TABLE_ROWS
from redraft.criteria._families._title_case import TITLE_CASE
from redraft.criteria._families._unique import UNIQUE_ITEMS
from redraft.criteria._families._unit_place import UNIT_PLACE
from redraft.criteria._families._uppercase_words import CAPITALS
from redraft.criteria._families._value_mask import VALUE_MASK
from redraft.criteria._families._versions import SEPARATED_VERSIONS
from redraft.criteria._families._vocab import VOCABULARY
from redraft.criteria._families._word_length import WORD_LENGTH
from redraft.criteria._families._word_patterns import WORD_PATTERN
from redraft.criteria._families._wordplay import ACROSTIC, PALINDROME, PANGRAM, TAUTOGRAM
from redraft.criteria._families._wrap import WRAP_MARKS
from redraft.criteria._families._xml import XML
from redraft.criteria._families._yaml import YAML
from redraft.criteria._sentences import Rule

__all__ = [
    "FAMILIES",
    "FAMILY_OF_KIND",
    "FAMILY_RULES",
    "FAMILY_SPECS",
    "FamilyError",
    "check_families",
    "check_vocabulary",
]

FAMILIES: tuple[Family, ...] = (
    KEYWORDS,
    POSITIONS,
    ONE_PART,
    EACH_PART,
    DISTINCT,
    ORDER,
    FORBIDDEN_CHARS,
    LETTER_CASE,
    PHRASES,
    SHAPES,
    JSON,
    REPEAT,
    LANGUAGE,
    WORDS,
    SENTENCES,
    PARAGRAPHS,
    CHARACTERS,
    BULLETS,
    NUMBERED,
    PLACEHOLDERS,
    HIGHLIGHTS,
    SECTIONS,
    CAPITAL_WORDS,
    LETTERS,
    EACH_COUNT,
    PART_COUNT,
    EQUAL_WORDS,
    LINES,
    LINE_AFFIX,
    EMOJI,
    HASHTAGS,
    QUESTIONS,
    LINKS,
    YAML,
    XML,
    LINE_LENGTH,
    LINE_TEMPLATE,
    WRAP_MARKS,
    TABLE_COUNT,
    TABLE_ROWS,
    TABLE_COLUMNS,
    CSV_ROWS,
    CSV_COLUMNS,
    HEADINGS,
    CODE_BLOCKS,
    OPTIONS,
    PHRASE_CHOICE,
    PUNCTUATION_COUNT,
    NO_PUNCTUATION,
    FINAL_MARK,
    ASCII_ONLY,
    SCRIPT,
    ACROSTIC,
    TAUTOGRAM,
    PANGRAM,
    PALINDROME,
    WORD_LENGTH,
    WORD_PATTERN,
    CHAR_CLASS_COUNT,
    VOCABULARY,
    OPENING,
    NUMBER_COUNT,
    NUMBER_ONLY,
    PYTHON_LITERAL,
    COMMA_LIST,
    DECIMAL_PLACES,
    MONEY_FORMAT,
    PERCENT_FORMAT,
    LABEL_SEQUENCE,
    DATE_FORMAT,
    TIME_FORMAT,
    NUMBER_STYLE,
    ANSWER_TEMPLATE,
    CAPITALS,
    FIRST_WORDS,
    SEPARATED_VERSIONS,
    CHECKLIST,
    ITEM_TEMPLATE,
    SORTED_ITEMS,
    ORDERED_ITEMS,
    LENGTH_PROGRESSION,
    RELATIVE_LENGTH,
    PART_REPEAT,
    CHAIN,
    NUMBERS_IN_RANGE,
    UNIQUE_ITEMS,
    NAMED_SECTIONS,
    PLAIN_TEXT,
    ITEMS,
    BLANK_LINES,
    HEADING_FORM,
    LIST_MARKERS,
    TITLE_CASE,
    JSON_DATA,
    CELLS,
    UNIT_PLACE,
    EACH_CONTAINS,
    STYLED_WORDS,
    LIST_NESTING,
    LINE_STYLE,
    COUNT_PROPERTY,
    PROPORTION,
    VALUE_MASK,
)
"""Every registered family, in the order their rules read a sentence."""


class FamilyError(TypeError):
    """A registered family misses a piece, or two families claim one kind."""


def check_families(families: Iterable[Family]) -> dict[str, Family]:
    """``kind → family`` for ``families``, or :class:`FamilyError` naming
    what is missing: every kind needs a spec model (a :class:`FamilySpec`
    with a literal ``kind``), a measure and a correction of its own. Each
    family's own repair edits join the loop's here."""
    by_kind: dict[str, Family] = {}
    for family in families:
        name = getattr(family, "name", None) or type(family).__name__
        specs = getattr(family, "specs", ())
        if not specs:
            raise FamilyError(f"family {name!r} names no spec model")
        for piece in ("measure", "correction"):
            method = getattr(type(family), piece, None)
            if not callable(method) or getattr(method, "__isabstractmethod__", False):
                raise FamilyError(f"family {name!r} has no {piece}")
        if not all(callable(rule) for rule in family.rules):
            raise FamilyError(f"family {name!r} lists a rule that is not callable")
        for model in specs:
            if not (isinstance(model, type) and issubclass(model, FamilySpec)):
                raise FamilyError(f"family {name!r}: {model!r} is not a FamilySpec model")
            field = model.model_fields.get("kind")
            kind = field.default if field is not None else None
            if not isinstance(kind, str) or not kind:
                raise FamilyError(f"family {name!r}: {model.__name__} has no literal kind")
            if kind in by_kind:
                raise FamilyError(f"kind {kind!r} is claimed by two families")
            by_kind[kind] = family
        for edit in family.edits:
            try:
                register_repair(edit)
            except ValueError as error:
                raise FamilyError(f"family {name!r}: {error}") from None
    return by_kind


FAMILY_OF_KIND: Mapping[str, Family] = check_families(FAMILIES)
"""The family that measures, corrects and repairs each family kind."""

FAMILY_SPECS: tuple[type[FamilySpec], ...] = tuple(m for f in FAMILIES for m in f.specs)
"""Every family's spec models, for the vocabulary's union."""

FAMILY_RULES: tuple[Rule, ...] = tuple(rule for f in FAMILIES for rule in f.rules)
"""Every family's phrasing rules, for the rule compiler."""


def check_vocabulary(models: Iterable[type[object]]) -> None:
    """:class:`FamilyError` unless every family kind's spec model is a member
    of the vocabulary's union (``models``) and no family kind is also a kind
    of the vocabulary's own modules."""
    members = set(models)
    for spec in FAMILY_SPECS:
        if spec not in members:
            raise FamilyError(f"{spec.__name__} is not in the CheckSpec union")
    family_kinds = set(FAMILY_OF_KIND)
    for member in members:
        field = getattr(member, "model_fields", {}).get("kind")
        kind = field.default if field is not None else None
        if kind in family_kinds and member not in FAMILY_SPECS:
            raise FamilyError(f"kind {kind!r} is both a family's and the vocabulary's")
