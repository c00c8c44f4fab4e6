"""A count stated of the user's own text ("our essay must have at most 5
paragraphs") is a rule for that text, not for the answer; the answer's own
nouns and the thing asked for keep their counts."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def kinds(prompt: str, system: str | None = None) -> list[str]:
    return [c.spec.kind_name() for c in compile_checks(prompt, system=system)]


@pytest.mark.parametrize(
    "prompt",
    [
        "My teacher said our essay must have at most 5 paragraphs. I wrote it already. "
        "Can you tell me 3 good transition words?",
        "My essay must have at most 5 paragraphs. Can you suggest a title?",
        "Our professor says his paper should contain exactly 6 paragraphs. What is a good hook?",
        "Her speech must have no more than 4 paragraphs. Is that too short for a toast?",
    ],
)
def test_count_of_an_owned_text_compiles_no_paragraph_count(prompt: str) -> None:
    assert "paragraph_count" not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "system"),
    [
        ("Write an essay about dogs. The essay must have at most 5 paragraphs.", None),
        ("The essay must have at most 5 paragraphs.", None),
        ("Write about dogs. You must have at most 5 paragraphs.", None),
        ("Hi, what is a good recipe for bread?", "Our replies must have at most 2 paragraphs."),
    ],
)
def test_count_of_the_answer_still_compiles(prompt: str, system: str | None) -> None:
    assert "paragraph_count" in kinds(prompt, system)
