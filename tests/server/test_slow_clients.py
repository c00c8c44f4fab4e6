"""Slow clients against a live server: a request's headers and its body must
arrive in time, and one address may hold only so many unfinished requests.

Every wait here is on the sockets (``select`` with a timeout): the server's
deadlines are what close them, never a sleep in the test.
"""

from __future__ import annotations

import contextlib
import http.client
import re
import select
import selectors
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from _live_server import ServerProcess, serve_in_thread
from redraft.app import Settings
from redraft.server import ClientLimits, create_app, limited_http_protocol

HEADER_TIMEOUT_S = 1.0
BODY_TIMEOUT_S = 1.0
# How late past its deadline a connection may close: the server and this test
# share two cores on CI, and 200 connections take a while to serve.
MARGIN_S = 5.0
SLOW_CLIENTS = 200
HEALTHZ = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("slow")


@pytest.fixture(scope="module")
def server(root: Path) -> Iterator[ServerProcess]:
    """``redraft serve`` with one-second deadlines and no cap per address."""
    env = {
        "REDRAFT_DATABASE_URL": f"sqlite+aiosqlite:///{root / 'redraft.db'}",
        "REDRAFT_API_KEYS": "",
        "REDRAFT_HEADER_TIMEOUT_SECONDS": str(HEADER_TIMEOUT_S),
        "REDRAFT_BODY_TIMEOUT_SECONDS": str(BODY_TIMEOUT_S),
        "REDRAFT_MAX_UNFINISHED_PER_CLIENT": "0",
    }
    process = ServerProcess(env, root / "serve.log")
    try:
        yield process
    finally:
        process.stop()


class Slow:
    """A raw connection that sends ``request`` a byte at a time after its
    first ``upfront`` bytes, or nothing more when ``trickle`` is off."""

    def __init__(
        self, port: int, request: bytes, *, upfront: int = 1, trickle: bool = True
    ) -> None:
        self.opened = time.monotonic()
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.sendall(request[:upfront])
        self.sock.setblocking(False)
        self.request, self.sent, self.trickle = request, upfront, trickle
        self.received = bytearray()
        self.closed_at: float | None = None

    def step(self) -> None:
        if self.closed_at is not None or not self.trickle or self.sent >= len(self.request):
            return
        try:
            self.sent += self.sock.send(self.request[self.sent : self.sent + 1])
        except (BrokenPipeError, ConnectionResetError):
            self.read()

    def read(self) -> None:
        """What the server sent, until it closed the connection."""
        while self.closed_at is None:
            try:
                chunk = self.sock.recv(65536)
            except BlockingIOError:
                return
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                self.closed_at = time.monotonic()
            self.received += chunk


def _until_closed(connections: list[Slow], timeout_s: float) -> None:
    """Trickle every connection until the server has closed them all, or
    ``timeout_s`` after the last one opened."""
    deadline = max(c.opened for c in connections) + timeout_s + MARGIN_S + 1
    with selectors.DefaultSelector() as selector:
        for connection in connections:
            selector.register(connection.sock, selectors.EVENT_READ, connection)
        while any(c.closed_at is None for c in connections) and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=0.1):
                connection = key.data
                connection.read()
                if connection.closed_at is not None:
                    selector.unregister(connection.sock)
            for connection in connections:
                connection.step()


def _assert_cut_off(connections: list[Slow], timeout_s: float) -> None:
    still_open = sum(c.closed_at is None for c in connections)
    assert still_open == 0, f"{still_open} of {len(connections)} slow connections still open"
    took = sorted(c.closed_at - c.opened for c in connections if c.closed_at is not None)
    # Closed by the deadline, not at once, and not long after it.
    assert took[0] >= timeout_s / 2, took[:5]
    assert took[-1] <= timeout_s + MARGIN_S, took[-5:]
    answers = {bytes(c.received[:13]) for c in connections}
    assert answers == {b"HTTP/1.1 408 "}, answers


def test_headers_sent_a_byte_at_a_time_are_cut_off(server: ServerProcess, root: Path) -> None:
    request = HEALTHZ.replace(b"\r\n\r\n", b"\r\nx-padding: " + b"a" * 4096 + b"\r\n\r\n")
    with contextlib.ExitStack() as stack:
        slow = [Slow(server.port, request) for _ in range(SLOW_CLIENTS)]
        for connection in slow:
            stack.callback(connection.sock.close)
        # 200 unfinished requests held, and the service still answers others.
        assert httpx.get(f"{server.base_url}/healthz", timeout=30).status_code == 200
        _until_closed(slow, HEADER_TIMEOUT_S)
    _assert_cut_off(slow, HEADER_TIMEOUT_S)
    assert "request headers not received within 1 s" in (root / "serve.log").read_text()


def test_a_body_that_never_finishes_is_cut_off(server: ServerProcess, root: Path) -> None:
    body = b'{"subject": {"text": "' + b"a" * 4096 + b'"}}'
    head = (
        b"POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"content-type: application/json\r\ncontent-length: %d\r\n\r\n" % len(body)
    )
    with contextlib.ExitStack() as stack:
        slow = [Slow(server.port, head + body, upfront=len(head) + 1) for _ in range(20)]
        slow.append(Slow(server.port, head + body, upfront=len(head) + 100, trickle=False))
        for connection in slow:
            stack.callback(connection.sock.close)
        # A body that does arrive is read and answered meanwhile.
        created = httpx.post(
            f"{server.base_url}/v1/sessions",
            json={"subject": {"text": "x"}, "judge_model": "none"},
            timeout=30,
        )
        assert created.status_code == 201, created.text
        _until_closed(slow, BODY_TIMEOUT_S)
    _assert_cut_off(slow, BODY_TIMEOUT_S)
    log = (root / "serve.log").read_text()
    assert "request body not received within 1 s" in log
    # The route waiting for the body sees a disconnect, not an error.
    assert "Traceback" not in log and '"level": "error"' not in log


# -- the cap per address -----------------------------------------------------------

CAP = 4


def _connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(30)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def _status(sock: socket.socket) -> int:
    """The status of the response on ``sock``, its body read to the end."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"closed after {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = re.search(rb"content-length: (\d+)", head, re.IGNORECASE)
    assert length is not None, head
    while len(body) < int(length[1]):
        body += sock.recv(65536)
    return int(head.split()[1])


def _until_eof(sock: socket.socket) -> bytes:
    data = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := sock.recv(65536):
            data += chunk
    return data


def _is_open(sock: socket.socket) -> bool:
    """No end of stream waiting to be read (an event stream may have data)."""
    if not select.select([sock], [], [], 0)[0]:
        return True
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except ConnectionResetError:
        return False


def test_one_address_holds_only_so_many_unfinished_requests(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'redraft.db'}"))
    # Deadlines far off: every close below is the cap's doing.
    limits = ClientLimits(header_timeout_s=60, body_timeout_s=60, max_unfinished=CAP)
    served = serve_in_thread(app, http=limited_http_protocol(limits), timeout_keep_alive=60)
    with served as base_url, contextlib.ExitStack() as stack:
        port = int(base_url.rsplit(":", 1)[1])

        def connect(source: str = "127.0.0.1") -> socket.socket:
            return stack.enter_context(_connect(port, source))

        created = httpx.post(
            f"{base_url}/v1/sessions",
            json={"subject": {"text": "x"}, "judge_model": "none"},
            timeout=30,
        )
        assert created.status_code == 201, created.text
        # As many open event streams as the cap: their requests are in, so
        # they do not count, however long the responses last.
        streams = []
        stream_request = HEALTHZ.replace(
            b"/healthz", b"/v1/evaluate/stream?session_id=%d" % created.json()["session_id"]
        )
        for _ in range(CAP):
            stream = connect()
            stream.sendall(stream_request)
            seen = b""
            while b"retry: 2000" not in seen:
                chunk = stream.recv(65536)
                assert chunk, seen
                seen += chunk
            streams.append(stream)
        # A kept-alive connection whose request is done does not count either.
        kept = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        stack.callback(kept.close)
        kept.request("GET", "/healthz")
        response = kept.getresponse()
        assert response.status == 200
        response.read()

        # The cap's worth of unfinished requests: one connection silent, one
        # midway through its headers, two midway through their bodies.
        silent = connect()
        headers = connect()
        headers.sendall(HEALTHZ[:-2])
        bodies = [connect() for _ in range(2)]
        for sock in bodies:
            sock.sendall(b"POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            sock.sendall(b"content-type: application/json\r\ncontent-length: 100\r\n\r\n{")
        pending = [silent, headers, *bodies]

        # They count once they have been arriving for a second: until then each
        # new connection is served; from then on one is refused at once.
        deadline = time.monotonic() + 30
        while True:
            probe = connect()
            if select.select([probe], [], [], 0.25)[0]:
                break
            probe.sendall(HEALTHZ)
            assert _status(probe) == 200
            probe.close()
            assert time.monotonic() < deadline, "the unfinished requests were never counted"
        refusal = _until_eof(probe)
        assert refusal.startswith(b"HTTP/1.1 429 "), refusal
        assert b"limit 4" in refusal
        # Another request on the kept-alive connection is refused as well.
        kept.request("GET", "/healthz")
        assert kept.getresponse().status == 429
        # Another address is served meanwhile.
        elsewhere = connect("127.0.0.2")
        elsewhere.sendall(HEALTHZ)
        assert _status(elsewhere) == 200
        # Nothing admitted was closed.
        assert all(_is_open(sock) for sock in pending + streams)

        # One request finishes: there is room for one more, though every
        # stream is still open.
        headers.sendall(b"\r\n")
        assert _status(headers) == 200
        admitted = connect()
        admitted.sendall(HEALTHZ)
        assert _status(admitted) == 200
        assert all(_is_open(sock) for sock in streams)
