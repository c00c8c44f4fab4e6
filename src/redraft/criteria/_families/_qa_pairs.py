"""Items: the question-and-answer pairs of an FAQ or a Q&A.

"Write an FAQ for a bike shop: 5 Q&A pairs", "6 question-answer pairs",
"Exactly 4 question and answer pairs.", "write 3 FAQ entries", "in the form
of a Q&A … 5 pairs": the answer is a list of pairs, each a question and its
answer, and the number counts the pairs (``item_count``). A question and its
answer are one item however they are laid out, so the count reads the
answer's items (:func:`~._answer_items.answer_items`) with each answer
labelled "A:" / "Answer:" joined to the question labelled "Q:" / "Q1." /
"Question:" just before it (:func:`paired_items`): "Q: …\\nA: …" lines, the
pairs set off by blank lines or not, count one item a pair. A question in
bold on a line of its own is set aside as a heading by that reading, so its
answer is the item.

Compiled only where the one count of pairs is the answer's: not hedged,
negated, conditional, quoted or in material to process (the shared guards of
:func:`~redraft.criteria._sentences.response_context`), not a count of each
part ("2 Q&A pairs per topic", "for each product, 3 Q&A pairs"), not beside
another part or list (an introduction, a summary, "then …", a second count
of pairs) nor in a shape another family counts (a table, JSON); a bare "5
pairs" only where the prompt asks for an FAQ or a Q&A and the pairs are of
nothing else ("5 pairs of socks"). "5 questions" is ``question_count``'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import FamilySpec, hit
from redraft.criteria._families._item_request import COUNT, count_bounds
from redraft.criteria._families._item_scope import DISTRIBUTIVE, EACH_AFTER, MORE_PARTS
from redraft.criteria._grammar import NUMBER
from redraft.criteria._sentences import (
    Hit,
    Rule,
    Sentence,
    count_in,
    lowered,
    response_context,
    searched,
)
from redraft.criteria._spec_base import Relation

__all__ = ["paired_items", "qa_pairs_rule"]

# What a question-and-answer pair is called: "Q&A", "Q and A", "question-answer",
# "question and answer", "FAQ".
_QA = (
    r"(?:q\s*&\s*a|q\s+and\s+a|q/a|questions?[\s-]+(?:and|&)[\s-]+answers?|"
    r"question[\s/-]+answer|faq)"
)
_PAIRS = compile_lazily(
    rf"(?<![\w-]){COUNT}\s+(?:(?:short|brief|simple|quick|more)\s+)?"
    rf"(?:(?P<qa>{_QA})\s+(?:pairs|entries|items|sets)|(?P<faqs>faqs)|(?P<bare>pairs)(?!\s+of\b))\b"
)
# The prompt asks for an FAQ or a Q&A: a bare "5 pairs" counts its pairs.
_QA_ASKED = compile_lazily(rf"\b(?:{_QA}s?|questions?\s+and\s+answers?)\b")
# Another count of pairs or entries, or of the FAQ's questions: which is the answer's?
_COUNTED = compile_lazily(
    rf"\b(?:{NUMBER})\s+(?:[\w&/-]+\s+){{0,3}}?(?:pairs|entries|faqs|questions)\b"
)
# A shape another family counts (rows, an array), or a list beside the pairs.
_OTHER_SHAPE = compile_lazily(
    r"\btable\b|\bjson\b|\byaml\b|\bxml\b|\bcsv\b|\barray\b|\bcode\s+block\b|\bsections?\b|"
    r"\bcategor(?:y|ies)\b|\bgroup(?:ed|s)?\b"
)
# The request for the FAQ itself ("Write a product FAQ for …", "write a
# children's explainer about volcanoes in the form of a Q&A"): the pairs are
# what it writes, no part beside them.
_FAQ_WRITTEN = compile_lazily(
    r"\b(?:write|create|draft|make|produce|prepare|build|compose|put\s+together)\s+"
    r"(?:me\s+|us\s+)?(?:(?:a|an|the|our|my)\s+)?(?:(?!(?:and|or|with|then|plus|about)\b)"
    rf"[\w'-]+\s+){{0,3}}?(?:{_QA})s?\b|"
    r"\b(?:write|create|draft|make|produce|prepare|compose)\s+(?:me\s+|us\s+)?(?:a|an)\s+"
    r"(?:[\w'-]+\s+){0,2}?[\w'-]+\s+(?:about|on|for|to)\s+[^.;:!?\d]{0,40}?\s+"
    rf"(?:in\s+the\s+form\s+of|as)\s+(?:a|an)\s+(?:{_QA})\b"
)
# The answer or each question's own count ("each answer in 2 sentences"): no part
# beside the pairs, so it is set aside before MORE_PARTS reads the prompt.
# (up to the clause's end: "each answer short, then a summary" still adds a part)
_EACH_PART = compile_lazily(
    r"\b(?:each|every)\s+(?:question|answer)s?\b(?:(?!\b(?:then|followed|plus|and\s+a)\b)[^.;!?,])*"
)


def qa_pairs_rule(build: Callable[[Relation, int], FamilySpec]) -> Rule:
    """The rule that reads "5 Q&A pairs", "write 3 FAQ entries" as that many
    items, each a question and its answer, built by ``build`` (the item count)."""

    def qa_pairs_asked(sentence: Sentence) -> Iterator[Hit]:
        match = _pairs_asked(sentence)
        if match is not None:
            for relation, value in count_bounds(match, sentence.lower[match.end() :]):
                yield from hit(build, relation, value, match.span())

    return qa_pairs_asked


def _pairs_asked(sentence: Sentence) -> re.Match[str] | None:
    """The one count of pairs the sentence asks of the answer, if any."""
    text = sentence.lower
    whole = lowered(sentence.whole)
    found = list(_PAIRS.finditer(text))
    if len(found) != 1:
        return None
    match = found[0]
    if match.group("bare") and not searched(_QA_ASKED, whole):
        return None  # "5 pairs" of what?
    if count_in(_COUNTED, whole) != 1:
        return None  # "3 Q&A pairs and 5 more questions": which count is the list's?
    if searched(_OTHER_SHAPE, whole) or MORE_PARTS.search(
        _FAQ_WRITTEN.sub(" ", _EACH_PART.sub(" ", whole))
    ):
        return None  # a table, sections, an introduction or another part beside the pairs
    before, after = text[: match.start()], text[match.end() :]
    if DISTRIBUTIVE.search(re.split(r"[.;:!?]", before)[-1]) or EACH_AFTER.match(after):
        return None  # "for each topic, 2 Q&A pairs", "2 Q&A pairs per topic"
    if _GIVEN_AFTER.match(after) or _GIVEN_BEFORE.search(before):
        return None  # "the 5 Q&A pairs I wrote", "my 4 FAQ entries": a set given
    if response_context(sentence, match.start()):
        return match
    # "Put together an FAQ page for my shop with 4 Q&A pairs": the pairs are
    # what the FAQ asked holds, read from where that request opens
    faq = _FAQ_WRITTEN.search(text, 0, match.start())
    if faq and _HOLDS.fullmatch(text, faq.end(), match.start()):
        return match if response_context(sentence, faq.start()) else None
    return None


# What lies between the FAQ asked and the count of what it holds
_HOLDS = compile_lazily(r"[^.;:!?\d]{0,60}?\b(?:with|of|holding|containing)\s+|\s*[:,(—–]\s*")


# "the 5 Q&A pairs I wrote", "4 FAQ entries below": pairs given, not asked
_GIVEN_AFTER = compile_lazily(
    r"\s*(?:that\s+)?(?:i|we|you|they)\s+(?:have|had|wrote|made|got|already)\b|\s+(?:below|above)\b"
)
# "my 5 Q&A pairs", "the 4 FAQ entries": a set given or asked about
_GIVEN_BEFORE = compile_lazily(r"\b(?:my|our|these|those|the|its|their)\s+(?:[\w-]+\s+)?$")


# A question's label ("Q:", "Q1.", "**Q2:**", "Question 3:") and an answer's
# ("A:", "A1:", "**Answer:**"; not "A." or "A)", which may open a choice of
# a multiple-choice question).
_Q_LABEL = compile_lazily(
    r"^(?:\*\*|__)?\s*(?:q|question)\s*\d{0,3}\s*(?:\*\*|__)?\s*[:.]", re.IGNORECASE
)
_A_LABEL = compile_lazily(
    r"^(?:\*\*|__)?\s*(?:a\s*\d{0,3}|answer(?:\s*\d{1,3})?)\s*(?:\*\*|__)?\s*:", re.IGNORECASE
)


def paired_items(items: Sequence[str]) -> list[str]:
    """``items`` with each answer labelled "A:" joined to the question
    labelled "Q:" just before it: a question and its answer are one item."""
    paired: list[str] = []
    asked = False  # whether the item before is a question not yet answered
    for item in items:
        if asked and _A_LABEL.match(item):
            paired[-1] = f"{paired[-1]} {item}"
            asked = False
            continue
        paired.append(item)
        asked = _Q_LABEL.match(item) is not None
    return paired
