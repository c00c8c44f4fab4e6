"""The blind mapper's reading of split K's writer's conventions
(bench/_blind_writer_k.py): each maps to the kind whose check fails exactly
the answers the constraint fails, to one it implies, or to none. The fields
are written here, never copied from a split."""

from __future__ import annotations

from typing import Any

from _blind_cases import covered as _covered
from _blind_cases import expect as _expect
from _blind_cases import implied as _implied


def test_a_chain_in_the_note_or_after_the_first_is_a_chain() -> None:
    note = {
        "family": "line_links",
        "unit": "word",
        "scope": "each line",
        "note": "first word of line i == last word of line i-1",
    }
    assert _covered(_expect(note), {"kind": "chain", "part": "line", "link": "word"})
    after = {"family": "sentence_chain", "unit": "word", "scope": "each sentence after the first"}
    found = _expect(after)
    assert _covered(found, {"kind": "chain", "part": "sentence", "link": "word"})
    assert not _covered(found, {"kind": "chain", "part": "sentence", "link": "letter"})
    # the links differ on the two sides: no chain the kind compares
    mixed = note | {"note": "first letter of line i == last word of line i-1"}
    assert not _covered(_expect(mixed), {"kind": "chain", "part": "line", "link": "word"})


def test_a_repeat_in_the_note_or_the_label_is_a_part_repeat() -> None:
    repeat = {"kind": "part_repeat", "part": "line", "positions": [1, -1]}
    by_note = {"family": "refrain", "unit": "line", "scope": "last line", "relation": "equals"}
    assert _covered(_expect(by_note | {"note": "last line == first line"}), repeat)
    by_label = {"family": "last_repeats_first", "unit": "line", "scope": "last line"}
    assert _covered(_expect(by_label | {"relation": "equals"}), repeat)
    # a value given: the part equals that text, no repeat
    valued = by_label | {"relation": "equals", "value": "Goodbye"}
    assert not _covered(_expect(valued), repeat)
    # the scope names another part than the label's first
    other = by_label | {"relation": "equals", "scope": "second line"}
    assert not _covered(_expect(other), repeat)


def test_part_i_has_i_units_is_a_progression_of_one_from_one() -> None:
    grows = {"family": "poem_shape", "unit": "word", "scope": "each line"}
    grows |= {"note": "line i has i words"}
    step: dict[str, Any] = {"kind": "length_progression", "part": "line", "unit": "words"}
    step |= {"direction": "increasing", "strict": True, "step": 1}
    assert _covered(_expect(grows), step | {"start": 1})
    # the start left to the check: only where a sibling states the first line's one word
    assert not _covered(_expect(grows), step)
    first = {"family": "first", "unit": "word", "scope": "first line", "relation": "exactly"}
    assert _covered(_expect(grows, first | {"value": 1}), step)
    assert not _covered(_expect(grows, first | {"value": 2}), step)
    assert not _covered(_expect(grows), step | {"start": 1, "step": 2})


def test_the_last_word_of_each_part_is_each_ends_with() -> None:
    ends: dict[str, Any] = {
        "family": "end_word",
        "unit": "word",
        "scope": "last word of each paragraph",
    }
    ends |= {"relation": "ends_with", "value": "home", "words": ["home"]}
    found = _expect(ends)
    assert _covered(found, {"kind": "each_ends_with", "part": "paragraph", "phrase": "home"})
    assert not _covered(found, {"kind": "each_ends_with", "part": "sentence", "phrase": "home"})
    # a phrase of two words is no last word
    two = ends | {"value": "at home", "words": ["at home"]}
    assert not _covered(
        _expect(two), {"kind": "each_ends_with", "part": "paragraph", "phrase": "at home"}
    )


def test_a_separator_line_with_no_mark_is_a_blank_line() -> None:
    blank = {"kind": "blank_lines", "between": "blocks", "blank": 1}
    gap = {"family": "separator", "unit": "line", "scope": "between replies"}
    assert _covered(_expect(gap), blank)
    # a mark given: the line holds it, no blank line
    marked = gap | {"words": ["---"]}
    assert not _covered(_expect(marked), blank)
    # the scope the whole answer: not a line between pieces
    assert not _covered(_expect(gap | {"scope": "response"}), blank)


def test_the_palindrome_label_over_the_answers_letters() -> None:
    found = _expect({"family": "palindrome", "unit": "letter", "note": "equals its reverse"})
    assert _covered(found, {"kind": "palindrome"})
    # a palindrome of each word is not the answer's
    each = {"family": "palindrome", "unit": "word", "scope": "each word"}
    assert not _covered(_expect(each), {"kind": "palindrome"})


def test_a_reverse_order_label_or_note_is_reverse_alphabetical() -> None:
    reverse = {"kind": "sorted_items", "order": "reverse_alphabetical"}
    forward = {"kind": "sorted_items", "order": "alphabetical"}
    by_label = _expect({"family": "reverse_alphabetical", "unit": "item", "note": "Z-A"})
    assert _covered(by_label, reverse)
    assert not _covered(by_label, forward)
    by_note = _expect({"family": "ordering", "unit": "item", "note": "Z-A"})
    assert _covered(by_note, reverse)
    assert not _covered(_expect({"family": "ordering", "unit": "item", "note": "A-Z"}), reverse)


def test_one_word_per_line_is_a_line_of_one_word() -> None:
    one = {"kind": "line_length", "relation": "exactly", "value": 1, "length_in": "words"}
    per_line = {"family": "one_per_line", "unit": "line", "relation": "exactly", "value": 1}
    assert _covered(_expect(per_line | {"note": "each line holds exactly one word"}), one)
    words = {"family": "item_count", "unit": "word", "relation": "exactly", "value": 10}
    assert _covered(_expect(per_line, words), one)
    # one thing per line, the thing no word: no line of one word
    assert not _covered(_expect(per_line | {"note": "one name per line"}), one)


def test_things_one_per_line_are_counted_by_their_lines() -> None:
    things = {"family": "item_count", "unit": "username", "relation": "exactly", "value": 10}
    per_line = {"family": "line_per_item", "relation": "other"}
    found = _expect(things, per_line)
    assert _covered(found, {"kind": "line_count", "relation": "exactly", "value": 10})
    assert _covered(found, {"kind": "item_count", "relation": "exactly", "value": 10})
    assert not _covered(found, {"kind": "line_count", "relation": "exactly", "value": 9})
    # no sibling putting one thing on each line: the lines are not the things
    assert not _covered(_expect(things), {"kind": "line_count", "relation": "exactly", "value": 10})


def test_only_the_answer_in_a_format_a_kind_checks_whole() -> None:
    only = {"family": "no_extra_text", "unit": "answer"}
    block = {"family": "code_block", "unit": "code block", "relation": "exactly", "value": 1}
    assert _covered(_expect(only, block), {"kind": "code_only"})
    doc = {"family": "format", "unit": "answer", "relation": "matches_format", "value": "JSON"}
    assert _covered(_expect(only, doc), {"kind": "json"})
    # no format beside it: nothing a kind checks whole
    assert not _covered(_expect(only), {"kind": "code_only"})
    two = block | {"value": 2}
    assert not _covered(_expect(only, two), {"kind": "code_only"})


def test_a_json_object_or_array_answer_is_the_json_document() -> None:
    shape = {"family": "json_only", "unit": "answer", "relation": "matches_format"}
    found = _expect(shape | {"value": "JSON array of strings"})
    assert _covered(found, {"kind": "json"})
    assert _implied(found, {"kind": "code_block_count", "relation": "at_most", "value": 0})
    assert not _covered(_expect(shape | {"value": "YAML"}), {"kind": "json"})


def test_items_under_a_named_key_are_that_keys_array() -> None:
    keys: dict[str, Any] = {"family": "json_keys", "unit": "key", "relation": "equals"}
    keys |= {"words": ["tags", "name"], "value": ["tags", "name"]}
    items = {"family": "array_len", "unit": "item", "scope": "tags", "relation": "at_most"}
    found = _expect(items | {"value": 3}, keys)
    spec = {"kind": "json_items", "relation": "at_most", "value": 3, "key": "tags"}
    assert _covered(found, spec)
    assert not _covered(found, spec | {"key": "name"})
    # the scope names no key a sibling lists
    assert not _covered(_expect(items | {"value": 3}), spec)


def test_lines_of_dialogue_imply_the_lines_at_least() -> None:
    talk = {"family": "line_count", "unit": "dialogue line", "relation": "at_least", "value": 10}
    found = _expect(talk)
    assert not found.matchers
    assert _implied(found, {"kind": "line_count", "relation": "at_least", "value": 10})
    # exactly N lines of dialogue: other lines may stand between them
    exact = _expect(talk | {"relation": "exactly"})
    assert not _implied(exact, {"kind": "line_count", "relation": "exactly", "value": 10})
