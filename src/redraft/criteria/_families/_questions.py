"""Question count: the answer's sentences that end in ``?``.

Approximate, stated: a question is a sentence (as
:func:`redraft.criteria._measure.sentences` cuts them) ending in ``?``, closing
quotes or brackets aside; a question without its mark ("Name the capital of
France.") is not one, and a quoted question counts. Read from "exactly one
question", "ask at most 2 questions", "a 10-question quiz", "with 5
questions"; not from questions the user asks ("answer these 3 questions",
"the following questions") nor from a count of one part ("2 questions per
section"), nor where the questions are items of content rather than the
answer's own asking: an FAQ or questions each followed by an answer ("five
questions, each followed by an answer": an answer may ask too), questions
for someone else to ask ("3 questions I could ask at the interview", "5
questions to ask a landlord"), unless the prompt sets each on a line of
its own ("…, use bullets"): then the question lines are counted
(:mod:`._question_items`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from pydantic import SerializerFunctionWrapHandler, model_serializer

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._base import CountFamily, FamilyCount, counted_hit
from redraft.criteria._families._list_form import without_refused
from redraft.criteria._families._question_asking import asked_question_counts
from redraft.criteria._families._question_items import SHAPED, question_items
from redraft.criteria._families._reading import CountPhrases
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import (
    NEGATION,
    Hit,
    Rule,
    Sentence,
    found_in,
    lowered,
    once,
    sentence_blocked,
)
from redraft.criteria._spec_base import Relation

__all__ = ["QUESTIONS", "QuestionCount"]

_CLOSERS = "\"'”’»)]*_ \t"


class QuestionCount(FamilyCount):
    """Questions: sentences of the answer that end in ``?`` (approximate:
    a question written without its mark is not counted)."""

    kind: Literal["question_count"] = "question_count"
    mode: Literal["sentences", "items"] = "sentences"
    """``items``: the question lines of a quiz or an FAQ, each followed by its
    answer (:mod:`._question_items`), not every sentence ending in "?"."""
    unit: ClassVar[tuple[str, str]] = ("question", "questions")

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # a count of sentences dumps as it always has, without a mode
        dumped: dict[str, Any] = handler(self)
        if dumped.get("mode") == "sentences":
            del dumped["mode"]
        return dumped

    def describe(self) -> str:
        counted = super().describe()
        return f"{counted}, one to a line" if self.mode == "items" else counted


def questions_in(text: str) -> list[str]:
    """The sentences of ``text`` that end in a question mark."""
    return [s.strip() for s in measure.sentences(text) if s.rstrip(_CLOSERS).endswith("?")]


_PHRASES = CountPhrases(
    unit=(
        # "10 sports trivia questions", "a history quiz question": a topic before
        # "6 'Would you rather' questions": a kind named in quotes
        r"(?:(?:'[^'\n]{1,30}'|\"[^\"\n]{1,30}\"|‘[^’\n]{1,30}’|“[^”\n]{1,30}”)\s+)?"
        r"(?:(?:follow[- ]up|clarifying|(?:[a-z]+\s+)?(?:trivia|quiz)|multiple[- ]choice|"
        # (not "true/false questions": statements to judge, no "?" asked)
        r"open[- ]ended|exam|test|short[- ]answer|"
        r"rhetorical|practice|interview|review|discussion|icebreaker|ice-breaker|comprehension|"
        # (two kinds at most: "5 multiple-choice exam questions")
        r"reflection|warm[- ]up)\s+){0,2}questions?"
        # "one question mark" counts a mark, which a punctuation count reads
        r"(?!\s*marks?\b)"
    ),
    singular="question",
    bare=(
        r"ask|asks|asking|include|includes|including|with|contain|containing|of|write|create|"
        r"generate|give|list|need|pose"
    ),
    compound=True,
    before=(
        r"\b(?:end|ends|ending|finish|finishing|close|closing|conclude|start|begin|open)\b|"
        r"\b(?:answer|answering|respond\s+to|reply\s+to|following|below|above|these|those|"
        # "every reply must contain one question": the reply at hand, not a part
        r"(?:each|every|per)(?!\s+(?:reply|response|answer|message|turn)\b)|"
        r"section|part|round|level|category|topic)s?\b"
    ),
    # "a question to the student", "questions on photosynthesis": whom or what
    # they are about, not a part they are counted in
    after=(
        r"\s*(?:to\s+(?:the\s+)?(?:user|student|reader|customer|client|learner|patient)\b|"
        r"(?:on|about)\s+(?![^.;,]{0,30}\b(?:each|every|per)\b)|"
        # "5 discussion questions for my book club": what they are for, unless
        # someone else asks them ("for the host to ask") or one part is meant
        # (up to a dash: "five questions for it — each ending with '?'")
        r"for\s+(?![^.;,—–]{0,40}\b(?:each|every|per|to\s+(?:ask|pose|put))\b)|"
        # "10 questions with answers": a quiz's questions, each with its answer
        # (read only where the answers make them items: :func:`question_counts`)
        r"(?:with|and|plus)\s+(?:(?:the|their|its)\s+)?answers\b)"
    ),
)


# Questions that are items of content, not the answer's asking: an FAQ or
# questions paired with answers (which may ask questions of their own), and
# questions written for someone else to ask.
_CONTENT_ITEMS = compile_lazily(
    r"\b(?:faqs?|q\s*&\s*a|q\s+and\s+a|questions?\s+and\s+(?:their\s+)?answers?|"
    r"(?:followed\s+by|with|and|plus|then)\s+(?:an?|its|their|the|one|a\s+short)\s+(?:[\w-]+\s+)?"
    r"answers?|answer(?:ed)?\s+(?:each|every|them|it)\b|"
    # "10 trivia questions with answers", "then an answer key"
    r"\b(?:with|plus|and)\s+answers\b|\banswer\s+key\b)"
)
_AS_HEADINGS = compile_lazily(
    r"\b(?:each|every|all|questions?)\s+(?:question\s+)?(?:as|is|in)\s+(?:an?\s+)?"
    r"(?:[\w-]+\s+){0,3}?head(?:ing|er)s?\b"
)
_ASKED_BY_OTHERS = compile_lazily(
    r"\s*(?:(?:that|which)\s+)?(?:(?:i|we|you|they|he|she|people|one|students|parents|"
    r"candidates|(?:my|an?|the|your|our)\s+(?:[\w-]+\s+)?[\w-]+)\s+(?:could|can|should|might|may|would|will|want\s+to|need\s+to)?\s*"
    r"ask|to\s+(?:ask|pose|put\s+to)|for\s+(?:me|us|him|her|them|my\s+[\w-]+)\s+to\s+ask)\b"
)


# A set of questions named, then its size after a colon: "Pub quiz round on
# rivers: 4 questions.", "Create an interview kit: 8 questions for a support
# lead." The piece named is one that is its questions (a quiz, a round, a
# survey); not the user's own ("My quiz: 4 questions.") nor a part of it.
_SET_NAMED = compile_lazily(
    r"^\s*(?!(?:my|our|his|her|their|this|these|that|those|here|the\s+following|below|above)\b)"
    r"(?:(?:please\s+)?(?:write|create|make|generate|prepare|draft|design|build|put\s+together|"
    r"give\s+me|produce)\s+(?:me\s+|us\s+)?)?(?:(?:a|an)\s+)?(?:[\w'&/-]+\s+){0,4}?"
    r"(?:quiz|round|kit|worksheet|survey|questionnaire|test|exam|interview|trivia|poll|"
    r"check-?in|icebreaker|warm-?up|review|practice|drill)"
    r"(?:\s+(?:on|about|for|of)\s+[^:;.!?\n]{1,50}?)?\s*(?::|\s[—–]|\s--)\s*"
    rf"(?:(?:exactly|just|only)\s+)?(?P<num>{NUMBER})\s+(?:[\w-]+\s+)?questions"
    r"(?:\s+(?:on|about|for)\s+[^,;:.!?\n]{1,60}?)?"
    # what comes with each question: "…: 5 questions, each with the answer in brackets"
    r"(?:,\s*(?:each\s+)?(?:with|followed\s+by|then)\s+(?:the|their|its|an?)\s+answers?\b"
    r"(?P<tail>[^;!?\n]*?))?\s*(?:[.!]\s*)?$"
)
# another set of questions after the answers: "…, then 5 bonus questions"
_MORE_QUESTIONS = compile_lazily(rf"\b(?:{NUMBER})\s+(?:[\w-]+\s+)?questions\b|\bquestions\s+and\b")


def _set_sized(sentence: Sentence, mode: Literal["sentences", "items"]) -> Iterator[Hit]:
    found = _SET_NAMED.match(sentence.lower)
    if found is None or _ASKED_BY_OTHERS.match(sentence.lower, found.end("num")):
        return
    if found.group("tail") and _MORE_QUESTIONS.search(found.group("tail")):
        return
    value = number_value(found.group("num"))
    if (
        value
        and not sentence_blocked(sentence, found.start("num"))
        and not _IF.search(sentence.lower)
        # (a negation after the count is a clause of its own: "…, no question
        # longer than 20 words")
        and not NEGATION.search(sentence.lower, 0, found.start("num"))
    ):
        spec = QuestionCount(relation="exactly", value=value, mode=mode)
        yield Hit(spec, found.start("num"), found.end())


_NUMBERED = compile_lazily(r"\bnumber(?:ed)?\s+them\b|\bnumbered\b|\bnumbering\b")
_LIST_VERB = compile_lazily(r"(?:^|(?<=[.!?\n])|\b(?:please|and|then|also|now|just)\b)\s*list\b")
_IF = compile_lazily(r"\b(?:if|unless|when|whenever)\b")


@once
def _listing_read(text: str) -> str:
    # (the verb "list" names no shape: "List 6 questions a manager should ask")
    return _LIST_VERB.sub(" ", text.lower())


def question_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Ask exactly one question", "a 10-question quiz", "at most 2 questions"."""
    whole = lowered(sentence.whole)
    if found_in(_CONTENT_ITEMS, whole):
        # "an FAQ: five questions, each followed by an answer": items, not
        # asking; counted as question lines where a shape sets each on its own
        # (read in the original: a label is quoted, "format each as 'Q:' then 'A:'")
        # (questions written as headings are counted as the headings' own count,
        # never both: "five questions, each as a level-3 heading")
        if found_in(_AS_HEADINGS, whole):
            return
        if found_in(SHAPED, lowered(sentence.full or sentence.whole)):
            yield from _counts(sentence, "items")
        return
    yield from _counts(sentence, "sentences")
    # "ask at most 2 questions", "limit yourself to one question per turn"
    for found in asked_question_counts(sentence):
        yield from counted_hit(lambda r, v: QuestionCount(relation=r, value=v), found)


def _counts(sentence: Sentence, mode: Literal["sentences", "items"]) -> Iterator[Hit]:
    for found in _PHRASES.read(sentence):
        asked = mode
        if _ASKED_BY_OTHERS.match(sentence.lower, found.end):
            read = _listing_read(sentence.full or sentence.whole)
            if not found_in(SHAPED, read) or _NUMBERED.search(without_refused(read)):
                # "3 questions I could ask at the interview": someone else's asking;
                # "…, number them": the numbered lines' count says it once
                continue
            # "…, use bullets": each of them a line of its own, counted as lines
            asked = "items"
        yield from counted_hit(functools.partial(_question_count, asked), found)
    yield from _set_sized(sentence, mode)
    # "ask at most 2 questions", "limit yourself to one question per turn"
    for found in asked_question_counts(sentence):
        yield from counted_hit(lambda r, v: QuestionCount(relation=r, value=v), found)


def _question_count(
    mode: Literal["sentences", "items"], relation: Relation, value: int
) -> QuestionCount:
    return QuestionCount(relation=relation, value=value, mode=mode)


class _Questions(CountFamily):
    name = "questions"
    specs = (QuestionCount,)
    rules: ClassVar[tuple[Rule, ...]] = (question_counts,)
    written_as = ', each a sentence ending in "?"'

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return question_items(text) if spec.mode == "items" else questions_in(text)


QUESTIONS = _Questions()
