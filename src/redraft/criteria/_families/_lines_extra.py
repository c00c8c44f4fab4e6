"""Whether a prompt asks for lines beside the lines it counts.

A title, heading or postscript is one more line a count of the answer's
lines may or may not include; an explanation or a second part after the
counted one ("then …", "followed by a summary") adds lines of its own, as
does a second count of lines ("a 5-line poem and a 2-line dedication").
Not a title refused ("no title"), the user's own title, a title that is the
whole answer, nor a rule on one of the lines counted ("make the last line
end with 'door'"). A whole-answer count of lines is refused where this
holds (:mod:`._lines`).
"""

from __future__ import annotations

import functools

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER, RELATION
from redraft.criteria._once import lowered, searched
from redraft.criteria._sentence_text import mask

__all__ = ["extra_line", "held_in_message"]


# A title, heading or postscript is one more line the count may or may not
# include; an explanation or a second part after the counted one adds lines
# of its own ("a 4-line poem, then explain its meter").
_EXTRA_LINE = compile_lazily(
    r"\b(?:title|heading|header|headline|postscript|p\.\s?s\.?|then|afterwards?|"
    r"after\s+(?:that|this|it)|explain\w*|explanation|analy[sz]\w*|commentary|plus|"
    # an opening or a closing part beside the lines: "5 tips and a short intro"
    r"intro|introduction|preamble|outro|sign-?off|"
    # "… and the regex itself in a code block": the fences are lines of their own
    r"code\s+blocks?|code\s+fences?|fenced\s+(?:code\s+)?blocks?)\b|<<|"
    # "put the answer on a fifth line": one more line than the count; not "make
    # the last line end with 'door'", one of the lines counted
    r"\b(?:a|an|the)\s+(?:fifth|sixth|seventh|eighth|extra|additional|separate|new|next)\s+line\b|"
    r"\b(?:a|an)\s+(?:final|last)\s+line\b|"
    r"\bthe\s+(?:final|last)\s+line\b(?!\s+(?:(?:must|should|has\s+to|needs\s+to|will)\s+)?"
    r"(?:end|ends|ending|rhyme|rhymes|start|starts|begin|begins|contain|contains|be|is|repeats?|"
    r"echoes|echo|mirrors?|matches|match|has|have|uses?|mentions?|names?|states?|says?|gives?|"
    r"includes?|shows?)\b)|"
    # "followed by a summary", not "followed by a colon"
    r"\bfollowed\s+by\s+(?!(?:an?\s+|the\s+)?(?:colon|comma|period|full\s+stop|dash|hyphen|"
    r"space|semicolon|question\s+mark|exclamation\s+mark)s?\b|['\"‘“])"
)


# What stays within a line: "each starting with a timestamp followed by INFO",
# "the translation in brackets after it"
_WITHIN_EACH = compile_lazily(r"\b(?:each|every)\b")
# "each beginning 'Why?' and then …", "each with a letter, a space, then …":
# what each line holds, one thing after another
_EACH_HOLDS = compile_lazily(
    r"\beach\s+(?:line\s+|one\s+)?(?:beginning|starting|opening|begins|starts|opens|with|"
    r"holding|containing|showing|giving)\b"
)
_IN_BRACKETS = compile_lazily(r"\b(?:in\s+)?(?:brackets|parentheses|parens)\s+$")


# A number of lines, unless within each part ("4 lines per stanza", "2 lines each")
_LINES_COUNTED = compile_lazily(
    rf"\b{NUMBER}[-\s]+lines?\b(?!\s+(?:per|each|apiece|in\s+each|for\s+each|of\s+each)\b)"
)


# "Exactly 4 lines: name; street; postcode followed by the city", "keep it to
# two lines: setup then punchline": after the colon, the lines counted, one by one
_LINES_LISTED = compile_lazily(rf"\b{NUMBER}\s+lines?\s*:\s")
# "at least 3 lines and at most 5 lines": one count, bounded twice
_BOUND = compile_lazily(rf"\b(?:{RELATION})\s*$")
# "no two lines start with the same word": lines told apart, not counted
_NO_TWO = compile_lazily(r"\bno\s+$")
_THE = compile_lazily(r"\b(?:the|these|those|all)\s+$")
_EVERY = compile_lazily(r"\b(?:every|each|any)\s+$")


# A title refused: "no title", "without a heading", "you don't need to give it a title"
_NO_TITLE = compile_lazily(
    r"(?:\b(?:no|without)\s+(?:a\s+|any\s+)?(?:extra\s+|additional\s+|further\s+)?|\b(?:do\s+not|don'?t|doesn'?t|never)\s+"
    r"(?:need\s+to\s+|have\s+to\s+)?(?:give|add|include|use|write|put)\s+(?:it\s+|one\s+|me\s+|us\s+)?"
    r"(?:a\s+|any\s+)?|\bno\s+need\s+(?:for|to\s+(?:give|add|include)\s+(?:it\s+)?)\s*(?:a\s+|any\s+)?|"
    # "you don't need a title", "you don't need to explain it"
    r"\b(?:do\s+not|don'?t|doesn'?t)\s+need\s+(?:to\s+)?(?:a\s+|any\s+)?|\bno\s+need\s+to\s+)"
    # "no intro or outro": the second refused with the first
    r"(?:[\w-]+,?\s+(?:or|nor|and)\s+)?$"
)


_TITLES = frozenset(("title", "heading", "header", "headline"))
# "Write a recipe title …", "give me one headline for …": the title is the
# answer, no line beside the lines counted (not "a title and a poem")
_TITLE_ASKED = compile_lazily(
    r"^\s*(?:please\s+)?(?:write|give\s+me|suggest|create|generate|come\s+up\s+with)\s+"
    r"(?:me\s+)?(?:a|an|one)\s+(?:[\w-]+\s+){0,2}$"
)
# "Do a 5 Whys analysis on: …", "Give me a short explanation of …": the
# analysis asked for first is the answer, no part beside it
_ANALYSIS_ASKED = compile_lazily(
    r"\s*(?:please\s+)?(?:do|write|give\s+me|give|provide|make|run|perform|create)\s+"
    r"(?:me\s+)?(?:a|an|one)\s+(?:[\w-]+\s+){0,3}$"
)
# "Give me 3 headline options", "suggest 5 title ideas": titles are the things
# asked for, each one of the lines (not "3 title ideas and a poem")
_TITLES_ASKED = compile_lazily(
    r"^\s*(?:please\s+)?(?:write|give\s+me|give|suggest|create|generate|list|brainstorm|"
    rf"come\s+up\s+with|i\s+need|i\s+want)\s+(?:me\s+)?(?:exactly\s+)?{NUMBER}\s+(?:[\w-]+\s+)?$"
)
_OPTIONS = compile_lazily(
    r"\s+(?:options|ideas|variants|variations|alternatives|suggestions|candidates)\b"
)
_EACH_AGAIN = compile_lazily(r"\b(?:each|every|the|these|those|no)\s+$")
# "each line should be: …", "format every line as: …": a template of each line
_LINE_TEMPLATE = compile_lazily(
    r"\b(?:each|every)\s+line\s*(?::|(?:should|must)\s+be\s*:|(?:is\s+|should\s+be\s+|must\s+be\s+)?"
    r"(?:formatted|written)\s+(?:as|like)\b|as\s*:)"
)
_EACH_ON = compile_lazily(r"\b(?:each|every)\b(?:\s+[\w-]+){0,2}?\s+(?:goes\s+|go\s+)?on\s+$")
_BESIDE = compile_lazily(r"\s*(?:,|and\b|plus\b|then\b|with\b|followed\b|&|\+)")
# "the English line first, then the French line": the lines counted, in order
_LINE_FIRST = compile_lazily(r"\bline\s+first\s*,?\s*$")
_THEN_LINE = compile_lazily(r"\s+(?:the\s+|a\s+)?(?:[\w-]+\s+)?line\b")
_USERS_OWN = compile_lazily(r"\b(?:my|our)\s+(?:[\w-]+(?:'s)?\s+)?$")
_REFUSABLE = (
    frozenset(("title", "heading", "header", "headline", "commentary", "explanation", "postscript"))
    | {
        "code block",
        "code blocks",
        "code fence",
        "code fences",
        "fenced block",
        "fenced code block",
    }
    | {"intro", "introduction", "preamble", "outro", "sign-off", "signoff"}
)
# "Write a podcast intro. One line.": the part named is the whole answer
_PARTS = _TITLES | {"intro", "introduction", "outro", "sign-off", "signoff"}
# "each on its own line as Title — Host": the words of each line's template
_LINE_AS = compile_lazily(
    r"\blines?\s+(?:in\s+the\s+(?:form|format)(?:\s+of)?|as|like)\s*:?\s+[^.;]*$"
)


# "e.g." and "i.e." end no clause: "Each line: the date (e.g. July 20), then …"
_ABBREVIATION = compile_lazily(r"\b(?:e\.g|i\.e|etc|vs|approx)\.")
# A count that names the whole answer ("One line only.", "6 lines total"): a
# part after another ("…, then a hyphen, then …") is
# within the lines counted
_WHOLE_COUNT = compile_lazily(
    r"\s+(?:only|total|in\s+total|in\s+all|altogether)\b(?!\s+(?:for|in|of|per)\b)"
)
_ONLY_BEFORE = compile_lazily(r"\b(?:only|just)\s+$")
_SEQUENCE = frozenset(
    ("then", "followed by", "afterwards", "afterward", "after that", "after this")
)


@functools.lru_cache(maxsize=4)
def extra_line(whole: str) -> bool:
    # Every sentence of a prompt shares one ``whole``: searched once per prompt.
    text = _ABBREVIATION.sub(lambda m: m.group(0).replace(".", " "), whole.lower())
    counts = [
        m
        for m in _LINES_COUNTED.finditer(text)
        if not _BOUND.search(text, 0, m.start())
        and not _NO_TWO.search(text, 0, m.start())
        # "a 3-line slogan set …, and the three lines must …": the same lines again
        and not _THE.search(text, 0, m.start())
        # "appears in every single line": each line, not a count of lines
        and not _EVERY.search(text, 0, m.start())
    ]
    if len(counts) > 1:
        return True  # "a 5-line poem and a 2-line dedication": lines of two parts
    whole_count = bool(counts) and (
        _WHOLE_COUNT.match(text, counts[0].end()) or _ONLY_BEFORE.search(text, 0, counts[0].start())
    )
    titled = ""
    # clauses end at marks outside quotes: "each beginning 'Why?' and then …"
    marks = _ABBREVIATION.sub(lambda m: m.group(0).replace(".", " "), mask(whole))
    for match in _EXTRA_LINE.finditer(text):
        before = text[
            max(marks.rfind(mark, 0, match.start()) for mark in ".!?;\n") + 1 : match.start()
        ]
        word = match.group(0)
        if whole_count and " ".join(word.split()) in _SEQUENCE:
            continue  # "HS code first, then a hyphen, then … One line only.": within it
        sentence_start = max(marks.rfind(mark, 0, match.start()) for mark in ".!?\n") + 1
        if _LINES_LISTED.search(text, sentence_start, match.start()):
            continue  # "two lines: setup then punchline": what the lines counted hold
        if match.start() == len(text) - len(text.lstrip()) and word.startswith("explain"):
            continue  # "Explain this regex …, six lines total": the explanation is the answer
        if word.startswith(("analy", "explanation", "commentary")) and _ANALYSIS_ASKED.match(
            text, 0, match.start()
        ):
            continue  # "Do a 5 Whys analysis on: … Exactly five lines": the analysis is it
        if word.startswith("followed") and _WITHIN_EACH.search(before):
            continue  # "5 lines, each starting with a date followed by …": each line's
        if word == "then" and _EACH_HOLDS.search(before):
            continue  # "five lines, each beginning 'Why?' and then the answer": each line's
        if word.startswith("after") and _IN_BRACKETS.search(before):
            continue  # "the translation in brackets after it": on the same line
        if word in _TITLES and _USERS_OWN.search(before):
            continue  # "Translate my fic's title 'The Long Way Home'": the user's, not a line
        if (
            word in _PARTS
            and _TITLE_ASKED.search(text, sentence_start, match.start())
            and not _BESIDE.match(text, match.end())
        ):
            continue  # "Write a recipe title that's a spoonerism. One line.": the title is it
        if (
            word in _TITLES
            and _TITLES_ASKED.search(text, sentence_start, match.start())
            and (options := _OPTIONS.match(text, match.end()))
            and not _BESIDE.match(text, options.end())
        ):
            titled = word  # the things counted are titles: "each headline must …" is one
            continue  # "Give me 3 headline options …": the titles are the things counted
        if word == titled and _EACH_AGAIN.search(before):
            continue  # "… Each headline must contain a number": one of them again
        if word.endswith(" line") and _EACH_ON.search(before):
            continue  # "put each on a new line": each thing's line, no line more
        if word in _TITLES and _LINE_AS.search(before):
            continue  # "each on its own line as Title — Host": the template's words
        if (word == "then" or word.startswith("followed")) and _LINE_TEMPLATE.search(before):
            continue  # "each line should be: word, then a tab, then …": within each line
        if word == "then" and _LINE_FIRST.search(before) and _THEN_LINE.match(text, match.end()):
            continue  # "English line first, then French line": the lines counted, in order
        if (
            " ".join(word.split()) in _REFUSABLE or word.startswith("explain")
        ) and _NO_TITLE.search(before):
            continue  # "you don't need to give it a title", "no commentary": no line added
        return True
    return False


# The answer named as a message of its own: "Write an email to the candidate",
# "Keep the whole message under 70 words", "the letter must …" (not "an
# email subject line", a piece of one; not "for the newsletter" or "forward
# an email", a purpose or a topic)
_GENRE = r"(?:message|e-?mail|memo|letter)"
# the genre ends its noun phrase: "an email to …", "a memo listing …" (not "an
# email subject line", "a ticker message sequence")
_NOT_PIECE = (
    r"(?=\s*(?:[,.;:!?)(—–-]|$)|\s+(?:to|for|from|about|with|that|which|who|offering|listing|"
    r"naming|giving|inviting|asking|telling|announcing|confirming|thanking|under|in|of|and|on|"
    r"must|should|is)\b)"
)
_MESSAGE = compile_lazily(
    r"\b(?:write|draft|compose|send|prepare)\s+(?:me\s+|us\s+|them\s+)?(?:a|an)\s+(?:[\w-]+\s+){0,2}?"
    rf"(?:{_GENRE}|announcement)\b{_NOT_PIECE}|"
    rf"\b(?:keep|make)\s+(?:the|your)\s+(?:whole\s+|entire\s+)?{_GENRE}\b{_NOT_PIECE}|"
    rf"\bthe\s+(?:whole|entire)\s+(?:{_GENRE}|reply)\b|"
    rf"\b(?:the|your)\s+{_GENRE}\s+(?:must|should|needs\s+to|has\s+to|is\s+to)\b"
)


def held_in_message(whole: str) -> bool:
    """ "Always offer exactly three interview slots, each on its own line …
    Keep the whole message under 70 words": the things laid out one a line
    stand in a message with a greeting and words of its own, so their count
    is no count of the answer's lines."""
    return searched(_MESSAGE, lowered(whole)) is not None
