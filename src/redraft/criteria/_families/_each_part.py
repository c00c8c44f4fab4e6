"""A rule for every part: "every sentence must end with an exclamation
mark", "begin each paragraph with a capital letter", "start every bullet
point with the word 'Tip'" (counts within each part are :mod:`._per_part`).

Measured exactly on the parts ``parts_of`` cuts; a start phrase ending in a
letter must end a word ("Note" is not met by "Notebook"); an end phrase
ending in a letter may be followed by closing punctuation. An answer with
none of the parts fails. A check's span covers only what it enforces: in
"every sentence must end with '!' and rhyme" the rhyme stays outside.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, ClassVar

from redraft.criteria._families._arguments import (
    ARG,
    Corrected,
    Guard,
    fold,
    part_of,
    spec_hit,
)
from redraft.criteria._families._each_part_spec import EachEndsWith, EachStartsWith
from redraft.criteria._families._each_thing_affix import each_thing_affixes
from redraft.criteria._families._per_part import every_part_outcome, parts_of
from redraft.criteria._families._positions import (
    BEGIN,
    FINISH,
    MODAL,
    OF_RESPONSE,
    WORD_PHRASE,
    argument,
)
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence
from redraft.criteria._spec_parts import PART_NAMES, Part

__all__ = ["EACH_PART", "EachEndsWith", "EachStartsWith", "each_part"]

_EXAMPLES = 3


_CLOSERS = ".,!?\"'”’»)"


def _starts(spec: EachStartsWith, part: str) -> bool:
    if spec.capital:
        first = next((ch for ch in part if ch.isalnum()), "")
        return first.isalpha() and first.isupper()
    folded, phrase = fold(part), fold(spec.phrase or "")
    if not folded.startswith(phrase):
        return False
    # "starts with the word Note" is not met by "Notebook".
    return not phrase[-1:].isalnum() or not folded[len(phrase) : len(phrase) + 1].isalnum()


def _ends(spec: EachEndsWith, part: str) -> bool:
    folded, phrase = fold(part), fold(spec.phrase)
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
    if not found:
        return _no_parts(spec)
    return every_part_outcome(spec, found, ok, fix)


def _each_starts(spec: EachStartsWith, text: str) -> Outcome:
    start = "a capital letter" if spec.capital else f"exactly {spec.phrase!r}"
    fix = f"Begin every {PART_NAMES[spec.part][0]} with {start}."
    return _every(spec, text, lambda p: _starts(spec, p), fix)


def _each_ends(spec: EachEndsWith, text: str) -> Outcome:
    fix = f"End every {PART_NAMES[spec.part][0]} with {spec.phrase!r}."
    return _every(spec, text, lambda p: _ends(spec, p), fix)


_PARTS = (
    r"(?:sentences|paragraphs|bullet(?:[\s-]+point)?s|bullet(?:ed)?\s+items|"
    r"sentence|paragraph|bullet(?:[\s-]+point)?|bullet(?:ed)?\s+item)"
)
_EVERY = (
    rf"(?:every|each|all(?:\s+(?:of\s+)?(?:the|your))?)\s+(?P<part>{_PARTS}){OF_RESPONSE}"
    # "every sentence you write must end with …"
    r"(?:\s+(?:that\s+)?you\s+(?:write|give|produce|output))?"
)
_MARKS = {
    "exclamation": "!",
    "question": "?",
    "period": ".",
    "full": ".",
    "ellipsis": "...",
    "colon": ":",
    "semicolon": ";",
}
_MARK = (
    r"(?:an?\s+|the\s+)?(?P<mark>exclamation\s+(?:mark|point)|question\s+mark|period|"
    r"full\s+stop|ellipsis|colon|semicolon)"
)
_START_ARG = (
    r"(?:an?\s+)?(?P<capital>capital(?:ized)?\s+letter|upper[\s-]?case\s+letter)|"
    rf"the\s+letter\s+(?P<letter>{ARG}|[a-z]\b)|{WORD_PHRASE}"
)
_EACH_ENDS = [
    re.compile(rf"\b{_EVERY}\s+(?:{MODAL}\s+)?{FINISH}s?\s+with\s+(?:{_MARK}|{WORD_PHRASE})"),
    re.compile(rf"\b{FINISH}\s+{_EVERY}\s+with\s+(?:{_MARK}|{WORD_PHRASE})"),
]
# "every bullet is a question", "each sentence should be a question": its last mark
_EACH_QUESTION = re.compile(
    rf"\b{_EVERY}\s+(?:is|(?:{MODAL})\s+be)\s+(?:a|an)\s+(?:[\w-]+\s+)?question\b(?!\s+(?:and|or|with)\b)"
)
# "Number them and make them all end with a question mark": the numbered items
# (bullets) the same sentence makes, each
_LISTED_ENDS = re.compile(
    r"\b(?P<list>number(?:ed)?|bullet(?:ed|s)?)\b[^.;:!?]{0,40}?\b(?:and|,)\s+make\s+"
    r"(?:them\s+all|all\s+of\s+them|them|every\s+one|each\s+one|each\s+of\s+them|each)\s+"
    rf"{FINISH}\s+with\s+{_MARK}"
)
_EACH_STARTS = [
    re.compile(rf"\b{_EVERY}\s+(?:{MODAL}\s+)?{BEGIN}s?\s+with\s+(?:{_START_ARG})"),
    re.compile(rf"\b{BEGIN}\s+{_EVERY}\s+with\s+(?:{_START_ARG})"),
]


def _part_name(match: re.Match[str]) -> Part:
    return part_of(" ".join(match.group("part").split()))


def each_part(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    plain = Guard(text)
    for match in (m for p in _EACH_ENDS for m in p.finditer(text)):
        mark = match.group("mark")
        phrase = _MARKS[mark.split()[0]] if mark else argument(sentence, match)
        if phrase and plain(match.start()):
            part, ending = _part_name(match), phrase
            ends = spec_hit(partial(EachEndsWith, part=part, phrase=ending), *match.span())
            if ends:
                yield ends
    for match in _EACH_QUESTION.finditer(text):
        if plain(match.start()) and (
            hit := spec_hit(
                partial(EachEndsWith, part=_part_name(match), phrase="?"), *match.span()
            )
        ):
            yield hit
    for match in _LISTED_ENDS.finditer(text):
        listed: Part = "numbered" if match.group("list").startswith("number") else "bullet"
        phrase = _MARKS[match.group("mark").split()[0]]
        if plain(match.start()) and (
            hit := spec_hit(partial(EachEndsWith, part=listed, phrase=phrase), *match.span())
        ):
            yield hit
    for match in (m for p in _EACH_STARTS for m in p.finditer(text)):
        part = _part_name(match)
        fields: dict[str, Any] = {}
        if match.group("capital"):
            fields["capital"] = True
        elif match.group("letter"):
            fields["phrase"] = sentence.unmask(*match.span("letter")).strip("\"'‘’“”")
        else:
            fields["phrase"] = argument(sentence, match)
        if plain(match.start()) and (
            hit := spec_hit(partial(EachStartsWith, part=part, **fields), *match.span())
        ):
            yield hit


def _every_part(sentence: Sentence) -> Iterator[Hit]:
    """Every part by its name, then each of the things asked where no
    part's wording read the same words ("numbered, and make every one end
    with '!'" is the numbered items', once)."""
    found = list(each_part(sentence))
    yield from found
    for hit in each_thing_affixes(sentence):
        if not any(hit.start < other.end and other.start < hit.end for other in found):
            yield hit


class _EachPart(Corrected):
    name = "every part"
    specs = (EachStartsWith, EachEndsWith)
    rules: ClassVar[tuple[Rule, ...]] = (_every_part,)

    def measure(self, spec: Any, text: str) -> Outcome:
        if isinstance(spec, EachStartsWith):
            return _each_starts(spec, text)
        return _each_ends(spec, text)


EACH_PART = _EachPart()
