"""Separated versions: the answer is several responses, versions or pieces
with a stated separator between them.

"Give exactly two different responses separated by ******", "write 3
versions of the slogan, separated by ---", "Separate your two limericks with
six asterisks (******)". Measured exactly: the answer is split at each
occurrence of the separator (a separator made of one repeated mark, such as
``******``, is only a run of exactly that many marks: ``*******`` is not
it); empty pieces before the first and after the last separator are ignored,
an empty piece between two separators is an error, and the pieces must
number as stated and all differ (compared with surrounding whitespace
stripped: two identical pieces are one piece repeated). No repair: writing
another version needs judgement.

Read from a sentence that asks for the pieces to be separated ("separated
by", "separate … with/using/by", "divided by", "split … by") and names the
separator as a literal run of three or more marks (``***``, ``---``,
``===``, ``~~~``, ``###``, ``___``, ``+++``), or by count and mark ("6
asterisk symbols", "three dashes"), or shows it on a line of its own right
after the sentence ("Separate the two poems like below: Poem 1 / ****** /
Poem 2"). The pieces must be named by a plural noun (responses, versions,
answers, jokes, poems …) or "them"; their number comes from that sentence
or, failing that, from one count stated for the same noun elsewhere in the
prompt ("Give exactly two different responses. Separate the responses with
******."). Where no number is stated, the answer needs at least two pieces.
Paragraphs and stanzas separated by a divider are the paragraph count's,
not this family's; hedged, negated, quoted and questioned requests compile
nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._layout_asked import layout_asked
from redraft.criteria._families._things_asked import things_asked
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, lowered, response_context, searched

__all__ = ["SEPARATED_VERSIONS", "SeparatedVersions", "separated_pieces"]

_MARKS = "*-=~#_+"


class SeparatedVersions(FamilySpec):
    """The answer is ``versions`` non-empty, different pieces (or at least
    that many, with ``at_least``) with ``separator`` between them."""

    kind: Literal["separated_versions"] = "separated_versions"
    versions: int = Field(default=2, ge=2, le=20)
    at_least: bool = False
    separator: str = Field(min_length=1, max_length=20)

    @field_validator("separator")
    @classmethod
    def _visible(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("the separator needs at least one visible character")
        return value

    def holds(self, n: int) -> bool:
        return n >= self.versions if self.at_least else n == self.versions

    def wanted(self) -> str:
        return f"{'at least' if self.at_least else 'exactly'} {self.versions}"

    def describe(self) -> str:
        return f"{self.wanted()} different versions, separated by {self.separator!r}"


def _splitter(separator: str) -> re.Pattern[str]:
    mark = separator[0]
    if set(separator) == {mark} and not mark.isalnum():
        # "******" is not found inside "*******", nor as half of "************".
        return compile_lazily(rf"(?<!{re.escape(mark)}){re.escape(separator)}(?!{re.escape(mark)})")
    return compile_lazily(re.escape(separator))


def separated_pieces(separator: str, text: str) -> tuple[list[str], int]:
    """The pieces of ``text`` between separators (stripped; empty ones at
    either end dropped) and how many empty pieces lie between two separators."""
    pieces = [piece.strip() for piece in _splitter(separator).split(text)]
    while pieces and not pieces[0]:
        pieces.pop(0)
    while pieces and not pieces[-1]:
        pieces.pop()
    empty = sum(1 for piece in pieces if not piece)
    return [piece for piece in pieces if piece], empty


def _repeated(pieces: list[str]) -> list[str]:
    seen: set[str] = set()
    repeated: list[str] = []
    for piece in pieces:
        if piece in seen and piece not in repeated:
            repeated.append(piece)
        seen.add(piece)
    return repeated


# -- reading the request ----------------------------------------------------------

_NUMBERS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "a couple of": 2, "a pair of": 2, "both": 2,
}  # fmt: skip
_NUMBER = r"(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of|a\s+pair\s+of)"
_PIECES = (
    r"(?:responses?|answers?|replies|versions?|variants|variations|drafts|alternatives|options|"
    r"takes|jokes|poems|limericks|haikus?|stories|critiques|reviews|summaries|descriptions|"
    r"letters|emails|tweets|posts|slogans|taglines|titles|names|songs|raps|scenes|essays|pitches|"
    r"itineraries|tables|lists|explanations|arguments|perspectives|parts|pieces|"
    r"outlines|speeches|ads|advertisements|messages|dialogues|riddles|rubrics|plans|"
    # pieces of writing named by their use: "two alternative hooks", "3 macros",
    # "two different opening lines" (a line of its own is no piece: "lines" alone is not)
    r"hooks|headlines|captions|bios|blurbs|intros|macros|templates|sonnets|"
    r"(?:opening|closing|first)\s+lines)"
)
_SEPARATE = compile_lazily(
    r"\b(?:separat(?:e|ed|ing)|divid(?:e|ed|ing)|split(?:ting)?)\b"
    r"(?P<object>(?:\s+(?!by\b|with\b|using\b)[\w'’-]+){0,6}?)"
    r"(?:\s+(?:by|with|using)\b|(?=\s+(?:like|as)\s+(?:below|follows|shown)))"
)
_BEFORE = compile_lazily(
    rf"\b(?P<count>{_NUMBER}\s+)?(?:(?:exactly|different|distinct|separate|alternative|"
    rf"unique|(?!{_NUMBER}\b)[\w-]+)\s+){{0,2}}(?P<noun>{_PIECES})"
    rf"(?:\s+(?:of|for|about|on|to)(?:\s+(?:[\w'’-]+|[\"“'‘][^\"”'’]*[\"”'’])){{1,4}})?"
    r"\s*,?\s*(?:should\s+be\s+|must\s+be\s+|"
    r"(?:and\s+)?only\s+responses\s+should\s+be\s+)?$"
)
_OBJECT = compile_lazily(
    rf"^\s*(?:(?:the|your|these|those|all|both|my)\s+)*(?P<count>{_NUMBER}\s+)?"
    rf"(?:(?:different|distinct|separate|alternative|[\w-]+)\s+)?(?P<noun>{_PIECES}|them)\s*$"
    # "the essay and the poem": two pieces named one by one
    r"|^\s*(?:the|your)\s+(?P<first>[\w-]+)\s+and\s+(?:the|your)\s+(?P<second>[\w-]+)\s*$"
)
_IMPERATIVE = compile_lazily(r"^\s*(?:please\s+)?(?:break|split|divide|organi[sz]e|arrange)\b")
_LITERAL = compile_lazily(r"(?P<run>([*=~#_+-])\2{2,19})(?![*=~#_+-])")
_NAMED = compile_lazily(
    r"\b(?P<n>\d{1,2}|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?P<mark>asterisks?|stars?|dashes|hyphens|equals?\s+signs|tildes|hash(?:es|tags?)?|"
    r"pound\s+signs|underscores|plus\s+signs)\b"
)
_MARK_OF = {
    "asterisk": "*", "star": "*", "dash": "-", "hyphen": "-", "equal": "=", "tilde": "~",
    "hash": "#", "pound": "#", "underscore": "_", "plus": "+",
}  # fmt: skip
_SPACED_RUN = compile_lazily(r"([*=~#_+-])(?:[ \t]\1){2,}")
_SHOWN_BELOW = compile_lazily(r"(?:\b(?:like|as)\s+(?:below|follows|this)|:)\s*$")
_LINE_RUN = compile_lazily(r"^[ \t]*(?P<run>([*=~#_+-])\2{2,19})[ \t]*$", re.MULTILINE)
_OWN_UNIT = compile_lazily(r"\b(?:paragraphs?|stanzas?|sections?)\b")
# "at least 5 responses": a bound, not the count the pieces are read with
_AT_LEAST = compile_lazily(
    r"\b(?:at\s+least|a\s+minimum\s+of|no\s+fewer\s+than|not\s+less\s+than)\s*$"
)
_BOUND = compile_lazily(
    r"\b(?:at\s+(?:least|most)|(?:no|not)\s+(?:more|less|fewer)\s+than|more\s+than|"
    r"fewer\s+than|less\s+than|up\s+to|a\s+(?:minimum|maximum)\s+of|over|under)\s*$"
)


def _number(word: str) -> int:
    word = " ".join(word.lower().split())
    return int(word) if word.isdigit() else _NUMBERS[word]


def _separator(sentence: Sentence, after: int) -> str | None:
    """The separator the sentence names after ``after``: a literal run, or a
    count and mark, or a run on a line of its own shown just after it."""
    original = sentence.original[after:]
    if _SPACED_RUN.search(original):
        return None  # "three asterisks (* * *)": spaced marks no run of them matches
    runs = {m.group("run") for m in _LITERAL.finditer(original)}
    named = {
        _MARK_OF[next(k for k in _MARK_OF if m.group("mark").lower().startswith(k))]
        * _number(m.group("n"))
        for m in _NAMED.finditer(original.lower())
    }
    if len(runs) == 1:
        (run,) = runs
        # "6 asterisk symbols: *******": the run shown is the separator meant
        return run
    if runs:
        return None
    if len(named) == 1:
        return next(iter(named))
    if named or not _SHOWN_BELOW.search(sentence.original.rstrip()):
        return None
    end = sentence.start + len(sentence.original)
    shown = {m.group("run") for m in _LINE_RUN.finditer(sentence.full[end : end + 300])}
    return next(iter(shown)) if len(shown) == 1 else None


def _stated_count(whole: str, noun: str) -> int | None:
    """The one number stated for ``noun`` (or any piece noun, for "them") in
    the whole prompt; None when none or several differ."""
    nouns = _PIECES if noun == "them" else re.escape(noun)
    pattern = compile_lazily(
        # "3 TL;DR versions": a word of the description may hold a mark
        rf"\b(?P<count>{_NUMBER})\s+(?:(?:different|distinct|separate|alternative|unique|"
        rf"[\w;'’-]+)\s+){{0,2}}(?:{nouns})\b"
    )
    lower = whole.lower()
    counts = {
        _number(m.group("count"))
        for m in pattern.finditer(lower)
        if not _BOUND.search(lower[: m.start()])
    }
    return counts.pop() if len(counts) == 1 else None


# "Separate the two with …": the pieces by their number alone
_BARE_COUNT = compile_lazily(rf"^\s*(?:the|these|those|both)\s+(?P<count>{_NUMBER})\s*$")
# "Answer twice: …, separated by …": the answers are the pieces
_TWICE = compile_lazily(
    r"\b(?:answer|respond|reply|explain)\b[^.;:]{0,30}?\b(?P<n>twice|thrice|two\s+times|"
    r"three\s+times|in\s+two\s+ways)\b"
)
_TIMES = {"twice": 2, "thrice": 3, "two times": 2, "three times": 3, "in two ways": 2}


def _told_apart(sentence: Sentence, match: re.Match[str]) -> int | None:
    """How many pieces a separator sentence names without a noun: "separate
    the two with …", or "separated by …" after "answer twice"."""
    obj = match.group("object")
    bare = _BARE_COUNT.match(obj)
    if bare is not None:
        return _number(bare.group("count"))
    twice = searched(_TWICE, lowered(sentence.whole))
    if not obj.strip() and twice is not None:
        return _TIMES[" ".join(twice.group("n").split())]
    return None


def separated_versions(sentence: Sentence) -> Iterator[Hit]:
    """ "Give exactly two different responses separated by ******"."""
    text = sentence.lower
    if sentence.original.rstrip().endswith("?"):
        return
    for match in _SEPARATE.finditer(text):
        told = _told_apart(sentence, match)
        if told is not None:
            separator = _separator(sentence, match.end())
            if separator is None or not layout_asked(sentence, match.start()):
                continue
            try:
                spec = SeparatedVersions(versions=told, separator=separator)
            except ValueError:
                continue
            yield Hit(spec, match.start(), len(sentence.masked))
            return
        piece = _OBJECT.match(match.group("object"))
        before = _BEFORE.search(text, 0, match.start())
        if piece is None and before is None:
            continue
        named = piece is not None and piece.group("first") is not None
        found = piece if piece is not None and piece.group("noun") not in ("them", None) else None
        found = found or before or piece
        assert found is not None
        noun = found.group("noun") or "them"
        if _OWN_UNIT.search(match.group("object")) or (
            found is before and _OWN_UNIT.search(text[max(0, found.start() - 1) : found.end()])
        ):
            continue
        start = found.start() if found is before else match.start()
        if not (
            response_context(sentence, start)
            or response_context(sentence, match.start())
            or (_IMPERATIVE.match(text) and response_context(sentence, 0))
        ):
            continue
        separator = _separator(sentence, match.end())
        if separator is None:
            continue
        count = found.group("count")
        offset = 0 if found is before else match.start("object")
        at_least = False
        if count and _BOUND.search(text[: offset + found.start("count")]):
            if not _AT_LEAST.search(text[: offset + found.start("count")]):
                continue
            at_least = True
        # "them" names things asked before it: "Separate them with '---'. Write 3 hooks."
        # counts nothing ("Draft two versions …, and separate them with ***" does)
        said = (
            sentence.whole[: sentence.start + match.start()] if noun == "them" else sentence.whole
        )
        value = 2 if named else _number(count) if count else _stated_count(said, noun)
        if value is None and noun == "them":
            # "Write 3 LinkedIn hooks. … Separate them with '---'": the things asked
            things = things_asked(lowered(sentence.whole))
            value = things.count if things is not None and things.end <= sentence.start else None
        if value is None:
            at_least, value = True, 2
        try:
            spec = SeparatedVersions(versions=value, at_least=at_least, separator=separator)
        except ValueError:
            continue
        yield Hit(spec, min(start, match.start()), len(sentence.masked))
        return


class _SeparatedVersions(Family):
    name = "separated versions"
    specs = (SeparatedVersions,)
    rules: ClassVar[tuple[Rule, ...]] = (separated_versions,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, SeparatedVersions)
        pieces, empty = separated_pieces(spec.separator, text)
        repeated = _repeated(pieces)
        n = len(pieces)
        data: dict[str, Any] = {
            "measured": n,
            "versions": spec.versions,
            "at_least": spec.at_least,
            "separator": spec.separator,
            "empty": empty,
            "repeated": len(repeated),
        }
        if spec.holds(n) and not empty and not repeated:
            return Outcome(True, f"the answer has {n} different versions, as required", data=data)
        problems = [f"{n} {'version' if n == 1 else 'versions'}"]
        if empty:
            problems.append(f"{empty} empty between separators")
        if repeated:
            problems.append(f"{len(repeated)} repeated word for word")
        return Outcome(
            False,
            f"the answer has {', '.join(problems)}; required: {spec.describe()}",
            self.correction(spec, text),
            score=min(n, spec.versions) / max(n, spec.versions, 1) * 0.99,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, SeparatedVersions)
        pieces, empty = separated_pieces(spec.separator, text)
        n, sep = len(pieces), spec.separator
        wanted = spec.wanted()
        fixes: list[str] = []
        if not spec.holds(n):
            if n < spec.versions:
                fixes.append(
                    f"Your answer has {n} {'version' if n == 1 else 'versions'} separated by "
                    f"{sep!r}; it needs {wanted}. Write the missing ones, with a line of {sep} "
                    "between each two and nowhere else."
                )
            else:
                fixes.append(
                    f"Your answer has {n} versions separated by {sep!r}; it needs {wanted}. "
                    f"Keep {spec.versions}, and use {sep} only between two versions."
                )
        if empty:
            fixes.append(f"Remove the {sep} lines that have nothing between them.")
        if _repeated(pieces):
            fixes.append("Two versions are the same word for word: make every version different.")
        return " ".join(fixes)


SEPARATED_VERSIONS = _SeparatedVersions()
