"""OpenAIProvider through the official SDK against the loopback fake server."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import openai
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
from redraft.providers._http import parse_retry_after, redact
from redraft.providers._openai import OpenAIProvider
from redraft.testing import FakeError, FakeOpenAIServer, FakeToolCalls

KEY = "sk-test-secret-key-123"


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_ADMIN_KEY"):
        monkeypatch.delenv(name, raising=False)


def provider_for(server: FakeOpenAIServer, **options: float) -> OpenAIProvider:
    return OpenAIProvider(
        "fake-model",
        base_url=server.base_url,
        api_key=KEY,
        max_retries=int(options.get("max_retries", 0)),
        timeout=options.get("timeout", 10.0),
    )


def ask(prompt: str = "What is the capital of France?", **fields: Any) -> ModelRequest:
    return ModelRequest(messages=[Message(role="user", content=prompt)], **fields)


async def call(provider: OpenAIProvider, *, streaming: bool) -> str:
    if streaming:
        return "".join([c.delta async for c in provider.stream(ask())])
    return (await provider.complete(ask())).text


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
async def test_temperature_and_response_format_are_left_out_when_not_asked(
    server: FakeOpenAIServer,
) -> None:
    server.add("ok")
    await provider_for(server).complete(ask())
    body = server.requests[0]["body"]
    assert "temperature" not in body
    assert "response_format" not in body
    assert "stop" not in body


@pytest.mark.real_calls
async def test_json_schema_is_sent_as_response_format(server: FakeOpenAIServer) -> None:
    schema = {
        "type": "object",
        "properties": {"score": {"type": "integer", "minimum": 0, "maximum": 10}},
        "required": ["score"],
    }
    server.add('{"score": 7}')
    completion = await provider_for(server).complete(ask(json_schema=schema))
    assert completion.text == '{"score": 7}'
    assert server.requests[0]["body"]["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "output", "schema": schema, "strict": False},
    }


@pytest.mark.real_calls
async def test_stream_yields_deltas_then_usage_on_the_last_chunk(server: FakeOpenAIServer) -> None:
    text = "Paris  is\nthe capital of France."
    server.add(text)
    chunks: list[StreamChunk] = [c async for c in provider_for(server).stream(ask())]

    *deltas, last = chunks
    assert len(deltas) == 6
    assert "".join(c.delta for c in deltas) == text
    assert all(c.usage is None and c.finish_reason is None for c in deltas)
    assert last.delta == ""
    assert last.usage == Usage(input_tokens=6, output_tokens=6)
    assert last.finish_reason == "stop"
    assert last.model == "fake-model"
    body = server.requests[0]["body"]
    assert body["stream"] is True
    assert body["stream_options"] == {"include_usage": True}


@pytest.mark.real_calls
async def test_output_cut_at_max_tokens_reports_length(server: FakeOpenAIServer) -> None:
    server.add("one two three four five six", "one two three four five six")
    provider = provider_for(server)
    completion = await provider.complete(ask(max_tokens=3))
    chunks = [c async for c in provider.stream(ask(max_tokens=3))]
    assert completion.text == "one two three "
    assert completion.finish_reason == "length"
    assert "".join(c.delta for c in chunks) == completion.text
    assert chunks[-1].finish_reason == "length"
    assert chunks[-1].usage == Usage(input_tokens=6, output_tokens=3)


@pytest.mark.real_calls
async def test_environment_variables_configure_the_client(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-the-environment")
    server.add("ok")
    provider = ProviderRegistry().get("openai:fake-model")
    assert isinstance(provider, OpenAIProvider)
    assert (await provider.complete(ask())).text == "ok"
    assert server.requests[0]["headers"]["authorization"] == "Bearer sk-from-the-environment"
    assert server.requests[0]["body"]["model"] == "fake-model"


@pytest.mark.real_calls
async def test_a_base_url_without_a_key_uses_a_placeholder(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
    server.add("local answer")
    assert (await OpenAIProvider("llama").complete(ask())).text == "local answer"
    assert server.requests[0]["headers"]["authorization"].startswith("Bearer ")


async def test_no_key_and_no_base_url_is_a_configuration_error() -> None:
    provider = OpenAIProvider("gpt-x")  # constructing needs nothing
    with pytest.raises(ConfigurationError, match="OPENAI_API_KEY"):
        await provider.complete(ask())
    with pytest.raises(ConfigurationError, match="OPENAI_API_KEY"):
        [c async for c in provider.stream(ask())]


@pytest.mark.real_calls
@pytest.mark.parametrize(
    ("status", "error_type", "retryable"),
    [
        (401, ProviderAuthError, False),
        (403, ProviderAuthError, False),
        (400, ProviderResponseError, False),
        (404, ProviderResponseError, False),
        (500, ProviderResponseError, True),
        (503, ProviderResponseError, True),
    ],
)
@pytest.mark.parametrize("streaming", [False, True])
async def test_status_errors_are_translated(
    server: FakeOpenAIServer,
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
    assert caught.value.provider == "openai"
    assert caught.value.status == status
    assert caught.value.retryable is retryable
    assert f"fake error {status}" in str(caught.value)


@pytest.mark.real_calls
async def test_rate_limit_carries_retry_after(server: FakeOpenAIServer) -> None:
    server.add(FakeError(429, headers={"Retry-After": "7"}), FakeError(429))
    provider = provider_for(server)
    with pytest.raises(ProviderRateLimitError) as caught:
        await provider.complete(ask())
    assert caught.value.retry_after == 7.0
    assert caught.value.status == 429
    assert caught.value.retryable
    assert caught.value.provider == "openai"
    with pytest.raises(ProviderRateLimitError) as without_header:
        await provider.complete(ask())
    assert without_header.value.retry_after is None


@pytest.mark.real_calls
async def test_the_sdk_retries_before_giving_up(server: FakeOpenAIServer) -> None:
    server.add(FakeError(429, headers={"retry-after-ms": "1"}), "after a retry")
    provider = provider_for(server, max_retries=1)
    assert (await provider.complete(ask())).text == "after a retry"
    assert len(server.requests) == 2


@pytest.mark.real_calls
async def test_api_keys_never_reach_error_messages(server: FakeOpenAIServer) -> None:
    echo = {"error": {"message": f"Incorrect API key provided: {KEY}.", "type": "invalid"}}
    server.add(FakeError(401, echo), FakeError(500, {"error": {"message": f"Bearer {KEY}"}}))
    provider = provider_for(server)
    for _ in range(2):
        with pytest.raises(ProviderError) as caught:
            await provider.complete(ask())
        assert KEY not in str(caught.value)
        assert "secret-key" not in str(caught.value)
        assert "[redacted]" in str(caught.value)


@pytest.mark.real_calls
async def test_connection_refused_is_a_connection_error() -> None:
    with FakeOpenAIServer() as closed:
        base_url = closed.base_url
    provider = OpenAIProvider("m", base_url=base_url, api_key=KEY, max_retries=0)
    with pytest.raises(ProviderConnectionError) as caught:
        await provider.complete(ask())
    assert caught.value.provider == "openai"
    assert caught.value.retryable
    assert KEY not in str(caught.value)
    with pytest.raises(ProviderConnectionError):
        [c async for c in provider.stream(ask())]


@pytest.mark.real_calls
async def test_a_server_that_does_not_answer_in_time_is_a_timeout(
    server: FakeOpenAIServer,
) -> None:
    release = threading.Event()
    server.add(lambda body: "too late" if release.wait(10) else "never released")
    try:
        with pytest.raises(ProviderTimeoutError) as caught:
            await provider_for(server, timeout=0.2).complete(ask())
    finally:
        release.set()
    assert caught.value.provider == "openai"
    assert caught.value.retryable


@pytest.mark.real_calls
async def test_a_body_without_choices_is_a_response_error(server: FakeOpenAIServer) -> None:
    server.add(FakeError(200, {"object": "something else"}))
    with pytest.raises(ProviderResponseError, match="without a completion choice"):
        await provider_for(server).complete(ask())


@pytest.mark.real_calls
async def test_through_the_ledger_when_allowed(server: FakeOpenAIServer) -> None:
    server.add("streamed through the ledger")
    ledger = Ledger(Policy())
    chunks = [c async for c in ledger.stream(provider_for(server), ask(), kind="draft", attempt=1)]
    assert "".join(c.delta for c in chunks) == "streamed through the ledger"
    [call] = ledger.calls
    assert (call.provider, call.model, call.status) == ("openai", "fake-model", "ok")
    assert call.usage == Usage(input_tokens=6, output_tokens=4)
    assert KEY not in call.model_dump_json()


async def test_real_calls_are_blocked_by_default(server: FakeOpenAIServer) -> None:
    server.add("must not be served")
    ledger = Ledger(Policy())
    with pytest.raises(RealModelCallBlockedError):
        await ledger.complete(provider_for(server), ask(), kind="draft", attempt=1)
    assert server.requests == []
    assert [c.status for c in ledger.calls] == ["error"]


@pytest.mark.real_calls
async def test_a_given_client_is_used_and_left_open(server: FakeOpenAIServer) -> None:
    client = openai.AsyncOpenAI(base_url=server.base_url, api_key=KEY, max_retries=0)
    provider = OpenAIProvider("fake-model", client=client)
    server.add("from the given client")
    assert (await provider.complete(ask())).text == "from the given client"
    await provider.aclose()
    assert not client.is_closed()
    await client.close()


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


def test_parse_retry_after_forms() -> None:
    assert parse_retry_after({"retry-after": "12"}) == 12.0
    assert parse_retry_after({"retry-after": "1.5"}) == 1.5
    assert parse_retry_after({"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    assert parse_retry_after({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}) == 0.0
    assert parse_retry_after({"retry-after": "soon"}) is None
    assert parse_retry_after({}) is None


def test_redact_blanks_keys_and_bearer_tokens() -> None:
    text = redact(f"key {KEY} and Bearer abc.def and sk-ant-api03-xyzxyz", "abc.def")
    assert KEY not in text
    assert "abc.def" not in text
    assert "xyzxyz" not in text
    assert text.count("[redacted]") == 3


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
    server: FakeOpenAIServer,
) -> None:
    server.add(FakeError(503), "never asked for")
    provider = OpenAIProvider("fake-model", base_url=server.base_url, api_key=KEY)
    with pytest.raises(ProviderResponseError):
        await provider.complete(ask())
    assert len(server.requests) == 1
    await provider.aclose()


@pytest.mark.real_calls
@pytest.mark.parametrize("streaming", [False, True])
async def test_a_tool_round_trip_in_openais_wire_format(
    server: FakeOpenAIServer, streaming: bool
) -> None:
    server.add(
        FakeToolCalls([("get_weather", {"city": "Paris"}), ("add", {"a": 1, "b": 2})], "Hm."),
        "Sunny, and 3.",
    )
    provider = provider_for(server)
    messages = [Message(role="user", content="Weather in Paris, and 1 + 2?")]

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
        ToolCall(id="call_fake_1", name="get_weather", arguments='{"city": "Paris"}'),
        ToolCall(id="call_fake_2", name="add", arguments='{"a": 1, "b": 2}'),
    ]
    messages += [
        assistant_tool_message(first.text, first.tool_calls),
        tool_result_message("call_fake_1", "sunny"),
        tool_result_message("call_fake_2", "3"),
    ]
    second = await answer(ModelRequest(messages=messages, tools=[WEATHER, ADD]))
    assert second.text == "Sunny, and 3."
    assert second.finish_reason == "stop"
    assert second.tool_calls == []

    first_body, second_body = (r["body"] for r in server.requests)
    assert first_body["tools"] == [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "The weather in a city.",
                "parameters": WEATHER.parameters,
            },
        },
        {
            "type": "function",
            "function": {"name": "add", "parameters": {"type": "object", "properties": {}}},
        },
    ]
    assert second_body["messages"] == [
        {"role": "user", "content": "Weather in Paris, and 1 + 2?"},
        {
            "role": "assistant",
            "content": "Hm.",
            "tool_calls": [
                {
                    "id": "call_fake_1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
                },
                {
                    "id": "call_fake_2",
                    "type": "function",
                    "function": {"name": "add", "arguments": '{"a": 1, "b": 2}'},
                },
            ],
        },
        {"role": "tool", "tool_call_id": "call_fake_1", "content": "sunny"},
        {"role": "tool", "tool_call_id": "call_fake_2", "content": "3"},
    ]


@pytest.mark.real_calls
async def test_a_tool_loop_through_the_ledger_and_the_real_sdk(server: FakeOpenAIServer) -> None:
    box = Toolbox()

    @box.add
    def add(a: int, b: int) -> int:
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
    assert second["tools"][0]["function"]["name"] == "add"
    assert second["messages"][1]["tool_calls"][0]["function"] == {
        "name": "add",
        "arguments": '{"a": 2, "b": 3}',
    }
    assert second["messages"][2] == {"role": "tool", "tool_call_id": "call_fake_1", "content": "5"}


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
