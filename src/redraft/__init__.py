"""redraft: make an LLM check its own answer and redraft it until it passes.

The library in one object::

    import redraft

    redrafter = redraft.Redrafter(model="local", judge_model="none", must_match=["Paris"])
    result = redrafter.run_sync("What is the capital of France?")

and in one call, with any generator and evaluator::

    from redraft import Policy, run_sync
    from redraft.evaluators import MaxWords
    from redraft.providers import ProviderRegistry

    result = run_sync(
        "Explain DNS in two sentences.",
        generator=ProviderRegistry().get("local"),
        evaluator=MaxWords(60),
        policy=Policy(max_attempts=3),
    )

The packages, bottom up: :mod:`redraft.core` (the loop engine),
:mod:`redraft.providers`, :mod:`redraft.evaluators`, :mod:`redraft.criteria`,
:mod:`redraft.observability`, :mod:`redraft.app` (what the CLI, the service
and the middleware share), then :mod:`redraft.sessions`, :mod:`redraft.store`,
:mod:`redraft.middleware`, :mod:`redraft.server` and :mod:`redraft.cli`. Test
doubles live in :mod:`redraft.testing`.

A program's runs are written nowhere unless it asks: :func:`enable_local_log`
(or ``REDRAFT_LOG=on``) records them in the local log, the store
``REDRAFT_DATABASE_URL`` names, where ``redraft runs`` and the web UI find
them beside the ``redraft`` command's; this package installs that run sink
(:func:`add_run_sink`).
"""

from redraft._version import __version__
from redraft.app import (
    EvaluationSpec,
    Redrafter,
    Settings,
    build_panel,
    load_settings,
    run,
    run_sync,
    stream_run,
)
from redraft.app._sinks import RunSink, add_run_sink, enable_local_log
from redraft.app._sinks import SinkSource as _SinkSource
from redraft.app._sinks import local_log_on as _local_log_on
from redraft.config._settings import load_settings as _load_settings
from redraft.core._errors import (
    BudgetExhaustedError,
    CircuitOpenError,
    ConfigurationError,
    CostBudgetExhaustedError,
    IsolatedWorkError,
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
from redraft.core._events import (
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
from redraft.core._hooks import HookName, Hooks
from redraft.core._tools import Tool, Toolbox, ToolExecution, tool
from redraft.core._types import (
    CallRecord,
    Completion,
    Draft,
    DraftComparison,
    Evidence,
    Message,
    ModelRequest,
    Policy,
    Requirement,
    RunRequest,
    RunResult,
    ToolCall,
    ToolSpec,
    Usage,
    Verdict,
)
from redraft.criteria import CheckSpec, CompiledCheck, compile_checks
from redraft.evaluators._isolation import isolate_checks
from redraft.middleware import Refined, refine, wrap
from redraft.observability import Telemetry, configure_logging


def _local_log(source: _SinkSource) -> RunSink | None:
    # The package is the one place that may join the loop to the store: the
    # layers below it never import the store. The store (and SQLAlchemy)
    # load with the first logged run, not with `import redraft`, and nothing
    # is opened (or created on disk) unless the program asked for the log.
    settings = _load_settings()
    if not _local_log_on(settings, source):
        return None
    from redraft.store._library_log import library_sink

    return library_sink(source, settings)


add_run_sink(_local_log)

__all__ = [
    "BudgetExhaustedError",
    "CallRecord",
    "CallRecorded",
    "CheckSpec",
    "CircuitOpenError",
    "CompiledCheck",
    "Completion",
    "ConfigurationError",
    "CostBudgetExhaustedError",
    "Draft",
    "DraftComparison",
    "DraftCompleted",
    "DraftStarted",
    "EvaluationSpec",
    "Evidence",
    "EvidenceRecorded",
    "FeedbackPrepared",
    "HookName",
    "Hooks",
    "IsolatedWorkError",
    "Message",
    "ModelRequest",
    "PatternError",
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
    "Redrafter",
    "Refined",
    "Requirement",
    "RunCompleted",
    "RunEvent",
    "RunFailed",
    "RunFailedError",
    "RunRequest",
    "RunResult",
    "RunSink",
    "RunStarted",
    "Settings",
    "Telemetry",
    "TextDelta",
    "Thinking",
    "Tool",
    "ToolCall",
    "ToolExecuted",
    "ToolExecution",
    "ToolLoopLimitError",
    "ToolSpec",
    "Toolbox",
    "Usage",
    "Verdict",
    "VerdictReached",
    "WorkTimeoutError",
    "__version__",
    "add_run_sink",
    "build_panel",
    "compile_checks",
    "configure_logging",
    "enable_local_log",
    "isolate_checks",
    "load_settings",
    "refine",
    "run",
    "run_sync",
    "stream_run",
    "tool",
    "wrap",
]
