"""Prometheus metrics at ``GET /metrics``, behind the same key as ``/v1``.

Why it is built this way:

- One :class:`CollectorRegistry` per app, made by :func:`install_metrics` in
  the app factory: no module-level metrics, so two apps in one process (tests,
  embedding) never share or double-register counters.
- Counters are fed from the run events the executor stores, the same stream
  every other consumer sees, so ``/metrics`` agrees with ``/v1/runs``.
- Circuit-breaker state is read when scraped (a custom collector over the
  provider registry's breakers), so it is never stale and costs nothing
  between scrapes.
- Open SSE streams are counted by an ASGI middleware that watches for
  ``text/event-stream`` responses, so no route has to remember to count.

Label values are bounded: outcomes are stop reasons, evaluator errors are
labelled by evaluator kind (names can hold user patterns), models are the
configured ones. The metric list is in ``docs/observability.md``.
"""

from __future__ import annotations

import contextlib
import hmac
import logging
from collections.abc import AsyncIterator, Iterable
from typing import Any

from fastapi import APIRouter, FastAPI, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.metrics import Counter, Gauge, Histogram
from prometheus_client.registry import Collector
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from redraft.core._events import (
    CallRecorded,
    DraftStarted,
    EvidenceRecorded,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunStarted,
    VerdictReached,
)
from redraft.providers import CircuitBreaker, ProviderRegistry
from redraft.server._errors import API_ERRORS, ApiError
from redraft.server._guards import StrictJSONRoute
from redraft.server._services import services_of

__all__ = ["RunMetrics", "SSEStreamGauge", "install_metrics", "router"]

log = logging.getLogger("redraft.server")

_SCORE_BUCKETS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
_DRAFT_BUCKETS = (1, 2, 3, 4, 5, 6, 8, 10)
_LATENCY_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0)
_BREAKER_STATES = ("closed", "open", "half_open")


class _BreakerCollector(Collector):
    """Each circuit breaker's state, read from the provider registry when scraped."""

    def __init__(self) -> None:
        self.registry: ProviderRegistry | None = None

    def describe(self) -> Iterable[Metric]:
        return self._families()

    def _families(self) -> list[GaugeMetricFamily]:
        return [
            GaugeMetricFamily(
                "redraft_circuit_breaker_state",
                "1 for the state each provider's circuit breaker is in, 0 for the others.",
                labels=["spec", "state"],
            ),
            GaugeMetricFamily(
                "redraft_circuit_breaker_consecutive_failures",
                "Consecutive failures each provider's circuit breaker has counted.",
                labels=["spec"],
            ),
        ]

    def collect(self) -> Iterable[Metric]:
        state, failures = self._families()
        for breaker in _breakers(self.registry):
            current = breaker.state
            for name in _BREAKER_STATES:
                state.add_metric([breaker.spec, name], 1.0 if current == name else 0.0)
            failures.add_metric([breaker.spec], float(breaker.consecutive_failures))
        return [state, failures]


def _breakers(registry: ProviderRegistry | None) -> list[CircuitBreaker]:
    if registry is None:
        return []
    return [p for p in registry.built() if isinstance(p, CircuitBreaker)]


class RunMetrics:
    """The service's metrics, in their own registry. :meth:`observe` takes
    each stored run event."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.runs = Counter(
            "redraft_runs",
            "Runs finished, by outcome: the stop reason, or failed when no draft was written.",
            ["outcome"],
            registry=r,
        )
        self.runs_in_progress = Gauge(
            "redraft_runs_in_progress", "Runs started and not yet finished.", registry=r
        )
        self.run_drafts = Histogram(
            "redraft_run_drafts", "Drafts per finished run.", buckets=_DRAFT_BUCKETS, registry=r
        )
        self.drafts = Counter("redraft_drafts", "Drafts started (redrafts included).", registry=r)
        self.redrafts = Counter(
            "redraft_redrafts", "Drafts written under feedback after a failed verdict.", registry=r
        )
        self.verdict_score = Histogram(
            "redraft_verdict_score",
            "Verdict scores (0..1), by whether the verdict passed (true, false, unverified).",
            ["passed"],
            buckets=_SCORE_BUCKETS,
            registry=r,
        )
        self.evaluator_errors = Counter(
            "redraft_evaluator_errors",
            "Evidence with status error (judge failures, timeouts, open breakers), "
            "by evaluator kind and error type.",
            ["kind", "error_type"],
            registry=r,
        )
        self.tokens = Counter(
            "redraft_llm_tokens",
            "Tokens of LLM calls, by call kind, provider, model and token type (input, output).",
            ["call_kind", "provider", "model", "token_type"],
            registry=r,
        )
        self.call_duration = Histogram(
            "redraft_llm_call_duration_seconds",
            "Latency of LLM calls, by call kind, provider, model and status.",
            ["call_kind", "provider", "model", "status"],
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.sse_streams = Gauge(
            "redraft_sse_streams_open", "Server-sent event streams open now.", registry=r
        )
        self.breakers = _BreakerCollector()
        r.register(self.breakers)

    def observe(self, event: RunEvent) -> None:
        """Count ``event``; never raises into the run that produced it."""
        try:
            self._observe(event)
        except Exception:
            log.exception("metrics could not count a %s event", event.type)

    def _observe(self, event: RunEvent) -> None:
        if isinstance(event, RunStarted):
            self.runs_in_progress.inc()
        elif isinstance(event, DraftStarted):
            self.drafts.inc()
            if event.feedback is not None:
                self.redrafts.inc()
        elif isinstance(event, CallRecorded):
            call = event.call
            labels = (call.kind, call.provider, call.model)
            self.tokens.labels(*labels, "input").inc(call.usage.input_tokens)
            self.tokens.labels(*labels, "output").inc(call.usage.output_tokens)
            self.call_duration.labels(*labels, call.status).observe(call.latency_ms / 1000)
        elif isinstance(event, EvidenceRecorded):
            evidence = event.evidence
            if evidence.status == "error":
                error_type = str(evidence.data.get("error_type") or "unknown")
                self.evaluator_errors.labels(evidence.kind, error_type).inc()
        elif isinstance(event, VerdictReached):
            claim = event.verdict.passed
            passed = "unverified" if claim is None else "true" if claim else "false"
            self.verdict_score.labels(passed).observe(event.verdict.score)
        elif isinstance(event, RunCompleted | RunFailed):
            self.runs_in_progress.dec()
            outcome = "failed" if isinstance(event, RunFailed) else event.result.stop_reason
            self.runs.labels(outcome).inc()
            self.run_drafts.observe(event.result.attempts)


class SSEStreamGauge:
    """ASGI middleware: ``gauge`` counts the responses of type
    ``text/event-stream`` being sent now."""

    def __init__(self, app: ASGIApp, gauge: Gauge) -> None:
        self.app = app
        self.gauge = gauge

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        opened = False

        async def watch(message: Message) -> None:
            nonlocal opened
            if message["type"] == "http.response.start" and _is_event_stream(message):
                opened = True
                self.gauge.inc()
            await send(message)

        try:
            await self.app(scope, receive, watch)
        finally:
            if opened:
                self.gauge.dec()


def _is_event_stream(message: Message) -> bool:
    content_type = Headers(raw=message.get("headers", [])).get("content-type", "")
    return content_type.lower().startswith("text/event-stream")


router = APIRouter(tags=["service"], route_class=StrictJSONRoute, responses=API_ERRORS)


@router.get("/metrics", response_class=Response)
async def metrics(request: Request) -> Response:
    """Prometheus metrics in the text exposition format. The counts cover the
    whole service, so with API keys set only the operator's ``REDRAFT_METRICS_KEY``
    may read them: a tenant's key would show every tenant's traffic."""
    _authorize_operator(request)
    run_metrics: RunMetrics = request.app.state.metrics
    return Response(generate_latest(run_metrics.registry), media_type=CONTENT_TYPE_LATEST)


def _authorize_operator(request: Request) -> None:
    services = services_of(request)
    if not services.auth.required:
        return  # no keys: loopback only, one user (see LoopbackHostGuard)
    expected = services.settings.metrics_key
    scheme, _, secret = (request.headers.get("authorization") or "").partition(" ")
    secret = secret.strip()
    if scheme.lower() != "bearer" or not secret:
        raise ApiError(
            401,
            "missing API key: /metrics needs 'Authorization: Bearer <REDRAFT_METRICS_KEY>'",
            type="authentication_error",
            code="invalid_api_key",
        )
    if expected is None or not hmac.compare_digest(
        secret.encode("utf-8"), expected.get_secret_value().encode("utf-8")
    ):
        raise ApiError(
            403,
            "/metrics is operator-only: it counts every tenant's runs; send the key set in "
            "REDRAFT_METRICS_KEY (tenant keys are refused)",
            type="permission_error",
            code="operator_only",
        )


def install_metrics(app: FastAPI) -> RunMetrics:
    """Give ``app`` its metrics: the registry, ``/metrics``, the SSE gauge
    and, once the app has started, the executor's event feed and the breakers."""
    run_metrics = RunMetrics()
    app.state.metrics = run_metrics
    app.add_middleware(SSEStreamGauge, gauge=run_metrics.sse_streams)
    app.include_router(router)
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(started: Any) -> AsyncIterator[Any]:
        async with inner(started) as state:
            services = started.state.services
            services.executor.observers.append(run_metrics.observe)
            run_metrics.breakers.registry = services.registry
            try:
                yield state
            finally:
                with contextlib.suppress(ValueError):
                    services.executor.observers.remove(run_metrics.observe)
                run_metrics.breakers.registry = None

    app.router.lifespan_context = lifespan
    return run_metrics
