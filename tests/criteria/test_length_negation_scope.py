"""Length counts beside a negation: a negation governs its own clause only
("Use no word longer than eight letters, and keep every sentence under 12
words"), "no sentence over 15 words" is a bound on every sentence, and
"List 6 adjectives, none longer than 7 letters" bounds the words asked for."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks


def compiled(prompt: str) -> list[dict[str, Any]]:
    return [c.spec.model_dump(mode="json") for c in compile_checks(prompt)]


def each_words(relation: str, value: int, part: str = "sentence") -> dict[str, Any]:
    return {"kind": "each_word_count", "part": part, "relation": relation, "value": value}


def word_length(value: int) -> dict[str, Any]:
    return {"kind": "word_length", "relation": "at_most", "value": value}


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Use no word longer than eight letters, and keep every sentence under 12 words.",
            each_words("at_most", 11),
        ),
        (
            "Rewrite this paragraph so it has no passive voice and every sentence is under 18 "
            "words.",
            each_words("at_most", 17),
        ),
        (
            "Avoid jargon, no emojis and keep each bullet under 10 words.",
            each_words("at_most", 9, "bullet"),
        ),
        ("Write a poem with no sentence over 15 words.", each_words("at_most", 15)),
        ("Write a story; no sentence longer than 10 words.", each_words("at_most", 10)),
        ("- Use short sentences: no sentence longer than 12 words.", each_words("at_most", 12)),
        ("Write a story with no sentence more than 10 words long.", each_words("at_most", 10)),
        (
            "List 6 adjectives describing the ocean, no adjective may be used twice and none "
            "longer than 7 letters.",
            word_length(7),
        ),
        ("List 6 adjectives, none can be longer than 8 letters.", word_length(8)),
    ],
)
def test_compiles(prompt: str, expected: dict[str, Any]) -> None:
    assert expected in compiled(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # the negation governs the count in its own clause
        "Don't make each bullet longer than 10 words.",
        "Never let each sentence be under 12 words.",
        "Do not keep every sentence under 12 words.",
        # hedged, or the user's own text
        "Write a poem. If possible, no sentence over 15 words.",
        "My draft has no sentence over 15 words, fix the tone.",
    ],
)
def test_no_each_count(prompt: str) -> None:
    assert not [s for s in compiled(prompt) if s["kind"] in ("each_word_count", "each_count")]


@pytest.mark.parametrize(
    "prompt",
    [
        # no words asked for: a city's name is no word length of the answer
        "List 5 cities, none longer than 8 letters.",
        "List 6 adjectives, if possible none longer than 8 letters.",
        "List 6 adjectives; I know none longer than 8 letters.",
    ],
)
def test_no_word_length(prompt: str) -> None:
    assert not [s for s in compiled(prompt) if s["kind"] == "word_length"]


def test_sections_counted_where_nothing_opens_before_them() -> None:
    assert each_words("at_least", 80, "section") in compiled(
        "Write 3 sections with H2 headings, each section 80–120 words."
    )


@pytest.mark.parametrize(
    "prompt",
    [
        # a title heading and an intro form a section the count is not about
        'Blog post: a title line starting with "# ", then an intro of no more than 40 words, '
        "then 3 sections with H2 headings, each section 80–120 words.",
        "Add a title, then 3 sections with H2 headings, each section 80–120 words.",
    ],
)
def test_sections_after_an_opening_are_not_counted(prompt: str) -> None:
    assert not [s for s in compiled(prompt) if s.get("part") == "section"]


def _system_counts(system: str) -> list[dict[str, Any]]:
    return [
        c.spec.model_dump(mode="json")
        for c in compile_checks("Hi there, my mug broke.", system=system)
        if c.spec.kind_name() == "word_count"
    ]


def test_numbered_rule_about_responses_bounds_the_answer() -> None:
    system = (
        "Rules: 1) Be kind. 2) Never mention competitors. 3) Responses must not exceed 80 words."
    )
    assert _system_counts(system) == [{"kind": "word_count", "relation": "at_most", "value": 80}]


@pytest.mark.parametrize(
    "system",
    [
        "Rules: 1) Be kind. 2) Responses to complaints must not exceed 80 words.",
        "Rules: 1) Be kind. 2) Responses must not exceed 80 words if possible.",
    ],
)
def test_numbered_rule_for_some_responses_or_hedged_is_no_count(system: str) -> None:
    assert _system_counts(system) == []
