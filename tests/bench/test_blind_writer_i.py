"""The blind mapper's reading of split I's writer's conventions
(bench/_blind_writer_i.py, _blind_writer_i_fields.py) and the shared
readings changed beside them (_blind_properties.py, _blind_values.py,
_blind_structure.py, _blind_relations.py, _blind_shapes.py,
_blind_unusual.py, _blind_writer_j.py, _blind_layout.py): each maps to the
kind whose check fails exactly the answers the constraint fails, to one it
implies, or to none. The fields are written here, never copied from a split."""

from __future__ import annotations

from typing import Any

from _blind_cases import covered as _covered
from _blind_cases import expect as _expect
from _blind_cases import implied as _implied


def _count(kind: str, relation: str, value: int, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "relation": relation, "value": value, **extra}


_LOWER = {"kind": "letter_case", "case": "lower"}
_UPPER = {"kind": "letter_case", "case": "upper"}


# -- shared readings ---------------------------------------------------------------------


def test_the_texts_own_polarity_decides_the_case_over_the_relation() -> None:
    # "no uppercase" noted under "all": every letter lowercase
    noted = _expect({"family": "case", "unit": "letter", "relation": "all", "note": "no caps"})
    assert _covered(noted, _LOWER) and not _covered(noted, _UPPER)
    # "all lowercase" noted under "none" (no capitals): lowercase too
    ban = {"family": "case", "unit": "letter", "relation": "none", "note": "entirely lowercase"}
    assert _covered(_expect(ban), _LOWER) and not _covered(_expect(ban), _UPPER)
    # the text names no polarity: "none" of the case named
    bare = _expect(ban | {"note": "", "quote": "capital letters"})
    assert _covered(bare, _LOWER)
    upper = _expect(ban | {"note": "", "quote": "lowercase letters"})
    assert _covered(upper, _UPPER) and not _covered(upper, _LOWER)


def test_a_share_of_sentences_named_questions_by_the_label() -> None:
    share: dict[str, Any] = {"family": "interrogative_share", "unit": "sentence"}
    found = _expect(share | {"relation": "at_most", "value": 0.25})
    spec = {"kind": "proportion", "units": "sentences", "having": "question"}
    assert _covered(found, spec | {"compare": "at_most", "numerator": 1, "denominator": 4})
    assert not _covered(found, spec | {"compare": "at_least", "numerator": 1, "denominator": 4})
    # a label naming no kind of sentence: no share of questions
    plain = _expect(share | {"family": "share", "relation": "at_most", "value": 0.25})
    assert not _covered(plain, spec | {"compare": "at_most", "numerator": 1, "denominator": 4})


def test_a_table_contained_with_nothing_stated() -> None:
    table: dict[str, Any] = {"family": "tabular", "unit": "table", "relation": "contains"}
    assert _covered(_expect(table), _count("table_count", "at_least", 1))
    # a table in one part: not the answer's count
    assert not _covered(
        _expect(table | {"scope": "second section"}), _count("table_count", "at_least", 1)
    )


def test_the_last_line_the_same_as_the_position_the_label_names() -> None:
    same: dict[str, Any] = {"family": "closing_repeats_first", "unit": "line", "relation": "equals"}
    found = _expect(same | {"scope": "last line"})
    assert _covered(found, {"kind": "part_repeat", "part": "line", "positions": [1, -1]})
    assert not _covered(found, {"kind": "part_repeat", "part": "line", "positions": [1, 2]})
    # a label naming no other position: not this reading
    alone = _expect(same | {"family": "closing_line", "scope": "last line"})
    assert not _covered(alone, {"kind": "part_repeat", "part": "line", "positions": [1, -1]})


def test_no_trailing_mark_from_the_note_or_a_label_naming_the_end() -> None:
    noted: dict[str, Any] = {"unit": "character", "relation": "none", "words": ("!",)}
    by_note = _expect(noted | {"family": "ending", "note": "no final exclamation mark"})
    assert _covered(by_note, {"kind": "no_final_mark", "marks": "!"})
    by_label = _expect(noted | {"family": "no_trailing_mark"})
    assert _covered(by_label, {"kind": "no_final_mark", "marks": "!"})
    assert not _covered(by_label, {"kind": "forbidden_chars", "chars": "!"})
    # a plain ban of the mark: no mark anywhere, not only at the end
    ban = _expect(noted | {"family": "no_exclamations"})
    assert not _covered(ban, {"kind": "no_final_mark", "marks": "!"})


def test_unique_words_stated_as_other_by_the_label() -> None:
    unique: dict[str, Any] = {"family": "distinct_vocabulary", "unit": "word", "relation": "other"}
    found = _expect(unique)
    assert _covered(found, {"kind": "distinct_words", "within": "response"})
    # "different" alone under other (different from what?): not this reading
    other = _expect(unique | {"family": "different_words"})
    assert not _covered(other, {"kind": "distinct_words", "within": "response"})


def test_comma_separated_with_the_comma_as_the_unit() -> None:
    commas: dict[str, Any] = {"family": "comma_delimited", "relation": "other"}
    assert _covered(_expect(commas | {"unit": "comma"}), {"kind": "comma_list", "separator": ","})
    other = _expect(commas | {"unit": "clause"})
    assert not _covered(other, {"kind": "comma_list", "separator": ","})


def test_a_template_of_free_text_around_marks() -> None:
    line: dict[str, Any] = {"family": "layout", "unit": "line", "scope": "each line"}
    found = _expect(line | {"relation": "matches_format", "value": ".+ :: .+"})
    assert _covered(found, {"kind": "item_template", "template": "Term :: meaning"})
    assert not _covered(found, {"kind": "item_template", "template": "Term: meaning"})


def test_all_caps_words_counted_by_the_label() -> None:
    caps: dict[str, Any] = {"family": "uppercase_words", "unit": "word", "relation": "at_least"}
    found = _expect(caps | {"value": 3, "note": "words in all caps"})
    assert _covered(found, _count("capital_word_count", "at_least", 3))
    assert not _covered(found, _count("word_count", "at_least", 3))
    plain = _expect(caps | {"family": "emphasis", "value": 3, "note": "words in all caps"})
    assert not _covered(plain, _count("capital_word_count", "at_least", 3))


# -- split I's writer --------------------------------------------------------------------


def test_every_letter_at_least_once_under_a_pangram_label() -> None:
    letters: dict[str, Any] = {"unit": "letter", "relation": "at_least", "value": 1}
    found = _expect(letters | {"family": "pangram_sentence"})
    assert _covered(found, {"kind": "pangram"})
    assert not _covered(found, _count("char_class_count", "at_least", 1, char_class="letter"))
    assert not _covered(_expect(letters | {"family": "letters"}), {"kind": "pangram"})


def test_headings_of_a_level_equal_to_names_are_the_sections() -> None:
    heads: dict[str, Any] = {"family": "section_titles", "unit": "heading h3", "relation": "equals"}
    found = _expect(heads | {"value": ("Intro", "Method"), "note": "in this order"})
    spec = {"kind": "named_sections", "names": ["Intro", "Method"], "ordered": True}
    assert _covered(found, spec)
    assert not _covered(found, spec | {"ordered": False})
    assert not _covered(found, spec | {"names": ["Method", "Intro"]})
    # no order stated: the names in any order
    loose = _expect(heads | {"value": ("Intro", "Method")})
    assert _covered(loose, spec | {"ordered": False}) and not _covered(loose, spec)


def test_a_template_of_label_lines_implies_the_labels_in_order() -> None:
    template: dict[str, Any] = {"family": "reply_format", "unit": "line", "relation": "other"}
    found = _expect(template | {"words": ("PRO:", "CON:")})
    spec = {"kind": "named_sections", "names": ["PRO", "CON"], "ordered": True}
    assert _implied(found, spec) and not _covered(found, spec)
    # words that are not labels: not this reading
    plain = _expect(template | {"words": ("pro", "con")})
    assert not _implied(plain, spec)


def test_no_list_markers_are_no_bullets_and_no_numbers() -> None:
    markers: dict[str, Any] = {"family": "plain_items", "unit": "list markers", "relation": "none"}
    found = _expect(markers | {"scope": "each item"})
    bullets, numbers = _count("bullet_count", "at_most", 0), _count("numbered_count", "at_most", 0)
    assert _covered(found, bullets, numbers)
    assert not _covered(found, numbers) and _implied(found, numbers)
    assert not _implied(_expect(markers | {"unit": "emoji"}), numbers)


def test_each_parts_count_equal_to_a_tuple_is_each_positions_count() -> None:
    per: dict[str, Any] = {"family": "lengths", "unit": "words", "scope": "each sentence"}
    found = _expect(per | {"relation": "equals", "value": (2, 5)})
    first = _count("part_count", "exactly", 2, part="sentence", index=1, units="words")
    second = _count("part_count", "exactly", 5, part="sentence", index=2, units="words")
    assert _covered(found, first, second)
    assert not _covered(found, first)
    # one number: the general readings' (every sentence that long)
    assert not _covered(_expect(per | {"relation": "equals", "value": 2}), first)


def test_a_list_length_in_words_or_listed_nouns_counts_the_items() -> None:
    length: dict[str, Any] = {"family": "list_length", "relation": "exactly", "value": 7}
    words = _expect(length | {"unit": "word"})
    assert _covered(words, _count("item_count", "exactly", 7))
    assert _covered(words, _count("word_count", "exactly", 7))
    nouns = _expect(length | {"unit": "year"})
    assert _covered(nouns, _count("item_count", "exactly", 7))
    # a sibling names the list's form: its own count, not this reading
    bullets: dict[str, Any] = {"family": "bullets", "unit": "bullet", "relation": "other"}
    formed = _expect(length | {"unit": "year"}, bullets)
    assert not _covered(formed, _count("item_count", "exactly", 7))
    # another label: a zip code count is no list's
    other = _expect(length | {"family": "codes", "unit": "year"})
    assert not _covered(other, _count("item_count", "exactly", 7))


def test_a_bound_on_each_words_uses_is_no_kind() -> None:
    uses: dict[str, Any] = {"family": "repetition", "unit": "word", "scope": "each word"}
    found = _expect(uses | {"relation": "at_most", "value": 3})
    assert not found.matchers
    assert not _covered(found, _count("word_length", "at_most", 3))
    letters = _expect(uses | {"unit": "letter", "relation": "at_most", "value": 3})
    assert letters.matchers  # letters of each word: a word length
    # a label naming no use or repeat: not this reading
    length = _expect(uses | {"family": "max_word_length", "relation": "at_most", "value": 3})
    assert "repeats" not in length.reason


def test_separators_counted_beside_a_count_of_one_more_thing() -> None:
    sep: dict[str, Any] = {"family": "joined", "unit": "separator", "relation": "exactly"}
    names: dict[str, Any] = {"family": "names", "unit": "name", "relation": "exactly", "value": 4}
    found = _expect(sep | {"value": 3, "words": (" | ",)}, names)
    assert _covered(found, {"kind": "comma_list", "separator": " | "})
    assert not _covered(found, {"kind": "comma_list", "separator": ","})
    # no sibling counts the pieces: not this reading
    assert not _covered(
        _expect(sep | {"value": 3, "words": (" | ",)}), {"kind": "comma_list", "separator": " | "}
    )


def test_a_horizontal_rule_counted_separates_one_more_piece() -> None:
    rule: dict[str, Any] = {"family": "divider", "unit": "horizontal rule", "relation": "exactly"}
    found = _expect(rule | {"value": 2, "words": ("***",)})
    versions = {"kind": "separated_versions", "versions": 3, "separator": "***"}
    assert _covered(found, versions) or _covered(
        found, _count("paragraph_count", "exactly", 3, separator="***")
    )
    assert not _covered(found, versions | {"versions": 2})


# -- split I's writer: field shapes ------------------------------------------------------


def test_character_classes_as_words_are_each_counted() -> None:
    classes: dict[str, Any] = {
        "family": "password_mix",
        "unit": "character",
        "relation": "at_least",
    }
    found = _expect(classes | {"value": 3, "words": ("digit", "symbol")})
    digits = _count("char_class_count", "at_least", 3, char_class="digit")
    special = _count("char_class_count", "at_least", 3, char_class="special")
    assert _covered(found, digits, special) and not _covered(found, digits)
    assert not _covered(found, _count("char_count", "at_least", 3))
    unknown = _expect(classes | {"value": 3, "words": ("digit", "emoji")})
    assert not unknown.matchers


def test_letters_as_words_are_each_counted() -> None:
    letters: dict[str, Any] = {"family": "letters", "unit": "letter", "relation": "exactly"}
    found = _expect(letters | {"value": 2, "words": ("x", "z")})
    x = _count("letter_count", "exactly", 2, letter="x")
    z = _count("letter_count", "exactly", 2, letter="z")
    assert _covered(found, x, z) and not _covered(found, x)


def test_a_numbers_value_in_a_range_is_every_number_in_it() -> None:
    rng: dict[str, Any] = {"family": "value_range", "unit": "number", "relation": "between"}
    found = _expect(rng | {"value": (3, 9)})
    assert _covered(found, {"kind": "numbers_in_range", "low": 3.0, "high": 9.0})
    assert not _covered(
        found, _count("number_count", "at_least", 3), _count("number_count", "at_most", 9)
    )
    counted = _expect(rng | {"family": "numbers", "value": (3, 9)})
    assert _covered(
        counted, _count("number_count", "at_least", 3), _count("number_count", "at_most", 9)
    )


def test_a_start_with_a_placeholder_or_a_letter_range() -> None:
    start: dict[str, Any] = {"family": "opening", "unit": "item", "scope": "each item"}
    holder = _expect(start | {"relation": "starts_with", "value": "Tip N:"})
    assert not holder.matchers
    letters: dict[str, Any] = {"family": "alphabet", "unit": "line", "scope": "each line"}
    ranged = _expect(letters | {"relation": "starts_with", "value": "A-E"})
    assert _covered(ranged, {"kind": "acrostic", "word": "ABCDE", "part": "line"})
    assert not _covered(ranged, {"kind": "each_starts_with", "phrase": "A-E", "part": "line"})
    plain = _expect(start | {"relation": "starts_with", "value": "Tip:"})
    assert plain.matchers  # a plain phrase: the general readings'


def test_a_bold_opening_or_a_capitals_format_is_no_marker_nor_case() -> None:
    bold: dict[str, Any] = {"family": "lead", "unit": "bullet", "scope": "each bullet"}
    found = _expect(bold | {"relation": "matches_format", "value": "\\*\\*[A-Z]\\w+\\*\\*"})
    assert not _covered(found, {"kind": "list_marker", "marker": "*"})
    assert "bold" in found.reason
    # a written template with bold marks: the template readings', not this one
    written = _expect(bold | {"relation": "matches_format", "value": "**Name**: note"})
    assert "bold opening" not in written.reason
    caps: dict[str, Any] = {"family": "spelled", "unit": "answer", "relation": "matches_format"}
    spelled = _expect(caps | {"value": "[A-Z]( [A-Z])*"})
    assert _implied(spelled, _UPPER) and not _covered(spelled, _UPPER)
    mixed = _expect(caps | {"value": "[A-Za-z]+"})
    assert not _implied(mixed, _UPPER)


def test_distinct_first_letters_are_no_unique_items() -> None:
    first: dict[str, Any] = {
        "family": "different_initials",
        "unit": "first letter",
        "relation": "other",
    }
    found = _expect(first)
    assert not _covered(found, {"kind": "unique_items"})
    assert not found.matchers and "first letters" in found.reason
    # first letters spelling a word: an acrostic, not this reading
    spelled = _expect(first | {"family": "acrostic", "scope": "each line", "value": "SUN"})
    assert _covered(spelled, {"kind": "acrostic", "word": "SUN", "part": "line"})


def test_no_all_caps_words_is_no_lowercase_answer() -> None:
    caps: dict[str, Any] = {"family": "shouting", "unit": "word", "relation": "none"}
    found = _expect(caps | {"note": "no all caps words"})
    assert _covered(found, _count("capital_word_count", "at_most", 0))
    assert not _covered(found, _LOWER)
    plain = _expect(caps | {"note": "no slang words"})
    assert not _covered(plain, _count("capital_word_count", "at_most", 0))


def test_lines_counted_by_their_prefix_are_no_line_count() -> None:
    prefix: dict[str, Any] = {"family": "prefix_count", "unit": "line", "relation": "at_least"}
    found = _expect(prefix | {"value": 2, "words": (">", "<")})
    assert not found.matchers and not _covered(found, _count("line_count", "at_least", 2))
    lines = _expect(prefix | {"family": "lines", "value": 2})
    assert _covered(lines, _count("line_count", "at_least", 2))


def test_a_digit_in_one_part_implies_a_number_in_the_answer() -> None:
    digit: dict[str, Any] = {"family": "digit_in", "unit": "digit", "relation": "at_least"}
    found = _expect(digit | {"value": 1, "scope": "paragraph 3"})
    assert _implied(found, _count("number_count", "at_least", 1))
    assert not _covered(found, _count("number_count", "at_least", 1))
    assert not _implied(
        _expect(digit | {"value": 2, "scope": "paragraph 3"}), _count("number_count", "at_least", 1)
    )


def test_sentence_case_headings_are_no_title_case() -> None:
    heads: dict[str, Any] = {"family": "heading_style", "unit": "word", "scope": "each heading"}
    found = _expect(
        heads | {"relation": "other", "note": "sentence case: only the first word capitalised"}
    )
    assert not _covered(found, {"kind": "title_case", "part": "heading", "every": True})
    assert not found.matchers
    title = _expect(heads | {"relation": "all", "note": "every word capitalised"})
    assert _covered(title, {"kind": "title_case", "part": "heading", "every": True})


def test_headings_counted_with_their_level_in_the_unit() -> None:
    heads: dict[str, Any] = {
        "family": "subsections",
        "unit": "heading level 3",
        "relation": "exactly",
    }
    found = _expect(heads | {"value": 4})
    assert _covered(found, _count("heading_count", "exactly", 4, level=3))
    assert not _covered(found, _count("heading_count", "exactly", 4))
    assert not _covered(found, _count("heading_count", "exactly", 4, level=2))
