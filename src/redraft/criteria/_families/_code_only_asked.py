"""Where the whole answer is asked as one code block by naming the block and
saying that nothing else comes with it, in either order:

- **only, then the block:** "Only output the SQL inside a ```sql block",
  "Only the command inside a ```bash block", "give me ONLY the corrected
  text inside a ```text code block", "Only reply with the terminal output
  inside one code block";
- **the block, then nothing else:** "Respond with a single shell command
  inside one ```bash code block and nothing else", "Put it in a ```sql code
  block and add nothing outside the block", "Respond with a single ```python
  block and no prose before or after it", "One line of code only, in a code
  block, no explanation text";
- **nothing else, then the block:** "Reply with the SQL and nothing else, in
  a ```sql code block".

Each reads ``code_only`` (in the fence's language) and the one block it
implies (``code_block_count`` exactly 1); the code-block family builds the
specs from the spans read here (its languages are its own). Compiles nothing where something
is asked beside the block ("…, then one sentence explaining it"), where the
block holds someone else's output ("my script should only print the SQL
inside a code block"), where the thing is the user's own or quoted ("only
the code below in a code block"), for "no comments" (comments inside the
code), and for hedged, conditional, negated or questioned wordings.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._code_languages import LANGUAGES, fence_named
from redraft.criteria._families._lexical import required
from redraft.criteria._families._only_answer import OTHER_SUBJECT
from redraft.criteria._guards import NEGATION
from redraft.criteria._sentences import Sentence, lowered

__all__ = ["OnlyBlock", "only_blocks"]


class OnlyBlock(NamedTuple):
    """Where the sentence asks for only one block, and the language it names."""

    start: int
    end: int
    language: str | None


# the one block: "in a ```sql block", "inside one python code block"
_BLOCK = (
    r"(?:in|inside|within|as|wrapped\s+in)\s+(?:a|an|one|a\s+single|one\s+single)\s+"
    r"(?:fenced\s+|markdown\s+)?"
    r"(?:```\s*(?P<fence>[\w+#-]+)\s+(?:code\s+|fenced\s+)?(?:block|fence)|"
    rf"(?:(?P<lang>{LANGUAGES})\s+)?code\s+(?:block|fence))\b"
)
# "Respond with a single ```python block": the block is the object itself
_BLOCK_OBJECT = (
    r"(?:a|one|a\s+single|one\s+single)\s+(?:fenced\s+|markdown\s+)?"
    r"(?:```\s*(?P<fence>[\w+#-]+)\s+(?:code\s+|fenced\s+)?(?:block|fence)|"
    rf"(?:(?P<lang>{LANGUAGES})\s+)?code\s+(?:block|fence))\b"
)
_VERB = (
    r"(?:respond|reply|answer|output|return|give|provide|print|send|write|show|present|put|"
    r"place|wrap)"
)
# what the block holds, as the request names it: a few words, no commas
_THING = r"(?:(?:the|your|a|an|one|a\s+single)\s+)?(?:[\w+#'’-]+\s+){0,3}?[\w+#'’-]+"
# "and nothing else", "no explanation", "add nothing outside the block"
_NOTHING = (
    r"(?:nothing\s+(?:else|more)|"
    r"no(?:thing)?\s+(?:other\s+|extra\s+|additional\s+)?(?:explanations?|prose|text|commentary|"
    r"words|chatter|preamble|intro(?:duction)?)(?:\s+text)?"
    r"(?:\s+(?:before\s+or\s+after|outside(?:\s+of)?|around)\s+(?:it|the\s+(?:code\s+)?block))?|"
    r"(?:add|put|write|say)\s+nothing\s+(?:else\s+)?(?:before\s+or\s+after|outside(?:\s+of)?|"
    r"around)\s+(?:it|the\s+(?:code\s+)?block)|"
    r"nothing\s+(?:before\s+or\s+after|outside(?:\s+of)?|around)\s+(?:it|the\s+(?:code\s+)?block))"
)
_CLAUSE_END = r"(?=\s*(?:$|[.;:!]))"
# the clause ends at the block, or says nothing else comes with it
_ENDS = rf"(?=\s*(?:$|[.;:!]|,?\s*(?:and\s+)?{_NOTHING}\s*(?:$|[.;:!,])))"
_THEN_NOTHING = r"\s*(?:,\s*|\s+and\s+|\s*[\u2014\u2013]\s*)(?:and\s+)?"
_FORMS = (
    # "only output the SQL inside a ```sql block", "Only the command inside a ```bash block"
    compile_lazily(
        rf"(?:^|[,;:\u2014\u2013]\s*|\b{_VERB}\s+(?:me\s+|us\s+)?(?:with\s+)?)(?:please\s+)?"
        rf"(?:only|just)\s+(?:{_VERB}\s+(?:me\s+)?(?:with\s+)?)?"
        rf"(?P<thing>{_THING})\s+{_BLOCK}{_ENDS}"
    ),
    # "respond with a single shell command inside one ```bash code block and nothing else"
    compile_lazily(
        rf"\b{_VERB}\s+(?:me\s+|us\s+)?(?:with\s+)?(?P<thing>{_THING})\s+{_BLOCK}"
        rf"{_THEN_NOTHING}{_NOTHING}{_CLAUSE_END}"
    ),
    # "respond with a single ```python block and no prose before or after it"
    compile_lazily(
        rf"\b(?:respond|reply|answer)\s+with\s+{_BLOCK_OBJECT}{_THEN_NOTHING}{_NOTHING}{_CLAUSE_END}"
    ),
    # "reply with the SQL and nothing else, in a ```sql code block"
    compile_lazily(
        rf"\b{_VERB}\s+(?:me\s+|us\s+)?(?:with\s+)?(?P<thing>{_THING})\s+and\s+nothing\s+"
        rf"(?:else|more)\s*,\s*{_BLOCK}{_CLAUSE_END}"
    ),
    # "One line of code only, in a code block, no explanation text."
    compile_lazily(
        rf"^\s*(?P<thing>{_THING})\s+only\s*,\s*{_BLOCK}\s*,\s*(?:and\s+)?{_NOTHING}{_CLAUSE_END}"
    ),
)
# a thing the user has, or one part of the answer: not the whole answer
_NOT_ANSWER = compile_lazily(
    r"\b(?:my|our|this|that|these|those|following|below|above|attached|each|every|per|first|"
    r"last|second|final|block|fence)\b"
)
# something asked beside the block elsewhere in the prompt
_ALSO = compile_lazily(
    r"(?<!\bno\s)(?<!\bwithout\s)(?<!\bany\s)(?<!\bor\s)(?<!\bnot\s)"
    r"\b(?:explain|explanation|show\s+your\s+work|justify|walk\s+me\s+through)\b"
)


def only_blocks(sentence: Sentence) -> Iterator[OnlyBlock]:
    """ "Only the SQL inside a ```sql block", "…inside one code block and
    nothing else": the first such request in ``sentence``."""
    text = sentence.lower
    if "block" not in text and "fence" not in text:
        return
    for form in _FORMS:
        for match in form.finditer(text):
            said = match.group(0)
            start = match.start() + len(said) - len(said.lstrip(",;:\u2014\u2013 "))
            if _NOT_ANSWER.search(match.groupdict().get("thing") or ""):
                continue
            if OTHER_SUBJECT.search(text, 0, start) or NEGATION.search(text, 0, start):
                continue
            if _ALSO.search(lowered(sentence.whole).replace(said, " ")):
                continue
            fence = match.group("fence")
            if fence is not None and not fence_named(fence):
                fence = None  # "a ```foo block": one block; its mark no language we know
            if required(sentence, start):
                yield OnlyBlock(start, match.end(), fence or match.group("lang"))
                return
