"""What ``_blind_map`` expects of the word-pattern family (``word_pattern``):
a ban on words of a shape (contractions, hyphenated words, words ending in
or starting with an affix) over the whole answer, or a shape every word of
the answer has. Read from a constraint's structured fields only; None where
the constraint states no such rule (the general mapping then decides)."""

from __future__ import annotations

import re
from typing import Protocol

from _blind_matchers import Expectation, Matcher, Spec, all_of, counts, fields
from _blind_parts import NUMERIC, count_value, is_response, scope_of
from _blind_rows import Fields

__all__ = ["char_classes", "vocabulary", "word_patterns"]


_Q = r"['\"‘’“”]?"
_AFFIX = rf"{_Q}-?(?P<affix>[a-z]{{1,10}})-?{_Q}"
_BANNED = (
    (re.compile(r"contractions?|contracted forms?"), "contraction"),
    (re.compile(r"hyphenated (?:words?|compounds?|terms?)"), "hyphenated"),
    (re.compile(rf"(?:words?|adverbs?) (?:ending|that ends?) (?:in|with) {_AFFIX}"), "ends"),
    (re.compile(rf"{_AFFIX} (?:words?|adverbs?)"), "ends"),
    (
        re.compile(rf"words? (?:starting|beginning|that (?:starts?|begins?)) with {_AFFIX}"),
        "starts",
    ),
)
_EVERY_WORD = re.compile(r"(?:each|every|all) words?")
_EVERY = {"contains": "contains", "ends_with": "ends"}


def _banned(c: Fields) -> bool:
    relation = c.relation.strip().lower()
    if relation == "none":
        return True
    bounds = count_value(relation, c.value) if relation in ("at_most", "exactly") else ()
    return bool(bounds) and all(n == 0 for _, n in bounds)


def word_patterns(c: Fields) -> Expectation | None:
    """The ``word_pattern`` check that states ``c``, or None."""
    unit = " ".join(str(c.unit or "").lower().replace("_", " ").split())
    scope = scope_of(c.scope)
    if _banned(c) and is_response(scope):
        for pattern, shape in _BANNED:
            found = pattern.fullmatch(unit)
            if found is None:
                continue
            affix = found.groupdict().get("affix")
            if affix is None:
                return all_of(fields("word_pattern", shape=shape, every=False))
            if unit.startswith("adverb") and affix != "ly":
                return None
            return all_of(fields("word_pattern", shape=shape, text=affix, every=False))
        return None
    raw_scope = " ".join(str(c.scope or "").lower().split())
    every = _EVERY.get(c.relation.strip().lower())
    value = c.value if isinstance(c.value, str) else None
    if every and value and _EVERY_WORD.fullmatch(raw_scope):
        affix = value.strip("'\"-").lower()
        if affix.isalpha() and len(affix) <= 10:
            return all_of(fields("word_pattern", shape=every, text=affix, every=True))
    return None


# -- character classes (char_class_count) -----------------------------------------------

_CHAR_CLASSES = (
    (re.compile(r"digits?|numerals?"), "digit"),
    (re.compile(r"letters?"), "letter"),
    (re.compile(r"vowels?"), "vowel"),
    (re.compile(r"consonants?"), "consonant"),
    (re.compile(r"(?:upper ?case|capital) letters?"), "uppercase"),
    (re.compile(r"lower ?case letters?"), "lowercase"),
    (re.compile(r"special characters?|symbols?"), "special"),
)


class _Counted(Fields, Protocol):
    @property
    def words(self) -> tuple[str, ...]: ...


def char_classes(c: _Counted) -> Expectation | None:
    """The ``char_class_count`` checks that state a count of characters of a
    class over the whole answer, or None."""
    unit = " ".join(str(c.unit or "").lower().replace("_", " ").split())
    relation = c.relation.strip().lower()
    if relation not in NUMERIC or not is_response(scope_of(c.scope)):
        return None
    for pattern, cls in _CHAR_CLASSES:
        if not pattern.fullmatch(unit):
            continue
        listed = "".join(w for w in c.words if len(w) == 1 and not w.isalnum())
        if cls == "special" and listed and len(listed) == len(c.words):
            return all_of(*counts("char_class_count", relation, c.value, chars=listed))
        if c.words:
            return None  # letters named one by one are the letter count's
        return all_of(*counts("char_class_count", relation, c.value, char_class=cls))
    return None


# -- closed vocabulary (vocabulary) -----------------------------------------------------


def vocabulary(c: _Counted) -> Expectation | None:
    """The ``vocabulary`` check that states "every word of the answer is one
    of these", or None: the words must be single words, listed."""
    unit = " ".join(str(c.unit or "").lower().split())
    scope = " ".join(str(c.scope or "").lower().split())
    if c.relation.strip().lower() != "one_of" or unit != "word" or scope != "each word":
        return None
    words = [w.strip().lower() for w in c.words]
    if len(words) < 2 or not all(re.fullmatch(r"[^\W_]+(?:['’-][^\W_]+)*", w) for w in words):
        return None
    want = sorted(dict.fromkeys(w.replace("’", "'") for w in words))

    def test(spec: Spec) -> bool:
        got = spec.get("words")
        return isinstance(got, list) and sorted(got) == want

    return all_of(Matcher(frozenset({"vocabulary"}), test, f"vocabulary words={want}"))
