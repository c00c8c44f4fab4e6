"""A run's result rebuilt from its events, for runs that never reached their own end.

The loop builds the result of a run that finishes. A run cut short from
outside (its server died, or it hit the cap on stored events) has only its
events; :class:`RunReplay` reads them back into the same :class:`RunResult`
shape: the drafts and verdicts so far, every announced call, their usage, and
a ``continue_context`` to resubmit, built as the loop builds the next draft's
messages (the request, or the feedback on the best draft so far) plus the
text of a draft that was still being written. Pure: no I/O, no SQLAlchemy.
"""

from __future__ import annotations

import time

from redraft.core._events import (
    CallRecorded,
    DraftCompleted,
    DraftStarted,
    RunEvent,
    RunFailed,
    RunStarted,
    TextDelta,
    ToolExecuted,
    VerdictReached,
)
from redraft.core._feedback import base_messages, prepare_feedback
from redraft.core._loop import best_draft, pick_final
from redraft.core._types import CallRecord, Draft, Message, Policy, RunRequest, RunResult, Usage

__all__ = ["RunReplay"]


class RunReplay:
    """Feed it a run's events in order (:meth:`add`); :meth:`failed` ends the run."""

    def __init__(self, run_id: str, request: RunRequest, policy: Policy) -> None:
        self.run_id = run_id
        self.request = request
        self.policy = policy
        self.last_seq = 0
        self._started: dict[int, str | None] = {}
        """attempt → the feedback it was written under, in the order they started."""
        self._partial: dict[int, list[str]] = {}
        self._drafts: dict[int, Draft] = {}
        self._calls: list[CallRecord] = []

    def add(self, event: RunEvent) -> None:
        self.last_seq = max(self.last_seq, event.seq)
        if isinstance(event, RunStarted):
            # The policy the run started with: its deadline may have been sized then.
            self.policy = event.policy
        elif isinstance(event, DraftStarted):
            self._started[event.attempt] = event.feedback
            self._partial[event.attempt] = []
        elif isinstance(event, TextDelta):
            self._partial.setdefault(event.attempt, []).append(event.delta)
        elif isinstance(event, ToolExecuted):
            # As in the loop: the draft is what the model writes after its last tool call.
            self._partial[event.attempt] = []
        elif isinstance(event, DraftCompleted):
            self._partial.pop(event.attempt, None)
            self._drafts[event.attempt] = Draft(
                attempt=event.attempt,
                text=event.text,
                feedback=self._started.get(event.attempt),
                finish_reason=event.finish_reason,
            )
        elif isinstance(event, VerdictReached):
            draft = self._drafts.get(event.attempt) or Draft(attempt=event.attempt, text="")
            self._drafts[event.attempt] = draft.model_copy(update={"verdict": event.verdict})
        elif isinstance(event, CallRecorded):
            self._calls.append(event.call)

    def failed(self, *, error: str, error_type: str) -> RunFailed:
        """The terminal event that closes the run here, numbered after the last one."""
        return RunFailed(
            run_id=self.run_id,
            seq=self.last_seq + 1,
            at=time.time(),
            error=error,
            error_type=error_type,
            result=self.result(error),
        )

    def result(self, error: str) -> RunResult:
        drafts = [self._drafts[attempt] for attempt in sorted(self._drafts)]
        final = pick_final(drafts, self.policy, "error")
        return RunResult(
            run_id=self.run_id,
            final_answer=final.text if final else "",
            passed=bool(final and final.verdict and final.verdict.passed),
            score=final.verdict.score if final and final.verdict else 0.0,
            attempts=len(drafts),
            final_attempt=final.attempt if final else None,
            stop_reason="error",
            drafts=drafts,
            calls=list(self._calls),
            usage=sum((call.usage for call in self._calls), Usage()),
            policy=self.policy,
            error=error,
            continue_context=self._continue_context(drafts),
        )

    def _continue_context(self, drafts: list[Draft]) -> list[Message]:
        unfinished = [a for a in self._started if a not in self._drafts]
        if drafts:
            # The messages the loop drafts the next attempt with: feedback on the best so far.
            attempt = unfinished[-1] if unfinished else max(d.attempt for d in drafts) + 1
            messages, _ = prepare_feedback(
                self.policy.feedback, self.request, best_draft(drafts), attempt
            )
        else:
            messages = base_messages(self.request)
        # Of the drafts cut off mid-way, the one furthest along is worth keeping.
        partial = max(("".join(self._partial.get(a, ())) for a in unfinished), key=len, default="")
        if partial:
            messages.append(Message(role="assistant", content=partial))
        return messages
