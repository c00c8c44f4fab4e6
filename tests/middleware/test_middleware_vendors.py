"""``redraft.wrap`` around REAL openai and anthropic clients pointed at the fake
servers: what every wrapped client does alike. Each SDK's own response and
stream shapes are tested in ``test_middleware_openai.py`` and
``test_middleware_anthropic.py``."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from typing import Any

import pytest

from _judging import ALL_YES, checklist_reply
from _vendors import (
    QUESTION,
    VENDORS,
    AnthropicVendor,
    OpenAIVendor,
    Vendor,
    extension,
    running,
    settle,
)
from redraft import ConfigurationError, Policy, QualityError, RunFailedError
from redraft.middleware import wrap
from redraft.testing import FakeError, FakeToolCalls

FLAVOURS = pytest.mark.parametrize("sync", [True, False], ids=["sync", "async"])


@pytest.fixture(params=VENDORS, ids=lambda kind: kind.name)
async def vendor(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Vendor]:
    with running(request.param, monkeypatch) as running_vendor:
        yield running_vendor
        await running_vendor.aclose()


@pytest.mark.real_calls
async def test_async_client_streams_the_redraft_of_a_failing_draft(vendor: Vendor) -> None:
    vendor.server.add("Lyon is the capital.", *vendor.judged(checklist_reply(("no", 9))))
    vendor.server.add("Paris is the capital.", *vendor.judged(ALL_YES))
    client = wrap(vendor.client(sync=False))

    stream = await vendor.create(client, model="gpt-fake", messages=QUESTION, stream=True)
    items = [item async for item in stream]

    assert vendor.stream_text(items) == "Paris is the capital."
    assert "Lyon" not in vendor.stream_text(items)
    found = extension(items[-1])
    assert found["attempts"] == 2 and found["passed"] is True
    assert [e["passed"] for e in found["evaluations"]] == [False, True]
    assert [vendor.kind_of(b) for b in vendor.bodies()] == ["draft", *vendor.judging] * 2
    await client.close()


@pytest.mark.real_calls
async def test_sync_client_works_inside_a_running_event_loop(vendor: Vendor) -> None:
    vendor.server.add("Lyon.", "Paris.")
    client = wrap(vendor.client(sync=True), judge="none", must_match=["Paris"])
    reply = vendor.create(client, model="m", messages=QUESTION)  # loop running here
    assert vendor.text(reply) == "Paris."
    client.close()


@pytest.mark.real_calls
async def test_judge_model_from_the_environment_judges_through_the_same_client(
    vendor: Vendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDRAFT_JUDGE_MODEL", f"{vendor.name}:judge-model")
    vendor.server.add("Paris.", *vendor.judged(ALL_YES))
    client = wrap(vendor.client(sync=False))
    await vendor.create(client, model="writer-model", messages=QUESTION)
    judge_models = ["judge-model"] * len(vendor.judging)
    assert [b["model"] for b in vendor.bodies()] == ["writer-model", *judge_models]
    await client.close()


# -- opting out and passing through --------------------------------------------------------


@pytest.mark.real_calls
@FLAVOURS
@pytest.mark.parametrize(
    "opt_out",
    [{"redraft": False}, {"extra_body": {"redraft": False}}],
    ids=["keyword", "extra_body"],
)
async def test_per_call_opt_out_sends_one_request_and_returns_it_unchanged(
    vendor: Vendor, sync: bool, opt_out: dict[str, Any]
) -> None:
    vendor.server.add("Lyon is the capital.")
    client = wrap(vendor.client(sync=sync), judge="none", must_match=["Paris"])
    reply = await settle(vendor.create(client, model="m", messages=QUESTION, **opt_out))
    assert vendor.text(reply) == "Lyon is the capital."
    assert reply.id.startswith(vendor.reply_id)  # the server's own response
    assert reply.model_extra is None or "redraft" not in reply.model_extra
    [sent] = vendor.bodies()
    assert "redraft" not in sent
    assert "stream" not in sent
    await settle(client.close())


@pytest.mark.real_calls
async def test_redraft_enabled_false_makes_the_wrapper_a_pass_through(
    vendor: Vendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDRAFT_ENABLED", "false")
    vendor.server.add("Lyon is the capital.")
    client = wrap(vendor.client(sync=False), judge="none", must_match=["Paris"])
    reply = await vendor.create(client, model="m", messages=QUESTION, redraft={"max_attempts": 3})
    assert vendor.text(reply) == "Lyon is the capital."
    [sent] = vendor.bodies()
    assert "redraft" not in sent
    await client.close()


@pytest.mark.real_calls
async def test_enabled_argument_wins_over_the_environment(
    vendor: Vendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDRAFT_ENABLED", "false")
    vendor.server.add("Lyon.", "Paris.")
    client = wrap(vendor.client(sync=False), judge="none", must_match=["Paris"], enabled=True)
    reply = await vendor.create(client, model="m", messages=QUESTION)
    assert vendor.text(reply) == "Paris."
    assert len(vendor.bodies()) == 2
    await client.close()


@pytest.mark.real_calls
@FLAVOURS
async def test_tool_calls_come_back_unjudged_and_the_answer_after_them_is_judged(
    vendor: Vendor, sync: bool
) -> None:
    vendor.server.add(
        FakeToolCalls([("lookup", {"city": "Paris"})], ids=["call_1"]),
        "It is sunny.",
        "It is sunny in Paris.",
    )
    client = wrap(
        vendor.client(sync=sync), judge="none", must_match=["Paris"], compile_checks=False
    )
    first = await settle(vendor.create(client, model="m", messages=QUESTION, tools=vendor.tools))
    answered, tools_called = vendor.stops
    assert vendor.stop_reason(first) == tools_called
    assert vendor.called(first) == [("call_1", "lookup", {"city": "Paris"})]
    assert extension(first)["passed"] is None  # a tool round is not judged
    assert len(vendor.bodies()) == 1
    follow_up = vendor.with_result(QUESTION, first, "sunny")
    second = await settle(vendor.create(client, model="m", messages=follow_up, tools=vendor.tools))
    # The answer left the city out: judged, sent back, redrafted.
    assert vendor.text(second) == "It is sunny in Paris."
    assert vendor.stop_reason(second) == answered
    assert extension(second)["attempts"] == 2 and extension(second)["passed"] is True
    for body in vendor.bodies()[1:]:
        # The tools, the call and its result went with every draft, in the SDK's shape.
        assert vendor.offered(body) == ["lookup"]
        assert vendor.sent_tools(body) == [("call_1", "lookup", "sunny")]
    await settle(client.close())


@pytest.mark.real_calls
async def test_server_tools_pass_through_with_one_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # Anthropic runs its server tools (web search …) itself: nothing to hand back.
    with running(AnthropicVendor, monkeypatch) as vendor:
        vendor.server.add("Lyon.", "Lyon again.")
        client = wrap(vendor.client(sync=False), judge="none", must_match=["Paris"])
        search = [{"type": "web_search_20250305", "name": "web_search"}]
        with caplog.at_level(logging.WARNING, logger="redraft.middleware"):
            for _ in range(2):
                reply = await vendor.create(client, model="m", messages=QUESTION, tools=search)
                assert "Lyon" in vendor.text(reply)
        assert len(vendor.bodies()) == 2
        assert all(b["tools"] == search for b in vendor.bodies())
        warnings = [r for r in caplog.records if r.name == "redraft.middleware"]
        assert len(warnings) == 1
        assert "offers tools redraft cannot hand back" in warnings[0].getMessage()
        await client.close()
        await vendor.aclose()


@pytest.mark.real_calls
@FLAVOURS
async def test_every_other_attribute_is_the_real_clients(
    vendor: Vendor, sync: bool, caplog: pytest.LogCaptureFixture
) -> None:
    real = vendor.client(sync=sync)
    client = wrap(real, judge="none", must_match=["Paris"])
    models = await settle(client.models.list())
    assert [m.id for m in models.data] == ["fake-model"]
    assert client.base_url == real.base_url
    assert client.api_key == vendor.key
    assert client.__wrapped__ is real
    with caplog.at_level(logging.WARNING, logger="redraft.middleware"):
        raw = vendor.resource(client).with_raw_response
    assert raw is not None
    assert "with_raw_response is not redrafted" in caplog.text
    # with_options keeps the wrapper: the copy still redrafts.
    vendor.server.add("Lyon.", "Paris.")
    quick = client.with_options(timeout=5.0)
    reply = await settle(vendor.create(quick, model="m", messages=QUESTION))
    assert vendor.text(reply) == "Paris."
    await settle(client.close())


# -- options -------------------------------------------------------------------------------


@pytest.mark.real_calls
def test_env_threshold_and_max_retries_apply_and_explicit_policy_wins(
    vendor: Vendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDRAFT_THRESHOLD", "0.5")
    monkeypatch.setenv("REDRAFT_MAX_RETRIES", "1")
    # A yes at confidence 5 scores 0.75: it passes at 0.5, not at the default 0.8.
    vendor.server.add("A fair answer.", *vendor.judged(checklist_reply(("yes", 5))))
    client = wrap(vendor.client(sync=True))
    reply = vendor.create(client, model="m", messages=QUESTION)
    assert extension(reply)["passed"] is True
    assert extension(reply)["attempts"] == 1

    vendor.server.add("Lyon.", "Lyon.", "Lyon.")  # never passes: 1 + 1 retry = 2 attempts
    checks = wrap(vendor.client(sync=True), judge="none", must_match=["Paris"])
    reply = vendor.create(checks, model="m", messages=QUESTION)
    assert extension(reply)["attempts"] == 2
    assert len(vendor.bodies()) == 1 + len(vendor.judging) + 2

    explicit = wrap(
        vendor.client(sync=True), judge="none", must_match=["Paris"], policy=Policy(max_attempts=1)
    )
    vendor.server.add("Lyon.")
    reply = vendor.create(explicit, model="m", messages=QUESTION)
    assert extension(reply)["attempts"] == 1
    for wrapped in (client, checks, explicit):
        wrapped.close()


@pytest.mark.real_calls
async def test_per_call_options_override_the_wrapper(vendor: Vendor) -> None:
    vendor.server.add("Lyon.", "Still Lyon.")
    client = wrap(vendor.client(sync=False), judge="none", must_match=["Paris"])
    reply = await vendor.create(
        client,
        model="m",
        messages=QUESTION,
        extra_body={"redraft": {"must_match": ["Lyon"], "max_attempts": 1}},
    )
    assert vendor.text(reply) == "Lyon."
    # The pattern passed, the question itself is unverified: passed is null.
    assert extension(reply)["passed"] is None
    assert (
        extension(reply)["evaluations"][0]["account"] == "2 requirements: 1 exact ✓, 1 unverified"
    )
    assert len(vendor.bodies()) == 1
    await client.close()


@pytest.mark.real_calls
async def test_unknown_per_call_options_are_named_and_nothing_is_sent(vendor: Vendor) -> None:
    client = wrap(vendor.client(sync=False), judge="none", must_match=["Paris"])
    with pytest.raises(
        ConfigurationError,
        match=r"unknown redraft options: 'treshold' \(did you mean 'threshold'\?\), 'retries'",
    ):
        await vendor.create(
            client, model="m", messages=QUESTION, redraft={"treshold": 0.5, "retries": 2}
        )
    with pytest.raises(ConfigurationError, match="unknown redraft option 'budget'; did you mean"):
        await vendor.create(client, model="m", messages=QUESTION, redraft={"budget": 10})
    with pytest.raises(ConfigurationError, match=r"redraft\.max_attempts"):
        await vendor.create(client, model="m", messages=QUESTION, redraft={"max_attempts": 0})
    assert vendor.server.requests == []
    await client.close()


@pytest.mark.real_calls
@pytest.mark.parametrize("where", ["keyword", "extra_body"])
async def test_on_exhausted_raise_raises_quality_error_with_every_draft(
    vendor: Vendor, where: str
) -> None:
    vendor.server.add("Lyon.", "Marseille.")
    client = wrap(vendor.client(sync=False), judge="none", must_match=["Paris"])
    options = {"on_exhausted": "raise", "max_attempts": 2}
    placed = {"redraft": options} if where == "keyword" else {"extra_body": {"redraft": options}}
    with pytest.raises(QualityError) as caught:
        await vendor.create(client, model="m", messages=QUESTION, **placed)
    assert [d.text for d in caught.value.result.drafts] == ["Lyon.", "Marseille."]
    assert caught.value.attempts == 2
    assert caught.value.result.attempts == 2
    assert len(vendor.bodies()) == 2
    await client.close()


@pytest.mark.real_calls
async def test_best_draft_is_returned_when_none_passes(vendor: Vendor) -> None:
    # Both fail the one item; the first less surely (score 0.25 against 0.0).
    vendor.server.add("Lyon.", *vendor.judged(checklist_reply(("no", 5))))
    vendor.server.add("Marseille.", *vendor.judged(checklist_reply(("no", 10))))
    client = wrap(vendor.client(sync=False), policy=Policy(max_attempts=2))
    reply = await vendor.create(client, model="m", messages=QUESTION)
    assert vendor.text(reply) == "Lyon."
    assert (extension(reply)["passed"], extension(reply)["final_attempt"]) == (False, 1)
    await client.close()


@pytest.mark.real_calls
async def test_a_run_that_fails_outright_raises_run_failed_with_the_context(
    vendor: Vendor,
) -> None:
    vendor.server.add(FakeError(401))
    client = wrap(vendor.client(sync=False), judge="none", must_match=["Paris"])
    with pytest.raises(RunFailedError) as caught:
        await vendor.create(client, model="m", messages=QUESTION)
    assert caught.value.error_type == "ProviderAuthError"
    assert caught.value.continue_context == QUESTION
    assert len(vendor.bodies()) == 1  # auth errors are not retried
    await client.close()


def test_real_calls_stay_blocked_inside_the_private_loop_thread(vendor: Vendor) -> None:
    # Not marked real_calls: the guard set in this thread must reach the
    # sync wrapper's own loop thread, so nothing is sent.
    nowhere = vendor.server.base_url.replace(vendor.server.url, "http://127.0.0.1:9")
    client = wrap(vendor.client(sync=True, base_url=nowhere), judge="none", must_match=["Paris"])
    with pytest.raises(RunFailedError) as caught:
        vendor.create(client, model="m", messages=QUESTION)
    assert caught.value.error_type == "RealModelCallBlockedError"
    client.close()


@pytest.mark.real_calls
def test_requirements_stated_in_the_prompt_become_checks_unless_switched_off(
    vendor: Vendor,
) -> None:
    ask = [{"role": "user", "content": "Name the capital of France in at most 4 words."}]
    vendor.server.add("The capital city of France is Paris.", "Paris, France.")
    with wrap(vendor.client(sync=True), judge="none", must_not_match=["Lyon"]) as client:
        reply = vendor.create(client, model="m", messages=ask)
        assert vendor.text(reply) == "Paris, France."
        # The word limit passes; "name the capital" is left unverified.
        assert [e["passed"] for e in extension(reply)["evaluations"]] == [False, None]
        # The redraft was told exactly what to fix.
        assert "7 words" in json.dumps(vendor.bodies()[1]["messages"][-1]["content"])

        vendor.server.add("The capital city of France is Paris.")
        kept = vendor.create(
            client, model="m", messages=ask, extra_body={"redraft": {"compile_checks": False}}
        )
        assert vendor.text(kept) == "The capital city of France is Paris."


@pytest.mark.real_calls
async def test_streamed_tool_calls_come_back_in_each_sdks_shape(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with running(OpenAIVendor, monkeypatch) as vendor:
        vendor.server.add(FakeToolCalls([("lookup", {"city": "Paris"})], ids=["call_1"]))
        client = wrap(vendor.client(sync=False), judge="none", must_match=["Paris"])
        stream = await vendor.create(
            client, model="m", messages=QUESTION, tools=vendor.tools, stream=True
        )
        items = [item async for item in stream]
        calls = [c for i in items if i.choices for c in i.choices[0].delta.tool_calls or []]
        assert [(c.index, c.id, c.function.name) for c in calls] == [(0, "call_1", "lookup")]
        assert json.loads(calls[0].function.arguments) == {"city": "Paris"}
        assert items[-1].choices[0].finish_reason == "tool_calls"
        await client.close()
        await vendor.aclose()
    with running(AnthropicVendor, monkeypatch) as vendor:
        vendor.server.add(FakeToolCalls([("lookup", {"city": "Paris"})], ids=["toolu_1"]))
        client = wrap(vendor.client(sync=False), judge="none", must_match=["Paris"])
        stream = await vendor.create(
            client, model="m", messages=QUESTION, tools=vendor.tools, stream=True
        )
        events = [event async for event in stream]
        started = [e.content_block for e in events if e.type == "content_block_start"]
        assert [(b.type, b.id, b.name) for b in started] == [("tool_use", "toolu_1", "lookup")]
        pieces = [e.delta.partial_json for e in events if e.type == "content_block_delta"]
        assert json.loads("".join(pieces)) == {"city": "Paris"}
        assert [e.delta.stop_reason for e in events if e.type == "message_delta"] == ["tool_use"]
        await client.close()
        await vendor.aclose()
