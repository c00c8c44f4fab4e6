"""HTTP errors: one exception type, two body shapes.

Every ``/v1`` route (and ``/metrics``) answers in OpenAI's ``{"error":
{"message", "type", "param", "code"}}`` shape so that the official SDKs raise
their usual exceptions; the web UI's own routes use FastAPI's ``{"detail":
...}``. Errors a client must not retry carry ``x-should-retry: false`` (the
SDKs honour it). No handler ever sends a traceback: an unexpected exception
is logged and answered with a 500 that says only that.

The store failing (full, read-only, unreachable: :class:`StoreUnavailableError`)
is a 503 saying so in the product's words, wherever it happens; a stream
whose headers are already out ends with the same error as its last event
(:func:`stream_failure`). The full exception goes to the log with the
request id the response carries (``x-request-id``).
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict
from starlette.exceptions import HTTPException

from redraft.evaluators._json_checks import NonFiniteNumberError
from redraft.observability._logging import current_request_id
from redraft.server._request_ids import REQUEST_ID_HEADER, request_id_of
from redraft.store import StoreUnavailableError

__all__ = [
    "API_ERRORS",
    "ApiError",
    "DetailResponse",
    "ErrorResponse",
    "api_error_handler",
    "describe_validation_errors",
    "error_response",
    "http_error_handler",
    "store_error",
    "store_error_handler",
    "stream_failure",
    "unexpected_error_handler",
    "validation_error_handler",
    "wants_openai_shape",
]

log = logging.getLogger("redraft.server")

# Validation errors on the chat route are 400s, as OpenAI's are; the other
# routes keep FastAPI's 422 (both are errors the SDKs do not retry).
_CHAT_PATH = "/v1/chat/completions"
_HTTP_ERROR_TYPES = {401: "authentication_error", 403: "permission_error", 404: "not_found_error"}


class ErrorBody(BaseModel):
    """OpenAI's error object. A few errors add fields: a failed run its
    ``run_id`` and ``continue_context``, an unmet quality bar its result."""

    model_config = ConfigDict(extra="allow")

    message: str
    type: str
    param: str | None
    code: str | None


class ErrorResponse(BaseModel):
    """The body of every error on a ``/v1`` route (and ``/metrics``)."""

    error: ErrorBody


class DetailResponse(BaseModel):
    """The body of an error on the routes outside ``/v1``: FastAPI's shape."""

    detail: str


API_ERRORS: dict[int | str, dict[str, Any]] = {
    "4XX": {
        "model": ErrorResponse,
        "description": "The request cannot be served as it is; `param` names the field.",
    },
    "5XX": {
        "model": ErrorResponse,
        "description": "The service could not serve it: 503 with code `store_full` or "
        "`store_unavailable` when its database failed, 502 or 504 when a model did.",
    },
}
"""What the OpenAPI document says every ``/v1`` route may answer besides success."""


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        message: str,
        *,
        type: str = "invalid_request_error",
        code: str | None = None,
        param: str | None = None,
        should_retry: bool | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.type = type
        self.code = code
        self.param = param
        self.should_retry = status >= 500 if should_retry is None else should_retry
        self.extra = extra or {}

    def body(self, *, openai_shape: bool) -> dict[str, Any]:
        if openai_shape:
            error = {
                "message": self.message,
                "type": self.type,
                "param": self.param,
                "code": self.code,
            }
            return {"error": {**error, **self.extra}}
        return {"detail": self.message, **self.extra}

    def headers(self) -> dict[str, str]:
        headers = {"x-should-retry": "true" if self.should_retry else "false"}
        if self.status == 401:
            headers["www-authenticate"] = "Bearer"
        return headers


def wants_openai_shape(path: str) -> bool:
    """Whether errors on ``path`` use OpenAI's shape (the API) or FastAPI's (the UI)."""
    return path == "/v1" or path.startswith(("/v1/", "/metrics"))


def error_response(path: str, error: ApiError) -> JSONResponse:
    """``error`` in the shape the route at ``path`` answers in."""
    return JSONResponse(
        error.body(openai_shape=wants_openai_shape(path)),
        status_code=error.status,
        headers=error.headers(),
    )


async def api_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return error_response(request.url.path, exc)


async def http_error_handler(request: Request, exc: Exception) -> JSONResponse:
    """Starlette's own errors (unknown path, wrong method, body too large) in our shapes."""
    assert isinstance(exc, HTTPException)
    error = ApiError(
        exc.status_code,
        str(exc.detail),
        type=_HTTP_ERROR_TYPES.get(exc.status_code, "invalid_request_error"),
        param="body" if exc.status_code == 413 else None,
    )
    response = error_response(request.url.path, error)
    for name, value in (exc.headers or {}).items():
        response.headers.setdefault(name, value)
    return response


def store_error(exc: StoreUnavailableError) -> ApiError:
    """The 503 a request gets when the store failed it. Full or read-only
    will not mend between an SDK's retries; an outage may."""
    return ApiError(
        503,
        str(exc),
        type="server_error",
        code="store_full" if exc.full else "store_unavailable",
        should_retry=not exc.full,
    )


async def store_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StoreUnavailableError)
    request_id = request_id_of(request)
    log.error(
        "the store failed on %s %s: %s",
        request.method,
        request.url.path,
        exc.detail,
        exc_info=exc,
        extra={"request_id": request_id},
    )
    return error_response(request.url.path, store_error(exc))


def stream_failure(exc: Exception, *, path: str) -> ApiError:
    """The error a stream at ``path`` sends as its last event when ``exc``
    stops it after its headers went out (too late for a status code); logged."""
    request_id = current_request_id()
    if isinstance(exc, StoreUnavailableError):
        log.error(
            "the store failed during the stream of %s: %s",
            path,
            exc.detail,
            exc_info=exc,
            extra={"request_id": request_id},
        )
        return store_error(exc)
    log.error(
        "unhandled error in the stream of %s", path, exc_info=exc, extra={"request_id": request_id}
    )
    return ApiError(500, "internal server error", type="server_error")


async def unexpected_error_handler(request: Request, exc: Exception) -> JSONResponse:
    """A bug: logged with its traceback, answered without one.

    Starlette runs this outside every middleware, so the request id comes
    from the scope and goes on the response here."""
    request_id = request_id_of(request)
    log.error(
        "unhandled error on %s %s",
        request.method,
        request.url.path,
        exc_info=exc,
        extra={"request_id": request_id},
    )
    error = ApiError(500, "internal server error", type="server_error")
    response = error_response(request.url.path, error)
    if request_id is not None:
        response.headers[REQUEST_ID_HEADER] = request_id
    return response


def describe_validation_errors(errors: list[Any]) -> tuple[str, str | None]:
    """One readable sentence naming every offending field, and the first field."""
    parts: list[str] = []
    first: str | None = None
    for error in errors:
        if error.get("type") == "json_invalid":
            # The location is a character offset, not a field.
            problem = (error.get("ctx") or {}).get("error", "")
            first = first or "body"
            parts.append(f"body: invalid JSON{f' ({problem})' if problem else ''}")
            continue
        location = [str(p) for p in error.get("loc", ()) if p not in ("body",)]
        field = ".".join(location) or "body"
        first = first or field
        parts.append(f"{field}: {error.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request", first


async def validation_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = _field_errors(exc)
    message, param = describe_validation_errors(errors)
    path = request.url.path
    if wants_openai_shape(path):
        return error_response(
            path, ApiError(400 if path == _CHAT_PATH else 422, message, param=param)
        )
    # FastAPI's own shape, plus the header that stops SDK retries. Validation
    # errors can carry the offending input (bytes, exceptions).
    detail = jsonable_encoder(errors, custom_encoder={Exception: str, bytes: repr})
    return JSONResponse({"detail": detail}, status_code=422, headers={"x-should-retry": "false"})


def _field_errors(exc: RequestValidationError) -> list[Any]:
    """The errors, with a number too large for JSON (``1e999``) told as the
    field it was in, as a finite-number error is, rather than as a place in
    the body's text: the parser refused it before any field was read."""
    cause = exc.__cause__
    if not isinstance(cause, NonFiniteNumberError):
        return list(exc.errors())
    return [
        {
            "type": "finite_number",
            "loc": ("body", *cause.path),
            "msg": "Input should be a finite number",
            "input": cause.number,
        }
    ]
