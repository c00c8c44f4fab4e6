"""The OpenAI wire format, checked against the official SDK's own types."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openai.types.chat import ChatCompletion, ChatCompletionChunk
from pydantic import ValidationError

from redraft import (
    BudgetExhaustedError,
    ConfigurationError,
    Policy,
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRateLimitError,
    ProviderResponseError,
    ProviderTimeoutError,
    QualityError,
    RealModelCallBlockedError,
    RunFailedError,
    RunResult,
    Usage,
    run,
)
from redraft.app import UnknownModelError
from redraft.evaluators import MaxWords
from redraft.providers import ScriptedModel
from redraft.server._wire import (
    MAX_CONTENT_CHARS,
    MAX_MESSAGES,
    ChatCompletionRequest,
    error_status_for,
    error_status_for_name,
)
from redraft.wire._openai import (
    SSE_DONE,
    chunk,
    completion_response,
    extension_from_result,
    result_chunks,
)
from redraft.wire._sse import encode_sse


def body(**fields: Any) -> dict[str, Any]:
    return {"model": "local", "messages": [{"role": "user", "content": "Hi"}], **fields}


def errors_of(raw: dict[str, Any]) -> list[dict[str, Any]]:
    with pytest.raises(ValidationError) as caught:
        ChatCompletionRequest.model_validate(raw)
    return [dict(e) for e in caught.value.errors()]


def locations(raw: dict[str, Any]) -> list[str]:
    return [".".join(str(p) for p in e["loc"]) for e in errors_of(raw)]


async def a_result() -> RunResult:
    """A real two-draft run: the first draft is too long, the second passes."""
    generator = ScriptedModel(["one two three four five six", "one two"])
    return await run(
        "Count.", generator=generator, evaluator=MaxWords(3), policy=Policy(max_attempts=3)
    )


# -- the request ---------------------------------------------------------------------------


def test_a_typical_sdk_request_is_accepted_with_unused_fields_kept() -> None:
    wire = ChatCompletionRequest.model_validate(
        body(
            messages=[
                {"role": "developer", "content": "Be terse."},
                {"role": "user", "content": [{"type": "text", "text": "Hi"}]},
            ],
            stream=True,
            stream_options={"include_usage": True},
            temperature=0.3,
            max_completion_tokens=100,
            n=1,
            tools=[{"type": "function", "function": {"name": "f", "parameters": {}}}],
            tool_choice="auto",
            user="u1",
            metadata={"k": "v"},
            seed=7,
            top_p=0.9,
            stop=["\n\n"],
            logit_bias={"50256": -100},
            redraft={"threshold": 0.5, "must_match": ["Hi"]},
        )
    )
    messages = wire.redraft_messages()
    assert [m.role for m in messages] == ["system", "user"]  # developer → system
    assert messages[1].text == "Hi"
    assert wire.model_extra == {"tool_choice": "auto", "logit_bias": {"50256": -100}}
    options = wire.redraft_options()
    assert options is not None and options.must_match == ["Hi"]
    assert options.policy_given() == {"threshold": 0.5}
    assert ChatCompletionRequest.model_validate(body()).redraft_options() is None


def test_n_other_than_one_is_refused_naming_n() -> None:
    errors = errors_of(body(n=2))
    assert [e["loc"] for e in errors] == [("n",)] and "only n=1" in errors[0]["msg"]


def test_too_many_messages_are_refused_naming_messages() -> None:
    many = [{"role": "user", "content": "x"}] * (MAX_MESSAGES + 44)
    errors = errors_of(body(messages=many))
    assert [e["loc"] for e in errors] == [("messages",)]
    assert f"{MAX_MESSAGES + 44} messages" in errors[0]["msg"]


def test_an_empty_message_list_is_refused() -> None:
    errors = errors_of(body(messages=[]))
    assert errors[0]["loc"] == ("messages",) and "must not be empty" in errors[0]["msg"]


def test_an_oversized_message_is_refused_naming_its_index() -> None:
    big = "x" * (MAX_CONTENT_CHARS + 1)
    messages = [{"role": "user", "content": "a"}, {"role": "user", "content": big}]
    errors = errors_of(body(messages=messages))
    assert errors[0]["loc"] == ("messages",) and "messages[1].content" in errors[0]["msg"]
    parts = [{"role": "user", "content": [{"type": "text", "text": big}]}]
    assert locations(body(messages=parts)) == ["messages"]


def test_unknown_redraft_options_are_named_together() -> None:
    errors = errors_of(body(redraft={"threshold": 0.5, "max_attemps": 2, "colour": "red"}))
    assert [e["loc"] for e in errors] == [("redraft",)]
    assert errors[0]["msg"].startswith(
        "unknown redraft options: 'max_attemps' (did you mean 'max_attempts'?), 'colour'; "
        "known options: criteria, must_match,"
    )


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        (body(redraft={"threshold": 2}), "redraft.threshold"),
        (body(redraft={"max_attempts": 50}), "redraft.max_attempts"),
        (body(redraft="fast"), "redraft"),
        (body(messages=[{"role": "robot", "content": "x"}]), "messages.0.role"),
        (body(messages=[{"role": "system", "content": "x"}]), "messages"),
        (body(messages="Hi"), "messages"),
        (body(model=""), "model"),
        (body(temperature=3), "temperature"),
        (body(max_tokens=0), "max_tokens"),
        ({"messages": [{"role": "user", "content": "Hi"}]}, "model"),
    ],
)
def test_bad_fields_are_named(raw: dict[str, Any], where: str) -> None:
    assert where in locations(raw)


# -- responses, parsed by the SDK ----------------------------------------------------------


def test_completion_response_parses_as_the_sdks_chat_completion() -> None:
    extension = {"run_id": "run_1", "passed": True, "score": 0.9}
    raw = completion_response(
        "run_1", "fast", "Paris.", Usage(input_tokens=12, output_tokens=3), "stop", extension
    )
    completion = ChatCompletion.model_validate(raw)
    assert completion.id == "chatcmpl-run_1" and completion.object == "chat.completion"
    assert completion.model == "fast" and isinstance(completion.created, int)
    choice = completion.choices[0]
    assert (choice.index, choice.finish_reason) == (0, "stop")
    assert (choice.message.role, choice.message.content) == ("assistant", "Paris.")
    assert completion.usage is not None
    assert (
        completion.usage.prompt_tokens,
        completion.usage.completion_tokens,
        completion.usage.total_tokens,
    ) == (12, 3, 15)
    assert (completion.model_extra or {})["redraft"] == extension
    assert completion.redraft == extension  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("given", "sent"), [("length", "length"), ("end_turn", "stop"), ("max_tokens", "length")]
)
def test_finish_reasons_are_kept_within_the_sdks_set(given: str, sent: str) -> None:
    raw = completion_response("r", "m", "x", Usage(), given, {})
    assert ChatCompletion.model_validate(raw).choices[0].finish_reason == sent


def test_chunks_parse_as_the_sdks_chat_completion_chunk() -> None:
    first = ChatCompletionChunk.model_validate(chunk("run_1", "m", role="assistant", delta=""))
    assert first.id == "chatcmpl-run_1" and first.object == "chat.completion.chunk"
    assert (first.choices[0].delta.role, first.choices[0].delta.content) == ("assistant", "")
    assert first.choices[0].finish_reason is None

    piece = ChatCompletionChunk.model_validate(chunk("run_1", "m", delta="Par"))
    assert piece.choices[0].delta.content == "Par" and piece.choices[0].delta.role is None

    extension = {"run_id": "run_1", "passed": False, "attempts": 3}
    last = ChatCompletionChunk.model_validate(
        chunk("run_1", "m", finish_reason="stop", extension=extension)
    )
    assert last.choices[0].finish_reason == "stop" and last.choices[0].delta.content is None
    assert last.redraft == extension  # type: ignore[attr-defined]

    usage = ChatCompletionChunk.model_validate(
        chunk("run_1", "m", usage=Usage(input_tokens=4, output_tokens=6), choices=False)
    )
    assert usage.choices == [] and usage.usage is not None and usage.usage.total_tokens == 10


def test_a_chunk_event_is_one_data_line_and_a_blank_line() -> None:
    event = encode_sse(chunk("run_1", "m", delta="line one\nline two\r\n…"))
    assert event.startswith("data: ") and event.endswith("\n\n")
    assert event.count("\n") == 2 and "\r" not in event
    assert not any(line.startswith(("event:", "id:")) for line in event.splitlines())
    payload = json.loads(event[len("data: ") : -2])
    assert payload["choices"][0]["delta"]["content"] == "line one\nline two\r\n…"
    assert SSE_DONE == "data: [DONE]\n\n"


def test_encode_sse_names_and_numbers_events_and_splits_text_into_data_lines() -> None:
    framed = encode_sse('{"seq":7}', event="run_started", id=7)
    assert framed == 'id: 7\nevent: run_started\ndata: {"seq":7}\n\n'
    assert encode_sse("one\r\ntwo\rthree\nfour") == (
        "data: one\ndata: two\ndata: three\ndata: four\n\n"
    )


async def test_result_chunks_stream_the_answer_in_words_that_join_back() -> None:
    result = await a_result()
    bodies = result_chunks(result, "m", include_usage=True)
    chunks = [ChatCompletionChunk.model_validate(b) for b in bodies]
    assert chunks[0].choices[0].delta.role == "assistant"
    texts = [c.choices[0].delta.content for c in chunks[1:-2]]
    assert texts == ["one ", "two"] and "".join(t or "" for t in texts) == result.final_answer
    assert chunks[-2].choices[0].finish_reason == "stop"
    assert chunks[-2].redraft == extension_from_result(result)  # type: ignore[attr-defined]
    assert chunks[-1].choices == [] and chunks[-1].usage is not None
    assert len({c.created for c in chunks}) == 1
    # What a live stream has already sent is left out.
    ending = result_chunks(result, "m", include_usage=False, role=False, text=False)
    assert [b["choices"][0]["finish_reason"] for b in ending] == ["stop"]


async def test_the_extension_shows_evaluations_and_calls_without_messages() -> None:
    result = await a_result()
    extension = extension_from_result(result)
    assert extension["run_id"] == result.run_id
    assert (extension["passed"], extension["score"], extension["attempts"]) == (True, 1.0, 2)
    assert extension["stop_reason"] == "passed" and extension["final_attempt"] == 2
    assert [(e["attempt"], e["passed"]) for e in extension["evaluations"]] == [
        (1, False),
        (2, True),
    ]
    keys = {"attempt", "passed", "score", "reason", "account", "requirements"}
    assert all(set(e) == keys for e in extension["evaluations"])
    assert "6 words" in extension["evaluations"][0]["reason"]
    calls = extension["calls"]
    assert [(c["kind"], c["attempt"], c["status"]) for c in calls] == [
        ("draft", 1, "ok"),
        ("draft", 2, "ok"),
    ]
    assert calls[0]["provider"] == "scripted" and calls[0]["usage"]["output_tokens"] > 0
    assert "messages" not in json.dumps(extension)
    completion = ChatCompletion.model_validate(
        completion_response(
            result.run_id, "m", result.final_answer, result.usage, "stop", extension
        )
    )
    assert completion.redraft["evaluations"][1]["passed"] is True  # type: ignore[attr-defined]


# -- errors ----------------------------------------------------------------------------------


async def test_error_status_for_maps_every_error() -> None:
    result = await a_result()
    cases: list[tuple[Exception, tuple[int, str, str | None, bool]]] = [
        (ConfigurationError("x"), (400, "invalid_request_error", None, False)),
        (ValueError("x"), (400, "invalid_request_error", None, False)),
        (
            UnknownModelError("x", model="m"),
            (404, "invalid_request_error", "model_not_found", False),
        ),
        (ProviderAuthError("x"), (502, "api_error", "upstream_auth_error", False)),
        (ProviderRateLimitError("x"), (429, "rate_limit_error", "upstream_rate_limited", True)),
        (ProviderTimeoutError("x"), (504, "api_error", "upstream_timeout", True)),
        (ProviderConnectionError("x"), (502, "api_error", "upstream_unreachable", True)),
        (ProviderResponseError("x", retryable=True), (502, "api_error", "upstream_error", True)),
        (ProviderError("x"), (502, "api_error", "upstream_error", False)),
        (
            BudgetExhaustedError("x", limit="deadline"),
            (504, "api_error", "deadline_exceeded", False),
        ),
        (
            BudgetExhaustedError("x", limit="tokens"),
            (422, "invalid_request_error", "token_budget_exhausted", False),
        ),
        (
            QualityError("x", result=result),
            (422, "invalid_request_error", "quality_not_met", False),
        ),
        (
            RealModelCallBlockedError("x"),
            (400, "invalid_request_error", "real_model_calls_blocked", False),
        ),
        (RuntimeError("x"), (500, "server_error", None, True)),
    ]
    for exc, expected in cases:
        assert error_status_for(exc) == expected, type(exc).__name__


async def test_a_failed_run_answers_as_the_error_that_ended_it() -> None:
    result = await a_result()
    auth = RunFailedError("x", result=result, error_type="ProviderAuthError")
    assert error_status_for(auth)[:3] == (502, "api_error", "upstream_auth_error")
    deadline = RunFailedError(
        "x",
        result=result.model_copy(update={"stop_reason": "deadline"}),
        error_type="BudgetExhaustedError",
    )
    assert error_status_for(deadline)[0] == 504
    assert error_status_for_name("BudgetExhaustedError", stop_reason="budget")[0] == 422
    assert error_status_for_name("ProviderRateLimitError")[:2] == (429, "rate_limit_error")
    assert error_status_for_name("SomethingElse") == (502, "api_error", "run_failed", False)
