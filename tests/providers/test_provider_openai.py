"""OpenAIProvider's own wire format against the loopback fake server. What it
shares with the Anthropic provider is tested in ``test_provider_vendors.py``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import aclosing
from typing import Any

import pytest

from _vendors import ask
from redraft import Message, ModelRequest, ToolCall, Usage
from redraft.providers._openai import OpenAIProvider
from redraft.testing import FakeOpenAIServer

KEY = "sk-test-secret-key-123"


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ADMIN_KEY"):
        monkeypatch.delenv(name, raising=False)


def provider_for(server: FakeOpenAIServer) -> OpenAIProvider:
    return OpenAIProvider("fake-model", base_url=server.base_url, api_key=KEY, timeout=10.0)


@pytest.mark.real_calls
async def test_complete_sends_the_request_and_reads_text_usage_and_finish(
    server: FakeOpenAIServer,
) -> None:
    server.add("Paris is the capital.")
    provider = provider_for(server)
    parts = [{"type": "text", "text": "Capital"}, {"type": "text", "text": "of France?"}]
    request = ModelRequest(
        messages=[
            Message(role="system", content="Be brief."),
            Message(role="user", content=parts),
        ],
        max_tokens=64,
        temperature=0.2,
        stop=["\n\n"],
    )

    completion = await provider.complete(request)
    await provider.aclose()

    assert completion.text == "Paris is the capital."
    assert completion.usage == Usage(input_tokens=5, output_tokens=4)
    assert completion.finish_reason == "stop"
    assert completion.model == "fake-model"
    [sent] = server.requests
    assert sent["path"] == "/v1/chat/completions"
    assert sent["headers"]["authorization"] == f"Bearer {KEY}"
    assert sent["body"] == {
        "model": "fake-model",
        "messages": [
            {"role": "system", "content": "Be brief."},
            {"role": "user", "content": parts},
        ],
        "max_tokens": 64,
        "temperature": 0.2,
        "stop": ["\n\n"],
    }


@pytest.mark.real_calls
async def test_json_schema_is_sent_as_response_format(server: FakeOpenAIServer) -> None:
    schema = {
        "type": "object",
        "properties": {"score": {"type": "integer", "minimum": 0, "maximum": 10}},
        "required": ["score"],
    }
    server.add('{"score": 7}')
    async with aclosing(provider_for(server)) as provider:
        completion = await provider.complete(ask(json_schema=schema))
    assert completion.text == '{"score": 7}'
    assert server.requests[0]["body"]["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "output", "schema": schema, "strict": False},
    }


@pytest.mark.real_calls
async def test_a_base_url_without_a_key_uses_a_placeholder(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    server.add("local answer")
    async with aclosing(OpenAIProvider("llama")) as provider:
        assert (await provider.complete(ask())).text == "local answer"
    assert server.requests[0]["headers"]["authorization"].startswith("Bearer ")


def test_openais_own_api_gets_max_completion_tokens() -> None:
    # Reasoning models on api.openai.com reject max_tokens; compatible servers
    # (the fake, Ollama, llama.cpp…) are sent max_tokens instead.
    official = OpenAIProvider("gpt-x", api_key=KEY)._params(ask(max_tokens=9))
    compatible = OpenAIProvider("llama", base_url="http://127.0.0.1:1/v1")._params(
        ask(max_tokens=9)
    )
    assert official["max_completion_tokens"] == 9
    assert "max_tokens" not in official
    assert compatible["max_tokens"] == 9
    assert "max_completion_tokens" not in compatible


def test_streamed_tool_call_pieces_are_joined_by_index() -> None:
    from openai.types.chat.chat_completion_chunk import (
        ChoiceDeltaToolCall,
        ChoiceDeltaToolCallFunction,
    )

    from redraft.providers._openai import _ToolCallPieces

    def piece(index: int, **fields: Any) -> ChoiceDeltaToolCall:
        function = ChoiceDeltaToolCallFunction(**fields.pop("function", {}))
        return ChoiceDeltaToolCall(index=index, function=function, **fields)

    pieces = _ToolCallPieces()
    pieces.add([piece(1, id="b", function={"name": "second", "arguments": ""})])
    pieces.add([piece(0, function={"name": "first", "arguments": '{"x"'})])  # no id sent
    pieces.add([piece(0, function={"arguments": ": 1}"}), piece(1, id="b")])
    assert pieces.finished() == [
        ToolCall(id="call_0", name="first", arguments='{"x": 1}'),
        ToolCall(id="b", name="second", arguments="{}"),
    ]
