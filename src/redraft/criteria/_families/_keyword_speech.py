"""Words a keyword rule must not read as the answer's: someone else's
saying, and a name cut short at its title's period.

- **someone else's words:** "My grandmother used to say 'never write a
  letter longer than one page'", "my boss always says 'ship it'", "as
  she would say 'onwards'": the quotation is what another person says, told
  as a story, not a phrase the answer must say; so is what the thing the
  answer replies to says ("a reply to a review that says 'cold fries'");
- **a name with a title:** "include the teacher's name, Ms. Alvarez, in …":
  the name runs past the title's period ("Ms.", "Dr.", "St."), so a name
  read up to that period ("Ms") is not the name asked for.
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._measure import abbreviated

__all__ = ["cut_at_title", "narrated_saying"]

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
# a title's period, then the name it belongs to
_TITLE_THEN_NAME = compile_lazily(r"\.\s+[A-Z]")


def narrated_saying(text: str, start: int) -> bool:
    """Whether the verb at ``start`` ("say", "says") tells what someone else says."""
    return bool(_SAY.match(text, start) and _NARRATED.search(text, 0, start))


def cut_at_title(original: str, item: str, end: int) -> bool:
    """Whether the name ``item``, read up to ``end``, stops at a title's period
    with the name itself after it ("Ms. Alvarez" read as "Ms")."""
    return bool(abbreviated(item) and _TITLE_THEN_NAME.match(original, end))
