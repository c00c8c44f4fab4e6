"""The repeated-parts family: one part of the answer is the same as
another (the last line repeats the first, the choruses are identical); the
phrasings that compile and the near misses that must not."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from redraft.criteria import compile_checks
from redraft.criteria._families._part_repeat import (
    PART_REPEAT,
    PartRepeat,
    chorus_blocks,
    same_text,
)

LINES = PartRepeat(part="line", positions=[1, -1])
LINES_EXACT = PartRepeat(part="line", positions=[1, -1], exact=True)
SENTENCES = PartRepeat(part="sentence", positions=[1, -1])
STANZAS = PartRepeat(part="paragraph", positions=[1, -1])
CHORUS = PartRepeat(part="chorus")

SONG = (
    "[Verse 1]\nWe walk the road\nWe carry on\n\n[Chorus]\nSing it loud\nSing it long\n\n"
    "[Verse 2]\nThe night is cold\nThe fire's gone\n\n[Chorus]\nSing it loud\nSing it long"
)
# 26 answers labelled by reading them: (spec, answer, are the parts the same).
LABELLED = [
    (LINES, "The sea is wide\nwaves roll in\nThe sea is wide", True),
    (LINES, "The sea is wide,\nwaves roll in\nthe sea is wide.", True),  # case, end marks
    (LINES, "The sea is wide\nwaves roll in\nThe sea is deep", False),
    (LINES, "*The sea is wide*\nwaves\n> The sea is wide", True),  # outer markup set aside
    (LINES, "The  sea   is wide\nx\nThe sea is wide", True),  # runs of spaces are one
    (LINES, "One line only", False),
    (LINES, "", False),
    (LINES, "The sea is wide\n\n\nThe sea is wide", True),  # blank lines are no lines
    (LINES, "The sea is wide\nThe sea is wider", False),
    (LINES_EXACT, "The sea is wide\nx\nThe sea is wide", True),
    (LINES_EXACT, "The sea is wide,\nx\nThe sea is wide.", False),  # exactly: marks count
    (LINES_EXACT, "The sea is wide\nx\nthe sea is wide", False),  # and so does case
    (LINES_EXACT, "- The sea is wide\n- x\n- The sea is wide", True),  # list markers do not
    (SENTENCES, "Home is near. I walked far. Home is near.", True),
    (SENTENCES, "Home is near. I walked far. Home is close.", False),
    (SENTENCES, "Home is near! I walked far. home is near.", True),
    (STANZAS, "Rain on roofs\nrain on me\n\nSun later\n\nRain on roofs\nrain on me", True),
    (STANZAS, "Rain on roofs\nrain on me\n\nSun later\n\nRain on roofs\nrain on you", False),
    (STANZAS, "Rain on roofs", False),
    (CHORUS, SONG, True),
    (CHORUS, SONG.replace("Sing it long", "Sing it strong", 1), False),
    (CHORUS, "Chorus:\nLa la la\n\nVerse:\nHum\n\nChorus:\nLa la la", True),
    (CHORUS, "**Chorus**\nOh yeah\n\n**Verse 2**\nNo\n\n**Chorus**\nOh yeah!", True),
    (CHORUS, "[Chorus]\nOh yeah\n[Verse 2]\nNo\n[Chorus]\n(repeat chorus)", False),
    (CHORUS, "[Chorus]\nOnly one chorus here", False),
    (CHORUS, "A song with no labels\nat all", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_compares_the_named_parts(spec: PartRepeat, answer: str, ok: bool) -> None:
    assert PART_REPEAT.measure(spec, answer).passed is ok


def test_what_is_normalised() -> None:
    assert same_text("  **“The Sea, wide!”** ", exact=False) == "the sea, wide"
    assert same_text("  **The Sea, wide!** ", exact=True) == "The Sea, wide!"


def test_chorus_blocks_end_at_a_blank_line_or_the_next_label() -> None:
    assert chorus_blocks(SONG) == ["Sing it loud\nSing it long", "Sing it loud\nSing it long"]


def test_the_correction_quotes_both_parts() -> None:
    outcome = PART_REPEAT.measure(LINES, "The sea is wide\nwaves\nThe sea is deep")
    assert outcome.suggestion == (
        "Your line 3 ('The sea is deep') is not the same as your line 1 ('The sea is wide'). "
        "Make line 1 and the last line the same."
    )


def test_positions_are_kept_in_reading_order_and_two_are_needed() -> None:
    assert PartRepeat(part="line", positions=[-1, 1]).positions == [1, -1]
    with pytest.raises(ValidationError):
        PartRepeat(part="line", positions=[2, 2])
    with pytest.raises(ValidationError):
        PartRepeat(part="chorus", positions=[1, 2])


def _repeats(prompt: str) -> list[PartRepeat]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, PartRepeat)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a 4-line poem where the last line is exactly the same as the first line.",
            LINES_EXACT,
        ),
        ("Write a poem. The last line must repeat the first.", LINES),
        ("Write a poem and repeat the first line as the last line.", LINES),
        ("poem: the first and last lines should be identical", LINES),
        ("Write a short speech. End with the same sentence you began with.", SENTENCES),
        ("Begin and end the story with the same sentence, please.", SENTENCES),
        (
            "Write a ballad; the final stanza should repeat the first stanza word for word.",
            PartRepeat(part="paragraph", positions=[1, -1], exact=True),
        ),
        ("Write song lyrics with two choruses. The two choruses must be identical.", CHORUS),
        ("Write a song; the chorus should be the same each time.", CHORUS),
        ("Write a poem whose last line repeats its first line.", LINES),
        ("End your answer with the same sentence you started it with.", SENTENCES),
        ("Write a rondeau; open and close it with the same line.", LINES),
        ("A poem please. The final line must be a repeat of the first line.", LINES),
    ],
)
def test_phrasings_compile(prompt: str, expected: PartRepeat) -> None:
    assert _repeats(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "In the poem below, the last line repeats the first.",
        "Like the last line repeats the first in this example, write something catchy.",
        "Does the last line repeat the first?",
        "Ideally the last line should repeat the first.",
        "The last line must not repeat the first.",
        "Tell me whether the two choruses are identical.",
        "Analyze why the final stanza repeats the first stanza.",
        "The choruses in my draft are the same; make them different.",
        "Write a poem whose last line echoes the first.",
        "The first and last paragraphs should be identical in length.",
        "Write an essay; the last paragraph should repeat the first one's argument.",
        "Write a poem; the last line must be the same as the first line's rhyme scheme.",
        "Both choruses should be identical in structure but different in words.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _repeats(prompt) == []
