"""A deadline reached during a draft keeps the text written so far."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

from redraft import Completion, ModelRequest, Policy, run
from redraft.core import StreamChunk
from redraft.evaluators import MustMatch
from redraft.providers import Provider
from redraft.testing import ScriptedModel


class Stalls(Provider):
    """Writes ``text`` and then hangs, as a model cut off mid-answer does."""

    name = "stalls"
    is_real = False

    def __init__(self, text: str) -> None:
        self.text = text
        self.model = "stalls"
        self.never = asyncio.Event()

    async def complete(self, request: ModelRequest) -> Completion:
        await self.never.wait()
        raise AssertionError("unreachable")

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        for word in self.text.split(" "):
            yield StreamChunk(delta=word + " ")
        await self.never.wait()


async def test_a_deadline_mid_draft_returns_the_partial_text_never_passed() -> None:
    result = await run(
        "What is the capital of France?",
        generator=Stalls("Paris is the capital"),
        evaluator=MustMatch("Paris"),
        policy=Policy(deadline_s=0.2, max_attempts=3),
    )
    assert result.final_answer == "Paris is the capital "
    assert result.drafts[0].finish_reason == "deadline"
    assert result.stop_reason == "deadline"
    # The check saw "Paris", but an answer cut short is never passed.
    verdict = result.drafts[0].verdict
    assert verdict is not None and verdict.evidence[0].passed
    assert not result.passed and "cut short by the deadline" in verdict.reason


async def test_a_cut_redraft_is_kept_on_its_evidence_but_not_passed() -> None:
    class Second(Stalls):
        def __init__(self) -> None:
            super().__init__("Paris maybe")
            self.first = ScriptedModel(["Lyon."])
            self.calls = 0

        async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
            self.calls += 1
            if self.calls == 1:
                async for chunk in self.first.stream(request):
                    yield chunk
                return
            async for chunk in super().stream(request):
                yield chunk

    result = await run(
        "Capital of France?",
        generator=Second(),
        evaluator=MustMatch("Paris"),
        policy=Policy(deadline_s=0.3, max_attempts=3),
    )
    assert [d.finish_reason for d in result.drafts] == ["stop", "deadline"]
    # The cut redraft meets the check the first draft failed, so it is the
    # better answer on the evidence; it still does not pass.
    assert result.final_answer == "Paris maybe " and not result.passed
