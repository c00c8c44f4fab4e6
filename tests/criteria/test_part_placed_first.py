"""A part placed before its verb ("and under the puzzle give the source
as …", "below the poem, add a one-line moral"): a second part beside the
text, so no whole-answer case or count that the part may break."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def _kinds(prompt: str) -> set[str]:
    return {c.spec.kind for c in compile_checks(prompt)}


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        (
            "Write a cryptogram: a famous quote in a substitution cipher, all in capitals, and"
            " under the puzzle give the source as '— Author'.",
            "letter_case",
        ),
        ("Write a fable, all in lowercase. Below the fable, add a moral.", "letter_case"),
        ("Write a story of exactly 50 words. At the bottom, list the sources.", "word_count"),
        ("A 4-sentence story, please; after it, write a question for a reader.", "sentence_count"),
    ],
)
def test_a_part_placed_first_blocks_whole_answer_checks(prompt: str, kind: str) -> None:
    assert kind not in _kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Write a motto for our club, all in capitals.", "letter_case"),
        ("Write a haiku in exactly 3 lines.", "line_count"),
        # a refused part adds nothing
        ("Write a fable, all in lowercase. Don't add anything below it.", "letter_case"),
    ],
)
def test_without_a_placed_part_the_check_compiles(prompt: str, kind: str) -> None:
    assert kind in _kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # the whole answer named again after the part added: its case is the whole's
        (
            "After your response, add a postscript starting with P.P.S Your entire response"
            " should be in English and in all capital letters.",
            "letter_case",
        ),
        # one of the parts holding a word: the answer holds it
        (
            "Add code comments in the snippets. One of the comments should contain the keyword"
            ' "vulnerable".',
            "keyword",
        ),
    ],
)
def test_the_whole_named_again_or_one_part_keeps_the_check(prompt: str, kind: str) -> None:
    assert kind in _kinds(prompt)


def test_two_parts_holding_a_word_still_compile_no_keyword() -> None:
    assert "keyword" not in _kinds("Write a training plan where exactly two rows must say 'Rest'.")
