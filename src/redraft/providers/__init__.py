"""Providers and model specs.

A model spec is a string:

- ``openai:<model>`` — the official ``openai`` SDK; honours ``OPENAI_BASE_URL``
  and ``OPENAI_API_KEY`` (OpenAI, Ollama, vLLM, llama.cpp server, LM Studio, Groq…)
- ``anthropic:<model>`` — the official ``anthropic`` SDK (``ANTHROPIC_API_KEY``)
- ``local`` or ``local:<path.gguf>`` — the embedded model, in-process
- ``scripted`` — :class:`EchoModel`; ``scripted:<file.json>`` — a
  :class:`ScriptedModel` whose queue is the JSON list of strings in the file

A :class:`ProviderRegistry` built with ``breaker_failures`` wraps every
provider it builds in a :class:`CircuitBreaker`, one per spec, shared by all
the runs that use the registry.
"""

from __future__ import annotations

import json
from pathlib import Path

from redraft.core._errors import ConfigurationError
from redraft.core._provider import (
    Provider,
    allow_real_model_calls,
    block_real_model_calls,
)
from redraft.providers._breaker import BreakerState, CircuitBreaker
from redraft.providers._scripted import EchoModel, FunctionModel, ScriptedModel

__all__ = [
    "BreakerState",
    "CircuitBreaker",
    "EchoModel",
    "FunctionModel",
    "Provider",
    "ProviderRegistry",
    "ScriptedModel",
    "allow_real_model_calls",
    "block_real_model_calls",
    "parse_model_spec",
]

FAMILIES = ("openai", "anthropic", "local", "scripted")


def parse_model_spec(spec: str) -> tuple[str, str]:
    """Split ``family:model``; raise :class:`ConfigurationError` naming what is wrong."""
    spec = spec.strip()
    if not spec:
        raise ConfigurationError("model spec is empty")
    family, _, model = spec.partition(":")
    family = family.strip().lower()
    model = model.strip()
    if family not in FAMILIES:
        raise ConfigurationError(
            f"unknown model spec {spec!r}: expected one of "
            "'openai:<model>', 'anthropic:<model>', 'local', 'scripted'"
        )
    if family in ("openai", "anthropic") and not model:
        raise ConfigurationError(f"model spec {spec!r} names no model: write '{family}:<model>'")
    return family, model


class ProviderRegistry:
    """Builds providers from specs and shares one instance per spec, so the
    generator and the judge can use one loaded local model.

    With ``breaker_failures`` set, each provider the registry builds is
    wrapped in one :class:`CircuitBreaker` per spec (opening after that many
    consecutive failures, half-open after ``breaker_reset_s``), shared by
    everything that gets the spec from this registry. Providers registered
    with :meth:`add` are kept as given.
    """

    def __init__(self, breaker_failures: int | None = None, breaker_reset_s: float = 30.0) -> None:
        if breaker_failures is not None and (
            isinstance(breaker_failures, bool)
            or not isinstance(breaker_failures, int)
            or breaker_failures < 1
        ):
            raise ConfigurationError(
                f"breaker_failures must be a whole number ≥ 1 or None, got {breaker_failures!r}"
            )
        if breaker_reset_s <= 0:
            raise ConfigurationError(f"breaker_reset_s must be > 0, got {breaker_reset_s!r}")
        self.breaker_failures = breaker_failures
        self.breaker_reset_s = breaker_reset_s
        self._providers: dict[str, Provider] = {}

    def built(self) -> list[Provider]:
        """The providers built or registered so far (metrics read breakers here)."""
        return list(self._providers.values())

    def get(self, spec: str) -> Provider:
        family, model = parse_model_spec(spec)
        key = f"{family}:{model}"
        if key not in self._providers:
            provider = _build(family, model)
            if self.breaker_failures is not None:
                provider = CircuitBreaker(
                    provider,
                    failures=self.breaker_failures,
                    reset_after_s=self.breaker_reset_s,
                )
            self._providers[key] = provider
        return self._providers[key]

    def __contains__(self, spec: object) -> bool:
        """Whether ``spec`` is already built or registered (no side effects)."""
        if not isinstance(spec, str):
            return False
        try:
            return ":".join(parse_model_spec(spec)) in self._providers
        except ConfigurationError:
            return False

    def add(self, spec: str, provider: Provider) -> None:
        """Register a ready provider under ``spec`` (tests, embedding apps)."""
        self._providers[":".join(parse_model_spec(spec))] = provider

    async def aclose(self) -> None:
        for provider in self._providers.values():
            await provider.aclose()
        self._providers.clear()


def _build(family: str, model: str) -> Provider:
    if family == "scripted":
        return _scripted_from_file(model) if model else EchoModel()
    if family == "openai":
        from redraft.providers._openai import OpenAIProvider

        return OpenAIProvider(model)
    if family == "anthropic":
        from redraft.providers._anthropic import AnthropicProvider

        return AnthropicProvider(model)
    from redraft.providers._local import LocalProvider

    return LocalProvider(model_path=model or None)


def _scripted_from_file(path: str) -> ScriptedModel:
    file = Path(path)
    try:
        items = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigurationError(f"scripted model file not found: {path}") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise ConfigurationError(
            f"scripted model file {path} is not readable JSON: {exc}"
        ) from None
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise ConfigurationError(f"scripted model file {path} must hold a JSON list of strings")
    return ScriptedModel(items, model=file.name)
