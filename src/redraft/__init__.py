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

from redraft._analysis import QueryAnalysis, TrivialRules, analyse_query
from redraft._errors import (
    BudgetExhaustedError,
    CircuitOpenError,
    ConfigurationError,
    PatternError,
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
    ToolLoopLimitError,
    WorkTimeoutError,
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
    Thinking,
    ToolExecuted,
    VerdictReached,
)
from redraft._hooks import HOOKS, HookName, Hooks
from redraft._logging import configure_logging, log_context
from redraft._loop import new_run_id, run, run_sync, stream_run
from redraft._settings import Settings, load_settings
from redraft._telemetry import Telemetry
from redraft._tool_loop import ToolConversation
from redraft._tools import Tool, Toolbox, ToolExecution, tool
from redraft._types import (
    CallRecord,
    Completion,
    Delivery,
    Draft,
    Evidence,
    Message,
    ModelRequest,
    Policy,
    RunRequest,
    RunResult,
    StreamChunk,
    ToolCall,
    ToolSpec,
    Usage,
    Verdict,
)
from redraft.criteria import CheckSpec, CompiledCheck, compile_checks
from redraft.middleware import Refined, refine, wrap

# The one place the version is written: pyproject.toml reads it (hatch).
__version__ = "0.1.0"

__all__ = [
    "EVENT_ADAPTER",
    "HOOKS",
    "BudgetExhaustedError",
    "CallRecord",
    "CallRecorded",
    "CircuitOpenError",
    "Completion",
    "ConfigurationError",
    "Delivery",
    "Draft",
    "DraftCompleted",
    "DraftStarted",
    "Evidence",
    "EvidenceRecorded",
    "FeedbackPrepared",
    "HookName",
    "Hooks",
    "Message",
    "ModelRequest",
    "PatternError",
    "Policy",
    "QueryAnalysis",
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
    "Thinking",
    "TrivialRules",
    "ToolCall",
    "ToolLoopLimitError",
    "ToolSpec",
    "Usage",
    "Verdict",
    "VerdictReached",
    "WorkTimeoutError",
    "ToolExecuted",
    "ToolConversation",
    "Tool",
    "Toolbox",
    "ToolExecution",
    "tool",
    "Settings",
    "Telemetry",
    "configure_logging",
    "log_context",
    "Refined",
    "refine",
    "wrap",
    "__version__",
    "analyse_query",
    "load_settings",
    "new_run_id",
    "run",
    "run_sync",
    "stream_run",
    "CheckSpec",
    "CompiledCheck",
    "compile_checks",
]
