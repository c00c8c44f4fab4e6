"""The final choice between two drafts the checks cannot separate: the judge chooses."""

from __future__ import annotations

import math
from collections.abc import Mapping

from redraft import (
    Completion,
    Evidence,
    ModelRequest,
    Policy,
    Requirement,
    RunRequest,
    RunResult,
    Verdict,
    run,
)
from redraft.core import TokenLogprobs
from redraft.evaluators import EvaluationContext, Evaluator, Judge, Preference, Subject
from redraft.providers import FunctionModel, ScriptedModel

REQUEST = RunRequest.from_prompt("Name the capital of France in one sentence.")


def _failing(*outcomes: tuple[str, bool, str]) -> Verdict:
    return Verdict(
        score=0.0,
        passed=False,
        requirements=[
            Requirement.model_validate({"text": t, "passed": p, "coverage": c, "confidence": 0.9})
            for t, p, c in outcomes
        ],
    )


TIED = _failing(("one sentence", True, "exact"), ("names the capital", False, "judged"))


class Chooser(Evaluator):
    """Prepared verdicts by draft text, and a prepared preference between any two."""

    name = "chooser"
    kind = "judge"
    uses_llm = True

    def __init__(
        self, verdicts: Mapping[str, Verdict], preference: Preference | Exception | None
    ) -> None:
        self.verdicts = verdicts
        self.preference = preference
        self.asked: list[tuple[int, int]] = []

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        return self.verdicts[subject.text]

    async def compare(
        self, first: Subject, second: Subject, context: EvaluationContext
    ) -> Preference | None:
        self.asked.append((first.attempt, second.attempt))
        if isinstance(self.preference, Exception):
            raise self.preference
        return self.preference


FOR_FIRST = Preference(p_second=0.1, confidence=0.8, method="logprobs")
FOR_SECOND = Preference(p_second=0.9, confidence=0.8, method="logprobs")


async def run_two(chooser: Evaluator, texts: list[str], *, pairwise: bool = False) -> RunResult:
    """A run of two drafts, ``texts``, judged by ``chooser``."""
    return await run(
        REQUEST,
        generator=ScriptedModel(texts),
        evaluator=chooser,
        policy=Policy(max_attempts=2, pairwise=pairwise),
    )


async def test_a_confident_preference_chooses_between_drafts_equal_on_what_was_verified() -> None:
    chooser = Chooser({"Lyon.": TIED, "Marseille.": TIED}, FOR_SECOND)

    result = await run_two(chooser, ["Lyon.", "Marseille."], pairwise=True)

    # The usual rules keep the later draft of a full tie; the judge chose the earlier.
    assert chooser.asked == [(2, 1)]
    assert result.comparison is not None
    assert (result.comparison.first, result.comparison.second) == (2, 1)
    assert result.comparison.chosen == 1 and result.final_attempt == 1
    assert result.final_answer == "Lyon."
    assert result.comparison.confidence == 0.8 and result.comparison.error is None


async def test_an_unsure_preference_leaves_the_usual_choice() -> None:
    unsure = Preference(p_second=0.9, confidence=0.3, method="stated")
    chooser = Chooser({"Lyon.": TIED, "Marseille.": TIED}, unsure)

    result = await run_two(chooser, ["Lyon.", "Marseille."], pairwise=True)

    assert result.comparison is not None and result.comparison.chosen == 2
    assert result.final_attempt == 2


async def test_the_comparison_is_off_unless_the_policy_asks() -> None:
    chooser = Chooser({"Lyon.": TIED, "Marseille.": TIED}, FOR_SECOND)

    result = await run_two(chooser, ["Lyon.", "Marseille."])

    assert chooser.asked == [] and result.comparison is None and result.final_attempt == 2


async def test_a_failing_comparison_keeps_the_usual_choice_and_says_why() -> None:
    chooser = Chooser({"Lyon.": TIED, "Marseille.": TIED}, RuntimeError("judge down"))

    result = await run_two(chooser, ["Lyon.", "Marseille."], pairwise=True)

    assert result.stop_reason == "exhausted" and result.final_attempt == 2
    assert result.comparison is not None
    assert result.comparison.error == "RuntimeError: judge down"


async def test_a_draft_worse_on_what_was_verified_is_never_a_rival() -> None:
    broke = _failing(("one sentence", False, "exact"), ("names the capital", False, "judged"))
    chooser = Chooser({"Lyon.": TIED, "Lyon. And more.": broke}, FOR_SECOND)

    result = await run_two(chooser, ["Lyon.", "Lyon. And more."], pairwise=True)

    assert chooser.asked == [] and result.comparison is None
    assert result.final_answer == "Lyon."


async def test_a_passing_draft_needs_no_comparison() -> None:
    passed = Verdict(
        score=1.0,
        passed=True,
        evidence=[Evidence(evaluator="chooser", kind="check", score=1.0, passed=True)],
    )
    chooser = Chooser({"Lyon.": TIED, "Paris.": passed}, FOR_FIRST)

    result = await run_two(chooser, ["Lyon.", "Paris."], pairwise=True)

    assert result.passed is True and chooser.asked == [] and result.comparison is None


def _token(token: str, top: dict[str, float]) -> Completion:
    logs = {t: math.log(p) for t, p in top.items()}
    return Completion(
        text=token,
        finish_reason="length",
        logprobs=[TokenLogprobs(token=token, logprob=logs[token], top=logs)],
    )


async def test_the_checklist_judge_chooses_with_its_calls_on_the_result() -> None:
    def respond(request: ModelRequest) -> Completion:
        text = request.messages[-1].text
        if "<answer_a>" not in text:
            return _token("No", {"No": 0.95, "Yes": 0.02})  # every item, every draft: no
        shown_first = text.split("<answer_a>\n", 1)[1]
        # The judge prefers the draft naming Paris, wherever it is shown.
        if shown_first.startswith("It is Paris"):
            return _token("A", {"A": 0.9, "B": 0.05})
        return _token("B", {"A": 0.05, "B": 0.9})

    judge_model = FunctionModel(respond, supports_logprobs=True)
    judge = Judge(judge_model, checklist=["Names the capital of France"])

    result = await run(
        REQUEST,
        generator=ScriptedModel(["It is Paris, I think", "It is Lyon"]),
        evaluator=judge,
        policy=Policy(max_attempts=2, pairwise=True),
    )

    assert result.comparison is not None
    assert result.comparison.method == "logprobs"
    assert result.comparison.chosen == 1 and result.final_answer == "It is Paris, I think"
    pairwise = [r for r in judge_model.history if "<answer_a>" in r.messages[-1].text]
    assert len(pairwise) == 2
    judge_calls = [c for c in result.calls if c.kind == "judge"]
    assert len(judge_calls) == 4  # one item per draft, then the comparison both ways
