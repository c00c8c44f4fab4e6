"""Never worse than one draft: which draft is kept, how sure a verdict may be,
and what feedback the next draft gets."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from redraft import Draft, Evidence, Policy, Requirement, RunRequest, Verdict, run
from redraft.core._evaluator import settle
from redraft.core._feedback import actionable_points, prepare_feedback
from redraft.core._selection import better_draft, select_draft
from redraft.evaluators import EvaluationContext, Evaluator, Subject
from redraft.providers import ScriptedModel


def _requirement(text: str, passed: bool | None, coverage: str = "exact") -> Requirement:
    return Requirement.model_validate({"text": text, "coverage": coverage, "passed": passed})


def _draft(
    attempt: int, score: float, passed: bool | None, met: Mapping[str, bool | None]
) -> Draft:
    verdict = Verdict(
        score=score,
        passed=passed,
        requirements=[_requirement(text, outcome) for text, outcome in met.items()],
    )
    return Draft(attempt=attempt, text=f"draft {attempt}", verdict=verdict)


def test_a_later_draft_that_breaks_a_verified_requirement_is_never_chosen() -> None:
    # The judge liked the second draft more, but it broke what the first met.
    first = _draft(1, 0.0, False, {"no commas": True, "3 bullets": True, "tone": False})
    second = _draft(2, 0.1, False, {"no commas": False, "3 bullets": True, "tone": True})
    assert not better_draft(second, first)
    assert select_draft([first, second]) is first


def test_a_later_draft_that_meets_more_and_breaks_nothing_replaces_the_kept_one() -> None:
    first = _draft(1, 0.9, False, {"no commas": True, "3 bullets": False})
    second = _draft(2, 0.2, False, {"no commas": True, "3 bullets": True})
    assert select_draft([first, second]) is second


def test_a_tie_on_everything_goes_to_the_later_draft() -> None:
    first = _draft(1, 0.5, False, {"no commas": True})
    second = _draft(2, 0.5, False, {"no commas": True})
    assert select_draft([first, second]) is second


def test_with_nothing_verified_apart_the_scores_decide() -> None:
    first = _draft(1, 0.7, False, {"no commas": True})
    second = _draft(2, 0.4, False, {"no commas": True})
    assert select_draft([first, second]) is first


class Verdicts(Evaluator):
    """Answers each draft with a prepared verdict, by its text."""

    name = "prepared"

    def __init__(self, verdicts: Mapping[str, Verdict]) -> None:
        self.verdicts = verdicts

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        return self.verdicts[subject.text]


async def test_the_loop_returns_the_verified_better_draft_over_a_later_worse_one() -> None:
    drafts = {
        "met everything checked": Verdict(
            score=0.0,
            passed=False,
            evidence=[Evidence(evaluator="judge", kind="judge", score=0.0, passed=False)],
            requirements=[_requirement("no commas", True), _requirement("tone", False, "judged")],
        ),
        "broke the comma rule": Verdict(
            score=0.1,
            passed=False,
            evidence=[Evidence(evaluator="judge", kind="judge", score=0.1, passed=False)],
            requirements=[_requirement("no commas", False), _requirement("tone", False, "judged")],
        ),
    }
    result = await run(
        "Q?",
        generator=ScriptedModel(list(drafts)),
        evaluator=Verdicts(drafts),
        policy=Policy(max_attempts=2, on_exhausted="best"),
    )
    assert result.final_answer == "met everything checked"
    assert (result.final_attempt, result.passed) == (1, False)


# -- settle: what a verdict may claim ------------------------------------------------------


def _judged(confidence: float | None, passed: bool = True) -> Verdict:
    judge = Evidence(
        evaluator="quality",
        kind="judge",
        passed=passed,
        score=1.0 if passed else 0.0,
        confidence=confidence,
    )
    return Verdict(
        score=judge.score or 0.0,
        passed=passed,
        evidence=[judge],
        requirements=[_requirement("Explain rivers", None, "unverified")],
    )


def test_a_confident_judge_decides_the_requirements_no_check_decided() -> None:
    settled = settle(_judged(0.9))
    assert settled.passed is True
    assert [(r.coverage, r.passed, r.confidence) for r in settled.requirements] == [
        ("judged", True, 0.9)
    ]
    assert settled.account == "1 requirement: 1 judged ✓ (confidence 0.9)"


@pytest.mark.parametrize("passed", [True, False])
def test_a_judge_that_is_not_sure_decides_nothing(passed: bool) -> None:
    # "quality 10/10, confidence 0/10" used to pass; so did a confident-less fail.
    settled = settle(_judged(0.0, passed=passed))
    assert settled.passed is None
    assert settled.requirements[0].passed is None
    assert settled.reason.startswith("unverified")


def test_a_check_that_failed_fails_the_verdict_whatever_the_judge_says() -> None:
    verdict = _judged(0.9).model_copy(
        update={
            "requirements": [
                _requirement("no commas", False),
                _requirement("Explain rivers", None, "unverified"),
            ]
        }
    )
    assert settle(verdict).passed is False


# -- on_uncertain ---------------------------------------------------------------------------


class Unsure(Evaluator):
    name = "unsure"

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        return settle(_judged(0.1))


@pytest.mark.parametrize(("policy", "attempts"), [("keep", 1), ("redraft", 3)])
async def test_an_unsure_verdict_keeps_the_draft_unless_the_policy_says_redraft(
    policy: str, attempts: int
) -> None:
    result = await run(
        "Q?",
        generator=ScriptedModel(["one", "two", "three"]),
        evaluator=Unsure(),
        policy=Policy.model_validate({"max_attempts": 3, "on_uncertain": policy}),
    )
    assert result.attempts == attempts
    assert result.passed is None
    assert result.stop_reason == ("unverified" if policy == "keep" else "exhausted")


# -- feedback -------------------------------------------------------------------------------


ANSWER = "Rivers carry water to the sea, and they shape valleys over many years."


def test_feedback_names_failed_requirements_and_drops_copied_or_junk_issues() -> None:
    verdict = Verdict(
        score=0.1,
        passed=False,
        suggestions=[
            "they shape valleys over many years",  # copied from the answer
            "2024-05-01 12:00:03",  # junk
            "Remove every comma.",
            "Name one river as an example.",
            "Your answer has 1 commas; it must have none.",  # the requirement says it
        ],
        requirements=[
            _requirement("Do not use any commas", False).model_copy(
                update={"reason": "Your answer has 1 commas; it must have none."}
            ),
            _requirement("Explain rivers", True, "judged"),
        ],
    )
    points = actionable_points(verdict, ANSWER)
    assert points == [
        "Your answer has 1 commas; it must have none.",
        "Remove every comma.",
        "Name one river as an example.",
    ]
    previous = Draft(attempt=1, text=ANSWER, verdict=verdict)
    request = RunRequest.from_prompt("Explain rivers. Do not use any commas.")
    for strategy in ("critique", "progressive", "hint"):
        _, feedback = prepare_feedback(strategy, request, previous, attempt=4)
        assert "2024-05-01" not in feedback
        assert "they shape valleys over many years" not in feedback.split("Previous answer")[0]
        # the failed requirement's correction, measured: the clause is in the request
        assert "Your answer has 1 commas; it must have none." in feedback
