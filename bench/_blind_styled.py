"""What ``_blind_map`` expects where a writer names words to write in a
style — ``**May 14**`` among the words, or a unit such as ``bold span``
holding a named value: the ``words_styled`` kind, read from the fields by
rule."""

from __future__ import annotations

import re

from _blind_matchers import Expectation, Matcher, Spec, count, keyword
from _blind_rows import Constraint

__all__ = ["words_in_style"]

_MARKS = (
    ("bold", re.compile(r"\*\*(.+?)\*\*|__(.+?)__")),
    ("code", re.compile(r"`([^`]+)`")),
    ("italic", re.compile(r"\*([^*]+)\*|_([^_]+)_")),
)
_UNITS = {
    "bold span": "bold",
    "bold text": "bold",
    "italic span": "italic",
    "inline code span": "code",
}


def _styled(words: tuple[str, ...]) -> tuple[str, list[str]] | None:
    for style, pattern in _MARKS:
        found = [pattern.fullmatch(w.strip()) for w in words]
        if words and all(found):
            return style, [next(g for g in m.groups() if g) for m in found if m]
    return None


_WHOLE = re.compile(r"|response|(?:the )?(?:whole )?answer|(?:each|every) (?:occurrence|time)s?")


def _styled_value(c: Constraint) -> tuple[str, list[str]] | None:
    """The words given, and the value showing them in their style
    (``**castling**`` beside ``castling``): every occurrence in the style,
    however the relation is put (``all``, ``matches_format``)."""
    if not isinstance(c.value, str) or not c.words:
        return None
    read = _styled((c.value,))
    given = [w.strip().casefold() for w in c.words]
    if read is None or [w.strip().casefold() for w in read[1]] != given:
        return None
    scope = " ".join(str(c.scope or "").lower().split())
    return read if _WHOLE.fullmatch(scope) else None


_STYLE_NAMES = {"bold": "bold", "bolded": "bold", "italic": "italic", "italics": "italic"}
_STYLE_NAMES |= {"italicized": "italic", "italicised": "italic", "in bold": "bold"}


def _style_named(c: Constraint) -> tuple[str, list[str]] | None:
    """The words given, the style named as the value ("bold", "italics"),
    over the whole answer."""
    style = _STYLE_NAMES.get(" ".join(str(c.value or "").lower().split()))
    scope = " ".join(str(c.scope or "").lower().split())
    if style is None or not c.words or not _WHOLE.fullmatch(scope):
        return None
    return style, [w.strip() for w in c.words if w.strip()]


_WORDY = re.compile(r"[^\W_]")
"""A letter or digit: a word to style ("_____" is a blank's underscores, no word)."""


def words_in_style(c: Constraint) -> Expectation | None:
    relation = c.relation.strip().lower()
    if relation == "matches_format" and _styled_value(c) is None and _style_named(c) is None:
        return None
    if relation not in ("contains", "all", "equals", "matches_format"):
        return None
    if re.search(r"label|heading|title", f"{c.family} {c.unit}".lower()):
        return None  # a label in bold is not every occurrence of the word in bold
    read = _styled(c.words) or _styled_value(c) or _style_named(c)
    if read is None and not c.words and isinstance(c.value, str) and _WORDY.search(c.value):
        # "bold her name", no words given: the value shows the name in bold
        # (not a rule of stars such as "******", nor a blank of underscores)
        shown = _styled((c.value,))
        if shown is not None and all(_WORDY.search(w) for w in shown[1]):
            read = shown
    unit = " ".join(str(c.unit or "").lower().split())
    if read is None and unit in _UNITS and isinstance(c.value, str) and c.value.strip():
        read = _UNITS[unit], [c.value.strip()]
    if read is None:
        return None
    style, words = read
    want = {w.casefold() for w in words}

    def test(spec: Spec) -> bool:
        got = {str(w).casefold() for w in spec.get("words") or ()}  # type: ignore[attr-defined]
        return spec.get("style") == style and want <= got

    # bold or italic words are highlighted spans: at least one is implied
    implied: tuple[Matcher, ...] = (
        (count("highlight_count", "at_least", 1),) if style != "code" else ()
    )
    # every word appears (in its style), so each is a keyword at least once
    implied += tuple(keyword(w, "at_least", 1) for w in words)
    styled = Matcher(frozenset({"words_styled"}), test, f"words_styled {style} {words}")
    return Expectation(matchers=(styled,), kinds=styled.kinds, implied=implied)
