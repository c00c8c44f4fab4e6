"""What every part holds (``each_contains``): answers labelled by reading
them, the correction, the phrasings that compile and the near misses that
must not."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks
from redraft.criteria._families._each_contains import EACH_CONTAINS, EachContains

OCEAN = EachContains(part="paragraph", what="keyword", keyword="ocean")
NUMBER = EachContains(part="sentence", what="number")
EMOJI = EachContains(part="bullet", what="emoji")
QUESTION = EachContains(part="paragraph", what="question")
TAGS = EachContains(part="line", what="hashtag", relation="exactly", value=2)
LINK = EachContains(part="item", what="link")

# 24 answers labelled by reading them: (spec, answer, does it hold).
LABELLED = [
    (OCEAN, "The ocean is vast.\n\nOceans cover Earth; the ocean moves.", True),  # plural counts
    (OCEAN, "The ocean is vast.\n\nThe sea is calm.", False),
    (OCEAN, "The Ocean is vast.", True),  # case aside, one paragraph is every paragraph
    (OCEAN, "Oceanography is fun.", False),  # a whole word only
    (OCEAN, "", False),  # no paragraph at all
    (NUMBER, "We met 3 times. It cost $40.", True),
    (NUMBER, "We met 3 times. It cost forty dollars.", False),  # a number word is not digits
    (NUMBER, "In 2024 we grew 12.5%.", True),
    (NUMBER, "Sales rose. Costs fell.", False),
    (EMOJI, "- Pack light 🎒\n- Drink water 💧", True),
    (EMOJI, "- Pack light 🎒\n- Drink water", False),
    (EMOJI, "- Pack light ©\n- Drink water 💧", False),  # © shows as text
    (EMOJI, "Pack light 🎒", False),  # no bullet points
    (QUESTION, "Why now? Because.\n\nWhat next? We see.", True),
    (QUESTION, "Why now? Because.\n\nWe see.", False),
    (QUESTION, 'He asked, "Why?"\n\nIs it "fine?"', True),  # closing quotes aside
    (TAGS, "Sun out #summer #beach\nRain in #autumn #cozy", True),
    (TAGS, "Sun out #summer #beach #fun\nRain in #autumn #cozy", False),  # exactly two
    (TAGS, "Sun out #summer\nRain in #autumn #cozy", False),
    (TAGS, "We are #1 #team #win", True),  # "#1" is no hashtag
    (LINK, "1. Docs: https://example.com\n2. Blog: www.example.org", True),
    (LINK, "1. Docs: https://example.com\n2. Blog: example.org", False),  # a bare domain
    (LINK, "- Docs https://example.com\n- Blog www.example.org/post", True),
    (LINK, "No list, just https://example.com", False),
]


@pytest.mark.parametrize(("spec", "answer", "ok"), LABELLED)
def test_the_measure_reads_every_part(spec: EachContains, answer: str, ok: bool) -> None:
    assert EACH_CONTAINS.measure(spec, answer).passed is ok


def test_the_correction_names_the_parts_that_lack_it() -> None:
    outcome = EACH_CONTAINS.measure(OCEAN, "The ocean is vast.\n\nThe sea is calm.")
    assert outcome.suggestion is not None
    assert outcome.suggestion == (
        "1 of your paragraphs breaks the rule (2nd: 'The sea is calm.'). "
        "Make sure every paragraph uses 'ocean' at least 1 time."
    )


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "each_contains", "part": "sentence", "what": "keyword"},  # which keyword?
        {"kind": "each_contains", "part": "sentence", "what": "emoji", "keyword": "x"},
        {"kind": "each_contains", "part": "page", "what": "emoji"},
        {
            "kind": "each_contains",
            "part": "line",
            "what": "emoji",
            "relation": "at_least",
            "value": 0,
        },
    ],
)
def test_invalid_specs_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        CHECK_SPEC_ADAPTER.validate_python(data)


def _each(prompt: str) -> list[dict[str, Any]]:
    return [
        c.spec.model_dump(exclude_defaults=True)
        for c in compile_checks(prompt)
        if isinstance(c.spec, EachContains)
    ]


@pytest.mark.parametrize(
    ("prompt", "want"),
    [
        ("Mention the word 'ocean' in every paragraph.", {"part": "paragraph", "keyword": "ocean"}),
        ("Use 'team' in each sentence, please.", {"part": "sentence", "keyword": "team"}),
        (
            "Every stanza must include the phrase 'hold on'.",
            {"part": "paragraph", "keyword": "hold on"},
        ),
        ("Each sentence must contain a number.", {"part": "sentence", "what": "number"}),
        ("Every bullet should include an emoji.", {"part": "bullet", "what": "emoji"}),
        ("Put at least one emoji in every line.", {"part": "line", "what": "emoji"}),
        ("Every paragraph must include a question.", {"part": "paragraph", "what": "question"}),
        (
            "Add 2 hashtags per line.",
            {"part": "line", "what": "hashtag", "relation": "exactly", "value": 2},
        ),
        ("Each list item has to contain a link.", {"part": "item", "what": "link"}),
    ],
)
def test_phrasings_compile(prompt: str, want: dict[str, Any]) -> None:
    found = _each(prompt)
    assert len(found) == 1
    assert want.items() <= found[0].items()


@pytest.mark.parametrize(
    "prompt",
    [
        "Add an emoji at the end of every sentence.",  # a place in each: its end
        "Does each paragraph need a number?",  # a question
        "My essay has a question in every paragraph; is that too many?",  # about material
        "Ideally each paragraph should contain a number.",  # hedged
        "Don't mention 'ocean' in every paragraph.",  # negated
        "Each sentence in the text below contains a number; find them.",  # material
        "Write a quiz where every question has 4 options.",  # parts of another thing
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert _each(prompt) == []
