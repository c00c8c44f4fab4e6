"""The embedded judge's record ships with the product until a machine measures it."""

from __future__ import annotations

import json

import redraft
from redraft import Policy, build_panel
from redraft.app._shipped_record import SHIPPED_RECORD, shipped_records, with_shipped
from redraft.evaluators import Reliability
from redraft.evaluators._judges import DEFAULT_PRESET
from redraft.providers._local import BUNDLED_MODEL_NAME
from redraft.testing import ScriptedModel

EMBEDDED = ("local:SmolLM2-135M-Instruct", DEFAULT_PRESET)


def test_the_shipped_file_is_the_embedded_model_under_the_default_preset() -> None:
    data = json.loads(SHIPPED_RECORD.read_text(encoding="utf-8"))
    assert (data["judge"], data["preset"]) == EMBEDDED
    assert data["judge"] == f"local:{BUNDLED_MODEL_NAME}"
    assert len(data["comparisons"]) >= 200
    truths = [truth for _, truth, _, _ in data["comparisons"]]
    assert 0.4 < sum(truths) / len(truths) < 0.6, "calibration items are balanced"
    [record] = shipped_records().values()
    assert record.shipped and record.band is not None


def test_a_record_measured_here_replaces_the_shipped_one_only_once_it_can_tell() -> None:
    assert with_shipped({})[EMBEDDED].shipped
    too_few = Reliability(judge=EMBEDDED[0], preset=EMBEDDED[1], tp=2, tn=1)
    assert with_shipped({EMBEDDED: too_few})[EMBEDDED].shipped
    measured = Reliability(judge=EMBEDDED[0], preset=EMBEDDED[1], tp=40, tn=30, fp=10, fn=20)
    assert with_shipped({EMBEDDED: measured})[EMBEDDED] is measured
    other = ("openai:gpt-4o-mini", DEFAULT_PRESET)
    assert other not in with_shipped({})


async def test_a_fresh_install_does_not_ask_the_embedded_judge_what_it_cannot_tell() -> None:
    judge = ScriptedModel(["yes"] * 10, model="SmolLM2-135M-Instruct", supports_logprobs=True)
    judge.name = "local"  # the embedded model's spec, without loading it
    result = await redraft.run(
        "Describe the tides in a friendly tone.",
        generator=ScriptedModel(["The sea rises and falls twice a day."]),
        evaluator=build_panel(judge, request="Describe the tides in a friendly tone."),
        policy=Policy(max_attempts=2),
    )
    assert judge.history == []  # not one token spent on the judge
    assert result.passed is None and result.stop_reason == "unverified"
    verdict = result.drafts[0].verdict
    assert verdict is not None
    [evidence] = [e for e in verdict.evidence if e.kind == "judge"]
    assert "not asked" in evidence.reason
