"""Line and item counts said in a writer's own words: a count the prompt
opens with ("Four lines for a picture book."), a purpose after the lines
("5 lines for a gym poster"), a count in brackets after the thing ("a short
poem (4 lines)"), "make it 4 lines", "one per line" after things asked with
"list the", at the prompt's start or after a label, "each on one line", and
item requests made by any writing verb ("write 3 fun facts"), a run-in list
"separated by semicolons", "write a list of 5 goals", "10 elf names …, each
…". Each pattern beside its near misses: counts of the topic, of a part, of
each thing, hedged or changed ("4 lines shorter") compile nothing or
something else."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def counted(prompt: str, kind: str) -> list[tuple[str, int]]:
    found = []
    for check in compile_checks(prompt):
        spec = check.spec.model_dump(mode="json")
        if spec["kind"] == kind:
            found.append((spec["relation"], spec["value"]))
    return found


@pytest.mark.parametrize(
    ("prompt", "lines"),
    [
        # the prompt opens with its count, no verb before it
        ("Four lines for a picture book. In each line every word starts with the same letter.", 4),
        ('6 lines of rap about studying late, and every line has to end with "-ation".', 6),
        ("10-line interview script for a podcast with a beekeeper. Interviewer first.", 10),
        ("Three lines about the sea.", 3),
        # a purpose after the lines, a few words saying what they are like
        ("Write 5 short motivational lines for a gym poster. Each one must start with a verb.", 5),
        ("Write 5 lines for a gym poster.", 5),
        ("Give me 4 lines of text about cats.", 4),
        # the count in brackets after the thing asked for
        ('Write a short poem (4 lines) where the only vowel used is "o".', 4),
        # "make it", "with an AABB rhyme", "please"
        ('Chant for our club. The word "Rovers" must appear twice, and make it 4 lines.', 4),
        ("Write a riddle. The riddle should be 4 lines with an AABB rhyme.", 4),
        ("Write a short poem about autumn rain. Four lines please, and no title.", 4),
        # what each line holds; a refused explanation adds no line
        ("Write 3 lines of 5 words each.", 3),
        ("Write 4 lines about rain, with no explanation.", 4),
        # the same lines named again are not a second part
        ("Write a 3-line slogan set for a gym, and the three lines must grow in length.", 3),
    ],
)
def test_line_counts_in_a_writers_words(prompt: str, lines: int) -> None:
    assert counted(prompt, "line_count") == [("exactly", lines)]


@pytest.mark.parametrize(
    "prompt",
    [
        # a count of a part, or of each part
        "Write 4 lines for each verse.",
        "Write 4 lines for a verse and 8 for the chorus.",
        "Write a song where each verse (4 lines) rhymes.",
        "Four lines for each stanza, please.",
        # lines that are not the answer's
        "Write 4 lines of code for a parser.",
        "4 lines of code in Python that print hello.",
        "I wrote a poem (4 lines) last week. Tell me what you think.",
        # a change, not a count; hedged or only sometimes asked
        "Here is my chant. Make it 4 lines shorter.",
        "Four lines about cats if you have time.",
        "Four lines about cats, ideally.",
        # two parts with lines of their own; an explanation adds lines
        "Write a 3-line poem and a 2-line dedication.",
        "Write 4 lines about rain, with an explanation.",
        "Write 4 lines about rain. Add commentary below.",
        # lines of a part
        "Write a poem with 2 stanzas of 4 lines of 8 words.",
    ],
)
def test_line_count_near_misses(prompt: str) -> None:
    assert counted(prompt, "line_count") == []


@pytest.mark.parametrize(
    ("prompt", "lines"),
    [
        # "list the 8 planets": the things named are the list
        (
            'List the 8 planets from farthest to nearest the Sun. One per line, as "Name — X.XX AU"'
            " with two decimals.",
            8,
        ),
        # things told apart ("no two fruits may …") are no second set
        (
            "List 7 fruits by name length. No two fruits may have names of the same length. "
            "Just the names, one per line.",
            7,
        ),
        # the prompt opens with the things, alone or after a label
        ("5 famous quotes about courage. Each one in double quotation marks. One per line.", 5),
        (
            "True/false quiz about the solar system: 6 statements, one per line, each line ending "
            "with (T) or (F).",
            6,
        ),
        (
            '5 Spanish words for kitchen items, one per line in the format "la sartén = pan".',
            5,
        ),
        ("8 email subject lines for our spring sale, each under 45 characters. One per line.", 8),
        # "each on one line": each thing on a line of its own
        ('French verb flashcards: 8 cards, each on one line as "Front: … | Back: …".', 8),
    ],
)
def test_one_per_line_counts(prompt: str, lines: int) -> None:
    assert ("exactly", lines) in counted(prompt, "line_count")


@pytest.mark.parametrize(
    "prompt",
    [
        # the count is the topic, or the user's, not things asked for
        "Tell me about the 3 musketeers, one per line.",
        "My 4 kids need chores: list chores, one per line.",
        "Tell me about the 7 wonders of the world. One fact per line.",
        # two sets of things; a set the list form counts
        "3 pros and 3 cons, one per line.",
        "List the 7 wonders of the ancient world as a numbered list, one per line.",
        # hedged
        "5 Spanish words for kitchen items, one per line if possible.",
    ],
)
def test_one_per_line_near_misses(prompt: str) -> None:
    assert counted(prompt, "line_count") == []


@pytest.mark.parametrize(
    ("prompt", "items"),
    [
        ("Write 3 fun facts about octopuses. Each fact must contain a number.", 3),
        (
            "Create 4 book recommendations for teens. Format each as: Title (Year) by Author.",
            4,
        ),
        ("Write a list of 5 goals for next year.", 5),
        # a run-in list cut at its semicolons
        ("Name 5 countries, separated by semicolons.", 5),
        ('Name 5 countries ending in "ia", on a single line separated by semicolons.', 5),
        # the prompt opens with the things; what follows says what each is
        ("10 elf names for my D&D party, each containing exactly one apostrophe.", 10),
        ("5 tips for sleep, each under 10 words.", 5),
    ],
)
def test_item_counts_in_a_writers_words(prompt: str, items: int) -> None:
    assert counted(prompt, "item_count") == [("exactly", items)]


@pytest.mark.parametrize(
    "prompt",
    [
        # a part beside the list, or the things inside another part
        "Write an essay with 3 examples.",
        "Write 3 examples in a paragraph.",
        # the count is the topic or the user's
        "Tell me about the 3 musketeers.",
        "My 4 kids need ideas for chores.",
        # each thing is more than a line: no list of items
        "5 tips for sleep, each with a paragraph of explanation.",
        # things told, not asked for
        "3 reasons I love you were on the card, each one sweet.",
        # a separator that starts blocks, not a run-in list
        "Name 5 countries, separated by a blank line.",
    ],
)
def test_item_count_near_misses(prompt: str) -> None:
    assert counted(prompt, "item_count") == []
