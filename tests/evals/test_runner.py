"""Running an eval's rows: outcomes per row and arm, the baseline's one
draft, failures kept as outcomes, and the figures they add up to."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from redraft import ModelRequest, Policy
from redraft.core._errors import ConfigurationError, ProviderAuthError, RunFailedError
from redraft.evals import (
    DatasetRow,
    Eval,
    EvalConfig,
    EvalOutcome,
    mcnemar_p,
    redrafter_for,
    run_outcomes,
    summarise,
    wilson,
)
from redraft.providers import FunctionModel


def _eval(rows: list[DatasetRow], *, compare: bool = False, max_attempts: int = 3) -> Eval:
    now = datetime.now(UTC)
    return Eval(
        id="eval_test",
        name="test",
        created_at=now,
        updated_at=now,
        status="running",
        config=EvalConfig(
            model="function",
            judge_model="none",
            policy=Policy(max_attempts=max_attempts, deadline_s=10),
            # Only the rows' own patterns: "Name a city" would need a judge.
            spec={"compile_checks": False},
            compare=compare,
        ),
        rows=rows,
    )


def _rows() -> list[DatasetRow]:
    return [
        DatasetRow(id="paris", prompt="Name a city.", must_match=["Paris"]),
        DatasetRow(id="rome", prompt="Name another city.", must_match=["Rome"]),
    ]


def _answers(request: ModelRequest) -> str:
    # The first draft names Lyon; the redraft, told what was missing, complies.
    feedback = " ".join(m.text for m in request.messages)
    if "Paris" in feedback:
        return "Paris."
    if "Rome" in feedback:
        return "Rome."
    return "Lyon."


async def _run(evaluation: Eval, model: FunctionModel, **options: object) -> list[EvalOutcome]:
    outcomes: list[EvalOutcome] = []

    async def keep(outcome: EvalOutcome) -> None:
        outcomes.append(outcome)

    await run_outcomes(
        evaluation,
        evaluation.remaining(),
        generator=model,
        judge=None,
        on_outcome=keep,
        **options,  # type: ignore[arg-type]
    )
    return outcomes


async def test_every_row_runs_in_every_arm_with_its_own_requirements() -> None:
    evaluation = _eval(_rows(), compare=True)
    outcomes = await _run(evaluation, FunctionModel(_answers), concurrency=2)
    by = {(o.row_id, o.arm): o for o in outcomes}
    assert set(by) == {(r, a) for r in ("paris", "rome") for a in ("loop", "baseline")}
    # The baseline is one draft: Lyon fails both rows' own patterns.
    assert by["paris", "baseline"].attempts == 1
    assert by["paris", "baseline"].passed is False
    # The loop redrafts with the pattern's feedback and passes.
    assert by["paris", "loop"].passed is True
    assert by["paris", "loop"].first_draft_passed is False
    assert by["paris", "loop"].first_pass_attempt == 2
    assert by["rome", "loop"].final_answer == "Rome."
    evaluation.outcomes.extend(outcomes)
    stats = summarise(evaluation)
    assert stats.pending == 0
    assert stats.arms["loop"].pass_by_attempt == [0.0, 1.0, 1.0]
    assert stats.comparison is not None
    assert stats.comparison.gained == ["paris", "rome"] and stats.comparison.lost == []


async def test_resuming_runs_only_the_rows_without_an_outcome() -> None:
    evaluation = _eval(_rows())
    model = FunctionModel(_answers)
    first = await _run(evaluation, model)
    evaluation.outcomes.append(first[0])
    assert evaluation.remaining() == [(1, "loop")]
    calls_before = len(model.history)
    rest = await _run(evaluation, model)
    assert [o.row_id for o in rest] == ["rome"]
    assert len(model.history) - calls_before == 2


async def test_a_failing_provider_is_an_outcome_not_a_pass() -> None:
    def broken(request: ModelRequest) -> str:
        raise ConnectionError("down")

    outcomes = await _run(_eval(_rows()[:1]), FunctionModel(broken))
    (outcome,) = outcomes
    assert outcome.passed is not True
    assert outcome.error


async def test_a_failure_no_row_can_escape_stops_the_eval() -> None:
    def refused(request: ModelRequest) -> str:
        raise ProviderAuthError("bad key")

    with pytest.raises(RunFailedError, match="bad key"):
        await _run(_eval(_rows()), FunctionModel(refused), concurrency=2)


def test_a_row_whose_options_cannot_work_is_named() -> None:
    evaluation = _eval([DatasetRow(id="needs-judge", prompt="Hi.", criteria="Be kind.")])
    with pytest.raises(ConfigurationError, match="row needs-judge: criteria were given"):
        redrafter_for(evaluation, 0, "loop", generator=FunctionModel(_answers), judge=None)


async def test_rows_run_at_most_concurrency_at_once() -> None:
    running = 0
    peak = 0
    release = asyncio.Event()

    async def slow(request: ModelRequest) -> str:
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        if running == 2:
            release.set()
        await release.wait()
        running -= 1
        return "Paris Rome."

    rows = [DatasetRow(id=str(i), prompt="Name a city.", must_match=["Paris"]) for i in range(5)]
    outcomes = await _run(_eval(rows), FunctionModel(slow), concurrency=2)
    assert len(outcomes) == 5 and all(o.passed for o in outcomes)
    assert peak == 2


def test_statistics() -> None:
    low, high = wilson(3, 4)
    assert (round(low, 3), round(high, 3)) == (0.301, 0.954)
    assert wilson(0, 0) == (0.0, 1.0)
    assert mcnemar_p(6, 0) == pytest.approx(0.03125)
    assert mcnemar_p(3, 3) == 1.0
    assert mcnemar_p(0, 0) == 1.0
