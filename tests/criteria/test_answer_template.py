"""The whole answer in a template of several lines (``answer_template``),
given after "use this format:": its measure (line for line, free parts
marked, whitespace free), the wordings that announce it and the near misses
that do not."""

from __future__ import annotations

import pytest

from redraft.criteria import CHECK_SPEC_ADAPTER, compile_checks, measure_text
from redraft.criteria._families._answer_template import AnswerTemplate

CARD = AnswerTemplate(template="Name: <name>\nRole: <role>\nStart date: <date>")
OPTIONS = AnswerTemplate(template="Option 1: ...\nOption 2: ...")

# Labelled by reading: (spec, answer, passes).
LABELLED: list[tuple[AnswerTemplate, str, bool]] = [
    (CARD, "Name: Ada Lovelace\nRole: Engineer\nStart date: 2025-03-01", True),
    (CARD, "Name:  Ada \n\nRole: Engineer\nStart date: soon", True),  # spaces and blank lines
    (CARD, "Name: Ada\nRole: Engineer", False),  # a line missing
    (CARD, "Name: Ada\nPosition: Engineer\nStart date: May", False),  # a label changed
    (CARD, "Sure!\nName: Ada\nRole: Engineer\nStart date: May", False),  # a preamble
    (CARD, "Name: Ada\nRole: Engineer\nStart date: May\nHope this helps.", False),
    (CARD, "Name:\nRole: Engineer\nStart date: May", False),  # a free part left empty
    (CARD, "name: Ada\nrole: Engineer\nstart date: May", False),  # literal words keep case
    (OPTIONS, "Option 1: Falcons\nOption 2: Otters", True),
    (OPTIONS, "1: Falcons\n2: Otters", False),
]


@pytest.mark.parametrize(("spec", "answer", "passes"), LABELLED)
def test_the_answer_fills_the_template_line_for_line(
    spec: AnswerTemplate, answer: str, passes: bool
) -> None:
    outcome = measure_text(spec, answer)
    assert outcome.passed is passes, outcome.reason
    if not passes:
        assert spec.template.splitlines()[0] in (outcome.suggestion or "")


@pytest.mark.parametrize(
    "template",
    ["Name: <name>", "Name\nRole", "<name>\n<role>", "\n".join(f"L{i}: <x>" for i in range(13))],
)
def test_a_template_needs_lines_a_free_part_and_literals(template: str) -> None:
    with pytest.raises(ValueError, match="template"):
        AnswerTemplate(template=template)
    assert CHECK_SPEC_ADAPTER.validate_json(CHECK_SPEC_ADAPTER.dump_json(CARD)) == CARD


def compiled(prompt: str) -> list[str]:
    return [c.spec.template for c in compile_checks(prompt) if isinstance(c.spec, AnswerTemplate)]


@pytest.mark.parametrize(
    ("prompt", "template"),
    [
        (
            "Write a job offer summary. Use this format:\nName: <name>\nRole: <role>\n"
            "Start date: <date>",
            CARD.template,
        ),
        (
            "Give me two team names in this exact format:\nOption 1: ...\nOption 2: ...",
            OPTIONS.template,
        ),
        (
            "Summarise the listing.\nFormat:\nTitle: [title]\nPrice: [price]\n\nKeep it short.",
            "Title: [title]\nPrice: [price]",
        ),
        (
            "Describe the bike. Use the format:\nModel: {model}\nPrice: {price}",
            "Model: {model}\nPrice: {price}",
        ),
        (
            "please reply in exactly this format:\n  Verdict: <yes or no>\n  Reason: <one line>",
            "Verdict: <yes or no>\nReason: <one line>",
        ),
    ],
)
def test_wordings_that_announce_a_template(prompt: str, template: str) -> None:
    assert compiled(prompt) == [template]


@pytest.mark.parametrize(
    "prompt",
    [
        "Here is my data in this format:\nName: <name>\nRole: <role>",  # material, not a request
        "Don't use this format:\nName: <name>\nRole: <role>",
        "Should I use this format:\nName: <name>\nRole: <role>",
        "Use this format:\nName\nRole",  # nothing free: no template
        "Use this format: Name: <name>",  # one line, on the same line
        "If possible, use this format:\nName: <name>\nRole: <role>",
    ],
)
def test_near_misses_announce_no_template(prompt: str) -> None:
    assert compiled(prompt) == []


def test_a_block_with_a_list_or_an_instruction_is_no_template() -> None:
    prompt = (
        "Reply in this exact structure:\nTITLE: <name>\nINGREDIENTS:\n- one per bullet\n"
        "Do not add any text before TITLE."
    )
    assert compiled(prompt) == []
    labelled = "Use this format:\nSUMMARY:\n<two sentences>\n---\nRisk: <low, medium or high>"
    assert compiled(labelled) == ["SUMMARY:\n<two sentences>\n---\nRisk: <low, medium or high>"]
