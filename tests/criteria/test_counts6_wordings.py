"""Counts of the whole answer (words, sentences, paragraphs, stanzas,
characters) in wordings the count grammar did not read before: each with its
near misses, the wordings that must compile nothing (or something else)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def counts(prompt: str, system: str | None = None) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt, system=system)
        if c.spec.kind_name() in ("word_count", "sentence_count", "paragraph_count", "char_count")
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a stanza count said as a compound before the poem, as paragraphs are
        # (a title line would be a block of its own: the risk "a poem in 4
        # stanzas" has always taken, now said of the compound too)
        ("Write a 4-stanza poem about the city at night.", ("paragraph_count", "exactly", 4)),
        ("Write a two-stanza poem.", ("paragraph_count", "exactly", 2)),
        (
            "Compose a three-stanza ballad about a lighthouse keeper.",
            ("paragraph_count", "exactly", 3),
        ),
        ("Give me a short 2-stanza lullaby for my daughter.", ("paragraph_count", "exactly", 2)),
    ],
)
def test_stanza_compound(prompt: str, expected: tuple[str, str, int]) -> None:
    assert counts(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        # the form is the topic: the answer talks about a poem of that shape
        "Describe the structure of a 4-stanza poem.",
        "Explain how to write a 4-stanza poem.",
        "How do I write a 3-paragraph essay?",
        "Describe the structure of a 5-paragraph essay.",
        "Give me tips for writing a two-sentence pitch.",
        "What makes a good six-word story?",
        # given, not asked
        "My 4-stanza poem is below; fix the rhymes.",
        # one part of two
        "Write a 4-stanza poem, then explain its meter.",
    ],
)
def test_form_talked_about_compiles_no_count(prompt: str) -> None:
    assert counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a text shortened to a count: "cut" and "trim" govern it as "shorten" does
        (
            "Cut this paragraph down to exactly 30 words without changing its meaning: 'Our "
            "team has been working very hard over the past months.'",
            [("word_count", "exactly", 30)],
        ),
        ("Trim my bio to under 50 words: 'I design things.'", [("word_count", "at_most", 49)]),
        # the shortened text asked back is no second part
        (
            "Shorten this headline to 8 words or fewer, keep it in sentence case, and give me "
            'only the headline: "Council Announces Major New Investment In Cycling Lanes"',
            [("word_count", "at_most", 8)],
        ),
        # the material named, then "so (that) it is" before the result's size
        (
            "Rewrite this push copy so that it's at most 40 characters: 'Your summary is ready!'",
            [("char_count", "at_most", 40)],
        ),
        (
            "Rewrite my bio so it's under 100 words: 'I design things.'",
            [("word_count", "at_most", 99)],
        ),
        (
            "Rewrite the paragraph below so that it is no longer than 3 sentences.",
            [("sentence_count", "at_most", 3)],
        ),
        (
            "Trim this tweet so it fits in 280 characters: 'hello world'",
            [("char_count", "at_most", 280)],
        ),
        # one thing asked, then its size after a dash
        (
            "Give me a script I can read aloud — 2 or 3 sentences, no medical abbreviations.",
            [("sentence_count", "at_least", 2), ("sentence_count", "at_most", 3)],
        ),
        (
            "Write a TikTok video script hook — must be 10 words or fewer, must be a question.",
            [("word_count", "at_most", 10)],
        ),
    ],
)
def test_transformed_and_dashed_counts(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # a part of the text, not the result
        "Cut the intro down to 2 sentences and keep the rest as it is.",
        "Rewrite this so that the intro is under 50 words.",
        "Rewrite this so that each sentence is under 20 words.",
        # a second thing asked beside the shortened text
        "Cut this to 100 words and then list what you removed: 'text'",
        "Shorten my essay to 500 words and list what you cut.",
        # negated, reported, hedged
        "Don't cut it to 50 words.",
        "My editor cut my essay to 500 words.",
        "I rewrote it so that it's under 100 words.",
        "Rewrite this so that it's under 100 words if possible.",
        # two things, each thing, or a hedge before the dashed size
        "Write a title and a body — 2 paragraphs.",
        "Give me a summary of the film — ideally 3 sentences.",
        "Write a blog post — my last one was 800 words — about hiking.",
        # the modal's subject is another thing than the answer
        "Write a style guide section that says headlines must be in sentence case and under 70 "
        "characters.",
    ],
)
def test_transformed_and_dashed_near_misses(prompt: str) -> None:
    assert counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # counts in other languages: a range ("6 bis 8 Sätze", "entre 100 y 150 palabras")
        (
            "Schreib eine Geschichte über einen Hund. Insgesamt 6 bis 8 Sätze.",
            [("sentence_count", "at_least", 6), ("sentence_count", "at_most", 8)],
        ),
        (
            "Escribe un cuento corto, entre 100 y 150 palabras.",
            [("word_count", "at_least", 100), ("word_count", "at_most", 150)],
        ),
        (
            "Écris un résumé de 3 à 5 phrases.",
            [("sentence_count", "at_least", 3), ("sentence_count", "at_most", 5)],
        ),
        (
            "Escreva um texto de 50 a 80 palavras sobre o mar.",
            [("word_count", "at_least", 50), ("word_count", "at_most", 80)],
        ),
        # "maximum" / "minimum" before the count, as "maximal" and "mindestens" read
        (
            "Écris un poème sur la mer. Maximum 60 mots, en français.",
            [("word_count", "at_most", 60)],
        ),
        ("Écris un texte sur Paris. Minimum 100 mots.", [("word_count", "at_least", 100)]),
    ],
)
def test_counts_abroad_ranges_and_bounds(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Mi ensayo tiene entre 100 y 150 palabras; corrígelo.",  # given
        "Escribe un cuento, cada párrafo de 3 a 5 frases.",  # each part's
        "Escribe unos 100 a 150 palabras sobre el mar.",  # roughly
        "Écris un texte de 8 à 6 phrases.",  # not a range
        "Escribe un texto, 50-80 palabras.",  # a bare dash: no word of the language leads it
        "Give me 3 a 5 phrases.",  # English shares the unit word
        "Give me useful phrases for a trip, maximum 5 phrases.",  # English, not French
    ],
)
def test_counts_abroad_near_misses(prompt: str) -> None:
    assert counts(prompt) == []
