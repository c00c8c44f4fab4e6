"""Punctuation: how many of one mark the answer uses ("exactly two
semicolons", "at least 3 exclamation marks"), no punctuation at all (or
none but the marks named: "no punctuation except question marks"), and no
given mark at the very end ("no period at the end").

Measured exactly under stated definitions. A punctuation mark is a
character of a Unicode punctuation category (``P*``): the apostrophe in
"don't", a hyphen and a bullet's ``-`` are punctuation, ``$``, ``#``, ``+``
and emoji are not. A counted period is a ``.`` not between two digits (the
point of ``3.5`` is not one), so an ellipsis ``...`` is three; the other
marks are counted as characters (``!!`` is two). The last mark is the last
character that is not whitespace, a closing quote or bracket, or markdown
emphasis (``"Go."`` ends with a period). "No commas" and "no exclamation
marks" stay with the ``forbidden_chars`` kind; this family reads counts
above zero, the ban on all punctuation, and the final mark.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.core._text import noun, plural
from redraft.criteria._families._base import Family, FamilyCount, FamilySpec, counted_hit
from redraft.criteria._families._count_report import tally_outcome
from redraft.criteria._families._forbidden_chars import one_period_of_a_line
from redraft.criteria._families._lexical import asks_about, required
from redraft.criteria._families._part_scope import part_scoped
from redraft.criteria._families._reading import CountPhrases
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, found_in, lowered
from redraft.criteria._spec_base import Relation, relation_words

__all__ = ["FINAL_MARK", "NO_PUNCTUATION", "PUNCTUATION_COUNT", "NoFinalMark", "NoPunctuation",
           "PunctuationCount", "punctuation_marks"]  # fmt: skip

_MARK = Literal[",", ".", "!", "?", ";", ":", "—", "…"]
# mark → (singular, plural, the phrase that names it in a prompt)
_MARKS: dict[str, tuple[str, str, str]] = {
    ",": ("comma", "commas", r"commas?"),
    ".": ("period", "periods", r"periods?|full\s+stops?|dots?"),
    "!": ("exclamation mark", "exclamation marks", r"exclamation\s+(?:marks?|points?)"),
    "?": ("question mark", "question marks", r"question\s+marks?"),
    ";": ("semicolon", "semicolons", r"semi-?colons?"),
    ":": ("colon", "colons", r"colons?"),
    "—": ("em dash", "em dashes", r"em[-\s]?dash(?:es)?"),
    "…": ("ellipsis", "ellipses", r"ellips[ie]s"),
}
_CLOSERS = "\"'”’»)]}*_`"
_DECIMAL_POINT = compile_lazily(r"(?<=\d)\.(?=\d)")


def _name(mark: str, n: int = 2) -> str:
    singular, plural, _ = _MARKS.get(mark, (repr(mark), f"{mark!r} characters", ""))
    return singular if n == 1 else plural


def is_punctuation(ch: str) -> bool:
    return unicodedata.category(ch).startswith("P")


def punctuation_marks(text: str, allowed: str = "") -> list[str]:
    """The punctuation characters of ``text`` not in ``allowed``, in order."""
    return [ch for ch in text if is_punctuation(ch) and ch not in allowed]


def marks_of(mark: str, text: str) -> int:
    """How many times ``mark`` stands in ``text`` (a decimal point is no period;
    ``…`` is counted as one ellipsis, ``...`` as one too)."""
    if mark == ".":
        return _DECIMAL_POINT.sub("", text).count(".")
    if mark == "…":
        return text.count("…") + text.count("...")
    return text.count(mark)


class PunctuationCount(FamilyCount):
    """How many times one punctuation mark stands in the answer."""

    kind: Literal["punctuation_count"] = "punctuation_count"
    mark: _MARK

    def describe(self) -> str:
        return f"{relation_words(self.relation)} {self.value} {_name(self.mark, self.value)}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.mark, self.relation)


class NoPunctuation(FamilySpec):
    """No punctuation mark anywhere in the answer, except those in ``allowed``."""

    kind: Literal["no_punctuation"] = "no_punctuation"
    allowed: str = Field(default="", max_length=20)

    @field_validator("allowed")
    @classmethod
    def _marks_only(cls, value: str) -> str:
        if any(not is_punctuation(ch) for ch in value):
            raise ValueError("allowed holds punctuation marks only")
        return "".join(sorted(set(value)))

    def describe(self) -> str:
        if not self.allowed:
            return "no punctuation"
        return "no punctuation except " + " and ".join(_name(ch) for ch in self.allowed)


class NoFinalMark(FamilySpec):
    """The answer does not end with any of ``marks`` (closing quotes, brackets
    and trailing whitespace aside)."""

    kind: Literal["no_final_mark"] = "no_final_mark"
    marks: str = Field(min_length=1, max_length=10)

    @field_validator("marks")
    @classmethod
    def _marks_only(cls, value: str) -> str:
        if any(not is_punctuation(ch) for ch in value):
            raise ValueError("marks holds punctuation marks only")
        return "".join(sorted(set(value)))

    def describe(self) -> str:
        return "does not end with " + " or ".join(f"a {_name(ch, 1)}" for ch in self.marks)


def _final_mark(text: str) -> tuple[int, str] | None:
    """The offset and character of the answer's last mark, closers aside."""
    end = len(text.rstrip())
    while end and text[end - 1] in _CLOSERS:
        end = len(text[: end - 1].rstrip())
    return (end - 1, text[end - 1]) if end else None


# -- repairs ----------------------------------------------------------------------------

_SPACES = compile_lazily(r"[ \t]{2,}")


def remove_punctuation(text: str, allowed: str = "") -> str:
    """``text`` without its punctuation marks (``allowed`` kept): a dash or
    slash between two words becomes a space ("well-known" → "well known"),
    any other mark goes; a space left doubled is made single."""
    out: list[str] = []
    for i, ch in enumerate(text):
        if not is_punctuation(ch) or ch in allowed:
            out.append(ch)
            continue
        joins = 0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum()
        if joins and (unicodedata.category(ch) == "Pd" or ch == "/"):
            out.append(" ")
    lines = (_SPACES.sub(" ", line).rstrip() for line in "".join(out).split("\n"))
    return "\n".join(lines).strip()


def strip_final_mark(text: str, marks: str) -> str:
    """``text`` without the run of ``marks`` at its very end (closers kept)."""
    last = _final_mark(text)
    if last is None or last[1] not in marks:
        return text
    end = last[0] + 1
    start = end
    while start and text[start - 1] in marks:
        start -= 1
    return (text[:start].rstrip() + text[end:]).rstrip()


_REMOVE = RepairOp(
    "remove_punctuation",
    310,
    lambda text, p, _: remove_punctuation(text, str(p.get("allowed", ""))),
    lambda p: "punctuation removed",
)
# After an ending is appended (800): the ending's own final mark goes too.
_STRIP_FINAL = RepairOp(
    "strip_final_mark",
    850,
    lambda text, p, _: strip_final_mark(text, str(p["marks"])),
    lambda p: f"final {_name(str(p['marks'])[0], 1)} removed",
)


# -- phrasings --------------------------------------------------------------------------

_COUNTS = {
    mark: CountPhrases(
        unit=pattern,
        singular=pattern,
        bare=r"include|includes|including|use|using|add|with|contain|containing|have|put",
        before=r"\b(?:each|every|per|bullet|item|heading|title|sentence|paragraph|line|name)s?\b",
    )
    for mark, (_, _, pattern) in _MARKS.items()
}


# One scan first: most sentences name no mark at all.
_ANY_NAMED = compile_lazily("|".join(f"(?:{pattern})" for _, _, pattern in _MARKS.values()))


def _counted(mark: str, relation: Relation, value: int) -> PunctuationCount:
    return PunctuationCount.model_validate({"relation": relation, "value": value, "mark": mark})


def punctuation_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "Use exactly two semicolons", "at least 3 exclamation marks"."""
    if asks_about(sentence) or not _ANY_NAMED.search(sentence.lower):
        return
    for mark, phrases in _COUNTS.items():
        for found in phrases.read(sentence):
            if found.relation == "at_most" and found.value == 0:
                continue  # a ban: forbidden_chars reads it
            yield from counted_hit(functools.partial(_counted, mark), found)


_ANY_MARK = "|".join(f"(?:{pattern})" for _, _, pattern in _MARKS.values())
_PUNCTUATION = r"punctuation(?:\s+marks?)?"
_NONE = compile_lazily(
    r"\b(?:(?:with\s+)?no|without(?:\s+any)?|zero|avoid(?:\s+(?:all|any))?|"
    r"(?:do\s+not|don'?t|never|must\s+not)\s+(?:use|include|add|put)(?:\s+any)?|"
    r"free\s+of(?:\s+any)?)\s+"
    rf"{_PUNCTUATION}(?:\s+(?:at\s+all|whatsoever|of\s+any\s+kind))?"
    r"(?P<except>\s*,?\s*(?:except|other\s+than|apart\s+from|besides|but)\s+(?:for\s+)?"
    rf"(?P<marks>(?:(?:{_ANY_MARK})(?:\s*,\s*|\s+(?:and|or)\s+)?)+))?"
)
_FREE = compile_lazily(r"\bpunctuation[-\s]free\b")
# What makes the ban about something other than the answer.
_AFTER = compile_lazily(r"^\s*(?:in|on|for|inside|within|of|at\s+the\s+(?:end|start))\b")


def _marks_named(text: str) -> str | None:
    """The marks a list such as "question marks and commas" names, or None
    when any of it names no mark."""
    found = ""
    listed = re.sub(r"(?:\s*,\s*|\s+(?:and|or)\s*)+$", "", text.strip())
    for piece in re.split(r"\s*,\s*|\s+(?:and|or)\s+", listed):
        for mark, (_, _, pattern) in _MARKS.items():
            if re.fullmatch(pattern, piece):
                found += mark
                break
        else:
            return None
    return found or None


def no_punctuation(sentence: Sentence) -> Iterator[Hit]:
    """ "No punctuation at all", "never use punctuation except question marks"."""
    text = sentence.lower
    if "punctuation" not in text:
        return
    for match in (*_NONE.finditer(text), *_FREE.finditer(text)):
        if _AFTER.match(text[match.end() :]):
            continue
        allowed = ""
        if match.groupdict().get("except"):
            named = _marks_named(match["marks"])
            if named is None:
                continue
            allowed = named
        if not required(sentence, match.start(), owns_negation=True):
            continue
        yield Hit(NoPunctuation(allowed=allowed), *match.span())


_FINAL = rf"(?P<mark>(?:{_ANY_MARK}))"
_FINAL_PATTERNS = (
    # "no period at the end", "no full stop at the end of the answer"
    compile_lazily(
        rf"\bno\s+(?:final\s+|closing\s+|trailing\s+|ending\s+)?{_FINAL}\s+at\s+the\s+(?:very\s+)?end\b"
        r"(?:\s+of\s+(?:the|your)\s+(?:answer|response|reply|text|output|message))?"
    ),
    # "no final period", "without a trailing full stop"
    compile_lazily(
        rf"\b(?:no|without\s+(?:a|any|the))\s+(?:final|closing|trailing|ending|terminal)\s+{_FINAL}"
    ),
    # "don't end with a period", "must not end with a full stop", "not end in a dot"
    compile_lazily(
        r"\b(?:(?:do\s+not|don'?t|must\s+not|mustn'?t|should\s+not|shouldn'?t|never|not)\s+"
        r"(?:end|finish)(?:\s+(?:it|the\s+(?:answer|response|reply|text|line)|your\s+"
        r"(?:answer|response|reply)))?|(?:avoid|without)\s+ending(?:\s+it)?)\s+(?:with|in|on)\s+"
        rf"(?:a|an|any)\s+{_FINAL}"
    ),
    # "leave off the final period", "drop the trailing full stop"
    compile_lazily(
        r"\b(?:leave\s+off|leave\s+out|omit|drop|skip)\s+the\s+(?:final|closing|trailing|ending|last)\s+"
        rf"{_FINAL}"
    ),
)


# "Headline case, no period": one period banned, said with no place, where
# the request is for a piece of one line (see ``_forbidden_chars``).
_ONE_PERIOD_BANNED = compile_lazily(
    r"(?:^[\s\-*•]*|[,(;—–]\s*|\band\s+|\bwith\s+)(?:no|without\s+a)\s+(?P<mark>period|full\s+stop)\b"
    r"(?!\s*(?:s\b|at|in|on|after|before|anywhere|inside|within))"
)


_MORE_FINAL = compile_lazily(rf"\s*(?:,|\bor\b|\band\b)\s*(?:or\s+)?(?:an?\s+)?{_FINAL}")
# Several pieces asked for ("three subject lines, no period", "5 slogans, no
# period at the end"): each one's end is meant, which the answer's end is not
_MANY_PIECES = compile_lazily(
    r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
    r"several|some|multiple|a\s+few|a\s+couple\s+of|a\s+list\s+of|list)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:head\s?lines|titles|taglines|slogans|subject\s+lines|captions|mottos|one[-\s]liners|"
    r"tweets|names|lines|bullets|bullet\s+points|items|sentences|options|ideas|suggestions|"
    r"phrases|quotes|questions|answers|entries)\b"
)
# The answer goes on after the piece that must not end with the mark
# ("without a final period, then list sources"), or the end is a part's
# ("no trailing period in the code comment")
_MORE_AFTER_END = compile_lazily(
    r"^[^.;]{0,12}?(?:,\s*)?(?:\b(?:then|followed\s+by|and\s+then|before)\b|"
    r"\s*(?:in|inside|within|for)\s+(?:the|each|every|your|a)\s+(?!(?:answer|response|reply|"
    r"text|output|message)\b))"
)


def final_marks(sentence: Sentence) -> Iterator[Hit]:
    """ "No period at the end", "must not end with a period"."""
    text = sentence.lower
    if found_in(_MANY_PIECES, lowered(sentence.whole or sentence.masked)):
        return
    for match in _ONE_PERIOD_BANNED.finditer(text):
        if _MORE_AFTER_END.match(text[match.end() :]):
            continue
        if one_period_of_a_line(sentence, match["mark"]) and required(
            sentence, match.start("mark") - 3, owns_negation=True
        ):
            yield Hit(NoFinalMark(marks="."), match.start("mark") - 3, match.end())
    if " end" not in text and not re.search(r"final|closing|trailing|terminal|last", text):
        return
    for pattern in _FINAL_PATTERNS:
        for match in pattern.finditer(text):
            mark = _marks_named(match["mark"])
            if not mark or re.match(
                r"\s*(?:of|in)\s+(?:each|every|the\s+(?:first|title|heading))\b"
                # "at the end of the subject line": one part's end, not the answer's
                r"|\s*of\s+(?:the|your|each|every|a)\s+(?!(?:answer|response|reply|text|output|"
                r"message)\b)[\w-]+",
                text[match.end() :],
            ):
                continue
            # "a period or an exclamation point": every mark the list names
            end = match.end()
            while more := _MORE_FINAL.match(text, end):
                mark += _marks_named(more["mark"]) or ""
                end = more.end()
            if _MORE_AFTER_END.match(text[end:]):
                continue
            if not required(sentence, match.start(), owns_negation=True):
                continue
            if part_scoped(sentence, match.start()):
                continue  # "subject in lowercase, …, no trailing period": the subject's end
            yield Hit(NoFinalMark(marks=mark), match.start(), end)


# -- measures ---------------------------------------------------------------------------


class _PunctuationCount(Family):
    name = "punctuation_count"
    specs = (PunctuationCount,)
    rules: ClassVar[tuple[Rule, ...]] = (punctuation_counts,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, PunctuationCount)
        n = marks_of(spec.mark, text)
        has = f"the answer has {n} {_name(spec.mark, n)}"
        return tally_outcome(spec, n, has, lambda: self.correction(spec, text))

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, PunctuationCount)
        n = marks_of(spec.mark, text)
        gap = abs(n - spec.value)
        want = f"it needs {spec.describe()}"
        verb = "Add" if n < spec.value else "Remove"
        more = " more" if n < spec.value else ""
        fix = f"{verb} {'at least ' if spec.relation != 'exactly' else ''}{gap}{more}"
        return (
            f"Your answer has {n} {_name(spec.mark, n)} ({spec.mark}); {want}. "
            f"{fix} {_name(spec.mark, gap)}."
        )


class _NoPunctuation(Family):
    name = "no_punctuation"
    specs = (NoPunctuation,)
    rules: ClassVar[tuple[Rule, ...]] = (no_punctuation,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_REMOVE,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, NoPunctuation)
        found = punctuation_marks(text, spec.allowed)
        data: dict[str, Any] = {"measured": len(found), "found": sorted(set(found))[:10]}
        if not found:
            return Outcome(True, f"the answer has {spec.describe()}, as required", data=data)
        return Outcome(
            False,
            f"the answer has {plural(len(found), 'punctuation mark')}; required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, NoPunctuation)
        found = punctuation_marks(text, spec.allowed)
        shown = " ".join(dict.fromkeys(found))
        keep = f" (only {' and '.join(_name(ch) for ch in spec.allowed)} may stay)"
        return (
            f"Your answer has {len(found)} punctuation {noun(len(found), 'mark')} ({shown}); "
            f"it must have none{keep if spec.allowed else ''}. Remove every one of them, "
            "apostrophes and hyphens included."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, NoPunctuation)
        return {"op": "remove_punctuation", "allowed": spec.allowed}


class _NoFinalMark(Family):
    name = "no_final_mark"
    specs = (NoFinalMark,)
    rules: ClassVar[tuple[Rule, ...]] = (final_marks,)
    edits: ClassVar[tuple[RepairOp, ...]] = (_STRIP_FINAL,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, NoFinalMark)
        last = _final_mark(text)
        data: dict[str, Any] = {"last": last[1] if last else None}
        if last is None or last[1] not in spec.marks:
            return Outcome(True, f"the answer {spec.describe()}, as required", data=data)
        return Outcome(
            False,
            f"the answer ends with a {_name(last[1], 1)}; required: it {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, NoFinalMark)
        last = _final_mark(text)
        mark = _name(last[1], 1) if last else _name(spec.marks[0], 1)
        return f"Your answer ends with a {mark}; it must not. Delete the final {mark}."

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, NoFinalMark)
        return {"op": "strip_final_mark", "marks": spec.marks}


PUNCTUATION_COUNT = _PunctuationCount()
NO_PUNCTUATION = _NoPunctuation()
FINAL_MARK = _NoFinalMark()
