"""Mapper readings fixed where a compiled check was scored false although
the writer asked for it: a numbering style given as a family label and a
shown sequence, every word's first letter with no unit, a repeated request
labelled as such, a value showing the words in bold."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from redraft.criteria import CHECK_SPEC_ADAPTER

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import _blind_map  # type: ignore[import-not-found]


def _expect(**fields: Any) -> Any:
    c = {
        "row_id": "t-1",
        "index": 0,
        "family": "unlabelled",
        "quote": "",
        "unit": None,
        "scope": "response",
        "relation": "other",
        "value": None,
        "words": (),
        "verifiable": True,
        "note": "",
        "source": "prompt",
    } | fields
    constraint = _blind_map.Constraint(**c)
    return _blind_map.expect(constraint, _blind_map.Row("t-1", None, "", (constraint,), None))


def _covered(expectation: Any, *specs: dict[str, Any]) -> bool:
    return bool(expectation.matchers) and all(
        any(m.exact(s) for s in specs) for m in expectation.matchers
    )


def _spec(**fields: Any) -> dict[str, Any]:
    return dict(CHECK_SPEC_ADAPTER.validate_python(fields).model_dump())


def test_a_numbering_style_shown_as_a_sequence_is_the_list_marker() -> None:
    found = _expect(
        family="numbering_style", relation="matches_format", value="I., II., III.", words=("I.",)
    )
    assert _covered(found, _spec(kind="list_marker", marker="I."))
    assert not _covered(found, _spec(kind="list_marker", marker="1."))


def test_a_sub_points_numbering_is_not_the_top_level_list_marker() -> None:
    found = _expect(
        family="nested_numbering", scope="sub-points", relation="matches_format", value="A., B."
    )
    assert not _covered(found, _spec(kind="list_marker", marker="A."))


def test_every_word_starting_with_a_letter_without_a_unit_is_a_tautogram() -> None:
    found = _expect(family="word_initial_letter", scope="each word", relation="all", value="s")
    assert _covered(found, _spec(kind="tautogram", letter="s"))
    assert not _covered(found, _spec(kind="tautogram", letter="t"))


def test_a_repeat_labelled_by_its_family_is_the_repeat_request() -> None:
    found = _expect(family="repeat_prompt", relation="starts_with", value="Why is the sky blue?")
    assert _covered(found, _spec(kind="repeat_request", text="Why is the sky blue?"))
    plain = _expect(family="starts_with", relation="starts_with", value="Why is the sky blue?")
    assert not _covered(plain, _spec(kind="repeat_request", text="Why is the sky blue?"))


def test_a_value_in_bold_is_the_words_styled() -> None:
    found = _expect(family="bold_keyword", unit="phrase", relation="all", value="**Ada Lovelace**")
    assert _covered(found, _spec(kind="words_styled", words=["Ada Lovelace"], style="bold"))
    stars = _expect(family="separator", unit="separator", relation="equals", value="******")
    assert "words_styled" not in stars.kinds
