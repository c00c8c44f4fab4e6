"""The whole answer is one line, said of the answer itself.

Beside "all on one line" after a request (:mod:`._lines`), the shapes a
prompt or a system message states a one-line answer in:

- the answer named and said to be one line: "Your reply must be a single
  line", "Format is a single line: …", "Every message you write is an SMS:
  one line only, …"; in a system message, the bot's replies named in the
  plural too ("Summaries are one line, …"), each reply one of them (in a
  user's prompt "summaries" may be several in one answer, so not there);
- one line as an item of a request's list: "Use exactly this template, one
  line, nothing else:", "Just the country names, comma-separated, on one
  line, …";
- the things asked for put on one line: "Print them space-separated on one
  line.";
- a making verb with "exactly one line": "output exactly one line in this
  form and nothing else:".

Not each thing's line ("put each name on one line", "one line per item",
"one line each"), a part named before ("the title on one line"), a hedge,
a condition, an example, a negation, a question, nor the user's material.
The readings give ``(start, end)`` offsets in the sentence; the line-count
family makes them checks, having refused prompts that ask for lines beside
the one.
"""

from __future__ import annotations

from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import NEGATION, Sentence, sentence_blocked

__all__ = ["one_line"]

_ONE = r"(?:exactly\s+|just\s+|only\s+)?(?:one|a\s+single|1)\s+line\b"
# What may follow the one line: its end, "only", "long", the form it takes
_ENDS = r"(?:\s+(?:only|long|max(?:imum)?))?(?=\s*(?:[,.;:!]|$|\band\b|—|–))"

# "Your reply must be a single line", "Format is a single line:", "The
# output should be one line only."
_ANSWER_NOUN = r"(?:reply|answer|response|output|format|output\s+format|response\s+format)"
_BE = (
    r"(?:is|must\s+be|should\s+be|has\s+to\s+be|needs\s+to\s+be|will\s+be|shall\s+be|"
    r"must\s+always\s+be|should\s+always\s+be|is\s+always)"
)
_NAMED = compile_lazily(
    rf"^\s*(?:(?:your|the|its|my)\s+)?{_ANSWER_NOUN}\s+{_BE}\s+(?P<one>{_ONE}){_ENDS}"
    r"(?:\s*:)?"
)
# In a system message: the bot's replies, plural ("Summaries are one line, …");
# "every message you write is …: one line only"
_REPLIES = r"(?:replies|answers|responses|messages|summaries|outputs)"
_SYSTEM_NAMED = compile_lazily(
    rf"^\s*(?:(?:your|all(?:\s+(?:of\s+)?your)?)\s+)?{_REPLIES}\s+(?:are|must\s+be|should\s+be|"
    rf"have\s+to\s+be|need\s+to\s+be|are\s+always)\s+(?P<one>{_ONE}){_ENDS}"
)
_EVERY_REPLY = compile_lazily(
    r"^\s*(?:every|each)\s+(?:reply|answer|response|message)\s+(?:you\s+(?:write|send|give))?\s*"
    r"(?:is|must\s+be|should\s+be)\s+(?:an?\s+)?[\w-]+(?:\s+[\w-]+)?\s*:\s*"
    rf"(?P<one>{_ONE}){_ENDS}"
)
# A request whose list holds the one line as an item: "Use exactly this
# template, one line, nothing else", "Just the names, comma-separated, on one line"
_REQUEST = compile_lazily(
    r"^\s*(?:please\s+)?(?:(?:use|give\s+me|write|reply\s+with|respond\s+with|answer\s+with|"
    r"output|print|return|send)\b|(?:just|only)\s+(?:the|your|an?)\b)"
)
_ITEM = compile_lazily(
    rf"(?:,|:)\s*(?:and\s+)?(?P<one>(?:all\s+)?(?:(?:on|in|as)\s+)?{_ONE}){_ENDS}"
)
# "Print them space-separated on one line."
_THINGS_ON_ONE = compile_lazily(
    r"^\s*(?:please\s+)?(?:print|output|return|list|give|write|put)\s+(?:me\s+)?"
    r"(?:them|these|those|them\s+all|all\s+of\s+them)\s+(?:all\s+)?"
    r"(?:(?:[\w-]+-separated|separated\s+by\s+(?:an?\s+)?\S{1,10}(?:\s+\S{1,10})?)\s+)?"
    rf"(?P<one>(?:all\s+)?(?:on|in)\s+{_ONE})\s*(?:[.!]\s*)?$"
)
# "output exactly one line in this form and nothing else:"
_MAKE_ONE = compile_lazily(
    r"\b(?:output|print|return|write|give|reply\s+with|respond\s+with|answer\s+with)\s+"
    r"(?P<one>(?:exactly|only|just)\s+(?:one|a\s+single)\s+line)\b"
    r"(?=\s*(?:in\s+this\s+(?:form|format|shape)|(?:and\s+)?nothing\s+else|[.,;:!]|$))"
)
# "Output a single line only, fields separated by …": "only" after it, the
# verb opening its clause (not "my script should print one line only")
_MAKE_ONE_ONLY = compile_lazily(
    r"(?:^|[,;:—–]\s*|\band\s+)\s*(?:please\s+)?(?:output|print|return|write|give|"
    r"reply\s+with|respond\s+with|answer\s+with)\s+(?P<one>(?:one|a\s+single)\s+line\s+only)\b"
)
# Each thing's line, not the answer's: "each name on one line", "one line per
# item", "one line each", "their own line"
_EACH = compile_lazily(r"\b(?:each|every|per|its|their|apiece)\b")
_EACH_AFTER = compile_lazily(r"\s*(?:each|apiece|per\b|for\s+(?:each|every)\b|of\s+its\s+own)")
# A part named before, its own line ("the title on one line", "the subject line, one line")
_PART = compile_lazily(
    r"\b(?:titles?|headings?|headers?|headlines?|subject(?:\s+line)?|captions?|names?\s+line|"
    r"signature|sign-?off|greeting|footer|first|last|second|final|opening|closing|then|"
    r"followed\s+by|plus)\b"
)
_CONDITION = compile_lazily(r"\b(?:if|unless|when|whenever|whether|in\s+case)\b")


def one_line(sentence: Sentence) -> Iterator[tuple[int, int]]:
    """ "Your reply must be a single line", "Use this template, one line, nothing else"."""
    text = sentence.lower
    if "line" not in text or _CONDITION.search(text) or text.rstrip().endswith("?"):
        return
    every = _EVERY_REPLY.match(text)
    found = (
        every
        or _NAMED.match(text)
        or (_SYSTEM_NAMED.match(text) if sentence.source == "system" else None)
        or _THINGS_ON_ONE.match(text)
        or _MAKE_ONE.search(text)
        or _MAKE_ONE_ONLY.search(text)
        or (_ITEM.search(text) if _REQUEST.match(text) else None)
    )
    if found is None:
        return
    start, end = found.span("one")
    before = text[:start]
    if (
        (_EACH.search(before) and found is not every)
        or _EACH_AFTER.match(text, end)
        or _PART.search(before)
        or NEGATION.search(before)
        or sentence_blocked(sentence, start)
    ):
        return
    yield start, end
