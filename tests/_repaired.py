"""The loop-level check every family with a repair makes: one scripted draft
that breaks the check, and the loop repairs it without a second model call."""

from __future__ import annotations

import redraft
from redraft import Policy, RunResult, build_panel
from redraft.testing import ScriptedModel


async def repaired_run(prompt: str, draft: str) -> RunResult:
    """The run of the loop on ``prompt`` whose one model draft is ``draft``;
    fails unless every later draft cost no model call."""
    generator = ScriptedModel([draft])
    result = await redraft.run(
        prompt,
        generator=generator,
        evaluator=build_panel(None, request=prompt),
        policy=Policy(max_attempts=3),
    )
    assert len(generator.history) == 1
    return result
