"""Keywords: words that must appear (each with its own count, or all with
one: "cloud and river, each exactly twice", "'moon' exactly twice and 'star'
at most once") and words that must not ("don't use the word 'very'").

Measured exactly: whole words or phrases, case-insensitive, a plural or
possessive ending (``s``, ``es``, ``'s``) included. Keywords are taken from
quotes where the prompt quotes them, else only from a short list of single
words that plainly ends (:func:`~._arguments.parse_list`). A keyword stated
for one part of the answer ("in the second sentence") is left to
:mod:`._positions`. The clauses that state how often a word appears ("the
word 'red' appears exactly 5 times"), literals required without quotes (a
hotline number, a hashtag) and the family itself are in
:mod:`._keyword_clauses`; bans by a label or of a banned kind's members in
:mod:`._keyword_bans`; values spelled out for the answer in
:mod:`._keyword_values`.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._text import noun
from redraft.criteria import _measure as measure
from redraft.criteria._families._arguments import (
    ARG,
    NOT_KEYWORDS,
    frequency,
    parse_list,
    response_spec,
    spec_hit,
)
from redraft.criteria._families._base import FamilyCount, FamilySpec
from redraft.criteria._families._count_report import count_outcome
from redraft.criteria._families._keyword_speech import (
    described_text,
    narrated_saying,
    substituted,
)
from redraft.criteria._families._lexical import asks_about, described, elliptical_ban
from redraft.criteria._families._qualified import alternative_listed, condition_after, taken_back
from redraft.criteria._families._sections_of import reported_before
from redraft.criteria._grammar import NUMBER, RELATION, number_value
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import (
    NEGATION,
    THING,
    Hit,
    Sentence,
    clause_start,
    response_context,
    sentence_blocked,
)
from redraft.criteria._spec_base import SHORT, Relation, has_text

__all__ = [
    "EACH",
    "ELSEWHERE",
    "OPEN_LIST",
    "REQUIRE_DONE",
    "ForbiddenWords",
    "Keyword",
    "forbidden_hit",
    "keyword_hits",
    "keyword_outcome",
    "forbidden_outcome",
    "keywords",
    "more_keywords",
    "of_answer",
    "of_several",
    "own_modal_clause",
    "told_of",
]


class Keyword(FamilyCount):
    """Occurrences of ``keyword`` as a whole word or phrase, case-insensitive;
    a plural or possessive ending (``s``, ``es``, ``'s``) still counts."""

    kind: Literal["keyword"] = "keyword"
    keyword: str = Field(min_length=1, max_length=SHORT)
    relation: Relation = "at_least"
    value: int = Field(default=1, ge=0, le=1000)
    unit: ClassVar[tuple[str, str]] = ("time", "times")

    @field_validator("keyword")
    @classmethod
    def _keyword_text(cls, value: str) -> str:
        return has_text(value, "a keyword needs at least one letter or digit")

    def describe(self) -> str:
        return f"the keyword {self.keyword!r} {super().describe()}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.keyword.lower(), self.relation)


class ForbiddenWords(FamilySpec):
    """None of ``words`` may appear (whole words, case-insensitive, plural and
    possessive endings included)."""

    kind: Literal["forbidden_words"] = "forbidden_words"
    words: list[str] = Field(min_length=1, max_length=50)

    @field_validator("words")
    @classmethod
    def _words_have_text(cls, value: list[str]) -> list[str]:
        cleaned = [w.strip() for w in value]
        if any(not any(ch.isalnum() for ch in w) for w in cleaned):
            raise ValueError("every forbidden word needs at least one letter or digit")
        if any(len(w) > SHORT for w in cleaned):
            raise ValueError(f"forbidden words are at most {SHORT} characters")
        return cleaned

    def describe(self) -> str:
        return "none of the words " + ", ".join(repr(w) for w in self.words)

    def slot(self) -> tuple[object, ...]:
        return (self.kind, tuple(sorted(w.lower() for w in self.words)))


def keyword_outcome(spec: Keyword, text: str) -> Outcome:
    n = len(measure.keyword_matches(text, spec.keyword))
    times = spec.unit[0] if n == 1 else spec.unit[1]
    gap = abs(n - spec.value)
    gap_times = spec.unit[0] if gap == 1 else spec.unit[1]
    fix = (
        f"Use {spec.keyword!r} {gap} more {gap_times}."
        if n < spec.value
        else f"Use {spec.keyword!r} at most {spec.value} "
        f"{spec.unit[0] if spec.value == 1 else spec.unit[1]} (remove {gap})."
    )
    return count_outcome(spec, n, f"uses {spec.keyword!r} {n} {times}", fix)


def forbidden_outcome(spec: ForbiddenWords, text: str) -> Outcome:
    counts = {w: len(measure.keyword_matches(text, w)) for w in spec.words}
    found = {w: n for w, n in counts.items() if n}
    data: dict[str, Any] = {"measured": counts}
    if not found:
        return Outcome(True, f"the answer uses {spec.describe()}, as required", data=data)
    listed = ", ".join(f"{w!r} ({n}×)" for w, n in found.items())
    return Outcome(
        False,
        f"the answer uses the forbidden {noun(len(found), 'word')} {listed}; "
        f"required: {spec.describe()}",
        f"Your answer uses {listed}; remove every one of them and do not use "
        + ", ".join(repr(w) for w in spec.words)
        + ".",
        data=data,
    )


_NOUNS = r"(?:key\s*words?|words?|terms?|phrases?)"
_INCLUDE = compile_lazily(
    r"\b(?:include|includes|including|use|uses|using|mention|contain|contains|containing|"
    r"incorporate|add)\s+(?:each\s+of\s+|all\s+of\s+|both\s+of\s+)?(?:the\s+|these\s+)?"
    r"(?:following\s+)?"
    # "include these items: Zelda, Hyrule": a list after a colon names its words
    rf"(?:{_NOUNS}\s*:?|(?:items|names|things)\s*:)"
)
_INCLUDE_QUOTED = compile_lazily(
    rf"\b(?:include|mention|use)\s+(?P<arg>{ARG})\s+in\s+(?:your|the)\s+(?:entire\s+|whole\s+)?"
    rf"{THING}\b|"
    # "include the address '42 Harbour Rd'": a thing named by its words
    r"\b(?:include|mention|contain|contains)\s+(?:the|our|my|this)\s+(?!(?:format|template|style|structure|pattern|"
    r"form|layout|tone|voice|example|word|words|phrase|phrases|keywords?|terms?|letters?|"
    r"characters?|symbols?)\b)[\w-]+"
    rf"(?:\s+[\w-]+)?\s+(?P<named>{ARG})"
    # not where it goes ("… as the final sentence"): that is a position rule's;
    # nor how often ("… no more than 2 times"): that is a count it does not read
    r"(?!\s*,?\s*(?:as\s+(?:the|your)\s+(?:very\s+)?(?:final|last|first|opening|closing)|"
    r"at\s+the\s+(?:very\s+)?(?:end|start|beginning|top|bottom)|"
    rf"(?:{RELATION})\b|{NUMBER}\s+times\b|once\b|twice\b|thrice\b))"
)
_FORBID = compile_lazily(
    r"\b(?:do\s+not|don'?t|does\s+not|doesn'?t|never|not|avoid|without|exclude|steer\s+clear\s+of|"
    # "leave out the word 'x'", "omit the phrase 'y'": a ban in the writer's terms
    r"stay\s+away\s+from|refrain\s+from|leave\s+out|omit)\s+"
    r"(?:(?:use|using|include|including|mention|mentioning|say|saying|write|writing|contain|"
    # "never spell out 'kilowatt-hour'": the spelled-out form is the word kept out
    r"containing|spell\s+out|spelling\s+out)\s+)?"
    # "never use these words: a, b": the list after the colon names them
    rf"(?:(?:the\s+|these\s+(?={_NOUNS}\s*:)|any\s+(?:of\s+)?(?:the\s+|these\s+)?)?(?:following\s+)?"
    rf"{_NOUNS}\s*:?|(?=\s*{ARG}))"
)


MORE_THAN = compile_lazily(
    rf"\s*,?\s*more\s+than\s+(?:(?P<num>{NUMBER})\s+times?|(?P<word>once|twice|thrice))\b"
)
ELSEWHERE = compile_lazily(
    r"\s*(?:only\s+)?(?:in|within|inside)\s+(?:(?:the|each|every|a|your)\s+(?:first\s+|last\s+)?"
    rf"(?!(?:entire\s+|whole\s+)?{THING}\b)[a-z]|"
    # "… appears 14 times in my abstract": a count of a text of the writer's own
    r"(?:my|our|his|her|their|this|that|these|those)\s+[a-z]|(?:paragraph|sentence|section|part|line|bullet|"
    r"stanza)s?\s+(?:number\s+)?[\w#])|"
    # "avoid 'obviously' at the beginning of sentences": a part's start or end
    r"\s*(?:right\s+)?at\s+the\s+(?:very\s+)?(?:start|beginning|end|top|bottom)\s+of\s+(?!(?:the\s+|your\s+)?"
    rf"(?:entire\s+|whole\s+)?{THING}\b)"
)


# "… and the word 'river' at least three times": one more keyword with its own count.
_NEXT = compile_lazily(
    r"\s*\)?\s*(?:,\s*|;\s*)?(?:and\s+|while\s+|but\s+)?(?:the\s+)?(?:(?:key\s*)?words?\s+|terms?\s+|"
    rf"phrases?\s+)?(?P<item>{ARG}|[a-z][\w'-]*)\s+(?:(?:should|must)\s+(?:appear|occur|be\s+used)\s+)?"
)
# "Mention 'apple' exactly twice": a quoted keyword and a stated count.
_USE_COUNTED = compile_lazily(
    # "repeat the word 'build' at least 5 times": a word named, then how often
    rf"\b(?:include|mention|use|say|write|repeat|repeats|repeating|incorporate)\s+"
    rf"(?:the\s+(?:word|phrase|term)\s+)?(?P<arg>{ARG})(?=\s*,?\s*"
    rf"(?:{RELATION}|{NUMBER}\s+times|once|twice|thrice)\b)"
)


# "Mention '24 hours' somewhere", "include 'A', 'B' and 'C'", "work in 'net zero'":
# quoted phrases right after a verb of saying or including.
_REQUIRE = compile_lazily(
    r"\b(?:include|includes|including|mention|mentions|mentioning|use|uses|using|reference|"
    r"references|cite|say|says|feature|features|contain|contains|containing|incorporate|"
    r"incorporates|(?:work|weave|drop|slip|fit)\s+in|bring\s+up|put)\s+"
    # "it must contain both 'remote' and 'hybrid'": every one of the words listed
    r"(?:(?:both|all\s+of|each\s+of)\s+)?(?=[\"“'‘«`]\ue000)|"
    # "work in the phrase 'salt and light'", "reference our slogan 'Grow gently'": the
    # words named by what they are
    r"\b(?:(?:work|weave|drop|slip|fit|throw|sneak|squeeze)\s+in|reference|references|referencing)\s+"
    r"(?:the|our|my|this|your)\s+(?:(?:key\s*)?words?|terms?|phrases?|slogan|tagline|motto|"
    r"catchphrase|hashtag|brand\s+name)\s+(?=[\"“'‘«`]\ue000)"
)
# Where the clause must end after them: anything else ("… at the top", "… as
# the greeting", "… instead of 'B'", "… for strings") puts them somewhere or
# makes them something a keyword check does not state.
REQUIRE_DONE = compile_lazily(
    # a gloss ("'neighbours' (British spelling)", "12 (minimum length)"), never one that
    # states a count or a place
    r"(?:\s*\((?![^()]*(?:\d|\b(?:times?|once|twice|thrice|each|every|first|last|start|end|"
    r"begin\w*|title|heading|paragraph|sentence|line|only)\b))[^()]{1,40}\))?"
    r"\s*(?:(?:somewhere|anywhere|throughout|at\s+some\s+point|verbatim|word\s+for\s+word|"
    r"exactly\s+as\s+(?:written|given|shown|spelled|spelt))\s*)*"
    rf"(?:(?:somewhere\s+)?in\s+(?:the|your)\s+(?:entire\s+|whole\s+)?{THING}\b\s*)?"
    r"(?:$|[.;!,)]|—|–|\s-\s|(?:and|but|while|too|as\s+well)\b)"
)


# "Use 'Section 1', 'Section 2', etc.": examples of a pattern, not the phrases.
OPEN_LIST = compile_lazily(r"\s*,?\s*(?:etc\b|and\s+so\s+on|and\s+the\s+like|…|\.\.\.)")
_SUBORDINATE = compile_lazily(r"\b(?:before|after|until|till|once|than)\s+(?:\w+\s+){0,2}$")


EACH = compile_lazily(r"\s*(?:each|apiece|both)?")
# "why the poet uses 'never' twice": what a text does, told of (not "how to use …")
_EXPLAINED = compile_lazily(r"\b(?:why|how|whether)\b(?!\s+to\b)")


def _required_phrases(sentence: Sentence) -> Iterator[Hit]:
    """Quoted phrases a verb requires ("Mention '24 hours' somewhere"), each
    with its stated count; read only where the clause ends after them."""
    text = sentence.lower
    for match in _REQUIRE.finditer(text):
        parsed = parse_list(sentence, match.end())
        if not parsed:
            continue
        amounts, end = frequency(sentence, parsed[1])
        if not amounts or not REQUIRE_DONE.match(text, end) or OPEN_LIST.match(text, end):
            continue
        if taken_back(text, end) or alternative_listed(text, match.end(), parsed[1]):
            continue  # "mention 'free shipping' or 'free delivery'": either will do
        if _SUBORDINATE.search(text, clause_start(text, match.start()), match.start()):
            continue  # "mention 'A' before you mention 'B'": an order, not a presence
        if asks_about(sentence, match.start()) or not of_answer(sentence, match.start()):
            continue
        if of_several(text, match.start()) or narrated_saying(text, match.start()):
            continue  # "my grandmother used to say '…'": her words, not the answer's
        if described_text(text, match.start()) or substituted(text, match.start(), parsed[1]):
            continue  # "it says '…'": the user's text; "say 'A', never 'B'": a swap
        yield from keyword_hits(parsed[0], amounts, match.start(), end)
        if end > parsed[1]:
            yield from more_keywords(sentence, end)


def told_of(text: str, start: int) -> bool:
    """ "Explain why the poet uses 'never' twice": what a text does, told
    of in the clause before ``start``, not asked of the answer."""
    return _EXPLAINED.search(text, clause_start(text, start), start) is not None


def of_answer(sentence: Sentence, start: int) -> bool:
    """A requirement on the answer, or one describing the one thing asked
    for ("Give me one sentence that uses all of these words: …")."""
    if told_of(sentence.lower, start):
        return False
    return response_context(sentence, start) or described(sentence, start)


def keyword_hits(
    items: list[str], amounts: list[tuple[Relation, int]], start: int, end: int
) -> Iterator[Hit]:
    for item in items:
        for relation, value in amounts:
            if hit := spec_hit(
                partial(Keyword, keyword=item, relation=relation, value=value), start, end
            ):
                yield hit


def forbidden_hit(words: list[str], start: int, end: int) -> Hit | None:
    return spec_hit(partial(ForbiddenWords, words=words), start, end)


def _counted(sentence: Sentence, pos: int) -> tuple[list[tuple[Relation, int]], int] | None:
    """A stated count at ``pos`` (None when none is stated there)."""
    amounts, end = frequency(sentence, pos)
    return (amounts, end) if end > pos and amounts else None


_NOT_AT_ALL = compile_lazily(
    r"(?:not\s+at\s+all|never|zero\s+times|0\s+times)(?=\s*(?:$|[.;!,)]|—|–|(?:and|but)\b))"
)
_BOUND_WORDS = frozenset({"no", "not", "never", "fewer", "less", "more", "under", "over"})


def more_keywords(sentence: Sentence, pos: int) -> Iterator[Hit]:
    """Keywords after the first, each with its own stated count."""
    text = sentence.lower
    while (match := _NEXT.match(text, pos)) is not None:
        raw = sentence.unmask(match.start("item"), match.end("item"))
        item = raw.strip("\"“”'‘’«»`").strip()
        quoted = raw.startswith(('"', "“", "'", "‘", "«", "`"))
        if not quoted and item.lower() in NOT_KEYWORDS | _BOUND_WORDS:
            return  # "… but no more than 5 times": a bound, not a word to count
        start = match.start() + len(match.group(0)) - len(match.group(0).lstrip(" )"))
        if none := _NOT_AT_ALL.match(text, match.end()):
            # "'run' at least 3 times but the word 'race' not at all": the next word banned
            if quoted and (hit := forbidden_hit([item], start, none.end())):
                yield hit
            return
        counted = _counted(sentence, match.end())
        if counted is None or ELSEWHERE.match(text, counted[1]):
            return
        yield from keyword_hits([item], counted[0], start, counted[1])
        pos = counted[1]


# "Write 6 sentences using the word 'although'": in every sentence, or in one
# of them? A keyword that modifies several counted things is read by neither.
_OF_SEVERAL = compile_lazily(
    rf"\b(?:{NUMBER}|several|multiple|many|few|some)\s+(?:[\w-]+\s+){{0,2}}"
    r"(?!(?:words|characters|chars|letters|tokens)\b)[a-z]+s\s*,?\s*"
    r"(?:each\s+|all\s+|every\s+one\s+)?$"
)


def of_several(text: str, start: int) -> bool:
    return bool(_OF_SEVERAL.search(text, max(0, start - 60), start))


_OR_GLOSS = compile_lazily(r"\s*\(\s*(?:or|and)\s+(?:the\s+)?(?:words?\s+)?")


def keywords(sentence: Sentence) -> Iterator[Hit]:
    """Keywords that must appear (how often), and words that must not."""
    text = sentence.lower
    for match in _FORBID.finditer(text):
        parsed = parse_list(sentence, match.end())
        if parsed and ELSEWHERE.match(text, parsed[1]):
            continue  # "never mention 'x' in the title"
        bare = match.group(0).strip() in ("never", "not")
        if bare and not elliptical_ban(sentence, match.start()):
            continue  # "Start with 'Dear', never 'Hey'"; "it is not 'x' that …"
        if parsed and condition_after(text, parsed[1]):
            continue  # "avoid 'basically' unless you quote someone": banned from some answers
        if parsed and (limit := MORE_THAN.match(text, parsed[1])):
            # "don't use the word 'x' more than twice": a ceiling, not a ban
            most = number_value(limit.group("num") or limit.group("word") or "")
            if most is not None and response_context(sentence, match.start(), owns_negation=True):
                yield from keyword_hits(parsed[0], [("at_most", most)], match.start(), limit.end())
            continue
        if (
            parsed
            and (bare or response_context(sentence, match.start(), owns_negation=True))
            and (hit := forbidden_hit(parsed[0], match.start(), parsed[1]))
        ):
            yield hit
    for match in _INCLUDE.finditer(text):
        parsed = parse_list(sentence, match.end())
        if not parsed or not of_answer(sentence, match.start()):
            continue
        if of_several(text, match.start()):
            continue
        if gloss := _OR_GLOSS.match(text, parsed[1]):
            # "the word 'thank' (or 'thanks') no more than once": a ceiling holds of
            # every form; a floor is met by either, so no form is required
            forms = parse_list(sentence, gloss.end())
            close = forms and compile_lazily(r"\s*\)").match(text, forms[1])
            amounts, end = frequency(sentence, close.end()) if forms and close else ([], 0)
            if forms and amounts and all(rel == "at_most" for rel, _ in amounts):
                yield from keyword_hits(parsed[0] + forms[0], amounts, match.start(), end)
            continue
        amounts, end = frequency(sentence, parsed[1])
        if ELSEWHERE.match(text, parsed[1]) or ELSEWHERE.match(text, end):
            continue  # "use the word cloud twice in the second sentence": a part rule's
        if taken_back(text, end) or alternative_listed(text, match.end(), parsed[1]):
            continue  # "'happy' or 'glad'", "… only if it fits", "… less often"
        yield from keyword_hits(parsed[0], amounts, match.start(), end)
        if end > parsed[1]:
            yield from more_keywords(sentence, end)
    for match in _USE_COUNTED.finditer(text):
        word = sentence.unmask(match.start("arg") + 1, match.end("arg") - 1).strip()
        counted = _counted(sentence, match.end())
        if counted is not None and match.group(0).startswith("repeat"):
            # "repeat 'hope' three times" is three uses or three more: only a
            # floor holds either way ("repeat the word 'go' at least 3 times")
            floors: list[tuple[Relation, int]] = [
                (rel, value) for rel, value in counted[0] if rel == "at_least"
            ]
            counted = (floors, counted[1]) if floors else None
        if counted is None or not of_answer(sentence, match.start()):
            continue
        if ELSEWHERE.match(text, counted[1]) or taken_back(text, counted[1]):
            continue
        yield from keyword_hits([word], counted[0], match.start(), counted[1])
        yield from more_keywords(sentence, counted[1])
    for match in _INCLUDE_QUOTED.finditer(text):
        arg = "arg" if match.group("arg") else "named"
        word = sentence.unmask(match.start(arg) + 1, match.end(arg) - 1).strip()
        if taken_back(text, match.end()) or reported_before(sentence, match.start()):
            continue  # "mention our app 'Tidy' when it makes sense"; "… that our docs include …"
        yield from response_spec(sentence, partial(Keyword, keyword=word), *match.span())
    yield from _required_phrases(sentence)


# A clause of its own: it opens the sentence or follows a clause break.
_CLAUSE_OPENS = compile_lazily(r"(?:^|[,;:]|\b(?:and|but|also|while|plus))\s*$")


def own_modal_clause(sentence: Sentence, start: int) -> bool:
    """ "…, and the word 'x' should appear twice": a clause with its own
    modal, plain (not hedged, conditional, negated before it, or asked)."""
    text = sentence.lower
    if not _CLAUSE_OPENS.search(text, 0, start) or asks_about(sentence, start):
        return False
    if sentence_blocked(sentence, start):
        return False
    return not NEGATION.search(text, clause_start(text, start), start)
