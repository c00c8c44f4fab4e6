"""A terminal is for people: readable progress and one clear error; JSON log
records stay for pipes and ``--log-format json``."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

UNREACHABLE = {
    "OPENAI_BASE_URL": "http://127.0.0.1:9/v1",  # the discard port: nothing listens
    "OPENAI_API_KEY": "sk-test",
    "REDRAFT_LOG": "off",
    "REDRAFT_JUDGE_RECORD": "false",
}
ASK = ["ask", "What is 2 + 2?", "--model", "openai:gpt-4o-mini", "--judge-model", "none"]


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REDRAFT_")}
    return {**env, **UNREACHABLE, "HOME": str(tmp_path), "COLUMNS": "200"}


def _on_a_terminal(tmp_path: Path, *args: str) -> tuple[int, str]:
    """Run ``redraft`` with stdout and stderr on a pseudo-terminal; its exit
    code and everything it wrote there."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "redraft", *args],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env=_env(tmp_path),
    )
    os.close(follower)
    chunks: list[bytes] = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the other end closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    return process.wait(60), b"".join(chunks).decode("utf-8", "replace")


def test_an_unreachable_provider_on_a_terminal_is_one_clear_error(tmp_path: Path) -> None:
    code, seen = _on_a_terminal(tmp_path, *ASK)
    assert code == 1
    assert seen.count("cannot reach openai:gpt-4o-mini") == 1, seen
    assert "run failed" in seen
    assert '{"time"' not in seen and "draft call error" not in seen
    assert "Traceback" not in seen


def test_json_logs_on_a_terminal_when_asked_for(tmp_path: Path) -> None:
    code, seen = _on_a_terminal(tmp_path, "--log-format", "json", *ASK)
    assert code == 1
    # Each record is one line (after the live view's cursor moves).
    records = [line for line in seen.splitlines() if '{"time"' in line]
    # Three tries of the first draft, each where it went and what it was,
    # then the run's end.
    assert len(records) == 7
    went = '"message": "openai:gpt-4o-mini call to http://127.0.0.1:9 failed'
    assert sum(went in record for record in records) == 3
    assert sum('"message": "draft call error"' in record for record in records) == 3
    assert '"message": "run failed"' in records[-1]


def test_a_pipe_keeps_the_json_records_for_a_log_collector(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "redraft", *ASK],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=60,
    )
    assert done.returncode == 1
    records = [line for line in done.stderr.splitlines() if line.startswith('{"time"')]
    assert len(records) == 7
    # Only the provider's records say where the calls went (the log is the
    # operator's); the message itself is said once, with the run's summary.
    upstream = [line for line in records if "127.0.0.1:9" in line]
    assert len(upstream) == 3 and all('"logger": "redraft.providers"' in r for r in upstream)
    assert done.stdout.count("cannot reach openai:gpt-4o-mini") == 1
    plain = [line for line in done.stderr.splitlines() if line not in records]
    assert not any("cannot reach" in line for line in plain)
