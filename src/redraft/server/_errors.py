"""HTTP errors: one exception type, two body shapes.

``/v1/chat/completions`` answers in OpenAI's ``{"error": {...}}`` shape so
that the official SDKs raise their usual exceptions; every other route uses
FastAPI's ``{"detail": ...}``. Errors a client must not retry carry
``x-should-retry: false`` (the SDKs honour it).
"""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

__all__ = [
    "ApiError",
    "api_error_handler",
    "describe_validation_errors",
    "validation_error_handler",
]

OPENAI_SHAPED_PREFIXES = ("/v1/chat/completions",)


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
            error: dict[str, Any] = {
                "message": self.message,
                "type": self.type,
                "param": self.param,
                "code": self.code,
            }
            error.update(self.extra)
            return {"error": error}
        body: dict[str, Any] = {"detail": self.message}
        body.update(self.extra)
        return body

    def headers(self) -> dict[str, str]:
        headers = {"x-should-retry": "true" if self.should_retry else "false"}
        if self.status == 401:
            headers["www-authenticate"] = "Bearer"
        return headers


def wants_openai_shape(request: Request) -> bool:
    return request.url.path.startswith(OPENAI_SHAPED_PREFIXES)


async def api_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return JSONResponse(
        exc.body(openai_shape=wants_openai_shape(request)),
        status_code=exc.status,
        headers=exc.headers(),
    )


def describe_validation_errors(errors: list[Any]) -> tuple[str, str | None]:
    """One readable sentence naming every offending field, and the first field."""
    parts: list[str] = []
    first: str | None = None
    for error in errors:
        location = [str(p) for p in error.get("loc", ()) if p not in ("body",)]
        field = ".".join(location) or "body"
        first = first or field
        parts.append(f"{field}: {error.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request", first


async def validation_error_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    message, param = describe_validation_errors(list(exc.errors()))
    if wants_openai_shape(request):
        error = ApiError(400, message, param=param)
        return JSONResponse(error.body(openai_shape=True), status_code=400, headers=error.headers())
    # FastAPI's own shape, plus the header that stops SDK retries.
    return JSONResponse(
        {"detail": _jsonable(exc.errors())},
        status_code=422,
        headers={"x-should-retry": "false"},
    )


def _jsonable(errors: Any) -> Any:
    # Validation errors can carry the offending input (bytes, exceptions).
    from fastapi.encoders import jsonable_encoder

    return jsonable_encoder(errors, custom_encoder={Exception: str, bytes: repr})
