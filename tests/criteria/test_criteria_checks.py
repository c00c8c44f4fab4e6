"""The check vocabulary: each kind passes, fails with the measured value in its
reason and one exact correction in its suggestions, and handles its edges."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic import ValidationError

from redraft import Evidence
from redraft.criteria import CHECK_KINDS, CHECK_SPEC_ADAPTER, CheckSpec, SpecCheck, detect_language


def spec(**data: Any) -> CheckSpec:
    return CHECK_SPEC_ADAPTER.validate_python(data)


def check(data: dict[str, Any], text: str) -> Evidence:
    return asyncio.run(SpecCheck(spec(**data)).check(text))


def failed(data: dict[str, Any], text: str) -> Evidence:
    evidence = check(data, text)
    assert evidence.passed is False, evidence.reason
    assert evidence.status == "ok"
    assert len(evidence.suggestions) == 1
    return evidence


def passed(data: dict[str, Any], text: str) -> Evidence:
    evidence = check(data, text)
    assert evidence.passed is True, evidence.reason
    assert evidence.suggestions == []
    return evidence


WORDS_137 = " ".join(["word"] * 137)


def test_word_limit_states_count_limit_and_cut() -> None:
    evidence = failed({"kind": "word_count", "relation": "at_most", "value": 100}, WORDS_137)
    assert "137 words" in evidence.reason and "at most 100 words" in evidence.reason
    assert evidence.suggestions == [
        "Your answer has 137 words; the limit is 100. Cut at least 37 words."
    ]
    assert evidence.data["measured"] == 137
    assert 0 < (evidence.score or 0) < 1


def test_word_count_ignores_bullets_and_dashes_and_holds_under_both_readings() -> None:
    rule = {"kind": "word_count", "relation": "exactly", "value": 4}
    passed(rule, "- do not — stop now")
    # "don't" is one word or two depending on who counts: a limit passes only
    # when it holds either way.
    contraction = "- don't — stop the music"  # 4 by whitespace, 5 by word runs
    passed({"kind": "word_count", "relation": "at_least", "value": 4}, contraction)
    failed({"kind": "word_count", "relation": "at_most", "value": 4}, contraction)
    failed(rule, contraction)
    evidence = failed(rule, "- stop — now")
    assert evidence.suggestions == [
        "Your answer has 2 words; it needs exactly 4. Add 2 more words."
    ]


def test_at_least_words_asks_for_the_missing_amount() -> None:
    evidence = failed({"kind": "word_count", "relation": "at_least", "value": 300}, "too short")
    assert evidence.suggestions == [
        "Your answer has 2 words; it needs at least 300. Add at least 298 more words."
    ]


def test_sentence_count_skips_abbreviations_decimals_and_list_numbers() -> None:
    rule = {"kind": "sentence_count", "relation": "exactly", "value": 2}
    passed(rule, "Dr. Smith paid 3.5 dollars, e.g. for tea. Then he left!")
    passed(rule, "1. First point\n2. Second point")
    evidence = failed(rule, "One. Two. Three.")
    assert "has 3 sentences" in evidence.reason
    assert evidence.suggestions == [
        "Your answer has 3 sentences; it needs exactly 2. Cut 1 sentence."
    ]


def test_paragraphs_by_blank_lines_or_dividers() -> None:
    passed({"kind": "paragraph_count", "relation": "exactly", "value": 2}, "One.\n\nTwo.")
    divided = {"kind": "paragraph_count", "relation": "exactly", "value": 3, "separator": "***"}
    passed(divided, "One.\n***\nTwo.\n\nstill two.\n***\nThree.")
    evidence = failed(divided, "One.\n\nTwo.")
    assert "has 1 paragraph;" in evidence.reason


def test_characters_exclude_surrounding_whitespace() -> None:
    rule = {"kind": "char_count", "relation": "at_most", "value": 5}
    passed(rule, "  hello \n")
    evidence = failed(rule, "hello!")
    assert evidence.suggestions == [
        "Your answer has 6 characters; the limit is 5. Cut at least 1 character."
    ]


def test_bullets_numbered_items_and_not_bold_text() -> None:
    text = "**Intro**\n* one\n- two\n+ three\n1. first\n2) second"
    passed({"kind": "bullet_count", "relation": "exactly", "value": 3}, text)
    passed({"kind": "numbered_count", "relation": "exactly", "value": 2}, text)
    evidence = failed({"kind": "bullet_count", "relation": "exactly", "value": 2}, text)
    assert evidence.suggestions == [
        "Your answer has 3 bullet points; it needs exactly 2. Remove 1 bullet point."
    ]


def test_sections_need_the_marker_and_a_number() -> None:
    rule = {"kind": "section_count", "relation": "exactly", "value": 2, "marker": "SECTION"}
    passed(rule, "SECTION 1\nIntro\n## Section 2\nBody")
    evidence = failed(rule, "SECTION 1\nIntro\nSection two\nBody")
    assert "has 1 section;" in evidence.reason


def test_placeholders_exclude_markdown_links() -> None:
    rule = {"kind": "placeholder_count", "relation": "at_least", "value": 2}
    passed(rule, "Dear [name], see [address].")
    evidence = failed(rule, "Dear [name], see [the docs](https://example.com).")
    assert "has 1 placeholder;" in evidence.reason


def test_highlights_count_bold_and_italic_spans_not_bullets() -> None:
    rule = {"kind": "highlight_count", "relation": "at_least", "value": 2}
    passed(rule, "This is *key* and **vital**.")
    failed(rule, "* a bullet\n* another bullet with *one* highlight")


def test_capital_words_ignore_single_letters() -> None:
    rule = {"kind": "capital_word_count", "relation": "at_least", "value": 2}
    passed(rule, "NASA and the USA agree.")
    evidence = failed(rule, "I think A NASA plan works.")
    assert "has 1 all-capital word;" in evidence.reason


def test_keyword_frequency_whole_words_with_plural() -> None:
    rule = {"kind": "keyword", "keyword": "cat", "relation": "at_least", "value": 2}
    passed(rule, "The cat met two Cats.")
    evidence = failed(rule, "A category of cat.")
    assert "uses 'cat' 1 time;" in evidence.reason
    assert evidence.suggestions == [
        "Your answer uses 'cat' 1 time; it needs at least 2. Use 'cat' 1 more time."
    ]


def test_keyword_at_most() -> None:
    evidence = failed(
        {"kind": "keyword", "keyword": "very", "relation": "at_most", "value": 1},
        "very very good",
    )
    assert evidence.suggestions[0].endswith("Use 'very' at most 1 time (remove 1).")


def test_letter_frequency_is_case_insensitive() -> None:
    rule = {"kind": "letter_count", "letter": "q", "relation": "at_least", "value": 3}
    passed(rule, "Quiet queens quarrel")
    evidence = failed(rule, "Quiet")
    assert "has the letter 'q' 1 time;" in evidence.reason


def test_forbidden_words_are_named_with_their_count() -> None:
    rule = {"kind": "forbidden_words", "words": ["very", "really"]}
    passed(rule, "Everyone is fine.")
    evidence = failed(rule, "Very good, very very nice.")
    assert "'very' (3×)" in evidence.reason
    assert "remove every one" in evidence.suggestions[0]


def test_forbidden_characters() -> None:
    rule = {"kind": "forbidden_chars", "chars": ","}
    passed(rule, "No commas here.")
    evidence = failed(rule, "One, two, three.")
    assert evidence.suggestions == [
        "Your answer has 2 commas; it must have none. Rewrite it without commas."
    ]
    one = failed({"kind": "forbidden_chars", "chars": ",;"}, "One, two; three.")
    assert one.reason.startswith("the answer has 1 comma, 1 semicolon;")


def test_counted_nouns_take_the_form_their_count_asks_for() -> None:
    evidence = failed({"kind": "letter_case", "case": "lower"}, "the capital is Paris.")
    assert "1 capital letter (e.g. 'Paris')" in evidence.reason
    assert "Your answer has 1 capital letter, e.g." in evidence.suggestions[0]


def test_letter_case_lower_and_upper() -> None:
    passed({"kind": "letter_case", "case": "lower"}, "all quiet here, 42.")
    evidence = failed({"kind": "letter_case", "case": "lower"}, "The capital is Paris.")
    assert "2 capital letters" in evidence.reason and "'Paris'" in evidence.reason
    assert evidence.suggestions[0].endswith("Write every word in lowercase.")
    passed({"kind": "letter_case", "case": "upper"}, "LOUD NOISES!")
    failed({"kind": "letter_case", "case": "upper"}, "LOUD noises")


def test_start_phrase_ignores_case_and_leading_space() -> None:
    rule = {"kind": "starts_with", "phrase": "Dear John"}
    passed(rule, "  dear john, hello.")
    evidence = failed(rule, "Hello John.")
    assert evidence.suggestions[0].endswith("Begin it with exactly 'Dear John'.")


def test_end_phrase_allows_closing_punctuation_only_after_a_word() -> None:
    passed({"kind": "ends_with", "phrase": "that is all"}, "paris. That is all.")
    passed({"kind": "ends_with", "phrase": "that is all."}, "paris. that is all.  \n")
    evidence = failed({"kind": "ends_with", "phrase": "that is all."}, "that is all. Bye.")
    assert "ends with 'that is all. Bye.'" in evidence.reason
    failed({"kind": "ends_with", "phrase": "Any questions?"}, "Any questions?!")


def test_wrapping_in_quotes_and_code_block() -> None:
    passed({"kind": "wrapped", "style": "double_quotes"}, ' "Hello there." ')
    failed({"kind": "wrapped", "style": "double_quotes"}, 'He said "hi".')
    passed({"kind": "wrapped", "style": "code_block"}, "```python\nprint(1)\n```")
    failed({"kind": "wrapped", "style": "code_block"}, "Here:\n```\nx\n```")


def test_title_and_postscript() -> None:
    passed({"kind": "title"}, "<<A Day Out>>\nWe went out.")
    failed({"kind": "title"}, "<< >> nothing")
    passed({"kind": "postscript", "marker": "P.S."}, "Body.\n\nP. S. see you")
    evidence = failed({"kind": "postscript", "marker": "P.S."}, "Body. Not a PS.")
    assert "'P.S.'" in evidence.suggestions[0]


def test_json_validity_and_required_keys() -> None:
    passed({"kind": "json"}, '```json\n{"a": 1}\n```')
    failed({"kind": "json"}, "{'a': 1}")
    rule = {"kind": "json", "required_keys": ["name", "age"]}
    passed(rule, '{"name": "Ada", "age": 36}')
    evidence = failed(rule, '{"name": "Ada"}')
    assert evidence.data["missing"] == ["age"]
    assert evidence.score == 0.5
    failed(rule, '["name", "age"]')


def test_repeat_request() -> None:
    rule = {"kind": "repeat_request", "text": "Write a story about a cat."}
    passed(rule, "write a story about a cat.\n\nOnce upon a time…")
    failed(rule, "Once upon a time. Write a story about a cat.")


def test_language_detects_common_languages_and_skips_when_unsure() -> None:
    english = "The weather is nice today and we are going to the park with the children."
    french = "Le temps est beau aujourd'hui et nous allons au parc avec les enfants de la ville."
    passed({"kind": "language", "language": "en"}, english)
    evidence = failed({"kind": "language", "language": "en"}, french)
    assert "reads as French" in evidence.reason
    assert evidence.suggestions == [
        "Your answer is written in French; it must be in English. "
        "Rewrite the whole answer in English."
    ]
    short = check({"kind": "language", "language": "en"}, "Bonjour!")
    assert short.status == "skipped" and short.passed is False
    assert (
        detect_language("これは日本語の文章です。ひらがなとカタカナがあります。").language == "ja"
    )


@pytest.mark.parametrize(
    ("text", "language"),
    [
        (
            "Привет, как у тебя дела? Это не так уж и плохо. "
            "Сегодня хорошая погода, и мы идём гулять в парк.",
            "ru",
        ),
        # One script, several languages: Persian and Arabic, Hindi and Marathi.
        (
            "من امروز به مدرسه رفتم و با دوستانم درباره کتاب جدید صحبت کردیم. هوا خیلی خوب بود.",
            "fa",
        ),
        ("ذهبت اليوم إلى المدرسة وتحدثت مع أصدقائي عن الكتاب الجديد. كان الطقس جميلا جدا.", "ar"),
        ("मैं आज स्कूल गया और अपने दोस्तों के साथ नई किताब के बारे में बात की। मौसम बहुत अच्छा था।", "hi"),
        ("मी आज शाळेत गेलो आणि माझ्या मित्रांशी नवीन पुस्तकाबद्दल बोललो. हवामान खूप छान होते.", "mr"),
        (
            "Leo nilikwenda shuleni na kuzungumza na marafiki zangu kuhusu kitabu kipya. "
            "Hali ya hewa ilikuwa nzuri sana.",
            "sw",
        ),
        ("ನಾನು ಇಂದು ಶಾಲೆಗೆ ಹೋಗಿ ನನ್ನ ಸ್ನೇಹಿತರೊಂದಿಗೆ ಹೊಸ ಪುಸ್ತಕದ ಬಗ್ಗೆ ಮಾತನಾಡಿದೆ.", "kn"),
        ("Hôm nay tôi đi học và nói chuyện với bạn bè về cuốn sách mới. Thời tiết rất đẹp.", "vi"),
        ("오늘 학교에 가서 친구들과 새 책에 대해 이야기했습니다. 날씨가 정말 좋았어요.", "ko"),
    ],
)
def test_language_tells_languages_that_share_a_script_apart(text: str, language: str) -> None:
    assert detect_language(text).language == language
    assert check({"kind": "language", "language": language}, text).passed is True
    other = "en" if language != "en" else "fr"
    assert check({"kind": "language", "language": other}, text).passed is False


def test_language_is_undetermined_when_the_model_is_not_sure() -> None:
    # Short Russian reads almost as well as Bulgarian: no verdict either way.
    found = detect_language("Привет, как у тебя дела? Это не так уж и плохо.")
    assert found.language is None and "only" in found.detail and "sure" in found.detail
    mixed = "Hello my friend, Привет друг, hello again, Привет снова, and once more"
    assert detect_language(mixed).language is None


def test_definite_failure_on_partial_drafts() -> None:
    words = SpecCheck(spec(kind="word_count", relation="at_most", value=3))
    assert words.definite_failure("one two three") is None
    found = words.definite_failure("one two three four")
    assert found is not None and found.data["partial"] is True
    commas = SpecCheck(spec(kind="forbidden_chars", chars=","))
    assert commas.definite_failure("so far, ") is not None
    forbidden = SpecCheck(spec(kind="forbidden_words", words=["good"]))
    assert forbidden.definite_failure("it was good") is None  # may still become "goodness"
    assert forbidden.definite_failure("it was good and") is not None
    start = SpecCheck(spec(kind="starts_with", phrase="Dear John"))
    assert start.definite_failure("Dear") is None
    assert start.definite_failure("Hello there") is not None
    assert (
        SpecCheck(spec(kind="sentence_count", relation="at_most", value=1)).definite_failure(
            "One. Two. Three."
        )
        is None
    )


def test_provenance_is_recorded_with_the_finding() -> None:
    provenance = {"origin": "rules", "source": "prompt", "source_span": [0, 5]}
    evidence = asyncio.run(SpecCheck(spec(kind="title"), provenance=provenance).check("<<T>>"))
    assert evidence.data["check"] == {"kind": "title"}
    assert evidence.data["origin"] == "rules" and evidence.data["source_span"] == [0, 5]


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "word_count", "relation": "about", "value": 5},
        {"kind": "word_count", "relation": "at_least", "value": 0},
        {"kind": "word_count", "relation": "at_most", "value": -1},
        {"kind": "keyword", "keyword": "  !! "},
        {"kind": "letter_count", "letter": "ab", "relation": "at_least", "value": 1},
        {"kind": "language", "language": "klingon"},
        {"kind": "letter_case", "case": "title"},
        {"kind": "word_count", "relation": "at_most", "value": 5, "unit": "x"},
        {"kind": "nonsense"},
    ],
)
def test_invalid_specs_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        CHECK_SPEC_ADAPTER.validate_python(data)


def test_every_kind_round_trips_through_json() -> None:
    examples: dict[str, dict[str, Any]] = {
        "word_count": {"relation": "at_most", "value": 5},
        "keyword": {"keyword": "x"},
        "letter_count": {"letter": "x", "relation": "at_least", "value": 1},
        "forbidden_words": {"words": ["x"]},
        "forbidden_chars": {"chars": ","},
        "letter_case": {"case": "lower"},
        "starts_with": {"phrase": "x"},
        "ends_with": {"phrase": "x"},
        "wrapped": {"style": "code_block"},
        "postscript": {},
        "title": {},
        "json": {},
        "repeat_request": {"text": "x"},
        "language": {"language": "en"},
        "keyword_in": {"keyword": "x", "part": "sentence", "index": 2},
        "word_at": {"word": "x", "part": "paragraph", "index": 3, "position": 1},
        "part_affix": {"part": "line", "index": 2, "position": "start", "phrases": ["x"]},
        "each_starts_with": {"part": "sentence", "capital": True},
        "each_ends_with": {"part": "paragraph", "phrase": "!"},
        "each_word_count": {"part": "bullet", "relation": "at_most", "value": 8},
        "each_count": {
            "part": "paragraph",
            "units": "sentences",
            "relation": "exactly",
            "value": 2,
        },
        "part_count": {
            "part": "paragraph",
            "index": 1,
            "units": "words",
            "relation": "at_most",
            "value": 50,
        },
        "equal_word_count": {"part": "sentence"},
        "distinct_words": {"within": "paragraph"},
        "order": {"parts": ["title", "bullets", "postscript"]},
        "yaml": {"required_keys": ["name"]},
        "xml": {"root": "note", "children": ["to"]},
        "table_columns": {"columns": ["Name", "Price"], "exact": False},
        "csv_columns": {"columns": ["id", "name"]},
        "code_only": {"language": "python"},
        "one_of": {"options": ["yes", "no"]},
        "phrase_choice": {"options": ["I agree", "I disagree"]},
        "each_line": {"position": "start", "phrase": ">>", "alternatives": ["<<"]},
        "line_template": {"template": "Answer: <number>", "line": "last"},
        "wrap_marks": {"open": "[", "close": "]"},
        "punctuation_count": {"mark": ";", "relation": "exactly", "value": 2},
        "no_punctuation": {"allowed": "?"},
        "no_final_mark": {"marks": "."},
        "ascii_only": {},
        "script": {"script": "Han", "rule": "only"},
        "acrostic": {"word": "TIDE", "part": "sentence"},
        "tautogram": {"letter": "s"},
        "pangram": {},
        "palindrome": {},
        "word_length": {"relation": "at_most", "value": 8},
        "word_pattern": {"shape": "ends", "text": "ing"},
        "char_class_count": {"char_class": "digit", "relation": "at_least", "value": 2},
        "vocabulary": {"words": ["yes", "no"]},
        "not_starts_with": {"phrases": ["Sure", "Certainly"]},
        "number_count": {"relation": "at_least", "value": 3},
        "number_only": {},
        "python_literal": {"shape": "dict"},
        "comma_list": {},
        "decimal_places": {"places": 2},
        "money_format": {"places": 2, "symbol": "£", "grouped": True},
        "percent_format": {"places": 1, "sign": True},
        "label_sequence": {"prefix": "Q", "first": 1, "last": 10},
        "date_format": {},
        "time_format": {},
        "number_style": {"style": "words_below", "below": 10},
        "answer_template": {"template": "Name: <name>\nRole: <role>"},
        "words_in_capitals": {"words": ["NASA", "group by"]},
        "distinct_starts": {"part": "bullet"},
        "separated_versions": {"versions": 2, "separator": "***"},
        "checklist": {},
        "item_template": {"template": "Term — definition"},
        "sorted_items": {"order": "alphabetical"},
        "ordered_items": {"by": "time", "direction": "descending"},
        "length_progression": {"part": "line", "direction": "decreasing"},
        "relative_length": {"part": "paragraph", "positions": [0], "rank": "shortest"},
        "part_repeat": {"part": "line", "positions": [1, -1]},
        "chain": {"part": "word", "link": "letter"},
        "numbers_in_range": {"low": 1, "high": 10},
        "unique_items": {},
        "named_sections": {"names": ["Pros", "Cons"]},
        "plain_text": {},
        "blank_lines": {"between": "paragraphs", "blank": 1},
        "heading_level": {"level": 3},
        "heading_end": {"mark": "?"},
        "list_marker": {"marker": "1)"},
        "title_case": {"part": "heading"},
        "json_fields": {"fields": [{"name": "id", "type": "integer"}], "each": True},
        "column_values": {"column": "Status", "form": "one_of", "options": ["Done", "Open"]},
        "units_at": {"unit": "hashtag", "at": "end"},
        "each_contains": {"part": "paragraph", "what": "keyword", "keyword": "ocean"},
        "words_styled": {"words": ["Paris"], "style": "bold"},
        "list_nesting": {"what": "depth", "relation": "at_most", "value": 2},
        "line_style": {"index": 1, "style": "bold"},
        "count_property": {"units": "words", "property": "multiple", "of": 5},
        "value_mask": {"mask": "(###) ###-####"},
        "proportion": {
            "having": "question",
            "compare": "at_least",
            "numerator": 1,
            "denominator": 2,
        },
    }
    for kind in CHECK_KINDS:
        data = {"kind": kind, **examples.get(kind, {"relation": "exactly", "value": 2})}
        parsed = CHECK_SPEC_ADAPTER.validate_python(data)
        assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(parsed)) == parsed
        assert parsed.describe()


def test_judge_text_stays_the_documented_alias_of_measure_text() -> None:
    import redraft.criteria

    assert redraft.criteria.judge_text is redraft.criteria.measure_text
