"""Phrase and word requirements in every wording: required phrases after any
verb of saying or including, counts with no relation (exactly that many),
words that must never appear, start and end phrases, JSON keys; and the near
misses that must compile nothing."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks, measure_text
from redraft.criteria._families import StartsWith


def specs(prompt: str, system: str | None = None) -> list[dict[str, Any]]:
    found = compile_checks(prompt, system=system)
    for check in found:
        assert check.source_span is not None
        start, end = check.source_span
        source = prompt if check.source == "prompt" else system or ""
        assert source[start:end] == check.source_text
    return [{"kind": c.spec.kind_name(), **c.spec.model_dump(exclude={"kind"})} for c in found]


def kw(keyword: str, relation: str = "at_least", value: int = 1) -> dict[str, Any]:
    return {"kind": "keyword", "keyword": keyword, "relation": relation, "value": value}


def of_kind(prompt: str, kind: str) -> list[dict[str, Any]]:
    return [s for s in specs(prompt) if s["kind"] == kind]


# -- required phrases -----------------------------------------------------------------

REQUIRED = [
    ("Write about bees. Mention 'pollen' somewhere.", [kw("pollen")]),
    (
        "Describe the beach. Include “sea glass” and “driftwood”.",
        [kw("sea glass"), kw("driftwood")],
    ),
    (
        "Draft the speech; it must mention '40 years' and be warm.",
        [kw("40 years")],
    ),
    ("Somewhere in there, put «net zero».", [kw("net zero")]),
    (
        "write the blurb and work in `circular economy`, `upcycling` and `repair`",
        [kw("circular economy"), kw("upcycling"), kw("repair")],
    ),
    ("Please reference 'Le Monde' in your answer.", [kw("Le Monde")]),
    ("Make sure you say ‘thank you’ at least twice.", [kw("thank you", "at_least", 2)]),
    ("Use 'onboarding' verbatim, and keep it friendly.", [kw("onboarding")]),
]


@pytest.mark.parametrize(("prompt", "expected"), REQUIRED)
def test_required_phrases_after_any_verb(prompt: str, expected: list[dict[str, Any]]) -> None:
    assert of_kind(prompt, "keyword") == expected


REQUIRED_NEAR_MISSES = [
    "Use 'Dear Sir' as the greeting.",  # a place, not a presence
    "Use 'colour' instead of 'color'.",  # a choice
    "Use 'single quotes' for strings.",
    "Did I use 'affect' correctly in this sentence?",  # a question about a word
    "If you mention 'price', keep it short.",  # a condition
    "Mention 'IP address' before you mention 'cache'.",  # an order
    "Use 'Step 1', 'Step 2', etc. to mark each part.",  # examples of a pattern
    "Try to work in 'resilience' if it fits.",  # hedged
    "The word 'synergy' is overused — what does it mean?",  # asks nothing
    "Include 'Regards' at the bottom.",  # a position
    "Don't mention 'refunds'.",  # a ban, not a presence (compiles forbidden_words)
]


@pytest.mark.parametrize("prompt", REQUIRED_NEAR_MISSES)
def test_required_phrase_near_misses(prompt: str) -> None:
    assert of_kind(prompt, "keyword") == []


# -- a count with no relation is exactly that count -----------------------------------

COUNTS = [
    (
        "Mention 'lavender' 2 times and 'shea butter' once.",
        [kw("lavender", "exactly", 2), kw("shea butter", "exactly", 1)],
    ),
    ("Use the word 'tide' twice.", [kw("tide", "exactly", 2)]),
    ("Say “hola” three times in your reply.", [kw("hola", "exactly", 3)]),
    ("Include 'Wildcats' at least twice.", [kw("Wildcats", "at_least", 2)]),
    ("Use the word 'data' no more than 3 times.", [kw("data", "at_most", 3)]),
]


@pytest.mark.parametrize(("prompt", "expected"), COUNTS)
def test_a_count_with_no_relation_is_exact(prompt: str, expected: list[dict[str, Any]]) -> None:
    assert of_kind(prompt, "keyword") == expected


# -- words that appear or never appear ------------------------------------------------

APPEARING = [
    (
        "Make sure the word 'king' appears more than 3 times and 'rook' appears at least twice.",
        [kw("king", "at_least", 4), kw("rook", "at_least", 2)],
        [],
    ),
    (
        "Make sure the word 'heat' appears at least 4 times but 'hot' never appears.",
        [kw("heat", "at_least", 4)],
        [["hot"]],
    ),
    ("In your answer 'delve' must not appear.", [], [["delve"]]),
]


@pytest.mark.parametrize(("prompt", "keywords", "banned"), APPEARING)
def test_quoted_words_that_appear_or_never_appear(
    prompt: str, keywords: list[dict[str, Any]], banned: list[list[str]]
) -> None:
    assert of_kind(prompt, "keyword") == keywords
    assert [s["words"] for s in of_kind(prompt, "forbidden_words")] == banned


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a story about a town where the word 'sorry' never appears.",  # the story's topic
        "Does 'irregardless' appear in the dictionary?",
        "Tell me why 'literally' appears so often in speech.",
    ],
)
def test_appearing_near_misses(prompt: str) -> None:
    assert of_kind(prompt, "keyword") == []
    assert of_kind(prompt, "forbidden_words") == []


# -- start and end phrases ------------------------------------------------------------


def ends(phrase: str) -> dict[str, Any]:
    return {"kind": "ends_with", "phrase": phrase}


def starts(phrase: str) -> dict[str, Any]:
    return {"kind": "starts_with", "phrase": phrase}


PHRASES = [
    ("Explain compound interest and end with a question.", [ends("?")]),
    ("Explain it. The last sentence must be a question.", [ends("?")]),
    ("Always end your message with a question to keep the child talking.", [ends("?")]),
    ("Describe the plan, then ask the reader a question at the end.", [ends("?")]),
    ("Wrap up on a thought-provoking question.", [ends("?")]),
    ("End your answer with a question mark.", [ends("?")]),
    ("Write a story. The final sentence must be exactly 'Buonanotte.'", [ends("Buonanotte.")]),
    ("Write a poem; the first line must be 'Roses are red,'.", [starts("Roses are red,")]),
    ("Write the memo. Your first words should be “Good morning”.", [starts("Good morning")]),
    ("Kick off with 'Hello there' and keep it upbeat.", [starts("Hello there")]),
    ("Write the email and sign off as 'Best, Priya'.", [ends("Best, Priya")]),
    ("Tweet about our latte and end with ☕", [ends("☕")]),
    ("Keep it short, end with a smiley :)", [ends(":)")]),
    # a phrase that is itself a question is no question about the requirement
    ("End your reply with this exact phrase: Any other questions?", [ends("Any other questions?")]),
]


@pytest.mark.parametrize(("prompt", "expected"), PHRASES)
def test_start_and_end_phrases(prompt: str, expected: list[dict[str, Any]]) -> None:
    found = [s for s in specs(prompt) if s["kind"] in ("starts_with", "ends_with")]
    assert found == expected


PHRASE_NEAR_MISSES = [
    "Should I end with a question?",  # asks
    "Don't end with a question.",  # negated
    "End each paragraph with a question.",  # a part's end
    "Each stanza should end with a question.",
    "End with a question and its answer.",  # the answer comes last
    "Give me 3 questions and make them all end with a question mark.",  # several things
    "Write a quiz and finish with questions.",
    "The last line of each stanza must be 'Nevermore'.",
    "Don't start with 'I'.",  # not a starts_with
    "List tips; they should all end with !",
]


@pytest.mark.parametrize("prompt", PHRASE_NEAR_MISSES)
def test_start_and_end_near_misses(prompt: str) -> None:
    assert [s for s in specs(prompt) if s["kind"] in ("starts_with", "ends_with")] == []


# -- JSON only, and its keys ----------------------------------------------------------


def json_spec(*keys: str) -> dict[str, Any]:
    return {"kind": "json", "required_keys": list(keys)}


JSON_WORDINGS = [
    ("Pull out the totals and return only JSON.", [json_spec()]),
    ("Output the JSON and nothing else.", [json_spec()]),
    ("Give me just the JSON, please.", [json_spec()]),
    ("List three colours as JSON. No prose before or after the JSON.", [json_spec()]),
    (
        "Reply with only valid JSON. Keys: 'name', 'email', 'plan'.",
        [json_spec("name", "email", "plan")],
    ),
    (
        "Build a JSON object with the fields “sku”, “qty” and “price”. Output the JSON only.",
        [json_spec("sku", "qty", "price")],
    ),
    (
        "Return only JSON with keys `sender`, `date`, `total`.",
        [json_spec("sender", "date", "total")],
    ),
]


@pytest.mark.parametrize(("prompt", "expected"), JSON_WORDINGS)
def test_json_only_and_its_keys(prompt: str, expected: list[dict[str, Any]]) -> None:
    assert of_kind(prompt, "json") == expected


def test_keys_of_several_objects_are_not_the_answers_keys() -> None:
    prompt = (
        "Make a JSON array of 4 objects, each with keys 'city' and 'country'. Output the JSON only."
    )
    assert of_kind(prompt, "json") == [json_spec()]


@pytest.mark.parametrize(
    "prompt",
    [
        "Explain the JSON format.",
        "Should I return only JSON from this endpoint?",
        "Give me the JSON only if it validates.",  # a condition
        "My API should return only JSON; why does it send HTML?",
    ],
)
def test_json_near_misses(prompt: str) -> None:
    assert of_kind(prompt, "json") == []


# -- a banned kind of word: its quoted members are banned ----------------------------

BANNED_KINDS = [
    (
        "Decline the offer politely. No apology words like 'sorry' or 'apologise'.",
        ["sorry", "apologise"],
    ),
    (
        "Avoid superlatives such as “best”, “biggest” and “greatest”.",
        ["best", "biggest", "greatest"],
    ),
    (
        'Rules: one sentence; no marketing adjectives like "stunning" or "gorgeous".',
        ["stunning", "gorgeous"],
    ),
    ("Write the update and don't use filler words such as `basically`.", ["basically"]),
]


@pytest.mark.parametrize(("prompt", "banned"), BANNED_KINDS)
def test_a_banned_kind_bans_its_quoted_members(prompt: str, banned: list[str]) -> None:
    assert [s["words"] for s in of_kind(prompt, "forbidden_words")] == [banned]


@pytest.mark.parametrize(
    "prompt",
    [
        "Use words like 'cozy' and 'warm'.",  # wanted, not banned
        "Explain why people use words like 'literally'.",
        "No words like 'very', 'really', etc.",  # an open list
        "Is it fine to have no filler words like 'um'?",  # asks
        "No buzzwords like 'synergy' in the title.",  # one part
    ],
)
def test_banned_kind_near_misses(prompt: str) -> None:
    assert of_kind(prompt, "forbidden_words") == []


PLACED = [
    (
        "Write a limerick. It must be 5 lines and the first line must be 'There once was a cat'.",
        [starts("There once was a cat")],
    ),
    (
        "Always include the disclaimer 'Not medical advice.' as the final sentence.",
        [ends("Not medical advice.")],
    ),
    ("Put “Hi all,” as the first line.", [starts("Hi all,")]),
    ("Write a short ghost story that ends with the word 'door'.", [ends("door")]),
    ("Write a cold email. Subject line first, prefixed with 'Subject: '.", [starts("Subject:")]),
    ("Write it. The paragraph's first word must be 'Rain'.", [starts("Rain")]),
]


@pytest.mark.parametrize(("prompt", "expected"), PLACED)
def test_phrases_placed_first_or_last(prompt: str, expected: list[dict[str, Any]]) -> None:
    found = [s for s in specs(prompt) if s["kind"] in ("starts_with", "ends_with")]
    assert found == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "The first line must be 'Hi' — is that odd?",  # asks
        "If it rhymes, the last line must be 'X marks'.",  # a condition
        "Write a poem, and the last line shouldn't be 'The end'.",  # negated
        "Put 'Dear team,' as the first line of each email.",  # every email's
        "I wrote a story that ends with the word 'behind'.",  # about given material
        "The last line of each stanza must be 'Nevermore'.",
        # the summary's start, not the answer's
        "End your answer with a one-sentence summary starting with 'In short,'.",
    ],
)
def test_placed_near_misses(prompt: str) -> None:
    assert [s for s in specs(prompt) if s["kind"] in ("starts_with", "ends_with")] == []


@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        ("Rain fell all night.", True),
        ("rain, again.", True),
        ("Rainbows arched over the bay.", False),  # another word
        ("  Rain\\nfell.", True),
        ("The rain fell.", False),
    ],
)
def test_a_start_word_ends_at_a_word_boundary(answer: str, passes: bool) -> None:
    assert measure_text(StartsWith(phrase="Rain"), answer).passed is passes


# -- unquoted names and numbers -------------------------------------------------------

NAMED = [
    ("Write a cover letter. Mention SQL and Python at least once each.", [kw("SQL"), kw("Python")]),
    ("Plan the trip and include Lisbon, Porto and Faro.", [kw("Lisbon"), kw("Porto"), kw("Faro")]),
    (
        "Write a riddle that includes the numbers 3, 7 and 12 as digits.",
        [kw("3"), kw("7"), kw("12")],
    ),
    ("Please include the year 1969 somewhere.", [kw("1969")]),
    ("Tell the story and reference Odin twice.", [kw("Odin", "exactly", 2)]),
]


@pytest.mark.parametrize(("prompt", "expected"), NAMED)
def test_unquoted_names_and_numbers(prompt: str, expected: list[dict[str, Any]]) -> None:
    assert of_kind(prompt, "keyword") == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Use Python.",  # a language to write in
        "Include 3 examples.",  # a count
        "Include 12 tips.",
        "Mention Google Docs in the footer.",  # a place
        "Include Figure 3 and Table 2.",  # not a list of single names
        "If you mention Paris, keep it brief.",
        "Did I mention Rome?",
    ],
)
def test_unquoted_name_near_misses(prompt: str) -> None:
    assert of_kind(prompt, "keyword") == []


# -- bans in other words --------------------------------------------------------------

BANS = [
    ("Write a bio. Steer clear of 'passionate'.", ["passionate"]),
    ("Write the pitch and stay away from “disrupt” and “pivot”.", ["disrupt", "pivot"]),
    ("Banned words: 'synergy', 'leverage'.", ["synergy", "leverage"]),
    ("Write it up. 'Circle back' is off-limits.", ["Circle back"]),
    ("Refrain from using 'basically' in your reply.", ["basically"]),
]


@pytest.mark.parametrize(("prompt", "banned"), BANS)
def test_bans_in_other_words(prompt: str, banned: list[str]) -> None:
    assert [s["words"] for s in of_kind(prompt, "forbidden_words")] == [banned]


@pytest.mark.parametrize(
    "prompt",
    [
        "Why is 'synergy' banned at work?",  # asks
        "The word 'ain't' is banned in Scrabble.",  # about a game
        "Banned words: 'x', 'y', etc.",  # an open list
        "If 'lorem' is banned, use 'ipsum'.",  # a condition
    ],
)
def test_ban_near_misses(prompt: str) -> None:
    assert of_kind(prompt, "forbidden_words") == []


def test_an_answer_object_with_fields_is_json_with_those_keys() -> None:
    assert of_kind("Return a JSON object with fields name, age and city.", "json") == [
        json_spec("name", "age", "city")
    ]
    assert of_kind("Write a function to return a JSON object with keys 'a'.", "json") == []


@pytest.mark.parametrize(
    "prompt",
    [
        'Reply to my boss and include the following email: \'Please mention "budget" twice '
        "and end with a question.'",
        "Include the following email: Hi team, mention 'Q3' and end with a question. Thanks.",
        "Translate this: 'Mention pollen somewhere and avoid the word bee.'",
        "In the text below, the word 'heat' appears at least 4 times. Summarise it.",
    ],
)
def test_requirements_inside_material_compile_nothing(prompt: str) -> None:
    assert specs(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "keyword", "part", "index"),
    [
        ("Mention her name 'Aisha Rahman' in the first paragraph.", "Aisha Rahman", "paragraph", 1),
        ("Use his full name “Tomás Ortega” in the last sentence.", "Tomás Ortega", "sentence", -1),
        ("Please include their name 'Kofi' in the second sentence.", "Kofi", "sentence", 2),
    ],
)
def test_a_quoted_name_in_one_part(prompt: str, keyword: str, part: str, index: int) -> None:
    found = of_kind(prompt, "keyword_in")
    assert [(s["keyword"], s["part"], s["index"]) for s in found] == [(keyword, part, index)]


@pytest.mark.parametrize(
    "prompt",
    [
        "Mention his name twice in the second paragraph.",  # no name given
        "Don't mention her name 'Ana' in the first paragraph.",  # negated
        "If you mention her name 'Ana' in the first paragraph, keep it short.",
    ],
)
def test_a_name_in_one_part_near_misses(prompt: str) -> None:
    assert of_kind(prompt, "keyword_in") == []
