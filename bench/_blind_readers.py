"""The mapping's readers of one relation each, as ``_blind_map`` dispatches them.

Once no writer's convention or family has read a constraint, ``_blind_map``
dispatches it by its relation: a count, ``contains``, ``equals``, ``all``,
``matches_format``, ``other`` (and a language, JSON keys) each have their
reader here. The order in which they are tried is ``_blind_map``'s alone.
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_data import each_object_keys
from _blind_format_parts import stated_marker
from _blind_items import checklist_items, stated_list
from _blind_layout import (
    checklist,
    comma_line,
    comma_separated,
    item_template,
    line_separator,
    named_sections,
    separator_line,
    separators_count,
    sorted_items,
    unique_items,
    versions_count,
    versions_separator,
)
from _blind_line_style import line_style
from _blind_matchers import (
    Expectation,
    all_of,
    any_count,
    count,
    counts,
    fields,
    first_word,
    json_object,
    keyword,
    last_word,
    line_length,
    no_kind,
    only_code_block,
    phrase_is,
    postscript,
    xml_document,
    yaml_mapping,
)
from _blind_parts import (
    COUNTED,
    Scope,
    code_language,
    count_value,
    heading_level_of,
    is_response,
    language_code,
    letter_of,
    marker_of,
    names_text,
    phrase,
    unit_of,
)
from _blind_phrases import keywords, phrases_of
from _blind_presence import each_part_presence
from _blind_rows import Constraint, Row

__all__ = [
    "read_contains",
    "read_count",
    "read_equals",
    "read_every",
    "read_format",
    "read_json_keys",
    "read_language",
    "read_other",
]


def read_language(c: Constraint, scope: Scope) -> Expectation:
    if not is_response(scope):
        return no_kind("language of one part only")
    code = language_code(c.value, c.note)
    if code is None:
        return no_kind("language not in the detector's list")
    return all_of(fields("language", language=code))


# The units a count within each part (each_count) measures, and the parts
# that hold them; words are each_word_count's.
_EACH_HOLDS: dict[str, tuple[str, ...]] = {
    "character": ("sentence", "paragraph", "bullet"),
    "sentence": ("paragraph", "bullet"),
    "line": ("paragraph",),
}


def _urls_named(c: Constraint, unit: str, scope: Scope) -> Expectation | None:
    """Exactly N URLs, the N given as the words: that many URLs, each of them
    present; either check alone is a part of it."""
    if unit != "url" or c.relation != "exactly" or not is_response(scope) or not c.words:
        return None
    if c.value != len(c.words) or not all(re.match(r"(?:https?://|www\.)\S+$", w) for w in c.words):
        return None
    parts = (
        count("url_count", "exactly", len(c.words)),
        *(keyword(w, "at_least", 1) for w in c.words),
    )
    return replace(all_of(*parts), implied=parts)


def read_count(c: Constraint, unit: str, scope: Scope, row: Row) -> Expectation:
    where, part, _ = scope
    if unit == "key":
        return read_json_keys(c, scope, row, exact=c.relation == "exactly")
    if (named := _urls_named(c, unit, scope)) is not None:
        return named
    if c.words and names_text(c):
        return keywords(phrases_of(c), scope)
    if unit == "separator":
        return separators_count(c) or no_kind("no kind counts separators not between pieces")
    one_line = c.relation == "exactly" and c.value == 1
    if unit == "line" and one_line and comma_separated(c) and is_response(scope):
        # "comma-separated on one line": one line, and that line a comma list
        return comma_line()
    if unit == "line" and one_line and (mark := line_separator(c)) and is_response(scope):
        # a delimiter's one line, its mark the one word ("; " on a single line)
        return comma_line(mark)
    if where == "each" and unit == "word" and part in ("sentence", "paragraph", "bullet"):
        return all_of(*counts("each_word_count", c.relation, c.value, part=part))
    within = "paragraph" if part == "stanza" else part
    if where == "each" and within in _EACH_HOLDS.get(unit, ()):
        units = f"{unit}s"
        return all_of(*counts("each_count", c.relation, c.value, part=within, units=units))
    plain_lines = re.fullmatch(r"(?:each|every|all|any|per)\s+lines?", str(c.scope or "").lower())
    if plain_lines and unit in ("word", "character"):
        bounds = count_value(c.relation, c.value)
        return all_of(*(line_length(rel, n, f"{unit}s") for rel, n in bounds))
    if (body := _body_paragraphs(c, unit, row)) is not None:
        return body
    if not is_response(scope):
        # at least one bold span in every item: one in the answer is implied
        present = each_part_presence(c, unit, scope)  # bench/_blind_presence.py
        return present or no_kind("count within one part: no kind counts it there")
    if unit in ("paragraph", "stanza"):
        # a stanza is a block of lines set off by blank lines, as a paragraph is
        return all_of(*counts("paragraph_count", c.relation, c.value, separator=_separator(row)))
    if unit == "section":
        marker = marker_of(s for s in row.constraints if _LABELS.search(str(s.unit)))
        if marker is None:
            return no_kind("sections without a numbered marker line")
        return all_of(*counts("section_count", c.relation, c.value, marker=marker))
    letter = letter_of(c)
    if unit == "letter" and letter is not None:
        return all_of(*counts("letter_count", c.relation, c.value, letter=letter))
    if unit in ("item", "list"):
        return stated_list(c, row)
    if unit == "placeholder" and "___" not in c.note:
        return all_of(*counts("placeholder_count", c.relation, c.value))
    if unit == "heading":
        extra = {"level": heading_level_of(c.unit)}
        return all_of(*counts("heading_count", c.relation, c.value, **extra))
    if unit == "code block":
        language = code_language(c)
        return all_of(*counts("code_block_count", c.relation, c.value, language=language))
    kind = COUNTED.get(unit)
    versions = versions_count(c, row) if kind is None else None
    if versions is not None:
        # "answer twice, separated by '==='": the pieces between the separators
        return versions
    if kind is None:
        return no_kind("no kind counts this unit")
    return checklist_items(c) or all_of(*counts(kind, c.relation, c.value))


# The answer's body, under a title its first line holds
_BODY = re.compile(r"(?:the\s+)?(?:main\s+)?body(?:\s+text)?", re.I)
_TITLE_LINE = re.compile(r"\b(?:first\s+line|title|headline|heading)\b", re.I)


def _body_paragraphs(c: Constraint, unit: str, row: Row) -> Expectation | None:
    """Paragraphs of the body where a sibling puts a title, headline or
    heading on the first line: the paragraphs after that first line
    (``after_title``); the whole answer has one block more."""
    if unit not in ("paragraph", "stanza") or not _BODY.fullmatch(str(c.scope or "").strip()):
        return None
    if not any(
        s is not c and _TITLE_LINE.search(f"{s.scope or ''} {s.unit or ''} {s.family}")
        for s in row.constraints
    ):
        return None
    return all_of(
        *counts("paragraph_count", c.relation, c.value, separator=_separator(row), after_title=True)
    )


def _separator(row: Row) -> str:
    """How paragraphs are separated: ``***`` when a sibling says so, a
    blank line when nothing does, otherwise what the sibling names (which
    no parameter expresses, so no check matches it exactly)."""
    for s in row.constraints:
        stated = s.value if isinstance(s.value, str) else (s.words[0] if len(s.words) == 1 else "")
        # a separator as its unit, or a run of marks as the value of relation other
        untyped = not str(s.unit or "").strip() and s.relation == "other"
        if (unit_of(s) == "separator" or untyped) and stated.strip():
            if re.fullmatch(r"\s*\*{3,}\s*", stated):
                return "***"
            if "paragraph" in str(s.scope).lower():
                return stated.strip()
    return "blank_line"


_XML_UNIT = re.compile(r"(?:xml\s+)?(?:root\s+|child\s+)?(?:elements?|tags?|nodes?)")
"""Units that name XML elements: the elements a document holds, or its root."""


def _xml_unit(c: Constraint) -> bool:
    return _XML_UNIT.fullmatch(" ".join(str(c.unit or "").lower().split())) is not None


_TAG_NAME = re.compile(r"</?[A-Za-z_][\w.-]*/?>|[A-Za-z_][\w.-]*")


def read_contains(c: Constraint, unit: str, scope: Scope, row: Row) -> Expectation:
    names = all(_TAG_NAME.fullmatch(w.strip()) for w in c.words)
    if _xml_unit(c) and c.words and names and "html" not in str(c.scope).lower():
        return all_of(xml_document(children=c.words))
    if unit == "postscript" or any(phrase(w) in ("p.s", "ps") for w in c.words):
        return all_of(postscript())
    if unit == "key":
        return read_json_keys(c, scope, row, exact=False)
    if c.words and names_text(c):
        return keywords(phrases_of(c), scope)
    sections = named_sections(c, unit, scope)
    if sections is not None:
        return sections
    if isinstance(c.value, str) and unit == "keyword":
        return keywords(replace(c, words=(c.value,)), scope)
    return no_kind("no kind checks that it contains this")


_LABELS = re.compile(r"section|round|chapter|part|marker|label", re.I)
"""Units whose "<Marker> N" value names the marker line of numbered sections."""


_EACH_PARTS = ("sentence", "paragraph", "bullet")


def read_equals(c: Constraint, unit: str, scope: Scope, row: Row) -> Expectation:
    where, part, index = scope
    text = c.value if isinstance(c.value, str) else None
    named = f"{c.scope} {c.unit} {c.family}".replace("_", " ")  # the label as a hint
    if _xml_unit(c) and text and re.search(r"root", named, re.I):
        return all_of(xml_document(root=text))
    if unit == "key" and c.words:
        return read_json_keys(c, scope, row, exact=True)
    versions = versions_separator(c, unit, text)
    if versions is not None:
        return versions
    sections = named_sections(c, unit, scope)
    if sections is not None:
        return sections
    if unit == "separator" and text and re.fullmatch(r"\s*\*{3,}\s*", text):
        return all_of(
            any_count("paragraph_count", "separator='***' (2 or more)", 2, separator="***")
        )
    if unit == "separator" and text and text.strip() == "---" and "paragraph" in named.lower():
        # "paragraphs separated by ---": the separator paragraph counts read
        return all_of(
            any_count("paragraph_count", "separator='---' (2 or more)", 2, separator="---")
        )
    marker = marker_of([c]) if _LABELS.search(str(c.unit)) else None
    if marker is not None:
        return all_of(any_count("section_count", f"marker={marker!r}", 1, marker=marker))
    separated = separator_line(c)
    if separated is not None:
        return separated
    if unit == "word" and text:
        if where == "word" and index in (1, -1):
            return all_of(last_word(text) if index == -1 else first_word(text))
        if where == "word":
            return all_of(phrase_is("word_at", text, part="response", position=index))
        if where == "nth" and part in ("sentence", "paragraph", "bullet") and index:
            return all_of(phrase_is("word_at", text, part=part, index=index, position=1))
    first = "first" in str(c.scope).lower()
    one_word = text is not None and (len(c.words) < 2 or c.words == (text,))
    if unit == "word" and where == "each" and part in _EACH_PARTS and first and one_word:
        # the first word of every paragraph is this word: each part starts with it
        return all_of(phrase_is("each_starts_with", str(text), part=part))
    if unit == "word" and where == "each" and part == "paragraph" and len(c.words) > 1 and first:
        return all_of(
            *(
                phrase_is("word_at", w, part="paragraph", index=i, position=1)
                for i, w in enumerate(c.words, start=1)
            )
        )
    if text and unit in ("sentence", "line") and where == "nth":
        if index == 1:
            return all_of(phrase_is("starts_with", text))
        if index == -1:
            return all_of(phrase_is("ends_with", text))
    if unit == "postscript":
        return all_of(postscript())
    return no_kind("no kind checks that this part equals a value")


def read_every(c: Constraint, unit: str, scope: Scope) -> Expectation:
    value = str(c.value or "").lower()
    unique = unique_items(c, scope)
    if unique is not None and re.search(r"\bunique|distinct|different", value):
        return unique
    if is_response(scope) and unit == "character" and re.fullmatch(r"(7-bit )?ascii", value):
        # every emoji lies outside ASCII: a ban on emoji is a part of this
        return no_kind("no kind checks this of every unit", count("emoji_count", "at_most", 0))
    return no_kind("no kind checks this of every unit")


def read_format(c: Constraint, unit: str, scope: Scope, row: Row) -> Expectation:
    value = str(c.value or "").lower()
    shape = f"{value} {c.note.lower()}"
    if "<<" in value and ">>" in value:
        return all_of(fields("title"))
    marker = marker_of([c]) if _LABELS.search(str(c.unit)) else None
    if marker is not None:
        return all_of(any_count("section_count", f"marker={marker!r}", 1, marker=marker))
    separated = separator_line(c)
    if separated is not None:
        return separated
    boxes = checklist(c)
    if boxes is not None:
        return boxes
    template = item_template(c, scope)
    if template is not None:
        return template
    styled = line_style(c, scope)
    if styled is not None:
        return styled
    if not is_response(scope):
        return no_kind("the format of one part: no kind")
    if re.search(r"\bya?ml (?:list|array|sequence)\b", value):
        # the yaml kind wants a mapping at the top, which a list is not
        return no_kind("a YAML list: the yaml kind checks a mapping")
    if re.search(r"\bya?ml\b", value):
        return all_of(yaml_mapping())
    if re.search(r"\bxml\b", value):
        return all_of(xml_document())
    if "json" in shape:
        return all_of(json_object())
    if re.fullmatch(r"[\"“]\.\.\.[\"”]|double quot.*", value):
        return all_of(fields("wrapped", style="double_quotes"))
    if "numbered list" in value:
        return all_of(any_count("numbered_count", "(a numbered list)"))
    if re.search(r"bullet(ed)? list", value):
        listed = any_count("bullet_count", "(a bulleted list)")
        if (marker := stated_marker(c)) is not None:
            # "a bulleted list with dashes": every bullet of that marker, and one at least
            return replace(all_of(fields("list_marker", marker=marker)), implied=(listed,))
        return all_of(listed)
    return no_kind("no kind checks this format")


def read_other(c: Constraint, scope: Scope) -> Expectation:
    shape = f"{c.value or ''} {c.note}".lower()
    raw_unit = str(c.unit or "").strip().lower()
    if is_response(scope) and raw_unit in ("", "separator") and isinstance(c.value, str):
        # "separate them with '---'" as relation other: the pieces between the runs
        pieces = versions_separator(c, "separator", c.value)
        if pieces is not None:
            return pieces
    # the mark given as a string, or as a list of one mark ``(',',)``
    separated = separator_line(c) if is_response(scope) else None
    if separated is not None:
        return separated
    if is_response(scope) and unit_of(c) in ("list", "answer", "item") and comma_separated(c):
        return all_of(fields("comma_list", separator=","))
    if is_response(scope) and "code block" in shape and re.search(r"outside|only|nothing", shape):
        return all_of(only_code_block())
    if is_response(scope) and re.search(r"\bjson\b", shape):
        return all_of(json_object())
    order = sorted_items(c, scope)
    if order is not None:
        return order
    unique = unique_items(c, scope)
    if unique is not None:
        return unique
    return no_kind("no kind for this requirement")


def read_json_keys(c: Constraint, scope: Scope, row: Row, exact: bool) -> Expectation:
    hint = " ".join(f"{s.family} {s.value} {s.note} {s.scope}" for s in row.constraints).lower()
    own = f"{c.family} {c.scope} {c.note}".lower()
    formats = " ".join(str(s.value) for s in row.constraints if s.relation == "matches_format")
    # YAML named by a sibling's format, by the label, or as a code block's language
    named = " ".join(
        str(s.value)
        for s in row.constraints
        if s.relation == "contains" and unit_of(s) == "code block"
    )
    yaml = re.search(r"(?<![a-z])ya?ml(?![a-z])", f"{formats} {named} {own}".lower()) is not None
    if yaml and "json" not in own:
        if scope[0] == "each" or re.search(r"\b(?:each|every|item|list)\b", own):
            return no_kind("keys of mappings inside the YAML")
        return all_of(yaml_mapping(c.words))
    if "json" not in hint or "yaml" in f"{c.family} {c.scope} {c.note}".lower():
        return no_kind("keys of a format other than JSON")
    where = str(c.scope or "").lower()
    if scope[0] == "each" or "each" in where or "array" in where:
        return each_object_keys(c)  # bench/_blind_data.py
    return all_of(json_object(c.words, exact=exact))
