"""Tools and the tool loop, on scripted providers through a real Ledger."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator
from typing import Annotated, Any

import pytest
from pydantic import BaseModel, Field

from redraft import (
    BudgetExhaustedError,
    Completion,
    ConfigurationError,
    Message,
    ModelRequest,
    Policy,
    ProviderError,
    ProviderResponseError,
    Tool,
    Toolbox,
    ToolCall,
    ToolExecution,
    ToolLoopLimitError,
    Usage,
    tool,
)
from redraft.core import StreamChunk, ToolConversation
from redraft.core._ledger import Ledger
from redraft.core._tool_loop import draft_with_tools
from redraft.providers import FunctionModel, Provider, ScriptedModel

Item = StreamChunk | ToolExecution


def asks(*calls: tuple[str, str, dict[str, Any] | str], text: str = "") -> Completion:
    """A scripted answer asking for ``(id, name, arguments)`` calls."""
    return Completion(
        text=text,
        tool_calls=[
            ToolCall(id=i, name=n, arguments=a if isinstance(a, str) else json.dumps(a))
            for i, n, a in calls
        ],
        finish_reason="tool_calls",
        usage=Usage(input_tokens=5, output_tokens=3),
    )


def question(text: str = "What is 1 + 2, and the weather in Paris?") -> list[Message]:
    return [Message(role="system", content="Use tools."), Message(role="user", content=text)]


async def drive(
    model: Provider,
    toolbox: Toolbox,
    conversation: ToolConversation,
    *,
    ledger: Ledger | None = None,
    max_iterations: int = 5,
    attempt: int = 1,
    into: list[Item] | None = None,
) -> list[Item]:
    """Run the loop to its end; ``into`` keeps what it yielded even when it raises."""
    items: list[Item] = [] if into is None else into
    loop = draft_with_tools(
        ledger or Ledger(Policy()),
        model,
        conversation,
        toolbox,
        attempt=attempt,
        max_iterations=max_iterations,
        max_tokens=200,
        temperature=0.2,
    )
    async with contextlib.aclosing(loop):
        async for item in loop:
            items.append(item)
    return items


def text_after_last_execution(items: list[Item]) -> str:
    text = ""
    for item in items:
        if isinstance(item, ToolExecution):
            text = ""
        else:
            text += item.delta
    return text


def calculator() -> Toolbox:
    box = Toolbox()

    @box.add
    def add(a: int, b: int) -> int:
        """Add two whole numbers."""
        return a + b

    return box


# -- tools --------------------------------------------------------------------


def test_the_schema_comes_from_the_signature_and_the_description_from_the_docstring() -> None:
    @tool
    def lookup(
        city: Annotated[str, Field(description="The city's name.")],
        json: bool = False,
        *,
        days: int = 1,
    ) -> str:
        """Look up the weather.

        Returns a short forecast.
        """
        return city

    assert isinstance(lookup, Tool)
    assert lookup.name == "lookup"
    assert lookup.description == "Look up the weather.\n\nReturns a short forecast."
    assert lookup.parameters == {
        "type": "object",
        "properties": {
            "city": {"type": "string", "title": "City", "description": "The city's name."},
            "json": {"type": "boolean", "title": "Json", "default": False},
            "days": {"type": "integer", "title": "Days", "default": 1},
        },
        "required": ["city"],
        "additionalProperties": False,
    }
    assert lookup("Paris") == "Paris"  # still callable as the function
    spec = lookup.spec()
    assert (spec.name, spec.description, spec.parameters) == (
        "lookup",
        lookup.description,
        lookup.parameters,
    )


def test_tool_options_override_name_and_description() -> None:
    @tool(name="get-weather", description="Weather now.", timeout_s=2)
    def weather(city: str) -> str:
        return city

    assert (weather.name, weather.description, weather.timeout_s) == (
        "get-weather",
        "Weather now.",
        2,
    )


def test_toolbox_registers_by_name() -> None:
    def add(a: int, b: int) -> int:
        return a + b

    box = Toolbox([add])
    assert len(box) == 1
    assert "add" in box
    assert box.names == ["add"]
    assert box.get("add") is not None
    assert box.get("nope") is None
    assert [s.name for s in box.specs()] == ["add"]
    assert [t.name for t in box] == ["add"]
    with pytest.raises(ConfigurationError, match="already has a tool named 'add'"):
        box.add(add)


def test_tools_that_cannot_be_described_are_configuration_errors() -> None:
    def spread(*values: int) -> int:
        return sum(values)

    def positional(a: int, /) -> int:
        return a

    with pytest.raises(ConfigurationError, match="cannot be passed by name"):
        tool(spread)
    with pytest.raises(ConfigurationError, match="cannot be passed by name"):
        tool(positional)
    with pytest.raises(ConfigurationError, match="not allowed"):
        tool(name="has spaces")(lambda: 1)
    with pytest.raises(ConfigurationError, match="timeout_s"):
        Tool(name="slow", function=lambda: 1, timeout_s=0)


async def test_results_are_sent_as_text_or_json() -> None:
    class Forecast(BaseModel):
        sky: str

    box = Toolbox()
    box.add(tool(name="text")(lambda: "as is"))
    box.add(tool(name="mapping")(lambda: {"temp": 21, "unit": "°C"}))
    box.add(tool(name="model")(lambda: Forecast(sky="clear")))
    box.add(tool(name="nothing")(lambda: None))
    results = [await box.run(ToolCall(id="c", name=n)) for n in box.names]
    assert [r.result for r in results] == [
        "as is",
        '{"temp": 21, "unit": "°C"}',
        '{"sky":"clear"}',
        "null",
    ]
    assert all(r.error is None for r in results)


async def test_a_tool_built_by_hand_gets_the_json_object_as_keyword_arguments() -> None:
    seen: list[dict[str, Any]] = []

    async def record(**kwargs: Any) -> str:
        seen.append(kwargs)
        return "ok"

    schema = {"type": "object", "properties": {"q": {"type": "string"}}}
    box = Toolbox([Tool(name="search", function=record, parameters=schema)])
    assert box.specs()[0].parameters == schema
    execution = await box.run(ToolCall(id="c1", name="search", arguments='{"q": "x"}'))
    assert execution.model_dump(exclude={"latency_ms"}) == {
        "call_id": "c1",
        "name": "search",
        "arguments": '{"q": "x"}',
        "result": "ok",
        "error": None,
        "iteration": 1,
    }
    assert seen == [{"q": "x"}]


# -- the loop -----------------------------------------------------------------


async def test_two_tool_rounds_with_a_sync_and_an_async_tool_then_an_answer() -> None:
    threads: list[int] = []
    box = Toolbox()

    @box.add
    def add(a: int, b: int) -> int:
        """Add two whole numbers."""
        threads.append(threading.get_ident())
        return a + b

    @box.add
    async def weather(city: str) -> dict[str, Any]:
        """The weather in a city."""
        await asyncio.sleep(0)
        return {"city": city, "sky": "sunny"}

    model = ScriptedModel(
        [
            asks(("c1", "add", {"a": 1, "b": 2}), ("c2", "weather", {"city": "Paris"}), text="Hm."),
            asks(("c3", "add", {"a": 3, "b": 4})),
            "It is 3, and sunny in Paris.",
        ]
    )
    ledger = Ledger(Policy())
    conversation = ToolConversation(question())

    items = await drive(model, box, conversation, ledger=ledger, attempt=2)

    executions = [i for i in items if isinstance(i, ToolExecution)]
    assert [(e.call_id, e.name, e.result, e.error, e.iteration) for e in executions] == [
        ("c1", "add", "3", None, 1),
        ("c2", "weather", '{"city": "Paris", "sky": "sunny"}', None, 1),
        ("c3", "add", "7", None, 2),
    ]
    assert threads and threading.get_ident() not in threads  # sync tools run in a thread
    finals = [i for i in items if isinstance(i, StreamChunk) and not i.delta]
    assert [f.finish_reason for f in finals] == ["tool_calls", "tool_calls", "stop"]
    assert [[c.id for c in f.tool_calls or []] for f in finals] == [["c1", "c2"], ["c3"], []]
    assert finals[-1].tool_calls is None
    assert text_after_last_execution(items) == "It is 3, and sunny in Paris."
    assert conversation.text == "It is 3, and sunny in Paris."
    assert conversation.finish_reason == "stop"
    assert conversation.rounds == 3
    assert conversation.tool_turns == 2
    assert conversation.executions == executions

    tool_turns = [
        Message.model_validate(
            {
                "role": "assistant",
                "content": "Hm.",
                "tool_calls": [
                    {
                        "id": "c1",
                        "type": "function",
                        "function": {"name": "add", "arguments": '{"a": 1, "b": 2}'},
                    },
                    {
                        "id": "c2",
                        "type": "function",
                        "function": {"name": "weather", "arguments": '{"city": "Paris"}'},
                    },
                ],
            }
        ),
        Message(role="tool", tool_call_id="c1", content="3"),
        Message(role="tool", tool_call_id="c2", content='{"city": "Paris", "sky": "sunny"}'),
        Message.model_validate(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "c3",
                        "type": "function",
                        "function": {"name": "add", "arguments": '{"a": 3, "b": 4}'},
                    }
                ],
            }
        ),
        Message(role="tool", tool_call_id="c3", content="7"),
    ]
    assert conversation.messages == [*question(), *tool_turns]
    # Each round saw the history so far, with the tools offered every time.
    assert [len(r.messages) for r in model.history] == [2, 5, 7]
    assert model.history[2].messages == conversation.messages
    assert all(r.tools == box.specs() for r in model.history)
    assert all((r.max_tokens, r.temperature) == (200, 0.2) for r in model.history)
    # One call record per round, all for this draft attempt.
    assert [(c.kind, c.attempt, c.status) for c in ledger.calls] == [("draft", 2, "ok")] * 3
    assert [len(c.messages) for c in ledger.calls] == [2, 5, 7]
    assert ledger.calls[-1].text == "It is 3, and sunny in Paris."
    assert conversation.usage == ledger.usage


@pytest.mark.parametrize(
    ("arguments", "error"),
    [
        ('{"a": 1, "b": ', "the arguments are not valid JSON"),
        ("[1, 2]", "the arguments must be a JSON object"),
        ('{"a": "one", "b": 2}', "invalid arguments for 'add': a: Input should be a valid integer"),
        ('{"a": 1}', "invalid arguments for 'add': b: Field required"),
        ('{"a": 1, "b": 2, "c": 3}', "invalid arguments for 'add': c: Extra inputs"),
    ],
)
async def test_bad_arguments_become_an_error_result_and_the_run_goes_on(
    arguments: str, error: str
) -> None:
    called: list[int] = []
    box = Toolbox()

    @box.add
    def add(a: int, b: int) -> int:
        called.append(a + b)
        return a + b

    model = ScriptedModel([asks(("c1", "add", arguments)), "Sorry, 3."])
    conversation = ToolConversation(question())
    items = await drive(model, box, conversation)

    [execution] = [i for i in items if isinstance(i, ToolExecution)]
    assert execution.error is not None and execution.error.startswith(error)
    assert execution.result == f"Error: {execution.error}"
    assert execution.arguments == arguments
    assert called == []
    assert conversation.messages[-1] == Message(
        role="tool", tool_call_id="c1", content=execution.result
    )
    assert model.history[1].messages[-1].content == execution.result
    assert conversation.text == "Sorry, 3."


async def test_an_unknown_tool_is_reported_to_the_model() -> None:
    model = ScriptedModel([asks(("c1", "multiply", {"a": 2})), "I can only add."])
    conversation = ToolConversation(question())
    items = await drive(model, calculator(), conversation)
    [execution] = [i for i in items if isinstance(i, ToolExecution)]
    assert execution.result == "Error: there is no tool named 'multiply' (tools: add)"
    assert conversation.text == "I can only add."


async def test_a_failing_tool_is_reported_to_the_model() -> None:
    box = Toolbox()

    @box.add
    async def explode() -> str:
        raise ValueError("boom")

    @box.add
    def fine() -> str:
        return "fine"

    model = ScriptedModel([asks(("c1", "explode", {}), ("c2", "fine", "")), "Recovered."])
    conversation = ToolConversation(question())
    items = await drive(model, box, conversation)
    executions = [i for i in items if isinstance(i, ToolExecution)]
    assert [(e.result, e.error) for e in executions] == [
        (
            "Error: tool 'explode' failed: ValueError: boom",
            "tool 'explode' failed: ValueError: boom",
        ),
        ("fine", None),
    ]
    assert conversation.text == "Recovered."


async def test_a_tool_past_its_timeout_is_reported_and_a_tools_own_timeout_error_is_a_failure() -> (
    None
):
    async def slow() -> str:
        await asyncio.sleep(5)
        return "late"

    def flaky() -> str:
        raise TimeoutError("upstream took too long")

    box = Toolbox([Tool.from_function(slow, timeout_s=0.05), flaky])
    model = ScriptedModel([asks(("c1", "slow", {}), ("c2", "flaky", {})), "Gave up."])
    items = await drive(model, box, ToolConversation(question()))
    assert [i.result for i in items if isinstance(i, ToolExecution)] == [
        "Error: tool 'slow' timed out after 0.05s",
        "Error: tool 'flaky' failed: TimeoutError: upstream took too long",
    ]


async def test_calls_of_one_round_run_concurrently_unless_the_toolbox_says_not() -> None:
    order: list[str] = []

    def box_for(parallel: bool) -> Toolbox:
        barrier = asyncio.Barrier(2)

        async def meet(name: str) -> str:
            order.append(f"start {name}")
            if parallel:
                await barrier.wait()  # passes only when both calls are in flight
            order.append(f"end {name}")
            return name

        return Toolbox([meet], parallel=parallel)

    for parallel in (True, False):
        order.clear()
        model = ScriptedModel(
            [asks(("c1", "meet", {"name": "x"}), ("c2", "meet", {"name": "y"})), "Met."]
        )
        conversation = ToolConversation(question())
        async with asyncio.timeout(5):
            await drive(model, box_for(parallel), conversation)
        # Results are in the order asked for either way.
        assert [m.content for m in conversation.messages if m.role == "tool"] == ["x", "y"]
        if parallel:
            assert order[:2] == ["start x", "start y"]
        else:
            assert order == ["start x", "end x", "start y", "end y"]


async def test_the_iteration_limit_raises_with_the_tool_results_in_the_messages() -> None:
    box = calculator()
    model = ScriptedModel(
        [asks(("c1", "add", {"a": 1, "b": 1})), asks(("c2", "add", {"a": 2, "b": 2}))]
    )
    ledger = Ledger(Policy())
    conversation = ToolConversation(question())
    items: list[Item] = []

    with pytest.raises(ToolLoopLimitError) as caught:
        await drive(model, box, conversation, ledger=ledger, max_iterations=2, into=items)

    error = caught.value
    assert error.iterations == 2
    assert "max_tool_iterations=2" in str(error)
    assert error.messages == conversation.messages
    assert error.messages is not conversation.messages
    assert [(m.role, m.tool_call_id, m.content) for m in error.messages[-4:]] == [
        ("assistant", None, None),
        ("tool", "c1", "2"),
        ("assistant", None, None),
        ("tool", "c2", "4"),
    ]
    # Both rounds' tools ran (and were reported); no third model call was made.
    assert [i.result for i in items if isinstance(i, ToolExecution)] == ["2", "4"]
    assert len(model.history) == 2
    assert len(ledger.calls) == 2


async def test_resuming_from_the_limits_messages_sends_them_intact() -> None:
    box = calculator()
    first = ScriptedModel([asks(("c1", "add", {"a": 1, "b": 1}), text="Adding.")])
    with pytest.raises(ToolLoopLimitError) as caught:
        await drive(first, box, ToolConversation(question()), max_iterations=1)
    continue_context = caught.value.messages
    # The continue context travels as JSON (an event, an HTTP body) and back.
    wire = json.loads(json.dumps([m.model_dump(exclude_none=True) for m in continue_context]))
    resumed = [Message.model_validate(m) for m in wire]

    second = ScriptedModel(["1 + 1 = 2."])
    conversation = ToolConversation(resumed)
    items = await drive(second, box, conversation)

    [request] = second.history
    assert request.messages == continue_context
    assert [m.model_dump(exclude_none=True) for m in request.messages] == wire
    assert wire[-2]["tool_calls"][0]["function"] == {
        "name": "add",
        "arguments": '{"a": 1, "b": 1}',
    }
    assert wire[-1] == {"role": "tool", "tool_call_id": "c1", "content": "2"}
    assert text_after_last_execution(items) == "1 + 1 = 2."
    assert conversation.messages == continue_context  # no tool turn this time


async def test_a_provider_failure_leaves_a_valid_history_to_continue_from() -> None:
    model = ScriptedModel(
        [asks(("c1", "add", {"a": 1, "b": 2})), ProviderResponseError("bad gateway", status=502)]
    )
    ledger = Ledger(Policy(provider_retries=0))
    conversation = ToolConversation(question())
    with pytest.raises(ProviderError):
        await drive(model, calculator(), conversation, ledger=ledger)
    assert [m.role for m in conversation.messages] == ["system", "user", "assistant", "tool"]
    assert [c.status for c in ledger.calls] == ["ok", "error"]


async def test_the_deadline_cuts_a_tool_round_short_and_every_call_still_gets_a_result() -> None:
    release = asyncio.Event()

    async def hang() -> str:
        await release.wait()
        return "never"

    async def quick() -> str:
        return "done"

    box = Toolbox([hang, quick])
    model = ScriptedModel([asks(("c1", "hang", {}), ("c2", "quick", {}))])
    conversation = ToolConversation(question())
    with pytest.raises(BudgetExhaustedError) as caught:
        await drive(model, box, conversation, ledger=Ledger(Policy(deadline_s=0.2)))
    assert caught.value.limit == "deadline"
    assert [(m.tool_call_id, m.content) for m in conversation.messages if m.role == "tool"] == [
        ("c1", "Error: the run's deadline passed before it finished"),
        ("c2", "done"),
    ]
    assert [e.error for e in conversation.executions] == [
        "the run's deadline passed before it finished",
        None,
    ]


async def test_a_retried_round_uses_the_tool_calls_of_the_try_that_succeeded() -> None:
    model = ScriptedModel(
        [
            ProviderResponseError("overloaded", status=503, retryable=True),
            asks(("c1", "add", {"a": 2, "b": 2})),
            "4.",
        ]
    )
    ledger = Ledger(Policy(provider_retries=1, retry_backoff_s=0))
    conversation = ToolConversation(question())
    await drive(model, calculator(), conversation, ledger=ledger)
    assert [(c.retry, c.status) for c in ledger.calls] == [(0, "error"), (1, "ok"), (0, "ok")]
    assert [e.result for e in conversation.executions] == ["4"]
    assert conversation.text == "4."


async def test_tool_rounds_are_priced_and_kept_within_a_cost_budget() -> None:
    # The rounds' calls are the generator's: its prices hold for them as for
    # any other call, so a cost budget does not refuse a tool-using draft.
    model = ScriptedModel([asks(("c1", "add", {"a": 1, "b": 2})), "It is 3."])
    ledger = Ledger(Policy(cost_budget_usd=1.0))
    conversation = ToolConversation(question())
    await drive(model, calculator(), conversation, ledger=ledger)
    assert conversation.text == "It is 3."
    assert [c.cost_usd for c in ledger.calls] == [0.0, 0.0]


async def test_an_empty_toolbox_offers_no_tools() -> None:
    model = ScriptedModel(["Just an answer."])
    conversation = ToolConversation(question())
    items = await drive(model, Toolbox(), conversation)
    assert model.history[0].tools is None
    assert text_after_last_execution(items) == "Just an answer."


async def test_stopping_early_records_the_call_in_flight() -> None:
    model = ScriptedModel(["one two three four"])
    ledger = Ledger(Policy())
    loop = draft_with_tools(
        ledger,
        model,
        ToolConversation(question()),
        calculator(),
        attempt=1,
        max_iterations=3,
        max_tokens=50,
    )
    async with contextlib.aclosing(loop):
        async for item in loop:
            assert isinstance(item, StreamChunk)
            break
    [call] = ledger.calls
    assert call.text == "one "


# -- scripted doubles ------------------------------------------------------------


async def collect(stream: AsyncIterator[StreamChunk]) -> list[StreamChunk]:
    return [chunk async for chunk in stream]


@pytest.mark.parametrize("kind", ["scripted", "function"])
async def test_scripted_doubles_answer_with_tool_calls_plain_and_streamed(kind: str) -> None:
    answer = asks(("c1", "add", {"a": 1, "b": 2}), text="Let me add.")
    model: ScriptedModel | FunctionModel
    if kind == "scripted":
        model = ScriptedModel([answer, answer])
    else:
        model = FunctionModel(lambda request: answer)
    request = ModelRequest(
        messages=question(), tools=calculator().specs(), max_tokens=50, temperature=None
    )

    completion = await model.complete(request)
    *deltas, last = await collect(model.stream(request))

    assert completion.tool_calls == answer.tool_calls
    assert completion.finish_reason == "tool_calls"
    assert "".join(d.delta for d in deltas) == "Let me add."
    assert all(d.tool_calls is None for d in deltas)
    assert last.tool_calls == answer.tool_calls
    assert last.finish_reason == "tool_calls"
    assert [r.tools for r in model.history] == [request.tools, request.tools]


# -- budgets ------------------------------------------------------------------


def test_the_prompt_bound_counts_tool_calls_in_the_history() -> None:
    from redraft.core._provider import estimate_input_tokens_upper_bound
    from redraft.core._tool_loop import assistant_tool_message

    call = ToolCall(id="c1", name="lookup", arguments=json.dumps({"query": "x" * 500}))
    plain = estimate_input_tokens_upper_bound(question())
    with_call = estimate_input_tokens_upper_bound([*question(), assistant_tool_message("", [call])])
    # The 500-byte argument is tokenized by the vendor, so the bound covers it.
    assert with_call - plain > 500


async def test_tool_definitions_count_against_the_token_budget() -> None:
    box = Toolbox()

    def lookup(query: str) -> str:
        return query

    box.add(tool(description="Look a thing up. " * 40)(lookup))  # ~700 bytes of schema
    seen: list[int] = []

    def answer(request: ModelRequest) -> str:
        seen.append(request.max_tokens)
        return "ok"

    policy = Policy(token_budget=500, max_tokens=200)
    # Without tools the prompt fits and the call gets its full max_tokens …
    await drive(
        FunctionModel(answer), Toolbox(), ToolConversation(question()), ledger=Ledger(policy)
    )
    assert seen == [200]
    # … with them, the definitions alone outgrow the budget: refused before any call.
    with pytest.raises(BudgetExhaustedError):
        await drive(FunctionModel(answer), box, ToolConversation(question()), ledger=Ledger(policy))
    assert seen == [200]
