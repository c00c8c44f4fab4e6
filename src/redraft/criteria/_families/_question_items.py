"""Questions as items: the questions of a quiz or an FAQ, one to a line.

Where the questions are items of content, each followed by its answer (an
FAQ, a Q&A, a quiz with its answers), counting every sentence that ends in
"?" would fail a right answer whose introduction asks one ("Ready to test
your knowledge?") or whose answer does. The ``items`` mode of
``question_count`` counts the question lines instead, on the first reading
of the answer that applies:

1. **Labelled questions.** Lines that open (after a list marker or bold)
   with a question label, "Q:", "Q.", "Q1:", "Q1)", "Question 3:", are the
   questions, whatever they end with ("Q1: Name the capital of Peru." too);
   nothing else is.
2. **Questions set apart.** Otherwise headings and lines wholly in bold
   that end with "?" ("**Is the vaccine free?**", "### How do I refill?").
3. **Listed questions.** Otherwise list lines (bulleted or numbered) that
   hold a sentence ending with "?" ("1. Who wrote Hamlet? (Shakespeare)").
4. **Lines.** Otherwise every line that holds a sentence ending with "?",
   save lines labelled as answers ("A:", "A1:", "Answer:").

Each line counts once however many marks it holds. Approximate, stated: an
unlabelled question written without its mark ("1. Name the capital.") is
not counted, and in reading 4 an answer line that asks a question is.

Compiled only where the prompt says the questions come with their answers
(an FAQ, a Q&A, "each with the answer", "then the answers") and names a
shape that sets each question on a line of its own: a label ("Q:", "Q1 to
Q10"), bold, headings, a list, lines, an answer key, the answers as a block
after all the questions, or each answer in brackets after its question
(:data:`SHAPED`); not where each question is a heading (the headings' own
count). "Each followed by a short answer" names no such shape:
the answer may share its question's line or ask on a line of its own.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure

__all__ = ["SHAPED", "question_items"]

_CLOSERS = "\"'”’»)]*_ \t"
_MARKER = compile_lazily(r"^\s*(?:[-*+•]\s+|\(?\d{1,3}[.)]\s+|#{1,6}\s+)?")
_BOLD = compile_lazily(r"^(?:\*\*|__)(?P<text>.+?)(?:\*\*|__)$")
_HEADING = compile_lazily(r"^\s*#{1,6}\s+")
_LIST_LINE = compile_lazily(r"^\s*(?:[-*+•]\s+|\(?\d{1,3}[.)]\s+)")
_LABEL = r"(?:\*\*|__)?\s*{word}\s*\d{{0,3}}\s*(?:[:.)–—-]|(?<=\d)\s)"
_Q_LABEL = compile_lazily(_LABEL.format(word=r"(?:q|question)"), re.IGNORECASE)
_A_LABEL = compile_lazily(_LABEL.format(word=r"(?:a|answer)"), re.IGNORECASE)


def _asks(line: str) -> bool:
    """Whether ``line`` holds a sentence that ends with "?"."""
    return any(s.rstrip(_CLOSERS).endswith("?") for s in measure.sentences(line))


def _body(line: str) -> str:
    """The line without its list marker or heading marks."""
    marker = _MARKER.match(line)
    return line[marker.end() if marker else 0 :].strip()


def question_items(text: str) -> list[str]:
    """The question lines of ``text``, on the first reading that applies."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    labelled = [line for line in lines if _Q_LABEL.match(_body(line))]
    if labelled:
        return labelled
    set_apart = [
        line
        for line in lines
        if (_HEADING.match(line) or _BOLD.match(_body(line)))
        and _body(line).rstrip(_CLOSERS).endswith("?")
    ]
    if set_apart:
        return set_apart
    listed = [line for line in lines if _LIST_LINE.match(line) and _asks(line)]
    if listed:
        return listed
    return [line for line in lines if not _A_LABEL.match(_body(line)) and _asks(line)]


# A shape that sets each question on a line of its own, named in the prompt.
SHAPED = compile_lazily(
    r"['\"‘“(]\s*q\s*\d*\s*[:.)]|\bq\d{0,2}\s*:|\bq\s*1\b|\bq\d{1,2}\s*(?:to|through|-|–)\s*q\d{1,2}\b|"
    r"\bquestion\s+1\b|\bbold\b|\bheadings?\b|\bheaders?\b|\bnumbered\b|\bnumber\s+them\b|"
    r"\bbullet|\blist\b|(?<!-)\blines?\b|\banswer\s+key\b|"
    # the answers as a block after all the questions ("then the answers"); not
    # "each followed by an answer", which may share or follow its question's line
    r"\b(?:then|followed\s+by|after\s+(?:that|them|the\s+questions))\s*,?\s+(?:all\s+)?(?:the|their)\s+"
    r"(?:[\w-]+\s+)?answers\b|"
    r"\banswers?\s+(?:[\w-]+\s+)?(?:in\s+(?:parentheses|brackets)|below|underneath|beneath|"
    r"afterwards?|at\s+the\s+(?:end|bottom)|on\s+the\s+next\s+line|(?:right|directly|just)\s+"
    r"(?:below|under|after))"
)
