"""Labels asked on the answer's parts ("Label them 'HED:' and 'DEK:'",
"prefixed 'A:' and 'B:'") open each part with words of their own, which a
count of a part's words or characters may or may not include: such counts
compile nothing beside them. A prefix that is no label (no colon) or none at
all leaves them."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._part_labels import labels_asked

_COUNTS = {"each_word_count", "each_count", "part_count"}


def _counts(prompt: str) -> list[str]:
    return [c.spec.kind for c in compile_checks(prompt) if c.spec.kind in _COUNTS]


@pytest.mark.parametrize(
    "prompt",
    [
        "Title and tagline for a bakery. Title: 5 words max. Label them 'T:' and 'L:'.",
        "Write 6 slide texts about composting. Label them Slide 1: to Slide 6:, "
        "each slide under 20 words.",
        "Give me 5 flashcards on verbs, each starting with 'Q:', each card under 15 words.",
        "Write 4 FAQ answers about parking, each under 30 words, "
        "labelled 'Answer 1:' to 'Answer 4:'.",
        'Give 3 taglines for a gym, each one beginning with "Tip:", each tagline 8 words or fewer.',
    ],
)
def test_a_label_on_each_part_bars_its_word_counts(prompt: str) -> None:
    assert _counts(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 4 tips for sleeping well, each under 12 words.",
        "Give 3 slogans, each under 8 words, each prefixed with '- '.",
        "Headline for a piece on padel. Headline: 8 words max.",
        "Give me 3 taglines labelled by number, each under 8 words.",
        # one line added beside the parts, not a label on each
        "Create 8 interview questions. Each question must be under 20 words. After each "
        "question, one line starting 'Look for:'.",
        "Summarise it in exactly 3 bullet points, each under 20 words. Then add one line "
        "starting with 'Why it matters:'.",
    ],
)
def test_no_label_leaves_the_counts(prompt: str) -> None:
    assert _counts(prompt)


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("Label them 'HED:' and 'DEK:'.", True),
        ("Put them on two lines prefixed 'A:' and 'B:'.", True),
        ("Start each line with 'Q:'.", True),
        ("Then add one line starting with 'Why it matters:'.", False),
        ("Each prefixed with 'feature/'.", False),
        ("Start with 'Title:' then the title.", False),
        ("Label the chart clearly.", False),
    ],
)
def test_labels_asked_reads_the_prompt(text: str, asked: bool) -> None:
    assert labels_asked(text) is asked
