"""What a rule that raises costs: in tests, the test; for a user, only what
that rule would have read in that sentence.

Rules build typed specs, and a spec that refuses its arguments raises. That
is a bug in the rule, and a test must fail on it; but a user's request must
not fail with it (an unusual phrasing once made ``compile_checks`` raise for
a whole system prompt). Outside :func:`raise_rule_errors` the failure is
logged as a warning naming the rule and where it failed (not the prompt's
text: nobody asked for it to be kept) and the rule's reading of that
sentence is dropped: those requirements stay unverified, left to the judge,
as any requirement the rules do not read.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar

from redraft.criteria._sentence_text import Hit, Sentence

__all__ = ["raise_rule_errors", "read_safely"]

log = logging.getLogger("redraft.criteria")

_raising: ContextVar[bool] = ContextVar("_raising", default=False)


@contextlib.contextmanager
def raise_rule_errors() -> Iterator[None]:
    """Within the block, a rule that raises fails the compilation: for test
    suites and benchmarks, where a rule's bug must surface."""
    token = _raising.set(True)
    try:
        yield
    finally:
        _raising.reset(token)


def read_safely(rule: Callable[[Sentence], Iterable[Hit]], sentence: Sentence) -> list[Hit]:
    """What ``rule`` reads in ``sentence``; nothing, logged, when it raises."""
    try:
        return list(rule(sentence))
    except Exception as exc:
        if _raising.get():
            raise
        log.warning(
            "rule %s failed with %s on the %s's sentence at characters %d-%d; "
            "what it states there is left unverified",
            getattr(rule, "__qualname__", repr(rule)),
            type(exc).__name__,
            sentence.source,
            sentence.start,
            sentence.start + len(sentence.original),
        )
        return []
