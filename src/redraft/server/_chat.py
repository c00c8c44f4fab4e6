"""``POST /v1/chat/completions``: OpenAI-compatible, redrafting behind the scenes.

The wire format lives in :mod:`redraft.server._wire` and :mod:`redraft.wire._openai`;
this module only turns a request into a run and its events into a response or a stream.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, StreamingResponse

from redraft.app._panel import panel_or_none
from redraft.config._profiles import UnknownModelError
from redraft.core._errors import ConfigurationError, IsolatedWorkError, WorkTimeoutError
from redraft.core._events import (
    CallRecorded,
    DraftCompleted,
    DraftStarted,
    RunCompleted,
    RunEvent,
    RunFailed,
    TextDelta,
    Thinking,
    VerdictReached,
)
from redraft.core._provider import Provider
from redraft.core._text import plural
from redraft.core._types import RunResult, Usage
from redraft.evaluators import Cached
from redraft.providers._mcp import McpUnavailableError, mcp_toolbox
from redraft.providers._prices import repriced
from redraft.server._errors import API_ERRORS, ApiError, stream_failure
from redraft.server._executor import RunHandle
from redraft.server._guards import StrictJSONRoute
from redraft.server._options import RunPlan, plan_run
from redraft.server._services import Services, Tenant, services_of
from redraft.server._wire import ChatCompletionRequest, error_status_for_name
from redraft.wire._openai import (
    SSE_DONE,
    chunk,
    completion_response,
    extension_from_result,
    finish_reason_of,
    result_chunks,
)
from redraft.wire._sse import encode_sse, with_heartbeats

__all__ = ["router", "start_run", "terminal_event"]

router = APIRouter(tags=["chat"], route_class=StrictJSONRoute, responses=API_ERRORS)

# While earlier drafts are judged in "final" mode nothing is ready to send;
# an empty chunk this often keeps proxies from closing the connection.
KEEPALIVE_SECONDS = 10.0


def _priced(services: Services, spec: str, plan: RunPlan) -> Provider:
    """The provider for ``spec``, at the profile's prices when it is the
    profile's own model."""
    provider = services.registry.get(spec)
    return repriced(provider, plan.prices if spec == plan.generator else None)


async def start_run(
    services: Services, tenant: str, plan: RunPlan, *, stream_drafts: bool = True
) -> RunHandle:
    try:
        generator, judge, escalation = (
            None if spec is None else _priced(services, spec, plan)
            for spec in (plan.generator, plan.judge, plan.escalation)
        )
        assert generator is not None
        # Nothing to evaluate is not refused: the answer comes back unverified.
        reliability, audit_rate = await services.judging_trust()
        evaluator = await panel_or_none(
            judge,
            plan.spec,
            request=plan.request,
            reliability=reliability,
            audit_rate=audit_rate,
        )
        if evaluator is not None and services.verdict_cache is not None:
            evaluator = Cached(evaluator, services.verdict_cache)
    except ConfigurationError as exc:
        raise ApiError(400, str(exc), param="redraft") from None
    except (WorkTimeoutError, IsolatedWorkError) as exc:
        raise ApiError(503, str(exc), type="server_error") from None
    servers = plan.mcp_servers
    handle = services.executor.start(
        tenant=tenant,
        request=plan.request,
        generator=generator,
        evaluator=evaluator,
        policy=plan.policy,
        escalation=escalation,
        judge=judge,
        stream_drafts=stream_drafts,
        tools=(lambda: mcp_toolbox(servers)) if servers else None,
    )
    # A store that cannot record the run's start raises StoreUnavailableError,
    # answered like every other route's (see _errors.store_error_handler).
    try:
        await handle.started()
    except McpUnavailableError as exc:
        # The operator's tool server, not the client's request, is at fault.
        raise ApiError(502, str(exc), type="api_error", code="mcp_server_unavailable") from None
    return handle


async def _check_continued_run(services: Services, tenant: str, continues: str | None) -> None:
    """A chat request's ``redraft.continues`` must name a run of the caller's
    tenant: a 400 naming the option otherwise, before any run starts."""
    if continues is not None and not await services.store.has_run(continues, tenant=tenant):
        # Another tenant's run reads as none at all: its existence is not told.
        raise ApiError(
            400,
            f"redraft.continues: there is no run {continues!r} to continue; name the "
            "run_id of one of your own runs (GET /v1/runs)",
            code="continued_run_not_found",
            param="redraft.continues",
        )


_PATH = "/v1/chat/completions"


@router.post(_PATH)
async def chat_completions(request: Request, tenant: Tenant, wire: ChatCompletionRequest) -> Any:
    """Create a chat completion; the answer is judged and redrafted until it
    passes. Redraft options ride in the body under ``redraft``."""
    services = services_of(request)
    options = wire.redraft_options()
    await _check_continued_run(services, tenant, options.continues if options else None)
    try:
        profile = services.resolve_profile(wire.model)
    except UnknownModelError as exc:
        raise ApiError(404, str(exc), code="model_not_found", param="model") from None
    except ConfigurationError as exc:
        raise ApiError(400, str(exc), param="model") from None
    # A request may not name server files (local:<path>, scripted:<file>)
    # unless the operator registered exactly that spec with the service.
    judge_spec = options.judge_model if options is not None else None
    try:
        plan = plan_run(
            profile,
            options,
            wire.redraft_messages(),
            allow_file_specs=judge_spec is None or judge_spec in services.registry,
            client_tools=wire.client_tools(),
        )
    except (ConfigurationError, ValueError) as exc:
        raise ApiError(400, str(exc), param="redraft") from None
    plan = plan.with_request_parameters(
        max_tokens=wire.max_completion_tokens or wire.max_tokens, temperature=wire.temperature
    )
    # A client that asked for the whole answer gets whole drafts from the
    # vendor too: nothing reads their pieces, so none are asked for.
    handle = await start_run(services, tenant, plan, stream_drafts=bool(wire.stream))
    shadow = plan.policy.delivery == "shadow"
    if wire.stream:
        include_usage = bool((wire.stream_options or {}).get("include_usage"))
        mode = "shadow" if shadow else plan.stream_mode
        return StreamingResponse(
            _stream(handle, wire.model, mode, include_usage, plan),
            media_type="text/event-stream",
            headers={"cache-control": "no-cache", "x-redraft-run-id": handle.run_id},
        )
    if shadow:
        return await _shadow_response(handle, wire.model, plan)
    final = await terminal_event(handle)
    if isinstance(final, RunFailed):
        raise _failure(final, plan)
    result = final.result
    if result.passed is False and plan.policy.on_exhausted == "raise":
        raise _quality_error(result)
    return JSONResponse(
        completion_response(
            result.run_id,
            wire.model,
            result.final_answer,
            result.usage,
            finish_reason_of(result),
            extension_from_result(result),
            tool_calls=result.tool_calls,
        ),
        headers={"x-redraft-run-id": result.run_id},
    )


async def _shadow_response(handle: RunHandle, model: str, plan: RunPlan) -> JSONResponse:
    """The graph loop's current flow: answer with the first draft at once; the run
    goes on judging it in the background and stores the verdict."""
    usage = Usage()
    async for event in handle.events():
        if isinstance(event, CallRecorded) and event.call.kind == "draft":
            usage = usage + event.call.usage
        elif isinstance(event, DraftCompleted):
            finish, extension = _shadow_end(handle.run_id, event)
            body = completion_response(handle.run_id, model, event.text, usage, finish, extension)
            return JSONResponse(body, headers={"x-redraft-run-id": handle.run_id})
        elif isinstance(event, RunFailed):
            raise _failure(event, plan)
    raise ApiError(503, "the run ended without a draft", type="server_error")


def _shadow_end(run_id: str, event: DraftCompleted) -> tuple[str, dict[str, Any]]:
    """A shadow answer's finish reason, and the extension saying its verdict is to come."""
    finish = "length" if event.finish_reason == "length" else "stop"
    return finish, {"run_id": run_id, "delivery": "shadow", "evaluation": "pending"}


async def terminal_event(handle: RunHandle) -> RunCompleted | RunFailed:
    async for event in handle.events():
        if isinstance(event, RunCompleted | RunFailed):
            return event
    raise ApiError(503, "the run ended without a result", type="server_error")


def _failure(failed: RunFailed, plan: RunPlan) -> ApiError:
    """The error a failed run answers with: what to resubmit to carry it on
    (``continue_context``), the last user turn of it, and the model that
    failed (the chat proxy's ``continueContext``)."""
    result = failed.result
    status, type_, code, should_retry = error_status_for_name(
        failed.error_type, stop_reason=result.stop_reason
    )
    context = [m.model_dump(exclude_none=True) for m in result.continue_context]
    asked = context or [m.model_dump(exclude_none=True) for m in plan.request.messages]
    last_user = next((m for m in reversed(asked) if m.get("role") == "user"), None)
    drafted = [call for call in result.calls if call.kind == "draft"]
    if drafted:
        provider, model = drafted[-1].provider, drafted[-1].model
    else:
        provider, _, model = plan.generator.partition(":")
    return ApiError(
        status,
        failed.error,
        type=type_,
        code=code,
        should_retry=should_retry,
        extra={
            "run_id": result.run_id,
            "continue_context": context,
            "last_user_message": last_user,
            "provider": provider,
            "model": model,
        },
    )


def _quality_error(result: RunResult) -> ApiError:
    return ApiError(
        422,
        f"no draft passed after {plural(result.attempts, 'attempt')}; "
        f"best score {result.score:.2f}",
        type="invalid_request_error",
        code="quality_not_met",
        should_retry=False,
        extra={"redraft": extension_from_result(result), "final_answer": result.final_answer},
    )


async def _stream(
    handle: RunHandle, model: str, mode: str, include_usage: bool, plan: RunPlan
) -> AsyncIterator[str]:
    run_id = handle.run_id
    yield encode_sse(chunk(run_id, model, role="assistant", delta=""))
    try:
        async with contextlib.aclosing(
            with_heartbeats(handle.events(), KEEPALIVE_SECONDS)
        ) as events:
            async for event in events:
                if event is None:
                    yield encode_sse(chunk(run_id, model, delta=""))
                    continue
                for piece in _render(event, run_id, model, mode, include_usage, plan):
                    yield piece
                if isinstance(event, RunCompleted | RunFailed):
                    break
                if mode == "shadow" and isinstance(event, DraftCompleted):
                    break  # the run goes on judging in the background
    except Exception as exc:
        # The headers are out: the failure is the stream's last chunk.
        failure = stream_failure(exc, path=_PATH)
        yield encode_sse(failure.body(openai_shape=True))
    yield SSE_DONE


def _marker(run_id: str, model: str, kind: str, attempt: int, **details: object) -> str:
    """An empty chunk whose ``redraft`` extension tells a live client what happened."""
    extension = {"event": kind, "attempt": attempt, **details}
    return encode_sse(chunk(run_id, model, delta="", extension=extension))


def _render(
    event: RunEvent, run_id: str, model: str, mode: str, include_usage: bool, plan: RunPlan
) -> list[str]:
    if mode == "shadow":
        if isinstance(event, TextDelta):
            return [encode_sse(chunk(run_id, model, delta=event.delta))]
        if isinstance(event, DraftCompleted):
            finish, extension = _shadow_end(run_id, event)
            return [encode_sse(chunk(run_id, model, finish_reason=finish, extension=extension))]
    if mode == "live":
        if isinstance(event, Thinking):
            said = event.model_dump(include={"message", "strategy", "retry_count"})
            return [_marker(run_id, model, "thinking", event.attempt, **said)]
        if isinstance(event, DraftStarted) and event.attempt > 1:
            return [_marker(run_id, model, "redraft", event.attempt, feedback=event.feedback)]
        if isinstance(event, TextDelta):
            delta = chunk(run_id, model, delta=event.delta, extension={"attempt": event.attempt})
            return [encode_sse(delta)]
        if isinstance(event, VerdictReached):
            told = ("passed", "score", "reason", "account")
            details = {name: getattr(event.verdict, name) for name in told}
            return [_marker(run_id, model, "verdict", event.attempt, **details)]
    if isinstance(event, RunFailed):
        failure = _failure(event, plan)
        return [encode_sse(failure.body(openai_shape=True))]
    if isinstance(event, RunCompleted):
        result = event.result
        extension = extension_from_result(result)
        if mode == "live" and result.drafts and result.final_attempt != result.drafts[-1].attempt:
            # The client saw a later draft stream by; tell it which text won.
            extension["final_answer"] = result.final_answer
        # The role chunk opened the stream; a live one has sent the text already.
        bodies = result_chunks(
            result,
            model,
            include_usage=include_usage,
            role=False,
            text=mode != "live",
            extension=extension,
        )
        return [encode_sse(body) for body in bodies]
    return []
