"""Precision on wordings that are not requirements of the kind they resemble:
a clock time's colon is no hand-over of material ("review the meeting at
2:30pm, keep it under 100 words" still asks for under 100 words), while a real
hand-over after a time ("Summarize the 9:00 notes: …") still masks the notes.
"""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._sentence_text import MASK, mask


def kinds(prompt: str) -> set[tuple[str, object]]:
    return {(c.spec.kind_name(), getattr(c.spec, "value", None)) for c in compile_checks(prompt)}


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write an email to review the meeting at 2:30pm, keep it under 100 words.",
            ("word_count", 99),
        ),
        ("Summarize the call at 2:30pm, in exactly 3 bullet points.", ("bullet_count", 3)),
        (
            "Review the schedule for 10:15 tomorrow. Use exactly 3 bullet points.",
            ("bullet_count", 3),
        ),
        ("Analyze why the 16:9 ratio won. Keep it under 80 words.", ("word_count", 79)),
    ],
)
def test_a_clock_colon_hands_nothing_over(prompt: str, expected: tuple[str, object]) -> None:
    assert MASK not in mask(prompt)
    assert expected in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Summarize these notes: meeting at 2:30pm, 3 bullet points needed.",
        "Summarize the 9:00 standup notes: Bob wants 3 bullet points, Ana wants 200 words.",
        "Review the 10:15 draft: it has exactly 4 paragraphs and 2 bullet points.",
    ],
)
def test_a_handover_after_a_clock_time_still_masks_the_material(prompt: str) -> None:
    assert MASK in mask(prompt)
    assert compile_checks(prompt) == []


# A request taken back ("Actually, no, …", "Scratch that", "On second thought")
# compiles nothing: the form or count it named is no longer asked.
@pytest.mark.parametrize(
    "prompt",
    [
        "Write a villanelle. Actually, no, just a free verse poem about trains.",
        "Write a haiku about rain. Scratch that, write something loose about rain.",
        "Give me 5 bullet points on the topic. On second thought, make it prose.",
        "Write a sonnet about the sea. Never mind, anything short is fine.",
        "List 5 tips in bullet points. Forget that, just talk me through it.",
        "Write a limerick about a cat — actually no, a free verse poem.",
        "Write exactly 3 paragraphs, no wait, whatever length suits you.",
        "Use exactly 4 bullet points. Strike that; write it as a story.",
        "Keep it under 100 words. Wait, no. Take as long as you need.",
        "Write a haiku. Change of plans: a free verse poem about rain.",
    ],
)
def test_a_retracted_request_compiles_nothing(prompt: str) -> None:
    assert compile_checks(prompt) == []


def test_what_replaces_a_retracted_request_is_read() -> None:
    assert kinds("Write a haiku. Scratch that. Write 2 paragraphs.") == {("paragraph_count", 2)}


# Near misses: no retraction, the request stands.
@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write a villanelle. Actually, no one reads these, so be bold.", ("line_count", 19)),
        ("Write exactly 3 paragraphs. Never mind the tone, just be clear.", ("paragraph_count", 3)),
        ("Write exactly 3 paragraphs. Actually, no need for headings.", ("paragraph_count", 3)),
        (
            "Write exactly 3 paragraphs. Don't forget that it must be formal.",
            ("paragraph_count", 3),
        ),
        ("Write a villanelle about trains. Actually, make it about ships.", ("line_count", 19)),
        (
            'Use exactly 4 bullet points. My boss always says "scratch that, start over".',
            ("bullet_count", 4),
        ),
    ],
)
def test_no_retraction_leaves_the_request(prompt: str, expected: tuple[str, object]) -> None:
    assert expected in kinds(prompt)


# A form suggested, not asked ("A table might help. Columns: …"): the subject's
# modal ("might help", "could work", "may be easiest") hedges it.
@pytest.mark.parametrize(
    "prompt",
    [
        "Compare the three phones. A table might help. Columns: model, price, battery.",
        "Compare the three phones. A table could work, with columns Model, Price, Battery.",
        "Compare the phones. Bullet points might be good: exactly 3 of them.",
        "Compare the phones. A numbered list may be easiest, 5 items.",
        "Describe the plan. Headings would be useful: Goals, Risks, Budget.",
        "Summarize the meeting. Three bullet points might work.",
        "Explain the idea. Two short paragraphs could be clearer.",
        "Pitch the app. Something under 50 words might be best.",
        "Describe the trip. A list of 5 highlights may be a good idea.",
        "Outline the talk. Sections named Intro, Body, Close could help.",
    ],
)
def test_a_suggested_form_compiles_nothing(prompt: str) -> None:
    assert compile_checks(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Describe the plan in exactly 3 bullet points. It might help my team decide.",
            ("bullet_count", 3),
        ),
        ("Use exactly 3 bullet points.", ("bullet_count", 3)),
        ("Keep it under 100 words.", ("word_count", 99)),
    ],
)
def test_a_rule_stands_beside_a_suggestion_elsewhere(
    prompt: str, expected: tuple[str, object]
) -> None:
    assert expected in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Describe a 5-paragraph essay structure.",
        "Explain the 3-sentence summary format our editors use.",
        "Tell me how a 4-paragraph cover letter is structured.",
    ],
)
def test_a_counted_forms_description_is_no_count_of_the_answer(prompt: str) -> None:
    kinds = {c.spec.kind for c in compile_checks(prompt)}
    assert not kinds & {"paragraph_count", "sentence_count"}


def test_the_counted_thing_asked_still_counts() -> None:
    kinds = {c.spec.kind for c in compile_checks("Write a 5-paragraph essay about dogs.")}
    assert "paragraph_count" in kinds
