"""A requirement a later condition governs compiles nothing ("Reply in
Portuguese when the client writes in Portuguese"); a concession, "if" as
"whether", a condition inside the topic, a reason or a clause of its own
leaves it standing. And "the guest's language" is read from the guest's
words only where the request gives them."""

from __future__ import annotations

import pytest

from _compiled_specs import specs
from redraft.criteria import compile_checks


@pytest.mark.parametrize(
    "prompt",
    [
        "Reply in Portuguese when the client's email is in Portuguese.",
        "Answer in French if the customer writes in French, otherwise in English.",
        "Write the summary in exactly 4 sentences if the article is about finance.",
        "Keep it to 2 paragraphs as long as nothing urgent is involved.",
        "Put everything in lowercase whenever the user is on mobile.",
        "Answer with a JSON object if the request comes from the API.",
        "Include exactly 3 hashtags when posting to Instagram.",
        "End with a question if the customer seems unsure.",
        "Write a tweet about coffee, under 280 characters if it's for X.",
        "Use all caps only if the message is an emergency alert.",
        "Use a numbered list provided the steps must happen in order.",
        "Summarise the report in 5 bullet points, or in 3 if it is short.",
        "Answer in English, or in Dutch if the question is in Dutch.",
        "Reply in German, but only if the customer wrote in German.",
    ],
)
def test_a_requirement_a_later_condition_governs_compiles_nothing(prompt: str) -> None:
    assert specs(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # a concession holds the rule whatever happens
        ("Reply in French even if the user writes in English.", "language"),
        ("Always answer in Italian, even when the guest writes in English.", "language"),
        # "if" as "whether": the size of the answer to a yes-no question
        ("Tell me in one sentence if this plan is realistic.", "sentence_count"),
        # the condition is part of what the answer is about
        ("Give me 3 tips for what to do if my laptop overheats.", "item_count"),
        ("Write a 100-word story about when my grandmother met the queen.", "word_count"),
        ("Write a 200-word essay on what would happen if the moon vanished.", "word_count"),
        ("Explain in 3 sentences why the sky looks red when the sun sets.", "sentence_count"),
        ("Write 5 lines about the day when the river froze.", "line_count"),
        # a condition in a clause of its own, or inside an aside
        (
            "Write exactly 4 bullet points, and if you cite a study, name the journal.",
            "bullet_count",
        ),
        ("The riddle must be under 40 words — spell numbers out if needed.", "word_count"),
        (
            "Never use the word 'cheap' (our buyers feel misled when a price goes up).",
            "forbidden_words",
        ),
        # a reason, not a condition
        ("Keep the answer under 50 words, since readers are on mobile.", "word_count"),
    ],
)
def test_a_concession_whether_topic_or_own_clause_leaves_the_rule(prompt: str, kind: str) -> None:
    assert kind in {k for k, _ in specs(prompt)}


def _languages(prompt: str, system: str | None = None) -> list[str]:
    return [
        str(c.spec.model_dump()["language"])
        for c in compile_checks(prompt, system=system)
        if c.spec.kind_name() == "language"
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "Reply in the guest's language.",
        "You are the front desk of a ski lodge. Always respond in the customer's own language.",
        "You help tenants of Oak Housing. Replies must match the tenant's language.",
        "Our chatbot should answer in the same language as the question. Give its reply to a "
        "question about opening hours.",
        "Respond in the user's language, unless they ask otherwise.",
        "Be brief. Respond in the user's language and keep it under 3 sentences.",
    ],
)
def test_the_persons_language_without_their_words_compiles_no_language(prompt: str) -> None:
    assert _languages(prompt) == []


def test_the_persons_language_is_read_from_their_words_where_given() -> None:
    system = "Reply in the same language the customer writes in."
    customer = "Hola, quiero cambiar la fecha de mi reserva para el viernes, ¿es posible?"
    assert _languages(customer, system=system) == ["es"]
    quoted = (
        'Answer in the same language as this message: "Guten Tag, ich möchte meine Bestellung '
        'stornieren, weil sie zu spät geliefert wird."'
    )
    assert _languages(quoted) == ["de"]
    review = (
        "Reply to this review in the reviewer's language:\n\n\"Il ristorante era bellissimo ma "
        "il servizio era molto lento, abbiamo aspettato un'ora.\""
    )
    assert _languages(review) == ["it"]


@pytest.mark.parametrize(
    "prompt",
    [
        "For each product give one line: the name, then ' :: ', then 3 tags. Tags are lowercase "
        "words (e.g. waterproof), separated by commas.",
        "Give a short review, then the tags (approx. 5) separated by commas.",
        "Write a product description. Keywords (i.e. the search terms) go at the end, separated "
        "by commas.",
        "Write a blog intro, then hashtags, e.g. #travel, separated by commas.",
    ],
)
def test_an_abbreviation_in_brackets_keeps_the_parts_subject(prompt: str) -> None:
    # "(e.g." ends no sentence: the rule stays the tags' (one part), not the answer's
    assert "comma_list" not in {k for k, _ in specs(prompt)}


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("List 6 fruits, separated by commas.", "comma_list"),
        # an example closed inside brackets governs nothing after it
        (
            "Write a tweet with one link (use https://shop.example/sale) and under 200 characters.",
            "char_count",
        ),
        ("Give me 5 synonyms for happy, comma-separated, nothing else.", "comma_list"),
    ],
)
def test_a_closed_aside_leaves_the_rule_after_it(prompt: str, kind: str) -> None:
    assert kind in {k for k, _ in specs(prompt)}


def test_when_you_write_is_every_answer_not_a_condition() -> None:
    assert "word_pattern" in {k for k, _ in specs("Don't use contractions when you reply to me.")}


@pytest.mark.parametrize(
    "prompt",
    [
        "Why does GROUP BY fail here? I'm not asking for SQL, just explain in two sentences.",
        "No code please, just tell me what a decorator is in 3 sentences.",
        "Explain recursion without any code.",
    ],
)
def test_a_prompt_that_waives_code_drops_the_systems_code_checks(prompt: str) -> None:
    system = "Always answer with one ```sql code block followed by a short explanation."
    got = {c.spec.kind_name() for c in compile_checks(prompt, system=system)}
    assert not got & {"code_block_count", "code_only", "order"}


def test_code_waived_only_in_the_users_own_words() -> None:
    system = "Answer with exactly one code block."
    for prompt in (
        "Write a function that reverses a string.",
        'My friend said "no code please" but I want a snippet that sorts a list.',
    ):
        got = {c.spec.kind_name() for c in compile_checks(prompt, system=system)}
        assert "code_block_count" in got
