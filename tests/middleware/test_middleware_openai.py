"""``redraft.wrap`` around REAL openai clients pointed at the fake OpenAI
server: the ``ChatCompletion`` and chunk shapes and OpenAI's own arguments.
What every wrapped client does alike is in ``test_middleware_vendors.py``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import openai
import pytest
from openai.types.chat import ChatCompletion, ChatCompletionChunk
from openai.types.shared_params import ResponseFormatJSONSchema

from _judging import ALL_YES, PROBE, checklist_reply
from _vendors import OPENAI_QUESTION
from redraft.middleware import wrap
from redraft.testing import FakeOpenAIServer

KEY = "sk-test-key"


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ENABLED", "THRESHOLD", "MAX_RETRIES", "JUDGE_MODEL", "MODEL"):
        monkeypatch.delenv(f"REDRAFT_{name}", raising=False)
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as fake:
        yield fake


def async_client(server: FakeOpenAIServer) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(base_url=server.base_url, api_key=KEY, max_retries=0)


def sync_client(server: FakeOpenAIServer) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.base_url, api_key=KEY, max_retries=0)


def bodies(server: FakeOpenAIServer) -> list[dict[str, Any]]:
    return [r["body"] for r in server.requests if r["path"] == "/v1/chat/completions"]


def is_judge(body: dict[str, Any]) -> bool:
    return "response_format" in body


def text_of(chunks: list[ChatCompletionChunk]) -> str:
    return "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)


@pytest.mark.real_calls
async def test_async_client_redrafts_a_failing_draft_judged_by_its_own_model(
    server: FakeOpenAIServer,
) -> None:
    # The judge asks each checklist item (here one: the question) for one
    # token with its log-probabilities first; the fake sends none, so it asks
    # again in words.
    server.add("Lyon is the capital.", PROBE, checklist_reply(("no", 6)))
    server.add("Paris is the capital.", PROBE, ALL_YES)
    client = wrap(async_client(server))

    reply = await client.chat.completions.create(model="gpt-fake", messages=OPENAI_QUESTION)

    assert isinstance(reply, ChatCompletion)
    assert reply.choices[0].message.content == "Paris is the capital."
    assert reply.choices[0].finish_reason == "stop"
    assert reply.model == "gpt-fake"
    extension = reply.model_extra["redraft"] if reply.model_extra else {}
    assert reply.id == f"chatcmpl-{extension['run_id']}"
    assert extension["passed"] is True
    assert extension["attempts"] == 2
    assert [e["passed"] for e in extension["evaluations"]] == [False, True]
    assert extension["evaluations"][0]["score"] == pytest.approx(0.2)  # a "no" at confidence 6
    assert [c["kind"] for c in extension["calls"]] == ["draft", "judge", "judge"] * 2
    # The fake saw draft, probe, judge, redraft, probe, judge: all with the
    # call's model, the probe asking for log-probabilities, the judge
    # constrained to JSON, the redraft carrying the judge's critique.
    sent = bodies(server)
    assert [(is_judge(b), b.get("top_logprobs")) for b in sent] == [
        (False, None),
        (False, 10),
        (True, None),
    ] * 2
    assert {b["model"] for b in sent} == {"gpt-fake"}
    assert sent[0]["messages"] == OPENAI_QUESTION
    assert "Make the answer meet this requirement" in sent[3]["messages"][-1]["content"]
    assert "Lyon is the capital." in json.dumps(sent[1]["messages"])
    assert "Lyon is the capital." in json.dumps(sent[2]["messages"])
    assert all("redraft" not in b for b in sent)
    await client.close()


@pytest.mark.real_calls
def test_sync_client_redrafts_and_streams_only_the_accepted_draft(
    server: FakeOpenAIServer,
) -> None:
    server.add("Lyon is the capital.", "Paris is the capital of France.")
    with wrap(sync_client(server), judge="none", must_match=["Paris"]) as client:
        first = client.chat.completions.create(model="m", messages=OPENAI_QUESTION)
        assert first.choices[0].message.content == "Paris is the capital of France."

        server.add("Marseille.", "It is Paris, of course.")
        stream = client.chat.completions.create(
            model="m", messages=OPENAI_QUESTION, stream=True, stream_options={"include_usage": True}
        )
        with stream:
            chunks = list(stream)

    assert all(isinstance(c, ChatCompletionChunk) for c in chunks)
    assert text_of(chunks) == "It is Paris, of course."
    assert len([c for c in chunks if c.choices and c.choices[0].delta.content]) > 1
    assert not any("Marseille" in (c.choices[0].delta.content or "") for c in chunks if c.choices)
    assert chunks[0].choices[0].delta.role == "assistant"
    *_, finish, usage = chunks
    assert finish.choices[0].finish_reason == "stop"
    extension = finish.model_extra["redraft"] if finish.model_extra else {}
    assert extension["attempts"] == 2
    # The pattern passed; nothing judged the answer itself: passed is null.
    assert extension["passed"] is None
    assert [e["passed"] for e in extension["evaluations"]] == [False, None]
    assert usage.choices == []
    assert usage.usage is not None and usage.usage.completion_tokens > 0
    assert len({c.id for c in chunks}) == 1
    assert len(bodies(server)) == 4  # two runs of draft + redraft; checks only, no judge calls
    with pytest.raises(RuntimeError, match="closed"):
        client.chat.completions.create(model="m", messages=OPENAI_QUESTION)


@pytest.mark.real_calls
async def test_async_stream_is_an_async_iterator_that_closes(server: FakeOpenAIServer) -> None:
    server.add("Lyon.", "Paris.")
    client = wrap(async_client(server), judge="none", must_match=["Paris"])

    stream = await client.chat.completions.create(model="m", messages=OPENAI_QUESTION, stream=True)
    async with stream:
        first = await stream.__anext__()
    assert first.choices[0].delta.role == "assistant"
    assert [c async for c in stream] == []  # closed by the context manager

    server.add("Paris.")
    stream = await client.chat.completions.create(model="m", messages=OPENAI_QUESTION, stream=True)
    chunks = [c async for c in stream]
    assert text_of(chunks) == "Paris."
    assert chunks[-1].model_extra is not None
    assert chunks[-1].model_extra["redraft"]["attempts"] == 1
    assert chunks[-1].usage is None  # no include_usage, no usage chunk
    await client.close()


@pytest.mark.real_calls
async def test_sampling_arguments_reach_the_drafts_and_the_judge_gets_its_own(
    server: FakeOpenAIServer,
) -> None:
    # Two requirements, each probed then asked in words: the question, and
    # the developer message's rule.
    server.add("Paris.", PROBE, ALL_YES, PROBE, ALL_YES)
    client = wrap(async_client(server))
    await client.chat.completions.create(
        model="m",
        messages=[{"role": "developer", "content": "Be brief."}, *OPENAI_QUESTION],
        temperature=0.3,
        max_tokens=40,
        seed=7,
        top_p=0.5,
        user="user-1",
        extra_body={"custom": 1},
    )
    draft, probe, judge, second_probe, _ = bodies(server)
    assert "Requirement: Be brief" in second_probe["messages"][-1]["content"]
    assert draft["temperature"] == 0.3
    assert draft["max_tokens"] == 40
    assert (draft["seed"], draft["top_p"], draft["user"], draft["custom"]) == (7, 0.5, "user-1", 1)
    assert draft["messages"][0] == {"role": "system", "content": "Be brief."}
    assert "stream" in draft  # the provider streams each draft
    for own in (probe, judge):
        assert "seed" not in own and "custom" not in own and "top_p" not in own
    # The judge's own settings: one greedy token for the probe, its temperature in words.
    assert (probe["temperature"], probe["max_tokens"]) == (0.0, 1)
    assert judge["temperature"] == 0.1
    await client.close()


@pytest.mark.real_calls
async def test_n_above_one_and_unconfigured_json_schema_pass_through(
    server: FakeOpenAIServer,
) -> None:
    schema: dict[str, object] = {"type": "object", "properties": {"city": {"type": "string"}}}
    response_format: ResponseFormatJSONSchema = {
        "type": "json_schema",
        "json_schema": {"name": "a", "schema": schema},
    }
    server.add("Lyon.", '{"city": "Lyon"}')
    client = wrap(async_client(server), judge="none", must_match=["Paris"])
    await client.chat.completions.create(model="m", messages=OPENAI_QUESTION, n=2)
    await client.chat.completions.create(
        model="m", messages=OPENAI_QUESTION, response_format=response_format
    )
    assert len(bodies(server)) == 2
    # With a json_schema check configured the same call is redrafted, the
    # response_format going with every draft.
    server.add('{"city": 3}', '{"city": "Paris"}')
    checked = wrap(async_client(server), judge="none", json_schema={**schema, "required": ["city"]})
    reply = await checked.chat.completions.create(
        model="m", messages=OPENAI_QUESTION, response_format=response_format
    )
    assert reply.choices[0].message.content == '{"city": "Paris"}'
    assert [b.get("response_format") for b in bodies(server)[2:]] == [response_format] * 2
    await client.close()
    await checked.close()
