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

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import (
    ARG,
    Corrected,
    fold,
    part_of,
    spec_hit,
)
from redraft.criteria._families._each_part_spec import EachEndsWith, EachStartsWith
from redraft.criteria._families._each_thing_affix import each_thing_affixes
from redraft.criteria._families._part_guard import POLITE_REQUEST
from redraft.criteria._families._per_part import PartGuard, every_part_outcome, parts_of
from redraft.criteria._families._per_part_phrases import OTHER_IN_LIST
from redraft.criteria._families._positions import (
    BEGIN,
    FINISH,
    MODAL,
    OF_RESPONSE,
    WORD_PHRASE,
    argument,
)
from redraft.criteria._grammar import NUMBER
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
    if spec.letter:
        return True  # "starts with the letter S": "Sun" does
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
# "every sentence ends with the same word: 'home'"
_SAME = r"(?:the\s+same\s+word\s*:?\s*)?"
_EACH_ENDS = [
    compile_lazily(
        rf"\b{_EVERY}\s+(?:{MODAL}\s+)?{FINISH}s?\s+with\s+(?:{_MARK}|{_SAME}{WORD_PHRASE})"
    ),
    compile_lazily(rf"\b{FINISH}\s+{_EVERY}\s+with\s+(?:{_MARK}|{WORD_PHRASE})"),
]
# "Each paragraph must open with a question and end with a full stop": the
# end that closes the list of what every part must do
_LISTED_END = compile_lazily(
    rf"\b{_EVERY}\s+{MODAL}\s+(?P<between>[^.;:!?]{{1,60}}?)(?:\s*,\s*(?:and\s+)?|\s+and\s+)"
    rf"(?P<tail>{FINISH}\s+with\s+{_MARK})(?=\s*(?:[,.;:!?)]|\s[—–-]\s|and\b|$))"
)
_NOT_LISTED = compile_lazily(rf"\b(?:{FINISH}|not|never|no)\b|n't\b")
# "every bullet is a question", "each sentence should be a question": its last mark
_EACH_QUESTION = compile_lazily(
    rf"\b{_EVERY}\s+(?:is|(?:{MODAL})\s+be)\s+(?:a|an)\s+(?:[\w-]+\s+)?question\b(?!\s+(?:and|or|with)\b)"
)
# "Number them and make them all end with a question mark": the numbered items
# (bullets) the same sentence makes, each
_LISTED_ENDS = compile_lazily(
    r"\b(?P<list>number(?:ed)?|bullet(?:ed|s)?)\b[^.;:!?]{0,40}?\b(?:and|,)\s+make\s+"
    r"(?:them\s+all|all\s+of\s+them|them|every\s+one|each\s+one|each\s+of\s+them|each)\s+"
    rf"{FINISH}\s+with\s+{_MARK}"
)
# "exactly 6 sentences, each beginning with 'I'", "Use 5 bullet points, each
# starting with 'You'", "4 paragraphs, each must end with '!'": each of the
# parts the same clause counts
_EACH_COUNTED = compile_lazily(
    rf"\b{NUMBER}\s+(?:[a-z-]+\s+)?(?P<part>sentences|paragraphs|bullet(?:[\s-]+point)?s|"
    r"bullet(?:ed)?\s+items)\s*,?\s+(?:and\s+)?each(?:\s+one)?\s*,?\s+"
    rf"(?:(?:{MODAL}\s+)?(?:(?P<s>{BEGIN})|{FINISH})s?|(?P<s2>starting|beginning|opening)|"
    rf"ending|finishing|closing)\s+with\s+(?:{_MARK}|{_START_ARG})"
)
# "the last word of every line must end in '-tion'", "every line has to end
# with a word ending in '-ation'": each part's last word ends with the letters
_EVERY_ONE = (
    r"(?:every|each|all(?:\s+(?:of\s+)?(?:the|your))?)\s+(?P<part>sentences?|paragraphs?|"
    r"lines?|bullet(?:[\s-]+point)?s?)"
)
_SUFFIX = rf"(?:the\s+(?:suffix|letters?|ending)\s+)?(?P<arg>{ARG})"
_LAST_WORD_ENDS = [
    compile_lazily(
        rf"\bthe\s+(?:very\s+)?last\s+word\s+(?:of|in)\s+{_EVERY_ONE}\s+(?:{MODAL}\s+)?"
        rf"{FINISH}s?\s+(?:with|in)\s+{_SUFFIX}"
    ),
    compile_lazily(
        rf"\b{_EVERY_ONE}\s+(?:{MODAL}\s+)?{FINISH}s?\s+(?:with|in|on)\s+(?:a|one)\s+word\s+"
        rf"(?:that\s+)?(?:ending|ends)\s+(?:with|in)\s+{_SUFFIX}"
    ),
]
_EACH_STARTS = [
    compile_lazily(rf"\b{_EVERY}\s+(?:{MODAL}\s+)?{BEGIN}s?\s+with\s+(?:{_START_ARG})"),
    compile_lazily(rf"\b{BEGIN}\s+{_EVERY}\s+with\s+(?:{_START_ARG})"),
]
# "Use 'Arr' at the start of every paragraph", "put 'Over.' at the end of each
# sentence": a quoted phrase placed at every part's start or end
_PLACED_AT_EACH = compile_lazily(
    rf"\b(?:use|put|place|add|write|have)\s+(?:the\s+(?:word|phrase)\s+)?(?P<arg>{ARG})\s+at\s+"
    rf"the\s+(?:very\s+)?(?:(?P<s>start|beginning)|end)\s+of\s+{_EVERY}\b(?!\s+(?:of|in|or|and\s+(?:the\s+)?end)\b)"
)


def _part_name(match: re.Match[str]) -> Part:
    named = " ".join(match.group("part").split())
    return "line" if named.startswith("line") else part_of(named)


def _start_fields(sentence: Sentence, match: re.Match[str]) -> dict[str, Any]:
    """What a part starts with: a capital letter, a letter (any word
    opening with it) or a word or phrase."""
    if match.group("capital"):
        return {"capital": True}
    if match.group("letter"):
        letter = sentence.unmask(*match.span("letter")).strip("\"'‘’“”")
        return {"phrase": letter, "letter": True}
    return {"phrase": argument(sentence, match)}


# "The essay has 6 sentences, each …", "Does it have …?": parts described, not asked
_DESCRIBED = compile_lazily(r"\b(?:has|have|had|contains?|contained|there\s+(?:are|were))\b")
_POLITE = compile_lazily(r"^\s*(?:please\s+)?(?:can|could|would|will)\s+you\b")


def _counted_parts(sentence: Sentence, plain: PartGuard) -> Iterator[Hit]:
    """ "exactly 6 sentences, each beginning with 'I'"."""
    text = sentence.lower
    if text.rstrip().endswith("?") and not _POLITE.match(text):
        return
    for match in _EACH_COUNTED.finditer(text):
        clause = re.split(r"[,;:]", text[: match.start()])[-1]
        if not plain(match.start()) or _DESCRIBED.search(clause):
            continue
        part = _part_name(match)
        build: Callable[[], Any]
        if match.group("s") or match.group("s2"):
            fields = _start_fields(sentence, match)
            if part == "bullet" and not any(ch.isalnum() for ch in fields.get("phrase") or "a"):
                continue  # "3 bullet points, each starting with '•'": the list marker
            build = partial(EachStartsWith, part=part, **fields)
        elif mark := match.group("mark"):
            build = partial(EachEndsWith, part=part, phrase=_MARKS[mark.split()[0]])
        elif match.group("capital") or match.group("letter"):
            continue  # "each ending with a capital letter": not an end this reads
        elif ending := argument(sentence, match):
            build = partial(EachEndsWith, part=part, phrase=ending)
        else:
            continue
        if hit := spec_hit(build, *match.span()):
            yield hit


def _last_words(sentence: Sentence, plain: PartGuard) -> Iterator[Hit]:
    """ "the last word of every line must end in '-tion'"."""
    for match in (m for p in _LAST_WORD_ENDS for m in p.finditer(sentence.lower)):
        ending = (argument(sentence, match) or "").lstrip("-–‑ ")
        if ending.isalpha() and plain(match.start()):
            build = partial(EachEndsWith, part=_part_name(match), phrase=ending)
            if hit := spec_hit(build, *match.span()):
                yield hit


def each_part(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    # a negation is its own clause's: "no sentence starts with 'The' and every
    # sentence ends with a full stop", "x must not appear, and every sentence …"
    plain = PartGuard(text)
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
        fields = _start_fields(sentence, match)
        if plain(match.start()) and (
            hit := spec_hit(partial(EachStartsWith, part=part, **fields), *match.span())
        ):
            yield hit
    for match in _PLACED_AT_EACH.finditer(text):
        phrase = argument(sentence, match)
        spec = EachStartsWith if match.group("s") else EachEndsWith
        if phrase and plain(match.start()):
            build = partial(spec, part=_part_name(match), phrase=phrase)
            if hit := spec_hit(build, *match.span()):
                yield hit
    yield from _listed_ends(sentence, plain)
    yield from _counted_parts(sentence, plain)
    yield from _last_words(sentence, plain)


def _listed_ends(sentence: Sentence, plain: PartGuard) -> Iterator[Hit]:
    """ "Each paragraph must open with a question and end with a full stop"."""
    if sentence.lower.rstrip().endswith("?") and not POLITE_REQUEST.match(sentence.lower):
        return  # "Must every paragraph … and end with a full stop?": asked
    for match in _LISTED_END.finditer(sentence.lower):
        between = match.group("between")
        if OTHER_IN_LIST.search(between) or _NOT_LISTED.search(between):
            continue  # "… followed by a note and end with …", "… or end with …"
        phrase = _MARKS[match.group("mark").split()[0]]
        build = partial(EachEndsWith, part=_part_name(match), phrase=phrase)
        if plain(match.start()) and (hit := spec_hit(build, *match.span("tail"))):
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
