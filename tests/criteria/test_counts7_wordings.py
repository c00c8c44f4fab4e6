"""Counts of the whole answer in three wording families the count grammar
did not read before, each with its near misses: a count that sizes the one
piece of prose asked for, whatever describes the piece after it ("a
sentence of at least 12 words where every word …"); a subject that names
the answer — the things a system prompt's role writes ("You are a
storyteller. Stories must be …"), the asked noun after a rules label
("Journal rules: abstract must be …"); and a count as an item of a terse
criteria line ("Title Case, 6 words or fewer, …")."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks

_KINDS = ("word_count", "sentence_count", "paragraph_count", "char_count")


def counts(prompt: str, system: str | None = None) -> set[tuple[str, str, int]]:
    return {
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt, system=system)
        if c.spec.kind_name() in _KINDS
    }


# --- a count that sizes the piece asked for -------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a sentence of at least 9 words where every word starts with a vowel.",
            ("word_count", "at_least", 9),
        ),
        (
            "Compose a paragraph of 30-50 words that mentions three rivers.",
            ("word_count", "at_most", 50),
        ),
        (
            "Write a fable (100-150 words) in which each sentence ends with an exclamation mark.",
            ("word_count", "at_least", 100),
        ),
        (
            "Draft a birthday message under 40 words with no exclamation marks.",
            ("word_count", "at_most", 39),
        ),
        (
            "Write a paragraph with exactly 4 sentences in which every sentence starts with 'We'.",
            ("sentence_count", "exactly", 4),
        ),
        (
            "Write a paragraph with 6 sentences where sentence lengths grow by one word each time.",
            ("sentence_count", "exactly", 6),
        ),
        ("Write a poem that has exactly 3 stanzas of 5 lines.", ("paragraph_count", "exactly", 3)),
        # the piece's own requirement, read where the piece is asked
        (
            "Write a notice. It must be a single paragraph of no more than 45 words.",
            ("word_count", "at_most", 45),
        ),
    ],
)
def test_count_sizing_the_piece(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    ("prompt", "refused"),
    [
        # after "with N units" a clause may pick some units out: no count of them all
        (
            "Write a paragraph with 5 sentences in which the word 'tide' appears.",
            ("sentence_count", "exactly", 5),
        ),
        (
            "Write a story with exactly 4 sentences in which a color is named.",
            ("sentence_count", "exactly", 4),
        ),
        # a bare count, no piece before it: the clause picks words out
        ("Use at least 6 words where the letter z appears.", ("word_count", "at_least", 6)),
        # a piece given, not asked
        (
            "Summarise a paragraph of 80 words in the text below in one line.",
            ("word_count", "exactly", 80),
        ),
        # "of my essay": the words before the noun are no modifiers of the piece
        (
            "Write a summary of my essay of 900 words where every point is kept.",
            ("word_count", "exactly", 900),
        ),
        # a part beside the piece: the whole answer's count would take it in
        (
            "Give me a blog post of exactly 5 paragraphs with a headline.",
            ("paragraph_count", "exactly", 5),
        ),
        ("Write a story of 200 words with a title.", ("word_count", "exactly", 200)),
        (
            "Write a newsletter of 4 paragraphs plus a short sign-off.",
            ("paragraph_count", "exactly", 4),
        ),
        (
            "Write an article of 300 words and a list of sources.",
            ("word_count", "exactly", 300),
        ),
        (
            "Write a post of 3 paragraphs followed by three hashtags.",
            ("paragraph_count", "exactly", 3),
        ),
        # hedged
        (
            "Maybe write a sentence of at least 9 words where every word starts with a vowel.",
            ("word_count", "at_least", 9),
        ),
        # a later part's size, after parts asked before it
        (
            "Museum label for a vase. Format: line 1 the maker; line 2 the date; then a "
            "description of 30-50 words.",
            ("word_count", "at_most", 50),
        ),
        (
            "Make a glossary of 5 terms. Format: term in bold, then a colon, then a definition "
            "of at most 12 words.",
            ("word_count", "at_most", 12),
        ),
    ],
)
def test_count_sizing_near_misses(prompt: str, refused: tuple[str, str, int]) -> None:
    assert refused not in counts(prompt)


def test_summary_of_given_essay_compiles_no_word_count() -> None:
    assert not {
        c for c in counts("Write a summary of my essay of 900 words.") if c[0] == "word_count"
    }


# --- the answer's name as the subject ---------------------------------------------


_TELLER = "You are Pip, a storyteller for children aged 5 to 8. "


@pytest.mark.parametrize(
    ("system", "prompt", "expected"),
    [
        (
            _TELLER + "Stories must be between 150 and 300 words.",
            "Write a story about a brave snail.",
            {("word_count", "at_least", 150), ("word_count", "at_most", 300)},
        ),
        (
            _TELLER + "Stories are 120-200 words.",
            "A story about a lost kite, please.",
            {("word_count", "at_least", 120), ("word_count", "at_most", 200)},
        ),
        (
            _TELLER + "Every story you write must be under 250 words.",
            "Tell me a story about the moon.",
            {("word_count", "at_most", 249)},
        ),
        (
            "You are a newsletter writer for a school. Each newsletter must be under 400 words.",
            "This week: sports day on Friday.",
            {("word_count", "at_most", 399)},
        ),
        (
            "You write product descriptions for an outdoor shop. Descriptions must be at most "
            "80 words.",
            "Tent: 2-person, 1.9 kg, green.",
            {("word_count", "at_most", 80)},
        ),
    ],
)
def test_system_role_things_name_the_answer(
    system: str, prompt: str, expected: set[tuple[str, str, int]]
) -> None:
    assert expected <= counts(prompt, system=system)


@pytest.mark.parametrize(
    ("system", "prompt"),
    [
        # another thing than the role writes
        (
            "You write product descriptions for a shop. Reviews must be under 80 words.",
            "Tent: green.",
        ),
        # what those things are like, not a rule
        (_TELLER + "Stories from other authors are often 500 words.", "Write a story."),
        # some of them only
        (_TELLER + "Stories that scare children must be under 100 words.", "Write a story."),
        # a role that reads the things, not one that writes them
        ("You review stories. Stories must be under 500 words.", "Here is my story."),
        # hedged
        (_TELLER + "Stories should ideally be under 300 words.", "Write a story."),
        # things a reply may hold several of: the count may be each one's
        (
            "You generate quiz questions for a trivia app. Questions must be under 25 words.",
            "Give me 6 questions about rivers.",
        ),
        ("You are a slogan generator. Each slogan must be under 12 words.", "Slogans for a cafe."),
        # the role writes several per reply
        (
            "You write product descriptions. Write as many descriptions as the user lists. "
            "Descriptions must be at most 80 words.",
            "Tent, stove, lamp.",
        ),
    ],
)
def test_system_role_near_misses(system: str, prompt: str) -> None:
    assert not {c for c in counts(prompt, system=system) if c[0] == "word_count"}


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Please write the abstract for my thesis. Faculty rules: abstract must be "
            "200-300 words.",
            {("word_count", "at_least", 200), ("word_count", "at_most", 300)},
        ),
        (
            "Write alt text for a photo of a bicycle. Our accessibility rules: alt text must be "
            "under 100 characters, must not end with a period.",
            {("char_count", "at_most", 99)},
        ),
    ],
)
def test_subject_after_rules_label(prompt: str, expected: set[tuple[str, str, int]]) -> None:
    assert expected <= counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # the rules are someone else's, for another thing
        "Write alt text for a photo of a bicycle. Instagram rules: bios must be under 150 "
        "characters.",
        "Write a style guide for our bloggers. Our rules: posts should be under 500 words.",
        "Write the abstract for my paper. Rules for reviewers: abstracts must be 150-250 words.",
        "Write alt text for a photo of a bicycle. My teacher said: alt text must be under 100 "
        "characters.",
    ],
)
def test_subject_after_rules_label_near_misses(prompt: str) -> None:
    assert not {c for c in counts(prompt) if c[0] in ("word_count", "char_count")}


# --- a count as an item of a terse criteria line -----------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a subject line for our spring sale. Title Case, 7 words or fewer, with the "
            "discount.",
            ("word_count", "at_most", 7),
        ),
        (
            "Headline for our volunteer day recap: 10 words or fewer, sentence case.",
            ("word_count", "at_most", 10),
        ),
        (
            "Write a bio for our new chef. Third person, past tense, under 90 words.",
            ("word_count", "at_most", 89),
        ),
    ],
)
def test_count_in_criteria_line(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # several things asked before: the count may be each one's
        "Give me 3 subject lines for our sale. Title Case, 7 words or fewer.",
        # a head that names something given
        "My essay: 500 words, third person. Can you check the grammar?",
        # a head that is a part's rules, not the thing asked
        "Rules for titles: sentence case, 6 words or fewer. Write a blog post about owls.",
        # hedged
        "Write a bio for our chef. Third person, ideally under 90 words.",
    ],
)
def test_count_in_criteria_line_near_misses(prompt: str) -> None:
    assert not {c for c in counts(prompt) if c[0] == "word_count"}


# --- a limit named with its size, a compound range ------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write the push notification for a delivery. Hard limit 90 characters.",
            {("char_count", "at_most", 90)},
        ),
        ("Draft a bio. Strict cap of 120 words.", {("word_count", "at_most", 120)}),
        (
            "Write a toot for Mastodon (500 character limit) about our fair.",
            {("char_count", "at_most", 500)},
        ),
        ("Write a tweet about our bakery. 280 character limit.", {("char_count", "at_most", 280)}),
        (
            "Write a 120-to-180 word review of the new cafe.",
            {("word_count", "at_least", 120), ("word_count", "at_most", 180)},
        ),
        (
            "Write a 3 to 5 sentence summary of the plot.",
            {("sentence_count", "at_least", 3), ("sentence_count", "at_most", 5)},
        ),
    ],
)
def test_limit_named_with_its_size(prompt: str, expected: set[tuple[str, str, int]]) -> None:
    assert expected <= counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # a fact about a platform, not a requirement
        "Twitter has a 280 character limit. Write a joke about owls.",
        "What is the 280 character limit on Twitter?",
        # a limit of something given
        "My essay has a hard limit of 500 words. Give me a title for it.",
        # hedged
        "Write a caption for my photo, maybe a 100 character limit.",
        # a compound size that may be a target: "a 280 character tweet"
        "Write a 280 character tweet about cats.",
        # a range of something else
        "I got a 3 to 5 day delay on my order. Write an apology.",
    ],
)
def test_limit_named_near_misses(prompt: str) -> None:
    assert not {c for c in counts(prompt) if c[0] in ("word_count", "char_count")}


# --- a second verb sharing the answer's modal --------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a pangram about a garden. It must use every letter at least once and be "
            "under 25 words.",
            ("word_count", "at_most", 24),
        ),
        (
            "Write a story about a fox. It should open with a question and stay under 200 words.",
            ("word_count", "at_most", 199),
        ),
    ],
)
def test_count_as_second_verb_of_the_answer(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # negated first verb: the modal's negation may reach the second
        "Write a poem about rain. It must not rhyme and be under 50 words.",
        # another subject's
        "Write a poem about rain. My teacher must read it and be under 50 words.",
        # hedged
        "Write a poem about rain. It should ideally rhyme and be under 50 words.",
    ],
)
def test_count_as_second_verb_near_misses(prompt: str) -> None:
    assert not {c for c in counts(prompt) if c[0] == "word_count"}
