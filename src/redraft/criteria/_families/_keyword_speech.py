"""Words a keyword rule must not read as the answer's: someone else's
saying, and a name cut short at its title's period.

- **someone else's words:** "My grandmother used to say 'never write a
  letter longer than one page'", "my boss always says 'ship it'", "as
  she would say 'onwards'": the quotation is what another person says, told
  as a story, not a phrase the answer must say; so is what the thing the
  answer replies to says ("a reply to a review that says 'cold fries'");
- **a substitution:** "Say 'solicitor', never 'lawyer'", "Use 'you', not 'the
  user'", "write 'colour' instead of 'color'", "instead of 'ASAP', say 'by
  Friday'": a word to put for another wherever that one would stand, which
  an answer that never needs either word keeps; nothing is required (the
  ban of the word replaced is read on its own);
- **the user's text described:** "my headline? it says 'I write bios'",
  "this reads 'Open 9-5'": a third person's "says"/"reads" tells what the
  user's material holds (not "make sure it says 'Thanks'");
- **a name with a title:** "include the teacher's name, Ms. Alvarez, in …":
  the name runs past the title's period ("Ms.", "Dr.", "St."), so a name
  read up to that period ("Ms") is not the name asked for.
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._measure import abbreviated
from redraft.criteria._sentence_text import MASK

__all__ = ["cut_at_title", "narrated_saying", "substituted"]

# a habit or a third person before "say": a story of someone's words
_NARRATED = compile_lazily(
    r"(?:\b(?:used\s+to|would|always|often|once|never|usually|likes?\s+to|loved?\s+to|keeps?|"
    r"kept)\s+"
    r"|\b(?:he|she|they|who|(?:my|his|her|their|our)\s+[\w'’-]+|[a-z]+['’]s\s+[\w-]+)\s+"
    r"(?:(?:also|still|just)\s+)?"
    # "my headline? it says '…'": what the thing given says now (not "make sure it says")
    r"|(?<!\bsure\s)(?<!\bthat\s)(?<!\bensure\s)(?<!\bso\s)(?<!\bcheck\s)\bit\s+(?:currently\s+|now\s+)?"
    # "a reply to a 5-star review that says '…'": the words of the thing answered
    r"|\b(?:to|about|on|regarding|answering|(?:responding|replying|respond|reply)\s+to)\s+"
    r"(?:a|an|the|this|that|my|our|his|her|their|[\w-]+['’]s)\s+(?:[\w'’-]+\s+){0,3}?"
    r"(?:that|which|who)\s+(?:just\s+|only\s+)?)$"
)
_SAY = compile_lazily(r"says?\b")
# "it says '…'", "this one reads '…'": what the user's text holds, unless the
# answer is the subject ("make sure it says"); not "a note that says '…'",
# which describes the thing asked for
_DESCRIBED = compile_lazily(
    r"\b(?:it|this(?:\s+one)?)\s+(?:currently\s+|now\s+|just\s+|only\s+)?"
    r"(?:says|reads)\b"
)
_ASKED_OF = compile_lazily(
    r"\b(?:make\s+sure|ensure|so(?:\s+that)?|check(?:\s+that)?|sure\s+that|want|need)\s*$"
)
_QUOTED = rf"[\"'“‘`]{MASK}+[\"'’”`]"
# after the phrase required: the one it replaces ("…, never 'lawyer'",
# "… instead of 'color'", "… (not 'the user')")
_REPLACES = compile_lazily(
    r"\s*[,;(—–-]?\s*(?:and\s+|but\s+)?(?:never|not|instead\s+of|rather\s+than|in\s+place\s+of|"
    rf"over|as\s+opposed\s+to)\s+(?:the\s+words?\s+|the\s+phrase\s+)?{_QUOTED}"
)
# before the verb: the one replaced ("instead of 'ASAP', say", "don't say
# 'lawyer', say", "not 'lawyer' but")
_REPLACED = compile_lazily(
    r"(?:\b(?:instead\s+of|rather\s+than|in\s+place\s+of|not|never|don'?t\s+(?:say|use|write)|"
    r"do\s+not\s+(?:say|use|write)|avoid)\s+(?:the\s+words?\s+|the\s+phrase\s+)?"
    rf"{_QUOTED}\s*[,;—–-]?\s*(?:(?:but|and|just|always)\s+)?)$"
)
# a title's period, then the name it belongs to
_TITLE_THEN_NAME = compile_lazily(r"\.\s+[A-Z]")


def narrated_saying(text: str, start: int) -> bool:
    """Whether the verb at ``start`` ("say", "says") tells what someone else says."""
    return bool(_SAY.match(text, start) and _NARRATED.search(text, 0, start))


def substituted(text: str, start: int, end: int) -> bool:
    """Whether the phrase required from ``start`` (its verb) to ``end`` is put
    for another quoted phrase: a substitution, which requires nothing."""
    return bool(_REPLACES.match(text, end) or _REPLACED.search(text, max(0, start - 120), start))


def described_text(text: str, start: int) -> bool:
    """Whether the verb at ``start`` is "says"/"reads" told of the user's text."""
    found = _DESCRIBED.search(text, max(0, start - 40), start + 6)
    return bool(
        found
        and found.end() > start
        and not _ASKED_OF.search(text, max(0, found.start() - 20), found.start())
    )


def cut_at_title(original: str, item: str, end: int) -> bool:
    """Whether the name ``item``, read up to ``end``, stops at a title's period
    with the name itself after it ("Ms. Alvarez" read as "Ms")."""
    return bool(abbreviated(item) and _TITLE_THEN_NAME.match(original, end))
