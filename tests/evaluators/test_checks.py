"""Deterministic checks: what each measures, says and suggests."""

from __future__ import annotations

import json
import re

import pytest

from redraft import ConfigurationError, Evidence, Policy, RunRequest
from redraft.core._ledger import Ledger
from redraft.evaluators import (
    CallableCheck,
    EvaluationContext,
    Evaluator,
    MatchesJSONSchema,
    MaxWords,
    MustMatch,
    MustNotMatch,
    Subject,
    ValidJSON,
)
from redraft.evaluators._checks import literal_of
from redraft.evaluators._json_checks import NonFiniteNumberError, loads_strict


async def judge(evaluator: Evaluator, text: str, *, threshold: float = 0.8) -> Evidence:
    """Evaluate ``text`` and return the single piece of evidence."""
    verdict = await evaluator.evaluate(
        Subject(request=RunRequest.from_prompt("Q?"), text=text),
        EvaluationContext(threshold=threshold, gateway=Ledger(Policy())),
    )
    assert len(verdict.evidence) == 1
    evidence = verdict.evidence[0]
    assert verdict.passed is (evidence.passed and evidence.status == "ok")
    assert evidence.kind == "check"
    assert evidence.evaluator == evaluator.name
    return evidence


# -- regular expressions ------------------------------------------------------------


async def test_must_match_finds_the_pattern_anywhere() -> None:
    evidence = await judge(MustMatch(r"\d+ km"), "It is roughly 465 km from Paris.")
    assert evidence.passed and evidence.score == 1.0
    assert evidence.data["match"] == "465 km"
    assert evidence.data["span"] == [14, 20]
    assert '"465 km"' in evidence.reason
    assert evidence.suggestions == []


async def test_must_match_failure_names_the_pattern_and_suggests_it() -> None:
    check = MustMatch(r"Par(is)?\b")
    evidence = await judge(check, "The capital is Lyon.")
    assert not evidence.passed and evidence.score == 0.0
    assert r"/Par(is)?\b/" in evidence.reason
    assert evidence.suggestions == [
        r"Include text matching the pattern /Par(is)?\b/ in the answer."
    ]
    assert evidence.data["match"] is None
    assert check.name == r"must_match /Par(is)?\b/"
    assert evidence.source == r"regular expression /Par(is)?\b/"


async def test_inline_flags_are_honoured() -> None:
    assert (await judge(MustMatch("(?i)paris"), "PARIS it is")).passed
    assert not (await judge(MustMatch("paris"), "PARIS it is")).passed
    assert (await judge(MustMatch("paris", flags=re.IGNORECASE), "PARIS it is")).passed


async def test_a_compiled_pattern_is_accepted_but_not_with_extra_flags() -> None:
    assert (await judge(MustMatch(re.compile("paris", re.I)), "PARIS")).passed
    with pytest.raises(ConfigurationError, match="compiled pattern"):
        MustNotMatch(re.compile("x"), flags=re.I)


@pytest.mark.parametrize("cls", [MustMatch, MustNotMatch])
def test_an_invalid_regex_is_a_configuration_error_naming_it(
    cls: type[MustMatch] | type[MustNotMatch],
) -> None:
    with pytest.raises(ConfigurationError, match=re.escape("'(unclosed'")):
        cls("(unclosed")


async def test_must_not_match_passes_when_absent() -> None:
    evidence = await judge(MustNotMatch(r"(?i)\bas an ai\b"), "Here is the answer.")
    assert evidence.passed
    assert evidence.data["count"] == 0


async def test_must_not_match_quotes_the_offending_match() -> None:
    evidence = await judge(
        MustNotMatch(r"(?i)as an ai\w*"), "As an AI model I think... as an AI I cannot."
    )
    assert not evidence.passed
    assert '"As an AI"' in evidence.reason
    assert "at character 0" in evidence.reason
    assert "(and 1 more)" in evidence.reason
    assert evidence.data["count"] == 2
    assert evidence.data["matches"] == ["As an AI", "as an AI"]
    assert evidence.suggestions[0].startswith('Remove "As an AI"')


async def test_a_very_long_offending_match_is_cut_in_the_reason() -> None:
    evidence = await judge(MustNotMatch("x+"), "x" * 500)
    assert len(evidence.reason) < 200
    assert "…" in evidence.reason


# -- word limit ------------------------------------------------------------------


async def test_max_words_exact_boundary_passes() -> None:
    evidence = await judge(MaxWords(5), "one two\nthree\tfour   five")
    assert evidence.passed and evidence.score == 1.0
    assert evidence.reason == "5 words; the limit is 5"
    assert evidence.data == {"words": 5, "limit": 5}


async def test_max_words_one_over_fails_with_a_graded_score() -> None:
    evidence = await judge(MaxWords(5), "one two three four five six")
    assert not evidence.passed
    assert evidence.score == pytest.approx(5 / 6)
    assert evidence.reason == "6 words; the limit is 5"
    assert evidence.suggestions == ["Shorten the answer to at most 5 words (it has 6)."]


async def test_max_words_message_matches_the_documented_shape() -> None:
    evidence = await judge(MaxWords(100), " ".join(["w"] * 137))
    assert evidence.reason == "137 words; the limit is 100"
    assert evidence.suggestions == ["Shorten the answer to at most 100 words (it has 137)."]
    assert evidence.score == pytest.approx(100 / 137)


async def test_max_words_counts_an_empty_answer_as_zero_words() -> None:
    evidence = await judge(MaxWords(1), "   ")
    assert evidence.passed and evidence.data["words"] == 0


@pytest.mark.parametrize("limit", [0, -3, True, 2.5, "10"])
def test_max_words_rejects_a_bad_limit(limit: object) -> None:
    with pytest.raises(ConfigurationError, match="max_words"):
        MaxWords(limit)  # type: ignore[arg-type]


# -- JSON ------------------------------------------------------------------------


async def test_valid_json_accepts_a_bare_document() -> None:
    evidence = await judge(ValidJSON(), ' {"a": [1, 2]} ')
    assert evidence.passed
    assert evidence.data == {"fenced": False, "type": "dict"}


@pytest.mark.parametrize(
    "text", ['```json\n{"a": 1}\n```', "```\n[1, 2]\n```\n", '  ```JSON\n{"a": 1}```  ']
)
async def test_valid_json_accepts_a_single_fenced_block(text: str) -> None:
    evidence = await judge(ValidJSON(), text)
    assert evidence.passed
    assert evidence.data["fenced"] is True
    assert "fenced" in evidence.reason


@pytest.mark.parametrize(
    "text",
    [
        'Here you go:\n```json\n{"a": 1}\n```',
        '```json\n{"a": 1}\n```\n```json\n{"b": 2}\n```',
    ],
)
async def test_prose_around_a_fence_or_two_fences_is_not_json(text: str) -> None:
    assert not (await judge(ValidJSON(), text)).passed


async def test_invalid_json_reports_where_the_parser_stopped() -> None:
    evidence = await judge(ValidJSON(), '{"a": 1,\n "b": }')
    assert not evidence.passed
    assert evidence.reason.startswith("not valid JSON: Expecting value at line 2, column 7")
    assert evidence.suggestions == [
        "Reply with valid JSON only (Expecting value at line 2, column 7)."
    ]


async def test_a_broken_fenced_block_records_that_it_was_fenced() -> None:
    evidence = await judge(ValidJSON(), "```json\n{'a': 1}\n```")
    assert not evidence.passed
    assert evidence.data["fenced"] is True


async def test_nan_is_not_json_even_though_python_accepts_it() -> None:
    evidence = await judge(ValidJSON(), '{"a": NaN}')
    assert not evidence.passed
    assert "NaN" in evidence.reason


@pytest.mark.parametrize(
    ("text", "path", "number"),
    [
        ('{"session_id": 1e999}', ("session_id",), "1e999"),
        ('{"a": [1, {"b": 2.5, "c": -1E400}]}', ("a", 1, "c"), "-1E400"),
        ("1e999", (), "1e999"),
    ],
)
def test_strict_json_refuses_numbers_too_large_for_a_double_naming_where(
    text: str, path: tuple[str | int, ...], number: str
) -> None:
    with pytest.raises(NonFiniteNumberError) as refused:
        loads_strict(text.encode())
    assert refused.value.path == path
    assert refused.value.number == number
    assert isinstance(refused.value, json.JSONDecodeError)
    # Large but finite numbers are numbers.
    assert loads_strict('{"x": 1.7e308, "y": 1e-999}') == {"x": 1.7e308, "y": 0.0}


async def test_an_empty_answer_is_not_json() -> None:
    evidence = await judge(ValidJSON(), "  ")
    assert not evidence.passed
    assert "empty" in evidence.reason


PERSON = {
    "type": "object",
    "required": ["name", "items"],
    "properties": {
        "name": {"type": "string"},
        "items": {
            "type": "array",
            "items": {"type": "object", "properties": {"price": {"type": "number"}}},
        },
    },
}


async def test_schema_match_passes() -> None:
    evidence = await judge(MatchesJSONSchema(PERSON), '{"name": "Ada", "items": [{"price": 2}]}')
    assert evidence.passed
    assert evidence.data["error_count"] == 0


async def test_schema_failure_cites_the_error_path_and_message() -> None:
    evidence = await judge(
        MatchesJSONSchema(PERSON), '{"name": "Ada", "items": [{"price": 1}, {"price": "x"}]}'
    )
    assert not evidence.passed
    assert evidence.reason == "$.items[1].price: 'x' is not of type 'number'"
    assert evidence.suggestions == [
        "Fix the JSON at $.items[1].price: 'x' is not of type 'number'."
    ]
    assert evidence.data["errors"] == [
        {"path": "$.items[1].price", "message": "'x' is not of type 'number'"}
    ]


async def test_schema_failure_counts_further_errors() -> None:
    evidence = await judge(MatchesJSONSchema(PERSON), '{"items": [{"price": "x"}]}')
    assert evidence.data["error_count"] == 2
    assert "(and 1 more error)" in evidence.reason
    paths = {error["path"] for error in evidence.data["errors"]}
    assert paths == {"$", "$.items[0].price"}


async def test_schema_check_accepts_a_fenced_block_and_rejects_non_json() -> None:
    check = MatchesJSONSchema({"type": "array"})
    assert (await judge(check, "```json\n[1]\n```")).passed
    evidence = await judge(check, "[1, 2")
    assert not evidence.passed
    assert evidence.reason.startswith("not valid JSON, so it cannot match the schema")


def test_an_invalid_schema_is_a_configuration_error() -> None:
    with pytest.raises(ConfigurationError, match=r"invalid JSON schema at \$\.type"):
        MatchesJSONSchema({"type": "strin"})
    with pytest.raises(ConfigurationError, match="must be a JSON object"):
        MatchesJSONSchema(["not", "a", "schema"])  # type: ignore[arg-type]


def test_the_schema_title_names_the_check() -> None:
    assert MatchesJSONSchema({"title": "Invoice", "type": "object"}).name == "json_schema Invoice"


# -- callables -------------------------------------------------------------------


def has_citation(text: str) -> bool:
    return "[1]" in text


async def test_callable_returning_bool() -> None:
    check = CallableCheck(has_citation)
    assert check.name == "has_citation"
    passed = await judge(check, "As shown [1].")
    failed = await judge(check, "As shown.")
    assert passed.passed and passed.score == 1.0
    assert not failed.passed and failed.score == 0.0
    assert failed.suggestions == ["Make the answer satisfy the check 'has_citation'."]


async def test_callable_returning_a_reason() -> None:
    check = CallableCheck(lambda text: (text.endswith("."), "the answer must end with a period"))
    assert check.name == "callable_check"
    evidence = await judge(check, "no period")
    assert not evidence.passed
    assert evidence.reason == "the answer must end with a period"
    assert evidence.suggestions == ["the answer must end with a period"]


async def test_callable_returning_evidence_is_kept_as_is() -> None:
    given = Evidence(evaluator="custom", kind="check", passed=True, score=0.9, reason="mine")
    evidence = await judge(CallableCheck(lambda _: given, name="custom"), "x", threshold=0.5)
    assert evidence == given


async def test_async_callable() -> None:
    async def mentions_paris(text: str) -> tuple[bool, str]:
        return "Paris" in text, "must mention Paris"

    assert (await judge(CallableCheck(mentions_paris), "Paris.")).passed
    assert not (await judge(CallableCheck(mentions_paris), "Lyon.")).passed


async def test_callable_that_raises_is_error_evidence_not_a_pass() -> None:
    def broken(text: str) -> bool:
        raise ZeroDivisionError("oops")

    evidence = await judge(CallableCheck(broken), "anything")
    assert evidence.status == "error"
    assert not evidence.passed
    assert evidence.reason == "the check raised ZeroDivisionError: oops"


async def test_async_callable_that_raises_is_error_evidence() -> None:
    async def broken(text: str) -> bool:
        raise KeyError("k")

    evidence = await judge(CallableCheck(broken), "anything")
    assert evidence.status == "error"


@pytest.mark.parametrize("result", [None, 1, (True,), (1, "x"), "yes"])
async def test_callable_returning_something_else_is_error_evidence(result: object) -> None:
    evidence = await judge(CallableCheck(lambda _: result), "x")  # type: ignore[arg-type,return-value]
    assert evidence.status == "error"
    assert "expected bool, (bool, reason) or Evidence" in evidence.reason


def test_callable_check_needs_a_callable() -> None:
    with pytest.raises(ConfigurationError):
        CallableCheck("not callable")  # type: ignore[arg-type]


async def test_a_check_that_is_not_required_says_so_on_its_evidence() -> None:
    evidence = await judge(MaxWords(1, required=False), "two words")
    assert evidence.required is False


@pytest.mark.parametrize(
    ("pattern", "literal"),
    [
        ("(?i)red", "red"),
        ("Paris", "Paris"),
        ("New York", "New York"),
        (r"\d+", None),
        ("a.b", None),
    ],
)
def test_literal_patterns_get_plain_feedback(pattern: str, literal: str | None) -> None:
    assert literal_of(re.compile(pattern)) == literal


async def test_must_match_feedback_names_the_literal_text() -> None:
    evidence = await judge(MustMatch("(?i)paris"), "The capital is Lyon.")
    assert evidence.suggestions == ['Include the text "paris" in the answer.']
