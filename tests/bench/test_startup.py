"""The startup benchmark's helpers (bench/startup.py): an arm names a source
tree holding redraft, and every step runs in a fresh interpreter that imports
the arm's tree. Nothing here is timed: the timings are the benchmark's."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import startup  # type: ignore[import-not-found]


def test_an_arm_is_a_name_and_a_tree_holding_redraft() -> None:
    name, source = startup.parse_arm(f"now={startup.ROOT / 'src'}")
    assert name == "now" and (source / "redraft" / "__init__.py").is_file()


@pytest.mark.parametrize("value", ["now", "=src", "now=/nonexistent", f"x={startup.ROOT}"])
def test_an_arm_without_a_redraft_tree_is_refused(value: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="NAME=SRC"):
        startup.parse_arm(value)


def test_a_step_runs_the_arm_tree_in_a_fresh_interpreter(tmp_path: Path) -> None:
    # A stand-in tree whose redraft fails on import: the step must run it, not
    # the redraft this interpreter already holds.
    (tmp_path / "redraft").mkdir()
    (tmp_path / "redraft" / "__init__.py").write_text("raise SystemExit(3)\n")
    with pytest.raises(Exception, match="returned non-zero exit status 3"):
        startup.run_once(tmp_path, startup.STEPS["import redraft"])
    assert startup.run_once(startup.ROOT / "src", ["-c", "import redraft"]) > 0
