"""Prose length: the answer's words, sentences, paragraphs and characters.

Measured as :mod:`redraft.criteria._measure` cuts the text: words are
whitespace-separated tokens holding a letter or a digit (and a word limit
holds only when it also holds for runs of word characters, so "don't"
counted as one word or two gives one verdict); sentences approximately
(``.``, ``!``, ``?`` or a line break; abbreviations and ``3.5`` do not end
one); paragraphs at blank lines or at a named ``***`` / ``---`` divider;
characters with the surrounding whitespace excluded.

Read from "at most 100 words", "between 3 and 5 paragraphs", "400 or more
words", "don't write more than 50 words", "in 3 sentences" (a bare number is
exact for sentences and paragraphs, too loose for words and characters),
"4 stanzas", "the number of sentences should be 40 to 60" and "limit the
number of words to less than 300"; not from a count of one part ("a title
of at most 5 words", "3 sentences per paragraph", "two sentences, then a
list"), nor from what is given ("this 500-word essay").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import SerializerFunctionWrapHandler, model_serializer

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._added_part import part_added
from redraft.criteria._families._base import FamilyCount, FamilySpec
from redraft.criteria._families._count_report import TallyFamily
from redraft.criteria._families._counted import Unit, UnitCounts
from redraft.criteria._families._counts_abroad import CountsAbroad
from redraft.criteria._families._each_thing import each_thing_counts
from redraft.criteria._families._lines import LineCount
from redraft.criteria._families._listed_words import listed_words_dropped
from redraft.criteria._families._marks import names_section_marker
from redraft.criteria._families._number_of import NumberOf, Tally
from redraft.criteria._families._only_piece import only_sentence_at, only_word_at
from redraft.criteria._families._only_token import token_length_at
from redraft.criteria._families._part_labels import unlabelled
from redraft.criteria._families._reading import things_counted
from redraft.criteria._families._title_part import title_asked, title_first
from redraft.criteria._sentences import (
    HEDGE,
    Hit,
    Rule,
    Sentence,
    lowered,
    response_context,
    searched,
)
from redraft.criteria._spec_base import Relation

__all__ = [
    "CHARACTERS",
    "PARAGRAPHS",
    "SENTENCES",
    "WORDS",
    "CharCount",
    "ParagraphCount",
    "SentenceCount",
    "WordCount",
]


class WordCount(FamilyCount):
    """Words: whitespace-separated tokens holding at least one letter or digit."""

    kind: Literal["word_count"] = "word_count"
    unit: ClassVar[tuple[str, str]] = ("word", "words")


class SentenceCount(FamilyCount):
    """Sentences: text ended by ``.``, ``!``, ``?`` or a line break (approximate:
    common abbreviations and numbers such as ``3.5`` do not end one)."""

    kind: Literal["sentence_count"] = "sentence_count"
    unit: ClassVar[tuple[str, str]] = ("sentence", "sentences")


class ParagraphCount(FamilyCount):
    """Paragraphs: blocks separated by blank lines, or by lines of ``***`` or
    of ``---``; with ``after_title``, those after the answer's first
    non-empty line (its title, as the part ``title`` is cut)."""

    kind: Literal["paragraph_count"] = "paragraph_count"
    separator: Literal["blank_line", "***", "---"] = "blank_line"
    after_title: bool = False
    unit: ClassVar[tuple[str, str]] = ("paragraph", "paragraphs")

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # a count of the whole answer dumps as it always has
        dumped: dict[str, Any] = handler(self)
        if not dumped.get("after_title", True):
            del dumped["after_title"]
        return dumped

    def describe(self) -> str:
        counted = super().describe()
        return f"{counted} after the title line" if self.after_title else counted


class CharCount(FamilyCount):
    """Characters of the answer, surrounding whitespace excluded."""

    kind: Literal["char_count"] = "char_count"
    unit: ClassVar[tuple[str, str]] = ("character", "characters")


# Divider lines a prompt may name between paragraphs; any other (===, ~~~)
# is one no spec measures.
_DIVIDERS = compile_lazily(r"\*{3,}|-{3,}|={3,}|_{3,}|~{3,}|#{3,}")
_SEPARATED = compile_lazily(r"\b(?:separat\w*|divid\w*|split)\b|\bdivider\b")
_BLANK = compile_lazily(r"\b(?:blank|empty|new)\s*lines?\b|\bline\s+breaks?\b|\bnewlines?\b")
# A letter or an email: its greeting and sign-off are blocks of their own, so
# "4 paragraphs" counts its body, which blank-line paragraphs cannot tell apart.
_CORRESPONDENCE = compile_lazily(
    r"\b(?:an?|the|your|my|this)\s+(?:(?!capital|lower|upper|single|first|last|small|each|same|"
    r"different|other|another|next|new|vowel)"
    r"[\w-]+\s+|['\"‘“][^'\"’”]{0,40}['\"’”]\s+){0,3}(?:letter|e-?mail|memo)\b"
    # "the letter e", "a letter of the alphabet": a character; "a cover letter
    # opening paragraph": one paragraph of it, not the whole letter
    r"(?!\s*['\"‘“\ue000])(?!\s+(?:[a-z](?![\w'’-])|of\s+the\s+alphabet\b|"
    r"(?:[\w-]+\s+)?paragraph\b))|\be-?mails?\b"
)


# A block asked beside the paragraphs: a postscript, a references list, a note
# the answer "also includes" ("each reply also includes a short note on the form")
_EXTRA_BLOCK = compile_lazily(
    r"\bp\.\s?s\.?(?=\s|$)|\bpostscript\b|\breferences?\s+(?:list|section)\b|\bbibliography\b|"
    r"\bfootnotes?\b|\b(?:an?|the|one)\s+(?:[\w-]+\s+)?(?:chorus|refrain|epigraph|dedication|"
    r"moral)\b|\b(?:also|additionally|then)\s+(?:include|add|append|attach|write|give|provide)s?"
    r"\s+(?:a|an|one)\s+(?:[\w-]+\s+){0,2}?(?:note|list|summary|table|section|conclusion|tl;?dr|"
    r"disclaimer|signature|sign-?off|quote|caption|line|example|question|references|sources)\b"
)


def _dividers(text: str) -> set[str]:
    return {m.group(0)[0] for m in _DIVIDERS.finditer(text)}


def paragraph_count(relation: Relation, value: int, sentence: Sentence) -> ParagraphCount | None:
    """The paragraph count a sentence states, with the separator it names;
    None when it names a separator no spec measures, or counts the
    paragraphs of a letter (whose greeting and sign-off are blocks too)."""
    # the original text: a divider is often quoted ("separated by '***'")
    dividers = _dividers(sentence.original)
    if not dividers and searched(_SEPARATED, lowered(sentence.whole)):
        dividers = _dividers(sentence.full)  # "Separate them with ***." in a sentence of its own
        if not dividers and "divider" in lowered(sentence.whole):
            dividers = {"*"}  # the markdown divider
    if not dividers and _SEPARATED.search(sentence.lower) and not _BLANK.search(sentence.lower):
        return None  # "separated by a line of dashes": a divider not stated exactly
    if len(dividers) > 1 or dividers - {"*", "-"}:
        return None
    if dividers:
        separator: Literal["***", "---"] = "***" if dividers == {"*"} else "---"
        return ParagraphCount(relation=relation, value=value, separator=separator)
    if searched(_CORRESPONDENCE, lowered(sentence.whole)):
        return None
    whole = lowered(sentence.whole)
    if relation != "at_least" and searched(_EXTRA_BLOCK, whole):
        return None  # a note is a block that may be counted: only a floor holds
    if relation != "at_least" and title_asked(sentence.whole):
        if not title_first(sentence.whole):
            return None  # headings within the text, or a title placed after it
        # a title is a block that may be counted or not: count the blocks after it
        return ParagraphCount(relation=relation, value=value, after_title=True)
    return ParagraphCount(relation=relation, value=value)


def divided_count(relation: Relation, value: int, sentence: Sentence) -> ParagraphCount | None:
    """ "exactly 4 sections, separated by the markdown divider ***", "split it
    into 3 parts separated by ***": parts between ``***`` lines are paragraphs
    as the divider counts them. Only with ``***`` named in the sentence, or in
    a sentence of the prompt that separates with it, and no section marker
    ("SECTION X") that would count them instead."""
    if names_section_marker(sentence.full):
        return None
    spec = paragraph_count(relation, value, sentence)
    if spec is None or spec.separator != "***":
        return None
    return spec


# A format to follow, written out with its *** dividers: "Follow the exact
# format below: Part 1 … *** Part 2 … *** Part 3 …" asks for as many parts.
_FORMAT_ASKED = compile_lazily(
    r"\b(?:(?:exact|following|this|same)\s+format|format\s+below|(?:use|with)\s+\*{3}\s+as|"
    r"separat\w*\b[^.\n]{0,80}\*{3}|example\s*:)"
)
_DIVIDER_LINE = compile_lazily(r"^[ \t\"'“”]*\*{3}[ \t\"'“”]*$", re.MULTILINE)
# "…", "....", "etc." alone on a line: the template goes on as long as wanted
_GOES_ON = compile_lazily(r"^[ \t\"'“”\[(]*(?:\.{3,}|…|etc\.?)[ \t\"'“”\])]*$", re.MULTILINE)


def template_parts(sentence: Sentence) -> Iterator[Hit]:
    """The parts a format template writes out: k ``***`` lines, k + 1 parts.
    Read once, from the sentence that asks for the format; not where the
    template goes on ("Step 1 … *** Step 2 … *** …") or names sections."""
    found = _FORMAT_ASKED.search(sentence.lower)
    if found is None or HEDGE.search(sentence.lower):
        return
    full = sentence.full
    after = full[sentence.start + found.start() :]
    dividers = _DIVIDER_LINE.findall(after)
    if not dividers or _GOES_ON.search(after) or names_section_marker(full):
        return
    yield Hit(
        ParagraphCount(relation="exactly", value=len(dividers) + 1, separator="***"), *found.span()
    )


# "Give me 4 tips. Put each tip in its own paragraph.": as many paragraphs as tips
_EACH_PARAGRAPH = compile_lazily(
    r"\b(?:each|every)\s+(?P<noun>[a-z]+)\s+(?:in|into|as|gets)\s+(?:a\s+(?:separate|new|"
    r"different)\s+|its\s+own\s+|a\s+)paragraph\b(?!\s+(?:of|with|per|each)\b)|"
    r"\bone\s+paragraph\s+(?:per|for\s+each|for\s+every)\s+(?P<per>[a-z]+)\b"
)
# Paragraphs beside the things': an opening, a closing, a title, a list
_OTHER_BLOCKS = compile_lazily(
    r"\b(?:intro\w*|conclu\w*|opening|closing|title|heading|headline|greeting|sign[- ]?off|"
    r"summary|then|followed\s+by|p\.\s?s\.?|postscript|overview|preamble|list|bullet\w*|"
    r"table|paragraphs|sections?|parts|groups?|categor\w*)\b"
)


def paragraphs_per_thing(sentence: Sentence) -> Iterator[Hit]:
    """ "4 tips … put each tip in a separate paragraph", "three reasons, one
    paragraph per reason": as many paragraphs as the one number the prompt
    states for those things; not beside an opening, a closing or a title,
    which are paragraphs too."""
    for match in _EACH_PARAGRAPH.finditer(sentence.lower):
        if searched(_OTHER_BLOCKS, lowered(sentence.whole)):
            return
        value = things_counted(sentence.whole, match.group("noun") or match.group("per"))
        if not value or not response_context(sentence, match.start()):
            continue
        if _dividers(sentence.whole):
            spec = paragraph_count("exactly", value, sentence)
        else:
            # "in a separate paragraph" names no divider; another separator may
            rest = lowered(sentence.whole).replace(match.group(0), " ")
            if (_SEPARATED.search(rest) and not _BLANK.search(rest)) or _CORRESPONDENCE.search(
                lowered(sentence.whole)
            ):
                continue
            spec = ParagraphCount(relation="exactly", value=value)
        if spec is not None:
            yield Hit(spec, *match.span())


def only_the_sentence(sentence: Sentence) -> Iterator[Hit]:
    """ "Respond with only the corrected sentence: '…'": exactly one sentence."""
    if span := only_sentence_at(sentence):
        yield Hit(SentenceCount(relation="exactly", value=1), *span)


def only_the_word(sentence: Sentence) -> Iterator[Hit]:
    """ "Give me a word that … Just the word.": exactly one word."""
    if span := only_word_at(sentence):
        yield Hit(WordCount(relation="exactly", value=1), *span)


def token_length(sentence: Sentence) -> Iterator[Hit]:
    """ "a 6-character code … Output just the code.": exactly that many characters."""
    if found := token_length_at(sentence):
        yield Hit(CharCount(relation="exactly", value=found[0]), *found[1])


def _words(relation: Relation, value: int, sentence: Sentence) -> FamilySpec | None:
    if relation == "exactly" and (title_asked(sentence.whole) or part_added(sentence.whole)):
        return None  # "Exactly 100 words. Title on the first line.": the title's words may count
    return WordCount(relation=relation, value=value)


def _sentences(relation: Relation, value: int, sentence: Sentence) -> FamilySpec | None:
    if relation != "at_least" and (title_asked(sentence.whole) or part_added(sentence.whole)):
        return None  # a title line ends a sentence as measured: only a floor holds
    return SentenceCount(relation=relation, value=value)


# the count said of all the answer: "280 characters total", "in all"
_TOTAL = compile_lazily(
    r"\b(?:total|in\s+all|overall|altogether|all\s+told|including\s+everything)\b"
)


def _characters(relation: Relation, value: int, sentence: Sentence) -> FamilySpec | None:
    if relation != "at_least" and part_added(sentence.whole) and not _TOTAL.search(sentence.lower):
        return None  # "Under 1,250 characters, and add tags after a line 'Tags:'": the summary's
    return CharCount(relation=relation, value=value)


_WORDS = r"words?"
_SENTENCES = r"sentences?"
_PARAGRAPHS = r"paragraphs?"

# "a six-word story" is counted to the word; "a 500-word pitch" is a target
_WORD_COMPOUND_MAX = 25
# "Write a 150-word news brief": the size the request sets, counted to the word
_WORD_MADE_MAX = 2000
# "sum it up in three words" is counted to the word; "in 50 words" is a size
_WORD_BARE_MAX = 10
word_counts = UnitCounts(
    (
        Unit(
            _WORDS,
            _words,
            prose=True,
            singular="word",
            repeats=True,
            compound_max=_WORD_COMPOUND_MAX,
            made_max=_WORD_MADE_MAX,
            bare_upto=_WORD_BARE_MAX,
        ),
    )
)
sentence_counts = UnitCounts(
    (Unit(_SENTENCES, _sentences, bare_exact=True, prose=True, singular="sentence", single=True),)
)
paragraph_counts = UnitCounts(
    (
        Unit(
            _PARAGRAPHS,
            paragraph_count,
            bare_exact=True,
            prose=True,
            singular="paragraph",
            single=True,
        ),
        # "a 4-stanza poem", "a two-stanza poem": the compound counts them too
        Unit(r"stanzas?", paragraph_count, bare_exact=True, prose=True, singular="stanza"),
        Unit(r"sections?|parts?", divided_count, bare_exact=True, prose=True),
    )
)
char_counts = UnitCounts(
    # "a 280-character tweet" is a limit, not an exact length: no compound reads
    (
        Unit(
            r"characters?|chars",
            _characters,
            prose=True,
            singular=r"character|char",
            repeats=True,
            compound_max=0,
        ),
    )
)

word_tallies = NumberOf((Tally(_WORDS, lambda r, v: WordCount(relation=r, value=v)),))
sentence_tallies = NumberOf((Tally(_SENTENCES, lambda r, v: SentenceCount(relation=r, value=v)),))
paragraph_tallies = NumberOf(
    (Tally(_PARAGRAPHS, lambda r, v: ParagraphCount(relation=r, value=v)),)
)


# "máximo 100 palabras", "höchstens vier Sätze", "三文以内": one rule for
# every unit, read where the words are (a line count is the lines family's spec)
counts_abroad = CountsAbroad(
    {
        "word": _words,
        "sentence": _sentences,
        "paragraph": paragraph_count,
        "character": _characters,
        "line": lambda r, v, s: LineCount(relation=r, value=v),
    }
)


class _Words(TallyFamily):
    name = "words"
    specs = (WordCount,)
    # "3 tips as a numbered list, each under 40 words": a count within each
    # thing asked for, read here as counts abroad are (one rule, several kinds)
    rules: ClassVar[tuple[Rule, ...]] = (
        listed_words_dropped(word_counts),
        word_tallies,
        counts_abroad,
        unlabelled(each_thing_counts),
        only_the_word,
    )
    cut = True
    growing = True

    def count(self, spec: Any, text: str) -> int:
        return len(measure.words(text))

    def counted(self, spec: Any, text: str) -> int:
        # Words have two common readings (whitespace-separated, or runs of
        # word characters: "don't" is one or two); a word limit passes only
        # when it holds under both, so a pass here is a pass whoever counts.
        n, other = self.count(spec, text), measure.word_runs(text)
        if spec.relation == "at_most":
            return max(n, other)
        if spec.relation == "at_least":
            return min(n, other)
        return n if other == spec.value else other

    def repair(self, spec: Any) -> dict[str, Any] | None:
        if spec.relation == "at_most":
            return {"op": "cut_words", "limit": spec.value}
        return None


class _Sentences(TallyFamily):
    name = "sentences"
    specs = (SentenceCount,)
    rules: ClassVar[tuple[Rule, ...]] = (sentence_counts, sentence_tallies, only_the_sentence)
    cut = True

    def count(self, spec: Any, text: str) -> int:
        return len(measure.sentences(text))


class _Paragraphs(TallyFamily):
    name = "paragraphs"
    specs = (ParagraphCount,)
    rules: ClassVar[tuple[Rule, ...]] = (
        paragraph_counts,
        paragraph_tallies,
        template_parts,
        paragraphs_per_thing,
    )
    cut = True

    def count(self, spec: Any, text: str) -> int:
        if spec.after_title:
            # the title is the first non-empty line, whatever it is (as parts cut it)
            lines = text.strip().split("\n", 1)
            text = lines[1] if len(lines) > 1 else ""
        return len(measure.paragraphs(text, spec.separator))

    def written_as(self, spec: Any) -> str:
        if spec.separator == "blank_line":
            return ", separated by a blank line"
        return f", separated by a line of {spec.separator}"


class _Characters(TallyFamily):
    name = "characters"
    specs = (CharCount,)
    rules: ClassVar[tuple[Rule, ...]] = (char_counts, token_length)
    cut = True
    growing = True

    def count(self, spec: Any, text: str) -> int:
        return measure.characters(text)


WORDS = _Words()
SENTENCES = _Sentences()
PARAGRAPHS = _Paragraphs()
CHARACTERS = _Characters()
