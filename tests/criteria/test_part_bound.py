"""A count, limit, ending or format bound to one named part of several parts
of the answer compiles nothing for the whole answer; the same rule of a
single thing asked still compiles."""

from __future__ import annotations

import pytest

from _compiled_specs import kinds, specs_of_kind

# (prompt, a whole-answer kind that must not be compiled from it)
PART_BOUND = [
    (
        "Give me a name, a type and a description. The description must be two sentences.",
        "sentence_count",
    ),
    # an aside of one item of a list of parts
    (
        "Promo copy for our café opening. Three versions please: one for Threads (max 500 "
        "characters), one for Facebook, one for the website.",
        "char_count",
    ),
    (
        "Two posts: one for Instagram (end with exactly 4 hashtags) and one for our newsletter.",
        "hashtag_count",
    ),
    (
        "Return a JSON object with fields: title (string), price (number, no commas), "
        "tags (array of strings).",
        "forbidden_chars",
    ),
    ("Write a cover letter (under 300 words) and a short email to send it with.", "word_count"),
    ("Write a short ad (max 20 words) and a long ad.", "word_count"),
    # counted under a quoted section, or in a part named beside another
    ("Write a job post with exactly 3 bullet points under 'Perks'.", "bullet_count"),
    (
        "Write an Instagram caption and a first comment. Put exactly 6 hashtags in the comment.",
        "hashtag_count",
    ),
    # the sentence's subject is one part of several
    (
        "Write a product page: a name, a tagline and a description. The description must be "
        "under 80 words.",
        "word_count",
    ),
    (
        "Write a listing: title, price and a description. Keep the description under 60 words.",
        "word_count",
    ),
    ("Write a tweet and a LinkedIn post. The tweet must be under 280 characters.", "char_count"),
    (
        "Write a monster card: name, habitat, and a lore blurb. The blurb must be exactly three "
        "sentences and contain no more than 45 words.",
        "sentence_count",
    ),
    (
        "Write a monster card: name, habitat, and a lore blurb. The blurb must be exactly three "
        "sentences and contain no more than 45 words.",
        "word_count",
    ),
    ("Write a press release plus a tweet to promote it. Tweet: max 280 characters.", "char_count"),
    (
        "Weekly update: produce list (list), market news (paragraph), a tip (paragraph). The list "
        "must have between 6 and 9 items.",
        "item_count",
    ),
    # a part in a sequence of parts
    ("Format: title in caps, then the date, then two lines of notes.", "letter_case"),
    ("Write a speech and a one-sentence summary of it.", "sentence_count"),
    (
        "Create a product card: name, price, and a short blurb (no more than 25 words).",
        "word_count",
    ),
    (
        "Write a menu: four starters and two mains. The mains section must have exactly 2 items.",
        "item_count",
    ),
    ("Write a limerick and a haiku. The haiku must be all lowercase.", "letter_case"),
    ("I need a slogan and a mission statement. The slogan must be under 6 words.", "word_count"),
]


@pytest.mark.parametrize(("prompt", "kind"), PART_BOUND)
def test_a_part_rule_compiles_nothing_for_the_whole(prompt: str, kind: str) -> None:
    assert kind not in kinds(prompt)


# (prompt, the whole-answer kind it still compiles): a single thing asked
WHOLE = [
    ("Write a tweet about our launch, max 280 characters.", "char_count"),
    ("Write a tweet (max 280 characters) about our launch.", "char_count"),
    ("Write a short bio (under 50 words), friendly tone.", "word_count"),
    ("Write a product description. The description must be under 50 words.", "word_count"),
    ("Write a poem about the sea. The poem must be under 100 words.", "word_count"),
    ("Write an Instagram caption with exactly 5 hashtags.", "hashtag_count"),
    ("Write a haiku about rain, all lowercase.", "letter_case"),
    ("Write a 200-word blog post about tea and coffee.", "word_count"),
    ("Write a paragraph, then 3 bullet points.", "bullet_count"),
    (
        "Write a blog post with a title and three sections. The post must be under 500 words.",
        "word_count",
    ),
    ("Give me 10 ocean words in capitals, comma-separated on one line.", "line_count"),
    ("Must contain exactly two hashtags and under 200 characters.", "hashtag_count"),
    # adjectives joined by a bare "and" name one thing, not two
    (
        "Write a creative and persuasive startup pitch for a bakery. Your pitch should be "
        "less than 7 sentences.",
        "sentence_count",
    ),
    ("Write a short and punchy slogan. The slogan must be under 8 words.", "word_count"),
]


@pytest.mark.parametrize(("prompt", "kind"), WHOLE)
def test_a_single_thing_rule_still_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


def test_a_part_scoped_kind_still_reads_the_part() -> None:
    # the subject line's own count is a part count, not a whole one
    found = specs_of_kind(
        "Write an email with a subject line and a body. The subject line must be under 8 words.",
        "part_count",
    )
    assert found and found[0]["part"] == "title"
    assert "word_count" not in kinds(
        "Write an email with a subject line and a body. The subject line must be under 8 words."
    )


def test_a_clause_beside_the_aside_is_no_part() -> None:
    # "and the last word … must …" is a clause of its own, not a second part
    prompt = "Write 8 lines (one idea per line), and every line must end with a full stop."
    assert "line_count" in kinds(prompt)
