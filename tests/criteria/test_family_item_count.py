"""The item-count family: how many things the answer lists, in whatever
format it lists them; the phrasings that ask for a number of things and
the near misses that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._item_count import ITEMS, ItemCount, answer_items


def exactly(n: int) -> ItemCount:
    return ItemCount(relation="exactly", value=n)


# 44 answers labelled by reading them: (answer, how many items a reader counts).
LABELLED = [
    # markdown bullets, with and without a lead-in and a closing line
    ("- France\n- Spain\n- Italy\n- Portugal", 4),
    ("Here are 4 countries:\n\n- France\n- Spain\n- Italy\n- Portugal\n\nHope this helps!", 4),
    ("* red\n* green\n* blue", 3),
    ("+ one\n+ two", 2),
    ("• tea\n• coffee\n• juice", 3),
    # nested details belong to their item
    ("- Speed\n  - no garbage collector\n- Safety\n  - ownership\n  - borrowing", 2),
    # numbered, with explanations under each
    ("1. Speed\n2. Safety\n3. Tooling", 3),
    ("1) Sleep early\n2) Drink water", 2),
    ("(1) Walk\n(2) Run\n(3) Swim", 3),
    ("1. **Speed**: Rust is fast.\n   It compiles to native code.\n\n2. **Safety**: no nulls.", 2),
    # numbered items with bullets under them at the same indentation
    ("1. Speed\n- fast\n- lean\n2. Safety\n- checked", 2),
    # task boxes
    ("- [ ] Buy milk\n- [x] Call mum\n- [ ] Book flights", 3),
    # a table is the list: its body rows
    ("| Country | Capital |\n|---|---|\n| France | Paris |\n| Spain | Madrid |", 2),
    ("Here they are:\n\n| Name |\n| --- |\n| Ada |\n| Bo |\n| Cy |", 3),
    # headings head the items where two or more share a level
    ("### 1. Speed\nRust is fast.\nNo GC.\n### 2. Safety\nOwnership.\nBorrowing.", 2),
    ("# Why Rust\n## Speed\nFast.\n## Safety\nSafe.\n## Tooling\nCargo.", 3),
    # one per line, without markers
    ("France\nSpain\nItaly\nPortugal", 4),
    ("Here are 4 countries:\nFrance\nSpain\nItaly\nPortugal", 4),
    ("Breakfast:\nEggs\nToast\nLunch:\nSoup", 3),  # group labels are lead-ins
    ("# Countries\nFrance\nSpain", 2),  # a heading is no item
    ("```\nalpha\nbeta\ngamma\n```", 3),  # fences set aside
    ("🍎 Apple\n🍌 Banana\n🍒 Cherry", 3),
    # items of several lines, set off by blank lines
    ("**Speed**\nRust is fast.\n\n**Safety**\nRust is safe.\n\n**Tooling**\nCargo.", 3),
    ("Speed – Rust is fast.\n\nSafety – Rust is safe.", 2),
    ("**Speed**\n\nRust is fast.\n\n**Safety**\n\nRust is safe.", 2),  # bold lines are headings
    # a title line above sentences
    ("Tips\nKeep a schedule.\nSkip late coffee.", 2),
    ("**Tips**\nKeep a schedule.\nSkip late coffee.", 2),
    ("Tips\n\nKeep a schedule.\n\nSkip late coffee.\n\nWalk daily.", 3),
    # one line: a run-in list
    ("Argentina, Bolivia, Paraguay, Peru", 4),
    ("Argentina, Bolivia, Paraguay and Peru.", 4),
    ("Argentina, Bolivia, Paraguay, and Peru", 4),
    ("Curie; Franklin; Hopper", 3),
    ("Four countries: Argentina, Bolivia, Paraguay, Peru.", 4),
    ("Paris (France), Rome (Italy, Lazio), Madrid", 3),  # commas in brackets stay
    ("The Seine and the Loire.", 2),  # a list without commas ("no commas")
    ("Salt and pepper, garlic", 2),  # only the last piece is cut
    ("Salt and pepper", 2),  # the approximation, stated: a last "and" always cuts
    ("Red, green, blue.", 3),
    ("Just one idea: a picnic.", 1),
    ("", 0),
    ("   \n\n  ", 0),
    # the approximation, stated: a closing line without list markers counts
    ("France\nSpain\nItaly\nPortugal\nHope this helps!", 5),
    # a horizontal rule is no bullet
    ("- one\n---\n- two", 2),
    ("\n".join(f"{i}. item {i}" for i in range(1, 11)), 10),
]


@pytest.mark.parametrize(("answer", "n"), LABELLED)
def test_the_items_are_counted_as_a_reader_counts_them(answer: str, n: int) -> None:
    assert len(answer_items(answer)) == n


@pytest.mark.parametrize(("answer", "n"), LABELLED)
def test_the_measure_passes_exactly_the_labelled_count(answer: str, n: int) -> None:
    assert ITEMS.measure(exactly(4), answer).passed is (n == 4)


def test_the_outcome_reports_and_corrects_the_count() -> None:
    outcome = ITEMS.measure(exactly(4), "- France\n- Spain\n- Italy")
    assert not outcome.passed
    assert outcome.data["measured"] == 3
    assert outcome.suggestion == (
        "Your answer has 3 items; it needs exactly 4. Add 1 more item, each a list item "
        "or a line of its own."
    )
    over = ITEMS.measure(ItemCount(relation="at_most", value=2), "Ada, Bo, Cy")
    assert not over.passed
    assert over.suggestion == (
        "Your answer has 3 items; the limit is 2. Remove at least 1 item (Ada, Bo, Cy)."
    )


def test_ranges_hold_within_their_bounds() -> None:
    answer = "- a\n- b\n- c\n- d"
    assert ITEMS.measure(ItemCount(relation="at_least", value=3), answer).passed
    assert ITEMS.measure(ItemCount(relation="at_most", value=5), answer).passed
    assert not ITEMS.measure(ItemCount(relation="at_least", value=5), answer).passed


def test_no_repair_is_offered() -> None:
    assert ITEMS.repair(exactly(3)) is None


def items(prompt: str, system: str | None = None) -> list[tuple[str, int]]:
    return [
        (c.spec.relation, c.spec.value)
        for c in compile_checks(prompt, system=system)
        if isinstance(c.spec, ItemCount)
    ]


def kinds(prompt: str) -> list[str]:
    return sorted(c.spec.kind_name() for c in compile_checks(prompt))


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Name 4 countries that border Brazil.", [("exactly", 4)]),
        ("List ten verbs.", [("exactly", 10)]),
        ("Give me five ideas for a rainy-day birthday party.", [("exactly", 5)]),
        ("Could you suggest three names for my cat please?", [("exactly", 3)]),
        ("Can u give me 3 reasons why python is good for accountants", [("exactly", 3)]),
        ("I need 6 examples of irony for my class.", [("exactly", 6)]),
        ("We'd like 8 name ideas for a bakery.", [("exactly", 8)]),
        ("Brainstorm at least 7 slogans for a bakery.", [("at_least", 7)]),
        ("Recommend up to 4 podcasts about history.", [("at_most", 4)]),
        ("Suggest no more than five books on stoicism.", [("at_most", 5)]),
        ("Give me between 3 and 5 tips for running.", [("at_least", 3), ("at_most", 5)]),
        ("Provide 3-5 examples of onomatopoeia.", [("at_least", 3), ("at_most", 5)]),
        ("Give me your top 5 sci-fi films.", [("exactly", 5)]),
        ("Make me a list of 8 books to read this summer.", [("exactly", 8)]),
        ("Create a 5-item list of chores for kids.", [("exactly", 5)]),
        ("What are 3 ways to save money on groceries?", [("exactly", 3)]),
        ("Could you help me brainstorm five names for a podcast?", [("exactly", 5)]),
        ("Tell me 3 fun facts about octopuses.", [("exactly", 3)]),
        ("Write me 5 catchy slogans for a gym.", [("exactly", 5)]),
        ("Draft 10 team names for our hackathon.", [("exactly", 10)]),
        ("Give me 3 subject lines for the newsletter.", [("exactly", 3)]),
        ("List the 7 continents.", [("exactly", 7)]),
        ("pls name 4 rivers in Africa", [("exactly", 4)]),
        # British spelling, non-native phrasing, a polite request
        ("Kindly, please recommend me 6 colour palettes for a nursery.", [("exactly", 6)]),
        ("Give 4 reasons why cats purr. Begin each reason with 'Because'.", [("exactly", 4)]),
        # "for each" of the things themselves, not of another set
        (
            "Please list 5 useful resources for learning Rust, with a URL for each.",
            [("exactly", 5)],
        ),
        # a later sentence about each item does not add a part
        (
            "Give me 5 team-building activities. For each, give the name in bold and then "
            "a short description.",
            [("exactly", 5)],
        ),
        # the things named before the count
        ("What are some good names for a cat? Give me 5.", [("exactly", 5)]),
        ("Any podcast recommendations? List 3 of them, please.", [("exactly", 3)]),
        # formal and regional forms
        ("Please provide five (5) examples of metaphors.", [("exactly", 5)]),
        ("List down 5 benefits of yoga.", [("exactly", 5)]),
        ("Enumerate 6 benefits of regular exercise.", [("exactly", 6)]),
        ("Could I get 3 examples of haiku themes?", [("exactly", 3)]),
        ("Give me 3 or 4 ideas for dinner.", [("at_least", 3), ("at_most", 4)]),
        ("Rank the top 5 programming languages for beginners.", [("exactly", 5)]),
        ("Give 4 reasons and briefly explain each one.", [("exactly", 4)]),
        # terse: the sentence is the things asked for
        ("Three tips for better sleep, please.", [("exactly", 3)]),
        ("Need help with my garden. 4 ideas for shady spots?", [("exactly", 4)]),
        ("Top 10 sci-fi books.", [("exactly", 10)]),
        ("I'd love 5 ideas for a date night.", [("exactly", 5)]),
        ("No more than 5 suggestions, please.", [("at_most", 5)]),
        # "answer" as a noun is no second part
        (
            "Generate 4 distractors for the question 'What is the symbol for gold?'; "
            "the correct answer is Au.",
            [("exactly", 4)],
        ),
        ("In one sentence, name 3 benefits of green tea.", [("exactly", 3)]),
        ("Suggest 3 more ideas beyond these: a picnic, a hike.", [("exactly", 3)]),
        ("Would you be able to name 4 countries in South America?", [("exactly", 4)]),
        ("Your task is to suggest 5 names for the product.", [("exactly", 5)]),
        # a standing rule in a system prompt
        ("Always suggest 3 follow-up ideas.", [("exactly", 3)]),
    ],
)
def test_a_number_of_things_asked_for_is_an_item_count(
    prompt: str, expected: list[tuple[str, int]]
) -> None:
    assert items(prompt) == expected


def test_a_system_prompt_rule_compiles_for_every_reply() -> None:
    assert items("Hi!", system="Always suggest 3 follow-up questions or ideas.") == []
    assert items("Hi!", system="Always offer 3 options.") == [("exactly", 3)]


@pytest.mark.parametrize(
    "prompt",
    [
        # the number describes the topic, not the answer
        "What are the 5 stages of grief?",
        "Tell me about the 3 musketeers.",
        "Compare the 2 options below.",
        "Write a story about 3 friends.",
        "Give me the 3 main causes of the First World War.",
        "4 ideas I already have: a picnic, a hike, a film, a game. Give me more.",
        "Name 4 ideas we already have.",
        "My teacher asked us to name 5 rivers.",
        "The article lists 5 reasons to learn Rust. Summarise it.",
        # hedged, negated, conditional
        "Maybe list 3 examples.",
        "If you have time, name 4 rivers.",
        "Don't give me 10 ideas, just a few.",
        "Could you maybe brainstorm 5 ideas?",
        # one thing, or no number
        "Give me one idea for dinner.",
        "Name a few countries in Africa.",
        # a count of each part, or two lists
        "Give 2 examples for each word.",
        "For each topic, give me 3 ideas.",
        "Your task is to suggest 5 names for each product the user describes.",
        "List 3 ideas per topic.",
        "Give me 3 pros and 3 cons of remote work.",
        "Give me 3 ideas for breakfast and 2 for lunch.",
        # a wish for things no writer makes
        "I need 2 tickets to Paris, what is the cheapest route?",
        "We need 3 volunteers for Saturday; draft a short notice.",
        # quoted, or material to process
        "Translate the following into French: 'List 5 fruits.'",
        "Translate this sentence into Spanish: List five fruits you like.",
        "Here is an example prompt: 'Give me 3 tips for sleep.' Rate its clarity.",
        "Correct the grammar: 'Name 4 country that border Brazil.'",
        # a second set of things
        "Tell me 2 truths and a lie about yourself.",
        # a sentence that tells, not asks
        "3 reasons I love you were written on the card. Write a reply.",
        "Our team has 3 ideas for the logo. Which is best?",
        # approximate
        "Give me around 5 ideas.",
        # more than the list
        "Explain recursion and give 3 examples.",
        "Answer the question below and give 3 examples.",
        "Describe Paris. Then name 3 landmarks.",
        "Describe Paris. Name 3 landmarks too.",
        "Give me 3 tips, then a summary paragraph.",
        "List 5 cities. Then write a paragraph about the best one.",
        "Give me 5 ideas with a title on top.",
        "Name 4 European capitals and describe each one in a paragraph.",
        # a part beside the list in the same sentence, whatever "each" follows
        "Summarise the report for the board and list the three biggest risks with what "
        "each would cost.",
        "Give me a 10 for this answer.",
        "give me a 10",
        # units another family counts, pieces of prose
        "Give me 10 words that rhyme with cat.",
        "Give me 5 questions to ask in an interview.",
        "Give me 2 short poems about autumn.",
        "Write 3 short reviews of the film.",
        "Give me two different answers.",
        "List 3 hashtags for my post.",
        "Give me 10 random numbers.",
        "Write a poem with 3 names in it.",
    ],
)
def test_near_misses_compile_no_item_count(prompt: str) -> None:
    assert items(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Give me 5 ideas. Numbered list, please.", "numbered_count"),
        ("Give me 3 tips for sleeping better, as bullet points.", "bullet_count"),
        ("List 5 fruits, one per line.", "line_count"),
        ("Give me three reasons to visit Iceland. Put each reason in its own paragraph.", ""),
    ],
)
def test_a_named_list_form_keeps_its_own_count(prompt: str, kind: str) -> None:
    found = kinds(prompt)
    assert "item_count" not in found
    if kind:
        assert kind in found


def test_a_comma_separated_list_counts_its_items_beside_its_form() -> None:
    found = kinds("Name 4 countries that border Brazil. Use a comma-separated list.")
    assert found == ["comma_list", "item_count"]
    prompt = "Give me exactly 10 suggestions inspired by famous scientists, comma separated."
    assert items(prompt) == [("exactly", 10)]


def test_the_check_quotes_the_request() -> None:
    checks = compile_checks("Please name 4 countries.")
    [check] = [c for c in checks if c.spec.kind_name() == "item_count"]
    assert check.source_text == "name 4 countries"


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Explain how to change a tyre in 5 steps.", [("exactly", 5)]),
        ("How do I boil an egg? Keep it simple and under 6 steps.", [("at_most", 5)]),
        ("How do I set up SSH keys? No more than four steps.", [("at_most", 4)]),
        ("Write a five-step guide to brewing tea.", [("exactly", 5)]),
        (
            "Write a 'How it works' section. Use exactly 3 steps, each with a bold title "
            "followed by one sentence.",
            [("exactly", 3)],
        ),
    ],
)
def test_a_count_of_steps_is_an_item_count(prompt: str, expected: list[tuple[str, int]]) -> None:
    assert items(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a recipe with 5 ingredients and 4 steps.",  # two lists
        "Explain how to change a tyre in 5 steps, then add a safety summary.",
        "I took 3 steps back. Describe the feeling.",  # told, not asked
        "Describe the 12 steps of AA.",  # a named set
        "Maybe explain it in 5 steps or so.",  # hedged
    ],
)
def test_steps_that_are_not_the_answer_compile_no_item_count(prompt: str) -> None:
    assert items(prompt) == []


def test_steps_in_a_named_list_form_keep_the_forms_count() -> None:
    found = kinds("Give me 4 tips as a numbered list. Keep it to 4 steps.")
    assert "item_count" not in found
