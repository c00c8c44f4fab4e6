"""Classical ML scorers: a user's own model as an evaluator, without an LLM.

A :class:`Scorer` maps an answer (and the question, when there is one) to a
number in 0..1; :class:`ModelScore` turns that number into evidence worth
``round(score * 100)`` points, as an evaluation session displays it
("ML Model Score: 50"). Scorers are synchronous because the models they wrap
(scikit-learn pipelines and the like) are; :class:`ModelScore` runs them in a
worker thread so a slow model does not stall the event loop.

A scorer's output is never trusted: an exception, a value outside 0..1 or
NaN becomes evidence with status ``error`` (which never passes), so a broken
model can neither pass a draft nor end a run.
"""

from __future__ import annotations

import asyncio
import bisect
import importlib.metadata
import logging
import math
import numbers
import pickle
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

import snowballstemmer

from redraft.core._errors import ConfigurationError
from redraft.core._evaluator import EvaluationContext, Evaluator, Subject, aggregate
from redraft.core._types import Evidence, EvidenceStatus, Verdict
from redraft.evaluators._checks import _shorten

__all__ = [
    "BUILTIN_SCORERS",
    "ENTRY_POINT_GROUP",
    "EstimatorScorer",
    "LexicalRelevance",
    "ModelScore",
    "Scorer",
    "ScorerFactory",
    "ScorerSkip",
    "get_scorer",
    "load_scorers",
]

logger = logging.getLogger(__name__)

ENTRY_POINT_GROUP = "redraft.scorers"


@runtime_checkable
class Scorer(Protocol):
    """A model that rates an answer from 0 (bad) to 1 (good).

    ``question`` is None when the subject is a bare text. A scorer that needs
    something the subject lacks raises :class:`ScorerSkip` instead of guessing.
    """

    name: str
    description: str

    def score(self, text: str, question: str | None) -> float: ...


ScorerFactory = Callable[[], Scorer]


class ScorerSkip(Exception):
    """Raised by a scorer that cannot judge this subject (not an error).

    A plain exception rather than a :class:`~redraft.RedraftError`: it is a
    signal between a scorer and :class:`ModelScore`, never seen by callers.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _logistic(x: float) -> float:
    # Split on the sign so math.exp never overflows for large |x|.
    return 1.0 / (1.0 + math.exp(-x)) if x >= 0 else math.exp(x) / (1.0 + math.exp(x))


def _has(obj: object, method: str) -> bool:
    # hasattr also honours scikit-learn's available_if, which hides e.g.
    # predict_proba on a pipeline whose last step lacks it.
    return callable(getattr(obj, method, None))


class EstimatorScorer:
    """Adapts a fitted scikit-learn-style estimator or pipeline (duck-typed;
    scikit-learn is never imported).

    The estimator must take raw text (a pipeline starting with a vectoriser).
    It is asked, in this order of preference: ``predict_proba`` (the
    probability of ``positive_label``, default the last of ``classes_``),
    ``decision_function`` (squashed by a logistic) or ``predict`` (clipped to
    0..1, or 1/0 for "equals ``positive_label``" on a classifier).
    """

    def __init__(
        self,
        estimator: Any,
        *,
        name: str,
        description: str = "a scikit-learn style estimator",
        positive_label: Any = None,
        with_question: bool = False,
    ) -> None:
        if not isinstance(name, str) or not name.strip():
            raise ConfigurationError("an estimator scorer needs a non-empty name")
        if not any(_has(estimator, m) for m in ("predict_proba", "decision_function", "predict")):
            raise ConfigurationError(
                f"scorer {name!r}: {type(estimator).__name__} has none of "
                "predict_proba, decision_function or predict"
            )
        classes = getattr(estimator, "classes_", None)
        if (
            positive_label is not None
            and classes is not None
            and positive_label not in list(classes)
        ):
            raise ConfigurationError(
                f"scorer {name!r}: positive_label {positive_label!r} is not one of the "
                f"estimator's classes {list(classes)!r}"
            )
        self.estimator = estimator
        self.name = name
        self.description = description
        self.positive_label = positive_label
        self.with_question = with_question

    @classmethod
    def from_file(
        cls, path: str | Path, *, name: str | None = None, **kwargs: Any
    ) -> EstimatorScorer:
        """Load an estimator saved with :func:`pickle.dump`.

        Unpickling runs arbitrary code: only load files the operator put on
        the server, never a path or file that came from a client.
        """
        path = Path(path)
        try:
            with path.open("rb") as file:
                estimator = pickle.load(file)
        except FileNotFoundError:
            raise ConfigurationError(f"no estimator file at {path}") from None
        except Exception as exc:  # unpickling can raise almost anything
            raise ConfigurationError(
                f"cannot load an estimator from {path}: {type(exc).__name__}: {_shorten(str(exc))}"
            ) from None
        return cls(estimator, name=name or path.stem, **kwargs)

    def score(self, text: str, question: str | None) -> float:
        document = f"{question}\n\n{text}" if self.with_question and question else text
        if _has(self.estimator, "predict_proba"):
            row = list(self.estimator.predict_proba([document])[0])
            return float(row[self._column(len(row))])
        if _has(self.estimator, "decision_function"):
            value = self.estimator.decision_function([document])[0]
            if isinstance(value, numbers.Real):
                # A binary decision_function is positive towards classes_[1].
                flip = self.positive_label is not None and self._column(2) == 0
                return _logistic(-float(value) if flip else float(value))
            row = list(value)
            return _logistic(float(row[self._column(len(row))]))
        value = self.estimator.predict([document])[0]
        if self.positive_label is not None:
            return 1.0 if value == self.positive_label else 0.0
        number = float(value)
        return number if math.isnan(number) else min(1.0, max(0.0, number))

    def _column(self, width: int) -> int:
        if self.positive_label is None:
            return width - 1
        classes = getattr(self.estimator, "classes_", None)
        if classes is None:
            raise ValueError("positive_label is set but the estimator has no classes_")
        labels = list(classes)
        if len(labels) != width:
            raise ValueError(f"the estimator gave {width} columns for {len(labels)} classes")
        return labels.index(self.positive_label)

    def __repr__(self) -> str:
        return f"<EstimatorScorer {self.name} {type(self.estimator).__name__}>"


_WORD = re.compile(r"[^\W_]+")
# Longer texts are cut: the score is about what the answer leads with, and
# the scorer should stay cheap on a request path.
_MAX_CHARS = 200_000
_STOPWORD_LIST = """
a about above after again all also am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has
have having he her here hers him his how i if in into is it its itself just me more most my no
nor not now of off on once only or other our ours out over own same she should so some such
than that the their theirs them then there these they this those through to too under until up
very was we were what when where which while who whom why will with would you your yours s t
"""
_STOPWORDS = frozenset(_STOPWORD_LIST.split())
# Words that frame a request rather than name its topic ("Explain X", "Tell
# me about X"): an answer about X need not repeat them.
_FRAMING_LIST = """
briefly define describe explain give mean meaning means please show summarise summarize tell
"""
_FRAMING = frozenset(_FRAMING_LIST.split())
_PREFIX_MATCH = 5
"""Two stems also match when the shorter, of at least this many letters,
begins the longer (``analys`` and ``analysi``, ``health`` and ``healthi``)."""


def _stems(text: str, *, skip: frozenset[str] = frozenset()) -> set[str]:
    """The distinct Porter2 stems of ``text``'s content words."""
    words = [w for w in _WORD.findall(text[:_MAX_CHARS].lower()) if w not in _STOPWORDS]
    # A stemmer object keeps a cache and state: one per call, never shared.
    english = snowballstemmer.stemmer("english")
    return set(english.stemWords([w for w in words if w not in skip]))


def _covered(term: str, stems: set[str], ordered: list[str]) -> bool:
    """Whether ``term`` is in ``stems`` (``ordered``: the same, sorted), or
    matches one of them by prefix (see :data:`_PREFIX_MATCH`)."""
    if term in stems:
        return True
    if any(term[:k] in stems for k in range(_PREFIX_MATCH, len(term))):
        return True  # a shorter answer stem begins the question's
    if len(term) < _PREFIX_MATCH:
        return False
    i = bisect.bisect_left(ordered, term)
    return i < len(ordered) and ordered[i].startswith(term)  # a longer one continues it


class LexicalRelevance:
    """The share of the question's content words that the answer uses.

    Method: coordination-level matching (the share of query terms a document
    contains, one of the earliest ranking methods of information retrieval)
    over stems. Both texts are lower-cased and split into words; English
    stopwords are dropped, and so are words that only frame the question
    (``explain``, ``describe``, ``tell``, ``please``…). Each remaining word
    is reduced to its Porter2 stem, so inflections and derivations meet
    (``computing`` and ``computers``, ``inflation`` and ``inflate``,
    ``regular`` and ``regularly``); a stem also matches a longer one it
    begins, if it has at least five letters (``health`` and ``healthy``).
    The score is the number of the question's distinct stems that the answer
    uses, divided by the number of them: 1 when the answer takes up every
    content word of the question, 0 when it takes up none. Nothing is
    downloaded and nothing is random: pure Python, one pass over each text.

    Limits: it reads words, not meaning. An answer that says the same thing
    in other words (synonyms: ``house`` and ``home``; or an answer that only
    names the thing asked for, such as ``Paris`` to "What is the capital of
    France?") scores low; an answer that repeats the question scores 1
    whatever it claims; a wrong answer on the right topic scores as high as
    a right one. Length does not count against an answer, so on-topic
    detail keeps the score (and so does unrelated text after it). Each of
    the question's words counts the same, so with a long question a short
    answer covers only part of it, and with a very short one a single shared
    word decides. English only. Use it as a cheap screen for off-topic
    answers; a judge decides whether the answer is right.
    """

    name = "relevance"
    description = "share of the question's content words (stemmed) that the answer uses"

    def score(self, text: str, question: str | None) -> float:
        if not question or not question.strip():
            raise ScorerSkip("relevance needs a question to compare the answer with")
        asked = _stems(question, skip=_FRAMING)
        if not asked:
            raise ScorerSkip("the question has no content words to compare the answer with")
        answered = _stems(text)
        ordered = sorted(answered)
        used = sum(1 for term in asked if _covered(term, answered, ordered))
        return used / len(asked)


class ModelScore(Evaluator):
    """Evidence from a :class:`Scorer`: ``points = round(score * 100)``.

    Passes when the score reaches ``pass_at``, or the run's threshold when
    ``pass_at`` is None (so a model's own calibration can differ from the
    threshold the judges use).
    """

    kind = "model"
    uses_llm = False

    def __init__(
        self,
        scorer: Scorer,
        *,
        name: str | None = None,
        pass_at: float | None = None,
        required: bool = True,
    ) -> None:
        if not _is_scorer(scorer):
            raise ConfigurationError(
                f"{type(scorer).__name__} is not a scorer: it needs a str name and "
                "description and a score(text, question) method"
            )
        if pass_at is not None and (
            isinstance(pass_at, bool)
            or not isinstance(pass_at, int | float)
            or not 0.0 <= pass_at <= 1.0
        ):
            raise ConfigurationError(f"pass_at must be a number in 0..1, got {pass_at!r}")
        self.scorer = scorer
        self.name = name or scorer.name
        self.pass_at = pass_at
        self.required = required

    async def evaluate(self, subject: Subject, context: EvaluationContext) -> Verdict:
        return aggregate([await self.judge(subject, context)], threshold=context.threshold)

    async def judge(self, subject: Subject, context: EvaluationContext) -> Evidence:
        """The single finding, for callers that collect evidence themselves."""
        question = subject.request.prompt.strip() or None
        label = self.scorer.name
        try:
            raw: object = await asyncio.to_thread(self.scorer.score, subject.text, question)
        except ScorerSkip as skip:
            return self._evidence(status="skipped", reason=f"{label} skipped: {skip.reason}")
        except Exception as exc:  # user code: any failure is a finding, not a crash
            return self._evidence(
                status="error",
                reason=_shorten(f"{label} scorer failed: {type(exc).__name__}: {exc}"),
                data={"error": type(exc).__name__},
            )
        if isinstance(raw, bool) or not isinstance(raw, numbers.Real):
            return self._evidence(
                status="error",
                reason=f"{label} scorer returned {type(raw).__name__}, not a number in 0..1",
            )
        value = float(raw)
        if not 0.0 <= value <= 1.0:  # also catches NaN
            return self._evidence(
                status="error",
                reason=f"{label} scorer returned {value!r}, outside 0..1",
                data={"value": value if math.isfinite(value) else str(value)},
            )
        points = round(value * 100)
        threshold = self.pass_at if self.pass_at is not None else context.threshold
        return self._evidence(
            passed=value >= threshold,
            score=value,
            points=points,
            reason=f"{label} model score: {points}/100",
            data={"value": value},
        )

    def _evidence(
        self,
        *,
        status: EvidenceStatus = "ok",
        passed: bool = False,
        score: float = 0.0,
        points: float = 0,
        reason: str,
        data: dict[str, Any] | None = None,
    ) -> Evidence:
        return Evidence(
            evaluator=self.name,
            kind="model",
            status=status,
            passed=passed,
            score=score,
            points=points,
            reason=reason,
            source=f"model:{self.scorer.name}",
            required=self.required,
            data={"scorer": self.scorer.name, "value": None, **(data or {})},
        )


def _is_scorer(obj: object) -> bool:
    return (
        not isinstance(obj, type)
        and isinstance(getattr(obj, "name", None), str)
        and isinstance(getattr(obj, "description", None), str)
        and callable(getattr(obj, "score", None))
    )


BUILTIN_SCORERS: Mapping[str, ScorerFactory] = MappingProxyType({"relevance": LexicalRelevance})
"""The scorers redraft ships, by name; each factory builds a fresh instance."""


def _from_entry_point(entry_point: importlib.metadata.EntryPoint) -> Scorer:
    loaded: Any = entry_point.load()
    if not _is_scorer(loaded) and callable(loaded):
        loaded = loaded()  # a class or a zero-argument factory
    if not _is_scorer(loaded):
        raise TypeError(f"{entry_point.value} did not give a scorer ({type(loaded).__name__})")
    scorer: Scorer = loaded
    return scorer


def load_scorers() -> dict[str, Scorer]:
    """The built-in scorers plus those installed under the ``redraft.scorers``
    entry-point group, by name.

    Installing a package is how an operator adds a model, so one broken
    package must not take the others down: a failing entry point is logged
    and skipped. Built-in names win over installed ones so that a name such
    as ``"relevance"`` always means the same thing. Nothing is cached; callers
    that load often should keep the result.
    """
    scorers: dict[str, Scorer] = {name: factory() for name, factory in BUILTIN_SCORERS.items()}
    for entry_point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        where = f"scorer entry point {entry_point.name!r} ({entry_point.value})"
        if entry_point.name in scorers:
            logger.warning("%s ignored: the name is already taken", where)
            continue
        try:
            scorers[entry_point.name] = _from_entry_point(entry_point)
        except Exception as exc:  # third-party code: skip it, keep the rest
            logger.warning("%s skipped: %s: %s", where, type(exc).__name__, exc)
    return scorers


def get_scorer(name: str, scorers: Mapping[str, Scorer] | None = None) -> Scorer:
    """The scorer called ``name``; ``scorers`` defaults to :func:`load_scorers`."""
    available = load_scorers() if scorers is None else scorers
    try:
        return available[name]
    except KeyError:
        names = ", ".join(sorted(available)) or "none"
        raise ConfigurationError(f"unknown scorer {name!r}; available: {names}") from None
