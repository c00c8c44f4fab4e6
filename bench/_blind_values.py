"""What ``_blind_map`` expects of value formats, proportions and properties
of counts, read from a constraint's structured fields (family label only as
a hint), or None where the fields state none of them (the general mapping
then decides).

- Properties of counts: a value naming a property of a number (``even``,
  ``odd``, ``prime``, ``palindrome``, ``multiple of N``, ``divisible by N``,
  a bound after it as in ``prime > 5``) with a relation that states no count
  (``other``, ``equals``, ``is``; a palindrome only where the label or
  note names a count or number) and a counted unit (words,
  sentences, lines, paragraphs, characters, items) is a ``count_property``
  of that unit: of the answer where the scope is the response, of each part
  where it names one ("each sentence"). A property of numbers written in the
  answer (a unit of numbers) is no count's, nor of letters in each word.
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, all_of, fields
from _blind_rows import Constraint

__all__ = ["values"]

_UNITS = {
    "word": "words",
    "sentence": "sentences",
    "line": "lines",
    "paragraph": "paragraphs",
    "character": "characters",
    "char": "characters",
    "item": "items",
    "bullet": "items",
    "list item": "items",
    "bullet point": "items",
}
_PARTS = {
    "sentence": "sentence",
    "line": "line",
    "paragraph": "paragraph",
    "stanza": "paragraph",
    "bullet": "bullet",
    "bullet point": "bullet",
    "item": "item",
    "list item": "item",
    "section": "section",
}
_PROPERTY = re.compile(
    r"(?:an?\s+)?(?P<prop>even|odd|prime|palindrome|palindromic)(?:\s+number)?|"
    r"(?:an?\s+)?(?:multiple\s+of|divisible\s+by)\s+(?P<of>\d+)"
)
_BOUND = re.compile(
    r"\s*(?:(?P<gt>>|greater\s+than|more\s+than|over)|(?P<lt><|less\s+than|under))\s*(?P<n>\d+)"
)
_COUNTED = re.compile(r"\b(?:count|number)\b")
_WHOLE = re.compile(r"(?:the\s+)?(?:response|answer|reply|output|whole\s+answer|text)?")
_EACH = re.compile(r"(?:each|every|per)\s+(?P<part>[a-z ]+?)s?")


def _norm(text: object) -> str:
    return " ".join(str(text or "").lower().replace("_", " ").split())


def _count_property(c: Constraint) -> Expectation | None:
    if c.relation.strip().lower() not in ("other", "equals", "is"):
        return None  # "all palindrome" of each word is the words', not a count's
    value = _norm(c.value)
    read = _PROPERTY.match(value)
    if read is None:
        return None
    rest = value[read.end() :]
    bound = _BOUND.fullmatch(rest) if rest else None
    if rest and bound is None:
        return None
    units = _UNITS.get(_norm(c.unit).rstrip("s"))
    if units is None:
        return None
    scope = _norm(c.scope)
    part = None
    if not _WHOLE.fullmatch(scope):
        each = _EACH.fullmatch(scope)
        part = _PARTS.get(each.group("part")) if each else None
        if part is None:
            return None
    prop = read.group("prop") or "multiple"
    if prop.startswith("palindrom") and not _COUNTED.search(_norm(f"{c.family} {c.note}")):
        return None  # a palindrome is the text's unless a count is named
    want: dict[str, object] = {
        "units": units,
        "part": part,
        "property": "palindrome" if prop == "palindromic" else prop,
    }
    if read.group("of"):
        want["of"] = int(read.group("of"))
    if bound is not None:
        n = int(bound.group("n"))
        want["at_least" if bound.group("gt") else "at_most"] = n + 1 if bound.group("gt") else n - 1
    return all_of(fields("count_property", **want))


def values(c: Constraint) -> Expectation | None:
    """The checks a value format, a proportion or a property of a count
    maps to, or None where ``c`` states none of them."""
    return _count_property(c)
