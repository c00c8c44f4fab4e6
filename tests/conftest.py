from __future__ import annotations

from collections.abc import Iterator

import pytest

from redraft.criteria import raise_rule_errors
from redraft.providers import allow_real_model_calls, block_real_model_calls

# Store fixtures (``database_url`` runs a test on SQLite and on PostgreSQL).
pytest_plugins = ["_store_fixtures"]


@pytest.fixture(autouse=True)
def _no_judge_record(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI keeps the judges' record in the user's store by default, and
    judges audit a random share of drafts; tests that exercise either turn
    them on with a store of their own, so call counts stay deterministic."""
    monkeypatch.setenv("REDRAFT_JUDGE_RECORD", "false")
    monkeypatch.setenv("REDRAFT_JUDGE_AUDIT_RATE", "0")
    # Nor does a test's `redraft ask` log its run in the user's store.
    monkeypatch.setenv("REDRAFT_LOG", "off")


@pytest.fixture(autouse=True)
def _rule_errors_fail_tests() -> Iterator[None]:
    """A compiler rule that raises is a bug: the test fails on it, where a
    user's request would only lose that rule's reading (and log it)."""
    with raise_rule_errors():
        yield


@pytest.fixture(autouse=True)
def _no_real_model_calls(request: pytest.FixtureRequest) -> Iterator[None]:
    """Real model calls fail in tests unless the test is marked for them."""
    if request.node.get_closest_marker("real_model") or request.node.get_closest_marker(
        "real_calls"
    ):
        with allow_real_model_calls():
            yield
    else:
        with block_real_model_calls():
            yield
