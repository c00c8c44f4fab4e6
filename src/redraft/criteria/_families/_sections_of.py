"""Section names a sentence mentions without asking the answer to use them.

:func:`~._layout_asked.layout_asked` reads whether a layout phrase is asked
of the answer at all; this reads what the names belong to, once read:

- **another thing's sections:** "a guide to the 'Settings' and 'Privacy'
  sections of our app", "explaining the 'Billing' and 'Invoices' headings on
  the dashboard", "rewrite only the 'Risks' and 'Mitigation' sections of my
  plan", "what goes under the headings 'Assets' and 'Liabilities' in a
  balance sheet": sections the answer talks about or edits;
- **sections a reported clause gives:** "a post announcing that our docs now
  include the sections 'Quickstart' and 'API Reference'";
- **sections for one class of answers:** "For recipes, use the headings
  Ingredients and Method." (a system prompt's rule for some replies).
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import THING, Sentence, clause_start

__all__ = ["reported_before", "sections_of_another"]

# "… sections of our app", "… headings on the dashboard", "… in a balance sheet"
_OF_ANOTHER = compile_lazily(
    r"\s*(?:sections?|headings?|headers?|subheadings?|tabs?|pages?|parts?)?\s*"
    r"(?:of|on|in|from|at|within|inside)\s+(?:the|our|my|a|an|this|that|their|his|her|its|"
    r"every|each|any)\s+(?!(?:\w+\s+)?(?:" + THING + r")\b)"
    r"(?!(?:same\s+|given\s+|following\s+|exact\s+|right\s+)?(?:order|sequence|way|format|style|"
    r"form|language|markdown|bold|caps|capitals|"
    # "label them A: and B: at the start": where the labels go
    r"start|top|beginning|end|bottom)\b)[a-z]"
)
# "explaining the 'Billing' …", "a guide to the 'Settings' …", "rewrite only the
# 'Risks' …": an existing thing's sections, named with "the" after a verb that
# is not a layout's ("under the 'Pros' and 'Cons' headings" is)
_THE_EXISTING = compile_lazily(
    r"\b(?:explain\w*|describ\w+|about|to|translat\w+|compar\w+|summari[sz]\w*|rewrit\w+|"
    r"edit\w*|proofread\w*|fix\w*|review\w*|shorten\w*|improv\w+|announc\w+|mention\w*|"
    r"only|whether|of)\s+the\s*$"
)
# "what goes under the headings …", "how the sections … work"
_ASKED_ABOUT = compile_lazily(r"\b(?:what|how|why|which|whether|where)\b")
# "our docs now include the sections …": a clause with a subject of its own
_REPORTED = compile_lazily(
    r"\b(?:that|which|who)\s+(?!(?:the|your)\s+(?:\w+\s+)?(?:" + THING + r")\b)"
    r"(?:[\w'-]+\s+){1,4}$"
)
# "For recipes, …": a rule for one class of answers
_FOR_CLASS = compile_lazily(r"^\s*(?:for|with|on)\s+(?:[\w-]+\s+){0,2}?[a-z][\w-]*s\s*,")


def reported_before(sentence: Sentence, at: int) -> bool:
    """Whether the phrase at ``at`` is in a clause with a subject of its own
    ("… announcing that our docs now include …"), not a request."""
    text = sentence.lower
    return _REPORTED.search(text[clause_start(text, at) : at]) is not None


def sections_of_another(sentence: Sentence, start: int, end: int) -> bool:
    """Whether the section names read between ``start`` and ``end`` of
    ``sentence`` belong to something other than the answer, or to some
    answers only."""
    text = sentence.lower
    clause = text[clause_start(text, start) : start]
    if _OF_ANOTHER.match(text, end) or _THE_EXISTING.search(text, 0, start):
        return True
    if _ASKED_ABOUT.search(clause) or reported_before(sentence, start):
        return True
    return sentence.source == "system" and _FOR_CLASS.match(text) is not None
