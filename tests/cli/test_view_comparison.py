"""How the CLI shows what judges decided: a choice between drafts, an unsure judge."""

from __future__ import annotations

from rich.console import Console

from redraft import DraftComparison, Evidence, Verdict
from redraft.cli._view import _verdict_table, describe_comparison


def test_the_cli_says_what_the_judge_chose_and_why_not() -> None:
    base = DraftComparison(first=2, second=1, chosen=2, evaluator="judge")
    chose = base.model_copy(update={"chosen": 1, "p_second": 0.9, "confidence": 0.8})
    kept = base.model_copy(update={"p_second": 0.1, "confidence": 0.8})
    unsure = base.model_copy(update={"p_second": 0.6, "confidence": 0.1})
    failed = base.model_copy(update={"error": "RuntimeError: judge down"})

    assert describe_comparison(chose).startswith("the judge chose draft 1 over draft 2")
    assert describe_comparison(kept).startswith("the judge chose draft 2 over draft 1")
    assert "not sure" in describe_comparison(unsure)
    assert "no preference (RuntimeError: judge down)" in describe_comparison(failed)


def test_a_judge_that_was_not_sure_is_marked_unsure_not_failed() -> None:
    unsure = Evidence(
        evaluator="checklist-judge", kind="judge", passed=False, score=0.5, confidence=0.0
    )
    sure_no = unsure.model_copy(update={"evaluator": "other-judge", "confidence": 0.9})
    console = Console(width=120, record=True)
    console.print(_verdict_table(1, Verdict(score=0.5, passed=None, evidence=[unsure, sure_no])))
    lines = console.export_text().splitlines()

    assert any(line.startswith("checklist-judge") and "? ok" in line for line in lines)
    assert any(line.startswith("other-judge") and "✗ ok" in line for line in lines)
