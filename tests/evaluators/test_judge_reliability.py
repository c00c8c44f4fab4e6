"""How often a judge is right: audits against exact checks, the record, and
what a judge no better than chance may still decide."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from redraft import Completion, ConfigurationError, ModelRequest, Policy, RunRequest, Verdict
from redraft.app import build_panel
from redraft.core import TokenLogprobs
from redraft.core._evaluator import settle
from redraft.core._ledger import Ledger
from redraft.evaluators import (
    Comparison,
    EvaluationContext,
    Evaluator,
    Judge,
    Reliability,
    Subject,
    calibrated_band,
    comparisons_in,
    measure_judges,
)
from redraft.evaluators._reliability import BAND_FLOOR, MIN_PER_CLASS
from redraft.providers import FunctionModel

COMMAS = "Do not use any commas"


def said(yes: bool) -> Completion:
    top = {"Yes": math.log(0.97 if yes else 0.01), "No": math.log(0.01 if yes else 0.97)}
    token = "Yes" if yes else "No"
    return Completion(
        text=token, logprobs=[TokenLogprobs(token=token, logprob=top[token], top=top)]
    )


def draft_of(request: ModelRequest) -> str:
    user = request.messages[-1].text
    return user.split("<answer>\n", 1)[1].split("\n</answer>", 1)[0]


async def evaluate(panel: Evaluator, request: RunRequest, text: str) -> Verdict:
    context = EvaluationContext(threshold=0.7, gateway=Ledger(Policy()))
    return settle(await panel.evaluate(Subject(request=request, text=text), context))


def test_the_record_of_a_judge_right_four_times_in_five() -> None:
    record = Reliability(judge="j", preset="checklist", tp=40, fn=10, tn=40, fp=10, uncertain=3)
    assert record.n == 100
    assert record.balanced_accuracy == 0.8
    assert record.kappa == pytest.approx(0.6)
    low, high = record.interval or (0, 0)
    assert 0.68 < low < 0.8 < high < 0.92
    assert record.status == "reliable" and not record.flagged
    assert "balanced accuracy 0.80" in record.describe()


def test_a_coin_is_flagged_and_a_short_record_is_unmeasured() -> None:
    coin = Reliability(judge="j", preset="checklist", tp=25, fn=25, tn=25, fp=25)
    assert coin.balanced_accuracy == 0.5 and coin.kappa == 0.0
    assert coin.flagged and "no better than chance" in coin.describe()
    # Only requirements that were met: balanced accuracy cannot be told.
    one_sided = Reliability(judge="j", preset="checklist", tp=30, fn=2)
    assert one_sided.status == "unmeasured" and not one_sided.flagged
    assert one_sided.describe() == "not measured yet (n=32)"
    few = Reliability(judge="j", preset="checklist", tp=3, fn=0, tn=3, fp=0)
    assert few.status == "unmeasured"


def test_a_judge_right_80_percent_of_the_time_measures_within_five_points() -> None:
    rng = random.Random(7)
    comparisons = []
    for i in range(400):
        truth = rng.random() < 0.5
        right = i % 5 != 0
        comparisons.append(
            Comparison(
                judge="j",
                preset="checklist",
                requirement="r",
                truth=truth,
                said=truth if right else not truth,
            )
        )
    [record] = measure_judges(comparisons).values()
    assert record.n == 400
    assert abs((record.balanced_accuracy or 0) - 0.8) <= 0.05
    assert record.status == "reliable"


async def test_a_flagged_judge_passes_nothing_alone_but_still_fails() -> None:
    coin = Reliability(judge="scripted:function", preset="checklist", tp=25, fn=25, tn=25, fp=25)
    request = RunRequest.from_prompt("Write a short poem about rain.")
    yes = Judge(FunctionModel(lambda r: said(True), supports_logprobs=True), reliability=coin)
    verdict = await evaluate(yes, request, "Rain on the roof")
    [item] = verdict.evidence[0].data["items"]
    assert item["answer"] == "uncertain" and item["confidence"] == 0.0 and item["p_yes"] > 0.9
    assert verdict.passed is None
    assert verdict.evidence[0].data["reliability"]["status"] == "chance"

    no = Judge(FunctionModel(lambda r: said(False), supports_logprobs=True), reliability=coin)
    assert (await evaluate(no, request, "Rain on the roof")).passed is False

    trusted = coin.model_copy(update={"tp": 45, "fn": 5, "tn": 45, "fp": 5})
    good = Judge(FunctionModel(lambda r: said(True), supports_logprobs=True), reliability=trusted)
    assert (await evaluate(good, request, "Rain on the roof")).passed is True


def panel_with(model: FunctionModel, request: RunRequest, rate: float) -> Evaluator:
    return build_panel(model, request=request, audit_rate=rate)


async def test_an_audit_asks_about_a_checked_requirement_and_never_changes_the_verdict() -> None:
    request = RunRequest.from_prompt(f"Write a short poem about rain. {COMMAS}.")

    # The judge is wrong about the commas every time: the verdict must not care.
    def answer(r: ModelRequest) -> Completion:
        item = r.messages[-1].text.split("Requirement: ", 1)[1].split("\n", 1)[0]
        return said(item != COMMAS)

    model = FunctionModel(answer, supports_logprobs=True)
    verdict = await evaluate(panel_with(model, request, 1.0), request, "Rain falls soft and slow")

    assert verdict.passed is True
    judge = next(e for e in verdict.evidence if e.kind == "judge")
    audit = judge.data["audit"]
    assert audit["requirement"] == COMMAS and audit["truth"] is True and audit["said"] is False
    assert [c.model_dump() for c in comparisons_in([judge.data])] == [
        Comparison(
            judge="scripted:function",
            preset="checklist",
            requirement=COMMAS,
            truth=True,
            said=False,
            p_yes=audit["p_yes"],
        ).model_dump()
    ]
    # The audit is a recorded judge call of its own.
    assert sum(f"Requirement: {COMMAS}\n" in r.messages[-1].text for r in model.history) == 1


async def test_a_draft_the_checks_reject_is_audited_too() -> None:
    request = RunRequest.from_prompt(f"Write a short poem about rain. {COMMAS}.")
    model = FunctionModel(lambda r: said("," not in draft_of(r)), supports_logprobs=True)
    verdict = await evaluate(panel_with(model, request, 1.0), request, "Rain, soft, slow")

    assert verdict.passed is False
    skipped = next(e for e in verdict.evidence if e.kind == "judge")
    assert skipped.status == "skipped"
    assert skipped.data["audit"]["truth"] is False and skipped.data["audit"]["said"] is False
    assert len(model.history) == 1  # the audit, and no judging of the rejected draft


async def test_audits_are_sampled_at_the_rate() -> None:
    request = RunRequest.from_prompt(f"Write a short poem about rain. {COMMAS}.")
    model = FunctionModel(lambda r: said(True), supports_logprobs=True)
    judge = Judge(
        model, checklist=["Write a short poem about rain"], audit_rate=0.25, rng=random.Random(3)
    )
    settled = build_panel(None, request=request)
    audits = 0
    for _ in itertools.repeat(None, 200):
        context = EvaluationContext(threshold=0.7, gateway=Ledger(Policy()))
        checked = await settled.evaluate(Subject(request=request, text="Rain"), context)
        context = EvaluationContext(
            threshold=0.7, gateway=Ledger(Policy()), settled=checked.requirements
        )
        verdict = await judge.evaluate(Subject(request=request, text="Rain"), context)
        audits += "audit" in verdict.evidence[0].data
    assert 30 <= audits <= 70


def test_audit_rate_is_validated() -> None:
    with pytest.raises(ConfigurationError, match=r"audit_rate must be 0\.\.1"):
        Judge(FunctionModel(lambda r: "yes"), audit_rate=1.5)


# -- calibrated bands ------------------------------------------------------------------


def test_a_band_is_read_where_p_yes_tells_the_truth() -> None:
    # Shy: P(yes) 0.3-0.4 when the requirement holds, 0.05-0.15 when it does not.
    rng = random.Random(3)
    samples = [
        (truth, round(rng.uniform(0.3, 0.4) if truth else rng.uniform(0.05, 0.15), 3), 1)
        for truth in [i % 2 == 0 for i in range(80)]
    ]

    band = calibrated_band(samples)

    assert band is not None and band.n == 80
    assert band.yes_from is not None and 0.3 <= band.yes_from <= 0.32
    assert band.no_to is not None and 0.13 <= band.no_to <= 0.15
    assert (band.yes_accuracy or 0) >= BAND_FLOOR and (band.no_accuracy or 0) >= BAND_FLOOR


def test_a_p_yes_that_says_nothing_gives_a_band_that_believes_nothing() -> None:
    rng = random.Random(5)
    samples = [(i % 2 == 0, round(rng.random(), 3), 1) for i in range(400)]

    band = calibrated_band(samples)

    assert band is not None
    assert (band.yes_from, band.no_to) == (None, None)
    assert band.describe() == "no P(yes) it can be believed at"


def test_no_band_before_both_outcomes_were_seen_often_enough() -> None:
    assert calibrated_band([(True, 0.9, 30), (False, 0.1, MIN_PER_CLASS - 1)]) is None
    assert calibrated_band([(True, 0.9, 30), (False, 0.1, MIN_PER_CLASS)]) is not None


def test_a_cut_off_never_splits_answers_given_at_one_p_yes() -> None:
    # At 0.6 the judge was right 20 times and wrong 20: nothing at 0.6 is believed.
    samples = [(True, 0.9, 40), (True, 0.6, 20), (False, 0.6, 20), (False, 0.1, 40)]

    band = calibrated_band(samples)

    assert band is not None and (band.yes_from, band.no_to) == (0.9, 0.1)


def test_measuring_comparisons_calibrates_each_judge() -> None:
    comparisons = [
        Comparison(judge="j", preset="checklist", requirement="r", truth=t, said=None, p_yes=p)
        for t, p in [(True, 0.8)] * 30 + [(False, 0.2)] * 30
    ]
    record = measure_judges(comparisons)[("j", "checklist")]
    assert record.band is not None and (record.band.yes_from, record.band.no_to) == (0.8, 0.2)


async def test_a_calibrated_judge_reads_p_yes_through_its_band() -> None:
    # P(yes) 0.37 against P(no) 0.6: by the fixed floor (confidence 0.23) uncertain.
    top = {"Yes": math.log(0.37), "No": math.log(0.6)}
    shy = Completion(text="No", logprobs=[TokenLogprobs(token="No", logprob=top["No"], top=top)])
    model = FunctionModel(lambda r: shy, supports_logprobs=True)
    request = RunRequest.from_prompt("Name a colour.")
    band = calibrated_band([(True, 0.38, 30), (False, 0.1, 30)])
    assert band is not None and band.yes_from == 0.38
    calibrated = Reliability(judge=model.spec, preset="checklist", uncertain=60, band=band)

    floor = await evaluate(Judge(model, checklist=["Names a colour"]), request, "Blue.")
    read = await evaluate(
        Judge(model, checklist=["Names a colour"], reliability=calibrated), request, "Blue."
    )

    assert floor.passed is None  # not sure by the floor
    assert read.passed is True
    [item] = read.evidence[0].data["items"]
    assert item["answer"] == "yes" and item["calibrated"] is True
    assert item["confidence"] == band.yes_accuracy


async def test_a_judge_whose_band_believes_nothing_is_not_asked_but_still_audited() -> None:
    request = RunRequest.from_prompt(f"Write a short poem about rain. {COMMAS}.")
    model = FunctionModel(lambda r: said(True), supports_logprobs=True)
    rng = random.Random(5)
    noise = calibrated_band([(i % 2 == 0, round(rng.random(), 3), 1) for i in range(100)])
    assert noise is not None and (noise.yes_from, noise.no_to) == (None, None)
    record = Reliability(judge=model.spec, preset="checklist", uncertain=100, band=noise)
    panel = build_panel(
        model, request=request, audit_rate=1.0, reliability={(record.judge, record.preset): record}
    )

    verdict = await evaluate(panel, request, "Rain falls soft and slow")

    assert verdict.passed is None  # the commas are checked; the haiku is not judged
    judge = next(e for e in verdict.evidence if e.kind == "judge")
    # The score is that of what was verified: the commas, not a 0.5 for the haiku.
    assert judge.score is None and verdict.score == 1.0
    assert "not asked: its record shows no P(yes) it can be believed at" in judge.reason
    assert {item["method"] for item in judge.data["items"]} == {"not asked"}
    assert judge.data["audit"]["requirement"] == COMMAS
    assert len(model.history) == 1  # the audit alone: the record keeps learning
    haiku = next(r for r in verdict.requirements if r.text.startswith("Write a short poem"))
    assert (haiku.coverage, haiku.passed) == ("unverified", None)
    assert haiku.reason.startswith("judge not asked")
