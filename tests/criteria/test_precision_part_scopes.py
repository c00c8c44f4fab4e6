"""Whole-answer checks refused where the prompt's grammar gives the
requirement to a part or to material: a pair of languages, a pasted text to
correct, a case said of an added part, a count beside a carried translation,
"each answer" of a set of questions, an order of a grouped answer. Each
cause has its near misses (wordings that must compile nothing of the kind)
and positives (the same kind still read where the whole answer is meant)."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def _specs(prompt: str, system: str | None = None) -> dict[str, dict[str, object]]:
    return {c.spec.kind_name(): c.spec.model_dump() for c in compile_checks(prompt, system=system)}


# --- an answer that pairs two languages ------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        'Translate these kitchen words into Welsh, one per line as "English word = Welsh word".',
        "Translate the menu into Italian, each dish written as Italian name (English name).",
        "Translate these five greetings into Japanese; format each line English → Japanese.",
        "Translate my shopping list into Dutch as a bilingual list.",
        "Translate the safety notice into Spanish, with the original beside each line.",
        "Translate these idioms into French, the original and the translation side by side.",
        "Translate the signs into Greek, giving each phrase and its English meaning.",
    ],
)
def test_a_paired_format_leaves_the_language_unchecked(prompt: str) -> None:
    assert "language" not in _specs(prompt)


@pytest.mark.parametrize(
    ("prompt", "code"),
    [
        ("Translate this notice for the hostel guests into Polish.", "pl"),
        ("Translate these instructions into German, one step per line.", "de"),
        ("Translate the note into Italian and keep it under 50 words.", "it"),
    ],
)
def test_a_translation_alone_keeps_its_language(prompt: str, code: str) -> None:
    assert _specs(prompt)["language"]["language"] == code


# --- a pasted text to work on is no request language ------------------------


@pytest.mark.parametrize(
    ("system", "prompt"),
    [
        (
            "You are a patient German tutor. Reply with the fix and a short reason.",
            "Ich habe gestern nach Hamburg gefahren.",
        ),
        (
            "Correct the learner's sentence and explain the mistake briefly.",
            "Je suis allé à le marché hier.",
        ),
        ("Proofread the user's text and list each change.", "Ayer fuimos al playa con mis amigos."),
        (
            "Grade each essay the student sends on a scale of 1 to 10.",
            "Il était une fois un petit chat qui aimait la mer.",
        ),
        (
            "You help French learners. Point out one error at a time.",
            "Je veux aller au cinéma demain soir avec toi.",
        ),
    ],
)
def test_a_text_given_to_correct_sets_no_language(system: str, prompt: str) -> None:
    assert "language" not in _specs(prompt, system=system)


def test_a_request_written_in_spanish_still_asks_spanish() -> None:
    prompt = "Escribe un poema corto sobre el mar y las gaviotas, por favor."
    assert _specs(prompt)["language"]["language"] == "es"


# --- a case said after a part added or placed --------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a caption for my beach photo. Add three hashtags at the bottom, all lowercase.",
        "Write a caption for my garden photo and end with two hashtags, all in lowercase.",
        "Write a product blurb. Include the brand name once, in all caps.",
        "Write a recruiting post. Put the tags at the end — four of them, all lowercase.",
        "Write a short notice. Append the reference code at the bottom, uppercase.",
        "Draft the invite and finish with a sign-off line, all lowercase.",
    ],
)
def test_a_case_after_an_added_part_is_the_parts(prompt: str) -> None:
    assert "letter_case" not in _specs(prompt)


@pytest.mark.parametrize(
    ("prompt", "case"),
    [
        ("Write three haiku about rain, all lowercase.", "lower"),
        ("Write a short bio. Put it all in lowercase.", "lower"),
        ("Write a short bio. Put your answer in all caps.", "upper"),
        ("Write a fortune message. End with ' -- ok', and contain no uppercase letters.", "lower"),
        ("Give me 10 names for my cat, all lowercase.", "lower"),
    ],
)
def test_a_case_of_the_whole_answer_still_reads(prompt: str, case: str) -> None:
    assert _specs(prompt)["letter_case"]["case"] == case


# --- a count beside a carried translation, gloss or note --------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Give me one sentence to say in Italian at the bakery, with the English translation "
        "in parentheses after it.",
        "Write exactly two sentences in Spanish about the sea, each with its English meaning "
        "in brackets.",
        "Write one sentence in Czech for the sign, plus the English version below it.",
        "Summarise the report in two sentences, with a note on the source on a separate line.",
        "Write one sentence in Dutch, followed by its pronunciation underneath.",
    ],
)
def test_a_carried_part_leaves_the_sentence_count_open(prompt: str) -> None:
    assert "sentence_count" not in _specs(prompt)


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Write one sentence about autumn.", 1),
        ("Write two sentences about autumn, with a comma in each.", 2),
        ("Describe the harbour in three sentences, with a calm tone.", 3),
    ],
)
def test_a_sentence_count_without_a_carried_part_reads(prompt: str, value: int) -> None:
    assert _specs(prompt)["sentence_count"]["value"] == value


# --- "each answer" of a set of questions -------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write an FAQ with five questions, and each answer no longer than two sentences.",
        "Give me six riddles, and every answer at most three words.",
        "Write 4 interview questions with model answers, and each answer under 40 words.",
        "Three questions, each as a bold heading, and each answer at most two sentences.",
        "Make a quiz of eight items, with every answer under 10 words.",
    ],
)
def test_each_answer_of_several_questions_is_a_part(prompt: str) -> None:
    specs = _specs(prompt)
    assert "sentence_count" not in specs
    assert "word_count" not in specs


@pytest.mark.parametrize(
    ("prompt", "system", "kind"),
    [
        ("Answer my question about tax, and keep the answer under 80 words.", None, "word_count"),
        ("Answer in under 50 words.", None, "word_count"),
        (
            "I think x = 7?",
            "Ask guiding questions, include at least two questions in every reply. "
            "Each reply must be under 100 words.",
            "word_count",
        ),
    ],
)
def test_the_answer_itself_keeps_its_count(prompt: str, system: str | None, kind: str) -> None:
    assert kind in _specs(prompt, system=system)


# --- an order said of a grouped answer ---------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Tidy these notes. Group the defects by floor, put each floor name as a ## heading, "
        "floors in alphabetical order.",
        "List 12 animals grouped by habitat, in alphabetical order.",
        "Give me the conference talks with a heading for each day; talks in alphabetical order.",
        "Write a packing list with each category as a bold heading, items in alphabetical order.",
        "Organise these tasks into three categories and list them alphabetically.",
    ],
)
def test_a_grouped_answer_has_no_one_sorted_run(prompt: str) -> None:
    assert "sorted_items" not in _specs(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "List 10 fruits, sorted alphabetically.",
        "List the ingredients in alphabetical order.",
        "Name eight rivers of Europe in reverse alphabetical order.",
    ],
)
def test_a_single_list_keeps_its_order(prompt: str) -> None:
    assert "sorted_items" in _specs(prompt)


# --- a block of its own put "at the end" -------------------------------------


@pytest.mark.parametrize(
    "prompt",
    [
        "Write a gap-fill exercise: 6 sentences, each with one blank. "
        "At the very end give the word bank in square brackets.",
        "Write a quiz of 5 sentences and put the answer key at the end.",
        "Write a 5-sentence paragraph and add a glossary at the end.",
        "Write exactly four sentences on rivers; include the reading list at the very end.",
        "Eight sentences about bees, and give the vocabulary list at the end.",
    ],
)
def test_a_block_at_the_end_leaves_the_sentence_count_open(prompt: str) -> None:
    assert "sentence_count" not in _specs(prompt)


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("Write a story in exactly 5 sentences and include the word STOP at the end.", 5),
        ("Write exactly 3 sentences about tea, and put a smiley at the end.", 3),
    ],
)
def test_a_phrase_at_the_end_keeps_the_sentence_count(prompt: str, value: int) -> None:
    assert _specs(prompt)["sentence_count"]["value"] == value
