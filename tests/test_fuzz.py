"""A schemathesis pass over the OpenAPI schema: no input may produce a 5xx."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from tests._live_server import serve_in_thread

from redraft._settings import Settings
from redraft.providers import EchoModel, ProviderRegistry
from redraft.server import create_app


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp: Path = tmp_path_factory.mktemp("fuzz")
    registry = ProviderRegistry()
    # Whatever the fuzzer sends, no real model is loaded.
    registry.add("local", EchoModel())
    app_settings = Settings(database_url=f"sqlite:///{tmp / 'fuzz.db'}", max_body_bytes=64 * 1024)
    with serve_in_thread(create_app(app_settings, registry=registry)) as url:
        yield url


@pytest.fixture(scope="module")
def api_schema(base_url: str) -> schemathesis.BaseSchema:
    return schemathesis.openapi.from_url(f"{base_url}/openapi.json")


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_input_produces_a_server_error(case: schemathesis.Case) -> None:
    response = case.call(timeout=30)
    assert response.status_code < 500, (
        f"{case.method} {case.formatted_path} -> {response.status_code}: {response.text[:500]}"
    )
