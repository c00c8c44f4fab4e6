"""The compiler's own false checks, read by family of cause: a size taken
back by name, one numbered part's rule, numbers banned only as words, a
value shown as a sample of its form, someone else's saying, a name cut at
its title's period, an alternative in brackets, words counted with a
property, and words given as a list laid out in a sentence of its own.
Each cause has wordings that must compile nothing of the kind and near
misses that must still compile it."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def of_kind(prompt: str, kind: str) -> list[dict[str, object]]:
    return [
        c.spec.model_dump(exclude={"kind"})
        for c in compile_checks(prompt)
        if c.spec.kind_name() == kind
    ]


# -- a size taken back by name ---------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        (
            "Write me a 500-word story... actually never mind the length, just make it fun.",
            "word_count",
        ),
        ("Write a 300-word poem in lowercase. Actually, forget the word count.", "word_count"),
        ("Write a 200-word essay. Oh, ignore the word limit.", "word_count"),
        ("Keep it under 50 words... never mind the length.", "word_count"),
        (
            "Write a story in 3 paragraphs. Scratch the length requirement, just be clear.",
            "paragraph_count",
        ),
        (
            "Write a tweet under 200 characters — actually, forget the character limit.",
            "char_count",
        ),
    ],
)
def test_a_size_taken_back_by_name_compiles_no_size(prompt: str, kind: str) -> None:
    assert of_kind(prompt, kind) == []


def test_a_size_taken_back_leaves_the_rest_of_the_request() -> None:
    prompt = "Write a 300-word poem in lowercase. Actually, forget the word count."
    assert of_kind(prompt, "letter_case") == [{"case": "lower"}]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a 200-word essay about the length of rivers. Ignore the length of the Nile.",
        "Write a 100-word bio. Never mind the size of the company.",
        "Write a 200-word essay. Don't forget the word count.",
        "Write a 200-word essay; the reader will never mind the length.",
        "Write a 200-word essay. Never mind the rhyme.",
    ],
)
def test_a_size_not_taken_back_stays(prompt: str) -> None:
    assert of_kind(prompt, "word_count")


# -- one numbered part's rule ----------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Sentence 2 must contain a number.",
        "Line 3 should include a number.",
        "Write 4 sentences about owls. Sentence 2 must contain a number written in digits.",
        "Write five bullets. Bullet 4 must contain a number.",
        "Write 3 steps. Step 2 should mention a number.",
    ],
)
def test_a_numbered_part_s_number_is_no_count_of_the_answer(prompt: str) -> None:
    assert of_kind(prompt, "number_count") == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Your answer must contain a number.",
        "Write 5 lines. The poem must contain a number.",
        "Write about owls and include a number.",
    ],
)
def test_the_answer_s_number_still_counts(prompt: str) -> None:
    assert of_kind(prompt, "number_count") == [{"relation": "at_least", "value": 1}]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 4 sentences about owls. Sentence 2 must contain a number, and sentence 4 must "
        "be a question.",
        "Write 4 sentences about owls. The second sentence must be short, and sentence 4 must "
        "be a question.",
        "Write 4 sentences. Sentence 2 must be short; sentence 4 must be a question.",
    ],
)
def test_clauses_that_each_name_their_part_are_each_read(prompt: str) -> None:
    assert {"part": "sentence", "index": 4, "position": "end", "phrases": ("?",)} in of_kind(
        prompt, "part_affix"
    )


@pytest.mark.parametrize(
    "prompt",
    [
        "My essay is odd: sentence 2 must be short, and sentence 4 must be a question.",
        "If sentence 2 must be short, should sentence 4 be a question?",
    ],
)
def test_clauses_about_another_text_stay_unread(prompt: str) -> None:
    assert of_kind(prompt, "part_affix") == []


# -- numbers banned only as words ------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a paragraph about Mars with no numbers spelled out in words.",
        "Write about Mars. Use no numbers written out as words.",
        "Describe Mars with zero numbers in words.",
        "Write about Mars with exactly 3 numbers, written as words.",
        "Write about Mars with exactly 3 numbers, all spelled out.",
    ],
)
def test_numbers_as_words_are_no_count_of_numerals(prompt: str) -> None:
    assert of_kind(prompt, "number_count") == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Write about Mars with no numbers.",
        "Write about Mars. No numbers, please.",
        "Write about Mars, with no numbers in the text.",
    ],
)
def test_a_ban_of_all_numbers_stays(prompt: str) -> None:
    assert of_kind(prompt, "number_count") == [{"relation": "at_most", "value": 0}]


# -- a value shown as a sample of its form ---------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write an out-of-office reply. Include the return date formatted as Monday, 14 July "
        "2025 (weekday, day, month name, year).",
        "Mention the deadline as 3 June 2025 (day, month, year).",
        "Write the meeting time as 15:00-style.",
        "State the price formatted like £8.50.",
        "Give the start date as 1 March 2027, or similar.",
    ],
)
def test_a_sample_of_a_form_is_no_keyword(prompt: str) -> None:
    assert of_kind(prompt, "keyword") == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Mention the return date as 14 March 2025.", "14 March 2025"),
        (
            "Include my return date written exactly like Monday, 12 January 2026.",
            "Monday, 12 January 2026",
        ),
        ("Mention the start time as 15:00.", "15:00"),
        ("Mention the price £8.50.", "£8.50"),
    ],
)
def test_a_value_to_write_stays_a_keyword(prompt: str, value: str) -> None:
    assert [s["keyword"] for s in of_kind(prompt, "keyword")] == [value]


# -- someone else's saying, a name with a title ----------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "My grandmother used to say 'never write a letter longer than one page'. What did she "
        "mean?",
        "My boss always says 'ship it'. Write a poem about that.",
        "My coach would say 'no pain, no gain'. Explain it.",
        "Her teacher says 'less is more'. Is that true?",
        "He often says 'trust the process'. Write a short reply to him.",
    ],
)
def test_someone_else_s_saying_is_no_keyword(prompt: str) -> None:
    assert of_kind(prompt, "keyword") == []


@pytest.mark.parametrize(
    ("prompt", "word"),
    [
        ("Write a toast. Say 'cheers' somewhere.", "cheers"),
        ("Write a toast and say 'cheers'.", "cheers"),
        ("Your reply must say 'Thanks'.", "Thanks"),
    ],
)
def test_a_phrase_the_answer_says_stays(prompt: str, word: str) -> None:
    assert [s["keyword"] for s in of_kind(prompt, "keyword")] == [word]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a thank-you note and include the teacher's name, Ms. Alvarez, in both the first "
        "and last sentence.",
        "Write a note and mention Dr. Smith.",
        "Mention St. Louis in the post.",
        "Write a card that mentions Mr. Brown.",
    ],
)
def test_a_name_is_not_cut_at_its_title(prompt: str) -> None:
    assert all(s["keyword"] not in ("Ms", "Dr", "St", "Mr") for s in of_kind(prompt, "keyword"))


@pytest.mark.parametrize(
    ("prompt", "word"),
    [
        ("Write a note and mention Alvarez.", "Alvarez"),
        ("Write a note that mentions Paris.", "Paris"),
        ("Mention Paris. Keep it short.", "Paris"),
    ],
)
def test_a_name_at_a_sentence_end_stays(prompt: str, word: str) -> None:
    assert [s["keyword"] for s in of_kind(prompt, "keyword")] == [word]


# -- an alternative in brackets --------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Mention 'Tidy' (or 'Tidy app') in the post.", "keyword"),
        ("Start with 'Hi' (or 'Hello').", "starts_with"),
        ("Include 'colour' (or 'color') somewhere.", "keyword"),
        ("End with 'Cheers' ( or 'Best').", "ends_with"),
    ],
)
def test_an_alternative_in_brackets_requires_neither(prompt: str, kind: str) -> None:
    assert of_kind(prompt, kind) == []


def test_a_cap_on_a_word_and_its_alternative_caps_each() -> None:
    # a cap on either form holds of each: neither may pass it, whichever is used
    capped = of_kind("Use the word 'thank' (or 'thanks') no more than once.", "keyword")
    assert [(s["keyword"], s["relation"], s["value"]) for s in capped] == [
        ("thank", "at_most", 1),
        ("thanks", "at_most", 1),
    ]


@pytest.mark.parametrize(
    ("prompt", "word"),
    [
        ("Use the word 'colour' (British spelling).", "colour"),
        ("Mention 'Tidy' (our app).", "Tidy"),
    ],
)
def test_a_gloss_in_brackets_stays_a_keyword(prompt: str, word: str) -> None:
    assert [s["keyword"] for s in of_kind(prompt, "keyword")] == [word]


# -- words counted with a property; words given as a list ------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a love letter from a robot. At least 5 words must be written entirely in "
        "capital letters, but no more than 10.",
        "Write a poem. Exactly 3 words should rhyme with 'cat'.",
        "Write a tweet. Two words must be in bold.",
        "Write a slogan. At least 2 words should start with 'S'.",
        "Give me 8 words that start with 'br' and end with 'e'. Numbered list.",
        "List 10 words for snow.\n\nNumber them.",
        "Give me 6 words for rain. Bulleted list.",
    ],
)
def test_words_with_a_property_or_listed_are_no_word_count(prompt: str) -> None:
    assert of_kind(prompt, "word_count") == []


@pytest.mark.parametrize(
    ("prompt", "relation", "value"),
    [
        ("Write a story. At least 300 words are required.", "at_least", 300),
        ("Write a story. At least 300 words must be written.", "at_least", 300),
        ("Describe yourself in 3 words.", "exactly", 3),
        ("Give me 8 words. Numbered lists are boring.", "exactly", 8),
        (
            "Write an essay of at least 300 words. Use a numbered list for the steps.",
            "at_least",
            300,
        ),
    ],
)
def test_a_count_of_the_answer_s_words_stays(prompt: str, relation: str, value: int) -> None:
    assert of_kind(prompt, "word_count") == [{"relation": relation, "value": value}]


# -- a gloss after a mask --------------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a reply. Include the ticket ID in the format TP-XXXXXX (6 digits).",
        "Always include the ticket ID in the format TP-XXXXXX (6 digits) in your first line.",
        "Include a booking code in the format BK-XXXX (4 digits).",
        "Make up a serial number in the format SN-XXXX-XX (letters and digits).",
        "Include a code in the format AB-NNNN (see above).",
    ],
)
def test_a_gloss_in_brackets_is_no_part_of_a_mask(prompt: str) -> None:
    assert all("(" not in str(s["mask"]) for s in of_kind(prompt, "value_mask"))


def test_a_mask_that_opens_with_a_bracket_stays() -> None:
    prompt = "Write a phone number in the form (555) 555-0123."
    assert [s["mask"] for s in of_kind(prompt, "value_mask")] == ["(###) ###-####"]


@pytest.mark.parametrize(
    "prompt",
    [
        "Generate 4 order IDs in the format ORD-YYYYMMDD-NNNN where the date part is in 2024.",
        "Generate 3 file names in the format LOG-DDMMYY-XX.",
        "Make 5 batch codes in the format B-YYMM-NNN.",
        "Create 2 log IDs in the format EVT-YYYYMMDDHHmm-NN.",
        "Give 3 stamps in the format TS-HHmmss-NNN.",
    ],
)
def test_date_placeholders_run_together_are_no_literal_letters(prompt: str) -> None:
    assert of_kind(prompt, "value_mask") == []


@pytest.mark.parametrize(
    ("prompt", "mask"),
    [
        ("Generate 4 order IDs in the format ORD-NNNN.", "ORD-####"),
        ("Generate 3 codes in the format MD-NNNN.", "MD-####"),
    ],
)
def test_letters_of_a_code_stay_literal(prompt: str, mask: str) -> None:
    assert [s["mask"] for s in of_kind(prompt, "value_mask")] == [mask]


# -- numbers on lines of their own, over the things numbered ---------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a haiku sequence of exactly three haiku, but number each one with Roman numerals "
        "(I., II., III.) on the line above it.",
        "Write three haiku and number each with Roman numerals (I., II., III.) on its own line.",
        "Write three stanzas; number them I., II., III. as headings.",
        "Number each tip with Roman numerals (I., II., III.) above it.",
        "Write three limericks, numbered a), b), c) on a separate line before each.",
    ],
)
def test_numbers_on_their_own_lines_are_no_list_marker(prompt: str) -> None:
    assert of_kind(prompt, "list_marker") == []


@pytest.mark.parametrize(
    ("prompt", "marker"),
    [
        ("List five tips and number them with Roman numerals (I., II., III.).", "I."),
        ("List five tips, numbered i), ii), iii).", "i)"),
    ],
)
def test_list_item_markers_stay(prompt: str, marker: str) -> None:
    assert [s["marker"] for s in of_kind(prompt, "list_marker")] == [marker]
