"""Signed-point rules: what fires, what it is worth, and what is refused."""

from __future__ import annotations

import re
from typing import Any

import pytest

from redraft import ConfigurationError, RunRequest, Verdict
from redraft.evaluators import EvaluationContext, PointRule, RuleCheck, Subject
from redraft.evaluators._rules import MAX_PATTERN_CHARS, MAX_SCAN_CHARS

GAMBLING = PointRule(r"\b(casino|poker|bet(ting)?)\b", -5, "Gambling mentions found")
SOURCES = PointRule(r"\bsources?:", 10, "Cites its sources")
NO_DISCLAIMER = PointRule("not financial advice", -20, "Missing disclaimer", when="absent")


async def run(check: RuleCheck, text: str, *, threshold: float = 0.5) -> Verdict:
    return await check.evaluate(
        Subject(request=RunRequest.from_prompt(""), text=text),
        EvaluationContext(threshold=threshold, gateway=object()),  # type: ignore[arg-type]
    )


async def test_a_present_rule_reports_its_negative_points_and_match_count() -> None:
    verdict = await run(RuleCheck([GAMBLING]), "Poker and betting at the CASINO, more poker.")
    [evidence] = verdict.evidence
    assert evidence.points == -5
    assert evidence.passed is False and evidence.score == 0.0
    assert evidence.reason == "Gambling mentions found (4 matches)"
    assert evidence.source == r"rule: \b(casino|poker|bet(ting)?)\b"
    assert evidence.kind == "check" and evidence.evaluator == "rules"
    assert evidence.data["count"] == 4
    assert evidence.data["matches"] == ["Poker", "betting", "CASINO", "poker"]
    assert evidence.data["when"] == "present"
    assert evidence.suggestions and "Gambling mentions found" in evidence.suggestions[0]
    assert verdict.passed is False


async def test_one_match_is_singular_and_a_positive_rule_passes() -> None:
    verdict = await run(RuleCheck([SOURCES]), "Paris is the capital. Source: Britannica.")
    [evidence] = verdict.evidence
    assert evidence.points == 10 and evidence.passed is True and evidence.score == 1.0
    assert evidence.reason == "Cites its sources (1 match)"
    assert evidence.suggestions == []
    assert verdict.passed is True and verdict.score == 1.0


async def test_an_absent_rule_fires_only_when_the_pattern_is_missing() -> None:
    check = RuleCheck([NO_DISCLAIMER])
    fired = (await run(check, "Buy the stock now.")).evidence
    assert [(e.points, e.passed, e.reason) for e in fired] == [(-20, False, "Missing disclaimer")]
    assert fired[0].data == {
        "pattern": "not financial advice",
        "when": "absent",
        "matches": [],
        "count": 0,
        "truncated": False,
    }
    assert fired[0].suggestions == [
        'Include "not financial advice" in the answer (Missing disclaimer).'
    ]
    quiet = (await run(check, "Buy it. This is NOT financial advice.")).evidence
    assert [e.points for e in quiet] == [0]


async def test_a_positive_absent_rule_rewards_leaving_something_out() -> None:
    rule = PointRule("lorem ipsum", 3, "No placeholder text", when="absent")
    [evidence] = (await run(RuleCheck([rule]), "A real answer.")).evidence
    assert evidence.points == 3 and evidence.passed and evidence.score == 1.0


async def test_case_is_ignored_by_default_and_kept_on_request() -> None:
    loose = PointRule("paris", 1, "Mentions Paris")
    strict = PointRule("paris", 1, "Mentions Paris", ignore_case=False)
    assert (await run(RuleCheck([loose]), "PARIS")).evidence[0].points == 1
    [neutral] = (await run(RuleCheck([strict]), "PARIS")).evidence
    assert neutral.points == 0 and neutral.reason.startswith("no rule fired")
    assert (await run(RuleCheck([strict]), "paris")).evidence[0].points == 1


async def test_no_rule_fired_is_one_neutral_passing_finding() -> None:
    check = RuleCheck([GAMBLING, SOURCES, PointRule("spam", -1, "Spam")], name="policy")
    verdict = await run(check, "A plain answer about geography.")
    [evidence] = verdict.evidence
    assert evidence.points == 0 and evidence.passed is True and evidence.score == 1.0
    assert evidence.reason == "no rule fired (3 rules checked)"
    assert evidence.evaluator == "policy"
    assert verdict.passed is True


async def test_every_fired_rule_is_its_own_finding_and_one_penalty_fails_the_verdict() -> None:
    check = RuleCheck([GAMBLING, SOURCES, NO_DISCLAIMER])
    verdict = await run(check, "Try poker. Sources: me. Not financial advice.")
    assert [e.points for e in verdict.evidence] == [-5, 10]
    assert verdict.passed is False
    assert verdict.score == 0.5
    assert "Gambling mentions found (1 match)" in verdict.reason


async def test_only_bonuses_pass_even_at_a_high_threshold() -> None:
    check = RuleCheck([SOURCES, PointRule("paris", 2, "Names the city")])
    verdict = await run(check, "Paris. Sources: atlas.", threshold=1.0)
    assert [e.points for e in verdict.evidence] == [10, 2]
    assert verdict.passed is True


async def test_matches_are_clipped_and_at_most_five_are_recorded() -> None:
    rule = PointRule(r"x+", -1, "Too many x")
    [evidence] = RuleCheck([rule]).apply(" ".join(["x" * 200] * 7))
    assert evidence.data["count"] == 7
    assert len(evidence.data["matches"]) == 5
    assert all(m == "x" * 80 + "…" for m in evidence.data["matches"])


def test_only_the_first_part_of_a_huge_text_is_scanned() -> None:
    rule = PointRule("needle", -1, "Found the needle")
    text = "a" * MAX_SCAN_CHARS + "needle"
    [evidence] = RuleCheck([rule]).apply(text)
    assert evidence.points == 0 and evidence.data["truncated"] is True
    assert RuleCheck([rule]).apply("needle")[0].points == -1


# -- configuration errors -------------------------------------------------------------


def test_an_invalid_regex_names_the_rule_and_the_problem() -> None:
    with pytest.raises(ConfigurationError, match=r"rule /\(unclosed/: 'pattern' .*invalid"):
        PointRule("(unclosed", -1, "Broken")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"points": 0}, "'points' must be a finite, non-zero number, got 0"),
        ({"points": float("nan")}, "'points'"),
        ({"points": True}, "'points'"),
        ({"description": "  "}, "'description' must be a non-empty string"),
        ({"pattern": ""}, "'pattern' must be a non-empty string"),
        ({"pattern": "a" * (MAX_PATTERN_CHARS + 1)}, "the limit is 500"),
        ({"when": "sometimes"}, "'when' must be 'present' or 'absent'"),
        ({"ignore_case": "yes"}, "'ignore_case' must be true or false"),
    ],
)
def test_bad_fields_are_configuration_errors_naming_the_field(
    kwargs: dict[str, Any], message: str
) -> None:
    fields: dict[str, Any] = {"pattern": "casino", "points": -5, "description": "Gambling"}
    fields.update(kwargs)
    with pytest.raises(ConfigurationError, match=re.escape(message)):
        PointRule(**fields)


def test_rules_build_from_json_objects() -> None:
    check = RuleCheck.from_dicts(
        [
            {"pattern": "casino", "points": -5, "description": "Gambling"},
            {"pattern": "disclaimer", "points": 2, "description": "Has one", "when": "absent"},
        ],
        name="policy",
    )
    assert check.rules[0] == PointRule("casino", -5, "Gambling")
    assert check.rules[1].when == "absent"
    assert PointRule.from_dict(check.rules[1].to_dict()) == check.rules[1]


def test_unknown_keys_are_refused_by_name() -> None:
    with pytest.raises(ConfigurationError, match=r"unknown keys 'ignorecase', 'weight'"):
        PointRule.from_dict(
            {"pattern": "x", "points": 1, "description": "d", "ignorecase": True, "weight": 2}
        )


def test_missing_keys_are_refused_by_name() -> None:
    with pytest.raises(ConfigurationError, match=r"missing required key 'description'"):
        PointRule.from_dict({"pattern": "x", "points": 1})


def test_from_dicts_says_which_rule_is_wrong() -> None:
    with pytest.raises(ConfigurationError, match=r"^policy: rules\[1\]: rule /\[/: 'pattern'"):
        RuleCheck.from_dicts(
            [
                {"pattern": "ok", "points": 1, "description": "fine"},
                {"pattern": "[", "points": 1, "description": "broken"},
            ],
            name="policy",
        )
    with pytest.raises(ConfigurationError, match="must be a JSON object"):
        RuleCheck.from_dicts(["casino"])  # type: ignore[list-item]
    with pytest.raises(ConfigurationError, match="JSON array"):
        RuleCheck.from_dicts({"pattern": "x"})  # type: ignore[arg-type]


def test_a_rule_check_needs_rules() -> None:
    with pytest.raises(ConfigurationError, match="at least one rule"):
        RuleCheck([])
    with pytest.raises(ConfigurationError, match=r"rules\[0\] must be a PointRule"):
        RuleCheck([{"pattern": "x"}])  # type: ignore[list-item]
