"""User patterns run on RE2: linear time, Python's syntax where RE2 can follow
it, a clear refusal where it cannot."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import pytest
from pydantic import ValidationError

from redraft import ConfigurationError, Evidence, PatternError, Policy, RunRequest
from redraft.app import EvaluationOptions, Profile, build_panel
from redraft.config._spec import validate_patterns
from redraft.core._ledger import Ledger
from redraft.criteria import Postscript, _measure
from redraft.criteria._families import _shapes
from redraft.evaluators import (
    EvaluationContext,
    Evaluator,
    MatchesJSONSchema,
    MustMatch,
    MustNotMatch,
    PointRule,
    RuleCheck,
    Subject,
)
from redraft.evaluators._json_checks import _fenced_body
from redraft.evaluators._patterns import MAX_PATTERN_CHARS, compile_pattern

EVIL_PATTERN = "(a+)+$"
EVIL_TEXT = "a" * 5000 + "!"
NESTED = "(" * 2000 + "a" + ")" * 2000
ENGINE = "is not supported: patterns run on a linear-time engine (RE2)"


async def verdict_of(evaluator: Evaluator, text: str) -> list[Evidence]:
    verdict = await evaluator.evaluate(
        Subject(request=RunRequest.from_prompt("Q?"), text=text),
        EvaluationContext(threshold=0.5, gateway=Ledger(Policy())),
    )
    return list(verdict.evidence)


# -- catastrophic backtracking is gone ----------------------------------------------


async def test_a_backtracking_bomb_gets_the_right_verdict_everywhere() -> None:
    [matched] = await verdict_of(MustMatch(EVIL_PATTERN), EVIL_TEXT)
    assert matched.status == "ok" and matched.passed is False
    [absent] = await verdict_of(MustNotMatch(EVIL_PATTERN), EVIL_TEXT)
    assert absent.status == "ok" and absent.passed is True
    rule = PointRule(EVIL_PATTERN, -5, "Trailing run of a")
    [finding] = await verdict_of(RuleCheck([rule]), EVIL_TEXT)
    assert finding.points == 0 and finding.passed  # "$" needs the end; the text ends with "!"
    [fired] = await verdict_of(RuleCheck([rule]), "a" * 5000)
    assert fired.points == -5


async def test_long_texts_are_judged_off_the_loop_with_the_same_verdict() -> None:
    text = "x" * 50_000 + " Paris " + "y" * 50_000
    [found] = await verdict_of(MustMatch("Paris"), text)
    assert found.passed and found.data["span"] == [50_001, 50_006]
    [forbidden] = await verdict_of(MustNotMatch("y{3}"), text)
    assert forbidden.passed is False and forbidden.data["count"] == 50_000 // 3
    [rule] = await verdict_of(RuleCheck([PointRule("paris", -1, "Names Paris")]), text)
    assert rule.points == -1 and rule.data["count"] == 1


# -- constructs RE2 cannot run are refused, naming the option and the construct -------


@pytest.mark.parametrize(
    ("pattern", "construct"),
    [
        (r"(a)\1", r"backreference \1"),
        (r"(?P<x>a)(?P=x)", "named backreference (?P=…)"),
        (r"cat(?=s)", "lookahead (?=…)"),
        (r"cat(?!egory)", "negative lookahead (?!…)"),
        (r"(?<=the )cat", "lookbehind (?<=…)"),
        (r"(?<!the )cat", "negative lookbehind (?<!…)"),
        (r"(?>a+)b", "atomic group (?>…)"),
        (r"a*+b", "possessive quantifier *+"),
        (r"a{2,3}+", "possessive quantifier {2,3}+"),
        (r"(a)?(?(1)b|c)", "conditional group (?(…)…)"),
        (r"(?x) a b", "verbose flag (?x)"),
    ],
)
def test_backtracking_constructs_are_refused_in_words(pattern: str, construct: str) -> None:
    with pytest.raises(PatternError) as refused:
        compile_pattern(pattern, option="must_match[2]")
    assert str(refused.value) == f"must_match[2]: {construct} {ENGINE}"
    assert refused.value.option == "must_match[2]"


def test_look_alikes_of_refused_constructs_are_fine() -> None:
    assert compile_pattern(r"\(?=").search("x(=") is not None  # an escaped "(" then "?="
    assert compile_pattern(r"[(?=]+").search("?=") is not None  # inside a set
    assert compile_pattern(r"\101").search("A") is not None  # octal, not a backreference


def test_every_entry_point_names_its_option() -> None:
    with pytest.raises(ConfigurationError, match=re.escape(r"must_match /(a)\1/: backreference")):
        MustMatch(r"(a)\1")
    with pytest.raises(ConfigurationError, match=re.escape("must_not_match[1]: lookahead")):
        build_panel(None, must_not_match=["ok", "x(?=y)"])
    with pytest.raises(ValueError, match=re.escape(r"must_match[1]: backreference \1")):
        validate_patterns(["fine", r"(a)\1"], "must_match")
    with pytest.raises(ValidationError, match=re.escape("must_not_match[0]: negative lookbehind")):
        EvaluationOptions.model_validate({"must_not_match": ["(?<!a)b"]})
    with pytest.raises(ValidationError, match=re.escape(r"must_match[0]: backreference \1")):
        Profile.model_validate({"name": "p", "model": "scripted", "must_match": [r"(a)\1"]})


def test_a_rule_with_a_lookahead_names_the_rule() -> None:
    with pytest.raises(ConfigurationError) as refused:
        PointRule.from_dict({"pattern": "bet(?!ter)", "points": -5, "description": "Betting"})
    assert str(refused.value) == (
        f"rule /bet(?!ter)/: 'pattern' is invalid: negative lookahead (?!…) {ENGINE}"
    )
    with pytest.raises(ConfigurationError, match=re.escape("rules[1]: rule /(x)\\1/")):
        RuleCheck.from_dicts(
            [
                {"pattern": "ok", "points": 1, "description": "Fine"},
                {"pattern": r"(x)\1", "points": -1, "description": "Doubled"},
            ]
        )


def test_invalid_syntax_keeps_the_engines_words_and_logs_nothing(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(PatternError, match=re.escape("'(unclosed' is not a valid regular")):
        compile_pattern("(unclosed")
    assert capfd.readouterr().err == ""


def test_huge_and_deep_patterns_are_clean_errors_not_crashes() -> None:
    for build in (
        lambda: compile_pattern(NESTED, option="must_match[0]"),
        lambda: MustMatch(NESTED),
        lambda: PointRule(NESTED, -1, "Deep"),
    ):
        with pytest.raises(PatternError, match=f"the limit is {MAX_PATTERN_CHARS}"):
            build()
    with pytest.raises(ValueError, match=re.escape("must_match[0]: the pattern has 4001")):
        validate_patterns([NESTED], "must_match")
    deep = "(" * 240 + "a" + ")" * 240  # within the length limit
    assert compile_pattern(deep).search("a") is not None
    with pytest.raises(PatternError, match="too large"):
        compile_pattern(r"\w{1000}")


# -- Python's meaning is kept --------------------------------------------------------


async def test_flags_inline_and_given() -> None:
    assert compile_pattern("(?i)paris").search("PARIS") is not None
    assert compile_pattern("paris").search("PARIS") is None
    assert compile_pattern("paris", ignore_case=True).search("PARIS") is not None
    assert compile_pattern("(?i)é").search("É") is not None
    assert PointRule("casino", -1, "Gambling").compiled.search("CASINO") is not None
    converted = compile_pattern(re.compile("^b.c$", re.I | re.M | re.S))
    assert converted.search("a\nB\nC\nd") is not None
    assert converted.pattern == "^b.c$"
    assert "(?ms)" in repr(converted)  # the verdict cache keys on what runs
    with pytest.raises(PatternError, match="VERBOSE"):
        compile_pattern(re.compile("a b", re.X))
    with pytest.raises(PatternError, match="compiled pattern"):
        MustMatch(re.compile("x"), flags=re.I)
    [evidence] = await verdict_of(MustMatch(re.compile("paris", re.I)), "PARIS")
    assert evidence.passed


@pytest.mark.parametrize(
    ("pattern", "text", "found"),
    [
        (r"\w+", "naïve café", "naïve"),
        (r"\d+", "x ٣٤ y", "٣٤"),
        (r"a\sb", "a\u00a0b", "a\u00a0b"),
        (r"[\w-]+", "–résumé-", "résumé-"),
        (r"\W", "é!", "!"),
        (r"x\Z", "xx", "x"),
        (r"\u00e9", "café", "é"),
        (r"\N{EM DASH}", "a—b", "—"),
        (r"a{,2}b", "aaab", "aab"),
        (r"(?#a comment)b", "ab", "b"),
        (r"(?P<word>\w+)!", "hi!", "hi!"),
        (r"(?a)\w+", "éa", "a"),
    ],
)
def test_python_syntax_keeps_its_meaning(pattern: str, text: str, found: str) -> None:
    match = compile_pattern(pattern).search(text)
    assert match is not None and match.group(0) == found
    assert re.search(pattern, text).group(0) == found  # type: ignore[union-attr]


async def test_offsets_are_characters_not_utf8_bytes() -> None:
    text = "Café déjà vu à Paris"
    match = compile_pattern("Paris").search(text)
    assert match is not None
    assert (match.start(), match.end(), match.span()) == (15, 20, (15, 20))
    assert [m.span() for m in compile_pattern("à").finditer(text)] == [(8, 9), (13, 14)]
    [evidence] = await verdict_of(MustMatch("Paris"), text)
    assert evidence.data["span"] == [15, 20]
    [forbidden] = await verdict_of(MustNotMatch("vu"), text)
    assert "at character 10" in forbidden.reason


# -- patterns in JSON schemas run on RE2 too -----------------------------------------


async def test_schema_patterns_run_on_re2() -> None:
    check = MatchesJSONSchema({"type": "string", "pattern": EVIL_PATTERN})
    [evidence] = await verdict_of(check, json.dumps(EVIL_TEXT))
    assert evidence.status == "ok" and evidence.passed is False
    assert "does not match" in evidence.reason
    keyed = MatchesJSONSchema(
        {
            "type": "object",
            "patternProperties": {"^x_": {"type": "integer"}},
            "additionalProperties": False,
        }
    )
    [ok] = await verdict_of(keyed, '{"x_a": 1}')
    assert ok.passed
    [extra] = await verdict_of(keyed, '{"x_a": 1, "y": 2}')
    assert not extra.passed and "'y' does not match any of the regexes: '^x_'" in extra.reason


def test_a_schema_pattern_re2_cannot_run_is_refused_by_place() -> None:
    schema = {"properties": {"code": {"type": "string", "pattern": r"(\d)\1"}}}
    with pytest.raises(PatternError, match=re.escape(r"json_schema $.properties.code.pattern")):
        MatchesJSONSchema(schema)
    # a "pattern" that is data, or a property called "pattern", is no regex
    MatchesJSONSchema({"properties": {"pattern": {"const": {"pattern": "(?=x)"}}}})
    # but a property called "const" is a schema like any other
    with pytest.raises(PatternError, match=re.escape("$.properties.const.pattern")):
        MatchesJSONSchema({"properties": {"const": {"pattern": "(?=x)"}}})


@pytest.mark.parametrize(
    ("schema", "place"),
    [
        ({"type": "string", "pattern": NESTED}, "json_schema $.pattern"),
        ({"properties": {"code": {"format": "regex", "pattern": NESTED}}}, "$.properties.code"),
        ({"type": "object", "patternProperties": {NESTED: {}}}, '$.patternProperties["(((('),
    ],
)
def test_a_schema_pattern_nested_2000_deep_is_refused_by_place(
    schema: dict[str, Any], place: str
) -> None:
    # Checking the schema would compile it with Python's re, whose parser
    # recurses once per group: RE2's limits refuse it first.
    with pytest.raises(PatternError, match=re.escape(place)) as refused:
        MatchesJSONSchema(schema)
    assert f"limit is {MAX_PATTERN_CHARS} characters" in str(refused.value)
    # The message names a long key by its start, not all 4,001 characters.
    assert len(str(refused.value)) < 300


async def test_the_regex_format_survives_a_deeply_nested_string() -> None:
    check = MatchesJSONSchema({"type": "string", "format": "regex"})
    [evidence] = await verdict_of(check, json.dumps(NESTED))
    assert evidence.status == "ok" and evidence.passed is False


# -- internal patterns that scan drafts stay linear -----------------------------------


def test_measures_of_pathological_drafts() -> None:
    assert _measure.sentences("." * 50_000 + "x") == ["." * 50_000 + "x"]
    assert _measure.placeholders("[" + "a" * 50_000) == []
    assert _measure.paragraphs("\n" * 50_000 + "x", "***") == ["x"]
    assert _shapes.TITLE_LINE.search("<<" + "a" * 50_000) is None
    assert not _shapes.SHAPES.measure(Postscript(), "\n" * 50_000).passed
    assert _fenced_body("```\n" + " " * 50_000 + "x") is None


_OLD = {  # the backtracking forms, as a reference for what the linear ones find
    "sentence": r"[.!?…]+[\"'”’)\]]*(?=\s|$)",
    "placeholder": r"\[[^\[\]\n]*[^\s\[\]][^\[\]\n]*\](?!\()",
    "title": r"<<([^<>\n]*[^\s<>][^<>\n]*)>>",
}
_NEW = {
    "sentence": _measure._SENTENCE_END,
    "placeholder": _measure._PLACEHOLDER,
    "title": _shapes.TITLE_LINE,
}
_ALPHABETS = {"sentence": '.!"a )', "placeholder": "[]a \n(", "title": "<>a \n"}


@pytest.mark.parametrize("name", sorted(_OLD))
def test_linear_rewrites_find_what_the_old_patterns_found(name: str) -> None:
    old = re.compile(_OLD[name])
    for length in range(1, 7):
        for chars in itertools.product(_ALPHABETS[name], repeat=length):
            text = "".join(chars)
            expected = [(m.span(), m.groups()) for m in old.finditer(text)]
            assert [(m.span(), m.groups()) for m in _NEW[name].finditer(text)] == expected, text


def test_the_fence_reader_agrees_with_the_regex_it_replaced() -> None:
    old = re.compile(
        r"\A\s*```[ \t]*(?:json)?[ \t]*\r?\n(?P<body>.*?)\r?\n?[ \t]*```\s*\Z",
        re.DOTALL | re.IGNORECASE,
    )
    for length in range(1, 6):
        for pieces in itertools.product(["`", "```", "\n", " ", "\r", "JSON", "x"], repeat=length):
            text = "".join(pieces)
            match = old.match(text)
            assert _fenced_body(text) == (match.group("body") if match else None), text


def test_rule_descriptions_survive_round_trips() -> None:
    rule: dict[str, Any] = {"pattern": r"\bodds\b", "points": -2, "description": "Odds"}
    assert PointRule.from_dict(rule).to_dict()["pattern"] == r"\bodds\b"
