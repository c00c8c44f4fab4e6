"""Repairs of the emoji, hashtag and link families: with none allowed, every
one is removed without a model, and nothing else changes."""

from __future__ import annotations

import pytest

import redraft
from _repaired import repaired_run
from redraft import Policy, build_panel
from redraft.core._repair import apply_repairs, describe_repairs, repair_ops
from redraft.criteria import CheckSpec, measure_text
from redraft.criteria._families import EmojiCount, HashtagCount, URLCount
from redraft.criteria._vocabulary import repair_for
from redraft.testing import ScriptedModel

NONE_ALLOWED: list[tuple[CheckSpec, str]] = [
    (EmojiCount(relation="at_most", value=0), "remove_emoji"),
    (EmojiCount(relation="exactly", value=0), "remove_emoji"),
    (HashtagCount(relation="at_most", value=0), "remove_hashtags"),
    (URLCount(relation="exactly", value=0), "remove_links"),
]

NO_EMOJI = EmojiCount(relation="at_most", value=0)
NO_TAGS = HashtagCount(relation="at_most", value=0)
NO_LINKS = URLCount(relation="at_most", value=0)

# (spec, failing answer, the answer repaired), each read by hand.
REPAIRED: list[tuple[CheckSpec, str, str]] = [
    (NO_EMOJI, "Great job 🎉! Keep going 👍🏽", "Great job! Keep going"),
    (NO_EMOJI, "I ❤️ this team.", "I this team."),
    (NO_EMOJI, "🚀 Launch day\n\nWe ship 🇫🇷 today.", "Launch day\n\nWe ship today."),
    (NO_EMOJI, "Family 👨‍👩‍👧 time, © 2024.", "Family time, © 2024."),
    (NO_TAGS, "Launch day is here #launch #AI2026", "Launch day is here"),
    (NO_TAGS, "Learn C# with us #coding, from #1 up.", "Learn C# with us, from #1 up."),
    (NO_TAGS, "# Notes\n\nBig news #update\n#team", "# Notes\n\nBig news\n"),
    (NO_LINKS, "Read [the guide](https://x.io/guide) first.", "Read the guide first."),
    (NO_LINKS, "Details at https://y.org/b.", "Details at."),
    (NO_LINKS, "See <http://z.com> or www.q.net, then rest.", "See or, then rest."),
]

# Answers the check passes: the edit leaves them exactly as they are.
PASSING: list[tuple[CheckSpec, str]] = [
    (EmojiCount(relation="at_most", value=0), "Plain text, © 2024 and ™ only.  "),
    (HashtagCount(relation="at_most", value=0), "# Heading\n\nC# and issue #42 and page#part."),
    (URLCount(relation="at_most", value=0), "Visit example.com for more.\n"),
]


@pytest.mark.parametrize(("spec", "op"), NONE_ALLOWED)
def test_a_count_allowing_none_names_its_removal(spec: CheckSpec, op: str) -> None:
    assert op in repair_ops()
    assert repair_for(spec) == {"op": op}


@pytest.mark.parametrize(
    "spec",
    [
        EmojiCount(relation="at_most", value=1),
        EmojiCount(relation="at_least", value=2),
        HashtagCount(relation="exactly", value=3),
        URLCount(relation="at_least", value=1),
    ],
)
def test_a_count_allowing_some_has_no_repair(spec: CheckSpec) -> None:
    # Which ones to keep, or what to add, needs judgement.
    assert repair_for(spec) is None


@pytest.mark.parametrize(("spec", "text", "expected"), REPAIRED)
def test_the_repaired_answer_meets_the_check(spec: CheckSpec, text: str, expected: str) -> None:
    repair = repair_for(spec)
    assert repair is not None
    assert measure_text(spec, text).passed is False
    made = apply_repairs(text, [repair])
    assert made == expected.strip()
    assert measure_text(spec, made).passed is True


@pytest.mark.parametrize(("spec", "text"), PASSING)
def test_an_answer_the_check_passes_is_unchanged(spec: CheckSpec, text: str) -> None:
    assert measure_text(spec, text).passed is True
    repair = repair_for(spec)
    assert repair is not None
    assert apply_repairs(text, [repair]) == text


def test_the_record_says_what_was_removed() -> None:
    said = describe_repairs([{"op": "remove_links"}, {"op": "remove_emoji"}])
    assert said == "repaired without a model: links removed; emoji removed"


async def test_the_loop_removes_the_emoji_without_a_model_call() -> None:
    prompt = "Write a short cheer for the team with no emoji."
    result = await repaired_run(prompt, "Go team 🎉! You did it 💪")
    first, repaired = result.drafts
    assert first.verdict is not None and first.verdict.passed is False
    assert repaired.finish_reason == "repair"
    assert repaired.feedback == "repaired without a model: emoji removed"
    assert result.final_answer == "Go team! You did it"


async def test_a_removal_that_breaks_a_met_requirement_is_not_kept() -> None:
    prompt = "Describe the docs site in at least 4 words. Do not include any links."
    first = "Go to https://docs.io today"  # 4 words, one of them the link
    generator = ScriptedModel([first, "The docs site explains everything clearly."])
    result = await redraft.run(
        prompt,
        generator=generator,
        evaluator=build_panel(None, request=prompt),
        policy=Policy(max_attempts=3),
    )
    texts = [d.text for d in result.drafts]
    # The cut meets "no links" and breaks the word count the first draft met.
    assert texts[1] == "Go to today" and result.drafts[1].finish_reason == "repair"
    assert len(generator.history) == 2
    assert result.final_answer == "The docs site explains everything clearly."
