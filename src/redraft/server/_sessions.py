"""Evaluation sessions over HTTP.

``POST /v1/sessions`` makes a session, ``POST /v1/evaluate/start`` starts its
panel in the background, ``/v1/evaluate/stream`` (POST, or GET for browser
``EventSource``) streams its evidence and stays open for re-evaluations, and
``POST /v1/evidence/update`` corrects evidence, which re-evaluates it.

The same handlers serve the evaluation-sessions design's unprefixed paths,
whose stream keeps that design's event names, for clients written to it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from redraft.config._profiles import NO_JUDGE, UnknownModelError, check_request_spec
from redraft.core._errors import ConfigurationError
from redraft.core._limits import MAX_PANEL_MEMBERS
from redraft.server._errors import API_ERRORS, ApiError, stream_failure, wants_openai_shape
from redraft.server._guards import StrictJSONRoute
from redraft.server._services import Services, Tenant, services_of
from redraft.server._session_worker import PANEL_ADAPTER
from redraft.sessions import (
    OLD_EVENT_NAMES,
    ChecksMember,
    JudgeMember,
    ModelMember,
    PanelMember,
    SessionSubject,
    SpecChecks,
    WebMember,
    build_members,
)
from redraft.store._session_views import StoredSession
from redraft.store._sessions import (
    EvaluationInProgressError,
    EvidenceNotFoundError,
    SessionNotFoundError,
)
from redraft.wire._sse import encode_sse

__all__ = ["router"]

router = APIRouter(tags=["sessions"], route_class=StrictJSONRoute, responses=API_ERRORS)

# Ids are 32-bit integer columns on PostgreSQL: a larger one can name nothing.
MAX_ID = 2**31 - 1
SessionId = Annotated[int, Field(ge=1, le=MAX_ID)]


class SessionCreate(BaseModel):
    """A subject and who judges it: an explicit ``panel``, or the default
    panel built from a ``profile`` (judge, its checks as a run builds them,
    relevance, web)."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "subject": {
                        "question": "How does the applicant earn money?",
                        "answer": "The applicant works as a croupier at a casino.",
                    },
                    "panel": [
                        {
                            "type": "check",
                            "rules": [
                                {
                                    "pattern": "casino",
                                    "points": -5,
                                    "description": "Gambling mentions found",
                                }
                            ],
                        },
                        {"type": "judge"},
                    ],
                }
            ]
        },
    )

    subject: SessionSubject
    panel: list[PanelMember] | None = Field(
        default=None, min_length=1, max_length=MAX_PANEL_MEMBERS
    )
    profile: str | None = Field(default=None, min_length=1, max_length=256)
    judge_model: str | None = Field(default=None, min_length=1, max_length=500)
    """Judges and re-evaluations use it; ``"none"`` means no LLM at all."""


class SessionRef(BaseModel):
    model_config = ConfigDict(extra="forbid")

    session_id: SessionId


class EvidenceUpdate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    session_id: SessionId
    evidence_id: Annotated[int, Field(ge=1, le=MAX_ID)]
    valid: bool
    invalidate_reason: str | None = Field(default=None, max_length=4000)


@router.post("/v1/sessions", status_code=201)
async def create_session(request: Request, tenant: Tenant, body: SessionCreate) -> dict[str, Any]:
    """Make a session; nothing is evaluated until ``/v1/evaluate/start``."""
    services = services_of(request)
    judge_model, panel = await _plan(services, body)
    try:
        # Built once now so a panel that cannot run is a 400 here, not an error later.
        build_members(panel, services.panel_environment(judge_model))
    except ConfigurationError as exc:
        raise ApiError(400, str(exc), param="panel") from None
    session_id = await services.store.sessions.create(
        tenant=tenant,
        subject=body.subject.model_dump(exclude_none=True),
        panel=PANEL_ADAPTER.dump_python(panel, mode="json", exclude_none=True),
        judge_model=judge_model,
    )
    return {"session_id": session_id}


@router.get("/v1/sessions")
async def list_sessions(
    request: Request,
    tenant: Tenant,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    before: Annotated[int | None, Query(ge=1, le=MAX_ID)] = None,
) -> dict[str, Any]:
    """The caller's sessions, newest first; page with ``before=<last session_id>``."""
    sessions = await services_of(request).store.sessions.list_sessions(
        tenant=tenant, limit=limit + 1, before=before
    )
    page = sessions[:limit]
    more = len(sessions) > limit
    return {
        "object": "list",
        "data": [s.model_dump(mode="json") for s in page],
        "has_more": more,
        "next_before": page[-1].session_id if more and page else None,
    }


@router.get("/v1/sessions/{session_id}")
async def get_session(
    request: Request, tenant: Tenant, session_id: Annotated[int, Path(ge=1, le=MAX_ID)]
) -> dict[str, Any]:
    """The session with its ``evidence_list``, status, score and LLM calls."""
    return (await _session(services_of(request), session_id, tenant)).model_dump(mode="json")


@router.post("/v1/evaluate/start")
@router.post("/evaluate/start", include_in_schema=False)
async def start_evaluation(request: Request, tenant: Tenant, body: SessionRef) -> dict[str, Any]:
    """Start the panel in the background and return at once."""
    worker = services_of(request).sessions
    try:
        await worker.begin_evaluation(body.session_id, tenant=tenant)
    except SessionNotFoundError:
        raise _not_found(body.session_id) from None
    except EvaluationInProgressError:
        raise ApiError(
            400,
            f"session {body.session_id} is already being evaluated",
            code="evaluation_in_progress",
        ) from None
    return {"message": "Evaluation started", "session_id": body.session_id}


@router.post("/v1/evaluate/stream")
@router.post("/evaluate/stream", include_in_schema=False)
async def stream_evaluation(
    request: Request,
    tenant: Tenant,
    body: SessionRef,
    last_event_id: Annotated[str | None, Header(alias="last-event-id")] = None,
) -> StreamingResponse:
    """The session's evidence as server-sent events (see the GET form)."""
    return await _stream(request, tenant, body.session_id, last_event_id, None)


@router.get("/v1/evaluate/stream")
@router.get("/evaluate/stream", include_in_schema=False)
async def stream_evaluation_get(
    request: Request,
    tenant: Tenant,
    session_id: Annotated[int, Query(ge=1, le=MAX_ID)],
    last_event_id: Annotated[str | None, Header(alias="last-event-id")] = None,
    after: Annotated[int | None, Query(ge=0, le=MAX_ID)] = None,
) -> StreamingResponse:
    """Every stored item, then new ones as they are stored, until the client
    leaves; comment lines keep idle connections open. Each item's ``id:`` is
    its place in the log: reconnect with ``Last-Event-ID`` (or ``?after=``)
    to carry on without gaps or repeats."""
    return await _stream(request, tenant, session_id, last_event_id, after)


@router.post("/v1/evidence/update")
@router.post("/evidence/update", include_in_schema=False)
async def update_evidence(request: Request, tenant: Tenant, body: EvidenceUpdate) -> dict[str, Any]:
    """Mark evidence valid or invalid; invalid starts a re-evaluation in the
    background, whose new evidence reaches every open stream."""
    services = services_of(request)
    try:
        await services.sessions.update_evidence(
            body.session_id,
            body.evidence_id,
            tenant=tenant,
            valid=body.valid,
            reason=body.invalidate_reason,
        )
    except SessionNotFoundError:
        raise _not_found(body.session_id) from None
    except EvidenceNotFoundError:
        raise ApiError(
            404,
            f"session {body.session_id} has no evidence {body.evidence_id}",
            code="evidence_not_found",
        ) from None
    return (await _session(services, body.session_id, tenant)).model_dump(mode="json")


# -- helpers ---------------------------------------------------------------------


async def _plan(services: Services, body: SessionCreate) -> tuple[str | None, list[PanelMember]]:
    """The session's judge model and panel, checked like a chat request's options."""
    registry = services.registry
    try:
        profile = services.resolve_profile(body.profile)
        judge_model = body.judge_model or profile.judge_model
        if body.judge_model and body.judge_model != NO_JUDGE and body.judge_model not in registry:
            check_request_spec(body.judge_model)
        for member in body.panel or ():
            if isinstance(member, JudgeMember) and member.model and member.model not in registry:
                check_request_spec(member.model)
    except UnknownModelError as exc:
        raise ApiError(404, str(exc), code="model_not_found", param="profile") from None
    except ConfigurationError as exc:
        raise ApiError(400, str(exc), param="judge_model") from None
    judge = None if judge_model == NO_JUDGE else judge_model
    if body.panel is not None:
        return judge, list(body.panel)
    panel: list[PanelMember] = []
    if judge is not None:
        panel.append(JudgeMember(type="judge", rubric=profile.criteria))
    checks = ChecksMember.of(profile)
    try:
        if await SpecChecks(checks.spec()).checks_anything(body.subject.to_subject().request):
            panel.append(checks)
    except ConfigurationError as exc:
        raise ApiError(400, str(exc), param="profile") from None
    if body.subject.question:
        panel.append(ModelMember(type="model", scorer="relevance"))
    panel.append(WebMember(type="web"))
    return judge, panel


async def _session(services: Services, session_id: int, tenant: str) -> StoredSession:
    session = await services.store.sessions.get(session_id, tenant=tenant)
    if session is None:
        raise _not_found(session_id)
    return session


def _not_found(session_id: int) -> ApiError:
    return ApiError(404, f"session {session_id} not found", code="session_not_found")


async def _stream(
    request: Request,
    tenant: str,
    session_id: int,
    last_event_id: str | None,
    after: int | None,
) -> StreamingResponse:
    services = services_of(request)
    after_seq = after or 0
    if last_event_id is not None:
        try:
            after_seq = max(after_seq, min(int(last_event_id), MAX_ID))
        except ValueError:
            raise ApiError(400, "Last-Event-ID must be an event sequence number") from None
    store = services.store.sessions
    if not await store.exists(session_id, tenant=tenant):
        raise _not_found(session_id)
    heartbeat = services.settings.sse_heartbeat_seconds
    legacy = not request.scope["route"].path.startswith("/v1/")

    async def events() -> AsyncIterator[str]:
        # Tell EventSource how soon to reconnect; it sends Last-Event-ID when it does.
        yield "retry: 2000\n\n"
        try:
            async for entry in store.follow(
                session_id, tenant=tenant, after_seq=after_seq, heartbeat_s=heartbeat
            ):
                if entry is None:
                    yield ": keep-alive\n\n"
                    continue
                seq, item = entry
                data: str | dict[str, Any] = item.model_dump_json()
                if legacy:
                    data = item.model_dump(mode="json")
                    data["event_type"] = OLD_EVENT_NAMES[item.event_type]
                # No "event:" line: EventSource's onmessage only sees unnamed events.
                yield encode_sse(data, id=seq)
        except Exception as exc:
            # The headers are out: a named ``error`` event (never mistaken for
            # evidence) ends the stream, and the client reconnects from its
            # Last-Event-ID, as after any drop.
            path = request.url.path
            failure = stream_failure(exc, path=path)
            yield encode_sse(failure.body(openai_shape=wants_openai_shape(path)), event="error")

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"cache-control": "no-cache", "x-accel-buffering": "no"},
    )
