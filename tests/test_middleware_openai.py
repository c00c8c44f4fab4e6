"""``redraft.wrap`` around REAL openai clients pointed at the fake OpenAI server."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import openai
import pytest
from openai.types.chat import ChatCompletion, ChatCompletionChunk

from redraft import ConfigurationError, Policy, QualityError, RunFailedError
from redraft.middleware import wrap
from redraft.testing import FakeError, FakeOpenAIServer

KEY = "sk-test-key"
QUESTION = [{"role": "user", "content": "What is the capital of France?"}]


def verdict(score: int, hint: str = "") -> str:
    """A ``quality`` judge reply, as the fake server sends it back."""
    return json.dumps(
        {
            "quality_score": score,
            "confidence_score": 9,
            "issues": [] if score >= 8 else ["names the wrong city"],
            "improvement_hint": hint,
        }
    )


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


# -- non-streaming ------------------------------------------------------------------------


@pytest.mark.real_calls
async def test_async_client_redrafts_a_failing_draft_judged_by_its_own_model(
    server: FakeOpenAIServer,
) -> None:
    server.add("Lyon is the capital.", verdict(3, "Name Paris."))
    server.add("Paris is the capital.", verdict(9))
    client = wrap(async_client(server))

    reply = await client.chat.completions.create(model="gpt-fake", messages=QUESTION)

    assert isinstance(reply, ChatCompletion)
    assert reply.choices[0].message.content == "Paris is the capital."
    assert reply.choices[0].finish_reason == "stop"
    assert reply.model == "gpt-fake"
    extension = reply.model_extra["redraft"] if reply.model_extra else {}
    assert reply.id == f"chatcmpl-{extension['run_id']}"
    assert extension["passed"] is True
    assert extension["attempts"] == 2
    assert [e["passed"] for e in extension["evaluations"]] == [False, True]
    assert extension["evaluations"][0]["score"] == pytest.approx(0.3)
    assert [c["kind"] for c in extension["calls"]] == ["draft", "judge", "draft", "judge"]
    # The fake saw draft, judge, redraft, judge: all with the call's model,
    # the judge constrained to JSON, the redraft carrying the judge's critique.
    sent = bodies(server)
    assert [is_judge(b) for b in sent] == [False, True, False, True]
    assert {b["model"] for b in sent} == {"gpt-fake"}
    assert sent[0]["messages"] == QUESTION
    assert "Name Paris." in sent[2]["messages"][-1]["content"]
    assert "Lyon is the capital." in json.dumps(sent[1]["messages"])
    assert all("redraft" not in b for b in sent)
    await client.close()


@pytest.mark.real_calls
def test_sync_client_redrafts_and_streams_only_the_accepted_draft(
    server: FakeOpenAIServer,
) -> None:
    server.add("Lyon is the capital.", "Paris is the capital of France.")
    with wrap(sync_client(server), judge="none", must_match=["Paris"]) as client:
        first = client.chat.completions.create(model="m", messages=QUESTION)
        assert first.choices[0].message.content == "Paris is the capital of France."

        server.add("Marseille.", "It is Paris, of course.")
        stream = client.chat.completions.create(
            model="m", messages=QUESTION, stream=True, stream_options={"include_usage": True}
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
    assert extension["passed"] is True
    assert [e["passed"] for e in extension["evaluations"]] == [False, True]
    assert usage.choices == []
    assert usage.usage is not None and usage.usage.completion_tokens > 0
    assert len({c.id for c in chunks}) == 1
    assert len(bodies(server)) == 4  # two runs of draft + redraft; checks only, no judge calls
    with pytest.raises(RuntimeError, match="closed"):
        client.chat.completions.create(model="m", messages=QUESTION)


@pytest.mark.real_calls
async def test_async_stream_is_an_async_iterator_that_closes(server: FakeOpenAIServer) -> None:
    server.add("Lyon.", "Paris.")
    client = wrap(async_client(server), judge="none", must_match=["Paris"])

    stream = await client.chat.completions.create(model="m", messages=QUESTION, stream=True)
    async with stream:
        first = await stream.__anext__()
    assert first.choices[0].delta.role == "assistant"
    assert [c async for c in stream] == []  # closed by the context manager

    server.add("Paris.")
    stream = await client.chat.completions.create(model="m", messages=QUESTION, stream=True)
    chunks = [c async for c in stream]
    assert text_of(chunks) == "Paris."
    assert chunks[-1].model_extra is not None
    assert chunks[-1].model_extra["redraft"]["attempts"] == 1
    assert chunks[-1].usage is None  # no include_usage, no usage chunk
    await client.close()


@pytest.mark.real_calls
async def test_async_client_streams_the_redraft_of_a_failing_draft(
    server: FakeOpenAIServer,
) -> None:
    server.add("Lyon is the capital.", verdict(2, "Name Paris."))
    server.add("Paris is the capital.", verdict(9))
    client = wrap(async_client(server))

    stream = await client.chat.completions.create(model="gpt-fake", messages=QUESTION, stream=True)
    chunks = [c async for c in stream]

    assert text_of(chunks) == "Paris is the capital."
    assert not any("Lyon" in (c.choices[0].delta.content or "") for c in chunks if c.choices)
    extension = chunks[-1].model_extra["redraft"] if chunks[-1].model_extra else {}
    assert extension["attempts"] == 2 and extension["passed"] is True
    assert [e["passed"] for e in extension["evaluations"]] == [False, True]
    assert [is_judge(b) for b in bodies(server)] == [False, True, False, True]
    await client.close()


@pytest.mark.real_calls
async def test_sync_client_works_inside_a_running_event_loop(server: FakeOpenAIServer) -> None:
    server.add("Lyon.", "Paris.")
    client = wrap(sync_client(server), judge="none", must_match=["Paris"])
    reply = client.chat.completions.create(model="m", messages=QUESTION)  # loop running here
    assert reply.choices[0].message.content == "Paris."
    client.close()


# -- what is sent -------------------------------------------------------------------------


@pytest.mark.real_calls
async def test_sampling_arguments_reach_the_drafts_and_the_judge_gets_its_own(
    server: FakeOpenAIServer,
) -> None:
    server.add("Paris.", verdict(9))
    client = wrap(async_client(server))
    await client.chat.completions.create(
        model="m",
        messages=[{"role": "developer", "content": "Be brief."}, *QUESTION],
        temperature=0.3,
        max_tokens=40,
        seed=7,
        top_p=0.5,
        user="user-1",
        extra_body={"custom": 1},
    )
    draft, judge = bodies(server)
    assert draft["temperature"] == 0.3
    assert draft["max_tokens"] == 40
    assert (draft["seed"], draft["top_p"], draft["user"], draft["custom"]) == (7, 0.5, "user-1", 1)
    assert draft["messages"][0] == {"role": "system", "content": "Be brief."}
    assert "stream" in draft  # the provider streams each draft
    assert "seed" not in judge and "custom" not in judge
    assert judge["temperature"] == 0.1  # the judge's own setting
    await client.close()


@pytest.mark.real_calls
async def test_judge_model_from_the_environment_judges_through_the_same_client(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDRAFT_JUDGE_MODEL", "openai:judge-model")
    server.add("Paris.", verdict(9))
    client = wrap(async_client(server))
    await client.chat.completions.create(model="writer-model", messages=QUESTION)
    assert [b["model"] for b in bodies(server)] == ["writer-model", "judge-model"]
    await client.close()


# -- opting out and passing through --------------------------------------------------------


@pytest.mark.real_calls
@pytest.mark.parametrize(
    "opt_out",
    [{"redraft": False}, {"extra_body": {"redraft": False}}],
    ids=["keyword", "extra_body"],
)
def test_per_call_opt_out_sends_one_request_and_returns_it_unchanged(
    server: FakeOpenAIServer, opt_out: dict[str, Any]
) -> None:
    server.add("Lyon is the capital.")
    client = wrap(sync_client(server), judge="none", must_match=["Paris"])
    reply = client.chat.completions.create(model="m", messages=QUESTION, **opt_out)
    assert reply.choices[0].message.content == "Lyon is the capital."
    assert reply.id.startswith("chatcmpl-fake-")  # the server's own response
    assert reply.model_extra is None or "redraft" not in reply.model_extra
    [sent] = bodies(server)
    assert "redraft" not in sent
    assert "stream" not in sent
    client.close()


@pytest.mark.real_calls
async def test_redraft_enabled_false_makes_the_wrapper_a_pass_through(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDRAFT_ENABLED", "false")
    server.add("Lyon is the capital.")
    client = wrap(async_client(server), judge="none", must_match=["Paris"])
    reply = await client.chat.completions.create(
        model="m", messages=QUESTION, redraft={"max_attempts": 3}
    )
    assert reply.choices[0].message.content == "Lyon is the capital."
    [sent] = bodies(server)
    assert "redraft" not in sent
    await client.close()


@pytest.mark.real_calls
async def test_enabled_argument_wins_over_the_environment(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDRAFT_ENABLED", "false")
    server.add("Lyon.", "Paris.")
    client = wrap(async_client(server), judge="none", must_match=["Paris"], enabled=True)
    reply = await client.chat.completions.create(model="m", messages=QUESTION)
    assert reply.choices[0].message.content == "Paris."
    assert len(bodies(server)) == 2
    await client.close()


@pytest.mark.real_calls
async def test_tool_calls_pass_through_with_one_warning(
    server: FakeOpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    tools = [{"type": "function", "function": {"name": "lookup", "parameters": {}}}]
    server.add("Lyon.", "Lyon again.")
    client = wrap(async_client(server), judge="none", must_match=["Paris"])
    with caplog.at_level(logging.WARNING, logger="redraft.middleware"):
        for _ in range(2):
            reply = await client.chat.completions.create(model="m", messages=QUESTION, tools=tools)
            assert "Lyon" in (reply.choices[0].message.content or "")
    assert len(bodies(server)) == 2
    assert all(b["tools"] == tools for b in bodies(server))
    warnings = [r for r in caplog.records if r.name == "redraft.middleware"]
    assert len(warnings) == 1
    assert "tools" in warnings[0].getMessage()
    await client.close()


@pytest.mark.real_calls
async def test_n_above_one_and_unconfigured_json_schema_pass_through(
    server: FakeOpenAIServer,
) -> None:
    schema = {"type": "object", "properties": {"city": {"type": "string"}}}
    response_format = {"type": "json_schema", "json_schema": {"name": "a", "schema": schema}}
    server.add("Lyon.", '{"city": "Lyon"}')
    client = wrap(async_client(server), judge="none", must_match=["Paris"])
    await client.chat.completions.create(model="m", messages=QUESTION, n=2)
    await client.chat.completions.create(
        model="m", messages=QUESTION, response_format=response_format
    )
    assert len(bodies(server)) == 2
    # With a json_schema check configured the same call is redrafted, the
    # response_format going with every draft.
    server.add('{"city": 3}', '{"city": "Paris"}')
    checked = wrap(async_client(server), judge="none", json_schema={**schema, "required": ["city"]})
    reply = await checked.chat.completions.create(
        model="m", messages=QUESTION, response_format=response_format
    )
    assert reply.choices[0].message.content == '{"city": "Paris"}'
    assert [b.get("response_format") for b in bodies(server)[2:]] == [response_format] * 2
    await client.close()
    await checked.close()


@pytest.mark.real_calls
async def test_every_other_attribute_is_the_real_clients(
    server: FakeOpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    real = async_client(server)
    client = wrap(real, judge="none", must_match=["Paris"])
    models = await client.models.list()
    assert [m.id for m in models.data] == ["fake-model"]
    assert client.base_url == real.base_url
    assert client.api_key == KEY
    assert client.__wrapped__ is real
    with caplog.at_level(logging.WARNING, logger="redraft.middleware"):
        raw = client.chat.completions.with_raw_response
    assert raw is not None
    assert "with_raw_response is not redrafted" in caplog.text
    # with_options keeps the wrapper: the copy still redrafts.
    server.add("Lyon.", "Paris.")
    quick = client.with_options(timeout=5.0)
    reply = await quick.chat.completions.create(model="m", messages=QUESTION)
    assert reply.choices[0].message.content == "Paris."
    await client.close()


# -- options -------------------------------------------------------------------------------


@pytest.mark.real_calls
def test_env_threshold_and_max_retries_apply_and_explicit_policy_wins(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDRAFT_THRESHOLD", "0.5")
    monkeypatch.setenv("REDRAFT_MAX_RETRIES", "1")
    server.add("A fair answer.", verdict(6))  # 0.6 passes at 0.5, not at the default 0.8
    client = wrap(sync_client(server))
    reply = client.chat.completions.create(model="m", messages=QUESTION)
    assert reply.model_extra is not None
    assert reply.model_extra["redraft"]["passed"] is True
    assert reply.model_extra["redraft"]["attempts"] == 1

    server.add("Lyon.", "Lyon.", "Lyon.")  # never passes: 1 + 1 retry = 2 attempts
    checks = wrap(sync_client(server), judge="none", must_match=["Paris"])
    reply = checks.chat.completions.create(model="m", messages=QUESTION)
    assert reply.model_extra is not None
    assert reply.model_extra["redraft"]["attempts"] == 2
    assert len(bodies(server)) == 4

    explicit = wrap(
        sync_client(server), judge="none", must_match=["Paris"], policy=Policy(max_attempts=1)
    )
    server.add("Lyon.")
    reply = explicit.chat.completions.create(model="m", messages=QUESTION)
    assert reply.model_extra is not None
    assert reply.model_extra["redraft"]["attempts"] == 1
    for wrapped in (client, checks, explicit):
        wrapped.close()


@pytest.mark.real_calls
async def test_per_call_options_override_the_wrapper(server: FakeOpenAIServer) -> None:
    server.add("Lyon.", "Still Lyon.")
    client = wrap(async_client(server), judge="none", must_match=["Paris"])
    reply = await client.chat.completions.create(
        model="m",
        messages=QUESTION,
        extra_body={"redraft": {"must_match": ["Lyon"], "max_attempts": 1}},
    )
    assert reply.choices[0].message.content == "Lyon."
    assert reply.model_extra is not None
    assert reply.model_extra["redraft"]["passed"] is True
    assert len(bodies(server)) == 1
    await client.close()


@pytest.mark.real_calls
async def test_unknown_per_call_options_are_named_and_nothing_is_sent(
    server: FakeOpenAIServer,
) -> None:
    client = wrap(async_client(server), judge="none", must_match=["Paris"])
    with pytest.raises(ConfigurationError, match="unknown redraft options: treshold, retries"):
        await client.chat.completions.create(
            model="m", messages=QUESTION, redraft={"treshold": 0.5, "retries": 2}
        )
    with pytest.raises(ConfigurationError, match=r"redraft\.max_attempts"):
        await client.chat.completions.create(
            model="m", messages=QUESTION, redraft={"max_attempts": 0}
        )
    assert server.requests == []
    await client.close()


@pytest.mark.real_calls
async def test_on_exhausted_raise_raises_quality_error_with_every_draft(
    server: FakeOpenAIServer,
) -> None:
    server.add("Lyon.", "Marseille.")
    client = wrap(async_client(server), judge="none", must_match=["Paris"])
    with pytest.raises(QualityError) as caught:
        await client.chat.completions.create(
            model="m",
            messages=QUESTION,
            redraft={"on_exhausted": "raise", "max_attempts": 2},
        )
    assert [d.text for d in caught.value.result.drafts] == ["Lyon.", "Marseille."]
    assert caught.value.attempts == 2
    await client.close()


@pytest.mark.real_calls
async def test_best_draft_is_returned_when_none_passes(server: FakeOpenAIServer) -> None:
    server.add("Lyon.", verdict(5), "Marseille.", verdict(2))
    client = wrap(async_client(server), policy=Policy(max_attempts=2))
    reply = await client.chat.completions.create(model="m", messages=QUESTION)
    assert reply.choices[0].message.content == "Lyon."
    assert reply.model_extra is not None
    extension = reply.model_extra["redraft"]
    assert (extension["passed"], extension["final_attempt"]) == (False, 1)
    await client.close()


@pytest.mark.real_calls
async def test_a_run_that_fails_outright_raises_run_failed_with_the_context(
    server: FakeOpenAIServer,
) -> None:
    server.add(FakeError(401))
    client = wrap(async_client(server), judge="none", must_match=["Paris"])
    with pytest.raises(RunFailedError) as caught:
        await client.chat.completions.create(model="m", messages=QUESTION)
    assert caught.value.error_type == "ProviderAuthError"
    assert caught.value.continue_context == QUESTION
    assert len(bodies(server)) == 1  # auth errors are not retried
    await client.close()


def test_real_calls_stay_blocked_inside_the_private_loop_thread() -> None:
    # Not marked real_calls: the guard set in this thread must reach the
    # sync wrapper's own loop thread, so nothing is sent.
    client = wrap(
        openai.OpenAI(base_url="http://127.0.0.1:9/v1", api_key=KEY),
        judge="none",
        must_match=["Paris"],
    )
    with pytest.raises(RunFailedError) as caught:
        client.chat.completions.create(model="m", messages=QUESTION)
    assert caught.value.error_type == "RealModelCallBlockedError"
    client.close()


@pytest.mark.real_calls
def test_requirements_stated_in_the_prompt_become_checks_unless_switched_off(
    server: FakeOpenAIServer,
) -> None:
    ask = [{"role": "user", "content": "Name the capital of France in at most 4 words."}]
    server.add("The capital city of France is Paris.", "Paris, France.")
    with wrap(sync_client(server), judge="none", must_not_match=["Lyon"]) as client:
        reply = client.chat.completions.create(model="m", messages=ask)
        assert reply.choices[0].message.content == "Paris, France."
        extension = reply.model_extra["redraft"] if reply.model_extra else {}
        assert [e["passed"] for e in extension["evaluations"]] == [False, True]
        # The redraft was told exactly what to fix.
        assert "7 words" in bodies(server)[1]["messages"][-1]["content"]

        server.add("The capital city of France is Paris.")
        kept = client.chat.completions.create(
            model="m", messages=ask, extra_body={"redraft": {"compile_checks": False}}
        )
        assert kept.choices[0].message.content == "The capital city of France is Paris."
