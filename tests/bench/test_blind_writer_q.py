"""The blind mapper's reading of split Q's writer's conventions
(bench/_blind_writer_q.py) and the shared readings fixed beside them
(bench/_blind_layout.py, _blind_writer_j.py, _blind_writer_j_marks.py,
_blind_sequence.py, _blind_data.py, _blind_styled.py): each maps to the kind
whose check fails exactly the answers the constraint fails, to one it
implies, or to none. The fields are written here, never copied from a split."""

from __future__ import annotations

from typing import Any

from _blind_cases import covered as _covered
from _blind_cases import expect as _expect
from _blind_cases import implied as _implied


def _count(kind: str, relation: str, value: int, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "relation": relation, "value": value, **extra}


# -- split Q's writer ------------------------------------------------------------------


def test_template_labels_given_as_words_are_the_answer_template() -> None:
    form: dict[str, Any] = {"family": "template_fields", "unit": "line", "relation": "equals"}
    labels = ("[RECIPE]", "Serves:", "Time:", "Method:")
    found = _expect(form | {"words": labels})
    template = "[RECIPE] <dish name>\nServes: <number>\nTime: <minutes>\nMethod: <two sentences>"
    assert _covered(found, {"kind": "answer_template", "template": template})
    # a line missing, or the labels out of order: not this template
    short = "[RECIPE] <dish name>\nServes: <number>\nTime: <minutes>"
    assert not _covered(found, {"kind": "answer_template", "template": short})
    swapped = "[RECIPE] <dish>\nTime: <minutes>\nServes: <number>\nMethod: <text>"
    assert not _covered(found, {"kind": "answer_template", "template": swapped})
    # words that are no line labels (plain words): not a template of labels
    plain = _expect(form | {"words": ("spicy", "quick")})
    assert not _covered(plain, {"kind": "answer_template", "template": "spicy <x>\nquick <y>"})
    # a label naming no template: not this reading
    other = _expect(form | {"family": "keywords", "words": labels})
    assert not _covered(other, {"kind": "answer_template", "template": template})


def test_words_a_rule_excepts_are_no_keyword_counts() -> None:
    rule: dict[str, Any] = {"family": "unique_words", "unit": "word", "relation": "at_most"}
    quote = 'no word used twice, except "of" and "to"'
    found = _expect(rule | {"value": 1, "words": ("of", "to"), "quote": quote})
    assert not found.matchers
    assert not _covered(
        found, {"kind": "keyword", "keyword": "of", "relation": "at_most", "value": 1}
    )
    # the note naming the exceptions: the same
    noted = _expect(rule | {"value": 1, "words": ("of",), "note": "exceptions: of"})
    assert not noted.matchers
    # words counted with no exception said: each word's own count
    counted = _expect(rule | {"value": 1, "words": ("very",), "quote": 'use "very" once at most'})
    assert _covered(counted, _count("keyword", "at_most", 1, keyword="very"))


def test_words_one_of_which_is_enough_are_no_keyword_counts() -> None:
    choice: dict[str, Any] = {"family": "one_of_words", "unit": "keyword", "relation": "contains"}
    found = _expect(choice | {"words": ("crisp", "tangy", "sweet"), "note": "any of them"})
    assert not found.matchers
    # every word asked for: each one's own count
    every = _expect(
        choice | {"family": "required_words", "words": ("crisp", "tangy"), "note": "all of them"}
    )
    assert _covered(
        every,
        _count("keyword", "at_least", 1, keyword="crisp"),
        _count("keyword", "at_least", 1, keyword="tangy"),
    )


def test_a_word_in_so_many_of_the_parts_implies_its_uses_in_all() -> None:
    parts: dict[str, Any] = {"family": "keyword_spread", "unit": "keyword", "scope": "answers"}
    quote = 'mention "budget" in at least 3 of the replies'
    found = _expect(
        parts | {"relation": "at_least", "value": 3, "words": ("budget",), "quote": quote}
    )
    # three uses in one part pass a count over the whole answer: implied only
    assert not found.matchers
    assert _implied(found, _count("keyword", "at_least", 3, keyword="budget"))
    capped = _expect(
        parts | {"relation": "at_most", "value": 2, "words": ("budget",), "quote": quote}
    )
    assert not capped.implied


def test_a_count_of_emoji_the_quote_places_at_the_start_implies_them_there() -> None:
    emoji: dict[str, Any] = {"family": "emoji_count", "unit": "emoji", "relation": "exactly"}
    found = _expect(emoji | {"value": 1, "quote": "one emoji at the very start"})
    assert _covered(found, _count("emoji_count", "exactly", 1))
    assert _implied(found, {"kind": "units_at", "unit": "emoji", "at": "start"})
    assert not _implied(found, {"kind": "units_at", "unit": "emoji", "at": "end"})
    tags = _expect(
        {"family": "tags", "unit": "hashtags", "relation": "at_least", "value": 2}
        | {"quote": "two or more hashtags at the end"}
    )
    assert _implied(tags, {"kind": "units_at", "unit": "hashtag", "at": "end"})
    # no place in the quote, or none allowed: nothing implied
    anywhere = _expect(emoji | {"value": 1, "quote": "one emoji somewhere"})
    assert not _implied(anywhere, {"kind": "units_at", "unit": "emoji", "at": "start"})
    banned = _expect(emoji | {"relation": "none", "value": 0, "quote": "no emoji at the end"})
    assert not _implied(banned, {"kind": "units_at", "unit": "emoji", "at": "end"})
    # the end of each line is no place of the answer's
    lines = _expect(emoji | {"value": 1, "quote": "one emoji at the end of each line"})
    assert not _implied(lines, {"kind": "units_at", "unit": "emoji", "at": "end"})


def test_a_count_within_a_named_section_implies_the_sections() -> None:
    count: dict[str, Any] = {"family": "bullets_per_section", "unit": "bullet"}
    one = count | {"scope": "section 'Pros'", "relation": "exactly", "value": 3}
    two = count | {"scope": "section 'Cons'", "relation": "exactly", "value": 2}
    found = _expect(one, two)
    assert not found.matchers  # the count within one section: no kind counts it there
    sections = {"kind": "named_sections", "names": ["Pros", "Cons"], "ordered": False}
    assert _implied(found, sections)
    # a name no constraint gives, or an order no constraint states: not implied
    more = {"kind": "named_sections", "names": ["Pros", "Cons", "Verdict"], "ordered": False}
    assert not _implied(found, more)
    ordered = {"kind": "named_sections", "names": ["Pros", "Cons"], "ordered": True}
    assert not _implied(found, ordered)


def test_question_and_answer_labels_in_sequence_imply_the_question_lines() -> None:
    labels = ("Q1:", "A1:", "Q2:", "A2:")
    found = _expect(
        {"family": "label_sequence", "unit": "line", "relation": "equals", "value": labels}
    )
    asked = _count("question_count", "exactly", 2, mode="items")
    assert _implied(found, asked)
    assert not _implied(found, _count("question_count", "exactly", 2))  # sentences: not so
    assert not _implied(found, _count("question_count", "exactly", 4, mode="items"))
    # labels of another kind: nothing implied of questions
    steps = _expect(
        {"family": "label_sequence", "unit": "line", "relation": "equals"}
        | {"value": ("Step 1:", "Step 2:")}
    )
    assert not _implied(steps, _count("question_count", "exactly", 2, mode="items"))


def test_rows_ordered_by_a_column_the_quote_names_as_a_sibling_lists_it() -> None:
    order: dict[str, Any] = {"family": "row_order", "unit": "row", "scope": "csv body"}
    header: dict[str, Any] = {"family": "csv_columns", "unit": "column", "scope": "header row"}
    names = ("town", "pop_total", "area_km2")
    quote = "sorted by pop_total, largest first"
    found = _expect(
        order | {"relation": "other", "value": "descending by population", "quote": quote},
        header | {"relation": "equals", "value": names},
    )
    by = {"kind": "ordered_items", "by": "number", "direction": "descending"}
    assert _covered(found, by | {"column": "pop_total"})
    assert not _covered(found, by | {"column": "population"})
    # the value's own column listed: that one, whatever the quote says
    listed = _expect(
        order | {"relation": "other", "value": "descending by area_km2", "quote": "by area"},
        header | {"relation": "equals", "value": names},
    )
    assert _covered(listed, by | {"column": "area_km2"})
    assert not _covered(listed, by | {"column": "area"})


# -- shared readings --------------------------------------------------------------------


def test_a_line_of_marks_between_the_pieces_separates_versions() -> None:
    pieces: dict[str, Any] = {"family": "count", "unit": "variation", "relation": "exactly"}
    line: dict[str, Any] = {"family": "separator", "unit": "line", "relation": "equals"}
    found = _expect(pieces | {"value": 3}, line | {"scope": "between variations", "value": "==="})
    spec = {"kind": "separated_versions", "versions": 3, "separator": "==="}
    assert _covered(found, spec)
    assert not _covered(found, spec | {"versions": 4})
    mark = _expect(line | {"scope": "between variations", "value": "==="}, pieces | {"value": 3})
    assert _covered(mark, spec)
    # a line of marks the answer ends with: no separator between pieces
    closing = _expect(pieces | {"value": 3}, line | {"scope": "last line", "value": "==="})
    assert not _covered(closing, spec)


def test_a_progression_over_parts_named_bare_is_each_part_against_the_last() -> None:
    shrink: dict[str, Any] = {"family": "decreasing_length", "unit": "word", "scope": "stanzas"}
    found = _expect(shrink | {"relation": "less_than", "note": "fewer words each time"})
    spec = {"kind": "length_progression", "part": "paragraph", "direction": "decreasing"}
    assert _covered(found, spec | {"unit": "words"})
    # no unit in the check (words or characters, whichever holds): a part of it
    assert not _covered(found, spec | {"unit": None})
    assert _implied(found, spec | {"unit": None})
    assert not _implied(found, spec | {"unit": None, "direction": "increasing"})
    # parts no kind cuts, named bare: no kind
    versions = _expect(shrink | {"scope": "versions", "relation": "less_than"})
    assert not versions.matchers


def test_no_end_or_start_labels_negating_the_relation() -> None:
    end: dict[str, Any] = {"family": "ends_with_not", "unit": "character", "relation": "none"}
    found = _expect(end | {"value": "!"})
    assert _covered(found, {"kind": "no_final_mark", "marks": "!"})
    assert not _covered(found, {"kind": "forbidden_chars", "chars": "!"})
    start = _expect(
        {"family": "not_starts_with", "unit": "phrase", "relation": "none"}
        | {"words": ("Sure thing",)}
    )
    assert _covered(start, {"kind": "not_starts_with", "phrases": ["Sure thing"]})
    # the mark banned anywhere, under a label naming no end: every one of them
    anywhere = _expect(end | {"family": "no_exclamations", "value": "!"})
    assert _covered(anywhere, {"kind": "forbidden_chars", "chars": "!"})


def test_a_whole_answer_code_block_implies_one_block_of_any_language() -> None:
    block: dict[str, Any] = {"family": "code_block", "unit": "code block", "relation": "equals"}
    found = _expect(block | {"value": "toml", "note": "entire response is one code block"})
    assert _covered(found, {"kind": "code_only", "language": "toml"})
    assert _implied(found, {"kind": "code_only"})
    assert _implied(found, _count("code_block_count", "exactly", 1))
    assert not _implied(found, _count("code_block_count", "exactly", 2))
    assert not _implied(found, {"kind": "code_only", "language": "json"})


def test_a_column_decimals_written_digit_by_digit() -> None:
    money: dict[str, Any] = {
        "family": "amount_format",
        "unit": "money",
        "relation": "matches_format",
    }
    found = _expect(money | {"scope": "fee_eur column", "value": "\\d+\\.\\d\\d"})
    spec = {"kind": "column_values", "column": "fee_eur", "form": "decimals", "places": 2}
    assert _covered(found, spec)
    assert not _covered(found, spec | {"places": 1})
    one = _expect(money | {"scope": "fee_eur column", "value": "\\d+\\.\\d"})
    assert _covered(one, spec | {"places": 1})


def test_a_blank_of_underscores_is_no_styled_word() -> None:
    blank = _expect(
        {"family": "blank_format", "unit": "blank", "scope": "each sentence", "relation": "equals"}
        | {"value": "____"}
    )
    # no spec styles a word of underscores, so none could ever meet it
    assert "words_styled" not in blank.kinds
    # a name shown in bold is still that word styled
    bold = _expect({"family": "styling", "relation": "equals", "value": "**Mira**"})
    assert _covered(bold, {"kind": "words_styled", "style": "bold", "words": ["Mira"]})
