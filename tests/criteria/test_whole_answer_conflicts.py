"""A whole-answer language or "plain text" beside a part the prompt asks in
another language or with markup ("Reply in Portuguese, and add an English
translation underneath"; "Questions in bold, answers in plain text"): the
whole answer cannot hold it, so it compiles nothing; alone, or beside a
second language or markup that is not asked of the answer, it compiles."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def _kinds(prompt: str) -> list[str]:
    return [c.spec.kind for c in compile_checks(prompt)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Reply to the guest in Italian, and add an English translation below it.",
        "Write the sign in Spanish. Put the French version underneath.",
        "Answer in German, then the same answer in English below.",
        "Reply in Dutch and include an English summary at the end.",
        "Respond in Japanese, followed by its English gloss.",
    ],
)
def test_a_part_in_another_language_bars_the_whole_language(prompt: str) -> None:
    assert "language" not in _kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Reply in Portuguese.",
        "Reply in French. Keep the English brand names as they are.",
        "Write the notice in Spanish. Our English version is attached for reference.",
        "Respond in Italian; the customer wrote in English.",
    ],
)
def test_one_language_alone_compiles(prompt: str) -> None:
    assert "language" in _kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a Q&A for a flyer. Questions in bold, answers in plain text right below.",
        "Use plain text only. Make each product name bold.",
        "Plain text please, but put the deadline in bold.",
        "Write the menu in plain text; set the dish names in italics.",
        "Respond in plain text and italicize the book titles.",
    ],
)
def test_markup_asked_elsewhere_bars_plain_text(prompt: str) -> None:
    assert "plain_text" not in _kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Reply in plain text.",
        "Plain text only, no bold.",
        "Answer in plain text. Don't use bold or italics.",
        "Write it as plain text only, without italics.",
    ],
)
def test_plain_text_without_markup_compiles(prompt: str) -> None:
    assert "plain_text" in _kinds(prompt)
