"""The rule compiler: realistic phrasings compile into the exact check and
span; negations, hedges, examples, quoted material and requirements about
something other than the response compile into nothing."""

from __future__ import annotations

from typing import Any

import pytest

from redraft.criteria import compile_checks, compile_rules


def compiled(prompt: str, criteria: str | None = None) -> list[tuple[dict[str, Any], str]]:
    found = compile_checks(prompt, criteria)
    for check in found:
        assert check.origin == "rules"
        assert check.source_span is not None
        text = prompt if check.source == "prompt" else (criteria or "")
        start, end = check.source_span
        assert text[start:end] == check.source_text
    return [(c.spec.model_dump(), c.source_text or "") for c in found]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (
            "Answer in at most 12 words, all lowercase, ending with the phrase 'that is all.'",
            [
                ({"kind": "word_count", "relation": "at_most", "value": 12}, "at most 12 words"),
                ({"kind": "letter_case", "case": "lower"}, "all lowercase"),
                (
                    {"kind": "ends_with", "phrase": "that is all."},
                    "ending with the phrase 'that is all.'",
                ),
            ],
        ),
        (
            "Write a blog post about Japan with at least 300 words.",
            [({"kind": "word_count", "relation": "at_least", "value": 300}, "at least 300 words")],
        ),
        (
            "Keep it under 50 words.",
            [({"kind": "word_count", "relation": "at_most", "value": 49}, "under 50 words")],
        ),
        (
            "Do not write more than 100 words.",
            [
                (
                    {"kind": "word_count", "relation": "at_most", "value": 100},
                    "Do not write more than 100 words",
                )
            ],
        ),
        (
            "Write between 50 and 100 words about cats.",
            [
                (
                    {"kind": "word_count", "relation": "at_least", "value": 50},
                    "between 50 and 100 words",
                ),
                (
                    {"kind": "word_count", "relation": "at_most", "value": 100},
                    "between 50 and 100 words",
                ),
            ],
        ),
        (
            "Explain photosynthesis in 200 words or less.",
            [({"kind": "word_count", "relation": "at_most", "value": 200}, "200 words or less")],
        ),
        (
            "Answer in one sentence.",
            [({"kind": "sentence_count", "relation": "exactly", "value": 1}, "in one sentence")],
        ),
        (
            "Your response should contain at least 3 sentences.",
            [
                (
                    {"kind": "sentence_count", "relation": "at_least", "value": 3},
                    "at least 3 sentences",
                )
            ],
        ),
        (
            "There should be 2 paragraphs. Paragraphs are separated with the markdown divider: ***",
            [
                (
                    {
                        "kind": "paragraph_count",
                        "relation": "exactly",
                        "value": 2,
                        "separator": "***",
                    },
                    "be 2 paragraphs",
                )
            ],
        ),
        (
            "Your response should contain 2 paragraphs. Paragraphs are separated with the "
            "markdown divider: ***",
            [
                (
                    {
                        "kind": "paragraph_count",
                        "relation": "exactly",
                        "value": 2,
                        "separator": "***",
                    },
                    "contain 2 paragraphs",
                )
            ],
        ),
        (
            "Write a tweet with no more than 280 characters.",
            [
                (
                    {"kind": "char_count", "relation": "at_most", "value": 280},
                    "no more than 280 characters",
                )
            ],
        ),
        (
            "Your answer must contain exactly 3 bullet points. Use the markdown bullet points "
            "such as:\n* This is point 1.",
            [
                (
                    {"kind": "bullet_count", "relation": "exactly", "value": 3},
                    "exactly 3 bullet points",
                )
            ],
        ),
        (
            "Give me a numbered list of tips with exactly 5 numbered items.",
            [
                (
                    {"kind": "numbered_count", "relation": "exactly", "value": 5},
                    "exactly 5 numbered items",
                )
            ],
        ),
        (
            "Your response must have 3 sections. Mark the beginning of each section with "
            "SECTION X, such as: SECTION 1",
            [
                (
                    {
                        "kind": "section_count",
                        "relation": "exactly",
                        "value": 3,
                        "marker": "SECTION",
                    },
                    "have 3 sections",
                )
            ],
        ),
        (
            "The response must contain at least 2 placeholders represented by square brackets, "
            "such as [address].",
            [
                (
                    {"kind": "placeholder_count", "relation": "at_least", "value": 2},
                    "at least 2 placeholders",
                )
            ],
        ),
        (
            "Highlight at least 2 sections in your answer with markdown, "
            "i.e. *highlighted section*.",
            [
                (
                    {"kind": "highlight_count", "relation": "at_least", "value": 2},
                    "Highlight at least 2 sections",
                )
            ],
        ),
        (
            "In your response, words with all capital letters should appear at least 3 times.",
            [
                (
                    {"kind": "capital_word_count", "relation": "at_least", "value": 3},
                    "words with all capital letters should appear at least 3 times",
                )
            ],
        ),
        (
            "In your response, the letter q should appear at least 5 times.",
            [
                (
                    {"kind": "letter_count", "letter": "q", "relation": "at_least", "value": 5},
                    "the letter q should appear at least 5 times",
                )
            ],
        ),
        (
            "Include the keywords chrome, dream in the response.",
            [
                (
                    {"kind": "keyword", "keyword": "chrome", "relation": "at_least", "value": 1},
                    "Include the keywords chrome, dream",
                ),
                (
                    {"kind": "keyword", "keyword": "dream", "relation": "at_least", "value": 1},
                    "Include the keywords chrome, dream",
                ),
            ],
        ),
        (
            "In your response, the word 'dog' should appear at least 3 times.",
            [
                (
                    {"kind": "keyword", "keyword": "dog", "relation": "at_least", "value": 3},
                    "the word 'dog' should appear at least 3 times",
                ),
            ],
        ),
        (
            'Use the word "harbor" twice.',
            [
                (
                    {"kind": "keyword", "keyword": "harbor", "relation": "exactly", "value": 2},
                    'Use the word "harbor" twice',
                ),
            ],
        ),
        (
            "Do not include the words 'very' or 'really'.",
            [
                (
                    {"kind": "forbidden_words", "words": ["very", "really"]},
                    "Do not include the words 'very' or 'really'",
                ),
            ],
        ),
        (
            "In your entire response, refrain from the use of any commas.",
            [({"kind": "forbidden_chars", "chars": ","}, "refrain from the use of any commas")],
        ),
        (
            "Write a poem about spring in all lowercase letters.",
            [({"kind": "letter_case", "case": "lower"}, "in all lowercase letters")],
        ),
        (
            "Your entire response should be in English, and in all lowercase letters. "
            "No capital letters are allowed.",
            [
                (
                    {"kind": "language", "language": "en"},
                    "Your entire response should be in English",
                ),
                ({"kind": "letter_case", "case": "lower"}, "in all lowercase letters"),
            ],
        ),
        (
            "Your response should be in all capital letters.",
            [({"kind": "letter_case", "case": "upper"}, "in all capital letters")],
        ),
        (
            "Start your response with 'Dear John'.",
            [
                (
                    {"kind": "starts_with", "phrase": "Dear John"},
                    "Start your response with 'Dear John'",
                )
            ],
        ),
        (
            "What is the capital of France? End your answer with the word Paris.",
            [({"kind": "ends_with", "phrase": "Paris"}, "End your answer with the word Paris")],
        ),
        (
            "Start your reply with the word Yes, then explain.",
            [({"kind": "starts_with", "phrase": "Yes"}, "Start your reply with the word Yes")],
        ),
        (
            "Finish your response with this exact phrase Is there anything else I can help "
            "with?. No other words should follow this phrase.",
            [
                (
                    {"kind": "ends_with", "phrase": "Is there anything else I can help with?"},
                    "Finish your response with this exact phrase Is there anything else I can "
                    "help with?.",
                )
            ],
        ),
        (
            "Wrap your entire response with double quotation marks.",
            [
                (
                    {"kind": "wrapped", "style": "double_quotes"},
                    "Wrap your entire response with double quotation marks",
                ),
            ],
        ),
        (
            "Return your answer in a single code block.",
            [
                (
                    {"kind": "wrapped", "style": "code_block"},
                    "Return your answer in a single code block",
                )
            ],
        ),
        (
            "Your answer must contain a title, wrapped in double angular brackets, such as "
            "<<poem of joy>>.",
            [({"kind": "title"}, "title, wrapped in double angular brackets")],
        ),
        (
            "At the end of your response, please explicitly add a postscript starting with P.S.",
            [
                (
                    {"kind": "postscript", "marker": "P.S."},
                    "explicitly add a postscript starting with P.S.",
                ),
            ],
        ),
        (
            'Respond in JSON with the keys "name" and "age".',
            [
                (
                    {"kind": "json", "required_keys": ["name", "age"]},
                    'Respond in JSON with the keys "name" and "age"',
                ),
            ],
        ),
        (
            "Entire output should be wrapped in JSON format.",
            [
                (
                    {"kind": "json", "required_keys": []},
                    "Entire output should be wrapped in JSON format",
                )
            ],
        ),
        (
            "Write a story. First repeat the request word for word without change, then give "
            "your answer.",
            [
                (
                    {"kind": "repeat_request", "text": "Write a story."},
                    "repeat the request word for word",
                ),
            ],
        ),
        (
            "Please respond only in French, no other language is allowed.",
            [({"kind": "language", "language": "fr"}, "respond only in French")],
        ),
        (
            "Summarise this 500-word essay in at most 100 words.",
            [({"kind": "word_count", "relation": "at_most", "value": 100}, "at most 100 words")],
        ),
        # more phrasings of the same requirements
        (
            "You are not allowed to use any commas in your answer.",
            [({"kind": "forbidden_chars", "chars": ","}, "are not allowed to use any commas")],
        ),
        (
            "The reply should not contain any commas.",
            [({"kind": "forbidden_chars", "chars": ","}, "should not contain any commas")],
        ),
        (
            "Commas are not allowed in the poem.",
            [({"kind": "forbidden_chars", "chars": ","}, "Commas are not allowed")],
        ),
        (
            "Write a guide to tea with 400 or more words.",
            [({"relation": "at_least", "value": 400, "kind": "word_count"}, "400 or more words")],
        ),
        (
            "Write a 300+ word review of the film.",
            [({"relation": "at_least", "value": 300, "kind": "word_count"}, "300+ word")],
        ),
        (
            "Your whole reply should contain 150 to 200 words.",
            [
                ({"relation": "at_least", "value": 150, "kind": "word_count"}, "150 to 200 words"),
                ({"relation": "at_most", "value": 200, "kind": "word_count"}, "150 to 200 words"),
            ],
        ),
        (
            "Describe your town in 4 or 5 sentences.",
            [
                (
                    {"relation": "at_least", "value": 4, "kind": "sentence_count"},
                    "4 or 5 sentences",
                ),
                ({"relation": "at_most", "value": 5, "kind": "sentence_count"}, "4 or 5 sentences"),
            ],
        ),
        (
            "The number of sentences in your answer should be in the range of 10 to 12.",
            [
                (
                    {"relation": "at_least", "value": 10, "kind": "sentence_count"},
                    "The number of sentences in your answer should be in the range of 10 to 12",
                ),
                (
                    {"relation": "at_most", "value": 12, "kind": "sentence_count"},
                    "The number of sentences in your answer should be in the range of 10 to 12",
                ),
            ],
        ),
        (
            "The essay should be at least 20 sentences long.",
            [
                (
                    {"relation": "at_least", "value": 20, "kind": "sentence_count"},
                    "at least 20 sentences",
                )
            ],
        ),
        (
            'Your reply must include the keywords "lantern" and "harbor".',
            [
                (
                    {"relation": "at_least", "value": 1, "kind": "keyword", "keyword": "lantern"},
                    'include the keywords "lantern" and "harbor"',
                ),
                (
                    {"relation": "at_least", "value": 1, "kind": "keyword", "keyword": "harbor"},
                    'include the keywords "lantern" and "harbor"',
                ),
            ],
        ),
        (
            'Write a note to a neighbour. Mention "parking" in the note.',
            [
                (
                    {"relation": "at_least", "value": 1, "kind": "keyword", "keyword": "parking"},
                    'Mention "parking" in the note',
                )
            ],
        ),
        (
            "Don't forget to include the keywords pine, river and stone.",
            [
                (
                    {"relation": "at_least", "value": 1, "kind": "keyword", "keyword": "pine"},
                    "include the keywords pine, river and stone",
                ),
                (
                    {"relation": "at_least", "value": 1, "kind": "keyword", "keyword": "river"},
                    "include the keywords pine, river and stone",
                ),
                (
                    {"relation": "at_least", "value": 1, "kind": "keyword", "keyword": "stone"},
                    "include the keywords pine, river and stone",
                ),
            ],
        ),
        (
            "Make sure the word ferry appears 2 to 4 times.",
            [
                (
                    {"relation": "at_least", "value": 2, "kind": "keyword", "keyword": "ferry"},
                    "the word ferry appears 2 to 4 times",
                ),
                (
                    {"relation": "at_most", "value": 4, "kind": "keyword", "keyword": "ferry"},
                    "the word ferry appears 2 to 4 times",
                ),
            ],
        ),
        (
            'Please do not use the word cheap in your response, but mention the word "value" '
            "for at least 3 times.",
            [
                ({"kind": "forbidden_words", "words": ["cheap"]}, "do not use the word cheap"),
                (
                    {"relation": "at_least", "value": 3, "kind": "keyword", "keyword": "value"},
                    'mention the word "value" for at least 3 times',
                ),
            ],
        ),
        (
            'The story should not include the keywords "storm", "wreck".',
            [
                (
                    {"kind": "forbidden_words", "words": ["storm", "wreck"]},
                    'not include the keywords "storm", "wreck"',
                )
            ],
        ),
        (
            "Make sure the letter k appears at least 7 times.",
            [
                (
                    {"relation": "at_least", "value": 7, "kind": "letter_count", "letter": "k"},
                    "the letter k appears at least 7 times",
                )
            ],
        ),
        (
            'Do not include the letter "z" anywhere in your reply.',
            [
                (
                    {"relation": "at_most", "value": 0, "kind": "letter_count", "letter": "z"},
                    'Do not include the letter "z"',
                )
            ],
        ),
        (
            "Use the letter w at most twice.",
            [
                (
                    {"relation": "at_most", "value": 2, "kind": "letter_count", "letter": "w"},
                    "Use the letter w at most twice",
                )
            ],
        ),
        (
            "Include at least 6 words in all capital letters.",
            [
                (
                    {"relation": "at_least", "value": 6, "kind": "capital_word_count"},
                    "at least 6 words in all capital letters",
                )
            ],
        ),
        (
            "Words with all capital letters should appear less than 4 times.",
            [
                (
                    {"relation": "at_most", "value": 3, "kind": "capital_word_count"},
                    "Words with all capital letters should appear less than 4 times",
                )
            ],
        ),
        (
            "Your answer should contain exactly 4 bullet points in the markdown format.",
            [
                (
                    {"relation": "exactly", "value": 4, "kind": "bullet_count"},
                    "exactly 4 bullet points",
                )
            ],
        ),
        (
            "Write a short ad, and wrap your entire response with double quotation marks.",
            [
                (
                    {"kind": "wrapped", "style": "double_quotes"},
                    "wrap your entire response with double quotation marks",
                )
            ],
        ),
        (
            "Put double quotation marks around your whole response.",
            [
                (
                    {"kind": "wrapped", "style": "double_quotes"},
                    "Put double quotation marks around your whole response",
                )
            ],
        ),
        (
            "The title should be wrapped in double angular brackets, such as <<my title>>.",
            [({"kind": "title"}, "The title should be wrapped in double angular brackets")],
        ),
        (
            "Italicize at least 3 sections in your answer with markdown.",
            [
                (
                    {"relation": "at_least", "value": 3, "kind": "highlight_count"},
                    "Italicize at least 3 sections",
                )
            ],
        ),
        (
            "At least 4 sections should be highlighted with markdown.",
            [
                (
                    {"relation": "at_least", "value": 4, "kind": "highlight_count"},
                    "At least 4 sections should be highlighted",
                )
            ],
        ),
        (
            "Add a postscript at the end starting with P.P.S",
            [
                (
                    {"kind": "postscript", "marker": "P.P.S"},
                    "Add a postscript at the end starting with P.P.S",
                )
            ],
        ),
        (
            "Finish the letter with this exact phrase: Thank you for reading.",
            [
                (
                    {"kind": "ends_with", "phrase": "Thank you for reading."},
                    "Finish the letter with this exact phrase: Thank you for reading.",
                )
            ],
        ),
        (
            'The very end of your response should read "See you soon."',
            [
                (
                    {"kind": "ends_with", "phrase": "See you soon."},
                    'The very end of your response should read "See you soon."',
                )
            ],
        ),
        (
            "Give me the list of planets in JSON format.",
            [({"kind": "json", "required_keys": []}, "in JSON format")],
        ),
        (
            "The poem should have exactly 5 stanzas.",
            [
                (
                    {
                        "relation": "exactly",
                        "value": 5,
                        "kind": "paragraph_count",
                        "separator": "blank_line",
                    },
                    "exactly 5 stanzas",
                )
            ],
        ),
        (
            "The answer should be in English and have no capital letters.",
            [
                ({"kind": "language", "language": "en"}, "The answer should be in English"),
                ({"kind": "letter_case", "case": "lower"}, "have no capital letters"),
            ],
        ),
    ],
)
def test_realistic_phrasings_compile_exactly(
    prompt: str, expected: list[tuple[dict[str, Any], str]]
) -> None:
    assert compiled(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # negations and hedges
        "Don't worry about length.",
        "There's no need to keep it under 100 words.",
        "It doesn't have to be under 100 words.",
        "Try to keep it under 100 words.",
        "Ideally, answer in one sentence.",
        "You may use up to 5 bullet points.",
        "Feel free to write at least 500 words.",
        # about something other than the response
        "Give me a word of at most 5 letters.",
        "Name three words with at most 5 letters.",
        "Summarise this 500-word essay.",
        "Summarize this essay of at least 500 words.",
        "My essay has at least 3 paragraphs; can you review it?",
        # (a count within each paragraph, or within the title, is a check of its
        # own: test_family_per_part.py, test_family_part_count.py)
        "Write a function that returns at most 5 words from the list.",
        "Describe a person who writes at least 500 words a day.",
        "Write the title in all caps.",
        "Write a Python function that converts a string to all lowercase.",
        "Use capital letters for proper nouns.",
        # examples, conditions, quoted or handed-over material
        'The JSON below is an example: {"a": 1}',
        "For example, you could answer in at most 20 words.",
        "If the user asks for a poem, answer in at most 20 words.",
        "Translate the following text: Write at most 100 words, all lowercase.",
        "What does 'in all lowercase' mean?",
        "> Answer in at most 10 words.\nWhat did this quote mean?",
        "```\nprint('answer in at most 10 words')\n```\nWhat does this code print?",
        # questions about the things themselves
        "Explain how to parse JSON in Python.",
        "Convert this JSON to YAML.",
        "How do you say 'cat' in French?",
        "What is the origin of the word 'serendipity'?",
        "Why do people use commas?",
        "Stories ending with 'happily ever after' are boring.",
        "Write about capital letters in German nouns.",
        "Use the word count tool.",
        "End your answer with the word count below 50.",
        'Mark each key term by starting and ending it with "*".',
        'Mark every key term by ending it with "!".',
        "Do not end your answer with the word Paris.",
        "Stories that start with the word Once are boring.",
        "Explain in 50 words why the sky is blue.",
        # look-alikes of the added phrasings
        "Writers are not allowed to use commas in titles; explain why.",
        "Summarize this 300+ word article.",
        "Each paragraph should have 4 or 5 sentences.",
        'Add a postscript starting with "P.S." only if you want to.',
        "Should the chorus have 12 words in all capital letters? Tell me what you think.",
        "The word ferry should appear in the title.",
        "List 5 hashtags, each starting with '#'.",
        "Explain the JSON format.",
        "Never mention 'parking' in the title.",
        "The letter k is my favourite; write about it.",
        "Should the essay be at least 20 sentences long?",
    ],
)
def test_near_misses_compile_into_nothing(prompt: str) -> None:
    assert compiled(prompt) == []


def test_criteria_text_compiles_with_its_own_source() -> None:
    found = compile_checks(
        "Tell me about Paris.", "- at most 50 words\n- no commas\n- all lowercase"
    )
    assert [c.source for c in found] == ["criteria"] * 3
    assert [c.source_text for c in found] == ["at most 50 words", "no commas", "all lowercase"]
    assert [c.spec.kind for c in found] == ["word_count", "forbidden_chars", "letter_case"]


def test_prompt_wins_a_slot_the_criteria_also_fill() -> None:
    found = compile_checks("Answer in at most 20 words.", "At most 50 words.")
    assert len(found) == 1
    assert found[0].source == "prompt"
    assert found[0].spec.model_dump() == {"kind": "word_count", "relation": "at_most", "value": 20}


def test_a_repeated_request_is_never_read_from_criteria() -> None:
    assert compile_rules("First repeat the request word for word.", source="criteria") == []


def test_empty_and_blank_text() -> None:
    assert compile_checks("") == []
    assert compile_checks("   \n", "  ") == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Can you describe the tide in exactly 3 sentences?", ("sentence_count", "exactly", 3)),
        (
            "Write it without commas and use at most 60 words.",
            ("word_count", "at_most", 60),
        ),
    ],
)
def test_a_question_request_and_a_new_directive_after_and_are_read(
    prompt: str, expected: tuple[str, str, int]
) -> None:
    found = [
        (c.spec.kind_name(), getattr(c.spec, "relation", None), getattr(c.spec, "value", None))
        for c in compile_checks(prompt)
    ]
    assert expected in found
