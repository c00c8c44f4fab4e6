"""What a rule asks of the whole prompt is answered once per compilation.

Rules run once per sentence; a question about the whole prompt asked again
for each sentence made compiling grow with the square of the prompt's
length. :mod:`redraft.criteria._once` remembers each answer while a
compilation is open and nothing after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families import _plain_text
from redraft.criteria._once import compiling, count_in, found_in, lowered, matches_in, searched


@dataclass(eq=False)
class CountingPattern:
    """A compiled pattern that counts the scans made with it."""

    pattern: re.Pattern[str]
    scans: list[str] = field(default_factory=list)

    def search(self, text: str) -> re.Match[str] | None:
        self.scans.append(text)
        return self.pattern.search(text)

    def finditer(self, text: str) -> list[re.Match[str]]:
        self.scans.append(text)
        return list(self.pattern.finditer(text))


def test_inside_a_compilation_each_question_is_answered_once() -> None:
    pattern = CountingPattern(re.compile(r"\bbold\b"))
    text = "Put the names in bold. Keep it short."
    with compiling():
        assert found_in(pattern, text)  # type: ignore[arg-type]
        assert searched(pattern, text).group(0) == "bold"  # type: ignore[arg-type, union-attr]
        assert found_in(pattern, text)  # type: ignore[arg-type]
        assert len(pattern.scans) == 1
        assert not found_in(pattern, "Keep it short.")  # type: ignore[arg-type]
        assert len(pattern.scans) == 2  # another text is another question


def test_outside_a_compilation_every_call_is_computed_and_nothing_is_kept() -> None:
    pattern = CountingPattern(re.compile(r"\bword\b"))
    assert count_in(pattern, "word word word") == 3  # type: ignore[arg-type]
    assert count_in(pattern, "word word word") == 3  # type: ignore[arg-type]
    assert len(pattern.scans) == 2
    with compiling():
        matches_in(pattern, "a word")  # type: ignore[arg-type]
    with compiling():
        matches_in(pattern, "a word")  # type: ignore[arg-type]
    assert len(pattern.scans) == 4  # a new compilation remembers nothing of the last


def test_nested_compilations_share_the_outer_answers() -> None:
    pattern = CountingPattern(re.compile(r"x"))
    with compiling():
        found_in(pattern, "x")  # type: ignore[arg-type]
        with compiling():
            found_in(pattern, "x")  # type: ignore[arg-type]
        found_in(pattern, "x")  # type: ignore[arg-type]
    assert len(pattern.scans) == 1


def test_lowered_is_one_string_object_per_text_within_a_compilation() -> None:
    text = "Answer In English."
    with compiling():
        first, second = lowered(text), lowered(text)
        assert first == "answer in english." and first is second
    assert lowered(text) == "answer in english."


def test_a_long_prompt_asks_its_whole_once_not_once_per_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "markup asked anywhere in the prompt?" is a question about the whole
    # prompt that the plain-text rule asks of every sentence it reads
    counting = CountingPattern(_plain_text._MARKUP_ASKED)
    monkeypatch.setattr(_plain_text, "_MARKUP_ASKED", counting)
    filler = "The museum opened in 1901. " * 60
    checks = compile_checks(filler + "Put the key dates in bold. Answer in plain text only.")
    assert len(counting.scans) == 1
    # the answer is still the whole prompt's: markup is asked for, so "plain
    # text only" compiles no plain-text rule; without the bold, it does
    assert "plain_text" not in {check.spec.kind_name() for check in checks}
    checks = compile_checks(filler + "Answer in plain text only.")
    assert len(counting.scans) == 2
    assert "plain_text" in {check.spec.kind_name() for check in checks}
