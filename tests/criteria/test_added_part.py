"""A part the prompt asks to add beside the counted text ("put the answer key
at the bottom", "add tags after a line 'Tags:'"): the whole answer's
sentence and character counts (and exact word counts) may or may not include
it, so they compile nothing; a postscript, a refused addition or no added
part leave them."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._added_part import part_added

_WHOLE = {"sentence_count", "char_count", "word_count"}


def _counts(prompt: str) -> list[str]:
    return [c.spec.kind for c in compile_checks(prompt) if c.spec.kind in _WHOLE]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a quiz with 5 sentences to complete. Put the solutions at the bottom.",
        "Describe the museum in at most 4 sentences, and add opening hours on a separate line.",
        "Write a product blurb under 300 characters. Add three hashtags after it.",
        "Summarise the plot in exactly 60 words, then give a rating below it.",
        "Write a riddle in exactly 3 sentences. Place the answer underneath the riddle.",
        "Explain the rule in two sentences and list the exceptions after a line saying EXCEPTIONS.",
    ],
)
def test_an_added_part_bars_the_whole_count(prompt: str) -> None:
    assert _counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Describe Paris in exactly 4 sentences.", "sentence_count"),
        (
            "Write a note in at most 5 sentences, and put my phone number at the end.",
            "sentence_count",
        ),
        (
            "Promo text message. 140 chars max, and include STOP at the end, no emojis.",
            "char_count",
        ),
        ("A post with 3 hashtags after it, no more than 280 characters total.", "char_count"),
        ("Write a tweet under 280 characters. Don't add anything at the end.", "char_count"),
        (
            "Answer in at most 3 sentences. Please add a P.S. at the end of your reply.",
            "sentence_count",
        ),
        (
            "Give a summary in at least 5 sentences, and add a source list at the bottom.",
            "sentence_count",
        ),
    ],
)
def test_no_added_part_keeps_the_count(prompt: str, kind: str) -> None:
    assert kind in _counts(prompt)


@pytest.mark.parametrize(
    ("text", "added"),
    [
        ("Put the answer key at the bottom.", True),
        ("Add tags after a line 'Tags:'.", True),
        ("Add a P.S. at the end.", False),
        ("Don't add anything at the end.", False),
        ("Add detail to every sentence.", False),
    ],
)
def test_part_added_reads_the_prompt(text: str, added: bool) -> None:
    assert part_added(text) is added
