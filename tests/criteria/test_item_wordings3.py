"""Item counts the rest of a prompt no longer blocks: a checklist, a range
or a distribution after the things, "no two names", the things named again
("each title"), options of a short piece named before, labels "(1)" that no
form count reads, "can u", a terse count laid out ("Ten names, comma
separated."); with the near misses that must still compile no item count."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks
from redraft.criteria._families._base import FamilyCount


def _counts(prompt: str) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind, c.spec.relation, c.spec.value)
        for c in compile_checks(prompt)
        if isinstance(c.spec, FamilyCount)
        and c.spec.kind in {"item_count", "bullet_count", "numbered_count", "question_count"}
    ]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        # a checklist's task boxes are list lines: its items counted as any list's
        ("Make a markdown checklist of 7 tasks to prepare for a job interview.", 7),
        ("Create a checklist of 5 chores for Saturday.", 5),
        ("Write a list of 5 goals. Each goal should start with a checkbox emoji.", 5),
        ("Make a to-do list of 6 errands for Saturday.", 6),
        # a range measures each thing; "one for …" says whom each is for
        ("Can you give me 12 animal names, each between 4 and 7 letters, in capitals?", 12),
        ("Suggest 6 usernames, each 5 to 9 characters long.", 6),
        (
            "Give three different one-sentence definitions of 'entropy': one for a physicist, "
            "one for a data scientist, one for a child.",
            3,
        ),
        # "no two names …" tells the things apart
        ("10 names for a girl, and no two names starting with the same letter.", 10),
        # the things named again are no part beside them
        (
            "Please give me 5 slide titles, each max 5 words, each title with one emoji, "
            "and no title can repeat a word from another title.",
            5,
        ),
        # options of a short piece named before
        ("Reddit post title for r/boardgames asking for a 2-player game. Give me 3 options.", 3),
        ("Write a crossword clue for the answer OBOE. Give three alternative clues.", 3),
        ("A slogan for my bike shop. Give me 4 options.", 4),
        # labels no form count reads
        ("Write 6 money word problems for my class. Number them (1) to (6).", 6),
        # "can u" asks as "can you" does
        ("can u just give me 3 tips for making essays longer without padding?", 3),
        ("can u give me 4 ideas for a birthday party", 4),
        # a terse count laid out
        ("Give me names for my kingdom. Ten names, comma separated.", 10),
    ],
)
def test_item_counts_compile(prompt: str, value: int) -> None:
    assert _counts(prompt) == [("item_count", "exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        # a second set of things, not a range nor whom each is for
        "Give me 3 pros and 3 cons of remote work.",
        "Give me 3 tips for mornings and 2 for evenings.",
        "Give me 3 ideas, one of them a joke, and 2 quotes.",
        # counted things beside "no two …" still count
        "Give me 5 names and 3 nicknames, no two names alike.",
        # "another slogan" asked beside the list is one more thing
        "Give me 5 slogans and another slogan in Spanish.",
        "Give me 3 headline ideas. Then write a title for the whole series.",
        # options of a piece of prose, or of a sentence asking more
        "Write an essay on dogs. Give me 3 options.",
        "Write a title and an intro for my post. Give me 3 options.",
        "Write a tagline for my bakery. Give me 3 alternative slogans.",
        # a form only asked about, or a topic
        "Give me 6 ideas for a team lunch. Should I show them as a numbered list?",
        "Give me 5 tips for writing good bullet points.",
        # "can u" asking about, not for
        "can u believe how long 3 tips can be?",
        # hedged, negated, about a checklist
        "Maybe give me 5 tips if you can.",
        "Don't give me 5 tips.",
        "Write a tweet announcing our new feature: checklists with up to 10 items.",
    ],
)
def test_near_misses_compile_no_item_count(prompt: str) -> None:
    assert [c for c in _counts(prompt) if c[0] == "item_count"] == []


def test_a_numbered_form_still_takes_the_count() -> None:
    # "number them" without labels of its own: the numbered form's count
    prompt = "Give me 5 reasons to learn Rust. Number them."
    assert _counts(prompt) == [("numbered_count", "exactly", 5)]


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        # the count set off after the thing asked, or with what each holds after it
        ("I'm a DM. Generate a tavern menu: 6 dishes, each with a price in gold.", 6),
        ("Need a price list for my lemonade stand, 4 items.", 4),
        ("can you make for me the menu of my restaurant, 6 dishes, every dish in italic", 6),
        ("Give me a palette for a calm website. 5 colors, each as a hex code like #A1B2C3.", 5),
        ("Pub quiz lineup for Friday: 6 teams, each with a funny name.", 6),
        # documents that are lists: their items or entries counted
        ("Write a kids' menu. Prices in whole dollars. 5 items.", 5),
        ("Write a changelog for version 2.4.0. Each entry starts with a tag. 6 entries.", 6),
        ("Give me a regex cheat sheet: 8 items, each item is a token in backticks.", 8),
        # what each item holds, in the clause that says so
        ("Give me 5 colors, each as a hex code followed by a name in parentheses.", 5),
        ("Give me 4 reasons to learn Rust, formatted as bold titles followed by a sentence.", 4),
    ],
)
def test_set_off_counts_compile(prompt: str, value: int) -> None:
    assert _counts(prompt) == [("item_count", "exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        # the user's own list, or no list named before the colon
        "My menu: 6 dishes, each with a price. Rewrite it in French.",
        "Here are my notes: 5 ideas, each half-baked. Improve them.",
        "Budget meeting: 5 people.",
        "Dinner party for 8 guests: 3 courses, each vegetarian.",
        "The recipe has 5 ingredients, each measured in grams.",
        # a part beside the list, in a clause of its own or after "then"
        "Give me 5 tips, each short, then a summary.",
        "Give me 5 tips, each with an example and then a summary at the end.",
        "Give me 4 reasons, formatted as bold titles followed by a conclusion paragraph.",
        "Give me 4 reasons, each explained, plus an intro.",
        # a document named, but the items counted are of something else
        "Write a tweet about our menu: 10 items under $5, each fresh.",
    ],
)
def test_set_off_near_misses(prompt: str) -> None:
    assert [c for c in _counts(prompt) if c[0] == "item_count"] == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        # words of a kind asked as a list: each word an item
        ("Write 10 SAT vocabulary words with definitions.", 10),
        ("Give me 6 vocabulary words for the GRE with definitions.", 6),
        ("Give me 10 descriptive words for autumn.", 10),
        # a ranking or advice asked, in any sentence of the prompt
        ("What are the 3 biggest risks of AI?", 3),
        ("I'm going to Japan in April. What are the 5 things I should pack?", 5),
        ("I am saving up. What are 3 ways to cut my grocery bill?", 3),
    ],
)
def test_words_and_rankings_compile(prompt: str, value: int) -> None:
    assert _counts(prompt) == [("item_count", "exactly", value)]


@pytest.mark.parametrize(
    "prompt",
    [
        # a length, not words listed
        "Write 50 more words.",
        "Give me 100 words about dogs.",
        "Write 20 words about autumn.",
        "Summarize it in 15 simple words.",
        # a run-in list of words: the answer's words
        "Give me 10 English words that are palindromes, comma-separated on a single line.",
        # a named set asked about, or two questions
        "What are the 5 stages of grief?",
        "What are the 7 wonders of the world?",
        "What are 3 ways to save money? Also what are 4 ways to earn more?",
    ],
)
def test_words_and_rankings_near_misses(prompt: str) -> None:
    assert [c for c in _counts(prompt) if c[0] == "item_count"] == []


def test_each_item_named_again_still_holds_its_parts() -> None:
    # "Each tip: a title, then a colon, then one sentence": what each tip
    # holds, the "each" kept when the things are named again
    prompt = (
        "Give me 4 tips for better posture at a desk. Each tip: a bold title of 2-4 words, "
        "then a colon, then one sentence."
    )
    assert _counts(prompt) == [("item_count", "exactly", 4)]
