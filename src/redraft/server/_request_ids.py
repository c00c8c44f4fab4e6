"""Request ids: one per HTTP request, in its response and in every log line it causes.

An error a client sees (a 503 from a full store, a 500) says what failed in
the product's words; the full exception goes to the server log. The id ties
the two together: the client quotes the ``x-request-id`` header, the
operator finds the log records carrying it. It is bound in the logging
context (:func:`redraft.observability.log_context`) for the whole request,
so the runs and session jobs a request starts log it too, and kept in the
ASGI scope for the handler of unexpected errors, which Starlette runs
outside every middleware.

A request that brings its own plain ``x-request-id`` (a proxy's, a client's
trace id) keeps it; anything else gets a new one.
"""

from __future__ import annotations

import re
import secrets

from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from redraft.observability import log_context

__all__ = ["REQUEST_ID_HEADER", "RequestIds", "request_id_of"]

REQUEST_ID_HEADER = "x-request-id"
_SCOPE_KEY = "redraft.request_id"
# What a log line and a header can carry as they are: no spaces, no quotes.
_PLAIN_ID = re.compile(r"[A-Za-z0-9._:/+=-]{1,128}")


def request_id_of(request: Request) -> str | None:
    """The id :class:`RequestIds` gave ``request``."""
    found = request.scope.get(_SCOPE_KEY)
    return found if isinstance(found, str) else None


class RequestIds:
    """ASGI middleware: give each HTTP request an id, log with it, answer with it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = _own_id(scope) or f"req_{secrets.token_hex(12)}"
        scope[_SCOPE_KEY] = request_id

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message)[REQUEST_ID_HEADER] = request_id
            await send(message)

        with log_context(request_id=request_id):
            await self.app(scope, receive, send_with_id)


def _own_id(scope: Scope) -> str | None:
    text = Headers(scope=scope).get(REQUEST_ID_HEADER, "")
    return text if _PLAIN_ID.fullmatch(text) else None
