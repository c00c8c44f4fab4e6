"""Evaluators: judges, checks and their composition.

- checks (no LLM): :class:`MustMatch`, :class:`MustNotMatch`, :class:`MaxWords`,
  :class:`ValidJSON`, :class:`MatchesJSONSchema`, :class:`CallableCheck`
- judges (LLM): :class:`Judge` with one of :data:`JUDGE_PRESETS`
- composition: :class:`AllOf`, :class:`AnyOf`, :class:`Weighted`,
  :class:`Cascade`, and :func:`build_panel` as the CLI uses it
"""

from redraft.evaluators._base import EvaluationContext, Evaluator, ModelGateway, Subject, aggregate
from redraft.evaluators._checks import (
    CallableCheck,
    Check,
    CheckResult,
    MatchesJSONSchema,
    MaxWords,
    MustMatch,
    MustNotMatch,
    ValidJSON,
)
from redraft.evaluators._compose import AllOf, AnyOf, Cascade, Weighted, build_panel
from redraft.evaluators._judges import GENERIC_CRITERIA, JUDGE_PRESETS, Judge, make_judge

__all__ = [
    "GENERIC_CRITERIA",
    "JUDGE_PRESETS",
    "AllOf",
    "AnyOf",
    "CallableCheck",
    "Cascade",
    "Check",
    "CheckResult",
    "EvaluationContext",
    "Evaluator",
    "Judge",
    "MatchesJSONSchema",
    "MaxWords",
    "ModelGateway",
    "MustMatch",
    "MustNotMatch",
    "Subject",
    "ValidJSON",
    "Weighted",
    "aggregate",
    "build_panel",
    "make_judge",
]
