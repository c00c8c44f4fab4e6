"""Counts compile only what was asked, for the scope asked: the unit and
its scope read whole, a part, a condition, an edit or one thing of each
left to the judge (tests/criteria/data/near_misses.jsonl holds more)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks

_COUNTS = frozenset(
    {
        "paragraph_count",
        "sentence_count",
        "line_count",
        "word_count",
        "bullet_count",
        "item_count",
        "each_count",
        "each_word_count",
        "part_count",
    }
)


def counts(prompt: str, system: str | None = None) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt, system=system)
        if c.spec.kind_name() in _COUNTS
    ]


P1 = ("paragraph_count", "exactly", 1)
S1 = ("sentence_count", "exactly", 1)


# -- "a paragraph", "a sentence": one only where a count or the answer's shape says so --


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Answer in a sentence: why is the sky blue?", [S1]),
        ("Reply with a paragraph on the causes of the war.", [P1]),
        ("Write one paragraph about glaciers.", [P1]),
        ("Give me a single sentence that describes Lisbon.", [S1]),
        ("Please write just one sentence about my cat.", [S1]),
        # the unit named again as the answer
        ("Write a short paragraph on bees. The paragraph must mention pollen.", [P1]),
        ("Compose a paragraph about rain in which every sentence is under 12 words.", [P1]),
    ],
)
def test_one_paragraph_or_sentence_is_asked(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert [c for c in counts(prompt) if c in (P1, S1)] == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a sentence in which every word begins with a vowel.",
        "Compose a short paragraph about snow that never uses the letter 'a'.",
        "Could you write me a palindrome sentence?",
        "Draft a welcome paragraph for our intranet page.",
        "Generate a sentence using the words 'moss', 'clock' and 'river'.",
        "Bitte write a paragraph about Vienna with many adjectives.",
    ],
)
def test_a_thing_to_write_is_no_count(prompt: str) -> None:
    assert [c for c in counts(prompt) if c in (P1, S1)] == []


# -- a condition right after the count holds it to some replies only -----------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Reply in 2 lines if the user just says hi; otherwise help them fully.",
        "Use at most 5 bullet points when the user asks for a list.",
        "Keep it under 100 words if the question is simple.",
        "Give 3 examples only if the user asks for examples.",
        "Write at most 200 words when summarising, but answer questions in full.",
        "Answer in 4 lines whenever the user writes in French.",
        "Write 3 paragraphs unless the topic is simple.",
    ],
)
def test_a_count_under_a_condition_compiles_nothing(prompt: str) -> None:
    assert counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Answer in under 50 words, even if the question is long.",
            [("word_count", "at_most", 49)],
        ),
        ("Explain in 2 sentences when the war began.", [("sentence_count", "exactly", 2)]),
        ("Reply in 2 lines.", [("line_count", "exactly", 2)]),
        ("Use at most 5 bullet points.", [("bullet_count", "at_most", 5)]),
    ],
)
def test_a_count_without_a_condition_still_compiles(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert counts(prompt) == expected


# -- a second part with its own count, its unit left out ---------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Use 3 sentences to describe the problem and 2 to propose a fix.",
        "Write the bio in under 100 words, and the tagline in under 10.",
        "describe the bug in 2 paragraphs and the workaround in 1",
        "Give the summary in at most 3 sentences plus the verdict in 1.",
    ],
)
def test_a_second_count_of_the_same_unit_is_no_whole_count(prompt: str) -> None:
    assert counts(prompt) == []


def test_one_count_with_its_purpose_compiles() -> None:
    assert counts("Use 3 sentences to describe the problem.") == [("sentence_count", "exactly", 3)]
    assert counts("Write the bio in under 100 words.") == [("word_count", "at_most", 99)]


# -- one part framed: an abstract, a lede, an overview; "the rest" can be long --------


@pytest.mark.parametrize(
    "prompt",
    [
        "In the abstract, use no more than 4 sentences; the rest of the paper can be long.",
        "For the lede, at most 2 sentences.",
        "Within the overview, use 3 sentences max.",
        "Use at most 40 words — the remainder of the article is up to you.",
        "Keep it to 2 paragraphs; everything else goes in the appendix.",
    ],
)
def test_a_count_of_one_part_is_no_whole_count(prompt: str) -> None:
    assert counts(prompt) == []


# -- a thing of several lines for each of several things ------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a 4-line verse for each season.",
        "Write a 2-line caption per photo.",
        "Compose a 3-line poem for every month of the year.",
    ],
)
def test_one_thing_for_each_is_no_count_of_lines(prompt: str) -> None:
    assert counts(prompt) == []


def test_a_poem_whose_lines_are_described_keeps_its_count() -> None:
    prompt = "Write a 4-line poem where the first letter of each line spells OPEN."
    assert ("line_count", "exactly", 4) in counts(prompt)
    assert counts("compose a six-line poem about each other") == [("line_count", "exactly", 6)]


# -- a count of a thing about each part, not the part --------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "You are a writing coach. Feedback on each paragraph should be one sentence.",
        "Comments about each bullet must be under 10 words.",
        "A reply to every sentence should have at most 5 words.",
    ],
)
def test_a_thing_about_each_part_is_not_the_part(prompt: str) -> None:
    assert counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Each paragraph should have 3 sentences.", [("each_count", "exactly", 3)]),
        ("Keep each bullet under 12 words.", [("each_word_count", "at_most", 11)]),
        ("every sentence must stay under 20 words", [("each_word_count", "at_most", 19)]),
    ],
)
def test_a_count_of_each_part_still_compiles(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert counts(prompt) == expected


# -- an edit of a given part aims at a size; it asks no count of the answer -------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Editor's note: cut the second paragraph to 50 words.",
        "Trim the title down to 6 words.",
        "Please shorten the first sentence to 10 words.",
    ],
)
def test_an_edit_of_a_part_is_no_count(prompt: str) -> None:
    assert counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Keep the first paragraph under 50 words.", [("part_count", "at_most", 49)]),
        ("Make the title 6 words.", [("part_count", "exactly", 6)]),
        ("The second sentence must have exactly 10 words.", [("part_count", "exactly", 10)]),
    ],
)
def test_a_count_of_a_part_still_compiles(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert counts(prompt) == expected


# -- the whole answer less a part; another part left free ---------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Answer in under 100 words, not counting the code.",
        "Write 200 words, excluding the title.",
        "use at most 3 paragraphs (apart from the references)",
        "Keep the explanation under 50 words; the code can be as long as needed.",
        "Write at most 2 paragraphs of prose. The table may be longer.",
    ],
)
def test_a_count_of_the_answer_less_a_part_compiles_nothing(prompt: str) -> None:
    assert [c for c in counts(prompt) if c[0] != "part_count"] == []


# -- more than one blank line, a chorus beside the stanzas --------------------------


def blank(prompt: str) -> list[dict[str, object]]:
    return [
        c.spec.model_dump() for c in compile_checks(prompt) if c.spec.kind_name() == "blank_lines"
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Use two blank lines between sections, one between paragraphs.",
        "Add 2 blank lines between the jokes.",
        "put three empty lines between the stanzas",
    ],
)
def test_more_than_one_blank_line_is_no_single_gap(prompt: str) -> None:
    assert blank(prompt) == []


def test_one_blank_line_between_parts_still_compiles() -> None:
    assert blank("Leave a blank line between paragraphs.") == [
        {"kind": "blank_lines", "between": "paragraphs", "blank": 1}
    ]
    assert blank("Put one empty line between the tips.") == [
        {"kind": "blank_lines", "between": "blocks", "blank": 1}
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write three stanzas; the chorus (4 lines) repeats after each.",
        "Write a song of 3 stanzas with a catchy refrain.",
        "Write a fable in 2 paragraphs and end with a moral.",
    ],
)
def test_stanzas_or_paragraphs_beside_another_block_are_no_count(prompt: str) -> None:
    assert [c for c in counts(prompt) if c[0] == "paragraph_count"] == []


def test_stanzas_alone_are_counted() -> None:
    assert counts("Write three stanzas about the tide.") == [("paragraph_count", "exactly", 3)]


# -- one paragraph or sentence for a thing made and then explained --------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 5 ideas for a party and explain the best one in a paragraph.",
        "Write a limerick about rain, then explain its rhyme in one sentence.",
        "Translate the phrase into Spanish and explain the grammar in a single sentence.",
    ],
)
def test_an_explanation_beside_the_thing_made_is_no_whole_count(prompt: str) -> None:
    assert [c for c in counts(prompt) if c in (P1, S1)] == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Explain photosynthesis in one sentence.", [S1]),
        ("Describe the city in a single paragraph.", [P1]),
        ("please explain in a sentence why the sky is blue", [S1]),
    ],
)
def test_an_explanation_alone_keeps_its_count(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert counts(prompt) == expected


# -- the size of each of several parts; a second count with its noun left out ----------


@pytest.mark.parametrize(
    "prompt",
    [
        "You are a bot for kids: use short sentences of 8 words or fewer.",
        "Write bullets with at most 10 words.",
        "use lines of 6 words in the poem",
        "Describe Paris in three words, and London in four.",
    ],
)
def test_each_parts_size_is_no_whole_count(prompt: str) -> None:
    assert [c for c in counts(prompt) if c[0] == "word_count"] == []


def test_the_answers_own_size_still_compiles() -> None:
    assert counts("Describe Paris in three words.") == [("word_count", "exactly", 3)]
    assert counts("Write a paragraph of at most 80 words.") == [("word_count", "at_most", 80)]
