"""Schemathesis over every operation in the OpenAPI document: no input may
produce a 5xx, and every answer, errors included, matches what the document
says (an error is OpenAI's ``{"error": {...}}`` on ``/v1``).

In process, over schemathesis's ASGI transport, against the real app with a
SQLite store and the scripted model, so nothing leaves the machine. Each
operation gets its documented examples and a fixed number of valid and
invalid requests, derandomized: the same requests on every run, in tens of
seconds on two cores. The session routes' unprefixed twins (the evaluation
sessions design's paths, left out of the document) get the same requests
and must answer in FastAPI's ``{"detail": ...}`` shape. A failure names the
request that caused it.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Err, Ok
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import response_schema_conformance

from redraft.app import Settings
from redraft.providers import EchoModel, ProviderRegistry
from redraft.server import create_app

EXAMPLES_PER_MODE = 15
"""Valid and invalid requests per operation: enough to reach every field's
edges (schemathesis starts from them), few enough for CI's two cores."""
STREAM_SECONDS = 2.0
"""How long an event stream is read at most: a session's stays open for
re-evaluations; its status and first events are what is judged."""
CHECKS = [not_a_server_error, response_schema_conformance]


@pytest.fixture(scope="module")
def schema(tmp_path_factory: pytest.TempPathFactory) -> Any:
    tmp: Path = tmp_path_factory.mktemp("fuzz")
    registry = ProviderRegistry()
    # Whatever model the fuzzer names, no real one is loaded or called.
    registry.add("local", EchoModel())
    app_settings = Settings(
        database_url=f"sqlite:///{tmp / 'fuzz.db'}",
        model="scripted",
        judge_model="scripted",
        max_body_bytes=64 * 1024,
        sse_heartbeat_seconds=0.5,
        # The ASGI transport's Host; a keyless service answers only the names it is given.
        allowed_hosts="testserver",
    )
    app = create_app(app_settings, registry=registry)
    loaded = schemathesis.openapi.from_asgi("/openapi.json", app)
    loaded.config.max_stream_events = 3
    return loaded


def _twins(app: FastAPI) -> set[tuple[str, str]]:
    """The routes outside ``/v1`` that serve a ``/v1`` route's handler."""
    return {
        (method, context.path)
        for context in iter_route_contexts(app.routes)
        if context.path and not context.path.startswith("/v1")
        for method in (getattr(context, "methods", None) or ())
    }


class Fuzz:
    """Sends each generated request; the first that fails stops the test,
    shrunk by hypothesis to the smallest request that still fails."""

    def __init__(self, app: Any) -> None:
        self.app = app  # an ASGI app, as schemathesis's client takes it
        self.twins = _twins(app)
        self.reached: set[tuple[str, str, int]] = set()

    def run(self, strategy: st.SearchStrategy[schemathesis.Case[Any]], examples: int) -> None:
        @given(case=strategy)
        @settings(
            max_examples=examples,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
        def call(case: schemathesis.Case[Any]) -> None:
            response = case.call(timeout=STREAM_SECONDS)
            self.reached.add((case.method, case.path, response.status_code // 100))
            case.validate_response(response, checks=CHECKS)
            twin = case.path.removeprefix("/v1")
            if (case.method.upper(), twin) in self.twins:
                self._unprefixed(case, twin)

        call()

    def _unprefixed(self, case: schemathesis.Case[Any], path: str) -> None:
        kwargs = case.as_transport_kwargs(base_url=f"http://{asgi.HOST}")
        kwargs["url"] = kwargs["url"].replace("/v1/", "/", 1)
        with asgi.get_client(self.app) as client:
            response = client.request(**kwargs, timeout=STREAM_SECONDS)
        where = f"unprefixed {path} -> {response.status_code}: {response.text[:300]}"
        assert response.status_code < 500, where
        if response.status_code >= 400:
            assert set(response.json()) == {"detail"}, where


def test_no_input_produces_a_server_error_or_an_undocumented_answer(schema: Any) -> None:
    results = list(schema.get_all_operations())
    invalid = [result.err() for result in results if isinstance(result, Err)]
    assert not invalid, f"operations the schema does not describe validly: {invalid}"
    operations = [result.ok() for result in results if isinstance(result, Ok)]
    assert len(operations) >= 18, "every route should be in the schema"
    fuzz = Fuzz(schema.app)
    assert ("POST", "/evaluate/start") in fuzz.twins
    for operation in operations:
        for example in operation.get_strategies_from_examples():
            fuzz.run(example, 1)
        fuzz.run(operation.as_strategy(), EXAMPLES_PER_MODE)
        if operation.body or any(operation.iter_parameters()):
            negative = operation.as_strategy(generation_mode=schemathesis.GenerationMode.NEGATIVE)
            # Unsatisfiable: any value the document allows is valid (free
            # text), so there is nothing invalid to send.
            with contextlib.suppress(Unsatisfiable):
                fuzz.run(negative, EXAMPLES_PER_MODE)
    # Valid requests got through to the work, not only to refusals.
    for path in ("/v1/chat/completions", "/v1/answers", "/v1/sessions"):
        assert ("POST", path, 2) in fuzz.reached, path
