"""The compile-scaling benchmark's helpers (bench/compile_scaling.py): its
prompts have the length asked for and its growth ratio reads the right sizes.
Nothing here is timed: the timings themselves are the benchmark's."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import compile_scaling  # type: ignore[import-not-found]


def test_prompts_are_the_phrase_repeated_to_the_exact_length() -> None:
    text = compile_scaling.prompt_of("then ", 12)
    assert text == "then then th"
    assert all(
        len(compile_scaling.prompt_of(p, s)) == s
        for p in compile_scaling.PHRASES
        for s in compile_scaling.SIZES
    )


def test_growth_is_the_longest_over_half_its_length() -> None:
    assert compile_scaling.growth({100: 1.0, 200: 2.0, 400: 8.0}) == 4.0
    # with no size at half the longest, the nearest shorter one measured
    assert compile_scaling.growth({300: 3.0, 400: 4.0}) == 4.0 / 3.0


def test_measure_keeps_one_median_per_phrase_and_size() -> None:
    medians = compile_scaling.measure(["then "], [50, 100], repeats=2)
    assert set(medians) == {"then "}
    assert set(medians["then "]) == {50, 100}
    assert all(ms >= 0 for ms in medians["then "].values())
