"""Fixed poem forms and the lines their form gives them: "write a haiku" is
three lines, "a limerick" five, "a sonnet" fourteen.

A form asks for more than its lines (syllables, rhyme, meter), so the line
count it implies is only a part of the request: the check it compiles says
the count came from the form, and its clause stays partial (the judge, where
there is one, decides the rest; a check can fail the clause, never pass it).
Forms whose line count is fixed by the form itself, not a convention that
varies: haiku (3), tanka (5), limerick (5), cinquain (5), sonnet (14),
villanelle (19). Not a couplet or quatrain, which are more often parts of a
poem than the poem.

Read only where the form is the one thing to write ("write a haiku about
rain", "I need a limerick about tax returns"); not a form named otherwise
("a haiku-style poem", "in the style of a sonnet", "a story about a haiku
master", "what is a villanelle?"), several poems ("3 haikus", "a haiku for
each season", "a haiku and a limerick"), or a form beside something else the
answer holds (a title, an explanation, a translation: :mod:`._lines` refuses
those for every line count).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._lexical import required
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import Sentence, lowered, matches_in, searched, sentence_blocked

__all__ = ["FORM_LINES", "Form", "FormName", "poem_form"]

FormName = Literal["haiku", "tanka", "limerick", "cinquain", "sonnet", "villanelle"]
FORM_LINES: dict[FormName, int] = {
    "haiku": 3,
    "tanka": 5,
    "limerick": 5,
    "cinquain": 5,
    "sonnet": 14,
    "villanelle": 19,
}
"""The lines each fixed form has."""

_FORM = "|".join(FORM_LINES)
# The form as the one thing a making verb asks for: "write me a short haiku"
_ASKED = compile_lazily(
    r"\b(?:write|compose|create|draft|craft|produce|make|give|need|want|generate|pen|"
    r"(?:come\s+up|up)\s+with)\s+(?:me\s+|us\s+)?(?:a|an|one|a\s+single|just\s+one)\s+"
    r"(?:(?!(?:about|of|on|for|like|from|with|by|in|an?|the|and|or|to|that|which)\b)"
    r"[\w'-]+\s+){0,3}?"
    rf"(?P<form>{_FORM})\b(?!-|\s*(?:style|sequence|cycle|collection|series|form|master|poet)\b)"
)
# More than one poem, or the form's poem for each of several things
_SEVERAL = compile_lazily(
    rf"\b(?:{_FORM})(?:e?s)\b|\b(?:each|every|per|apiece|another|second|both|translat\w*|"
    r"versions?|variations?|alternatives?|options?)\b"
)
# "I need a limerick about …", "I'd like a sonnet": the request is the sentence's own
_WANTED = compile_lazily(
    r"^\s*(?:(?:hi|hey|hello|please|ok(?:ay)?)[\s,!]+)*i(?:'d|\s+would)?\s+(?:really\s+)?"
    r"(?:need|want|like)\s+(?:a|an)\s"
)
# Whether it could be done, asked anywhere: "Could you write a sonnet without
# the letter e? How hard would that be?"
_FEASIBLE = compile_lazily(
    r"\bhow\s+(?:hard|difficult|easy|tricky)\b|\b(?:is\s+it|would\s+(?:it|that)\s+be)\s+"
    r"(?:even\s+)?(?:possible|hard|difficult|easy|doable|feasible)\b"
)
# A count of lines stated outright reads whole ("a limerick, 5 lines", "Lines: 5")
_LINES = compile_lazily(
    rf"\b(?P<num>{NUMBER})[\s-]+lines?\b|\blines?\s*[:—–-]\s*(?P<num2>{NUMBER})\b"
)
# The form replaced later on: "Write a villanelle. A free verse poem instead."
# ("Actually, no, …" and "scratch that" drop the sentence before them for
# every family: :data:`redraft.criteria._rules._RETRACTION`)
_INSTEAD = compile_lazily(r"\binstead\b|\bnever\s*mind\s+the\s+\w+|\bforget\s+the\s+\w+")
# Two forms asked at once ("a haiku and a limerick")
_FORMS = compile_lazily(rf"\b(?:{_FORM})\b")


def _other_count(whole: str, lines: int) -> bool:
    """Whether the prompt states a count of lines the line rule reads instead
    of the form ("a haiku, 3 lines": the count stated outright is exact), or
    one other than the form's ("a limerick of 6 lines" asks for something
    else). The form's own count said in a question ("I know they're 5
    lines, right?") asks for nothing and takes nothing away."""
    for m in matches_in(_LINES, whole):
        if number_value(m.group("num") or m.group("num2") or "") != lines:
            return True
        ends = [whole.find(mark, m.end()) for mark in ".!?\n"]
        end = min((e for e in ends if e >= 0), default=len(whole))
        if whole[end : end + 1] != "?":
            return True
    return False


@dataclass(frozen=True)
class Form:
    """A fixed form the sentence asks for: its name, lines and span."""

    name: FormName
    lines: int
    start: int
    end: int


def poem_form(sentence: Sentence) -> Form | None:
    """The one fixed form the sentence asks the answer to be, if any."""
    text = sentence.lower
    found = _ASKED.search(text)
    if found is None:
        return None
    whole = lowered(sentence.whole)
    if (
        searched(_SEVERAL, whole)
        or len(set(_FORMS.findall(whole))) > 1
        or _other_count(whole, FORM_LINES[cast(FormName, found.group("form"))])
        or searched(_FEASIBLE, whole)
        or _INSTEAD.search(whole, found.end())
    ):
        return None
    wanted = _WANTED.match(text) is not None and not sentence_blocked(sentence, found.start())
    if not (wanted or required(sentence, found.start())):
        return None
    name = cast(FormName, found.group("form"))
    return Form(name, FORM_LINES[name], found.start("form"), found.end("form"))
