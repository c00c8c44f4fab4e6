"""A chat request's system messages are requirements too: their rules compile
into checks recorded as coming from ``system`` and appear in the requirement
account like the prompt's; a line that only sets the scene adds nothing."""

from __future__ import annotations

from redraft import RunRequest, Verdict
from redraft.core._evaluator import EvaluationContext, Subject, settle
from redraft.core._types import Message
from redraft.criteria import (
    CompiledChecks,
    account_requirements,
    compile_checks,
    compiled_panel_member,
)
from redraft.criteria._requirements import states_rule

RULES = "Answer in lowercase only. Do not use any commas."


def _request(system: str | list[str], prompt: str = "what is a pretzel?") -> RunRequest:
    systems = [system] if isinstance(system, str) else system
    return RunRequest(
        messages=[
            *(Message(role="system", content=s) for s in systems),
            Message(role="user", content=prompt),
        ]
    )


async def _verdict(request: RunRequest, answer: str) -> Verdict:
    member = compiled_panel_member(request)
    assert isinstance(member, CompiledChecks)
    verdict = await member.evaluate(
        Subject(text=answer, attempt=1, request=request),
        EvaluationContext(gateway=None, threshold=0.8),  # type: ignore[arg-type]
    )
    return settle(verdict)


def test_the_system_messages_compile_with_their_source() -> None:
    found = compile_checks("What is a pretzel?", system=RULES)
    assert sorted(c.spec.kind_name() for c in found) == ["forbidden_chars", "letter_case"]
    for check in found:
        assert check.source == "system"
        assert check.source_span is not None
        assert RULES[slice(*check.source_span)] == check.source_text


def test_positional_criteria_keep_their_meaning() -> None:
    [check] = compile_checks("Describe a pretzel.", "Answer in at most 30 words.")
    assert (check.source, check.spec.kind_name()) == ("criteria", "word_count")


def test_the_prompt_wins_a_slot_the_system_also_fills() -> None:
    found = compile_checks("Answer in at most 10 words.", system="Answer in at most 80 words.")
    assert [(c.source, c.spec.model_dump()["value"]) for c in found] == [("prompt", 10)]


def test_the_request_joins_its_system_messages() -> None:
    request = _request(["Be brief.", "Never use commas."])
    assert request.system == "Be brief.\n\nNever use commas."
    assert RunRequest.from_prompt("hi").system == ""


async def test_system_rules_are_accounted_like_the_prompts() -> None:
    request = _request(RULES)
    passing = await _verdict(request, "a knotted bread baked with lye and salt")
    clauses = [(r.text, r.source, r.coverage, r.passed) for r in passing.requirements]
    assert ("Answer in lowercase only", "system", "exact", True) in clauses
    assert ("Do not use any commas", "system", "exact", True) in clauses
    failing = await _verdict(request, "A knotted bread, baked with lye.")
    assert failing.passed is False
    failed = {r.text for r in failing.requirements if r.passed is False}
    assert failed == {"Answer in lowercase only", "Do not use any commas"}


async def test_a_persona_only_system_prompt_adds_no_requirement() -> None:
    persona = "You are SnackBot, the cheerful assistant of a corner snack shop in Leeds."
    with_persona = await _verdict(_request(persona), "A knotted bread.")
    without = await _verdict(RunRequest.from_prompt("what is a pretzel?"), "A knotted bread.")
    assert [r.source for r in with_persona.requirements] == ["prompt"]
    assert with_persona.account == without.account
    assert account_requirements("Hi.", None, [], system=persona)[1:] == []


def test_which_system_clauses_state_a_rule() -> None:
    assert states_rule("Always reply in Spanish")
    assert states_rule("Keep answers under 50 words")
    assert states_rule("Answers must cite a source")
    assert states_rule("You are SnackBot and you never discuss prices")
    assert not states_rule("You are SnackBot, a friendly assistant")
    assert not states_rule("You're the help desk of a bank that only opens on weekdays")
    assert not states_rule("The users are shop owners in small towns")


def test_an_unread_system_rule_stays_unverified() -> None:
    system = "You are SnackBot. Always recommend a drink with every snack."
    clauses = account_requirements("Suggest a snack.", None, [], system=system)
    assert [(c.text, c.source, c.exact) for c in clauses] == [
        ("Suggest a snack", "prompt", False),
        ("Always recommend a drink with every snack", "system", False),
    ]


def test_a_standing_always_leads_a_rule_in() -> None:
    found = compile_checks("Hi.", system="Always answer in French. Never write over 4 sentences.")
    assert sorted(c.spec.kind_name() for c in found) == ["language", "sentence_count"]
    # "always" opens a rule; it does not turn a negated or hedged one into a rule.
    assert compile_checks("Hi.", system="You need not always answer in French.") == []
    assert compile_checks("Hi.", system="Ideally, always answer in French.") == []
