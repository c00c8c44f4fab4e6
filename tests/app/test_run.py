"""`run_sync` is `run` for code without an event loop: it takes what `run` takes."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from redraft import Hooks, Policy, Redrafter, RunEvent, VerdictReached, run, run_sync
from redraft.evaluators import MustMatch
from redraft.testing import ScriptedModel


def _parameters(function: Callable[..., Any]) -> list[tuple[str, Any, Any, Any]]:
    return [
        (p.name, p.kind, p.default, p.annotation)
        for p in inspect.signature(function).parameters.values()
    ]


def test_run_sync_takes_every_parameter_run_takes() -> None:
    assert _parameters(run_sync) == _parameters(run)
    assert inspect.signature(run_sync).return_annotation == "RunResult"


def test_redrafter_run_sync_takes_every_parameter_its_run_takes() -> None:
    assert _parameters(Redrafter.run_sync) == _parameters(Redrafter.run)


def test_run_sync_hands_each_argument_to_the_run() -> None:
    events: list[RunEvent] = []
    hooks = Hooks()
    judged: list[int] = []

    @hooks.on("evaluation_completed")
    def note(event: RunEvent) -> None:
        assert isinstance(event, VerdictReached)
        judged.append(event.attempt)

    result = run_sync(
        "Capital of France?",
        generator=ScriptedModel(["Lyon.", "Nice."], model="weak"),
        evaluator=MustMatch("Paris"),
        policy=Policy(max_attempts=3, escalate_after=1),
        run_id="run-sync-1",
        on_event=events.append,
        hooks=hooks,
        escalation=ScriptedModel(["It is Paris."], model="strong"),
    )
    assert (result.run_id, result.final_answer, result.attempts) == (
        "run-sync-1",
        "It is Paris.",
        2,
    )
    models = [e.model for e in events if e.type == "draft_started"]
    assert models == ["scripted:weak", "scripted:strong"]
    assert events[-1].type == "run_completed"
    assert judged == [1, 2]


def test_redrafter_run_sync_hands_on_event_to_the_run() -> None:
    events: list[RunEvent] = []
    with Redrafter(
        model=ScriptedModel(["Paris."]), judge_model="none", must_match=["Paris"]
    ) as redrafter:
        result = redrafter.run_sync("Capital of France?", run_id="r-1", on_event=events.append)
    assert result.run_id == "r-1"
    assert events[0].type == "run_started"
    assert events[-1].type == "run_completed"
    assert all(e.run_id == "r-1" for e in events)
