"""Relative length of parts: a given part is the longest or the shortest of
its kind, or longer or shorter than another given part.

"The middle paragraph must be the shortest", "make the final sentence the
longest one", "line 3 should be the longest line by character count",
"lines 1 and 5 are the shortest" (in a poem asked for), "the second
paragraph must be longer than the first", "the last stanza has to have
fewer words than the first".

Measured exactly on the parts :func:`._parts.parts_of` cuts (sentences
approximately, as ``sentence_count`` cuts them; paragraphs and stanzas at
blank lines; non-empty lines; list items). A part's length is its words
(tokens holding a letter or a digit) or its characters (its text without
surrounding whitespace). Where the wording names no unit, a line is
measured in characters (how far it reaches across the page) and every other
part in words: stated approximation.

Ties: "longest" holds when no other part is longer (a part tied with the
longest is among the longest, so a tie passes); with several parts named
("lines 1 and 5 are the shortest") each must be at most as long as every
part not named. "Longer than" and "shorter than" are strict: a tie fails.
A position the answer lacks (a third paragraph in two, the middle one of
four) fails, and so does an answer with fewer than two parts.

Compiles nothing where the request is hedged, questioned, an example, about
material to analyse ("identify which paragraph is the longest") or compares
a part with something other than another part ("shorter than 20 words",
"longer than the original").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._relations import (
    NOUN,
    ORDINAL,
    RelPart,
    at,
    closes,
    context_part,
    cut,
    elsewhere,
    part_noun,
    position,
    position_name,
    positions_of,
    required,
)
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence
from redraft.criteria._spec_parts import PART_NAMES

__all__ = ["RELATIVE_LENGTH", "RelativeLength"]

Rank = Literal["longest", "shortest", "longer", "shorter"]
Position = int


class RelativeLength(FamilySpec):
    """The parts at ``positions`` are the longest (``shortest``) of their
    kind, or longer (``shorter``) than the parts at ``than``; positions
    are 1 for the first, -1 for the last, 0 for the middle one."""

    kind: Literal["relative_length"] = "relative_length"
    part: RelPart
    positions: list[Position] = Field(min_length=1, max_length=3)
    rank: Rank
    than: list[Position] = Field(default_factory=list, max_length=3)
    unit: Literal["words", "characters", "sentences"] = "words"

    @model_validator(mode="after")
    def _compared(self) -> RelativeLength:
        for p in [*self.positions, *self.than]:
            if p < -1 or p > 50:
                raise ValueError("a position is 1 to 50, -1 for the last or 0 for the middle")
        if self.rank in ("longest", "shortest") and self.than:
            raise ValueError("'longest' and 'shortest' compare with every other part")
        if self.unit == "sentences" and self.part != "paragraph":
            raise ValueError("sentences are counted in paragraphs")
        if set(self.positions) & set(self.than):
            raise ValueError("a part is not compared with itself")
        return self

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.part, tuple(self.positions), self.rank, tuple(self.than))

    def _named(self, positions: list[int]) -> str:
        names = [position_name(p, self.part) for p in positions]
        return " and ".join(names)

    def describe(self) -> str:
        many = PART_NAMES[self.part][1]
        who = self._named(self.positions)
        if self.rank in ("longest", "shortest"):
            verb = "are" if len(self.positions) > 1 else "is"
            said = f"{who} {verb} the {self.rank} of the {many}"
        else:
            said = f"{who} {'are' if len(self.positions) > 1 else 'is'} {self.rank} than "
            said += (
                self._named(self.than) if self.than else f"every other {PART_NAMES[self.part][0]}"
            )
        return f"{said} (in {self.unit})"


def _size(part: str, unit: str) -> int:
    if unit == "sentences":
        return len(measure.sentences(part))
    return len(part.strip()) if unit == "characters" else len(measure.words(part))


def _problems(spec: RelativeLength, text: str) -> tuple[list[str], list[int]]:
    """What breaks ``spec`` in ``text``, said for the correction, and the
    parts' lengths; no problems where it holds."""
    parts = cut(text, spec.part)
    sizes = [_size(p, spec.unit) for p in parts]
    many = PART_NAMES[spec.part][1]
    if len(parts) < 2:
        return [f" has {len(parts)} {many}; the comparison needs at least two"], sizes
    named = [at(parts, p) for p in spec.positions]
    others = [at(parts, p) for p in spec.than]
    wanted = zip([*spec.positions, *spec.than], [*named, *others], strict=True)
    missing = [p for p, i in wanted if i is None]
    if missing:
        name = position_name(missing[0], spec.part)
        return [f" has {len(parts)} {many}, so no {name.removeprefix('the ')}"], sizes
    targets = [i for i in named if i is not None]
    if not spec.than:
        compared = [i for i in range(len(parts)) if i not in targets]
    else:
        compared = [i for i in others if i is not None]
    if not compared or set(compared) & set(targets):
        return [f" has no other {PART_NAMES[spec.part][0]} to compare with"], sizes
    off: list[str] = []
    for t in targets:
        for o in compared:
            a, b = sizes[t], sizes[o]
            bad = {
                "longest": b > a,
                "shortest": b < a,
                "longer": a <= b,
                "shorter": a >= b,
            }[spec.rank]
            if bad:
                off.append(
                    f"'s {_at_name(t, spec.part)} has {a} {spec.unit}, but "
                    f"{_at_name(o, spec.part)} has {b}"
                )
                break
    return off, sizes


def _at_name(index: int, part: str) -> str:
    return f"{PART_NAMES[part][0]} {index + 1}"


# -- reading the request ----------------------------------------------------------

_MODAL = (
    r"(?:(?:must|should|shall|will|has\s+to|have\s+to|needs?\s+to|ought\s+to|is\s+to)\s+be|"
    r"(?P<being>being)|(?P<plain>is|are))"
)
_UNIT_TAIL = compile_lazily(
    r"^\s*,?\s*\(?(?:(?:in|by)\s+(?P<u2>word|character)[\s-]+(?:count|length)|"
    r"(?:in|by)\s+(?:(?:the\s+)?number\s+of\s+)?(?P<u1>words?|characters?)|"
    r"(?P<u3>word|character)[\s-]+(?:count|length)\s*wise)\b"
)
_SUPERLATIVE = compile_lazily(
    rf"(?:(?P<make>\b(?:make|keep)\s+)?{position('a')})\s+(?(make)|{_MODAL}\s+)"
    r"(?:(?:clearly|noticeably|by\s+far|easily)\s+)?the\s+(?P<rank>longest|shortest)"
    rf"(?:\s+(?P<noun2>{NOUN}|ones?))?(?:\s+(?:of\s+(?:them|all|the\s+\w+)|overall))?\b"
)
_COMPARATIVE = compile_lazily(
    rf"(?:(?P<make>\b(?:make|keep)\s+)?{position('a')})\s+"
    rf"(?:(?(make)|{_MODAL}\s+)(?:(?:much|clearly|noticeably|slightly|a\s+bit|a\s+little)\s+)?"
    r"(?P<rank>longer|shorter)(?:\s+(?:in|by)\s+(?P<inunit>words|characters))?|"
    r"(?:(?:must|should|shall|will|has\s+to|have\s+to|needs?\s+to)\s+(?:have|contain)|has|have)\s+"
    r"(?P<many>more|fewer)\s+(?P<manyunit>words|characters|sentences))"
    rf"\s+than\s+(?:{position('b')}|(?P<every>(?:every|any|each|all(?:\s+(?:of\s+)?the)?)\s+"
    rf"other\s+(?P<noun3>{NOUN}|ones?)|the\s+(?:others|other\s+(?P<noun4>{NOUN})|rest"
    rf"(?:\s+of\s+the\s+(?P<noun5>{NOUN}))?)))\b"
    r"(?!\s+(?:of|in)\s+(?:the|this|that|my|your)\s+(?:original|source|text|input|draft|example))"
)


_WRITING = compile_lazily(
    r"\b(?:write|compose|draft|create|generate|produce|give\s+me|tell\s+me\s+a)\b", re.IGNORECASE
)


# "the longest paragraph should be the last one", "the shortest line must come first"
_INVERTED = compile_lazily(
    rf"\bthe\s+(?P<rank>longest|shortest)\s+(?P<anoun>{NOUN})\s+(?:{_MODAL}\s+the\s+"
    rf"(?:very\s+)?(?P<aord>{ORDINAL})(?:\s+(?:one|{NOUN}))?|"
    r"(?:(?:must|should|shall|will|has\s+to|needs?\s+to)\s+)?(?:come|appear|go)\s+"
    r"(?P<aord2x>first|last))\b"
)


def _unit(raw: str | None, part: RelPart) -> Literal["words", "characters", "sentences"]:
    if raw:
        if raw.startswith("sentence"):
            return "sentences"
        return "characters" if raw.startswith("char") else "words"
    return "characters" if part == "line" else "words"


def _earlier_part(sentence: Sentence) -> RelPart | None:
    """The one kind of part the prompt named before this sentence, where
    this sentence names none ("Two paragraphs. The first should be longer …")."""
    if not sentence.whole or _ANY_PART.search(sentence.lower):
        return None
    return context_part(sentence.whole[: sentence.start].lower())


# "… longer than the first by 5 words", "… the longest section": more than is read
_QUALIFIED = compile_lazily(
    rf"^\s+(?:by\b|(?!(?:{NOUN}|ones?|of|in|by|overall|and|but|among|when|while|so|because|as|"
    r"with|to|too|please|here|there|on|for|then)\b)[a-z])"
)
# "three paragraphs, the first one being the shortest", "with the last being …"
_ABSOLUTE = compile_lazily(r"(?:,|\bwith)\s*$")
_ANY_PART = compile_lazily(rf"\b{NOUN}\b")


def _spec(match: re.Match[str], sentence: Sentence) -> RelativeLength | None:
    text = sentence.lower
    named, noun = positions_of(match, "a")
    found = match.groupdict()
    than: list[int] = []
    if found.get("b" + "ord") or found.get("bnum"):
        than, noun_b = positions_of(match, "b")
        noun = noun or noun_b
    noun = noun or found.get("noun2") or found.get("noun3") or found.get("noun4")
    noun = noun or found.get("noun5") or found.get("anoun")
    if found.get("aord2x"):
        named = [1 if found["aord2x"] == "first" else -1]
    part = part_noun(noun) if noun and noun not in ("one", "ones") else None
    part = part or context_part(text[: match.start()]) or _earlier_part(sentence)
    if part is None or not named:
        return None
    tail = _UNIT_TAIL.match(text[match.end() :])
    raw = found.get("inunit") or found.get("manyunit")
    if tail:
        raw = raw or tail.group("u1") or tail.group("u2") or tail.group("u3")
    rank: Rank
    if found.get("many"):
        rank = "longer" if found["many"] == "more" else "shorter"
    else:
        rank = found["rank"]  # type: ignore[assignment]
    try:
        return RelativeLength(
            part=part, positions=named, rank=rank, than=than, unit=_unit(raw, part)
        )
    except ValueError:
        return None


# A second relation joined to the first with its verb left out: "the first
# paragraph must be the shortest and the last the longest", "line 1 should be
# the longest, line 5 the shortest". One clause, two relations: both compile,
# or (where the second is not read) neither.
_JOINED = compile_lazily(r"^\s*(?:,\s*)?(?:and|but|while|whereas|with)?\s*(?=\S)")
_GAPPED = compile_lazily(
    rf"{position('g')}\s+(?:(?:being|one)\s+)?the\s+(?P<grank>longest|shortest)"
    rf"(?:\s+(?:{NOUN}|ones?))?(?:\s+(?:of\s+(?:them|all|the\s+\w+)|overall))?\b"
)
_RELATION_WORD = compile_lazily(
    r"\b(?:long|longer|longest|short|shorter|shortest|length|lengthier|twice|half|double|more|"
    r"fewer|less)\b"
)
_CLAUSE_END = compile_lazily(r"[.;!?\n]")


def _gapped(after: str, first: RelativeLength) -> RelativeLength | bool | None:
    """The relation the rest of the clause joins to ``first`` with its verb
    left out: a spec where it is read, False where another relation is there
    but not read, None where the clause holds no other relation."""
    end = _CLAUSE_END.search(after)
    rest = after[: end.start() if end else len(after)]
    if not _RELATION_WORD.search(rest):
        return None
    joined = _JOINED.match(rest)
    start = joined.end() if joined else 0
    if any(p.match(rest, start) for p in (_SUPERLATIVE, _COMPARATIVE, _INVERTED)):
        return None  # "…, while the third should be longer than the second": read on its own
    found = _GAPPED.match(rest, start)
    if (
        found is None
        or (first.rank not in ("longest", "shortest"))
        or not closes(rest[found.end() :])
    ):
        return False
    named, noun = positions_of(found, "g")
    part = part_noun(noun) if noun else first.part
    if not named or part != first.part or set(named) & set(first.positions):
        return False
    try:
        return RelativeLength(
            part=part,
            positions=named,
            rank=found.group("grank"),  # type: ignore[arg-type]
            unit=first.unit,
        )
    except ValueError:
        return False


def relative_length(sentence: Sentence) -> Iterator[Hit]:
    """ "The middle paragraph must be the shortest", "the second longer than the first"."""
    text = sentence.lower
    for pattern in (_SUPERLATIVE, _COMPARATIVE, _INVERTED):
        for match in pattern.finditer(text):
            if not required(sentence, match.start(), plain=bool(match.groupdict().get("plain"))):
                continue
            if match.groupdict().get("being") and not _ABSOLUTE.search(text[: match.start()]):
                continue  # "the first one being the shortest bothers me": no request
            if match.groupdict().get("make") and not _WRITING.search(
                sentence.whole or sentence.lower
            ):
                continue  # "Make the second paragraph longer …" alone edits a text given
            after = text[match.end() :]
            if elsewhere(after) or (_QUALIFIED.match(after) and not _UNIT_TAIL.match(after)):
                continue  # "the longest line in the table", "longer by 5 words"
            if pattern is _COMPARATIVE and not closes(after):
                continue  # "… longer than the first one's ending": another thing compared
            spec = _spec(match, sentence)
            if spec is None:
                continue
            tail = _UNIT_TAIL.match(after)
            end = match.end() + (tail.end() if tail else 0)
            second = _gapped(text[end:], spec)
            if second is False:
                continue  # "… the shortest and the last twice as long": the clause not read whole
            yield Hit(spec, match.start(), end)
            if isinstance(second, RelativeLength):
                yield Hit(second, end, end + len(_CLAUSE_END.split(text[end:], 1)[0]))


class _RelativeLength(Family):
    name = "relative length of parts"
    specs = (RelativeLength,)
    rules: ClassVar[tuple[Rule, ...]] = (relative_length,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, RelativeLength)
        off, sizes = _problems(spec, text)
        data: dict[str, Any] = {"lengths": sizes[:20], "off": len(off)}
        if not off:
            return Outcome(True, f"{spec.describe()}, as required", data=data)
        return Outcome(
            False,
            f"the answer{off[0]}; required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, RelativeLength)
        off, _ = _problems(spec, text)
        said = f"Your answer{off[0]}. " if off else ""
        return f"{said}Rewrite it so that {spec.describe()}."


RELATIVE_LENGTH = _RelativeLength()
