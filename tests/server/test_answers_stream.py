"""``POST /v1/answers`` with ``"stream": true``: each iteration as a
server-sent event as soon as it is judged, then the same answer the
non-streamed request gets."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from _live_server import serve_in_thread
from redraft import ModelRequest, ProviderError
from redraft.app import Settings
from redraft.providers import FunctionModel, ProviderRegistry, ScriptedModel
from redraft.server import create_app
from redraft.server._answers import answers_stream
from redraft.server._executor import RunHandle
from redraft.store import StoreUnavailableError
from redraft.store._errors import FULL_MESSAGE, UNAVAILABLE_MESSAGE

PROFILES = '[profiles.lab]\nmodel = "scripted:lab-gen"\njudge_model = "scripted:lab-judge"\n'
BODY = {
    "instruct": "Explain quantum computing",
    "resp_format": "three paragraphs",
    "eval_crit": "uses analogies",
    "iter_max": 3,
    "score_threshold": 0.85,
    "model": "lab",
}


def _criteria(score: int, met: bool, reason: str) -> str:
    return json.dumps(
        {
            "score": score,
            "meets_criteria": met,
            "evaluation_reasoning": reason,
            "improvement_suggestions": [f"after {reason}"],
        }
    )


VERDICTS = [_criteria(5, False, "weak"), _criteria(7, False, "better"), _criteria(9, True, "good")]


class Lab:
    def __init__(self, base_url: str, registry: ProviderRegistry) -> None:
        self.base_url = base_url
        self.registry = registry

    def script(self, drafts: list[str], verdicts: list[str]) -> None:
        self.registry.add("scripted:lab-gen", ScriptedModel(drafts))
        self.registry.add("scripted:lab-judge", ScriptedModel(verdicts))


@pytest.fixture
def lab(tmp_path: Path, database_url: str) -> Iterator[Lab]:
    profiles = tmp_path / "profiles.toml"
    profiles.write_text(PROFILES, encoding="utf-8")
    registry = ProviderRegistry()
    settings = Settings(database_url=database_url, profiles=profiles, sse_heartbeat_seconds=0.2)
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        yield Lab(base_url, registry)


def _events(response: httpx.Response) -> Iterator[tuple[str, str]]:
    """(event name, data) of each event; ("comment", line) for comment lines."""
    name, data = "message", []
    for line in response.iter_lines():
        if line.startswith(":"):
            yield "comment", line
        elif line.startswith("event: "):
            name = line.removeprefix("event: ")
        elif line.startswith("data: "):
            data.append(line.removeprefix("data: "))
        elif line == "" and data:
            yield name, "\n".join(data)
            name, data = "message", []


def _stream(lab: Lab, **fields: Any) -> list[tuple[str, Any]]:
    with httpx.stream(
        "POST", f"{lab.base_url}/v1/answers", json=BODY | {"stream": True} | fields, timeout=30
    ) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        run_id = response.headers["x-redraft-run-id"]
        events = [(n, d if n == "comment" else json.loads(d)) for n, d in _events(response)]
    assert events[0] == ("started", {"run_id": run_id})
    return events


def _without_ids(answer: dict[str, Any]) -> dict[str, Any]:
    meta = {k: v for k, v in answer["metadata"].items() if k != "run_id"}
    return answer | {"metadata": meta}


def test_each_iteration_is_an_event_then_the_same_answer_as_without_stream(lab: Lab) -> None:
    lab.script(["answer A", "answer B", "answer C"], VERDICTS)
    events = [e for e in _stream(lab) if e[0] != "comment"]
    assert [name for name, _ in events] == [
        "started",
        "iteration",
        "iteration",
        "iteration",
        "answer",
    ]
    iterations = [data for name, data in events if name == "iteration"]
    assert [(i["iteration_number"], i["answer"], i["passed"]) for i in iterations] == [
        (1, "answer A", False),
        (2, "answer B", False),
        (3, "answer C", True),
    ]
    assert iterations[0]["evaluation"] == {
        "score": pytest.approx(0.5),
        "meets_criteria": False,
        "evaluation_reasoning": "weak",
        "improvement_suggestions": ["after weak"],
    }
    answer = events[-1][1]
    assert answer["final_answer"] == "answer C" and answer["success"] is True
    assert answer["metadata"]["run_id"] == events[0][1]["run_id"]
    # Each streamed iteration is the response's iteration, plus whether it passed.
    assert [{k: v for k, v in i.items() if k != "passed"} for i in iterations] == answer[
        "iterations"
    ]

    # Without "stream" the response is the plain JSON answer, as before.
    lab.script(["answer A", "answer B", "answer C"], VERDICTS)
    plain = httpx.post(f"{lab.base_url}/v1/answers", json=BODY, timeout=30)
    assert plain.status_code == 200
    assert plain.headers["content-type"] == "application/json"
    assert _without_ids(plain.json()) == _without_ids(answer)


def test_an_iteration_arrives_while_the_next_one_is_still_being_written(lab: Lab) -> None:
    gate = threading.Event()
    drafts = iter(["answer A", "answer B"])

    async def held(request: ModelRequest) -> str:
        text = next(drafts)
        if text == "answer B":
            await asyncio.to_thread(gate.wait, 30)
        return text

    lab.registry.add("scripted:lab-gen", FunctionModel(held))
    lab.registry.add("scripted:lab-judge", ScriptedModel(VERDICTS[:1] + VERDICTS[2:]))
    seen: list[str] = []
    with httpx.stream(
        "POST", f"{lab.base_url}/v1/answers", json=BODY | {"stream": True}, timeout=30
    ) as response:
        try:
            for name, data in _events(response):
                seen.append(name)
                if name == "iteration" and json.loads(data)["iteration_number"] == 1:
                    # The second draft is still held: the first iteration came without it.
                    assert not gate.is_set()
                elif name == "comment" and "iteration" in seen:
                    gate.set()  # a keep-alive came while the run waited: let it go on
        finally:
            gate.set()
    assert [n for n in seen if n != "comment"] == ["started", "iteration", "iteration", "answer"]


def test_a_failed_run_ends_the_stream_with_the_error_the_plain_request_gets(lab: Lab) -> None:
    failure = ProviderError("the generator is down", provider="scripted")
    lab.script([failure], [])  # type: ignore[list-item]
    events = _stream(lab)
    name, body = events[-1]
    assert name == "error"
    assert body["error"]["type"] == "api_error"
    assert "the generator is down" in body["error"]["message"]
    assert body["error"]["run_id"] == events[0][1]["run_id"]

    lab.script([failure], [])  # type: ignore[list-item]
    plain = httpx.post(f"{lab.base_url}/v1/answers", json=BODY, timeout=30)
    assert plain.status_code == 502
    assert plain.json()["error"]["message"] == body["error"]["message"]


def test_stream_must_be_a_boolean_and_errors_before_the_run_stay_plain(lab: Lab) -> None:
    refused = httpx.post(f"{lab.base_url}/v1/answers", json=BODY | {"stream": "yes please"})
    assert refused.status_code == 422 and "stream" in refused.text
    unknown = httpx.post(f"{lab.base_url}/v1/answers", json=BODY | {"stream": True, "model": "x"})
    assert unknown.status_code == 404
    assert unknown.json()["error"]["code"] == "model_not_found"


def test_the_openapi_schema_still_describes_the_json_answer(lab: Lab) -> None:
    schema = httpx.get(f"{lab.base_url}/openapi.json").json()
    operation = schema["paths"]["/v1/answers"]["post"]
    content = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert content == {"$ref": "#/components/schemas/AnswersResponse"}
    request = schema["components"]["schemas"]["AnswersRequest"]["properties"]
    assert request["stream"]["type"] == "boolean"


async def _body(handle: RunHandle) -> list[tuple[str, Any]]:
    response = answers_stream(handle, heartbeat_s=30)
    text = "".join([chunk async for chunk in response.body_iterator])  # type: ignore[misc]
    events = []
    for block in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        events.append((lines["event"], json.loads(lines["data"])))
    return events


@pytest.mark.parametrize(
    ("end", "status_text", "code"),
    [
        (StoreUnavailableError(full=True), FULL_MESSAGE, "store_full"),
        (StoreUnavailableError(full=False), UNAVAILABLE_MESSAGE, "store_unavailable"),
        # A bug says only that: its text (here a path) stays in the log.
        (OSError("/var/lib/redraft: disk full"), "internal server error", None),
        (None, "the run ended without a result", None),
    ],
)
async def test_a_stream_cut_short_ends_with_an_error_event(
    end: Exception | None, status_text: str, code: str | None
) -> None:
    handle = RunHandle(run_id="run_" + "0" * 24)
    handle._queue.put_nowait(end)
    events = await _body(handle)
    assert events[0] == ("started", {"run_id": handle.run_id})
    name, body = events[-1]
    assert name == "error"
    assert body["error"]["type"] == "server_error"
    assert body["error"]["message"] == status_text
    assert body["error"]["code"] == code
