"""Where hashtags, emoji or links stand (``units_at``): answers labelled by
reading them, the correction, the phrasings that compile and the near misses
that must not."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._unit_place import UNIT_PLACE, UnitsAt

TAGS_END = UnitsAt(unit="hashtag")
EMOJI_END = UnitsAt(unit="emoji")
LINKS_END = UnitsAt(unit="link")
EMOJI_START = UnitsAt(unit="emoji", at="start")

# 22 answers labelled by reading them: (spec, answer, does it hold).
LABELLED = [
    (TAGS_END, "Fresh beans, slow mornings.\n\n#coffee #morning", True),
    (TAGS_END, "Fresh beans, slow mornings. #coffee #morning", True),
    (TAGS_END, "Fresh beans, slow mornings.\n#coffee, #morning.", True),  # punctuation between
    (TAGS_END, "Fresh #coffee and slow mornings. #morning", False),
    (TAGS_END, "#coffee Fresh beans, slow mornings.", False),
    (TAGS_END, "Fresh beans, slow mornings.", True),  # none: none out of place
    (TAGS_END, "We're #1 in town! #coffee", True),  # "#1" is no hashtag
    (TAGS_END, "Try C# today. #dev #code", True),  # nor "C#"
    (TAGS_END, "Read more ☕ #coffee\nSee you tomorrow", False),
    (EMOJI_END, "Good luck today, team! 🍀🚀", True),
    (EMOJI_END, "Good luck today, team! 🍀 🚀", True),
    (EMOJI_END, "Good luck 🍀 today, team! 🚀", False),
    (EMOJI_END, "🍀 Good luck today, team!", False),
    (EMOJI_END, "Good luck today, team! 👍🏽", True),  # a skin-toned emoji is one
    (EMOJI_END, "Good luck today © team! 🚀", True),  # © shows as text: no emoji
    (EMOJI_END, "Good luck today, team! 🚀 Go!", False),
    (LINKS_END, "Read the guide.\n\nhttps://example.com/a\nhttps://example.com/b", True),
    (LINKS_END, "See https://example.com/a for the guide. Thanks.", False),
    (LINKS_END, "Read the guide.\n- https://example.com/a\n- www.example.org", True),  # markup
    (EMOJI_START, "🎉 Big news: we launched!", True),
    (EMOJI_START, "🎉🎉 Big news: we launched!", True),
    (EMOJI_START, "Big news 🎉: we launched!", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_finds_units_out_of_place(spec: UnitsAt, answer: str, ok: bool) -> None:
    assert UNIT_PLACE.measure(spec, answer).passed is ok


def test_the_correction_names_the_place() -> None:
    outcome = UNIT_PLACE.measure(TAGS_END, "Fresh #coffee and slow mornings. #morning")
    assert outcome.suggestion == (
        "Move every one of your hashtags to the end of the answer, with no other text after them."
    )
    assert "and slow mornings" in outcome.reason


def _placed(prompt: str) -> list[tuple[str, str]]:
    return [(c.spec.unit, c.spec.at) for c in compile_checks(prompt) if isinstance(c.spec, UnitsAt)]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        ("Write a tweet. Put all the hashtags at the very end.", ("hashtag", "end")),
        (
            "Write an Instagram caption about coffee. Include 3 hashtags at the end.",
            ("hashtag", "end"),
        ),
        ("Hashtags should go at the bottom of the post.", ("hashtag", "end")),
        ("Could you put the hashtags at the end?", ("hashtag", "end")),
        ("Send a birthday note with exactly 2 emojis, both at the end.", ("emoji", "end")),
        ("Write a summary; links only at the bottom.", ("link", "end")),
        ("Emojis must come at the beginning of the message.", ("emoji", "start")),
        (
            "Write a caption and keep all hashtags together at the end of the caption.",
            ("hashtag", "end"),
        ),
    ],
)
def test_phrasings_compile(prompt: str, want: tuple[str, str]) -> None:
    assert _placed(prompt) == [want]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a post with emojis at the start of each line.",  # each line's
        "Why do people put hashtags at the end of posts?",  # a question
        "Don't put the links at the end.",  # negated
        "Ideally put the hashtags at the end.",  # hedged
        "My caption has hashtags at the end; can you fix the typos?",  # material
        "Add an emoji at the end of every sentence.",  # each sentence's
        "Put the hashtag #launch at the end of the first paragraph.",  # one part's
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _placed(prompt) == []
