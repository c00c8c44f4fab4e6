"""A fake OpenAI-compatible vendor fast enough not to be the bottleneck.

Every ``POST`` is answered with the same chat completion — JSON, or Server-
Sent Events when the body asks for ``"stream": true`` — built once at start
and written in one piece on a socket with Nagle off, keep-alive, no logging.
On one core it answers thousands of requests a second, well under a
millisecond each, so what a gateway in front of it adds is what is measured.
``GET`` (health, model lists) gets ``{}``.

    python bench/_upstream.py PORT [ANSWER]
"""

from __future__ import annotations

import asyncio
import json
import socket
import sys
import time

ANSWER = "Hello! The capital of France is Paris."
MODEL = "fake-model"


def _response(body: bytes, content_type: str) -> bytes:
    head = (
        "HTTP/1.1 200 OK\r\n"
        f"Content-Type: {content_type}\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: keep-alive\r\n\r\n"
    )
    return head.encode("ascii") + body


def responses(answer: str) -> tuple[bytes, bytes, bytes]:
    """The JSON answer, the streamed answer and the ``GET`` answer, whole."""
    created = int(time.time())
    usage = {"prompt_tokens": 12, "completion_tokens": 9, "total_tokens": 21}
    completion = {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": created,
        "model": MODEL,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": answer},
                "finish_reason": "stop",
            }
        ],
        "usage": usage,
    }

    def chunk(delta: dict[str, str], finish: str | None, with_usage: bool = False) -> str:
        data: dict[str, object] = {
            "id": "chatcmpl-fake",
            "object": "chat.completion.chunk",
            "created": created,
            "model": MODEL,
            "choices": []
            if with_usage
            else [{"index": 0, "delta": delta, "finish_reason": finish}],
        }
        if with_usage:
            data["usage"] = usage
        return f"data: {json.dumps(data)}\n\n"

    words = answer.split(" ")
    events = [chunk({"role": "assistant", "content": ""}, None)]
    events += [chunk({"content": (" " if i else "") + w}, None) for i, w in enumerate(words)]
    events += [chunk({}, "stop"), chunk({}, None, with_usage=True), "data: [DONE]\n\n"]
    return (
        _response(json.dumps(completion).encode(), "application/json"),
        _response("".join(events).encode(), "text/event-stream"),
        _response(b"{}", "application/json"),
    )


class _Vendor(asyncio.Protocol):
    def __init__(self, answers: tuple[bytes, bytes, bytes]) -> None:
        self.answers = answers
        self.buffer = b""
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        sock = transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = self.buffer[:end].decode("latin-1")
            length = 0
            for line in head.split("\r\n")[1:]:
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            if len(self.buffer) < end + 4 + length:
                return
            body = self.buffer[end + 4 : end + 4 + length]
            self.buffer = self.buffer[end + 4 + length :]
            assert self.transport is not None
            if head.startswith("GET"):
                self.transport.write(self.answers[2])
            elif b'"stream":true' in body.replace(b" ", b""):
                self.transport.write(self.answers[1])
            else:
                self.transport.write(self.answers[0])


async def serve(port: int, answer: str) -> None:
    answers = responses(answer)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: _Vendor(answers), "127.0.0.1", port, backlog=1024, reuse_address=True
    )
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(serve(int(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else ANSWER))
