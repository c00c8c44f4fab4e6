"""Carrying a stored run on: the request a continuation sends.

The service's Continue (the web UI, or any client) resubmits a failed run's
``continue_context`` as its messages with ``redraft.continuation`` (resent as
they are, tool turns included) and ``redraft.continues`` (the link). This is
the same request built from the stored run itself, for ``redraft ask
--continue``. Pure: no I/O.
"""

from __future__ import annotations

from redraft.core._types import RunRequest
from redraft.store._store import StoredRun

__all__ = ["NotContinuableError", "continuation_of"]


class NotContinuableError(ValueError):
    """The run cannot be carried on; the message says why."""


def continuation_of(run: StoredRun) -> RunRequest:
    """The request that carries ``run`` on, linked to it (``continues``).

    Its messages are the run's ``continue_context`` (every message so far,
    tool calls and results included) when it has one, else the run's own
    request; the format, criteria and tools are the run's. Raises
    :class:`NotContinuableError` for a run that passed or is still running.
    """
    if run.passed:
        raise NotContinuableError(
            f"run {run.id!r} passed: there is nothing to continue (ask again for a new answer)"
        )
    if run.status == "running" or run.result is None:
        raise NotContinuableError(f"run {run.id!r} is still running; continue it once it has ended")
    messages = run.result.continue_context or run.request.messages
    # The profile was the service's; a continuation names its own, if any.
    return run.request.model_copy(
        update={"messages": list(messages), "continues": run.id, "profile": None}
    )
