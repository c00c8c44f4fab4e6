"""Where an order is said of the items of the list asked for, in a clause
of its own: "a packing list with 10 items, where the items are in reverse
alphabetical order", "list five rivers, and have them sorted
alphabetically". The rule compiler's own test refuses these ("where" and
"items" point elsewhere in general); here the clause's subject is the list's
own items, after a request that asks for the list.
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._governors import clause_start
from redraft.criteria._guards import HEDGE, NEGATION
from redraft.criteria._sentences import Sentence, lowered, searched, sentence_blocked

__all__ = ["items_described", "list_rule"]

# the clause before the order: its subject is the items of the list asked for
_ITEMS_CLAUSE = compile_lazily(
    r"(?:,\s*|\s)(?:where|with|and|so\s+that|such\s+that)\s+(?:(?:have|keep|put|get)\s+)?"
    r"(?:all\s+)?(?:the\s+)?(?:items|entries|elements|them|they)\s+"
    r"(?:(?:are|should\s+be|must\s+be|need\s+to\s+be|have\s+to\s+be|all|listed|sorted|placed)\s+)*$"
)
# the request asks for a list of things: "write me a packing list", "list 5 animals"
_LIST_ASKED = compile_lazily(
    r"^\s*(?:(?:please|now|ok(?:ay)?)[\s,]+)*(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?"
    r"(?:(?:write|make|give|create|generate|draft|produce|compile|prepare)\s+(?:me\s+|us\s+)?"
    r"(?:a|an|one)\s+(?:[\w-]+\s+){0,3}?list\b|list\b|name\b|give\s+(?:me\s+)?(?:\d+|[a-z]+)\s+)"
)
_NEGATED = compile_lazily(r"\b(?:not|never|no)\b|n't\b")


def items_described(sentence: Sentence, start: int) -> bool:
    """Whether the order at ``start`` is said of the items of the list the
    sentence asks for, in a clause of its own ("…, where the items are in …")."""
    text = sentence.lower
    prefix = text[:start]
    clause = _ITEMS_CLAUSE.search(prefix)
    if clause is None or sentence_blocked(sentence, start) or HEDGE.search(text):
        return False
    if _NEGATED.search(prefix[clause.start() :]) or text.rstrip().endswith("?"):
        return False
    head = prefix[: clause.start()]
    return _LIST_ASKED.match(head) is not None


_ASKS_LIST = compile_lazily(
    r"\b(?:list|name|give|write|make|create|generate|suggest|provide|produce|draft|compile|"
    r"prepare|summari[sz]e)\b[^.?!]*?\b(?:list|timeline|schedule|log|agenda|itinerary|\d+|two|three|four|five|"
    r"six|seven|eight|nine|ten|twelve|fifteen|twenty)\b"
)


def list_rule(sentence: Sentence, start: int) -> bool:
    """Whether an order whose subject is the items or their key ("years in
    ascending order") stands as a rule of a prompt that asks for a list:
    not hedged, conditional, negated in its clause, nor a question."""
    text = sentence.lower
    if sentence_blocked(sentence, start) or HEDGE.search(text):
        return False
    # "no punctuation at all, sorted A to Z": an item of its own after a comma,
    # the negation before it is another item's
    comma = text.rfind(",", 0, start) + 1
    item = comma if comma and not text[comma:start].strip() else clause_start(text, start)
    if NEGATION.search(text, item, start + 1):
        return False
    return searched(_ASKS_LIST, lowered(sentence.whole)) is not None
