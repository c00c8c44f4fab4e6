"""Words at places: a keyword within one part ("use 'cloud' in the second
sentence, exactly twice") and the word at a position ("the 5th word of your
answer should be 'river'", "the third paragraph must start with the word
'However'").

Parts are cut as the rest of the vocabulary cuts them (``parts_of``):
sentences approximately, paragraphs at blank lines, bullet points at
markdown bullet lines. A word is compared with its quotes and closing
punctuation taken off and case ignored, nothing else: ``**However**`` is
not ``However``. A check's span covers only what it enforces. The specs and
their measures are in :mod:`._position_specs`; this module reads the
phrasings.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._alternatives import offers_alternatives
from redraft.criteria._families._arguments import (
    ARG,
    NOT_KEYWORDS,
    ORDINAL,
    PART,
    Corrected,
    Guard,
    frequency,
    index_of,
    ordinal_value,
    part_of,
    spec_hit,
)
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._counted_openers import counted_openers
from redraft.criteria._families._keyword_places import placed_keywords
from redraft.criteria._families._position_specs import (
    KeywordIn,
    WordAt,
    counted,
    keyword_in_outcome,
    word_at_outcome,
)
from redraft.criteria._grammar import NUMBER, RELATION
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import THING, Hit, Rule, Sentence, sentence_blocked
from redraft.criteria._spec_base import Relation
from redraft.criteria._spec_parts import Part

__all__ = [
    "BEGIN",
    "FINISH",
    "MODAL",
    "OF_RESPONSE",
    "POSITIONS",
    "WORD_PHRASE",
    "KeywordIn",
    "WordAt",
    "argument",
    "counted",
    "keyword_in",
    "word_at",
]

# -- phrasing --------------------------------------------------------------------------

OF_RESPONSE = rf"(?:\s+(?:of|in)\s+(?:your|the)\s+(?:entire\s+|whole\s+)?{THING})?"
MODAL = r"(?:should|must|has\s+to|have\s+to|needs?\s+to|shall|will|is\s+to|are\s+to)"
# "the second sentence", "your 3rd paragraph", "paragraph 2", "paragraph number 2".
_WHICH = (
    rf"(?:(?:the|your)\s+(?:very\s+)?(?P<ord>{ORDINAL})\s+(?P<part>{PART})|"
    rf"(?P<part2>{PART})\s+(?:number\s+|no\.\s*|#)?(?P<num>{NUMBER})\b)"
)
_WORD_ARG = (
    rf"(?:(?P<arg>{ARG})|(?P<bare>[a-z][\w'-]*)(?=\s*(?:[.;,!)]|$)|\s+(?:and|but|in|within|"
    rf"exactly|at|once|twice|thrice|{NUMBER})\b))"
)
_KW = (
    rf"(?:the\s+)?(?:key\s*word|word|term|phrase|name)\s+{_WORD_ARG}|"
    # "mention her name 'Aisha Rahman' in the first paragraph": a name, quoted
    rf"(?:(?:her|his|their|its|our|my)\s+(?:full\s+)?name\s+)?(?P<qarg>{ARG})"
)
BEGIN = r"(?:start|begin|open)"
FINISH = r"(?:end|finish|close|conclude)"
WORD_PHRASE = rf"(?:the\s+(?:exact\s+)?(?:word|phrase)\s+|the\s+words\s+)?:?\s*{_WORD_ARG}"


# another quoted word right after the one read: "'First', then 'Second'",
# "'Welcome', 'During'"
_NEXT_QUOTED = compile_lazily(
    r"\s*(?:,\s*|;\s*)?(?:(?:and\s+)?then\s+|followed\s+by\s+|,\s*)?(?:the\s+(?:word|phrase)\s+)?"
    r"[\"'“‘«`]\ue000"
)


def argument(sentence: Sentence, match: re.Match[str]) -> str | None:
    """The word or phrase a match quotes (``arg``, ``qarg``) or names bare
    (``bare``, never a word that could be something else)."""
    for group in ("arg", "qarg"):
        if match.groupdict().get(group):
            after = match.end(group)
            if offers_alternatives(sentence.lower, after) or _NEXT_QUOTED.match(
                sentence.lower, after
            ):
                # "start with 'Welcome', 'During', or 'Before' — in that order": a
                # list of words, which its first alone would misstate
                return None
            return sentence.unmask(match.start(group) + 1, match.end(group) - 1).strip()
    if match.groupdict().get("bare"):
        word = sentence.unmask(match.start("bare"), match.end("bare"))
        return None if word.lower() in NOT_KEYWORDS else word
    return None


_APPEAR = r"(?:appear|occur|be\s+used|be\s+included|be\s+mentioned|show\s+up|feature)(?:\s+only)?"
_KEYWORD_IN = [
    # "The word 'cloud' should appear in the second sentence (exactly twice)."
    compile_lazily(
        rf"\b(?:{_KW})\s+{MODAL}\s+{_APPEAR}\s+(?:somewhere\s+)?(?:in|within)\s+{_WHICH}"
    ),
    # "Use the keyword cloud (twice) in the second sentence."
    compile_lazily(
        rf"\b(?:include|use|mention|put|place|insert|incorporate)\s+(?:{_KW})\s+"
        rf"(?P<freq>(?:(?:{RELATION})\s+)?(?:{NUMBER}\s+times?|once|twice|thrice)\s+)?"
        rf"(?:somewhere\s+)?(?:in|within)\s+{_WHICH}"
    ),
    # "The second sentence must contain the word 'cloud'."
    compile_lazily(
        rf"\b{_WHICH}{OF_RESPONSE}\s+{MODAL}\s+(?:contain|include|use|mention|feature)\s+"
        rf"(?:{_KW})"
    ),
]


def keyword_in(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    plain = Guard(text)
    for pattern in _KEYWORD_IN:
        for match in pattern.finditer(text):
            word, index = argument(sentence, match), index_of(match)
            part = match.group("part") or match.group("part2")
            if word is None or index is None or not plain(match.start()):
                continue
            if match.groupdict().get("freq"):
                amounts, end = frequency(sentence, match.start("freq"))[0], match.end()
            else:
                amounts, end = frequency(sentence, match.end())
            where = part_of(part)
            for rel, value in amounts:
                build = _keyword_in_spec(word, where, index, rel, value)
                if hit := spec_hit(build, match.start(), end):
                    yield hit
            if pattern is _KEYWORD_IN[2] and amounts == [("at_least", 1)]:
                yield from _gapped_in(sentence, end, where)


# "Paragraph 1 must mention 'door', paragraph 2 'stairs', and paragraph 3 'attic'",
# "the first sentence must contain 'dream' and the second must contain 'kick'": the
# same rule of another part of the same kind, its verb left out or said again
_GAPPED_IN = compile_lazily(
    rf"(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:(?:the|your)\s+(?P<ord>{ORDINAL})(?:\s+(?P<part>{PART}))?|"
    rf"(?P<part2>{PART})\s+(?:number\s+|no\.\s*|#)?(?P<num>{NUMBER})\b)\s+"
    rf"(?:{MODAL}\s+(?:contain|include|use|mention|feature)\s+)?(?:the\s+(?:word|phrase)\s+)?"
    rf"(?P<arg>{ARG})(?=\s*(?:$|[.;,!)]|—|–|(?:and|but)\b))"
)


def _gapped_in(sentence: Sentence, end: int, part: Part) -> Iterator[Hit]:
    text = sentence.lower
    while match := _GAPPED_IN.match(text, end):
        named = match.group("part") or match.group("part2")
        word, index = argument(sentence, match), index_of(match)
        if (named and part_of(named) != part) or word is None or index is None:
            return
        if hit := spec_hit(_keyword_in_spec(word, part, index, "at_least", 1), *match.span()):
            yield hit
        end = match.end()


def _keyword_in_spec(
    word: str, part: Part, index: int, relation: Relation, value: int
) -> Callable[[], FamilySpec]:
    return lambda: KeywordIn(keyword=word, part=part, index=index, relation=relation, value=value)


_WITH_WORD = rf"\s+with\s+{WORD_PHRASE}"
_WORD_AT = [
    # "The second paragraph must start with the word X", "Paragraph 3 should begin with X."
    compile_lazily(rf"\b{_WHICH}{OF_RESPONSE}\s+{MODAL}\s+(?P<verb>{BEGIN}|{FINISH}){_WITH_WORD}"),
    # "Start the third paragraph with the word 'Indeed'."
    compile_lazily(rf"\b(?P<verb>{BEGIN}|{FINISH})\s+{_WHICH}{OF_RESPONSE}{_WITH_WORD}"),
    # "The first word of the 3rd paragraph must be 'Indeed'."
    compile_lazily(
        rf"\b(?:the|your)\s+(?P<wpos>first|last|very\s+first|very\s+last)\s+word\s+(?:of|in)\s+"
        rf"{_WHICH}{OF_RESPONSE}\s+{MODAL}\s+be\s+(?:the\s+word\s+)?{_WORD_ARG}"
    ),
    # "The 5th word of your answer should be 'river'."
    compile_lazily(
        rf"\b(?:the|your)\s+(?P<wpos>{ORDINAL})\s+word\s+(?:of|in)\s+(?:your|the)\s+"
        rf"(?:entire\s+|whole\s+)?{THING}\s+{MODAL}\s+be\s+(?:the\s+word\s+)?{_WORD_ARG}"
    ),
    # "Make 'Indeed' the first word of the third paragraph."
    compile_lazily(
        rf"\bmake\s+(?:{_KW})\s+the\s+(?P<wpos>first|last)\s+word\s+(?:of|in)\s+{_WHICH}"
    ),
    # "The third word must be 'parents'." as a sentence of its own: the answer's
    # (its last word is an end phrase, which :mod:`._phrases` reads)
    compile_lazily(
        rf"^\s*(?:the|your)\s+(?P<wpos>(?!last\b|final\b){ORDINAL})\s+word\s+{MODAL}\s+be\s+"
        rf"(?:the\s+word\s+)?{_WORD_ARG}"
    ),
    # "make sure the very last word of your answer is 'draw'"
    compile_lazily(
        r"\b(?:make\s+sure|ensure)\s+(?:that\s+)?(?:the|your)\s+(?P<wpos>(?:very\s+)?"
        rf"(?:{ORDINAL}|last))\s+word\s+(?:of|in)\s+(?:your|the)\s+(?:entire\s+|whole\s+)?{THING}\s+"
        rf"is\s+(?:the\s+word\s+)?{_WORD_ARG}"
    ),
]
# "Write a short story (under 100 words) where the last word is 'door'": a
# clause describing the one thing asked for states the word at its end.
_DESCRIBED_WORD = compile_lazily(
    r"\b(?:where|in\s+which|such\s+that|so\s+that)\s+the\s+(?:very\s+)?"
    r"(?P<wpos>first|last|final)\s+word\s+(?:of\s+(?:it|the\s+\w+)\s+)?is\s+"
    rf"(?:the\s+word\s+)?{_WORD_ARG}"
)
_ASKED_THING = compile_lazily(
    r"\s*(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:write|compose|create|"
    r"draft|craft|generate|produce|give\s+me|tell\s+me)\s+(?:me\s+)?(?:a|an|one)\s+[^.;:!?]{0,80}"
)


def _described_word(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    for match in _DESCRIBED_WORD.finditer(text):
        word = argument(sentence, match)
        if word is None or not _ASKED_THING.fullmatch(text, 0, match.start()):
            continue
        if sentence_blocked(sentence, match.start()) or text.rstrip().endswith("?"):
            continue
        position = ordinal_value(match.group("wpos"))
        if hit := spec_hit(_word_at_spec(word, position, {}), *match.span()):
            yield hit


def word_at(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    plain = Guard(text)
    for pattern in _WORD_AT:
        for match in pattern.finditer(text):
            word = argument(sentence, match)
            if word is None or not plain(match.start()):
                continue
            if offers_alternatives(text, match.end()):
                continue  # "begin the first paragraph with 'Yes' or 'No'": a choice
            found = match.groupdict()
            if found.get("wpos"):
                position = ordinal_value(found["wpos"].split()[-1])
            else:
                position = -1 if re.match(FINISH, found["verb"]) else 1
            fields: dict[str, Any] = {}
            if found.get("part") or found.get("part2"):
                index = index_of(match)
                if index is None:
                    continue
                fields.update(part=part_of(found.get("part") or found["part2"]), index=index)
            build = _word_at_spec(word, position, fields)
            if hit := spec_hit(build, *match.span()):
                yield hit
                if fields and pattern is _WORD_AT[0]:
                    yield from _gapped(sentence, match.end(), position, fields["part"])


# "Paragraph 1 should start with 'Legend' and paragraph 2 with 'Today'", "the
# first paragraph must begin with 'Once' and the second with 'Then'": the same
# rule of another part, its verb left out.
_GAPPED = compile_lazily(
    rf"(?:\s*,\s*(?:and\s+|while\s+)?|\s+(?:and|while)\s+)(?:(?:the|your)\s+(?P<ord>{ORDINAL})(?:\s+(?P<part>{PART}))?|"
    rf"(?P<part2>{PART})\s+(?:number\s+|no\.\s*|#)?(?P<num>{NUMBER})\b)\s+with\s+{WORD_PHRASE}"
)


def _gapped(sentence: Sentence, end: int, position: int, part: str) -> Iterator[Hit]:
    text = sentence.lower
    while match := _GAPPED.match(text, end):
        named = match.group("part") or match.group("part2")
        word, index = argument(sentence, match), index_of(match)
        if (named and part_of(named) != part) or word is None or index is None:
            return
        if offers_alternatives(text, match.end()):
            return
        build = _word_at_spec(word, position, {"part": part, "index": index})
        if hit := spec_hit(build, *match.span()):
            yield hit
        end = match.end()


def _word_at_spec(word: str, position: int, fields: dict[str, Any]) -> Callable[[], FamilySpec]:
    return lambda: WordAt(word=word, position=position, **fields)


def _counted_openers(sentence: Sentence) -> Iterator[Hit]:
    """ "3 paragraphs, the first one starting with 'Dear parents,'"."""
    return counted_openers(
        sentence, lambda w, p, i, n: _word_at_spec(w, n, {"part": p, "index": i})
    )


def _placed(sentence: Sentence) -> Iterator[Hit]:
    """ "include 'hope' in the first and last sentence", "the first sentence must
    contain her name, Mrs. Delaney" (:mod:`._keyword_places`)."""
    return placed_keywords(sentence, lambda w, p, i: _keyword_in_spec(w, p, i, "at_least", 1))


class _Positions(Corrected):
    name = "words at places"
    specs = (KeywordIn, WordAt)
    rules: ClassVar[tuple[Rule, ...]] = (
        keyword_in,
        _placed,
        word_at,
        _described_word,
        _counted_openers,
    )

    def measure(self, spec: Any, text: str) -> Outcome:
        if isinstance(spec, KeywordIn):
            return keyword_in_outcome(spec, text)
        return word_at_outcome(spec, text)


POSITIONS = _Positions()
