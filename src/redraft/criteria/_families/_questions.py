"""Question count: the answer's sentences that end in ``?``.

Approximate, stated: a question is a sentence (as
:func:`redraft.criteria._measure.sentences` cuts them) ending in ``?``, closing
quotes or brackets aside; a question without its mark ("Name the capital of
France.") is not one, and a quoted question counts. Read from "exactly one
question", "ask at most 2 questions", "a 10-question quiz", "with 5
questions"; not from questions the user asks ("answer these 3 questions",
"the following questions") nor from a count of one part ("2 questions per
section").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from redraft.criteria import _measure as measure
from redraft.criteria._families._base import CountFamily, FamilyCount, counted_hit
from redraft.criteria._families._reading import CountPhrases
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["QUESTIONS", "QuestionCount"]

_CLOSERS = "\"'”’»)]*_ \t"


class QuestionCount(FamilyCount):
    """Questions: sentences of the answer that end in ``?`` (approximate:
    a question written without its mark is not counted)."""

    kind: Literal["question_count"] = "question_count"
    unit: ClassVar[tuple[str, str]] = ("question", "questions")


def questions_in(text: str) -> list[str]:
    """The sentences of ``text`` that end in a question mark."""
    return [s.strip() for s in measure.sentences(text) if s.rstrip(_CLOSERS).endswith("?")]


_PHRASES = CountPhrases(
    unit=(
        r"(?:(?:follow[- ]up|clarifying|trivia|quiz|multiple[- ]choice|open[- ]ended|"
        r"rhetorical|practice|interview|review|discussion)\s+)?questions?"
    ),
    singular="question",
    bare=(
        r"ask|asks|asking|include|includes|including|with|contain|containing|of|write|create|"
        r"generate|give|list|need|pose"
    ),
    compound=True,
    before=(
        r"(?:end|ends|ending|finish|finishing|close|closing|conclude|start|begin|open)|"
        r"\b(?:answer|answering|respond\s+to|reply\s+to|following|below|above|these|those|each|"
        r"every|per|section|part|round|level|category|topic)s?\b"
    ),
    # "a question to the student", "questions on photosynthesis": whom or what
    # they are about, not a part they are counted in
    after=(
        r"\s*(?:to\s+(?:the\s+)?(?:user|student|reader|customer|client|learner|patient)\b|"
        r"(?:on|about)\s+(?![^.;,]{0,30}\b(?:each|every|per)\b))"
    ),
)


def question_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Ask exactly one question", "a 10-question quiz", "at most 2 questions"."""
    for found in _PHRASES.read(sentence):
        yield from counted_hit(lambda r, v: QuestionCount(relation=r, value=v), found)


class _Questions(CountFamily):
    name = "questions"
    specs = (QuestionCount,)
    rules: ClassVar[tuple[Rule, ...]] = (question_counts,)
    written_as = ', each a sentence ending in "?"'

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return questions_in(text)


QUESTIONS = _Questions()
