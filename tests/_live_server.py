"""A real uvicorn server on a loopback port, in a thread, for SDK-driven tests."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Iterator

import uvicorn
from fastapi import FastAPI


@contextlib.contextmanager
def serve_in_thread(app: FastAPI) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 and yield its base URL; stop on exit."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    started = threading.Event()
    failure: list[BaseException] = []

    def run() -> None:
        async def main() -> None:
            task = asyncio.create_task(server.serve(sockets=[sock]))
            # uvicorn exposes startup only as a flag, so poll it.
            while not server.started and not task.done():  # noqa: ASYNC110
                await asyncio.sleep(0.01)
            started.set()
            await task

        try:
            asyncio.run(main())
        except BaseException as exc:  # surfaced to the test below
            failure.append(exc)
            started.set()

    thread = threading.Thread(target=run, name="redraft-test-server", daemon=True)
    thread.start()
    if not started.wait(30) or failure:
        raise RuntimeError(f"test server did not start: {failure}")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()
