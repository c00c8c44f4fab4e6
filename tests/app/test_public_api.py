"""The public API: what `import redraft` offers is deliberate, sorted and pinned."""

from __future__ import annotations

import importlib
import types

import pytest

import redraft

# Changing this list changes the public API: say so in CHANGELOG.md.
PUBLIC = [
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

PACKAGES = [
    "redraft",
    "redraft.app",
    "redraft.core",
    "redraft.criteria",
    "redraft.evaluators",
    "redraft.middleware",
    "redraft.observability",
    "redraft.providers",
    "redraft.testing",
]


def test_the_top_level_api_is_exactly_the_pinned_list() -> None:
    assert redraft.__all__ == PUBLIC


@pytest.mark.parametrize("name", PACKAGES)
def test_every_package_exports_a_sorted_all_of_names_it_has(name: str) -> None:
    module = importlib.import_module(name)
    exported = list(module.__all__)
    assert exported == sorted(exported), f"{name}.__all__ is not sorted"
    assert len(set(exported)) == len(exported)
    missing = [n for n in exported if not hasattr(module, n)]
    assert not missing, f"{name}.__all__ names what it lacks: {missing}"


def test_nothing_public_at_the_top_level_escapes_all() -> None:
    # Submodules are reachable as attributes once imported; they are not API names.
    public = {
        n
        for n, value in vars(redraft).items()
        if not n.startswith("_") and not isinstance(value, types.ModuleType)
    }
    assert public <= set(redraft.__all__), sorted(public - set(redraft.__all__))


def test_test_doubles_come_only_from_redraft_testing() -> None:
    doubles = {"ScriptedModel", "FunctionModel", "EchoModel", "FakeOpenAIServer"}
    assert not doubles & set(redraft.__all__)
    assert doubles <= set(importlib.import_module("redraft.testing").__all__)
