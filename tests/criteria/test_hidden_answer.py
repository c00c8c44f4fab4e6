"""Words a request bans or counts by reference: the answer a riddle hides
("a riddle whose answer is 'shadow'. Don't reveal the answer.") and a
word's count in a clause describing the thing asked for after its topic
("a paragraph on deserts where the word 'sand' appears 3 times")."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._keywords import ForbiddenWords, Keyword


def _banned(prompt: str) -> list[list[str]]:
    return [c.spec.words for c in compile_checks(prompt) if isinstance(c.spec, ForbiddenWords)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write a riddle whose answer is 'lantern'. Don't reveal the answer anywhere.", "lantern"),
        (
            "make up a riddle with the answer being 'kettle', without giving away the answer",
            "kettle",
        ),
        ("Give me a crossword clue for the word 'anchor'. Never say the answer itself.", "anchor"),
        ("Write a riddle. The answer should be “candle”. Do not mention the answer.", "candle"),
        (
            "Compose a brain teaser whose solution is 'time'. You must not state the solution.",
            "time",
        ),
        ("riddle for kids, the answer is 'moon'. dont spoil the answer please", "moon"),
    ],
)
def test_the_hidden_answer_is_banned(prompt: str, expected: str) -> None:
    assert _banned(prompt) == [[expected]]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a riddle about time. Don't reveal the answer.",  # no answer given
        "Write a riddle whose answer is 'map' or 'atlas'. Don't reveal the answer.",  # several
        "Write a riddle whose answer is 'shadow'. Maybe don't reveal the answer?",  # asked, hedged
        "Write a riddle whose answer is 'echo', and reveal the answer at the end.",
        "Write a riddle whose answer is 'echo'. Don't reveal the answer until the last line.",
        "Riddle with the answer 'fog'. Don't reveal the answer in the riddle; then give the "
        "answer on its own line.",
        "Write a riddle whose answer is 'fog'. Don't reveal the answer. End with 'Answer: …'.",
        "My riddle's answer is 'fog' but my friend keeps saying don't reveal the answer. Why?",
    ],
)
def test_near_misses_ban_nothing(prompt: str) -> None:
    assert _banned(prompt) == []


def _counts(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.keyword, c.spec.relation, c.spec.value)
        for c in compile_checks(prompt)
        if isinstance(c.spec, Keyword)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a paragraph on coral reefs where the word 'reef' appears at least 3 times.",
            [("reef", "at_least", 3)],
        ),
        (
            "Compose a limerick about a cat where the word 'cat' appears twice.",
            [("cat", "exactly", 2)],
        ),
        (
            "Please write a short text on tides where the term 'moon' shows up exactly 2 times.",
            [("moon", "exactly", 2)],
        ),
    ],
)
def test_a_count_after_a_topic_is_the_answers(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert _counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a review of a novel where the word 'love' appears 50 times.",  # the novel's
        "Write a story about a town where the word 'no' never appears.",  # a premise, maybe
        "Summarize a speech about rivers where 'water' appears 9 times.",
    ],
)
def test_a_text_topic_or_a_premise_counts_nothing(prompt: str) -> None:
    assert _counts(prompt) == [] and _banned(prompt) == []
