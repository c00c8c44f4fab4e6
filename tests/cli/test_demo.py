"""`make demo` shows the promise on the embedded model: a draft fails an exact
check, and a repair or a redraft follows, on screen."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from redraft.cli import cli

MAKEFILE = Path(__file__).resolve().parents[2] / "Makefile"


def demo_prompt() -> str:
    """The prompt `make demo` runs, read from the Makefile so the two cannot drift."""
    found = re.search(r"^DEMO_PROMPT := (.+)$", MAKEFILE.read_text(encoding="utf-8"), re.M)
    assert found is not None, "the Makefile has no DEMO_PROMPT"
    return found.group(1).strip()


def test_the_demo_prompt_states_requirements_that_compile_into_repairable_checks() -> None:
    shown = CliRunner().invoke(cli, ["checks", demo_prompt(), "--json"])
    assert shown.exit_code == 0, shown.output
    kinds = {check["spec"]["kind"] for check in json.loads(shown.stdout)["checks"]}
    assert {"letter_case", "forbidden_chars", "ends_with"} <= kinds


@pytest.mark.real_model
def test_the_demo_fails_an_exact_check_then_repairs_or_redrafts_on_the_embedded_model() -> None:
    # Temperature 0: the embedded model drafts the same list every time.
    args = ["ask", demo_prompt(), "--model", "local", "--judge-model", "none"]
    args += ["--max-attempts", "4", "--max-tokens", "120", "--temperature", "0"]
    result = CliRunner(env={"COLUMNS": "200"}).invoke(cli, args)
    assert result.exit_code in (0, 1), result.output
    screen = result.output
    first = screen.index("verdict 1: FAIL")
    failed_checks = re.findall(
        r"^(letter_case|forbidden_chars|ends_with)\b.*✗ ok", screen[first:], re.M
    )
    assert failed_checks, screen
    # What follows the failed check: the repair it offers, or feedback to the model...
    follow = re.search(r"repaired without a model: .+ → attempt 2|feedback → attempt 2", screen)
    assert follow is not None and follow.start() > first, screen
    # ...and the next draft, checked again.
    assert screen.index("draft 2/4") > follow.start()
    assert "verdict 2:" in screen
