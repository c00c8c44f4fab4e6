"""How the answer's parts, and the things asked, start and end: the wording
families of the every-part, each-thing and every-line affixes ("each should
be a single sentence ending with '?'", "exactly 6 sentences, each beginning
with 'I'", "the last word of every line must end in '-tion'", "each line must
start with the letter P"), with the near misses that must compile none."""

from __future__ import annotations

import pytest

from redraft.criteria import compile_checks, measure_text
from redraft.criteria._families._each_part_spec import EachEndsWith, EachStartsWith
from redraft.criteria._families._line_affix import EachLine

Affix = tuple[str, str, str | None]


def affixes(prompt: str) -> list[Affix]:
    found: list[Affix] = []
    for check in compile_checks(prompt):
        spec = check.spec
        if isinstance(spec, EachStartsWith | EachEndsWith):
            found.append((spec.kind, spec.part, spec.phrase))
        elif isinstance(spec, EachLine):
            found.append((spec.kind, spec.position, spec.phrase))
    return found


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # the thing is one sentence, and it ends so
        (
            "Give me 5 interview questions. Every item must be a question ending in '?'.",
            [("each_ends_with", "item", "?")],
        ),
        (
            "Write exactly 3 questions for a job interview. Each should be a single sentence "
            "ending with '?', and use bullets.",
            [("each_ends_with", "item", "?")],
        ),
        (
            "List 4 study tips. Each tip must be one short sentence ending with a period.",
            [("each_ends_with", "item", ".")],
        ),
        # both ends of the same things
        (
            "Write 5 fun facts about owls. Each fact starts with 'Did you know' and ends with "
            "a question mark.",
            [("each_starts_with", "item", "Did you know"), ("each_ends_with", "item", "?")],
        ),
        (
            "Give me exactly 6 questions, each starting with 'Would you rather' and ending "
            "with '?'.",
            [("each_starts_with", "item", "Would you rather"), ("each_ends_with", "item", "?")],
        ),
        # each of the counted parts
        (
            "Write about your morning in exactly 6 sentences, each beginning with 'I'.",
            [("each_starts_with", "sentence", "I")],
        ),
        (
            "Use exactly 5 bullet points, each starting with 'You'.",
            [("each_starts_with", "bullet", "You")],
        ),
        (
            "Write 4 paragraphs, each ending with an exclamation mark.",
            [("each_ends_with", "paragraph", "!")],
        ),
        # the same word
        (
            "Write a paragraph where every sentence ends with the same word: 'home'.",
            [("each_ends_with", "sentence", "home")],
        ),
        # each part's last word
        (
            "Write a rap verse, and the last word of every line must end in '-tion'.",
            [("each_ends_with", "line", "tion")],
        ),
        (
            'Write 6 lines of rap, and every line has to end with a word ending in "-ation".',
            [("each_ends_with", "line", "ation")],
        ),
        (
            "Write a paragraph. The last word of each sentence should end with 'ing'.",
            [("each_ends_with", "sentence", "ing")],
        ),
        # a letter
        ("Each line must start with the letter P.", [("each_line", "start", "P")]),
        ("Every line must begin with the letter 'k'.", [("each_line", "start", "K")]),
        (
            "Write 3 sentences. Every sentence must begin with the letter S.",
            [("each_starts_with", "sentence", "S")],
        ),
        # a comment block's comment marker, in a prompt about code
        (
            "Write an SQL comment header for a migration. Every line must begin with '-- '.",
            [("each_line", "start", "--")],
        ),
    ],
)
def test_affix_wordings_compile(prompt: str, expected: list[Affix]) -> None:
    assert affixes(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # hedged, negated, conditional, a question
        "Give me 5 questions. Each could be a question ending in '?'.",
        "Give me 5 questions. Each must not be a sentence ending with '?'.",
        "Give me 5 questions. If possible, each should be a sentence ending with '?'.",
        "Give me 5 questions. Should each be a single sentence ending with '?'?",
        # about the user's own text
        "My 5 notes below should each be a sentence ending with a period; rewrite them.",
        # a part of each thing, not the thing
        "Write 5 terms with definitions. Each definition must be a sentence ending in '.'.",
        # counted parts: hedged, someone else's, a count of something else
        "Ideally use 5 bullet points, each starting with 'You'.",
        "Don't write 6 sentences, each beginning with 'I'.",
        "The essay has 6 sentences, each beginning with 'I'. Fix it.",
        "Does it need 6 sentences, each beginning with 'I'?",
        # the bullets' marker, not their words' start
        "Answer in three bullet points, each starting with '•'.",
        # last word: not a suffix, hedged
        "The last word of every line must end in a vowel.",
        "If you can, the last word of every line should end in '-tion'.",
        "The last word of every line must end in '...'.",
        # a letter: not a letter, hedged, lines of code
        "Each line must start with the letter '7'.",
        "Each line must start with the letter P if possible.",
        "Write a Python script. Every line must begin with '>> '.",
        "Write a Python function with comments on each step. Every line must begin with '#'.",
    ],
)
def test_affix_near_misses_compile_nothing(prompt: str) -> None:
    assert affixes(prompt) == []


def test_a_letter_is_met_by_any_word_opening_with_it() -> None:
    spec = EachStartsWith(part="sentence", phrase="S", letter=True)
    assert measure_text(spec, "Sun shines. Sea waves. Salt air.").passed
    assert not measure_text(spec, "Sun shines. The sea waves.").passed
    word = EachStartsWith(part="sentence", phrase="I")
    assert measure_text(word, "I wake. I eat.").passed
    assert not measure_text(word, "In the morning I wake. I eat.").passed


def test_a_letter_prefix_is_at_most_four_letters() -> None:
    # "verbs that start with 're'": a prefix of letters, not a word of its own
    assert EachStartsWith(part="line", phrase="Su", letter=True).letter
    with pytest.raises(ValueError, match="one to four letters"):
        EachStartsWith(part="line", phrase="Sunny", letter=True)
    with pytest.raises(ValueError, match="one to four letters"):
        EachStartsWith(part="line", phrase="S.", letter=True)


def test_a_fenced_answer_is_measured_on_its_lines_inside_the_fence() -> None:
    spec = EachLine(position="start", phrase="-- ")
    assert measure_text(spec, "```sql\n-- one\n-- two\n```").passed
    assert not measure_text(spec, "```sql\n-- one\nSELECT 1;\n```").passed
    assert measure_text(spec, "-- one\n-- two").passed


def test_a_last_word_ending_allows_closing_punctuation() -> None:
    spec = EachEndsWith(part="line", phrase="tion")
    assert measure_text(spec, "We learn about creation.\nIt is a celebration!").passed
    assert not measure_text(spec, "We learn about creation.\nIt is a party!").passed


def test_the_other_end_is_not_read_where_it_is_one_of_several() -> None:
    prompt = "Write 5 fun facts. Each fact starts with 'Did you know' and ends with '?' or '!'."
    assert affixes(prompt) == [("each_starts_with", "item", "Did you know")]


def answer_affixes(prompt: str) -> list[tuple[str, object]]:
    from redraft.criteria._families._phrases import EndsWith, StartsWith
    from redraft.criteria._families._positions import WordAt

    found: list[tuple[str, object]] = []
    for check in compile_checks(prompt):
        spec = check.spec
        if isinstance(spec, StartsWith | EndsWith):
            found.append((spec.kind, spec.phrase))
        elif isinstance(spec, WordAt):
            found.append((spec.kind, (spec.word, spec.position)))
    return found


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # an unquoted token placed at the start or end
        (
            "Write it in lowercase and include the tag #sso-bug at the end.",
            ("ends_with", "#sso-bug"),
        ),
        ("Mention the user placeholder <@user> at the very start.", ("starts_with", "<@user>")),
        (
            "Keep it short and put my phone +44 7700 900123 at the end.",
            ("ends_with", "+44 7700 900123"),
        ),
        ("Add {{agent.name}} at the end of your reply.", ("ends_with", "{{agent.name}}")),
        # a named symbol
        ("Under 200 characters, and end it with the ☕ emoji.", ("ends_with", "☕")),
        # a sign-off and the name under it
        (
            "Close with 'Sincerely,' followed by '[Your Name]'.",
            ("ends_with", "Sincerely,\n[Your Name]"),
        ),
        (
            "End with 'Yours faithfully,' followed by a placeholder [Name].",
            ("ends_with", "Yours faithfully,\n[Name]"),
        ),
        (
            'Finish with "Yours faithfully" and my name Tomasz Nowak.',
            ("ends_with", "Yours faithfully\nTomasz Nowak"),
        ),
        # a line break written as an escape
        ("End with 'Kind regards,\\nHR Team'.", ("ends_with", "Kind regards,\nHR Team")),
        # the answer asked for as one sentence that the phrase describes
        ('Answer as a single sentence that begins with "Every".', ("starts_with", "Every")),
        ("Describe it, and answer in one line that ends with '!'.", ("ends_with", "!")),
        # a time named by "for when" sets no condition
        (
            "Include the placeholder [DATE] for when it started and sign off as 'Best, Priya'.",
            ("ends_with", "Best, Priya"),
        ),
        # a clause with its own subject after a negated count
        (
            "not more than 3 sentence and it must finish with the word sister.",
            ("ends_with", "sister"),
        ),
        # the word at a position
        ("Write a reminder. The third word must be 'parents'.", ("word_at", ("parents", 3))),
        (
            "Explain the game, and make sure the very last word of your answer is 'draw'.",
            ("word_at", ("draw", -1)),
        ),
    ],
)
def test_answer_affix_wordings_compile(prompt: str, expected: tuple[str, object]) -> None:
    assert answer_affixes(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        # a part's end, not the answer's; one of two places
        "Include the tag #sso-bug at the end of each line.",
        "Put the tag #sso-bug at the end or the start.",
        # hedged, conditional, negated, asked
        "If you can, include the tag #sso-bug at the end.",
        "Don't put my phone +44 7700 900123 at the end.",
        "Should I include the tag #sso-bug at the end?",
        # an ordinary word is no token
        "Include the word happy at the end.",
        # a symbol with no end: used somewhere
        "Use the ☕ emoji somewhere in the post.",
        # the sign-off followed by something that is no name
        "End with 'Thanks,' followed by a short joke.",
        "Finish with 'Cheers' and keep it short.",
        # one sentence, but not the answer, or not plainly asked
        "Write a story with a sentence that begins with 'Every'.",
        'Don\'t answer in one sentence that begins with "Every".',
        'Answer in one sentence that begins with "Every" if you can.',
        # a condition stays a condition
        "When it rains, sign off as 'Best, Priya'.",
        # the word at a position: of another thing, hedged, asked
        "The title's third word must be 'parents'.",
        "Ideally the third word should be 'moon'.",
        "Make sure the third word of my draft is 'moon'?",
    ],
)
def test_answer_affix_near_misses(prompt: str) -> None:
    assert [a for a in answer_affixes(prompt) if a[0] != "ends_with" or a[1] != "Cheers"] == []


def test_a_sign_off_and_name_end_the_answer_whatever_the_break() -> None:
    from redraft.criteria._families._phrases import EndsWith

    spec = EndsWith(phrase="Sincerely,\n[Your Name]")
    assert measure_text(spec, "Thank you.\n\nSincerely,\n[Your Name]").passed
    assert measure_text(spec, "Thank you. Sincerely, [Your Name]").passed
    assert not measure_text(spec, "Thank you.\n\nSincerely,").passed


def part_affixes(prompt: str) -> list[tuple[str, int, str, tuple[str, ...]]]:
    from redraft.criteria._families._one_part import PartAffix

    return [
        (c.spec.part, c.spec.index, c.spec.position, c.spec.phrases)
        for c in compile_checks(prompt)
        if isinstance(c.spec, PartAffix)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write 5 sentences. Sentence 3 must be a question and sentence 5 must be an "
            "exclamation.",
            [("sentence", 3, "end", ("?",)), ("sentence", 5, "end", ("!",))],
        ),
        ("The second sentence must be an exclamation.", [("sentence", 2, "end", ("!",))]),
        ("Begin with a question, and keep it under 60 words.", [("sentence", 1, "end", ("?",))]),
        ("Open your reply with a rhetorical question.", [("sentence", 1, "end", ("?",))]),
    ],
)
def test_one_sentence_is_a_question_or_an_exclamation(
    prompt: str, expected: list[tuple[str, int, str, tuple[str, ...]]]
) -> None:
    assert part_affixes(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Start with a question and its answer.",
        "Don't begin with a question.",
        "If possible, begin with a question.",
        "Begin each paragraph with a question.",
        "The second sentence is a question and answer pair.",
        "Should the second sentence be an exclamation?",
    ],
)
def test_near_misses_of_a_sentence_that_is_a_question(prompt: str) -> None:
    assert part_affixes(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Title line starting with 'Recipe:'", ("starts_with", "Recipe:")),
        (
            "It should have a title line in the form 'Title: ...', then two paragraphs.",
            ("starts_with", "Title:"),
        ),
        (
            "Please write a question I can ask my students about gravity. The question should "
            "end with a question mark, obviously.",
            ("ends_with", "?"),
        ),
    ],
)
def test_title_lines_and_the_thing_asked_as_subject(
    prompt: str, expected: tuple[str, object]
) -> None:
    assert answer_affixes(prompt) == [expected]


@pytest.mark.parametrize(
    "prompt",
    [
        "Each recipe needs a title line starting with 'Recipe:'.",  # each of several
        "Give it a title line in the form 'My Title'.",  # a template with no label
        "If you like, add a title line starting with 'Recipe:'.",  # hedged
        "Write a question. The question should not end with a question mark.",  # negated
        "Write 3 questions. The question should end with a question mark.",  # which one?
        "Read my question below. The question should end with a question mark.",  # given
    ],
)
def test_near_misses_of_title_lines_and_subjects(prompt: str) -> None:
    assert answer_affixes(prompt) == []


def last_line_templates(prompt: str) -> list[str]:
    from redraft.criteria._families._line_template import LineTemplate

    return [
        c.spec.template
        for c in compile_checks(prompt)
        if isinstance(c.spec, LineTemplate) and c.spec.line == "last"
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Write five lines, then a final line starting 'Root cause:'.", ["Root cause: <text>"]),
        (
            "List the exits on a final line that starts with 'Exits:'.",
            ["Exits: <text>"],
        ),
        ("A line 'TOTAL DUE: £...' as the last line.", ["TOTAL DUE: £ <text>"]),
        (
            "Summarise it in exactly 3 bullets, then give a one-line 'Next step:' at the end.",
            ["Next step: <text>"],
        ),
    ],
)
def test_the_closing_line_opens_with_a_label(prompt: str, expected: list[str]) -> None:
    assert last_line_templates(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Then give a one-line 'Next step:' at the end, then a P.S.",  # not the last
        "First a line with the word, then a line starting with 'Tip:'.",  # one of a set of lines
        "If needed, a line 'TOTAL: £...' as the last line.",  # conditional
        "Don't put a line 'Total:' at the end.",  # negated
        "A line 'Total' at the end of each section.",  # a part's end
        "Write five lines, then a final line starting 'Step N:'.",  # a template
    ],
)
def test_near_misses_of_the_closing_line(prompt: str) -> None:
    assert last_line_templates(prompt) == []


def test_a_placed_template_is_no_end_phrase() -> None:
    assert answer_affixes("Include a line 'TOTAL DUE: £...' at the end.") == []


def words_at(prompt: str) -> list[tuple[str, str, int, int]]:
    from redraft.criteria._families._positions import WordAt

    return [
        (c.spec.word, c.spec.part, c.spec.index, c.spec.position)
        for c in compile_checks(prompt)
        if isinstance(c.spec, WordAt)
    ]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Write 2 paragraphs, the second paragraph starting with 'Care tips:'.",
            [("Care tips:", "paragraph", 2, 1)],
        ),
        (
            'Write an abstract in exactly 3 sentences, the first beginning with "This study".',
            [("This study", "sentence", 1, 1)],
        ),
        (
            'Could you write three paragraphs, the first one starting with "Dear parents,"?',
            [("Dear parents,", "paragraph", 1, 1)],
        ),
        ("Write 3 sentences, the last ending with 'home'.", [("home", "sentence", -1, -1)]),
    ],
)
def test_one_of_the_counted_parts_opens_so(
    prompt: str, expected: list[tuple[str, str, int, int]]
) -> None:
    assert words_at(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Write 3 sentences, the fourth starting with 'So'.",  # no such part
        "Ideally 3 sentences, the first beginning with 'This'.",  # hedged
        "Write 3 sentences, the first beginning with 'This' or 'That'.",  # one of several
        "Does it have 3 sentences, the first beginning with 'This'?",  # asked
        "Write 3 tips, the first starting with 'Always'.",  # things, not parts
    ],
)
def test_near_misses_of_one_counted_part(prompt: str) -> None:
    assert words_at(prompt) == []
