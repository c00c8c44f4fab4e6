"""Values named by reference ("mention her name twice", "include that email
address exactly as written"): a referent compiles to a keyword check only
where the prompt states exactly one value for it, outside any text to rework;
the near misses (two candidates, none, a made-up value, a place, a hedge, a
negation, a question, a count of something else) compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks, measure_text


def _keywords(prompt: str) -> list[tuple[str, str, int]]:
    return sorted(
        (str(s["keyword"]), str(s["relation"]), int(s["value"]))
        for c in compile_checks(prompt)
        if c.spec.kind == "keyword"
        for s in [c.spec.model_dump()]
    )


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # names, introduced by "name is", "named", "called", an apposition or "is"
        (
            "Write a toast for my brother's wedding. His name is Rafael Duarte and "
            "his name should appear twice.",
            [("Rafael Duarte", "exactly", 2)],
        ),
        (
            "Write a limerick about a cat named Biscuit. Mention her name exactly once.",
            [("Biscuit", "exactly", 1)],
        ),
        (
            "Write a farewell card for my colleague, Jonas. Use his name at least twice.",
            [("Jonas", "at_least", 2)],
        ),
        (
            "Draft a thank-you note to a nurse called Ines Moreau. Use her full name only once.",
            [("Ines Moreau", "exactly", 1)],
        ),
        (
            "Write a speaker intro for Prof. Hana Sato, a volcanologist. Her name must appear "
            "exactly once.",
            [("Hana Sato", "exactly", 1)],
        ),
        (
            "Write a short profile of a baker named Oskar Lind. Use his first name twice.",
            [("Oskar", "exactly", 2)],
        ),
        # shapes: the one email, URL, phone number in the prompt
        (
            "Questions go to help@fernhill.example. Write a short notice and include that "
            "email exactly as written.",
            [("help@fernhill.example", "at_least", 1)],
        ),
        (
            "Our menu lives at https://cafe.example/menu. Write an Instagram caption and "
            "include the link once.",
            [("https://cafe.example/menu", "exactly", 1)],
        ),
        (
            "Bookings are on 0161 496 0732. Write a flyer for the quiz and mention the phone "
            "number twice.",
            [("0161 496 0732", "exactly", 2)],
        ),
        # codes introduced by their label, passwords, networks, dates
        (
            "My parcel (tracking number QX-99120) never came. Write a complaint and quote the "
            "tracking number verbatim.",
            [("QX-99120", "at_least", 1)],
        ),
        (
            "Guest network: Orchard_Guest. Password: pear7788. Write a door sign and include "
            "the password exactly as written.",
            [("pear7788", "at_least", 1)],
        ),
        (
            "The launch moved to 4 October. Write a short update and mention the date "
            "exactly as I wrote it.",
            [("4 October", "at_least", 1)],
        ),
        (
            "The review moved from 3 June to 10 June. Mention both dates exactly as given.",
            [("10 June", "at_least", 1), ("3 June", "at_least", 1)],
        ),
        (
            "I booked ferry FR 2210 on 2026-05-09. Write to the operator and include the "
            "booking reference verbatim.",
            [],  # no booking reference is given: only a ferry and a date
        ),
        # the value in apposition, with its count
        (
            "Write a podcast intro and mention the guest, Marta Silva, exactly twice.",
            [("Marta Silva", "exactly", 2)],
        ),
    ],
)
def test_referents_compile(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert _keywords(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # two candidates, or none
        "Send replies to ana@a.example or ben@b.example. Include that email address.",
        "Write a story about a pilot. Mention her name exactly twice.",
        "My aunt is Rosa and my uncle is Felix. Mention their name once.",
        "Write about orders #K-11 and #K-12. Mention the order number exactly as written.",
        "I'm off 3–17 August. Mention the date exactly as written.",
        # a value to make up, or not given
        "Write a welcome email. Invent a name for the manager and include a phone number.",
        "Make up a name for the bakery and mention the name twice.",
        # negated, hedged, asked, conditional, alternatives
        "Her name is Lena Ortiz. Don't mention her name.",
        "Her name is Lena Ortiz. Mention her name if it fits.",
        "Her name is Lena Ortiz. Should I mention her name twice?",
        "Her name is Lena Ortiz. Mention her name or her nickname.",
        # a place, a format, a part: not a presence anywhere in the answer
        "His name is Arlo Finch. Mention his name in the first sentence.",
        "Our line is 0161 496 0732. Include the phone number in the format 0161 496 0732.",
        "The invoice INV-4410 is late. Use the invoice number in the subject line.",
        # inside a text to rework: the value may be meant to change
        'Rewrite this note so it sounds warmer: "Write to kim@old.example about the refund." '
        "Include the email address.",
        # a list of people, no count
        "Please mention the host, Tom Birch, and the producer.",
        # "keep the date" says nothing about how it is written
        "The fair is on 12 May. Keep the date short.",
    ],
)
def test_referent_near_misses_compile_nothing(prompt: str) -> None:
    assert _keywords(prompt) == []


@pytest.mark.parametrize(
    ("answer", "passes"),
    [
        ("Dr. Hana Sato studies volcanoes. She has climbed forty.", True),
        ("Hana Sato studies volcanoes. Sato has climbed forty.", True),
        ("Hana Sato studies volcanoes. Hana Sato has climbed forty.", False),
        ("Professor Sato studies volcanoes.", False),
    ],
)
def test_referent_name_measured_without_title(answer: str, passes: bool) -> None:
    prompt = (
        "Write a speaker intro for Prof. Hana Sato, a volcanologist. Her name must appear "
        "exactly once."
    )
    checks = [c for c in compile_checks(prompt) if c.spec.kind == "keyword"]
    assert len(checks) == 1
    assert measure_text(checks[0].spec, answer).passed is passes


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "My flight is KL 1772 on 14/09/2026. Write to the airline and include the flight "
            "number verbatim and the date.",
            [("14/09/2026", "at_least", 1), ("KL 1772", "at_least", 1)],
        ),
        (
            "My flight is KL 1772 on 14/09/2026. Write to the airline and include the flight "
            "number verbatim and the gate.",
            [("KL 1772", "at_least", 1)],  # no gate is given: the second referent is not read
        ),
    ],
)
def test_a_second_referent_of_the_same_verb(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert _keywords(prompt) == expected


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a notice for the school trip. Must include: date (3 July), price (£12), and "
            "the phrase 'bring water'.",
            [("3 July", "at_least", 1), ("bring water", "at_least", 1), ("£12", "at_least", 1)],
        ),
        (
            "Write the gig listing. Mention: venue (Room 4), doors (19:30).",
            [("19:30", "at_least", 1), ("Room 4", "at_least", 1)],
        ),
    ],
)
def test_valued_criteria_lists_compile(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert _keywords(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write the gig listing. Include: a date (e.g. 3 July), price (£12).",  # an example
        "Write the gig listing. Include: price (in pounds), date (3 July).",  # a unit
        "Write the gig listing. Include: the venue, date (3 July).",  # an item with no value
        "Write the gig listing. Must include: date (3 July) at the top.",  # a place
        "Write the gig listing. Include: date (3 July or 4 July).",  # either
        "Did the listing include: date (3 July)?",  # a question
    ],
)
def test_valued_criteria_list_near_misses(prompt: str) -> None:
    assert _keywords(prompt) == []
