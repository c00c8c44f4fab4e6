"""The shared count grammar (``_families/_reading.py``, ``_grammar.py``) as
every counted family reads it: number words, bounds after the count,
negated limits and fits."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def counts(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Don't use more than 2 emojis.", [("emoji_count", "at_most", 2)]),
        ("Never write more than 6 lines.", [("line_count", "at_most", 6)]),
        ("Do not include more than one link.", [("url_count", "at_most", 1)]),
        ("Never use fewer than 3 hashtags.", [("hashtag_count", "at_least", 3)]),
        ("Three hashtags, no more.", [("hashtag_count", "at_most", 3)]),
        ("Four lines and no fewer.", [("line_count", "at_least", 4)]),
        ("It must fit in 4 lines.", [("line_count", "at_most", 4)]),
        ("Use a couple of emojis.", [("emoji_count", "exactly", 2)]),
        ("Include a dozen hashtags.", [("hashtag_count", "exactly", 12)]),
        ("Add half a dozen hashtags.", [("hashtag_count", "exactly", 6)]),
        ("Keep it capped at 3 emojis.", [("emoji_count", "at_most", 3)]),
        (
            "Include 2 to 4 hashtags.",
            [("hashtag_count", "at_least", 2), ("hashtag_count", "at_most", 4)],
        ),
    ],
)
def test_every_counted_family_reads_the_grammar(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Don't write 6 lines.",
        "It doesn't have to be more than 3 lines.",
        "Never mind the 2 emojis in my draft.",
        "Do you think more than 3 hashtags is too many?",
        "If you use more than 2 emojis, explain why.",
        # no need for them, or no limit on them, bans nothing
        "No emojis needed.",
        "No emoji limit.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert counts(prompt) == []
