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
                    {"kind": "keyword", "keyword": "harbor", "relation": "at_least", "value": 2},
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
        "Write an essay with a title of at most 5 words.",
        "Each sentence should have at most 10 words.",
        "Write a story where each paragraph has at most 3 sentences.",
        "Write a function that returns at most 5 words from the list.",
        "Describe a person who writes at least 500 words a day.",
        "Write the title in all caps.",
        "Write a Python function that converts a string to all lowercase.",
        "Use capital letters for proper nouns.",
        "Write a sentence in which the word 'cat' appears twice.",
        # examples, conditions, quoted or handed-over material
        'The JSON below is an example: {"a": 1}',
        "For example, you could answer in at most 20 words.",
        "If the user asks for a poem, answer in at most 20 words.",
        'Translate into French: "Write at most 100 words and use no commas."',
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
        "Do not end your answer with the word Paris.",
        "Stories that start with the word Once are boring.",
        "Explain in 50 words why the sky is blue.",
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
