"""How the part kinds measure an answer: a keyword in one part, the word at
a position, a rule for every part, and the order of the parts.

Parts are cut as the rest of the vocabulary cuts them (``_measure``):
sentences approximately, paragraphs at blank lines, bullet points at markdown
bullet lines. A word is compared with its quotes and closing punctuation
taken off and case ignored, nothing else: ``**However**`` is not ``However``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from redraft.core._text import plural
from redraft.criteria import _measure as measure
from redraft.criteria._formats import Outcome, _fold, _head
from redraft.criteria._spec_base import RELATION_WORDS
from redraft.criteria._spec_parts import (
    ORDER_PARTS,
    PART_NAMES,
    DistinctWords,
    EachEndsWith,
    EachStartsWith,
    KeywordIn,
    Order,
    WordAt,
    ordinal,
)

__all__ = ["PART_JUDGES", "parts_of"]

_EXAMPLES = 3
_BULLET_LINE = re.compile(r"^[ \t]*[*\-+•][ \t]+(\S.*)$", re.MULTILINE)
_OPENERS = "\"'“‘«("
_CLOSERS = ".,!?\"'”’»)"


def parts_of(text: str, part: str) -> list[str]:
    """The answer's sentences, paragraphs or bullet points, in order."""
    if part == "sentence":
        return measure.sentences(text)
    if part == "paragraph":
        return measure.paragraphs(text)
    if part == "bullet":
        return [m.group(1).strip() for m in _BULLET_LINE.finditer(text)]
    return [text.strip()] if text.strip() else []


def _pick(found: Sequence[str], index: int) -> str | None:
    if index == -1:
        return found[-1] if found else None
    return found[index - 1] if 0 < index <= len(found) else None


def _plural(part: str, n: int) -> str:
    singular, plural = PART_NAMES[part]
    return f"{n} {singular if n == 1 else plural}"


def _missing(spec: KeywordIn | WordAt, part: str, index: int, have: int) -> Outcome:
    wanted = index if index > 0 else 1
    return Outcome(
        False,
        f"the answer has {_plural(part, have)}, so it has no {ordinal(index)} "
        f"{PART_NAMES[part][0]}; required: {spec.describe()}",
        f"Your answer has {_plural(part, have)}; it needs at least {_plural(part, wanted)}, "
        f"and {spec.describe()}.",
        score=0.0,
        data={"measured": have},
    )


def _keyword_in(spec: KeywordIn, text: str) -> Outcome:
    found = parts_of(text, spec.part)
    chosen = _pick(found, spec.index)
    if chosen is None:
        return _missing(spec, spec.part, spec.index, len(found))
    n = len(measure.keyword_matches(chosen, spec.keyword))
    where = f"its {ordinal(spec.index)} {PART_NAMES[spec.part][0]}"
    times = "time" if n == 1 else "times"
    data: dict[str, Any] = {"measured": n, "relation": spec.relation, "value": spec.value}
    if spec.holds(n):
        return Outcome(True, f"the answer uses {spec.keyword!r} {n} {times} in {where}", data=data)
    more = n < spec.value
    fix = f"use it {spec.value - n} more" if more else f"remove {n - spec.value}"
    return Outcome(
        False,
        f"the answer uses {spec.keyword!r} {n} {times} in {where} ({_head(chosen)}); "
        f"required: {spec.describe()}",
        f"Your answer uses {spec.keyword!r} {n} {times} in {where}; it needs "
        f"{RELATION_WORDS[spec.relation]} {spec.value}: {fix} there.",
        score=min(n, spec.value) / max(n, spec.value, 1),
        data=data,
    )


def _token(word: str) -> str:
    return word.lstrip(_OPENERS).rstrip(_CLOSERS).casefold()


def _word_at(spec: WordAt, text: str) -> Outcome:
    chosen = text
    if spec.part != "response":
        found = parts_of(text, spec.part)
        picked = _pick(found, spec.index)
        if picked is None:
            return _missing(spec, spec.part, spec.index, len(found))
        chosen = picked
    words = measure.words(chosen)
    wanted = [_token(w) for w in spec.word.split()]
    start = len(words) - len(wanted) if spec.position == -1 else spec.position - 1
    got = words[start : start + len(wanted)] if start >= 0 else []
    shown = " ".join(got)
    data: dict[str, Any] = {"measured": shown}
    if len(got) == len(wanted) and [_token(w) for w in got] == wanted:
        return Outcome(True, f"{spec.where()} is {shown!r}, as required", data=data)
    found_text = f"is {shown!r}" if got else f"does not exist ({plural(len(words), 'word')})"
    where = spec.where().replace("the answer", "your answer")
    return Outcome(
        False,
        f"{spec.where()} {found_text}; required: {spec.describe()}",
        f"{where[0].upper()}{where[1:]} {found_text}; it must be exactly {spec.word!r}.",
        data=data,
    )


def _starts(spec: EachStartsWith, part: str) -> bool:
    if spec.capital:
        first = next((ch for ch in part if ch.isalnum()), "")
        return first.isalpha() and first.isupper()
    folded, phrase = _fold(part), _fold(spec.phrase or "")
    if not folded.startswith(phrase):
        return False
    # "starts with the word Note" is not met by "Notebook".
    return not phrase[-1:].isalnum() or not folded[len(phrase) : len(phrase) + 1].isalnum()


def _ends(spec: EachEndsWith, part: str) -> bool:
    folded, phrase = _fold(part), _fold(spec.phrase)
    if folded.endswith(phrase):
        return True
    return phrase[-1:].isalnum() and folded.rstrip(_CLOSERS).endswith(phrase)


def _no_parts(spec: EachStartsWith | EachEndsWith) -> Outcome:
    """An answer with none of the parts a rule for every part is about."""
    plural = PART_NAMES[spec.part][1]
    return Outcome(
        False,
        f"the answer has no {plural}; required: {spec.describe()}",
        f"Your answer has no {plural}. Write it so that {spec.describe()}.",
        score=0.0,
        data={"measured": 0},
    )


def _every(
    spec: EachStartsWith | EachEndsWith,
    text: str,
    ok: Callable[[str], bool],
    fix: str,
) -> Outcome:
    found = parts_of(text, spec.part)
    name = PART_NAMES[spec.part]
    if not found:
        return _no_parts(spec)
    bad = [(i, p) for i, p in enumerate(found, 1) if not ok(p)]
    data: dict[str, Any] = {"measured": len(found), "failing": [i for i, _ in bad]}
    if not bad:
        return Outcome(True, f"all {_plural(spec.part, len(found))}: {spec.describe()}", data=data)
    shown = "; ".join(f"{ordinal(i)}: {_head(p)}" for i, p in bad[:_EXAMPLES])
    more = f" and {len(bad) - _EXAMPLES} more" if len(bad) > _EXAMPLES else ""
    verb = "breaks" if len(bad) == 1 else "break"
    return Outcome(
        False,
        f"{len(bad)} of {_plural(spec.part, len(found))} {verb} the rule ({shown}{more}); "
        f"required: {spec.describe()}",
        f"{len(bad)} of your {name[1]} {verb} the rule ({shown}{more}). {fix}",
        score=1 - len(bad) / len(found),
        data=data,
    )


def _each_starts(spec: EachStartsWith, text: str) -> Outcome:
    start = "a capital letter" if spec.capital else f"exactly {spec.phrase!r}"
    fix = f"Begin every {PART_NAMES[spec.part][0]} with {start}."
    return _every(spec, text, lambda p: _starts(spec, p), fix)


def _each_ends(spec: EachEndsWith, text: str) -> Outcome:
    fix = f"End every {PART_NAMES[spec.part][0]} with {spec.phrase!r}."
    return _every(spec, text, lambda p: _ends(spec, p), fix)


def _word_key(token: str) -> str:
    return token.strip(_OPENERS + _CLOSERS + ":;*_").casefold()


def _distinct_words(spec: DistinctWords, text: str) -> Outcome:
    scopes = [text] if spec.within == "response" else parts_of(text, spec.within)
    repeated: dict[str, int] = {}
    for scope in scopes:
        seen: dict[str, int] = {}
        for token in measure.words(scope):
            key = _word_key(token)
            if key:
                seen[key] = seen.get(key, 0) + 1
        for key, times in seen.items():
            if times > 1:
                repeated[key] = max(repeated.get(key, 0), times)
    if not repeated:
        return Outcome(True, f"the answer meets the rule: {spec.describe()}")
    worst = sorted(repeated.items(), key=lambda kv: (-kv[1], kv[0]))
    shown = ", ".join(f"{word!r} {times} times" for word, times in worst[:_EXAMPLES])
    more = f" and {len(worst) - _EXAMPLES} more" if len(worst) > _EXAMPLES else ""
    where = "" if spec.within == "response" else f" in one {PART_NAMES[spec.within][0]}"
    return Outcome(
        False,
        f"{plural(len(worst), 'word')} repeated{where} ({shown}{more}); "
        f"required: {spec.describe()}",
        f"Your answer repeats {plural(len(worst), 'word')}{where} ({shown}{more}). "
        f"Use each word only once{where}: replace the repeats with other words.",
        score=0.0,
        data={"repeated": dict(worst)},
    )


_TITLE_LINE = re.compile(r"<<[^\S\n]*[^\s<>][^<>\n]*>>")
_PS_LINE = re.compile(r"^[\s*_>]*p\.\s?(?:p\.\s?)?s\b", re.IGNORECASE)
_NUMBERED_LINE = re.compile(r"^[ \t]*\d{1,3}[.)][ \t]+\S")


def _line_parts(text: str) -> dict[str, list[int]]:
    """For each part, the numbers (from 1) of the lines that belong to it."""
    lines: dict[str, list[int]] = {p: [] for p in ORDER_PARTS}
    in_postscript = False
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if _PS_LINE.match(line):
            in_postscript = True
            kind = "postscript"
        elif _TITLE_LINE.search(line):
            kind = "title"
        elif _BULLET_LINE.match(line):
            kind = "bullets"
        elif _NUMBERED_LINE.match(line):
            kind = "numbered"
        else:
            kind = "postscript" if in_postscript else "text"  # a postscript's own lines
        lines[kind].append(number)
    return lines


def _order(spec: Order, text: str) -> Outcome:
    lines = _line_parts(text)
    absent = [p for p in spec.parts if not lines[p]]
    if absent:
        names = ", ".join(ORDER_PARTS[p] for p in absent)
        return Outcome(
            False,
            f"the answer lacks {names}; required: {spec.describe()}",
            f"Your answer lacks {names}. Write {spec.describe()}, in that order.",
            score=0.0,
        )
    for before, after in zip(spec.parts, spec.parts[1:], strict=False):
        last, first = max(lines[before]), min(lines[after])
        if last > first:
            return Outcome(
                False,
                f"{ORDER_PARTS[before]} (line {last}) comes after the start of "
                f"{ORDER_PARTS[after]} (line {first}); required: {spec.describe()}",
                f"In your answer {ORDER_PARTS[before]} continues on line {last}, after "
                f"{ORDER_PARTS[after]} begins on line {first}. Put all of "
                f"{ORDER_PARTS[before]} before {ORDER_PARTS[after]}.",
                data={"lines": {p: [min(lines[p]), max(lines[p])] for p in spec.parts}},
            )
    return Outcome(True, f"the answer has {spec.describe()}, in that order")


PART_JUDGES: dict[str, Callable[[Any, str], Outcome]] = {
    "keyword_in": _keyword_in,
    "word_at": _word_at,
    "each_starts_with": _each_starts,
    "each_ends_with": _each_ends,
    "distinct_words": _distinct_words,
    "order": _order,
}
"""The judge of each part kind."""
