"""A rule of every part said in a clause of its own, within a sentence that
lists other requirements: "…, and each line should be no more than 6
words", "Each card max 2 lines, each line max 37 characters", "Use short
words if you can, keep every sentence under 15 words", "… without the
letter z and with every paragraph under 50 words", "x must not appear, and
every sentence ends with '!'", "Rewrite this so no sentence is longer than
15 words", "Could you write …, keep each paragraph under 60 words …?".

The clause is read as it would be alone; what the sentence says before it
(a description, a text handed over, a hedge of that clause, a question)
keeps it from compiling."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def _specs(prompt: str, kind: str) -> list[dict[str, object]]:
    found = []
    for check in compile_checks(prompt):
        if check.spec.kind_name() == kind:
            spec = check.spec.model_dump()
            spec.pop("kind")
            found.append(spec)
    return found


def _lines(prompt: str) -> list[tuple[str, int, str]]:
    return [
        (str(s["relation"]), int(str(s["value"])), str(s["length_in"]))
        for s in _specs(prompt, "line_length")
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Each line must start with a capital letter, and each line should be no more "
            "than 6 words.",
            [("at_most", 6, "words")],
        ),
        ("Each card max 2 lines, each line max 37 characters.", [("at_most", 37, "characters")]),
        (
            "Each row in double quotes, no line over 12 words, and a rhyme in every verse.",
            [("at_most", 12, "words")],
        ),
        (
            "Timeline format, years in order, between 6 and 10 lines, no line over 80 characters.",
            [("at_most", 80, "characters")],
        ),
        (
            "Signs in ALL CAPS, at most 3 lines, each line 32 characters or fewer.",
            [("at_most", 32, "characters")],
        ),
        ("Write a poem, each line 8 words or less.", [("at_most", 8, "words")]),
        (
            "Write a poem where no two lines rhyme, and every line has between 4 and 8 words.",
            [("at_least", 4, "words"), ("at_most", 8, "words")],
        ),
        (
            "Every line should have between 3 and 5 words.",
            [("at_least", 3, "words"), ("at_most", 5, "words")],
        ),
    ],
)
def test_a_line_rule_in_a_clause_of_its_own(
    prompt: str, expected: list[tuple[str, int, str]]
) -> None:
    assert _lines(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "My poem has 4 stanzas, and each line has 8 words.",  # described
        "I wrote a poem, and each line should be under 8 words.",  # someone's own
        "The song below rhymes, and no line over 12 words.",  # a text handed over
        "Each line must rhyme if you can, and each line should be no more than 6 words.",  # hedged
        "Should it rhyme, and each line be at most 6 words?",  # asked
        "Write a poem, every line with between 8 and 4 words.",  # no range
        "Write a poem, each line 8 words or more.",  # not a cap this reads
        "Here is my draft, and each line is under 40 characters.",  # given
    ],
)
def test_a_line_rule_after_other_words_near_misses(prompt: str) -> None:
    assert _lines(prompt) == []


def _each_words(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (str(s["part"]), str(s["relation"]), int(str(s["value"])))
        for s in _specs(prompt, "each_word_count")
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a hedge trailing the clause before is that clause's
        (
            "Use only words of one or two syllables if you can, keep every sentence under "
            "15 words, and use exactly 3 paragraphs.",
            [("sentence", "at_most", 14)],
        ),
        (
            "Use plain words where possible, every paragraph under 50 words.",
            [("paragraph", "at_most", 49)],
        ),
        # "and with" after "without": a new subject
        (
            "Explain the offside rule without using the letter 'z' and with every paragraph "
            "under 50 words.",
            [("paragraph", "at_most", 49)],
        ),
        # a polite request for the answer
        (
            "Could you write the newsletter piece — three paragraphs, keep each paragraph under "
            "60 words, and sign it from the class?",
            [("paragraph", "at_most", 59)],
        ),
        # what a rewrite makes of the text given
        (
            "Rewrite this macro so no sentence is longer than 15 words.",
            [("sentence", "at_most", 15)],
        ),
        (
            "Revise my paragraph so that every sentence has at most 12 words.",
            [("sentence", "at_most", 12)],
        ),
    ],
)
def test_each_count_in_a_clause_of_its_own(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert _each_words(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "If you can, keep every sentence under 15 words.",  # hedges what follows
        "Please if possible, keep every sentence under 15 words.",
        "Keep every sentence under 15 words if you can, and use 3 paragraphs.",  # its own hedge
        "Use simple words if you can, and ideally keep every sentence under 15 words.",
        "Explain the offside rule without every paragraph under 50 words.",
        "Could each paragraph be under 60 words?",  # asked
        "Could you tell me whether each paragraph should be under 60 words?",
        "My essay so far has no sentence over 15 words.",  # described
        "This essay has no sentence longer than 15 words, so rewrite it.",
        "Why does this draft have every sentence under 15 words?",
    ],
)
def test_each_count_near_misses(prompt: str) -> None:
    assert _each_words(prompt) == []


def _ends(prompt: str) -> list[tuple[str, str]]:
    return [(str(s["part"]), str(s["phrase"])) for s in _specs(prompt, "each_ends_with")]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Rewrite this consent paragraph so that no sentence starts with 'The' and every "
            "sentence ends with a full stop.",
            [("sentence", ".")],
        ),
        (
            "The letter x must not appear anywhere, and every sentence ends with an "
            "exclamation mark.",
            [("sentence", "!")],
        ),
        ("Don't use commas and every paragraph ends with '!'.", [("paragraph", "!")]),
    ],
)
def test_every_part_ends_after_a_negated_clause(
    prompt: str, expected: list[tuple[str, str]]
) -> None:
    assert _ends(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Do not end every sentence with an exclamation mark.",
        "Never finish each paragraph with a question mark.",
        "It doesn't matter if every sentence ends with a period.",
        "No need for every sentence to end with a full stop.",
    ],
)
def test_every_part_ends_negated_near_misses(prompt: str) -> None:
    assert _ends(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # "each one" after the parts counted
        (
            "Write me 5 sentences, each one exactly 7 words long, about my cat.",
            [("sentence", "exactly", 7)],
        ),
        # a count that ends the list of what every part must be or do
        (
            "Every sentence must be in the present tense and contain fewer than 9 words.",
            [("sentence", "at_most", 8)],
        ),
        (
            'Every bullet must be exactly one sentence, contain the word "dog", and be under '
            "18 words.",
            [("bullet", "at_most", 17)],
        ),
        (
            "Each paragraph should open with a question and have at most 40 words.",
            [("paragraph", "at_most", 40)],
        ),
        # "don't let any part go over …"
        (
            "Mention the harness, and don't let any paragraph go over 60 words.",
            [("paragraph", "at_most", 60)],
        ),
        ("Never let a sentence run past 20 words.", [("sentence", "at_most", 20)]),
        # the noun the prompt names its numbered items by
        (
            "Write the instructions. Numbered steps only, 6 to 8 of them, each step 20 words "
            "or fewer.",
            [("numbered", "at_most", 20)],
        ),
        (
            "Write inhaler instructions. One line per step, steps numbered, and no step over "
            "12 words.",
            [("numbered", "at_most", 12)],
        ),
        (
            "A protocol with one numbered step per line. Every step must begin with a verb and "
            "contain at most 20 words.",
            [("numbered", "at_most", 20)],
        ),
        (
            "All caps headline, then 5 numbered stages, each stage 8 words or fewer.",
            [("numbered", "at_most", 8)],
        ),
    ],
)
def test_each_count_more_wordings(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert _each_words(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # another thing in the list the count may be of, a sequence, an alternative
        "Every bullet must name a tool, followed by a note and be under 20 words.",
        "Every sentence must be in the present tense or contain fewer than 9 words.",
        "Every bullet must name a tool, then a note, and be under 20 words.",
        "Should every sentence be in the present tense and contain fewer than 9 words?",
        # told, not asked
        "My paragraphs are fine; I don't let any paragraph go over 60 words.",
        "Do let any paragraph go over 60 words.",
        # no numbered items named by the noun
        "Write a recipe. Each step under 20 words.",
        "Write a recipe with 5 numbered steps and 3 tips, each tip under 20 words.",
        "Write 5 numbered steps. My steps have no step over 12 words.",
        # two nouns for numbered things: which one is meant is unclear
        "Give 4 numbered steps and 3 numbered tips, each step under 20 words.",
    ],
)
def test_each_count_more_near_misses(prompt: str) -> None:
    assert _each_words(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Three paragraphs. Each paragraph must open with a question and end with a full stop.",
            [("paragraph", ".")],
        ),
        (
            "Every sentence should use the word 'cat' and finish with an exclamation mark.",
            [("sentence", "!")],
        ),
        ("Each bullet must name one tool, and end with a period.", [("bullet", ".")]),
    ],
)
def test_every_part_ends_last_in_a_list(prompt: str, expected: list[tuple[str, str]]) -> None:
    assert _ends(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Each paragraph must not open with a question and end with a full stop.",
        "Each paragraph must open with a question or end with a full stop.",
        "Each bullet must name a tool, then a note, and end with a period.",
        "Must every paragraph open with a question and end with a full stop?",
        "Each paragraph must open with a question and end with a full stop if possible.",
        "Each paragraph must end with a quote and end with a full stop.",
    ],
)
def test_every_part_ends_last_in_a_list_near_misses(prompt: str) -> None:
    assert _ends(prompt) == []
