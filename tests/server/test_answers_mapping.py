"""The answers contract (``POST /v1/answers``), field by field, on real runs.

The generator and the judge are scripted providers behind the real seams;
the judge answers the criteria preset's JSON through ``Judge(preset="criteria")``.
"""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from redraft import ConfigurationError, RunResult, run
from redraft.app import Profile, build_panel
from redraft.providers import ScriptedModel
from redraft.server._answers import (
    AnswersRequest,
    AnswersResponse,
    answers_response,
    plan_answers,
)

PROFILE = Profile.model_validate({"name": "lab", "model": "scripted", "judge_model": "scripted"})
CRITERIA = "Must use an analogy and include a practical example."


def verdict_json(score: int, meets: bool, reasoning: str = "", suggestions: list[str] = []) -> str:  # noqa: B006
    return json.dumps(
        {
            "score": score,
            "meets_criteria": meets,
            "evaluation_reasoning": reasoning or f"scored {score}",
            "improvement_suggestions": suggestions,
        }
    )


def request(**fields: object) -> AnswersRequest:
    return AnswersRequest.model_validate(
        {
            "instruct": "Explain quantum computing",
            "resp_format": "Three short paragraphs",
            "eval_crit": CRITERIA,
            **fields,
        }
    )


async def answer(
    req: AnswersRequest,
    drafts: list[str],
    verdicts: list[str],
    profile: Profile = PROFILE,
) -> tuple[RunResult, ScriptedModel, ScriptedModel]:
    plan = plan_answers(req, profile)
    generator, judge = ScriptedModel(drafts), ScriptedModel(verdicts)
    result = await run(
        plan.request,
        generator=generator,
        evaluator=build_panel(judge, plan.spec),
        policy=plan.policy,
    )
    return result, generator, judge


def test_the_request_has_the_answers_defaults_and_limits() -> None:
    req = request()
    assert (req.iter_max, req.score_threshold, req.model) == (3, 0.8, None)
    bad: list[tuple[dict[str, object], str]] = [
        ({"iter_max": 0}, "iter_max"),
        ({"iter_max": 11}, "iter_max"),
        ({"score_threshold": 1.5}, "score_threshold"),
        ({"instruct": "  "}, "instruct"),
        ({"temperature": 0.2}, "temperature"),
    ]
    for fields, name in bad:
        with pytest.raises(ValidationError) as caught:
            request(**fields)
        assert caught.value.errors()[0]["loc"] == (name,)
    for missing in ("instruct", "resp_format", "eval_crit"):
        data = {"instruct": "a", "resp_format": "b", "eval_crit": "c"}
        del data[missing]
        with pytest.raises(ValidationError, match=missing):
            AnswersRequest.model_validate(data)


def test_the_plan_judges_by_criteria_with_critique_feedback() -> None:
    plan = plan_answers(request(iter_max=5, score_threshold=0.85), PROFILE)
    assert (plan.generator, plan.judge) == ("scripted", "scripted")
    assert plan.policy.max_attempts == 5 and plan.policy.threshold == 0.85
    assert (plan.policy.feedback, plan.policy.on_exhausted) == ("critique", "best")
    assert plan.spec.preset == "criteria" and plan.spec.criteria == CRITERIA
    assert plan.request.format == "Three short paragraphs"
    assert plan.request.prompt == "Explain quantum computing"


def test_a_profile_without_a_judge_cannot_answer() -> None:
    checks_only = Profile.model_validate(
        {"name": "c", "model": "scripted", "judge_model": "none", "max_words": 5}
    )
    with pytest.raises(ConfigurationError, match="no judge model"):
        plan_answers(request(), checks_only)


async def test_best_answer_wins_on_exhaustion() -> None:
    result, generator, judge = await answer(
        request(),
        ["draft one", "draft two", "draft three"],
        [
            verdict_json(5, False, "No analogy.", ["Add an analogy"]),
            verdict_json(7, False, "Analogy, no example.", ["Add a practical example"]),
            verdict_json(6, False, "Example is vague.", ["Make the example concrete"]),
        ],
    )
    response = answers_response(result)
    assert response.final_answer == "draft two"
    assert response.success is False
    assert response.final_score == pytest.approx(0.7)
    assert response.total_iterations == 3
    assert [i.iteration_number for i in response.iterations] == [1, 2, 3]
    assert [i.answer for i in response.iterations] == ["draft one", "draft two", "draft three"]
    first = response.iterations[0].evaluation
    assert first.score == pytest.approx(0.5)
    assert first.meets_criteria is False
    assert first.evaluation_reasoning == "No analogy."
    assert first.improvement_suggestions == ["Add an analogy"]
    assert [i.evaluation.score for i in response.iterations] == pytest.approx([0.5, 0.7, 0.6])
    # The generator saw the format; the judge saw the criteria; the second
    # draft was written under the critique of the first.
    generator_prompts = [m.messages[-1].text for m in generator.history]
    assert "Three short paragraphs" in generator_prompts[0]
    assert "Add an analogy" in generator_prompts[1]
    assert CRITERIA in judge.history[0].messages[-1].text


async def test_a_passing_iteration_ends_the_run() -> None:
    result, _, _ = await answer(
        request(score_threshold=0.8),
        ["weak", "strong"],
        [
            verdict_json(4, False, "Too thin.", ["Add an example"]),
            verdict_json(9, True, "Meets every criterion.", ["Could be shorter"]),
        ],
    )
    response = answers_response(result)
    assert (response.success, response.total_iterations) == (True, 2)
    assert response.final_answer == "strong" and response.final_score == pytest.approx(0.9)
    last = response.iterations[-1].evaluation
    assert (last.meets_criteria, last.evaluation_reasoning) == (True, "Meets every criterion.")
    # The judge's own suggestions survive even on a pass, as the contract returns them.
    assert last.improvement_suggestions == ["Could be shorter"]


async def test_meets_criteria_is_the_judges_flag_not_the_threshold() -> None:
    result, _, _ = await answer(
        request(iter_max=1, score_threshold=0.9), ["ok"], [verdict_json(8, True)]
    )
    evaluation = answers_response(result).iterations[0].evaluation
    assert evaluation.meets_criteria is True and evaluation.score == pytest.approx(0.8)
    assert answers_response(result).success is False


async def test_a_failing_judge_still_yields_an_evaluation_from_the_verdict() -> None:
    result, _, _ = await answer(request(iter_max=1), ["draft"], ["I think it is fine."])
    evaluation = answers_response(result).iterations[0].evaluation
    verdict = result.drafts[0].verdict
    assert verdict is not None and verdict.evidence[0].status == "error"
    assert (evaluation.score, evaluation.meets_criteria) == (0.0, False)
    assert evaluation.evaluation_reasoning == verdict.reason
    assert "JSON" in evaluation.evaluation_reasoning


async def test_a_skipped_judge_shows_the_check_that_stopped_it() -> None:
    profile = Profile.model_validate(
        {"name": "strict", "model": "scripted", "judge_model": "scripted", "max_words": 3}
    )
    result, _, judge = await answer(
        request(iter_max=2),
        ["far too many words in this draft", "short and good"],
        [verdict_json(9, True, "Good.")],
        profile=profile,
    )
    assert len(judge.history) == 1  # no judge tokens on the draft the check rejected
    response = answers_response(result)
    skipped = response.iterations[0].evaluation
    assert skipped.meets_criteria is False and skipped.score < 0.8
    first_verdict = result.drafts[0].verdict
    assert first_verdict is not None
    assert skipped.evaluation_reasoning == first_verdict.reason
    assert response.success is True and response.final_answer == "short and good"


async def test_metadata_carries_the_run_id_usage_and_calls() -> None:
    result, _, _ = await answer(request(iter_max=2), ["a", "b"], [verdict_json(3, False)] * 2)
    response = answers_response(result)
    assert response.metadata == {
        "run_id": result.run_id,
        "usage": {
            "input_tokens": result.usage.input_tokens,
            "output_tokens": result.usage.output_tokens,
            "total_tokens": result.usage.total_tokens,
        },
        "cost_usd": 0.0,  # scripted models cost nothing
        "stop_reason": "exhausted",
        "final_iteration": 2,  # equal verdicts: the later draft, written with feedback
        "calls": 4,
    }
    assert result.usage.total_tokens > 0


async def test_the_response_json_has_exactly_the_answers_fields() -> None:
    result, _, _ = await answer(request(iter_max=1), ["a"], [verdict_json(9, True, "Fine.")])
    data = json.loads(answers_response(result).model_dump_json())
    assert set(data) == {
        "final_answer",
        "iterations",
        "success",
        "total_iterations",
        "final_score",
        "metadata",
    }
    assert set(data["iterations"][0]) == {"answer", "evaluation", "iteration_number"}
    assert set(data["iterations"][0]["evaluation"]) == {
        "score",
        "meets_criteria",
        "evaluation_reasoning",
        "improvement_suggestions",
    }
    assert AnswersResponse.model_validate(data) == answers_response(result)
