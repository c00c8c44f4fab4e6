"""A part the prompt asks to add beside the text a count measures.

"Put the answer key at the bottom after a line that says ANSWER KEY", "add
tags after a line 'Tags:'", "then list the sources underneath": the answer
holds a second part, placed after (or before) the first, that a count of the
whole answer's sentences, characters or exact words may or may not include
("an exercise with 6 sentences" counts the exercise's). No count spec
measures one part of these, so such counts compile nothing beside one
(:func:`part_added`).

Read where a verb of adding or placing is followed, within its clause, by a
place in the answer (or follows it: "and under the puzzle give the source"):
"at the bottom/top", "after/before a line", "below/under it", "on a separate
line"; not "at the end", where what is added may close the text itself
("include STOP at the end"). Not a postscript ("add a P.S. at the end"): the
convention counts it within the answer, as the instruction sets that name it
measure it; nor a refused part ("don't add anything at the end").

Read too where the text is asked with a part carried beside it: "one
sentence in Portuguese, with the English translation in parentheses after
it", "each word with its meaning in brackets" — a translation, gloss, note
or answer placed after, below or in brackets; and where a block of its own
is put "at the end" ("at the very end give the word bank in square
brackets", "put the answer key at the end"), unlike a phrase that closes
the text.
"""

from __future__ import annotations

import functools

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["part_added"]

_ADDED = compile_lazily(
    r"\b(?P<verb>add|append|attach|put|place|include|give|list|write|provide|end\s+with|"
    r"finish\s+with|follow\s+(?:it|this|that|them|up)\s+with)\b(?P<what>[^.;!?\n]{0,60}?)"
    # not "at the end": what is put there may end the text itself ("include
    # STOP at the end", "put my phone number at the end")
    r"\b(?:at\s+the\s+(?:very\s+)?(?:bottom|top|foot)|"
    r"(?:after|before|below|above|under|beneath|underneath)\s+(?:a|an|the|that|this|it|them)\b|"
    r"on\s+(?:a\s+)?(?:separate|new|its\s+own|their\s+own)\s+lines?)"
)
# A part carried along with the text, placed beside it: "one sentence in
# Portuguese, with the English translation in parentheses after it", "each
# word with its pronunciation in brackets", "plus a short explanation
# underneath". The translation, gloss or note is a part a whole-answer count
# may or may not take in.
_CARRIED = compile_lazily(
    r"\b(?:with|plus|and|including|followed\s+by)\s+(?:a|an|the|its|their|his|her|your)\s+"
    r"(?:[\w'’-]+\s+){0,2}?(?:translations?|glosses|gloss|transliterations?|romani[sz]ations?|"
    r"pronunciations?|explanations?|notes?|sources?|citations?|references?|meanings?|"
    r"definitions?|answers?|solutions?|comments?|rationale|reasons?|summary|version)\b"
    r"[^.;!?\n]{0,30}?(?:\b(?:after|below|under|beneath|underneath|beside|next\s+to|"
    r"alongside)\b|\bin\s+(?:round\s+|square\s+)?(?:parenthes[ie]s|brackets)\b|"
    r"\bon\s+(?:a|the|its)\s+(?:next|separate|new|own|following)\s+line)"
)
# A block named as what is put "at the end": "at the very end give the word
# bank inside square brackets", "put the answer key at the end". Unlike a
# phrase that closes the text ("include STOP at the end"), a word bank, key,
# glossary or list of sources is a part of its own beside the counted text.
_BLOCK_AT_END = compile_lazily(
    r"\b(?:add|append|attach|put|place|include|give|list|write|provide|end\s+with|"
    r"finish\s+with)\b[^.;!?\n]{0,40}?\b(?:word\s+bank|answer\s+key|key|glossary|"
    r"(?:vocabulary|word|reading)\s+list|sources|references|bibliography|answers|solutions|"
    r"legend|index)\b[^.;!?\n]{0,40}?\bat\s+the\s+(?:very\s+)?end\b|"
    r"\bat\s+the\s+(?:very\s+)?end\b[^.;!?\n]{0,12}?\b(?:add|append|attach|put|place|include|"
    r"give|list|write|provide)\s+(?:a|an|the|your)\s+(?:[\w-]+\s+)?(?:word\s+bank|answer\s+key|"
    r"key|glossary|(?:vocabulary|word|reading)\s+list|sources|references|bibliography|answers|"
    r"solutions|legend|index)\b"
)
# The place first, then the verb: "and under the puzzle give the source as …",
# "below the poem, add a one-line moral", "at the bottom, list the sources"
_PLACED_FIRST = compile_lazily(
    r"(?:^|[,;:.!?]|\band)\s*(?:at\s+the\s+(?:very\s+)?(?:bottom|top|foot)|"
    r"(?:after|before|below|above|under|beneath|underneath)\s+(?:the|it|that|this|them)\b"
    r"[^,.;!?\n]{0,30}?),?\s+(?:add|append|attach|put|place|include|give|list|write|provide)\b"
)
_POSTSCRIPT = compile_lazily(r"\bp\.\s?s\.?|\bpostscript\b")
_REFUSED = compile_lazily(r"\b(?:no|not|don'?t|never|without|nothing)\b[^.;!?\n]*$")


@functools.lru_cache(maxsize=8)
def part_added(whole: str) -> bool:
    """Whether a prompt (its masked text) asks to add a part placed beside
    the rest of the answer."""
    text = whole.lower()
    for found in _CARRIED.finditer(text):
        if not _REFUSED.search(text, max(0, found.start() - 30), found.start() + 1):
            return True
    for found in _PLACED_FIRST.finditer(text):
        if not _REFUSED.search(text, max(0, found.start() - 30), found.start() + 1):
            return True
    for found in _BLOCK_AT_END.finditer(text):
        if not _REFUSED.search(text, max(0, found.start() - 30), found.start() + 1):
            return True
    for found in _ADDED.finditer(text):
        if _POSTSCRIPT.search(found.group("what")):
            continue
        if _REFUSED.search(text, max(0, found.start() - 30), found.start("what")):
            continue
        return True
    return False
