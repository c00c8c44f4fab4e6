"""The blind mapper's less usual requirements (bench/_blind_unusual.py), as a
writer who labels and encodes them its own way writes them: each maps to the
kind whose check fails exactly the answers the constraint fails, or to none."""

from __future__ import annotations

from typing import Any

import pytest

from _blind_cases import covered as _covered
from _blind_cases import dump as _dump
from _blind_cases import expect as _expect
from _blind_cases import implied as _implied


def _matches_any(expectation: Any, spec: dict[str, Any]) -> bool:
    dumped = _dump(spec)
    return any(m.exact(dumped) for m in expectation.matchers)


# -- word length -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"family": "max_word_length", "unit": "word", "relation": "at_most", "value": 7},
        {"family": "word_length_limit", "unit": "word", "relation": "less_than", "value": 8},
        {
            "family": "short_words",
            "unit": "word",
            "relation": "at_most",
            "value": 7,
            "note": "letters per word <= 7",
        },
    ],
)
def test_a_word_length_over_the_whole_answer_is_word_length(fields: dict[str, Any]) -> None:
    got = _expect(fields)
    assert _covered(got, {"kind": "word_length", "relation": "at_most", "value": 7})
    assert not _matches_any(got, {"kind": "word_count", "relation": "at_most", "value": 7})


def test_a_count_of_words_with_no_length_label_stays_a_word_count() -> None:
    got = _expect({"family": "word_limit", "unit": "word", "relation": "at_most", "value": 7})
    assert not _matches_any(got, {"kind": "word_length", "relation": "at_most", "value": 7})
    assert _covered(got, {"kind": "word_count", "relation": "at_most", "value": 7})


# -- tautogram and acrostic -----------------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"family": "tautogram", "unit": "word", "relation": "all", "value": "p"},
        {
            "family": "alliteration",
            "unit": "word",
            "relation": "all",
            "value": "P",
            "note": "every word starts with P",
        },
        {"family": "same_initial", "unit": "word", "relation": "all", "value": "p"},
    ],
)
def test_one_letter_every_word_starts_with_is_a_tautogram(fields: dict[str, Any]) -> None:
    assert _covered(_expect(fields), {"kind": "tautogram", "letter": "p"})


def test_every_word_holding_a_letter_is_not_a_tautogram() -> None:
    got = _expect({"family": "letter_use", "unit": "word", "relation": "all", "value": "p"})
    assert not _matches_any(got, {"kind": "tautogram", "letter": "p"})


@pytest.mark.parametrize(
    "fields",
    [
        {"family": "acrostic", "unit": "line", "scope": "each line", "value": "MARGOT"},
        {
            "family": "name_poem",
            "unit": "line",
            "scope": "each line",
            "value": "Margot",
            "note": "line i starts with letter i",
        },
        {"family": "acrostic_poem", "unit": "line", "scope": "every line", "value": "MARGOT"},
    ],
)
def test_lines_starting_with_the_letters_of_a_word_is_an_acrostic(fields: dict[str, Any]) -> None:
    got = _expect(fields | {"relation": "starts_with", "words": (fields["value"],)})
    assert _covered(got, {"kind": "acrostic", "word": "MARGOT", "part": "line"})


def test_every_line_starting_with_a_word_is_not_an_acrostic() -> None:
    got = _expect(
        {
            "family": "line_prefix",
            "unit": "line",
            "scope": "each line",
            "relation": "starts_with",
            "value": "MARGOT",
        }
    )
    assert not _matches_any(got, {"kind": "acrostic", "word": "MARGOT", "part": "line"})


# -- alphabetical order ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "order"),
    [
        ({"family": "alphabetical_order", "unit": "line", "value": "ascending"}, "alphabetical"),
        (
            {"family": "alphabetic_sort", "unit": "item", "scope": "list", "value": "descending"},
            "reverse_alphabetical",
        ),
        (
            {
                "family": "sorted",
                "unit": "item",
                "scope": "list",
                "value": "a-z",
                "note": "alphabetical",
            },
            "alphabetical",
        ),
    ],
)
def test_an_alphabetical_label_with_a_direction_is_sorted_items(
    fields: dict[str, Any], order: str
) -> None:
    assert _covered(_expect(fields), {"kind": "sorted_items", "order": order})


@pytest.mark.parametrize(
    "fields",
    [
        {
            "family": "numeric_order",
            "unit": "item",
            "scope": "list",
            "value": "ascending by number",
        },
        {"family": "alphabetical_order", "unit": "item", "value": "ascending by surname"},
        {"family": "alphabetical_words", "unit": "word", "value": "ascending"},
    ],
)
def test_other_orders_are_not_sorted_items(fields: dict[str, Any]) -> None:
    got = _expect(fields)
    assert not _matches_any(got, {"kind": "sorted_items", "order": "alphabetical"})


# -- a length against the part before ---------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "spec"),
    [
        (
            {
                "unit": "word",
                "scope": "each sentence",
                "relation": "more_than",
                "value": "previous sentence word count",
            },
            {"part": "sentence", "direction": "increasing"},
        ),
        (
            {
                "unit": "word",
                "scope": "each paragraph",
                "relation": "less_than",
                "value": "previous paragraph",
            },
            {"part": "paragraph", "direction": "decreasing"},
        ),
        (
            {
                "unit": "character",
                "scope": "every line",
                "relation": "at_least",
                "value": "the line before",
            },
            {"part": "line", "unit": "characters", "strict": False},
        ),
        (
            {"unit": "word", "scope": "each line", "relation": "equals", "value": "line index"},
            {"part": "line", "step": 1, "start": 1},
        ),
    ],
)
def test_a_length_against_the_part_before_is_a_progression(
    fields: dict[str, Any], spec: dict[str, Any]
) -> None:
    assert _covered(_expect(fields), {"kind": "length_progression"} | spec)


def test_a_length_against_a_named_part_is_no_progression() -> None:
    got = _expect(
        {"unit": "character", "scope": "line 2", "relation": "more_than", "value": "line 1"}
    )
    assert not _matches_any(got, {"kind": "length_progression", "part": "line"})


def test_word_lengths_against_the_word_before_are_no_kind() -> None:
    got = _expect(
        {
            "unit": "letter",
            "scope": "each word",
            "relation": "at_least",
            "value": "previous word length",
        }
    )
    assert not got.expressible


# -- one value per part -------------------------------------------------------------------

_THREE_PARAGRAPHS = {"unit": "paragraph", "relation": "exactly", "value": 3}


def test_a_start_listed_per_paragraph_needs_every_one() -> None:
    got = _expect(
        {
            "unit": "word",
            "scope": "each paragraph",
            "relation": "starts_with",
            "value": ("Imagine", "Formally", "Practically"),
            "words": ("Imagine", "Formally", "Practically"),
            "note": "paragraph i first word",
        }
    )
    specs = [
        {"kind": "word_at", "word": w, "part": "paragraph", "index": i, "position": 1}
        for i, w in enumerate(("Imagine", "Formally", "Practically"), start=1)
    ]
    assert _covered(got, *specs)
    assert not _covered(got, specs[0])
    assert _matches_any(got, specs[0])


def test_a_keyword_listed_per_paragraph_needs_every_one() -> None:
    words = ("door", "stairs", "attic")
    got = _expect(
        {
            "unit": "keyword",
            "scope": "each paragraph",
            "relation": "contains",
            "value": words,
            "words": words,
        },
        _THREE_PARAGRAPHS,
    )
    specs = [
        {"kind": "keyword_in", "keyword": w, "part": "paragraph", "index": i}
        for i, w in enumerate(words, start=1)
    ]
    assert _covered(got, *specs)
    assert not _covered(got, *specs[:2])


def test_first_words_of_each_sentence_spelling_a_phrase() -> None:
    words = ("we", "meet", "at", "noon")
    got = _expect(
        {
            "unit": "word",
            "scope": "first word of each sentence",
            "relation": "equals",
            "value": words,
            "words": words,
        },
        {"unit": "sentence", "relation": "exactly", "value": 4},
    )
    specs = [
        {"kind": "word_at", "word": w, "part": "sentence", "index": i, "position": 1}
        for i, w in enumerate(words, start=1)
    ]
    assert _covered(got, *specs)


def test_sentence_lengths_listed_in_order_are_one_count_per_sentence() -> None:
    got = _expect(
        {
            "unit": "word",
            "scope": "each sentence",
            "relation": "equals",
            "value": (5, 10, 15),
            "note": "in that order",
        }
    )
    specs = [
        {
            "kind": "part_count",
            "part": "sentence",
            "index": i,
            "units": "words",
            "relation": "exactly",
            "value": n,
        }
        for i, n in enumerate((5, 10, 15), start=1)
    ]
    assert _covered(got, *specs)


def test_a_list_with_no_order_nor_matching_count_could_be_a_choice() -> None:
    words = ("However", "Moreover", "Therefore")
    got = _expect(
        {
            "unit": "word",
            "scope": "each paragraph",
            "relation": "starts_with",
            "value": words,
            "words": words,
        },
        {"unit": "paragraph", "relation": "exactly", "value": 5},
    )
    spec = {"kind": "word_at", "word": "However", "part": "paragraph", "index": 1, "position": 1}
    assert not _matches_any(got, spec)


# -- a blank line in each gap -----------------------------------------------------------


def test_blank_lines_counted_as_a_total_between_counted_stanzas() -> None:
    got = _expect(
        {"unit": "blank line", "scope": "between stanzas", "relation": "exactly", "value": 3},
        {"unit": "stanza", "relation": "exactly", "value": 4},
    )
    assert _covered(got, {"kind": "blank_lines", "between": "blocks", "blank": 1})


def test_blank_lines_counted_with_no_matching_count_are_not_one_per_gap() -> None:
    got = _expect(
        {"unit": "blank line", "scope": "between stanzas", "relation": "exactly", "value": 3},
        {"unit": "stanza", "relation": "exactly", "value": 3},
    )
    assert not _matches_any(got, {"kind": "blank_lines", "between": "blocks", "blank": 1})


# -- items in a stated form ---------------------------------------------------------------


def test_items_in_checkboxes_are_counted_as_items_or_bullets() -> None:
    got = _expect(
        {"family": "item_count", "unit": "item", "relation": "between", "value": (10, 15)},
        {
            "unit": "bullet",
            "scope": "each item",
            "relation": "matches_format",
            "value": "- [ ] ",
        },
    )
    items = [
        {"kind": "item_count", "relation": "at_least", "value": 10},
        {"kind": "item_count", "relation": "at_most", "value": 15},
    ]
    bullets = [
        {"kind": "bullet_count", "relation": "at_least", "value": 10},
        {"kind": "bullet_count", "relation": "at_most", "value": 15},
    ]
    assert _covered(got, *items)
    assert _covered(got, *bullets)
    assert not _covered(got, items[0])


def test_made_up_titles_counted_by_an_item_count_label() -> None:
    got = _expect({"family": "item_count", "unit": "title", "relation": "exactly", "value": 6})
    assert _covered(got, {"kind": "item_count", "relation": "exactly", "value": 6})


def test_several_titles_are_items_and_one_title_is_not() -> None:
    got = _expect({"family": "options", "unit": "title", "relation": "exactly", "value": 3})
    assert _covered(got, {"kind": "item_count", "relation": "exactly", "value": 3})
    one = _expect({"family": "heading_title", "unit": "title", "relation": "exactly", "value": 1})
    assert not _matches_any(one, {"kind": "item_count", "relation": "exactly", "value": 1})


def test_a_progression_with_the_part_before_written_in_words() -> None:
    got = _expect(
        {
            "unit": "the words",
            "scope": "per sentence",
            "relation": "MORE THAN",
            "words": ("previous sentence word count",),
        }
    )
    spec = {"kind": "length_progression", "part": "sentence", "direction": "increasing"}
    assert _covered(got, spec)


def test_a_keyword_per_paragraph_with_its_unit_left_blank() -> None:
    words = ("door", "stairs")
    got = _expect(
        {"unit": None, "scope": "each paragraph", "relation": "contains", "words": words},
        {"unit": "paragraph", "relation": "exactly", "value": 2},
    )
    specs = [
        {"kind": "keyword_in", "keyword": w, "part": "paragraph", "index": i}
        for i, w in enumerate(words, start=1)
    ]
    assert _covered(got, *specs)


# -- a value naming another part ------------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"unit": "line", "scope": "last line", "relation": "equals", "value": "first line"},
        {
            "unit": "word",
            "scope": "each sentence",
            "relation": "starts_with",
            "value": "last word of previous sentence",
        },
    ],
)
def test_a_value_naming_another_part_is_no_literal(fields: dict[str, Any]) -> None:
    # a relation between parts (part_repeat, chain: bench/_blind_relations.py), no phrase
    got = _expect(fields)
    assert got.kinds <= {"part_repeat", "chain"} or not got.expressible
    assert not _matches_any(got, {"kind": "ends_with", "phrase": "first line"})
    assert not _matches_any(got, {"kind": "starts_with", "phrase": fields["value"]})


def test_letters_of_the_whole_answer_are_not_a_word_length() -> None:
    got = _expect({"family": "word_length", "unit": "letter", "relation": "exactly", "value": 8})
    assert not _matches_any(got, {"kind": "word_length", "relation": "exactly", "value": 8})


def test_the_answer_starting_with_a_letter_is_not_a_tautogram() -> None:
    got = _expect(
        {"family": "starts_with", "unit": "letter", "relation": "starts_with", "value": "V"}
    )
    assert not _matches_any(got, {"kind": "tautogram", "letter": "v"})


# -- no word (no start) twice -------------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        {"family": "no_repeated_words", "unit": "word", "relation": "none"},
        {"family": "vocabulary", "unit": "word", "relation": "none", "note": "all words unique"},
        {"family": "once_each", "unit": "word", "relation": "none", "note": "no word used twice"},
    ],
)
def test_no_word_repeated_is_distinct_words(fields: dict[str, Any]) -> None:
    assert _covered(_expect(fields), {"kind": "distinct_words", "within": "response"})


def test_a_ban_with_no_words_and_no_repetition_is_not_distinct_words() -> None:
    got = _expect({"family": "no_slang", "unit": "word", "relation": "none"})
    assert not _matches_any(got, {"kind": "distinct_words", "within": "response"})


def test_first_words_of_each_line_all_distinct_is_distinct_starts() -> None:
    got = _expect(
        {
            "unit": "word",
            "scope": "first word of each line",
            "relation": "other",
            "value": "all distinct",
        }
    )
    assert _covered(got, {"kind": "distinct_starts", "part": "line"})
    same = _expect(
        {"unit": "word", "scope": "first word of each line", "relation": "other", "value": "same"}
    )
    assert not _matches_any(same, {"kind": "distinct_starts", "part": "line"})


# -- a word in each part, the part as the unit ----------------------------------------------


def test_each_sentence_holding_a_word_with_the_part_as_unit() -> None:
    got = _expect(
        {
            "unit": "sentence",
            "scope": "each sentence",
            "relation": "contains",
            "value": "ice",
            "words": ("ice",),
        }
    )
    spec = {"kind": "each_contains", "part": "sentence", "what": "keyword", "keyword": "ice"}
    assert _covered(got, spec)


# -- how many of the listed words ---------------------------------------------------------


def test_at_least_four_of_the_listed_words_is_no_count_of_each() -> None:
    words = ("however", "moreover", "therefore", "meanwhile", "thus")
    got = _expect(
        {
            "family": "keywords_subset",
            "unit": "keyword",
            "relation": "at_least",
            "value": 4,
            "words": words,
        }
    )
    assert not got.expressible
    assert not _matches_any(got, {"kind": "keyword", "keyword": "however", "value": 4})


def test_each_listed_word_at_least_twice_is_still_a_keyword_count() -> None:
    got = _expect(
        {
            "family": "keyword_frequency",
            "unit": "keyword",
            "relation": "at_least",
            "value": 2,
            "words": ("Aisha", "Ben"),
        }
    )
    assert _covered(
        got,
        {"kind": "keyword", "keyword": "Aisha", "relation": "at_least", "value": 2},
        {"kind": "keyword", "keyword": "Ben", "relation": "at_least", "value": 2},
    )


# -- blank lines written as lines, bold templates, separators between parts ---------------


def test_a_blank_line_counted_as_a_line_is_no_line_count() -> None:
    got = _expect(
        {
            "family": "blank_line",
            "unit": "line",
            "relation": "exactly",
            "value": 1,
            "note": "blank line between caption and hashtags",
        }
    )
    assert not _matches_any(got, {"kind": "line_count", "relation": "exactly", "value": 1})


def test_a_template_opening_in_bold_is_no_list_marker() -> None:
    got = _expect(
        {
            "unit": "item",
            "scope": "each tip",
            "relation": "matches_format",
            "value": "**Title**: sentence",
        }
    )
    assert not _matches_any(got, {"kind": "list_marker", "marker": "*"})


@pytest.mark.parametrize(
    ("scope", "run", "value"),
    [("between paragraphs", "~~~", 2), ("between parts", "* * *", 1), ("between poems", "%%", 1)],
)
def test_a_separator_between_parts_is_separated_pieces(scope: str, run: str, value: int) -> None:
    got = _expect(
        {
            "family": "separator",
            "unit": "separator",
            "scope": scope,
            "relation": "exactly",
            "value": value,
            "words": (run,),
        }
    )
    spec = {"kind": "separated_versions", "versions": value + 1, "separator": run}
    assert _covered(got, spec)
    assert not _covered(got, spec | {"at_least": True})


def test_a_word_between_parts_is_no_separator() -> None:
    got = _expect(
        {
            "unit": "separator",
            "scope": "between paragraphs",
            "relation": "exactly",
            "value": 2,
            "words": ("Next",),
        }
    )
    spec = {"kind": "separated_versions", "versions": 3, "separator": "Next"}
    assert not _matches_any(got, spec)


# -- headings by their marks, lines opening with one of several labels ----------------------


def test_headings_counted_with_their_marks_have_that_level() -> None:
    got = _expect(
        {"unit": "heading", "relation": "exactly", "value": 3, "words": ("##",)},
    )
    assert _covered(got, {"kind": "heading_count", "relation": "exactly", "value": 3, "level": 2})
    assert not _matches_any(got, {"kind": "heading_count", "relation": "exactly", "value": 3})


def test_every_line_opening_with_one_of_two_labels_is_no_named_sections() -> None:
    got = _expect(
        {
            "unit": "line",
            "scope": "each line",
            "relation": "starts_with",
            "value": ("HOST:", "GUEST:"),
            "words": ("HOST:", "GUEST:"),
        }
    )
    assert not got.expressible
    assert not _matches_any(got, {"kind": "named_sections", "names": ("host", "guest")})


# -- every line opening with one of several markers ------------------------------------

_SPEAKERS = {
    "kind": "each_line",
    "position": "start",
    "phrase": "Teacher:",
    "alternatives": ["Student:"],
}


def _labels(family: str, words: tuple[str, ...]) -> Any:
    return _expect(
        {
            "family": family,
            "unit": "line",
            "scope": "each line",
            "relation": "starts_with",
            "words": words,
        }
    )


def test_markers_a_writer_labels_as_options_are_a_choice_for_every_line() -> None:
    got = _labels("line_prefix_options", ("Teacher:", "Student:"))
    assert _covered(got, _SPEAKERS)
    assert not _covered(got, _SPEAKERS | {"alternatives": ["Pupil:"]})
    assert not _covered(got, _SPEAKERS | {"position": "end"})


@pytest.mark.parametrize(
    "quote",
    [
        "Every line starts with either 'Teacher:' or 'Student:'",
        "each line begins with one of the labels Teacher: and Student:",
    ],
)
def test_markers_the_quoted_words_offer_as_a_choice_are_one(quote: str) -> None:
    got = _expect(
        {
            "family": "line_prefix",
            "quote": quote,
            "unit": "line",
            "scope": "each line",
            "relation": "starts_with",
            "words": ("Teacher:", "Student:"),
        }
    )
    assert _covered(got, _SPEAKERS)


def test_labels_of_unsaid_use_imply_the_choice_without_covering() -> None:
    # labels each line carries once ("Name:", "Phone:") also open every line with one of them
    got = _labels("line_prefix", ("Teacher:", "Student:"))
    assert not got.matchers and _implied(got, _SPEAKERS)


@pytest.mark.parametrize(
    ("family", "words"),
    [("line_prefix_numbered", ("Row 1:", "Row 2:")), ("line_prefix_sequence", ("1:00", "2:00"))],
)
def test_template_and_sequence_labels_are_no_literal_choice(
    family: str, words: tuple[str, ...]
) -> None:
    got = _labels(family, words)
    spec = {
        "kind": "each_line",
        "position": "start",
        "phrase": words[0],
        "alternatives": [words[1]],
    }
    assert not got.matchers and not _implied(got, spec)
