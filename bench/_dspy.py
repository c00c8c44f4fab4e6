"""The DSPy arms of the quality benchmark: ``dspy.Refine`` and ``dspy.BestOfN``
with the same model, the same attempt cap and IFEval's verifier as reward."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _arms import ArmResult, Bench, Outcome
from _ifeval import IFEvalPrompt, Score, score

from redraft.providers import parse_model_spec


@dataclass(frozen=True)
class Endpoint:
    """How DSPy (through LiteLLM) reaches the model under test."""

    model: str
    api_base: str | None
    api_key: str | None
    description: str


@contextmanager
def dspy_endpoint(spec: str) -> Iterator[Endpoint]:
    """An OpenAI-compatible endpoint serving ``spec``'s model to DSPy.

    For ``local`` this starts a second ``xllamacpp.Server`` on the same GGUF
    with the same parameters as redraft's ``LocalProvider`` (n_ctx 4096, two
    parallel slots, two threads, a random API key) and no HTTP layer of
    redraft's in between: the cheapest way to give DSPy the same model.
    """
    family, model = parse_model_spec(spec)
    if family == "openai":
        yield Endpoint(
            f"openai/{model}",
            os.environ.get("OPENAI_BASE_URL"),
            os.environ.get("OPENAI_API_KEY"),
            f"LiteLLM openai/{model} (OPENAI_BASE_URL, OPENAI_API_KEY)",
        )
        return
    if family == "anthropic":
        yield Endpoint(
            f"anthropic/{model}",
            None,
            os.environ.get("ANTHROPIC_API_KEY"),
            f"LiteLLM anthropic/{model}",
        )
        return
    if family != "local":
        raise SystemExit(f"DSPy arms need a real model, not {spec!r}; leave them out with --arms")
    import xllamacpp

    from redraft.providers._local import (
        BUNDLED_MODEL_NAME,
        BUNDLED_MODEL_SHA256,
        locate_bundled_model,
        verify_sha256,
    )

    if model:
        path = Path(model).expanduser()
    else:
        path = locate_bundled_model()
        verify_sha256(path, BUNDLED_MODEL_SHA256)
    key = secrets.token_hex(16)
    params = xllamacpp.CommonParams()
    params.model.path = str(path)
    params.n_ctx = 4096
    params.n_parallel = 2
    params.cpuparams.n_threads = 2
    params.cpuparams_batch.n_threads = 2
    params.api_keys = [key]
    params.port = 0
    params.warmup = False
    params.verbosity = -1
    server = xllamacpp.Server(params)
    name = path.stem if model else BUNDLED_MODEL_NAME
    try:
        yield Endpoint(
            f"openai/{name}",
            f"{server.listening_address}/v1",
            key,
            "a second xllamacpp.Server (same GGUF, n_ctx 4096, 2 slots, 2 threads) "
            "on a random localhost port, with a random API key",
        )
    finally:
        del server


class _DSPyRun:
    """Shared state of one DSPy arm: the verifier as reward, with a log."""

    def __init__(self, prompts: Sequence[IFEvalPrompt]) -> None:
        self.by_text = {p.text: p for p in prompts}
        self.scores: dict[int, list[Score]] = {p.key: [] for p in prompts}
        self.hints = 0
        self.lock = threading.Lock()

    def reward(self, args: dict[str, Any], prediction: Any) -> float:
        prompt = self.by_text[args["prompt"]]
        result = score(prompt, str(getattr(prediction, "response", "") or ""))
        with self.lock:
            self.scores[prompt.key].append(result)
        return result.fraction


def _plain_adapter(dspy: Any, state: _DSPyRun) -> Any:
    """A ChatAdapter that sends the prompt as it is and reads the whole reply
    as ``response`` for the ``prompt -> response`` signature (so the model sees
    what redraft's drafts see), and Refine's hint appended; every other
    signature (Refine's feedback) keeps DSPy's own format."""

    class PlainText(dspy.ChatAdapter):  # type: ignore[misc]
        def _plain(self, signature: Any) -> bool:
            return list(signature.output_fields) == ["response"]

        def format(self, signature: Any, demos: Any, inputs: dict[str, Any]) -> Any:
            if not self._plain(signature):
                return super().format(signature, demos, inputs)
            text = str(inputs["prompt"])
            hint = inputs.get("hint_")
            if hint and str(hint).strip() not in ("", "N/A"):
                with state.lock:
                    state.hints += 1
                text += f"\n\nHint from an earlier attempt: {hint}"
            return [{"role": "user", "content": text}]

        def parse(self, signature: Any, completion: str) -> dict[str, Any]:
            if not self._plain(signature):
                return dict(super().parse(signature, completion))
            return {"response": completion}

    return PlainText()


async def dspy_arm(bench: Bench, name: str, wrapper: str) -> ArmResult:
    os.environ.setdefault("DSPY_CACHEDIR", str(Path(bench.args.dspy_cache_dir)))
    import dspy

    # DSPy warns on every field it coerces; the table reports what matters.
    logging.getLogger("dspy").setLevel(logging.ERROR)
    from dspy.clients.base_lm import GLOBAL_HISTORY

    dspy.configure_cache(enable_disk_cache=False, enable_memory_cache=False)
    state = _DSPyRun(bench.prompts)
    attempts = bench.args.max_attempts
    with dspy_endpoint(bench.args.model) as endpoint:
        lm = dspy.LM(
            endpoint.model,
            api_base=endpoint.api_base,
            api_key=endpoint.api_key,
            cache=False,
            max_tokens=bench.args.max_tokens,
            temperature=bench.args.temperature,
        )
        adapter = (
            _plain_adapter(dspy, state)
            if bench.args.dspy_adapter == "plain"
            else dspy.ChatAdapter()
        )
        dspy.configure(lm=lm, adapter=adapter)
        module_class = dspy.Refine if wrapper == "refine" else dspy.BestOfN

        def one(prompt: IFEvalPrompt) -> tuple[str, str | None]:
            program = module_class(
                module=dspy.Predict("prompt -> response"),
                N=attempts,
                reward_fn=state.reward,
                threshold=1.0,
            )
            try:
                prediction = program(prompt=prompt.text)
            except Exception as exc:  # a DSPy failure is a failed answer, not a crash
                return "", f"{type(exc).__name__}: {exc}"
            if prediction is None:
                return "", "every attempt failed"
            return str(getattr(prediction, "response", "") or ""), None

        first_entry = len(GLOBAL_HISTORY)
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=bench.args.concurrency) as pool:
            answers = await asyncio.gather(
                *(asyncio.wrap_future(pool.submit(one, p)) for p in bench.prompts)
            )
        wall = time.perf_counter() - started
        entries = list(GLOBAL_HISTORY[first_entry:])
    outcomes = []
    for prompt, (text, error) in zip(bench.prompts, answers, strict=True):
        seen = state.scores[prompt.key]
        outcomes.append(
            Outcome(
                prompt=prompt,
                text=text,
                score=score(prompt, text),
                first=seen[0] if seen else None,
                error=error,
            )
        )
    feedback = [e for e in entries if _is_feedback_call(e)]
    result = ArmResult(
        name,
        outcomes,
        wall,
        tokens=sum(_usage(e) for e in entries),
        overhead_tokens=sum(_usage(e) for e in feedback),
        calls=len(entries),
    )
    attempts_made = sum(len(s) for s in state.scores.values())
    note = (
        f"{name}: {len(entries)} LLM calls answered, {attempts_made} scored attempts, "
        f"{sum(o.error is not None for o in outcomes)} prompts with no answer"
    )
    if wrapper == "refine":
        # Refine asks for feedback after every failed attempt but the last.
        needed = sum(
            not s.passed for scores in state.scores.values() for s in scores[: attempts - 1]
        )
        note += (
            f"; feedback: {len(feedback)} of {needed} feedback calls answered "
            f"({sum(_usage(e) for e in feedback)} tokens), {state.hints} hints reached a redraft"
        )
    result.notes.append(note)
    result.notes.append(f"DSPy endpoint: {endpoint.description}")
    return result


def _is_feedback_call(entry: dict[str, Any]) -> bool:
    messages = entry.get("messages") or []
    return any("program_trajectory" in str(m.get("content", "")) for m in messages)


def _usage(entry: dict[str, Any]) -> int:
    usage = entry.get("usage") or {}
    total = usage.get("total_tokens")
    if isinstance(total, int):
        return total
    return int(usage.get("prompt_tokens") or 0) + int(usage.get("completion_tokens") or 0)


async def arm_dspy_refine(bench: Bench) -> ArmResult:
    return await dspy_arm(bench, "dspy.Refine", "refine")


async def arm_dspy_best_of_n(bench: Bench) -> ArmResult:
    return await dspy_arm(bench, "dspy.BestOfN", "best_of_n")
