"""Server-side tools from MCP servers: a profile's stdio server (written here
with the official SDK) runs inside the tool loop; the iteration limit answers
`max_iterations` with the whole context, and resubmitting it carries on."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path
from typing import Any

import httpx
import pytest

from _live_server import serve_in_thread
from redraft import Completion, ToolCall
from redraft.app import Settings
from redraft.providers import ProviderRegistry, ScriptedModel
from redraft.server import create_app

SERVER = textwrap.dedent(
    """
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("calculator")

    @server.tool()
    def add(a: int, b: int) -> int:
        \"\"\"Add two whole numbers.\"\"\"
        return a + b

    @server.tool()
    def divide(a: int, b: int) -> float:
        \"\"\"Divide a by b.\"\"\"
        return a / b

    server.run("stdio")
    """
)


def _call(call_id: str, name: str, **arguments: int) -> Completion:
    return Completion(
        text="", tool_calls=[ToolCall(id=call_id, name=name, arguments=json.dumps(arguments))]
    )


def _tools_profile(folder: Path, servers: str) -> Path:
    """A profiles file whose ``tools`` profile offers ``servers`` (TOML tables)."""
    path = folder / "profiles.toml"
    head = '[profiles.tools]\nmodel = "scripted:toolbot"\njudge_model = "none"\n'
    path.write_text(head + "compile_checks = false\n" + textwrap.dedent(servers), encoding="utf-8")
    return path


@pytest.fixture
def profiles(tmp_path: Path) -> Path:
    script = tmp_path / "calculator.py"
    script.write_text(SERVER, encoding="utf-8")
    return _tools_profile(
        tmp_path,
        f"""
        [[profiles.tools.mcp_servers]]
        name = "calculator"
        command = [{json.dumps(sys.executable)}, {json.dumps(str(script))}]

        [[profiles.tools.mcp_servers]]
        name = "broken"
        command = ["/nonexistent/mcp-server"]
        """,
    )


def _ask(base_url: str, messages: list[dict[str, Any]], **redraft: Any) -> httpx.Response:
    return httpx.post(
        f"{base_url}/v1/chat/completions",
        json={"model": "tools", "messages": messages, "redraft": redraft},
        timeout=60,
    )


QUESTION = [{"role": "user", "content": "What is (2 + 3) + 7?"}]


def test_two_tool_rounds_hit_the_limit_and_the_context_carries_on(
    profiles: Path, database_url: str
) -> None:
    model = ScriptedModel(
        [
            _call("call_1", "add", a=2, b=3),
            _call("call_2", "add", a=5, b=7),
            "The answer is 12.",
        ]
    )
    registry = ProviderRegistry()
    registry.add("scripted:toolbot", model)
    settings = Settings(database_url=database_url, profiles=profiles)
    only = {"mcp_servers": ["calculator"], "must_match": ["12"]}
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        limited = _ask(base_url, QUESTION, max_tool_iterations=2, **only)
        assert limited.status_code == 422, limited.text
        error = limited.json()["error"]
        assert error["code"] == "max_iterations"
        context = error["continue_context"]
        run_id = error["run_id"]
        stored = httpx.get(f"{base_url}/v1/runs/{run_id}").json()
        carried = _ask(base_url, context, continuation=True, **only)

    # Both rounds ran on the MCP server, and their results are in the context.
    tool_results = [m["content"] for m in context if m["role"] == "tool"]
    assert tool_results == ["5", "12"]
    asked = [m for m in context if m["role"] == "assistant"]
    assert [c["function"]["name"] for m in asked for c in m["tool_calls"]] == ["add", "add"]
    # The drafts were offered the server's tools; no tool round was judged.
    assert {tool.name for tool in model.history[0].tools or []} == {"add", "divide"}
    executed = [e for e in stored["events"] if e["type"] == "tool_executed"]
    assert [e["execution"]["result"] for e in executed] == ["5", "12"]
    assert not [e for e in stored["events"] if e["type"] == "verdict_reached"]

    assert carried.status_code == 200, carried.text
    body = carried.json()
    assert body["choices"][0]["message"]["content"] == "The answer is 12."
    assert body["redraft"]["passed"] is True
    # The continuation resent every message, tool results included.
    resent = model.history[-1].messages
    assert [m.role for m in resent][-4:] == ["assistant", "tool", "assistant", "tool"]


def test_a_tool_error_is_a_result_the_model_reads(profiles: Path, database_url: str) -> None:
    model = ScriptedModel([_call("call_1", "divide", a=1, b=0), "It cannot be divided."])
    registry = ProviderRegistry()
    registry.add("scripted:toolbot", model)
    settings = Settings(database_url=database_url, profiles=profiles)
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        answered = _ask(base_url, QUESTION, mcp_servers=["calculator"], must_match=["divided"])
    assert answered.status_code == 200, answered.text
    read_back = [m for m in model.history[-1].messages if m.role == "tool"]
    # The SDK keeps the exception to the server; the model reads that the call failed.
    assert len(read_back) == 1 and "Error executing tool divide" in read_back[0].text


def test_a_server_that_cannot_start_fails_the_request_clearly(
    profiles: Path, database_url: str
) -> None:
    registry = ProviderRegistry()
    registry.add("scripted:toolbot", ScriptedModel(["never drafted"]))
    settings = Settings(database_url=database_url, profiles=profiles)
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        broken = _ask(base_url, QUESTION, mcp_servers=["broken"])
        unknown = _ask(base_url, QUESTION, mcp_servers=["weather"])
        runs = httpx.get(f"{base_url}/v1/runs").json()["data"]
    assert broken.status_code == 502, broken.text
    assert broken.json()["error"]["code"] == "mcp_server_unavailable"
    assert "'broken' could not be used" in broken.json()["error"]["message"]
    assert unknown.status_code == 400
    assert "weather is not an MCP server of profile 'tools'" in unknown.json()["error"]["message"]
    assert runs == []  # neither run started


def test_a_streamable_http_server_offers_its_tools_too(tmp_path: Path, database_url: str) -> None:
    from mcp.server.mcpserver import MCPServer

    calculator = MCPServer("calculator")

    @calculator.tool()
    def multiply(a: int, b: int) -> int:
        """Multiply two whole numbers."""
        return a * b

    model = ScriptedModel([_call("call_1", "multiply", a=6, b=7), "It is 42."])
    registry = ProviderRegistry()
    registry.add("scripted:toolbot", model)
    with serve_in_thread(calculator.streamable_http_app()) as tools_url:  # type: ignore[arg-type]
        profiles = _tools_profile(
            tmp_path,
            f"""
            [[profiles.tools.mcp_servers]]
            name = "remote"
            url = "{tools_url}/mcp"
            """,
        )
        settings = Settings(database_url=database_url, profiles=profiles)
        with serve_in_thread(create_app(settings, registry=registry)) as base_url:
            answered = _ask(base_url, QUESTION, must_match=["42"])
    assert answered.status_code == 200, answered.text
    assert answered.json()["choices"][0]["message"]["content"] == "It is 42."
    assert [m.text for m in model.history[-1].messages if m.role == "tool"] == ["42"]


def test_an_http_server_that_fails_is_named_but_not_located(
    tmp_path: Path, database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    from fastapi import FastAPI

    registry = ProviderRegistry()
    registry.add("scripted:toolbot", ScriptedModel(["never drafted"]))
    # A web server, but no MCP endpoint: every request to it is a 404.
    with serve_in_thread(FastAPI()) as tools_url:
        profiles = _tools_profile(
            tmp_path,
            f"""
            [[profiles.tools.mcp_servers]]
            name = "remote"
            url = "{tools_url}/mcp"
            """,
        )
        settings = Settings(database_url=database_url, profiles=profiles)
        with serve_in_thread(create_app(settings, registry=registry)) as base_url:
            failed = _ask(base_url, QUESTION)
    assert failed.status_code == 502, failed.text
    error = failed.json()["error"]
    assert error["code"] == "mcp_server_unavailable"
    assert "MCP server 'remote' could not be used" in error["message"]
    host_and_port = tools_url.removeprefix("http://")
    assert host_and_port not in failed.text and "127.0.0.1" not in failed.text
    assert any(host_and_port in record.getMessage() for record in caplog.records), caplog.text
