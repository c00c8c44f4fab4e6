"""Line counts a prompt states through the things each line holds.

No number of lines is written, but the layout names one line per thing and
the prompt names the things, so the count is exact:

- the languages of one translation, listed: "Translate 'Good morning' into
  Italian, Portuguese and Swahili. Put each on its own line" (3);
- the letters of the one word an acrostic, a backronym or a spelling is of:
  "an acrostic poem for MARGOT … one line per letter" (6), "What do the
  letters in 'NASA' stand for? Write each letter on its own line" (4);
- two named parts put on lines of their own: "Setup and punchline on
  separate lines", "Title and body on two lines", "Label them 'UK:' and
  'US:' on separate lines" (2).

Each reading refuses a prompt that also asks for a part outside the lines
(a title not among them, an explanation, something "then" after them), and
a layout that is hedged, negated or asked of something else, as the rule
that reads it (:mod:`._lines`) decides through :func:`.required`. The
functions here give ``(value, start, end)`` offsets in the sentence; the
line-count family makes them checks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from redraft.criteria._sentences import Sentence

__all__ = ["letter_lines", "named_pair_lines", "translation_lines"]

Required = Callable[[Sentence, int], bool]

_LANGUAGE = (
    r"(?:english|spanish|french|german|italian|portuguese|dutch|swedish|norwegian|danish|"
    r"finnish|polish|czech|greek|turkish|russian|ukrainian|arabic|hebrew|hindi|bengali|urdu|"
    r"japanese|korean|mandarin|cantonese|chinese|vietnamese|thai|indonesian|malay|tagalog|"
    r"swahili|latin|irish|welsh|icelandic|hungarian|romanian|persian|farsi|catalan|basque)"
)
# "into Italian, Portuguese and Swahili", "in English, Spanish, French, and German"
_LANGUAGES = re.compile(
    rf"\b(?:in|into|to)\s+(?P<list>{_LANGUAGE}(?:\s*,\s*{_LANGUAGE})*\s*,?\s+(?:and|&)\s+"
    rf"{_LANGUAGE})\b(?!\s*,?\s+(?:and|or)\b)"
)
# The one text translated, before the list: a quotation, or "it"/"this"
# ("Translate 'Good morning' into …", "Write the same sentence '…' in …");
# not "these 3 sentences", several texts each on lines of their own
_ONE_TEXT = re.compile(
    r"\b(?:translate|say|write|give|render)\s+(?:me\s+)?(?:(?:the\s+(?:same\s+)?)?(?:sentence|phrase|"
    r"word|greeting|title|line|slogan|motto|question)\s+)?"
    r"(?:['\"‘“]\ue000+['\"’”]|it|this|that)\s*$"
)
_PER_LANGUAGE_LINE = re.compile(
    r"\b(?:(?:put|give|write|place)\s+)?each(?:\s+(?:one|translation|version))?\s+on\s+"
    r"(?:its\s+own|a\s+(?:new|separate))\s+line\b|"
    r"\bone\s+(?:translation\s+|language\s+)?per\s+line\b|\bon\s+separate\s+lines\b|"
    # "Label each line with the language name": a line per language
    r"\blabel\s+each\s+line\s+with\s+the\s+language\b"
)
# Another part than the lines counted: a title, an explanation, a note, a part after them
_OTHER_PART = re.compile(
    r"\b(?:titles?|headings?|header|then|afterwards?|explain\w*|explanation|notes?|"
    r"commentary|pronunciation|transliteration|romanization|romaji|pinyin|original|"
    r"postscript|intro\w*|summary|also\s+(?:add|give|include|write))\b"
)


def translation_lines(sentence: Sentence, required: Required) -> Iterator[tuple[int, int, int]]:
    """ "Translate 'X' into A, B and C" with one line per language: as many lines as languages."""
    layout = _PER_LANGUAGE_LINE.search(sentence.lower)
    if layout is None or not required(sentence, layout.start()):
        return
    whole = sentence.whole.lower()
    lists = list(_LANGUAGES.finditer(whole))
    if len(lists) != 1 or not _ONE_TEXT.search(whole, 0, lists[0].start()):
        return
    # the thing translated is named before the list; nothing else is asked beside the lines
    if _OTHER_PART.search(whole.replace(lists[0].group(0), " ")):
        return
    names = re.findall(_LANGUAGE, lists[0].group("list"))
    if len(set(names)) == len(names) >= 2:
        yield len(names), *layout.span()


# "one line per letter", "each letter on its own line", "a line for each letter"
_PER_LETTER = re.compile(
    r"\bone\s+line\s+(?:per|for\s+each|for\s+every)\s+letter\b|"
    r"\b(?:a|one)\s+line\s+for\s+(?:each|every)\s+letter\b|"
    r"\b(?:each|every)\s+letter\s+(?:on|in)\s+(?:its\s+own|a\s+(?:new|separate))\s+line\b|"
    r"\bone\s+word\s+per\s+letter,\s+each\s+on\s+(?:its\s+own|a\s+(?:new|separate))\s+line\b"
)
# What makes the word's letters the lines: an acrostic, a backronym, a spelling
_SPELLED = re.compile(r"\b(?:acrostic|backronym|spells?|spelling|spelled|letters\s+(?:in|of))\b")
_CAPS_WORD = re.compile(r"(?<![\w&-])[A-Z]{3,}(?![\w&-]|'[a-z])")
_NOT_A_LINE_PART = re.compile(
    r"\b(?:titles?|headings?|header|then|afterwards?|explain\w*|explanation|commentary|"
    r"postscript|p\.\s?s\.?|intro\w*|summary|sign[\s-]?off)\b"
)


def letter_lines(sentence: Sentence, required: Required) -> Iterator[tuple[int, int, int]]:
    """ "An acrostic for MARGOT, one line per letter": as many lines as the word has letters."""
    layout = _PER_LETTER.search(sentence.lower)
    if layout is None or not required(sentence, layout.start()):
        return
    whole = sentence.whole.lower()
    if not _SPELLED.search(whole) or _NOT_A_LINE_PART.search(whole):
        return
    # the one word in capitals the prompt names (quoted ones too, in the original text);
    # two such words ("MARGOT", "ALL CAPS") leave the word unknown
    words = set(_CAPS_WORD.findall(sentence.full or sentence.whole))
    if len(words) == 1:
        yield len(words.pop()), *layout.span()


# "Setup and punchline on separate lines", "Title and body on two lines",
# "Label them 'UK:' and 'US:' on separate lines": two parts, a line each
_PAIR = re.compile(
    r"(?:^\s*|\blabel\s+them\s+)(?:the\s+)?(?P<first>[a-z]+(?<!s)|['\"‘“]\ue000+['\"’”])\s+and\s+"
    r"(?:the\s+)?(?P<second>[a-z]+(?<!s)|['\"‘“]\ue000+['\"’”])\s+(?:(?:go|goes|are|must\s+be|should\s+be)\s+)?"
    r"on\s+(?:separate|two(?:\s+separate)?|different)\s+lines\b(?!\s+(?:each|per|apiece)\b)"
)
_PAIR_OTHER = re.compile(
    r"\b(?:then|afterwards?|explain\w*|explanation|commentary|postscript|p\.\s?s\.?|"
    r"intro\w*|summary|sign[\s-]?off|headings?|header)\b"
)


def named_pair_lines(sentence: Sentence, required: Required) -> Iterator[tuple[int, int, int]]:
    """ "Setup and punchline on separate lines": two lines."""
    found = _PAIR.search(sentence.lower)
    if (
        found is None
        or sentence.unmask(*found.span("first")).lower()
        == sentence.unmask(*found.span("second")).lower()
    ):
        return  # the same thing twice is no pair
    if not required(sentence, found.start()):
        return
    if _PAIR_OTHER.search(sentence.whole.lower()):
        return
    yield 2, found.start(), found.end()
