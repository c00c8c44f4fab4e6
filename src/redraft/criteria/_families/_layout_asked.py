"""Whether a layout the sentence names (headings, labels, a table's columns)
is asked of the answer.

:func:`~redraft.criteria._sentences.response_context` reads a phrase as the
answer's when few words stand between it and the request, which suits a
count ("write a poem … in 12 lines"). A layout is named further away: "give
me the pros and cons of electric scooters as two bulleted lists under the
headings 'Pros' and 'Cons'" asks for those headings however long the object
between. So a layout phrase is the answer's when a request verb governs it
with nothing between that points at given material ("summarise my report,
which uses the headings …"), and the usual guards hold: not hedged,
conditional, an example, negated, asked about, or asked of someone else.
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._asked import asked_of_another, asks_about_it
from redraft.criteria._sentences import (
    NEGATION,
    Sentence,
    clause_start,
    response_context,
    sentence_blocked,
)

__all__ = ["layout_asked"]

# A verb that asks for the answer or shapes it.
_VERB = compile_lazily(
    r"(?:^|[,;:(]|\b(?:please|and|then|also|just|to|should|must|you|always)\b)\s*"
    r"(?P<verb>i\s+(?:need|want|would\s+like)|write|give|provide|create|draft|generate|produce|"
    r"make|list|use|using|include|add|put|group|organi[sz]e|arrange|sort|split|divide|break|structure|format|present|lay\s+out|"
    r"label|mark|head|title|answer|respond|reply|output|return|explain|describe|summari[sz]e|"
    r"outline|plan|compare|prepare|compose|build|set\s+out|have|start|begin|end|finish|"
    # "turn this contact into JSON with keys …", "extract the fields into YAML …"
    r"turn|convert|extract|transform|reformat|"
    # "…, formatted as a table with …": the answer's shape, stated after it
    r"formatted|presented|laid\s+out|displayed|arranged|shown)\b"
)
# Between the verb and the phrase: given material ("my report, which uses
# …", "the text below"), what a thing already has, not the answer.
_GIVEN_BETWEEN = compile_lazily(
    r"\b(?:given|provided|attached|existing|following|below|above|which|whose|already|currently|"
    r"original|"
    # what a thing already has: "my essay; it uses the headings …" ("rewrite my
    # notes with the headings …" asks for them)
    r"uses|used|has|had|contains|contained|is|was|are|were|"
    # "sort the table by the columns …": a table already there
    r"the\s+(?:table|chart|csv|spreadsheet|file|sheet)\s+by)\b"
)
# "a product description for a planner with sections labelled …": the
# planner's sections, a thing the answer describes, just before the phrase.
_THING_WITH = compile_lazily(
    r"\b(?:description|ad|advert|review|listing)\s+(?:for|of)\s+(?:a|an|the|my|our)\s+"
    r"(?:[\w-]+\s+){1,3}?(?:(?:with|that\s+has|which\s+has)\s+(?:[\w-]+\s+){0,3})?$"
)
# "Can you …?" asks for it; "Should I …?" asks about it.
_REQUEST = compile_lazily(r"^\s*(?:please\s+)?(?:can|could|would|will)\s+you\b")


def layout_asked(sentence: Sentence, at: int) -> bool:
    """Whether the layout phrase at offset ``at`` of ``sentence`` is asked of
    the answer: read as the answer's by the shared guard, or governed by a
    request verb with no given material between."""
    if _THING_WITH.search(sentence.lower, 0, at):
        return False
    if response_context(sentence, at):
        return True
    text = sentence.lower
    if sentence_blocked(sentence, at) or asks_about_it(text):
        return False
    if text.rstrip().endswith("?") and not _REQUEST.match(text):
        return False
    clause = clause_start(text, at)
    if NEGATION.search(text, clause, at) or asked_of_another(text, at, clause, sentence.whole):
        return False
    verbs = [m for m in _VERB.finditer(text, 0, at) if m.end("verb") <= at]
    if not verbs:
        return False
    return _GIVEN_BETWEEN.search(text, verbs[-1].end("verb"), at) is None
