"""A compiler rule that raises fails a test (the suite runs inside
``raise_rule_errors``) but costs a user's request only that rule's reading:
the other rules' checks are returned and the failure is logged without the
prompt's text."""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Iterator

import pytest

from redraft.criteria import _rules, compile_checks, raise_rule_errors
from redraft.criteria._sentence_text import Hit, Sentence

PROMPT = "Answer in at most 50 words. Mention the secret plan Zanzibar."


def _broken(sentence: Sentence) -> Iterator[Hit]:
    if "Zanzibar" in sentence.original:
        raise ValueError(f"cannot read {sentence.original!r}")
    yield from ()


@pytest.fixture
def broken_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_rules, "RULES", (*_rules.RULES, _broken))


def _outside_tests() -> list[str]:
    # The suite's autouse fixture raises; a fresh context is a user's.
    found = contextvars.Context().run(compile_checks, PROMPT)
    return [check.spec.kind_name() for check in found]


@pytest.mark.usefixtures("broken_rule")
def test_a_user_gets_the_other_rules_checks_and_a_logged_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="redraft.criteria"):
        kinds = _outside_tests()
    assert kinds == ["word_count"]
    (record,) = caplog.records
    assert "_broken" in record.getMessage() and "ValueError" in record.getMessage()
    assert "prompt's sentence at characters 28-61" in record.getMessage()
    assert "Zanzibar" not in record.getMessage()  # the prompt's text is not kept


@pytest.mark.usefixtures("broken_rule")
def test_within_raise_rule_errors_the_rule_s_error_surfaces() -> None:
    with raise_rule_errors(), pytest.raises(ValueError, match="cannot read"):
        compile_checks(PROMPT)


def test_without_a_broken_rule_nothing_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="redraft.criteria"):
        assert _outside_tests() == ["word_count"]
    assert caplog.records == []
