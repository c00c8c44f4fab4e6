"""What the rule compiler reads: a prompt masked and cut into sentences, and
the tests every rule shares (is this sentence hedged, is this requirement about
the response?), and what a rule asks of the whole prompt, answered once per
compilation (:mod:`._once`). The rules themselves live in the families (``_families``);
:mod:`._rules` runs them.

The families import all of it from here: the sentences from
:mod:`._sentence_text`, the guards from :mod:`._guards`, what governs a
requirement from :mod:`._governors` and the test itself from
:mod:`._response_context`.
"""

from __future__ import annotations

from redraft.criteria._governors import (
    IN_ONE_UNIT,
    LATER_PART,
    MADE,
    ONE_PER_LINE,
    OPENING_REQUEST,
    THING,
    clause_start,
    is_answer_request,
    makes_parts,
    modifies_part,
    names_thing_with,
    rules_for_others,
)
from redraft.criteria._guards import (
    HEDGE,
    NEGATION,
    blocked_from,
    in_every_reply,
    sentence_blocked,
    templated,
)
from redraft.criteria._once import count_in, found_in, lowered, matches_in, once, searched
from redraft.criteria._response_context import response_context
from redraft.criteria._sentence_text import MASK, Hit, Rule, Sentence, mask, sentences

__all__ = [
    "HEDGE",
    "IN_ONE_UNIT",
    "LATER_PART",
    "MASK",
    "NEGATION",
    "MADE",
    "ONE_PER_LINE",
    "OPENING_REQUEST",
    "THING",
    "Hit",
    "Rule",
    "Sentence",
    "mask",
    "response_context",
    "rules_for_others",
    "searched",
    "blocked_from",
    "clause_start",
    "count_in",
    "found_in",
    "in_every_reply",
    "is_answer_request",
    "lowered",
    "makes_parts",
    "matches_in",
    "modifies_part",
    "names_thing_with",
    "once",
    "sentence_blocked",
    "sentences",
    "templated",
]
