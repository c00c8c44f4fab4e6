"""``redraft ask --continue RUN_ID``: a run of the local log that did not pass
is carried on from its messages so far, with its settings unless given again,
and the new run is linked to it as the service's Continue links them."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner, Result

from redraft.cli import cli
from redraft.testing import FakeOpenAIServer

pytestmark = pytest.mark.real_calls  # a loopback fake server counts

QUESTION = "What is the capital of France?"
CHECKS = [
    "--model",
    "openai:fake-model",
    "--judge-model",
    "none",
    "--must-match",
    "Paris",
    "--no-compile",
]


class Local:
    """The command with the local log on, against a fake OpenAI server."""

    def __init__(self, server: FakeOpenAIServer) -> None:
        self.server = server
        self.runner = CliRunner()

    def ask(self, *args: str) -> Result:
        return self.runner.invoke(cli, ["ask", *args, "--json"])

    def stored(self, run_id: str) -> dict[str, Any]:
        shown = self.runner.invoke(cli, ["runs", "show", run_id, "--json"])
        assert shown.exit_code == 0, shown.output
        run: dict[str, Any] = json.loads(shown.stdout)
        return run


@pytest.fixture
def local(database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Local]:
    with FakeOpenAIServer() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-continue")
        monkeypatch.setenv("REDRAFT_DATABASE_URL", database_url)
        monkeypatch.setenv("REDRAFT_LOG", "on")
        yield Local(server)


def test_a_run_that_hit_its_deadline_is_continued_and_linked(local: Local) -> None:
    first_run_over = threading.Event()

    def model(_body: dict[str, Any]) -> str:
        # During the first run the model answers only once the run is over,
        # so its deadline passes first, whenever its call reaches the server.
        if not first_run_over.is_set():
            first_run_over.wait(30)
            return "It is Paris, but too late."
        return "It is Paris."

    local.server.responses.extend([model, model])
    try:
        first = local.ask(QUESTION, *CHECKS, "--max-attempts", "2", "--deadline", "0.5")
    finally:
        first_run_over.set()
    assert first.exit_code == 1, first.output
    failed = json.loads(first.stdout)
    assert failed["stop_reason"] == "deadline"
    old = local.stored(failed["run_id"])
    assert old["status"] == "failed"
    (context,) = old["result"]["continue_context"]
    assert (context["role"], context["content"]) == ("user", QUESTION)

    # Its model and policy come back; the deadline given again wins.
    resumed = local.ask("--continue", failed["run_id"], *CHECKS[2:], "--deadline", "30")
    assert resumed.exit_code == 0, resumed.output
    result = json.loads(resumed.stdout)
    assert result["passed"] is True and result["final_answer"] == "It is Paris."
    assert result["policy"]["max_attempts"] == 2
    assert result["policy"]["deadline_s"] == 30.0
    sent = local.server.requests[-1]["body"]
    assert sent["model"] == "fake-model"
    assert [m["content"] for m in sent["messages"] if m["role"] == "user"] == [QUESTION]

    new = local.stored(result["run_id"])
    assert new["continues"] == failed["run_id"]
    assert new["request"]["continues"] == failed["run_id"]
    assert new["source"] == "cli" and new["profile"] is None
    assert local.stored(failed["run_id"])["continued_by"] == [result["run_id"]]


def test_a_run_that_passed_is_not_continued(local: Local) -> None:
    local.server.responses.append("It is Paris.")
    passed = json.loads(local.ask(QUESTION, *CHECKS).stdout)
    assert passed["passed"] is True
    again = local.ask("--continue", passed["run_id"])
    assert again.exit_code == 2
    said = " ".join(again.output.split())  # the terminal wraps it
    assert f"run {passed['run_id']!r} passed: there is nothing to continue" in said
    assert len(local.server.requests) == 1


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--continue", "run_" + "0" * 24], "there is no run 'run_000000000000000000000000'"),
        ([QUESTION, "--continue", "run_" + "0" * 24], "give PROMPT, or --continue RUN_ID"),
        ([], "give PROMPT, or --continue RUN_ID"),
    ],
)
def test_continue_needs_a_known_run_and_no_prompt(
    local: Local, args: list[str], needle: str
) -> None:
    refused = local.ask(*args)
    assert refused.exit_code == 2
    assert needle in " ".join(refused.output.split())
    assert local.server.requests == []
