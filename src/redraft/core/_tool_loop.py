"""The tool loop of one draft: model → tools → model, until the model answers.

:func:`draft_with_tools` is the draft step for runs that offer tools. Each
round is one model call through the run's :class:`~redraft.core._ledger.Ledger`
(so budget, deadline, retries and call records hold for every round); when
the model asks for tools, they run (see :class:`~redraft.core._tools.Toolbox`:
a bad call becomes an error result the model reads, never a crash), their
results are appended to the conversation and the model is called again.

The conversation lives in a :class:`ToolConversation` the caller creates and
keeps: it is updated as the loop goes, so whatever ends the loop (an answer,
the iteration limit, the deadline, a provider failure) the caller holds the
full history, tool turns included, to build ``continue_context`` from; the
chat proxy's Continue button resubmits exactly that.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, Sequence

from redraft.core._errors import BudgetExhaustedError, ToolLoopLimitError
from redraft.core._ledger import Ledger
from redraft.core._provider import Provider
from redraft.core._tools import Toolbox, ToolExecution
from redraft.core._types import (
    Message,
    ModelRequest,
    StreamChunk,
    ToolCall,
    ToolSpec,
    Usage,
)

__all__ = [
    "ToolConversation",
    "assistant_tool_message",
    "draft_with_tools",
    "tool_result_message",
]


class ToolConversation:
    """The messages of one tool-using draft, kept up to date as it runs.

    ``messages`` starts as a copy of the messages given and grows by one
    assistant message (with OpenAI-shaped ``tool_calls``) and one ``tool``
    message per call, each round. It never holds the final answer: that is
    the draft, and where it goes is the caller's business. It is always a
    valid chat history (every tool call has its result), so it can be
    resubmitted as it is to continue.
    """

    def __init__(self, messages: list[Message]) -> None:
        self.messages: list[Message] = list(messages)
        self.executions: list[ToolExecution] = []
        """Every tool call run so far, in order, interrupted ones included."""
        self.rounds = 0
        """Model calls made (finished or not)."""
        self.text = ""
        """The text of the latest round: the draft once the loop has ended."""
        self.finish_reason: str | None = None
        self.usage = Usage()
        """Tokens the rounds' answers reported, together (failed tries that
        the ledger retried are on its records only)."""
        self.client_calls: list[ToolCall] = []
        """The last round's calls, when it called the caller's own tools: the
        loop ended there, for the caller to run them."""

    @property
    def tool_turns(self) -> int:
        """Rounds that asked for tools."""
        return len({e.iteration for e in self.executions})


def assistant_tool_message(text: str, calls: list[ToolCall]) -> Message:
    """The assistant turn that asked for ``calls``, in OpenAI's shape (the
    providers translate it for other vendors)."""
    return Message.model_validate(
        {
            "role": "assistant",
            "content": text or None,
            "tool_calls": [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.arguments},
                }
                for call in calls
            ],
        }
    )


def tool_result_message(call_id: str, result: str) -> Message:
    return Message(role="tool", tool_call_id=call_id, content=result)


async def draft_with_tools(
    ledger: Ledger,
    generator: Provider,
    conversation: ToolConversation,
    toolbox: Toolbox,
    *,
    attempt: int,
    max_iterations: int,
    max_tokens: int,
    temperature: float | None = None,
    client_tools: Sequence[ToolSpec] = (),
) -> AsyncGenerator[StreamChunk | ToolExecution, None]:
    """Draft an answer, running the tools the model asks for on the way.

    Yields, per round, the model's text chunks and a final chunk (usage,
    ``finish_reason`` and, when it asked for tools, ``tool_calls``), then one
    :class:`ToolExecution` per call it asked for. **The draft is the text
    streamed after the last** ``ToolExecution``: a model often writes a line
    ("Let me look that up.") before calling tools, and a caller that shows
    text live resets (or keeps) it when a ``ToolExecution`` arrives.
    ``conversation.text`` holds the last round's text when the loop ends.

    ``max_iterations`` caps the model calls: when the ``max_iterations``-th
    still asks for tools, those tools are run (so the history ends with their
    results) and :class:`~redraft.ToolLoopLimitError` is raised with
    ``conversation.messages``; resubmitting them lets the model go on from
    there. The run's deadline covers tool runs too: when it passes mid-round,
    the calls not finished get an error result (the history stays valid) and
    :class:`~redraft.BudgetExhaustedError` is raised.

    ``client_tools`` are the caller's own (see ``RunRequest.tools``): offered
    with the toolbox's, never run here. A round that calls one ends the loop
    with its calls in ``conversation.client_calls``, the conversation as it
    was before the round (the caller sends the calls and their results).

    Close the generator (``contextlib.aclosing``) when stopping early, so
    the model call in flight is recorded as ended.
    """
    theirs = {spec.name for spec in client_tools}
    specs = [*toolbox.specs(), *(s for s in client_tools if s.name not in toolbox)] or None
    while True:
        conversation.rounds += 1
        iteration = conversation.rounds
        conversation.text = ""
        request = ModelRequest(
            messages=list(conversation.messages),
            max_tokens=max_tokens,
            temperature=temperature,
            tools=specs,
        )
        final = StreamChunk()
        chunks = ledger.stream(generator, request, kind="draft", attempt=attempt)
        async with contextlib.aclosing(chunks):
            async for chunk in chunks:
                if chunk.delta:
                    conversation.text += chunk.delta
                    yield chunk
                else:
                    final = _merge(final, chunk)
        calls = final.tool_calls or []
        if final.usage is not None:
            conversation.usage = conversation.usage + final.usage
        conversation.finish_reason = final.finish_reason
        yield final
        if not calls:
            return
        if any(call.name in theirs for call in calls):
            conversation.client_calls = calls
            return
        conversation.messages.append(assistant_tool_message(conversation.text, calls))
        for execution in await _run_round(ledger, toolbox, conversation, calls, iteration):
            yield execution
        if iteration >= max_iterations:
            raise ToolLoopLimitError(
                f"the model still asked for tools after {iteration} rounds "
                f"(max_tool_iterations={max_iterations}); resubmit the messages to continue",
                messages=list(conversation.messages),
                iterations=iteration,
            )


async def _run_round(
    ledger: Ledger,
    toolbox: Toolbox,
    conversation: ToolConversation,
    calls: list[ToolCall],
    iteration: int,
) -> list[ToolExecution]:
    """Run one round's calls under the run's deadline and append their results.

    Results are appended in the order the model asked, whatever order the
    calls finished in, and every call gets one, even when the deadline (or a
    cancellation) cuts the round short: a history with an unanswered tool
    call would be refused by the vendors' APIs on continuation.
    """
    done: dict[int, ToolExecution] = {}

    async def run(index: int, call: ToolCall) -> None:
        done[index] = await toolbox.run(call, iteration=iteration)

    interrupted: TimeoutError | asyncio.CancelledError | None = None
    try:
        async with asyncio.timeout(ledger.remaining_time()):
            if toolbox.parallel:
                await asyncio.gather(*(run(i, call) for i, call in enumerate(calls)))
            else:
                for i, call in enumerate(calls):
                    await run(i, call)
    except (TimeoutError, asyncio.CancelledError) as exc:
        interrupted = exc
    executions = [
        done.get(index) or _not_finished(call, iteration, interrupted)
        for index, call in enumerate(calls)
    ]
    for execution in executions:
        conversation.messages.append(tool_result_message(execution.call_id, execution.result))
    conversation.executions.extend(executions)
    if isinstance(interrupted, asyncio.CancelledError):
        raise interrupted
    if interrupted is not None:
        raise BudgetExhaustedError(
            "the run's deadline passed while tools were running", limit="deadline"
        ) from interrupted
    return executions


def _not_finished(
    call: ToolCall, iteration: int, interrupted: BaseException | None
) -> ToolExecution:
    reason = (
        "cancelled before it finished"
        if isinstance(interrupted, asyncio.CancelledError)
        else "the run's deadline passed before it finished"
    )
    return ToolExecution(
        call_id=call.id,
        name=call.name,
        arguments=call.arguments,
        result=f"Error: {reason}",
        error=reason,
        iteration=iteration,
    )


def _merge(into: StreamChunk, chunk: StreamChunk) -> StreamChunk:
    return StreamChunk(
        usage=chunk.usage or into.usage,
        finish_reason=chunk.finish_reason or into.finish_reason,
        model=chunk.model or into.model,
        tool_calls=chunk.tool_calls or into.tool_calls,
    )
