"""Evaluation sessions over HTTP, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest

from _live_server import serve_in_thread
from _sse import Message, messages, take
from redraft import ModelRequest, ProviderError
from redraft.app import Settings
from redraft.providers import FunctionModel, ProviderRegistry
from redraft.server import create_app

GAMBLING = {"pattern": "casino", "points": -5, "description": "Gambling mentions found"}
SUBJECT = {
    "question": "How does the applicant earn money?",
    "answer": "The applicant earns money at a casino as a croupier with stable employment.",
}


class Judge:
    """A scripted judge model: findings for the panel, a verdict for re-evaluations.

    ``gate`` holds the findings until the test opens it; ``reevaluation``
    may be an exception to raise instead of answering.
    """

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.gate.set()
        self.reevaluation: str | Exception = json.dumps(
            {"description": "Context was misunderstood", "points": 2}
        )
        self.requests: list[ModelRequest] = []

    async def __call__(self, request: ModelRequest) -> str:
        import asyncio

        self.requests.append(request)
        schema = request.json_schema or {}
        if "findings" in schema.get("properties", {}):
            await asyncio.to_thread(self.gate.wait, 30)
            return json.dumps(
                {"findings": [{"description": "Stable employment verified", "points": 2}]}
            )
        if isinstance(self.reevaluation, Exception):
            raise self.reevaluation
        return self.reevaluation


class Service:
    def __init__(self, base_url: str, judge: Judge) -> None:
        self.base_url = base_url
        self.judge = judge

    def client(self, key: str | None = None) -> httpx.AsyncClient:
        headers = {"authorization": f"Bearer {key}"} if key else {}
        return httpx.AsyncClient(base_url=self.base_url, timeout=30, headers=headers)

    @asynccontextmanager
    async def stream(
        self,
        client: httpx.AsyncClient,
        session_id: int,
        last_event_id: int | None = None,
        *,
        method: str = "GET",
        path: str = "/v1/evaluate/stream",
    ) -> AsyncIterator[AsyncIterator[Message]]:
        headers = {"last-event-id": str(last_event_id)} if last_event_id is not None else {}
        where: dict[str, Any] = (
            {"params": {"session_id": session_id}}
            if method == "GET"
            else {"json": {"session_id": session_id}}
        )
        async with client.stream(method, path, headers=headers, **where) as response:
            assert response.status_code == 200, response.status_code
            assert response.headers["content-type"].startswith("text/event-stream")
            yield messages(response)


def _app(database_url: str, judge: Judge, **settings: Any) -> Any:
    registry = ProviderRegistry()
    registry.add("scripted:judge", FunctionModel(judge, model="judge"))
    defaults: dict[str, Any] = {"database_url": database_url, "sse_heartbeat_seconds": 0.3}
    return create_app(Settings(**(defaults | settings)), registry=registry)


@pytest.fixture
def service(database_url: str) -> Iterator[Service]:
    judge = Judge()
    with serve_in_thread(_app(database_url, judge)) as base_url:
        yield Service(base_url, judge)
        judge.gate.set()


async def _create(client: httpx.AsyncClient, **overrides: Any) -> int:
    body: dict[str, Any] = {
        "subject": SUBJECT,
        "judge_model": "scripted:judge",
        "panel": [
            {"type": "check", "rules": [GAMBLING]},
            {"type": "judge"},
            {"type": "model", "scorer": "relevance"},
        ],
    } | overrides
    response = await client.post("/v1/sessions", json=body)
    assert response.status_code == 201, response.text
    session_id = response.json()["session_id"]
    assert isinstance(session_id, int)
    return session_id


async def _until_complete(
    stream: AsyncIterator[Message], done: str = "evaluation_completed"
) -> list[Message]:
    seen: list[Message] = []
    async for message in stream:
        if message.data is None:
            continue
        seen.append(message)
        if message.data["event_type"] == done:
            return seen
    raise AssertionError(f"the stream ended before {done}")


async def test_start_stream_invalidate_and_reevaluate(service: Service) -> None:
    service.judge.gate.clear()
    async with service.client() as client:
        session_id = await _create(client)
        async with service.stream(client, session_id) as stream:
            started = await client.post("/v1/evaluate/start", json={"session_id": session_id})
            assert started.status_code == 200
            assert started.json() == {"message": "Evaluation started", "session_id": session_id}
            # The judge is held, so the evaluation is still in progress.
            again = await client.post("/v1/evaluate/start", json={"session_id": session_id})
            assert again.status_code == 400
            assert "already" in again.json()["error"]["message"]
            service.judge.gate.set()

            seen = await _until_complete(stream)
            kinds = [m.data["event_type"] for m in seen if m.data]
            assert kinds[0] == "evaluation_started" and kinds[-1] == "evaluation_completed"
            assert set(kinds[1:-1]) == {"evidence_recorded"} and len(kinds) == 5
            ids = [m.id for m in seen if m.id is not None]
            assert len(ids) == len(seen)
            assert ids == sorted(ids) and len(set(ids)) == len(ids)
            evidence = [m.data for m in seen[1:-1] if m.data]
            assert sorted(e["id"] for e in evidence) == [1, 2, 3]
            for item in evidence:
                assert {
                    "id",
                    "score",
                    "description",
                    "source",
                    "valid",
                    "invalidate_reason",
                } <= set(item)
                assert item["valid"] is True and item["invalidate_reason"] is None
            gambling = next(e for e in evidence if e["evaluator"] == "rules")
            assert gambling["score"] == -5
            assert gambling["description"].startswith("Gambling mentions found")
            judged = next(e for e in evidence if e["evaluator"] == "judge")
            assert (judged["score"], judged["description"]) == (2, "Stable employment verified")
            model = next(e for e in evidence if e["evaluator"] == "relevance")
            assert model["kind"] == "model" and 0 < model["score"] <= 100

            updated = await client.post(
                "/v1/evidence/update",
                json={
                    "session_id": session_id,
                    "evidence_id": gambling["id"],
                    "valid": False,
                    "invalidate_reason": "This evidence misinterpreted the context",
                },
            )
            assert updated.status_code == 200
            original = next(e for e in updated.json()["evidence_list"] if e["id"] == gambling["id"])
            assert original["valid"] is False
            assert original["invalidate_reason"] == "This evidence misinterpreted the context"

            # The stream stayed open after evaluation_completed: the re-evaluation arrives on it.
            (reevaluated,) = await take(stream, 1)
            assert reevaluated.data is not None
            assert reevaluated.data["event_type"] == "evidence_recorded"
            assert reevaluated.data["source"] == f"Re-evaluation of Evidence #{gambling['id']}"
            assert reevaluated.data["id"] == 4 and reevaluated.data["original_id"] == gambling["id"]
            assert reevaluated.data["score"] == 2
            assert "Context was misunderstood" in reevaluated.data["description"]

        session = (await client.get(f"/v1/sessions/{session_id}")).json()
        assert session["status"] == "completed"
        assert [e["id"] for e in session["evidence_list"]] == [1, 2, 3, 4]
        assert [e["valid"] for e in session["evidence_list"]].count(False) == 1
        # The invalid -5 no longer counts; the re-evaluation's +2 does.
        counted = [e["score"] for e in session["evidence_list"] if e["valid"]]
        assert session["score"] == pytest.approx(sum(counted))
        # The findings' points apart from relevance's rating out of 100: the
        # judge's +2 and the re-evaluation's +2, and the model's 0..100.
        assert session["points"] == 4
        assert session["model_scores"] == {"relevance": model["score"]}
        assert session["score"] == pytest.approx(4 + model["score"])
        (listed,) = (await client.get("/v1/sessions")).json()["data"]
        assert (listed["points"], listed["model_scores"]) == (4, {"relevance": model["score"]})
        assert listed["score"] == pytest.approx(session["score"])
        assert [c["kind"] for c in session["calls"]] == ["judge", "re_evaluation"]
        prompt = session["calls"][1]["messages"][-1]["content"]
        assert "This evidence misinterpreted the context" in prompt


async def test_the_unprefixed_paths_keep_the_evaluation_sessions_designs_names(
    service: Service,
) -> None:
    """A client written to that design: ``/evaluate/start``, ``/evaluate/stream``
    (GET and POST), ``/evidence/update``, and its event names."""
    async with service.client() as client:
        session_id = await _create(client, panel=[{"type": "check", "rules": [GAMBLING]}])
        async with (
            service.stream(client, session_id, path="/evaluate/stream") as old,
            service.stream(client, session_id, method="POST", path="/evaluate/stream") as posted,
            service.stream(client, session_id) as new,
        ):
            started = await client.post("/evaluate/start", json={"session_id": session_id})
            assert started.json() == {"message": "Evaluation started", "session_id": session_id}
            seen = await _until_complete(old, "evaluation_complete")
            kinds = [m.data["event_type"] for m in seen if m.data]
            assert kinds == ["evaluation_start", "evidence", "evaluation_complete"]
            again = await _until_complete(posted, "evaluation_complete")
            assert [m.data for m in again] == [m.data for m in seen]
            # The same items under the same ids: only the names differ.
            renamed = await _until_complete(new)
            assert [m.id for m in renamed] == [m.id for m in seen]
            unnamed = [{**m.data, "event_type": None} for m in seen if m.data]
            assert [{**m.data, "event_type": None} for m in renamed if m.data] == unnamed

            update = {"session_id": session_id, "evidence_id": 1, "valid": False}
            updated = await client.post("/evidence/update", json=update)
            assert updated.status_code == 200, updated.text
            assert updated.json()["evidence_list"][0]["valid"] is False
            (reevaluated,) = await take(old, 1)
            assert reevaluated.data is not None and reevaluated.data["original_id"] == 1
            assert reevaluated.data["event_type"] == "evidence"
        missing = await client.post("/evaluate/start", json={"session_id": 999})
        assert missing.status_code == 404


async def test_failing_reevaluation_becomes_zero_score_evidence(service: Service) -> None:
    service.judge.reevaluation = ProviderError("judge is down", provider="scripted")
    async with service.client() as client:
        session_id = await _create(client, panel=[{"type": "check", "rules": [GAMBLING]}])
        async with service.stream(client, session_id) as stream:
            await client.post("/v1/evaluate/start", json={"session_id": session_id})
            await _until_complete(stream)
            await client.post(
                "/v1/evidence/update",
                json={"session_id": session_id, "evidence_id": 1, "valid": False},
            )
            (failed,) = await take(stream, 1)
    assert failed.data is not None
    assert failed.data["score"] == 0 and failed.data["status"] == "error"
    assert failed.data["source"] == "Re-evaluation of Evidence #1"
    assert "Re-evaluation failed" in failed.data["description"]
    assert "judge is down" in failed.data["description"]


async def test_resume_with_last_event_id_mid_evaluation_gets_every_item_once(
    service: Service,
) -> None:
    service.judge.gate.clear()
    async with service.client() as client:
        session_id = await _create(client)
        await client.post("/v1/evaluate/start", json={"session_id": session_id})
        # The check and the model finish at once; the judge is held.
        async with service.stream(client, session_id) as stream:
            first = await take(stream, 3)
        assert [m.data["event_type"] for m in first if m.data] == [
            "evaluation_started",
            "evidence_recorded",
            "evidence_recorded",
        ]
        # Disconnected mid-evaluation; the judge now finishes while nobody listens.
        service.judge.gate.set()
        async with service.stream(client, session_id, last_event_id=first[-1].id) as stream:
            rest = await _until_complete(stream)
        async with service.stream(client, session_id) as stream:
            everything = await _until_complete(stream)
    assert [m.id for m in first + rest] == [m.id for m in everything]
    assert [m.data for m in first + rest] == [m.data for m in everything]
    evidence_ids = [m.data["id"] for m in first + rest if m.data and m.data["id"] is not None]
    assert sorted(evidence_ids) == [1, 2, 3]


async def test_many_subscribers_get_and_post_and_heartbeats(service: Service) -> None:
    async with service.client() as client:
        session_id = await _create(client, panel=[{"type": "check", "rules": [GAMBLING]}])
        async with (
            service.stream(client, session_id) as one,
            service.stream(client, session_id, method="POST") as two,
        ):
            await client.post("/v1/evaluate/start", json={"session_id": session_id})
            a = await _until_complete(one)
            b = await _until_complete(two)
            assert [m.data for m in a] == [m.data for m in b] and len(a) == 3
            # Idle now: the next thing on the line is a keep-alive comment, not an event.
            quiet = await anext(one)
            assert quiet.data is None


async def test_unknown_sessions_and_evidence_are_404(service: Service) -> None:
    async with service.client() as client:
        assert (
            await client.post("/v1/evaluate/start", json={"session_id": 999})
        ).status_code == 404
        assert (
            await client.post("/v1/evaluate/stream", json={"session_id": 999})
        ).status_code == 404
        stream = await client.get("/v1/evaluate/stream", params={"session_id": 999})
        assert stream.status_code == 404
        assert (await client.get("/v1/sessions/999")).status_code == 404
        session_id = await _create(client, panel=[{"type": "check", "rules": [GAMBLING]}])
        missing = await client.post(
            "/v1/evidence/update", json={"session_id": session_id, "evidence_id": 7, "valid": False}
        )
        assert missing.status_code == 404 and "evidence 7" in missing.json()["error"]["message"]


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"subject": {"text": "t", "answer": "a"}}, "subject"),
        ({"subject": {"question": "q"}}, "subject"),
        ({"subject": {"text": "t"}, "panel": [{"type": "oracle"}]}, "panel"),
        ({"subject": {"text": "t"}, "panel": [{"type": "check", "rules": []}]}, "rules"),
        ({"subject": {"text": "t"}, "bogus": 1}, "bogus"),
    ],
)
async def test_malformed_sessions_are_422_naming_the_field(
    service: Service, body: dict[str, Any], named: str
) -> None:
    async with service.client() as client:
        response = await client.post("/v1/sessions", json=body)
    assert response.status_code == 422
    assert named in response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("panel", "judge_model", "named"),
    [
        (
            [{"type": "check", "rules": [{"pattern": "(", "points": 1, "description": "x"}]}],
            None,
            "rules[0]",
        ),
        (
            [{"type": "check", "rules": [{"pattern": "a", "points": 0, "description": "x"}]}],
            None,
            "points",
        ),
        ([{"type": "model", "scorer": "nope"}], None, "relevance"),
        ([{"type": "web"}, {"type": "web"}], None, "already called 'web'"),
        ([{"type": "judge"}], "none", "needs a model"),
        ([{"type": "judge", "model": "local:/etc/passwd"}], None, "names a file"),
        ([{"type": "web"}], "local:/tmp/x.gguf", "names a file"),
    ],
)
async def test_panels_that_cannot_run_are_400_naming_the_problem(
    service: Service, panel: list[dict[str, Any]], judge_model: str | None, named: str
) -> None:
    body: dict[str, Any] = {"subject": {"text": "Some text."}, "panel": panel}
    if judge_model is not None:
        body["judge_model"] = judge_model
    async with service.client() as client:
        response = await client.post("/v1/sessions", json=body)
    assert response.status_code == 400, response.text
    assert named in response.json()["error"]["message"]


async def test_default_panel_and_the_web_member_refusing_a_loopback_target(
    service: Service,
) -> None:
    async with service.client() as client:
        text = f"The service is healthy, see {service.base_url}/healthz for details."
        session_id = await _create(client, subject={"text": text}, panel=None)
        async with service.stream(client, session_id) as stream:
            await client.post("/v1/evaluate/start", json={"session_id": session_id})
            seen = await _until_complete(stream)
        evidence = [m.data for m in seen if m.data and m.data["event_type"] == "evidence_recorded"]
        # No question, so no relevance scorer: the judge and the web check.
        assert {e["evaluator"] for e in evidence} == {"judge", "web"}
        web = next(e for e in evidence if e["evaluator"] == "web")
        assert web["status"] == "skipped" and web["score"] == 0
        assert "127.0.0.1" in web["description"]


def test_sessions_are_tenant_scoped_and_paged(database_url: str) -> None:
    judge = Judge()
    app = _app(database_url, judge, api_keys="acme:key-acme,rival:key-rival")
    with serve_in_thread(app) as base_url:
        acme = {"authorization": "Bearer key-acme"}
        rival = {"authorization": "Bearer key-rival"}
        body = {"subject": {"text": "x"}, "panel": [{"type": "check", "rules": [GAMBLING]}]}
        assert httpx.post(f"{base_url}/v1/sessions", json=body).status_code == 401
        ids = [
            httpx.post(f"{base_url}/v1/sessions", json=body, headers=acme).json()["session_id"]
            for _ in range(3)
        ]
        assert httpx.get(f"{base_url}/v1/sessions/{ids[0]}", headers=rival).status_code == 404
        start = {"session_id": ids[0]}
        assert (
            httpx.post(f"{base_url}/v1/evaluate/start", json=start, headers=rival).status_code
            == 404
        )
        # The unprefixed paths of the evaluation-sessions design take the same keys.
        assert httpx.post(f"{base_url}/evaluate/start", json=start).status_code == 401
        assert (
            httpx.post(f"{base_url}/evaluate/start", json=start, headers=rival).status_code == 404
        )
        stream = httpx.get(f"{base_url}/evaluate/stream", params=start, headers=rival)
        assert stream.status_code == 404
        update = {**start, "evidence_id": 1, "valid": False}
        assert httpx.post(f"{base_url}/evidence/update", json=update).status_code == 401
        assert httpx.get(f"{base_url}/v1/sessions", headers=rival).json()["data"] == []
        page = httpx.get(f"{base_url}/v1/sessions?limit=2", headers=acme).json()
        assert [s["session_id"] for s in page["data"]] == ids[::-1][:2]
        assert page["has_more"] is True
        rest = httpx.get(
            f"{base_url}/v1/sessions?limit=2&before={page['next_before']}", headers=acme
        ).json()
        assert [s["session_id"] for s in rest["data"]] == [ids[0]] and rest["has_more"] is False


async def test_a_person_overturning_a_judges_finding_enters_its_record(
    service: Service,
) -> None:
    async with service.client() as client:
        session_id = await _create(client, panel=[{"type": "judge"}])
        async with service.stream(client, session_id) as stream:
            await client.post("/v1/evaluate/start", json={"session_id": session_id})
            seen = await _until_complete(stream)
        [judged] = [m.data for m in seen if m.data and m.data["event_type"] == "evidence_recorded"]
        assert judged["score"] > 0  # the judge found a quality: "Stable employment verified"
        before = await _measured_here(client)
        assert before == []
        updated = await client.post(
            "/v1/evidence/update",
            json={"session_id": session_id, "evidence_id": judged["id"], "valid": False},
        )
        assert updated.status_code == 200
        [record] = await _measured_here(client)
        # It said the quality holds; the person says it does not: a false positive.
        assert (record["judge"], record["preset"]) == ("scripted:judge", "findings")
        assert (record["fp"], record["tp"], record["n"]) == (1, 0, 1)
        # Marking it invalid again (or valid) adds nothing more.
        await client.post(
            "/v1/evidence/update",
            json={"session_id": session_id, "evidence_id": judged["id"], "valid": False},
        )
        [again] = await _measured_here(client)
        assert again["n"] == 1


async def _measured_here(client: httpx.AsyncClient) -> list[dict[str, Any]]:
    """The judges' records this store measured (not the shipped one)."""
    rows: list[dict[str, Any]] = (await client.get("/v1/judges")).json()["data"]
    return [r for r in rows if not r["shipped"]]
