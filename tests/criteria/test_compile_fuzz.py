"""The rule compiler never raises and never points outside the text it read,
whatever the prompt: requirement wordings cut, spliced and recased at random.

A crash here would take down a request (the compiler runs on every one), and
a blind split once found one ("…; in the second one, use no more than 50
words" raised an IndexError). The fragments are the near misses and the
working blind splits' prompts; held-out splits stay unread by tests."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from redraft.criteria import compile_rules

_ROOT = Path(__file__).resolve().parents[2]
_WORKING = tuple(f"split-{s}.jsonl" for s in "acfhjkl")


def _prompts() -> list[str]:
    texts: list[str] = []
    lines = (_ROOT / "tests/criteria/data/near_misses.jsonl").read_text(encoding="utf-8")
    texts += [json.loads(line)["prompt"] for line in lines.splitlines() if line.strip()]
    for name in _WORKING:
        rows = (_ROOT / "bench/data/blind" / name).read_text(encoding="utf-8")
        texts += [json.loads(line)["prompt"] for line in rows.splitlines() if line.strip()]
    return texts


_PROMPTS = _prompts()
_SEPARATORS = ("", " ", ". ", "\n", "\n\n", ", and ", "; ", ": ", " - ", "\n- ", " (", ") ")


@st.composite
def _spliced(draw: st.DrawFn) -> str:
    parts: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        text = draw(st.sampled_from(_PROMPTS))
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, len(text)))
        piece = text[start:end]
        case = draw(st.sampled_from(("keep", "lower", "upper")))
        piece = piece.lower() if case == "lower" else piece.upper() if case == "upper" else piece
        parts += [piece, draw(st.sampled_from(_SEPARATORS))]
    return "".join(parts)


def test_the_fragments_are_there() -> None:
    # An empty pool would make the property below vacuous.
    assert len(_PROMPTS) > 1000


@given(text=_spliced())
@settings(
    max_examples=400,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
def test_compiling_never_raises_and_every_span_is_the_text_it_names(text: str) -> None:
    for check in compile_rules(text):
        assert check.source_span is not None
        start, end = check.source_span
        assert 0 <= start <= end <= len(text)
        assert text[start:end] == check.source_text
