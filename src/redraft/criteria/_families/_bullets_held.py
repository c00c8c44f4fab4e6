"""Bullets and what they hold: "at least 12 bullet points of tips for new
gardeners" counts the bullets of the whole answer; "of" names their content,
not each one's size ("bullets of at most 10 words", read by the per-part
families), and a count for each part ("… of tips per section", "… of facts
for each city") is no count of the whole."""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER

__all__ = ["bullets_hold"]

# Bullets and what they hold ("at least 12 bullet points of tips"): "of"
# names their content, not each one's size ("bullets of at most 10 words")
_BULLETS_END = compile_lazily(r"\bbullet(?:[\s-]+points?|s)?\s*$|\bbulleted\s+(?:items|points)\s*$")
_HELD = compile_lazily(
    rf"\s*of\s+(?!(?:{NUMBER}|no|not|at|up|under|over|exactly|about|around|roughly|max\w*|min\w*|"
    r"less|fewer|more|between|the|this|that|these|those|my|your|our|his|her|their|its|each|every|"
    r"an?|words?|sentences?|lines?|characters?)\b)[a-z][\w'-]*(?:\s+(?:and|or)\s+[a-z][\w'-]*)?"
)
# "… of tips per section", "… for each topic": as many for each part, not in all
_EACH_PARTS = compile_lazily(r"[^.;]{0,40}?\b(?:per|apiece|(?:for|in|under|of)\s+(?:each|every))\b")


def bullets_hold(text: str, end: int) -> bool | None:
    """None unless bullets counted up to ``end`` are followed by "of" and what
    they hold; then whether the count is the whole answer's (no count for
    each part follows)."""
    if not _BULLETS_END.search(text, 0, end):
        return None
    held = _HELD.match(text, end)
    if held is None:
        return None
    return not _EACH_PARTS.match(text, held.end())
