"""Repairs: the fixes a failed exact check makes without a model."""

from __future__ import annotations

import redraft
from redraft import Policy, build_panel
from redraft.core._repair import apply_repairs
from redraft.testing import ScriptedModel


def test_repairs_are_made_in_order_cut_then_commas_case_ending_and_quotes() -> None:
    text = "The Tide, as Ever, Rises. It falls at Night, Too. Then it Rises again."
    repaired = apply_repairs(
        text,
        [
            {"op": "cut_words", "limit": 12},
            {"op": "remove_commas"},
            {"op": "case", "case": "lower"},
            {"op": "end_with", "phrase": "Goodbye."},
            {"op": "wrap_quotes"},
        ],
    )
    # Cut at a sentence end, leaving room for the ending that was appended.
    assert repaired == '"the tide as ever rises. it falls at night too.\n\nGoodbye."'


def test_a_cut_is_made_only_at_a_sentence_end_within_the_limit() -> None:
    # Half a sentence is not an answer: nothing whole fits, nothing is cut.
    one = "one two three four five six."
    assert apply_repairs(one, [{"op": "cut_words", "limit": 4}]) == one
    # "don't" is two words to one reading: the cut holds under both.
    text = "I know. I don't know why. Ask again."
    assert apply_repairs(text, [{"op": "cut_words", "limit": 4}]) == "I know."
    assert apply_repairs(text, [{"op": "cut_words", "limit": 7}]) == "I know. I don't know why."


def test_quotes_already_there_are_not_doubled() -> None:
    assert apply_repairs('"Half quoted', [{"op": "wrap_quotes"}]) == '"Half quoted"'


PROMPT = "Describe the tides in all lowercase letters, without using any commas."


async def test_a_failed_check_with_a_fix_is_repaired_without_a_model_call() -> None:
    generator = ScriptedModel(["The Sea, it Rises and falls."])
    result = await redraft.run(
        PROMPT,
        generator=generator,
        evaluator=build_panel(None, request=PROMPT),
        policy=Policy(max_attempts=3),
    )
    assert len(generator.history) == 1  # the repair cost no model call
    first, repaired = result.drafts
    assert first.verdict is not None and first.verdict.passed is False
    assert repaired.text == "the sea it rises and falls."
    assert repaired.finish_reason == "repair"
    assert repaired.feedback == "repaired without a model: commas removed; lowercased"
    assert [c.kind for c in result.calls] == ["draft"]
    # Both checks now hold; "describe the tides" is not checked by anything.
    assert (result.final_answer, result.passed, result.stop_reason) == (
        repaired.text,
        None,
        "unverified",
    )


async def test_without_repair_the_model_redrafts() -> None:
    generator = ScriptedModel(["The Sea, it Rises.", "the sea rises and falls."])
    result = await redraft.run(
        PROMPT,
        generator=generator,
        evaluator=build_panel(None, request=PROMPT),
        policy=Policy(max_attempts=3, repair=False),
    )
    assert len(generator.history) == 2 and result.drafts[1].finish_reason != "repair"


async def test_a_repair_that_breaks_a_met_requirement_is_never_kept() -> None:
    prompt = 'Write about a harbor at night. Use the word "lanterns". Answer in at most 6 words.'
    first = "Boats rest quietly by the pier. Lanterns glow softly."
    generator = ScriptedModel([first, "Boats rest by the pier tonight."])
    result = await redraft.run(
        prompt,
        generator=generator,
        evaluator=build_panel(None, request=prompt),
        policy=Policy(max_attempts=3),
    )
    # The cut to 6 words drops "Lanterns": it meets the limit but breaks the
    # keyword the first draft met, so the first draft stays the one kept.
    texts = [d.text for d in result.drafts]
    assert texts[1] == "Boats rest quietly by the pier."
    assert result.drafts[1].finish_reason == "repair"
    assert len(generator.history) == 2
    # The next redraft builds on the first draft: its feedback is the first's word count.
    assert "has 9 words" in (result.drafts[2].feedback or "")
    assert result.final_answer != texts[1]
