"""A loopback server that speaks OpenAI's Chat Completions wire format.

Standard library only (and redraft's SSE encoder and word splitter), so
tests (and the CLI's tests) can drive the official ``openai`` SDK end to end
without a network or a key. The shared plumbing (queue of responses, request log, threaded HTTP
server) lives here too and :mod:`redraft.testing._fake_anthropic` reuses it.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar, Self

from redraft.wire._openai import text_pieces
from redraft.wire._sse import encode_sse

__all__ = ["FakeError", "FakeOpenAIServer", "FakeResponse", "FakeToolCalls"]


@dataclass
class FakeError:
    """An HTTP error to answer one request with.

    ``body`` defaults to the vendor's error shape for ``status``; ``headers``
    are sent as given (``{"Retry-After": "7"}`` for a rate limit).
    """

    status: int
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class FakeToolCalls:
    """An answer that asks for tools, in the vendor's wire format.

    ``calls`` are ``(name, arguments)`` pairs; ``text`` is what the model
    writes before the calls. Ids are ``ids`` when given, else made up by the
    server (``call_fake_<n>`` / ``toolu_fake_<n>``). Streamed, the arguments
    arrive in several pieces, as they do from the real APIs.
    """

    calls: list[tuple[str, dict[str, Any]]]
    text: str = ""
    ids: list[str] | None = None

    def __post_init__(self) -> None:
        if not self.calls:
            raise ValueError("FakeToolCalls needs at least one call")
        if self.ids is not None and len(self.ids) != len(self.calls):
            raise ValueError("FakeToolCalls needs one id per call")


FakeAnswer = str | FakeError | FakeToolCalls
FakeResponse = FakeAnswer | Callable[[dict[str, Any]], FakeAnswer]
"""One queued answer: the completion text, an error, tool calls, or a
function of the parsed request body returning one of those."""


def argument_pieces(arguments: str) -> list[str]:
    """A JSON text cut in a few pieces, as streamed tool arguments arrive."""
    size = max(1, len(arguments) // 3)
    return [arguments[i : i + size] for i in range(0, len(arguments), size)] or [""]


def count_words(text: str) -> int:
    return len(text.split())


def content_text(content: Any) -> str:
    """The text of a message's content: a string, or its parts' ``text``."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return ""


def cut_words(answer: str | FakeToolCalls, limit: object) -> tuple[str, list[str], bool]:
    """The answer's text as sent, at most ``limit`` words (an int limit); the
    stream pieces it is sent as; and whether it was cut."""
    text = answer.text if isinstance(answer, FakeToolCalls) else answer
    pieces = text_pieces(text)
    if isinstance(limit, int) and count_words(text) > limit:
        pieces = [p for p in pieces if p.strip()][:limit]
        return "".join(pieces), pieces, True
    return text, pieces, False


class _FakeServer:
    """Plumbing shared by the fake vendor servers: a queue of responses, a log
    of requests, and a threaded HTTP server on an ephemeral loopback port."""

    def __init__(
        self, responses: Iterable[FakeResponse] = (), *, model: str = "fake-model"
    ) -> None:
        self.responses: deque[FakeResponse] = deque(responses)
        self.requests: list[dict[str, Any]] = []
        self.model = model
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._call_ids = itertools.count(1)
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle --------------------------------------------------------------

    def start(self) -> None:
        handler = type("Handler", (_Handler,), {"fake": self})
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._httpd.daemon_threads = True
        # A short poll interval keeps stop() (and so every test teardown) fast.
        self._thread = threading.Thread(
            target=self._httpd.serve_forever,
            kwargs={"poll_interval": 0.02},
            name=type(self).__name__,
            daemon=True,
        )
        self._thread.start()

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join()
        self._httpd = self._thread = None

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._httpd is None:
            raise RuntimeError(f"{type(self).__name__} is not running")
        return int(self._httpd.server_address[1])

    @property
    def url(self) -> str:
        """The server's root, ``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    def add(self, *responses: FakeResponse) -> None:
        with self._lock:
            self.responses.extend(responses)

    # -- used by the handler ----------------------------------------------------

    def _record(self, method: str, path: str, headers: dict[str, str], body: Any) -> int:
        with self._lock:
            self.requests.append({"method": method, "path": path, "headers": headers, "body": body})
            return len(self.requests)

    def _next_response(self, body: dict[str, Any]) -> FakeAnswer | None:
        with self._lock:
            item = self.responses.popleft() if self.responses else None
        if item is None or isinstance(item, str | FakeError | FakeToolCalls):
            return item
        return item(body)

    def _answer(
        self,
        handler: _Handler,
        body: dict[str, Any],
        error_body: Callable[[int, str], dict[str, Any]],
        headers: dict[str, str],
    ) -> str | FakeToolCalls | None:
        """The next queued answer; None once an empty queue or a
        :class:`FakeError` has been answered (in the vendor's ``error_body``)."""
        response = self._next_response(body)
        if response is None:
            message = f"{type(self).__name__} has no response left (request {len(self.requests)})"
            # x-should-retry stops the SDK from retrying a queue that stays empty.
            handler.send_json(500, error_body(500, message), {**headers, "x-should-retry": "false"})
            return None
        if isinstance(response, FakeError):
            payload = response.body or error_body(response.status, f"fake error {response.status}")
            handler.send_json(response.status, payload, {**headers, **response.headers})
            return None
        return response

    def _tool_calls(
        self, answer: str | FakeToolCalls, prefix: str
    ) -> list[tuple[str, str, dict[str, Any]]]:
        """An answer's tool calls as ``(id, name, arguments)``; none for text."""
        if not isinstance(answer, FakeToolCalls):
            return []
        with self._lock:
            ids = answer.ids or [f"{prefix}{next(self._call_ids)}" for _ in answer.calls]
        return [(call_id, *call) for call_id, call in zip(ids, answer.calls, strict=True)]

    def handle(self, handler: _Handler, method: str, path: str, body: Any) -> None:
        raise NotImplementedError


class _Handler(BaseHTTPRequestHandler):
    fake: ClassVar[_FakeServer]
    protocol_version = "HTTP/1.1"
    # Headers and body leave in one write (the buffer is flushed after each
    # request) with Nagle off: written separately, the body waited ~40 ms on
    # the client's delayed ACK, and every benchmark through the fake with it.
    wbufsize = -1
    disable_nagle_algorithm = True

    def do_GET(self) -> None:
        self._dispatch("GET")

    def do_POST(self) -> None:
        self._dispatch("POST")

    def _dispatch(self, method: str) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body: Any = json.loads(raw) if raw else None
        except json.JSONDecodeError:
            body = raw.decode("utf-8", "replace")
        headers = {key.lower(): value for key, value in self.headers.items()}
        path = self.path.split("?", 1)[0]
        self.fake._record(method, path, headers, body)
        try:
            self.fake.handle(self, method, path, body)
        except (BrokenPipeError, ConnectionResetError):
            # The client gave up (a timeout or a cancelled stream): expected in tests.
            self.close_connection = True

    def send_json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)

    def send_sse(self, events: Iterator[str], headers: dict[str, str] | None = None) -> None:
        # No Content-Length: the body ends when the connection closes, which
        # every HTTP/1.1 client accepts for a ``Connection: close`` response.
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        self.close_connection = True
        for event in events:
            self.wfile.write(event.encode("utf-8"))
            self.wfile.flush()

    def log_message(self, format: str, *args: Any) -> None:
        """Keep test output clean."""


# -- OpenAI ---------------------------------------------------------------------

_OPENAI_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "invalid_request_error",
    403: "permission_error",
    404: "not_found_error",
    429: "rate_limit_exceeded",
}


def openai_error_body(status: int, message: str) -> dict[str, Any]:
    error_type = _OPENAI_ERROR_TYPES.get(status, "server_error" if status >= 500 else "api_error")
    return {"error": {"message": message, "type": error_type, "param": None, "code": None}}


class FakeOpenAIServer(_FakeServer):
    """OpenAI's ``/v1/chat/completions`` (plain and streamed) and ``/v1/models``.

    ``with FakeOpenAIServer(responses=["Paris."]) as server:`` then point the
    SDK at ``server.base_url``. Each call takes the next queued response
    (see :data:`FakeResponse`); an empty queue answers 500 with a message
    saying so. ``server.requests`` records ``method``, ``path``, ``headers``
    (lower-cased) and the parsed JSON ``body`` of every request.

    Usage counts words. ``max_tokens`` (or ``max_completion_tokens``) cuts the
    text to that many words with ``finish_reason: "length"``. A
    :class:`FakeToolCalls` answer sends ``tool_calls`` (streamed: as indexed
    pieces) with ``finish_reason: "tool_calls"``.
    """

    @property
    def base_url(self) -> str:
        """What ``OPENAI_BASE_URL`` should be: ``http://127.0.0.1:PORT/v1``."""
        return f"{self.url}/v1"

    def handle(self, handler: _Handler, method: str, path: str, body: Any) -> None:
        if method == "GET" and path == "/v1/models":
            model = {"id": self.model, "object": "model", "created": 0, "owned_by": "redraft"}
            handler.send_json(200, {"object": "list", "data": [model]})
            return
        if method != "POST" or path != "/v1/chat/completions":
            handler.send_json(404, openai_error_body(404, f"no route for {method} {path}"))
            return
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            handler.send_json(400, openai_error_body(400, "body must be JSON with 'messages'"))
            return
        answer = self._answer(handler, body, openai_error_body, {})
        if answer is not None:
            self._complete(handler, body, answer)

    def _complete(
        self, handler: _Handler, body: dict[str, Any], answer: str | FakeToolCalls
    ) -> None:
        text, pieces, cut = cut_words(
            answer, body.get("max_completion_tokens") or body.get("max_tokens")
        )
        calls: list[dict[str, Any]] = [
            {
                "id": call_id,
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments)},
            }
            for call_id, name, arguments in self._tool_calls(answer, "call_fake_")
        ]
        finish = "tool_calls" if calls else "length" if cut else "stop"
        prompt_tokens = sum(count_words(content_text(m.get("content"))) for m in body["messages"])
        completion_tokens = count_words(text) + sum(
            count_words(c["function"]["arguments"]) for c in calls
        )
        usage = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        }
        base = {
            "id": f"chatcmpl-fake-{next(self._ids)}",
            "created": int(time.time()),
            "model": str(body.get("model") or self.model),
        }
        if not body.get("stream"):
            message: dict[str, Any] = {"role": "assistant", "content": text, "refusal": None}
            if calls:
                message["content"] = text or None
                message["tool_calls"] = calls
            choice = {"index": 0, "message": message, "finish_reason": finish, "logprobs": None}
            handler.send_json(
                200, {**base, "object": "chat.completion", "choices": [choice], "usage": usage}
            )
            return
        include_usage = bool((body.get("stream_options") or {}).get("include_usage"))

        def events() -> Iterator[str]:
            chunk = {**base, "object": "chat.completion.chunk"}
            if include_usage:
                chunk["usage"] = None

            def choice(delta: dict[str, Any], finish_reason: str | None = None) -> str:
                entry = {"index": 0, "delta": delta, "finish_reason": finish_reason}
                return encode_sse({**chunk, "choices": [entry]})

            yield choice({"role": "assistant", "content": ""})
            for piece in pieces:
                yield choice({"content": piece})
            for index, call in enumerate(calls):
                head = {**call, "function": {"name": call["function"]["name"], "arguments": ""}}
                yield choice({"tool_calls": [{"index": index, **head}]})
                for part in argument_pieces(call["function"]["arguments"]):
                    function = {"arguments": part}
                    yield choice({"tool_calls": [{"index": index, "function": function}]})
            yield choice({}, finish)
            if include_usage:
                yield encode_sse({**chunk, "choices": [], "usage": usage})
            yield encode_sse("[DONE]")

        handler.send_sse(events())
