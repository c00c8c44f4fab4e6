"""The loop engine: the vocabulary every layer speaks and the loop itself.

Types (:mod:`._types`), errors, run events, lifecycle hooks, tools, and the
contracts the engine drives — :class:`Provider` (who drafts and judges) and
:class:`Evaluator` (who decides). The engine proper is the ledger (one budget
over every call), the attempt (drafting, candidates, evaluation), feedback,
the stop rules (what comes after each round) and the loop
(:func:`loop_events`). Nothing here imports another redraft package.

Users import the everyday names from :mod:`redraft`; this module is where the
plumbing lives (the event adapter, hook names, stream chunks, run ids).
"""

from redraft.core._analysis import QueryAnalysis, TrivialRules, analyse_query
from redraft.core._events import EVENT_ADAPTER, RENAMED_EVENTS
from redraft.core._hooks import HOOK_ALIASES, HOOKS
from redraft.core._loop import loop_events, new_run_id
from redraft.core._tool_loop import ToolConversation
from redraft.core._types import (
    MIN_JUDGE_CONFIDENCE,
    CallKind,
    Delivery,
    EvaluatorKind,
    EvidenceStatus,
    FeedbackStrategy,
    JudgeContext,
    OnExhausted,
    OnUncertain,
    RequirementCoverage,
    StopReason,
    StreamChunk,
    TokenLogprobs,
)

__all__ = [
    "CallKind",
    "Delivery",
    "EVENT_ADAPTER",
    "EvaluatorKind",
    "EvidenceStatus",
    "FeedbackStrategy",
    "HOOKS",
    "HOOK_ALIASES",
    "JudgeContext",
    "MIN_JUDGE_CONFIDENCE",
    "OnExhausted",
    "OnUncertain",
    "QueryAnalysis",
    "RENAMED_EVENTS",
    "RequirementCoverage",
    "StopReason",
    "StreamChunk",
    "TokenLogprobs",
    "ToolConversation",
    "TrivialRules",
    "analyse_query",
    "loop_events",
    "new_run_id",
]
