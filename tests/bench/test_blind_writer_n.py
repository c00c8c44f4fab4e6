"""The blind mapper's reading of split N's writer's conventions
(bench/_blind_writer_n.py) and the shared readings added beside them
(bench/_blind_stated.py and others): each maps to the kind whose check
fails exactly the answers the constraint fails, to one it implies, or to
none. The fields are written here, never copied from a split."""

from __future__ import annotations

from typing import Any

from _blind_cases import covered as _covered
from _blind_cases import expect as _expect
from _blind_cases import implied as _implied


def _count(kind: str, relation: str, value: int, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "relation": relation, "value": value, **extra}


# -- split N's writer ------------------------------------------------------------------


def test_items_under_a_numbered_label_or_scope_are_the_numbered_count() -> None:
    steps: dict[str, Any] = {"family": "numbered_count", "unit": "item", "relation": "at_most"}
    found = _expect(steps | {"value": 6})
    assert _covered(found, _count("numbered_count", "at_most", 6))
    assert not _covered(found, _count("numbered_count", "at_most", 7))
    # the items counted do not say they are numbered: a part only
    assert not _covered(found, _count("item_count", "at_most", 6))
    assert _implied(found, _count("item_count", "at_most", 6))
    listed = _expect(steps | {"family": "step_count", "scope": "numbered list", "value": 6})
    assert _covered(listed, _count("numbered_count", "at_most", 6))
    # a bullet label alone names no form (a writer labels a plain list so)
    bullets = _expect(steps | {"family": "bullet_count", "relation": "exactly", "value": 6})
    assert not _covered(bullets, _count("bullet_count", "exactly", 6))


def test_option_labels_in_sequence_imply_their_marker_style() -> None:
    options: dict[str, Any] = {"family": "choice_count", "unit": "option", "relation": "exactly"}
    found = _expect(options | {"value": 3, "words": ("a.", "b.", "c.")})
    assert not found.expressible
    assert _implied(found, {"kind": "list_marker", "marker": "a."})
    assert not _implied(found, {"kind": "list_marker", "marker": "A)"})
    # labels out of sequence are no marker style
    skipped = _expect(options | {"value": 2, "words": ("a.", "c.")})
    assert not _implied(skipped, {"kind": "list_marker", "marker": "a."})


def _chain_spec(positions: list[int], rank: str, than: tuple[int, ...] = ()) -> dict[str, Any]:
    spec: dict[str, Any] = {"kind": "relative_length", "part": "sentence", "unit": "words"}
    return spec | {"positions": positions, "rank": rank, "than": list(than)}


def test_a_chain_of_lengths_implies_each_comparison_it_entails() -> None:
    chain: dict[str, Any] = {"family": "growing", "unit": "word", "scope": "sentences"}
    chain |= {"relation": "other", "value": "len(s1) > len(s2) > len(s3)"}
    three: dict[str, Any] = {"unit": "sentence", "relation": "exactly", "value": 3}
    found = _expect(chain, three)
    assert not found.expressible
    assert _implied(found, _chain_spec([1], "longest"))
    assert _implied(found, _chain_spec([-1], "shortest"))
    assert _implied(found, _chain_spec([2], "longer", (3,)))
    assert not _implied(found, _chain_spec([1], "shortest"))
    assert not _implied(found, _chain_spec([3], "longer", (2,)))
    # no sibling counting three sentences: the positions are not the chain's
    alone = _expect(chain)
    assert not _implied(alone, _chain_spec([1], "longest"))


def test_lines_sorted_by_the_field_they_open_with_are_sorted_items() -> None:
    order: dict[str, Any] = {"family": "ordering", "unit": "line", "relation": "other"}
    order |= {"value": "alphabetically by name"}
    lines: dict[str, Any] = {"unit": "line", "scope": "every line", "relation": "matches_format"}
    found = _expect(order, lines | {"value": "NAME: value"})
    assert _covered(found, {"kind": "sorted_items", "order": "alphabetical"})
    # the lines opening with something else (a number): not their own order
    numbered = _expect(order, lines | {"value": "1. NAME: value"})
    assert not _covered(numbered, {"kind": "sorted_items", "order": "alphabetical"})


def test_a_styled_phrase_counted_implies_the_phrase_only() -> None:
    styled: dict[str, Any] = {"family": "italic_term", "unit": "phrase", "relation": "exactly"}
    found = _expect(styled | {"value": 2, "words": ("ad hoc",)})
    assert not found.expressible
    assert _implied(found, _count("keyword", "at_least", 1, keyword="ad hoc"))
    assert _implied(found, _count("highlight_count", "at_least", 1))
    assert not _covered(found, _count("keyword", "exactly", 2, keyword="ad hoc"))
    # a cap only: the phrase need not appear
    capped = _expect(styled | {"relation": "at_most", "value": 2, "words": ("ad hoc",)})
    assert not _implied(capped, _count("keyword", "at_least", 1, keyword="ad hoc"))


def test_sections_under_a_label_of_order_are_in_order() -> None:
    parts: dict[str, Any] = {"family": "part_order", "unit": "section", "relation": "equals"}
    parts |= {"words": ("Setup", "Play", "Scoring")}
    found = _expect(parts)
    names = ["Setup", "Play", "Scoring"]
    assert _covered(found, {"kind": "named_sections", "names": names, "ordered": True})
    assert not _covered(found, {"kind": "named_sections", "names": names, "ordered": False})
    plain = _expect(parts | {"family": "part_names"})
    assert not _covered(plain, {"kind": "named_sections", "names": names, "ordered": True})


def test_keys_in_an_order_imply_the_keys_only() -> None:
    keys: dict[str, Any] = {"family": "field_order", "unit": "key", "relation": "equals"}
    keys |= {"scope": "JSON object", "words": ("id", "name")}
    found = _expect(keys)
    assert not found.expressible
    assert _implied(found, {"kind": "json", "required_keys": ["id", "name"]})
    # in an example within prose the json kind (the whole answer) is no part
    example = _expect(keys | {"scope": "JSON example"})
    assert not _implied(example, {"kind": "json", "required_keys": ["id", "name"]})
    plain = _expect(keys | {"family": "json_keys"})
    assert plain.expressible


def test_each_step_of_a_numbered_list_is_each_item() -> None:
    steps: dict[str, Any] = {"family": "step_length", "unit": "word", "scope": "every step"}
    steps |= {"relation": "at_most", "value": 9}
    form: dict[str, Any] = {"family": "list_form", "unit": "item", "relation": "other"}
    found = _expect(steps, form | {"value": "numbered list"})
    per_item = _count("each_word_count", "at_most", 9, part="item")
    assert _covered(found, per_item)
    assert not _covered(found, per_item | {"value": 10})
    # no list named beside: the steps may be pieces of something else
    plain = _expect(steps, form | {"value": "paragraphs"})
    assert not _covered(plain, per_item)


# -- shared readings ---------------------------------------------------------------------


def test_a_start_described_as_a_capital_is_each_starts_with_capital() -> None:
    start: dict[str, Any] = {"family": "capital_start", "unit": "sentence"}
    start |= {"scope": "every sentence", "relation": "starts_with"}
    capital = {"kind": "each_starts_with", "part": "sentence", "capital": True}
    assert _covered(_expect(start | {"value": "[A-Z]"}), capital)
    assert _covered(_expect(start | {"value": "an uppercase letter"}), capital)
    assert not _covered(_expect(start | {"value": "[A-Z]"}), capital | {"part": "paragraph"})
    # a lowercase start is no capital
    assert not _covered(_expect(start | {"value": "[a-z]"}), capital)


def test_a_run_of_one_placeholder_is_a_list_on_one_line() -> None:
    form: dict[str, Any] = {"family": "shape", "unit": "answer", "relation": "matches_format"}
    found = _expect(form | {"value": "item; item; …"})
    assert _covered(found, {"kind": "comma_list", "separator": ";"})
    assert not _covered(found, {"kind": "comma_list", "separator": ","})
    assert _implied(found, _count("line_count", "exactly", 1))
    # different placeholders are a template, not a list
    pair = _expect(form | {"value": "city, country"})
    assert not _covered(pair, {"kind": "comma_list", "separator": ","})


def test_numerals_one_to_nine_banned_are_numbers_in_words_below_ten() -> None:
    ban: dict[str, Any] = {"family": "number_style", "unit": "number", "relation": "none"}
    found = _expect(ban | {"value": "numerals 1 to 9 alone"})
    assert _covered(found, {"kind": "number_style", "style": "words_below", "below": 10})
    assert not _covered(found, _count("number_count", "at_most", 0))
    assert not _covered(found, {"kind": "number_style", "style": "words_below", "below": 11})
    every = _expect(ban | {"value": "numerals"})
    assert not _covered(every, {"kind": "number_style", "style": "words_below", "below": 10})


def test_no_list_marker_prefixes_are_no_bullets_nor_numbers() -> None:
    plain: dict[str, Any] = {"family": "plain_lines", "unit": "line", "scope": "every line"}
    plain |= {"relation": "none", "value": "bullet or number markers"}
    no_bullets = _count("bullet_count", "at_most", 0)
    no_numbers = _count("numbered_count", "at_most", 0)
    found = _expect(plain)
    assert _covered(found, no_bullets, no_numbers)
    assert not _covered(found, no_bullets)
    bullets = _expect(plain | {"value": "bullet prefix"})
    assert _covered(bullets, no_bullets)
    # numbers named with no marker or prefix: not the list markers' ban
    assert not _covered(_expect(plain | {"value": "numbers"}), no_numbers)


def test_words_kept_capitalised_imply_their_keywords_only() -> None:
    caps: dict[str, Any] = {"family": "capitalised_terms", "unit": "word", "relation": "contains"}
    caps |= {"value": ["Buyer"], "words": ("Buyer",)}
    found = _expect(caps)
    assert not found.expressible
    assert _implied(found, _count("keyword", "at_least", 1, keyword="Buyer"))
    plain = _expect(caps | {"family": "required_words"})
    assert _covered(plain, _count("keyword", "at_least", 1, keyword="Buyer"))


def test_parts_counted_by_a_word_they_hold_imply_the_word() -> None:
    rows: dict[str, Any] = {"family": "cells_saying", "unit": "row", "scope": "Status column"}
    rows |= {"relation": "at_least", "value": 2, "words": ("Done",)}
    found = _expect(rows)
    assert not found.expressible
    assert _implied(found, _count("keyword", "at_least", 1, keyword="Done"))
    capped = _expect(rows | {"relation": "at_most", "value": 1})
    assert not _implied(capped, _count("keyword", "at_least", 1, keyword="Done"))


def test_styled_words_imply_their_keywords() -> None:
    code: dict[str, Any] = {"family": "code_span", "unit": "phrase", "relation": "contains"}
    found = _expect(code | {"value": "`npm ci`", "words": ("npm ci",)})
    assert _covered(found, {"kind": "words_styled", "words": ["npm ci"], "style": "code"})
    assert _implied(found, _count("keyword", "at_least", 1, keyword="npm ci"))
    assert not _implied(found, _count("keyword", "at_least", 1, keyword="npm"))


def test_headings_equal_to_marked_names_imply_their_level() -> None:
    heads: dict[str, Any] = {"family": "headings", "unit": "heading", "relation": "equals"}
    heads |= {"value": ["### Why", "### How"], "words": ("Why", "How")}
    found = _expect(heads)
    assert _implied(found, {"kind": "heading_level", "level": 3})
    assert not _implied(found, {"kind": "heading_level", "level": 2})
    mixed = _expect(heads | {"value": ["### Why", "## How"]})
    assert not _implied(mixed, {"kind": "heading_level", "level": 3})


def test_a_labelled_line_form_as_an_open_expression_is_the_line() -> None:
    last: dict[str, Any] = {"family": "closing_line", "unit": "line", "scope": "last line"}
    last |= {"relation": "matches_format", "value": r"Score: \d+ points"}
    found = _expect(last)
    template = {"kind": "line_template", "line": "last", "template": "Score: <number> points"}
    assert _covered(found, template)
    assert not _covered(found, template | {"line": "first"})
    # no label: not a line template
    bare = _expect(last | {"value": r"\d+/\d+"})
    assert not _covered(bare, template | {"template": "<number>/<number>"})


def test_a_yaml_list_is_no_yaml_mapping() -> None:
    form: dict[str, Any] = {"family": "yaml_out", "unit": "answer", "relation": "matches_format"}
    assert not _expect(form | {"value": "YAML list"}).expressible
    assert _covered(_expect(form | {"value": "YAML"}), {"kind": "yaml", "required_keys": []})
