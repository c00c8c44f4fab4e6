"""A phrase to include, start or end with, taken back by what follows it:
an alternative ("'Hi' or 'Hello'"), a condition ("only if it fits"), a
degree ("less often"), or a place in a part ("at the start of sentences").
Each beside the same requirement stated plainly, which still compiles."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def specs(prompt: str, system: str | None = None) -> list[dict[str, Any]]:
    return [c.spec.model_dump(mode="json") for c in compile_checks(prompt, system=system)]


def of_kind(prompt: str, kind: str) -> list[dict[str, Any]]:
    return [s for s in specs(prompt) if s["kind"] == kind]


@pytest.mark.parametrize(
    "prompt",
    [
        "Start with 'Hi' or 'Hello', then ask how their weekend was. Write a message to Jo.",
        "Respond starting with 'Yes' or 'No', then explain: is Pluto a planet?",
        "Begin with 'Dear Hiring Manager' or the manager's name if you know it. Cover letter",
        "Start your reply with 'Great question' only if the question is actually good. What is pi?",
        "begin ur reply with 'Sure' unless it's a weird request. what's 2+2",
    ],
)
def test_a_start_with_an_alternative_or_a_condition_is_not_required(prompt: str) -> None:
    assert of_kind(prompt, "starts_with") == []


@pytest.mark.parametrize(
    "prompt",
    [
        "End with 'Cheers' or 'Best', whichever fits the tone. Write an email about lunch.",
        "End the email with 'Best' or something similar.",
        "Close the message with 'Thanks!' if it suits the tone. Write a note to the cleaners.",
    ],
)
def test_an_end_with_an_alternative_or_a_condition_is_not_required(prompt: str) -> None:
    assert of_kind(prompt, "ends_with") == []


def test_an_end_phrase_stated_for_one_kind_of_question_is_not_every_reply_s() -> None:
    system = "You are a travel assistant. End with 'Stay safe!' when the user asks about travel."
    assert [s for s in specs("Hi!", system=system) if s["kind"] == "ends_with"] == []


@pytest.mark.parametrize(
    ("prompt", "kind", "phrase"),
    [
        ("Start your answer with 'Yes', then explain: is Pluto a planet?", "starts_with", "Yes"),
        ("Begin the email with 'Dear Ms. Ortiz,' please.", "starts_with", "Dear Ms. Ortiz,"),
        ("Write a note to the cleaners and end with 'Thanks!'.", "ends_with", "Thanks!"),
        ("close with 'Thanks for reading!' — it's a blog intro about sourdough", "ends_with",
         "Thanks for reading!"),
    ],
)  # fmt: skip
def test_a_plain_start_or_end_phrase_still_compiles(prompt: str, kind: str, phrase: str) -> None:
    assert [s["phrase"] for s in of_kind(prompt, kind)] == [phrase]


@pytest.mark.parametrize(
    "prompt",
    [
        "Include the word 'happy' or 'glad' in the card message for my aunt.",
        "Mention 'free shipping' or 'free delivery' in the ad.",
        "Use the word 'innovative' or a synonym in the pitch.",
        "Include the word 'hope' only if it sounds natural. Write a short poem about winter.",
        "Include the keyword 'running shoes' where it fits naturally. Write a product page.",
        "Mention our app 'Tidy' when it makes sense. Write a blog post about decluttering.",
        "Use the word 'literally' less. Rewrite: I literally ran. It was literally fun.",
        "Use the word 'delve' less often. Rewrite: We delve into data. We delve into trends.",
        "Use the word 'sustainable' sparingly in the report on our packaging.",
        "pls mention Python or Go in the job ad, whichever you think fits",
        # a count left unread: exactly once, or at most once?
        "Use the word 'great' only once.",
        "Mention 'award-winning' just once in the bio.",
    ],
)
def test_a_keyword_with_an_alternative_a_condition_or_a_degree_is_not_required(
    prompt: str,
) -> None:
    assert of_kind(prompt, "keyword") == []


@pytest.mark.parametrize(
    ("prompt", "words"),
    [
        ("Write a card for my aunt. Include the words 'happy' and 'glad'.", {"happy", "glad"}),
        ("Mention 'free shipping' in the ad.", {"free shipping"}),
        ("Use the word 'sustainable' at least twice in the report.", {"sustainable"}),
        ("Write the job ad and mention Python and Go.", {"Python", "Go"}),
    ],
)  # fmt: skip
def test_a_plain_keyword_still_compiles(prompt: str, words: set[str]) -> None:
    assert {s["keyword"] for s in of_kind(prompt, "keyword")} == words


@pytest.mark.parametrize(
    "prompt",
    [
        "Avoid 'obviously' at the beginning of sentences. Write a tutorial on CSS grid.",
        "Avoid saying 'I think' at the start of every sentence. Write my opinion piece.",
        "Don't use 'So' at the start of each paragraph. Explain how tides work.",
        "Avoid the word 'basically' unless you're quoting someone. Explain how vaccines work.",
        "Don't use 'very' unless it is really needed. Write a product description for a kettle.",
    ],
)
def test_a_ban_on_a_part_s_start_or_under_a_condition_is_no_ban_on_the_answer(
    prompt: str,
) -> None:
    assert of_kind(prompt, "forbidden_words") == []


@pytest.mark.parametrize(
    ("prompt", "words"),
    [
        ("Avoid 'obviously'. Write a tutorial on CSS grid.", ["obviously"]),
        ("Describe the kettle. Don't use the words 'very' or 'really'.", ["very", "really"]),
        ("Write the email without using 'ASAP' — it sounds rude.", ["ASAP"]),
    ],
)
def test_a_plain_ban_still_compiles(prompt: str, words: list[str]) -> None:
    assert [s["words"] for s in of_kind(prompt, "forbidden_words")] == [words]


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Give me a password idea that starts with a capital letter and ends with '!'",
         "ends_with"),
        ("Suggest a team name which begins with 'The' for our quiz night.", "starts_with"),
        ("List 8 verbs that start with 're', comma separated.", "starts_with"),
        ("i need a slogan whose last word ends with 'ly' pls", "ends_with"),
    ],
)  # fmt: skip
def test_the_start_or_end_of_a_thing_a_relative_clause_describes_is_not_the_answer_s(
    prompt: str, kind: str
) -> None:
    assert of_kind(prompt, kind) == []


@pytest.mark.parametrize(
    ("prompt", "kind", "phrase"),
    [
        ("Write a story that ends with 'And they never spoke again.'", "ends_with",
         "And they never spoke again."),
        ("Write an email that ends with 'Best, Ana'.", "ends_with", "Best, Ana"),
        ("write a poem that ends with 'goodnight moon'", "ends_with", "goodnight moon"),
    ],
)  # fmt: skip
def test_the_start_or_end_of_the_answer_a_relative_clause_describes_still_compiles(
    prompt: str, kind: str, phrase: str
) -> None:
    assert [s["phrase"] for s in of_kind(prompt, kind)] == [phrase]
