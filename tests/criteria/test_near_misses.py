"""Requests where numbers, formats and rule words appear without being a
requirement on the answer compile nothing (or only what the writer asked).

``data/near_misses.jsonl`` is an adversarial set written before the compiler
was read: counts that describe the topic, constraints on other things,
material to process, questions about formats, hedges, negations,
conditionals, examples, reported and relayed requests, alternatives, the
user's own text, system prompts that describe the product, and positives of
each shape. Each row lists the checks it allows (``checks``: a kind and the
parameters that must match); a compiled check that matches none is false.
Rows with ``must`` also require one of them to be compiled.

The unit tests below read each class of near miss the set found, beside the
same requirement stated directly, so a guard that grows too wide fails too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from redraft.criteria import compile_checks

_DATA = Path(__file__).parent / "data" / "near_misses.jsonl"
_ROWS: list[dict[str, Any]] = [
    json.loads(line) for line in _DATA.read_text(encoding="utf-8").splitlines() if line
]


def specs(prompt: str, system: str | None = None) -> list[dict[str, Any]]:
    return [c.spec.model_dump(mode="json") for c in compile_checks(prompt, system=system)]


def kinds(prompt: str, system: str | None = None) -> list[str]:
    return [spec["kind"] for spec in specs(prompt, system)]


def _allowed(spec: dict[str, Any], allowed: list[dict[str, Any]]) -> bool:
    return any(all(spec.get(key) == value for key, value in a.items()) for a in allowed)


def test_the_set_is_large_and_mostly_traps() -> None:
    assert len(_ROWS) >= 200
    assert sum(1 for row in _ROWS if not row["checks"]) >= 200


@pytest.mark.parametrize("row", _ROWS, ids=[f"row{i}" for i in range(len(_ROWS))])
def test_no_false_check(row: dict[str, Any]) -> None:
    compiled = specs(row["prompt"], row.get("system"))
    assert [s for s in compiled if not _allowed(s, row["checks"])] == []
    if row.get("must"):
        assert any(_allowed(s, row["checks"]) for s in compiled)


# -- material handed over: everything after the colon is the material --------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Fix the grammar in this sentence: The report should contains at least 3 examples.",
        "Edit this draft for tone: Keep your answers under 50 words and never use emojis.",
        "Summarize these meeting notes:\n\n- Launch email must be under 150 words\n"
        "- Avoid the word 'revolutionary'\n- Next meeting in 2 weeks",
        "Tighten this paragraph: Each reply should end with the phrase 'cheers'.",
    ],
)
def test_material_after_a_colon_compiles_nothing(prompt: str) -> None:
    assert kinds(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        (
            "Summarize these meeting notes in one sentence:\n\n- Budget capped at 20k",
            "sentence_count",
        ),
        ("Fix the grammar below. Answer in all lowercase letters.", "letter_case"),
        (
            "Avoid the word 'revolutionary' in your answer. Describe our new phone.",
            "forbidden_words",
        ),
    ],
)
def test_the_request_around_material_still_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


# -- a request someone else made, reported ----------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "She asked me to reply in French but I only speak English. What should I do?",
        "The interviewer asked me to describe myself in three words. Ideas for a nurse?",
        "My boss told us to keep reports under 200 words; is that realistic?",
        "My son's homework is to write 5 sentences using 'because'. How can I help him?",
        "The teacher said to answer in exactly two paragraphs. Why would she say that?",
    ],
)
def test_a_reported_request_compiles_nothing(prompt: str) -> None:
    assert kinds(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Reply in French, please: what time is the meeting?", "language"),
        ("I asked you to keep it under 200 words. Describe the museum.", "word_count"),
        ("Write 5 sentences using the word 'because'.", "sentence_count"),
        ("could you describe a nurse in three words", "word_count"),
    ],
)
def test_the_same_request_made_of_the_assistant_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        (
            "My boss said to keep the email under 100 words. Write it: I need Friday off.",
            "word_count",
        ),
        (
            "My teacher told us to write at least 500 words about climate change. "
            "Can you write it for me?",
            "word_count",
        ),
        (
            "My professor asked us to answer in exactly 3 paragraphs. Help me write an answer "
            "on the causes of WW1.",
            "paragraph_count",
        ),
    ],
)
def test_a_reported_task_handed_to_the_assistant_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


# -- a request the answer passes on ------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Draft a memo telling staff to use 24-hour time in all incident reports.",
        "Create a Slack reminder asking everyone to write dates in YYYY-MM-DD format.",
        "Tell my team in a short message to keep their weekly updates under 100 words.",
        "Write a note reminding the interns not to use emojis in client emails.",
    ],
)
def test_a_relayed_request_compiles_nothing(prompt: str) -> None:
    assert kinds(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Use 24-hour time. Draft a memo about the night shift.", "time_format"),
        ("Write a message to my team, in under 50 words, saying we close Friday.", "word_count"),
        ("Write a note to the interns. Don't use any emojis.", "emoji_count"),
        ("Write an email asking my landlord to fix the heater, under 100 words.", "word_count"),
    ],
)
def test_a_request_on_the_message_itself_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


# -- rules for another subject, after a colon --------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write guidelines for our bloggers: posts should be at least 800 words and use "
        "no more than 3 hashtags.",
        "Draft the contest rules: entries must be under 100 words.",
        "Create a brief for freelancers: articles need to include at least 2 links.",
    ],
)
def test_rules_stated_for_other_things_compile_nothing(prompt: str) -> None:
    assert kinds(prompt) == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a poem about rain: it must be under 60 words.",
        "Requirements: the essay must be at least 300 words.",
        "Write the contest rules. Keep them under 100 words.",
        "Rules: emails must be under 100 words.",
        "Requirements: responses must be under 100 words.",
    ],
)
def test_rules_for_the_answer_after_a_colon_compile(prompt: str) -> None:
    assert "word_count" in kinds(prompt)


# -- questions about doing it, hypotheticals, a count asked alone ---------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Is it possible to write a whole story in exactly 50 words?",
        "Should I keep my cover letter under 300 words?",
        "How do people write a haiku in only 3 lines?",
        "Would a 3-paragraph cover letter be enough for an internship?",
        "How long should a cover letter be? 250 words or more?",
        "Under a hundred words?",
        "Imagine you had to explain gravity in 10 words. Which words would matter most?",
        "If we had to describe Rome in 3 sentences, what would we pick?",
        "Imagine if you could only use 5 words: how would you describe love?",
        "Say we needed to summarise the war in 2 sentences; what would matter most?",
    ],
)
def test_a_question_or_hypothetical_compiles_nothing(prompt: str) -> None:
    assert kinds(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Can you write a story in exactly 50 words?", "word_count"),
        ("Could you explain gravity in 10 words?", "word_count"),
        ("Keep my cover letter under 300 words.", "word_count"),
        ("End with the exact phrase Is there anything else I can help with?", "ends_with"),
        ("Answer in French only: what is the capital of Australia?", "language"),
        ("Imagine that you are a pirate and write a poem of exactly 4 lines.", "line_count"),
    ],
)
def test_a_request_phrased_as_a_question_still_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


# -- JSON as one format among others ---------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Answer in JSON or YAML, whichever is easier: a cron job config.",
        "Respond in JSON format or plain text, I don't mind.",
        "Reply in XML or JSON with the user's name.",
    ],
)
def test_json_among_other_formats_compiles_nothing(prompt: str) -> None:
    assert "json" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Answer in JSON: a cron job config.",
        "respond in valid json with the keys name and age",
        "Your entire output should be in JSON format.",
    ],
)
def test_json_alone_compiles(prompt: str) -> None:
    assert "json" in kinds(prompt)


# -- a keyword's bare count: that many times, not a floor --------------------------


@pytest.mark.parametrize(
    ("prompt", "keyword", "value"),
    [
        ("Write a soap blurb. Mention 'lavender' 2 times.", "lavender", 2),
        ("use the word 'biodiversity' two times", "biodiversity", 2),
        ("Write a pirate greeting and say 'Arrr' three times.", "arrr", 3),
        ("Please include the word 'tide' twice.", "tide", 2),
    ],
)
def test_a_bare_keyword_count_is_exact(prompt: str, keyword: str, value: int) -> None:
    found = [s for s in specs(prompt) if s["kind"] == "keyword"]
    assert [(s["keyword"].lower(), s["relation"], s["value"]) for s in found] == [
        (keyword, "exactly", value)
    ]


@pytest.mark.parametrize(
    ("prompt", "relation", "value"),
    [
        ("Mention 'tide' at least twice.", "at_least", 2),
        ("The word 'tide' should appear 2 or more times.", "at_least", 2),
        ("Don't use the word 'tide' more than twice.", "at_most", 2),
    ],
)
def test_a_stated_relation_keeps_its_reading(prompt: str, relation: str, value: int) -> None:
    found = [s for s in specs(prompt) if s["kind"] == "keyword"]
    assert [(s["relation"], s["value"]) for s in found] == [(relation, value)]


# -- single-quoted text with an apostrophe inside -------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Make this rule friendlier: 'Don't write more than 50 words in your reply.'",
        "What does 'it's best to answer in under 50 words' mean in the guidelines?",
        "Rewrite the sentence 'Don't use any commas, it's cleaner' so it sounds polite.",
        "Our old slogan was 'We're open 24 hours, no exceptions'. Suggest a warmer one.",
    ],
)
def test_quoted_material_with_an_apostrophe_compiles_nothing(prompt: str) -> None:
    assert kinds(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a job ad with sections titled 'About us', 'The role', 'You'll need' and "
            "'How to apply', in that order.",
            {"About us", "The role", "You'll need", "How to apply"},
        ),
        ("Use the headings 'What's new' and 'Known issues'.", {"What's new", "Known issues"}),
    ],
)
def test_a_quoted_name_keeps_its_apostrophe(prompt: str, expected: set[str]) -> None:
    found = [s for s in specs(prompt) if s["kind"] == "named_sections"]
    assert [set(s["names"]) for s in found] == [expected]


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Start your answer with 'Don't panic' and keep it short.", "starts_with"),
        ("Don't use the words 'very' or 'really'. Describe a storm.", "forbidden_words"),
        (
            "Give two different answers to 'what's the best first language?' and separate "
            "them with six asterisks (******).",
            "separated_versions",
        ),
    ],
)
def test_a_request_beside_a_quote_with_an_apostrophe_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


# -- a count that belongs to each of several things, or to one part --------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me 5 slogans for a bike shop of at most 6 words.",
        "could you suggest four taglines with under 8 words",
        # a second count of the same unit, its noun left out
        "Write 2 paragraphs about cats and 1 about dogs.",
        "Write a paragraph about cats and two about dogs.",
        "Write 2 sentences about Rome and one more about Paris.",
        # a later sentence adds a part
        "In one word, how would you describe Paris? Then explain why.",
        "Summarize the plot in 2 sentences. Then list the main characters.",
        "Describe the painting in under 50 words. After that, suggest three similar works.",
    ],
)
def test_a_count_of_several_things_or_of_a_part_compiles_nothing(prompt: str) -> None:
    counted = ("word_count", "sentence_count", "paragraph_count", "char_count")
    assert [k for k in kinds(prompt) if k in counted] == []


@pytest.mark.parametrize(
    ("prompt", "kind", "value"),
    [
        ("Write 5 sentences of at most 10 words about the sea.", "sentence_count", 5),
        ("Write 3 paragraphs of at most 50 words.", "paragraph_count", 3),
    ],
)
def test_a_count_of_each_thing_is_not_a_count_of_the_whole(
    prompt: str, kind: str, value: int
) -> None:
    # the things are counted; the limit on each is no limit on the whole answer
    assert [(s["kind"], s.get("value")) for s in specs(prompt)] == [(kind, value)]


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Give me 3 tips in under 100 words.", "word_count"),
        ("Write a story of at most 100 words.", "word_count"),
        ("Write a poem with at most 40 words.", "word_count"),
        ("Write 3 paragraphs about cats.", "paragraph_count"),
        ("Describe Paris in one word.", "word_count"),
        ("Make a comparison table of iPhone 15 vs Pixel 8 with exactly 6 rows.", "table_rows"),
    ],
)
def test_a_count_of_the_whole_answer_still_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


# -- a trailing relation that opens the next count --------------------------------


@pytest.mark.parametrize(
    ("prompt", "unit", "expected"),
    [
        ("Write 3 short paragraphs, at most 50 words.", "paragraph_count", ("exactly", 3)),
        ("Write 4 sentences, max 60 words.", "sentence_count", ("exactly", 4)),
        ("Write 3 short paragraphs, no more than 50 words.", "paragraph_count", ("exactly", 3)),
        ("Use 3 bullet points, at least 20 words.", "bullet_count", ("exactly", 3)),
    ],
)
def test_a_relation_before_another_count_is_that_counts(
    prompt: str, unit: str, expected: tuple[str, int]
) -> None:
    found = [(s["relation"], s["value"]) for s in specs(prompt) if s["kind"] == unit]
    assert found == [expected]


@pytest.mark.parametrize(
    ("prompt", "unit", "expected"),
    [
        ("Use 3 bullet points at most.", "bullet_count", ("at_most", 3)),
        ("Use 3 bullet points, no more.", "bullet_count", ("at_most", 3)),
        ("Keep it to 5 sentences max.", "sentence_count", ("at_most", 5)),
    ],
)
def test_a_trailing_relation_still_reads(prompt: str, unit: str, expected: tuple[str, int]) -> None:
    found = [(s["relation"], s["value"]) for s in specs(prompt) if s["kind"] == unit]
    assert found == [expected]
