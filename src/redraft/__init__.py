"""redraft: make an LLM check its own answer and redraft it until it passes.

The library in one call::

    from redraft import Policy, run_sync
    from redraft.evaluators import MaxWords
    from redraft.providers import ProviderRegistry

    result = run_sync(
        "Explain DNS in two sentences.",
        generator=ProviderRegistry().get("local"),
        evaluator=MaxWords(60),
        policy=Policy(max_attempts=3),
    )
"""

from __future__ import annotations

from redraft._errors import (
    BudgetExhaustedError,
    ConfigurationError,
    ProviderAuthError,
    ProviderConnectionError,
    ProviderError,
    ProviderRateLimitError,
    ProviderResponseError,
    ProviderTimeoutError,
    QualityError,
    RealModelCallBlockedError,
    RedraftError,
    RunFailedError,
)
from redraft._events import (
    EVENT_ADAPTER,
    CallRecorded,
    DraftCompleted,
    DraftStarted,
    EvidenceRecorded,
    FeedbackPrepared,
    RunCompleted,
    RunEvent,
    RunFailed,
    RunStarted,
    TextDelta,
    VerdictReached,
)
from redraft._loop import new_run_id, run, run_sync, stream_run
from redraft._types import (
    CallRecord,
    Completion,
    Draft,
    Evidence,
    Message,
    ModelRequest,
    Policy,
    RunRequest,
    RunResult,
    StreamChunk,
    Usage,
    Verdict,
)

__version__ = "0.1.0"

__all__ = [
    "EVENT_ADAPTER",
    "BudgetExhaustedError",
    "CallRecord",
    "CallRecorded",
    "Completion",
    "ConfigurationError",
    "Draft",
    "DraftCompleted",
    "DraftStarted",
    "Evidence",
    "EvidenceRecorded",
    "FeedbackPrepared",
    "Message",
    "ModelRequest",
    "Policy",
    "ProviderAuthError",
    "ProviderConnectionError",
    "ProviderError",
    "ProviderRateLimitError",
    "ProviderResponseError",
    "ProviderTimeoutError",
    "QualityError",
    "RealModelCallBlockedError",
    "RedraftError",
    "RunCompleted",
    "RunEvent",
    "RunFailed",
    "RunFailedError",
    "RunRequest",
    "RunResult",
    "RunStarted",
    "StreamChunk",
    "TextDelta",
    "Usage",
    "Verdict",
    "VerdictReached",
    "__version__",
    "new_run_id",
    "run",
    "run_sync",
    "stream_run",
]
