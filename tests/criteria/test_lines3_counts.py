"""Line and paragraph counts in wordings the count grammar missed (h-lines3):
the one opening paragraph asked for ("Write the opening paragraph of a
mystery novel"), one paragraph of N sentences ("a four-sentence paragraph
… every sentence"), a paragraph of a letter that is no whole letter ("a
cover letter opening paragraph. One paragraph only."), "the letter e" (a
character, no correspondence). Near misses: two paragraphs named, plural
paragraphs, a hypothetical, a later part, a whole letter, a bare "write a
paragraph" (as often not a count as a count)."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def counts(prompt: str, kind: str) -> set[tuple[str, int]]:
    found: set[tuple[str, int]] = set()
    for check in compile_checks(prompt):
        spec: dict[str, Any] = check.spec.model_dump(mode="json")
        if spec["kind"] == kind:
            found.add((spec["relation"], spec["value"]))
    return found


@pytest.mark.parametrize(
    "prompt",
    [
        "Write the opening paragraph of a mystery novel.",
        "Write the first paragraph of a fantasy story set in Lagos. It should have at least "
        "5 sentences.",
        "Write the opening paragraph of a thriller. Each sentence must begin with a different "
        "letter of the alphabet.",
        "Please write the introductory paragraph of an essay on tides.",
        "Write a four-sentence paragraph about glaciers where every sentence names a colour.",
        "Write a cover letter opening paragraph for a nurse. One paragraph only.",
        "Write a paragraph about owls without the letter e. Keep the paragraph under 80 words.",
    ],
)
def test_one_paragraph_asked(prompt: str) -> None:
    assert ("exactly", 1) in counts(prompt, "paragraph_count")


@pytest.mark.parametrize(
    "prompt",
    [
        # two paragraphs named
        "Write the opening paragraph and the closing paragraph of an essay on rivers.",
        # several paragraphs
        "Write the opening paragraphs of a mystery novel.",
        # a hypothetical
        "If you write the opening paragraph, keep it short.",
        # a later part beside it
        "Write the opening paragraph of a novel, then a list of its characters.",
        # a whole letter: its greeting and sign-off are blocks of their own
        "Write a cover letter for a nurse. One paragraph only.",
        # "write a paragraph" alone: the writers meant one as often as not
        "Write a paragraph where every sentence ends with a question mark. At least 4 sentences.",
        "Write a 5-sentence paragraph about kindness where the sentences start with S.",
    ],
)
def test_one_paragraph_near_misses(prompt: str) -> None:
    assert ("exactly", 1) not in counts(prompt, "paragraph_count")
