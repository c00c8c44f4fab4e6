"""Does the rule compiler stay linear on long prompts? Compile time by length.

    make bench-compile                       # default sizes
    make bench-compile ARGS="--repeats 1"    # a quick look

Each prompt is one phrase repeated to a given length: phrases of part
grammar ("then ", "paragraph 2 must start with ", "the word 'x' twice and "
…), one long sentence that once made the compiler quadratic (a
49,000-character prompt of them took 6 to 25 s); and short sentences
("Capital of France? ", "Use bullet points and answer in English.\n" …),
hundreds of them, each read by rules that ask something of the whole prompt,
which once made it quadratic in the number of sentences (24,500 characters
of them took 40 to 70 s). Each length is compiled ``--repeats`` times,
lengths interleaved, and the median is kept. Reported: the median per length and the ratio of the
longest to half of it, about 2 when compile time grows linearly and about 4
when it grows with the square of the length.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from _report import Table, write_report

from redraft.criteria import compile_checks

PHRASES = (
    "then ",
    "a title then bullet points ",
    "paragraph 2 must start with ",
    "the word x in the second sentence ",
    "each sentence must end with ",
    "the word 'x' twice and ",
    "Capital of France? ",
    "Write 3 short lines about the sea. ",
    "Use bullet points and answer in English.\n",
    "The museum opened in 1901 and holds 4 rooms of maps. ",
)
SIZES = (6_125, 12_250, 24_500, 49_000)


def prompt_of(phrase: str, size: int) -> str:
    """``phrase`` repeated to exactly ``size`` characters."""
    return (phrase * (size // len(phrase) + 1))[:size]


def measure(
    phrases: Sequence[str], sizes: Sequence[int], repeats: int
) -> dict[str, dict[int, float]]:
    """The median compile time in ms of each phrase at each size. Sizes are
    interleaved within each repeat, so a slow spell of the machine falls on
    every size alike."""
    times: dict[str, dict[int, list[float]]] = {p: {s: [] for s in sizes} for p in phrases}
    for _ in range(repeats):
        for phrase in phrases:
            for size in sizes:
                text = prompt_of(phrase, size)
                started = time.perf_counter()
                compile_checks(text)
                times[phrase][size].append((time.perf_counter() - started) * 1000)
    return {p: {s: statistics.median(v) for s, v in by.items()} for p, by in times.items()}


def growth(by_size: dict[int, float]) -> float:
    """The longest prompt's time over the time at half its length (or the
    nearest shorter size measured)."""
    sizes = sorted(by_size)
    longest = sizes[-1]
    half = max((s for s in sizes if s <= longest // 2), default=sizes[0])
    return by_size[longest] / max(by_size[half], 1e-6)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="compilations per length")
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    medians = measure(PHRASES, SIZES, args.repeats)
    table = Table(
        ["phrase repeated", *(f"{s:,} chars (ms)" for s in SIZES), "longest / half"], digits=1
    )
    for phrase, by_size in medians.items():
        table.add(repr(phrase), *(by_size[s] for s in SIZES), growth(by_size))
    write_report(
        "compile-scaling",
        title="Rule compiler time by prompt length",
        command=f"bench/.venv/bin/python bench/compile_scaling.py --repeats {args.repeats}",
        tables={"Median compile time": table},
        plot=None,
        notes=["about 2 in the last column is linear growth; about 4 would be quadratic"],
    )


if __name__ == "__main__":
    main()
