"""What ``_blind_map`` expects of an acrostic: the first letters of the
lines (or sentences) spell a word. Read from the fields however a writer
puts it: the scope naming the first letters ("first letters of each line",
"initial letters of lines"), or a unit of first letters over each line, or
(the label as a hint) an acrostic of the lines; the word as the value, as
one word, or as its letters one a word ("H", "O", "P", "E"), in any case,
spaces aside ("NEW YORK")."""

from __future__ import annotations

import re

from _blind_matchers import Expectation, Matcher, Spec, all_of
from _blind_rows import Fields

__all__ = ["acrostic"]


_INITIALS = re.compile(
    r"(?:(?:the )?(?:each|every) (line|sentence)'?s? (?:first|initial|opening) letters?"
    r"|(?:the )?(?:first|initial|opening|starting) letters? of (?:each |every |the |all |all the )?"
    r"(line|sentence)s?)"
)
_EACH = re.compile(r"(?:each|every|all|all the|the)? ?(line|sentence)s?")
_FIRST_LETTER = re.compile(r"(?:first|initial|opening|starting) letters?|initials?")
_LETTERS = re.compile(r"[^\W\d_](?:\s*[,\-–/]\s*[^\W\d_])+")
_SPELLS = frozenset({"equals", "other", "matches_format", "spells", "starts_with", "contains"})


def _word(c: Fields) -> str | None:
    value = c.value if isinstance(c.value, str) and c.value.strip() else None
    letters = [w.strip() for w in c.words if w.strip()]
    if value is None and len(letters) == 1:
        value = letters[0]
    elif value is None and len(letters) > 1 and all(len(w) == 1 for w in letters):
        value = "".join(letters)
    if value is None:
        return None
    # "HOPE", "H-O-P-E", "H, O, P, E", "New York": the letters in order
    word = re.sub(r"[\s,.\-–—/]+", "", value)
    return word if len(word) >= 2 and word.isalpha() else None


def acrostic(c: Fields) -> Expectation | None:
    """An ``acrostic`` of the word over the part, or None."""
    scope = " ".join(str(c.scope or "").lower().split())
    unit = " ".join(str(c.unit or "").lower().replace("_", " ").split())
    relation = c.relation.strip().lower()
    if relation not in _SPELLS:
        return None
    found = _INITIALS.fullmatch(scope)
    part = (found[1] or found[2]) if found else None
    each = _EACH.fullmatch(scope)
    if part is None and each and (_FIRST_LETTER.fullmatch(unit) or "acrostic" in c.family.lower()):
        part = each[1]
    if part is None and "acrostic" in c.family.lower() and scope in ("response", "answer", ""):
        # an acrostic of the whole answer: its lines, unless a sentence is named
        part = "sentence" if "sentence" in f"{unit} {c.note}".lower() else "line"
    spelled_out = len(c.words) >= 2 or bool(_LETTERS.fullmatch(str(c.value or "").strip()))
    if part is None or (relation in ("starts_with", "contains") and not found and not spelled_out):
        return None  # "each line starts with 'Why'": one phrase, not a word's letters
    word = _word(c)
    if word is None:
        return None
    want = word.casefold()

    def test(spec: Spec) -> bool:
        got = re.sub(r"[^\w]+", "", str(spec.get("word", ""))).casefold()
        return got == want and spec.get("part") == part

    return all_of(Matcher(frozenset({"acrostic"}), test, f"acrostic {word} per {part}"))
