from __future__ import annotations

from collections.abc import Iterator

import pytest

from redraft.providers import allow_real_model_calls, block_real_model_calls

# Store fixtures (``database_url`` runs a test on SQLite and on PostgreSQL).
pytest_plugins = ["_store_fixtures"]


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
