"""Readings that over-reached, made strict by rule, and guards that refused
too much, narrowed by rule: each beside the same requirement stated so that
it must still compile, and near misses that must compile nothing of it.
"""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def specs(prompt: str, system: str | None = None) -> list[dict[str, Any]]:
    return [
        c.spec.model_dump(mode="json", exclude_none=True)
        for c in compile_checks(prompt, system=system)
    ]


def kinds(prompt: str, system: str | None = None) -> list[str]:
    return [spec["kind"] for spec in specs(prompt, system)]


# -- questions that are items of content, not the answer's asking -----------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write an FAQ for our app: 6 questions, each followed by a short answer.",
        "Draft a Q&A page with exactly 4 questions about refunds.",
        "Give me five questions I could ask my doctor about sleep.",
        "List 4 questions a tenant should ask before signing a lease.",
        "I need three questions to ask at the end of an interview.",
        "Write 5 trivia questions about rivers with their answers.",
    ],
)
def test_questions_as_content_items_are_not_counted(prompt: str) -> None:
    assert "question_count" not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Ask me exactly two questions before you answer.", 2),
        ("Write a quiz with 8 questions about volcanoes.", 8),
        ("Include exactly 2 rhetorical questions in your essay about cities.", 2),
        ("ask us no more than 3 questions about the trip", 3),
    ],
)
def test_the_answers_own_questions_still_count(prompt: str, value: int) -> None:
    found = [s for s in specs(prompt) if s["kind"] == "question_count"]
    assert [s["value"] for s in found] == [value]


# -- a participle that describes a bracketed noun or each line ---------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Quote a proverb and format it as a blockquote (starting with '>'), then explain it.",
        "Give it a heading (ending with '?') and then the answer.",
        "Give me three slogans. Each slogan on its own line, starting with '- '.",
        "List five fruits, one per line, ending with a full stop.",
        "Put every idea on its own line, beginning with 'Idea:'.",
    ],
)
def test_a_start_or_end_of_another_part_is_not_the_answers(prompt: str) -> None:
    assert not {"starts_with", "ends_with"} & set(kinds(prompt))


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Write a reply (starting with 'Hi Sam') to the invitation.", "starts_with"),
        ("Start your answer with 'Yes' and keep it short.", "starts_with"),
        ("Write a short prayer, ending with 'Amen'.", "ends_with"),
        ("Begin the response with 'Dear team,' please.", "starts_with"),
    ],
)
def test_the_answers_own_start_and_end_still_compile(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


# -- "no markdown" names all of markdown, not one element of it -------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "No markdown fences, just the raw JSON object.",
        "Output the YAML without markdown code blocks.",
        "Give me the data, no markdown tables please, as a bulleted list.",
        "Don't use markdown headings; bold is fine.",
    ],
)
def test_one_markdown_element_banned_is_not_plain_text(prompt: str) -> None:
    assert "plain_text" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "No markdown, just sentences.",
        "Reply without any markdown formatting.",
        "please dont use markdown in the answer",
        "Answer in plain text only.",
    ],
)
def test_no_markdown_at_all_is_plain_text(prompt: str) -> None:
    assert "plain_text" in kinds(prompt)


# -- a part named as a place, or paired with another -------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a blurb for Ana. Use her name in the first and last sentence, max 70 words.",
        "Mention the price in the last sentence, max 60 words.",
        "Put the date in the opening line, 50 words max.",
        "The second and third paragraphs should be under 80 words.",
    ],
)
def test_a_part_that_is_a_place_or_a_pair_gets_no_part_count(prompt: str) -> None:
    assert "part_count" not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "part", "index"),
    [
        ("Keep the last sentence under 12 words.", "sentence", -1),
        ("In the first paragraph, use no more than 40 words.", "paragraph", 1),
        ("the opening paragraph must be at most 3 sentences", "paragraph", 1),
        ("Title: max 8 words.", "title", 1),
    ],
)
def test_a_part_asked_for_still_gets_its_count(prompt: str, part: str, index: int) -> None:
    found = [s for s in specs(prompt) if s["kind"] == "part_count"]
    assert [(s["part"], s["index"]) for s in found] == [(part, index)]


def test_a_count_after_a_place_is_the_answers() -> None:
    found = specs("Include her name in the first and last sentence, max 70 words.")
    assert found == [{"kind": "word_count", "relation": "at_most", "value": 70}]


# -- a bracket after a later part describes that part ------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a headline, then the standfirst (one sentence, at most 30 words).",
        "Show the code, followed by an explanation (under 50 words).",
        "Give the verdict first and then your reasons (max 3 sentences).",
    ],
)
def test_a_count_in_brackets_after_a_later_part_is_that_parts(prompt: str) -> None:
    counted = {"word_count", "sentence_count"}
    assert not counted & set(kinds(prompt))


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Write a summary (at most 50 words).", "word_count"),
        ("Describe Paris (max 3 sentences).", "sentence_count"),
        ("Explain recursion simply (under 80 words, please).", "word_count"),
    ],
)
def test_a_count_in_brackets_on_the_answer_still_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


# -- the thing asked for, a clause about it, then ", with" its count --------------


@pytest.mark.parametrize(
    ("prompt", "kind", "value"),
    [
        (
            "Send me a short message wishing my team luck, with exactly 2 emojis.",
            "emoji_count",
            2,
        ),
        (
            "Write a text to my mom thanking her for dinner, with at most 3 sentences.",
            "sentence_count",
            3,
        ),
        ("Write a poem about my dog, with exactly 4 lines.", "line_count", 4),
        ("send me a note for our neighbours, with 3 emojis", "emoji_count", 3),
    ],
)
def test_a_count_after_a_comma_is_the_things(prompt: str, kind: str, value: int) -> None:
    found = [s for s in specs(prompt) if s["kind"] == kind]
    assert [s["value"] for s in found] == [value]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a summary of my essay with 500 words.",
        "Send me a note about their project with 3 emojis.",
        "Write a reply to this email, with 300 words.",
    ],
)
def test_a_count_that_may_be_the_given_things_compiles_nothing(prompt: str) -> None:
    assert kinds(prompt) == []


# -- found by the second author's near misses ---------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a blurb; 50 to 60 words would be ideal.",
        "Describe the hotel. Three paragraphs is preferable.",
        "Write a toast. The ideal length is 100 words.",
    ],
)
def test_a_wished_size_is_a_hedge(prompt: str) -> None:
    assert kinds(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Describe the ideal job in 3 sentences.", "sentence_count"),
        ("Write about a nice day in exactly 2 paragraphs.", "paragraph_count"),
        ("Keep it under 50 words; that is a rule.", "word_count"),
    ],
)
def test_ideal_and_nice_as_content_are_no_hedge(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Keep it under 200 words, all caps title.",
        "Write the menu with lowercase headings.",
        "Use uppercase names for every character in the script.",
    ],
)
def test_the_case_of_a_named_part_is_not_the_answers(prompt: str) -> None:
    assert "letter_case" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    ["Write the answer in all caps.", "respond in lowercase only", "ALL CAPS please, 3 lines."],
)
def test_the_case_of_the_answer_still_compiles(prompt: str) -> None:
    assert "letter_case" in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "I'll paste my notes below.\n\nNotes: keep under 200 words, 3 hashtags.\n\n"
        "Turn them into a to-do list.",
        "Here's my draft below.\n\nDraft: Our posts must never exceed 50 words.\n\n"
        "Make it friendlier.",
        "I pasted the email underneath.\n\nEmail: please reply in French within 2 days.\n\n"
        "Who sent it?",
    ],
)
def test_material_announced_and_labelled_compiles_nothing(prompt: str) -> None:
    assert kinds(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Follow the rules below.\n\nRules: keep it under 100 words.", "word_count"),
        ("My notes are below; answer in under 100 words.\n\nNotes: buy milk.", "word_count"),
        ("Requirements: responses must be under 100 words.", "word_count"),
    ],
)
def test_rules_for_the_answer_under_a_label_compile(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a style guide for our support agents: replies should be under 80 words and "
        "start with 'Hi there'.",
        "Draft a policy for moderators: answers must be polite, and end with 'Thanks'.",
    ],
)
def test_rules_written_for_others_replies_compile_nothing(prompt: str) -> None:
    assert kinds(prompt) == []


def test_the_guide_itself_may_be_limited() -> None:
    assert "word_count" in kinds("Write a style guide: it should be under 300 words.")


# -- guards narrowed: what they refused that was plainly asked ---------------------


@pytest.mark.parametrize(
    ("prompt", "kind", "value"),
    [
        (
            "Centered text isn't possible so just write 3 short paragraphs in all caps.",
            "paragraph_count",
            3,
        ),
        ("Write 5 sentences in lowercase.", "sentence_count", 5),
        ("write two paragraphs in capital letters", "paragraph_count", 2),
        ("I can't read small print so please write 4 sentences.", "sentence_count", 4),
        ("Don't write more than 3 paragraphs, max 50 words.", "word_count", 50),
    ],
)
def test_a_negation_or_case_before_a_new_clause_no_longer_refuses(
    prompt: str, kind: str, value: int
) -> None:
    found = [s for s in specs(prompt) if s["kind"] == kind]
    assert [s["value"] for s in found] == [value]


@pytest.mark.parametrize(
    "prompt",
    [
        "It isn't possible to write it in 3 paragraphs, is it?",
        "Don't make it so long that it needs 5 paragraphs.",
        "Use at least 5 words in all caps.",
        "Write 2 paragraphs in all caps and 1 in lowercase.",
        "Write 2 sentences in caps and the rest in lowercase.",
    ],
)
def test_negated_asked_or_split_cases_still_refuse(prompt: str) -> None:
    assert not {"paragraph_count", "sentence_count", "letter_case"} & set(kinds(prompt))


@pytest.mark.parametrize(
    ("prompt", "relations"),
    [
        (
            "Write a chant. Every line must end with an exclamation mark, 4–6 lines, and "
            "include 'Go' at least twice.",
            [("at_least", 4), ("at_most", 6)],
        ),
        ("Write NPC lines. Each line under 60 characters, 5 lines, no emojis.", [("exactly", 5)]),
        ("Write a poem where every line must rhyme, exactly 8 lines.", [("exactly", 8)]),
    ],
)
def test_a_count_of_the_unit_each_names_is_all_of_them(
    prompt: str, relations: list[tuple[str, int]]
) -> None:
    found = [(s["relation"], s["value"]) for s in specs(prompt) if s["kind"] == "line_count"]
    assert found == relations


@pytest.mark.parametrize(
    "prompt",
    [
        "Each caption under 40 characters, 3 emojis max.",
        "Each line under 60 characters, 5 words, no emojis.",
        "Every bullet in bold, 3 sentences max.",
        "Each caption under 40 characters, no more than 2 emojis.",
    ],
)
def test_other_items_after_each_stay_each_ones(prompt: str) -> None:
    # counts stay each one's; only a ban ("no emojis": at most 0) is the answer's
    assert not {"word_count", "sentence_count"} & set(kinds(prompt))
    assert all(s["value"] == 0 for s in specs(prompt) if s["kind"] == "emoji_count")


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Each caption under 40 characters, no emojis.", "emoji_count"),
        ("Each headline 6 words or fewer, title case, no colons.", "forbidden_chars"),
        ("Title Case, each no longer than 10 words, and no colons.", "forbidden_chars"),
        ("Every tip under 20 words, and no exclamation marks.", "forbidden_chars"),
    ],
)
def test_a_ban_after_each_items_is_the_answers(prompt: str, kind: str) -> None:
    # a ban of every part is a ban of the answer they make up; their counts stay theirs
    assert kind in kinds(prompt)
    assert not {"word_count", "char_count"} & set(kinds(prompt))


@pytest.mark.parametrize(
    "prompt",
    [
        "Each caption under 40 characters, ideally no emojis.",
        "My essay: each paragraph 100 words, no colons.",
        "Each caption under 40 characters, no more than 2 emojis.",
    ],
)
def test_a_hedged_or_given_ban_after_each_stays_unread(prompt: str) -> None:
    assert not {"emoji_count", "forbidden_chars"} & set(kinds(prompt))


# -- a list that is one part; one date's value -------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Tell me about the Fibonacci sequence and show the first 10 numbers, "
        "comma-separated, inside a code block.",
        "Explain primes and then list the first 5, comma-separated.",
        "Name the planets, comma-separated, in a code block.",
    ],
)
def test_a_comma_list_that_is_one_part_is_no_comma_answer(prompt: str) -> None:
    assert "comma_list" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 10 random integers, comma separated.",
        "Name the planets, comma-separated, nothing else.",
        "list five fruits as a comma separated list",
    ],
)
def test_a_comma_list_answer_still_compiles(prompt: str) -> None:
    assert "comma_list" in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write an out-of-office reply. It should mention the return date as 14 March 2025.",
        "Write the date as '3 April 2025' instead.",
        "In the invite, give the party date as 2025-06-01.",
    ],
)
def test_one_dates_value_is_no_date_format(prompt: str) -> None:
    assert "date_format" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write all dates as 3 April 2025.",
        "Format every date as 14 March 2025.",
        "Dates should be written as 14 March 2025.",
        "Write the date as YYYY-MM-DD.",
    ],
)
def test_a_date_form_still_compiles(prompt: str) -> None:
    assert "date_format" in kinds(prompt)


# -- more things a request names, then "that uses" ---------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        (
            "Write a short paragraph about the moon that uses the word 'giant' exactly twice.",
            "keyword",
        ),
        ("Write a tongue twister that uses the letter 'z' at least 6 times.", "letter_count"),
        ("compose a fable that mentions 'fox' at least 2 times", "keyword"),
        ("Write a bio with exactly 3 sentences.", "sentence_count"),
    ],
)
def test_a_named_thing_that_uses_a_word_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Rewrite the paragraph that uses the word 'very' 3 times.",
        "Write a paragraph about my essay that has 500 words.",
        "Is there a tongue twister that uses the letter 'z' 6 times?",
    ],
)
def test_a_given_or_asked_thing_that_uses_a_word_compiles_no_count(prompt: str) -> None:
    assert not {"keyword", "letter_count", "word_count"} & set(kinds(prompt))


# -- a criteria line that opens with how much of the answer ------------------------


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Write a protest slogan. Entirely in capital letters, max 15 words.", "letter_case"),
        ("Write a protest slogan. Entirely in capital letters, max 15 words.", "word_count"),
        ("Completely in lowercase, please.", "letter_case"),
        ("Tell me about Lyon. Entirely in French.", "language"),
    ],
)
def test_a_criteria_line_opening_with_entirely_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Entirely possible to do it in 3 steps, right?",
        "The book is written entirely in capital letters. Who wrote it?",
        "Entirely in French would be nice, if you can.",
    ],
)
def test_entirely_in_a_description_or_hedge_compiles_nothing(prompt: str) -> None:
    assert kinds(prompt) == []
