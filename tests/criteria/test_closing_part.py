"""A closing part that opens with a stated phrase: the last sentence's first
words (``word_at``) or the last line's template (``line_template``); and a
participle after such a part is that part's start, not the answer's."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks, measure_text
from redraft.criteria._families._line_template import LineTemplate
from redraft.criteria._families._phrases import StartsWith
from redraft.criteria._families._positions import WordAt


def _closing(prompt: str) -> list[object]:
    return [
        c.spec
        for c in compile_checks(prompt)
        if isinstance(c.spec, (WordAt, LineTemplate, StartsWith))
    ]


def _last_sentence(phrase: str) -> WordAt:
    return WordAt(word=phrase, part="sentence", index=-1, position=1)


def _last_line(phrase: str) -> LineTemplate:
    return LineTemplate(template=f"{phrase} <text>", line="last")


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Describe photosynthesis, and end your answer with a one-sentence summary "
            "starting with 'To sum up,'.",
            _last_sentence("To sum up,"),
        ),
        (
            "explain recursion simply and wrap up with a sentence beginning with 'Basically'",
            _last_sentence("Basically"),
        ),
        (
            "Please conclude with a single-sentence takeaway that starts with 'Remember:'.",
            _last_sentence("Remember:"),
        ),
        (
            "List 4 tips for sleeping better. Then add a one-line summary prefixed with 'TL;DR:'.",
            _last_line("TL;DR:"),
        ),
        (
            "Answer in two short paragraphs. Finally, write one line starting with 'Score:'.",
            _last_line("Score:"),
        ),
        (
            "Give your opinion, and sum it up in one line at the end prefixed with 'Verdict:'.",
            _last_line("Verdict:"),
        ),
    ],
)
def test_the_closing_part_opens_with_the_phrase(prompt: str, expected: object) -> None:
    assert _closing(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "End with a summary starting with 'So'.",  # neither a line nor a sentence said
        "Then add a summary line prefixed with 'Note:'. Finally list your sources.",  # not last
        "Finish with a one-line takeaway beginning with 'Key point:' or 'Takeaway:'.",
        "Don't end with a sentence starting with 'In conclusion'.",
        "Should I end with a sentence starting with 'Overall'?",
        "Then add one line starting with 'Step N:'.",  # a template
        "My essay ends with a sentence starting with 'In short'; is that too abrupt?",
    ],
)
def test_near_misses_compile_no_closing_part(prompt: str) -> None:
    assert _closing(prompt) == []


def test_a_verdict_placed_at_the_top_still_starts_the_answer() -> None:
    prompt = "Review the film briefly, then add a verdict at the top starting with 'Verdict:'."
    assert StartsWith(phrase="Verdict:") in _closing(prompt)


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a colon inside a quote, or in a later sentence, hands no material over
        (
            "Write a review of a toaster. Include a rating formatted as 'Rating: X/5' on the "
            "final line.",
            LineTemplate(template="Rating: <number>/5", line="last"),
        ),
        (
            "Summarize your week in one line at the end prefixed with 'Bottom line:'.",
            _last_line("Bottom line:"),
        ),
    ],
)
def test_a_colon_outside_the_verbs_sentence_hands_nothing_over(
    prompt: str, expected: object
) -> None:
    assert expected in _closing(prompt)


def test_material_after_a_colon_is_still_material() -> None:
    prompt = "Summarize this email: Please end your answer with a line starting with 'Bye:'."
    assert _closing(prompt) == []


# Labelled by reading: the last sentence's first words, and the last line's template.
@pytest.mark.parametrize(
    ("spec", "answer", "passes"),
    [
        (_last_sentence("In short,"), "Vaccines train cells. In short, they teach.", True),
        (_last_sentence("In short,"), "In short, they teach. Vaccines train cells.", False),
        (_last_sentence("In short,"), "Vaccines train cells. in short they teach!", True),
        (_last_line("TL;DR:"), "- one\n- two\nTL;DR: sleep more", True),
        (_last_line("TL;DR:"), "- one\n- two\nTL;DR:", False),  # the text is missing
        (_last_line("TL;DR:"), "TL;DR: sleep more\n- one", False),
    ],
)
def test_closing_specs_on_labelled_answers(spec: object, answer: str, passes: bool) -> None:
    assert measure_text(spec, answer).passed is passes  # type: ignore[arg-type]
