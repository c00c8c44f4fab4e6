"""A rule fronted by the part it is for: "In the sign-off, use the choir's
motto in Latin", "For the title, use French", "In the subject line, write in
capitals", "In the final paragraph, avoid commas".

The fronted phrase names one part of the answer (its greeting, title,
subject line, a numbered or last paragraph); what follows is that part's
rule, and a check of the whole answer would fail the answer asked for (the
rest of the letter in English, commas in the other paragraphs). "In your
answer, …", "In the email, …" and "In this letter, …" name the whole answer
and still compile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._once import lowered

if TYPE_CHECKING:
    from redraft.criteria._sentence_text import Sentence

from redraft.criteria._spec import CheckSpec

__all__ = ["FRONTED_KINDS", "fronted_kind", "fronted_part", "part_named_before"]

FRONTED_KINDS = frozenset(
    {
        "language",
        "letter_case",
        "forbidden_chars",
        "forbidden_words",
        "no_punctuation",
        "no_final_mark",
        "capital_word_count",
        "letter_count",
        "starts_with",
        "ends_with",
        "plain_text",
        "json",
        "yaml",
        "wrapped",
        "title_case",
        "emoji_count",
        "hashtag_count",
        "word_count",
        "char_count",
        "sentence_count",
    }
)
"""Kinds a fronted part's rule would be misread as: each measures the whole
answer."""


def fronted_kind(spec: CheckSpec) -> bool:
    """Whether ``spec`` measures the whole answer in a way one part's rule
    would misread: a keyword's "at least" still holds of the whole answer
    ("In the final sentence, mention 'deposit'"), its other counts do not."""
    if spec.kind_name() == "keyword":
        return getattr(spec, "relation", None) != "at_least"
    return spec.kind_name() in FRONTED_KINDS


_ORDINAL = r"(?:first|last|final|opening|closing|second|third|fourth|fifth|next|concluding|top)"
_PART = (
    r"(?:sign[\s-]?off|greeting|salutation|title|heading|headings|headline|subject(?:\s+line)?|"
    r"header|footer|intro(?:duction)?|conclusion|opening|closing|p\.\s?s\.?|postscript|"
    r"signature|caption|tagline|chorus|refrain|footnotes?|"
    rf"{_ORDINAL}\s+(?:paragraph|sentence|line|section|stanza|verse|part|bullet|point|word)s?|"
    r"(?:paragraph|section|stanza|verse|part|line)\s+(?:\d+|one|two|three|four|five))"
)
# The part, fronted as the sentence's (or its item's) opening phrase and closed
# by a comma: nothing of the whole answer's precedes the rule.
_FRONTED = compile_lazily(
    r"[\s\-*•·>]*(?:(?:and|also|but|then)\s+)?(?:in|for|within|inside|on|at)\s+"
    rf"(?:the|your|its|each|every)\s+(?:[\w-]+\s+)?{_PART}(?:\s+(?:only|alone))?\s*,"
)


def fronted_part(sentence: Sentence, start: int) -> bool:
    """Whether the phrase at ``start`` of ``sentence`` follows an opening of
    its sentence that names one part of the answer. A list item is read in
    its whole sentence ("In the greeting, use German" reads "use German" as
    an item after the comma)."""
    whole = lowered(sentence.whole) if sentence.whole else sentence.lower
    at = (sentence.start if sentence.whole else 0) + start
    opened = max((m.end() for m in _SENTENCE_END.finditer(whole, 0, at)), default=0)
    fronted = _FRONTED.match(whole, opened) or _LABELLED.match(whole, opened)
    return fronted is not None and fronted.end() <= at


# The part named bare as the opening of its clause, its own rule right after
# it: "Subject line at most 50 characters, no trailing full stop", "Title
# under 8 words, no full stop", "Headline in capitals, no emojis": every rule
# in that clause list is the part's (not "Subject line: …", a label the
# part-bound reading takes, nor "Title case", a style)
_LABELLED = compile_lazily(
    rf"[\s\-*•·>]*(?:the\s+)?{_PART}\s+"
    r"(?=(?:at\s+(?:most|least)|under|over|below|above|no\s+(?:more|longer|fewer)|max(?:imum)?|"
    r"min(?:imum)?|up\s+to|between|exactly|within|fewer|less|\d)\b)[^,;:.!?\n]*,"
)


_SENTENCE_END = compile_lazily(r"[.!?;](?=\s)|\n")


# A part named right before the rule: "with comments in English", "the apology
# part in lowercase", "keys in snake_case and the rest in French" (not the
# answer's own nouns: "the letter in lowercase", "meeting notes in French")
_PART_BEFORE = compile_lazily(
    r"\b(?:the|with|its|their|and|your)\s+(?:[\w-]+\s+)?(?:comments?|part|section|"
    r"sign[\s-]?off|greeting|salutation|subject\s+line|headings?|captions?|footnotes?|labels?|"
    rf"keys?|{_ORDINAL}\s+(?:paragraph|sentence|line|section|stanza|verse|part))\s+$"
)


def part_named_before(sentence: Sentence, start: int) -> bool:
    """Whether a part of the answer is named right before the phrase at
    ``start`` of ``sentence``: the rule is that part's."""
    return _PART_BEFORE.search(sentence.lower[:start]) is not None
