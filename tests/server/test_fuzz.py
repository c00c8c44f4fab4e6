"""A schemathesis pass over the OpenAPI schema: no input may produce a 5xx."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.core.result import Err, Ok

from _live_server import serve_in_thread
from redraft.app import Settings
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


def send(case: schemathesis.Case[Any], base_url: str) -> tuple[int, str]:
    """Send ``case`` and read its status and the start of its body.

    Session and run event streams stay open by design (they wait for
    re-evaluations, with heartbeats), so a client that reads the whole body
    never returns; the status and the first bytes are what this test judges.
    """
    kwargs = case.as_transport_kwargs(base_url=base_url)
    with requests.request(**kwargs, stream=True, timeout=30) as response:
        head = next(response.iter_content(chunk_size=4096), b"")
        return response.status_code, head.decode("utf-8", "replace")


def test_no_input_produces_a_server_error(base_url: str) -> None:
    schema = schemathesis.openapi.from_url(f"{base_url}/openapi.json")
    results = list(schema.get_all_operations())
    invalid = [result.err() for result in results if isinstance(result, Err)]
    assert not invalid, f"operations the schema does not describe validly: {invalid}"
    operations = [result.ok() for result in results if isinstance(result, Ok)]
    assert len(operations) >= 7, "every route should be in the schema"
    failures: list[str] = []
    seen: list[tuple[str, str, int]] = []
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
        def call(case: schemathesis.Case[Any]) -> None:
            status, text = send(case, base_url)
            seen.append((case.method, case.path, status))
            if status >= 500:
                failures.append(f"{case.method} {case.formatted_path} -> {status}: {text[:300]}")

        call()
    assert not failures, "\n".join(failures[:10])
    reached = {(method, path) for method, path, _ in seen}
    assert ("POST", "/v1/chat/completions") in reached
    assert ("POST", "/v1/answers") in reached
