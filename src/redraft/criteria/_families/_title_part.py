"""A title asked beside the text a count measures.

A title, heading or headline the prompt asks for is a line and a block of
its own: a count of the answer's paragraphs, sentences or exact words may or
may not include it ("Headline in ALL CAPS on the first line. Three
paragraphs exactly." counts the body; the answer has four blocks). No count
spec measures the body alone, so the counts that a title would shift read
:func:`title_asked` and compile nothing beside one.

Read where the title is asked with a determiner ("a title", "with a bold
heading", "under the headline") or names a sentence of its own, up to two
words before it ("Headline in ALL CAPS on the first line.", "Heading wrapped
in <<…>>.", "All-caps title, then …", "Title: your choice."); not where it is
refused ("no title", "without a heading", "Title: none"), nor "title case" or "a headline style",
nor the user's own title ("the title of my essay is …", "Title is …").
"""

from __future__ import annotations

import functools
import re

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["title_asked", "title_first"]

_NOUN = r"(?:title|heading|headings|headline|subheadings?|header)\b"
# what after the noun makes it no title line of the answer: a letter case, the
# user's own title ("Title of my essay: …", "The title is …"), a refusal
_NOT_A_LINE = (
    r"(?!\s+(?:case|style|font|writers?|of|is|was|isn'?t|not|row|cells?)\b|\s*:\s*(?:none|n/?a)\b)"
)
_DETERMINED = (
    r"\b(?<!no\s)(?<!without\s)(?<!without\sa\s)(?<!without\sany\s)(?<!skip\sthe\s)"
    r"(?:an?\s+|the\s+|your\s+|with\s+|add\s+|include\s+|use\s+|under\s+)(?:[\w-]+\s+)?" + _NOUN
)
# a sentence (or a list item) that opens on the title: "Headline in caps.",
# "Bold title on top.", "- Title: short"; the words before it are modifiers
_OPENING = (
    r"(?:^|(?<=[.!?;:\n])|(?<=,\s)|(?<=\bthen\s))[ \t\-*•]*"
    r"(?!(?:no|not|without|skip|never|don'?t|do|any|the|a|an|my|our)\b)"
    r"(?:(?!(?:no|not|without|my|our|his|her|their)\b)[\w-]+\s+){0,2}" + _NOUN
)
_TITLE = compile_lazily(rf"(?:{_DETERMINED}|{_OPENING}){_NOT_A_LINE}", re.MULTILINE)
# refused earlier in its clause: "Don't add a heading", "never use a title"
_REFUSED = compile_lazily(r"\b(?:no|not|don'?t|never|without|skip)\b[^.,;:!?\n]*$")


@functools.lru_cache(maxsize=8)
def title_asked(whole: str) -> bool:
    """Whether a prompt (its masked text) asks for a title, heading or
    headline as a part of the answer. Every sentence of a prompt shares one
    ``whole``: read once per prompt."""
    text = whole.lower()
    return any(
        not _REFUSED.search(text, max(0, m.start() - 40), m.start()) for m in _TITLE.finditer(text)
    )


# Headings beside the title (or in its place): blocks of their own in the body
_MORE_HEADINGS = compile_lazily(
    r"\b(?:headings|headers|subheadings?|sub-headings?|subtitles?|sections?|headed|"
    r"heading\s+(?:for|above|over|on)\s+(?:each|every))\b"
)

# A title placed after the text ("then a one-line heading", "headline at the
# bottom"): not the first line, which the count after a title drops
_TITLE_LATER = compile_lazily(
    r"\b(?:then|followed\s+by|after\s+(?:that|it|them|this)|finally|end\s+with|close\s+with|"
    r"finish\s+with)\b[^.;!?]{0,30}?\b(?:title|heading|headline|header)\b|"
    r"\b(?:title|heading|headline|header)\b[^.;!?]{0,30}?\b(?:at\s+the\s+(?:end|bottom)|below\s+"
    r"(?:it|them|the)|last|under\s+(?:it|them|the\s+(?:text|paragraphs?)))\b"
)


def title_first(whole: str) -> bool:
    """Whether the title a prompt asks for (:func:`title_asked`) is the
    answer's one title, its first line: no headings or sections beside it,
    not placed after the text ("then a one-line heading", "headline at the
    bottom")."""
    text = whole.lower()
    return not (_MORE_HEADINGS.search(text) or _TITLE_LATER.search(text))
