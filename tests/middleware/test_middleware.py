"""``redraft.middleware``: the decorator, option handling and what ``wrap`` accepts."""

from __future__ import annotations

import subprocess
import sys

import openai
import pytest

from _judging import checklist_reply
from redraft import ConfigurationError, Policy, QualityError, RunResult
from redraft.app import Settings
from redraft.evaluators import MaxWords
from redraft.middleware import refine, wrap
from redraft.middleware._options import split_options
from redraft.providers import ScriptedModel


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ENABLED", "THRESHOLD", "MAX_RETRIES", "JUDGE_MODEL", "MODEL"):
        monkeypatch.delenv(f"REDRAFT_{name}", raising=False)


# -- the decorator -------------------------------------------------------------------------


async def test_refine_calls_the_function_again_with_the_feedback() -> None:
    calls: list[tuple[str, str | None]] = []

    @refine(must_match=["Paris"], judge="none")
    async def answer(question: str, *, feedback: str | None = None) -> str:
        calls.append((question, feedback))
        return "Paris." if feedback else "Lyon."

    assert await answer("Capital of France?") == "Paris."
    assert len(calls) == 2
    assert calls[0] == ("Capital of France?", None)
    question, feedback = calls[1]
    assert question == "Capital of France?"
    assert feedback is not None
    assert "/Paris/" in feedback and 'Include the text "Paris"' in feedback

    calls.clear()
    result = await answer.run("Capital of France?")
    assert isinstance(result, RunResult)
    # The check passed, but nothing verified that the answer answers the
    # question: the result is unverified, not passed, and stops there.
    assert (result.final_answer, result.passed, result.attempts) == ("Paris.", None, 2)
    assert result.stop_reason == "unverified"
    verdict = result.drafts[1].verdict
    assert verdict is not None
    assert [(r.coverage, r.passed) for r in verdict.requirements] == [
        ("unverified", None),
        ("exact", True),
    ]
    assert [d.text for d in result.drafts] == ["Lyon.", "Paris."]
    assert result.drafts[1].feedback == calls[1][1]
    assert answer.__name__ == "answer"


async def test_refine_with_nothing_to_evaluate_returns_one_unverified_answer() -> None:
    calls: list[str | None] = []

    @refine(judge="none", compile_checks=False)
    async def answer(question: str, *, feedback: str | None = None) -> str:
        calls.append(feedback)
        return "Lyon."

    result = await answer.run("Capital of France?")
    assert (result.final_answer, result.passed, result.attempts) == ("Lyon.", None, 1)
    assert calls == [None]
    assert result.stop_reason == "skipped"
    assert await answer("Capital of France?") == "Lyon."


async def test_refine_appends_the_feedback_when_the_function_takes_none() -> None:
    prompts: list[str] = []

    @refine(max_words=3, judge="none")
    async def shout(prompt: str, style: str = "plain") -> str:
        prompts.append(prompt)
        return "short answer" if len(prompts) > 1 else "a far too long answer here"

    result = await shout.run("Say hi", style="loud")
    assert result.final_answer == "short answer"
    assert prompts[0] == "Say hi"
    assert prompts[1].startswith("Say hi\n\n")
    assert "Shorten the answer to at most 3 words" in prompts[1]


async def test_refine_with_a_judge_provider_and_the_quality_error() -> None:
    # A confident no on the one item (the question), then a less sure one.
    judge = ScriptedModel([checklist_reply(("no", 10)), checklist_reply(("no", 8))])

    @refine(judge=judge, policy=Policy(max_attempts=2, on_exhausted="raise"))
    async def answer(question: str, *, feedback: str | None = None) -> str:
        return "Somewhere." if feedback is None else "Somewhere in France."

    with pytest.raises(QualityError) as caught:
        await answer("Capital of France?")
    assert [d.text for d in caught.value.result.drafts] == ["Somewhere.", "Somewhere in France."]
    assert caught.value.final_score == pytest.approx(0.1)  # p_yes of a no at confidence 8
    feedback = caught.value.result.drafts[1].feedback
    assert feedback is not None and "Make the answer meet this requirement" in feedback
    assert len(judge.history) == 2


async def test_refine_honours_redraft_enabled_read_at_call_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str | None] = []

    @refine(must_match=["Paris"], judge="none")
    async def answer(question: str, *, feedback: str | None = None) -> str:
        calls.append(feedback)
        return "Lyon."

    monkeypatch.setenv("REDRAFT_ENABLED", "false")  # after decorating: read per call
    assert await answer("Capital?") == "Lyon."
    result = await answer.run("Capital?")
    assert calls == [None, None]
    assert (result.final_answer, result.stop_reason, result.attempts) == ("Lyon.", "skipped", 1)
    assert result.skipped_reason is not None and "disabled" in result.skipped_reason


async def test_refine_reads_max_retries_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("REDRAFT_MAX_RETRIES", "3")

    @refine(must_match=["Paris"], judge="none")
    async def answer(question: str, *, feedback: str | None = None) -> str:
        return "Lyon."

    result = await answer.run("Capital?")
    assert (result.attempts, result.passed) == (4, False)


async def test_refine_lets_the_functions_own_error_through() -> None:
    @refine(must_match=["Paris"], judge="none")
    async def broken(question: str) -> str:
        raise KeyError("no such city")

    with pytest.raises(KeyError, match="no such city"):
        await broken("Capital?")


def test_refine_refuses_what_it_cannot_decorate() -> None:
    def not_async(question: str) -> str:
        return question

    with pytest.raises(ConfigurationError, match="async functions"):
        refine(judge="none", must_match=["x"])(not_async)  # type: ignore[arg-type]

    async def no_prompt(*, question: str) -> str:
        return question

    with pytest.raises(ConfigurationError, match="first parameter is the prompt"):
        refine(no_prompt)

    async def fine(question: str) -> str:
        return question

    with pytest.raises(ConfigurationError, match="regular expression"):
        refine(must_match=["("])(fine)


# -- wrap() --------------------------------------------------------------------------------


def test_wrap_names_the_type_it_cannot_wrap() -> None:
    with pytest.raises(ConfigurationError, match=r"not builtins\.dict"):
        wrap({})

    class Lookalike:
        chat = None

    with pytest.raises(ConfigurationError, match="Lookalike"):
        wrap(Lookalike())


def test_wrap_checks_its_options_when_called() -> None:
    client = openai.AsyncOpenAI(base_url="http://127.0.0.1:9/v1", api_key="k")
    with pytest.raises(ConfigurationError, match="judge"):
        wrap(client, judge="nonsense:model")
    with pytest.raises(ConfigurationError, match="preset"):
        wrap(client, preset="strict")
    with pytest.raises(ConfigurationError, match="no judge model"):
        wrap(client, judge="none", criteria="Be kind.", max_words=5)
    wrap(client, judge="none")  # nothing to evaluate: answers come back unverified
    with pytest.raises(ConfigurationError, match="evaluator"):
        wrap(client, evaluator=MaxWords(5), criteria="Be kind.")
    settings = Settings(max_retries=0)
    with pytest.raises(ConfigurationError, match="REDRAFT_MAX_RETRIES"):
        wrap(client, policy=Policy(candidates=2), settings=settings)
    wrapped = wrap(client, policy=Policy(candidates=2, max_attempts=2), settings=settings)
    assert wrapped._core.policy.max_attempts == 2  # type: ignore[attr-defined]


def test_settings_fill_only_what_the_policy_left_unset() -> None:
    client = openai.AsyncOpenAI(base_url="http://127.0.0.1:9/v1", api_key="k")
    settings = Settings(threshold=0.4, max_retries=4)
    core = wrap(client, policy=Policy(threshold=0.9), settings=settings)._core  # type: ignore[attr-defined]
    assert (core.policy.threshold, core.policy.max_attempts) == (0.9, 5)


def test_split_options_strips_redraft_from_the_sdk_arguments() -> None:
    clean, options = split_options(
        {
            "model": "m",
            "redraft": {"threshold": 0.6},
            "extra_body": {"redraft": {"max_attempts": 2, "threshold": 0.1}, "keep": 1},
        }
    )
    assert clean == {"model": "m", "extra_body": {"keep": 1}}
    assert options is not None
    assert options.policy_given() == {"threshold": 0.6, "max_attempts": 2}  # redraft= wins
    clean, options = split_options({"model": "m", "extra_body": {"redraft": False}})
    assert (clean, options) == ({"model": "m"}, None)
    with pytest.raises(ConfigurationError, match="dict of options"):
        split_options({"redraft": "yes"})
    with pytest.raises(ConfigurationError, match=r"redraft\.judge"):
        split_options({"redraft": {"judge": "strict"}})
    # The options shared with the HTTP service are validated the same way.
    with pytest.raises(ConfigurationError, match=r"redraft\.must_match.*not a valid regular"):
        split_options({"redraft": {"must_match": ["("]}})
    with pytest.raises(ConfigurationError, match=r"redraft\.judge_model.*unknown model spec"):
        split_options({"redraft": {"judge_model": "bogus:x"}})


def test_importing_the_middleware_imports_no_sdk_and_no_server() -> None:
    code = (
        "import sys, redraft.middleware, redraft.wire._openai; "
        "print(sorted(m for m in ('openai', 'anthropic', 'fastapi', 'redraft.server') "
        "if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    assert out.strip() == "[]"


def test_a_calls_options_reach_its_policy_uncertain_and_pairwise_included() -> None:
    from redraft.app import EvaluationOptions, EvaluationSpec, load_settings
    from redraft.middleware._common import WrapperCore

    core = WrapperCore(
        family=None,
        policy=Policy(max_attempts=2),
        judge_model="none",
        evaluator=None,
        spec=EvaluationSpec(),
        enabled=True,
        settings=load_settings(),
    )
    options = EvaluationOptions.model_validate(
        {"on_uncertain": "redraft", "pairwise": True, "threshold": 0.5}
    )

    policy = core.policy_for(options, temperature=0.2)

    assert (policy.on_uncertain, policy.pairwise, policy.threshold) == ("redraft", True, 0.5)
    assert (policy.max_attempts, policy.temperature) == (2, 0.2)
    assert core.policy_for(None).pairwise is False
