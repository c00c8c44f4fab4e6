"""The public Redrafter and the one evaluation spec behind every way in."""

from __future__ import annotations

from typing import Any

import pytest

import redraft
from redraft import (
    ConfigurationError,
    EvaluationSpec,
    Policy,
    Redrafter,
    RunCompleted,
    RunStarted,
    build_panel,
)
from redraft.app import Profile
from redraft.evaluators import MaxWords
from redraft.server._options import RedraftOptions, plan_run
from redraft.testing import ScriptedModel


def test_the_example_from_the_issue_runs_with_cli_keyword_names() -> None:
    with Redrafter(
        model=ScriptedModel(["Lyon, I think.", "Paris is the capital.", "Paris."]),
        judge_model="none",
        must_match=["Paris"],
        max_attempts=3,
    ) as redrafter:
        result = redrafter.run_sync("What is the capital of France?")
        # A second call on the same redrafter reuses its loop and providers.
        again = redrafter.run_sync("And again?")
    # The check passed; nothing checked that the answer answers the question,
    # so the result says unverified rather than passed, and stops there.
    assert (result.passed, result.attempts, result.stop_reason) == (None, 2, "unverified")
    assert result.final_answer == "Paris is the capital."
    assert result.policy.max_attempts == 3
    verdict = result.drafts[-1].verdict
    assert verdict is not None
    assert verdict.account == "2 requirements: 1 exact ✓, 1 unverified"
    assert (again.passed, again.final_answer) == (None, "Paris.")


async def test_stream_yields_the_runs_events_and_run_returns_its_result() -> None:
    redrafter = Redrafter(
        model=ScriptedModel(["one two three four", "short"]),
        judge_model="none",
        max_words=2,
        threshold=1.0,
    )
    events = [event async for event in redrafter.stream("Say something short.")]
    assert isinstance(events[0], RunStarted) and isinstance(events[-1], RunCompleted)
    assert events[-1].result.final_answer == "short"
    assert [event.seq for event in events] == list(range(1, len(events) + 1))
    await redrafter.aclose()


async def test_the_requests_stated_requirements_are_compiled_per_run() -> None:
    redrafter = Redrafter(model=ScriptedModel(["a, b", "a, b"]), judge_model="none")
    result = await redrafter.run("List two letters. Do not use any commas.")
    assert (result.passed, result.attempts) == (None, 2)
    assert result.drafts[1].text == "a b"  # the comma check's own repair, no model call
    verdicts = [d.verdict for d in result.drafts]
    assert [v.passed if v else "-" for v in verdicts] == [False, None]
    # A prompt that states nothing checkable is answered, unverified: said per run.
    plain = await redrafter.run("Tell me about letters.")
    assert (plain.passed, plain.attempts, plain.final_answer) == (None, 1, "a, b")


def test_the_generator_judges_itself_unless_a_judge_model_is_named() -> None:
    generator = ScriptedModel([])
    assert Redrafter(model=generator).judge_model is generator
    judge = ScriptedModel([])
    assert Redrafter(model=generator, judge_model=judge).judge_model is judge
    assert Redrafter(model=generator, judge_model="none", max_words=5).judge_model is None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_attemps": 2}, "unknown Redrafter option"),
        ({"threshold": 2.0}, "policy.threshold"),
        ({"must_match": [r"(a)\1"]}, r"must_match\[0\]: backreference"),
        ({"preset": "vibes"}, "unknown judge preset"),
        ({"judge_model": "none", "criteria": "Be right."}, "no judge model"),
        ({"evaluator": "MaxWords(3)"}, "must be a redraft Evaluator"),
    ],
)
def test_bad_options_fail_at_construction_naming_what_was_wrong(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigurationError, match=message):
        Redrafter(model=ScriptedModel([]), compile_checks=False, **options)


def test_with_nothing_to_evaluate_a_run_is_one_plain_unverified_draft() -> None:
    with Redrafter(
        model=ScriptedModel(["one", "two"]), judge_model="none", compile_checks=False
    ) as redrafter:
        result = redrafter.run_sync("Say something.")
    assert (result.final_answer, result.passed, result.attempts) == ("one", None, 1)
    assert result.stop_reason == "skipped"
    assert all(c.kind == "draft" for c in result.calls)


def test_an_own_evaluator_runs_after_the_checks() -> None:
    redrafter = Redrafter(
        model=ScriptedModel(["far too many words here", "ok"]),
        judge_model="none",
        evaluator=MaxWords(2),
        policy=Policy(max_attempts=2),
    )
    result = redrafter.run_sync("Answer.")
    redrafter.close()
    assert result.final_answer == "ok"
    verdict = result.drafts[-1].verdict
    assert verdict is not None
    assert [(r.text, r.passed) for r in verdict.requirements if r.source == "check"] == [
        ("max_words 2", True)
    ]


# -- the spec ----------------------------------------------------------------------


def test_preset_and_judge_model_mean_the_same_everywhere() -> None:
    # ``judge`` is the older name of ``preset`` in every form that took it.
    assert EvaluationSpec.model_validate({"judge": "criteria"}).preset == "criteria"
    assert RedraftOptions.parse({"judge": "criteria"}).preset == "criteria"
    profile = Profile.model_validate({"name": "p", "model": "scripted", "judge": "comprehensive"})
    assert profile.preset == "comprehensive"
    assert EvaluationSpec(judge_model=" None ").judge_model == "none"


def test_a_spec_laid_over_another_wins_where_it_is_set() -> None:
    base = EvaluationSpec(criteria="Be right.", must_match=["a"], max_words=10)
    top = EvaluationSpec(must_match=[], preset="ragas")
    merged = top.over(base)
    assert merged.given() == {
        "criteria": "Be right.",
        "must_match": [],
        "max_words": 10,
        "preset": "ragas",
    }


def test_the_service_the_profile_and_build_panel_share_one_spec() -> None:
    profile = Profile.model_validate(
        {"name": "p", "model": "scripted", "judge_model": "none", "max_words": 3}
    )
    options = RedraftOptions.parse({"must_match": ["x"], "check_injection": True})
    plan = plan_run(profile, options, [redraft.Message(role="user", content="Hi")])
    panel = build_panel(None, plan.spec, request=plan.request)
    names = panel.name.split(" + ")
    assert "max 3 words" in " ".join(names) or any("words" in n for n in names)
    assert any("addresses-judge" in n for n in names)
    with pytest.raises(ConfigurationError, match="spec or its fields"):
        build_panel(None, plan.spec, max_words=3)


def test_unknown_spec_options_are_named_with_the_known_ones() -> None:
    with pytest.raises(ConfigurationError, match=r"unknown redraft option 'colour' \(known"):
        EvaluationSpec.parse({"colour": "red"})


@pytest.mark.parametrize(
    ("max_tokens", "attempts", "stop"), [(100, 1, "out_of_reach"), (400, 3, "exhausted")]
)
async def test_a_word_count_no_draft_can_reach_ends_the_run(
    max_tokens: int, attempts: int, stop: str
) -> None:
    # Every word is at least one token: 300 words never fit in 100 tokens.
    generator = ScriptedModel(["Too short.", "Still short.", "Short again."])
    result = await redraft.run(
        "Write at least 300 words about tides.",
        generator=generator,
        evaluator=build_panel(None, request="Write at least 300 words about tides."),
        policy=Policy(max_attempts=3, max_tokens=max_tokens),
    )
    assert (result.attempts, result.stop_reason, result.passed) == (attempts, stop, False)
    assert len(generator.history) == attempts
