"""The blind mapper's reading of split J's writer's conventions
(bench/_blind_writer_j.py): each maps to the kind whose check fails exactly
the answers the constraint fails, to one it implies, or to none. The fields
are written here, never copied from a split."""

from __future__ import annotations

from typing import Any

from _blind_cases import covered as _covered
from _blind_cases import expect as _expect
from _blind_cases import implied as _implied


def _numbered(n: int) -> dict[str, Any]:
    return {"kind": "numbered_count", "relation": "exactly", "value": n}


# -- a list's count beside a sibling that says it is numbered ----------------------------


def test_a_count_of_items_beside_a_numbered_sibling_is_the_numbered_count() -> None:
    count = {"family": "item_count", "unit": "item", "relation": "exactly", "value": 7}
    for numbered in (
        {"family": "numbered_list", "unit": "item", "relation": "other"},
        {"family": "numbering", "relation": "other"},
        {"family": "list_form", "unit": "item", "relation": "other", "note": "a numbered list"},
    ):
        found = _expect(count, numbered)
        assert _covered(found, _numbered(7))
        assert _covered(found, {"kind": "item_count", "relation": "exactly", "value": 7})
        assert not _covered(found, _numbered(8))
    # steps counted beside "numbered steps"
    steps = {"family": "step_count", "unit": "step", "relation": "at_most", "value": 6}
    found = _expect(steps, {"family": "numbered_steps", "unit": "step", "relation": "other"})
    assert _covered(found, {"kind": "numbered_count", "relation": "at_most", "value": 6})


def test_a_numbered_sibling_with_its_own_count_is_that_count() -> None:
    numbered = {"family": "numbered_list", "unit": "item", "relation": "exactly", "value": 4}
    found = _expect(numbered)
    assert _covered(found, _numbered(4))
    # the items' count alone does not say they are numbered: implied only
    assert not _covered(found, {"kind": "item_count", "relation": "exactly", "value": 4})
    assert _implied(found, {"kind": "item_count", "relation": "exactly", "value": 4})


def test_a_numbered_sibling_without_a_count_implies_a_numbered_line() -> None:
    found = _expect({"family": "numbered_list", "unit": "item", "relation": "other"})
    assert not found.matchers
    assert _implied(found, {"kind": "numbered_count", "relation": "at_least", "value": 1})
    assert not _implied(found, {"kind": "numbered_count", "relation": "at_most", "value": 0})


def test_no_numbered_sibling_or_another_count_leaves_the_item_count_alone() -> None:
    count = {"family": "item_count", "unit": "item", "relation": "exactly", "value": 7}
    alone = _expect(count)
    assert not _covered(alone, _numbered(7))
    # a numbered sibling with a count of its own that differs: other items
    other = {"family": "numbered_list", "unit": "item", "relation": "exactly", "value": 3}
    assert not _covered(_expect(count, other), _numbered(7))
    # "no numbering" is no numbered form
    banned = {"family": "no_numbering", "unit": "line", "relation": "none"}
    assert not _covered(_expect(count, banned), _numbered(7))
    # a numbered list within one part is not the answer's
    part = {"family": "numbered_list", "unit": "item", "scope": "answer key", "relation": "other"}
    assert not _covered(_expect(count, part), _numbered(7))


def test_no_numbering_is_no_numbered_line() -> None:
    for fields in (
        {"family": "no_numbering", "unit": "line", "scope": "each line", "relation": "none"},
        {"family": "no-numbering", "relation": "none", "note": "plain lines"},
        {"family": "no numbering", "unit": "item", "relation": "none"},
    ):
        found = _expect(fields)
        assert _covered(found, {"kind": "numbered_count", "relation": "at_most", "value": 0})
    # "no numbers" bans digits, not a numbered list
    digits = _expect({"family": "no_numbers", "unit": "digit", "relation": "none"})
    assert not _covered(digits, {"kind": "numbered_count", "relation": "at_most", "value": 0})


# -- one value per part, a digit or a keyword in every part ------------------------------


def test_one_count_per_part_in_order_is_each_parts_count() -> None:
    found = _expect(
        {"unit": "word", "scope": "each sentence", "relation": "exactly", "value": (4, 8, 12)}
    )
    specs = [
        {"kind": "part_count", "part": "sentence", "index": i, "units": "words"}
        | {"relation": "exactly", "value": v}
        for i, v in ((1, 4), (2, 8), (3, 12))
    ]
    assert _covered(found, *specs)
    assert not _covered(found, *specs[:2])
    lines = _expect(
        {"unit": "character", "scope": "every line", "relation": "at_most", "value": (30, 60)}
    )
    assert _covered(
        lines,
        {"kind": "part_count", "part": "line", "index": 1, "units": "characters"}
        | {"relation": "at_most", "value": 30},
        {"kind": "part_count", "part": "line", "index": 2, "units": "characters"}
        | {"relation": "at_most", "value": 60},
    )
    # one value for every part is no list of parts
    one = _expect({"unit": "word", "scope": "each sentence", "relation": "exactly", "value": 5})
    assert not _covered(
        one,
        {"kind": "part_count", "part": "sentence", "index": 1, "units": "words"}
        | {"relation": "exactly", "value": 5},
    )


def test_a_digit_in_every_part_is_each_contains_a_number() -> None:
    def spec(part: str) -> dict[str, Any]:
        return {"kind": "each_contains", "part": part, "what": "number"}

    for fields, part in (
        (
            {"family": "sentence_contains_digit", "unit": "sentence", "scope": "each sentence"},
            "sentence",
        ),
        ({"family": "has_number", "unit": "line", "scope": "every line"}, "line"),
        (
            {"family": "figures", "scope": "each paragraph", "note": "regex \\d in each"},
            "paragraph",
        ),
    ):
        found = _expect(fields | {"relation": "contains"})
        assert _covered(found, spec(part)), fields
    # a keyword, or nothing saying a digit, is not a number
    plain = _expect({"family": "sentence_rule", "unit": "sentence", "scope": "each sentence"})
    assert not _covered(plain, spec("sentence"))
    # a part no kind addresses
    facts = {"family": "fact_contains_number", "unit": "line", "scope": "each fact"}
    assert not _covered(_expect(facts | {"relation": "contains"}), spec("line"))


def test_a_keyword_in_every_part_implies_the_keyword_in_the_answer() -> None:
    found = _expect(
        {"unit": "keyword", "scope": "each bullet", "relation": "contains", "words": ("tide",)}
    )
    assert _covered(
        found, {"kind": "each_contains", "part": "bullet", "what": "keyword", "keyword": "tide"}
    )
    assert _implied(
        found, {"kind": "keyword", "keyword": "tide", "relation": "at_least", "value": 1}
    )
    # at most twice in every sentence says nothing of the whole answer's floor
    capped = _expect(
        {"unit": "word", "scope": "each sentence", "relation": "at_most", "value": 2}
        | {"words": ("tide",)}
    )
    assert not _implied(
        capped, {"kind": "keyword", "keyword": "tide", "relation": "at_least", "value": 1}
    )


# -- whole-answer forms ------------------------------------------------------------------


def test_every_letter_of_the_alphabet_is_a_pangram() -> None:
    for fields in (
        {"family": "pangram", "unit": "letter", "relation": "all"},
        {"family": "alphabet_use", "unit": "letters", "relation": "all", "note": "all 26 letters"},
        {"family": "coverage", "unit": "letter", "relation": "all", "note": "every letter a-z"},
    ):
        assert _covered(_expect(fields), {"kind": "pangram"}), fields
    # every letter in lower case is not a pangram
    lower = _expect({"family": "lowercase", "unit": "letter", "relation": "all"})
    assert not _covered(lower, {"kind": "pangram"})


def test_a_code_block_equal_to_a_language_is_a_block_in_it() -> None:
    block = {"unit": "code block", "relation": "equals", "value": "toml"}
    found = _expect(block)
    assert _covered(
        found, {"kind": "code_block_count", "relation": "exactly", "value": 1, "language": "toml"}
    )
    assert not _covered(
        found, {"kind": "code_block_count", "relation": "exactly", "value": 1, "language": "json"}
    )
    whole = _expect(block | {"note": "the entire reply is one block"})
    assert _covered(whole, {"kind": "code_only", "language": "toml"})
    assert _implied(
        whole, {"kind": "code_block_count", "relation": "exactly", "value": 1, "language": "toml"}
    )
    # a sentence of prose is no language
    prose = _expect({"unit": "code block", "relation": "equals", "value": "the final config"})
    assert not _covered(prose, {"kind": "code_only"})


def test_a_regex_of_one_bare_number_is_number_only() -> None:
    for regex in (r"^\d+(\.\d+)?$", r"^-?[0-9]+(?:\.[0-9]+)?$", r"^[-+]?\d+(\.\d+)?$"):
        found = _expect({"relation": "matches_format", "value": regex})
        assert _covered(found, {"kind": "number_only"}), regex
    # an integer only is narrower: number_only passes "2.5"
    assert not _covered(
        _expect({"relation": "matches_format", "value": r"^-?\d+$"}), {"kind": "number_only"}
    )
    # a fixed number of digits: number_only fails only answers it fails
    fixed = _expect({"relation": "matches_format", "value": r"^\d{8}$", "unit": "character"})
    assert not fixed.matchers and _implied(fixed, {"kind": "number_only"})
    # a number inside text, or a number with a unit
    for regex in (r"\d+", r"^\d+ kg$", r"^\d{4}-\d{2}$"):
        assert not _covered(
            _expect({"relation": "matches_format", "value": regex}), {"kind": "number_only"}
        )


def test_words_in_capitals_counted_are_capital_word_count() -> None:
    want = {"kind": "capital_word_count", "relation": "at_least", "value": 2}
    for fields in (
        {"family": "caps_word_count", "unit": "capitalised word"},
        {"family": "emphasis", "unit": "all-caps words"},
        {"family": "shouting", "unit": "uppercase word"},
        {"family": "emphasis", "unit": "capitalized word", "note": "fully uppercase"},
    ):
        assert _covered(_expect(fields | {"relation": "at_least", "value": 2}), want), fields
    # "capitalised" alone may be a first capital only
    title = _expect(
        {"family": "names", "unit": "capitalized word", "relation": "at_least", "value": 2}
    )
    assert not _covered(title, want)


def test_comma_separated_as_a_label_is_a_comma_list() -> None:
    for family in ("comma_separated", "comma-list", "comma delimited"):
        assert _covered(_expect({"family": family}), {"kind": "comma_list"}), family
    # within each line: not the whole answer's one line
    per_line = _expect({"family": "comma_separated", "scope": "each line"})
    assert not _covered(per_line, {"kind": "comma_list"})


def test_all_letters_with_no_uppercase_noted_is_lowercase() -> None:
    found = _expect({"family": "lowercase", "relation": "all", "note": "no uppercase letters"})
    assert _covered(found, {"kind": "letter_case", "case": "lower"})
    assert not _covered(found, {"kind": "letter_case", "case": "upper"})
    upper = _expect({"family": "shout", "relation": "all", "note": "no lower-case letters"})
    assert _covered(upper, {"kind": "letter_case", "case": "upper"})


# -- separated pieces, labels, checkboxes ------------------------------------------------


def test_pieces_beside_a_line_of_marks_between_them_are_separated_versions() -> None:
    pieces = {"family": "response_count", "unit": "part", "relation": "exactly", "value": 3}
    line = {"unit": "line", "scope": "between parts", "relation": "equals", "value": "+++++"}
    want = {"kind": "separated_versions", "versions": 3, "separator": "+++++"}
    assert _covered(_expect(pieces, line), want)
    assert not _covered(_expect(pieces, line), want | {"versions": 2})
    assert _covered(_expect(line, pieces), want)
    # a line within each part is no separator between pieces
    inside = line | {"scope": "each part"}
    assert not _covered(_expect(pieces, inside), want)


def test_colon_labels_as_the_value_open_labelled_lines() -> None:
    labels = {"unit": "line", "scope": "each line", "relation": "starts_with"}
    found = _expect(labels | {"value": ("Cost:", "Benefit:")})
    sections = {"kind": "named_sections", "names": ["Cost", "Benefit"]}
    # a label alone on its line heads a section yet opens no line: implied
    assert not found.matchers and _implied(found, sections)
    # not labels: no colon
    plain = _expect(labels | {"value": ("Cost", "Benefit")})
    assert not _implied(plain, sections)


def test_checked_and_unchecked_boxes_imply_a_checklist() -> None:
    unchecked = {"unit": "item", "relation": "exactly", "value": 3, "words": ("[ ]",)}
    checked = {"unit": "item", "relation": "exactly", "value": 1, "words": ("[x]",)}
    found = _expect(unchecked, checked)
    assert not found.matchers and _implied(found, {"kind": "checklist"})
    # unchecked boxes alone: other items may have none
    assert not _implied(_expect(unchecked), {"kind": "checklist"})
    # the checked ones say nothing of the rest
    assert not _implied(_expect(checked, unchecked), {"kind": "checklist"})


# -- starts, ends, capitals, JSON, named headings ----------------------------------------


def test_a_forbidden_start_or_end_by_label_is_its_kind() -> None:
    start = _expect({"family": "forbidden_start", "unit": "word", "words": ("So",)})
    assert _covered(start, {"kind": "not_starts_with", "phrases": ["so"]})
    opener = _expect({"family": "no_opener", "unit": "phrase", "words": ("As an AI", "Sure")})
    assert _covered(opener, {"kind": "not_starts_with", "phrases": ["Sure", "As an AI"]})
    end = _expect({"family": "forbidden_end", "unit": "character", "words": ("!",)})
    assert _covered(end, {"kind": "no_final_mark", "marks": "!"})
    assert not _covered(end, {"kind": "no_final_mark", "marks": "."})
    # a word to end on is no mark; one part's start is not the answer's
    word = _expect({"family": "forbidden_end", "unit": "word", "words": ("thanks",)})
    assert not _covered(word, {"kind": "no_final_mark", "marks": "."})
    part = _expect({"family": "forbidden_start", "scope": "each item", "words": ("So",)})
    assert not _covered(part, {"kind": "not_starts_with", "phrases": ["so"]})


def test_all_caps_by_label_is_upper_case() -> None:
    upper = {"kind": "letter_case", "case": "upper"}
    for fields in (
        {"family": "all_caps", "unit": "word", "relation": "all"},
        {"family": "uppercase", "relation": "all"},
        {"family": "all_caps", "unit": "line", "scope": "each line", "relation": "all"},
    ):
        assert _covered(_expect(fields), upper), fields
    # one part's capitals are not the answer's
    heading = {"family": "all_caps", "unit": "heading", "scope": "each heading", "relation": "all"}
    assert not _covered(_expect(heading), upper)


def test_the_whole_answer_json_implies_no_code_fence() -> None:
    fences = {"kind": "code_block_count", "relation": "at_most", "value": 0}
    for family in ("json_only", "output_format", ""):
        found = _expect({"family": family, "relation": "matches_format", "value": "json"})
        assert _covered(found, {"kind": "json"})
        assert _implied(found, fences), family
    # one part in JSON says nothing of fences elsewhere
    part = _expect({"scope": "last section", "relation": "matches_format", "value": "json"})
    assert not _implied(part, fences)
    # fences at most 0, never a fence required
    assert not _implied(found, fences | {"relation": "exactly", "value": 1})


def test_headings_counted_as_their_names_are_named_sections() -> None:
    heading = {"unit": "heading", "relation": "exactly", "value": ("Before", "During", "After")}
    sections = {"kind": "named_sections", "names": ["During", "Before", "After"]}
    assert _covered(_expect(heading), sections)
    assert not _covered(_expect(heading), sections | {"names": ["Before", "After"]})
    # headings of a form the sections' reading does not know
    form = {"unit": "heading", "scope": "each heading", "relation": "matches_format"}
    assert not _covered(_expect(heading, form | {"value": "^~ \\w+ ~$"}), sections)
    # a count of headings is not their names
    assert not _covered(_expect({"unit": "heading", "relation": "exactly", "value": 3}), sections)
