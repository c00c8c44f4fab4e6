"""The checklist judge: one yes/no question per requirement, read as a probability."""

from __future__ import annotations

import json
import math

import pytest

from redraft import Completion, ModelRequest, Policy, RunRequest, Verdict
from redraft.app import build_panel
from redraft.core import TokenLogprobs
from redraft.core._evaluator import settle
from redraft.core._ledger import Ledger
from redraft.evaluators import EvaluationContext, Judge, Subject
from redraft.evaluators._checklist import checklist_items
from redraft.providers import FunctionModel, ScriptedModel


def said(yes: float, no: float, token: str = "Yes") -> Completion:
    """One answer token whose alternatives put ``yes`` and ``no`` on the answers."""
    top = {"Yes": math.log(yes), "No": math.log(no), "The": math.log(max(1e-6, 1 - yes - no))}
    return Completion(
        text=token,
        finish_reason="length",
        logprobs=[TokenLogprobs(token=token, logprob=top[token], top=top)],
    )


def item_of(request: ModelRequest) -> str:
    last = request.messages[-1].text
    return last.split("Requirement: ", 1)[1].split("\n", 1)[0]


async def judge_with(
    judge: Judge, text: str, request: RunRequest, threshold: float = 0.7
) -> tuple[Verdict, Ledger]:
    ledger = Ledger(Policy())
    verdict = await judge.evaluate(
        Subject(request=request, text=text, attempt=1),
        EvaluationContext(threshold=threshold, gateway=ledger),
    )
    return verdict, ledger


REQUEST = RunRequest.from_prompt("Write a haiku about rain.")


async def test_each_item_is_one_token_call_read_from_its_logprobs() -> None:
    answers = {"It is a haiku": said(0.9, 0.05), "It mentions rain": said(0.02, 0.95, "No")}
    model = FunctionModel(lambda r: answers[item_of(r)], supports_logprobs=True)
    judge = Judge(model, checklist=["It is a haiku", "It mentions rain"])

    verdict, ledger = await judge_with(judge, "Clouds drift over hills", REQUEST)

    assert [(r.max_tokens, r.temperature, r.top_logprobs) for r in model.history] == [
        (1, 0.0, 10),
        (1, 0.0, 10),
    ]
    assert len(ledger.calls) == 2 and {c.kind for c in ledger.calls} == {"judge"}
    [evidence] = verdict.evidence
    items = {item["text"]: item for item in evidence.data["items"]}
    assert items["It is a haiku"]["answer"] == "yes"
    assert items["It is a haiku"]["p_yes"] == pytest.approx(0.9 / 0.95, abs=1e-3)
    assert items["It is a haiku"]["confidence"] == pytest.approx(0.85, abs=1e-3)
    assert items["It mentions rain"]["answer"] == "no"
    assert evidence.passed is False and evidence.confidence == pytest.approx(0.93, abs=1e-3)
    # The feedback names the failing item, and only it.
    assert evidence.suggestions == ["Make the answer meet this requirement: It mentions rain"]


async def test_an_even_or_thin_answer_is_uncertain_and_settles_unverified() -> None:
    # Normalised odds of 0.44 against 0.56 look decisive; the model put only
    # 45% of its weight on either answer, so the item is not.
    model = FunctionModel(lambda r: said(0.2, 0.25, "No"), supports_logprobs=True)
    judge = Judge(model, checklist=["It mentions rain"])

    verdict, _ = await judge_with(judge, "Clouds drift", REQUEST)

    [item] = verdict.evidence[0].data["items"]
    assert item["answer"] == "uncertain" and item["confidence"] == pytest.approx(0.05)
    assert settle(verdict).passed is None


async def test_every_confident_yes_passes() -> None:
    model = FunctionModel(lambda r: said(0.97, 0.01), supports_logprobs=True)
    verdict, _ = await judge_with(Judge(model, checklist=["a", "b"]), "text", REQUEST)
    assert settle(verdict).passed is True
    assert verdict.score == pytest.approx(0.97 / 0.98, abs=1e-3)


async def test_the_score_is_that_of_the_answered_items_alone() -> None:
    # One confident yes and one even answer: the even one is left open, not
    # averaged in as half met.
    answers = {"a": said(0.97, 0.01), "b": said(0.3, 0.3)}
    model = FunctionModel(lambda r: answers[item_of(r)], supports_logprobs=True)
    verdict, _ = await judge_with(Judge(model, checklist=["a", "b"]), "text", REQUEST)
    assert verdict.evidence[0].score == pytest.approx(0.97 / 0.98, abs=1e-3)
    assert verdict.score == pytest.approx(0.97 / 0.98, abs=1e-3)
    assert settle(verdict).passed is None

    unsure = FunctionModel(lambda r: said(0.3, 0.3), supports_logprobs=True)
    verdict, _ = await judge_with(Judge(unsure, checklist=["a", "b"]), "text", REQUEST)
    assert verdict.evidence[0].score is None  # nothing answered: nothing to score
    assert verdict.score == 0.0 and settle(verdict).passed is None


async def test_without_logprobs_all_items_go_in_one_call_with_stated_confidence() -> None:
    reply = {"items": [{"answer": "yes", "confidence": 9}, {"answer": "no", "confidence": 3}]}
    model = ScriptedModel([json.dumps(reply)])
    judge = Judge(model, checklist=["It is a haiku", "It mentions rain"])

    verdict, ledger = await judge_with(judge, "Clouds", REQUEST)

    assert len(ledger.calls) == 1
    schema = model.history[0].json_schema
    assert schema is not None and schema["properties"]["items"]["minItems"] == 2
    items = verdict.evidence[0].data["items"]
    assert [(i["answer"], i["confidence"], i["method"]) for i in items] == [
        ("yes", 0.9, "stated"),
        ("uncertain", 0.3, "stated"),
    ]
    assert settle(verdict).passed is None


async def test_a_server_that_ignores_logprobs_is_asked_in_words() -> None:
    replies = iter(["Yes", json.dumps({"items": [{"answer": "yes", "confidence": 8}]})])
    model = FunctionModel(lambda r: next(replies), supports_logprobs=True)

    verdict, ledger = await judge_with(Judge(model, checklist=["It is a haiku"]), "x", REQUEST)

    assert len(ledger.calls) == 2 and model.history[1].json_schema is not None
    assert verdict.evidence[0].data["items"][0]["method"] == "stated"
    assert verdict.passed is True


async def test_a_requirement_takes_its_own_item_answer() -> None:
    request = RunRequest.from_prompt(
        "Write a haiku about rain. Mention an umbrella. Do not use any commas."
    )
    answers = {
        "Write a haiku about rain": said(0.95, 0.01),
        "Mention an umbrella": said(0.01, 0.9, "No"),
    }
    model = FunctionModel(lambda r: answers[item_of(r)], supports_logprobs=True)
    panel = build_panel(model, request=request)

    ledger = Ledger(Policy())
    verdict = settle(
        await panel.evaluate(
            # three lines: the haiku's line check (a part of it only) passes, the judge decides
            Subject(
                request=request,
                text="Rain falls soft and slow\nGrey clouds hum above\nPuddles hold the sky",
                attempt=1,
            ),
            EvaluationContext(threshold=0.7, gateway=ledger),
        )
    )

    by_text = {r.text: r for r in verdict.requirements}
    assert by_text["Do not use any commas"].coverage == "exact"
    assert by_text["Write a haiku about rain"].passed is True
    assert by_text["Write a haiku about rain"].coverage == "judged"
    assert by_text["Mention an umbrella"].passed is False
    assert by_text["Mention an umbrella"].confidence == pytest.approx(0.89, abs=1e-3)
    assert verdict.passed is False
    assert "1 judged ✓" in verdict.account and "1 judged ✗" in verdict.account


def test_items_come_from_the_checklist_then_the_criteria_then_the_generic_item() -> None:
    assert checklist_items(["A", "A", " B "], "ignored") == ["A", "B"]
    assert checklist_items([], "- Names three cities\n- Starts with Paris") == [
        "Names three cities",
        "Starts with Paris",
    ]
    assert checklist_items([], "Is polite. Mentions the refund; no jargon") == [
        "Is polite.",
        "Mentions the refund",
        "no jargon",
    ]
    assert checklist_items([], None) == [
        "The answer responds to the request correctly and completely."
    ]
