"""Wordings from fresh audits: a letter written is the kind of text asked for
("write a letter in lowercase"), a count after "just"/"only" ("respond with just
1 word"), bullets "of" what they hold, "there are 4 stanzas" in the request's
description, JSON "and nothing else"; and the near misses that must compile
nothing: a relative's rule of thumb ("my sister says to always …"), a part let
off the answer's language, the words of the thing the answer replies to, and
"end with a question" for an email or a letter, which end with a sign-off."""

from __future__ import annotations

import pytest

from _compiled_specs import kinds, specs_of_kind

# --- a letter written is the text asked for --------------------------------


@pytest.mark.parametrize(
    ("prompt", "case"),
    [
        ("Write a letter in lowercase to my landlord about the broken heater.", "lower"),
        ("write a thank-you letter in all lowercase", "lower"),
        ("Draft me a short angry letter in lowercase, it's for an art project.", "lower"),
        ("Could you compose a love letter in lowercase letters?", "lower"),
        ("Write a letter in all caps to the city council about potholes.", "upper"),
        ("Write a resignation letter in lowercase.", "lower"),
        ("Compose a letter in all capital letters to my pen pal.", "upper"),
        ("Write a letter to my landlord, all in lowercase.", "lower"),
        ("Craft a formal letter in uppercase, please.", "upper"),
        ("Write a short letter to my grandma and write it all in lowercase.", "lower"),
        ("Write a note in lowercase to my neighbour about the fence.", "lower"),
        ("write me a letter all in lowercase", "lower"),
        ("Write a letter entirely in capital letters.", "upper"),
    ],
)
def test_letter_written_takes_the_case(prompt: str, case: str) -> None:
    assert specs_of_kind(prompt, "letter_case") == [{"case": case}]


@pytest.mark.parametrize(
    "prompt",
    [
        "Write the letter a in lowercase.",
        "Write each letter in lowercase.",
        "Use a letter in lowercase as the variable name.",
        "My mom wrote a letter in lowercase last week; write a reply.",
        "Don't write a letter in lowercase, write a poem.",
        "If possible, write a letter in lowercase.",
        "Write a letter in lowercase and the rest in uppercase.",
        "Name a letter in lowercase.",
        "I need to write a letter in lowercase for my art class.",
        "We're drafting a letter in all caps for the protest.",
    ],
)
def test_letter_case_near_misses(prompt: str) -> None:
    assert specs_of_kind(prompt, "letter_case") == []


# --- "just" / "only" before a count -----------------------------------------


@pytest.mark.parametrize(
    ("prompt", "kind", "value"),
    [
        ("Respond with just 1 word.", "word_count", 1),
        ("Reply with only one word.", "word_count", 1),
        ("Answer with just one word: yes or no?", "word_count", 1),
        ("Respond in just one word.", "word_count", 1),
        ("Answer with only 1 word.", "word_count", 1),
        ("Is Paris in France? Respond with just one word, please.", "word_count", 1),
        ("Describe your mood in only three words.", "word_count", 3),
        ("Explain gravity in just two sentences.", "sentence_count", 2),
        ("What is the capital of France? Answer in one word only.", "word_count", 1),
        ("Sum up the plot of Hamlet using just 2 sentences.", "sentence_count", 2),
        ("Describe Paris in literally three words.", "word_count", 3),
        ("Write a tagline for my gym. Literally 5 words.", "word_count", 5),
        (
            "A six-word memoir about moving house, please. literally six words, no title.",
            "word_count",
            6,
        ),
    ],
)
def test_just_a_count(prompt: str, kind: str, value: int) -> None:
    assert specs_of_kind(prompt, kind) == [{"relation": "exactly", "value": value}]


@pytest.mark.parametrize(
    "prompt",
    [
        "Don't respond with just one word.",
        "If you can, respond with just one word.",
        "My teacher replied with just one word.",
        "Why do people answer with just one word?",
        "My friend wrote literally 5 words.",
    ],
)
def test_just_a_count_near_misses(prompt: str) -> None:
    assert specs_of_kind(prompt, "word_count") == []


# --- bullets "of" what they hold --------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "relation", "value"),
    [
        ("Give at least 12 bullet points of tips for new gardeners.", "at_least", 12),
        ("Write 5 bullet points of advice for first-time renters.", "exactly", 5),
        ("I need exactly 6 bullets of ideas for a birthday party.", "exactly", 6),
        ("Provide no more than 4 bullet points of feedback on my resume.", "at_most", 4),
        ("List 8 bullet points of reasons to learn Spanish.", "exactly", 8),
        ("Give me at least 10 bullet points of facts about owls.", "at_least", 10),
        ("Write 3 bullet points of pros and cons of remote work.", "exactly", 3),
        ("Give 5 bullet points of tips, each under 12 words.", "exactly", 5),
        ("Give 5 bullet points of 10 words each.", "exactly", 5),
        ("Give me 7 bullet points of highlights from the year.", "exactly", 7),
    ],
)
def test_bullets_of_their_content(prompt: str, relation: str, value: int) -> None:
    assert specs_of_kind(prompt, "bullet_count") == [{"relation": relation, "value": value}]


@pytest.mark.parametrize(
    "prompt",
    [
        "My draft has 5 bullet points of tips.",
        "Don't write 5 bullet points of tips.",
        "Give 3 bullet points of tips per section.",
        "For each city, give 3 bullet points of facts.",
        "Give 3 bullet points of facts for each city.",
    ],
)
def test_bullets_of_near_misses(prompt: str) -> None:
    assert specs_of_kind(prompt, "bullet_count") == []


# --- "there are 4 stanzas" --------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Write a poem about rain where each stanza has 3 lines and there are 4 stanzas.", 4),
        ("Write a poem about rain where there are 4 stanzas.", 4),
        ("Write a poem about the sea, and make sure there are 3 stanzas.", 3),
        ("Write an essay on bees so that there are exactly 5 paragraphs.", 5),
        ("Write a story in which there are 3 paragraphs.", 3),
        ("Write a poem about rain where every stanza rhymes and there are 4 stanzas.", 4),
        ("Write a poem about rain where each stanza has 3 lines, and there are 4 stanzas.", 4),
        ("Write a ballad about a sailor where there are six stanzas.", 6),
        ("Compose a poem on autumn such that there are 2 stanzas.", 2),
        ("Write a short essay on tea, ensuring there are 3 paragraphs.", 3),
    ],
)
def test_there_are_a_count(prompt: str, value: int) -> None:
    assert {"relation": "exactly", "value": value} in [
        {"relation": s["relation"], "value": s["value"]}
        for s in specs_of_kind(prompt, "paragraph_count")
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "I wrote a poem and there are 4 stanzas; make it rhyme.",
        "My essay is long and there are 7 paragraphs. Summarize it.",
        "Write a poem where there are 4 stanzas in the first half.",
        "If there are 4 stanzas, number them.",
        "Write a poem about a house where there are 4 rooms.",
    ],
)
def test_there_are_near_misses(prompt: str) -> None:
    assert specs_of_kind(prompt, "paragraph_count") == []


# --- JSON and nothing else --------------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me a list of 5 cities as valid JSON and nothing else.",
        "Name 3 rivers in Africa. Valid JSON and nothing else.",
        "List the planets as valid JSON and nothing else.",
        "Give the result in valid JSON, nothing else.",
        "Give me the top 3 scores as a JSON array and nothing else.",
        "Send the config in JSON, nothing more.",
        "Describe your ideal pet. Valid JSON, no other text.",
        "Return the data as valid JSON and nothing else.",
        "Just valid JSON, nothing else.",
        "Your reply must be valid JSON and nothing else.",
    ],
)
def test_json_and_nothing_else(prompt: str) -> None:
    assert specs_of_kind(prompt, "json") == [{"required_keys": []}]


@pytest.mark.parametrize(
    "prompt",
    [
        "My API returns data as valid JSON and nothing else; write a parser for it.",
        "Don't give me the list as JSON and nothing else, add a short explanation.",
        "If you can, answer as valid JSON and nothing else.",
        "Write a Python script that prints the result as valid JSON and nothing else.",
    ],
)
def test_json_near_misses(prompt: str) -> None:
    assert specs_of_kind(prompt, "json") == []


# --- someone else's rule of thumb -------------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a text to my friend about the party. My sister says to always end with a question.",
        "Write a text inviting Sam to dinner. My mom always says never to use emojis in texts.",
        "Draft a birthday message for my coworker. My best friend swears you should always "
        "end with a question.",
        "Write a short text to my landlord. My dad told me to always end texts with a question.",
        "Write a toast for my brother's wedding. My grandma says toasts should never be longer "
        "than 100 words.",
        "Write a caption for my beach photo; my roommate says to always end with a question.",
        "Write a tweet about my cat. My girlfriend thinks you should never use hashtags.",
        "Write a text to my aunt. My cousin always tells me to never use exclamation marks.",
        "Write a post for my bakery. My husband says posts should always end with a question.",
        "Write a text to my friend about the game. My brother keeps telling me to always "
        "end with a question.",
        "Write a tweet. My parents always tell me to never use hashtags.",
        "Write a tweet. My friends think you should never use hashtags.",
    ],
)
def test_relatives_rule_of_thumb_compiles_nothing(prompt: str) -> None:
    assert kinds(prompt) <= {"language"}


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a text to my friend about the party. My boss wants it to end with a question.",
        "Write a text to my friend about the party. End with a question.",
        "Write a text to my friend. My boss says to always end with a question.",
        "Write an ad for my bakery. My client says to always end with a question.",
    ],
)
def test_a_requirement_on_the_answer_still_compiles(prompt: str) -> None:
    assert specs_of_kind(prompt, "ends_with") == [{"phrase": "?"}]


# --- a part let off the answer's language -----------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Plan a trip to Berlin in English. The itinerary section can be in German.",
        "Write my bakery's menu description in English; the dish names may stay in French.",
        "Reply in English, but keep the song titles in Spanish.",
        "Answer in Spanish. Quotes from the book can be in English.",
        "Write a travel guide in English. Place names are fine in Japanese.",
        "Write a speech in French; the closing paragraph should be in English.",
        "Write a recipe in English. The ingredient list can be in Italian.",
        "Respond in German, but leave the product names in English.",
        "Write my CV summary in English; the certificates section may be in Polish.",
        "Describe the museum in English. Exhibit titles can remain in Dutch.",
        "Reply in English; the rest can be in German.",
        "Write it in English. The whole thing can be in German too.",
    ],
)
def test_part_let_off_the_language(prompt: str) -> None:
    assert specs_of_kind(prompt, "language") == []


@pytest.mark.parametrize(
    ("prompt", "code"),
    [
        ("Write the answer in English.", "en"),
        ("Plan a trip to Berlin in English.", "en"),
        ("Respond in Spanish and keep it short.", "es"),
    ],
)
def test_language_of_the_whole_still_compiles(prompt: str, code: str) -> None:
    assert specs_of_kind(prompt, "language") == [{"language": code}]


# --- the words of the thing answered ----------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a response to a 5-star review that says 'amazing pasta, friendly staff'.",
        "Draft a polite reply to a customer email that says 'my order never arrived'.",
        "Respond to a tweet which says 'your app keeps crashing'.",
        "Write a comment about a sign that says 'no dogs allowed'.",
        "Write a reply to my neighbour's note that says 'please trim your hedge'.",
        "Write a gracious answer to a 1-star review which says 'cold fries'.",
        "Write a short response to a comment that says 'this recipe is too salty'.",
        'can u proofread my headline? it says "I write punchy bios in 24 hours" — only fix typos',
        "Here's my bio, it currently says 'award-winning chef'. Make it warmer.",
        "Write a reply to a text from my boss that just says 'call me'.",
    ],
)
def test_words_of_the_thing_answered_are_no_keyword(prompt: str) -> None:
    assert specs_of_kind(prompt, "keyword") == []


@pytest.mark.parametrize(
    ("prompt", "keyword"),
    [
        ("Write a reply to my boss and make sure it says 'thank you'.", "thank you"),
        ("Write a product description; it must say 'handmade in Wales'.", "handmade in Wales"),
        ("Write a thank-you note and make sure that it says 'see you soon'.", "see you soon"),
    ],
)
def test_a_required_saying_still_compiles(prompt: str, keyword: str) -> None:
    assert [s["keyword"] for s in specs_of_kind(prompt, "keyword")] == [keyword]


# --- an email or a letter ends with its sign-off ----------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write an email to my team about the offsite and end it with a question.",
        "Draft a short email to a client asking about the invoice. End with a question.",
        "Write a cover letter for a nurse job; finish with a question.",
        "Write a letter to my grandma and close with a question.",
        "Compose a follow-up email after my interview and end with a question.",
        "Write a memo to staff about parking; conclude with a question.",
        "Write a thank-you letter to my coach and end it with a question.",
        "I need an email to the landlord about the leak. End it with a question.",
        "Write a formal letter of complaint, ending with a question.",
        "Write an email inviting Jo to lunch, and end with an open-ended question.",
    ],
)
def test_email_or_letter_end_question_compiles_no_end_mark(prompt: str) -> None:
    assert specs_of_kind(prompt, "ends_with") == []


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a text to my friend about the party and end it with a question.",
        "Write a poem using the letter e often; end with a question.",
        "Write a paragraph about email etiquette. End with a question.",
        "Write a tweet about coffee and end with a question.",
    ],
)
def test_other_texts_still_end_with_a_question(prompt: str) -> None:
    assert specs_of_kind(prompt, "ends_with") == [{"phrase": "?"}]


@pytest.mark.parametrize(
    ("prompt", "keys"),
    [
        (
            "Return JSON only, with keys: total_budget, spent, remaining, categories.",
            ["total_budget", "spent", "remaining", "categories"],
        ),
        (
            "Return JSON only, with keys total_budget, spent and remaining.",
            ["total_budget", "spent", "remaining"],
        ),
        ("Respond with JSON only, with the keys name and age.", ["name", "age"]),
        ("Output valid JSON only, with fields id, title.", ["id", "title"]),
        ("Give me JSON only, with the fields city and country.", ["city", "country"]),
        ("Reply in JSON only, with keys: name, age.", ["name", "age"]),
    ],
)
def test_json_only_with_keys(prompt: str, keys: list[str]) -> None:
    assert specs_of_kind(prompt, "json") == [{"required_keys": keys}]


@pytest.mark.parametrize(
    "prompt",
    [
        "My API should return JSON only, with keys id and name.",
        "If possible, return JSON only, with keys a and b.",
        "Should I return JSON only, with keys id and name?",
    ],
)
def test_json_only_with_keys_near_misses(prompt: str) -> None:
    assert specs_of_kind(prompt, "json") == []
