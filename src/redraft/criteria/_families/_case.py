"""Letter case: "all lowercase letters", "no capital letters are allowed",
"in all caps".

Measured exactly: every letter of the answer, lowercase or uppercase as
required. Some words in capitals ("at least 5 words in all caps") or case
for one thing ("lowercase for the title") compile nothing.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from redraft.core._lazy_pattern import compile_lazily, compiled
from redraft.core._text import plural
from redraft.criteria._families._added_part import part_added
from redraft.criteria._families._arguments import Corrected
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._case_tokens import tokens_cased
from redraft.criteria._families._part_scope import part_scoped
from redraft.criteria._families._things_asked import things_asked
from redraft.criteria._grammar import NUMBER
from redraft.criteria._outcome import Outcome
from redraft.criteria._response_subject import addressed
from redraft.criteria._sentences import (
    LATER_PART,
    Hit,
    Rule,
    Sentence,
    clause_start,
    lowered,
    response_context,
    searched,
    sentence_blocked,
)

__all__ = ["LETTER_CASE", "LetterCase", "letter_case"]


class LetterCase(FamilySpec):
    """Every letter lowercase, or every letter uppercase."""

    kind: Literal["letter_case"] = "letter_case"
    case: Literal["lower", "upper"]

    def describe(self) -> str:
        return f"all {self.case}case letters"


def _letter_case(spec: LetterCase, text: str) -> Outcome:
    wrong = [
        ch
        for ch in text
        if ch.isalpha() and (ch.isupper() if spec.case == "lower" else ch.islower())
    ]
    data: dict[str, Any] = {"measured": len(wrong)}
    if not wrong:
        return Outcome(True, f"the answer uses {spec.describe()}, as required", data=data)
    other = "capital" if spec.case == "lower" else "lowercase"
    examples = [w for w in text.split() if any(ch in wrong for ch in w)][:3]
    shown = ", ".join(repr(w.strip(".,;:!?\"'")) for w in examples)
    return Outcome(
        False,
        f"the answer has {plural(len(wrong), other + ' letter')} (e.g. {shown}); "
        f"required: {spec.describe()}",
        f"Your answer has {plural(len(wrong), other + ' letter')}, e.g. {shown}. "
        f"Write every word in {spec.case}case.",
        data=data,
    )


# Where a bare case word ends its item: "lowercase, one per line", "use
# uppercase throughout"; not "uppercase sparingly", "lowercase words",
# "uppercase and lowercase pairs".
_ITEM_END = (
    r"(?=\s*(?:[.,;:!]|$|and\b(?!\s+(?:lower|upper|title|mixed)[\s-]?case)|throughout\b|"
    r"everywhere\b|(?:please|pls|plz)\s*[.!]?\s*$))"
)
# "entirely in capital letters": how much of the answer, said before it
_WHOLLY = r"(?:(?:entirely|completely|wholly|fully|strictly|only)\s+)?"
# A case word that is an item of its own: it opens the sentence or follows
# a comma ("one per line, lowercase, nothing else"), or follows "use".
_BARE_START = r"(?:^|(?<=,)|\b(?:use|using)\s+(?:only\s+)?)\s*(?:all\s+)?"
# "keep everything lowercase", "make the whole answer uppercase": the case of all of it
_ALL_OF_IT = (
    r"\b(?:keep|make|put|write|have|leave|set)\s+(?:everything|it\s+all|all\s+of\s+it|"
    r"the\s+(?:whole|entire)\s+(?:thing|answer|response|reply|text|output))\s+(?:in\s+)?(?:all\s+)?"
)
_LOWER = compile_lazily(
    rf"{_ALL_OF_IT}lower[\s-]?case(?:\s+letters)?\b|"
    # a criteria item of its own: "Lowercase, one per line."
    rf"{_BARE_START}lower[\s-]?case(?:\s+only)?{_ITEM_END}|"
    r"^\s*all\s+(?:the\s+)?letters\s+(?:in\s+)?lower[\s-]?case(?=\s*[.!]?\s*$)|"
    # "All in lowercase.", "…, all in lowercase": the whole of it, a criteria item
    rf"(?:^|(?<=,))\s*all\s+in\s+lower[\s-]?case(?:\s+letters)?{_ITEM_END}|"
    # the verb: "lowercase everything"
    r"\blower[\s-]?case\s+(?:everything|it\s+all|the\s+(?:whole|entire)\s+(?:thing|answer|"
    r"response|reply|output))\b|"
    rf"\b{_WHOLLY}(?:in\s+(?:all\s+)?lower[\s-]?case(?:\s+letters)?|(?:using|use|with)\s+(?:only\s+|all\s+)?"
    r"lower[\s-]?case\s+letters(?:\s+only)?|all\s+lower[\s-]?case(?:\s+letters)?)\b"
)
# "all (of the) letters in your response must be lowercase", "contain only
# lowercase letters", "with all letters lowercased": the letters themselves.
_LETTERS_LOWER = compile_lazily(
    r"\b(?:(?:all\s+(?:of\s+)?(?:the\s+)?letters|every\s+letter)(?:\s+in\s+(?:your|the)\s+"
    r"(?:entire\s+|whole\s+)?(?:response|answer|reply|output))?\s+(?:are|is|be|must\s+be|"
    r"should\s+be|need\s+to\s+be|have\s+to\s+be)\s+(?:in\s+)?(?:all\s+)?lower[\s-]?case"
    r"(?:\s+letters)?|(?:contain|use|using|with)\s+only\s+lower[\s-]?case\s+letters|"
    r"with\s+all\s+(?:the\s+)?letters\s+lower[\s-]?cased)\b"
)
_LETTERS_UPPER = compile_lazily(
    rf"{_ALL_OF_IT}(?:upper[\s-]?case(?:\s+letters)?|caps|capitals|capital\s+letters)\b|"
    r"\b(?:(?:all\s+(?:of\s+)?(?:the\s+)?letters|every\s+letter)(?:\s+in\s+(?:your|the)\s+"
    r"(?:entire\s+|whole\s+)?(?:response|answer|reply|output))?\s+(?:are|is|be|must\s+be|"
    r"should\s+be|need\s+to\s+be|have\s+to\s+be)\s+(?:capitalized|capitalised|(?:in\s+)?"
    r"(?:all\s+)?(?:capital\s+letters|caps|capitals|upper[\s-]?case(?:\s+letters)?))|"
    r"(?:only\s+use|use\s+only|using\s+only|contain\s+only)\s+(?:capital|upper[\s-]?case)\s+"
    r"letters|no\s+lower[\s-]?case\s+letters\s+(?:are\s+)?(?:allowed|permitted)|"
    # a bare item: "…, max 35 characters per line, no lowercase letters"
    r"(?:^|(?<=,)|(?<=,\s)|(?<=\band))\s*no\s+lower[\s-]?case\s+letters(?:\s+at\s+all|\s+anywhere|"
    r"\s+whatsoever)?(?=\s*(?:[.,;!]|$|and\b))|"
    # "capitalize every letter"; "not a single word … should contain lowercase letters"
    r"capitali[sz]e\s+(?:every|each|all(?:\s+the)?)\s+letters?|"
    r"not\s+(?:a\s+single|one|any)\s+(?:word|letter)\s+(?:in\s+(?:your|the)\s+(?:entire\s+|"
    r"whole\s+)?(?:response|answer|reply)\s+)?(?:should|must|can|may|will)\s+(?:contain|have|"
    r"be\s+in)\s+lower[\s-]?case(?:\s+letters)?)\b"
)
_NO_CAPITALS = compile_lazily(
    r"\b(?:no\s+(?:capital|upper[\s-]?case)\s+letters\s+(?:are|is)\s+(?:allowed|permitted|used)|"
    r"(?:(?:do|does|should|must)\s+not|don'?t|doesn'?t|shouldn'?t|never)\s+(?:use|contain|include|"
    r"have)\s+(?:any\s+)?(?:capital|upper[\s-]?case)\s+letters|"
    r"(?:have|has|contain|contains|with|use)\s+no\s+(?:capital|upper[\s-]?case)\s+letters|"
    # "not a single letter in your response is capitalized"
    r"not\s+(?:a\s+single|one|any)\s+letter\s+(?:in\s+(?:your|the)\s+(?:entire\s+|whole\s+)?"
    r"(?:response|answer|reply)\s+)?(?:is|should\s+be|must\s+be|can\s+be)\s+capitali[sz]ed|"
    r"with\s+no\s+capitali[sz]ations?|"
    # a bare item: "no capital letters at all, max 2 emojis"
    # ("no capitals" alone may be capital cities: only "no capitals anywhere" is the letters)
    r"(?:^|(?<=,)|(?<=,\s)|(?<=\band))\s*no\s+(?:(?:capital|upper[\s-]?case)\s+letters(?:\s+at\s+all|"
    r"\s+anywhere|\s+whatsoever)?|capitals\s+(?:at\s+all|anywhere|whatsoever))(?=\s*(?:[.,;!]|$|and\b))|"
    r"without\s+(?:using\s+)?(?:any\s+)?(?:capital|upper[\s-]?case)\s+letters)"
)
_UPPER = compile_lazily(
    rf"{_ALL_OF_IT}(?:upper[\s-]?case(?:\s+letters)?|caps|capitals|capital\s+letters)\b|"
    rf"{_BARE_START}(?:upper[\s-]?case|(?<=all\s)caps|(?<=all\s)capital)(?:\s+only)?{_ITEM_END}|"
    # "All in capitals.", "…, all in uppercase": the whole of it, a criteria item
    r"(?:^|(?<=,))\s*all\s+in\s+(?:all\s+)?(?:upper[\s-]?case(?:\s+letters)?|caps|capitals|"
    rf"capital\s+letters){_ITEM_END}|"
    # a criteria line without its verb: "All letters uppercase."
    r"^\s*all\s+(?:the\s+)?letters\s+(?:in\s+)?(?:upper[\s-]?case|capitals|caps)(?=\s*[.!]?\s*$)|"
    r"\bupper[\s-]?case\s+(?:everything|it\s+all|the\s+(?:whole|entire)\s+(?:thing|answer|"
    r"response|reply|output))\b|"
    rf"\b{_WHOLLY}(?:in\s+(?:all\s+)?(?:capital\s+letters|caps|capitals|upper[\s-]?case(?:\s+letters)?)|"
    r"all\s+(?:capital\s+letters|caps|capitals|upper[\s-]?case(?:\s+letters)?)|"
    r"(?:capital|upper[\s-]?case)\s+letters\s+only)\b"
)
# Words, phrases or a title the case is said of ("at least 5 words should be
# in all caps", "the title in lowercase"); "the words in your response" are
# the answer's, and "300 words and in lowercase" is a list of two.
_CASE_BEFORE_BLOCKS = compile_lazily(
    r"\b(?:words?|phrases?|titles?)\b(?!\s+in\s+(?:your|the)\s+(?:entire\s+|whole\s+)?"
    r"(?:response|answer|reply|output)\b)(?=\s+(?:should|must|needs?|have|has|are|is|be|to|in|"
    r"with|written|typed|all)\b|\s*$)[^,;]*$"
)
# "in all caps for the title", "lowercase except names"; "to express the
# craziness" is a purpose, not a part
_CASE_AFTER_BLOCKS = compile_lazily(
    r"\s*(?:for|except|apart|other\s+than|when|on|of|to\s+(?:the|a|an|each|every|your|this|"
    r"that|its|their|all)\b|"
    # "… lowercase in the subtitle": a part's case, not the answer's
    r"in\s+(?:the|each|every|its|their)\s+(?!(?:whole|entire|answer|response|reply|output)\b))\b"
)


# "all caps title", "lowercase headings": the case of a part the words name
_CASE_OF_NOUN = compile_lazily(
    r"\s+(?:titles?|headings?|headers?|headlines?|names?|labels?|words?|subject\s+lines?|keys?|"
    r"tags?|acronyms?|initials|captions?|hashtags?|column\s+names|section\s+names)\b"
)


_PART_BEFORE = compile_lazily(
    r"(?:\b(?:the\s+)?(?:rest|others?|remaining(?:\s+[\w-]+)?|last\s+one|first\s+one)|"
    r"\b\d{1,3}|\b(?:one|two|three|four|five|six)(?:\s+(?:of\s+them|more))?)\s*$"
)


# The part a bare item after a comma would be about: "then the title, uppercase"
_NOUN_BEFORE = compile_lazily(
    r"\b(?:titles?|headings?|headers?|headlines?|names?|labels?|tags?|subject(?:\s+lines?)?|"
    r"captions?|first\s+(?:word|line|letter)s?|keywords?|acronyms?)\s*,\s*$"
)


# "write NUT ALLERGY in capital letters": the case of the words just shown in
# it, not of the answer; a sentence in capitals ("RESPOND IN ALL CAPS") or a
# directive in them ("ANSWER in uppercase") shows no words
_SHOWN_BEFORE = compile_lazily(
    r"\b[A-Za-z]?[a-z]+\s+(?P<shown>[A-Z][A-Z'-]+(?:\s+[A-Z][A-Z'-]+)*)\s+$"
)
_DIRECTIVE_WORDS = frozenset(
    {
        "answer",
        "respond",
        "reply",
        "write",
        "use",
        "type",
        "output",
        "print",
        "keep",
        "all",
        "only",
        "it",
        "everything",
        "please",
        "must",
        "should",
        "be",
        "your",
        "the",
        "whole",
    }
)


def _shown_before(original: str, end: int) -> bool:
    found = _SHOWN_BEFORE.search(original, 0, end)
    return found is not None and not set(found["shown"].lower().split()) <= _DIRECTIVE_WORDS


# Each thing of the answer laid out on a line of its own ("every rung on
# its own line", "show each word on a new line"): the lines are the answer,
# so the case of each is the case of all; a part's lines ("each heading on
# its own line") are not
_EACH_ON_A_LINE = (
    r"(?:(?:give|show|put|write|list)\s+)?(?:each|every)\s+(?!(?:titles?|headings?|headers?|"
    r"headlines?|names?|labels?|keys?|tags?|captions?|hashtags?|sections?)\b)[\w-]+\s+on\s+"
    r"(?:its\s+own|a\s+(?:new|separate))\s+line"
)
# The item of a list that asks only for several things: "just the words",
# "8 adjectives that describe …", "all 26 English letters", "list every
# email address you find", "can you give me 10 names", "reply with the
# phrase only", "normalise these addresses", "every rung on its own line"
_THINGS_ASKED = compile_lazily(
    rf"^\s*(?:(?:just|only)\s+(?:the\s+)?(?:[\w-]+\s+)?[\w-]+s|(?:all\s+)?{NUMBER}\s+(?:[\w-]+\s+){{0,3}}?"
    r"[\w-]+s\b.*|(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?"
    r"(?:list|give|name|write|provide|output|return|suggest|generate|create|make|brainstorm)\s+"
    rf"(?:me\s+|us\s+)?(?:(?:just|only)\s+)?(?:every\s+|all\s+(?:the\s+)?|{NUMBER}\s+)"
    r"(?:[\w-]+\s+){0,3}?[\w-]+\b.*|"
    # the answer is the one thing named: "reply with the phrase only"
    r"(?:reply|respond|answer)\s+with\s+(?:(?:just|only)\s+)?the\s+(?:[\w-]+\s+)?[\w-]+"
    r"(?:\s+only)?|"
    # given things made over: "normalise these addresses to one line each"
    r"(?:normali[sz]e|convert|reformat|rewrite|format)\s+(?:these|those|the\s+following)\s+"
    r"(?:[\w-]+\s+)?[\w-]+s\b.*|"
    rf"{_EACH_ON_A_LINE})$"
)
# What would be a part of its own after the list: "…, lowercase, then a
# paragraph", "…, uppercase, with a sentence about each"
_MORE_PARTS = compile_lazily(
    r"\b(?:then|followed\s+by|plus|after\s+(?:that|which|it)|and\s+(?:a|an|one|then|also)|"
    r"with\s+(?:a|an|one)\s+(?:short\s+)?(?:sentence|note|line|explanation|description|"
    r"paragraph|comment)s?)\b"
)


def _of_all_asked(sentence: Sentence, match: re.Match[str]) -> bool:
    """Whether a case the response test refused is still the whole answer's:
    said of "the whole thing", or a bare item of a list that asks only for
    several things ("Just the words, lowercase, one per line"; "8 adjectives
    …, every one starting with a vowel, lowercase") — those things are all
    the answer holds, so the case of each is the case of all."""
    text = sentence.lower
    start = match.start()
    if sentence_blocked(sentence, start) or _NEGATED_BEFORE.search(text, 0, start):
        return False
    prefix = text[:start]
    if not _ITEM_AFTER.match(text, match.end()) or _SEQUENCE_BEFORE.search(prefix):
        return False
    if _MORE_PARTS.search(text, match.end()) or LATER_PART.search(
        sentence.whole, sentence.start + len(sentence.masked)
    ):
        return False
    if _LINE_THEN_CASE.search(prefix):
        return True  # "show each word on its own line in capitals"
    if not prefix.rstrip().endswith(","):
        return False
    items = [item.strip() for item in re.split(r"[,;:]", prefix) if item.strip()]
    if any(_THINGS_ASKED.match(item) for item in items):
        return True
    # "Generate a list of 15 adjectives. No adjective repeated, all lowercase,
    # one per line.": the things asked for in a sentence before, and nothing else
    whole = lowered(sentence.whole)
    things = things_asked(whole)
    return (
        things is not None
        and things.end <= sentence.start
        and not any(_SOME_OF_THEM.search(item) for item in items)
        and not searched(_MORE_PARTS, whole)
        and not searched(_SEQUENCE_BEFORE, whole)
    )


# An item naming some of the things or a part: "The first one, all caps."
_SOME_OF_THEM = compile_lazily(
    r"\b(?:first|second|third|last|final|one|some|rest|others?|titles?|headings?|headlines?|"
    r"names?|labels?)\b"
)
# A later part before the case word: "an intro, then each step on its own line in caps"
_SEQUENCE_BEFORE = compile_lazily(r"(?:then|followed\s+by|after\s+(?:that|which|it))")
# The layout of each thing said just before the case: "each step on a new line in capitals"
_LINE_THEN_CASE = compile_lazily(rf"(?:^|[,;:]|\band)\s*{_EACH_ON_A_LINE}\s+$")


# "can you give me 9 names, in capitals?": a polite request ends in a question mark
_ITEM_AFTER = compile_lazily(r"\s*(?:[.,;!?]|$)")


# Some words kept in the other case anywhere in the prompt ("All lowercase. …
# keep PAY-231 uppercase", "Acronyms stay in capitals"): the whole answer is
# then not in one case. Not the answer itself ("keep it all lowercase").
_CASE_NAMES = {
    "lower": r"upper[\s-]?case|capitals?|caps|capitali[sz]ed|all[\s-]caps|block\s+letters",
    "upper": r"lower[\s-]?case|small\s+letters",
}
_AS_WRITTEN = r"as\s+(?:written|is|given|spelled|spelt)|(?:in\s+)?(?:its|their)\s+original\s+case"
_WHOLE_OBJECT = compile_lazily(
    r"^(?:it|this|that|everything|all|it\s+all|all\s+of\s+it|the\s+(?:whole|entire|answer|"
    r"response|reply|text|output|rest)|your\s+\w+)\b|\b(?:no|not|never|without)\b"
)


@functools.lru_cache(maxsize=8)
def _kept_in_other_case(whole: str, case: str) -> bool:
    other = rf"(?:in\s+)?(?:{_CASE_NAMES[case]}|{_AS_WRITTEN})\b"
    kept = compile_lazily(
        r"\b(?:keep|leave|retain|preserve|write|spell|copy)\s+(?P<obj>[^.;!?\n,]{1,40}?)\s+"
        + other
        + "|"
        r"\b(?P<subj>[\w-]+(?:\s+[\w-]+)?)\s+(?:(?:should|must|will|can)\s+)?(?:stays?|remains?)"
        r"\s+" + other
    )
    if _CASE_SENSITIVE.search(whole.lower()):
        return True  # "handles are case-sensitive": some words keep their own case
    for found in kept.finditer(whole.lower()):
        said = (found.group("obj") or found.group("subj") or "").strip()
        if not _WHOLE_OBJECT.search(said):
            return True
    return False


# "(handles are case-sensitive, so write them as given …)": words whose case
# is their own, which a case of the whole answer would change
_CASE_SENSITIVE = compile_lazily(r"\b(?:are|is)\s+case[\s-]sensitive\b")
_NEGATED_BEFORE = compile_lazily(r"\b(?:not|never|no|don'?t|without)\b[^,]*$")


# A part added or placed in the answer earlier in the sentence ("Put the
# hashtags at the end — no more than 5 of them, all lowercase", "end with two
# hashtags, in lowercase", "include the brand name once, in all caps"): the
# case said after it is the last thing named's, not the whole answer's. Not
# the answer itself ("put it all in lowercase", "put your answer in caps").
_PART_ADDED_BEFORE = compile_lazily(
    r"\b(?:add|append|attach|put|place|include|insert|(?:end|finish|close|sign\s+off|"
    r"follow\s+(?:it|this|that|up))\s+(?:it\s+|this\s+|them\s+)?with)\s+"
    r"(?!(?:it|this|that|them|everything|all|the\s+(?:whole|entire)\b|(?:your|the)\s+(?:whole\s+|"
    r"entire\s+)?(?:answer|response|reply|output|text)\b|(?:in|into)\b))[\w'’#@-]"
)


# "… add a postscript starting with P.P.S Your entire response should be in
# all capital letters": the whole answer named again after the part
_WHOLE_NAMED = compile_lazily(
    r"\b(?:your|the)\s+(?:entire\s+|whole\s+)?(?:response|answer|reply|output)\b"
)


def _sentence_before(sentence: Sentence, offset: int) -> str:
    """The text of the source's sentence before ``offset`` (an offset in
    ``sentence``), lowered: an item of a listing sentence is read alone, but
    what its sentence named before it is what a bare item modifies."""
    whole = sentence.whole or sentence.masked
    opened = max(whole.rfind(mark, 0, sentence.start) for mark in ".!?\n") + 1
    return whole[opened : sentence.start + offset].lower()


def letter_case(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    found: list[tuple[Literal["lower", "upper"], re.Match[str], bool]]
    found = [("lower", m, False) for m in _LOWER.finditer(text)]
    found += [("lower", m, False) for m in _LETTERS_LOWER.finditer(text)]
    found += [("lower", m, True) for m in _NO_CAPITALS.finditer(text)]
    found += [("upper", m, False) for m in _UPPER.finditer(text)]
    found += [("upper", m, True) for m in _LETTERS_UPPER.finditer(text)]
    if len({case for case, _, _ in found}) > 1:
        return  # "2 paragraphs in all caps and 1 in lowercase": each case is a part's
    if found and _kept_in_other_case(sentence.whole, found[0][0]):
        return  # "All lowercase … keep PAY-231 uppercase": some words in the other case
    for case, match, owns in found:
        if _PART_BEFORE.search(text, 0, match.start()):
            continue  # "… and the rest in lowercase": the case of some parts
        if part_scoped(sentence, match.start()):
            continue  # "each section heading …, so use ALL CAPS": the headings' case
        after = _CASE_AFTER_BLOCKS.match(text, match.end())
        if after and addressed(text, match.start(), after.group(0)):
            after = None  # "a letter in all caps to the council": whom the letter is to
        if after or _CASE_OF_NOUN.match(text, match.end()):
            continue
        if _NOUN_BEFORE.search(text, 0, match.start()):
            continue  # "then the title, uppercase": the title's case
        before = _sentence_before(sentence, match.start())
        added = (
            _PART_ADDED_BEFORE.search(before)
            if match.re in (compiled(_LOWER), compiled(_UPPER))
            else None
        )
        if added and not _WHOLE_NAMED.search(before, added.end()):
            continue  # "put the hashtags at the end, all lowercase": the hashtags' case
        if match.re in (compiled(_LOWER), compiled(_UPPER)) and (
            part_added(sentence.whole or sentence.masked)
            or tokens_cased(sentence.whole or sentence.masked)
        ):
            continue  # "…, all in capitals, and under the puzzle give the source": its own case
        if _shown_before(sentence.original, match.start()):
            continue
        if _CASE_BEFORE_BLOCKS.search(text, clause_start(text, match.start()), match.start()):
            continue  # "at least 5 words should be in all caps": some words, not the answer
        if response_context(sentence, match.start(), owns_negation=owns) or _of_all_asked(
            sentence, match
        ):
            yield Hit(LetterCase(case=case), *match.span())


class _LetterCase(Corrected):
    name = "letter case"
    specs = (LetterCase,)
    rules: ClassVar[tuple[Rule, ...]] = (letter_case,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _letter_case(spec, text)

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": "case", "case": spec.case}

    def settled_failure(self, spec: Any, partial: str) -> bool:
        return not self.measure(spec, partial).passed


LETTER_CASE = _LetterCase()
