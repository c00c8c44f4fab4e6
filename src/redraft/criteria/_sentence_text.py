"""A prompt as the rule compiler reads it: quoted and handed-over material
masked (offsets kept), the text cut into sentences, and a rule's finding.
The shared tests on a sentence (hedged? about the answer?) live in
:mod:`._sentences`, which re-exports these.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._material import announced_material
from redraft.criteria._measure import abbreviated

if TYPE_CHECKING:
    # Annotations only: the check families import this module while the
    # vocabulary (which lists their specs) is still being built.
    from redraft.criteria._compiled import TextSource
    from redraft.criteria._spec import CheckSpec

__all__ = ["MASK", "Hit", "Rule", "Sentence", "mask", "sentences"]

MASK = "\ue000"
"""What masked characters become: offsets are kept, the words are gone."""

_QUOTED = compile_lazily(
    r"```.*?```"
    r"|\"[^\"\n]{1,400}\""
    r"|“[^”\n]{1,400}”"
    r"|«[^»\n]{1,400}»"
    r"|`[^`\n]{1,400}`"
    # an apostrophe inside a word stays inside the quote: 'You'll need'
    r"|(?<![\w'’])['‘](?:[^'‘’\n]|(?<=\w)['’](?=\w)){1,200}['’](?![\w'’])",
    re.DOTALL,
)
_BLOCKQUOTE = compile_lazily(r"^[ \t]*>.*$", re.MULTILINE)
# Material handed over to be worked on: from the colon to the end of its paragraph.
# A colon that ends its line hands over the next paragraph ("Summarize these
# notes:", a blank line, then the notes).
_HANDOVER = compile_lazily(
    r"\b(?:translat\w*|summari[sz]\w*|paraphras\w*|rewrit\w*|proofread\w*|correct\w*|"
    r"classif\w*|analy[sz]\w*|review\w*|the following(?:\s+\w+){0,3}|(?:this|these) (?:[\w-]+ )?"
    r"(?:text|passage|article|email|essay|document|paragraphs?|story|poem|message|sentences?|"
    r"notes|draft|clause|post|tweet|caption|rubric|brief|ad|listing|excerpt|transcript|"
    r"script|prompt|instructions|memo|letter)|(?:the )?text below)"
    # the colon in the verb's own sentence, outside quotes: "Write a review of it.
    # Include a line 'Rating: X/5'", "summarize it in one line prefixed with
    # 'Bottom line:'" hand nothing over
    # a clock time's colon ("at 2:30pm, keep it short") hands nothing over
    r"(?:[^:\n.!?\"“'‘]|[.!?](?!\s)|(?<=\w)['’](?=\w)|(?<=\d):(?=\d)){0,80}"
    r"(?<!\d):(?!\d)[ \t]*(?:\n[ \t]*\n[ \t]*(?=\S))?"
    r"(?P<body>(?:[^\n]|\n(?![ \t]*\n))+)",
    re.IGNORECASE,
)


def mask(text: str) -> str:
    """``text`` with quoted and handed-over material replaced by :data:`MASK`
    (quote marks themselves are kept so rules can find a quoted argument)."""
    chars = list(text)

    def blank(start: int, end: int) -> None:
        for i in range(start, end):
            if chars[i] not in "\n":
                chars[i] = MASK

    quotes: list[tuple[int, int]] = []
    for match in _QUOTED.finditer(text):
        blank(match.start() + 1, match.end() - 1)
        quotes.append((match.start() + 1, match.end() - 1))
        if match.group(0).startswith("```"):
            blank(match.start(), match.end())
    for match in _BLOCKQUOTE.finditer(text):
        blank(match.start(), match.end())
    for span in announced_material(text):
        blank(*span)
    for match in _HANDOVER.finditer(text):
        if any(a <= match.start() < b for a, b in quotes):
            # "Start with 'Correction:'. One paragraph.", "a line 'Review: …'": the verb
            # is quoted words, not the user's; what follows their colon is no material
            continue
        if _ARGUMENT_LIST.search(text, max(0, match.start() - 40), match.start()) and (
            _LISTED_WORDS.match(match.group(0))
        ):
            continue  # "do not include the following keywords: …" names its arguments
        body = match.start("body")
        quoted = _QUOTED.match(text, body)
        if quoted and text[body] != "'":
            # 'Make this text weird: "…". Keep it short.': the quote is the material.
            continue
        if quoted and _SENTENCE_AFTER.match(text, quoted.end()):
            # "Rewrite this: 'the cat sat'. Keep it lowercase.": a single quote is the
            # material where a sentence of the user's own follows it (an apostrophe
            # could end a quote early); masked with its marks, as material is
            blank(body, quoted.end())
            continue
        blank(body, match.end("body"))
    return "".join(chars)


# After a quote: the end of its sentence, then a new sentence or nothing.
_SENTENCE_AFTER = compile_lazily(r"[.!?]?(?:[ \t]+(?=[A-Z])|[ \t]*\n)")


# A verb whose argument list may follow as "the following keywords: …".
_ARGUMENT_LIST = compile_lazily(
    r"\b(?:include|use|mention|avoid|exclude|contain|say|using|including|mentioning)\s*$",
    re.IGNORECASE,
)
_LISTED_WORDS = compile_lazily(
    r"the following\s+(?:key\s*)?(?:words?|terms?|phrases?|names?|keywords?)\s*:", re.IGNORECASE
)


@dataclass(frozen=True)
class Sentence:
    """One sentence of the source: its masked text and where it starts."""

    original: str
    masked: str
    start: int
    whole: str = ""
    """The whole masked source, for rules that read another sentence too
    (a section marker, a paragraph divider)."""
    full: str = ""
    """The whole original source (a repeated request is the text before its instruction)."""
    source: TextSource = "prompt"

    @cached_property
    def lower(self) -> str:
        # cached: rules read it once per phrase, and a long sentence has many
        return self.masked.lower()

    def unmask(self, start: int, end: int) -> str:
        """The original text between two offsets of this sentence."""
        return self.original[start:end]

    def rest(self, start: int) -> Sentence:
        """This sentence from offset ``start`` on, read as a sentence of its
        own (a clause after "and", a part after "then")."""
        return Sentence(
            self.original[start:],
            self.masked[start:],
            self.start + start,
            self.whole,
            self.full,
            self.source,
        )


# A quotation that ends its sentence ('… "It's a feature!" Write …') ends
# in masked text: a closing quote before a capital, where the quoted words
# end with a mark.
_BOUNDARY = compile_lazily(
    r"(?<=[.!?;])\s+|\n+|(?<=:)\s*\n|(?P<quoted>(?<=\ue000[\"”’»'])\s+(?=[A-Z]))"
)


# A single letter the sentence names, not a name's initial: "every line
# starts with R. Four lines.", "the Series A. Then …", "Plan B." An initial
# follows a name or another initial ("J. R. R. Tolkien", "John F. Kennedy").
_LETTER_NAMED = compile_lazily(
    r"(?:\b(?:with|letter|series|grade|plan|option|type|class|vitamin|section|part|tier|round|"
    r"phase|row|column|answer|choice|is|are|was|be|of|to|from|by|and|or)|[^\w\s.])\s+"
    r"[A-Za-z]\.$",
    re.IGNORECASE,
)
_BOUND_ABBREVIATION = compile_lazily(r"\b(?:[Mm]in|[Mm]ax|MIN|MAX)\.$")
_COUNT_NEXT = compile_lazily(r"\d")
# "must be Yes or No. Dates as …": after "yes or" the word "no" is the
# answer and its period ends the sentence, not "No." for "number"
_NO_ANSWER = compile_lazily(r"(?i)\b(?:yes\s*/\s*|(?:yes|or)\s+)no$")


def sentences(original: str, masked: str, source: TextSource = "prompt") -> Iterator[Sentence]:
    start = 0
    spans: list[tuple[int, int]] = []
    for match in _BOUNDARY.finditer(masked):
        if match.group("quoted") and original[match.start() - 2 : match.start() - 1] not in ".!?":
            continue
        if (
            "\n" not in match.group(0)
            and masked[match.start() - 1 : match.start()] == "."
            and abbreviated(masked[start : match.start() - 1])
            and not _LETTER_NAMED.search(masked, start, match.start())
            and not _NO_ANSWER.search(masked, start, match.start() - 1)
        ):
            continue  # "the U.S. policy", "e.g. a list"
        if (
            "\n" not in match.group(0)
            and _BOUND_ABBREVIATION.search(masked, start, match.start())
            and _COUNT_NEXT.match(masked, match.end())
        ):
            continue  # "Write min. 3 sentences", "max. 100 words": a bound, not an end
        if match.start() > start:
            spans.append((start, match.start()))
        start = match.end()
    if start < len(masked):
        spans.append((start, len(masked)))
    for a, b in spans:
        yield Sentence(original[a:b], masked[a:b], a, masked, original, source)


@dataclass(frozen=True)
class Hit:
    """A rule's finding: a spec and its span within the sentence."""

    spec: CheckSpec
    start: int
    end: int


Rule = Callable[[Sentence], Iterator[Hit]]
