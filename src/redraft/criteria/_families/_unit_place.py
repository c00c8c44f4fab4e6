"""Where hashtags, emoji or links stand: "put the hashtags at the end",
"3 emojis, all at the end", "links only at the bottom", "start with an
emoji".

Measured exactly: with ``at`` ``end``, nothing but such units, whitespace,
punctuation and markup follows the first of them (no letter or digit of
other text comes after it); with ``start``, nothing but those comes before
the last of them. Hashtags, emoji and links are found as ``hashtag_count``,
``emoji_count`` and ``url_count`` find them. An answer with none of them
breaks nothing: how many there must be is a count's business.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

import emoji

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import Corrected, response_spec
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._emoji import emoji_in
from redraft.criteria._families._hashtags import HASHTAG
from redraft.criteria._families._links import URL
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["UNIT_PLACE", "UnitsAt", "unit_spans"]

Unit = Literal["hashtag", "emoji", "link"]
_NAMES = {"hashtag": "hashtags", "emoji": "emoji", "link": "links"}


class UnitsAt(FamilySpec):
    """Every hashtag (emoji, link) of the answer stands at its end (start):
    no other text after the first (before the last) of them."""

    kind: Literal["units_at"] = "units_at"
    unit: Unit
    at: Literal["end", "start"] = "end"

    def describe(self) -> str:
        return f"every {self.unit} at the {self.at} of the answer"

    def slot(self) -> tuple[object, ...]:
        return (self.kind_name(), self.unit)


def unit_spans(unit: str, text: str) -> list[tuple[int, int]]:
    """Where the units of ``text`` stand, in order."""
    if unit == "hashtag":
        return [m.span() for m in HASHTAG.finditer(text)]
    if unit == "link":
        return [m.span() for m in URL.finditer(text)]
    shown = set(emoji_in(text))
    return [
        (m["match_start"], m["match_end"]) for m in emoji.emoji_list(text) if m["emoji"] in shown
    ]


_TEXT = compile_lazily(r"[^\W_]")


def _stray(spec: UnitsAt, text: str) -> str | None:
    """The other text standing past the first unit (before the last), or None."""
    spans = unit_spans(spec.unit, text)
    if not spans:
        return None
    if spec.at == "end":
        lo, hi = spans[0][0], len(text)
    else:
        lo, hi = 0, spans[-1][1]
    kept, at = [], lo
    for start, end in spans:
        if end <= lo or start >= hi:
            continue
        kept.append(text[at:start])
        at = end
    kept.append(text[at:hi])
    rest = " ".join(" ".join(kept).split())
    return rest if _TEXT.search(rest) else None


def _measure(spec: UnitsAt, text: str) -> Outcome:
    names = _NAMES[spec.unit]
    if not unit_spans(spec.unit, text):
        return Outcome(True, f"the answer has no {spec.unit}: none stands elsewhere")
    stray = _stray(spec, text)
    if stray is None:
        return Outcome(True, f"{spec.describe()}, as required")
    shown = stray if len(stray) <= 60 else stray[:57] + "..."
    where = "after the first" if spec.at == "end" else "before the last"
    return Outcome(
        False,
        f"other text stands {where} of the {names} ({shown!r}); required: {spec.describe()}",
        f"Move every one of your {names} to the {spec.at} of the answer, "
        f"with no other text {'after' if spec.at == 'end' else 'before'} them.",
        data={"stray": shown},
    )


# -- phrasings ------------------------------------------------------------------------

_UNIT = r"(?P<unit>hashtags?|hash\s+tags?|emojis?|emoticons?|links?|urls?)"
_OF_ANSWER = (
    r"(?:\s+of\s+(?:the\s+|your\s+)?"
    r"(?:post|answer|response|message|reply|caption|text|tweet|email|bio|comment|output|note)\b)?"
)
_END = rf"(?:the\s+(?:very\s+)?(?:end|bottom){_OF_ANSWER})"
_START = rf"(?:the\s+(?:very\s+)?(?:start|beginning|top){_OF_ANSWER})"
_PLACED = compile_lazily(
    # "put the hashtags at the end", "hashtags should go at the very end",
    # "3 emojis, all at the end", "links only at the bottom"
    rf"\b{_UNIT}(?:\s*,?\s*(?:all|both|each|only|placed|grouped|together))*\s*"
    r"(?:(?:should|must|need\s+to|have\s+to|can\s+only|may\s+only|will)\s+)?"
    r"(?:(?:go|come|be|appear|sit|stay|live)\s+)?(?:(?:all|only|together)\s+)?"
    rf"(?:at|to)\s+(?P<where>{_END}|{_START})(?!\s+of\s+(?:each|every|the\s+(?:first|second|"
    r"last|next)|a\s))"
    # "at the end of the subject line", "at the end of sentences": one part's
    # end, not the answer's (the answer's own "of the post" is read above)
    r"(?!\s+of\b)"
)
_UNITS: dict[str, Unit] = {
    "hashtag": "hashtag",
    "hash tag": "hashtag",
    "emoji": "emoji",
    "emoticon": "emoji",
    "link": "link",
    "url": "link",
}


# A question about the place ("Put the hashtags at the end?", "hashtags go at
# the end on Instagram, right?") asks for advice, unless it asks for the answer
_ASKS_FOR_IT = compile_lazily(r"\s*(?:please\s+)?(?:can|could|would|will)\s+you\b")


def units_placed(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    if sentence.original.rstrip().endswith("?") and not _ASKS_FOR_IT.match(text):
        return
    for match in _PLACED.finditer(text):
        word = " ".join(match.group("unit").split()).rstrip("s")
        unit = _UNITS.get(word)
        if unit is None:
            continue
        at: Literal["end", "start"] = (
            "end" if re.search(r"\b(?:end|bottom)\b", match.group("where")) else "start"
        )
        build = partial(UnitsAt, unit=unit, at=at)
        yield from response_spec(sentence, build, match.start(), match.end())


class _UnitPlace(Corrected):
    name = "unit place"
    specs = (UnitsAt,)
    rules: ClassVar[tuple[Rule, ...]] = (units_placed,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _measure(spec, text)


UNIT_PLACE = _UnitPlace()
