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

from redraft.criteria._families._arguments import Corrected, fold, head, response_spec
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


_REPEAT = re.compile(
    r"\brepeat\s+the\s+(?:request|question|prompt|instruction)\s+(?:word\s+for\s+word|verbatim|"
    r"exactly)"
)


def repeat_request(sentence: Sentence) -> Iterator[Hit]:
    """ "First repeat the request word for word…": the request is the prompt
    before this sentence (never the criteria, which are not the request)."""
    if sentence.source != "prompt":
        return
    request = sentence.full[: sentence.start].strip()
    for match in _REPEAT.finditer(sentence.lower):
        yield from response_spec(sentence, partial(RepeatRequest, text=request), *match.span())


class _Repeat(Corrected):
    name = "repeated request"
    specs = (RepeatRequest,)
    rules: ClassVar[tuple[Rule, ...]] = (repeat_request,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _repeat_request(spec, text)


REPEAT = _Repeat()
