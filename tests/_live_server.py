"""Real servers on loopback ports: uvicorn in a thread for SDK-driven tests,
and ``redraft serve`` as a separate process for tests that kill it."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI


@contextlib.contextmanager
def serve_in_thread(app: FastAPI, **options: Any) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 and yield its base URL; stop on exit.
    ``options``: more of uvicorn's settings (its HTTP protocol, timeouts)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", lifespan="on", **options)
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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    def __init__(self, env: dict[str, str], log: Path, args: tuple[str, ...] = ()) -> None:
        self.port = _free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self._log = log.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "redraft", "serve", "--port", str(self.port), *args],
            env={**os.environ, **env},
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        self._wait_ready(log)

    def _wait_ready(self, log: Path) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"redraft serve exited: {log.read_text()[-2000:]}")
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{self.base_url}/healthz", timeout=1).status_code == 200:
                    return
            time.sleep(0.1)  # readiness polling of a process we just started
        raise RuntimeError(f"redraft serve did not start: {log.read_text()[-2000:]}")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()
        self._log.close()


class HealthProbe:
    """Polls ``/healthz`` from its own thread until stopped, so the test's own
    work (building multi-megabyte bodies) never delays a probe."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.latencies: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="healthz-probe", daemon=True)
        self.failures: list[str] = []

    def _run(self) -> None:
        with httpx.Client(timeout=10) as client:
            while not self._stop.is_set():
                started = time.perf_counter()
                response = client.get(f"{self.base_url}/healthz")
                self.latencies.append(time.perf_counter() - started)
                if response.status_code != 200:
                    self.failures.append(response.text)
                self._stop.wait(0.02)

    def __enter__(self) -> HealthProbe:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(30)
