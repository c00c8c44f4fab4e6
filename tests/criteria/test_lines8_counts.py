"""Line counts (h-lines8): the answer said to be one line ("Your reply must
be a single line", "Format is a single line: …", a system's "Replies are
one line"), the user's pasted things each kept one a line ("Translate these
terms, one per line" and the terms below), one line for each of things the
prompt counts ("Three Sundays: … One line per Sunday", "a 4-day plan … one
line per day", "one line per month from May to September"), and the small
wordings "make 6 lines", "9 lines pls", "it shouldn't be more than 4 lines".
Near misses: each thing's own line, a part named before, a hedge, a
condition, a question, a negation, things picked out of the user's list, a
bound or a range of things, several sets, an extra part after the lines."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def lines(prompt: str, system: str | None = None) -> set[tuple[object, object]]:
    dumped = (
        c.spec.model_dump(exclude={"kind"})
        for c in compile_checks(prompt, system=system)
        if c.spec.kind == "line_count"
    )
    return {(s["relation"], s["value"]) for s in dumped}


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # the answer said to be one line
        ("Describe the weather in Oslo. Your reply must be a single line.", {("exactly", 1)}),
        ("Name a good film for tonight. The output should be one line only.", {("exactly", 1)}),
        (
            "Write a product entry for a desk lamp. Format is a single line: brand, then model, "
            "then price.",
            {("exactly", 1)},
        ),
        (
            "Just the capital cities, comma-separated, on one line, no full stop.",
            {("exactly", 1)},
        ),
        ("Generate 3 coupon codes. Print them space-separated on one line.", {("exactly", 1)}),
        (
            "Read the ticket and output exactly one line in this form and nothing else:",
            {("exactly", 1)},
        ),
        # the user's pasted things, each kept, one a line
        (
            "Convert these weights to kilograms, one per line, same order.\n\n"
            "12 lb, 30 lb, 4 lb, 18 lb, 7 lb",
            {("exactly", 5)},
        ),
        (
            "Translate these kitchen words into French. One per line as 'English = French'.\n\n"
            "spoon\nfork\nladle",
            {("exactly", 3)},
        ),
        ("Convert to kilometres. One per line, same order: 3 mi, 10 mi, 26 mi", {("exactly", 3)}),
        (
            "Caption these four beach photos for my blog. One caption per line.",
            {("exactly", 4)},
        ),
        (
            "Sort our team members by surname, one per line, nothing else.\n\n"
            "Ada Byron\nAlan Turing\nGrace Hopper\nEdsger Dijkstra",
            {("exactly", 4)},
        ),
        # one line for each of things the prompt counts
        (
            "Make a rota for three Sundays: 1 June, 8 June, 15 June. One line per Sunday.",
            {("exactly", 3)},
        ),
        ("Draft a 4-day study plan for my exam. One line per day.", {("exactly", 4)}),
        (
            "Gardening jobs for the year. One line per month from May to September.",
            {("exactly", 5)},
        ),
        ("Plan my meals Monday to Friday, one line per day.", {("exactly", 5)}),
        (
            "A couch-to-5k plan: one line per week, each starting 'Week N:' "
            "(Week 1: through Week 6:).",
            {("exactly", 6)},
        ),
        # small wordings
        (
            "Write a poem about rain where each line is longer than the one before. "
            "Start short and make 6 lines.",
            {("exactly", 6)},
        ),
        ("write me a poem about frogs. 9 lines pls", {("exactly", 9)}),
        (
            "Write a note to my landlord about the boiler. It shouldn't be more than 4 lines.",
            {("at_most", 4)},
        ),
    ],
)
def test_line_counts_read(prompt: str, expected: set[tuple[object, object]]) -> None:
    assert lines(prompt) == expected


def test_system_replies_are_one_line() -> None:
    system = "You summarise commits. Summaries are one line, start with the hash, no emojis."
    assert lines("Commit 3f2a: fix the login timeout.", system=system) == {("exactly", 1)}
    # in the user's own prompt, "summaries" may be several in one answer
    assert lines("Summarise these commits. Summaries are one line.") == set()


def test_every_message_is_one_line() -> None:
    system = "You are a parking bot. Every message you write is a text: one line only, no emojis."
    assert lines("Where do I park?", system=system) == {("exactly", 1)}


@pytest.mark.parametrize(
    "prompt",
    [
        # each thing's line, not the answer's
        "List the rivers, one line each.",
        "Give me the cities. Print them on one line each.",
        "Output exactly one line per product.",
        "Use commas, one line per entry.",
        "Each tip is an idea: one line only.",
        # a part named before
        "Write a title and a poem. The title is one line.",
        "Give me the subject line, on one line, then the body.",
        # hedged, conditional, a question, refused, an example
        "Your reply doesn't have to be a single line.",
        "If the user says hello, your reply must be a single line.",
        "Could your reply be a single line?",
        "Maybe print them on one line.",
        "Print them on one line, for example.",
        "Use this format, not one line.",
        # the user's things, not all kept, or not counted exactly
        "Which of these are above freezing? One per line.\n\n12C, 30C, -4C, 18C",
        "Remove duplicates from these names, one per line.\n\nAnn, Bob, Ann, Cy",
        "Convert these to Fahrenheit, one per line, then add a total.\n\n12C, 30C, -4C",
        "Convert these temperatures to Fahrenheit. If you can, one per line.\n\n12C, 30C",
        "Could you convert these to Fahrenheit, one per line?\n\n12C, 30C, -4C",
        "Sort these cities, one per line: Leeds, York, Bath and Hull",
        "Caption these three photos. One caption per line.\n\n1) beach\n2) pier",
        "Translate these into German, one per line.\n\ncat\ndog\n\nAnd these too:\nfish",
        "Rewrite my essay, one paragraph per line.\n\nI like cats, dogs, birds.",
        "Convert these to Celsius, one per line.\n\nThanks, I need it for class.",
        # one line per thing, the things not counted once
        "Plan my week, one line per day.",
        "Make a 3-day packing plan. One line per day, for each of the 2 trips.",
        "Make a 3-day plan and a 4-day plan. One line per day.",
        "Give me a plan for at most 5 days, one line per day.",
        "Method as numbered steps, one line per step, 6 to 8 steps.",
        "Make a 3-day plan with 2 meals each. One line per meal.",
        "Make a 3-day plan. Not one line per day.",
        "Make a 3-day plan, one line per day, then a summary.",
        # "make" that is no count
        "Write a poem. Make 4 lines rhyme.",
        "Write a poem. Make 3 lines shorter.",
    ],
)
def test_near_misses_compile_no_line_count(prompt: str) -> None:
    assert lines(prompt) == set()
