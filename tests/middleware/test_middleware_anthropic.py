"""``redraft.wrap`` around REAL anthropic clients pointed at the fake Anthropic
server: the ``Message`` and raw-event shapes and Anthropic's own arguments.
What every wrapped client does alike is in ``test_middleware_vendors.py``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import anthropic
import pytest
from anthropic.types import Message as AnthropicMessage

from _judging import checklist_reply
from _vendors import ANTHROPIC_QUESTION
from redraft.middleware import wrap
from redraft.testing import FakeAnthropicServer

KEY = "sk-ant-test"


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ENABLED", "THRESHOLD", "MAX_RETRIES", "JUDGE_MODEL", "MODEL"):
        monkeypatch.delenv(f"REDRAFT_{name}", raising=False)
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def server() -> Iterator[FakeAnthropicServer]:
    with FakeAnthropicServer() as fake:
        yield fake


def bodies(server: FakeAnthropicServer) -> list[dict[str, Any]]:
    return [r["body"] for r in server.requests if r["path"] == "/v1/messages"]


@pytest.mark.real_calls
async def test_async_client_redrafts_with_its_own_model_as_judge(
    server: FakeAnthropicServer,
) -> None:
    # Three checklist items, the question, the criteria and the system
    # prompt's rule: all unmet, then all met.
    server.add(
        "Lyon.",
        checklist_reply(("no", 10), ("no", 10), ("no", 10)),
        "Paris.",
        checklist_reply(("yes", 10), ("yes", 10), ("yes", 10)),
    )
    client = wrap(
        anthropic.AsyncAnthropic(base_url=server.base_url, api_key=KEY, max_retries=0),
        criteria="Names the capital correctly.",
    )

    message = await client.messages.create(
        model="claude-fake",
        max_tokens=64,
        system=[{"type": "text", "text": "Answer in one word."}],
        messages=[{"role": "user", "content": [{"type": "text", "text": "Capital of France?"}]}],
    )

    assert isinstance(message, AnthropicMessage)
    assert [block.type for block in message.content] == ["text"]
    first = message.content[0]
    assert first.type == "text"
    assert first.text == "Paris."
    assert message.stop_reason == "end_turn"
    assert message.model == "claude-fake"
    extension = message.model_extra["redraft"] if message.model_extra else {}
    assert message.id == f"msg_{extension['run_id']}"
    assert (extension["passed"], extension["attempts"]) == (True, 2)
    assert [e["passed"] for e in extension["evaluations"]] == [False, True]
    assert message.usage.input_tokens > 0 and message.usage.output_tokens > 0
    draft, judge, redraft, _ = bodies(server)
    assert draft["system"] == "Answer in one word."
    assert draft["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "Capital of France?"}]}
    ]
    assert draft["max_tokens"] == 64
    assert "output_config" in judge  # the judge asks for its JSON shape
    assert "2. Names the capital correctly" in json.dumps(judge)  # the criteria, an item
    assert "Make the answer meet this requirement: Names the capital correctly" in json.dumps(
        redraft["messages"]
    )
    assert {b["model"] for b in bodies(server)} == {"claude-fake"}
    await client.close()


@pytest.mark.real_calls
def test_sync_client_streams_the_accepted_draft_as_raw_events(
    server: FakeAnthropicServer,
) -> None:
    server.add("Lyon is the capital.", "Paris is the capital.")
    client = wrap(
        anthropic.Anthropic(base_url=server.base_url, api_key=KEY, max_retries=0),
        judge="none",
        must_match=["Paris"],
    )
    stream = client.messages.create(
        model="c", max_tokens=64, messages=ANTHROPIC_QUESTION, stream=True
    )
    with stream:
        events = list(stream)
    client.close()

    kinds = [event.type for event in events]
    assert kinds[:2] == ["message_start", "content_block_start"]
    assert kinds[-3:] == ["content_block_stop", "message_delta", "message_stop"]
    assert set(kinds[2:-3]) == {"content_block_delta"}
    text = ""
    for event in events[2:-3]:
        assert event.type == "content_block_delta" and event.delta.type == "text_delta"
        text += event.delta.text
    assert text == "Paris is the capital."
    assert len(kinds[2:-3]) == 4
    delta = events[-2]
    assert delta.type == "message_delta"
    assert delta.delta.stop_reason == "end_turn"
    assert delta.usage.output_tokens > 0
    stop = events[-1]
    extension = stop.model_extra["redraft"] if stop.model_extra else {}
    # The pattern passed; nothing judged the answer itself: passed is null.
    assert (extension["passed"], extension["attempts"]) == (None, 2)
    assert len(bodies(server)) == 2


@pytest.mark.real_calls
async def test_prefill_passes_through(server: FakeAnthropicServer) -> None:
    server.add("Paris")
    client = wrap(
        anthropic.AsyncAnthropic(base_url=server.base_url, api_key=KEY, max_retries=0),
        judge="none",
        must_match=["Nice"],
    )
    message = await client.messages.create(
        model="c",
        max_tokens=64,
        messages=[*ANTHROPIC_QUESTION, {"role": "assistant", "content": "The capital is"}],
    )
    first = message.content[0]
    assert first.type == "text"
    assert first.text == "Paris"
    assert len(bodies(server)) == 1
    await client.close()


@pytest.mark.real_calls
def test_the_other_messages_methods_are_the_real_clients(server: FakeAnthropicServer) -> None:
    client = wrap(
        anthropic.Anthropic(base_url=server.base_url, api_key=KEY, max_retries=0),
        judge="none",
        must_match=["Paris"],
    )
    assert client.messages.count_tokens is not None
    client.close()
