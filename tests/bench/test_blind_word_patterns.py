"""The blind mapper's word-pattern mapping (bench/_blind_word_patterns.py):
a ban on words of a shape over the answer, or a shape of every word, read
from the structured fields and checked against real check specs."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from redraft.criteria import CHECK_SPEC_ADAPTER

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import _blind_map  # type: ignore[import-not-found]


def _expect(**fields: Any) -> Any:
    c = _blind_map.Constraint(
        **{
            "row_id": "t-1",
            "index": 0,
            "family": "forbidden_pattern",
            "quote": "",
            "unit": None,
            "scope": "response",
            "relation": "none",
            "value": None,
            "words": (),
            "verifiable": True,
            "note": "",
            "source": "prompt",
        }
        | fields
    )
    return _blind_map.expect(c, _blind_map.Row("t-1", None, "", (c,), None))


def _covered(expectation: Any, **spec: Any) -> bool:
    dumped = dict(CHECK_SPEC_ADAPTER.validate_python(spec).model_dump())
    return bool(expectation.matchers) and all(m.exact(dumped) for m in expectation.matchers)


def test_a_ban_on_contractions_is_the_contraction_shape() -> None:
    found = _expect(unit="contraction", value=0)
    assert _covered(found, kind="word_pattern", shape="contraction")
    assert not _covered(found, kind="word_pattern", shape="hyphenated")


def test_a_ban_on_an_ending_names_the_affix() -> None:
    found = _expect(unit="word ending in 'ly'", value=0)
    assert _covered(found, kind="word_pattern", shape="ends", text="ly", adverbs=True)
    assert not _covered(found, kind="word_pattern", shape="ends", text="ing")


def test_a_ban_within_one_part_is_not_the_whole_answers() -> None:
    found = _expect(unit="contraction", value=0, scope="title")
    assert not _covered(found, kind="word_pattern", shape="contraction")


def test_a_string_every_word_holds_is_the_every_word_shape() -> None:
    found = _expect(unit=None, scope="each word", relation="contains", value="oo")
    assert _covered(found, kind="word_pattern", shape="contains", text="oo", every=True)
    assert not _covered(found, kind="word_pattern", shape="contains", text="oo")


def test_a_count_of_digits_over_the_answer_is_the_digit_class() -> None:
    found = _expect(unit="digit", relation="at_least", value=2)
    assert _covered(
        found, kind="char_class_count", char_class="digit", relation="at_least", value=2
    )
    assert not _covered(found, kind="number_count", relation="at_least", value=2)


def test_special_characters_listed_one_by_one_are_the_listed_class() -> None:
    found = _expect(unit="special character", relation="at_least", value=1, words=("!", "@", "#"))
    spec = {"kind": "char_class_count", "relation": "at_least", "value": 1}
    assert _covered(found, **spec, char_class="listed", chars="!@#")
    assert not _covered(found, **spec, char_class="special")


def test_a_count_of_one_named_letter_is_not_the_letter_class() -> None:
    found = _expect(unit="letter", relation="at_least", value=3, words=("e",))
    spec = {"kind": "char_class_count", "relation": "at_least", "value": 3}
    assert not _covered(found, **spec, char_class="letter")


def test_a_closed_list_of_words_is_the_vocabulary() -> None:
    found = _expect(unit="word", scope="each word", relation="one_of", words=("cat", "The", "mat"))
    assert _covered(found, kind="vocabulary", words=["the", "cat", "mat"])
    assert not _covered(found, kind="vocabulary", words=["the", "cat"])
    items = _expect(unit="item", scope="each item", relation="one_of", words=("Go", "Rust"))
    assert not _covered(items, kind="vocabulary", words=["go", "rust"])
