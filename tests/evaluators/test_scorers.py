"""Classical ML scorers: the built-in relevance model, estimator adapters,
the ModelScore evaluator and the scorer registry."""

from __future__ import annotations

import importlib.metadata
import logging
import math
import pickle
from pathlib import Path
from typing import Any

import pytest

from redraft import ConfigurationError, Evidence, RunRequest
from redraft.evaluators import (
    EstimatorScorer,
    EvaluationContext,
    LexicalRelevance,
    ModelScore,
    ScorerSkip,
    Subject,
    get_scorer,
    load_scorers,
)
from redraft.evaluators._scorers import BUILTIN_SCORERS, ENTRY_POINT_GROUP

QUESTION = "What is the capital of France?"
RELEVANT = "The capital of France is Paris. Paris sits on the Seine."
UNRELATED = "Bananas are yellow fruit rich in potassium."


def context(threshold: float = 0.5) -> EvaluationContext:
    return EvaluationContext(threshold=threshold, gateway=object())  # type: ignore[arg-type]


async def judge(
    evaluator: ModelScore, text: str, question: str | None = QUESTION, threshold: float = 0.5
) -> Evidence:
    subject = Subject(request=RunRequest.from_prompt(question or ""), text=text)
    verdict = await evaluator.evaluate(subject, context(threshold))
    [evidence] = verdict.evidence
    assert evidence.kind == "model"
    assert evidence.points is not None and evidence.score is not None
    assert evidence.source == f"model:{evaluator.scorer.name}"
    return evidence


# -- LexicalRelevance -----------------------------------------------------------------


def test_a_relevant_answer_scores_clearly_higher_than_an_unrelated_one() -> None:
    relevance = LexicalRelevance()
    relevant = relevance.score(RELEVANT, QUESTION)
    unrelated = relevance.score(UNRELATED, QUESTION)
    assert relevant >= 0.6
    assert unrelated <= 0.1
    assert relevant - unrelated >= 0.5


def test_inflections_match_their_stems() -> None:
    relevance = LexicalRelevance()
    question = "How do I reverse a list in Python?"
    assert relevance.score("Reversing lists in Python: call reversed().", question) >= 0.6
    assert relevance.score("The weather in London is rainy today.", question) == 0.0


def test_identical_text_scores_high_and_empty_answers_low() -> None:
    relevance = LexicalRelevance()
    assert relevance.score(QUESTION, QUESTION) >= 0.99
    assert relevance.score("", QUESTION) == 0.0
    assert relevance.score("the of and is", QUESTION) == 0.0


# On-topic answers that say it in their own words: other word order and
# forms of the question's words, extra detail, no copying.
PARAPHRASES = [
    (
        "How do I reverse a list in Python?",
        "To reverse a Python list, call list.reverse(), or slice it with [::-1].",
    ),
    (
        "What are the health benefits of regular exercise?",
        "Exercising regularly is healthy: it strengthens the heart and lifts the mood.",
    ),
    (
        "Explain quantum computing",
        "Quantum computers store information in qubits, which can hold a superposition of states.",
    ),
    (
        "What causes inflation?",
        "Too much money chasing too few goods inflates prices; rising costs can cause it too.",
    ),
    (
        "How does electricity reach my house?",
        "Electric current travels from power stations over transmission lines until it "
        "reaches your home.",
    ),
    (
        "How do vaccines protect people from disease?",
        "A vaccine trains the immune system, so vaccinated people fight the disease off "
        "before it spreads.",
    ),
    (
        "Why do leaves change color in autumn?",
        "In autumn, trees stop making green chlorophyll, so the leaves' other colors show through.",
    ),
    (
        "How do I install Python on Windows?",
        "Download the Windows installer from python.org and run it; the installation adds "
        "Python to PATH.",
    ),
    ("What is the capital of France?", "France's capital city is Paris."),
    (
        "How does the applicant earn money?",
        "The applicant earns a living as a croupier and is paid monthly.",
    ),
]
# The same questions, each answered about something else.
OFF_TOPIC = [
    "Bananas are yellow fruit rich in potassium.",
    "The Treaty of Westphalia ended the Thirty Years' War in 1648.",
    "Knit the scarf in garter stitch with a thick wool yarn.",
    "Our office closes at five on Fridays during the summer.",
    "A haiku has three lines of five, seven and five syllables.",
    "Tomatoes need full sun and steady watering to ripen.",
    "The goalkeeper saved two penalties in the shoot-out.",
    "Sourdough bread rises slowly because of wild yeast.",
    "Jupiter is the largest planet in the solar system.",
    "The violin has four strings tuned in fifths.",
]


@pytest.mark.parametrize(("question", "answer"), PARAPHRASES)
def test_an_on_topic_paraphrase_scores_as_relevant(question: str, answer: str) -> None:
    assert LexicalRelevance().score(answer, question) >= 0.5


@pytest.mark.parametrize(
    ("question", "answer"),
    [(question, OFF_TOPIC[i]) for i, (question, _) in enumerate(PARAPHRASES)],
)
def test_an_off_topic_answer_scores_low(question: str, answer: str) -> None:
    assert LexicalRelevance().score(answer, question) <= 0.2


def test_answers_the_tfidf_scorer_rated_irrelevant_now_score_as_relevant() -> None:
    """The scorer this one replaced (TF-IDF cosine over the question and the
    answer's sentences, with a crude suffix stripper) gave these on-topic
    answers 0/100 and 34/100: it kept "inflation" and "inflate",
    "computing" and "computers" apart, counted "explain" as a topic word,
    gave every word the two texts share the lowest idf, and marked a detailed
    answer down for its length."""
    relevance = LexicalRelevance()
    inflation = relevance.score(
        "Prices rise when demand outgrows supply or when production costs go up; "
        "printing money can inflate prices too.",
        "What causes inflation?",
    )
    assert inflation == 0.5  # inflation is there; "causes" is not
    quantum = relevance.score(
        "Quantum computers store information in qubits, which can be in a superposition "
        "of states. Algorithms exploit interference to solve some problems faster than "
        "classical machines.",
        "Explain quantum computing",
    )
    assert quantum == 1.0


def test_the_score_is_the_share_of_the_question_words_the_answer_uses() -> None:
    relevance = LexicalRelevance()
    question = "How do vaccines protect people from disease?"  # vaccin, protect, peopl, diseas
    assert relevance.score("Vaccines work.", question) == 0.25
    assert relevance.score("Vaccinated people get the disease less.", question) == 0.75
    # A stem matches a longer one it begins: health / healthy, analys / analysis.
    assert relevance.score("Eat a healthy diet.", "Diet and health?") == 1.0
    assert relevance.score("Analysing data.", "Data analysis?") == 1.0
    # Short stems must match exactly: "form" does not take up "formula".
    assert relevance.score("A formula.", "Which form?") == 0.0


def test_padding_does_not_lower_the_score_and_words_not_meaning_count() -> None:
    relevance = LexicalRelevance()
    padding = " ".join(f"Unrelated remark number {n} about gardens." for n in range(20))
    assert relevance.score(f"{RELEVANT} {padding}", QUESTION) == relevance.score(RELEVANT, QUESTION)
    # Documented limits: synonyms and bare facts share no word with the question.
    assert relevance.score("Paris.", QUESTION) == 0.0
    assert relevance.score("As a croupier at a casino.", "How does the applicant earn money?") == 0


def test_relevance_is_deterministic() -> None:
    scores = {LexicalRelevance().score(RELEVANT + " " + UNRELATED, QUESTION) for _ in range(5)}
    assert len(scores) == 1


def test_relevance_skips_without_a_usable_question() -> None:
    with pytest.raises(ScorerSkip, match="needs a question"):
        LexicalRelevance().score(RELEVANT, None)
    with pytest.raises(ScorerSkip, match="no content words"):
        LexicalRelevance().score(RELEVANT, "What is it?")


async def test_model_score_reports_relevance_as_signed_points() -> None:
    evidence = await judge(ModelScore(LexicalRelevance()), RELEVANT)
    value = LexicalRelevance().score(RELEVANT, QUESTION)
    assert evidence.status == "ok" and evidence.passed is True
    assert evidence.score == value
    assert evidence.points == round(value * 100)
    assert evidence.reason == f"relevance model score: {round(value * 100)}/100"
    assert evidence.data == {"scorer": "relevance", "value": value}
    assert evidence.evaluator == "relevance"
    failing = await judge(ModelScore(LexicalRelevance()), UNRELATED)
    assert failing.passed is False and failing.points == 0


async def test_a_text_only_subject_is_skipped_with_the_reason() -> None:
    subject = Subject(request=RunRequest.from_prompt("   "), text=RELEVANT)
    verdict = await ModelScore(LexicalRelevance()).evaluate(subject, context())
    [evidence] = verdict.evidence
    assert evidence.status == "skipped" and evidence.points == 0
    assert "needs a question" in evidence.reason


# -- ModelScore with any scorer --------------------------------------------------------


class Fixed:
    name = "fixed"
    description = "returns a set value"

    def __init__(self, value: object) -> None:
        self.value = value
        self.seen: list[tuple[str, str | None]] = []

    def score(self, text: str, question: str | None) -> float:
        self.seen.append((text, question))
        return self.value  # type: ignore[return-value]


class Broken:
    name = "broken"
    description = "always raises"

    def score(self, text: str, question: str | None) -> float:
        raise RuntimeError("model file is corrupt " + "x" * 500)


async def test_a_model_score_of_one_half_is_fifty_points_and_passes_at_the_threshold() -> None:
    scorer = Fixed(0.5)
    evidence = await judge(ModelScore(scorer), "an answer", "  the question  ")
    assert evidence.points == 50 and evidence.passed is True
    assert scorer.seen == [("an answer", "the question")]
    assert (await judge(ModelScore(Fixed(0.49)), "a")).passed is False


async def test_pass_at_overrides_the_run_threshold() -> None:
    evidence = await judge(ModelScore(Fixed(0.3), pass_at=0.25), "a", threshold=0.9)
    assert evidence.passed is True and evidence.points == 30
    evidence = await judge(ModelScore(Fixed(0.3), pass_at=0.35), "a", threshold=0.1)
    assert evidence.passed is False


async def test_an_empty_question_reaches_the_scorer_as_none() -> None:
    scorer = Fixed(0.8)
    await judge(ModelScore(scorer, name="custom"), "text", None)
    assert scorer.seen == [("text", None)]


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        (1.7, "returned 1.7, outside 0..1"),
        (-0.1, "outside 0..1"),
        (float("nan"), "returned nan"),
        ("0.9", "returned str, not a number"),
        (True, "returned bool"),
    ],
)
async def test_an_impossible_score_is_error_evidence(value: object, fragment: str) -> None:
    subject = Subject(request=RunRequest.from_prompt(QUESTION), text="a")
    verdict = await ModelScore(Fixed(value)).evaluate(subject, context())
    [evidence] = verdict.evidence
    assert evidence.status == "error" and evidence.passed is False
    assert evidence.points == 0 and evidence.score == 0.0
    assert fragment in evidence.reason
    assert verdict.passed is False and verdict.degraded


async def test_a_raising_scorer_is_error_evidence_with_a_clipped_reason() -> None:
    evidence = await judge(ModelScore(Broken()), "a")
    assert evidence.status == "error" and evidence.points == 0
    assert evidence.reason.startswith("broken scorer failed: RuntimeError: model file is corrupt")
    assert len(evidence.reason) <= 201
    assert evidence.data["error"] == "RuntimeError"


def test_model_score_refuses_a_bad_configuration() -> None:
    with pytest.raises(ConfigurationError, match="is not a scorer"):
        ModelScore(object())  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="is not a scorer"):
        ModelScore(LexicalRelevance)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="pass_at"):
        ModelScore(Fixed(0.5), pass_at=1.5)
    with pytest.raises(ConfigurationError, match="pass_at"):
        ModelScore(Fixed(0.5), pass_at=float("nan"))


# -- EstimatorScorer -------------------------------------------------------------------


class ProbaModel:
    """Like a fitted text classifier: spam probability grows with 'win'."""

    classes_ = ("ham", "spam")

    def predict_proba(self, texts: list[str]) -> list[list[float]]:
        p = min(1.0, 0.2 * texts[0].lower().count("win"))
        return [[1.0 - p, p]]


class DecisionModel:
    classes_ = (0, 1)

    def decision_function(self, texts: list[str]) -> list[float]:
        return [float(len(texts[0].split()) - 3)]


class MulticlassDecision:
    classes_ = ("a", "b", "c")

    def decision_function(self, texts: list[str]) -> list[list[float]]:
        return [[0.0, 2.0, -1000.0]]


class Regressor:
    def predict(self, texts: list[str]) -> list[float]:
        return [len(texts[0]) / 10]


class LabelPredictor:
    def predict(self, texts: list[str]) -> list[str]:
        return ["good" if "please" in texts[0] else "bad"]


def test_predict_proba_gives_the_last_class_or_the_named_one() -> None:
    assert EstimatorScorer(ProbaModel(), name="spam").score("win win", None) == pytest.approx(0.4)
    ham = EstimatorScorer(ProbaModel(), name="ham", positive_label="ham")
    assert ham.score("win win", None) == pytest.approx(0.6)
    assert ham.score("hello", None) == pytest.approx(1.0)


def test_predict_proba_is_preferred_over_predict() -> None:
    class Both(ProbaModel):
        def predict(self, texts: list[str]) -> list[str]:
            raise AssertionError("predict must not be used when predict_proba exists")

    assert EstimatorScorer(Both(), name="both").score("win", None) == pytest.approx(0.2)


def test_decision_function_is_squashed_by_a_logistic() -> None:
    scorer = EstimatorScorer(DecisionModel(), name="length")
    assert scorer.score("one two three", None) == pytest.approx(0.5)
    assert scorer.score("a b c d e", None) == pytest.approx(1 / (1 + math.exp(-2)))
    assert scorer.score("a", None) == pytest.approx(1 / (1 + math.exp(2)))
    flipped = EstimatorScorer(DecisionModel(), name="short", positive_label=0)
    assert flipped.score("a b c d e", None) == pytest.approx(1 / (1 + math.exp(2)))
    huge = EstimatorScorer(MulticlassDecision(), name="c", positive_label="c")
    assert huge.score("x", None) == 0.0  # no OverflowError at -1000
    assert EstimatorScorer(MulticlassDecision(), name="b", positive_label="b").score(
        "x", None
    ) == pytest.approx(1 / (1 + math.exp(-2)))


def test_predict_is_clipped_or_compared_with_the_positive_label() -> None:
    regressor = EstimatorScorer(Regressor(), name="length")
    assert regressor.score("abcde", None) == pytest.approx(0.5)
    assert regressor.score("a" * 50, None) == 1.0
    labels = EstimatorScorer(LabelPredictor(), name="polite", positive_label="good")
    assert labels.score("please help", None) == 1.0
    assert labels.score("help", None) == 0.0


def test_the_question_is_fed_in_only_when_asked() -> None:
    without = EstimatorScorer(Regressor(), name="r")
    with_q = EstimatorScorer(Regressor(), name="r", with_question=True)
    assert without.score("abc", "1234567") == pytest.approx(0.3)
    assert with_q.score("abc", "1234567") == 1.0  # "1234567\n\nabc" has 12 characters
    assert with_q.score("abc", None) == pytest.approx(0.3)


def test_an_estimator_without_a_prediction_method_or_with_a_wrong_label_is_refused() -> None:
    with pytest.raises(ConfigurationError, match="has none of predict_proba"):
        EstimatorScorer(object(), name="nothing")
    with pytest.raises(ConfigurationError, match="positive_label 'eggs' is not one of"):
        EstimatorScorer(ProbaModel(), name="x", positive_label="eggs")
    with pytest.raises(ConfigurationError, match="non-empty name"):
        EstimatorScorer(ProbaModel(), name="")


async def test_a_string_prediction_without_a_label_is_error_evidence() -> None:
    evidence = await judge(ModelScore(EstimatorScorer(LabelPredictor(), name="p")), "hi")
    assert evidence.status == "error" and "ValueError" in evidence.reason


async def test_from_file_round_trips_a_pickled_estimator(tmp_path: Path) -> None:
    path = tmp_path / "spam_model.pkl"
    path.write_bytes(pickle.dumps(ProbaModel()))
    scorer = EstimatorScorer.from_file(path, description="spam filter")
    assert scorer.name == "spam_model" and scorer.description == "spam filter"
    evidence = await judge(ModelScore(scorer), "win win win")
    assert evidence.points == 60 and evidence.source == "model:spam_model"
    named = EstimatorScorer.from_file(str(path), name="spam", positive_label="ham")
    assert named.name == "spam" and named.score("win", None) == pytest.approx(0.8)


def test_from_file_reports_missing_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="no estimator file at"):
        EstimatorScorer.from_file(tmp_path / "absent.pkl")
    garbage = tmp_path / "garbage.pkl"
    garbage.write_bytes(b"not a pickle")
    with pytest.raises(ConfigurationError, match=r"cannot load an estimator from .*garbage\.pkl"):
        EstimatorScorer.from_file(garbage)


# -- registry --------------------------------------------------------------------------


class FakeEntryPoint:
    def __init__(self, name: str, target: Any) -> None:
        self.name = name
        self.value = f"fake_pkg:{name}"
        self.target = target

    def load(self) -> Any:
        if isinstance(self.target, Exception):
            raise self.target
        return self.target


def fake_entry_points(monkeypatch: pytest.MonkeyPatch, *points: FakeEntryPoint) -> list[str]:
    groups: list[str] = []

    def entry_points(*, group: str) -> list[FakeEntryPoint]:
        groups.append(group)
        return list(points)

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    return groups


def test_the_builtin_registry_has_relevance() -> None:
    assert set(BUILTIN_SCORERS) == {"relevance"}
    assert isinstance(BUILTIN_SCORERS["relevance"](), LexicalRelevance)


def test_installed_scorers_load_from_instances_classes_and_factories(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    instance = Fixed(0.1)
    groups = fake_entry_points(
        monkeypatch,
        FakeEntryPoint("instance", instance),
        FakeEntryPoint("factory", lambda: Fixed(0.2)),
        FakeEntryPoint("cls", Broken),
        FakeEntryPoint("missing_module", ModuleNotFoundError("no module named fake_pkg")),
        FakeEntryPoint("not_a_scorer", 42),
        FakeEntryPoint("relevance", Fixed(0.9)),
    )
    with caplog.at_level(logging.WARNING, logger="redraft.evaluators._scorers"):
        scorers = load_scorers()
    assert groups == [ENTRY_POINT_GROUP]
    assert set(scorers) == {"relevance", "instance", "factory", "cls"}
    assert scorers["instance"] is instance
    assert isinstance(scorers["factory"], Fixed) and scorers["factory"].value == 0.2
    assert isinstance(scorers["cls"], Broken)
    assert isinstance(scorers["relevance"], LexicalRelevance)  # built-ins keep their names
    logged = caplog.text
    assert "'missing_module'" in logged and "ModuleNotFoundError" in logged
    assert "'not_a_scorer'" in logged and "did not give a scorer" in logged
    assert "'relevance'" in logged and "already taken" in logged


def test_a_factory_that_raises_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    def explode() -> Fixed:
        raise RuntimeError("needs a GPU")

    fake_entry_points(monkeypatch, FakeEntryPoint("gpu", explode))
    assert set(load_scorers()) == {"relevance"}


def test_get_scorer_finds_by_name_or_lists_the_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_entry_points(monkeypatch, FakeEntryPoint("toxicity", Fixed(0.3)))
    assert isinstance(get_scorer("relevance"), LexicalRelevance)
    assert isinstance(get_scorer("toxicity"), Fixed)
    with pytest.raises(
        ConfigurationError, match="unknown scorer 'sentiment'; available: relevance, toxicity"
    ):
        get_scorer("sentiment")
    explicit = {"mine": Fixed(0.4)}
    assert get_scorer("mine", explicit) is explicit["mine"]
    with pytest.raises(ConfigurationError, match=r"available: mine$"):
        get_scorer("relevance", explicit)
