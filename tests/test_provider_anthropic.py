"""AnthropicProvider through the official SDK against the loopback fake server."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from redraft._errors import (
    ConfigurationError,
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRateLimitError,
    ProviderResponseError,
    ProviderTimeoutError,
    RealModelCallBlockedError,
)
from redraft._ledger import Ledger
from redraft._tool_loop import (
    ToolConversation,
    assistant_tool_message,
    draft_with_tools,
    tool_result_message,
)
from redraft._tools import Toolbox, ToolExecution
from redraft._types import (
    Completion,
    Message,
    ModelRequest,
    Policy,
    StreamChunk,
    ToolCall,
    ToolSpec,
    Usage,
)
from redraft.providers import ProviderRegistry
from redraft.providers._anthropic import AnthropicProvider, to_anthropic_messages
from redraft.testing import FakeAnthropicServer, FakeError, FakeToolCalls

KEY = "sk-ant-test-secret-key-123"


@pytest.fixture
def server() -> Iterator[FakeAnthropicServer]:
    with FakeAnthropicServer() as fake:
        yield fake


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


def provider_for(server: FakeAnthropicServer, *, timeout: float = 10.0) -> AnthropicProvider:
    return AnthropicProvider(
        "claude-test", base_url=server.base_url, api_key=KEY, max_retries=0, timeout=timeout
    )


def ask(prompt: str = "What is the capital of France?", **fields: Any) -> ModelRequest:
    return ModelRequest(messages=[Message(role="user", content=prompt)], **fields)


def sent_key(request: dict[str, Any]) -> str:
    # SDK versions differ in how they send the key.
    headers = request["headers"]
    return str(headers.get("x-api-key") or headers.get("authorization", "").removeprefix("Bearer "))


async def call(provider: AnthropicProvider, *, streaming: bool) -> str:
    if streaming:
        return "".join([c.delta async for c in provider.stream(ask())])
    return (await provider.complete(ask())).text


@pytest.mark.real_calls
async def test_complete_maps_system_messages_and_content_parts(
    server: FakeAnthropicServer,
) -> None:
    server.add("Paris is the capital.")
    request = ModelRequest(
        messages=[
            Message(role="system", content="Be brief."),
            Message(role="user", content="Capital of France?"),
            Message(role="assistant", content="Do you mean today?"),
            Message(role="system", content="Answer in English."),
            Message(
                role="user",
                content=[
                    {"type": "text", "text": "Yes, today."},
                    {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBOR"}},
                ],
            ),
        ],
        max_tokens=64,
        stop=["\n\n"],
    )

    completion = await provider_for(server).complete(request)

    assert completion.text == "Paris is the capital."
    assert completion.usage == Usage(input_tokens=14, output_tokens=4)
    assert completion.finish_reason == "stop"
    assert completion.model == "claude-test"
    [sent] = server.requests
    assert sent["path"] == "/v1/messages"
    assert sent_key(sent) == KEY
    assert sent["body"] == {
        "model": "claude-test",
        "max_tokens": 64,
        "system": "Be brief.\n\nAnswer in English.",
        "messages": [
            {"role": "user", "content": "Capital of France?"},
            {"role": "assistant", "content": "Do you mean today?"},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "Yes, today."},
                    {
                        "type": "image",
                        "source": {"type": "base64", "media_type": "image/png", "data": "iVBOR"},
                    },
                ],
            },
        ],
        "stop_sequences": ["\n\n"],
    }


@pytest.mark.real_calls
async def test_temperature_is_sent_only_when_set(server: FakeAnthropicServer) -> None:
    server.add("a", "b")
    provider = provider_for(server)
    await provider.complete(ask())
    await provider.complete(ask(temperature=0.3))
    assert "temperature" not in server.requests[0]["body"]
    assert "system" not in server.requests[0]["body"]
    assert server.requests[1]["body"]["temperature"] == 0.3


@pytest.mark.real_calls
async def test_json_schema_uses_structured_outputs(server: FakeAnthropicServer) -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "score": {"type": "integer", "minimum": 0, "maximum": 10},
            "verdict": {"type": "string", "enum": ["pass", "fail"]},
        },
        "required": ["score", "verdict"],
    }
    server.add('{"score": 8, "verdict": "pass"}')
    completion = await provider_for(server).complete(ask(json_schema=schema))
    assert completion.text == '{"score": 8, "verdict": "pass"}'
    output_format = server.requests[0]["body"]["output_config"]["format"]
    assert output_format["type"] == "json_schema"
    sent_schema = output_format["schema"]
    assert sent_schema["required"] == ["score", "verdict"]
    assert sent_schema["additionalProperties"] is False
    assert sent_schema["properties"]["verdict"]["enum"] == ["pass", "fail"]
    # Range limits the API does not enforce travel as a description.
    assert "maximum: 10" in sent_schema["properties"]["score"]["description"]
    # ...and the caller's schema is left as it was.
    assert schema["properties"]["score"] == {"type": "integer", "minimum": 0, "maximum": 10}


@pytest.mark.real_calls
async def test_stream_yields_text_deltas_then_usage(server: FakeAnthropicServer) -> None:
    text = "Paris  is\nthe capital of France."
    server.add(text)
    chunks: list[StreamChunk] = [c async for c in provider_for(server).stream(ask())]

    *deltas, last = chunks
    assert len(deltas) == 6
    assert "".join(c.delta for c in deltas) == text
    assert all(c.usage is None and c.finish_reason is None for c in deltas)
    assert last.usage == Usage(input_tokens=6, output_tokens=6)
    assert last.finish_reason == "stop"
    assert last.model == "claude-test"
    assert server.requests[0]["body"]["stream"] is True


@pytest.mark.real_calls
async def test_max_tokens_stop_reason_becomes_length(server: FakeAnthropicServer) -> None:
    server.add("one two three four five", "one two three four five")
    provider = provider_for(server)
    completion = await provider.complete(ask(max_tokens=2))
    chunks = [c async for c in provider.stream(ask(max_tokens=2))]
    assert completion.text == "one two "
    assert completion.finish_reason == "length"
    assert chunks[-1].finish_reason == "length"
    assert chunks[-1].usage == Usage(input_tokens=6, output_tokens=2)


@pytest.mark.real_calls
async def test_environment_variables_configure_the_client(
    server: FakeAnthropicServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_BASE_URL", server.base_url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-from-env")
    server.add("ok")
    provider = ProviderRegistry().get("anthropic:claude-test")
    assert isinstance(provider, AnthropicProvider)
    assert (await provider.complete(ask())).text == "ok"
    assert sent_key(server.requests[0]) == "sk-ant-from-env"
    await provider.aclose()


async def test_missing_key_is_a_configuration_error() -> None:
    provider = AnthropicProvider("claude-test")  # constructing needs nothing
    with pytest.raises(ConfigurationError, match="ANTHROPIC_API_KEY"):
        await provider.complete(ask())
    with pytest.raises(ConfigurationError, match="ANTHROPIC_API_KEY"):
        [c async for c in provider.stream(ask())]


@pytest.mark.real_calls
@pytest.mark.parametrize(
    ("status", "error_type", "retryable"),
    [
        (401, ProviderAuthError, False),
        (403, ProviderAuthError, False),
        (400, ProviderResponseError, False),
        (500, ProviderResponseError, True),
        (529, ProviderResponseError, True),
    ],
)
@pytest.mark.parametrize("streaming", [False, True])
async def test_status_errors_are_translated(
    server: FakeAnthropicServer,
    status: int,
    error_type: type[ProviderError],
    retryable: bool,
    streaming: bool,
) -> None:
    server.add(FakeError(status))
    provider = provider_for(server)
    with pytest.raises(error_type) as caught:
        await call(provider, streaming=streaming)
    assert type(caught.value) is error_type
    assert caught.value.provider == "anthropic"
    assert caught.value.status == status
    assert caught.value.retryable is retryable
    assert f"fake error {status}" in str(caught.value)


@pytest.mark.real_calls
async def test_rate_limit_carries_retry_after(server: FakeAnthropicServer) -> None:
    server.add(FakeError(429, headers={"retry-after": "12"}))
    with pytest.raises(ProviderRateLimitError) as caught:
        await provider_for(server).complete(ask())
    assert caught.value.retry_after == 12.0
    assert caught.value.status == 429
    assert caught.value.provider == "anthropic"


@pytest.mark.parametrize(
    ("event_type", "retryable"),
    [("overloaded_error", True), ("api_error", True), ("invalid_request_error", False)],
)
def test_error_events_inside_a_stream_are_retryable_when_transient(
    server: FakeAnthropicServer, event_type: str, retryable: bool
) -> None:
    import anthropic
    import httpx

    # What the SDK raises for an ``event: error`` line inside a 200 stream.
    body = {"type": "error", "error": {"type": event_type, "message": "Overloaded"}}
    response = httpx.Response(200, request=httpx.Request("POST", server.base_url))
    exc = anthropic.APIStatusError("Overloaded", response=response, body=body)
    error = provider_for(server)._translate(exc)
    assert type(error) is ProviderResponseError
    assert error.retryable is retryable
    assert "mid-stream" in str(error) and event_type in str(error)


@pytest.mark.real_calls
async def test_api_keys_never_reach_error_messages(server: FakeAnthropicServer) -> None:
    body = {"type": "error", "error": {"type": "authentication_error", "message": f"bad {KEY}"}}
    server.add(FakeError(401, body))
    with pytest.raises(ProviderAuthError) as caught:
        await provider_for(server).complete(ask())
    assert KEY not in str(caught.value)
    assert "[redacted]" in str(caught.value)


@pytest.mark.real_calls
async def test_connection_refused_is_a_connection_error() -> None:
    with FakeAnthropicServer() as closed:
        base_url = closed.base_url
    provider = AnthropicProvider("claude-test", base_url=base_url, api_key=KEY, max_retries=0)
    with pytest.raises(ProviderConnectionError) as caught:
        await provider.complete(ask())
    assert caught.value.provider == "anthropic"
    assert KEY not in str(caught.value)
    with pytest.raises(ProviderConnectionError):
        [c async for c in provider.stream(ask())]


@pytest.mark.real_calls
async def test_a_server_that_does_not_answer_in_time_is_a_timeout(
    server: FakeAnthropicServer,
) -> None:
    release = threading.Event()
    server.add(lambda body: "too late" if release.wait(10) else "never released")
    try:
        with pytest.raises(ProviderTimeoutError) as caught:
            await provider_for(server, timeout=0.2).complete(ask())
    finally:
        release.set()
    assert caught.value.provider == "anthropic"


@pytest.mark.real_calls
async def test_a_body_without_content_is_a_response_error(server: FakeAnthropicServer) -> None:
    server.add(FakeError(200, {"type": "message"}))
    with pytest.raises(ProviderResponseError, match="without message content"):
        await provider_for(server).complete(ask())


async def test_real_calls_are_blocked_by_default(server: FakeAnthropicServer) -> None:
    server.add("must not be served")
    ledger = Ledger(Policy())
    with pytest.raises(RealModelCallBlockedError):
        await ledger.complete(provider_for(server), ask(), kind="judge", attempt=1)
    assert server.requests == []


def test_message_mapping_drops_empty_turns_and_maps_tool_turns_to_blocks() -> None:
    system, messages = to_anthropic_messages(
        [
            Message(role="system", content=""),
            Message(role="user", content="Look this up."),
            Message(role="assistant", content=None),
            Message.model_validate(
                {
                    "role": "assistant",
                    "content": "",
                    "tool_calls": [
                        {"id": "call_1", "type": "function", "function": {"name": "find"}},
                        {
                            "id": "call_2",
                            "type": "function",
                            "function": {"name": "find", "arguments": "not json"},
                        },
                    ],
                }
            ),
            Message(role="tool", content="42", tool_call_id="call_1"),
            Message(role="tool", content=[{"type": "text", "text": "43"}], tool_call_id="call_2"),
            Message(role="tool", content="a result nothing asked for"),
            Message(
                role="user",
                content=[{"type": "image_url", "image_url": {"url": "https://x.test/a.png"}}],
            ),
        ]
    )
    assert system == ""
    assert messages == [
        {"role": "user", "content": "Look this up."},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "call_1", "name": "find", "input": {}},
                {"type": "tool_use", "id": "call_2", "name": "find", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "call_1", "content": "42"},
                {"type": "tool_result", "tool_use_id": "call_2", "content": "43"},
            ],
        },
        {"role": "user", "content": "a result nothing asked for"},
        {
            "role": "user",
            "content": [
                {"type": "image", "source": {"type": "url", "url": "https://x.test/a.png"}}
            ],
        },
    ]


# -- tools ------------------------------------------------------------------------

WEATHER = ToolSpec(
    name="get_weather",
    description="The weather in a city.",
    parameters={
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
    },
)
ADD = ToolSpec(name="add")


@pytest.mark.real_calls
async def test_sdk_retries_are_off_by_default_so_the_ledger_owns_them(
    server: FakeAnthropicServer,
) -> None:
    server.add(FakeError(529), "never asked for")
    provider = AnthropicProvider("claude-test", base_url=server.base_url, api_key=KEY)
    with pytest.raises(ProviderResponseError):
        await provider.complete(ask())
    assert len(server.requests) == 1
    await provider.aclose()


@pytest.mark.real_calls
@pytest.mark.parametrize("streaming", [False, True])
async def test_a_tool_round_trip_in_anthropics_wire_format(
    server: FakeAnthropicServer, streaming: bool
) -> None:
    server.add(
        FakeToolCalls([("get_weather", {"city": "Paris"}), ("add", {"a": 1, "b": 2})], "Hm."),
        "Sunny, and 3.",
    )
    provider = provider_for(server)
    messages = [
        Message(role="system", content="Use tools."),
        Message(role="user", content="Weather in Paris, and 1 + 2?"),
    ]

    async def answer(request: ModelRequest) -> Completion:
        if not streaming:
            return await provider.complete(request)
        *deltas, last = [c async for c in provider.stream(request)]
        assert all(d.tool_calls is None for d in deltas)
        return Completion(
            text="".join(d.delta for d in deltas),
            finish_reason=last.finish_reason,
            tool_calls=last.tool_calls or [],
        )

    first = await answer(ModelRequest(messages=messages, tools=[WEATHER, ADD]))
    assert first.text == "Hm."
    assert first.finish_reason == "tool_calls"
    assert first.tool_calls == [
        ToolCall(id="toolu_fake_1", name="get_weather", arguments='{"city": "Paris"}'),
        ToolCall(id="toolu_fake_2", name="add", arguments='{"a": 1, "b": 2}'),
    ]
    messages += [
        assistant_tool_message(first.text, first.tool_calls),
        tool_result_message("toolu_fake_1", "sunny"),
        tool_result_message("toolu_fake_2", "3"),
    ]
    second = await answer(ModelRequest(messages=messages, tools=[WEATHER, ADD]))
    assert second.text == "Sunny, and 3."
    assert second.finish_reason == "stop"
    assert second.tool_calls == []

    first_body, second_body = (r["body"] for r in server.requests)
    assert first_body["tools"] == [
        {
            "name": "get_weather",
            "description": "The weather in a city.",
            "input_schema": WEATHER.parameters,
        },
        {"name": "add", "input_schema": {"type": "object", "properties": {}}},
    ]
    assert second_body["system"] == "Use tools."
    assert second_body["messages"] == [
        {"role": "user", "content": "Weather in Paris, and 1 + 2?"},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Hm."},
                {
                    "type": "tool_use",
                    "id": "toolu_fake_1",
                    "name": "get_weather",
                    "input": {"city": "Paris"},
                },
                {
                    "type": "tool_use",
                    "id": "toolu_fake_2",
                    "name": "add",
                    "input": {"a": 1, "b": 2},
                },
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_fake_1", "content": "sunny"},
                {"type": "tool_result", "tool_use_id": "toolu_fake_2", "content": "3"},
            ],
        },
    ]


@pytest.mark.real_calls
async def test_a_tool_loop_through_the_ledger_and_the_real_sdk(
    server: FakeAnthropicServer,
) -> None:
    box = Toolbox()

    @box.add
    async def add(a: int, b: int) -> int:
        """Add two whole numbers."""
        return a + b

    server.add(FakeToolCalls([("add", {"a": 2, "b": 3})]), "2 + 3 = 5.")
    ledger = Ledger(Policy())
    conversation = ToolConversation([Message(role="user", content="2 + 3?")])
    loop = draft_with_tools(
        ledger, provider_for(server), conversation, box, attempt=1, max_iterations=3, max_tokens=64
    )
    items = [item async for item in loop]

    assert [i.result for i in items if isinstance(i, ToolExecution)] == ["5"]
    assert conversation.text == "2 + 3 = 5."
    assert [(c.status, c.finish_reason) for c in ledger.calls] == [
        ("ok", "tool_calls"),
        ("ok", "stop"),
    ]
    second = server.requests[1]["body"]
    assert second["stream"] is True
    assert second["tools"][0]["name"] == "add"
    assert second["messages"][1:] == [
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "toolu_fake_1", "name": "add", "input": {"a": 2, "b": 3}}
            ],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "toolu_fake_1", "content": "5"}],
        },
    ]
