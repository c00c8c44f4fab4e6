"""One sentence per line: "put each sentence on its own line", "one
sentence per line", "a line break after every sentence" — compiled as the
``each_count`` check it is (every line holds exactly one sentence, cut as
``sentence_count`` cuts them), and its repair without a model: a line
holding several sentences is cut after each, a list item's marker kept on
its first. Both join the ``each_count`` family in :mod:`._per_part`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import Params, RepairOp
from redraft.criteria import _measure as measure
from redraft.criteria._families._arguments import response_spec
from redraft.criteria._families._per_part_spec import EachCount
from redraft.criteria._sentences import Hit, Sentence

__all__ = ["ONE_SENTENCE_PER_LINE", "line_per_sentence", "repairs_one_per_line"]


_MARKER = compile_lazily(r"^(?P<marker>\s*(?:[-*+•]|\d{1,3}[.)])\s+)")


def _one_per_line(text: str, _params: Params, _repairs: Sequence[Params]) -> str:
    out: list[str] = []
    for line in text.split("\n"):
        pieces = measure.sentences(line)
        if len(pieces) < 2:
            out.append(line)
            continue
        marker = _MARKER.match(line)
        indent = " " * len(marker.group("marker")) if marker else ""
        # what stands before the first sentence (indentation, a list marker) stays
        first = line[: max(line.find(pieces[0]), 0)] + pieces[0]
        out += [first, *(indent + piece for piece in pieces[1:])]
    return "\n".join(out)


ONE_SENTENCE_PER_LINE = RepairOp(
    "one_sentence_per_line",
    740,
    _one_per_line,
    lambda _: "each sentence put on its own line",
)

# "each sentence on its own line", "one sentence per line", "every sentence
# on a new line", "a line break after every sentence"
_ASKED = compile_lazily(
    r"\b(?:(?:put|place|write|start|begin|have)\s+)?(?:each|every)\s+sentence\s+"
    r"(?:(?:should|must|needs\s+to)\s+(?:be|go|start|begin)\s+)?(?:is\s+)?"
    r"(?:on|in)\s+(?:its\s+own|a\s+(?:new|separate|different)|a\s+line\s+of\s+its\s+own)\s+line\b|"
    r"\bone\s+sentence\s+(?:per|a|on\s+each|for\s+each)\s+line\b|"
    r"\b(?:a\s+)?(?:line\s+break|new\s*line)\s+after\s+(?:each|every)\s+sentence\b|"
    r"\b(?:each|every)\s+sentence\s+(?:on|in)\s+(?:a\s+)?(?:separate|its\s+own)\s+lines?\b"
)


ONE_PER_LINE = partial(EachCount, part="line", units="sentences", relation="exactly", value=1)


def line_per_sentence(sentence: Sentence) -> Iterator[Hit]:
    for match in _ASKED.finditer(sentence.lower):
        yield from response_spec(sentence, ONE_PER_LINE, match.start(), match.end())


def repairs_one_per_line(spec: EachCount) -> bool:
    """Whether cutting lines after each sentence meets ``spec``: at most
    one sentence in each line."""
    return (
        spec.part == "line"
        and spec.units == "sentences"
        and spec.value == 1
        and spec.relation in ("exactly", "at_most")
    )
