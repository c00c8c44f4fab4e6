"""Composition: all/any/weighted panels, the cheap-first cascade and build_panel."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from _judging import ALL_YES
from redraft import ConfigurationError, Evidence, Policy, RunRequest, Verdict, run
from redraft.app import build_panel
from redraft.core._ledger import Ledger
from redraft.evaluators import (
    AllOf,
    AnyOf,
    CallableCheck,
    Cascade,
    EvaluationContext,
    Evaluator,
    Judge,
    MatchesJSONSchema,
    MaxWords,
    MustMatch,
    MustNotMatch,
    Subject,
    Weighted,
    aggregate,
)
from redraft.providers import ScriptedModel

GOOD = json.dumps({"quality_score": 9, "confidence_score": 9, "issues": [], "improvement_hint": ""})
"""A passing reply of the ``quality`` preset, which the cascade tests name."""


async def evaluate(
    evaluator: Evaluator, text: str, *, threshold: float = 0.8, ledger: Ledger | None = None
) -> Verdict:
    return await evaluator.evaluate(
        Subject(request=RunRequest.from_prompt("Capital of France?"), text=text),
        EvaluationContext(threshold=threshold, gateway=ledger or Ledger(Policy())),
    )


class Fixed(Evaluator):
    """Gives a fixed score; passes at ``passed``."""

    def __init__(self, name: str, score: float, *, passed: bool, required: bool = True) -> None:
        self.name = name
        self.score = score
        self.passed = passed
        self.required = required

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        evidence = Evidence(
            evaluator=self.name,
            score=self.score,
            passed=self.passed,
            required=self.required,
            reason=f"{self.name} says {self.score}",
            suggestions=[] if self.passed else [f"fix {self.name}"],
        )
        return aggregate([evidence], threshold=context.threshold)


class Broken(Evaluator):
    name = "broken"

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        raise RuntimeError("evaluator bug")


# -- AllOf / AnyOf / Weighted ------------------------------------------------------


async def test_all_of_passes_when_every_child_passes_and_keeps_child_order() -> None:
    verdict = await evaluate(AllOf(MustMatch("Paris"), MaxWords(10)), "It is Paris.")
    assert verdict.passed and verdict.score == 1.0
    assert [e.evaluator for e in verdict.evidence] == ["must_match /Paris/", "max_words 10"]


async def test_all_of_averages_scores_and_fails_on_any_required_failure() -> None:
    verdict = await evaluate(AllOf(MustMatch("Paris"), MaxWords(2)), "It is Paris.", threshold=0.0)
    # 1.0 for the match, 2/3 for three words against a limit of two
    assert verdict.score == pytest.approx((1 + 2 / 3) / 2)
    assert not verdict.passed
    assert verdict.suggestions == ["Shorten the answer to at most 2 words (it has 3)."]


async def test_all_of_ignores_a_failed_optional_child_but_not_the_threshold() -> None:
    panel = AllOf(Fixed("a", 1.0, passed=True), Fixed("b", 0.4, passed=False, required=False))
    assert (await evaluate(panel, "x", threshold=0.7)).passed  # mean 0.7
    assert not (await evaluate(panel, "x", threshold=0.8)).passed


class Unsure(Evaluator):
    """A judge below the confidence floor: it decided nothing."""

    name = "unsure-judge"
    kind = "judge"

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        evidence = Evidence(evaluator=self.name, kind="judge", passed=False, confidence=0.1)
        return aggregate([evidence], threshold=context.threshold)


async def test_the_score_counts_what_was_verified_and_never_a_judge_that_decided_nothing() -> None:
    verdict = await evaluate(AllOf(MustMatch("Paris"), Unsure()), "It is Paris.", threshold=0.5)
    assert verdict.score == 1.0  # the match; the unsure judge is not a 0 or a 0.5
    assert not verdict.passed  # nor does it pass anything
    assert (await evaluate(AllOf(Unsure(), Broken()), "x")).score == 0.0  # an error is a 0
    assert (await evaluate(AnyOf(Unsure(), MustMatch("Lyon")), "Paris.")).score == 0.0


async def test_any_of_passes_on_one_passing_child() -> None:
    panel = AnyOf(MustMatch("Paris"), MustMatch("Lyon"))
    verdict = await evaluate(panel, "Lyon.")
    assert verdict.passed
    assert verdict.score == 1.0  # the best alternative's score, not the mean
    assert [e.passed for e in verdict.evidence] == [False, True]
    assert not (await evaluate(panel, "Marseille.")).passed


async def test_any_of_scores_its_best_child() -> None:
    panel = AnyOf(Fixed("a", 0.3, passed=False), Fixed("b", 0.6, passed=False), Broken())
    verdict = await evaluate(panel, "x", threshold=0.5)
    assert verdict.score == pytest.approx(0.6)
    assert not verdict.passed


async def test_weighted_mean_and_threshold() -> None:
    panel = Weighted(
        [
            (Fixed("judge", 1.0, passed=True), 3),
            (Fixed("style", 0.0, passed=False, required=False), 1),
        ]
    )
    verdict = await evaluate(panel, "x", threshold=0.75)
    assert verdict.score == pytest.approx(0.75)
    assert verdict.passed
    assert not (await evaluate(panel, "x", threshold=0.76)).passed


async def test_weighted_fails_when_a_required_child_fails_whatever_the_mean() -> None:
    panel = Weighted([(Fixed("judge", 1.0, passed=True), 9), (Fixed("rule", 0.0, passed=False), 1)])
    verdict = await evaluate(panel, "x", threshold=0.5)
    assert verdict.score == pytest.approx(0.9)
    assert not verdict.passed


@pytest.mark.parametrize("weight", [0, -1, float("nan"), float("inf"), True, "2"])
def test_weighted_rejects_bad_weights(weight: Any) -> None:
    with pytest.raises(ConfigurationError, match="weights must be positive"):
        Weighted([(MaxWords(3), weight)])


def test_weighted_needs_pairs() -> None:
    with pytest.raises(ConfigurationError, match=r"\(evaluator, weight\) pairs"):
        Weighted([MaxWords(3)])  # type: ignore[list-item]


@pytest.mark.parametrize("make", [lambda: AllOf(), lambda: AnyOf(), lambda: Weighted([])])
def test_a_composite_needs_children(make: Any) -> None:
    with pytest.raises(ConfigurationError, match="at least one evaluator"):
        make()


def test_a_composite_takes_only_evaluators() -> None:
    with pytest.raises(ConfigurationError, match="takes evaluators"):
        AllOf(MaxWords(3), "Paris")  # type: ignore[arg-type]


class Rendezvous(Evaluator):
    """Finishes only once its partner has started: deadlocks if run one at a time."""

    def __init__(self, name: str, mine: asyncio.Event, theirs: asyncio.Event) -> None:
        self.name = name
        self.mine = mine
        self.theirs = theirs

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        self.mine.set()
        await self.theirs.wait()
        return aggregate(
            [Evidence(evaluator=self.name, passed=True, score=1.0)], threshold=context.threshold
        )


@pytest.mark.parametrize("kind", [AllOf, AnyOf])
async def test_children_run_concurrently(kind: type[AllOf] | type[AnyOf]) -> None:
    a, b = asyncio.Event(), asyncio.Event()
    panel = kind(Rendezvous("a", a, b), Rendezvous("b", b, a))
    verdict = await asyncio.wait_for(evaluate(panel, "x"), timeout=5)
    assert verdict.passed


async def test_a_crashing_child_becomes_error_evidence_beside_its_siblings() -> None:
    verdict = await evaluate(AnyOf(MustMatch("Paris"), Broken()), "Paris")
    assert [e.status for e in verdict.evidence] == ["ok", "error"]
    assert verdict.evidence[1].reason == "broken failed: RuntimeError: evaluator bug"
    assert verdict.degraded
    assert not (await evaluate(AllOf(MustMatch("Paris"), Broken()), "Paris")).passed


async def test_nesting_keeps_its_meaning_and_all_evidence() -> None:
    panel = AllOf(AnyOf(MustMatch("Lyon"), MustMatch("Paris")), MaxWords(5))
    verdict = await evaluate(panel, "It is Paris.")
    assert verdict.passed
    assert [e.evaluator for e in verdict.evidence] == [
        "must_match /Lyon/",
        "must_match /Paris/",
        "max_words 5",
    ]


# -- Cascade ---------------------------------------------------------------------


async def test_cascade_skips_the_judge_when_a_required_check_fails() -> None:
    judge_model = ScriptedModel([GOOD])
    ledger = Ledger(Policy())
    cascade = Cascade(MustMatch("Paris"), Judge(judge_model, "quality"))
    verdict = await evaluate(cascade, "It is Lyon.", ledger=ledger)
    assert not verdict.passed
    assert judge_model.history == []
    assert ledger.calls == []
    check, skipped = verdict.evidence
    assert (check.evaluator, check.passed) == ("must_match /Paris/", False)
    assert skipped.status == "skipped" and skipped.kind == "judge"
    assert skipped.evaluator == "quality-judge"
    assert skipped.reason == "skipped: required check must_match /Paris/ failed"
    assert verdict.suggestions == ['Include the text "Paris" in the answer.']


async def test_cascade_runs_the_judge_when_the_checks_pass() -> None:
    judge_model = ScriptedModel([GOOD])
    ledger = Ledger(Policy())
    cascade = Cascade(Judge(judge_model, "quality"), MustMatch("Paris"), MaxWords(10))
    verdict = await evaluate(cascade, "It is Paris.", ledger=ledger)
    assert verdict.passed
    assert verdict.score == pytest.approx((0.9 + 1 + 1) / 3)
    assert len(judge_model.history) == 1
    assert [(c.kind, c.evaluator) for c in ledger.calls] == [("judge", "quality-judge")]
    # evidence stays in the order the evaluators were given, judge first
    assert [e.evaluator for e in verdict.evidence] == [
        "quality-judge",
        "must_match /Paris/",
        "max_words 10",
    ]


async def test_cascade_names_every_failed_check() -> None:
    cascade = Cascade(MustMatch("Paris"), MaxWords(1), Judge(ScriptedModel([]), "quality"))
    verdict = await evaluate(cascade, "It is Lyon.")
    assert verdict.evidence[-1].reason == (
        "skipped: required checks must_match /Paris/, max_words 1 failed"
    )


async def test_an_optional_failed_check_does_not_stop_the_judge() -> None:
    judge_model = ScriptedModel([GOOD])
    cascade = Cascade(MaxWords(1, required=False), Judge(judge_model, "quality"))
    await evaluate(cascade, "It is Paris.", threshold=0.5)
    assert len(judge_model.history) == 1


async def test_an_erroring_check_stops_the_judge() -> None:
    def broken(text: str) -> bool:
        raise ValueError("no")

    judge_model = ScriptedModel([GOOD])
    verdict = await evaluate(Cascade(CallableCheck(broken), Judge(judge_model)), "x")
    assert judge_model.history == []
    assert [e.status for e in verdict.evidence] == ["error", "skipped"]
    assert not verdict.passed


async def test_a_failing_judge_after_passing_checks_fails_the_cascade() -> None:
    cascade = Cascade(MustMatch("Paris"), Judge(ScriptedModel(["not json at all"])))
    verdict = await evaluate(cascade, "Paris", threshold=0.1)
    assert not verdict.passed
    assert [e.status for e in verdict.evidence] == ["ok", "error"]


def test_cascade_reports_whether_it_uses_an_llm() -> None:
    assert Cascade(MaxWords(3)).uses_llm is False
    assert Cascade(MaxWords(3), Judge(ScriptedModel([]))).uses_llm is True


# -- build_panel -----------------------------------------------------------------


def test_build_panel_orders_the_checks_before_the_judge() -> None:
    panel = build_panel(
        ScriptedModel([]),
        must_match=["Paris"],
        must_not_match=["Lyon"],
        max_words=50,
        json_schema={"type": "string"},
        checks=[CallableCheck(str.isascii)],
    )
    assert isinstance(panel, Cascade)
    kinds = [type(child) for child in panel.children]
    assert kinds == [MustMatch, MustNotMatch, MaxWords, MatchesJSONSchema, CallableCheck, Judge]


@pytest.mark.parametrize(
    ("preset", "criteria", "expected"),
    [(None, None, "checklist"), (None, "Says Paris.", "checklist"), ("ragas", "x", "ragas")],
)
def test_build_panel_default_preset(
    preset: str | None, criteria: str | None, expected: str
) -> None:
    panel = build_panel(ScriptedModel([]), preset=preset, criteria=criteria)
    assert isinstance(panel, Cascade)
    [judge] = panel.children
    assert isinstance(judge, Judge) and judge.preset == expected


def test_build_panel_checks_only() -> None:
    panel = build_panel(None, must_match=["\\d"])
    assert isinstance(panel, Cascade)
    assert not panel.uses_llm
    assert panel.name == "must_match /\\d/"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "nothing to evaluate: give a judge model or at least one check"),
        ({"must_match": ["(unclosed"]}, "'(unclosed'"),
        ({"must_not_match": ["[z-a]"]}, "'[z-a]'"),
        ({"max_words": 0}, "max_words"),
        ({"json_schema": {"type": 12}}, "invalid JSON schema"),
        ({"preset": "quality", "max_words": 5}, "no judge model"),
        ({"criteria": "be right", "max_words": 5}, "no judge model"),
    ],
)
def test_build_panel_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigurationError) as caught:
        build_panel(None, **kwargs)
    assert message in str(caught.value)


def test_build_panel_rejects_an_unknown_preset() -> None:
    with pytest.raises(ConfigurationError, match="unknown judge preset"):
        build_panel(ScriptedModel([]), preset="lenient")


async def test_a_panel_drives_a_run_and_spares_the_judge_on_rejected_drafts() -> None:
    generator = ScriptedModel(["It is Lyon.", "It is Paris."])
    judge_model = ScriptedModel([ALL_YES])
    result = await run(
        RunRequest.from_prompt("Capital of France?"),
        generator=generator,
        evaluator=build_panel(judge_model, must_match=["Paris"]),
        policy=Policy(max_attempts=3, threshold=0.8),
    )
    assert result.passed and result.final_answer == "It is Paris."
    assert [(c.kind, c.attempt) for c in result.calls] == [("draft", 1), ("draft", 2), ("judge", 2)]
    first = result.drafts[0].verdict
    assert first is not None
    assert [e.status for e in first.evidence] == ["ok", "skipped"]
