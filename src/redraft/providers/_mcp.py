"""Tools from MCP servers, for runs the service makes (server-side tools).

A profile (the operator's configuration, never a request) lists MCP servers:
a stdio command the service starts, or a streamable-HTTP URL. For each run
that uses them, :func:`mcp_toolbox` connects through the official ``mcp``
SDK, lists their tools and offers them to the draft as a
:class:`~redraft.Toolbox`; the loop runs them in its tool loop, under the
run's iteration limit, deadline and budget, each call with the server's
``timeout_s``. A tool's error (or a server that fails mid-call) is an error
result the model reads, never a crash.

Sessions live as long as the run, and are opened and closed in the task that
drives it (the SDK's transports are anyio task groups, which must be left in
the task that entered them).
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from redraft.core._errors import ConfigurationError
from redraft.core._tools import Tool, Toolbox
from redraft.providers._http import hide_upstream

__all__ = ["McpServer", "McpToolError", "McpUnavailableError", "ToolSource", "mcp_toolbox"]

log = logging.getLogger("redraft.app")

ToolSource = Callable[[], contextlib.AbstractAsyncContextManager[Toolbox]]
"""Opens the tools of one run (:func:`mcp_toolbox` over a profile's servers)."""


class McpServer(BaseModel):
    """One MCP server a profile offers: ``command`` (stdio) or ``url``
    (streamable HTTP). ``tools`` limits which of its tools are offered."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
    command: list[str] | None = Field(default=None, min_length=1)
    """The program and its arguments, started without a shell."""
    env: dict[str, str] = Field(default_factory=dict)
    """Added to the server process's environment (the service's own is not passed on)."""
    url: str | None = Field(default=None, pattern=r"^https?://")
    tools: list[str] | None = None
    timeout_s: float = Field(default=30.0, gt=0)
    """One tool call's limit, and the connection's."""

    @model_validator(mode="after")
    def _one_transport(self) -> McpServer:
        if (self.command is None) == (self.url is None):
            raise ValueError(f"MCP server {self.name!r}: give either command or url")
        return self


class McpUnavailableError(ConfigurationError):
    """An MCP server could not be started, reached or listed: the run cannot
    offer the tools its profile promises, so it does not start."""


class McpToolError(Exception):
    """A tool call the MCP server answered with an error."""


@contextlib.asynccontextmanager
async def mcp_toolbox(servers: Sequence[McpServer]) -> AsyncIterator[Toolbox]:
    """A toolbox of the servers' tools, connected for as long as the block
    runs. Raises :class:`McpUnavailableError` for a server that cannot be
    started, reached or listed, and :class:`~redraft.ConfigurationError` for
    two servers offering a tool of the same name."""
    try:
        async with _connected(servers) as toolbox:
            yield toolbox
    except BaseExceptionGroup as group:
        # An HTTP transport's task group wraps the failure on its way out.
        found: BaseException | None = group.subgroup(McpUnavailableError)
        while isinstance(found, BaseExceptionGroup):
            found = found.exceptions[0]
        if found is None:
            raise
        raise found from found.__cause__


@contextlib.asynccontextmanager
async def _connected(servers: Sequence[McpServer]) -> AsyncIterator[Toolbox]:
    from mcp.client.session import ClientSession

    toolbox = Toolbox()
    async with contextlib.AsyncExitStack() as stack:
        for server in servers:
            try:
                read, write = await stack.enter_async_context(_transport(server))
                session = await stack.enter_async_context(
                    ClientSession(read, write, read_timeout_seconds=server.timeout_s)
                )
                await session.initialize()
                listed = await session.list_tools()
            except Exception as exc:
                # The log says where the server is; the message, which the
                # service's tenants read, names it only.
                where = server.url or (server.command or ["?"])[0]
                log.warning("MCP server %r (%s) could not be used: %r", server.name, where, exc)
                reason = hide_upstream(f"{type(exc).__name__}: {exc}", server.url)
                raise McpUnavailableError(
                    f"MCP server {server.name!r} could not be used: {reason}"
                ) from exc
            for spec in listed.tools:
                if server.tools is not None and spec.name not in server.tools:
                    continue
                if spec.name in toolbox:
                    raise ConfigurationError(
                        f"MCP server {server.name!r} offers a tool {spec.name!r} another "
                        "server offers too; limit one of them with tools"
                    )
                toolbox.add(
                    Tool(
                        name=spec.name,
                        function=_caller(session, spec.name),
                        description=spec.description or "",
                        parameters=spec.input_schema or {"type": "object", "properties": {}},
                        timeout_s=server.timeout_s,
                    )
                )
        yield toolbox


def _transport(server: McpServer) -> contextlib.AbstractAsyncContextManager[Any]:
    if server.url is not None:
        from mcp.client.streamable_http import streamable_http_client

        return streamable_http_client(server.url)
    from mcp.client.stdio import StdioServerParameters, get_default_environment, stdio_client

    assert server.command is not None
    program, *args = server.command
    # The SDK's safe default environment (PATH, HOME, …), not the service's
    # own: its API keys are none of a tool server's business.
    env = {**get_default_environment(), **server.env}
    return stdio_client(StdioServerParameters(command=program, args=args, env=env))


def _caller(session: Any, name: str) -> Any:
    async def call(**arguments: Any) -> str:
        result = await session.call_tool(name, arguments)
        parts = getattr(result, "content", [])
        text = "\n".join(part.text for part in parts if getattr(part, "type", "") == "text")
        if getattr(result, "is_error", False):
            raise McpToolError(text or f"the MCP tool {name!r} failed")
        if not text and getattr(result, "structured_content", None) is not None:
            return json.dumps(result.structured_content)
        return text

    call.__name__ = name
    return call
