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
  'US:' on separate lines" (2);
- the things the user pastes, one a line, each converted or the list sorted,
  "one per line": "Convert these to ISO 8601, one per line:" and four dates
  below (4); not things picked out of a text ("list every email in the text
  below"), nor a list filtered or merged.

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

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import Sentence, lowered, matches_in, searched, sentence_blocked

__all__ = ["given_lines", "letter_lines", "named_pair_lines", "translation_lines"]

Required = Callable[[Sentence, int], bool]

_LANGUAGE = (
    r"(?:english|spanish|french|german|italian|portuguese|dutch|swedish|norwegian|danish|"
    r"finnish|polish|czech|greek|turkish|russian|ukrainian|arabic|hebrew|hindi|bengali|urdu|"
    r"japanese|korean|mandarin|cantonese|chinese|vietnamese|thai|indonesian|malay|tagalog|"
    r"swahili|latin|irish|welsh|icelandic|hungarian|romanian|persian|farsi|catalan|basque)"
)
# "into Italian, Portuguese and Swahili", "in English, Spanish, French, and German"
_LANGUAGES = compile_lazily(
    rf"\b(?:in|into|to)\s+(?P<list>{_LANGUAGE}(?:\s*,\s*{_LANGUAGE})*\s*,?\s+(?:and|&)\s+"
    rf"{_LANGUAGE})\b(?!\s*,?\s+(?:and|or)\b)"
)
# The one text translated, before the list: a quotation, or "it"/"this"
# ("Translate 'Good morning' into …", "Write the same sentence '…' in …");
# not "these 3 sentences", several texts each on lines of their own
_ONE_TEXT = compile_lazily(
    r"\b(?:translate|say|write|give|render)\s+(?:me\s+)?(?:(?:the\s+(?:same\s+)?)?(?:sentence|phrase|"
    r"word|greeting|title|line|slogan|motto|question)\s+)?"
    r"(?:['\"‘“]\ue000+['\"’”]|it|this|that)\s*$"
)
_PER_LANGUAGE_LINE = compile_lazily(
    r"\b(?:(?:put|give|write|place)\s+)?each(?:\s+(?:one|translation|version))?\s+on\s+"
    r"(?:its\s+own|a\s+(?:new|separate))\s+line\b|"
    r"\bone\s+(?:translation\s+|language\s+)?per\s+line\b|\bon\s+separate\s+lines\b|"
    # "Label each line with the language name": a line per language
    r"\blabel\s+each\s+line\s+with\s+the\s+language\b"
)
# Another part than the lines counted: a title, an explanation, a note, a part after them
_OTHER_PART = compile_lazily(
    r"\b(?:titles?|headings?|header|then|afterwards?|explain\w*|explanation|notes?|"
    r"commentary|pronunciation|transliteration|romanization|romaji|pinyin|original|"
    r"postscript|intro\w*|summary|also\s+(?:add|give|include|write))\b"
)


def translation_lines(sentence: Sentence, required: Required) -> Iterator[tuple[int, int, int]]:
    """ "Translate 'X' into A, B and C" with one line per language: as many lines as languages."""
    layout = _PER_LANGUAGE_LINE.search(sentence.lower)
    if layout is None or not required(sentence, layout.start()):
        return
    whole = lowered(sentence.whole)
    lists = list(matches_in(_LANGUAGES, whole))
    if len(lists) != 1 or not _ONE_TEXT.search(whole, 0, lists[0].start()):
        return
    # the thing translated is named before the list; nothing else is asked beside the lines
    if _OTHER_PART.search(whole.replace(lists[0].group(0), " ")):
        return
    names = re.findall(_LANGUAGE, lists[0].group("list"))
    if len(set(names)) == len(names) >= 2:
        yield len(names), *layout.span()


# "one line per letter", "each letter on its own line", "a line for each letter"
_PER_LETTER = compile_lazily(
    r"\bone\s+line\s+(?:per|for\s+each|for\s+every)\s+letter\b|"
    r"\b(?:a|one)\s+line\s+for\s+(?:each|every)\s+letter\b|"
    r"\b(?:each|every)\s+letter\s+(?:on|in)\s+(?:its\s+own|a\s+(?:new|separate))\s+line\b|"
    r"\bone\s+word\s+per\s+letter,\s+each\s+on\s+(?:its\s+own|a\s+(?:new|separate))\s+line\b"
)
# What makes the word's letters the lines: an acrostic, a backronym, a spelling
_SPELLED = compile_lazily(
    r"\b(?:acrostic|backronym|spells?|spelling|spelled|letters\s+(?:in|of))\b"
)
_CAPS_WORD = compile_lazily(r"(?<![\w&-])[A-Z]{3,}(?![\w&-]|'[a-z])")
_NOT_A_LINE_PART = compile_lazily(
    r"\b(?:titles?|headings?|header|then|afterwards?|explain\w*|explanation|commentary|"
    r"postscript|p\.\s?s\.?|intro\w*|summary|sign[\s-]?off)\b"
)


def letter_lines(sentence: Sentence, required: Required) -> Iterator[tuple[int, int, int]]:
    """ "An acrostic for MARGOT, one line per letter": as many lines as the word has letters."""
    layout = _PER_LETTER.search(sentence.lower)
    if layout is None or not required(sentence, layout.start()):
        return
    whole = lowered(sentence.whole)
    if not searched(_SPELLED, whole) or searched(_NOT_A_LINE_PART, whole):
        return
    # the one word in capitals the prompt names (quoted ones too, in the original text);
    # two such words ("MARGOT", "ALL CAPS") leave the word unknown
    words = set(_CAPS_WORD.findall(sentence.full or sentence.whole))
    if len(words) == 1:
        yield len(words.pop()), *layout.span()


# "Setup and punchline on separate lines", "Title and body on two lines",
# "Label them 'UK:' and 'US:' on separate lines": two parts, a line each
_PAIR = compile_lazily(
    r"(?:^\s*|\blabel\s+them\s+)(?:the\s+)?(?P<first>[a-z]+(?<!s)|['\"‘“]\ue000+['\"’”])\s+and\s+"
    r"(?:the\s+)?(?P<second>[a-z]+(?<!s)|['\"‘“]\ue000+['\"’”])\s+(?:(?:go|goes|are|must\s+be|should\s+be)\s+)?"
    r"on\s+(?:separate|two(?:\s+separate)?|different)\s+lines\b(?!\s+(?:each|per|apiece)\b)"
)
_PAIR_OTHER = compile_lazily(
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
    if searched(_PAIR_OTHER, lowered(sentence.whole)):
        return
    yield 2, found.start(), found.end()


# One thing the answer holds per thing given: "convert these", "sort it",
# "return them", each of the user's things kept (not "list every email you
# find", "which of these", "remove duplicates")
_EACH_KEPT = compile_lazily(
    r"\b(?:convert|sort|alphabeti[sz]e|reorder|translate|correct|fix|format|reformat|normali[sz]e|"
    r"capitali[sz]e|rewrite|spell\s+out|round|return|put)\s+(?:(?:all\s+)?(?:these|them|it|this\s+list|"
    r"the\s+(?:list|following))\b)"
)
_SOME_KEPT = compile_lazily(
    r"\b(?:remove|filter|only\s+the|which|duplicates?|merge|combine|group|pick|choose|select|"
    r"find|extract|skip|drop|exclude|except|unless|if)\b"
)
# The layout: "one per line" (not "one field per line", a template's)
_ONE_A_LINE = compile_lazily(r"\bone\s+per\s+line\b|\beach\s+on\s+(?:its\s+own|a\s+new)\s+line\b")


# "Convert these to Celsius, one per line:": the layout an item of the request's own
_HEDGED = compile_lazily(
    r"\b(?:if|unless|ideally|preferably|maybe|perhaps|possible|could|would|might)\b|\?"
)


def _layout_item(sentence: Sentence, layout: re.Match[str]) -> bool:
    text = sentence.lower
    return (
        text[: layout.start()].rstrip().endswith(",")
        and re.match(r"\s*(?:[,:.;]|$)", text[layout.end() :]) is not None
        and not _HEDGED.search(text)
        and not sentence_blocked(sentence, layout.start())
    )


def given_lines(sentence: Sentence, required: Required) -> Iterator[tuple[int, int, int]]:
    """ "Convert these to ISO dates, one per line:" and 4 lines below: 4 lines."""
    layout = _ONE_A_LINE.search(sentence.lower)
    if layout is None or not (required(sentence, layout.start()) or _layout_item(sentence, layout)):
        return
    source = sentence.full or sentence.whole
    lines = source.split("\n")
    # the request, up to its colon, then the block of the user's things, one a line
    opening = next((i for i, line in enumerate(lines) if line.rstrip().endswith(":")), None)
    if opening is None or opening + 1 >= len(lines):
        return
    request = "\n".join(lines[: opening + 1]).lower()
    block: list[str] = []
    for line in lines[opening + 1 :]:
        if not line.strip():
            break
        block.append(line)
    rest = "\n".join(lines[opening + 1 + len(block) :]).strip()
    if block and _ONE_A_LINE.search(block[-1].lower()) and not rest:
        block.pop()  # "…\nReturn one per line, nothing else.": the request's last word
        rest = ""
    if (
        rest
        or len(block) < 2
        or any(len(line) > 80 or _ONE_A_LINE.search(line.lower()) for line in block)
        or not _EACH_KEPT.search(request + " " + sentence.lower)
        or _SOME_KEPT.search(request + " " + sentence.lower)
    ):
        return
    yield len(block), *layout.span()
