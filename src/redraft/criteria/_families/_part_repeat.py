"""Repeated parts: one part of the answer is the same as another.

"The last line must repeat the first", "end with the same sentence you
began with", "repeat the opening line as the final line", "the first and
last lines should be identical", "the two choruses must be identical", "the
refrain must be the same each time".

Measured exactly on the parts :func:`._parts.parts_of` cuts (sentences
approximately, as ``sentence_count`` cuts them; non-empty lines;
paragraphs and stanzas at blank lines; list items), or, for a chorus or
refrain, on every block under a label line that names one (``[Chorus]``,
``Chorus:``, ``**Refrain**``, ``## Chorus 2``): the lines after the label
up to a blank line or the next label. At least two of them, all the same.

What is normalised: surrounding whitespace, runs of whitespace inside,
list and quote markers, heading marks and the emphasis, quotes and brackets
around the whole part; unless ``exact`` (the wording says "exactly",
"word for word", "verbatim"), also case and the punctuation that opens or
closes the part ("The sea is wide," repeats as "the sea is wide."). No
repair: which of the two parts to keep needs judgement.

Compiles nothing where the request is hedged, questioned, an example ("like
the last line repeats the first in this example") or about given material.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._relations import (
    at,
    closes,
    context_part,
    cut,
    elsewhere,
    part_noun,
    position,
    position_name,
    position_order,
    positions_of,
    required,
)
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence
from redraft.criteria._spec_parts import PART_NAMES

__all__ = ["PART_REPEAT", "PartRepeat", "same_text"]

RepeatPart = Literal["sentence", "line", "paragraph", "item", "chorus"]


class PartRepeat(FamilySpec):
    """The parts at ``positions`` (1 first, -1 last, 0 middle) are the same
    text; for a ``chorus``, every labelled chorus or refrain block is."""

    kind: Literal["part_repeat"] = "part_repeat"
    part: RepeatPart
    positions: list[int] = Field(default_factory=list, max_length=4)
    #: case and outer punctuation count too ("exactly", "word for word")
    exact: bool = False

    @model_validator(mode="after")
    def _two_parts(self) -> PartRepeat:
        if self.part == "chorus":
            if self.positions:
                raise ValueError("a chorus is compared with every other chorus, not by position")
        elif len(set(self.positions)) < 2 or any(p < -1 or p > 50 for p in self.positions):
            raise ValueError("name two positions or more: 1 to 50, -1 last, 0 middle")
        return self

    @field_validator("positions")
    @classmethod
    def _in_reading_order(cls, positions: list[int]) -> list[int]:
        return sorted(set(positions), key=position_order)

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part, tuple(self.positions))

    def describe(self) -> str:
        how = "exactly the same" if self.exact else "the same"
        if self.part == "chorus":
            return f"every chorus {how}"
        named = " and ".join(position_name(p, self.part) for p in self.positions)
        return f"{named} {how}"


_OUTER_MARKS = compile_lazily(r"^(?:\s*(?:[*\-+•>]|\d{1,3}[.)]|#{1,6})\s+)+")
_WRAP = "*_`\"'“”‘’«»()[]"
_EDGE_PUNCT = ".,;:!?…—–-"


def same_text(part: str, *, exact: bool) -> str:
    """How a part is compared (see the module's docstring)."""
    text = " ".join(_OUTER_MARKS.sub("", part.strip()).split())
    for _ in range(3):
        text = text.strip(_WRAP + (_EDGE_PUNCT if not exact else "") + " ")
    return text if exact else text.casefold()


_LABEL = compile_lazily(
    r"^\s*(?:#{1,6}\s*)?[\[(*_]*\s*(?:chorus|refrain)(?:\s*\d{1,2}|\s+\(?x?\d\)?)?\s*[\])*_]*"
    r"\s*:?\s*$",
    re.IGNORECASE,
)
_ANY_LABEL = compile_lazily(
    r"^\s*(?:#{1,6}\s*)?(?:\[[^\]\n]{1,30}\]|\(?[A-Z][\w -]{0,20}\d{0,2}\)?:|\*\*[^*\n]{1,30}\*\*)"
    r"\s*$"
)


def chorus_blocks(text: str) -> list[str]:
    """The text of each block under a chorus or refrain label."""
    blocks: list[str] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if _LABEL.match(line):
            if current is not None:
                blocks.append("\n".join(current))
            current = []
        elif current is not None:
            if (not line.strip() and current) or _ANY_LABEL.match(line):
                blocks.append("\n".join(current))
                current = None
            elif line.strip():
                current.append(line)
    if current is not None:
        blocks.append("\n".join(current))
    return blocks


def _compared(spec: PartRepeat, text: str) -> tuple[list[tuple[str, str]], str]:
    """(name, part) of each part compared, or why there are not enough."""
    if spec.part == "chorus":
        blocks = chorus_blocks(text)
        if len(blocks) < 2:
            return [], f"has {len(blocks)} labelled chorus(es); the comparison needs two"
        return [(f"chorus {i}", b) for i, b in enumerate(blocks, start=1)], ""
    parts = cut(text, spec.part)
    found: list[tuple[str, str]] = []
    for p in spec.positions:
        i = at(parts, p)
        if i is None:
            many = PART_NAMES[spec.part][1]
            return [], f"has {len(parts)} {many}, so no {position_name(p, spec.part)[4:]}"
        found.append((f"{PART_NAMES[spec.part][0]} {i + 1}", parts[i]))
    if len({name for name, _ in found}) < 2:
        return [], f"has {len(parts)} {PART_NAMES[spec.part][1]}: not two to compare"
    return found, ""


def _differing(spec: PartRepeat, text: str) -> tuple[list[tuple[str, str]], str]:
    found, why = _compared(spec, text)
    if why:
        return [], why
    first = same_text(found[0][1], exact=spec.exact)
    off = [(name, part) for name, part in found[1:] if same_text(part, exact=spec.exact) != first]
    return off, ""


# -- reading the request ----------------------------------------------------------

_EXACT = r"(?P<exact@>exactly|precisely|word\s+for\s+word|verbatim|identically)"
_SAME = (
    rf"(?:(?:{_EXACT}\s+)?(?:the\s+same\s+as|identical\s+to|a\s+(?:repeat|repetition|copy)\s+of)|"
    rf"repeats?(?:\s+{_EXACT})?)"
)


def _numbered(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled, each "exactly" group named apart."""
    count = iter(range(100))
    return compile_lazily(re.sub("@", lambda _: str(next(count)), pattern))


_MODAL = (
    r"(?:(?:must|should|shall|will|has\s+to|have\s+to|needs?\s+to|is\s+to)\s+(?:be\s+)?|"
    r"(?P<plain>is\s+|are\s+))?"
)
# "the last line must be exactly the same as the first (line)"
_SAME_AS = _numbered(
    rf"{position('a')}\s+{_MODAL}{_SAME}(?:\s+{_EXACT})?\s+{position('b')}"
    rf"(?:\s+{_EXACT})?(?!\s+(?:of|in)\s+(?:the|this|that|my)\s+(?:original|example|text|poem\s+below))"
)
# "repeat the first line as the last line", "repeat the opening sentence at the end"
_REPEAT_AS = _numbered(
    rf"\brepeat\s+{position('a')}(?:\s+{_EXACT})?\s+(?:as|at|in)\s+"
    rf"(?:{position('b')}|the\s+(?P<end>end|close|very\s+end))\b(?:\s+{_EXACT})?"
)
# "end with the same sentence you began with", "begin and end with the same line"
_SAME_ENDS = _numbered(
    rf"\b(?:(?:end|finish|close|conclude)\s+(?:(?:the|your)\s+\w+\s+|it\s+)?with\s+the\s+"
    rf"(?:{_EXACT}\s+)?same\s+(?P<noun>sentence|line|paragraph|verse|stanza)\s+(?:that\s+)?"
    r"(?:you|it|the\s+\w+)\s+(?:began|begins|started|starts|opened|opens)\s+(?:it\s+)?with|"
    r"(?:begin|start|open)\s+and\s+(?:end|finish|close|conclude)\s+(?:(?:the|your)\s+\w+\s+|it\s+)?"
    r"with\s+"
    rf"the\s+(?:{_EXACT}\s+)?same\s+(?P<noun2>sentence|line|paragraph|verse|stanza))\b"
)
# "the first and last lines should be identical"
_BOTH = _numbered(
    rf"{position('a')}\s+(?:(?:must|should|shall|will|have\s+to|need\s+to)\s+be\s+|(?P<plain>are\s+))"
    rf"(?:{_EXACT}\s+)?(?:identical|the\s+same)(?:\s+{_EXACT})?\b(?!\s+(?:as|to|in|length|size))"
)
# "the two choruses must be identical", "the chorus must be the same each time"
_CHORUS = _numbered(
    r"\b(?:the\s+(?:two|three|both|all)\s+|(?:both|all|every|each)\s+(?:the\s+)?|the\s+)"
    r"(?:choruses|chorus|refrains?)\s+(?:(?:must|should|shall|will|have\s+to|has\s+to|needs?\s+to)"
    rf"\s+(?:be\s+)?|(?P<plain>are\s+))(?:{_EXACT}\s+)?(?:identical|the\s+same|repeated\s+{_EXACT})"
    rf"(?:\s+(?:each|every)\s+time|\s+throughout)?(?:\s+{_EXACT})?\b(?!\s+(?:as|to|in)\b)"
)


def _spec(match: re.Match[str], text: str) -> PartRepeat | None:
    found = match.groupdict()
    exact = any(v for k, v in found.items() if k.startswith("exact") and v)
    if found.get("noun") or found.get("noun2"):
        part = part_noun(found.get("noun") or found.get("noun2"))
        return None if part is None else PartRepeat(part=part, positions=[1, -1], exact=exact)
    named, noun = positions_of(match, "a")
    others: list[int] = []
    if found.get("bord") or found.get("bnum"):
        others, noun_b = positions_of(match, "b")
        noun = noun or noun_b
    elif found.get("end"):
        others = [-1]
    part = part_noun(noun) or context_part(text[: match.start()])
    try:
        positions = named + others
        return None if part is None else PartRepeat(part=part, positions=positions, exact=exact)
    except ValueError:
        return None


def part_repeat(sentence: Sentence) -> Iterator[Hit]:
    """ "The last line repeats the first", "the two choruses must be identical"."""
    text = sentence.lower
    for pattern in (_SAME_AS, _REPEAT_AS, _SAME_ENDS, _BOTH, _CHORUS):
        for match in pattern.finditer(text):
            plain = bool(match.groupdict().get("plain"))
            if not required(sentence, match.start(), plain=plain):
                continue
            if pattern is _CHORUS:
                exact = any(v for k, v in match.groupdict().items() if k.startswith("exact") and v)
                spec: PartRepeat | None = PartRepeat(part="chorus", exact=exact)
            else:
                spec = _spec(match, text)
            after = text[match.end() :]
            if spec is not None and not elsewhere(after) and closes(after):
                yield Hit(spec, match.start(), match.end())


class _PartRepeat(Family):
    name = "repeated parts"
    specs = (PartRepeat,)
    rules: ClassVar[tuple[Rule, ...]] = (part_repeat,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, PartRepeat)
        off, why = _differing(spec, text)
        data: dict[str, Any] = {"off": len(off)}
        if not off and not why:
            return Outcome(True, f"{spec.describe()}, as required", data=data)
        said = why or f"has {off[0][0]} unlike the first compared"
        return Outcome(
            False,
            f"the answer {said}; required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, PartRepeat)
        off, why = _differing(spec, text)
        if why:
            return f"Your answer {why}. Make {spec.describe()}."
        found, _ = _compared(spec, text)
        name, part = off[0] if off else found[-1]
        return (
            f"Your {name} ({part.strip()[:60]!r}) is not the same as your {found[0][0]} "
            f"({found[0][1].strip()[:60]!r}). Make {spec.describe()}."
        )


PART_REPEAT = _PartRepeat()
