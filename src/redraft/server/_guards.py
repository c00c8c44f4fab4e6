"""What stands between the network and the routes: strict JSON and Host names.

- :class:`StrictJSONRoute` parses request bodies as standard JSON. Python's
  ``json`` accepts ``NaN`` and ``Infinity``; they are not JSON, no SDK sends
  them, and a non-finite number that reaches a validation error's echo of the
  input cannot be encoded in the response, which turned a bad request into a
  500. Refused at parse time, they become an ordinary "JSON decode error" 4xx.
- :class:`LoopbackHostGuard` serves only loopback ``Host`` names when the
  service runs without API keys. Without it a web page on any site can rebind
  its own DNS name to 127.0.0.1 and read the keyless service from the user's
  browser (DNS rebinding); Jupyter and Vite refuse unknown hosts for the same
  reason. Operators who put the service behind another name list it in
  ``REDRAFT_ALLOWED_HOSTS``.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Iterable
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from redraft.evaluators._json_checks import loads_strict
from redraft.server._errors import ApiError, error_response

__all__ = ["LOOPBACK_HOSTS", "LoopbackHostGuard", "StrictJSONRoute", "host_name"]

LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


class _StrictJSONRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = loads_strict(await self.body())
        return self._json


class StrictJSONRoute(APIRoute):
    """A route whose JSON body may not hold ``NaN`` or ``Infinity``."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict_handler(request: Request) -> Response:
            return await handler(_StrictJSONRequest(request.scope, request.receive))

        return strict_handler


def host_name(header: str) -> str:
    """The host part of a ``Host`` header, lower-cased, without port or IPv6 brackets."""
    header = header.strip().lower()
    if header.startswith("["):
        end = header.find("]")
        return header[1:end] if end > 0 else header
    name, _, _port = header.partition(":")
    return name.rstrip(".")


class LoopbackHostGuard:
    """Refuse requests whose ``Host`` is not loopback or explicitly allowed."""

    def __init__(self, app: ASGIApp, *, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = LOOPBACK_HOSTS | {host_name(name) for name in allowed if name.strip()}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = Headers(scope=scope).get("host", "")
        name = host_name(header)
        if name in self.allowed or name.endswith(".localhost"):
            await self.app(scope, receive, send)
            return
        error = ApiError(
            400,
            f"Host {header!r} is not served: without API keys this service answers "
            "only loopback names (localhost, 127.0.0.1, [::1]); list other names in "
            "REDRAFT_ALLOWED_HOSTS",
            code="host_not_allowed",
            param="host",
        )
        await error_response(str(scope.get("path", "")), error)(scope, receive, send)
