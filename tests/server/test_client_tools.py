"""Client tools, the OpenAI way: a draft that calls the client's tools comes
back as `tool_calls`, unjudged, streamed or not; the client's next request,
with the results, is answered, judged and redrafted as usual. Driven by the
official `openai` SDK."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import openai
import pytest
from openai.types.chat import ChatCompletionFunctionToolParam

from _live_server import serve_in_thread
from redraft import Completion, ModelRequest, ToolCall
from redraft.app import Settings
from redraft.providers import FunctionModel, ProviderRegistry
from redraft.server import create_app

pytestmark = pytest.mark.real_calls  # the official SDK talks to the live app

PROFILES = """
[profiles.assistant]
model = "scripted:assistant"
judge_model = "none"
compile_checks = false
must_match = ["Paris"]
"""

WEATHER: ChatCompletionFunctionToolParam = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "The weather in a city.",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"],
        },
    },
}
QUESTION: list[Any] = [{"role": "user", "content": "Is it sunny in the capital of France?"}]


def _model(request: ModelRequest) -> str | Completion:
    """Asks for the weather until it has it; then answers, first without the
    city (which the pattern sends back), then properly."""
    results = [m.text for m in request.messages if m.role == "tool"]
    if not results:
        call = ToolCall(id="call_w1", name="get_weather", arguments=json.dumps({"city": "Paris"}))
        return Completion(text="", tool_calls=[call])
    # The question does not name the city; the pattern's feedback does.
    if not any(m.role == "user" and "Paris" in m.text for m in request.messages):
        return f"It is {results[-1]} there."
    return f"It is {results[-1]} in Paris."


@pytest.fixture
def client(tmp_path: Path, database_url: str) -> Iterator[tuple[openai.OpenAI, FunctionModel]]:
    profiles = tmp_path / "profiles.toml"
    profiles.write_text(PROFILES, encoding="utf-8")
    model = FunctionModel(_model)
    registry = ProviderRegistry()
    registry.add("scripted:assistant", model)
    settings = Settings(database_url=database_url, profiles=profiles)
    with serve_in_thread(create_app(settings, registry=registry)) as base_url:
        yield openai.OpenAI(base_url=f"{base_url}/v1", api_key="unused", max_retries=0), model


def _follow_up(call: Any, result: str) -> list[Any]:
    return [
        *QUESTION,
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.function.name, "arguments": call.function.arguments},
                }
            ],
        },
        {"role": "tool", "tool_call_id": call.id, "content": result},
    ]


def test_tool_calls_round_trip_without_streaming(
    client: tuple[openai.OpenAI, FunctionModel],
) -> None:
    sdk, model = client
    first = sdk.chat.completions.create(model="assistant", messages=QUESTION, tools=[WEATHER])
    choice = first.choices[0]
    assert choice.finish_reason == "tool_calls"
    (call,) = choice.message.tool_calls or []
    assert call.type == "function"
    assert (call.id, call.function.name, json.loads(call.function.arguments)) == (
        "call_w1",
        "get_weather",
        {"city": "Paris"},
    )
    extension: dict[str, Any] = first.model_extra["redraft"]  # type: ignore[index]
    # Unjudged: the tool round is not the answer.
    assert extension["passed"] is None and extension["stop_reason"] == "tool_calls"
    assert [e["passed"] for e in extension["evaluations"]] == [None]
    assert model.history[0].tools and model.history[0].tools[0].name == "get_weather"

    second = sdk.chat.completions.create(
        model="assistant", messages=_follow_up(call, "sunny"), tools=[WEATHER]
    )
    answer = second.choices[0]
    assert answer.finish_reason == "stop"
    assert answer.message.content == "It is sunny in Paris."
    redrafted: dict[str, Any] = second.model_extra["redraft"]  # type: ignore[index]
    # The first answer left the city out; the pattern's feedback got it in.
    assert redrafted["passed"] is True and redrafted["attempts"] == 2


def test_tool_calls_round_trip_streamed(client: tuple[openai.OpenAI, FunctionModel]) -> None:
    sdk, _ = client
    with sdk.chat.completions.stream(
        model="assistant", messages=QUESTION, tools=[WEATHER]
    ) as stream:
        first = stream.get_final_completion()
    choice = first.choices[0]
    assert choice.finish_reason == "tool_calls"
    (call,) = choice.message.tool_calls or []
    assert (call.function.name, json.loads(call.function.arguments)) == (
        "get_weather",
        {"city": "Paris"},
    )
    with sdk.chat.completions.stream(
        model="assistant", messages=_follow_up(call, "rainy"), tools=[WEATHER]
    ) as stream:
        second = stream.get_final_completion()
    assert second.choices[0].finish_reason == "stop"
    assert second.choices[0].message.content == "It is rainy in Paris."


def test_a_tool_that_is_not_a_function_tool_is_refused(
    client: tuple[openai.OpenAI, FunctionModel],
) -> None:
    sdk, _ = client
    base_url = str(sdk.base_url).rstrip("/")
    bad = httpx.post(
        f"{base_url}/chat/completions",
        json={"model": "assistant", "messages": QUESTION, "tools": [{"type": "retrieval"}]},
    )
    assert bad.status_code == 400
    assert "tools[0] must be a function tool" in bad.json()["error"]["message"]
    unnamed = httpx.post(
        f"{base_url}/chat/completions",
        json={
            "model": "assistant",
            "messages": QUESTION,
            "tools": [{"type": "function", "function": {"name": "has space"}}],
        },
    )
    assert unnamed.status_code == 400
    assert "tools[0].function.name" in unnamed.json()["error"]["message"]
