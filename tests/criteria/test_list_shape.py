"""Counts of list lines as the shape of the whole answer, with the topic or
the reader between the request's verb and the count ("explain tariffs for
our community leaflet in exactly five bullet points"), a piece named and
then its shape ("Journal summary for today as three bullets"), a form then
its count after a dash ("Driver briefing — bullets, six at most"), and a
later list after a bounded line ("a line of no more than 20 words, then
three to five bullets"); each beside the near misses that must compile no
list count."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def counted(prompt: str, kind: str) -> list[tuple[str, int]]:
    return sorted(
        (getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt)
        if c.spec.kind_name() == kind
    )


@pytest.mark.parametrize(
    ("prompt", "kind", "expected"),
    [
        (
            "Describe the new parking rules for the residents' association newsletter in "
            "exactly four bullet points.",
            "bullet_count",
            [("exactly", 4)],
        ),
        (
            "Convert the minutes of Tuesday's meeting into 3 bullet points for the trustees.",
            "bullet_count",
            [("exactly", 3)],
        ),
        (
            "Summarise the side effects listed on the leaflet for an older patient, as exactly "
            "5 bullets, ordered from mild to severe.",
            "bullet_count",
            [("exactly", 5)],
        ),
        (
            "Answer with exactly four numbered answers in the same order as my questions.",
            "numbered_count",
            [("exactly", 4)],
        ),
        (
            "Packing note for the scout camp as six bullets starting with a verb.",
            "bullet_count",
            [("exactly", 6)],
        ),
        (
            "Morning standup update: two numbered items, each one sentence.",
            "numbered_count",
            [("exactly", 2)],
        ),
        (
            "describe photosynthesis but super short, 3 bullet points, each one lowercase",
            "bullet_count",
            [("exactly", 3)],
        ),
        (
            "Outline the risks of the loft conversion for the homeowner in 4 to 6 bullet points.",
            "bullet_count",
            [("at_least", 4), ("at_most", 6)],
        ),
        (
            "Explain the new rota to the volunteers in five bullet points at most.",
            "bullet_count",
            [("at_most", 5)],
        ),
        (
            "Weekend plan for the twins — bullets, five at most, no emojis.",
            "bullet_count",
            [("at_most", 5)],
        ),
        (
            'Open with a line starting "Summary:" of no more than 15 words, then two to four '
            "bullets.",
            "bullet_count",
            [("at_least", 2), ("at_most", 4)],
        ),
    ],
)
def test_list_shape_counts(prompt: str, kind: str, expected: list[tuple[str, int]]) -> None:
    assert counted(prompt, kind) == expected


@pytest.mark.parametrize(
    ("prompt", "kind", "expected"),
    [
        (
            "Eight packing tips for a festival weekend, as bullets.",
            "bullet_count",
            [("exactly", 8)],
        ),
        (
            "10 Welsh place names with their meanings, as a numbered list.",
            "numbered_count",
            [("exactly", 10)],
        ),
        (
            "Exactly 4 house rules as a bulleted list, each rule under 8 words.",
            "bullet_count",
            [("exactly", 4)],
        ),
        (
            "Numbered list, 6 stretches, each stretch with its hold time.",
            "numbered_count",
            [("exactly", 6)],
        ),
        ("Five reasons to visit Ghent, in bullet points.", "bullet_count", [("exactly", 5)]),
    ],
)
def test_things_with_their_form(prompt: str, kind: str, expected: list[tuple[str, int]]) -> None:
    assert counted(prompt, kind) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # negated, hedged, conditional, asked about
        "Don't describe the parking rules for the newsletter in four bullet points.",
        "Describe the parking rules for the newsletter, but not in four bullet points.",
        "Ideally, describe the parking rules for the newsletter in four bullet points.",
        "If the rules changed, describe them for the newsletter in four bullet points.",
        "Should I describe the parking rules for the newsletter in four bullet points?",
        # a count of each part
        "Describe the parking rules for each street in the newsletter in 3 bullet points.",
        "Describe the parking rules for the newsletter in 3 bullet points per street.",
        # lines given, or someone else's
        "Turn these 5 bullet points from the newsletter into a paragraph.",
        "Describe the slide that my manager made for the board in five bullet points.",
        "My packing note for the scout camp was six bullets.",
        "Write an email asking the volunteers to send their notes as bullet points, six at most.",
        # several lists or list counts
        "Describe the rules for residents in 3 bullet points and the rules for visitors in "
        "2 bullet points.",
        # things with their form, told or counted twice or of another unit
        "Eight packing tips we got from the scouts, as bullets.",
        "Eight packing tips and 3 warnings, as bullets.",
        "Eight packing tips for each day, as bullets.",
        "Maybe eight packing tips for the weekend, as bullets.",
        "Twelve words for the spelling test, as bullets.",
        # a later part's list after a title, read by the later-part rule only
        "The draft has a line of no more than 15 words, then two to four bullets.",
    ],
)
def test_list_shape_near_misses(prompt: str) -> None:
    assert counted(prompt, "bullet_count") == []
    assert counted(prompt, "numbered_count") == []
