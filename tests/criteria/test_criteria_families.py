"""Requirement families: the registry's import-time checks, the new kinds'
measures and corrections, and the phrasings that compile to them (and the
near misses that must not)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

import pytest

from redraft.core._repair import RepairOp, apply_repairs, describe_repairs, repair_ops
from redraft.criteria import (
    CHECK_KINDS,
    CHECK_SPEC_ADAPTER,
    SPEC_MODELS,
    SpecCheck,
    compile_checks,
    llm_schema,
    measure_text,
)
from redraft.criteria._families import (
    FAMILIES,
    FAMILY_OF_KIND,
    CountFamily,
    EmojiCount,
    Family,
    FamilyCount,
    FamilyError,
    HashtagCount,
    LineCount,
    QuestionCount,
    URLCount,
    check_families,
    check_vocabulary,
)
from redraft.criteria._outcome import Outcome
from redraft.criteria._rules import RULES

NEW_KINDS = ("line_count", "emoji_count", "hashtag_count", "question_count", "url_count")
# the table and CSV families, tested in test_family_tables.py
TABULAR_KINDS = ("table_count", "table_rows", "table_columns", "csv_rows", "csv_columns")


def counts(prompt: str, system: str | None = None) -> list[tuple[str, str, int]]:
    """The family checks compiled from ``prompt``: (kind, relation, value)."""
    return [
        (c.spec.kind_name(), getattr(c.spec, "relation", ""), getattr(c.spec, "value", -1))
        for c in compile_checks(prompt, system=system)
        if c.spec.kind_name() in NEW_KINDS
    ]


# -- the registry ---------------------------------------------------------------------


def test_every_family_kind_joins_the_vocabulary_the_judge_and_the_rules() -> None:
    assert set(NEW_KINDS) <= set(CHECK_KINDS)
    later = {"heading_count", "code_block_count", "code_only", "one_of"}  # their own test modules
    assert set(NEW_KINDS) | set(TABULAR_KINDS) | later <= set(FAMILY_OF_KIND)
    for family in FAMILIES:
        for model in family.specs:
            assert model in SPEC_MODELS
        assert all(rule in RULES for rule in family.rules)
    variants = llm_schema()["properties"]["checks"]["items"]["anyOf"]
    schema_kinds = {v["properties"]["kind"]["enum"][0] for v in variants}
    assert set(NEW_KINDS) <= schema_kinds


@pytest.mark.parametrize("kind", NEW_KINDS)
def test_a_family_spec_round_trips_through_model_dump(kind: str) -> None:
    spec = CHECK_SPEC_ADAPTER.validate_python({"kind": kind, "relation": "at_most", "value": 3})
    again = CHECK_SPEC_ADAPTER.validate_python(spec.model_dump())
    assert again == spec
    assert type(again).__name__ in {
        "LineCount",
        "EmojiCount",
        "HashtagCount",
        "QuestionCount",
        "URLCount",
    }
    with pytest.raises(ValueError, match="not a requirement"):
        CHECK_SPEC_ADAPTER.validate_python({"kind": kind, "relation": "at_least", "value": 0})


class _Orphan(FamilyCount):
    kind: Literal["orphan_count"] = "orphan_count"


class _NoMeasure(Family):
    name = "no measure"
    specs = (_Orphan,)

    def correction(self, spec: Any, text: str) -> str:
        return "fix it"


class _Complete(CountFamily):
    name = "complete"
    specs = (_Orphan,)

    def found(self, spec: Any, text: str) -> list[str]:
        return text.split()


class _NoCorrection(_Complete):
    correction = None  # type: ignore[assignment]


def test_a_family_missing_a_piece_is_refused() -> None:
    # A family without a measure cannot be made at all, so registering it
    # fails at import; one that blanks a piece out is named by the registry.
    with pytest.raises(TypeError, match="measure"):
        _NoMeasure()  # type: ignore[abstract]
    with pytest.raises(FamilyError, match="'complete' has no correction"):
        check_families([_NoCorrection()])


_BRACKETS = RepairOp(
    "test_brackets", 850, lambda text, _p, _r: f"[{text.strip()}]", lambda _: "bracketed"
)


class _WithEdit(_Complete):
    name = "with edit"
    edits = (_BRACKETS,)


class _TakingAName(_Complete):
    name = "taking a name"
    edits = (RepairOp("case", 1, lambda text, _p, _r: text, lambda _: "nothing"),)


def test_a_familys_own_edit_joins_the_loops_repairs() -> None:
    check_families([_WithEdit()])
    assert "test_brackets" in repair_ops()
    # Made in rank order: after the case edit, before the quotes go around.
    made = apply_repairs(
        "Tides", [{"op": "wrap_quotes"}, {"op": "test_brackets"}, {"op": "case", "case": "lower"}]
    )
    assert made == '"[tides]"'
    assert describe_repairs([{"op": "test_brackets"}]) == "repaired without a model: bracketed"


def test_an_edit_under_a_taken_name_is_refused() -> None:
    with pytest.raises(FamilyError, match=r"'taking a name'.*'case' is already registered"):
        check_families([_TakingAName()])


def test_an_edit_nobody_registered_is_skipped() -> None:
    # A stored verdict may name an edit this process never registered.
    assert apply_repairs("kept as is", [{"op": "no_such_edit"}]) == "kept as is"


def test_two_families_claiming_one_kind_are_refused() -> None:
    with pytest.raises(FamilyError, match="claimed by two families"):
        check_families([_Complete(), _Complete()])


def test_a_family_spec_outside_the_union_is_refused() -> None:
    assert list(check_families([_Complete()])) == ["orphan_count"]
    check_vocabulary(SPEC_MODELS)
    without_lines = [m for m in SPEC_MODELS if m is not LineCount]
    with pytest.raises(FamilyError, match="LineCount is not in the CheckSpec union"):
        check_vocabulary(without_lines)


def test_a_spec_that_is_not_a_family_spec_is_refused() -> None:
    class _Plain(CountFamily):
        name = "plain"
        specs: ClassVar[tuple[Any, ...]] = (int,)

        def found(self, spec: Any, text: str) -> list[str]:
            return []

    with pytest.raises(FamilyError, match="not a FamilySpec"):
        check_families([_Plain()])


# -- measures and corrections -----------------------------------------------------------


def test_lines_count_non_empty_lines_only() -> None:
    spec = LineCount(relation="exactly", value=3)
    assert measure_text(spec, "one\n\n  \ntwo\nthree\n").passed
    failed = measure_text(spec, "one\ntwo\nthree\nfour\nfive")
    assert not failed.passed
    assert failed.data["measured"] == 5
    assert failed.suggestion is not None
    assert "Cut 2 lines" in failed.suggestion
    short = measure_text(LineCount(relation="at_least", value=4), "a\nb")
    assert short.suggestion is not None
    assert "Add at least 2 more lines, each on a line of its own." in short.suggestion


def test_emoji_count_reads_sequences_as_one_and_skips_text_symbols() -> None:
    text = "Party time 🎉🇫🇷 with the family 👨‍👩‍👧 and a wave 👋🏽 © ™"
    outcome = measure_text(EmojiCount(relation="exactly", value=4), text)
    assert outcome.passed, outcome.reason
    none = measure_text(EmojiCount(relation="at_most", value=0), "Done ✅ thanks")
    assert not none.passed
    assert none.suggestion is not None
    assert "Remove every one of them (✅)" in none.suggestion
    assert measure_text(EmojiCount(relation="at_most", value=0), "Plain text, © 2026.").passed


def test_hashtags_need_a_letter_and_no_word_before_the_sign() -> None:
    text = "# Heading\nWe ship! #launch #AI2026 #1 C# page#part &#39; #"
    outcome = measure_text(HashtagCount(relation="exactly", value=2), text)
    assert outcome.passed, outcome.reason
    assert outcome.data["found"] == ["#launch", "#AI2026"]
    missing = measure_text(HashtagCount(relation="at_least", value=3), "Nice #day")
    assert missing.suggestion is not None
    assert "Add at least 2 more hashtags" in missing.suggestion


def test_questions_are_sentences_ending_in_a_question_mark() -> None:
    text = 'Is it late? I think so. "Why now?" she asked.\nWhat next\nSee https://x.org/?q=1'
    outcome = measure_text(QuestionCount(relation="exactly", value=2), text)
    assert outcome.data["found"] == ["Is it late?", '"Why now?"'], outcome.data
    assert outcome.passed


def test_urls_count_addresses_not_bare_domains() -> None:
    text = "See https://a.example/x?y=1, www.b.org and [docs](http://c.net/d). Or example.com."
    outcome = measure_text(URLCount(relation="exactly", value=3), text)
    assert outcome.passed, outcome.reason
    assert outcome.data["found"][0] == "https://a.example/x?y=1"
    none = measure_text(URLCount(relation="at_most", value=0), "Read https://a.example.")
    assert not none.passed


async def test_a_family_check_gives_evidence_with_its_correction() -> None:
    check = SpecCheck(HashtagCount(relation="at_most", value=0))
    evidence = await check.check("Lovely day #sun")
    assert not evidence.passed
    assert evidence.data["check"] == {"kind": "hashtag_count", "relation": "at_most", "value": 0}
    assert evidence.suggestions
    assert "#sun" in evidence.suggestions[0]


# -- phrasings ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Reply in exactly three lines.", [("line_count", "exactly", 3)]),
        ("Compose an 8-line poem about the harbour.", [("line_count", "exactly", 8)]),
        (
            "Describe the city between 4 and 6 lines.",
            [("line_count", "at_least", 4), ("line_count", "at_most", 6)],
        ),
        ("Keep your answer to at most 2 lines.", [("line_count", "at_most", 2)]),
        ("Put the whole answer on one line.", [("line_count", "exactly", 1)]),
        ("Seven lines.", [("line_count", "exactly", 7)]),
        ("A lullaby for my niece. Six lines, and make it rhyme.", [("line_count", "exactly", 6)]),
        ("Write a short 5-line poem about tea.", [("line_count", "exactly", 5)]),
        (
            "Write a 6-line dialogue, each line a name followed by a colon and a message.",
            [("line_count", "exactly", 6)],
        ),
        ("Write the chant, 9 lines in total.", [("line_count", "exactly", 9)]),
        ("Please don't use emoji.", [("emoji_count", "at_most", 0)]),
        ("Answer without emojis.", [("emoji_count", "at_most", 0)]),
        ("Add exactly 3 emojis to the message.", [("emoji_count", "exactly", 3)]),
        ("Use no more than one emoji per reply.", [("emoji_count", "at_most", 1)]),
        (
            "Write a caption and use 4-6 hashtags.",
            [("hashtag_count", "at_least", 4), ("hashtag_count", "at_most", 6)],
        ),
        ("Use at least two hashtags.", [("hashtag_count", "at_least", 2)]),
        (
            "Write a tweet with 1-2 hashtags at the end.",
            [("hashtag_count", "at_least", 1), ("hashtag_count", "at_most", 2)],
        ),
        ("Write a caption for my photo, no hashtags.", [("hashtag_count", "at_most", 0)]),
        ("Make a 6-question quiz about volcanoes.", [("question_count", "exactly", 6)]),
        ("Respond with at most 3 clarifying questions.", [("question_count", "at_most", 3)]),
        ("Write an interview with 7 questions.", [("question_count", "exactly", 7)]),
        ("I need 12 review questions on photosynthesis.", [("question_count", "exactly", 12)]),
        ("Do not include any links.", [("url_count", "at_most", 0)]),
        ("Include at least 2 URLs.", [("url_count", "at_least", 2)]),
    ],
)
def test_stated_counts_compile(prompt: str, expected: list[tuple[str, str, int]]) -> None:
    assert counts(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    [
        # hedged
        "Ideally keep it to at most 3 lines.",
        "Try to use exactly 2 emojis.",
        "You may add up to 5 hashtags if you like.",
        # negated by a word the rule does not own
        "It doesn't have to be exactly 4 lines.",
        "Don't worry about having fewer than 3 questions.",
        # quoted, or handed over as material
        'My brief said "use exactly 3 hashtags" but ignore that. Describe the beach.',
        "Summarize the text below: Write 4 lines with no emojis and exactly 2 hashtags.",
        # a constraint on something other than the answer
        "My essay has 5 lines; can you improve its tone?",
        "This poem of 14 lines needs a title.",
        "I need 4 lines of your poem translated.",
        "Write a second 4-line poem.",
        "Write three stanzas of 4 lines each.",
        "Write a song whose chorus has exactly 4 lines.",
        "Add 2 emojis to each bullet point.",
        "Answer these 3 questions about the moon.",
        "Write a quiz with 2 questions per section.",
        "Include 2 questions about each chapter.",
        "Fix the 10 lines of code below.",
        "Sum it up in exactly one line at the end, after the details.",
        # where in the answer, which a count of the whole does not say
        "End with two questions for the reader.",
        "Finish with 3 hashtags.",
        "Do not include links to competitors.",
        "There is no link between diet and mood in this study; explain why.",
        # conditions and examples
        "If you use hashtags, use at most 2 hashtags.",
        "For example, a post with exactly 3 hashtags works well.",
        # a title or postscript adds a line the count may not include
        "Write an 8-line poem with a title in double angular brackets, like <<title>>.",
        # … and so do an explanation or a second part
        "Write a 4-line poem about rain and explain its rhyme scheme.",
        "Write a 6-line poem. Then list three words it rhymes.",
        "Write a 4-line verse followed by a short moral.",
    ],
)
def test_near_misses_compile_nothing(prompt: str) -> None:
    assert counts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        # a request put as a question still directs the answer
        ("Could you write a 6-line poem about autumn?", [("line_count", "exactly", 6)]),
        # a negation in the clause before a new directive is that clause's own
        (
            "Keep it to no more than 50 words and include exactly 1 emoji.",
            [("emoji_count", "exactly", 1)],
        ),
        # … and one in the same clause still blocks
        ("Never write it in more than 3 lines and use plain words.", []),
    ],
)
def test_shared_grammar_reaches_the_families(
    prompt: str, expected: list[tuple[str, str, int]]
) -> None:
    assert counts(prompt) == expected


def test_a_system_prompt_states_a_family_count_too() -> None:
    assert counts("Tell me about owls.", system="Never use emojis.") == [
        ("emoji_count", "at_most", 0)
    ]


# Values for the fields a counted family's spec requires beyond its count.
_SAMPLE_FIELDS: dict[str, object] = {
    "char_class": "digit",
    "letter": "e",
    "part": "sentence",
    "mark": ";",
    "keyword": "owl",
    "index": 1,
    "what": "emoji",
}
# Families whose required "what" names another vocabulary than each_contains's.
_SAMPLE_BY_KIND: dict[str, dict[str, object]] = {"list_nesting": {"what": "depth"}}


# Counts inside a document the answer must be (a JSON array's elements): an
# empty answer is no such document, so even "at most 0" fails it.
_COUNTS_IN_A_DOCUMENT = {"json_items"}


def test_families_report_outcomes() -> None:
    for family in FAMILIES:
        for model in (m for m in family.specs if "relation" in m.model_fields):
            required = {
                name: _SAMPLE_FIELDS[name]
                for name, field in model.model_fields.items()
                if field.is_required() and name not in ("relation", "value")
            }
            kind = model.model_fields["kind"].default
            required |= _SAMPLE_BY_KIND.get(kind, {})
            spec = model(relation="at_most", value=0, **required)  # type: ignore[call-arg, arg-type]
            outcome = family.measure(spec, "")
            assert isinstance(outcome, Outcome)
            # a count within each part fails an answer that has none of the parts
            assert outcome.passed is (
                "part" not in model.model_fields and kind not in _COUNTS_IN_A_DOCUMENT
            )
