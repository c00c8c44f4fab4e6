"""Word and format rules in fresh wordings: a rule taken back, someone else's
habit, a part's rule fronted by the part, a rule limited by "only if", a
keyword only permitted, a place the answer may never reach and a rule the
writer disowns compile nothing; the plain requirement beside each still
compiles."""

from __future__ import annotations

import pytest

from _compiled_specs import kinds, specs, specs_of_kind


@pytest.mark.parametrize(
    "prompt",
    [
        # taken back
        "Generate a YAML snippet? No — on second thought, a paragraph on the options is better.",
        "Describe the warehouse in Spanish? No, sorry, English is our working language.",
        'Write a note. Can you start it with "Coach,"? Just kidding, any opening is fine.',
        "Write it all in caps. I'm kidding, normal case please.",
        'Start the message with "Hi team"? Only joking, start it however you like.',
        "Write a message to my tenant in Arabic? Sorry, I mean English; he reads it fine.",
        'Write an ad. Leave out the word "cheap"? No, it\'s fine, use it if needed.',
        "Write a social post for the vet clinic. No hashtags? Actually hashtags are fine.",
        # alternatives left open
        "Write the notice in lowercase or in normal case, whichever looks friendlier.",
        # someone else's habit
        "Explain why some people avoid commas in headlines.",
        "Describe a day at a vet clinic. Some vets like to write their notes in all lowercase.",
        'Explain why lawyers avoid the word "shall" in modern contracts.',
        "Tell me why many journalists never use exclamation marks.",
        "Write the minutes. The secretary used to put everything in a table, but prose is fine.",
        # disowned
        "Write a poem about bread. My teacher said to use no commas in poems, which seems silly.",
    ],
)
def test_a_rule_taken_back_or_someone_elses_compiles_nothing(prompt: str) -> None:
    assert specs(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Write an announcement for the choir. In the sign-off, use the choir's motto in Latin.",
        "Write an email to the tenants. In the subject line, use all caps.",
        "Write a letter to the club. In the greeting, use German.",
        "Write a note. For the title, use French.",
        "Write a memo. In the closing line, avoid commas.",
        "Write a report. In the final paragraph, write in Spanish.",
        'Write a speech. In the closing, mention the word "thanks" three times.',
        "Write a bio. In the tagline, avoid exclamation marks.",
        "Write a poem. For the last stanza, write in lowercase.",
        # the part named right before the rule
        "Write an apology to the tenant — the apology part in lowercase, the plan in normal text.",
        "Write a poem with the last line in capitals.",
    ],
)
def test_a_rule_fronted_by_its_part_is_that_parts(prompt: str) -> None:
    assert specs(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "The title of the poem should be wrapped in double angle brackets, like <<title>>, "
        "only if you give it a title. Write a poem about the school bus.",
        'Write a poem. Using the word "love" is allowed.',
        'Write an ad. Using "free" is fine.',
        "Write an email. Where you mention dates, use the format 3 May.",
        'Write an email. Wherever you list prices, end with "only".',
    ],
)
def test_a_limited_or_permitted_rule_compiles_nothing(prompt: str) -> None:
    assert specs(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # the whole answer named before the rule: still its rule
        ("Write an email. In the email, avoid commas.", "forbidden_chars"),
        ("Write a letter. In your answer, use only lowercase.", "letter_case"),
        # a retraction taken back in turn: the last word stands
        ("Write a poem. No, wait, a limerick. Use all lowercase.", "letter_case"),
        # a reason about readers is no habit told of
        ("Some readers skim, so use bullet points and avoid commas.", "forbidden_chars"),
        ("Most people write in English, but answer in French.", "language"),
        ("The secretary used to use tables, so put the minutes in a table.", "table_count"),
        # a question answered "no" about something else: the rule after it stands
        (
            "Is this for the tenants? No, it's for the landlord. Write it in lowercase.",
            "letter_case",
        ),
        ("Use bullet points? Actually, answer in French.", "language"),
        # "why" about the subject, the rule the answer's
        ("Explain why plants need light in all lowercase.", "letter_case"),
        ("Explain why the sky is blue, and avoid commas.", "forbidden_chars"),
        # a word that is only the topic's: "silly" alone disowns nothing
        ("Write a silly poem in lowercase.", "letter_case"),
        ("Avoid commas, which is important.", "forbidden_chars"),
        ("No exclamation marks anywhere, please. Write an upbeat note.", "forbidden_chars"),
        ('Please steer clear of the word "cheap" throughout — write an ad.', "forbidden_words"),
    ],
)
def test_the_plain_rule_beside_each_still_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


def test_a_keyword_at_least_in_one_part_holds_of_the_whole() -> None:
    # in the final sentence is in the answer: at least once still holds
    prompt = 'Write a paragraph. In the final sentence, mention the word "deposit".'
    assert [(s["keyword"], s["relation"]) for s in specs_of_kind(prompt, "keyword")] == [
        ("deposit", "at_least")
    ]


def test_a_keyword_required_beside_a_permitted_one_compiles() -> None:
    prompt = 'Use the word "love" at least twice.'
    assert [(s["keyword"], s["value"]) for s in specs_of_kind(prompt, "keyword")] == [("love", 2)]


def test_comments_in_a_language_leave_the_format_alone() -> None:
    prompt = "Write a YAML config for the booking app, with comments in English."
    assert kinds(prompt) == {"yaml"}
