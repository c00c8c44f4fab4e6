"""Does hostile input stall the service? ``/healthz`` latency, idle and under attack.

    make bench-hostile                       # default size
    make bench-hostile ARGS="--rounds 2"     # a quick look

``redraft serve`` runs in its own process on a fresh SQLite store, its
generator a fake vendor (its own process) whose every draft is ``"a" * 5000 +
"!"``, the text a backtracking engine chokes on for ``(a+)+$``. One client
probes ``GET /healthz`` one request at a time. The arms alternate in rounds:

- **idle**: nothing else is sent;
- **hostile**: ``--attackers`` clients (one connection each) loop over the
  hostile mix meanwhile: a catastrophic-backtracking ``must_match``, 20,000
  patterns, a 1.5 MB JSON Schema, 2,000 nested groups, a backreference,
  ``NaN`` in the body, a 20 MB chunked body, an injection draft.

Reported: ``/healthz`` p50/p99/max per arm, and how the hostile requests were
answered (status counts; every one must be a 4xx or a bounded 200).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import time
from typing import Any

import httpx
from _processes import redraft_serve, upstream
from _report import Table, percentile, write_report

EVIL_TEXT = "a" * 5000 + "!"


def _chat(redraft: dict[str, Any]) -> dict[str, Any]:
    return {
        "model": "openai:fake",
        "messages": [{"role": "user", "content": "Write the letter a many times."}],
        "redraft": {"max_attempts": 1, "compile_checks": False, **redraft},
    }


def _encoded(body: dict[str, Any]) -> dict[str, Any]:
    # Serialized once, up front: encoding 1.5 MB on every send would make the
    # load generator, not the server, the bottleneck.
    return {"content": json.dumps(body).encode(), "headers": {"content-type": "application/json"}}


def hostile_requests() -> list[tuple[str, dict[str, Any]]]:
    """``(name, httpx request keywords)`` for each hostile request of the mix."""
    schema = {
        "type": "object",
        "properties": {f"field_{i:07d}": {"type": "string"} for i in range(37_500)},
    }

    async def chunked() -> Any:
        piece = b"x" * (1024 * 1024)
        for _ in range(20):
            yield piece

    return [
        ("backtracking pattern", _encoded(_chat({"must_match": ["(a+)+$"]}))),
        ("20,000 patterns", _encoded(_chat({"must_match": [f"a{i}" for i in range(20_000)]}))),
        ("1.5 MB JSON Schema", _encoded(_chat({"json_schema": schema}))),
        ("2,000 nested groups", _encoded(_chat({"must_match": ["(" * 2000 + "a" + ")" * 2000]}))),
        ("backreference", _encoded(_chat({"must_match": [r"(a)\1"]}))),
        (
            "NaN in the body",
            {
                "content": b'{"model": "openai:fake", "messages": [], "temperature": NaN}',
                "headers": {"content-type": "application/json"},
            },
        ),
        (
            "20 MB chunked body",
            {"content": chunked, "headers": {"content-type": "application/json"}},
        ),
        (
            "injection draft",
            _encoded(_chat({"check_injection": True, "must_not_match": ["zzz"]})),
        ),
    ]


def probe(base_url: str, count: int) -> list[float]:
    """``count`` sequential ``/healthz`` requests from this thread; their latencies in ms.

    Run in a thread of its own so the attackers' event loop never delays a probe."""
    latencies: list[float] = []
    with httpx.Client(timeout=30.0) as client:
        client.get(f"{base_url}/healthz")
        for _ in range(count):
            started = time.perf_counter()
            response = client.get(f"{base_url}/healthz")
            latencies.append((time.perf_counter() - started) * 1000)
            response.raise_for_status()
    return latencies


async def attack(base_url: str, stop: asyncio.Event, outcomes: collections.Counter[str]) -> None:
    url = f"{base_url}/v1/chat/completions"
    requests = hostile_requests()
    async with httpx.AsyncClient(timeout=60.0) as client:
        while not stop.is_set():
            for name, keywords in requests:
                if stop.is_set():
                    return
                if callable(keywords.get("content")):
                    keywords = {**keywords, "content": keywords["content"]()}
                try:
                    response = await client.post(url, **keywords)
                    outcomes[f"{name}: {response.status_code}"] += 1
                except httpx.HTTPError as exc:
                    # A server that stops reading a too-large body may close first.
                    outcomes[f"{name}: {type(exc).__name__}"] += 1


async def measure(base_url: str, *, rounds: int, probes: int, attackers: int) -> dict[str, Any]:
    idle: list[float] = []
    hostile: list[float] = []
    outcomes: collections.Counter[str] = collections.Counter()
    for _ in range(rounds):
        idle += await asyncio.to_thread(probe, base_url, probes)
        stop = asyncio.Event()
        tasks = [asyncio.create_task(attack(base_url, stop, outcomes)) for _ in range(attackers)]
        await asyncio.sleep(0.5)  # let the attack get going before probing
        hostile += await asyncio.to_thread(probe, base_url, probes)
        stop.set()
        await asyncio.gather(*tasks)
    return {"idle": idle, "hostile": hostile, "outcomes": outcomes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--probes", type=int, default=200, help="healthz probes per arm per round")
    parser.add_argument("--attackers", type=int, default=4)
    args = parser.parse_args()

    with upstream(EVIL_TEXT) as base:
        env = {"REDRAFT_MODEL": "openai:fake", "OPENAI_BASE_URL": base, "OPENAI_API_KEY": "sk-x"}
        with redraft_serve(env) as (url, _pid):
            result = asyncio.run(
                measure(url, rounds=args.rounds, probes=args.probes, attackers=args.attackers)
            )

    latency = Table(["arm", "probes", "p50 ms", "p99 ms", "max ms"], digits=1)
    for arm in ("idle", "hostile"):
        values = result[arm]
        latency.add(arm, len(values), percentile(values, 50), percentile(values, 99), max(values))
    answers = Table(["hostile request: answer", "count"])
    for key, count in sorted(result["outcomes"].items()):
        answers.add(key, count)

    def plot(figure: Any) -> None:
        axes = figure.add_subplot(1, 1, 1)
        axes.boxplot([result["idle"], result["hostile"]], tick_labels=["idle", "hostile mix"])
        axes.set_ylabel("/healthz latency (ms)")
        axes.set_title("/healthz while hostile requests are in flight")

    path = write_report(
        "hostile",
        title="Hostile input: /healthz latency",
        command=f"make bench-hostile ARGS='--rounds {args.rounds} --probes {args.probes} "
        f"--attackers {args.attackers}'",
        tables={"/healthz latency": latency, "How the hostile requests were answered": answers},
        plot=plot,
        notes=[
            "server, upstream and load generator share the machine's cores",
            "arms alternate in rounds; each hostile arm starts 0.5 s after its attackers",
        ],
    )
    print(path.read_text())


if __name__ == "__main__":
    main()
