"""Evaluators: judges, checks and their composition.

- checks (no LLM): :class:`MustMatch`, :class:`MustNotMatch`, :class:`MaxWords`,
  :class:`ValidJSON`, :class:`MatchesJSONSchema`, :class:`CallableCheck`
- judges (LLM): :class:`Judge` with one of :data:`JUDGE_PRESETS` (``checklist``
  by default: a yes/no question per requirement, read as a probability);
  :class:`FindingsJudge` (findings worth signed points, for sessions)
- how often a judge is right: :class:`Comparison` (its answer on a requirement
  an exact check decided) and :class:`Reliability` (:func:`measure_judges`)
- rules with signed points: :class:`RuleCheck` of :class:`PointRule`
- classical ML scorers: :class:`ModelScore` over a :class:`Scorer`
  (:class:`LexicalRelevance` built in, :class:`EstimatorScorer` for your own
  scikit-learn style model, more through the ``redraft.scorers`` entry point)
- the web: :class:`WebCheck` verifies the URLs a text cites
- prompt-injection hygiene: :class:`AddressesJudge` fails drafts that talk to
  the judge instead of the user
- :class:`Cached` reuses verdicts on identical judge input
  (:class:`MemoryVerdictCache`, :class:`SqliteVerdictCache`)
- composition: :class:`AllOf`, :class:`AnyOf`, :class:`Weighted`,
  :class:`Cascade` (:func:`redraft.build_panel` builds the one the CLI uses)
"""

from redraft.core._evaluator import (
    EvaluationContext,
    Evaluator,
    ModelGateway,
    Preference,
    Subject,
    aggregate,
    verified_score,
)
from redraft.evaluators._cache import (
    Cached,
    MemoryVerdictCache,
    SqliteVerdictCache,
    VerdictCache,
    evaluator_identity,
)
from redraft.evaluators._checks import (
    CallableCheck,
    Check,
    CheckResult,
    MaxWords,
    MustMatch,
    MustNotMatch,
)
from redraft.evaluators._compose import (
    AllOf,
    AnyOf,
    Cascade,
    Weighted,
)
from redraft.evaluators._findings import FindingsJudge
from redraft.evaluators._injection import INJECTION_RULES, AddressesJudge, InjectionRule
from redraft.evaluators._json_checks import MatchesJSONSchema, ValidJSON
from redraft.evaluators._judges import GENERIC_CRITERIA, JUDGE_PRESETS, Judge, make_judge
from redraft.evaluators._reliability import (
    Band,
    Comparison,
    Reliabilities,
    Reliability,
    calibrated_band,
    comparisons_in,
    measure_judges,
)
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
    "AddressesJudge",
    "AllOf",
    "AnyOf",
    "Band",
    "Cached",
    "CallableCheck",
    "Cascade",
    "Check",
    "CheckResult",
    "Comparison",
    "EstimatorScorer",
    "EvaluationContext",
    "Evaluator",
    "FindingsJudge",
    "GENERIC_CRITERIA",
    "INJECTION_RULES",
    "InjectionRule",
    "JUDGE_PRESETS",
    "Judge",
    "LexicalRelevance",
    "MatchesJSONSchema",
    "MaxWords",
    "MemoryVerdictCache",
    "ModelGateway",
    "ModelScore",
    "MustMatch",
    "MustNotMatch",
    "PointRule",
    "Preference",
    "Reliabilities",
    "Reliability",
    "RuleCheck",
    "Scorer",
    "ScorerSkip",
    "SqliteVerdictCache",
    "Subject",
    "ValidJSON",
    "VerdictCache",
    "WebCheck",
    "Weighted",
    "aggregate",
    "calibrated_band",
    "comparisons_in",
    "evaluator_identity",
    "get_scorer",
    "load_scorers",
    "make_judge",
    "measure_judges",
    "verified_score",
]
