"""The blind mapper's reading of split L's writer's conventions
(bench/_blind_writer_l*.py): each maps to the kind whose check fails exactly
the answers the constraint fails, to one it implies, or to none. The fields
are written here, never copied from a split."""

from __future__ import annotations

from typing import Any

from _blind_cases import covered as _covered
from _blind_cases import expect as _expect
from _blind_cases import implied as _implied


def _count(kind: str, relation: str, value: int, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "relation": relation, "value": value, **extra}


def test_a_quoted_mark_counted_is_a_punctuation_count() -> None:
    marks: dict[str, Any] = {
        "family": "bang_count",
        "unit": "character '!'",
        "relation": "exactly",
        "value": 3,
    }
    found = _expect(marks)
    assert _covered(found, _count("punctuation_count", "exactly", 3, mark="!"))
    assert not _covered(found, _count("punctuation_count", "exactly", 3, mark="?"))
    semi = _expect(marks | {"unit": "character ';'", "relation": "at_least", "value": 1})
    assert _covered(semi, _count("punctuation_count", "at_least", 1, mark=";"))
    # a character no kind counts, or a mark counted in one part: no kind
    assert not _expect(marks | {"unit": "character '{'"}).expressible
    assert not _expect(marks | {"scope": "last line"}).expressible


def test_a_separator_valued_as_a_blank_line_is_one_blank_line() -> None:
    gap: dict[str, Any] = {
        "family": "separator",
        "unit": "line",
        "scope": "between tips",
        "value": "blank line",
    }
    found = _expect(gap)
    assert _covered(found, {"kind": "blank_lines", "between": "blocks", "blank": 1})
    assert not _covered(found, {"kind": "blank_lines", "between": "lines", "blank": 1})
    # a line of marks between the pieces: no blank line
    marked = _expect(gap | {"value": "---"})
    assert not _covered(marked, {"kind": "blank_lines", "between": "blocks", "blank": 1})


def test_words_per_line_over_each_thing_is_every_lines_bound() -> None:
    per: dict[str, Any] = {"family": "words_per_line", "unit": "word", "scope": "each card"}
    per |= {"relation": "at_most", "value": 9}
    lines: dict[str, Any] = {
        "family": "line_count",
        "unit": "line",
        "relation": "exactly",
        "value": 4,
    }
    found = _expect(per, lines)
    assert _covered(found, _count("line_length", "at_most", 9, length_in="words"))
    assert _covered(found, _count("each_word_count", "at_most", 9, part="item"))
    assert not _covered(found, _count("line_length", "at_most", 10, length_in="words"))
    # a piece of each line ("each definition") or no count of the lines: no bound of the line
    piece = _expect(per | {"scope": "each definition"}, lines)
    assert not _covered(piece, _count("line_length", "at_most", 9, length_in="words"))
    alone = _expect(per)
    assert not _covered(alone, _count("line_length", "at_most", 9, length_in="words"))


def test_words_per_item_over_each_step_is_every_items_bound() -> None:
    per: dict[str, Any] = {"family": "words_per_item", "unit": "word", "scope": "each step"}
    per |= {"relation": "less_than", "value": 10}
    steps: dict[str, Any] = {
        "family": "numbered_count",
        "unit": "numbered item",
        "relation": "exactly",
    }
    found = _expect(per, steps | {"value": 5})
    assert _covered(found, _count("each_word_count", "at_most", 9, part="item"))
    assert not _covered(found, _count("each_word_count", "at_most", 10, part="item"))
    # the label names no part ("word_count"): no per-item bound read
    other = _expect(per | {"family": "word_count"}, steps | {"value": 5})
    assert not _covered(other, _count("each_word_count", "at_most", 9, part="item"))


def test_a_csv_header_line_is_the_csv_header() -> None:
    header: dict[str, Any] = {"family": "csv_header", "unit": "line", "scope": "first line"}
    header |= {"relation": "equals", "value": "id,name,price", "words": ["id", "name", "price"]}
    found = _expect(header)
    assert _covered(found, {"kind": "csv_columns", "columns": ["id", "name", "price"]})
    assert _covered(found, {"kind": "starts_with", "phrase": "id,name,price"})
    assert not _covered(found, {"kind": "csv_columns", "columns": ["name", "id", "price"]})
    # no CSV in the label: the first line's text, not a CSV header
    plain = _expect(header | {"family": "first_line"})
    assert not _covered(plain, {"kind": "csv_columns", "columns": ["id", "name", "price"]})


def test_template_fields_as_lines_are_the_answer_template() -> None:
    fields: dict[str, Any] = {"family": "template_fields", "unit": "line", "relation": "equals"}
    found = _expect(fields | {"value": ["Name:", "Role:"], "words": ["Name:", "Role:"]})
    assert _covered(found, {"kind": "answer_template", "template": "Name: <name>\nRole: <role>"})
    assert not _covered(
        found, {"kind": "answer_template", "template": "Role: <role>\nName: <name>"}
    )
    # no template in the label: lines the answer holds, not its template
    lines = _expect(fields | {"family": "lines", "value": ["Name:", "Role:"]})
    assert not _covered(lines, {"kind": "answer_template", "template": "Name: <n>\nRole: <r>"})


def test_lines_of_things_are_counted_by_their_items() -> None:
    lines: dict[str, Any] = {
        "family": "line_count",
        "unit": "line",
        "relation": "exactly",
        "value": 6,
    }
    each: dict[str, Any] = {"family": "char_count", "unit": "character", "scope": "each title"}
    each |= {"relation": "less_than", "value": 60}
    found = _expect(lines, each)
    assert _covered(found, _count("line_count", "exactly", 6))
    assert _covered(found, _count("item_count", "exactly", 6))
    assert not _covered(found, _count("item_count", "exactly", 5))
    # every line in one stated format: each line one entry
    form: dict[str, Any] = {"family": "line_format", "unit": "line", "scope": "each line"}
    formed = _expect(lines, form | {"relation": "matches_format", "value": "N: text"})
    assert _covered(formed, _count("item_count", "exactly", 6))
    # nothing making each line one thing (a stanza spans lines): only lines
    stanza = each | {"scope": "each stanza", "unit": "word"}
    assert not _covered(_expect(lines, stanza), _count("item_count", "exactly", 6))
    assert not _covered(_expect(lines), _count("item_count", "exactly", 6))


def test_numbered_items_beside_a_numbered_list_are_its_items() -> None:
    count: dict[str, Any] = {
        "family": "numbered_count",
        "unit": "numbered item",
        "relation": "between",
    }
    count |= {"value": [5, 7]}
    listed: dict[str, Any] = {
        "family": "numbered_list",
        "unit": "numbered item",
        "relation": "other",
    }
    found = _expect(count, listed)
    assert _covered(found, _count("item_count", "at_least", 5), _count("item_count", "at_most", 7))
    assert _covered(
        found, _count("numbered_count", "at_least", 5), _count("numbered_count", "at_most", 7)
    )
    # no numbered list asked beside it: only numbered items count
    alone = _expect(count)
    assert not _covered(
        alone, _count("item_count", "at_least", 5), _count("item_count", "at_most", 7)
    )


def test_paragraphs_noted_as_blank_line_separated_imply_one_blank_line() -> None:
    paragraphs: dict[str, Any] = {
        "family": "paragraph_count",
        "unit": "paragraph",
        "relation": "exactly",
    }
    paragraphs |= {"value": 2, "note": "blank-line separated"}
    gap: dict[str, Any] = {"kind": "blank_lines", "between": "paragraphs", "blank": 1}
    assert _implied(_expect(paragraphs), gap)
    assert not _implied(_expect(paragraphs), gap | {"between": "lines"})
    assert not _implied(_expect(paragraphs | {"note": ""}), gap)


def test_commas_counted_under_a_comma_separated_label_imply_a_comma_list() -> None:
    commas: dict[str, Any] = {
        "family": "comma_separated",
        "unit": "comma",
        "relation": "exactly",
        "value": 4,
    }
    found = _expect(commas)
    assert _covered(found, _count("punctuation_count", "exactly", 4, mark=","))
    assert _implied(found, {"kind": "comma_list"})
    # a count of commas for their own sake: no list of items
    assert not _implied(_expect(commas | {"family": "punctuation_count"}), {"kind": "comma_list"})


def test_lines_of_names_in_markup_imply_the_named_sections() -> None:
    lines: dict[str, Any] = {"family": "section_labels", "unit": "line", "relation": "equals"}
    lines |= {"value": ["**Now**", "**Later**"], "words": ["Now", "Later"]}
    found = _expect(lines)
    unordered: dict[str, Any] = {
        "kind": "named_sections",
        "names": ["Now", "Later"],
        "ordered": False,
    }
    assert not found.expressible
    assert _implied(found, unordered)
    assert not _implied(found, unordered | {"ordered": True})
    sequence = _expect(lines | {"family": "heading_sequence"})
    assert _implied(sequence, unordered | {"ordered": True})
    # plain lines (no markup): no headings named
    plain = _expect(lines | {"value": ["Now", "Later"]})
    assert not _implied(plain, unordered)


def test_sections_exactly_these_titles_are_the_named_sections() -> None:
    titles: dict[str, Any] = {"family": "section_titles", "unit": "section", "relation": "exactly"}
    titles |= {"value": ["Plan", "Risks"], "words": ["Plan", "Risks"]}
    named: dict[str, Any] = {"kind": "named_sections", "names": ["Plan", "Risks"], "ordered": False}
    assert _covered(_expect(titles), named)
    assert not _covered(_expect(titles), named | {"ordered": True})
    ordered = _expect(titles | {"note": "in that order"})
    assert _covered(ordered, named | {"ordered": True})
    # a markup the note names: a part only
    bold = _expect(titles | {"note": "each a bold line"})
    assert not _covered(bold, named) and _implied(bold, named)
    # a sibling's form of marks named_sections cannot read: nothing of it
    form: dict[str, Any] = {"family": "heading_format", "unit": "heading", "scope": "each heading"}
    form |= {"relation": "matches_format", "value": "^=== \\w+ ===$"}
    unread = _expect(titles, form)
    assert not _covered(unread, named) and not _implied(unread, named)


def test_an_order_stated_apart_orders_the_listed_sections() -> None:
    names: dict[str, Any] = {"family": "heading_list", "unit": "heading", "relation": "equals"}
    names |= {"value": ["Aims", "Steps"], "words": ["Aims", "Steps"]}
    order: dict[str, Any] = {"family": "heading_order", "unit": "heading", "relation": "other"}
    named: dict[str, Any] = {"kind": "named_sections", "names": ["Aims", "Steps"], "ordered": True}
    assert _covered(_expect(order, names), named)
    assert not _covered(_expect(order, names), named | {"ordered": False})
    # the list beside its order: the ordered check states it too, as does the unordered
    assert _covered(_expect(names, order), named)
    assert _covered(_expect(names, order), named | {"ordered": False})
    assert not _covered(_expect(names), named)


def test_sections_in_order_imply_the_same_sections_unordered() -> None:
    labels: dict[str, Any] = {"family": "part_labels", "unit": "label", "relation": "contains"}
    labels |= {"words": ["Short", "Long"], "note": "in that order"}
    named: dict[str, Any] = {"kind": "named_sections", "names": ["Short", "Long"], "ordered": True}
    found = _expect(labels)
    assert _covered(found, named)
    assert not _covered(found, named | {"ordered": False})
    assert _implied(found, named | {"ordered": False})
    assert not _implied(found, {**named, "names": ["Short"], "ordered": False})


def test_headings_counted_at_the_level_the_note_or_a_sibling_names() -> None:
    headings: dict[str, Any] = {
        "family": "heading_count",
        "unit": "heading",
        "relation": "exactly",
        "value": 4,
    }
    level: dict[str, Any] = {"family": "heading_format", "unit": "heading", "scope": "each heading"}
    level |= {"relation": "matches_format", "value": "^## \\d+\\. "}
    at_two = _count("heading_count", "exactly", 4, level=2)
    assert _covered(_expect(headings, level), at_two)
    assert _covered(_expect(headings, level), _count("heading_count", "exactly", 4))
    assert not _covered(_expect(headings, level), _count("heading_count", "exactly", 4, level=3))
    noted = _expect(headings | {"note": "level-3 headings (###)"})
    assert _covered(noted, _count("heading_count", "exactly", 4, level=3))
    # no level stated anywhere: the count of all headings only
    assert not _covered(_expect(headings), at_two)


def test_a_line_format_as_an_expression_implies_a_template_it_fits() -> None:
    form: dict[str, Any] = {"family": "line_format", "unit": "line", "scope": "each line"}
    form |= {"relation": "matches_format", "value": "^\\d{4} — .+$"}
    found = _expect(form)
    assert _implied(found, {"kind": "item_template", "template": "Year — Event"})
    assert not _implied(found, {"kind": "item_template", "template": "Year: Event"})
    numbered = _expect(form | {"value": "^[1-6]: .+$"})
    assert _implied(numbered, {"kind": "item_template", "template": "N: encounter"})
    # a group or an optional part: no text of one shape to fit
    grouped = _expect(form | {"value": "^[A-Z ]+ \\(\\d+(,\\d+)*\\)$"})
    assert not _implied(grouped, {"kind": "item_template", "template": "WORD (n,n)"})


def test_prose_after_a_part_implies_their_order() -> None:
    prose: dict[str, Any] = {
        "family": "sentence_count",
        "unit": "sentence",
        "scope": "prose after code",
    }
    found = _expect(prose | {"relation": "at_most", "value": 2})
    assert _implied(found, {"kind": "order", "parts": ["code", "text"]})
    assert not _implied(found, {"kind": "order", "parts": ["text", "code"]})
    before = _expect(prose | {"scope": "prose before code", "relation": "at_most", "value": 2})
    assert not _implied(before, {"kind": "order", "parts": ["code", "text"]})


def test_a_bold_first_line_implies_an_emphasis_span() -> None:
    bold: dict[str, Any] = {"family": "first_line_bold", "unit": "line", "scope": "first line"}
    found = _expect(bold | {"relation": "matches_format", "value": "**...**"})
    assert _covered(found, {"kind": "line_style", "index": 1, "style": "bold"})
    assert _implied(found, _count("highlight_count", "at_least", 1))
    assert not _implied(found, _count("highlight_count", "at_least", 2))


def test_a_ps_at_the_end_under_a_postscript_label_is_the_postscript() -> None:
    ps: dict[str, Any] = {"family": "postscript", "unit": "paragraph", "scope": "end of response"}
    ps |= {"relation": "starts_with", "value": "P.S.", "words": ["P.S."]}
    assert _covered(_expect(ps), {"kind": "postscript", "marker": "P.S."})
    # another marker, or a start of the answer: no postscript
    note = _expect(ps | {"value": "Note:", "words": ["Note:"]})
    assert not _covered(note, {"kind": "postscript", "marker": "Note:"})
    first = _expect(ps | {"scope": "first line"})
    assert not _covered(first, {"kind": "postscript", "marker": "P.S."})


def test_capital_words_but_those_listed_are_no_kinds() -> None:
    caps: dict[str, Any] = {"family": "all_caps_words", "unit": "word", "relation": "other"}
    found = _expect(caps | {"value": ["SLA"], "words": ["SLA"], "note": "no caps but SLA"})
    assert not found.expressible
    assert not _covered(found, {"kind": "letter_case", "case": "upper"})
    # the answer in capitals, no words listed: the letter case
    upper = _expect({"family": "all_caps", "unit": "letter", "relation": "all", "value": "upper"})
    assert _covered(upper, {"kind": "letter_case", "case": "upper"})


def test_only_the_content_the_value_names() -> None:
    only: dict[str, Any] = {"family": "output_only", "unit": "answer", "relation": "equals"}
    block = _expect(only | {"value": "code block only"})
    assert _covered(block, {"kind": "code_only"})
    doc = _expect(only | {"value": "JSON array"})
    assert _covered(doc, {"kind": "json"})
    # a content no kind names: none, and never its name as text to find
    sql = _expect(only | {"value": "SQL query"})
    assert not sql.expressible
    keyword = {"kind": "keyword", "keyword": "SQL query", "relation": "at_least", "value": 1}
    assert not _implied(sql, keyword)


def test_values_masked_as_a_run_of_marks_are_no_kinds() -> None:
    mask: dict[str, Any] = {"family": "masking", "unit": "value", "scope": "secret values"}
    found = _expect(mask | {"relation": "equals", "value": "********", "words": ["********"]})
    assert not found.expressible
    assert not found.implied  # nothing of it a check states, the run no bold markup
    # a mask of a format (the last digits kept) is the value mask's: not this rule
    phone = mask | {"relation": "matches_format", "value": "***-***-NNNN", "unit": "phone number"}
    assert _expect(phone | {"scope": "response"}).expressible
