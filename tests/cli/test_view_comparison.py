"""How the CLI reports the judge's choice between two drafts."""

from __future__ import annotations

from redraft import DraftComparison
from redraft.cli._view import describe_comparison


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
