"""The blind mapper's reading of split P's writer's conventions
(bench/_blind_writer_p.py) and the shared readings added beside them
(bench/_blind_every.py, _blind_stated.py, _blind_writer_l_sections.py,
_blind_format_parts.py): each maps to the kind whose check fails exactly
the answers the constraint fails, to one it implies, or to none. The
fields are written here, never copied from a split."""

from __future__ import annotations

from typing import Any

from _blind_cases import covered as _covered
from _blind_cases import expect as _expect
from _blind_cases import implied as _implied


def _count(kind: str, relation: str, value: int, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "relation": relation, "value": value, **extra}


# -- split P's writer ------------------------------------------------------------------


def test_question_marks_counted_under_a_question_label_are_questions() -> None:
    asked: dict[str, Any] = {"family": "questions_asked", "unit": "question marks"}
    found = _expect(asked | {"relation": "at_most", "value": 2})
    assert _covered(found, _count("question_count", "at_most", 2))
    assert _covered(found, _count("punctuation_count", "at_most", 2, mark="?"))
    assert not _covered(found, _count("question_count", "at_most", 3))
    # a label naming no question: the marks alone
    marks = _expect(asked | {"family": "mark_count", "relation": "at_most", "value": 2})
    assert not _covered(marks, _count("question_count", "at_most", 2))


def test_words_of_each_noun_a_sibling_numbers_are_each_numbered_items() -> None:
    length: dict[str, Any] = {"family": "length", "unit": "words", "scope": "every tip"}
    tips: dict[str, Any] = {"family": "tips", "unit": "numbered tips", "relation": "exactly"}
    found = _expect(length | {"relation": "less_than", "value": 15}, tips | {"value": 4})
    assert _covered(found, _count("each_word_count", "at_most", 14, part="numbered"))
    assert _covered(found, _count("each_word_count", "at_most", 14, part="item"))
    assert not _covered(found, _count("each_word_count", "at_most", 14, part="sentence"))
    # no sibling numbers the tips: the noun names no part a kind cuts
    alone = _expect(length | {"relation": "less_than", "value": 15})
    assert not _covered(alone, _count("each_word_count", "at_most", 14, part="numbered"))


def test_columns_of_the_first_line_beside_a_csv_are_its_header() -> None:
    header: dict[str, Any] = {"family": "header", "unit": "columns", "scope": "top row"}
    names = ("sku", "qty", "price")
    rows: dict[str, Any] = {"family": "csv_rows", "unit": "data row", "relation": "exactly"}
    found = _expect(header | {"relation": "equals", "value": names}, rows | {"value": 3})
    assert _covered(found, {"kind": "csv_columns", "columns": list(names)})
    assert not _covered(found, {"kind": "csv_columns", "columns": ["qty", "sku", "price"]})
    # no field names CSV: a table's first row is no CSV header
    table = _expect(
        header | {"relation": "equals", "value": names}, rows | {"value": 3, "family": "rows"}
    )
    assert not _covered(table, {"kind": "csv_columns", "columns": list(names)})


def test_a_plain_phrase_every_line_opens_with_under_a_prefix_label() -> None:
    prefix: dict[str, Any] = {"family": "opener", "unit": "line", "scope": "every line"}
    found = _expect(prefix | {"relation": "all", "value": "Remember to"})
    assert _covered(found, {"kind": "each_starts_with", "part": "line", "phrase": "Remember to"})
    assert not _covered(found, {"kind": "starts_with", "phrase": "Remember to"})
    # a pattern is a format, not a phrase
    pattern = _expect(prefix | {"relation": "all", "value": "^[A-Z]{3}:"})
    assert not _covered(
        pattern, {"kind": "each_starts_with", "part": "line", "phrase": "^[A-Z]{3}:"}
    )
    # the same value under a label naming no start: not this reading
    other = _expect(prefix | {"family": "tone", "relation": "all", "value": "Remember to"})
    assert not _covered(
        other, {"kind": "each_starts_with", "part": "line", "phrase": "Remember to"}
    )


# -- shared readings: a property of every unit stated with "all" --------------------------


def test_every_item_all_one_closing_mark_ends_each_item_so() -> None:
    ends: dict[str, Any] = {"family": "closing", "unit": "item", "relation": "all"}
    found = _expect(ends | {"scope": "every item", "value": "!"})
    assert _covered(found, {"kind": "each_ends_with", "part": "item", "phrase": "!"})
    assert not _covered(found, {"kind": "each_ends_with", "part": "item", "phrase": "?"})
    lines = _expect(ends | {"unit": "lines", "scope": "each line", "value": "."})
    assert _covered(lines, {"kind": "each_ends_with", "part": "line", "phrase": "."})
    # a scope naming some lines only ("each title line"): not every line
    some = _expect(ends | {"unit": "line", "scope": "each title line", "value": "?"})
    assert not _covered(some, {"kind": "each_ends_with", "part": "line", "phrase": "?"})


def test_every_word_all_one_letter_is_a_tautogram() -> None:
    words: dict[str, Any] = {"family": "same_sound", "unit": "word", "relation": "all"}
    found = _expect(words | {"scope": "every word", "value": "m"})
    assert _covered(found, {"kind": "tautogram", "letter": "m"})
    assert not _covered(found, {"kind": "tautogram", "letter": "n"})
    # some words only: not every word of the answer
    title = _expect(words | {"scope": "each word of the title", "value": "m"})
    assert not _covered(title, {"kind": "tautogram", "letter": "m"})


def test_lines_all_under_an_alphabetical_label_are_sorted_items() -> None:
    order: dict[str, Any] = {"family": "a_to_z", "unit": "entries", "relation": "all"}
    found = _expect(order)
    assert _covered(found, {"kind": "sorted_items", "order": "alphabetical"})
    assert not _covered(found, {"kind": "sorted_items", "order": "reverse_alphabetical"})
    # a key named in the note: another order than the items' text
    keyed = _expect(order | {"note": "sorted by surname"})
    assert not _covered(keyed, {"kind": "sorted_items", "order": "alphabetical"})
    # words of one line: no items the check sorts
    words = _expect(order | {"unit": "word"})
    assert not _covered(words, {"kind": "sorted_items", "order": "alphabetical"})


def test_one_line_joined_by_a_named_mark_is_a_list_of_that_mark() -> None:
    line: dict[str, Any] = {"family": "joined", "unit": "line", "relation": "matches_format"}
    found = _expect(line | {"value": "names joined by ' / ' on one line"})
    assert _covered(found, {"kind": "comma_list", "separator": " / "})
    assert _implied(found, _count("line_count", "exactly", 1))
    assert not _covered(found, {"kind": "comma_list", "separator": ","})
    said = _expect(line | {"value": "semicolon-separated, single line"})
    assert _covered(said, {"kind": "comma_list", "separator": "; "})
    # no line named: a mark alone says nothing of one line
    loose = _expect(line | {"value": "names joined by ' / '"})
    assert not _covered(loose, {"kind": "comma_list", "separator": " / "})


def test_a_pattern_every_line_fills_stated_with_all_is_a_line_format() -> None:
    shaped: dict[str, Any] = {"family": "row_shape", "unit": "line", "relation": "all"}
    found = _expect(shaped | {"scope": "each line", "value": "^Day \\d+: .+$"})
    assert _implied(found, {"kind": "item_template", "template": "Day N: text"})
    assert not _implied(found, {"kind": "item_template", "template": "N) text"})
    # a scope of items may be pieces of one line: no line format
    pieces = _expect(shaped | {"scope": "each item", "value": "^Day \\d+: .+$"})
    assert not _implied(pieces, {"kind": "item_template", "template": "Day N: text"})


def test_a_pattern_of_any_text_then_a_code_names_no_bullet() -> None:
    items: dict[str, Any] = {"family": "coded", "unit": "item", "scope": "each item"}
    found = _expect(items | {"relation": "all", "value": ".+ \\([A-Z]{2}\\)"})
    assert not _covered(found, {"kind": "list_marker", "marker": "+"})
    # a class of two markers allows either: no one marker
    either = _expect(items | {"unit": "bullet", "relation": "matches_format", "value": "^[-*] .+$"})
    assert not _covered(either, {"kind": "list_marker", "marker": "-"})
    # a dash the pattern opens with is one
    dash = _expect(items | {"unit": "bullet", "relation": "matches_format", "value": "^- .+$"})
    assert _covered(dash, {"kind": "list_marker", "marker": "-"})
    # a plus sign standing alone is one
    plus = _expect(items | {"family": "list_marker", "relation": "equals", "value": "+"})
    assert _covered(plus, {"kind": "list_marker", "marker": "+"})


def test_at_least_n_units_in_one_named_part_are_at_least_n_in_the_whole() -> None:
    steps: dict[str, Any] = {"family": "steps", "unit": "numbered step", "scope": "method section"}
    found = _expect(steps | {"relation": "between", "value": (4, 9)})
    assert not found.expressible
    assert _implied(found, _count("numbered_count", "at_least", 4))
    # the upper bound is the part's alone: other numbered items may stand elsewhere
    assert not _implied(found, _count("numbered_count", "at_most", 9))
    # each of several parts may be absent: no bound on the whole
    each = _expect(steps | {"scope": "each section", "relation": "at_least", "value": 2})
    assert not _implied(each, _count("numbered_count", "at_least", 2))


def test_headings_equal_to_marked_names_are_that_many_headings() -> None:
    heads: dict[str, Any] = {"family": "headings", "unit": "heading", "relation": "equals"}
    found = _expect(heads | {"value": ("### Pros", "### Cons"), "words": ("### Pros", "### Cons")})
    assert _implied(found, _count("heading_count", "exactly", 2))
    assert not _implied(found, _count("heading_count", "exactly", 3))
    # names carrying no mark may be bold lines: no count of markdown headings
    bare = _expect(heads | {"value": ("Pros", "Cons"), "words": ("Pros", "Cons")})
    assert not _implied(bare, _count("heading_count", "exactly", 2))


def test_a_blank_line_between_parts_all_is_one_blank_line_between_them() -> None:
    gap: dict[str, Any] = {"family": "gaps", "unit": "separator", "relation": "all"}
    found = _expect(gap | {"scope": "between verses", "value": "\\n\\n"})
    assert _covered(found, {"kind": "blank_lines", "between": "blocks", "blank": 1})
    assert not _covered(found, {"kind": "blank_lines", "between": "lines", "blank": 1})
    # one line break is no blank line
    single = _expect(gap | {"scope": "between verses", "value": "\\n"})
    assert not _covered(single, {"kind": "blank_lines", "between": "blocks", "blank": 1})
    # no "between": not a separator of parts
    loose = _expect(gap | {"scope": "response", "value": "\\n\\n"})
    assert not _covered(loose, {"kind": "blank_lines", "between": "blocks", "blank": 1})


def test_lines_all_in_a_numeric_order_are_ordered_items() -> None:
    order: dict[str, Any] = {"family": "numeric_order", "unit": "line", "relation": "all"}
    found = _expect(order | {"value": "descending"})
    assert _covered(found, {"kind": "ordered_items", "by": "number", "direction": "descending"})
    assert not _covered(found, {"kind": "ordered_items", "by": "number", "direction": "ascending"})
    # one of the numbers each line shows ("lap number"): a key of its own
    keyed = _expect(order | {"unit": "lap number", "value": "ascending"})
    assert not _covered(keyed, {"kind": "ordered_items", "by": "number", "direction": "ascending"})
