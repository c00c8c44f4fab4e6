"""Counts of words, sentences, paragraphs, lines and characters as people
write them: slips ("not more then 120 words"), the relation after the count
("6 words exactly"), the answer's shape as a terse sentence ("One word
answer."), the shape of a whole list ("list them in a single sentence"),
terse lists of requirements and counts asked in other languages; each
beside the near misses that must compile nothing."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks


def counts(prompt: str, system: str | None = None) -> list[tuple[str, str, int]]:
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt, system=system)
    ]


def counted(prompt: str, kind: str) -> list[tuple[str, str, int]]:
    return [c for c in counts(prompt) if c[0] == kind]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # "then" for "than", a slip often made
        ("Write a cover letter, no longer then 200 words.", ("word_count", "at_most", 200)),
        ("Keep it to less then 50 words please.", ("word_count", "at_most", 49)),
        ("Summarise this, not more then 3 sentences.", ("sentence_count", "at_most", 3)),
        ("Describe your town in no fewer then four sentences.", ("sentence_count", "at_least", 4)),
        # the relation after the count
        ("Write a poem with 4 lines exactly.", ("line_count", "exactly", 4)),
        ("Write a tagline for my shop — 8 words precisely.", ("word_count", "exactly", 8)),
        ("Give me a motto, five words exactly.", ("word_count", "exactly", 5)),
        # the answer's shape as a sentence of its own, its article left out
        ("What's the tallest mountain? One word answer.", ("word_count", "exactly", 1)),
        ("Is 7/8 bigger than 0.8? One-word answer please.", ("word_count", "exactly", 1)),
        ("Is coffee bad for you? Two sentence reply.", ("sentence_count", "exactly", 2)),
        ("Why do cats purr? Format: one-paragraph response.", ("paragraph_count", "exactly", 1)),
        # the shape of the whole answer, whatever it lists
        ("List the planets, in one sentence.", ("sentence_count", "exactly", 1)),
        (
            "Please list all the causes of WW1 in a single sentence.",
            ("sentence_count", "exactly", 1),
        ),
        (
            "Name the colours of the rainbow, in a single sentence please.",
            ("sentence_count", "exactly", 1),
        ),
    ],
)
def test_count_wordings_compile(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # a slip in a count that describes something given, or asks about one
        ("My last essay was not more then 500 words.", "word_count"),
        ("Is it okay if it's no more then 100 words?", "word_count"),
        # the relation after a count that is not asked of the answer
        ("He wrote 6 words exactly, then stopped.", "word_count"),
        ("If it's 6 words exactly, that's fine.", "word_count"),
        # a shape named, not asked for
        ("He gave a one word answer.", "word_count"),
        ("Do you like one word answers?", "word_count"),
        ("One word answer or a full sentence, whatever you like.", "word_count"),
        # several things, then a sentence: maybe each one's
        ("Give me 3 tips, in one sentence each.", "sentence_count"),
        ("Give me 3 tips, in one sentence.", "sentence_count"),
        ("Give me tips, in one sentence each.", "sentence_count"),
        ("List the steps in one sentence, then give a code example.", "sentence_count"),
    ],
)
def test_count_near_misses_compile_nothing(prompt: str, kind: str) -> None:
    assert counted(prompt, kind) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write a news headline about a robot winning a marathon. Headline case, no "
            "period, under 12 words.",
            ("word_count", "at_most", 11),
        ),
        ("Describe Paris. Short, at most three sentences.", ("sentence_count", "at_most", 3)),
        ("Write a bio for Chris. Third person, max 50 words.", ("word_count", "at_most", 50)),
        ("Tell me about Rome. Friendly tone, at most 80 words.", ("word_count", "at_most", 80)),
        (
            "Please write a label for a hot drink cup. Entirely in capitals, max 15 words.",
            ("word_count", "at_most", 15),
        ),
    ],
)
def test_terse_list_after_a_request_is_read_item_by_item(
    prompt: str, expected: tuple[str, str, int]
) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        # several things asked: the count may be each one's
        ("Give me 3 slogans. Catchy, under 8 words.", "word_count"),
        ("Write slogans for my shop. Catchy, under 8 words.", "word_count"),
        ("Give me some ideas. Catchy, under 8 words.", "word_count"),
        # no request before it: a description of what is given
        ("My essay is attached. Formal tone, 500 words, MLA style.", "word_count"),
        # an item about a part
        ("Write a poem. Each line short, max 8 words.", "word_count"),
        # a question
        ("Write a bio. Third person, max 50 words?", "word_count"),
    ],
)
def test_terse_list_near_misses(prompt: str, kind: str) -> None:
    assert counted(prompt, kind) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # Spanish, Portuguese, French, German, Italian, Russian
        ("Escribe una reseña del libro, máximo 150 palabras.", ("word_count", "at_most", 150)),
        ("Explica la fotosíntesis en 3 párrafos.", ("paragraph_count", "exactly", 3)),
        ("Un poema sobre el mar, que no tenga más de 8 versos.", ("line_count", "at_most", 8)),
        ("Escreva um resumo com no mínimo 200 palavras.", ("word_count", "at_least", 200)),
        ("Écris un résumé en 3 phrases.", ("sentence_count", "exactly", 3)),
        ("Rédige une lettre de pas plus de 120 mots.", ("word_count", "at_most", 120)),
        (
            "Schreib eine Karte für meine Oma, höchstens vier Sätze.",
            ("sentence_count", "at_most", 4),
        ),
        ("Bitte höflich und nicht länger als 100 Wörter.", ("word_count", "at_most", 100)),
        ("Scrivi una poesia in quattro versi.", ("line_count", "exactly", 4)),
        ("Напиши поздравление коллеге, максимум 40 слов.", ("word_count", "at_most", 40)),
        ("Опиши город не более 5 предложений.", ("sentence_count", "at_most", 5)),
        # Japanese, Chinese, Hindi
        (
            "日本の四季について説明してください。三文以内でお願いします。",
            ("sentence_count", "at_most", 3),
        ),
        ("自己紹介を200文字以内で書いてください。", ("char_count", "at_most", 200)),
        ("用中文写一段介绍，不超过200字。", ("char_count", "at_most", 200)),
        ("请写一首诗，至少8行。", ("line_count", "at_least", 8)),
        ("मुझे होली के बारे में 3 वाक्य लिखकर दो।", ("sentence_count", "exactly", 3)),
        ("दिवाली पर निबंध लिखो, अधिकतम 100 शब्द।", ("word_count", "at_most", 100)),
    ],
)
def test_counts_in_other_languages(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # an English word that is also a French unit
        "Describe it in two phrases.",
        # what is given, each part's, a condition, an approximation, a question
        "Mi ensayo tiene como máximo 500 palabras.",
        "Cada frase debe tener máximo 10 palabras.",
        "Jeder Satz höchstens 12 Wörter.",
        "Si puedes, máximo 100 palabras.",
        "Escribe unas 100 palabras.",
        "Напиши примерно 100 слов.",
        "每段不超过50字。",
        "¿Puede tener más de 100 palabras?",
        "Traduce al inglés: 'máximo 100 palabras'.",
    ],
)
def test_counts_in_other_languages_near_misses(prompt: str) -> None:
    assert not [c for c in counts(prompt) if c[0].endswith("_count")]


@pytest.mark.parametrize(
    ("prompt", "form", "lines"),
    [
        ("Write a haiku about rain on a tin roof. All lowercase.", "haiku", 3),
        ("Give me a haiku about a lost umbrella.", "haiku", 3),
        ("Compose a tanka about the moon.", "tanka", 5),
        ("I need a limerick about tax returns.", "limerick", 5),
        ("Could you write me a funny limerick about my dog?", "limerick", 5),
        ("Write a cinquain about snow.", "cinquain", 5),
        ("Can you write a sonnet in the style of Shakespeare?", "sonnet", 14),
        ("Write a villanelle about the ocean.", "villanelle", 19),
    ],
)
def test_a_fixed_form_compiles_its_lines_as_part_of_it(prompt: str, form: str, lines: int) -> None:
    found = [c for c in compile_checks(prompt) if c.spec.kind_name() == "line_count"]
    assert len(found) == 1
    spec = found[0].spec
    assert (getattr(spec, "relation", ""), getattr(spec, "value", 0)) == ("exactly", lines)
    assert getattr(spec, "form", None) == form
    assert f"a {form} has {lines}" in spec.describe()
    assert spec.part_only()


def test_a_fixed_form_leaves_its_clause_partial() -> None:
    from redraft.criteria._requirements import clauses_of

    prompt = "Write a haiku."
    (clause,) = clauses_of(prompt, compile_checks(prompt))
    assert clause.partial and not clause.exact
    assert "haiku" in clause.residue
    stated = "Write exactly 3 lines."
    (whole,) = clauses_of(stated, compile_checks(stated))
    assert whole.exact


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 3 haikus about autumn.",
        "Write a haiku for each season.",
        "Write a haiku and a limerick about dogs.",
        "What is a villanelle?",
        "Write a haiku-style poem about frogs.",
        "Write a story about a haiku master.",
        "Write a haiku, then explain its imagery.",
        "Write a poem in sonnet form.",
        "My friend wrote a sonnet about me.",
        "Don't write a sonnet, write a free verse poem.",
        "If you can, write a haiku.",
        "Write a limerick with a title.",
        "Write a haiku in English and its Japanese translation.",
    ],
)
def test_fixed_form_near_misses(prompt: str) -> None:
    assert counted(prompt, "line_count") == []


@pytest.mark.parametrize(
    ("prompt", "value"),
    [
        ("write 4 lines of rap about monday mornings", 4),
        ("Could you write 4 lines of a lullaby in Swedish?", 4),
        ("Compose 6 lines of poetry about the sea.", 6),
        ("Give me 8 lines of a funny song about socks.", 8),
        ("Give me 5 lines about autumn.", 5),
        # what stays within a line adds no line
        (
            "Make up a Latin motto, with the English translation in brackets after it. "
            "One line only.",
            1,
        ),
    ],
)
def test_lines_of_verse_are_the_answer(prompt: str, value: int) -> None:
    assert ("line_count", "exactly", value) in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 10 lines of code.",
        "Give me 3 lines of code.",
        "Quote the first 4 lines of the poem.",
        "I memorised 12 lines of poetry yesterday.",
        "Translate these 4 lines of a poem into French.",
        "Give me 5 names, 2 lines each.",
        "Write 5 lines about rain, followed by a summary.",
        "Write 4 lines, each followed by a blank line, then a moral.",
    ],
)
def test_lines_of_verse_near_misses(prompt: str) -> None:
    assert counted(prompt, "line_count") == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write 3 post ideas for my bakery. Number them, and keep each under 40 words.",
            ("each_word_count", "at_most", 39),
        ),
        (
            "Give me 4 slogans as a bulleted list, each no more than 6 words.",
            ("each_word_count", "at_most", 6),
        ),
        (
            "Give me 3 pieces of advice, each exactly 2 sentences long, as a numbered list.",
            ("each_count", "exactly", 2),
        ),
        (
            "Generate 5 example passwords. Each must be exactly 16 characters. One per line.",
            ("line_length", "exactly", 16),
        ),
        ("List 5 book titles, one per line, each at most 8 words.", ("line_length", "at_most", 8)),
        # no list format: each thing is an item of the answer's list in any format
        ("Write 3 tips, each under 40 words.", ("each_word_count", "at_most", 39)),
        (
            "Give me 3 tips, don't number them, each under 20 words.",
            ("each_word_count", "at_most", 19),
        ),
    ],
)
def test_a_count_within_each_thing_of_a_list(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        # two sets of things
        "Give me 3 tips and 2 warnings as a numbered list, each under 20 words.",
        # negated
        "Give me 3 tips as a numbered list. Don't make each longer than 20 words.",
        # a question
        "Could you give me 3 tips as a numbered list, each under 20 words?",
    ],
)
def test_a_count_within_each_thing_near_misses(prompt: str) -> None:
    found = [c for c in counts(prompt) if c[0] in ("each_word_count", "each_count", "line_length")]
    assert found == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write me a four-line poem about rain where each line is shorter than 30 characters.",
            ("line_length", "at_most", 29),
        ),
        (
            "Write a poem about my cat where each line has at most 6 words.",
            ("line_length", "at_most", 6),
        ),
        (
            "Compose a song about summer in which every line is under 40 characters.",
            ("line_length", "at_most", 39),
        ),
    ],
)
def test_each_line_of_the_thing_described(prompt: str, expected: tuple[str, str, int]) -> None:
    assert expected in counts(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "I read a poem about rain where each line is shorter than 30 characters.",
        "Is there a poem about rain where each line is shorter than 30 characters?",
    ],
)
def test_each_line_of_a_thing_given_near_misses(prompt: str) -> None:
    assert counted(prompt, "line_length") == []


@pytest.mark.parametrize(
    ("prompt", "low", "high"),
    [
        ("Describe a medieval market with at least 150 words, but fewer than 200.", 150, 199),
        ("Write at least 100 words but no more than 150.", 100, 150),
        ("Write no fewer than 100 and no more than 150 words.", 100, 150),
        ("Write more than 100 but less than 200 words.", 101, 199),
    ],
)
def test_a_bound_on_each_side_with_the_unit_said_once(prompt: str, low: int, high: int) -> None:
    found = counted(prompt, "word_count")
    assert ("word_count", "at_least", low) in found
    assert ("word_count", "at_most", high) in found


def test_a_bound_on_each_side_of_paragraphs() -> None:
    found = counted("Write a story of at least 3 paragraphs and at most 5.", "paragraph_count")
    assert found == [("paragraph_count", "at_least", 3), ("paragraph_count", "at_most", 5)]


@pytest.mark.parametrize(
    ("prompt", "kept"),
    [
        # the second bound is another unit's, or another thing's
        ("Write at least 150 words and at most 5 paragraphs.", [("word_count", "at_least", 150)]),
        ("Use at least 100 words and at most 3 emojis.", [("word_count", "at_least", 100)]),
        (
            "Write at least 100 words, and at most 3 of them can be adjectives.",
            [("word_count", "at_least", 100)],
        ),
        # what is given
        ("My essay had at least 150 words, but fewer than 200.", []),
    ],
)
def test_a_bound_on_each_side_near_misses(prompt: str, kept: list[tuple[str, str, int]]) -> None:
    assert counted(prompt, "word_count") == kept


@pytest.mark.parametrize(
    "prompt",
    [
        # a count standing alone after a number of things asked for: maybe each one's
        "Give me 5 tips. Max 15 words.",
        "Write 3 slogans. Under 8 words.",
        "Suggest several names for my cat. At most 2 words.",
    ],
)
def test_a_count_alone_after_several_things_compiles_nothing(prompt: str) -> None:
    assert counted(prompt, "word_count") == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Give me 5 tips. Under 100 words in total.", ("word_count", "at_most", 99)),
        ("Write a slogan. Under 8 words.", ("word_count", "at_most", 7)),
        ("Explain type 2 diabetes. Under 250 words.", ("word_count", "at_most", 249)),
        (
            "Explain photosynthesis simply. 4 to 6 sentences.",
            ("sentence_count", "at_least", 4),
        ),
    ],
)
def test_a_count_alone_after_one_thing_asked_for(
    prompt: str, expected: tuple[str, str, int]
) -> None:
    assert expected in counts(prompt)
