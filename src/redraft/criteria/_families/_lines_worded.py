"""How a count of the answer's lines is worded.

The phrases of a count ("exactly 4 lines", "in 3 lines", "a 4-line poem",
"6 lines total", "write 4 lines of rap", "6 lines of dialogue", "4 lines of
4 digits", "5 lines for a gym poster"), not a count of one part ("a stanza
of 4 lines", "4 lines per verse", "lines of code"); and a writer's own words:
a prompt that opens with its count ("Four lines for a picture book.",
"10-line interview script for …"), a count in brackets after the thing
("a short poem (4 lines)", "Write a villanelle. (19 lines, two refrains.)").
The readings give ``(value, start, end)`` offsets in the sentence; the
line-count family (:mod:`._lines`) makes them checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._reading import CountPhrases
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import THING, Sentence, sentence_blocked

__all__ = ["KIND", "PHRASES", "SAID", "opening_lines"]

Required = Callable[[Sentence, int], bool]

KIND = (
    r"(?:(?:motivational|inspirational|catchy|punchy|funny|witty|poetic|rhyming|memorable|"
    r"encouraging|uplifting|powerful|romantic|spooky|cheerful)\s+){0,2}"
)
# What lines of something said are of: "6 lines of dialogue", "lines of questions"
SAID = r"(?:dialogue|dialog|conversation|banter|questions|affirmations|prose)"
PHRASES = CountPhrases(
    # "use single line breaks", "a single line spacing": not lines of the answer
    # "5 short motivational lines": a few words that say what the lines are like
    # ("make it 4 lines shorter" is a change, not a count)
    unit=rf"{KIND}lines?(?!\s*-?\s*(?:breaks?|spacing|feeds?|height|wraps?|endings?)\b)"
    r"(?!\s+(?:shorter|longer|less|more|fewer)\b)",
    singular="line",
    keep_exact=True,
    bare=r"in|into|on|use|using|with|write|compose|craft|give|produce|create|generate|of|have|"
    r"contain|containing|be|as|make\s+it|"
    # "and make 7 lines.": the count ends its clause (not "make 4 lines rhyme")
    rf"make(?=\s+{NUMBER}\s+lines?\s*(?:[.,;!)]|$|and\b|(?:in\s+)?total\b))",
    compound=True,
    before=(
        r"\b(?:stanza|verse|chorus|refrain|couplet|paragraph|section|part|bullet|item|entry|"
        r"column|row|cell|table|block|code|function|program|script|snippet|title|heading|header|"
        r"caption|subject|version|tl;?dr|intro|outro|introduction|conclusion|each|every|per|"
        r"first|last|opening|closing|final)s?\b"
    ),
    # "write 4 lines of rap", "4 lines of a lullaby": verse the answer is
    # (not "lines of code", "lines of the poem")
    after=(
        r"\s*(?:of\s+(?:an?\s+)?(?:(?:short|simple|funny|sad|original|new|rhyming)\s+)?"
        r"(?:rap|poetry|poem|verse|song|lyrics|lullaby|ballad|chant|cheer|rhymes?|"
        r"nursery\s+rhyme|free\s+verse|text|"
        # "6 lines of dialogue", "six lines of questions": what the lines say
        # (not beside stage directions or narration, lines of their own)
        rf"{SAID}\b"
        r"(?![^.;!?]*\b(?:stage\s+directions?|narrat\w*|descriptions?|actions?|then|"
        r"followed\s+by|plus)\b))\b|"
        # "4 lines of 4 digits": what each line holds, the lines still the answer's
        rf"of\s+{NUMBER}\s+(?:digits|words|letters|characters|syllables|numbers)\b|"
        # "exactly 3 lines like \"Table 1: …\"": each line's template, quoted
        r"like\s*:?\s*[\"“'‘«`]\ue000|"
        # "4 lines with an AABB rhyme": the lines' rhyme, not another part
        r"with\s+(?:an?\s+)?(?:[a-z]+\s+)?rhym(?:e|es|ing)(?:\s+scheme)?\b|"
        # "5 lines for a gym poster": what the lines are for, not a part of the
        # answer ("4 lines for each verse", "2 lines for the chorus")
        r"for\s+(?:a|an|my|our|your)\s+(?!(?:[\w-]+\s+)?"
        r"(?:stanzas?|verses?|chorus|refrain|sections?|parts?|paragraphs?|intro|outro|bridge|"
        r"titles?|headings?|each|every)\b)[\w-]+)"
    ),
)


_WRITTEN = rf"(?:{THING}|script|chorus|scene|chant|cheer|rhyme|lullaby|ballad|jingle)"
_FORMS = r"cinquain|villanelle|tanka|acrostic"
# "a cinquain about winter (5 lines …)": what the thing is about, before its count
_ABOUT = r"\s+(?:about|on|for)\s+[^.()\n]{1,40}?"
# "(4 lines)", "(19 lines, two refrains)", "(5 lines with 1, 2, 3, 4, 1 words)"; not
# "(4 lines each)", "(4 lines, per stanza)"
_BRACKET_GOES_ON = r"(?:\s*\)|\s*[,;](?!\s*(?:each|per|for\s+each)\b)|\s+with\b)"
# A prompt that opens with its count, no verb before it: "Four lines for a
# picture book.", "6 lines of rap about …", "10-line interview script for …"
_OPENING = compile_lazily(
    rf"^\s*(?:exactly\s+)?(?P<num>{NUMBER})\s+{KIND}lines?(?=\s+(?:about\b|{PHRASES.after}|"
    # "Three lines of dialogue for a blacksmith NPC": the lines are all it asks
    # (not "a story with 4 lines of dialogue", where they are one part)
    r"of\s+dialogue\b))|"
    rf"^\s*(?P<compound>{NUMBER})-line\s+(?:[\w-]+\s+){{0,2}}?{_WRITTEN}\b"
)
# "a short poem (4 lines)": the count in brackets after the thing asked for,
# not after a part ("each stanza (4 lines)")
_BRACKETED = compile_lazily(
    rf"\b(?P<thing>{_WRITTEN}|{_FORMS})(?:{_ABOUT})?\s*\(\s*(?:exactly\s+)?(?P<num>{NUMBER})"
    rf"\s+lines?{_BRACKET_GOES_ON}"
)
# "Write a villanelle about forgetting. (19 lines, two refrains.)": the
# count in brackets of its own, right after the thing asked for
_THING_BEFORE = compile_lazily(rf"\b(?:{_WRITTEN}|{_FORMS})(?:{_ABOUT})?\s*[.!]\s*$")
_OWN_BRACKET = compile_lazily(
    rf"^\s*\(\s*(?:exactly\s+)?(?P<num>{NUMBER})\s+lines?{_BRACKET_GOES_ON}"
)
_IF = compile_lazily(r"\b(?:if|unless)\b")
_EACH_BEFORE = compile_lazily(r"\b(?:each|every|per)\s+(?:[\w-]+\s+)?$")


def opening_lines(sentence: Sentence, required: Required) -> Iterator[tuple[int, int, int]]:
    """ "Four lines for a picture book.", "a short poem (4 lines)"."""
    text = sentence.lower
    if (
        (own := _OWN_BRACKET.match(text))
        and (value := number_value(own.group("num")))
        and _THING_BEFORE.search(sentence.whole[: sentence.start].lower())
        and not sentence_blocked(sentence, own.start("num"))
        and not _IF.search(text)
    ):
        yield value, own.start("num"), own.end()
    if not sentence.whole[: sentence.start].strip() and (found := _OPENING.match(text)):
        value = number_value(found.group("num") or found.group("compound"))
        # "Four lines about cats if you have time": only sometimes asked
        if value and required(sentence, found.start()) and not _IF.search(text):
            yield value, *found.span()
    for found in _BRACKETED.finditer(text):
        value = number_value(found.group("num"))
        if (
            value
            and not _EACH_BEFORE.search(text, 0, found.start())
            and required(sentence, found.start())
        ):
            yield value, *found.span()
