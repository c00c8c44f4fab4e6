"""Phrasings the shared grammar reads for every family: clause breaks
before a new directive, a thing asked for with its count after it, and
marks a prompt asks for without a number."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def found(prompt: str) -> list[tuple[str, object, object]]:
    return [
        (c.spec.kind, getattr(c.spec, "relation", None), getattr(c.spec, "value", None))
        for c in compile_checks(prompt)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a negation ends where a new directive begins
        (
            "Do not use any colons and highlight at least 2 sections with markdown.",
            ("highlight_count", "at_least", 2),
        ),
        # the thing asked for, then what it contains
        (
            "Write a limerick that contains at least 2 italic text phrases.",
            ("highlight_count", "at_least", 2),
        ),
        # "write a template" is a thing to write, not an example to follow
        (
            "Write a template for a newsletter and highlight at least 4 sections.",
            ("highlight_count", "at_least", 4),
        ),
        # marks asked for without a number, or with a bare one: a floor
        ("Highlight some key terms in your answer.", ("highlight_count", "at_least", 1)),
        ("Include three italic text sections.", ("highlight_count", "at_least", 3)),
    ],
)
def test_phrasings_compile(prompt: str, expected: tuple[str, object, object]) -> None:
    assert expected in found(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Do not highlight any sections and keep it short.",
        "Use this template: Title, then 3 highlighted sections.",
        "Should I highlight some key terms?",
    ],
)
def test_near_misses_compile_no_highlight_count(prompt: str) -> None:
    assert not [f for f in found(prompt) if f[0] == "highlight_count"]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Use capitals for key claims, but make sure that words with all capital letters "
            "appear less than 6 times.",
            [("capital_word_count", "at_most", 5)],
        ),
        (
            "Tell a story. The words with all capital letters should appear at least 4 times.",
            [("capital_word_count", "at_least", 4)],
        ),
        (
            "Use a few all-caps words. In particular, there should be 2 to 4 such "
            "capitalized words.",
            [("capital_word_count", "at_least", 2), ("capital_word_count", "at_most", 4)],
        ),
        (
            "Write a riddle that includes at least 6 words in all capital letters.",
            [("capital_word_count", "at_least", 6)],
        ),
        (
            "Add a few shouty words. But the number of words in all capital letters should "
            "be less than 3.",
            [("capital_word_count", "at_most", 2)],
        ),
    ],
)
def test_capital_word_counts(prompt: str, expected: list[tuple[str, object, object]]) -> None:
    assert all(e in found(prompt) for e in expected)


@pytest.mark.parametrize(
    "prompt",
    [
        "Should words with capital letters appear at least 3 times?",
        "If you use words in all caps, they should appear at most twice.",
        "My draft has 5 to 10 capitalized words; is that too many?",
    ],
)
def test_capital_word_near_misses(prompt: str) -> None:
    assert not [f for f in found(prompt) if f[0] == "capital_word_count"]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        (
            "Follow the exact format below:\n\nPart 1. Intro\n***\nPart 2. Plan\n***\nPart 3. End",
            3,
        ),
        ("Use *** as the separator:\n\n[Section 1]\n***\n[Section 2]", 2),
        ("Write two parts. The two parts should be separated by 3 asterisks '***'.", 2),
        ("I would like for there to be exactly 4 paragraphs separated by ***.", 4),
    ],
)
def test_parts_between_dividers(prompt: str, value: int) -> None:
    assert ("paragraph_count", "exactly", value) in found(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # the template goes on as long as wanted
        "Separate the steps with ***, such as:\nStep 1: ...\n***\nStep 2: ...\n***\n...",
        # a hedge
        "Ideally follow the format below:\nA\n***\nB",
    ],
)
def test_open_ended_or_hedged_templates_count_nothing(prompt: str) -> None:
    assert not [f for f in found(prompt) if f[0] == "paragraph_count"]


@pytest.mark.parametrize(
    ("prompt", "case"),
    [
        ("Write a letter to my aunt in all lowercase letters.", "lower"),
        ("Write a cover letter for a barista job in all lowercase letters.", "lower"),
        ("Make sure not a single letter in your entire response is capitalized.", "lower"),
        ("Use the word 'tide' twice and use all lowercase letters.", "lower"),
        ("Make sure that words in your entire response are in all lowercase letters.", "lower"),
        ("Your response should be at least 100 words and in all lowercase letters.", "lower"),
        ("Write a haiku with no capitalizations.", "lower"),
    ],
)
def test_letter_case_phrasings(prompt: str, case: str) -> None:
    specs = [c.spec for c in compile_checks(prompt) if c.spec.kind == "letter_case"]
    assert [getattr(s, "case", None) for s in specs] == [case]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write the title in lowercase.",
        "Each letter of the acronym should be capitalized.",
        "At least 5 words should be in all caps.",
    ],
)
def test_letter_case_of_a_part_compiles_nothing(prompt: str) -> None:
    assert not [f for f in found(prompt) if f[0] == "letter_case"]


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Write a rap that doesn't include the keywords 'yo' and 'peace'.", "forbidden_words"),
        ("Write a quiz that includes the word otter at least 3 times.", "keyword"),
        ("Write a riddle about Camilla that doesn't use commas.", "forbidden_chars"),
        ("Do not include the following keywords: field, thanks, issue.", "forbidden_words"),
        ("Please only write short sentences, and don't use any commas.", "forbidden_chars"),
        ("Make sure to include these items: Zelda, Hyrule, Link.", "keyword"),
    ],
)
def test_keyword_and_ban_phrasings(prompt: str, kind: str) -> None:
    assert kind in [f[0] for f in found(prompt)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Translate the following words: cat, dog, bird.",
        "Include the following items: a tent and a stove.",
        "Summarize this essay that has at least 500 words.",
    ],
)
def test_material_and_loose_lists_compile_nothing(prompt: str) -> None:
    assert found(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Generate a summary of the following passage in all capital letters: It rained.",
            ("letter_case", None, None),
        ),
        ("Make it sound grand and capitalize every letter.", ("letter_case", None, None)),
        (
            "Shout it. Not a single word in your entire reply should contain lowercase letters.",
            ("letter_case", None, None),
        ),
        ("Use all capital letters to express the anger.", ("letter_case", None, None)),
        (
            'Rewrite the following blog as a list of exactly 3 bullet points: "It is sunny."',
            ("bullet_count", "exactly", 3),
        ),
        (
            'Please expand this: "It\'s not a bug!" Write exactly 2 bullet points.',
            ("bullet_count", "exactly", 2),
        ),
    ],
)
def test_material_then_the_answers_shape(prompt: str, expected: tuple[str, object, object]) -> None:
    assert expected in found(prompt)


def test_a_case_for_a_part_after_to_compiles_nothing() -> None:
    assert not [
        f for f in found("Write the names in all caps to the right.") if f[0] == "letter_case"
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write a poem that's at least 200 words about rivers.", ("word_count", "at_least", 200)),
        ("Write a funny, 120+ word ad for a bakery.", ("word_count", "at_least", 120)),
        (
            "Compose a song with at least four sentences that a choir can sing.",
            ("sentence_count", "at_least", 4),
        ),
        (
            "Write me a song with less than 8 sentences for my sister's wedding.",
            ("sentence_count", "at_most", 7),
        ),
    ],
)
def test_a_thing_with_its_count_then_more_about_the_thing(
    prompt: str, expected: tuple[str, object, object]
) -> None:
    assert expected in found(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a poem with 3 stanzas of 4 lines.",
        "Summarize my essay with 500 words for the class.",
        "Give me 3 subject lines, under 45 characters.",
    ],
)
def test_counts_of_parts_or_material_stay_off(prompt: str) -> None:
    assert not [f for f in found(prompt) if f[0] in ("word_count", "line_count", "char_count")]


def test_no_hashtags_is_the_hashtag_count_only() -> None:
    assert found("Write a tweet, no hashtags.") == [("hashtag_count", "at_most", 0)]


def test_a_paragraph_with_footnotes_below_is_not_one_paragraph() -> None:
    prompt = "Write a footnoted paragraph, with the footnotes listed below the paragraph."
    assert not [f for f in found(prompt) if f[0] == "paragraph_count"]
    assert ("paragraph_count", "exactly", 1) in found("Explain tides in a short paragraph.")


def system_found(system: str) -> list[tuple[str, object, object]]:
    return [
        (c.spec.kind, getattr(c.spec, "relation", None), getattr(c.spec, "value", None))
        for c in compile_checks("Hi there", system=system)
    ]


@pytest.mark.parametrize(
    ("system", "kind"),
    [
        ("1. Always greet the customer by starting your reply with 'Hi, I am Ada!'", "starts_with"),
        ("Close every reply with the line 'Anything else?'", "ends_with"),
        ("- Sign off with '— The Desk Team' on the last line.", "ends_with"),
        ("Include at least two questions in every reply.", "question_count"),
    ],
)
def test_standing_rules_of_a_system_prompt(system: str, kind: str) -> None:
    assert kind in [f[0] for f in system_found(system)]


def test_every_answer_in_a_user_prompt_is_each_part() -> None:
    prompt = "Write 3 answers. Include at least two questions in every answer."
    assert found(prompt) == []


def test_a_fixed_form_compiles_its_lines_as_a_part_only() -> None:
    # its lines are only part of the form: the check names the form and never
    # claims the clause whole (tests/criteria/test_count_wordings.py)
    (check,) = [
        c for c in compile_checks("Write a haiku about rain.") if c.spec.kind_name() == "line_count"
    ]
    assert getattr(check.spec, "form", None) == "haiku"
    assert check.spec.part_only()


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a paragraph and a haiku about spring.",
        "Write three haikus about spring.",
        "Write a haiku-style poem about spring.",
        "Write a haiku with a title.",
        "Answer in one word or expression.",
    ],
)
def test_forms_among_parts_and_alternatives_count_nothing(prompt: str) -> None:
    assert not [f for f in found(prompt) if f[0] in ("line_count", "word_count")]


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Lowercase, one per line.", "letter_case"),
        ("Keep it short and include the address '42 Harbour Rd'.", "keyword"),
        ("Keep it short and end with the slogan 'Shine on.'", "ends_with"),
        ("Add a title wrapped in double angle brackets, i.e. <<title>>.", "title"),
    ],
)
def test_more_phrasings(prompt: str, kind: str) -> None:
    assert kind in [f[0] for f in found(prompt)]


def test_a_bulleted_system_rule_and_per_message() -> None:
    assert ("emoji_count", "at_most", 2) in system_found("- Use at most 2 emojis per message.")


@pytest.mark.parametrize(
    "prompt", ["Use the format 'Name: role'.", "Write the lowercase letter a in a sentence."]
)
def test_formats_and_letters_named_are_no_keyword_or_case(prompt: str) -> None:
    assert not [f for f in found(prompt) if f[0] in ("keyword", "letter_case")]


def test_a_list_of_marks_bans_them_all() -> None:
    assert [c.spec.model_dump() for c in compile_checks("No em dashes or semicolons.")] == [
        {"kind": "forbidden_chars", "chars": "—;"}
    ]


def test_a_modifier_of_a_named_part_is_the_parts() -> None:
    prompt = "It must start with the slug line as written, in caps, and be under 90 words."
    assert [f[0] for f in found(prompt)] == ["word_count"]
    assert "letter_case" in [f[0] for f in found("Write a poem, in all caps, under 50 words.")]


@pytest.mark.parametrize(
    ("prompt", "code"),
    [
        ("Bitte auf Deutsch.", "de"),
        ("Répondez en français, s'il vous plaît.", "fr"),
        ("Ответь на русском.", "ru"),
        ("日本語で答えてください。", "ja"),
    ],
)
def test_a_language_asked_in_its_own_words(prompt: str, code: str) -> None:
    assert [c.spec.model_dump() for c in compile_checks(prompt)] == [
        {"kind": "language", "language": code}
    ]


@pytest.mark.parametrize(
    "prompt", ["Translate 'auf Deutsch' for me.", "Maybe answer en français if you like."]
)
def test_quoted_or_hedged_own_words_compile_nothing(prompt: str) -> None:
    assert found(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "lines"),
    [
        ("give me 5 names for a bakery. one per line, no numbering", 5),
        ("Write 8 bars, each bar on its own line.", 8),
    ],
)
def test_as_many_lines_as_things_one_per_line(prompt: str, lines: int) -> None:
    assert ("line_count", "exactly", lines) in found(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "List 3 pros and 3 cons, one per line.",
        "Give me 5 names with a short explanation, one per line.",
        "Give me 5 names, one per line, under a header.",
    ],
)
def test_one_per_line_with_more_than_the_things_counts_nothing(prompt: str) -> None:
    assert not [f for f in found(prompt) if f[0] == "line_count"]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("The template should include the letter q at least 5 times.", "letter_count"),
        (
            "Let's make it a puzzle: be sure the letter p appears at least 9 times.",
            "letter_count",
        ),
    ],
)
def test_after_a_colon_and_a_thing_named_template(prompt: str, expected: str) -> None:
    assert expected in [f[0] for f in found(prompt)]


def test_words_reported_after_a_colon_are_not_asked() -> None:
    assert found("The brief said: be sure the letter p appears at least 9 times.") == []
