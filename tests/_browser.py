"""Browser fixtures: Debian's Chromium driven by Playwright, and a live service.

The browser is ``/usr/bin/chromium`` (installed by ``scripts/chromium-ci.sh``);
Playwright's own browser downloads are never used. Without it the browser
tests skip locally and fail under CI (``CI=true``): CI must run them.

Import the fixtures into a test module (``from _browser import browser, page,
ui  # noqa: F401``). ``ui`` is a ``redraft serve`` app on a loopback port with
scripted models behind a few profiles, so no test makes a real model call.
Every test saves screenshots of its end state, at desktop and at phone width,
to ``artifacts/screenshots/`` (CI keeps them as artifacts).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from redraft.app import Settings
from redraft.providers import Provider, ProviderRegistry, ScriptedModel
from redraft.providers._scripted import Script
from redraft.server import create_app

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parent.parent / "artifacts" / "screenshots"
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

GENERATOR = "scripted:ui-gen"
JUDGE = "scripted:ui-judge"
PROFILES = f"""
[profiles.judged]
description = "Scripted drafts, judged by a scripted judge"
model = "{GENERATOR}"
judge_model = "{JUDGE}"
judge = "criteria"
criteria = "Names the capital of France."
threshold = 0.8
max_attempts = 3
feedback = "critique"

[profiles.checks]
description = "Scripted drafts, checked for Paris"
model = "{GENERATOR}"
judge_model = "none"
must_match = ["Paris"]
max_attempts = 3

# Priced as a paid model would be, so the pages have costs to show.
[profiles.checks.prices]
input_per_million = 2.0
output_per_million = 8.0
"""


CALCULATOR = """
from mcp.server.mcpserver import MCPServer

server = MCPServer("calculator")


@server.tool()
def add(a: int, b: int) -> int:
    \"\"\"Add two whole numbers.\"\"\"
    return a + b


server.run("stdio")
"""
"""A tiny MCP server, written with the official SDK, for the ``tools`` profile."""


def _tools_profile(folder: Path) -> str:
    """A profile whose drafts may call the calculator's tools (an MCP server)."""
    script = folder / "calculator.py"
    script.write_text(CALCULATOR, encoding="utf-8")
    command = json.dumps([sys.executable, str(script)])
    return f"""
[profiles.tools]
description = "Scripted drafts that call a calculator (an MCP server)"
model = "{GENERATOR}"
judge_model = "none"
compile_checks = false
must_match = ["12"]

[[profiles.tools.mcp_servers]]
name = "calculator"
command = {command}
"""


def chromium_path() -> Path:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing (run scripts/chromium-ci.sh as root)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the browser tests: {message}")
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One headless Chromium per test module; each test gets its own context."""
    executable = chromium_path()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(executable), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh context (empty storage) at desktop size. Uncaught errors in the
    page fail the test; the end state is saved as screenshots."""
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(10_000)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield opened
        if not opened.is_closed():
            shoot(opened, request.node.name)
    finally:
        context.close()
    assert not errors, f"uncaught errors in the page: {errors}"


@pytest.fixture
def screenshot(request: pytest.FixtureRequest) -> Callable[[Page, str], None]:
    """Save a mid-test state too: ``screenshot(page, "after-invalidate")``."""
    return lambda page, label: shoot(page, f"{request.node.name}-{label}")


def shoot(page: Page, name: str) -> None:
    """Screenshots of the page as it is now, at 1280 px and at phone width."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")
    size = page.viewport_size or DESKTOP
    for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SCREENSHOTS / f"{slug}-{label}.png"), full_page=True)
    page.set_viewport_size(size)


def criteria_verdict(score: int, met: bool, reason: str, suggestion: str = "") -> str:
    """What the ``criteria`` judge preset answers (score 0..10)."""
    import json

    return json.dumps(
        {
            "score": score,
            "meets_criteria": met,
            "evaluation_reasoning": reason,
            "improvement_suggestions": [suggestion] if suggestion else [],
        }
    )


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait for server-side state the browser cannot see (never for the page:
    page assertions use Playwright's auto-waiting ``expect``)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        time.sleep(0.05)


class LiveServer:
    """uvicorn on a loopback port in a thread, like ``_live_server``'s, that
    can also cut every open connection (a dropped network, for reconnect tests)."""

    def __init__(self, app: FastAPI) -> None:
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.bind(("127.0.0.1", 0))
        self.base_url = f"http://127.0.0.1:{self._sock.getsockname()[1]}"
        # Open event streams never end by themselves: do not wait long for them.
        config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2)
        self._server = uvicorn.Server(config)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._run, name="redraft-ui-server", daemon=True)
        self._started = threading.Event()
        self._failure: list[BaseException] = []

    def _run(self) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            task = asyncio.create_task(self._server.serve(sockets=[self._sock]))
            # uvicorn exposes startup only as a flag, so poll it.
            while not self._server.started and not task.done():  # noqa: ASYNC110
                await asyncio.sleep(0.01)
            self._started.set()
            await task

        try:
            asyncio.run(main())
        except BaseException as exc:  # surfaced by start()
            self._failure.append(exc)
            self._started.set()

    def start(self) -> None:
        self._thread.start()
        if not self._started.wait(30) or self._failure:
            raise RuntimeError(f"test server did not start: {self._failure}")

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(30)
        self._sock.close()

    def run(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on the server's event loop (where its clients live)."""
        assert self._loop is not None
        asyncio.run_coroutine_threadsafe(work, self._loop).result(10)

    def drop_connections(self) -> None:
        """Abort every open connection, as a network failure would."""
        assert self._loop is not None

        async def abort_all() -> None:
            for connection in list(self._server.server_state.connections):
                transport = getattr(connection, "transport", None)
                if transport is not None:
                    transport.abort()

        asyncio.run_coroutine_threadsafe(abort_all(), self._loop).result(10)


@dataclass
class UiService:
    """A running service and the registry its profiles' models come from."""

    base_url: str
    registry: ProviderRegistry
    server: LiveServer
    key: str | None = None
    scripted: dict[str, Provider] = field(default_factory=dict)

    # Helpers ride on the fixture so that test modules need not import this
    # module (it is loaded as a plugin, which keeps its asserts rewritten).
    GENERATOR = GENERATOR
    JUDGE = JUDGE
    verdict = staticmethod(criteria_verdict)
    wait_until = staticmethod(wait_until)

    def use(self, spec: str, model: Provider) -> Provider:
        """Put ``model`` behind ``spec`` (the profiles name GENERATOR and JUDGE)."""
        self.registry.add(spec, model)
        self.scripted[spec] = model
        return model

    def script(self, spec: str, items: list[Script]) -> ScriptedModel:
        model = ScriptedModel(items, model=spec.partition(":")[2])
        self.use(spec, model)
        return model

    def url(self, route: str = "") -> str:
        return f"{self.base_url}/{route}"

    def client(self) -> httpx.Client:
        headers = {"authorization": f"Bearer {self.key}"} if self.key else {}
        return httpx.Client(base_url=self.base_url, headers=headers, timeout=30)

    def chat(self, prompt: str, model: str = "checks", **redraft: Any) -> dict[str, Any]:
        """One non-streaming chat completion, as any API client would make it."""
        with self.client() as client:
            response = client.post(
                "/v1/chat/completions",
                json={
                    "model": model,
                    "messages": [{"role": "user", "content": prompt}],
                    "redraft": redraft,
                },
            )
        response.raise_for_status()
        body: dict[str, Any] = response.json()
        return body


@contextlib.contextmanager
def serve_ui(key: str | None = None, *, mcp: bool = False, **settings: Any) -> Iterator[UiService]:
    """A service on a fresh SQLite file with the UI test profiles; with
    ``key``, the service requires it (``api_keys``); with ``mcp``, a ``tools``
    profile offers an MCP server's tools."""
    registry = ProviderRegistry()
    with tempfile.TemporaryDirectory(prefix="redraft-ui-") as tmp:
        profiles = Path(tmp) / "profiles.toml"
        extra = _tools_profile(Path(tmp)) if mcp else ""
        profiles.write_text(PROFILES + extra, encoding="utf-8")
        options: dict[str, Any] = {
            "database_url": f"sqlite:///{tmp}/ui.db",
            "profiles": profiles,
            "sse_heartbeat_seconds": 1.0,
        }
        if key is not None:
            options["api_keys"] = f"acme:{key}"
        server = LiveServer(create_app(Settings(**(options | settings)), registry=registry))
        server.start()
        try:
            yield UiService(server.base_url, registry, server, key)
        finally:
            # The models a test put in (SDK clients among them) close on the
            # loop they were used on, before it stops.
            server.run(registry.aclose())
            server.stop()


@pytest.fixture
def make_ui() -> Callable[..., contextlib.AbstractContextManager[UiService]]:
    """``serve_ui`` itself, for a test that needs a key or stops its server."""
    return serve_ui


@pytest.fixture
def ui() -> Iterator[UiService]:
    """A loopback-mode service (no key needed)."""
    with serve_ui() as service:
        yield service
