"""Evaluators: judges, checks and their composition.

- checks (no LLM): :class:`MustMatch`, :class:`MustNotMatch`, :class:`MaxWords`,
  :class:`ValidJSON`, :class:`MatchesJSONSchema`, :class:`CallableCheck`
- judges (LLM): :class:`Judge` with one of :data:`JUDGE_PRESETS`;
  :class:`FindingsJudge` (findings worth signed points, for sessions)
- rules with signed points: :class:`RuleCheck` of :class:`PointRule`
- classical ML scorers: :class:`ModelScore` over a :class:`Scorer`
  (:class:`LexicalRelevance` built in, :class:`EstimatorScorer` for your own
  scikit-learn style model, more through the ``redraft.scorers`` entry point)
- the web: :class:`WebCheck` verifies the URLs a text cites
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
from redraft.evaluators._findings import FindingsJudge
from redraft.evaluators._judges import GENERIC_CRITERIA, JUDGE_PRESETS, Judge, make_judge
from redraft.evaluators._rules import PointRule, RuleCheck
from redraft.evaluators._scorers import (
    EstimatorScorer,
    LexicalRelevance,
    ModelScore,
    Scorer,
    ScorerSkip,
    get_scorer,
    load_scorers,
)
from redraft.evaluators._web import WebCheck

__all__ = [
    "GENERIC_CRITERIA",
    "JUDGE_PRESETS",
    "AllOf",
    "AnyOf",
    "CallableCheck",
    "Cascade",
    "Check",
    "CheckResult",
    "EstimatorScorer",
    "EvaluationContext",
    "Evaluator",
    "FindingsJudge",
    "Judge",
    "LexicalRelevance",
    "MatchesJSONSchema",
    "MaxWords",
    "ModelGateway",
    "ModelScore",
    "MustMatch",
    "MustNotMatch",
    "PointRule",
    "RuleCheck",
    "Scorer",
    "ScorerSkip",
    "Subject",
    "ValidJSON",
    "WebCheck",
    "Weighted",
    "aggregate",
    "build_panel",
    "get_scorer",
    "load_scorers",
    "make_judge",
]
