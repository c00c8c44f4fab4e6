"""False checks by family of cause: a phrase read past its end (a word cut
short, a count that is a difference, a ban of parts described further), one
thing's size read as the answer's, a table's header read as a heading,
labels at the start of each thing read as section names, a dict's keys read
as list items, a template slot's separator read as the answer's, and a
language named for one part read as the whole answer's. Each cause has
wordings that must still compile beside the near misses."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def _kinds(prompt: str) -> list[str]:
    return [c.spec.kind_name() for c in compile_checks(prompt)]


def _of(prompt: str, kind: str) -> list[object]:
    return [c.spec for c in compile_checks(prompt) if c.spec.kind_name() == kind]


# -- a phrase read past its end -------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 4 quiz questions. Each should be at least 5 words longer than the one before.",
        "Write 5 lines, each 2 words shorter than the previous one.",
        "Give me 4 tips, each one 3 words longer than the last.",
        "Write 3 riddles, each at least 4 words longer than the one before it.",
        "Write a poem of 4 stanzas, each 2 lines longer than the first.",
    ],
)
def test_a_difference_between_parts_is_no_size(prompt: str) -> None:
    assert not {"each_word_count", "line_length", "word_count"} & set(_kinds(prompt))


@pytest.mark.parametrize(
    "prompt",
    [
        "Use bullets, no bullet more than 15 words.",
        "Use bullet points, no bullet over 15 words.",
        "Write it as bullets, no bullets with more than 12 words.",
        "Use bullets, but no bullets longer than 10 words.",
        "List them as bullets, no bullets that start with a verb.",
    ],
)
def test_a_ban_of_parts_described_further_bans_no_part(prompt: str) -> None:
    assert not [s for s in _of(prompt, "bullet_count") if getattr(s, "value", None) == 0]


@pytest.mark.parametrize(
    ("prompt", "kind", "value"),
    [
        ("Write 4 tips, each at least 5 words long.", "each_word_count", 5),
        ("Use bullets, no bullet longer than 15 words.", "each_word_count", 15),
        ("Use no bullets.", "bullet_count", 0),
        ("Write a poem of 6 words.", "word_count", 6),
        ("Write a tagline of 6 words or fewer.", "word_count", 6),
    ],
)
def test_phrases_that_end_where_they_should_still_compile(
    prompt: str, kind: str, value: int
) -> None:
    assert [getattr(s, "value", None) for s in _of(prompt, kind)] == [value]


# -- one thing's size, by its place among several ----------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 4 exam questions about rain. Start with one of 6 words or fewer.",
        "Write 3 riddles. End with one of 12 words.",
        "Write 5 tips, the last one with 8 words.",
        "Give me 4 slogans. Begin with one of 3 words.",
        "Write 3 questions. Finish with one of at most 10 words.",
    ],
)
def test_one_thing_placed_among_several_is_not_the_answer(prompt: str) -> None:
    assert "word_count" not in _kinds(prompt)


# -- a table's, a file's or a message's header ------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Make a bingo card: a 5x5 markdown table, no header text, the centre cell says FREE.",
        "Write a blog post with no header row.",
        "Give me the data as a table with no headers.",
        "Write an email to my landlord, no headers.",
        "Return a CSV of 5 cities with no header.",
    ],
)
def test_a_header_of_something_else_is_no_heading(prompt: str) -> None:
    assert "heading_count" not in _kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Write the report with no headers.", 0),
        ("Write the report with 3 headers.", 3),
        ("Write the guide with no markdown headers, and add a table.", 0),
        ("Write the guide with 3 section headers and a table.", 3),
        ("Write the post with no headings.", 0),
    ],
)
def test_headers_of_the_answer_still_count(prompt: str, value: int) -> None:
    assert [getattr(s, "value", None) for s in _of(prompt, "heading_count")] == [value]


# -- labels at the start of each thing ------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write three quiz questions, labelled '[Easy]', '[Medium]', '[Hard]' at the start.",
        "Write 3 tips labelled 'Tip A', 'Tip B', 'Tip C' at the beginning of each.",
        "Write 2 jokes, labelled 'Pun' and 'One-liner' before each.",
        "Give two options labelled 'A)' and 'B)' in front.",
        "Write three questions labelled 'Q-easy', 'Q-mid' and 'Q-hard' as prefixes.",
    ],
)
def test_labels_at_the_start_of_each_thing_name_no_section(prompt: str) -> None:
    assert "named_sections" not in _kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write two versions, labelled 'Formal' and 'Casual'.",
        "Use the headings 'Summary', 'Risks' and 'Next steps', in that order.",
        "Write three replies. Label them exactly 'Warm:', 'Dry:', 'Brief:' at the start of each.",
        "Write two versions of a note: one formal, one casual. Label them FORMAL: and CASUAL: at "
        "the start.",
    ],
)
def test_labelled_sections_still_compile(prompt: str) -> None:
    assert "named_sections" in _kinds(prompt)


# -- a dict's or an object's keys ------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me a Python dict literal of 5 conversions. Keys in snake_case, keys sorted "
        "alphabetically.",
        "Give me a mapping of 5 country codes to names, keys sorted alphabetically.",
        "Write a JavaScript object with 4 settings, keys in alphabetical order.",
        "Write a Python dictionary of 6 fruits and prices, sorted alphabetically.",
        "Give me a JSON object of 4 settings, keys in alphabetical order.",
    ],
)
def test_keys_of_a_mapping_are_no_list_items(prompt: str) -> None:
    assert "sorted_items" not in _kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "List 5 fruits, one per line, sorted alphabetically.",
        "Give me a list of 6 Python libraries, sorted alphabetically.",
    ],
)
def test_a_list_sorted_still_compiles(prompt: str) -> None:
    assert "sorted_items" in _kinds(prompt)


# -- a template slot -----------------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a card for our brownie. Format:\nItem: <name>\nContains: <allergens, comma "
        "separated>\nExactly those lines.",
        "Reply in this form: Tags: [tags, comma-separated]",
        "Use this template: Name: {name}, Skills: {skills, separated by commas}",
        "Fill in: Guests: <names, comma-separated>; Date: <date>",
        "Format: Ingredients: [list, comma separated] then Method: [steps].",
    ],
)
def test_a_slots_separator_is_no_comma_list(prompt: str) -> None:
    assert "comma_list" not in _kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    ["List 5 fruits, comma separated.", "List the colours (comma-separated) on one line."],
)
def test_a_comma_list_of_the_answer_still_compiles(prompt: str) -> None:
    assert "comma_list" in _kinds(prompt)


# -- a language named for one part --------------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me a three-sentence toast in French, plus a short explanation underneath.",
        "Write a haiku in Spanish, then a short note explaining it.",
        "Write a limerick in German, followed by a one-line summary.",
        "Write a greeting in Italian and add a note on pronunciation.",
        "Compose a short poem in Portuguese, then explain its imagery.",
    ],
)
def test_a_language_of_one_part_is_not_the_answers(prompt: str) -> None:
    assert "language" not in _kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "code"),
    [
        ("Write a toast in French.", "fr"),
        ("Describe your ideal weekend in French and keep it short.", "fr"),
        ("Write your whole answer in French: a toast, plus a short explanation underneath.", "fr"),
        ("Write a haiku in Spanish.", "es"),
    ],
)
def test_a_language_of_the_whole_answer_still_compiles(prompt: str, code: str) -> None:
    assert [getattr(s, "language", None) for s in _of(prompt, "language")] == [code]


# -- a list count of a part added beside the answer ---------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Make an exercise with 6 sentences. Put the answer key at the bottom after a line that "
        "says ANSWER KEY, numbered 1-6.",
        "Add the solutions below the puzzle, numbered 1 to 4.",
        "Write a quiz and add the answers at the bottom as a numbered list of 5.",
        "Write the riddles, then put the answers underneath them, numbered 1-3.",
        "Put the glossary at the bottom as a bulleted list of 4 terms.",
    ],
)
def test_a_list_count_of_an_added_part_is_the_parts(prompt: str) -> None:
    assert not {"numbered_count", "bullet_count"} & set(_kinds(prompt))


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Give me 5 tips as a numbered list, and add a summary below it.", 5),
        ("List the steps, numbered 1-6.", 6),
        ("Give me a numbered list of 5 books.", 5),
    ],
)
def test_a_list_count_of_the_answer_still_compiles(prompt: str, value: int) -> None:
    assert [getattr(s, "value", None) for s in _of(prompt, "numbered_count")] == [value]
