"""A requirement said of some parts of the answer, within a list of them.

"each section heading … use ALL CAPS", "subject in lowercase, imperative,
max 50 characters, no trailing period": the clause list opens with a part
("each section heading", "every item", the subject line of a commit), and
what follows in the same sentence is said of that part. A check of the
whole answer read from it (all of it in capitals, no period at its end)
fails the answer asked for, so rules that read the whole answer's case or
end ask :func:`part_scoped` first and compile nothing where it holds.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER
from redraft.criteria._sentences import Sentence, lowered

__all__ = ["part_scoped", "some_parts"]

_PART = (
    r"(?:(?:section|list|bullet|chapter|slide|column)\s+)?(?:headings?|headers?|titles?|"
    r"headlines?|sections?|items?|bullets?|bullet\s+points?|entries|entry|points?|tips?|"
    r"steps?|labels?|options?|captions?|keys?|fields?|columns?|rows?|cells?|slides?|names?|"
    r"terms?|definitions?|subject(?:\s+lines?)?|subjects?)"
)
# the list's first item names the part: "each section heading in …",
# "every bullet: …", "; subject in lowercase, …", "the title in …"
_PART_FIRST = compile_lazily(
    r"(?:^|[,;:(]\s*|\band\s+)(?:(?:each|every|all)\s+(?:of\s+the\s+)?(?:[\w-]+\s+)?"
    rf"{_PART}|(?:the\s+)?(?:subject(?:\s+line)?|title|heading|headline|first\s+line))"
    r"(?:\s+(?:in|is|are|should|must|has|have|with|uses?)\b|\s*[:\-–])[^.;!?]*$"
)


def part_scoped(sentence: Sentence, start: int) -> bool:
    """Whether the requirement at ``start`` (in ``sentence.lower``) follows
    a part named at the head of its clause list, in the same sentence (a
    list item read on its own is read with the items before it)."""
    head = lowered(sentence.whole)[: sentence.start] if sentence.whole else ""
    return bool(_PART_FIRST.search(head + sentence.lower[:start]))


# Some of the parts, selected: "the last three sections with …", "the first
# two paragraphs, 3 sentences each", "the other sections"; the parts counted
# by number ("sections 2-4 with 3 bullets each") are read after the noun
_SOME_PARTS = compile_lazily(
    r"\b(?:first|last|final|next|other|remaining|middle|following|later|earlier|opening|"
    r"closing|latter|former|some|(?:one|two|three|four|five|\d+)\s+of\s+the)\s+"
    rf"(?:(?:{NUMBER})\s+)?(?:[\w-]+\s+)?$"
)
_NUMBERED_PARTS = compile_lazily(
    r"[a-z-]+s\s+\d{1,2}\s*(?:-|–|to|through|and|&|,)\s*\d{1,2}\b"
    r"(?!\s+(?:[\w-]+\s+)?(?:bullet|item|sentence|word|line|paragraph|point|character)s?\b)"
)


def some_parts(text: str, part: int) -> bool:
    """Whether the parts named at ``part`` in ``text`` are some of them,
    selected ("the last three sections", "sections 2-4"), not every one."""
    clause = re.split(r"[.;:!?]", text[:part])[-1]
    return bool(_SOME_PARTS.search(clause) or _NUMBERED_PARTS.match(text, part))
