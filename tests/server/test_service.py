"""The HTTP service, driven through the official ``openai`` SDK and plain HTTP."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from openai.types.chat import ChatCompletionMessageParam

from _judging import checklist_reply
from _live_server import serve_in_thread
from redraft import ProviderError
from redraft.app import Settings
from redraft.providers import FunctionModel, ProviderRegistry, ScriptedModel
from redraft.providers._scripted import Script
from redraft.server import create_app


def _criteria(score: int, met: bool, reason: str, suggestion: str) -> str:
    return json.dumps(
        {
            "score": score,
            "meets_criteria": met,
            "evaluation_reasoning": reason,
            "improvement_suggestions": [suggestion],
        }
    )


class Service:
    def __init__(self, base_url: str, registry: ProviderRegistry) -> None:
        self.base_url = base_url
        self.registry = registry
        self.clients: list[openai.OpenAI] = []
        """The :meth:`sdk` clients, closed when the test ends."""

    def script(self, name: str, items: list[Script]) -> str:
        spec = f"scripted:{name}"
        self.registry.add(spec, ScriptedModel(items, model=name))
        return spec

    def sdk(self, key: str = "unused") -> openai.OpenAI:
        client = openai.OpenAI(base_url=f"{self.base_url}/v1", api_key=key, max_retries=0)
        self.clients.append(client)
        return client

    def async_sdk(self, key: str = "unused") -> openai.AsyncOpenAI:
        """An async client: the test closes it (``async with``) in its own loop."""
        return openai.AsyncOpenAI(base_url=f"{self.base_url}/v1", api_key=key, max_retries=0)


@pytest.fixture
def service(database_url: str) -> Iterator[Service]:
    registry = ProviderRegistry()
    settings = Settings(database_url=database_url, max_body_bytes=64 * 1024)
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        running = Service(base_url, registry)
        try:
            yield running
        finally:
            for client in running.clients:
                client.close()


def _redraft(completion: object) -> dict[str, Any]:
    extra = getattr(completion, "model_extra", None) or {}
    value = extra.get("redraft")
    assert isinstance(value, dict)
    return value


# -- chat completions ---------------------------------------------------------------------


def test_non_streaming_redraft_through_the_sdk(service: Service) -> None:
    model = service.script("gen", ["It is Lyon.", "It is Paris."])
    completion = service.sdk().chat.completions.create(
        model=model,
        messages=[{"role": "user", "content": "Capital of France?"}],
        extra_body={"redraft": {"must_match": ["Paris"], "judge_model": "none"}},
    )
    assert completion.choices[0].message.content == "It is Paris."
    assert completion.choices[0].finish_reason == "stop"
    ext = _redraft(completion)
    # The pattern passed; with no judge the question is unverified: null.
    assert ext["passed"] is None
    assert ext["attempts"] == 2
    evaluations = ext["evaluations"]
    assert isinstance(evaluations, list)
    assert [(e["attempt"], e["passed"]) for e in evaluations] == [(1, False), (2, None)]
    assert evaluations[1]["account"] == "2 requirements: 1 exact ✓, 1 unverified"
    assert [r["text"] for r in evaluations[1]["requirements"]] == [
        "Capital of France?",
        "must_match /Paris/",
    ]
    assert "Paris" in evaluations[0]["reason"]
    calls = ext["calls"]
    assert isinstance(calls, list)
    assert [c["kind"] for c in calls] == ["draft", "draft"]
    assert completion.usage is not None
    assert completion.usage.total_tokens == sum(
        c["usage"]["input_tokens"] + c["usage"]["output_tokens"] for c in calls
    )


def test_final_stream_mode_sends_only_the_accepted_draft(service: Service) -> None:
    model = service.script("gen", ["first try", "second answer 42"])
    stream = service.sdk().chat.completions.create(
        model=model,
        messages=[{"role": "user", "content": "Give a number"}],
        stream=True,
        stream_options={"include_usage": True},
        extra_body={"redraft": {"must_match": [r"\d"], "judge_model": "none"}},
    )
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "second answer 42"
    finals = [c for c in chunks if c.choices and c.choices[0].finish_reason]
    assert len(finals) == 1
    assert _redraft(finals[0])["attempts"] == 2
    assert chunks[-1].usage is not None and chunks[-1].usage.total_tokens > 0


async def test_live_stream_mode_marks_the_redraft(service: Service) -> None:
    model = service.script("gen", ["first try", "second answer 42"])
    async with service.async_sdk() as client:
        stream = await client.chat.completions.create(
            model=model,
            messages=[{"role": "user", "content": "Give a number"}],
            stream=True,
            extra_body={
                "redraft": {"must_match": [r"\d"], "judge_model": "none", "stream_mode": "live"}
            },
        )
        chunks = [c async for c in stream]
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "first trysecond answer 42"
    marks = [
        (c.model_extra or {}).get("redraft", {})
        for c in chunks
        if (c.model_extra or {}).get("redraft", {}).get("event") == "redraft"
    ]
    assert [m["attempt"] for m in marks] == [2]


def test_judge_model_runs_through_the_loop(service: Service) -> None:
    gen = service.script("gen", ["draft one", "draft two"])
    # Two checklist items, the question and the criteria: the criteria unmet, then met.
    judge = service.script(
        "judge",
        [checklist_reply(("yes", 10), ("no", 9)), checklist_reply(("yes", 10), ("yes", 9))],
    )
    completion = service.sdk().chat.completions.create(
        model=gen,
        messages=[{"role": "user", "content": "Q?"}],
        extra_body={"redraft": {"judge_model": judge, "criteria": "be specific"}},
    )
    ext = _redraft(completion)
    assert completion.choices[0].message.content == "draft two"
    assert [c["kind"] for c in ext["calls"]] == ["draft", "judge", "draft", "judge"]
    first = ext["evaluations"][0]
    assert first["passed"] is False and "not met: be specific" in first["reason"]


def test_unknown_redraft_options_are_named(service: Service) -> None:
    with pytest.raises(openai.BadRequestError) as caught:
        service.sdk().chat.completions.create(
            model=service.script("gen", ["x"]),
            messages=[{"role": "user", "content": "Q?"}],
            extra_body={"redraft": {"thresold": 0.5, "bogus": 1, "judge_model": "none"}},
        )
    message = caught.value.message
    assert "thresold" in message and "bogus" in message
    assert caught.value.response.headers["x-should-retry"] == "false"


def test_a_misspelt_redraft_option_is_answered_with_the_one_meant(service: Service) -> None:
    with pytest.raises(openai.BadRequestError) as caught:
        service.sdk().chat.completions.create(
            model=service.script("gen", ["x"]),
            messages=[{"role": "user", "content": "Q?"}],
            extra_body={"redraft": {"max_attempt": 2}},
        )
    error = caught.value.body
    assert isinstance(error, dict)
    assert error["message"] == (
        "redraft: unknown redraft option 'max_attempt'; did you mean 'max_attempts'?"
    )
    assert error["param"] == "redraft"


def test_unknown_model_is_404(service: Service) -> None:
    with pytest.raises(openai.NotFoundError) as caught:
        service.sdk().chat.completions.create(
            model="no-such-profile", messages=[{"role": "user", "content": "Q?"}]
        )
    assert "no-such-profile" in caught.value.message
    assert caught.value.code == "model_not_found"


def test_malformed_json_and_limits_get_openai_errors(service: Service) -> None:
    url = f"{service.base_url}/v1/chat/completions"
    bad = httpx.post(url, content=b"{not json", headers={"content-type": "application/json"})
    assert bad.status_code == 400
    assert bad.json()["error"]["type"] == "invalid_request_error"
    assert bad.headers["x-should-retry"] == "false"
    many = {"model": "scripted", "messages": [{"role": "user", "content": "x"}] * 300}
    response = httpx.post(url, json=many)
    assert response.status_code == 400
    assert "messages" in response.json()["error"]["message"]
    huge = {"model": "scripted", "messages": [{"role": "user", "content": "x" * 70_000}]}
    assert httpx.post(url, json=huge).status_code == 413
    no_redraft = httpx.post(url, json={"model": "scripted", "messages": []})
    assert no_redraft.status_code == 400


def test_provider_failure_carries_continue_context_and_continuation_resumes(
    service: Service,
) -> None:
    gen = service.script(
        "gen", [ProviderError("upstream exploded", provider="scripted"), "Recovered answer"]
    )
    history: list[ChatCompletionMessageParam] = [
        {"role": "user", "content": "Look it up"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "t1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": "t1", "content": "tool says 7"},
        {"role": "user", "content": "and?"},
    ]
    with pytest.raises(openai.APIStatusError) as caught:
        service.sdk().chat.completions.create(
            model=gen,
            messages=history,
            extra_body={
                "redraft": {"judge_model": "none", "must_match": ["."], "continuation": True}
            },
        )
    assert caught.value.status_code == 502
    body = caught.value.body
    assert isinstance(body, dict)
    context = (
        body["continue_context"]
        if "continue_context" in body
        else body["error"]["continue_context"]
    )
    assert any(m.get("role") == "tool" and m.get("content") == "tool says 7" for m in context)
    completion = service.sdk().chat.completions.create(
        model=gen,
        messages=context,
        extra_body={"redraft": {"judge_model": "none", "must_match": ["."], "continuation": True}},
    )
    assert completion.choices[0].message.content == "Recovered answer"
    generator = service.registry.get(gen)
    assert isinstance(generator, ScriptedModel)
    sent = generator.history[-1].messages
    assert any(m.role == "tool" and m.text == "tool says 7" for m in sent)


# -- answers --------------------------------------------------------------------------------


def test_answers_contract_with_best_answer_on_exhaustion(tmp_path: Path, database_url: str) -> None:
    profiles = tmp_path / "profiles.toml"
    profiles.write_text(
        '[profiles.lab]\nmodel = "scripted:lab-gen"\njudge_model = "scripted:lab-judge"\n',
        encoding="utf-8",
    )
    registry = ProviderRegistry()
    registry.add("scripted:lab-gen", ScriptedModel(["answer A", "answer B", "answer C"]))
    judge = ScriptedModel(
        [
            _criteria(5, False, "weak", "add an example"),
            _criteria(7, False, "better", "add a source"),
            _criteria(6, False, "worse", "tighten"),
        ]
    )
    registry.add("scripted:lab-judge", judge)
    settings = Settings(database_url=database_url, profiles=profiles)
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        response = httpx.post(
            f"{base_url}/v1/answers",
            json={
                "instruct": "Explain quantum computing",
                "resp_format": "three paragraphs",
                "eval_crit": "uses analogies",
                "iter_max": 3,
                "score_threshold": 0.85,
                "model": "lab",
            },
            timeout=30,
        )
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["final_answer"] == "answer B"
    assert data["success"] is False
    assert data["total_iterations"] == 3
    assert data["final_score"] == pytest.approx(0.7)
    first = data["iterations"][0]
    assert first["iteration_number"] == 1
    assert first["answer"] == "answer A"
    assert first["evaluation"] == {
        "score": pytest.approx(0.5),
        "meets_criteria": False,
        "evaluation_reasoning": "weak",
        "improvement_suggestions": ["add an example"],
    }
    assert data["metadata"]["run_id"].startswith("run_")
    assert data["metadata"]["cost_usd"] == 0.0  # scripted models cost nothing
    # the generator sees instruction and format, the judge sees the criteria
    assert "uses analogies" in " ".join(m.text for m in judge.history[0].messages)


def test_answers_validates_ranges(service: Service) -> None:
    response = httpx.post(
        f"{service.base_url}/v1/answers",
        json={"instruct": "x", "resp_format": "y", "eval_crit": "z", "iter_max": 11},
    )
    assert response.status_code == 422
    assert "iter_max" in response.text


# -- runs -------------------------------------------------------------------------------------


def _run_once(service: Service, text: str = "done 1") -> str:
    completion = service.sdk().chat.completions.create(
        model=service.script("gen", [text]),
        messages=[{"role": "user", "content": "Q?"}],
        extra_body={"redraft": {"must_match": [r"\d"], "judge_model": "none"}},
    )
    run_id = _redraft(completion)["run_id"]
    assert isinstance(run_id, str)
    return run_id


def test_runs_list_and_detail(service: Service) -> None:
    first, second = _run_once(service), _run_once(service)
    listing = httpx.get(f"{service.base_url}/v1/runs", params={"limit": 1}).json()
    assert [r["id"] for r in listing["data"]] == [second]
    assert listing["has_more"] is True
    older = httpx.get(
        f"{service.base_url}/v1/runs", params={"before": listing["next_before"]}
    ).json()
    assert [r["id"] for r in older["data"]] == [first]
    detail = httpx.get(f"{service.base_url}/v1/runs/{second}").json()
    assert detail["drafts"][0]["text"] == "done 1"
    assert detail["calls"][0]["kind"] == "draft"
    assert detail["events"][0]["type"] == "run_started"
    assert detail["events"][-1]["type"] == "run_completed"
    assert httpx.get(f"{service.base_url}/v1/runs/run_{'0' * 24}").status_code == 404


def _parse_sse(text: str) -> list[tuple[int, str, dict[str, object]]]:
    events = []
    for block in text.strip().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines())
        events.append((int(fields["id"]), fields["event"], json.loads(fields["data"])))
    return events


def test_run_events_replay_and_resume_exactly_once(service: Service) -> None:
    run_id = _run_once(service)
    url = f"{service.base_url}/v1/runs/{run_id}/events"
    full = _parse_sse(httpx.get(url).text)
    seqs = [seq for seq, _, _ in full]
    assert seqs == list(range(1, len(full) + 1))
    assert full[-1][1] == "run_completed"
    cut = 3
    resumed = _parse_sse(httpx.get(url, headers={"Last-Event-ID": str(cut)}).text)
    assert [seq for seq, _, _ in full[:cut]] + [seq for seq, _, _ in resumed] == seqs


async def test_run_events_follow_a_live_run(service: Service) -> None:
    import threading

    from redraft.providers import FunctionModel

    gate = threading.Event()

    async def gated(request: object) -> str:
        # Holds the draft until the test has its event stream open.
        await asyncio.to_thread(gate.wait, 30)
        return "answer 7"

    service.registry.add("scripted:gated", FunctionModel(gated, model="gated"))
    body = {
        "model": "scripted:gated",
        "messages": [{"role": "user", "content": "Q?"}],
        "stream": True,
        "redraft": {"must_match": [r"\d"], "judge_model": "none"},
    }
    async with (
        httpx.AsyncClient(base_url=service.base_url, timeout=30) as client,
        client.stream("POST", "/v1/chat/completions", json=body) as completion,
    ):
        run_id = completion.headers["x-redraft-run-id"]
        async with client.stream("GET", f"/v1/runs/{run_id}/events") as events:
            assert events.status_code == 200
            gate.set()
            text = "".join([part async for part in events.aiter_text()])
        _ = [part async for part in completion.aiter_text()]
    parsed = _parse_sse(text)
    assert [seq for seq, _, _ in parsed] == list(range(1, len(parsed) + 1))
    assert [kind for _, kind, _ in parsed][-1] == "run_completed"
    assert "draft_completed" in [kind for _, kind, _ in parsed]


# -- access -----------------------------------------------------------------------------------


@pytest.fixture
def keyed_service(database_url: str) -> Iterator[tuple[Service, dict[str, str]]]:
    from redraft.store import Store

    async def make_keys() -> dict[str, str]:
        store = await Store.open(database_url)
        try:
            alpha, _ = await store.create_key("alpha")
            beta, _ = await store.create_key("beta")
            revoked, revoked_info = await store.create_key("alpha", name="old")
            await store.revoke_key(revoked_info.id)
            return {"alpha": alpha, "beta": beta, "revoked": revoked}
        finally:
            await store.close()

    keys = asyncio.run(make_keys())
    registry = ProviderRegistry()
    settings = Settings(database_url=database_url, api_keys="required")
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        yield Service(base_url, registry), keys


def test_tenants_are_isolated_and_revoked_keys_refused(
    keyed_service: tuple[Service, dict[str, str]],
) -> None:
    service, keys = keyed_service
    completion = service.sdk(keys["alpha"]).chat.completions.create(
        model=service.script("gen", ["4 apples"]),
        messages=[{"role": "user", "content": "How many?"}],
        extra_body={"redraft": {"must_match": [r"\d"], "judge_model": "none"}},
    )
    run_id = _redraft(completion)["run_id"]
    alpha = {"authorization": f"Bearer {keys['alpha']}"}
    beta = {"authorization": f"Bearer {keys['beta']}"}
    assert httpx.get(f"{service.base_url}/v1/runs/{run_id}", headers=alpha).status_code == 200
    assert httpx.get(f"{service.base_url}/v1/runs/{run_id}", headers=beta).status_code == 404
    assert httpx.get(f"{service.base_url}/v1/runs", headers=beta).json()["data"] == []
    events = httpx.get(f"{service.base_url}/v1/runs/{run_id}/events", headers=beta)
    assert events.status_code == 404
    with pytest.raises(openai.AuthenticationError):
        service.sdk(keys["revoked"]).models.list()
    with pytest.raises(openai.AuthenticationError):
        service.sdk("rdk_wrong").models.list()
    assert httpx.get(f"{service.base_url}/v1/models").status_code == 401
    assert [m.id for m in service.sdk(keys["beta"]).models.list()] == ["local"]
    assert httpx.get(f"{service.base_url}/healthz").json()["status"] == "ok"


@pytest.mark.real_calls
def test_no_secret_reaches_the_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from redraft.testing import FakeOpenAIServer

    secret = "sk-live-very-secret-123456"
    with FakeOpenAIServer(responses=["It is 12."]) as upstream:
        monkeypatch.setenv("OPENAI_BASE_URL", upstream.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", secret)
        db = tmp_path / "s.db"
        settings = Settings(database_url=f"sqlite:///{db}")
        with serve_in_thread(create_app(settings, registry=ProviderRegistry())) as base_url:
            with openai.OpenAI(base_url=f"{base_url}/v1", api_key="client-key-777") as client:
                completion = client.chat.completions.create(
                    model="openai:upstream-model",
                    messages=[{"role": "user", "content": "How many?"}],
                    extra_body={"redraft": {"must_match": [r"\d"], "judge_model": "none"}},
                )
            run_id = _redraft(completion)["run_id"]
            detail = httpx.get(f"{base_url}/v1/runs/{run_id}").text
        assert upstream.requests[0]["headers"]["authorization"] == f"Bearer {secret}"
    assert secret not in detail
    assert "client-key-777" not in detail
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("s.db*"))
    assert secret.encode() not in raw
    assert b"client-key-777" not in raw


@pytest.mark.real_calls
def test_the_vendor_streams_drafts_only_to_a_client_that_streams(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from redraft.testing import FakeOpenAIServer

    with FakeOpenAIServer(responses=["It is 12.", "It is 13."]) as upstream:
        monkeypatch.setenv("OPENAI_BASE_URL", upstream.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        settings = Settings(database_url=f"sqlite:///{tmp_path / 's.db'}")
        app = create_app(settings, registry=ProviderRegistry())
        with (
            serve_in_thread(app) as base_url,
            openai.OpenAI(base_url=f"{base_url}/v1", api_key="k") as client,
        ):
            options = {"redraft": {"must_match": [r"\d"], "judge_model": "none"}}
            question: Any = [{"role": "user", "content": "How many?"}]
            model = "openai:upstream-model"
            whole = client.chat.completions.create(
                model=model, messages=question, extra_body=options
            )
            streamed = client.chat.completions.create(
                model=model, messages=question, extra_body=options, stream=True
            )
            pieces = "".join(
                chunk.choices[0].delta.content or "" for chunk in streamed if chunk.choices
            )
        # The whole answer was asked for whole; the streamed one as a stream.
        assert [bool(r["body"].get("stream")) for r in upstream.requests] == [False, True]
    assert whole.choices[0].message.content == "It is 12."
    assert pieces == "It is 13."


def _gated(service: Service, name: str, text: str) -> tuple[str, threading.Event]:
    gate = threading.Event()

    async def gated(request: object) -> str:
        # Holds the draft until the test says so (the server runs in another thread).
        await asyncio.to_thread(gate.wait, 30)
        return text

    spec = f"scripted:{name}"
    service.registry.add(spec, FunctionModel(gated, model=name))
    return spec, gate


async def test_run_events_interrupted_mid_run_resume_exactly_once(service: Service) -> None:
    spec, gate = _gated(service, "gated2", "answer 9")
    body = {
        "model": spec,
        "messages": [{"role": "user", "content": "Q?"}],
        "stream": True,
        "redraft": {"must_match": [r"\d"], "judge_model": "none"},
    }
    async with (
        httpx.AsyncClient(base_url=service.base_url, timeout=30) as client,
        client.stream("POST", "/v1/chat/completions", json=body) as completion,
    ):
        run_id = completion.headers["x-redraft-run-id"]
        async with client.stream("GET", f"/v1/runs/{run_id}/events") as events:
            buffer = ""
            async for part in events.aiter_text():
                buffer += part
                if buffer.count("\n\n") >= 2:  # run_started and draft_started arrived
                    break
        # Only whole events count; a half-received one will come again on resume.
        first = _parse_sse("\n\n".join(buffer.split("\n\n")[:-1]))
        assert [kind for _, kind, _ in first][:2] == ["run_started", "draft_started"]
        last_seen = first[-1][0]
        gate.set()
        resumed_response = await client.get(
            f"/v1/runs/{run_id}/events", headers={"Last-Event-ID": str(last_seen)}
        )
        _ = [part async for part in completion.aiter_text()]
    resumed = _parse_sse(resumed_response.text)
    seqs = [seq for seq, _, _ in first] + [seq for seq, _, _ in resumed]
    assert seqs == list(range(1, len(seqs) + 1))
    assert resumed[-1][1] == "run_completed"


def test_final_mode_keeps_the_connection_alive_while_judging(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    from redraft.server import _chat

    monkeypatch.setattr(_chat, "KEEPALIVE_SECONDS", 0.05)
    spec, gate = _gated(service, "gated3", "kept 5")
    stream = service.sdk().chat.completions.create(
        model=spec,
        messages=[{"role": "user", "content": "Q?"}],
        stream=True,
        extra_body={"redraft": {"must_match": [r"\d"], "judge_model": "none"}},
    )
    chunks = []
    for item in stream:
        chunks.append(item)
        if len(chunks) == 3:  # the role chunk and two keep-alives, while the draft is held
            gate.set()
    assert all(c.choices[0].delta.content == "" for c in chunks[1:3])
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "kept 5"
