"""A part the prompt asks to add beside the text a count measures.

"Put the answer key at the bottom after a line that says ANSWER KEY", "add
tags after a line 'Tags:'", "then list the sources underneath": the answer
holds a second part, placed after (or before) the first, that a count of the
whole answer's sentences, characters or exact words may or may not include
("an exercise with 6 sentences" counts the exercise's). No count spec
measures one part of these, so such counts compile nothing beside one
(:func:`part_added`).

Read where a verb of adding or placing is followed, within its clause, by a
place in the answer: "at the bottom/top", "after/before a line",
"below/under it", "on a separate line"; not "at the end", where what is
added may close the text itself ("include STOP at the end"). Not a postscript ("add a P.S. at the
end"): the convention counts it within the answer, as the instruction sets
that name it measure it; nor a refused part ("don't add anything at the end").
"""

from __future__ import annotations

import functools
import re

__all__ = ["part_added"]

_ADDED = re.compile(
    r"\b(?P<verb>add|append|attach|put|place|include|give|list|write|provide|end\s+with|"
    r"finish\s+with|follow\s+(?:it|this|that|them|up)\s+with)\b(?P<what>[^.;!?\n]{0,60}?)"
    # not "at the end": what is put there may end the text itself ("include
    # STOP at the end", "put my phone number at the end")
    r"\b(?:at\s+the\s+(?:very\s+)?(?:bottom|top|foot)|"
    r"(?:after|before|below|above|under|beneath|underneath)\s+(?:a|an|the|that|this|it|them)\b|"
    r"on\s+(?:a\s+)?(?:separate|new|its\s+own|their\s+own)\s+lines?)"
)
_POSTSCRIPT = re.compile(r"\bp\.\s?s\.?|\bpostscript\b")
_REFUSED = re.compile(r"\b(?:no|not|don'?t|never|without|nothing)\b[^.;!?\n]*$")


@functools.lru_cache(maxsize=8)
def part_added(whole: str) -> bool:
    """Whether a prompt (its masked text) asks to add a part placed beside
    the rest of the answer."""
    text = whole.lower()
    for found in _ADDED.finditer(text):
        if _POSTSCRIPT.search(found.group("what")):
            continue
        if _REFUSED.search(text, max(0, found.start() - 30), found.start("what")):
            continue
        return True
    return False
