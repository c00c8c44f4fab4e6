"""Slow clients are bounded: deadlines for a request to arrive, and a cap on
how many unfinished requests one address may hold.

uvicorn times out only idle keep-alive connections, and any byte resets that
timer, so a client sending its headers (or body) a byte at a time held a
connection, and its memory and file descriptor, for as long as it liked
(slowloris). ASGI middleware cannot help: the app sees a request only once
its headers are in. So the limits live in the HTTP protocol itself,
:class:`LimitedHttpProtocol`, uvicorn's httptools protocol with a few
callbacks extended. Its parser already says when the headers and the body are
complete, so the limits cost one timer per request, and no work per byte.

- The request line and headers must arrive within ``header_timeout_s`` of the
  connection opening (of the request's first byte on a kept-alive one); the
  body within ``body_timeout_s`` of the headers. Past either the connection is
  closed: with a 408 when part of a request arrived and no response has
  started, silently otherwise.
- One client address may have ``max_unfinished`` requests that have been
  arriving for more than a second (a connection that has sent nothing yet
  counts as one). A connection opened past that is closed at once with a 429,
  and so is a kept-alive one that begins another request. The second of grace
  keeps a burst of clients sending together from being refused for having
  their bytes in flight at once. A request whose body is in no longer counts,
  whatever its response does: an open event stream is never counted.

Counts are per server process: ``--workers N`` allows each process its own.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from dataclasses import dataclass
from typing import Any, cast

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

__all__ = ["ClientLimits", "LimitedHttpProtocol", "limited_http_protocol"]

log = logging.getLogger("redraft.server")

# A request counts against its address's cap once it has been arriving this
# long: a burst of clients sending at once is not refused for having their
# bytes in flight together, a slow one is.
_GRACE_S = 1.0


@dataclass(frozen=True)
class ClientLimits:
    header_timeout_s: float
    """How long a request's line and headers may take to arrive."""
    body_timeout_s: float
    """How long its body may take, from the end of its headers."""
    max_unfinished: int
    """Unfinished requests one client address may have had arriving for more
    than a second; 0: no cap."""


class _Unfinished:
    """Unfinished requests per client address, in one server process.

    A copy sent to a worker process (uvicorn pickles its config for each)
    starts empty: each process counts only its own connections."""

    __slots__ = ("by_address",)

    def __init__(self) -> None:
        self.by_address: dict[str, int] = {}

    def __reduce__(self) -> tuple[type[_Unfinished], tuple[()]]:
        return (_Unfinished, ())


def limited_http_protocol(limits: ClientLimits) -> type[asyncio.Protocol]:
    """uvicorn's ``http=`` argument for a server with these limits.

    A picklable partial rather than a class made here: with ``--workers``
    uvicorn sends its config, this included, to each worker process."""
    factory = functools.partial(LimitedHttpProtocol, limits=limits, unfinished=_Unfinished())
    # uvicorn only calls it, with the keywords a protocol class takes.
    return cast("type[asyncio.Protocol]", factory)


def _response(status: int, message: str, default_headers: list[tuple[bytes, bytes]]) -> bytes:
    body = message.encode("ascii")
    parts = [STATUS_LINE[status]]
    for name, value in default_headers:
        parts += [name, b": ", value, b"\r\n"]
    parts += [
        b"content-type: text/plain; charset=utf-8\r\n",
        b"content-length: %d\r\n" % len(body),
        b"connection: close\r\n\r\n",
        body,
    ]
    return b"".join(parts)


class LimitedHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with :class:`ClientLimits` enforced."""

    def __init__(
        self, *args: Any, limits: ClientLimits, unfinished: _Unfinished, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self._limits = limits
        self._counts = unfinished.by_address
        self._address = ""
        # From a connection's opening, or a request's first byte on a kept-alive
        # connection, until the request's body is in.
        self._arriving = False
        self._began = False  # a byte of this request has arrived
        self._counted = False  # arriving for longer than _GRACE_S
        self._headers_in = False
        self._deadline = 0.0  # of the headers, then of the body (loop time)
        self._timer: asyncio.TimerHandle | None = None
        self._timer_at = 0.0

    # -- uvicorn's protocol, extended ------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._address = self.client[0] if self.client else ""
        if self._over_cap():
            self._refuse()
        else:
            self._arrive()

    def connection_lost(self, exc: Exception | None) -> None:
        self._arrived()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self._arriving:
            # The first bytes of another request on a kept-alive connection
            # (uvicorn stops its keep-alive timer for them).
            if self._over_cap():
                self._refuse()
                return
            self._arrive()
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._began = True
        if not self._arriving:
            # A pipelined request that began in the packet that ended the last
            # one: timed and counted, not refused halfway through a packet.
            self._arrive()

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._headers_in = True
        self._deadline = self.loop.time() + self._limits.body_timeout_s
        if self._counted or self._deadline < self._timer_at:
            self._arm(self._deadline)

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._arrived()

    def handle_websocket_upgrade(self) -> None:
        # The connection leaves this protocol for a WebSocket one.
        self._arrived()
        super().handle_websocket_upgrade()

    # -- the limits --------------------------------------------------------------

    def _over_cap(self) -> bool:
        cap = self._limits.max_unfinished
        return cap > 0 and self._counts.get(self._address, 0) >= cap

    def _arrive(self) -> None:
        """A request starts to arrive: the headers' deadline runs, and after
        the grace it counts against its address."""
        self._arriving = True
        now = self.loop.time()
        self._deadline = now + self._limits.header_timeout_s
        self._arm(min(now + _GRACE_S, self._deadline))

    def _arrived(self) -> None:
        """The request is in (or the connection gone): no deadline, no count."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._timer_at = 0.0
        if self._counted:
            left = self._counts[self._address] - 1
            if left:
                self._counts[self._address] = left
            else:
                del self._counts[self._address]
        self._arriving = self._began = self._counted = self._headers_in = False

    def _arm(self, when: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer_at = when
        self._timer = self.loop.call_later(when - self.loop.time(), self._tick)

    def _tick(self) -> None:
        self._timer = None
        # uvloop's clock counts milliseconds: a timer may fire just short of it.
        if self.loop.time() >= self._deadline - 0.001:
            self._close_late()
            return
        if not self._counted:
            self._counted = True
            self._counts[self._address] = self._counts.get(self._address, 0) + 1
        self._arm(self._deadline)

    def _idle(self) -> bool:
        """No response is being written, so one of ours cannot cut into it."""
        return not self.pipeline and (self.cycle is None or self.cycle.response_complete)

    def _close_late(self) -> None:
        if self.transport.is_closing():
            return
        if self._headers_in:
            part, seconds = "body", self._limits.body_timeout_s
            # The late request is the current cycle's; pipelined ones queue behind it.
            cycle = self.cycle
            answer = not self.pipeline and (cycle is None or not cycle.response_started)
        else:
            part, seconds = "headers", self._limits.header_timeout_s
            answer = self._began and self._idle()
        # A connection that never sent a byte is a browser's spare one as often
        # as an attack: not worth a line at the default level.
        log.log(
            logging.INFO if self._began else logging.DEBUG,
            "closed a connection from %s: request %s not received within %g s",
            self._address or "a local socket",
            part,
            seconds,
        )
        if answer:
            message = f"request {part} not received within {seconds:g} s"
            self.transport.write(_response(408, message, self.server_state.default_headers))
        self.transport.close()

    def _refuse(self) -> None:
        cap = self._limits.max_unfinished
        log.info(
            "refused a connection from %s: %d requests from it are still arriving",
            self._address or "a local socket",
            cap,
        )
        if self._idle():
            message = f"too many unfinished requests from this address (limit {cap})"
            self.transport.write(_response(429, message, self.server_state.default_headers))
        self.transport.close()
