"""Emoji count: emoji in the answer, as the ``emoji`` package reads them.

Measured with the Unicode emoji data the ``emoji`` package maintains: a
sequence (a flag, a family joined by zero-width joiners, a skin tone) is one
emoji. Approximate at one edge, stated: a symbol whose default presentation
is text (``©``, ``™``, ``↔``, a bare ``❤`` without its emoji variation
selector) is not counted, since it renders as text in most places. Read from
"no emojis", "exactly one emoji", "at most 2 emojis per message", "include
2 emojis"; not from emoji in one part ("start each bullet with an emoji").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

import emoji

from redraft.core._repair import RepairOp
from redraft.criteria._families._base import CountFamily, FamilyCount, counted_hit
from redraft.criteria._families._reading import CountPhrases
from redraft.criteria._families._removals import removal, remove_found
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["EMOJI", "EmojiCount"]

# Fully qualified sequences and components (a skin tone on its own): what
# renders as an emoji by default.
_SHOWN_AS_EMOJI = emoji.STATUS["fully_qualified"]


class EmojiCount(FamilyCount):
    """Emoji in the answer (a flag or a joined sequence is one; text-style
    symbols such as © and ™ are not counted)."""

    kind: Literal["emoji_count"] = "emoji_count"
    unit: ClassVar[tuple[str, str]] = ("emoji", "emoji")


def emoji_in(text: str) -> list[str]:
    """The emoji of ``text``, in order."""
    found = []
    for match in emoji.emoji_list(text):
        data = emoji.EMOJI_DATA.get(match["emoji"], {})
        if data.get("status", _SHOWN_AS_EMOJI) <= _SHOWN_AS_EMOJI:
            found.append(match["emoji"])
    return found


_PHRASES = CountPhrases(
    unit=r"emojis?|emoji\s+(?:characters?|icons?)|emoticons?",
    singular="emoji",
    bare=r"include|includes|including|use|using|add|with|contain|containing|have|put|insert",
    none=True,
    before=(r"\b(?:each|every|per|bullet|item|heading|title|sentence|paragraph|line|name)s?\b"),
    # "reply with a single emoji that best describes Mondays": which emoji, not where
    after=(
        r"\s*(?:that|which)\s+(?:best\s+)?(?:describes?|represents?|captures?|sums?\s+up|"
        r"shows?|expresses?|matches?|fits?)\b"
    ),
)


def emoji_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "No emojis", "use exactly 2 emojis", "no more than 3 emojis"."""
    for found in _PHRASES.read(sentence):
        yield from counted_hit(lambda r, v: EmojiCount(relation=r, value=v), found)


REMOVE_EMOJI = RepairOp(
    "remove_emoji",
    250,
    lambda text, _p, _r: remove_found(text, emoji_in(text)),
    lambda _p: "emoji removed",
)


class _Emoji(CountFamily):
    name = "emoji"
    specs = (EmojiCount,)
    rules: ClassVar[tuple[Rule, ...]] = (emoji_counts,)

    edits: ClassVar[tuple[RepairOp, ...]] = (REMOVE_EMOJI,)

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return emoji_in(text)

    def repair(self, spec: Any) -> dict[str, Any] | None:
        """None allowed: every one is removed."""
        return removal(spec, "remove_emoji")


EMOJI = _Emoji()
