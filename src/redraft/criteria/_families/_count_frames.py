"""Frames around a count of the answer that a verb left out or a bracket
holds: the thing asked with a size in brackets ("write a short essay (4
paragraphs)"), and a second thing asked beside a text shortened to a count
("shorten my essay to 500 words and list what you cut"). Read by
:mod:`._counted`."""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import MADE, OPENING_REQUEST, THING

__all__ = ["MORE_ASKED", "asked_bracket"]


# What stands before a bracket that gives the answer's size: the thing asked,
# with an article ("write a short essay (", "a mini-essay (": the thing a
# compound's last word names) or opening the prompt ("Short heist story ("),
# not a thing given ("my essay (", "the story below (").
_ASKED_BRACKET = compile_lazily(
    rf"\b(?:a|an|one)\s+(?:[\w'-]+\s+){{0,3}}?(?:[a-z]+-)?(?:{THING}|{MADE})\s*$"
)


# A second thing asked after the shortened text: the count is that text's only.
MORE_ASKED = compile_lazily(
    r"[^.;!?]*\b(?:and|then|also|plus)\s+(?:then\s+|also\s+)?(?:list|explain|tell|give|add|show|"
    r"describe|note|say|mention|provide|include|suggest|write|comment|point\s+out|highlight)\b"
    # "… and give me only the headline": the shortened text itself, asked back
    r"(?!\s+(?:me\s+|us\s+)?(?:back\s+)?(?:only|just)\s+(?:the|that|it)\b)"
)


def asked_bracket(before: str) -> bool:
    """Whether a bracket opened after ``before`` gives the size of the thing
    asked: named with an article, or opening the prompt as its request."""
    if _ASKED_BRACKET.search(before):
        return True
    opening = OPENING_REQUEST.match(before)
    return opening is not None and not before[opening.end() :].strip()
