"""``GET /metrics``: Prometheus counters fed by real runs, breaker state, SSE streams, auth."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import openai
import pytest
from prometheus_client.parser import text_string_to_metric_families
from pydantic import SecretStr

from _live_server import serve_in_thread
from redraft import ProviderError
from redraft.app import Settings
from redraft.providers import CircuitBreaker, FunctionModel, ProviderRegistry, ScriptedModel
from redraft.server import create_app
from redraft.server._metrics import SSEStreamGauge

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def scrape(base_url: str, key: str | None = None) -> Samples:
    headers = {"authorization": f"Bearer {key}"} if key else {}
    response = httpx.get(f"{base_url}/metrics", headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    samples: Samples = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return samples


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


class Service:
    def __init__(self, base_url: str, registry: ProviderRegistry) -> None:
        self.base_url = base_url
        self.registry = registry
        self.clients: list[openai.OpenAI] = []
        """The :meth:`sdk` clients, closed when the test ends."""

    def sdk(self) -> openai.OpenAI:
        client = openai.OpenAI(base_url=f"{self.base_url}/v1", api_key="unused", max_retries=0)
        self.clients.append(client)
        return client


@pytest.fixture
def service(database_url: str) -> Iterator[Service]:
    registry = ProviderRegistry()
    with serve_in_thread(create_app(Settings(database_url=database_url), registry=registry)) as url:
        running = Service(url, registry)
        try:
            yield running
        finally:
            for client in running.clients:
                client.close()


def test_counters_move_after_a_two_draft_run(service: Service) -> None:
    service.registry.add(
        "scripted:gen", ScriptedModel(["It is Lyon.", "It is Paris."], model="gen")
    )
    before = scrape(service.base_url)
    assert value(before, "redraft_runs_total", outcome="unverified") == 0
    assert value(before, "redraft_sse_streams_open") == 0

    completion = service.sdk().chat.completions.create(
        model="scripted:gen",
        messages=[{"role": "user", "content": "Capital of France?"}],
        extra_body={"redraft": {"must_match": ["Paris"], "judge_model": "none"}},
    )
    assert completion.choices[0].message.content == "It is Paris."

    after = scrape(service.base_url)
    # The pattern passed; with no judge the question is unverified.
    assert value(after, "redraft_runs_total", outcome="unverified") == 1
    assert value(after, "redraft_runs_in_progress") == 0
    assert value(after, "redraft_drafts_total") == 2
    assert value(after, "redraft_redrafts_total") == 1
    assert value(after, "redraft_run_drafts_count") == 1
    assert value(after, "redraft_run_drafts_sum") == 2
    assert value(after, "redraft_run_drafts_bucket", le="1.0") == 0
    assert value(after, "redraft_run_drafts_bucket", le="2.0") == 1
    # One failed verdict (the check missed "Paris"), one unverified.
    assert value(after, "redraft_verdict_score_count", passed="false") == 1
    assert value(after, "redraft_verdict_score_count", passed="unverified") == 1
    assert value(after, "redraft_verdict_score_sum", passed="unverified") == 1.0
    draft = {"call_kind": "draft", "provider": "scripted", "model": "gen"}
    assert completion.usage is not None
    tokens = value(after, "redraft_llm_tokens_total", **draft, token_type="input") + value(
        after, "redraft_llm_tokens_total", **draft, token_type="output"
    )
    assert tokens == completion.usage.total_tokens > 0
    assert value(after, "redraft_llm_call_duration_seconds_count", **draft, status="ok") == 2
    assert value(after, "redraft_evaluator_errors_total", kind="judge", error_type="x") == 0


def test_judge_errors_and_an_open_breaker_show(service: Service) -> None:
    service.registry.add("scripted:gen", ScriptedModel(["an answer"], model="gen"))

    def down(_request: object) -> str:
        raise ProviderError("judge backend is down", provider="scripted", status=503)

    breaker = CircuitBreaker(FunctionModel(down, model="judge"), failures=1, reset_after_s=3600)
    service.registry.add("scripted:judge", breaker)
    assert (
        value(
            scrape(service.base_url),
            "redraft_circuit_breaker_state",
            spec=breaker.spec,
            state="closed",
        )
        == 1
    )

    service.sdk().chat.completions.create(
        model="scripted:gen",
        messages=[{"role": "user", "content": "Say something"}],
        extra_body={"redraft": {"judge_model": "scripted:judge", "max_attempts": 1}},
    )

    after = scrape(service.base_url)
    errors = {
        dict(labels)["error_type"]: count
        for (name, labels), count in after.items()
        if name == "redraft_evaluator_errors_total" and dict(labels)["kind"] == "judge"
    }
    assert sum(errors.values()) == 1, errors
    assert value(after, "redraft_circuit_breaker_state", spec=breaker.spec, state="open") == 1
    assert value(after, "redraft_circuit_breaker_state", spec=breaker.spec, state="closed") == 0
    assert value(after, "redraft_circuit_breaker_consecutive_failures", spec=breaker.spec) >= 1
    assert value(after, "redraft_runs_total", outcome="degraded") == 1
    judge = {"call_kind": "judge", "provider": "scripted", "model": "judge", "status": "error"}
    assert value(after, "redraft_llm_call_duration_seconds_count", **judge) >= 1


def test_metrics_are_operator_only_when_keys_are_set(database_url: str) -> None:
    settings = Settings(
        database_url=database_url,
        api_keys="acme:s3cret-tenant-key",
        metrics_key=SecretStr("s3cret-metrics-key"),
    )
    with serve_in_thread(create_app(settings, registry=ProviderRegistry())) as base_url:
        refused = httpx.get(f"{base_url}/metrics")
        assert refused.status_code == 401
        assert refused.json()["error"]["type"] == "authentication_error"
        # A tenant's key is valid for /v1 but the counts cover every tenant.
        tenant = httpx.get(
            f"{base_url}/metrics", headers={"authorization": "Bearer s3cret-tenant-key"}
        )
        assert tenant.status_code == 403
        assert tenant.json()["error"]["code"] == "operator_only"
        assert value(scrape(base_url, "s3cret-metrics-key"), "redraft_sse_streams_open") == 0


def test_metrics_are_refused_with_keys_but_no_operator_key(database_url: str) -> None:
    settings = Settings(database_url=database_url, api_keys="acme:s3cret-tenant-key")
    with serve_in_thread(create_app(settings, registry=ProviderRegistry())) as base_url:
        tenant = httpx.get(
            f"{base_url}/metrics", headers={"authorization": "Bearer s3cret-tenant-key"}
        )
        assert tenant.status_code == 403
        assert "REDRAFT_METRICS_KEY" in tenant.json()["error"]["message"]


async def test_open_sse_streams_are_counted_while_open(service: Service) -> None:
    body = {
        "subject": {"question": "How?", "answer": "At a casino."},
        "panel": [
            {
                "type": "check",
                "rules": [{"pattern": "casino", "points": -5, "description": "Gambling"}],
            }
        ],
    }
    async with httpx.AsyncClient(base_url=service.base_url, timeout=30) as client:
        created = await client.post("/v1/sessions", json=body)
        assert created.status_code == 201, created.text
        params = {"session_id": created.json()["session_id"]}
        async with client.stream("GET", "/v1/evaluate/stream", params=params) as response:
            assert response.status_code == 200
            # The gauge moves before the response headers leave the server.
            assert value(scrape(service.base_url), "redraft_sse_streams_open") == 1
        # The server notices the disconnect on its own time: wait for it, bounded.
        for _ in range(500):
            if value(scrape(service.base_url), "redraft_sse_streams_open") == 0:
                break
            await asyncio.sleep(0.01)
        assert value(scrape(service.base_url), "redraft_sse_streams_open") == 0


class _Gauge:
    def __init__(self) -> None:
        self.value = 0
        self.peak = 0

    def inc(self) -> None:
        self.value += 1
        self.peak = max(self.peak, self.value)

    def dec(self) -> None:
        self.value -= 1


def _app(content_type: bytes, *, fail: bool = False) -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        headers = [(b"content-type", content_type)]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b"data: 1\n\n", "more_body": True})
        if fail:
            raise RuntimeError("the stream broke")
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    return app


@pytest.mark.parametrize(
    ("content_type", "fail", "peak"),
    [
        (b"text/event-stream; charset=utf-8", False, 1),
        (b"text/event-stream", True, 1),
        (b"application/json", False, 0),
    ],
)
async def test_the_sse_gauge_counts_event_streams_only_and_always_comes_back(
    content_type: bytes, fail: bool, peak: int
) -> None:
    gauge = _Gauge()
    middleware = SSEStreamGauge(_app(content_type, fail=fail), gauge)  # type: ignore[arg-type]
    seen: list[int] = []

    async def send(_message: Any) -> None:
        seen.append(gauge.value)

    async def receive() -> Any:
        return {"type": "http.request", "body": b"", "more_body": False}

    scope = {"type": "http", "method": "GET", "path": "/x", "headers": []}
    if fail:
        with pytest.raises(RuntimeError):
            await middleware(scope, receive, send)
    else:
        await middleware(scope, receive, send)
    assert gauge.peak == peak
    assert seen[0] == peak  # counted before the headers went out
    assert gauge.value == 0
