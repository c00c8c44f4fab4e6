"""Runs that use tools: the tool loop inside a draft, its limit,
and continuing from where the limit stopped."""

from __future__ import annotations

import pytest

from redraft import (
    Completion,
    Policy,
    RunFailedError,
    RunRequest,
    Toolbox,
    ToolCall,
    run,
    stream_run,
    tool,
)
from redraft.app import build_panel
from redraft.evaluators import MustMatch
from redraft.providers import ScriptedModel

GOOD = '{"quality_score": 9, "confidence_score": 9, "issues": [], "improvement_hint": ""}'


@tool
def capital(country: str) -> str:
    """The capital city of a country."""
    return {"France": "Paris", "Italy": "Rome"}.get(country, "unknown")


def _asks(country: str, call_id: str = "c1") -> Completion:
    call = ToolCall(id=call_id, name="capital", arguments=f'{{"country": "{country}"}}')
    return Completion(text="Let me look that up.", tool_calls=[call], finish_reason="tool_calls")


async def test_a_draft_runs_tools_and_is_judged_on_its_final_text() -> None:
    generator = ScriptedModel([_asks("France"), "The capital of France is Paris."])
    events = [
        event
        async for event in stream_run(
            "Capital of France?",
            generator=generator,
            evaluator=MustMatch("Paris"),
            tools=Toolbox([capital]),
        )
    ]
    executed = [e for e in events if e.type == "tool_executed"]
    assert len(executed) == 1
    execution = executed[0].execution
    assert (execution.name, execution.result, execution.error) == ("capital", "Paris", None)
    result = events[-1].result  # type: ignore[union-attr]
    assert result.passed and result.final_answer == "The capital of France is Paris."
    assert [c.kind for c in result.calls] == ["draft", "draft"]
    # The second round saw the tool's result.
    second = generator.history[1].messages
    assert second[-1].role == "tool" and second[-1].text == "Paris"
    assert generator.history[0].tools is not None


async def test_the_tool_loop_limit_ends_the_run_and_continuation_resumes_it() -> None:
    looping = ScriptedModel([_asks("France", "c1"), _asks("Italy", "c2")])
    with pytest.raises(RunFailedError) as caught:
        await run(
            "Capitals of France and Italy?",
            generator=looping,
            evaluator=MustMatch("Paris"),
            policy=Policy(max_tool_iterations=2),
            tools=Toolbox([capital]),
        )
    error = caught.value
    assert error.error_type == "ToolLoopLimitError"
    context = error.continue_context
    tool_results = [m["content"] for m in context if m["role"] == "tool"]
    assert tool_results == ["Paris", "Rome"]
    assert any(m.get("tool_calls") for m in context if m["role"] == "assistant")

    # Continue: resubmit the history; the model answers from the tool results.
    answering = ScriptedModel(["Paris and Rome."])
    resumed = await run(
        RunRequest.model_validate({"messages": context}),
        generator=answering,
        evaluator=MustMatch("Paris"),
        tools=Toolbox([capital]),
    )
    assert resumed.passed and resumed.final_answer == "Paris and Rome."
    sent = answering.history[0].messages
    assert [m.text for m in sent if m.role == "tool"] == ["Paris", "Rome"]


async def test_judges_see_tool_executions_only_with_full_context() -> None:
    for context, expected in (("minimal", False), ("full", True)):
        judge = ScriptedModel([GOOD])
        await run(
            "Capital of France?",
            generator=ScriptedModel([_asks("France"), "Paris."]),
            evaluator=build_panel(judge),
            policy=Policy(judge_context=context, threshold=0.5),  # type: ignore[arg-type]
            tools=Toolbox([capital]),
        )
        prompt = judge.history[0].messages[-1].text
        assert ('"tool_executions"' in prompt) is expected
        if not expected:
            # The minimal judge context: no tool calls, results or preambles.
            assert "Let me look that up." not in prompt and "capital(" not in prompt


async def test_the_terminal_view_shows_tool_runs_and_only_the_final_text() -> None:
    import io

    from rich.console import Console

    from redraft.cli._view import RunView

    out = io.StringIO()
    view = RunView(Console(file=out, width=120, force_terminal=False))
    async for event in stream_run(
        "Capital of France?",
        generator=ScriptedModel([_asks("France"), "The capital of France is Paris."]),
        evaluator=MustMatch("Paris"),
        tools=Toolbox([capital]),
    ):
        view.handle(event)
    shown = out.getvalue()
    assert 'tool capital({"country": "France"}) → Paris' in shown
    # The line written before the tool call is not part of the draft shown.
    assert "Let me look that up." not in shown
    assert "The capital of France is Paris." in shown
