"""The requirement account: a check that captures only part of its clause can
fail that clause but never pass it."""

from __future__ import annotations

from redraft import RunRequest, Verdict
from redraft.core._evaluator import EvaluationContext, Subject, settle
from redraft.criteria import CHECK_SPEC_ADAPTER, CompiledCheck, CompiledChecks
from redraft.testing import ScriptedModel

PROMPT = "Write about rain. Mention the keyword cloud in the second sentence exactly twice."


def _keyword_check(prompt: str, phrase: str = "the keyword cloud") -> CompiledCheck:
    """A check that reads only ``phrase``: "cloud" anywhere, at least once."""
    start = prompt.index(phrase)
    end = start + len(phrase)
    return CompiledCheck(
        spec=CHECK_SPEC_ADAPTER.validate_python({"kind": "keyword", "keyword": "cloud"}),
        origin="rules",
        source="prompt",
        source_span=(start, end),
        source_text=prompt[start:end],
    )


async def _verdict(answer: str, prompt: str = PROMPT, phrase: str = "the keyword cloud") -> Verdict:
    check = _keyword_check(prompt, phrase)
    checks = CompiledChecks([check], request=RunRequest.from_prompt(prompt))
    verdict = await checks.evaluate(
        Subject(text=answer, attempt=1, request=RunRequest.from_prompt(prompt)),
        EvaluationContext(gateway=None, threshold=0.8),  # type: ignore[arg-type]
    )
    return settle(verdict)


async def test_a_partial_check_that_passes_leaves_its_clause_unverified() -> None:
    # "cloud" is there, but not twice, and not in the second sentence.
    verdict = await _verdict("A cloud came. Then it rained.")
    clause = verdict.requirements[1]
    assert clause.text == "Mention the keyword cloud in the second sentence exactly twice"
    assert (clause.partial, clause.coverage, clause.passed) == (True, "unverified", None)
    assert "second sentence exactly twice" in clause.reason
    assert verdict.passed is None  # never True on a partial check
    assert verdict.account == "2 requirements: 2 unverified"


async def test_a_partial_check_that_fails_fails_its_clause() -> None:
    # No "cloud" at all: the weaker condition fails, so the clause does too.
    verdict = await _verdict("Rain fell. Then it stopped.")
    clause = verdict.requirements[1]
    assert (clause.coverage, clause.passed) == ("exact", False)
    assert verdict.passed is False


async def test_a_check_that_covers_its_whole_clause_passes_it() -> None:
    prompt = "Use the word cloud at least once."
    verdict = await _verdict("A cloud.", prompt, phrase="the word cloud at least once")
    assert [(r.coverage, r.passed, r.partial) for r in verdict.requirements] == [
        ("exact", True, False)
    ]
    assert verdict.passed is True


async def test_the_judge_gets_the_clauses_no_check_fully_verifies() -> None:
    from redraft import build_panel

    judge = ScriptedModel([])
    panel = build_panel(judge, request=PROMPT, compile_checks=True)
    compiled = panel.children[0]  # type: ignore[attr-defined]
    assert isinstance(compiled, CompiledChecks)
    # No check reads the first sentence: it is on the judge's checklist.
    assert compiled.unchecked[0] == "Write about rain"
    assert all(c.text in compiled.unchecked for c in compiled.clauses if not c.exact)


def test_a_language_detector_never_verifies_its_clause_exactly() -> None:
    from redraft.criteria import account_requirements, compile_checks

    prompt = "The response must be in English and all lowercase letters."
    checks = compile_checks(prompt)
    assert sorted(c.spec.kind_name() for c in checks) == ["language", "letter_case"]
    (clause,) = account_requirements(prompt, None, checks)
    # The case check measures; the language check estimates, so it can fail
    # the clause but the judge decides whether it is met.
    assert clause.partial and not clause.exact
    assert clause.residue == "English"
