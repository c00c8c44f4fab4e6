"""Runs (list, detail, event stream) and answer generation, ``POST /v1/answers``."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import StreamingResponse

from redraft.config._profiles import UnknownModelError
from redraft.core._errors import ConfigurationError
from redraft.core._events import RunCompleted, RunFailed
from redraft.server._answers import (
    AnswersRequest,
    AnswersResponse,
    answers_failure,
    answers_response,
    answers_stream,
    plan_answers,
)
from redraft.server._chat import start_run, terminal_event
from redraft.server._errors import API_ERRORS, ApiError, stream_failure
from redraft.server._guards import StrictJSONRoute
from redraft.server._options import RUN_ID_PATTERN
from redraft.server._services import Tenant, services_of
from redraft.server._wire import run_detail
from redraft.store import RunFilter, RunSource
from redraft.wire._sse import encode_sse

__all__ = ["router"]

router = APIRouter(tags=["runs"], route_class=StrictJSONRoute, responses=API_ERRORS)

MAX_RESUME_SEQ = 2**63 - 1
"""The largest resume point taken: a 64-bit signed integer, far past any run."""
_SEQ = re.compile(r"[0-9]{1,19}")


@router.get("/v1/runs")
async def list_runs(
    request: Request,
    tenant: Tenant,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    before: Annotated[str | None, Query(pattern=RUN_ID_PATTERN)] = None,
    source: Annotated[RunSource | None, Query(description="where the runs came from")] = None,
    passed: Annotated[
        bool | None, Query(description="true: passed runs; false: runs that did not pass")
    ] = None,
    model: Annotated[
        str | None,
        Query(min_length=1, max_length=300, description="the generator spec, exactly"),
    ] = None,
) -> dict[str, Any]:
    """Runs of the caller's tenant, newest first; page with ``before=<last id>``.
    ``source``, ``passed`` and ``model`` keep only the runs that match all of
    them (an unverified run, ``passed: null``, matches neither ``passed`` value)."""
    store = services_of(request).store
    where = RunFilter(passed=passed, model=model, source=source)
    runs = await store.list_runs(tenant=tenant, limit=limit + 1, before=before, where=where)
    page = runs[:limit]
    return {
        "object": "list",
        "data": [r.model_dump(mode="json") for r in page],
        "has_more": len(runs) > limit,
        "next_before": page[-1].id if len(runs) > limit and page else None,
    }


@router.get("/v1/runs/{run_id}")
async def get_run(request: Request, tenant: Tenant, run_id: str) -> dict[str, Any]:
    """One run with its drafts, verdicts, evidence, calls and events; a
    failed run's ``error_code`` is the code its request failed with."""
    run = await services_of(request).store.get_run(run_id, tenant=tenant)
    if run is None:
        raise ApiError(404, f"run {run_id!r} not found", code="run_not_found")
    return run_detail(run)


@router.get("/v1/runs/{run_id}/events")
async def run_events(
    request: Request,
    tenant: Tenant,
    run_id: str,
    last_event_id: Annotated[str | None, Header(alias="last-event-id")] = None,
    after: Annotated[
        str | None, Query(description="resume after this event sequence number")
    ] = None,
) -> StreamingResponse:
    """Server-sent events: the stored log, then live events, ending with the
    terminal event. Resume with ``Last-Event-ID`` (or ``?after=<seq>``); at or
    past a finished run's last event the stream ends at once, empty. A store
    that fails meanwhile ends it with an ``error`` event (the error body)."""
    store = services_of(request).store
    after_seq = max(_resume_point("after", after), _resume_point("Last-Event-ID", last_event_id))
    if await store.events(run_id, tenant=tenant, after_seq=after_seq) is None:
        raise ApiError(404, f"run {run_id!r} not found", code="run_not_found")

    async def stream() -> AsyncIterator[str]:
        try:
            async for event in store.follow(run_id, tenant=tenant, after_seq=after_seq):
                yield encode_sse(event.model_dump_json(), event=event.type, id=event.seq)
                if isinstance(event, RunCompleted | RunFailed):
                    break
        except Exception as exc:
            # The headers are out: an ``error`` event ends the stream; the
            # client resumes with Last-Event-ID once the store is back.
            failure = stream_failure(exc, path=request.url.path)
            yield encode_sse(failure.body(openai_shape=True), event="error")

    return StreamingResponse(
        stream(), media_type="text/event-stream", headers={"cache-control": "no-cache"}
    )


def _resume_point(name: str, value: str | None) -> int:
    """An event sequence number as a client sent it: digits only, 0..2^63-1."""
    if value is None:
        return 0
    if _SEQ.fullmatch(value) is None or int(value) > MAX_RESUME_SEQ:
        raise ApiError(
            400,
            f"{name} must be an event sequence number: an integer from 0 to {MAX_RESUME_SEQ}",
            param=name,
        )
    return int(value)


@router.post("/v1/answers", tags=["answers"], response_model=AnswersResponse)
async def answers(
    request: Request, tenant: Tenant, body: AnswersRequest
) -> AnswersResponse | StreamingResponse:
    """Answer generation (``generate_answer``): iterate until the evaluation criteria are
    met or ``iter_max`` runs out; the best answer wins on exhaustion. With
    ``"stream": true``, server-sent events: each iteration as it is judged, then the answer."""
    services = services_of(request)
    try:
        plan = plan_answers(body, services.resolve_profile(body.model))
    except UnknownModelError as exc:
        raise ApiError(404, str(exc), code="model_not_found") from None
    except ConfigurationError as exc:
        raise ApiError(400, str(exc)) from None
    handle = await start_run(services, tenant, plan)
    if body.stream:
        return answers_stream(handle, heartbeat_s=services.settings.sse_heartbeat_seconds)
    final = await terminal_event(handle)
    if isinstance(final, RunFailed):
        raise answers_failure(final)
    return answers_response(final.result)
