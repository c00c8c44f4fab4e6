"""Phrase choice: the answer includes exactly one of a listed set of phrases.

Where :mod:`._options` asks for the option *as* the answer, this family asks
for it *in* the answer, with room for anything else: "your answer must
contain one of the following exact phrases: 'My answer is yes.', 'My answer
is no.'", "think it through, then answer with one of the following options:
…". Measured exactly: each phrase is looked for word for word, case and
punctuation included (only runs of whitespace and curly quotes are read as
plain ones); the answer passes when exactly one of the phrases is in it. A
phrase found only inside a longer phrase that is also there counts once, as
the longer one. No repair: which phrase to keep is the writer's judgement.

The options are read as a quoted list (any quotation marks, in parentheses or
not, separated by commas or "or") or as unquoted parallel sentences ("My
answer is yes. My answer is no. My answer is maybe.", in a line or one a line: two or more,
each starting with the same two words). Read from "must contain/include one of
the following (exact) phrases/options", "answer with one of the following
phrases", "answer with one of the following options" where the prompt also
asks for reasoning or more (the options family takes it where it does not),
and "choose from …" followed by "include the exact phrase" or "choose one
phrase from above"; not "just say X or Y" (the answer is the option: the
options family), nor a hedged, negated or quoted request.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import (
    MASK,
    Hit,
    Rule,
    Sentence,
    found_in,
    lowered,
    response_context,
)
from redraft.criteria._spec_base import SHORT, has_text

__all__ = ["PHRASE_CHOICE", "PhraseChoice"]

_CURLY = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'"})


def _plain(text: str) -> str:
    return " ".join(text.translate(_CURLY).split())


class PhraseChoice(FamilySpec):
    """The answer includes exactly one of ``options``, word for word."""

    kind: Literal["phrase_choice"] = "phrase_choice"
    options: tuple[str, ...] = Field(min_length=2, max_length=12)

    @field_validator("options")
    @classmethod
    def _readable(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        options = tuple(has_text(option) for option in value)
        if any(len(option) > SHORT for option in options):
            raise ValueError(f"a phrase is longer than {SHORT} characters")
        if len({_plain(option) for option in options}) != len(options):
            raise ValueError("two phrases are the same")
        return options

    def describe(self) -> str:
        return "includes exactly one of: " + ", ".join(repr(o) for o in self.options)


def phrases_in(spec: PhraseChoice, text: str) -> list[str]:
    """The options ``text`` includes, a phrase inside a longer one found too
    counted as the longer one."""
    plain = _plain(text)
    found = [o for o in spec.options if _plain(o) in plain]
    return [o for o in found if not any(o != p and _plain(o) in _plain(p) for p in found)]


# -- reading the options ----------------------------------------------------------

_QUOTED = compile_lazily(r"""["“”'‘’]([^"“”'‘’\n]{1,200}?)["“”'‘’]""")
_BETWEEN = compile_lazily(r"^\s*(?:,\s*(?:or\s+)?|or\s+|/\s*)?$", re.IGNORECASE)
_PARALLEL = compile_lazily(r"([A-Z][^.!?\n]{0,150}[.!?])")


def _quoted_list(text: str) -> tuple[tuple[str, ...], int] | None:
    """Quoted options at the start of ``text`` and where they end."""
    head = re.match(r"\s*\(?\s*", text)
    at = head.end() if head else 0
    options: list[str] = []
    while True:
        match = _QUOTED.match(text, at)
        if match is None:
            break
        options.append(match.group(1).strip())
        at = match.end()
        gap = re.match(r"\s*(?:,\s*(?:or\s+)?|or\s+|/\s*)", text[at:], re.IGNORECASE)
        if gap is None or _QUOTED.match(text, at + gap.end()) is None:
            break
        at += gap.end()
    if len(options) < 2:
        return None
    close = re.match(r"\s*\)", text[at:])
    return tuple(options), at + (close.end() if close else 0)


def _parallel_list(text: str) -> tuple[tuple[str, ...], int] | None:
    """Unquoted sentences at the start of ``text`` that open with the same two words."""
    at = len(text) - len(text.lstrip())
    options: list[str] = []
    while (match := _PARALLEL.match(text, at)) is not None:
        opening = match.group(1).split()[:2]
        if options and opening != options[0].split()[:2]:
            break
        options.append(match.group(1))
        # One a line, or one after another in a line.
        at = match.end() + (len(text[match.end() :]) - len(text[match.end() :].lstrip()))
    if len(options) < 2 or len(options[0].split()) < 3:
        return None
    return tuple(options), at


def _options_at(text: str) -> tuple[tuple[str, ...], int] | None:
    return _quoted_list(text) or _parallel_list(text)


_LIST_NOUN = r"(?:exact\s+)?(?:phrases|options|answers|sentences|responses)"
_CONTAIN = compile_lazily(
    r"\b(?:answer|response|reply)\s+(?:must|should|has\s+to|needs\s+to)\s+(?:contain|include)\s+"
    rf"(?P<at>(?:exactly\s+)?one\s+of)\s+(?:the\s+following|these)\s+{_LIST_NOUN}\s*:?"
)
_ANSWER_PHRASES = compile_lazily(
    r"\b(?P<at>(?:answer|respond|reply)\s+with)\s+(?:exactly\s+)?one\s+of\s+the\s+following\s+"
    r"(?:exact\s+)?phrases\s*:?"
)
_ANSWER_OPTIONS = compile_lazily(
    r"\b(?P<at>(?:answer|respond|reply)\s+with)\s+(?:exactly\s+)?one\s+of\s+the\s+following\s+"
    r"(?:options|choices|answers)\s*:?"
)
_CHOOSE = compile_lazily(r"\b(?P<at>(?:choose|pick|select))\s+from(?:\s+the\s+following)?\s*:?")
# After "choose from …": the choice is a phrase the answer includes.
_INCLUDE_IT = compile_lazily(
    r"\b(?:include|contain|use)\s+the\s+exact\s+phrase|\bchoose\s+one\s+phrase\s+from\s+above"
)
# A second part of the answer the options leave room for ("think out loud, then …").
_MORE = compile_lazily(
    r"\b(?:explain|justify|elaborate|describe|discuss|think|reason(?:ing)?|why|then|"
    r"followed\s+by)\b"
)


def _read(sentence: Sentence, match: re.Match[str]) -> Hit | None:
    rest = sentence.full[sentence.start + match.end() :]
    found = _options_at(rest)
    if found is None:
        return None
    options, length = found
    # The options are not words of the request: "maybe" is not a hedge.
    a = match.end()
    b = min(len(sentence.masked), a + length)
    bare = replace(sentence, masked=sentence.masked[:a] + MASK * (b - a) + sentence.masked[b:])
    if MASK in sentence.masked[match.start() : a] or not response_context(bare, match.start("at")):
        return None
    try:
        spec = PhraseChoice(options=options)
    except ValueError:
        return None
    return Hit(spec, match.start(), b)


def phrase_choice(sentence: Sentence) -> Iterator[Hit]:
    """ "Your answer must contain one of the following exact phrases: …"."""
    text = sentence.original.lower()
    whole = lowered(sentence.full)
    patterns: list[re.Pattern[str]] = [_CONTAIN, _ANSWER_PHRASES]
    if found_in(_MORE, whole):
        patterns.append(_ANSWER_OPTIONS)
    for pattern in patterns:
        for match in pattern.finditer(text):
            hit = _read(sentence, match)
            if hit is not None:
                yield hit
    for match in _CHOOSE.finditer(text):
        after = whole[sentence.start + match.end() :]
        if _INCLUDE_IT.search(after):
            hit = _read(sentence, match)
            if hit is not None:
                yield hit


class _PhraseChoice(Family):
    name = "phrase choice"
    specs = (PhraseChoice,)
    rules: ClassVar[tuple[Rule, ...]] = (phrase_choice,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, PhraseChoice)
        found = phrases_in(spec, text)
        data: dict[str, Any] = {"found": found, "options": list(spec.options)}
        if len(found) == 1:
            return Outcome(True, f"the answer includes {found[0]!r}, one of the phrases", data=data)
        said = "none" if not found else f"{len(found)} ({', '.join(repr(f) for f in found)})"
        return Outcome(
            False,
            f"the answer includes {said} of the phrases; required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, PhraseChoice)
        found = phrases_in(spec, text)
        listed = ", ".join(repr(option) for option in spec.options)
        if found:
            shown = " and ".join(repr(f) for f in found)
            return f"Your answer includes {shown}; keep exactly one of them, word for word."
        return (
            f"Your answer includes none of the phrases {listed}. Include exactly one of them, "
            "word for word, with the same capitals and punctuation."
        )


PHRASE_CHOICE = _PhraseChoice()
