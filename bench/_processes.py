"""Servers the benchmarks run in their own processes, so that the client
generating load does not share a GIL with what it measures.

- :func:`upstream` starts a fake OpenAI-compatible vendor that answers every
  request at once with the same text (``python bench/_processes.py upstream``).
- :func:`redraft_serve` starts ``redraft serve`` on a fresh SQLite store.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

ANSWER = "Hello! The capital of France is Paris."


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_up(url: str, *, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            if httpx.get(url, timeout=2.0).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not come up in {timeout_s:.0f}s")
        time.sleep(0.1)


def rss_mib(pid: int) -> float:
    """Resident memory of a process, from /proc (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for pid {pid}")


@contextlib.contextmanager
def _process(
    argv: list[str], env: dict[str, str], ready_url: str
) -> Iterator[subprocess.Popen[Any]]:
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_until_up(ready_url)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def upstream(answer: str = ANSWER) -> Iterator[str]:
    """A fake vendor in its own process, answering ``answer`` to every request;
    yields its ``/v1`` base URL."""
    argv = [sys.executable, __file__, "upstream"]
    env = {**os.environ, "BENCH_UPSTREAM_ANSWER": answer}
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline())  # the child prints its port once bound
        base = f"http://127.0.0.1:{port}/v1"
        wait_until_up(f"{base}/models")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=15)


@contextlib.contextmanager
def redraft_serve(extra_env: dict[str, str] | None = None) -> Iterator[tuple[str, int]]:
    """``redraft serve`` on a fresh SQLite store; yields its URL and pid."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="redraft-bench-") as tmp:
        env = dict(os.environ)
        env.update(
            {
                "REDRAFT_DATABASE_URL": f"sqlite:///{tmp}/bench.db",
                "REDRAFT_LOG_LEVEL": "warning",
                **(extra_env or {}),
            }
        )
        env.pop("REDRAFT_API_KEYS", None)
        argv = [sys.executable, "-m", "redraft", "serve", "--port", str(port)]
        with _process(argv, env, f"http://127.0.0.1:{port}/healthz") as process:
            yield f"http://127.0.0.1:{port}", process.pid


def _serve_upstream() -> None:
    from redraft.testing import FakeOpenAIServer

    answer = os.environ.get("BENCH_UPSTREAM_ANSWER", ANSWER)

    class ConstantUpstream(FakeOpenAIServer):
        """Answers every request with the same text and keeps no log, so a
        long benchmark neither runs dry nor grows."""

        def _next_response(self, body: dict[str, Any]) -> str:
            return answer

        def _record(self, method: str, path: str, headers: dict[str, str], body: Any) -> int:
            return 0

    with ConstantUpstream() as server:
        print(server.port, flush=True)
        with contextlib.suppress(KeyboardInterrupt, SystemExit):
            while True:
                time.sleep(3600)


if __name__ == "__main__":
    if sys.argv[1:] == ["upstream"]:
        import signal

        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        _serve_upstream()
    else:
        raise SystemExit("usage: _processes.py upstream")
