"""The distinct_starts family: each sentence, line, bullet or paragraph starts
with a different word; the phrasings that compile and the near misses that
must not."""

from __future__ import annotations

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families import DistinctStarts

SENTENCES = DistinctStarts(part="sentence")
LINES = DistinctStarts(part="line")
BULLETS = DistinctStarts(part="bullet")
PARAGRAPHS = DistinctStarts(part="paragraph")

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[DistinctStarts, str, bool]] = [
    (SENTENCES, "Rain fell. Wind rose. Night came.", True),
    (SENTENCES, "Rain fell. Rain stopped. Night came.", False),
    (SENTENCES, "The rain fell. the wind rose.", False),  # case aside
    (SENTENCES, "It rained. Its end came.", True),  # "its" is another word
    (SENTENCES, "One sentence only.", True),
    (SENTENCES, "", True),
    (SENTENCES, "“Go,” she said. Go now.", False),  # a quote mark is markup
    (LINES, "Roses bloom\nViolets fade\nSunflowers turn", True),
    (LINES, "Roses bloom\nRoses fade", False),
    (LINES, "Roses bloom\n\nViolets fade", True),
    (LINES, "**Roses** bloom\nroses fade", False),
    (BULLETS, "- Drink water\n- Sleep early\n- Walk daily", True),
    (BULLETS, "- Drink water\n- Drink tea\n- Walk daily", False),
    (BULLETS, "Intro line\n- Drink water\n- Sleep early", True),
    (BULLETS, "Drink this.\n- Drink water\n- Sleep early", True),  # only bullets count
    (BULLETS, "* Plan\n* plan again", False),
    (BULLETS, "- Don't rush\n- Do rest", True),  # "don't" and "do" differ
    (PARAGRAPHS, "First we plan.\n\nThen we build.", True),
    (PARAGRAPHS, "We plan.\n\nWe build.", False),
    (PARAGRAPHS, "We plan. We build.", True),  # one paragraph
    (SENTENCES, "1. Plan it. 2. Build it.", True),  # a list number is markup
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_measure_agrees_with_labelled_answers(
    spec: DistinctStarts, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert outcome.suggestion


def test_the_correction_names_the_repeated_words() -> None:
    assert measure_text(BULLETS, "- Drink water\n- Drink tea\n- drink milk").suggestion == (
        "Several of your bullets start with the same word ('drink' starts 3). Reword them so "
        "every bullet starts with a word no other bullet starts with."
    )


def test_the_spec_round_trips() -> None:
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(BULLETS)) == BULLETS
    with pytest.raises(ValueError, match="part"):
        CHECK_SPEC_ADAPTER.validate_python({"kind": "distinct_starts", "part": "word"})


def compiled(prompt: str) -> list[object]:
    return [c.spec for c in compile_checks(prompt) if isinstance(c.spec, DistinctStarts)]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("List six tips as bullets. Don't start any two bullets with the same word.", BULLETS),
        ("Each sentence must begin with a different word.", SENTENCES),
        ("No two lines may start with the same word.", LINES),
        ("Write a poem where every line starts with a different word.", LINES),
        ("Never begin two paragraphs with the same word.", PARAGRAPHS),
        ("Every bullet point should start with a unique word.", BULLETS),
    ],
)
def test_phrasings_that_compile(prompt: str, expected: DistinctStarts) -> None:
    assert compiled(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "Why shouldn't two sentences start with the same word?",
        "Ideally each sentence begins with a different word.",
        "My essay has no two sentences that start with the same word.",
        'Translate: "each sentence must begin with a different word".',
        "Each sentence in the second paragraph must begin with a different word.",
        "Start each sentence with the same word.",
        "If you use bullets, don't start two bullets with the same word.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert compiled(prompt) == []
