"""The blind mapper expects a kind only where that kind's check, with the
parameters read from the writer's fields, states the constraint: a template
of the whole item, a count of a list's items (bench/_blind_layout.py,
bench/_blind_items.py). Synthetic constraints, none from a split."""

from __future__ import annotations

from typing import Any

import pytest

from _blind_cases import covered, dump, expect, implied

# The shared builders' default family, "unlabelled", holds "label", which the
# styled-words reading takes for a label in bold (bench/_blind_styled.py):
# these tests name a neutral family so the fields alone decide.
_NEUTRAL = {"family": "constraint"}


def _expects(expectation: Any, kind: str) -> bool:
    return kind in expectation.kinds


# -- item_template: a template of the whole item ---------------------------------------


@pytest.mark.parametrize(
    ("unit", "scope", "value", "template"),
    [
        ("line", "each line", "Country: capital", "Nation: city"),
        ("bullet point", "every bullet", "N% – Category", "30% – Rent"),
        ("item", "each item", "Name (N)", "Planet (moons)"),
        ("entries", "each entry", "word (Language)", "term (tongue)"),
        ("recommendation", "each recommendation", "Title — Author", "Book — Writer"),
    ],
)
def test_a_format_of_each_whole_item_is_an_item_template(
    unit: str | None, scope: str, value: str, template: str
) -> None:
    found = expect({"unit": unit, "scope": scope, "relation": "matches_format", "value": value})
    assert covered(found, {"kind": "item_template", "template": template})


@pytest.mark.parametrize(
    ("unit", "scope", "value"),
    [
        # a piece of each item: the item holds more than the template
        ("time slot", "each agenda item", "HH:MM–HH:MM"),
        ("duration", "each activity", "(N min)"),
        ("price", "each line", "$N.NN"),
        # no unit: the scope alone does not say the template is the whole item
        (None, "each item", "HH:MM"),
        # a part another kind names, not a list's item
        ("heading", "each heading", "Day N: City"),
        ("paragraph", "each paragraph", "Reason N: text"),
        # the items of one section, not of the answer
        ("bullet", "each bullet in the Risks section", "Risk – mitigation"),
        ("line", "every line under Ingredients", "qty – item"),
        # a regular expression, not a template
        ("line", "each line", "#[0-9A-F]{6}"),
        ("item", "each item", "[A-Z]{2}"),
        # marks show some free parts, a bare word may be free or literal
        ("line", "each line", "[LEVEL] module – message"),
        ("item", "each item", "<name> plays position"),
    ],
)
def test_a_format_no_whole_item_template_states_is_no_item_template(
    unit: str, scope: str, value: str
) -> None:
    found = expect({"unit": unit, "scope": scope, "relation": "matches_format", "value": value})
    assert not _expects(found, "item_template")


# -- item_count: the items of one list ----------------------------------------------


@pytest.mark.parametrize(
    "unit",
    ["quotation", "quote", "panel", "card", "letter a/e/i/o/u", "each letter A-Z", "vowel"],
)
def test_quotes_panels_cards_and_letters_are_no_list_items(unit: str) -> None:
    found = expect({"unit": unit, "relation": "exactly", "value": 4})
    assert not covered(found, {"kind": "item_count", "relation": "exactly", "value": 4})


@pytest.mark.parametrize("note", ["2 per word", "three for each topic", "1 each"])
def test_a_count_summed_over_groups_is_no_item_count(note: str) -> None:
    found = expect({"unit": "example", "relation": "exactly", "value": 4, "note": note})
    assert not covered(found, {"kind": "item_count", "relation": "exactly", "value": 4})


def test_a_count_of_things_without_a_per_group_note_is_still_an_item_count() -> None:
    found = expect(
        {"unit": "example", "relation": "exactly", "value": 4, "note": "varied examples"}
    )
    assert covered(found, {"kind": "item_count", "relation": "exactly", "value": 4})


# -- highlight_count: implied by a styled thing in every part ------------------------


@pytest.mark.parametrize(
    ("unit", "scope", "relation", "value"),
    [
        ("bold span", "each item", "at_least", 1),
        ("bold text", "every bullet", "exactly", 1),
        ("italic span", "per line", "at_least", 1),
    ],
)
def test_a_styled_span_in_every_part_implies_one_in_the_answer(
    unit: str, scope: str, relation: str, value: int
) -> None:
    found = expect({"unit": unit, "scope": scope, "relation": relation, "value": value})
    one = dump({"kind": "highlight_count", "relation": "at_least", "value": 1})
    assert not found.expressible
    assert any(m.exact(one) for m in found.implied)


@pytest.mark.parametrize(
    ("unit", "scope", "relation", "value"),
    [
        ("bold span", "each item", "at_most", 1),  # a cap says nothing of the answer's floor
        ("bold span", "each item", "exactly", 0),
        ("word", "each bullet", "at_least", 10),  # a length per part is no total
        ("bold span", "first paragraph", "at_least", 1),  # one part, not each
    ],
)
def test_no_whole_answer_count_is_implied_by_caps_lengths_or_one_part(
    unit: str, scope: str, relation: str, value: int
) -> None:
    found = expect({"unit": unit, "scope": scope, "relation": relation, "value": value})
    one = dump({"kind": "highlight_count", "relation": "at_least", "value": 1})
    ten = dump({"kind": "word_count", "relation": "at_least", "value": 10})
    assert not any(m.exact(one) or m.exact(ten) for m in found.implied)


# -- words_styled: the value shows the words in their style ---------------------------


@pytest.mark.parametrize(
    ("relation", "value", "words", "scope", "style"),
    [
        ("matches_format", "**castling**", ["castling"], "response", "bold"),
        ("all", "**Ada Lovelace**", ["Ada Lovelace"], "each occurrence", "bold"),
        ("matches_format", "*Titanic*", ["Titanic"], "every time", "italic"),
    ],
)
def test_a_value_showing_the_words_in_a_style_is_every_occurrence_styled(
    relation: str, value: str, words: list[str], scope: str, style: str
) -> None:
    found = expect(
        {"unit": "keyword", "scope": scope, "relation": relation, "value": value, "words": words}
        | _NEUTRAL
    )
    assert covered(found, {"kind": "words_styled", "words": words, "style": style})


@pytest.mark.parametrize(
    ("value", "words", "scope"),
    [
        ("**...**", ["castling"], "response"),  # the style's shape, not the words
        ("**castle**", ["castling"], "response"),  # another word
        ("**castling**", ["castling"], "first paragraph"),  # one part only
        ("**castling**", [], "response"),  # no words named
    ],
)
def test_a_styled_value_not_showing_the_words_given_is_no_words_styled(
    value: str, words: list[str], scope: str
) -> None:
    found = expect(
        {
            "unit": "keyword",
            "scope": scope,
            "relation": "matches_format",
            "value": value,
            "words": words,
        }
    )
    assert not _expects(found, "words_styled")


# -- list_marker: a numbering given as its sequence ------------------------------------


@pytest.mark.parametrize(
    ("unit", "scope", "value", "words", "marker"),
    [
        ("item", "each item", None, ["I.", "II.", "III."], "I."),
        (None, "response", "I., II., III., IV.", [], "I."),
        ("line", "each line", "a), b), c)", [], "a)"),
        ("items", "response", None, ["(1)", "(2)", "(3)"], "(1)"),
    ],
)
def test_a_numbering_given_as_its_sequence_is_the_list_marker(
    unit: str | None, scope: str, value: str | None, words: list[str], marker: str
) -> None:
    found = expect(
        {"unit": unit, "scope": scope, "relation": "starts_with", "value": value, "words": words}
    )
    assert covered(found, {"kind": "list_marker", "marker": marker})


def test_a_numbering_with_sub_levels_only_implies_the_top_levels_marker() -> None:
    found = expect(
        {"unit": "line", "scope": "clauses", "relation": "matches_format", "value": "N. / N.N"}
    )
    assert not found.expressible
    assert implied(found, {"kind": "list_marker", "marker": "1."})


@pytest.mark.parametrize(
    ("unit", "scope", "value", "words"),
    [
        (None, "sub-points", "A., B.", []),  # a sub-list's markers
        ("line", "main sections", None, ["I.", "II.", "III."]),  # section headings
        ("item", "each item", None, ["A", "B", "C"]),  # letters, no marker
        ("item", "first item", None, ["1.", "2."]),  # one item
    ],
)
def test_no_list_marker_for_sub_lists_sections_bare_letters_or_one_item(
    unit: str | None, scope: str, value: str | None, words: list[str]
) -> None:
    found = expect(
        {"unit": unit, "scope": scope, "relation": "starts_with", "value": value, "words": words}
    )
    assert not _expects(found, "list_marker")


# -- named_sections: parts labelled by name ---------------------------------------------


@pytest.mark.parametrize(
    ("unit", "scope", "relation", "words"),
    [
        ("label", "each part", "contains", ["Morning", "Evening"]),
        ("labels", "response", "contains", ["Pro", "Con"]),
        ("line", "choices", "starts_with", ["Option A:", "Option B:"]),
        (None, "the answers", "starts_with", ["Short:", "Long:"]),
    ],
)
def test_parts_labelled_by_name_are_named_sections(
    unit: str | None, scope: str, relation: str, words: list[str]
) -> None:
    found = expect({"unit": unit, "scope": scope, "relation": relation, "words": words})
    assert covered(found, {"kind": "named_sections", "names": words})


@pytest.mark.parametrize(
    ("unit", "scope", "relation", "words"),
    [
        ("label", "each part", "contains", ["Morning"]),  # one name: no sections
        ("word", "each part", "contains", ["Morning", "Evening"]),  # words, not labels
        ("line", "first line", "starts_with", ["Option A:", "Option B:"]),  # one line
        ("line", "choices", "starts_with", ["Option A", "Option B"]),  # no colon labels
    ],
)
def test_words_that_label_no_parts_are_no_named_sections(
    unit: str | None, scope: str, relation: str, words: list[str]
) -> None:
    found = expect({"unit": unit, "scope": scope, "relation": relation, "words": words})
    assert not covered(found, {"kind": "named_sections", "names": words})


@pytest.mark.parametrize("scope", ["each flashcard", "every FAQ entry", "each card"])
def test_labels_recurring_in_every_entry_only_imply_named_sections(scope: str) -> None:
    found = expect(
        {"unit": "line", "scope": scope, "relation": "starts_with", "words": ["Q:", "A:"]}
    )
    assert not found.expressible
    assert any(
        m.exact(dump({"kind": "named_sections", "names": ["Q", "A"]})) for m in found.implied
    )


@pytest.mark.parametrize("note", ["one_of", "either label", "'R:' or 'J:'"])
def test_every_line_opening_with_one_of_the_labels_is_no_named_sections(note: str) -> None:
    found = expect(
        {
            "unit": "line",
            "scope": "each line",
            "relation": "starts_with",
            "words": ["R:", "J:"],
            "note": note,
        }
    )
    names = dump({"kind": "named_sections", "names": ["R", "J"]})
    assert not covered(found, names)
    assert not any(m.exact(names) for m in found.implied)


# -- wrap_marks: the whole answer between two marks -------------------------------------


@pytest.mark.parametrize("unit", [None, "answer", "the whole response", "output"])
def test_the_answer_between_marks_is_wrap_marks(unit: str | None) -> None:
    found = expect(
        {"unit": unit, "scope": "response", "relation": "matches_format", "value": "[...]"}
    )
    assert covered(found, {"kind": "wrap_marks", "open": "[", "close": "]"})


@pytest.mark.parametrize("unit", ["pronunciation", "placeholder", "each term", "translation"])
def test_a_piece_between_marks_is_no_wrap_marks(unit: str) -> None:
    found = expect(
        {"unit": unit, "scope": "response", "relation": "matches_format", "value": "[...]"}
    )
    assert not _expects(found, "wrap_marks")


# -- the last line opening with a label: line_template or part_affix --------------------


@pytest.mark.parametrize(
    ("scope", "label"),
    [("last line", "In short:"), ("final line", "Bottom line:"), ("the last line", "Summary:")],
)
def test_the_last_line_opening_with_a_label_is_its_template_or_its_start(
    scope: str, label: str
) -> None:
    found = expect({"unit": "line", "scope": scope, "relation": "starts_with", "value": label})
    template = dump({"kind": "line_template", "template": f"{label} <text>", "line": "last"})
    affix = dump(
        {"kind": "part_affix", "part": "line", "index": -1, "position": "start", "phrases": [label]}
    )
    assert covered(found, template)
    assert covered(found, affix)
    other = dump(
        {"kind": "part_affix", "part": "line", "index": 1, "position": "start", "phrases": [label]}
    )
    assert not covered(found, other)


# -- the answer's headings are these, at one level --------------------------------------


@pytest.mark.parametrize(
    ("scope", "words", "level"),
    [
        ("headings", ["## TCP", "## UDP"], 2),
        ("all headings", ["### Before", "### After"], 3),
        ("the headers", ["# Part one", "# Part two", "# Part three"], 1),
    ],
)
def test_the_headings_named_at_one_level_imply_that_level_and_the_names(
    scope: str, words: list[str], level: int
) -> None:
    found = expect({"unit": "heading", "scope": scope, "relation": "equals", "words": words})
    names = [w.lstrip("# ") for w in words]
    assert not found.expressible
    assert implied(found, {"kind": "heading_level", "level": level})
    assert implied(found, {"kind": "named_sections", "names": names})


@pytest.mark.parametrize(
    ("scope", "relation", "words"),
    [
        ("response", "contains", ["## TCP", "## UDP"]),  # these among others
        ("headings", "equals", ["## TCP", "### UDP"]),  # two levels
        ("headings", "equals", ["TCP", "UDP"]),  # no level
    ],
)
def test_no_heading_level_is_implied_by_headings_among_others_or_of_mixed_levels(
    scope: str, relation: str, words: list[str]
) -> None:
    found = expect({"unit": "heading", "scope": scope, "relation": relation, "words": words})
    levels = [dump({"kind": "heading_level", "level": n}) for n in (1, 2, 3)]
    assert not any(m.exact(s) for m in found.implied for s in levels)
    assert not covered(found, *levels)


@pytest.mark.parametrize(
    ("value", "template"),
    [
        ("- <name>: <role>", "<who>: <what>"),  # the list marker opens the line, not the item
        ("Name: <name>, Age: <age>", "Name: [n], Age: [a]"),  # labels are literal
        ("1. Term — definition", "Word — meaning"),
    ],
)
def test_a_template_read_the_one_way_its_marks_and_labels_allow(value: str, template: str) -> None:
    found = expect(
        {"unit": "line", "scope": "each line", "relation": "matches_format", "value": value}
    )
    assert covered(found, {"kind": "item_template", "template": template})


# -- length_progression: stated by the fields, whatever the label ----------------------


@pytest.mark.parametrize(
    ("family", "unit", "scope", "relation", "note", "want"),
    [
        ("sentence_pattern", "word", "each sentence", "other", "word count strictly increasing",
         {"part": "sentence", "direction": "increasing"}),
        ("staircase", None, "each line", "other", "each line shorter than the previous one",
         {"part": "line", "direction": "decreasing"}),
        ("shape", "word", "each paragraph", "more_than", "",
         {"part": "paragraph", "direction": "increasing"}),
        ("longueur", "character", "every line", "less_than", "",
         {"part": "line", "direction": "decreasing", "unit": "characters"}),
    ],
)  # fmt: skip
def test_a_length_progression_the_fields_state_is_one_whatever_the_label(
    family: str, unit: str | None, scope: str, relation: str, note: str, want: dict[str, Any]
) -> None:
    found = expect(
        {"family": family, "unit": unit, "scope": scope, "relation": relation, "note": note}
    )
    spec = {"kind": "length_progression", "unit": "words", "strict": True} | want
    assert covered(found, spec)


@pytest.mark.parametrize(
    ("family", "unit", "scope", "relation", "value", "note"),
    [
        ("ordering", "item", "each item", "other", None, "sorted in increasing order of price"),
        ("length", "word", "each sentence", "less_than", 20, ""),  # a cap, not a progression
        ("growth", None, "response", "other", None, "the numbers keep increasing"),
        ("dates", "line", "each line", "other", None, "chronological, increasing dates"),
    ],
)
def test_orders_caps_and_growing_numbers_are_no_length_progression(
    family: str, unit: str | None, scope: str, relation: str, value: Any, note: str
) -> None:
    found = expect(
        {
            "family": family,
            "unit": unit,
            "scope": scope,
            "relation": relation,
            "value": value,
            "note": note,
        }
    )
    assert not _expects(found, "length_progression")


# -- number_count: numbers the answer cites -------------------------------------------


@pytest.mark.parametrize("unit", ["statistics", "concrete figures", "data points", "stat"])
def test_at_least_so_many_statistics_is_at_least_so_many_numbers(unit: str) -> None:
    found = expect({"unit": unit, "relation": "at_least", "value": 3})
    assert covered(found, {"kind": "number_count", "relation": "at_least", "value": 3})
    assert not _expects(found, "item_count")


@pytest.mark.parametrize(("relation", "value"), [("exactly", 2), ("at_most", 4), ("none", 0)])
def test_a_cap_or_an_exact_count_of_statistics_counts_no_number(relation: str, value: int) -> None:
    found = expect({"unit": "statistic", "relation": relation, "value": value})
    assert not _expects(found, "number_count")
    assert not _expects(found, "item_count")


# -- table_rows: the data rows, the header aside ------------------------------------


@pytest.mark.parametrize(
    ("note", "rows"),
    [
        ("header + 3 data rows", 3),
        ("including the header", 3),
        ("4 rows incl. header row", 3),
        ("excluding header", 4),
        ("data rows only", 4),
    ],
)
def test_a_row_count_holding_the_header_counts_one_data_row_fewer(note: str, rows: int) -> None:
    found = expect(
        {"unit": "row", "scope": "table", "relation": "exactly", "value": 4, "note": note}
    )
    assert covered(found, {"kind": "table_rows", "relation": "exactly", "value": rows})


# -- heading_count: headings of a level, however the unit names it -------------------


@pytest.mark.parametrize(
    ("unit", "level"),
    [
        ("## heading", 2),
        ("level-3 headings", 3),
        ("second-level header", 2),
        ("H2s", 2),
        ("h1", 1),
        ("heading", None),
    ],
)
def test_headings_of_a_level_are_counted_at_that_level(unit: str, level: int | None) -> None:
    found = expect({"unit": unit, "relation": "exactly", "value": 3})
    spec = dump({"kind": "heading_count", "relation": "exactly", "value": 3, "level": level})
    assert covered(found, spec)
    assert not _expects(found, "item_count")


@pytest.mark.parametrize("unit", ["subheading", "sub-headers", "top-level heading", "bold heading"])
def test_headings_no_level_or_markup_states_are_no_heading_or_item_count(unit: str) -> None:
    found = expect({"unit": unit, "relation": "exactly", "value": 3})
    assert not _expects(found, "item_count")
    assert not covered(found, {"kind": "heading_count", "relation": "exactly", "value": 3})


# -- each_line and the phrase kinds: a start spelled, not described --------------------


@pytest.mark.parametrize(
    ("scope", "relation", "value"),
    [
        ("every line", "starts_with", "the same letter"),
        ("each line", "starts_with", "the letter S"),
        ("each line", "starts_with", "N."),
        ("response", "ends_with", "a question"),
        ("each sentence", "starts_with", "a verb"),
    ],
)
def test_a_start_or_end_described_is_no_phrase(scope: str, relation: str, value: str) -> None:
    found = expect({"unit": "line", "scope": scope, "relation": relation, "value": value})
    assert not found.expressible
    for kind in ("each_line", "starts_with", "ends_with", "each_starts_with", "each_ends_with"):
        assert not _expects(found, kind)


@pytest.mark.parametrize(
    ("scope", "value", "spec"),
    [
        ("each line", "a period", {"kind": "each_line", "position": "end", "phrase": "."}),
        ("every line", "semicolon", {"kind": "each_line", "position": "end", "phrase": ";"}),
        ("response", "an exclamation mark", {"kind": "ends_with", "phrase": "!"}),
    ],
)
def test_a_mark_named_is_that_mark(scope: str, value: str, spec: dict[str, Any]) -> None:
    found = expect({"unit": "line", "scope": scope, "relation": "ends_with", "value": value})
    assert covered(found, spec)


@pytest.mark.parametrize(("value", "phrase"), [("The", "The"), ("- ", "-"), (">> ", ">>")])
def test_a_start_spelled_is_still_the_phrase(value: str, phrase: str) -> None:
    found = expect(
        {"unit": "line", "scope": "each line", "relation": "starts_with", "value": value}
    )
    assert found.expressible
    assert any(repr(phrase) in m.label for m in found.matchers)


# -- scopes: the units of one part are no units of the answer -------------------------


@pytest.mark.parametrize(
    "scope",
    [
        "each line in section 2",
        "every bullet under the Risks section",
        "each sentence of the first paragraph",
        "each bullet in 'Pros'",
    ],
)
def test_the_units_of_one_part_map_to_no_whole_answer_or_nth_part_kind(scope: str) -> None:
    found = expect({"unit": "line", "scope": scope, "relation": "starts_with", "value": "> "})
    for kind in ("each_line", "part_affix", "starts_with", "each_starts_with"):
        assert not _expects(found, kind)


# -- the letters of a one-word answer ----------------------------------------------------


def _one_word() -> dict[str, Any]:
    return {"unit": "word", "scope": "response", "relation": "exactly", "value": 1}


@pytest.mark.parametrize(("relation", "value"), [("exactly", 7), ("between", [5, 8])])
def test_the_letters_of_a_one_word_answer_are_its_words_length_or_its_letters(
    relation: str, value: Any
) -> None:
    found = expect({"unit": "letters", "relation": relation, "value": value}, _one_word())
    low = value if isinstance(value, int) else value[0]
    rel = relation if relation == "exactly" else "at_least"
    assert found.expressible
    assert any(
        m.exact(dump({"kind": "word_length", "relation": rel, "value": low}))
        for m in found.matchers
    )
    letters = dump(
        {"kind": "char_class_count", "relation": rel, "value": low, "char_class": "letter"}
    )
    assert any(m.exact(letters) for m in found.matchers)


def test_the_letters_of_a_longer_answer_are_no_word_length() -> None:
    two = _one_word() | {"value": 2}
    for found in (
        expect({"unit": "letters", "relation": "exactly", "value": 7}, two),
        expect({"unit": "letters", "relation": "exactly", "value": 7}),
        expect({"unit": "characters", "relation": "exactly", "value": 7}, _one_word()),
    ):
        assert not _expects(found, "word_length")


# -- acrostic: however the first letters and the word are put ------------------------


@pytest.mark.parametrize(
    ("unit", "scope", "relation", "value", "words", "part"),
    [
        ("first letter", "each line", "other", "HOPE", [], "line"),
        ("line", "initial letters of lines", "equals", "hope", [], "line"),
        ("line", "each line", "starts_with", None, ["H", "O", "P", "E"], "line"),
        ("line", "each line", "starts_with", "H, O, P, E", [], "line"),
        ("first letter", "lines", "matches_format", "HOPE", [], "line"),
        ("sentence", "first letters of each sentence", "spells", "Hope", [], "sentence"),
    ],
)
def test_an_acrostic_reads_however_its_letters_and_word_are_put(
    unit: str, scope: str, relation: str, value: str | None, words: list[str], part: str
) -> None:
    found = expect(
        {
            "family": "acrostic",
            "unit": unit,
            "scope": scope,
            "relation": relation,
            "value": value,
            "words": words,
        }
    )
    assert covered(found, {"kind": "acrostic", "word": "HOPE", "part": part})
    assert not covered(found, {"kind": "acrostic", "word": "HOPES", "part": part})


@pytest.mark.parametrize(
    ("family", "unit", "scope", "relation", "value"),
    [
        ("acrostic", "line", "each line", "starts_with", "Why"),  # one phrase per line
        ("line_start", "line", "each line", "equals", "HOPE"),  # no first letters named
        ("acrostic", "line", "first line", "equals", "HOPE"),  # one line
        ("acrostic", "line", "first letters of each line", "equals", "H0PE"),  # no word
    ],
)
def test_no_acrostic_where_no_first_letters_spell_a_word(
    family: str, unit: str, scope: str, relation: str, value: str
) -> None:
    found = expect(
        {"family": family, "unit": unit, "scope": scope, "relation": relation, "value": value}
    )
    assert not _expects(found, "acrostic")


# -- list markers: a marker banned, a marker named with the list ---------------------


@pytest.mark.parametrize(("value", "words"), [("*", []), (None, ["asterisks"]), ("-", [])])
def test_bullets_of_one_marker_banned_are_no_ban_on_bullets(
    value: str | None, words: list[str]
) -> None:
    found = expect({"unit": "bullet", "relation": "none", "value": value, "words": words})
    assert not covered(found, {"kind": "bullet_count", "relation": "at_most", "value": 0})


@pytest.mark.parametrize("value", [0, None])
def test_no_bullets_at_all_is_still_a_ban_on_bullets(value: int | None) -> None:
    found = expect({"unit": "bullets", "relation": "none", "value": value})
    assert covered(found, {"kind": "bullet_count", "relation": "at_most", "value": 0})


@pytest.mark.parametrize(
    ("value", "marker"),
    [
        ("bulleted list with dashes", "-"),
        ("bullet list (•)", "•"),
        ("bullet list using asterisks", "*"),
    ],
)
def test_a_bulleted_list_with_its_marker_named_is_that_list_marker(value: str, marker: str) -> None:
    found = expect({"unit": "list", "relation": "matches_format", "value": value})
    assert covered(found, {"kind": "list_marker", "marker": marker})
    one = dump({"kind": "bullet_count", "relation": "at_least", "value": 1})
    assert not covered(found, one)
    assert any(m.exact(one) for m in found.implied)


# -- highlight_count and words_styled: styled spans however named ------------------------


@pytest.mark.parametrize("unit", ["bolded terms", "emphasis", "italicized words", "bold phrases"])
def test_styled_spans_however_named_are_highlights(unit: str) -> None:
    found = expect({"unit": unit, "relation": "at_least", "value": 2})
    assert covered(found, {"kind": "highlight_count", "relation": "at_least", "value": 2})
    assert not _expects(found, "item_count")


@pytest.mark.parametrize(
    ("value", "style"), [("bold", "bold"), ("italics", "italic"), ("in bold", "bold")]
)
def test_words_with_their_style_named_are_words_styled(value: str, style: str) -> None:
    found = expect(
        {"unit": "keyword", "relation": "matches_format", "value": value, "words": ["Paris"]}
        | _NEUTRAL
    )
    assert covered(found, {"kind": "words_styled", "words": ["Paris"], "style": style})


def test_words_styled_in_one_part_only_are_no_words_styled() -> None:
    found = expect(
        {
            "unit": "word",
            "scope": "first paragraph",
            "relation": "matches_format",
            "value": "bold",
            "words": ["Paris"],
        }
    )
    assert not _expects(found, "words_styled")


@pytest.mark.parametrize("unit", ["checkbox item", "checklist items", "checkboxes"])
def test_a_checklists_items_are_its_bullets_or_its_list_items(unit: str) -> None:
    found = expect({"unit": unit, "relation": "exactly", "value": 10})
    assert covered(found, {"kind": "bullet_count", "relation": "exactly", "value": 10})
    assert covered(found, {"kind": "item_count", "relation": "exactly", "value": 10})
    assert not covered(found, {"kind": "item_count", "relation": "exactly", "value": 9})


def test_plain_bullets_are_still_only_the_bullet_count() -> None:
    found = expect({"unit": "bullet points", "relation": "exactly", "value": 4})
    assert covered(found, {"kind": "bullet_count", "relation": "exactly", "value": 4})
    assert not covered(found, {"kind": "item_count", "relation": "exactly", "value": 4})
