"""The trivial-request heuristic behind ``skip_trivial``."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from redraft import Message, RunRequest
from redraft.core import QueryAnalysis, TrivialRules, analyse_query
from redraft.core._analysis import DEFAULT_TRIVIAL_RULES


def analyse(prompt: str, rules: TrivialRules | None = None) -> QueryAnalysis:
    return analyse_query(RunRequest.from_prompt(prompt), rules)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("hi", "greeting"),
        ("Hello there!", "greeting"),
        ("hey Sam", "greeting"),
        ("Good morning, everyone", "greeting"),
        ("hi, how are you?", "greeting"),
        ("¡Hola!", "greeting"),
        ("bonjour", "greeting"),
        ("こんにちは", "greeting"),
        ("thanks", "thanks"),
        ("Thank you so much!", "thanks"),
        ("thanks for the help 🙏", "thanks"),
        ("ok cool, thanks", "thanks"),
        ("that was great, thanks", "thanks"),
        ("merci beaucoup", "thanks"),
        ("Danke schön", "thanks"),
        ("muchas gracias", "thanks"),
        ("谢谢", "thanks"),
        ("спасибо", "thanks"),
        ("ok", "acknowledgement"),
        ("Got it.", "acknowledgement"),
        ("sounds good 👍", "acknowledgement"),
    ],
)
def test_trivial_messages(prompt: str, kind: str) -> None:
    analysis = analyse(prompt)

    assert analysis.trivial, analysis
    assert analysis.kind == kind


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("hi, what's the capital of France?", "question"),
        ("hi what is the capital of france", "question"),
        ("hello, can you help me with my code", "question"),
        ("is it ok", "question"),
        ("ok?", "question"),
        ("thanks?", "question"),
        ("hola, qué hora es", "question"),
        ("Why?", "question"),
        ("thanks, now translate it to French", "task"),
        ("hi! write me a haiku", "task"),
        ("go ahead", "task"),
        ("Paris", "task"),
        ("thanks, but the second point is wrong", "task"),
        ("Explain DNS in two sentences.", "task"),
    ],
)
def test_real_requests_are_not_trivial(prompt: str, kind: str) -> None:
    analysis = analyse(prompt)

    assert not analysis.trivial, analysis
    assert analysis.kind == kind
    assert analysis.reason


def test_long_messages_are_never_trivial() -> None:
    analysis = analyse("thanks thanks thanks thanks thanks thanks thanks thanks thanks")

    assert not analysis.trivial
    assert analysis.words == 9
    assert "9 words" in analysis.reason


def test_an_empty_turn_is_trivial() -> None:
    request = RunRequest(messages=[Message(role="user", content="   ")])

    analysis = analyse_query(request)

    assert (analysis.trivial, analysis.kind, analysis.words) == (True, "empty", 0)


def test_only_the_last_user_turn_counts() -> None:
    request = RunRequest(
        messages=[
            Message(role="user", content="Write a long essay about rivers."),
            Message(role="assistant", content="Rivers are…"),
            Message(role="user", content="thanks!"),
        ]
    )

    assert analyse_query(request).kind == "thanks"


def test_an_acknowledgement_answering_the_assistant_is_not_trivial() -> None:
    request = RunRequest(
        messages=[
            Message(role="user", content="Draft an email to my landlord."),
            Message(role="assistant", content="Here is a draft. Shall I make it more formal?"),
            Message(role="user", content="yes please"),
        ]
    )

    analysis = analyse_query(request)

    assert not analysis.trivial
    assert analysis.kind == "task"
    assert "assistant" in analysis.reason


def test_an_attachment_is_never_trivial() -> None:
    content: list[dict[str, Any]] = [
        {"type": "text", "text": "thanks"},
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
    ]
    request = RunRequest(messages=[Message(role="user", content=content)])

    assert not analyse_query(request).trivial


def test_rules_are_configurable() -> None:
    strict = TrivialRules(max_words=1)
    assert not analyse("thank you", strict).trivial

    pinged = TrivialRules(extra_patterns=(r"ping+",))
    assert analyse("Pingggg!", pinged).trivial
    assert not analyse("Pingggg!").trivial

    names = dataclasses.replace(DEFAULT_TRIVIAL_RULES, unknown_words=0)
    assert not analyse("hi Sam", names).trivial

    klingon = dataclasses.replace(
        DEFAULT_TRIVIAL_RULES, greetings=(*DEFAULT_TRIVIAL_RULES.greetings, "nuqneH")
    )
    assert analyse("nuqneH", klingon).kind == "greeting"
    assert not analyse("nuqneH").trivial
