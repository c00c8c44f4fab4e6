"""The middleware design's lifecycle hooks, read off the loop's event stream.

``evaluation_started`` fires when a draft is complete and about to be judged,
``evaluation_completed`` with its verdict, ``evaluation_retried`` when
feedback sends the loop back for another draft, and ``evaluation_failed``
when a run ends without a passing draft. They are views of events every
consumer (the store, the HTTP streams) already sees, so nothing is announced
twice.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Literal, get_args

from redraft.core._events import (
    DraftCompleted,
    FeedbackPrepared,
    RunCompleted,
    RunEvent,
    RunFailed,
    VerdictReached,
)

__all__ = ["HOOKS", "HOOK_ALIASES", "HookName", "Hooks", "hook_for"]

HookName = Literal[
    "evaluation_started", "evaluation_completed", "evaluation_retried", "evaluation_failed"
]
HOOKS: tuple[HookName, ...] = get_args(HookName)
HOOK_ALIASES: dict[str, HookName] = {
    "evaluation:start": "evaluation_started",
    "evaluation:complete": "evaluation_completed",
    "evaluation:retry": "evaluation_retried",
    "evaluation:failed": "evaluation_failed",
}
"""The middleware design's hook names, still accepted by :meth:`Hooks.on`."""
Handler = Callable[[RunEvent], Awaitable[None] | None]

log = logging.getLogger("redraft")


def hook_for(event: RunEvent) -> HookName | None:
    """The lifecycle hook an event stands for, if any."""
    if isinstance(event, DraftCompleted):
        # An aborted or cancelled draft is judged by the partial checks, not afresh.
        return "evaluation_started" if event.finish_reason not in ("aborted", "cancelled") else None
    if isinstance(event, VerdictReached):
        return "evaluation_completed"
    if isinstance(event, FeedbackPrepared):
        return "evaluation_retried"
    if isinstance(event, RunFailed):
        return "evaluation_failed"
    if isinstance(event, RunCompleted) and not event.result.passed:
        return "evaluation_failed"
    return None


class Hooks:
    """Handlers by hook name. A handler gets the event; it may be async.

    A handler that raises is logged and skipped: observing a run must never
    change or end it.
    """

    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = {name: [] for name in HOOKS}

    def on(self, name: HookName | str, handler: Handler | None = None) -> Callable[..., object]:
        """Register ``handler`` for ``name`` (or its old name); without one, a decorator."""
        hook = HOOK_ALIASES.get(name, name)
        if hook not in self._handlers:
            raise ValueError(f"unknown hook {name!r}; choose one of {', '.join(HOOKS)}")

        def register(function: Handler) -> Handler:
            self._handlers[hook].append(function)
            return function

        return register if handler is None else register(handler)

    async def dispatch(self, event: RunEvent) -> None:
        name = hook_for(event)
        if name is None:
            return
        for handler in self._handlers[name]:
            try:
                result = handler(event)
                if inspect.isawaitable(result):
                    await result
            except Exception:
                log.exception("the %s hook %r failed", name, handler)
