"""Lexical requirements read in more wordings: names after the noun naming
them, values spelled out for the answer ("the return date as 14 March
2025"), a literal in capitals, a banned kind's unquoted examples, a word
banned "itself", translations of quoted material, replies to a given text,
and start/end phrases said of the thing asked for ("a tale that begins
with …"). Each pattern has its near misses."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def specs(prompt: str, kind: str) -> list[dict[str, Any]]:
    found = [c.spec.model_dump() for c in compile_checks(prompt)]
    return [{k: v for k, v in s.items() if k != "kind"} for s in found if s["kind"] == kind]


def keywords(prompt: str) -> list[tuple[str, str, int]]:
    return [(s["keyword"], s["relation"], s["value"]) for s in specs(prompt, "keyword")]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a toast. Please include the names Lukas and Mira at least two times each.",
            [("Lukas", "at_least", 2), ("Mira", "at_least", 2)],
        ),
        (
            "Write a toast. Mention both names, Aisha and Ben, at least twice each.",
            [("Aisha", "at_least", 2), ("Ben", "at_least", 2)],
        ),
        (
            "Write a polite decline, no mention of the reason, and include the couple's names, "
            "Sam and Jordan.",
            [("Sam", "at_least", 1), ("Jordan", "at_least", 1)],
        ),
        (
            "Write a cover letter. Mention SQL at least twice and Python at least once.",
            [("SQL", "at_least", 2), ("Python", "at_least", 1)],
        ),
    ],
)
def test_names_after_the_noun_naming_them(prompt: str, expected: list[Any]) -> None:
    assert keywords(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # the names not shown
        "Write a toast. Mention the names of the guests.",
        "Write a bedtime story for my daughter. Mention her name exactly three times.",
        # examples, a choice, a hedge
        "Write a toast. Include the names, for example Sam and Jordan.",
        "Write a story. Include the names Sam or Jordan.",
        "Write a toast. Mention both names, Aisha and Ben, where relevant.",
        # asked, not required
        "Can you tell me whether to include the names Sam and Jordan?",
    ],
)
def test_names_near_misses_compile_no_keyword(prompt: str) -> None:
    assert keywords(prompt) == []


def test_a_second_name_without_its_own_count_is_not_read() -> None:
    # "and the weather" is a topic, not a name with a count
    assert keywords("Write a letter. Mention SQL at least twice and the weather.") == [
        ("SQL", "at_least", 2)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write an out-of-office reply. It should mention the return date as 14 March 2025.",
            ["14 March 2025"],
        ),
        (
            "Write an invitation. Write the date as 14/06/2025 and the time as 15:00 — don't "
            "write it any other way.",
            ["15:00"],
        ),
        (
            "Write my out-of-office reply and mention my return date written exactly like "
            "Monday, 12 January 2026. Keep it under 60 words.",
            ["Monday, 12 January 2026"],
        ),
        (
            "Write the newsletter piece — three paragraphs, mention the date Friday 14 March "
            "and the cost £8.50 written exactly like that, keep it warm.",
            ["Friday 14 March", "£8.50"],
        ),
        ("Write a post. Include the amount written exactly as $4.5M.", ["$4.5M"]),
        (
            "Write an announcement that our office moves on 03/04/2025. Write the date as "
            "'3 April 2025' instead (UK style).",
            ["3 April 2025"],
        ),
    ],
)
def test_values_spelled_out_for_the_answer(prompt: str, expected: list[str]) -> None:
    assert [k for k, relation, value in keywords(prompt)] == expected
    assert all((relation, value) == ("at_least", 1) for _, relation, value in keywords(prompt))


@pytest.mark.parametrize(
    "prompt",
    [
        # a form, not a value
        "Write an invitation. Write the date as DD/MM/YYYY.",
        "Write an invitation. Give the date as a weekday.",
        # the value named without asking for its spelling
        "Write an invitation. Mention the date Friday 14 March.",
        # somewhere else, asked, conditional, or a bound
        "Write an invitation. Mention the date as 14 March in the subject line.",
        "Can you mention the date as 14 March?",
        "If it is urgent, mention the deadline as 14 March.",
        "Write an invitation. Write the time as 3:00 pm or later.",
        # the value is given as material, not asked for
        "My return date is 14 March 2025, so write a reply.",
        # an all-numeric date is left to the value-format rules
        "Write an invitation. Write the date as 14/06/2025.",
    ],
)
def test_value_near_misses_compile_no_keyword(prompt: str) -> None:
    assert keywords(prompt) == []


def test_a_literal_in_capitals_is_required_as_written() -> None:
    prompt = (
        "SMS promo for our pizza place: must be 160 characters or fewer, include the code "
        'SPRING20 in capitals, and end with "Reply STOP to opt out".'
    )
    assert keywords(prompt) == [("SPRING20", "at_least", 1)]


@pytest.mark.parametrize(
    "prompt",
    [
        # a lowercase literal "in capitals" asks for a spelling the check does not hold
        "Write an SMS. Include the code spring20 in capitals.",
        # somewhere
        "Write an SMS. Include the code SPRING20 in capitals in the first line.",
    ],
)
def test_literal_in_capitals_near_misses(prompt: str) -> None:
    assert keywords(prompt) == []


def forbidden(prompt: str) -> list[list[str]]:
    return [s["words"] for s in specs(prompt, "forbidden_words")]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # "like" gives examples of a banned kind: the examples are banned (the check
        # holds them, not the kind's other members)
        (
            "explain blockchain with very simple words, maximum 5 sentence and no technical "
            "words like hash or node or ledger",
            [["hash", "node", "ledger"]],
        ),
        (
            "Explain it. No buzzwords such as synergy or leverage, please.",
            [["synergy", "leverage"]],
        ),
        ("Explain it. No filler words like basically, literally.", [["basically", "literally"]]),
        (
            "Write one sentence in which the letters t-i-g-e-r appear across two words, but "
            'the word "tiger" itself must not appear as a standalone word.',
            [["tiger"]],
        ),
    ],
)
def test_banned_words(prompt: str, expected: list[list[str]]) -> None:
    assert forbidden(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Explain it. No words like these in the intro.",
        "Explain it. No words like the ones my boss uses.",
        "Explain it. No filler words like um or uh in the first line.",
        "Explain it. No filler words like please.",
        # quoted material to process, not a ban
        'Is "no technical words like hash or node" a good rule for my blog?',
    ],
)
def test_banned_words_near_misses(prompt: str) -> None:
    assert forbidden(prompt) == []


def test_a_word_itself_may_also_be_required() -> None:
    assert keywords('Write one sentence. The word "tiger" itself should appear twice.') == [
        ("tiger", "exactly", 2)
    ]


def languages(prompt: str) -> list[str]:
    return [s["language"] for s in specs(prompt, "language")]


@pytest.mark.parametrize(
    ("prompt", "code"),
    [
        # the quoted text is material (nothing in it compiles); the answer is in French
        ('Translate into French: "Please answer in no more than two sentences."', "fr"),
        ('Translate into German: "The teacher put the book on the table."', "de"),
        ('Translate into Spanish: "keep it under ten words."', "es"),
        ("Please reply to this review in Spanish: 'Great tapas.' Keep it friendly.", "es"),
        ("Write 5 sentences in Spanish for my students.", "es"),
        ("Please write an email to my landlord in English because the heater is broken.", "en"),
    ],
)
def test_the_answers_language(prompt: str, code: str) -> None:
    assert languages(prompt) == [code]
    assert [c.spec.kind for c in compile_checks(prompt)] == ["language"]


@pytest.mark.parametrize(
    "prompt",
    [
        "Reply to the following in Spanish: 'hola'.",
        "What does 'gato' mean in Spanish for my students?",
        "He wrote a poem in Spanish because he loves it.",
        'Translate into French: "Bonjour" and then explain it in English.',
    ],
)
def test_language_near_misses(prompt: str) -> None:
    assert languages(prompt) == []


def phrases(prompt: str) -> list[tuple[str, str]]:
    found = [c.spec for c in compile_checks(prompt)]
    return [
        (s.kind, getattr(s, "phrase", "")) for s in found if s.kind in ("starts_with", "ends_with")
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a short fairy tale that begins with 'Once upon a time' and ends with "
            "'happily ever after.'",
            [("starts_with", "Once upon a time"), ("ends_with", "happily ever after.")],
        ),
        (
            'Draft the newsletter: start with a greeting line "Hi bookworms!", then 3 sections.',
            [("starts_with", "Hi bookworms!")],
        ),
        (
            "Write an email to my landlord. Sign it with my name Élodie Marchand.",
            [("ends_with", "Élodie Marchand")],
        ),
    ],
)
def test_start_and_end_phrases(prompt: str, expected: list[tuple[str, str]]) -> None:
    assert phrases(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # another thing's start
        "Write a story about a hero whose journey begins with 'a call'.",
        "Write a summary. The report begins with 'Findings'.",
        "I love a story that begins with 'Once upon a time'.",
        # a greeting line somewhere else
        'Write an email with a greeting line "Hi all!" in the middle.',
    ],
)
def test_start_and_end_near_misses(prompt: str) -> None:
    assert phrases(prompt) == []


@pytest.mark.parametrize("dash", ["2–3", "2-3", "2 - 3"])
def test_a_dashed_range_of_times(dash: str) -> None:
    prompt = f'Write the section. Rules: use the word "family" {dash} times, and keep it short.'
    assert keywords(prompt) == [("family", "at_least", 2), ("family", "at_most", 3)]


@pytest.mark.parametrize(
    "prompt",
    [
        'Write the section. Use the word "family" 3-2 times.',  # no range
        'Write the section. Use the word "family" 2–3.',  # no "times": not a count of it
    ],
)
def test_dashed_range_near_misses(prompt: str) -> None:
    assert keywords(prompt) == []
