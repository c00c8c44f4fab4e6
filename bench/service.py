"""What the HTTP service costs: added latency, throughput, open streams, fan-out.

    make bench-service                     # default size
    make bench-service ARGS="--requests 100 --streams 200"   # a quick look

Three measurements, each against ``redraft serve`` in its own process on a
fresh SQLite store, with a fake OpenAI-compatible vendor (also its own
process) that answers at once, so what is left is redraft's own cost:

1. ``/v1/chat/completions`` through redraft (one draft, one check, the run
   stored) versus the same request sent straight to the fake vendor, at 1, 10
   and 100 concurrent clients: p50/p99 latency and requests per second.
2. Open session streams: one session, N clients on
   ``GET /v1/evaluate/stream`` at once; the server's resident memory before
   and with them open.
3. Fan-out: 100 subscribers on one session; one evidence item is invalidated
   and the time until its re-evaluation reaches each subscriber is measured.

Client and servers share the machine's cores: on 2 cores the client's own
work is part of every number, for both sides of the comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any

import httpx
from _processes import redraft_serve, rss_mib, upstream
from _report import Table, percentile, write_report

PROMPT = [{"role": "user", "content": "What is the capital of France?"}]


@dataclass
class Load:
    latencies_ms: list[float]
    wall_s: float
    errors: int

    @property
    def throughput(self) -> float:
        return len(self.latencies_ms) / self.wall_s if self.wall_s else 0.0


async def drive(url: str, body: dict[str, Any], *, concurrency: int, total: int) -> Load:
    """``total`` POSTs from ``concurrency`` clients, each waiting for its answer."""
    latencies: list[float] = []
    errors = 0
    left = total
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(timeout=60.0, limits=limits) as client:
        # Warm the connection pool and the server's first-request paths.
        await client.post(url, json=body)

        async def worker() -> None:
            nonlocal left, errors
            while left > 0:
                left -= 1
                started = time.perf_counter()
                response = await client.post(url, json=body)
                if response.status_code != 200:
                    errors += 1
                    continue
                latencies.append((time.perf_counter() - started) * 1000)

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        wall = time.perf_counter() - started
    return Load(latencies, wall, errors)


async def chat_overhead(levels: list[int], total: int) -> Table:
    table = Table(
        [
            "clients",
            "path",
            "p50 ms",
            "p99 ms",
            "req/s",
            "errors",
            "added p50 ms",
            "added p99 ms",
        ],
        digits=1,
    )
    with upstream() as vendor:
        env = {
            "OPENAI_BASE_URL": vendor,
            "OPENAI_API_KEY": "bench",
            "REDRAFT_MODEL": "openai:fake-model",
            "REDRAFT_JUDGE_MODEL": "none",
        }
        with redraft_serve(env) as (service, _pid):
            direct_body = {"model": "fake-model", "messages": PROMPT}
            redraft_body = {
                "model": "openai:fake-model",
                "messages": PROMPT,
                "redraft": {"judge_model": "none", "must_match": ["Paris"]},
            }
            for clients in levels:
                direct = await drive(
                    f"{vendor}/chat/completions", direct_body, concurrency=clients, total=total
                )
                through = await drive(
                    f"{service}/v1/chat/completions",
                    redraft_body,
                    concurrency=clients,
                    total=total,
                )
                for name, load in (("direct", direct), ("redraft", through)):
                    p50 = percentile(load.latencies_ms, 50)
                    p99 = percentile(load.latencies_ms, 99)
                    added = name == "redraft"
                    table.add(
                        clients,
                        name,
                        p50,
                        p99,
                        load.throughput,
                        load.errors,
                        p50 - percentile(direct.latencies_ms, 50) if added else None,
                        p99 - percentile(direct.latencies_ms, 99) if added else None,
                    )
    return table


async def _create_session(client: httpx.AsyncClient, base: str) -> int:
    subject = {
        "question": "What is the capital of France?",
        "answer": "Paris, a casino town since 1900.",
    }
    panel = [
        {
            "type": "check",
            "rules": [{"pattern": "casino", "points": -5, "description": "Gambling mention"}],
        }
    ]
    response = await client.post(
        f"{base}/v1/sessions",
        json={"subject": subject, "panel": panel, "judge_model": "scripted"},
    )
    response.raise_for_status()
    session_id = int(response.json()["session_id"])
    (
        await client.post(f"{base}/v1/evaluate/start", json={"session_id": session_id})
    ).raise_for_status()
    return session_id


async def _subscribe(
    client: httpx.AsyncClient,
    url: str,
    *,
    ready: asyncio.Event,
    seen: asyncio.Queue[tuple[float, dict[str, Any]]],
    until: asyncio.Event,
) -> None:
    """Read one stream: ``ready`` once its replay reached evaluation_completed;
    every later item goes to ``seen`` with its arrival time."""
    async with client.stream("GET", url) as response:
        response.raise_for_status()
        replayed = False
        async for line in response.aiter_lines():
            if until.is_set():
                return
            if not line.startswith("data:"):
                continue
            item = json.loads(line[5:])
            if not replayed:
                if item.get("event_type") == "evaluation_completed":
                    replayed = True
                    ready.set()
                continue
            await seen.put((time.perf_counter(), item))


async def open_streams(count: int) -> Table:
    table = Table(["open streams", "server RSS MiB", "added MiB", "KiB per stream"], digits=1)
    with redraft_serve({"REDRAFT_MODEL": "scripted", "REDRAFT_SSE_HEARTBEAT_SECONDS": "30"}) as (
        base,
        pid,
    ):
        limits = httpx.Limits(max_connections=count + 10, max_keepalive_connections=0)
        async with httpx.AsyncClient(timeout=120.0, limits=limits) as client:
            session_id = await _create_session(client, base)
            baseline = rss_mib(pid)
            table.add(0, baseline, 0.0, None)
            until = asyncio.Event()
            readies = [asyncio.Event() for _ in range(count)]
            queue: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
            url = f"{base}/v1/evaluate/stream?session_id={session_id}"
            tasks = [
                asyncio.create_task(_subscribe(client, url, ready=r, seen=queue, until=until))
                for r in readies
            ]
            await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), timeout=300)
            held = rss_mib(pid)
            table.add(count, held, held - baseline, (held - baseline) * 1024 / count)
            until.set()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
    return table


async def fan_out(subscribers: int, rounds: int) -> tuple[Table, list[float]]:
    table = Table(["subscribers", "round", "first ms", "p50 ms", "p99 ms", "last ms"], digits=1)
    delays: list[float] = []
    with redraft_serve({"REDRAFT_MODEL": "scripted"}) as (base, _pid):
        limits = httpx.Limits(max_connections=subscribers + 10, max_keepalive_connections=0)
        async with httpx.AsyncClient(timeout=120.0, limits=limits) as client:
            session_id = await _create_session(client, base)
            until = asyncio.Event()
            readies = [asyncio.Event() for _ in range(subscribers)]
            queue: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
            url = f"{base}/v1/evaluate/stream?session_id={session_id}"
            tasks = [
                asyncio.create_task(_subscribe(client, url, ready=r, seen=queue, until=until))
                for r in readies
            ]
            await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), timeout=120)
            for round_no in range(1, rounds + 1):
                # Each round invalidates the newest valid item (the previous
                # round's re-evaluation): an invalid item is not re-evaluated.
                detail = (await client.get(f"{base}/v1/sessions/{session_id}")).json()
                target = max(e["id"] for e in detail["evidence_list"] if e.get("valid"))
                sent = time.perf_counter()
                response = await client.post(
                    f"{base}/v1/evidence/update",
                    json={
                        "session_id": session_id,
                        "evidence_id": target,
                        "valid": False,
                        "invalidate_reason": f"bench round {round_no}",
                    },
                )
                response.raise_for_status()
                arrivals: list[float] = []
                while len(arrivals) < subscribers:
                    at, item = await asyncio.wait_for(queue.get(), timeout=60)
                    if item.get("original_id") == target:
                        arrivals.append((at - sent) * 1000)
                arrivals.sort()
                delays += arrivals
                table.add(
                    subscribers,
                    round_no,
                    arrivals[0],
                    percentile(arrivals, 50),
                    percentile(arrivals, 99),
                    arrivals[-1],
                )
            until.set()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
    return table, delays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=400, help="requests per level and path")
    parser.add_argument("--levels", default="1,10,100", help="concurrent clients, comma-separated")
    parser.add_argument("--streams", type=int, default=1000, help="open session streams")
    parser.add_argument("--subscribers", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5, help="fan-out rounds")
    args = parser.parse_args()
    levels = [int(x) for x in args.levels.split(",")]

    chat = asyncio.run(chat_overhead(levels, args.requests))
    streams = asyncio.run(open_streams(args.streams))
    fan, delays = asyncio.run(fan_out(args.subscribers, args.rounds))

    def plot(figure: Any) -> None:
        left = figure.add_subplot(1, 2, 1)
        for path in ("direct", "redraft"):
            rows = [r for r in chat.rows if r[1] == path]
            left.plot([r[0] for r in rows], [r[3] for r in rows], marker="o", label=f"{path} p99")
            left.plot(
                [r[0] for r in rows], [r[2] for r in rows], marker=".", ls="--", label=f"{path} p50"
            )
        left.set_xscale("log")
        left.set_xlabel("concurrent clients")
        left.set_ylabel("latency (ms)")
        left.set_title("/v1/chat/completions")
        left.legend(fontsize=7)
        right = figure.add_subplot(1, 2, 2)
        right.hist(delays, bins=30)
        right.set_xlabel("ms from invalidation to arrival")
        right.set_ylabel("subscriber deliveries")
        right.set_title(f"fan-out to {args.subscribers} subscribers")

    write_report(
        "service",
        title="Service",
        command=f'make bench-service ARGS="--requests {args.requests} --levels {args.levels} '
        f'--streams {args.streams} --subscribers {args.subscribers} --rounds {args.rounds}"',
        tables={
            "Chat completions: through redraft vs straight to the vendor": chat,
            "Open session streams and server memory": streams,
            "Fan-out of one re-evaluation to every subscriber": fan,
        },
        plot=plot,
        notes=[
            "The fake vendor answers at once, so 'added' is redraft's whole cost per request: "
            "validation, one check, the run and its events written to SQLite, the response.",
            "Fan-out time includes the re-evaluation itself (a scripted judge), not only delivery.",
        ],
    )


if __name__ == "__main__":
    main()
