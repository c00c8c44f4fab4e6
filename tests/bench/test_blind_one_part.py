"""The blind mapper's reading of one addressed part's start or end
(bench/_blind_one_part.py): ``part_affix`` only where its check fails
exactly the answers the constraint fails."""

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
        }
        | fields
    )
    return _blind_map.expect(c, _blind_map.Row("t-1", None, "", (c,), None))


def _covered(expectation: Any, **spec: Any) -> bool:
    dumped = dict(CHECK_SPEC_ADAPTER.validate_python(spec).model_dump())
    return bool(expectation.matchers) and all(m.exact(dumped) for m in expectation.matchers)


def test_a_line_opening_with_a_phrase_is_part_affix() -> None:
    found = _expect(unit="line", scope="line 2", relation="starts_with", value="EN:")
    assert _covered(
        found, kind="part_affix", part="line", index=2, position="start", phrases=["en:"]
    )
    assert not _covered(
        found, kind="part_affix", part="line", index=3, position="start", phrases=["EN:"]
    )


def test_a_sentence_that_is_a_question_and_the_title_end() -> None:
    found = _expect(unit="sentence", scope="sentence 2", relation="ends_with", value="?")
    assert _covered(
        found, kind="part_affix", part="sentence", index=2, position="end", phrases=["?"]
    )
    title = _expect(unit="line", scope="title", relation="ends_with", value=":")
    assert _covered(title, kind="part_affix", part="title", index=1, position="end", phrases=[":"])


def test_the_last_line_end_is_the_answer_end() -> None:
    found = _expect(
        family="last_word", unit="word", scope="last line", relation="equals", value="door"
    )
    assert _covered(found, kind="ends_with", phrase="door")


def test_several_phrases_map_only_as_stated_alternatives() -> None:
    either = _expect(
        scope="first bullet", relation="starts_with", words=("Yes", "No"), note="either one"
    )
    assert _covered(
        either, kind="part_affix", part="bullet", index=1, position="start", phrases=["No", "Yes"]
    )
    sequence = _expect(scope="first bullet", relation="starts_with", words=("Q:", "A:"))
    assert not sequence.matchers
