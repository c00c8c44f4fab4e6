"""Marks, symbols, case, code, quotes and language, as people word them: a
verb the readers did not know ("send me a message …"), a case word as an
item of its own ("…, lowercase, one per line"), a language after the thing
asked for ("describe your weekend in French"), a ban after a dash, a count
in the one paragraph the answer is. Each wording has near misses beside it
that must compile nothing of its kind."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def compiled(prompt: str, kind: str) -> list[dict[str, Any]]:
    """The specs of ``kind`` compiled from ``prompt``, without their kind."""
    found = []
    for check in compile_checks(prompt):
        spec = check.spec.model_dump(mode="json")
        if spec.pop("kind") == kind:
            found.append(spec)
    return found


# -- "send" asks for the thing sent -----------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind", "spec"),
    [
        (
            "Send me a birthday message for a colleague with exactly 3 emojis.",
            "emoji_count",
            {"relation": "exactly", "value": 3},
        ),
        (
            "send me a quick note, no more than two emojis, I'm in a hurry",
            "emoji_count",
            {"relation": "at_most", "value": 2},
        ),
        (
            "Could you send me a short text in all capital letters?",
            "letter_case",
            {"case": "upper"},
        ),
        (
            "Please send a reminder message with at least 2 exclamation marks.",
            "punctuation_count",
            {"relation": "at_least", "value": 2, "mark": "!"},
        ),
    ],
)
def test_send_asks_for_the_answer(prompt: str, kind: str, spec: dict[str, Any]) -> None:
    assert compiled(prompt, kind) == [spec]


@pytest.mark.parametrize(
    "prompt",
    [
        "I will send you a message with 3 emojis; tell me what it means.",
        "My boss sent me a note with 4 emojis. Is that unprofessional?",
        "If you send me a message with emojis, I can't read it.",
    ],
)
def test_a_message_sent_by_someone_else_compiles_no_emoji_count(prompt: str) -> None:
    assert compiled(prompt, "emoji_count") == []


# -- letter case as an item of its own --------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "case"),
    [
        ("Give me 12 words that rhyme with 'cat', lowercase, one per line.", "lower"),
        ("Name the planets, uppercase, separated by commas.", "upper"),
        ("Use lowercase. No full stops.", "lower"),
        ("write a slogan for my bakery - use all lowercase please", "lower"),
        ("List five rivers, all caps, one per line.", "upper"),
        ("Lowercase everything, even the names.", "lower"),
        ("Entirely in capital letters, max 15 words.", "upper"),
        ("Write a protest chant. Completely in uppercase.", "upper"),
        ("Uppercase only, please.", "upper"),
        (
            "Printing isn't possible here so just write the sign in ALL CAPS.",
            "upper",
        ),
    ],
)
def test_a_case_item_compiles(prompt: str, case: str) -> None:
    assert compiled(prompt, "letter_case") == [{"case": case}]


@pytest.mark.parametrize(
    "prompt",
    [
        "Use uppercase sparingly.",
        "Use uppercase for the headings.",
        "Lowercase words are fine in the middle of a sentence.",
        "Don't use lowercase.",
        "Write a poem, then the title, uppercase.",
        "Give me the Cyrillic alphabet, uppercase and lowercase pairs, one pair per line.",
        "Don't write so much in all caps.",
        "Is it rude to write an email in all caps?",
    ],
)
def test_case_of_a_part_or_not_asked_compiles_nothing(prompt: str) -> None:
    assert compiled(prompt, "letter_case") == []


def test_an_exception_after_another_directive_is_that_directives() -> None:
    prompt = "Reply in all lowercase, never use punctuation except question marks."
    assert compiled(prompt, "letter_case") == [{"case": "lower"}]
    assert compiled(prompt, "no_punctuation") == [{"allowed": "?"}]
    # the rule's own exception still keeps it from compiling
    assert compiled("Write in lowercase, except for proper names.", "letter_case") == []
    assert compiled("No exclamation marks, except in the greeting.", "forbidden_chars") == []


# -- the answer's language, after the thing asked for -----------------------------------


@pytest.mark.parametrize(
    ("prompt", "code"),
    [
        ("Describe your favourite meal in German, in at least four sentences.", "de"),
        ("List the months of the year in Swahili, one per line.", "sw"),
        ("In Portuguese (Brazil), write a caption for my beach photo.", "pt"),
        ("Give me 3 tips for a job interview in Vietnamese, please.", "vi"),
        ("Write a fairy tale for my son. It should be in Italian.", "it"),
        ("Could you write a lullaby in Swedish? Only Swedish, please.", "sv"),
        ("please write in formal English, keep it short", "en"),
        ("Use simple English.", "en"),
        ("Explain photosynthesis in French, and without any English words.", "fr"),
    ],
)
def test_the_language_of_what_is_asked_compiles(prompt: str, code: str) -> None:
    assert compiled(prompt, "language") == [{"language": code}]


@pytest.mark.parametrize(
    "prompt",
    [
        "What does 'gato' mean in Spanish?",
        "How do you say thank you in Japanese?",
        "How would I write 'goodbye' in Korean?",
        "Summarize this French article in English.",
        "I have a letter in German; summarize it.",
        "Name three novels written in Russian.",
        "Only Swedish speakers will read this, so keep it short.",
        "Explain the rules of chess in English or French.",
        "Can you explain this clause in plain English?",
        "Write about the history of cooking in French cuisine.",
        "Tell me why so many people learn Spanish.",
    ],
)
def test_a_language_of_something_else_compiles_nothing(prompt: str) -> None:
    assert compiled(prompt, "language") == []


# -- marks banned or counted ------------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "chars"),
    [
        ("Write the numbers one to ten as words, no digits anywhere.", "0123456789"),
        ("Please avoid any numbers or digits in your answer.", "0123456789"),
        ("Describe the sea — no exclamation marks.", "!"),
        (
            "Describe your hometown in one sentence that has at least 20 words and no commas.",
            ",",
        ),
    ],
)
def test_a_ban_on_a_mark_compiles(prompt: str, chars: str) -> None:
    assert compiled(prompt, "forbidden_chars") == [{"chars": chars}]


def test_bans_listed_after_a_dash_each_compile() -> None:
    prompt = "Every line must end with a full stop — no exclamation marks, no question marks."
    assert compiled(prompt, "forbidden_chars") == [{"chars": "!"}, {"chars": "?"}]


@pytest.mark.parametrize(
    "prompt",
    [
        "My essay — no commas anywhere — got a bad grade; explain why.",
        "There are three cats and no commas in this title: fix it.",
        "Each line must end with a period — no commas in the title.",
        "Ideally, describe the sea — no exclamation marks.",
    ],
)
def test_a_ban_about_something_else_compiles_nothing(prompt: str) -> None:
    assert compiled(prompt, "forbidden_chars") == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Tell me about Marie Curie in a paragraph that contains exactly 3 commas.", 3),
        ("Explain gravity in one sentence which uses exactly 2 commas.", 2),
        ("Sum up the plot in a single paragraph that has exactly four commas.", 4),
    ],
)
def test_a_count_in_the_one_paragraph_answered_compiles(prompt: str, value: int) -> None:
    assert compiled(prompt, "punctuation_count") == [
        {"relation": "exactly", "value": value, "mark": ","}
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write three paragraphs; the first paragraph should have exactly 3 commas.",
        "Find the paragraph that has 3 commas in my essay.",
        "Write an essay where each paragraph contains exactly 2 commas.",
    ],
)
def test_a_count_in_one_part_of_several_compiles_nothing(prompt: str) -> None:
    assert compiled(prompt, "punctuation_count") == []


def test_typographic_quotes_banned_in_brackets_compile() -> None:
    prompt = "Write a short bio for my CLI tool (no curly quotes, no em dashes), 2 paragraphs."
    assert compiled(prompt, "forbidden_chars") == [{"chars": "“”‘’"}, {"chars": "—"}]
    assert compiled("My draft (no commas, sadly) needs a title.", "forbidden_chars") == []


# -- code blocks as people ask for them -------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "language"),
    [
        ("Give me a regex for an email address. Put the regex alone inside a code block.", None),
        ("Write a bash one-liner that counts files. One line only, in a code block.", None),
        ("Tell me about primes and list the first 8, comma-separated, inside a code block.", None),
        (
            "Write a Python function with a docstring and 2 example calls, "
            "inside one python code block.",
            "python",
        ),
        ("Return just the query in a ```sql block.", "sql"),
        ("Only one line of code, no comments, wrapped in a single code block.", None),
    ],
)
def test_one_code_block_compiles(prompt: str, language: str | None) -> None:
    assert compiled(prompt, "code_block_count") == [
        {"relation": "exactly", "value": 1, "language": language}
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write three functions, each in a code block.",
        "Here is my script, in a code block below: fix it.",
        "Answer each question, in a code block per answer.",
        "If you show code, put it in a code block.",
        "Write a tutorial with examples, like a code block of a config file.",
    ],
)
def test_a_block_of_each_part_or_given_compiles_nothing(prompt: str) -> None:
    assert compiled(prompt, "code_block_count") == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Return the record as JSON. No markdown fences, just the raw object.",
        "Give me the config file, no code block fences.",
    ],
)
def test_no_fences_bans_code_blocks_not_all_markdown(prompt: str) -> None:
    assert compiled(prompt, "code_block_count") == [
        {"relation": "at_most", "value": 0, "language": None}
    ]
    assert compiled(prompt, "plain_text") == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Can you write the answer without using any markdown at all?",
        "Could you answer with no markdown, please?",
        "Explain tides without any markdown.",
    ],
)
def test_no_markdown_asked_politely_compiles(prompt: str) -> None:
    assert compiled(prompt, "plain_text") == [{}]


@pytest.mark.parametrize(
    "prompt",
    [
        "Could you explain why people use no markdown in emails?",
        "Is it better to use no markdown?",
        "No markdown tables please.",
    ],
)
def test_markdown_asked_about_or_one_kind_compiles_no_plain_text(prompt: str) -> None:
    assert compiled(prompt, "plain_text") == []


# -- counts of links, hashtags, numbers, emoji ------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind", "spec"),
    [
        (
            "Write about urban heat islands and include at least 2 links to reliable sources.",
            "url_count",
            {"relation": "at_least", "value": 2},
        ),
        (
            "Include three URLs from peer-reviewed studies in your answer.",
            "url_count",
            {"relation": "exactly", "value": 3},
        ),
        (
            "Give me exactly 4 hashtags for an Instagram post about hiking.",
            "hashtag_count",
            {"relation": "exactly", "value": 4},
        ),
        (
            "suggest 2 hashtags for my launch announcement",
            "hashtag_count",
            {"relation": "exactly", "value": 2},
        ),
        (
            "Respond with a single emoji that represents your mood.",
            "emoji_count",
            {"relation": "exactly", "value": 1},
        ),
        (
            "Describe Paris in no more than 30 words and exactly one number.",
            "number_count",
            {"relation": "exactly", "value": 1},
        ),
    ],
)
def test_a_count_with_what_it_is_for_compiles(prompt: str, kind: str, spec: dict[str, Any]) -> None:
    assert compiled(prompt, kind) == [spec]


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("No links to competitors.", "url_count"),
        ("Add 2 links to each section.", "url_count"),
        ("Use 3 hashtags for the title.", "hashtag_count"),
        ("Pick a number between 1 and 10.", "number_count"),
        # the integers are the list's items; a lead-in and numbering are numerals too
        ("List 6 random integers between 1 and 50, separated by spaces.", "number_count"),
        ("Give me exactly one number of the form 4k+1.", "number_count"),
        ("Write 5 lines, a phone number on each.", "number_count"),
        ("Don't write more than 3 lines and don't use any emojis that look angry.", "emoji_count"),
    ],
)
def test_a_count_of_something_narrower_compiles_nothing(prompt: str, kind: str) -> None:
    assert compiled(prompt, kind) == []


# -- bold and italics on things of the answer -------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Teach me five greetings in Zulu. Please include the Zulu words in bold.",
        "What does 'bon appétit' mean? Give the French expression in italics.",
        "Describe a Roman bath and include at least one Latin term in italics.",
        "Write a pancake recipe and bold the quantities.",
        "italicize the key terms",
        "Summarise the plot; put the main characters' names in bold type.",
        "Bold the names of the speakers.",
        "Write a memo and put the key dates in bold.",
    ],
)
def test_things_set_in_bold_or_italics_compile_at_least_one(prompt: str) -> None:
    assert compiled(prompt, "highlight_count") == [{"relation": "at_least", "value": 1}]


@pytest.mark.parametrize(
    "prompt",
    [
        "Put each color name in italics.",
        "Don't put any words in bold.",
        "Is it OK to write the names in bold?",
        "If you mention a date, put the dates in bold.",
        "The words in bold below are the keywords.",
        "Can you explain why writers put key terms in italics?",
        "Bold the first word of each bullet.",  # one in each part
        "Bold her name every time it appears.",  # every occurrence
        "Mark the keywords in bold, at most three of them.",  # a count beside it
        "Give me 5 dishes. For each, give the name in bold.",  # one per item
    ],
)
def test_bold_not_asked_or_each_ones_compiles_nothing(prompt: str) -> None:
    assert compiled(prompt, "highlight_count") == []


# -- the answer alone, in quotes --------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Suggest a name for my cat. Reply with just the name in quotes.",
        "Fix this: 'They was late.' Return the corrected sentence in quotes and nothing else.",
        "Give me only the title in double quotes.",
        "Output the slogan in quotation marks, nothing else.",
    ],
)
def test_the_one_thing_in_quotes_wraps_the_answer(prompt: str) -> None:
    assert compiled(prompt, "wrapped") == [{"style": "double_quotes"}]


@pytest.mark.parametrize(
    "prompt",
    [
        "Put the book titles in quotes.",
        "Reply with just the name in quotes and a short reason.",
        "Include two quotes from the novel.",
        "Return the corrected sentence in quotes, then explain each fix.",
    ],
)
def test_quotes_around_a_part_or_citations_compile_nothing(prompt: str) -> None:
    assert compiled(prompt, "wrapped") == []


# -- the answer's size before a requirement; the things asked for, modified ---------------


@pytest.mark.parametrize(
    ("prompt", "kind", "spec"),
    [
        ("Answer in one word without punctuation.", "no_punctuation", {"allowed": ""}),
        ("reply in two sentences with no punctuation at all", "no_punctuation", {"allowed": ""}),
        (
            "answer in one word only, lowercase: what colour is grass?",
            "letter_case",
            {"case": "lower"},
        ),
        (
            "Give me 8 four-letter words about the sea, in capitals, on one line.",
            "letter_case",
            {"case": "upper"},
        ),
        ("List 5 verbs, in lowercase, one per line.", "letter_case", {"case": "lower"}),
    ],
)
def test_a_requirement_after_the_answers_size_or_things_compiles(
    prompt: str, kind: str, spec: dict[str, Any]
) -> None:
    assert compiled(prompt, kind) == [spec]


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Answer in one word; the word may not contain punctuation.", "no_punctuation"),
        ("Write 3 sentences, the first words in capitals.", "letter_case"),
        ("I wrote it in one word without punctuation; was that wrong?", "no_punctuation"),
    ],
)
def test_a_requirement_on_a_part_after_a_size_compiles_nothing(prompt: str, kind: str) -> None:
    assert compiled(prompt, kind) == []


# -- some letters of a script ------------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "script"),
    [
        ("List five Korean foods, writing each name in Hangul.", "Hangul"),
        ("Give me 3 Russian proverbs and write each phrase in Cyrillic.", "Cyrillic"),
        ("Teach me four Hindi words; write every word in Devanagari.", "Devanagari"),
    ],
)
def test_each_thing_written_in_a_script_compiles_some(prompt: str, script: str) -> None:
    assert compiled(prompt, "script") == [{"script": script, "rule": "some"}]


@pytest.mark.parametrize(
    "prompt",
    [
        "My friend writes each name in Hangul; why?",
        "Should I write each word in Cyrillic?",
        "If you know it, write each name in Hangul.",
    ],
)
def test_a_script_not_asked_for_compiles_nothing(prompt: str) -> None:
    assert compiled(prompt, "script") == []
