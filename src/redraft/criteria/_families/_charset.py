"""Character classes: how many characters of a class the answer has — "at
least 2 digits", "at least one of !@#$%", "at least one special
character", "no more than 10 letters", "exactly 3 uppercase letters".

Measured exactly over every character of the answer under stated classes:

- ``digit``: the ASCII digits 0 to 9 (a digit, not a number: "2024" has 4);
- ``letter``: any alphabetic character, of any script;
- ``uppercase`` / ``lowercase``: a letter of that case;
- ``vowel``: a, e, i, o, u in either case (y is a consonant, accents aside);
- ``consonant``: the other 21 letters of the English alphabet;
- ``special``: any character that is neither a letter, a digit nor whitespace;
- ``listed``: the characters in ``chars`` ("one of !@#$%").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._text import noun
from redraft.criteria._families._base import Family, FamilyCount, hit
from redraft.criteria._families._count_report import tally_outcome
from redraft.criteria._families._lexical import asks_about, required
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, sentence_blocked
from redraft.criteria._spec_base import Relation, relation_words

__all__ = ["CHAR_CLASS_COUNT", "CharClassCount", "class_chars"]

CharClass = Literal[
    "digit", "letter", "uppercase", "lowercase", "vowel", "consonant", "special", "listed"
]

_VOWELS = frozenset("aeiouAEIOU")
_NAMES: dict[str, str] = {
    "digit": "digit",
    "letter": "letter",
    "uppercase": "uppercase letter",
    "lowercase": "lowercase letter",
    "vowel": "vowel",
    "consonant": "consonant",
    "special": "special character",
}
_SHOWN = 5


class CharClassCount(FamilyCount):
    """``relation value`` characters of ``char_class`` in the answer."""

    kind: Literal["char_class_count"] = "char_class_count"
    char_class: CharClass
    chars: str = Field(default="", max_length=30)

    @model_validator(mode="after")
    def _listed(self) -> CharClassCount:
        if (self.char_class == "listed") != bool(self.chars):
            raise ValueError("chars names the characters of the 'listed' class, and only them")
        return self

    def class_name(self, count: int = 2) -> str:
        if self.char_class == "listed":
            return noun(count, "character") + " from " + " ".join(self.chars)
        return noun(count, _NAMES[self.char_class])

    def describe(self) -> str:
        return f"{relation_words(self.relation)} {self.value} {self.class_name(self.value)}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.char_class, "".join(sorted(set(self.chars))), self.relation)


def _in_class(spec: CharClassCount, ch: str) -> bool:
    kind = spec.char_class
    if kind == "digit":
        return ch in "0123456789"
    if kind == "letter":
        return ch.isalpha()
    if kind == "uppercase":
        return ch.isalpha() and ch.isupper()
    if kind == "lowercase":
        return ch.isalpha() and ch.islower()
    if kind == "vowel":
        return ch in _VOWELS
    if kind == "consonant":
        return ch.isascii() and ch.isalpha() and ch not in _VOWELS
    if kind == "special":
        return not (ch.isalnum() or ch.isspace())
    return ch in spec.chars


def class_chars(spec: CharClassCount, text: str) -> list[str]:
    """The characters of ``text`` in ``spec``'s class, in order."""
    return [ch for ch in text if _in_class(spec, ch)]


# -- phrasings --------------------------------------------------------------------------

_CLASS = (
    r"(?P<cls>digits?|numerals?|vowels?|consonants?|(?:upper[\s-]?case|capital|lower[\s-]?case)\s+"
    r"letters?|letters?|special\s+characters?|symbols?)"
)
_LIST = r"(?P<list>['\"‘“]?(?:[!@#$%^&*?+=~_/\\|<>\ue000-][\s,]*(?:or\s+|and\s+)?){2,12}['\"’”]?)"
_VERB = (
    r"(?:contains?|containing|includes?|including|use|uses|using|has|have|having|with|"
    r"be\s+(?:no\s+longer\s+than|at\s+most|under|within))"
)
_PATTERNS = (
    # "contains at least 2 digits", "use exactly 3 capitals", "with no more than 10 letters"
    compile_lazily(
        rf"\b{_VERB}\s+(?P<rel>{RELATION})\s+(?P<n>{NUMBER})\s+{_CLASS}"
        rf"(?:\s+(?:from|of|among|such\s+as|like)\s*:?\s*(?:these\s*:?\s*)?{_LIST})?"
    ),
    # "at least one of !@#$%", "at least one character from !@#$%"
    compile_lazily(
        rf"\b{_VERB}?\s*(?P<rel2>{RELATION})\s+(?P<n2>{NUMBER})\s+(?:(?:special\s+)?characters?\s+)?"
        rf"(?:of|from|among)\s*:?\s*(?:these\s*:?\s*)?{_LIST}"
    ),
    # "be no longer than 10 letters"
    compile_lazily(rf"\bbe\s+no\s+longer\s+than\s+(?P<cap>{NUMBER})\s+(?P<capcls>letters)\b"),
)
_CLASSES: tuple[tuple[str, CharClass], ...] = (
    ("digit", "digit"),
    ("numeral", "digit"),
    ("vowel", "vowel"),
    ("consonant", "consonant"),
    ("upper", "uppercase"),
    ("capital", "uppercase"),
    ("lower", "lowercase"),
    ("letter", "letter"),
    ("special", "special"),
    ("symbol", "special"),
)
# "each line must contain 2 digits": a count within parts, not the answer's
_PART = compile_lazily(r"\b(?:each|every|per|any)\s+(?!answer|response|reply)\w+")
# "no more than 10 letters per word": the part comes after the count
_AFTER = compile_lazily(
    r"^\s*(?:in|of|for|per)\s+(?:the|each|every|a|one|your)?\s*(?!answer|response|reply)\w"
)

# "… 5 letters each", "animals with exactly 5 letters": a count of each thing listed
_EACH_AFTER = compile_lazily(r"\s*(?:each|apiece|per\s+\w+)\b")
_OF_THINGS = compile_lazily(
    r"\b(?!(?:is|was|has|does|yes|this|its|us|plus|less|always|unless)\b)[a-z]{3,}s\s+"
    r"(?:with|having|containing|using)\b"
)


def _of_things(text: str, start: int) -> bool:
    """Whether the count at ``start`` (its phrase may open with "with") says
    what each of several things holds."""
    return any(
        start <= m.end() <= start + 12 for m in _OF_THINGS.finditer(text, max(0, start - 40))
    )


# a place named before the count: "end with exactly two digits", "starting
# with 2 capital letters" say what opens or closes, and the rest may hold more
_PLACED = compile_lazily(
    r"\b(?:start|starts|starting|begin|begins|beginning|end|ends|ending|finish|finishes|"
    r"close|closes|open|opens)\s+(?:(?:your|the|it|each|every)\s+(?:[\w-]+\s+)?)?(?:with\s+)?$"
)
_MAIL = compile_lazily(r"^\s*(?:of|to|from|for|addressed|written|in\s+(?:total\s+)?to)\b")


# "Invent a slogan that has at least one symbol": the count describes the thing asked for
_NAMED = compile_lazily(
    r"^\s*(?:please\s+)?(?:(?:can|could)\s+you\s+)?(?:make\s+up|invent|create|suggest|generate|"
    r"write|give\s+me|come\s+up\s+with|draft|compose|pick|choose)\s+(?:me\s+)?(?:a|an|one)\s+"
    r"(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:that\s+|which\s+)?$"
)
# "Explain why PINs with at least 6 digits are safer": a count describing the topic
_TOPIC = compile_lazily(r"\b(?:explain|why|how|what|describe|discuss|compare|tell\s+me\s+about)\b")


# "The password must be 16 characters and include a digit": a count of one thing
# the answer holds (which may come with prose), not of the whole answer
_SUBJECT = compile_lazily(
    r"\b(?:the|your|my|this|that|its)\s+(?!answer|response|reply|output|text|message)[\w-]+\s+"
    r"(?:must|should|has\s+to|have\s+to|needs?\s+to|will|is\s+to|shall)\b"
)


def _asked(sentence: Sentence, start: int) -> bool:
    prefix = sentence.lower[:start]
    if _TOPIC.search(prefix) or _SUBJECT.search(prefix) or asks_about(sentence, start):
        return False
    if required(sentence, start):
        return True
    return _NAMED.match(prefix) is not None and not sentence_blocked(sentence, start)


def _class_of(word: str) -> CharClass | None:
    for prefix, found in _CLASSES:
        if word.startswith(prefix):
            return found
    return None


def _read(match: re.Match[str], original: str) -> tuple[Relation, int, CharClass, str] | None:
    got = {k: v for k, v in match.groupdict().items() if v}
    listed = ""
    if "list" in got:
        raw = original[slice(*match.span("list"))]
        # a quoted list is masked in the rule's text: its marks come from the prompt
        kept = (ch for ch in raw if not (ch.isspace() or ch.isalnum() or ch in ",'\"‘’“”"))
        listed = "".join(dict.fromkeys(kept))
    if "cap" in got:
        value = number_value(got["cap"])
        return None if value is None else ("at_most", value, "letter", "")
    number, rel = got.get("n") or got.get("n2"), got.get("rel") or got.get("rel2")
    value = number_value(number) if number else None
    if value is None or rel is None:
        return None
    relation, adjust = relation_of(rel)
    if listed:
        if "cls" in got and _class_of(got["cls"]) != "special":
            return None  # "3 letters from a, b, c" names letters, not a set of marks
        return relation, value + adjust, "listed", listed
    found = _class_of(got["cls"]) if "cls" in got else None
    return None if found is None else (relation, value + adjust, found, "")


def char_classes(sentence: Sentence) -> Iterator[Hit]:
    """ "At least 2 digits", "at least one of !@#$%", "exactly 3 capital letters"."""
    text = sentence.lower
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            start = match.start()
            if _PART.search(text[:start]) or _AFTER.match(text[match.end() :]):
                continue
            if _EACH_AFTER.match(text, match.end()) or _of_things(text, start):
                continue  # "list 4 animals with exactly 5 letters (each)": each animal's
            if _PLACED.search(text, 0, start):
                continue  # "must end with exactly two digits": where they stand, not how many
            read = _read(match, sentence.original)
            if read is None or not _asked(sentence, start):
                continue
            if read[2] == "letter" and _MAIL.match(text[match.end() :]):
                continue  # "at least 3 letters to your MP" are letters one posts
            relation, value, cls, chars = read
            yield from hit(partial(_build, cls, chars), relation, value, match.span())


def _build(cls: CharClass, chars: str, relation: Relation, value: int) -> CharClassCount:
    return CharClassCount(relation=relation, value=value, char_class=cls, chars=chars)


class _CharClassCount(Family):
    name = "char_class_count"
    specs = (CharClassCount,)
    rules: ClassVar[tuple[Rule, ...]] = (char_classes,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, CharClassCount)
        found = class_chars(spec, text)
        n = len(found)
        has = f"the answer has {n} {spec.class_name(n)}"
        return tally_outcome(spec, n, has, lambda: self.correction(spec, text))

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, CharClassCount)
        n = len(class_chars(spec, text))
        want = spec.describe()
        if n < spec.value:
            gap = spec.value - n
            return f"Your answer has {n} {spec.class_name(n)}; it needs {want}. Add {gap} more."
        shown = ""
        if spec.char_class in ("digit", "special", "listed"):
            seen = list(dict.fromkeys(class_chars(spec, text)))[:_SHOWN]
            shown = " (" + " ".join(seen) + ")"
        gap = n - spec.value
        return (
            f"Your answer has {n} {spec.class_name(n)}{shown}; it needs {want}. "
            f"Remove or replace {gap} of them."
        )


CHAR_CLASS_COUNT = _CharClassCount()
