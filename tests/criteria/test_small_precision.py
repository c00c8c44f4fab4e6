"""The small kinds read only the wordings where they are right: a count of
numerals, a list marker, a comma-separated line, a place for hashtags, a
table, a final mark. Each pair of lists states a requirement in several
people's words beside near misses that name the same thing without asking
for it (a list of numbers, a section's labels, a topic, a choice, a part)."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def _of(prompt: str, kind: str) -> list[dict[str, Any]]:
    found = [c.spec.model_dump(mode="json") for c in compile_checks(prompt)]
    return [{k: v for k, v in s.items() if k != "kind"} for s in found if s["kind"] == kind]


@pytest.mark.parametrize(
    ("prompt", "kind", "params"),
    [
        # numerals: a count stated of the numbers the answer writes
        ("Include exactly 4 numbers.", "number_count", {"relation": "exactly", "value": 4}),
        ("The reply must contain exactly 3 numbers.", "number_count", {"value": 3}),
        ("Give at least 3 numbers.", "number_count", {"relation": "at_least"}),
        ("Write it without numbers.", "number_count", {"relation": "at_most", "value": 0}),
        ("Mention exactly two numbers.", "number_count", {"relation": "exactly", "value": 2}),
        # list markers
        ("Number them 1), 2), 3).", "list_marker", {"marker": "1)"}),
        ("Give three options labelled a), b), c).", "list_marker", {"marker": "a)"}),
        ("Use Roman numerals (I., II., III.).", "list_marker", {"marker": "I."}),
        # comma lists
        ("List five fruits, comma-separated.", "comma_list", {}),
        ("Give me ten baby names, comma-separated. No explanations.", "comma_list", {}),
        ("Reply with the country codes separated by commas and nothing else.", "comma_list", {}),
        # units placed
        ("Add a link at the end of your email.", "units_at", {"unit": "link", "at": "end"}),
        ("Put the hashtags at the very end of the caption.", "units_at", {"unit": "hashtag"}),
        ("Write a tweet. Emojis at the end only.", "units_at", {"unit": "emoji"}),
        # tables
        ("Make a markdown table of the planets.", "table_count", {"relation": "at_least"}),
        ("Format your reply as a table.", "table_count", {"value": 1}),
        ("Include a table comparing the options.", "table_count", {"value": 1}),
        # final marks, every mark a list names
        ("Do not end with a period or exclamation point.", "no_final_mark", {"marks": "!."}),
        (
            "Don't end with a period, a question mark or an exclamation mark.",
            "no_final_mark",
            {"marks": "!.?"},
        ),
        ("Write a headline, no period.", "no_final_mark", {"marks": "."}),
        ("Write a tagline with no period at the end.", "no_final_mark", {"marks": "."}),
    ],
)
def test_stated_requirements_compile(prompt: str, kind: str, params: dict[str, Any]) -> None:
    found = _of(prompt, kind)
    assert len(found) == 1
    assert {k: found[0][k] for k in params} == params


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # a list of numbers: its lead-in and numbering are numerals too
        ("Give me 3 numbers I can use as PINs.", "number_count"),
        ("Write 10 numbers.", "number_count"),
        ("Generate exactly 5 numbers for the lottery.", "number_count"),
        # numbers in words, vague numbers, an exception
        ("Include at least 3 numbers, written as words.", "number_count"),
        ("Use at least 2 numbers, spelled out.", "number_count"),
        ("Please avoid precise numbers.", "number_count"),
        ("Avoid specific numbers; keep it general.", "number_count"),
        ("No numbers except the year.", "number_count"),
        # the labels of sections or chapters, markdown's own numbering shown
        ("Write a reply with the sections labelled A. and B.", "list_marker"),
        ("Use Roman numerals for the chapters (I., II., III.).", "list_marker"),
        ("Use numbered steps: 1., 2., 3.", "list_marker"),
        # a comma list that is one part of the answer, or each thing's own
        ("Write a short bio and list my skills comma-separated.", "comma_list"),
        ("For each country, list its neighbours comma-separated.", "comma_list"),
        ("Give the synonyms comma-separated after each word.", "comma_list"),
        ("Name three colors, comma-separated. Then explain why you chose them.", "comma_list"),
        ("List the planets comma-separated. Add a one-line fun fact at the end.", "comma_list"),
        ("Write a sentence listing three animals, separated by commas.", "comma_list"),
        # one part's end
        ("Put links at the end of sentences where you cite facts.", "units_at"),
        ("Add hashtags at the end of the subject line.", "units_at"),
        # a table that is a topic, or one format of several
        ("Give me a periodic table summary of the noble gases.", "table_count"),
        ("Put it in a table or a list, your choice.", "table_count"),
        ("Show it as a list or a table.", "table_count"),
        # several pieces, each with its own end; more after the end; a part's end
        ("Write three subject lines, no period.", "no_final_mark"),
        ("Give me 5 slogans. No period at the end.", "no_final_mark"),
        ("Answer in one sentence without a final period, then list sources.", "no_final_mark"),
        ("No trailing period in the code comment.", "no_final_mark"),
    ],
)
def test_near_misses_compile_nothing(prompt: str, kind: str) -> None:
    assert _of(prompt, kind) == []


@pytest.mark.parametrize(
    ("prompt", "kind", "params"),
    [
        # the same kinds, stated for the answer itself
        ("No dashes.", "forbidden_chars", {"chars": "–—"}),
        ("Don't use em dashes.", "forbidden_chars", {"chars": "—"}),
        ("Write the poem without commas.", "forbidden_chars", {"chars": ","}),
        ("Write your answer with no exclamation marks.", "forbidden_chars", {"chars": "!"}),
        ("Every paragraph should have at most 3 sentences.", "each_count", {"value": 3}),
        ("Write one sentence about cats.", "sentence_count", {"value": 1}),
        ("Write one short sentence on rain.", "sentence_count", {"value": 1}),
        ("Write 3 sections, each with an H2 heading.", "heading_count", {"value": 3}),
        ("Add two sub-bullets under each bullet.", "list_nesting", {"value": 2}),
        (
            "Each main point should have at least a couple of nested bullets.",
            "list_nesting",
            {"relation": "at_least", "value": 2},
        ),
        ("Round to two decimal places.", "decimal_places", {"places": 2}),
        ("Round all numbers to 2 decimal places.", "decimal_places", {"places": 2}),
        ("Round your answer to 3 decimal places.", "decimal_places", {"places": 3}),
        ("Write the title in title case.", "title_case", {"part": "title"}),
        ("Give me five headlines, each in Title Case.", "title_case", {"part": "item"}),
        ("Use title case for all headings.", "title_case", {"part": "heading"}),
        (
            "Give me 6 made-up book titles. Each title must be in Title Case.",
            "title_case",
            {"part": "item"},
        ),
        ("Write 3 headlines for this article, each in Title Case.", "title_case", {"part": "item"}),
        ("Give me 10 five-letter words, comma-separated on one line.", "comma_list", {}),
    ],
)
def test_the_answer_s_own_requirement_still_compiles(
    prompt: str, kind: str, params: dict[str, Any]
) -> None:
    found = _of(prompt, kind)
    assert len(found) == 1
    assert {k: found[0][k] for k in params} == params


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # a mark in one role: the hyphen bullet, not every dash
        ("Don't use dashes for bullets.", "forbidden_chars"),
        ("No asterisks as list markers.", "forbidden_chars"),
        ("Avoid dashes for bullet points; use numbers.", "forbidden_chars"),
        # the marks of one sort of thing written
        ("Write numbers without commas (1000 not 1,000).", "forbidden_chars"),
        ("List the usernames with no dashes.", "forbidden_chars"),
        ("Format all prices without spaces, e.g. $12.", "forbidden_chars"),
        # a count that picks out which parts to change
        ("Every paragraph longer than 3 sentences should be split.", "each_count"),
        ("Any sentence over 25 words must be shortened.", "each_word_count"),
        ("Each bullet with more than 12 words needs to be cut.", "each_word_count"),
        # an equation, not a sentence of prose
        ("Write a number sentence for 3 + 4 = 7", "sentence_count"),
        ("Write an open number sentence for the word problem.", "sentence_count"),
        # a bold line is no markdown heading
        ("Write two paragraphs about owls, each under a bold heading.", "heading_count"),
        ("Use three bold headings.", "heading_count"),
        ("Write 3 sections, each with a bold header.", "heading_count"),
        # "a couple" is two or three
        ("Each main point should have a couple of nested bullets.", "list_nesting"),
        ("Nest a couple of sub-points under each bullet, please.", "list_nesting"),
        # places for one sort of number
        ("Give prices with 2 decimal places.", "decimal_places"),
        ("Show all percentages with one decimal place.", "decimal_places"),
        ("Round prices to 2 decimal places; weights to the nearest gram.", "decimal_places"),
        # many titles, or titles in running text
        ("List 5 book ideas. Each title must be in Title Case.", "title_case"),
        ("Every headline should be in title case.", "title_case"),
        ("Write an essay on Tolkien; put book titles in title case.", "title_case"),
    ],
)
def test_last_session_s_over_reads_compile_nothing(prompt: str, kind: str) -> None:
    assert _of(prompt, kind) == []
