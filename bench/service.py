"""What the HTTP service costs: CPU and latency per request against LiteLLM's
proxy, scale-out on PostgreSQL, open streams and live fan-out.

    make bench-service                     # after make bench-env-litellm for the peer arm
    make bench-service ARGS="--requests 200 --rounds 3 --streams 200"   # a quicker look
    make bench-service ARGS="--postgres postgresql://user:pw@127.0.0.1/bench"  # + scale-out

1. Gateways side by side (``_gateway.py``): one fast fake vendor, then
   LiteLLM's proxy and ``redraft serve`` (checks only, run stored in SQLite)
   in front of it, each pinned to its own core; every simulated user its own
   HTTP client; arms in interleaved rounds, non-streamed and streamed; CPU
   per request from ``/proc``.
2. Scale-out (with ``--postgres``): ``redraft serve --workers N`` for N = 1, 2
   and 4 on one PostgreSQL store, in interleaved rounds.
3. Open session streams: N clients on ``GET /v1/evaluate/stream`` at once;
   the server's resident memory before and with them open.
4. Fan-out: 100 subscribers, each its own client, on one session; one evidence
   item is invalidated and the time until its re-evaluation reaches each
   subscriber is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import _gateway
import httpx
from _processes import redraft_serve, rss_mib
from _report import Table, percentile, write_report


async def scale_out(postgres: str, args: argparse.Namespace) -> Table:
    """Requests/s and CPU per request for 1, 2 and 4 server processes on one PostgreSQL."""
    tallies: dict[tuple[str, int], _gateway.Tally] = {}
    body = _gateway._body("openai:fake-model")
    body["redraft"] = {"judge_model": "none", "must_match": ["Paris"]}
    scratch = tempfile.TemporaryDirectory(prefix="redraft-scale-")
    with scratch, contextlib.ExitStack() as stack:
        upstream = stack.enter_context(_gateway.vendor())
        arms: list[_gateway.Arm] = []
        for workers in args.processes:
            server = _gateway.redraft(
                upstream, Path(scratch.name), database_url=postgres, workers=workers
            )
            url, pid = stack.enter_context(server)
            chat = f"{url}/v1/chat/completions"
            arms.append(_gateway.Arm(str(workers), chat, body, pid, _gateway.KEY))
        for round_ in range(args.rounds):
            order = arms[round_ % len(arms) :] + arms[: round_ % len(arms)]
            for clients in (10, 100):
                for arm in order:
                    tally = tallies.setdefault((arm.name, clients), _gateway.Tally())
                    await _gateway.drive(
                        arm,
                        clients=clients,
                        total=max(args.requests, clients * 4),
                        stream=False,
                        tally=tally,
                    )
    result = Table(
        ["server processes", "clients", "req/s", "p50 ms", "p99 ms", "server CPU ms/req", "errors"],
        digits=1,
    )
    for workers in args.processes:
        for clients in (10, 100):
            tally = tallies[(str(workers), clients)]
            result.add(
                workers,
                clients,
                tally.throughput,
                percentile(tally.latencies_ms, 50),
                percentile(tally.latencies_ms, 99),
                tally.cpu_ms_per_request,
                tally.errors,
            )
    return result


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
        # Every subscriber is its own client, as every browser tab would be.
        users = [httpx.AsyncClient(timeout=120.0) for _ in range(subscribers)]
        async with httpx.AsyncClient(timeout=120.0) as client:
            session_id = await _create_session(client, base)
            until = asyncio.Event()
            readies = [asyncio.Event() for _ in range(subscribers)]
            queue: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
            url = f"{base}/v1/evaluate/stream?session_id={session_id}"
            tasks = [
                asyncio.create_task(_subscribe(user, url, ready=r, seen=queue, until=until))
                for user, r in zip(users, readies, strict=True)
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
            await asyncio.gather(*(user.aclose() for user in users))
    return table, delays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300, help="requests per arm per round")
    parser.add_argument("--levels", default="1,10,100", help="concurrent clients, comma-separated")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--postgres", help="a PostgreSQL URL for the scale-out measurement")
    parser.add_argument("--processes", default="1,2,4", help="server processes to scale out to")
    parser.add_argument("--streams", type=int, default=1000, help="open session streams")
    parser.add_argument("--subscribers", type=int, default=100)
    parser.add_argument("--fan-out-rounds", type=int, default=5)
    args = parser.parse_args()
    args.levels = [int(x) for x in args.levels.split(",")]
    args.processes = [int(x) for x in args.processes.split(",")]
    if len(os.sched_getaffinity(0)) < 2:
        raise SystemExit("the service benchmark needs two cores: one for the gateway")
    os.sched_setaffinity(0, _gateway.CLIENT_CPU)

    tallies = asyncio.run(_gateway.measure(args))
    tables = {
        f"{mode.capitalize()} chat completions: redraft and LiteLLM's proxy": _gateway.table(
            tallies, mode, args.levels
        )
        for mode in ("non-streamed", "streamed")
    }
    os.sched_setaffinity(0, set(range(os.cpu_count() or 2)))
    if args.postgres:
        tables["Scale-out: server processes on one PostgreSQL store, non-streamed"] = asyncio.run(
            scale_out(args.postgres, args)
        )
    tables["Open session streams and server memory"] = asyncio.run(open_streams(args.streams))
    fan, delays = asyncio.run(fan_out(args.subscribers, args.fan_out_rounds))
    tables["Fan-out of one re-evaluation to every subscriber"] = fan

    def plot(figure: Any) -> None:
        for index, mode in enumerate(("non-streamed", "streamed"), 1):
            axis = figure.add_subplot(1, 3, index)
            names = list(dict.fromkeys(n for m, n, _ in tallies if m == mode and n != "direct"))
            for name in names:
                axis.plot(
                    args.levels,
                    [tallies[(mode, name, c)].throughput for c in args.levels],
                    marker="o",
                    label=name,
                )
            axis.set_xscale("log")
            axis.set_xlabel("concurrent clients")
            axis.set_ylabel("requests/s (gateway on one core)")
            axis.set_title(mode)
            axis.legend(fontsize=7)
        right = figure.add_subplot(1, 3, 3)
        right.hist(delays, bins=30)
        right.set_xlabel("ms from invalidation to arrival")
        right.set_ylabel("subscriber deliveries")
        right.set_title(f"fan-out to {args.subscribers} subscribers")

    levels = ",".join(str(x) for x in args.levels)
    command = (
        f'make bench-service ARGS="--requests {args.requests} --levels {levels} '
        f"--rounds {args.rounds} --streams {args.streams} --subscribers {args.subscribers} "
        f"--fan-out-rounds {args.fan_out_rounds}"
    )
    if args.postgres:
        command += " --postgres <url> --processes " + ",".join(map(str, args.processes))
    write_report(
        "service",
        title="Service",
        command=command + '"',
        tables=tables,
        plot=plot,
        notes=[
            "Chat: each gateway is pinned to core 1; the load generator and the fake vendor "
            "share core 0. Every simulated user is its own HTTP client with one connection.",
            "Server CPU per request is the gateway process tree's user + system time over the "
            "requests it answered (from /proc), all rounds together.",
            "The vendor answers in well under a millisecond; 'direct' is the load generator "
            "and the vendor alone, so 'added p50' is the gateway's own latency.",
            "Scale-out: the processes are not pinned (more of them are there to use more "
            "cores); on a 2-core machine they share the cores with the client and the vendor.",
            "Fan-out time includes the re-evaluation itself (a scripted judge), not only delivery.",
        ],
    )


if __name__ == "__main__":
    main()
