"""The blind mapper's reading of one line in a template: a ``line_template``
of the first or last line, only where the writer's fields state the whole
line (bench/_blind_line_formats.py)."""

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
            "family": "last_line_format",
            "quote": "",
            "unit": "line",
            "scope": "last line",
            "relation": "matches_format",
            "value": None,
            "words": (),
            "verifiable": True,
            "note": "",
            "source": "prompt",
        }
        | fields
    )
    return _blind_map.expect(c, _blind_map.Row("t-1", None, "", (c,), None))


def _spec(template: str, line: str = "last") -> dict[str, Any]:
    spec = {"kind": "line_template", "template": template, "line": line}
    return dict(CHECK_SPEC_ADAPTER.validate_python(spec).model_dump())


def _covered(expectation: Any, spec: dict[str, Any]) -> bool:
    return bool(expectation.matchers) and all(m.exact(spec) for m in expectation.matchers)


def test_a_placeholder_form_of_the_last_line_is_a_line_template() -> None:
    found = _expect(value="Score: X/10")
    assert _covered(found, _spec("Score: <number>/10"))
    assert not _covered(found, _spec("Score: <number>/10", line="any"))
    assert not _covered(found, _spec("Score: <text>/10"))


def test_an_anchored_regex_is_read_and_an_open_one_is_not() -> None:
    assert _covered(_expect(value=r"^Lives: \d+/3$"), _spec("Lives: <number>/3"))
    assert not _expect(value=r"^Lives: \d+").matchers  # open at its end: more may follow


def test_a_narrowed_hole_is_exact_and_the_same_line_with_any_text_only_implied() -> None:
    found = _expect(value="Pick: [A-C]")
    assert _covered(found, _spec("Pick: <one of A B C>"))
    assert not _covered(found, _spec("Pick: <text>"))
    assert any(m.exact(_spec("Pick: <text>")) for m in found.implied)


def test_a_label_the_last_line_starts_with_is_the_label_and_text() -> None:
    found = _expect(relation="starts_with", value="Verdict:")
    assert _covered(found, _spec("Verdict: <text>"))


def test_other_scopes_and_lines_without_a_label_are_left_to_the_general_mapping() -> None:
    assert not _covered(_expect(scope="each line", value="Key: N"), _spec("Key: <number>"))
    assert not _covered(_expect(scope="first line", value="**...**"), _spec("**<text>**", "first"))


def test_the_whole_answer_between_marks_is_a_wrap_of_those_marks() -> None:
    found = _expect(family="wrap_format", unit=None, scope="response", value="{...}")
    wrap = {"kind": "wrap_marks", "open": "{", "close": "}"}
    assert _covered(found, dict(CHECK_SPEC_ADAPTER.validate_python(wrap).model_dump()))
    other = {"kind": "wrap_marks", "open": "(", "close": ")"}
    assert not _covered(found, dict(CHECK_SPEC_ADAPTER.validate_python(other).model_dump()))
    quoted = _expect(family="wrap_quotes", unit=None, scope="response", value='"..."')
    assert not any("wrap_marks" in m.kinds for m in quoted.matchers)
