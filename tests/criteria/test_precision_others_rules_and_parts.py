"""Precision on rules that resemble requirements of the answer but are not:
a word put for another (a substitution requires nothing), the user's text
described ("it says '…'"), a mark banned in one sort of thing, a house number,
a part's rules (the stretch before another part, a part named bare, a part
listed beside others), things laid out one a line inside a message or beside
a code block, a case kept by some words or said of tokens, and the user's own
work told as a story. Each family has near misses that still compile.
"""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def kinds(prompt: str, system: str | None = None) -> set[str]:
    checks = compile_checks(prompt, system=system) if system else compile_checks(prompt)
    return {c.spec.kind_name() for c in checks}


def specs(prompt: str) -> set[tuple[str, object]]:
    return {(c.spec.kind_name(), getattr(c.spec, "value", None)) for c in compile_checks(prompt)}


def keywords(prompt: str) -> set[str]:
    return {
        str(getattr(c.spec, "keyword", ""))
        for c in compile_checks(prompt)
        if c.spec.kind_name() == "keyword"
    }


# -- a substitution: the word put for another is required only where the other would stand
@pytest.mark.parametrize(
    "prompt",
    [
        'House style: say "colleague", never "staff member".',
        "Use 'we', not 'the company'.",
        "Write 'enquiry' instead of 'inquiry' throughout.",
        "Instead of 'ASAP', say 'by end of day'.",
        "Don't say 'cheap', say 'affordable'.",
        'Refer to "members" rather than "customers".',
        "Write about our gym. Say 'coach' (not 'trainer').",
        "Use 'folks' and never 'guys' in the newsletter.",
        'Prefer "car park" over "parking lot" in the copy.',
        "Say 'holiday', never 'vacation', in every email.",
        "Always write 'per cent' rather than '%'.",
    ],
)
def test_a_word_put_for_another_is_not_required(prompt: str) -> None:
    assert "keyword" not in kinds(prompt)


def test_the_word_replaced_is_still_banned() -> None:
    found = compile_checks("Say 'solicitor', never 'lawyer'.")
    assert [c.spec.kind_name() for c in found] == ["forbidden_words"]


@pytest.mark.parametrize(
    ("prompt", "kept"),
    [
        ("Write a thank-you note and say 'cheers'.", "cheers"),
        ("Include 'Sale' and never use 'cheap'.", "Sale"),
        ('Write a toast. Mention "Aunt Rosa" twice.', "Aunt Rosa"),
        ('Make sure it says "Thanks for waiting".', "Thanks for waiting"),
        ("Write a note that says 'Back at noon'.", "Back at noon"),
    ],
)
def test_a_word_required_outright_still_is(prompt: str, kept: str) -> None:
    assert kept in keywords(prompt)


# -- the user's text described: "it says '…'" tells what it holds
@pytest.mark.parametrize(
    "prompt",
    [
        'check my shop sign for typos? it says "Open Mon-Sat, 9 til 5, closed bank holidays"',
        'Can you tidy my bio? It currently says "I build dashboards that ppl actually use".',
        'My banner is wrong somewhere, this reads "Welcom to the Summer Fair".',
        'Is the grammar ok on my mug design? it reads "Worlds best dad"',
        'Fix the comma in my slogan? It says "Fresh, fast and, friendly".',
        'This is my tagline, it says "We fix bikes, we fix smiles" — any typos?',
        'proofread my poster pls, it says "Bake sale Saturday, all welcome"',
        'is the case right on my menu board? it says "soup Of The Day"',
        'Does my caption work? It just says "Sunday vibes only".',
        'It says "Closed for refurbishment" on my flyer — is that the right spelling?',
    ],
)
def test_the_users_text_told_of_is_no_keyword(prompt: str) -> None:
    assert "keyword" not in kinds(prompt)


# -- a mark banned in one sort of thing, named by a bare plural
@pytest.mark.parametrize(
    "prompt",
    [
        "Format the citations. No full stops in abbreviations (BBC, NHS, not B.B.C.).",
        "List the prices. No commas in numbers.",
        "Write the report. No hyphens in headings.",
        "Write the guide. No exclamation marks in headings.",
        "Give the addresses. No commas inside postcodes.",
        "Draft the FAQ. No question marks in titles.",
        "Write the release notes. No colons in version names.",
        "Summarise it. No apostrophes in contractions, write them out.",
        "Tabulate the data. No dashes in dates.",
        "Write the list. No semicolons in items.",
    ],
)
def test_a_mark_of_one_sort_of_thing_is_no_ban_on_the_answer(prompt: str) -> None:
    assert "forbidden_chars" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a story. No commas.",
        "No commas in the answer.",
        "No exclamation marks in your reply.",
    ],
)
def test_a_mark_banned_from_the_answer_still_is(prompt: str) -> None:
    assert "forbidden_chars" in kinds(prompt)


# -- a house number and its street is no count
@pytest.mark.parametrize(
    "prompt",
    [
        "can i view 14 Ashgrove Road on saturday?",
        "Is 221 Baker Street still available to rent?",
        "I want to see 8 Mill Lane before Friday, when suits?",
        "Could we book 3 Orchard Close for a second viewing?",
        "Show me 42 Harbour View Drive again next week.",
        "Can I see 7 Kings Avenue after 6pm?",
        "We'd like to view 19 Station Parade tomorrow.",
        "can you show me 5 Elm Grove on Monday",
        "I'd love to see 10 Park Crescent this weekend.",
        "Can I have 2 Church Street's floor plan?",
    ],
)
def test_a_house_number_is_no_count_of_things(prompt: str) -> None:
    assert "item_count" not in kinds(prompt)


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("List 5 quiet country roads in Devon.", 5),
        ("Give me 4 street names for a fantasy town.", 4),
        ("Is 221 Baker Street free for a viewing? Give me 3 time options.", 3),
    ],
)
def test_things_near_a_street_still_count(prompt: str, value: int) -> None:
    assert ("item_count", value) in specs(prompt)


# -- the stretch before or after another part
@pytest.mark.parametrize(
    "prompt",
    [
        "Write a leaflet ending with exactly 3 questions. Before that, keep it to 2 paragraphs.",
        "Finish with a one-line summary. Use at most two paragraphs before the summary line.",
        "End with a table. Above the table, no more than 3 sentences.",
        "Give the recipe, then a tip. After that, at most 2 sentences.",
        "Open with a quote. Keep it to 3 paragraphs after the quote.",
        "Write the bio, no more than 60 words before the contact line.",
        "Add a sign-off. Before the sign-off, exactly two paragraphs.",
        "Put a code block at the end, with at most 2 sentences before it.",
        "Write a story, then a moral. Before the moral, at most 120 words.",
        "Include a chart description. Under 50 words after the heading.",
    ],
)
def test_a_stretch_beside_another_part_is_no_size_of_the_answer(prompt: str) -> None:
    assert not kinds(prompt) & {"paragraph_count", "sentence_count", "word_count"}


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("Keep it under 80 words before it goes out.", "word_count"),
        ("Write a story in 2 paragraphs before bedtime.", "paragraph_count"),
        ("Before you start, remember: under 100 words.", "word_count"),
        # a form to follow, not a part beside the stretch
        ("Give me 6 bullet points, following the format below:\n* one\n* two", "bullet_count"),
        ("Write it in 3 paragraphs, following the template I use.", "paragraph_count"),
        ("Under 120 words, following the style guide's rules.", "word_count"),
    ],
)
def test_a_time_before_is_no_part(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)


# -- a part named bare, its rules after it
@pytest.mark.parametrize(
    "prompt",
    [
        "Write a commit message. Subject line at most 50 characters, no trailing full stop.",
        "Write a blog post. Title under 8 words, no exclamation marks.",
        "Write the newsletter. Headline at most 10 words, no full stop.",
        "Write the email. Subject at most 60 characters, no emojis.",
        "Draft the article. Headline under 12 words, no question marks.",
        "Write a song. Chorus at most 4 lines, no full stops.",
        "Write a chapter. Title under 6 words, no colons.",
        "Write a press release. Headline max 90 characters, no exclamation marks.",
        "Write the page. Heading at most 5 words, no commas.",
        "Write the ad. Tagline under 7 words, no full stop.",
    ],
)
def test_a_bare_parts_rules_are_the_parts(prompt: str) -> None:
    assert not kinds(prompt) & {"no_final_mark", "forbidden_chars", "emoji_count"}


def test_a_bare_size_of_the_answer_still_holds() -> None:
    assert {"word_count", "no_final_mark"} <= kinds(
        "Write a tagline. At most 8 words, no full stop."
    )


@pytest.mark.parametrize(
    "prompt",
    [
        "Output a JSON array. Each object has the keys: id, name, blurb.\n- name at most 4 words.",
        "Return JSON with keys title, summary, tags.\n- summary under 30 words.",
        "Give a name, a tagline and a description. Tagline under 8 words.",
        "Write a bio and a tagline. Bio under 50 words.",
        "Fields: sku, label, notes.\n- label at most 3 words.",
        "Each card has a front, a back and a hint.\n- hint under 10 words.",
        "Return rows with columns team, motto, city.\n- motto at most 6 words.",
        "Objects with keys: code, title, body.\n- title under 8 words.\n- body under 40 words.",
        "Give a headline, a standfirst and a quote. Standfirst under 25 words.",
        "Output YAML with keys name, summary, owner.\n- summary at most 20 words.",
    ],
)
def test_a_listed_part_named_bare_takes_its_size(prompt: str) -> None:
    assert "word_count" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    ["Write a product blurb. Under 50 words.", "Write a cover letter. Letter under 300 words."],
)
def test_the_answers_own_size_still_holds(prompt: str) -> None:
    assert "word_count" in kinds(prompt)


# -- things one a line, inside a message or beside a code block
@pytest.mark.parametrize(
    ("prompt", "system"),
    [
        (
            "Candidate needs an interview next week.",
            "Always offer exactly three slots.\n- Format each slot on its own line.\n"
            "- Keep the whole message under 70 words.",
        ),
        ("Write an email offering 3 delivery dates, each on its own line.", None),
        ("Write a message to the team with 4 shift times, each on a new line.", None),
        ("Draft a letter listing 3 payment options, one per line.", None),
        ("Write a memo with 5 action points, each on its own line.", None),
        (
            "regex for UK phone numbers + 3 examples, each on its own line, regex in a code block",
            None,
        ),
        (
            "Give me a SQL query plus 4 sample ids, one per line, and the query in a code block.",
            None,
        ),
        ("Write an announcement naming 3 winners, each on its own line.", None),
        ("Write a reply email with 3 time slots, one per line.", None),
        ("Give 3 test inputs, each on its own line, then the function in a fenced block.", None),
    ],
)
def test_lines_of_things_inside_more_are_no_line_count(prompt: str, system: str | None) -> None:
    assert "line_count" not in kinds(prompt, system)


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Give me 5 names for a cat, one per line.", 5),
        ("Give me 5 email subject lines, each on its own line.", 5),
        ("Explain how to forward an email. Each step on its own line. 4 steps.", 4),
        ("Puzzle for the newsletter: give me 5 riddles, one per line.", 5),
        ("Write a shop-window message sequence: 4 messages, one per line.", 4),
        ("5 test usernames, must start with a letter. One per line.", 5),
        ("List 4 shell commands, each on its own line. No code block.", 4),
    ],
)
def test_things_one_a_line_still_count_lines(prompt: str, value: int) -> None:
    assert ("line_count", value) in specs(prompt)


# -- a case some words keep, or a case of tokens asked for
@pytest.mark.parametrize(
    "prompt",
    [
        "ALL CAPS. Keep the player's tag exactly as given (tags are case-sensitive).",
        "Answer in all caps. Write product codes as given.",
        "Everything lowercase, but brand names are case-sensitive.",
        "Write it in capitals. Copy the user's handle as written.",
        "lowercase only; spell the model numbers as given.",
        "can you give me 3 idea for a baby shower hashtag? all lower case, no space inside",
        "Suggest 5 usernames for my bakery. Lowercase, no spaces.",
        "4 slug options for my ramen article. All lowercase.",
        "Give me a few hashtag ideas for our 5k run, all lowercase.",
        "Three wifi names for our cafe, ALL CAPS please.",
        "Give me 6 password ideas, lowercase, with one digit each.",
        "Come up with 3 domain names for a plant shop, lowercase.",
    ],
)
def test_a_case_of_some_words_is_no_case_of_the_answer(prompt: str) -> None:
    assert "letter_case" not in kinds(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Answer in all caps. Write it as given.",
        "Write a tweet about our sale with 2 hashtags, all lowercase.",
        "Give me 5 hashtags. Your entire response must be in lowercase.",
        "List 8 adjectives for autumn, lowercase, one per line.",
        "Give me 4 usernames, one per line, all lowercase.",
        "After your reply, add a P.S. Your whole reply must be in capitals.",
    ],
)
def test_a_case_of_the_answer_still_holds(prompt: str) -> None:
    assert "letter_case" in kinds(prompt)


# -- the user's own work, told as a story
@pytest.mark.parametrize(
    "prompt",
    [
        "I'm building a board deck and our rule is 3 bullets max per slide, no bullet over 6 "
        "words. Can you suggest an order for these topics: cost, risk, people?",
        "I'm writing a thesis and it has to be under 10,000 words. Which referencing style "
        "suits history?",
        "We're putting together our annual report, max 12 pages and no more than 4 charts. "
        "What should the theme be?",
        "I'm preparing a talk, 10 minutes and at most 8 slides. Any tips for nerves?",
        "I'm designing a poster in all caps with no more than 20 words. What colours go with navy?",
        "I'll send you my draft in a sec. It's meant to be 3 pages, double spaced. Just say ok.",
        "I'll paste my essay next. It needs to be under 500 words. Confirm you're ready.",
        "Let me send over my cover letter. It should be one page, no bullet points. Ready?",
        "I'm going to share my notes shortly. They're in 3 sections with headings. Got it?",
        "I'm working on a newsletter and each issue has exactly 5 sections. Who is a good "
        "guest writer for spring?",
    ],
)
def test_the_users_own_work_told_is_no_requirement(prompt: str) -> None:
    assert kinds(prompt) == set()


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("I'm preparing a talk for Friday. Write me an opening line under 20 words.", "part_count"),
        ("I'll send the data later. For now, answer in exactly 3 bullet points.", "bullet_count"),
        ("I'm writing a story. Give me 5 names for the villain.", "item_count"),
    ],
)
def test_a_request_beside_the_story_still_compiles(prompt: str, kind: str) -> None:
    assert kind in kinds(prompt)
