"""OpenTelemetry for runs: whether to trace, and the SDK set-up of the entry points.

Why spans come from events: the loop is one stream that every shell
(library, CLI, service, middleware) consumes, so tracing it once in
:func:`~redraft.stream_run` traces all of them alike, with nothing added to
providers or evaluators. :mod:`redraft.observability._spans` builds the spans.

Why it costs nothing when unused: without an explicit :class:`Telemetry`, the
global tracer provider is consulted once per run, and only when something
already imported ``opentelemetry.trace`` (nobody can have configured a
provider otherwise); with none configured the event stream is handed back
as it is, so there is no per-event work and the package is never imported.

Message content (prompts, drafts, tool arguments) is recorded only when
``OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT`` is true (or
``Telemetry(capture_content=True)``).

:func:`configure_tracing` is for applications (``redraft serve``,
``redraft ask``), never called by the library itself: an embedding app owns
its tracer provider, as OpenTelemetry intends.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import AsyncGenerator
from typing import Any

from redraft._version import __version__
from redraft.core._events import RunEvent

__all__ = [
    "CAPTURE_CONTENT_ENV",
    "Telemetry",
    "capture_content_from_env",
    "configure_tracing",
    "trace_events",
]

CAPTURE_CONTENT_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
_ENABLED_WORDS = {"true", "1", "yes", "on", "span_only", "span_and_event"}
_ENDPOINT_VARS = ("OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")

log = logging.getLogger("redraft.telemetry")


def capture_content_from_env() -> bool:
    """Whether ``OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT`` asks for content."""
    return os.environ.get(CAPTURE_CONTENT_ENV, "").strip().lower() in _ENABLED_WORDS


class Telemetry:
    """Where a run's spans go.

    ``tracer_provider`` None means the global one (``opentelemetry.trace``),
    when one is configured; tests and embedding apps pass their own and so
    avoid the global provider, which can be set only once per process.
    ``capture_content`` None reads :data:`CAPTURE_CONTENT_ENV` when a run starts.
    """

    def __init__(
        self, tracer_provider: Any | None = None, *, capture_content: bool | None = None
    ) -> None:
        self.tracer_provider = tracer_provider
        self.capture_content = capture_content

    def tracer(self) -> Any | None:
        """A tracer, or None when there is nowhere for spans to go."""
        provider = _global_provider() if self.tracer_provider is None else self.tracer_provider
        return None if provider is None else provider.get_tracer("redraft", __version__)

    def captures_content(self) -> bool:
        if self.capture_content is not None:
            return self.capture_content
        return capture_content_from_env()


def _global_provider() -> Any | None:
    api = sys.modules.get("opentelemetry.trace")
    if api is None:
        return None
    provider = api.get_tracer_provider()
    if isinstance(provider, api.ProxyTracerProvider | api.NoOpTracerProvider):
        return None
    return provider


def trace_events(
    events: AsyncGenerator[RunEvent, None], telemetry: Telemetry | None = None
) -> AsyncGenerator[RunEvent, None]:
    """``events`` with spans made from them; ``events`` itself when tracing is off."""
    telemetry = telemetry if telemetry is not None else Telemetry()
    tracer = telemetry.tracer()
    if tracer is None:
        return events
    from redraft.observability._spans import RunTrace

    return _traced(events, RunTrace(tracer, telemetry.captures_content()))


async def _traced(
    events: AsyncGenerator[RunEvent, None], trace: Any
) -> AsyncGenerator[RunEvent, None]:
    try:
        async for event in events:
            trace.observe(event)
            yield event
    finally:
        # A consumer that stopped early still gets its spans ended.
        trace.abandon()
        await events.aclose()


def configure_tracing(environ: dict[str, str] | None = None) -> Any | None:
    """Set the global tracer provider from the standard ``OTEL_*`` variables.

    Does something only when ``OTEL_TRACES_EXPORTER`` (``otlp``, ``console``,
    comma-separated; ``none`` turns tracing off) or an OTLP endpoint
    (``OTEL_EXPORTER_OTLP_ENDPOINT``, ``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT``)
    is set, ``OTEL_SDK_DISABLED`` is not true, and no provider was configured
    before (an auto-instrumented process keeps its own). The exporters read
    their own ``OTEL_EXPORTER_OTLP_*`` settings; the resource honours
    ``OTEL_SERVICE_NAME`` and ``OTEL_RESOURCE_ATTRIBUTES`` (service name
    ``redraft`` otherwise). Returns the provider it installed, or None. A
    missing ``otel`` extra is a warning, not an error: an ``OTEL_*`` variable
    meant for other programs must not stop redraft.
    """
    env = os.environ if environ is None else environ
    exporters = [
        name.strip().lower() for name in env.get("OTEL_TRACES_EXPORTER", "").split(",") if name
    ]
    if not exporters and any(env.get(var) for var in _ENDPOINT_VARS):
        exporters = ["otlp"]
    if not exporters or "none" in exporters:
        return None
    if env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return None
    try:
        from opentelemetry import trace
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError:
        log.warning(
            "OTEL_* tracing is configured but the OpenTelemetry SDK is not installed; "
            "install redraft[otel] to export spans"
        )
        return None
    if not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider):
        return None  # someone (auto-instrumentation, the embedding app) already chose
    resource = Resource.create({})
    if str(resource.attributes.get("service.name", "")).startswith("unknown_service"):
        resource = resource.merge(Resource({"service.name": "redraft"}))
    chosen = [_exporter(name, env) for name in dict.fromkeys(exporters)]
    if not any(chosen):
        return None
    provider = TracerProvider(resource=resource)
    for exporter in filter(None, chosen):
        provider.add_span_processor(BatchSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    return provider


def _exporter(name: str, env: Any) -> Any | None:
    if name == "console":
        from opentelemetry.sdk.trace.export import ConsoleSpanExporter

        return ConsoleSpanExporter()
    if name != "otlp":
        log.warning("OTEL_TRACES_EXPORTER=%s is not supported; use otlp or console", name)
        return None
    protocol = (
        env.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
        or env.get("OTEL_EXPORTER_OTLP_PROTOCOL")
        or "http/protobuf"
    )
    if protocol.strip().lower() == "grpc":
        try:
            from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import (  # type: ignore[import-not-found,unused-ignore]
                OTLPSpanExporter as GrpcExporter,
            )
        except ImportError:
            log.warning(
                "OTEL_EXPORTER_OTLP_PROTOCOL=grpc needs opentelemetry-exporter-otlp-proto-grpc; "
                "no spans are exported"
            )
            return None
        return GrpcExporter()
    try:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    except ImportError:
        log.warning("the OTLP/HTTP exporter is not installed: install redraft[otel]")
        return None
    return OTLPSpanExporter()
