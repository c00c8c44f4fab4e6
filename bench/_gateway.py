"""What a gateway costs per request: redraft against LiteLLM's proxy, side by
side (the chat part of ``bench/service.py``).

One fast fake vendor (``bench/_upstream.py``: the same answer, built once,
well under a millisecond) and, in front of it, each gateway in its own
process, pinned to core 1 (``taskset``) while this load generator and the
vendor share core 0:

- ``direct``: straight to the vendor (what the load generator and the vendor
  cost by themselves);
- ``litellm``: LiteLLM's proxy (``litellm --num_workers 1``, a master key, no database), in
  its own environment (``bench/.venv-litellm``, so its pins never meet the
  product's);
- ``redraft``: ``redraft serve`` with checks only (``judge_model: none``, one
  pattern check), an API key, every run stored in SQLite.

Every simulated user is its own HTTP client with one connection. The arms run
in interleaved rounds (the order rotated each round), non-streamed and
streamed, at each client count; a round's CPU is read from ``/proc`` for the
gateway's process tree, so "CPU per request" is the server's own work.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from _processes import free_port, wait_until_up
from _report import Table, percentile

BENCH = Path(__file__).resolve().parent
LITELLM = BENCH / ".venv-litellm" / "bin" / "litellm"
PROMPT = [{"role": "user", "content": "What is the capital of France?"}]
GATEWAY_CPU = "1"
CLIENT_CPU = {0}
TICK = os.sysconf("SC_CLK_TCK")
KEY = "sk-bench-0123456789abcdef"  # both gateways check a key, as in production


@dataclass
class Tally:
    """One arm at one client count and mode, over every round."""

    latencies_ms: list[float] = field(default_factory=list)
    wall_s: float = 0.0
    cpu_s: float = 0.0
    errors: int = 0

    @property
    def throughput(self) -> float:
        return len(self.latencies_ms) / self.wall_s if self.wall_s else 0.0

    @property
    def cpu_ms_per_request(self) -> float | None:
        done = len(self.latencies_ms)
        return self.cpu_s * 1000 / done if done and self.cpu_s else None


@dataclass(frozen=True)
class Arm:
    name: str
    url: str
    body: dict[str, Any]
    pid: int | None
    key: str | None = None


def cpu_seconds(pid: int) -> float:
    """User + system CPU of ``pid`` and every process below it."""
    total = 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    total += (int(fields[11]) + int(fields[12])) / TICK
    for task in Path(f"/proc/{pid}/task").iterdir():
        children = (task / "children").read_text().split()
        total += sum(cpu_seconds(int(child)) for child in children)
    return total


@contextlib.contextmanager
def _started(argv: list[str], env: dict[str, str], ready: str) -> Iterator[int]:
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_until_up(ready, timeout_s=120)
        yield process.pid
    except Exception:
        process.kill()
        _, err = process.communicate(timeout=10)
        sys.stderr.write(err.decode("utf-8", "replace")[-3000:])
        raise
    finally:
        process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=15)
        if process.poll() is None:
            process.kill()


@contextlib.contextmanager
def vendor() -> Iterator[str]:
    port = free_port()
    argv = ["taskset", "-c", "0", sys.executable, str(BENCH / "_upstream.py"), str(port)]
    with _started(argv, dict(os.environ), f"http://127.0.0.1:{port}/health"):
        yield f"http://127.0.0.1:{port}"


@contextlib.contextmanager
def litellm(upstream: str, tmp: Path) -> Iterator[tuple[str, int]]:
    config = tmp / "litellm.yaml"
    config.write_text(
        "model_list:\n"
        "  - model_name: fake-model\n"
        "    litellm_params:\n"
        "      model: openai/fake-model\n"
        f"      api_base: {upstream}/v1\n"
        "      api_key: bench\n"
        "litellm_settings:\n"
        "  telemetry: false\n"
        "general_settings:\n"
        f"  master_key: {KEY}\n",
        encoding="utf-8",
    )
    port = free_port()
    env = {**os.environ, "LITELLM_LOG": "ERROR", "LITELLM_TELEMETRY": "False"}
    argv = ["taskset", "-c", GATEWAY_CPU, str(LITELLM), "--config", str(config)]
    argv += ["--host", "127.0.0.1", "--port", str(port), "--num_workers", "1"]
    with _started(argv, env, f"http://127.0.0.1:{port}/health/liveliness") as pid:
        yield f"http://127.0.0.1:{port}", pid


@contextlib.contextmanager
def redraft(
    upstream: str, tmp: Path, *, database_url: str | None = None, workers: int = 1
) -> Iterator[tuple[str, int]]:
    """``redraft serve`` pinned to the gateway core; with ``workers`` (on
    PostgreSQL) unpinned, since several processes are there to use more cores."""
    port = free_port()
    env = {
        **os.environ,
        "REDRAFT_DATABASE_URL": database_url or f"sqlite:///{tmp}/bench.db",
        "REDRAFT_LOG_LEVEL": "warning",
        "OPENAI_BASE_URL": f"{upstream}/v1",
        "OPENAI_API_KEY": "bench",
        "REDRAFT_MODEL": "openai:fake-model",
        "REDRAFT_JUDGE_MODEL": "none",
        "REDRAFT_API_KEYS": f"bench:{KEY}",
    }
    argv = [sys.executable, "-m", "redraft", "serve", "--port", str(port)]
    argv = (
        ["taskset", "-c", GATEWAY_CPU, *argv]
        if workers == 1
        else [*argv, "--workers", str(workers)]
    )
    with _started(argv, env, f"http://127.0.0.1:{port}/healthz") as pid:
        yield f"http://127.0.0.1:{port}", pid


async def drive(arm: Arm, *, clients: int, total: int, stream: bool, tally: Tally) -> None:
    """``total`` requests from ``clients`` users, each its own client and connection."""
    body = {**arm.body, "stream": stream}
    left = total
    headers = {"Authorization": f"Bearer {arm.key}"} if arm.key else {}
    users = [
        httpx.AsyncClient(timeout=60.0, limits=httpx.Limits(max_connections=1), headers=headers)
        for _ in range(clients)
    ]
    try:
        for user in users:  # connect, and warm the server's paths
            await _request(user, arm.url, body, stream)

        async def work(user: httpx.AsyncClient) -> None:
            nonlocal left
            while left > 0:
                left -= 1
                started = time.perf_counter()
                if await _request(user, arm.url, body, stream):
                    tally.latencies_ms.append((time.perf_counter() - started) * 1000)
                else:
                    tally.errors += 1

        cpu = cpu_seconds(arm.pid) if arm.pid else 0.0
        started = time.perf_counter()
        await asyncio.gather(*(work(user) for user in users))
        tally.wall_s += time.perf_counter() - started
        if arm.pid:
            tally.cpu_s += cpu_seconds(arm.pid) - cpu
    finally:
        await asyncio.gather(*(user.aclose() for user in users))


async def _request(user: httpx.AsyncClient, url: str, body: dict[str, Any], stream: bool) -> bool:
    try:
        if not stream:
            response = await user.post(url, json=body)
            return response.status_code == 200 and b"Paris" in response.content
        async with user.stream("POST", url, json=body) as response:
            data = await response.aread()
            return response.status_code == 200 and b"Paris" in data
    except httpx.HTTPError:
        return False


async def measure(args: argparse.Namespace) -> dict[tuple[str, str, int], Tally]:
    tallies: dict[tuple[str, str, int], Tally] = {}
    with tempfile.TemporaryDirectory(prefix="redraft-gateway-") as scratch:
        tmp = Path(scratch)
        with contextlib.ExitStack() as stack:
            upstream = stack.enter_context(vendor())
            arms = [Arm("direct", f"{upstream}/v1/chat/completions", _body("fake-model"), None)]
            if LITELLM.exists():
                url, pid = stack.enter_context(litellm(upstream, tmp))
                arms.append(
                    Arm("litellm", f"{url}/v1/chat/completions", _body("fake-model"), pid, KEY)
                )
            else:
                print(f"[gateway] no {LITELLM}: run make bench-env-litellm", file=sys.stderr)
            url, pid = stack.enter_context(redraft(upstream, tmp))
            redraft_body = _body("openai:fake-model")
            redraft_body["redraft"] = {"judge_model": "none", "must_match": ["Paris"]}
            arms.append(
                Arm(
                    "redraft checks-only, stored",
                    f"{url}/v1/chat/completions",
                    redraft_body,
                    pid,
                    KEY,
                )
            )
            for round_ in range(args.rounds):
                order = arms[round_ % len(arms) :] + arms[: round_ % len(arms)]
                for mode in ("non-streamed", "streamed"):
                    for clients in args.levels:
                        for arm in order:
                            tally = tallies.setdefault((mode, arm.name, clients), Tally())
                            await drive(
                                arm,
                                clients=clients,
                                total=max(args.requests, clients * 4),
                                stream=mode == "streamed",
                                tally=tally,
                            )
                print(f"[gateway] round {round_ + 1}/{args.rounds} done", file=sys.stderr)
    return tallies


def _body(model: str) -> dict[str, Any]:
    return {"model": model, "messages": PROMPT}


def table(tallies: dict[tuple[str, str, int], Tally], mode: str, levels: list[int]) -> Table:
    result = Table(
        [
            "arm",
            "clients",
            "req/s",
            "p50 ms",
            "p99 ms",
            "added p50 ms",
            "server CPU ms/req",
            "errors",
        ],
        digits=1,
    )
    names = list(dict.fromkeys(name for m, name, _ in tallies if m == mode))
    for name in names:
        for clients in levels:
            tally = tallies[(mode, name, clients)]
            direct = tallies[(mode, "direct", clients)]
            p50 = percentile(tally.latencies_ms, 50)
            result.add(
                name,
                clients,
                tally.throughput,
                p50,
                percentile(tally.latencies_ms, 99),
                None if name == "direct" else p50 - percentile(direct.latencies_ms, 50),
                tally.cpu_ms_per_request,
                tally.errors,
            )
    return result
