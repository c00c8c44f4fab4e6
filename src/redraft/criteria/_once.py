"""What rules ask of a whole source, answered once per compilation.

Rules run once per sentence, and many ask something of the whole prompt as
well: does it mention a translation anywhere, does it ask for two lists,
which things does it count. Asked afresh for every sentence, each such
question costs the prompt's length, so compiling grew with the square of
it: a 24 KB prompt of short sentences took over a minute, and a pasted
document ran past the compiler's time limit. :func:`once` answers each
question once while a compilation is open (:func:`compiling`) and keeps
nothing after it, so a worker process that compiles many large prompts
holds none of them.

Outside a compilation (a rule called on its own, in a test) every call is
computed directly: the answers are the same, only slower.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Hashable, Iterator
from contextvars import ContextVar
from typing import ParamSpec, TypeVar

__all__ = ["compiling", "count_in", "found_in", "lowered", "matches_in", "once", "searched"]

P = ParamSpec("P")
R = TypeVar("R")

_answers: ContextVar[dict[Hashable, object] | None] = ContextVar("_answers", default=None)


@contextlib.contextmanager
def compiling() -> Iterator[None]:
    """Remember the answers of :func:`once` functions until the block ends.
    Nested blocks share the outermost one's answers."""
    if _answers.get() is not None:
        yield
        return
    token = _answers.set({})
    try:
        yield
    finally:
        _answers.reset(token)


def once(fn: Callable[P, R]) -> Callable[P, R]:
    """``fn``, answered once per distinct arguments within a compilation.

    ``fn`` must be a pure function of hashable arguments (the source's text,
    a compiled pattern). A string argument is hashed once per string object,
    so pass the same object every time (:func:`lowered` returns one)."""

    @functools.wraps(fn)
    def remembered(*args: P.args, **kwargs: P.kwargs) -> R:
        answers = _answers.get()
        if answers is None:
            return fn(*args, **kwargs)
        key = (fn, args, tuple(sorted(kwargs.items())))
        try:
            return answers[key]  # type: ignore[return-value]
        except KeyError:
            answer = answers[key] = fn(*args, **kwargs)
            return answer

    return remembered


@once
def lowered(text: str) -> str:
    """``text`` in lower case: the same string object for the same text
    throughout a compilation, so what is keyed on it hashes it once."""
    return text.lower()


@once
def searched(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """``pattern.search(text)``."""
    return pattern.search(text)


@once
def matches_in(pattern: re.Pattern[str], text: str) -> tuple[re.Match[str], ...]:
    """Every match of ``pattern`` in ``text``, in order (``pattern.finditer(text)``)."""
    return tuple(pattern.finditer(text))


def found_in(pattern: re.Pattern[str], text: str) -> bool:
    """Whether ``pattern`` occurs anywhere in ``text``."""
    return searched(pattern, text) is not None


def count_in(pattern: re.Pattern[str], text: str) -> int:
    """How many times ``pattern`` occurs in ``text`` (``len(pattern.findall(text))``)."""
    return len(matches_in(pattern, text))
