"""Observability: what a run's events become outside the process.

Structured logs on the ``redraft`` and ``redraft.run`` loggers
(:func:`configure_logging`, :func:`log_context`) and OpenTelemetry spans named
by the GenAI conventions (:class:`Telemetry`). Both read the engine's one event
stream; neither changes it. The service's Prometheus metrics read the same
stream (:mod:`redraft.server`).
"""

from redraft.observability._logging import (
    JSONFormatter,
    LogFormat,
    TextFormatter,
    configure_logging,
    log_context,
    log_run_events,
)
from redraft.observability._telemetry import (
    CAPTURE_CONTENT_ENV,
    Telemetry,
    configure_tracing,
    trace_events,
)

__all__ = [
    "CAPTURE_CONTENT_ENV",
    "JSONFormatter",
    "LogFormat",
    "Telemetry",
    "TextFormatter",
    "configure_logging",
    "configure_tracing",
    "log_context",
    "log_run_events",
    "trace_events",
]
