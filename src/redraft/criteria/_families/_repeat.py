"""A repeated request: "first repeat the request word for word without
change, then give your answer".

Measured exactly: the answer starts with the request (the prompt before the
sentence that asks for it), case and whitespace differences ignored. Read
only from the prompt, never from the criteria or the system, which are not
the request.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

from pydantic import Field

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import (
    Corrected,
    Guard,
    fold,
    head,
    response_spec,
    spec_hit,
)
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["REPEAT", "RepeatRequest", "repeat_request"]


class RepeatRequest(FamilySpec):
    """The answer starts by repeating ``text`` word for word (case and
    whitespace differences ignored)."""

    kind: Literal["repeat_request"] = "repeat_request"
    text: str = Field(min_length=1, max_length=5000)

    def describe(self) -> str:
        return "starts by repeating the request word for word"


def _repeat_request(spec: RepeatRequest, text: str) -> Outcome:
    if fold(text).startswith(fold(spec.text)):
        return Outcome(True, "the answer starts with the request repeated word for word")
    return Outcome(
        False,
        f"the answer starts with {head(text)}, not the request; required: {spec.describe()}",
        "Your answer must begin by repeating the request word for word, with nothing before "
        f"it: {spec.text!r}. Then give your answer.",
    )


_REPEAT = compile_lazily(
    r"\brepeat\s+(?:the|my|this|our)\s+(?:request|question|prompt|instruction)\s+"
    r"(?:word\s+for\s+word|verbatim|exactly)"
)
# "First repeat my question word for word, then answer it: Why …?", "…
# answer it. Question: Why …?": the question follows, after a colon.
_AFTER_COLON = compile_lazily(
    r"[^:]{0,80}?:\s*(?:(?:question|request|prompt)\s*:\s*)?(?P<q>\S.*)", re.S | re.I
)
_LABEL = compile_lazily(r"\s*(?:question|request|prompt)\s*:\s*(?P<q>\S.*)", re.S | re.I)


def _request_after(sentence: Sentence, end: int) -> str:
    """The request that follows the instruction (ending at ``end`` of the
    sentence): after a colon in it, or under a label that follows it."""
    rest = sentence.full[sentence.start + end :]
    found = _AFTER_COLON.match(rest) if ":" in sentence.original[end:] else None
    if found is None:
        after = sentence.full[sentence.start + len(sentence.original) :]
        found = _LABEL.match(after)
    return found.group("q").strip() if found else ""


def repeat_request(sentence: Sentence) -> Iterator[Hit]:
    """ "First repeat the request word for word…": the request is the prompt
    before this sentence (never the criteria, which are not the request)."""
    if sentence.source != "prompt":
        return
    before = sentence.full[: sentence.start].strip()
    for match in _REPEAT.finditer(sentence.lower):
        request = before or _request_after(sentence, match.end())
        yield from response_spec(sentence, partial(RepeatRequest, text=request), *match.span())


_WHICH = (
    r"(?:the\s+|all\s+(?:the\s+)?)?(?:exact,?\s+)?(?:entire\s+|whole\s+)?"
    r"(?:request|question|prompt|instruction|sentence|text)"
)
# "repeat the request above", "repeat the exact request below first"
_PLACED = compile_lazily(rf"\brepeat\s+{_WHICH}\s+(?P<where>above|below)\b")
# "For the following request, please repeat the request itself exactly as it is"
_FOLLOWING = compile_lazily(
    r"\b(?:for|before\s+you\s+answer)\s+the\s+following\s+request\b[^.;]{0,40}?"
    r"\brepeat\s+(?:it|the\s+request(?:\s+itself)?)\b"
)
# The repeat is the answer's opening, word for word: said in the instruction.
_AS_IS = compile_lazily(
    r"word\s+(?:for|by)\s+word|verbatim|exactly|without\s+(?:any\s+)?chang|as\s+it\s+is|"
    r"\bfirst\b|\bbefore\s+(?:you|saying|giving|outputting|anything)\b|"
    r"at\s+the\s+(?:very\s+)?beginning"
)
# A repeat in other words is a paraphrase, which no check compares.
_REWORDED = compile_lazily(
    r"\b(?:own|other|simpler|different|fewer)\s+words\b|paraphras|rephras|summar|translat|"
    r"\bin\s+(?:a|an|the)\s+[\w-]+\s+(?:style|tone|voice)\b"
)
_INSTRUCTION = 300
_LETS = compile_lazily(r"\s*(?:let'?s|let\s+us)\s+")
_BLANK_LINE = compile_lazily(r"\n[^\S\n]*\n")


def _request_below(sentence: Sentence) -> str:
    """The request after the instruction: the text past the next blank line
    (empty where none follows, so nothing compiles)."""
    after = sentence.full[sentence.start :]
    gap = _BLANK_LINE.search(after)
    return after[gap.end() :].strip() if gap else ""


def placed_request(sentence: Sentence) -> Iterator[Hit]:
    """ "First repeat the request above, then give your answer", "repeat the
    exact request below first": the request is the prompt before the
    instruction, or the text after the blank line that follows it."""
    if sentence.source != "prompt":
        return
    instruction = sentence.full[sentence.start : sentence.start + _INSTRUCTION].lower()
    if not _AS_IS.search(instruction) or _REWORDED.search(sentence.lower):
        return
    found = [(m, m.group("where")) for m in _PLACED.finditer(sentence.lower)]
    found += [(m, "below") for m in _FOLLOWING.finditer(sentence.lower)]
    for match, where in found:
        if where == "above":
            request = sentence.full[: sentence.start].strip()
        else:
            request = _request_below(sentence)
        build = partial(RepeatRequest, text=request)
        if _LETS.fullmatch(sentence.lower, 0, match.start()) and Guard(sentence.lower)(0):
            # "Let's repeat the request above first": a directive of its own
            if hit := spec_hit(build, *match.span()):
                yield hit
            continue
        yield from response_spec(sentence, build, *match.span())


class _Repeat(Corrected):
    name = "repeated request"
    specs = (RepeatRequest,)
    rules: ClassVar[tuple[Rule, ...]] = (repeat_request, placed_request)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _repeat_request(spec, text)


REPEAT = _Repeat()
