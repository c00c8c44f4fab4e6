"""Counts of the whole answer that the rest of the prompt used to block:
a quoted word that reads like a handover verb ("Start with 'Correction:'"),
a fixed form's own line count said in passing ("I know they're 5 lines,
right?"), and a count of the very unit the sentence's subject distributes
over ("Every line must begin with '-- ', …, and keep it to 4 lines"); each
beside near misses that must compile nothing (or something else)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._sentences import MASK, mask


def counts(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt)
        if c.spec.kind_name() in ("word_count", "paragraph_count", "sentence_count", "line_count")
    ]


def forms(prompt: str) -> list[tuple[int, str | None]]:
    return [
        (getattr(c.spec, "value", -1), getattr(c.spec, "form", None))
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "line_count"
    ]


# -- a handover verb inside a quote hands nothing over ---------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a correction for the article. Start with 'Correction:'. One paragraph, "
            "no more than 45 words.",
            [("paragraph_count", "exactly", 1), ("word_count", "at_most", 45)],
        ),
        (
            "Open with 'Review:' and keep it to two sentences.",
            [("sentence_count", "exactly", 2)],
        ),
        (
            "Label it 'Summary: ' at the top. At most 80 words.",
            [("word_count", "at_most", 80)],
        ),
    ],
)
def test_a_quoted_handover_word_masks_nothing_after_it(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert counts(prompt) == expected


def test_a_quoted_handover_word_keeps_its_sentence_readable() -> None:
    text = "Start with 'Correction:'. One paragraph."
    masked = mask(text)
    assert masked.endswith("'. One paragraph.")
    assert MASK * 11 in masked  # the quote itself stays masked


@pytest.mark.parametrize(
    "prompt",
    [
        # the verb outside the quote still hands its material over
        "Summarize this text: one paragraph, no more than 45 words, about a cat.",
        "Translate the following: 'Correction: two sentences only'. Keep the tone.",
        "Correct this: 'Their going to the park in 3 sentences'.",
    ],
)
def test_a_handover_outside_quotes_still_masks_its_material(prompt: str) -> None:
    assert counts(prompt) == []


# -- a fixed form's own count, said in a question ---------------------------------------


def test_the_forms_count_said_in_a_question_keeps_the_form() -> None:
    prompt = (
        "Write a limerick. The rhyme scheme is AABBA, obviously, and I know they're 5 lines "
        "— I mean, that's just what a limerick is, right?"
    )
    assert forms(prompt) == [(5, "limerick")]
    assert forms("Write a haiku about rain. Those are 3 lines, aren't they?") == [(3, "haiku")]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a count stated outright is read as such: exact, no form
        ("Write a haiku, 3 lines.", [(3, None)]),
        ("Write a haiku. Lines: 3.", [(3, None)]),
        # another count than the form's: the form is not what is asked
        ("Write a limerick of 6 lines.", [(6, None)]),
        ("Write a limerick. Is it 6 lines?", []),
        ("Write a sonnet. I know sonnets are usually 12 lines.", []),
    ],
)
def test_a_stated_count_still_wins_over_the_form(
    prompt: str, expected: list[tuple[int, str | None]]
) -> None:
    assert forms(prompt) == expected


# -- a count of the unit the subject distributes over -----------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Every line must begin with '-- ', mention the ticket exactly once, and keep it "
            "to 4 lines.",
            ("line_count", "exactly", 4),
        ),
        (
            "Every line of dialogue must begin with a name, they must alternate, and there "
            "must be exactly 8 lines.",
            ("line_count", "exactly", 8),
        ),
        (
            "Old-school layout: every paragraph indented with 4 spaces, and 4 paragraphs in total.",
            ("paragraph_count", "exactly", 4),
        ),
        (
            "Each sentence should start with a verb, and 6 sentences in total.",
            ("sentence_count", "exactly", 6),
        ),
    ],
)
def test_a_count_of_the_distributed_unit_is_the_whole_answers(
    prompt: str, expected: tuple[str, str, int]
) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # another part each, or a part named: the count may be that part's
        "Each stanza must rhyme, every line has 8 syllables, and 4 lines.",
        "Every line of the chorus must rhyme, and 4 lines.",
        "Every line rhymes with the title, and 4 lines.",
        "Each paragraph should have 3 sentences, and 6 sentences.",
        # hedged, negated, conditional
        "Every line should be short, and ideally 4 lines.",
        "Every line must end with a period, and not 4 lines.",
        "Each line ends with an emoji; if possible, 5 lines.",
        # not an item of its own: the count describes each line
        "Every line must be 4 lines long.",
        # the other end of a range, not an item opened by a dash
        "Every line must rhyme, and 3 or 4 lines.",
    ],
)
def test_near_misses_of_the_distributed_unit_compile_no_whole_count(prompt: str) -> None:
    assert [c for c in counts(prompt) if c[0] in ("line_count", "paragraph_count")] == []


def test_a_range_after_the_distributed_unit_stays_a_range() -> None:
    prompt = "Each sentence under 18 words, and 3–4 sentences total."
    assert [c for c in counts(prompt) if c[0] == "sentence_count"] == [
        ("sentence_count", "at_least", 3),
        ("sentence_count", "at_most", 4),
    ]


# -- "…, just <verb>" after a negated clause opens a request of its own -------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "I'm not asking for SQL, just explain in two or three sentences.",
            [("sentence_count", "at_least", 2), ("sentence_count", "at_most", 3)],
        ),
        (
            "I don't want a list, just give me the answer in one sentence.",
            [("sentence_count", "exactly", 1)],
        ),
    ],
)
def test_just_and_a_verb_after_a_negation_is_a_request_of_its_own(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # the negation governs the count itself
        "Don't just write 3 sentences.",
        "I'm not asking you to just explain it in two sentences.",
        # hedged after the comma
        "No SQL, just explain in two sentences if you can.",
    ],
)
def test_a_negated_or_hedged_just_clause_compiles_no_count(prompt: str) -> None:
    assert counts(prompt) == []


# -- the lines a prompt opens with, and a compound without its hyphen -----------------------


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Three lines of dialogue for a grumpy blacksmith NPC.", 3),
        ("write a 2 line rhyme for my brother's 40th birthday card, he loves darts.", 2),
        ("Give me a 4 line poem about rain.", 4),
    ],
)
def test_lines_of_dialogue_and_a_spaced_compound_count_the_answers_lines(
    prompt: str, value: int
) -> None:
    assert counts(prompt) == [("line_count", "exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        # the lines of dialogue are one part of what is written
        "Write a short story with 4 lines of dialogue.",
        "A scene. Three lines of dialogue for the king.",
        "Six lines of dialogue between two knights, then a stage direction.",
        # no thing made of lines, one for each, a condition, a negation, a title
        "Give me a 3 line gap between sections.",
        "Write a 2 line rhyme for each season.",
        "If you can, write a 2 line rhyme.",
        "Don't write a 2 line rhyme.",
        "Write a 2 line rhyme with a title.",
        "Write a 2 line rhyme and then explain it.",
    ],
)
def test_near_misses_of_dialogue_and_spaced_compound_lines(prompt: str) -> None:
    assert counts(prompt) == []


# -- pieces named by their use, separated by a literal run ---------------------------------


def versions(prompt: str) -> list[tuple[int, str]]:
    return [
        (getattr(c.spec, "versions", -1), getattr(c.spec, "separator", ""))
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "separated_versions"
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Give me two different opening lines for a fantasy novel, separated by a line "
            "with exactly ******.",
            [(2, "******")],
        ),
        ("Produce 3 macros separated by '=====' lines.", [(3, "=====")]),
        ("Write two alternative hooks separated by ---.", [(2, "---")]),
    ],
)
def test_pieces_named_by_their_use_are_separated_versions(
    prompt: str, expected: list[tuple[int, str]]
) -> None:
    assert versions(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 4 lines separated by ***.",
        "Could you give me two hooks separated by ---?",
        "Don't separate the two captions with ***.",
        "Write a song with two verses separated by ***.",
    ],
)
def test_near_misses_of_named_pieces_compile_no_versions(prompt: str) -> None:
    assert versions(prompt) == []
