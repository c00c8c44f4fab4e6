"""Structured logs: run and session ids on every record, content only on request.

Why it looks like this:

- Ids (run, session, and the service's request id) travel in
  :mod:`contextvars`, not in arguments, so a provider retry
  deep in the ledger logs its run id without the ledger knowing about logs.
  :func:`log_run_events` sets the run id only while the loop computes its next
  event and resets it before the event is handed on, so nothing leaks into
  the caller's context; tasks started meanwhile copy it (parallel candidates).
- Message content (prompts, drafts, judge reasons, feedback) is personal
  data. It is logged only when an entry point enabled it
  (``REDRAFT_LOG_CONTENT=true``): the switch is a context variable that
  :func:`configure_logging` sets, so a library user's own logging setup never
  sees content, whatever formatter it uses.
- Entry points (``redraft serve``, ``redraft ask``) call
  :func:`configure_logging`; importing this module configures nothing.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sys
from collections.abc import AsyncGenerator, AsyncIterator, Iterator
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, Literal, TextIO

from redraft.core._events import (
    CallRecorded,
    DraftCompleted,
    DraftStarted,
    EvidenceRecorded,
    FeedbackPrepared,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunStarted,
    VerdictReached,
)

__all__ = [
    "JSONFormatter",
    "LogFormat",
    "TextFormatter",
    "bind_log_context",
    "configure_logging",
    "current_request_id",
    "log_context",
    "log_run_events",
]

LogFormat = Literal["auto", "json", "text"]

_RUN_ID: ContextVar[str | None] = ContextVar("redraft_log_run_id", default=None)
_SESSION_ID: ContextVar[str | None] = ContextVar("redraft_log_session_id", default=None)
_REQUEST_ID: ContextVar[str | None] = ContextVar("redraft_log_request_id", default=None)
_CONTENT: ContextVar[bool] = ContextVar("redraft_log_content", default=False)
_IDS = {"run_id": _RUN_ID, "session_id": _SESSION_ID, "request_id": _REQUEST_ID}

_FIELDS = "redraft_fields"
"""The record attribute that carries structured fields (``extra={_FIELDS: {...}}``)."""

run_log = logging.getLogger("redraft.run")


# -- context ------------------------------------------------------------------


def bind_log_context(*, run_id: str | None = None, session_id: str | int | None = None) -> None:
    """Set the ids for the rest of the current context: use at the top of a
    task that belongs to one run or session (its context is its own copy)."""
    if run_id is not None:
        _RUN_ID.set(run_id)
    if session_id is not None:
        _SESSION_ID.set(str(session_id))


@contextlib.contextmanager
def log_context(
    *,
    run_id: str | None = None,
    session_id: str | int | None = None,
    request_id: str | None = None,
    content: bool | None = None,
) -> Iterator[None]:
    """Set the ids (and the content switch) inside the block only; tasks
    started inside it keep them (a request's run logs its request id)."""
    given: dict[ContextVar[Any], Any] = {
        _REQUEST_ID: request_id,
        _RUN_ID: run_id,
        _SESSION_ID: None if session_id is None else str(session_id),
        _CONTENT: content,
    }
    tokens = [(var, var.set(value)) for var, value in given.items() if value is not None]
    try:
        yield
    finally:
        for var, token in reversed(tokens):
            var.reset(token)


def current_request_id() -> str | None:
    """The id of the service request this code runs for, if any."""
    return _REQUEST_ID.get()


class _ContextFilter(logging.Filter):
    """Copies the context's ids onto each record (unless the call set them)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for key, var in _IDS.items():
            if getattr(record, key, None) is None:
                setattr(record, key, var.get())
        return True


# -- formatters ---------------------------------------------------------------


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for key in _IDS:
        value = getattr(record, key, None)
        if value is not None:
            fields[key] = value
    extra = getattr(record, _FIELDS, None)
    if isinstance(extra, dict):
        fields.update(extra)
    return fields


class JSONFormatter(logging.Formatter):
    """One JSON object per line: ``time``, ``level``, ``logger``, ``message``,
    ``run_id``/``session_id``/``request_id`` when known, the record's structured fields, and
    ``exception`` with the traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry.update(_fields(record))
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exception"] = record.exc_text
        return json.dumps(entry, default=str, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """``time level logger: message key=value …`` for terminals and plain files."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)-7s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        fields = _fields(record)
        if not fields:
            return line
        suffix = " ".join(f"{k}={json.dumps(v, default=str)}" for k, v in fields.items())
        first, newline, rest = line.partition("\n")
        return f"{first} {suffix}{newline}{rest}"


class _StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is at the time (test runners swap it)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, _value: TextIO) -> None:
        pass


def configure_logging(
    *,
    level: str = "info",
    format: LogFormat = "auto",
    content: bool = False,
    stream: TextIO | None = None,
) -> logging.Handler:
    """Install redraft's handler on the root logger (replacing one installed
    before) and set the ``redraft`` loggers' level.

    ``format`` ``auto`` means JSON when the stream (stderr unless ``stream``
    is given) is not a terminal (a service under a supervisor, a container)
    and readable text when it is. ``content`` allows message content in the
    run logs of the calling context and of the tasks and event loops started
    from it (a thread started elsewhere keeps the safe default: no content).
    """
    chosen = format
    if chosen == "auto":
        chosen = "text" if _is_terminal(stream or sys.stderr) else "json"
    handler: logging.Handler
    if chosen == "text" and stream is None and _is_terminal(sys.stderr):
        handler = _rich_handler()
    else:
        handler = logging.StreamHandler(stream) if stream is not None else _StderrHandler()
        handler.setFormatter(JSONFormatter() if chosen == "json" else TextFormatter())
    handler.addFilter(_ContextFilter())
    handler._redraft = True  # type: ignore[attr-defined]
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "_redraft", False)]:
        root.removeHandler(old)
        old.close()
    root.addHandler(handler)
    logging.getLogger("redraft").setLevel(level.upper())
    _CONTENT.set(content)
    return handler


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _rich_handler() -> logging.Handler:
    from rich.console import Console
    from rich.logging import RichHandler

    class _RichFields(RichHandler):
        def render_message(self, record: logging.LogRecord, message: str) -> Any:
            fields = _fields(record)
            if fields:
                message += " " + " ".join(f"{k}={v}" for k, v in fields.items())
            return super().render_message(record, message)

    return _RichFields(console=Console(stderr=True), show_path=False, markup=False)


# -- the run's own log ---------------------------------------------------------


async def log_run_events(
    events: AsyncIterator[RunEvent], run_id: str
) -> AsyncGenerator[RunEvent, None]:
    """``events`` unchanged, logged on ``redraft.run``, with ``run_id`` bound
    while each one is computed."""
    try:
        while True:
            token = _RUN_ID.set(run_id)
            try:
                event = await anext(events)
            except StopAsyncIteration:
                return
            finally:
                _RUN_ID.reset(token)
            _log_event(event, run_id)
            yield event
    finally:
        closer = getattr(events, "aclose", None)
        if closer is not None:
            await closer()


def _log_event(event: RunEvent, run_id: str) -> None:
    if isinstance(event, RunStarted) and run_log.isEnabledFor(logging.INFO):
        fields: dict[str, Any] = {
            "event": event.type,
            "model": event.model,
            "judge": event.judge,
            "max_attempts": event.policy.max_attempts,
            "threshold": event.policy.threshold,
        }
        if _CONTENT.get():
            fields["messages"] = [
                m.model_dump(mode="json", exclude_none=True) for m in event.request.messages
            ]
        _emit(logging.INFO, "run started", run_id, fields)
    elif isinstance(event, CallRecorded):
        level = logging.WARNING if event.call.status == "error" else logging.DEBUG
        if run_log.isEnabledFor(level):
            call = event.call
            fields = {
                "event": event.type,
                "kind": call.kind,
                "attempt": call.attempt,
                "provider": call.provider,
                "model": call.model,
                "status": call.status,
                **call.usage.model_dump(),
                "latency_ms": call.latency_ms,
                "retry": call.retry,
            }
            if call.error:
                fields["error"] = call.error
            if _CONTENT.get():
                fields["messages"] = [
                    m.model_dump(mode="json", exclude_none=True) for m in call.messages
                ]
                fields["text"] = call.text
            _emit(level, f"{call.kind} call {call.status}", run_id, fields)
    elif isinstance(event, DraftStarted | DraftCompleted | FeedbackPrepared):
        if run_log.isEnabledFor(logging.DEBUG):
            fields = {"event": event.type, "attempt": event.attempt}
            if isinstance(event, DraftCompleted):
                fields["finish_reason"] = event.finish_reason
                fields["chars"] = len(event.text)
                if _CONTENT.get():
                    fields["text"] = event.text
            elif isinstance(event, FeedbackPrepared):
                fields["strategy"] = event.strategy
                if _CONTENT.get():
                    fields["feedback"] = event.message
            _emit(logging.DEBUG, event.type.replace("_", " "), run_id, fields)
    elif isinstance(event, EvidenceRecorded):
        if event.evidence.status == "error" and run_log.isEnabledFor(logging.WARNING):
            evidence = event.evidence
            fields = {
                "event": "evaluator_error",
                "attempt": event.attempt,
                "evaluator": evidence.evaluator,
                "evaluator_kind": evidence.kind,
                "error_type": evidence.data.get("error_type"),
                # An error evidence's reason is the failure, not the judge's opinion.
                "error": evidence.reason,
            }
            _emit(logging.WARNING, "evaluator failed", run_id, fields)
    elif isinstance(event, VerdictReached) and run_log.isEnabledFor(logging.INFO):
        verdict = event.verdict
        fields = {
            "event": event.type,
            "attempt": event.attempt,
            "score": verdict.score,
            "passed": verdict.passed,
            "degraded": verdict.degraded,
        }
        if _CONTENT.get():
            fields["reason"] = verdict.reason
            fields["suggestions"] = verdict.suggestions
        _emit(logging.INFO, "verdict", run_id, fields)
    elif isinstance(event, RunCompleted | RunFailed):
        level = logging.WARNING if isinstance(event, RunFailed) else logging.INFO
        if run_log.isEnabledFor(level):
            result = event.result
            fields = {
                "event": event.type,
                "passed": result.passed,
                "score": result.score,
                "attempts": result.attempts,
                "stop_reason": result.stop_reason,
                **result.usage.model_dump(),
            }
            if isinstance(event, RunFailed):
                fields["error_type"] = event.error_type
                fields["error"] = event.error
            if _CONTENT.get():
                fields["final_answer"] = result.final_answer
            _emit(level, event.type.replace("_", " "), run_id, fields)


def _emit(level: int, message: str, run_id: str, fields: dict[str, Any]) -> None:
    run_log.log(level, message, extra={_FIELDS: fields, "run_id": run_id})
