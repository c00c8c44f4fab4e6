"""OpenTelemetry spans of real runs, captured with the SDK's in-memory exporter."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import AsyncGenerator
from typing import Any

import opentelemetry.trace as trace_api
import pytest
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider, export
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from _judging import checklist_reply
from redraft import (
    Policy,
    ProviderError,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunRequest,
    RunResult,
    Telemetry,
    stream_run,
)
from redraft.app import build_panel
from redraft.observability import CAPTURE_CONTENT_ENV, configure_tracing, trace_events
from redraft.providers import FunctionModel, ScriptedModel

PROMPT = "What is the capital of France?"
DRAFTS = ["It is Lyon.", "It is Paris."]


def _tracing(capture: bool | None = False) -> tuple[Telemetry, InMemorySpanExporter]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    return Telemetry(provider, capture_content=capture), exporter


async def _two_draft_run(telemetry: Telemetry | None) -> RunResult:
    """The generator's first draft fails the judge, its redraft passes.

    The judge's checklist is the criteria's one item: a "no" at confidence 6
    (score 0.2), then a "yes" at confidence 8 (score 0.9)."""
    judge = ScriptedModel([checklist_reply(("no", 6)), checklist_reply(("yes", 8))], model="judge")
    final: RunEvent | None = None
    async for event in stream_run(
        RunRequest.from_prompt(PROMPT, criteria="names the capital"),
        generator=ScriptedModel(list(DRAFTS), model="gen"),
        evaluator=build_panel(judge, criteria="names the capital"),
        policy=Policy(max_attempts=3, threshold=0.8),
        telemetry=telemetry,
    ):
        final = event
    assert isinstance(final, RunCompleted)
    return final.result


def _by_name(spans: tuple[ReadableSpan, ...], name: str) -> list[ReadableSpan]:
    return sorted(
        (s for s in spans if s.name == name),
        key=lambda s: int(str((s.attributes or {})["redraft.attempt"])),
    )


def _parent(span: ReadableSpan) -> int | None:
    return span.parent.span_id if span.parent is not None else None


def _id(span: ReadableSpan) -> int:
    assert span.context is not None
    return int(span.context.span_id)


def _everything(spans: tuple[ReadableSpan, ...]) -> str:
    """Every attribute and event attribute value, as one text to search."""
    parts: list[str] = []
    for span in spans:
        parts.extend(str(v) for v in (span.attributes or {}).values())
        for event in span.events:
            parts.extend(str(v) for v in (event.attributes or {}).values())
    return "\n".join(parts)


async def test_a_two_draft_run_makes_nested_genai_spans() -> None:
    telemetry, exporter = _tracing()
    result = await _two_draft_run(telemetry)
    spans = exporter.get_finished_spans()

    assert sorted(s.name for s in spans) == sorted(
        ["invoke_agent redraft"]
        + ["redraft.draft"] * 2
        + ["chat gen"] * 2
        + ["redraft.evaluation"] * 2
        + ["chat judge"] * 2
    )
    assert len({s.context.trace_id for s in spans if s.context}) == 1
    (run,) = [s for s in spans if s.name == "invoke_agent redraft"]
    drafts = _by_name(spans, "redraft.draft")
    draft_calls = _by_name(spans, "chat gen")
    evaluations = _by_name(spans, "redraft.evaluation")
    judge_calls = _by_name(spans, "chat judge")

    # Structure: run → draft → (draft call, evaluation → judge call), per attempt.
    assert run.parent is None
    for n in range(2):
        assert _parent(drafts[n]) == _id(run)
        assert _parent(draft_calls[n]) == _id(drafts[n])
        assert _parent(evaluations[n]) == _id(drafts[n])
        assert _parent(judge_calls[n]) == _id(evaluations[n])
        for child, parent in [
            (drafts[n], run),
            (draft_calls[n], drafts[n]),
            (evaluations[n], drafts[n]),
            (judge_calls[n], evaluations[n]),
        ]:
            assert child.start_time is not None and parent.start_time is not None
            assert child.end_time is not None and parent.end_time is not None
            assert parent.start_time <= child.start_time <= child.end_time <= parent.end_time
    assert drafts[1].start_time is not None and drafts[0].end_time is not None
    assert drafts[1].start_time >= drafts[0].end_time

    # The run span: an agent invocation with the whole run's usage.
    attrs = dict(run.attributes or {})
    assert run.kind is SpanKind.INTERNAL
    assert attrs["gen_ai.operation.name"] == "invoke_agent"
    assert attrs["gen_ai.agent.name"] == "redraft"
    assert attrs["gen_ai.provider.name"] == "scripted"
    assert attrs["gen_ai.request.model"] == "gen"
    assert attrs["gen_ai.usage.input_tokens"] == result.usage.input_tokens
    assert attrs["gen_ai.usage.output_tokens"] == result.usage.output_tokens
    assert attrs["redraft.run_id"] == result.run_id
    assert attrs["redraft.passed"] is True
    assert attrs["redraft.attempts"] == 2
    assert attrs["redraft.stop_reason"] == "passed"
    assert run.status.status_code is StatusCode.UNSET

    # Each LLM call: a chat client span with the record's numbers.
    records = {(str(c.kind), c.attempt): c for c in result.calls}
    for kind, calls in [("draft", draft_calls), ("judge", judge_calls)]:
        for n, span in enumerate(calls, start=1):
            record = records[(kind, n)]
            a = dict(span.attributes or {})
            assert span.kind is SpanKind.CLIENT
            assert a["gen_ai.operation.name"] == "chat"
            assert a["gen_ai.provider.name"] == "scripted"
            assert a["gen_ai.request.model"] == record.model
            assert a["gen_ai.usage.input_tokens"] == record.usage.input_tokens > 0
            assert a["gen_ai.usage.output_tokens"] == record.usage.output_tokens > 0
            assert a["gen_ai.response.finish_reasons"] == ("stop",)
            assert a["redraft.call.kind"] == kind
            assert span.end_time is not None and span.start_time is not None
            assert span.end_time - span.start_time <= record.latency_ms * 1e6 + 1

    # Each verdict: a gen_ai.evaluation.result event on the evaluated draft call.
    expected = [
        (0.2, "fail", "checklist: 0 of 1 met; not met: names the capital"),
        (0.9, "pass", "checklist: 1 of 1 met"),
    ]
    for span, (score, label, reason) in zip(draft_calls, expected, strict=True):
        (event,) = [e for e in span.events if e.name == "gen_ai.evaluation.result"]
        e = dict(event.attributes or {})
        assert e["gen_ai.evaluation.name"] == "checklist-judge"
        assert e["gen_ai.evaluation.score.value"] == pytest.approx(score)
        assert e["gen_ai.evaluation.score.label"] == label
        assert reason in str(e["gen_ai.evaluation.explanation"])
    # The evaluation span carries one result per evaluator's evidence.
    (finding,) = evaluations[0].events
    assert dict(finding.attributes or {})["gen_ai.evaluation.score.label"] == "fail"
    assert dict(evaluations[1].attributes or {})["redraft.verdict.passed"] is True


async def test_no_message_content_unless_enabled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CAPTURE_CONTENT_ENV, raising=False)
    telemetry, exporter = _tracing(capture=None)
    await _two_draft_run(telemetry)
    quiet = _everything(exporter.get_finished_spans())
    assert "gen_ai.input.messages" not in {
        k for s in exporter.get_finished_spans() for k in (s.attributes or {})
    }
    for text in [PROMPT, "Lyon", "Paris"]:
        assert text not in quiet

    monkeypatch.setenv(CAPTURE_CONTENT_ENV, "true")
    telemetry, exporter = _tracing(capture=None)
    await _two_draft_run(telemetry)
    spans = exporter.get_finished_spans()
    first_call = _by_name(spans, "chat gen")[0]
    a = dict(first_call.attributes or {})
    assert json.loads(str(a["gen_ai.input.messages"])) == [
        {"role": "user", "parts": [{"type": "text", "content": PROMPT}]}
    ]
    output = json.loads(str(a["gen_ai.output.messages"]))
    assert output[0]["parts"][0]["content"] == "It is Lyon."
    (run,) = [s for s in spans if s.name == "invoke_agent redraft"]
    assert "It is Paris." in str(dict(run.attributes or {})["gen_ai.output.messages"])


async def test_tracing_is_a_no_op_without_a_provider(monkeypatch: pytest.MonkeyPatch) -> None:
    async def events() -> AsyncGenerator[RunEvent, None]:
        return
        yield

    stream = events()
    # No provider configured: the stream is handed back untouched (no per-event work).
    assert isinstance(trace_api.get_tracer_provider(), trace_api.ProxyTracerProvider)
    assert trace_events(stream) is stream
    # Nothing imported OpenTelemetry: it is not imported for a run either.
    for name in [m for m in sys.modules if m == "opentelemetry" or m.startswith("opentelemetry.")]:
        monkeypatch.delitem(sys.modules, name)
    assert trace_events(stream) is stream
    result = await _two_draft_run(None)
    assert result.passed
    assert "opentelemetry.trace" not in sys.modules


async def test_the_global_provider_is_used_when_configured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    telemetry, exporter = _tracing()
    monkeypatch.setattr(trace_api, "get_tracer_provider", lambda: telemetry.tracer_provider)
    await _two_draft_run(None)
    assert len(exporter.get_finished_spans()) == 9


async def test_a_failed_run_marks_its_spans_as_errors() -> None:
    telemetry, exporter = _tracing()

    def broken(_request: object) -> str:
        raise ProviderError("the model is gone", provider="scripted", status=404)

    final: RunEvent | None = None
    async for event in stream_run(
        PROMPT,
        generator=FunctionModel(broken, model="gen"),
        evaluator=build_panel(None, must_match=["Paris"]),
        telemetry=telemetry,
    ):
        final = event
    assert isinstance(final, RunFailed)
    spans = {s.name: s for s in exporter.get_finished_spans()}
    assert set(spans) == {"invoke_agent redraft", "redraft.draft", "chat gen"}
    for name in spans:
        assert spans[name].status.status_code is StatusCode.ERROR, name
    assert dict(spans["chat gen"].attributes or {})["error.type"] == "ProviderError"
    assert dict(spans["invoke_agent redraft"].attributes or {})["error.type"] == "ProviderError"


async def test_a_stream_closed_early_still_ends_its_spans() -> None:
    telemetry, exporter = _tracing()
    stream = stream_run(
        PROMPT,
        generator=ScriptedModel(["It is Lyon."], model="gen"),
        evaluator=build_panel(None, must_match=["Paris"]),
        telemetry=telemetry,
    )
    async for event in stream:
        if event.type == "draft_started":
            break
    await stream.aclose()
    spans = {s.name: s for s in exporter.get_finished_spans()}
    assert set(spans) == {"invoke_agent redraft", "redraft.draft"}
    run = spans["invoke_agent redraft"]
    assert run.status.status_code is StatusCode.ERROR
    assert dict(run.attributes or {})["error.type"] == "cancelled"


def test_configure_tracing_follows_the_otel_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    installed: list[Any] = []
    monkeypatch.setattr(trace_api, "set_tracer_provider", installed.append)
    assert configure_tracing({}) is None
    assert configure_tracing({"OTEL_TRACES_EXPORTER": "none"}) is None
    disabled = {"OTEL_EXPORTER_OTLP_ENDPOINT": "http://x", "OTEL_SDK_DISABLED": "true"}
    assert configure_tracing(disabled) is None
    assert installed == []

    monkeypatch.delenv("OTEL_SERVICE_NAME", raising=False)
    monkeypatch.delenv("OTEL_RESOURCE_ATTRIBUTES", raising=False)
    otlp = configure_tracing({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:9"})
    assert isinstance(otlp, TracerProvider) and installed == [otlp]
    assert otlp.resource.attributes["service.name"] == "redraft"
    otlp.shutdown()

    printed = io.StringIO()

    class Console(export.ConsoleSpanExporter):
        def __init__(self) -> None:
            super().__init__(out=printed)

    monkeypatch.setattr(export, "ConsoleSpanExporter", Console)
    monkeypatch.setenv("OTEL_SERVICE_NAME", "answers-api")
    console = configure_tracing({"OTEL_TRACES_EXPORTER": "console"})
    assert isinstance(console, TracerProvider) and installed == [otlp, console]
    assert console.resource.attributes["service.name"] == "answers-api"
    console.get_tracer("t").start_span("probe").end()
    console.force_flush()
    assert '"name": "probe"' in printed.getvalue()
    console.shutdown()
