"""Rules for counted requirements: words, sentences, paragraphs, characters,
bullets, numbered items, sections, placeholders, highlights, all-capital
words, letters and keyword frequencies share one number grammar.

"under 100 words" and "less than 100 words" mean at most 99, "more than 3"
at least 4: the words are taken literally. A bare number without a relation
("in 3 sentences", "use 4 bullet points") means exactly that many, for
sentences, paragraphs and list items only; "in 50 words" is too loose a
phrase to count to the word, and stays with the judge.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._hits import hit_of
from redraft.criteria._sentences import THING, Hit, Rule, Sentence, response_context
from redraft.criteria._spec_base import Relation

__all__ = ["COUNT_RULES", "NUMBER", "RELATION", "number_value", "relation_of"]

_UNITS: list[tuple[str, str]] = [
    (r"words?", "word_count"),
    (r"sentences?", "sentence_count"),
    (r"paragraphs?", "paragraph_count"),
    (r"characters?|chars", "char_count"),
    (
        r"(?:markdown\s+)?(?:bullet(?:[\s-]+points?)?s?|bulleted\s+(?:items?|points?))",
        "bullet_count",
    ),
    (r"numbered\s+(?:list\s+)?(?:items?|points?|steps?)", "numbered_count"),
    (r"placeholders?", "placeholder_count"),
    (
        r"(?:italic(?:i[sz]ed)?|highlighted|bold(?:ed)?)\s+(?:text\s+)?(?:sections?|phrases?|parts?)",
        "highlight_count",
    ),
    (r"stanzas?", "paragraph_count"),
]
_UNIT = "|".join(f"(?P<u{i}>{p})" for i, (p, _) in enumerate(_UNITS))
_ADJECTIVE = (
    r"(?:(?:very\s+)?(?:short|brief|concise|separate|distinct|full|complete|simple|clear|"
    r"total)\s+)?"
)
# Bare numbers mean "exactly" only for these.
_EXACT_KINDS = frozenset({"sentence_count", "paragraph_count", "bullet_count", "numbered_count"})
_LOOSE_KINDS = frozenset({"word_count", "char_count", "placeholder_count"})

# What may not follow a counted unit: "words per sentence", "words from the list".
_AFTER_BLOCKS = re.compile(
    r"^\s*(?:(?:in|with|per|for|of|from|that|which|who|written|containing|starting|ending|"
    r"beginning|each|where|whose|like|such|long\s+each)\b)|^[^.;,]{0,30}\b(?:each|every|per)\b"
)
_AFTER_ALLOWED = re.compile(
    rf"^\s*(?:in\s+(?:your|the|this)\s+(?:entire\s+|whole\s+)?{THING}\b|in\s+(?:total|length)\b|"
    r"(?:in|using|with)\s+(?:the\s+)?markdown\b|in\s+(?:the\s+)?(?:markdown\s+)?format\b|"
    r"with\s+(?:square\s+)?brackets\b|(?:which|that)\s+(?:should|must)\s+be\s+(?:represented|"
    r"wrapped|enclosed|marked)\b|,?\s*(?:and\s+)?(?:each\s+(?:\w+\s+)?(?:should\s+be\s+|is\s+)?)?"
    r"separated\b)"
)


def _unit_kind(match: re.Match[str]) -> str:
    for i, (_, kind) in enumerate(_UNITS):
        if match.group(f"u{i}"):
            return kind
    raise AssertionError("a unit group always matches")


# "at least 5 words in all caps" counts capital words, not words.
_CAPITALS_AFTER = re.compile(
    r"^\s*(?:or\s+phrases\s+)?(?:in\s+(?:the|your)\s+\w+\s+)?(?:(?:should|must)\s+)?(?:be\s+)?"
    r"(?:with|in|written\s+in)\s+(?:all[\s-]+)?(?:capital|caps\b|capitals|upper[\s-]?case|block)"
)


def _after_ok(sentence: Sentence, end: int) -> bool:
    after = sentence.lower[end:]
    if _CAPITALS_AFTER.match(after):
        return False
    return bool(_AFTER_ALLOWED.match(after)) or not _AFTER_BLOCKS.match(after)


# Divider lines a prompt may name between paragraphs; any other (===, ~~~)
# is one no spec measures.
_DIVIDERS = re.compile(r"\*{3,}|-{3,}|={3,}|_{3,}|~{3,}|#{3,}")
_SEPARATED = re.compile(r"\b(?:separat\w*|divid\w*|split)\b|\bdivider\b")
_BLANK = re.compile(r"\b(?:blank|empty|new)\s*lines?\b|\bline\s+breaks?\b|\bnewlines?\b")
# A letter or an email: its greeting and sign-off are blocks of their own, so
# "4 paragraphs" counts its body, which blank-line paragraphs cannot tell apart.
_CORRESPONDENCE = re.compile(
    r"\b(?:an?|the|your|my|this)\s+(?:(?!capital|lower|upper|single|first|last|small|each|same)"
    r"[\w-]+\s+){0,3}(?:letter|e-?mail|memo)\b(?!\s*['\"‘“\ue000])|\be-?mails?\b"
)


def _dividers(text: str) -> set[str]:
    return {m.group(0)[0] for m in _DIVIDERS.finditer(text)}


def _extras(sentence: Sentence, kind: str) -> dict[str, Any] | None:
    """The spec's fields beyond the count (a paragraph separator), or None
    when the prompt names a separator no spec measures, or counts the
    paragraphs of one part."""
    if kind != "paragraph_count":
        return {}
    dividers = _dividers(sentence.masked)
    if not dividers and _SEPARATED.search(sentence.whole.lower()):
        dividers = _dividers(sentence.whole)  # "Separate them with ***." in a sentence of its own
        if not dividers and "divider" in sentence.whole.lower():
            dividers = {"*"}  # the markdown divider
    if not dividers and _SEPARATED.search(sentence.lower) and not _BLANK.search(sentence.lower):
        return None  # "separated by a line of dashes": a divider not stated exactly
    if len(dividers) > 1 or dividers - {"*", "-"}:
        return None
    if dividers:
        return {"separator": "***" if dividers == {"*"} else "---"}
    if _CORRESPONDENCE.search(sentence.whole.lower()):
        return None
    return {}


_GIVEN_BEFORE = re.compile(
    r"\b(?:this|these|those|the|given|provided|attached|existing|my|his|her|their|our)\s*$"
)
_PRECEDED_BY_OTHER_VERB = re.compile(
    r"\b(?:highlight|capitali[sz]e|bold|italici[sz]e)(?:\s+(?:at\s+least|at\s+most|exactly))?\s*$"
)

_WITH_RELATION = re.compile(
    rf"\b(?P<rel>{RELATION})\s+(?:a\s+total\s+of\s+)?(?P<num>{NUMBER})\s+{_ADJECTIVE}(?:{_UNIT})\b"
)
_POSTFIX = re.compile(
    rf"\b(?P<num>{NUMBER})\s+{_ADJECTIVE}(?:{_UNIT})\s+(?P<post>or\s+(?:less|fewer)|or\s+more|"
    r"at\s+(?:the\s+)?most|at\s+(?:the\s+)?least|max(?:imum)?|min(?:imum)?|tops)\b"
)
_BETWEEN = re.compile(
    rf"\b(?:between\s+(?P<low>{NUMBER})\s+and|(?:(?<=\bin\s)|(?<=\bof\s)|(?<=\bcontain\s)|"
    rf"(?<=\bcontains\s)|(?<=\bcontaining\s)|(?<=\bhave\s)|(?<=\bhas\s))(?P<from>{NUMBER})"
    rf"\s+(?:to|or|-|–)|(?P<low2>\d+)\s*[-–])\s*(?P<high>{NUMBER})\s+{_ADJECTIVE}(?:{_UNIT})\b"
)
# "400 or more words", "300+ words", "a 300+ word essay".
_OR_MORE = re.compile(
    rf"\b(?P<num>{NUMBER})(?:\s+or\s+(?P<dir>more|less|fewer)|\+)\s*[-\s]?{_ADJECTIVE}(?:{_UNIT})"
    r"(?:\b|(?<=\+))"
)
_NEGATED = re.compile(
    r"\b(?:do\s+not|don'?t|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|cannot|can'?t|"
    r"may\s+not)\s+(?:(?:write|use|be|have|include|contain|give|produce|provide|go|run|exceed|"
    rf"go\s+over|go\s+beyond)\s+)?(?P<dir>more\s+than|longer\s+than|over|beyond|exceed|"
    rf"less\s+than|fewer\s+than|shorter\s+than|under)?\s*(?P<num>{NUMBER})\s+{_ADJECTIVE}"
    rf"(?:{_UNIT})\b"
)
_BARE = re.compile(
    r"\b(?:in|into|with|using|use|write|contain|containing|contains|have|has|include|includes|then|"
    rf"of|give|provide|list|be|as)\s+(?:me\s+|us\s+)?(?P<num>{NUMBER})\s+{_ADJECTIVE}(?:{_UNIT})\b"
)


_PROSE_KINDS = frozenset({"word_count", "sentence_count", "paragraph_count", "char_count"})
_IN_SEQUENCE = re.compile(
    r"\b(?:then|followed\s+by)\s*(?:\w+\s*)?\||\|\s*,?\s*(?:and\s+)?(?:then|followed\s+by)\b"
)


def _hit(
    sentence: Sentence, match: re.Match[str], relation: Relation, value: int | None, **extra: Any
) -> Hit | None:
    if value is None:
        return None
    kind = _unit_kind(match)
    extras = _extras(sentence, kind)
    if extras is None:
        return None
    data = {"kind": kind, "relation": relation, "value": value, **extras, **extra}
    return hit_of(data, *match.span())


def counts(sentence: Sentence) -> Iterator[Hit]:
    """Counted requirements on the whole response."""
    text = sentence.lower
    taken: list[tuple[int, int]] = []

    def free(match: re.Match[str]) -> bool:
        return all(match.end() <= a or match.start() >= b for a, b in taken)

    def accept(match: re.Match[str], *, owns_negation: bool = False) -> bool:
        if not free(match) or _PRECEDED_BY_OTHER_VERB.search(text[: match.start()]):
            return False
        if _GIVEN_BEFORE.search(text[: match.start()]):
            return False  # "this 300+ word essay" describes what is given
        if not _after_ok(sentence, match.end()):
            return False
        if _unit_kind(match) in _PROSE_KINDS and _IN_SEQUENCE.search(
            text[max(0, match.start() - 12) : match.start()]
            + "|"
            + text[match.end() : match.end() + 16]
        ):
            return False  # "two sentences, then a list": a count of one part, not the whole
        if not response_context(sentence, match.start(), owns_negation=owns_negation):
            return False
        taken.append((match.start(), match.end()))
        return True

    for match in _NEGATED.finditer(text):
        direction = (match.group("dir") or "more than").split()[0]
        relation: Relation = (
            "at_least" if direction in ("less", "fewer", "shorter", "under") else "at_most"
        )
        if accept(match, owns_negation=True):
            hit = _hit(sentence, match, relation, number_value(match.group("num")))
            if hit:
                yield hit
    for match in _OR_MORE.finditer(text):
        if accept(match):
            fewer = match.group("dir") in ("less", "fewer")
            relation = "at_most" if fewer else "at_least"
            hit = _hit(sentence, match, relation, number_value(match.group("num")))
            if hit:
                yield hit
    for match in _BETWEEN.finditer(text):
        if accept(match):
            first = match.group("low") or match.group("from") or match.group("low2")
            low, high = number_value(first), number_value(match.group("high"))
            if low is None or high is None or low >= high:
                continue
            for relation, bound in (("at_least", low), ("at_most", high)):
                hit = _hit(sentence, match, relation, bound)
                if hit:
                    yield hit
    for match in _WITH_RELATION.finditer(text):
        if accept(match):
            relation, adjust = relation_of(match.group("rel"))
            value = number_value(match.group("num"))
            hit = _hit(sentence, match, relation, None if value is None else value + adjust)
            if hit:
                yield hit
    for match in _POSTFIX.finditer(text):
        if accept(match):
            post = match.group("post")
            relation = (
                "at_least" if ("more" in post or "least" in post or "min" in post) else "at_most"
            )
            hit = _hit(sentence, match, relation, number_value(match.group("num")))
            if hit:
                yield hit
    for match in _BARE.finditer(text):
        if _unit_kind(match) in _EXACT_KINDS and accept(match):
            hit = _hit(sentence, match, "exactly", number_value(match.group("num")))
            if hit:
                yield hit


_SECTION_COUNT = re.compile(
    r"\b(?:have|has|contain|contains|with|in|into|of|be|write|divided\s+into|split\s+into|"
    rf"organi[sz]ed\s+into)\s+(?:exactly\s+)?(?P<num>{NUMBER})\s+(?:sections?|parts?)\b"
)
_SECTION_MARKER = re.compile(
    r"mark\s+the\s+beginning\s+of\s+each\s+(?:section|part)\s+with\s+(?:the\s+word\s+)?"
    r"[\"'“‘]?(?P<marker>[A-Za-z][\w.]*)\s+(?:X|N|\d+|#|\{[^}]*\})",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=4)
def _marker_in_whole(whole: str) -> re.Match[str] | None:
    # Every sentence of a prompt shares one ``whole``: searched once, not once
    # per sentence (which made compiling a long prompt quadratic).
    return _SECTION_MARKER.search(whole.replace("\ue000", " "))


def sections(sentence: Sentence) -> Iterator[Hit]:
    """ "Your response must have 3 sections. Mark the beginning of each
    section with SECTION X": only with a stated marker can sections be counted."""
    marker = _SECTION_MARKER.search(sentence.original) or _marker_in_whole(sentence.whole)
    if marker is None:
        return
    for match in _SECTION_COUNT.finditer(sentence.lower):
        if response_context(sentence, match.start()) and _after_ok(sentence, match.end()):
            value, name = number_value(match.group("num")), marker.group("marker")
            data = {"kind": "section_count", "relation": "exactly", "value": value, "marker": name}
            if hit := hit_of(data, *match.span()):
                yield hit


_TIMES = rf"(?:(?P<rel>{RELATION})\s+)?(?:(?P<num>{NUMBER})\s+times?|(?P<word>once|twice|thrice))"
_HIGHLIGHTED = r"(?:sections?|parts?|phrases?|words?|sentences?|points?|passages?|keywords?)"
_HIGHLIGHT = re.compile(
    r"\b(?:highlight|italici[sz]e|bold|embolden)(?:\s*/\s*(?:highlight|italici[sz]e|bold))?\s+"
    rf"(?P<rel>{RELATION})\s+(?P<num>{NUMBER})\s+(?:\w+\s+)?{_HIGHLIGHTED}\b|"
    rf"\b(?P<rel2>{RELATION})\s+(?P<num2>{NUMBER})\s+(?:\w+\s+)?{_HIGHLIGHTED}\s+(?:should|must)\s+"
    r"be\s+(?:highlighted|italici[sz]ed|bolded|in\s+italics)\b"
)
_CAPITAL_WORDS = re.compile(
    r"\bwords?\s+(?:with|in|written\s+in)\s+(?:all\s+)?(?:capital\s+letters|capitals|caps|"
    r"uppercase(?:\s+letters)?)\s+(?:should|must|need\s+to|needs\s+to)\s+(?:appear|be\s+used|"
    rf"occur)\s+{_TIMES}"
)
_LETTER = re.compile(
    r"\b(?:the\s+)?letter\s+(?P<arg>[\"'‘“]\ue000[\"'’”]|[a-z])\s+(?:should|must|needs?\s+to|"
    rf"has\s+to)\s+(?:appear|occur|be\s+used)\s+(?:in\s+your\s+(?:response|answer)\s+)?{_TIMES}"
)


def times_of(match: re.Match[str]) -> tuple[Relation, int] | None:
    """A frequency from a match with ``word``/``num`` and optional ``rel`` groups
    (a bare count means at least that many); None when the count is unreadable."""
    value = number_value(match.group("word") or match.group("num") or "")
    if value is None:
        return None
    if match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return relation, value + adjust
    return "at_least", value


def frequencies(sentence: Sentence) -> Iterator[Hit]:
    """Highlighted spans, all-capital words and letter frequencies."""
    text = sentence.lower
    for match in _HIGHLIGHT.finditer(text):
        if response_context(sentence, match.start()):
            relation, adjust = relation_of(match.group("rel") or match.group("rel2"))
            value = number_value(match.group("num") or match.group("num2"))
            data = {"kind": "highlight_count", "relation": relation, "value": (value or 0) + adjust}
            if value is not None and (hit := hit_of(data, *match.span())):
                yield hit
    for match in _CAPITAL_WORDS.finditer(text):
        found = times_of(match)
        if found and response_context(sentence, match.start()):
            data = {"kind": "capital_word_count", "relation": found[0], "value": found[1]}
            if hit := hit_of(data, *match.span()):
                yield hit
    for match in _LETTER.finditer(text):
        found = times_of(match)
        arg = sentence.unmask(match.start("arg"), match.end("arg")).strip("\"'‘’“”")
        if found and response_context(sentence, match.start()):
            data = {"kind": "letter_count", "letter": arg, "relation": found[0], "value": found[1]}
            if hit := hit_of(data, *match.span()):
                yield hit


COUNT_RULES: tuple[Rule, ...] = (counts, sections, frequencies)
