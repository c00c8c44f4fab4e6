"""Counts of the answer's own units in the wordings people use: the count
as an adjective of what a making verb asks for ("write a 2-line couplet"),
the units described by what follows them ("5 sentences where each one …",
"one sentence of no more than 20 words"), a count under a label ("Format: 3
paragraphs", "Paragraphs — exactly two"); and the near misses that must
compile no count."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def counts(prompt: str, system: str | None = None) -> list[tuple[str, str, int]]:
    """(kind, relation, value) of every count compiled."""
    found: list[tuple[str, str, int]] = []
    for check in compile_checks(prompt, system=system):
        spec: Any = check.spec
        if spec.kind in ("sentence_count", "paragraph_count", "line_count", "code_block_count"):
            found.append((spec.kind, spec.relation, spec.value))
    return found


S1 = ("sentence_count", "exactly", 1)
P1 = ("paragraph_count", "exactly", 1)


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # the units are the answer; what follows describes them
        (
            "Write 5 sentences where each one begins with a different vowel.",
            [("sentence_count", "exactly", 5)],
        ),
        ("Compose three sentences that each end in a rhyme.", [("sentence_count", "exactly", 3)]),
        ("give me 4 sentences which use the word tide", [("sentence_count", "exactly", 4)]),
        ("Give me one sentence that uses all of these words: lantern, tide.", [S1]),
        ("Could you please write me just one sentence with the words moon and sea?", [S1]),
        ("Describe the smell of rain in one sentence of no more than 20 words.", [S1]),
        ("Explain gravity in a single sentence with no jargon.", [S1]),
        ("It has to be one sentence with exactly 8 words.", [S1]),
        ("Write one sentence in which the word 'cat' appears twice.", [S1]),
        ("Describe the harbour in a single paragraph with no adjectives.", [P1]),
        ("Can you rewrite my notes as a single flowing paragraph with no lists?", [P1]),
        ("summarise the film in one paragraph using simple words", [P1]),
        # the count as an adjective of the thing a making verb asks for
        ("Write a one-paragraph abstract for a study on sleep.", [P1]),
        ("Draft a 2-paragraph cover note for the parcel.", [("paragraph_count", "exactly", 2)]),
        ("Write a four-sentence paragraph about volcanoes.", [("sentence_count", "exactly", 4)]),
        (
            # one paragraph of four sentences, "every sentence" naming it the answer again
            "Write a four-sentence paragraph where every sentence names a volcano.",
            [("sentence_count", "exactly", 4), ("paragraph_count", "exactly", 1)],
        ),
        ("Give me a three-sentence bio for the speaker page.", [("sentence_count", "exactly", 3)]),
        # a count under a label, or the unit first
        ("Format: 3 paragraphs, no headings.", [("paragraph_count", "exactly", 3)]),
        ("Length: two paragraphs.", [("paragraph_count", "exactly", 2)]),
        ("Constraints: one sentence only; no emojis.", [S1]),
        ("Paragraphs — exactly two.", [("paragraph_count", "exactly", 2)]),
        ("Sentences: at most 4.", [("sentence_count", "at_most", 4)]),
        ("paragraphs: 3", [("paragraph_count", "exactly", 3)]),
    ],
)
def test_counts_of_the_answer_compile(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # the units are material, or one per thing, or another part's
        "Use 3 sentences from the article as quotes.",
        "Write a sentence for each season.",
        "Write a 3-sentence summary for each chapter.",
        "Give me 3 sentences of the speech you liked best.",
        "Compose a song with 3 sentences that rhyme.",
        # hedged, negated, asked about, conditional
        "Maybe write 5 sentences where each begins with a vowel.",
        "Don't write 5 sentences that all start the same way.",
        "Should I write one sentence with all the words?",
        "If you can, describe it in a single paragraph with no adjectives.",
        # a label that is no requirement, a unit that is counted elsewhere
        "Paragraphs — I have two of them below.",
        "Format: my essay has 3 paragraphs.",
        "Respond with a sentence or two.",
    ],
)
def test_near_misses_compile_no_count(prompt: str) -> None:
    assert counts(prompt) == []


def test_system_prompt_rules_read_as_the_reply_s_count() -> None:
    system = "You write alt text.\nConstraints: one sentence only; 125 characters maximum."
    assert counts("A dog on a beach.", system=system) == [S1]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        # the things each line holds, counted where the prompt names them
        ("Write a rap verse about my dog, 8 bars, each bar on its own line.", 8),
        ("Twelve clues for the crossword please - one clue per line.", 12),
        ("I need 6 haiku-like fragments. Put each fragment on its own line.", 6),
        # the one count of things asked for, in a list of them
        ("Generate a list of 15 adjectives for a forest, all lowercase, one per line.", 15),
        ("give a quick list of 5 fruits. Use lowercase, no bullets, one word per line.", 5),
        ("Translate the greeting into 4 languages, each on its own line.", 4),
        ("Say it in three different ways, each on its own line.", 3),
        # a measure of each thing is no second list of things
        ("Suggest 5 passwords. Each must be exactly 16 characters. One per line.", 5),
        ("I need 10 spelling words, lowercase, one per line.", 10),
    ],
)
def test_lines_as_many_as_things(prompt: str, value: int) -> None:
    assert ("line_count", "exactly", value) in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 3 sentences of 8 words each, each word on its own line.",
        "Give me 3 pros and 3 cons, one per line.",
        "Write 4 stanzas with 4 bars each, each bar on its own line.",
        "If you list 5 names, should each name be on its own line?",
        "Maybe give 5 names, one per line.",
    ],
)
def test_lines_not_counted_from_things(prompt: str) -> None:
    assert [c for c in counts(prompt) if c[0] == "line_count"] == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Give me 4 tips for sleeping. Put each tip in a separate paragraph.", 4),
        ("Give me three reasons to visit Oslo. Put each reason in its own paragraph.", 3),
        ("Describe five birds, one paragraph per bird.", 5),
        ("could u explain 3 causes of WW1? every cause as a paragraph", 3),
    ],
)
def test_paragraphs_as_many_as_things(prompt: str, value: int) -> None:
    assert ("paragraph_count", "exactly", value) in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # an opening, a closing or a title is a paragraph too
        "Give me 4 tips with a short intro. Put each tip in its own paragraph.",
        "List 3 reasons and a conclusion, each reason in its own paragraph.",
        # a letter's greeting and sign-off are blocks of their own
        "Write me an email with 3 updates, each update in its own paragraph.",
        # a separator stated loosely, a count per part, a question, a hedge
        "Give me 4 tips. Put each tip in a separate paragraph, separated by a line of dashes.",
        "Give me 4 tips, 2 per section. Put each tip in its own paragraph.",
        "If you give 4 tips, should each tip be in its own paragraph?",
        "Give 4 tips; ideally each tip in its own paragraph.",
    ],
)
def test_paragraphs_not_counted_from_things(prompt: str) -> None:
    assert [c for c in counts(prompt) if c[0] == "paragraph_count"] == []


def markup(prompt: str) -> list[tuple[str, str, int]]:
    found: list[tuple[str, str, int]] = []
    for check in compile_checks(prompt):
        spec: Any = check.spec
        if spec.kind in ("bullet_count", "numbered_count", "heading_count"):
            found.append((spec.kind, spec.relation, spec.value))
    return found


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a count of markup stated for a later part is the whole answer's
        (
            "Use an H1 title, then a TL;DR in a blockquote, then at most 6 bullet points.",
            ("bullet_count", "at_most", 6),
        ),
        ("Write a short intro, then 5 bullet points.", ("bullet_count", "exactly", 5)),
        (
            "open with one sentence and then give no more than four numbered steps",
            ("numbered_count", "at_most", 4),
        ),
        (
            "Start with a greeting, followed by exactly 3 bullet points.",
            ("bullet_count", "exactly", 3),
        ),
        # "group it under …" is a directive
        (
            "Group it under exactly four headings (Clothing, Gear, Food, Documents).",
            ("heading_count", "exactly", 4),
        ),
    ],
)
def test_markup_counts_of_a_later_part(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in markup(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # the markup is named twice: which count is the whole's is unsaid
        "Write an intro with 2 bullet points, then 5 more bullet points.",
        # hedged or conditional
        "If you want, write an intro, then 5 bullet points.",
        "Write an intro, then maybe 5 bullet points.",
    ],
)
def test_markup_counts_of_a_later_part_near_misses(prompt: str) -> None:
    assert [m for m in markup(prompt) if m[0] == "bullet_count"] == []


def test_a_later_part_s_prose_count_stays_that_part_s() -> None:
    assert counts("Write an intro, then 5 sentences about the author.") == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a line count as the adjective of what a making verb asks for
        ("Write a 2-line rhyming couplet about coffee.", ("line_count", "exactly", 2)),
        ("compose me a four-line birthday verse for my aunt", ("line_count", "exactly", 4)),
        ("Give me a 3-line stanza about frost.", ("line_count", "exactly", 3)),
        # the count alone, under a label, or after its unit
        ("One line only.", ("line_count", "exactly", 1)),
        ("Output format: 5 lines;", ("line_count", "exactly", 5)),
        ("Lines: 4.", ("line_count", "exactly", 4)),
        ("lines — at most 6;", ("line_count", "at_most", 6)),
    ],
)
def test_line_counts_in_more_wordings(prompt: str, expected: tuple[str, str, int]) -> None:
    assert counts(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a poem with a 4-line chorus.",
        "My poem has 4 lines.",
        "Write a 2-line couplet, then explain its meter.",
        "Lines: I wrote 4 of them below.",
        "Should it be one line only?",
    ],
)
def test_line_counts_near_misses(prompt: str) -> None:
    assert [c for c in counts(prompt) if c[0] == "line_count"] == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # the things asked for in one sentence, the list form named in another
        (
            "Brainstorm 12 episode ideas. Present them as a bulleted list.",
            [("bullet_count", "exactly", 12)],
        ),
        ("Give me 6 ideas. Show them as a numbered list.", [("numbered_count", "exactly", 6)]),
        ("suggest 4 names pls. write them in a bulleted list", [("bullet_count", "exactly", 4)]),
        # the list named, its count after what it holds
        (
            "Include a bulleted list of what to bring, 3-5 items.",
            [("bullet_count", "at_least", 3), ("bullet_count", "at_most", 5)],
        ),
        ("Add a numbered list of the steps, exactly 6 items.", [("numbered_count", "exactly", 6)]),
    ],
)
def test_list_counts_in_more_wordings(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert markup(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 6 ideas. Should I show them as a numbered list?",
        "Include a bulleted list of what to bring, 3 words each.",
        "Give me 6 ideas and 2 warnings. Show them as a numbered list.",
    ],
)
def test_list_counts_near_misses(prompt: str) -> None:
    assert markup(prompt) == []
