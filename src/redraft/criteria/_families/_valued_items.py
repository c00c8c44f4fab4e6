"""A criteria list of values, each named by what it is with the value in
brackets: "Must include: date (12 May), cost (£15), and the phrase 'packed
lunch'", "Mention: venue (Hall 3), start time (18:30)".

Read only where every item of the list is such a value (a concrete one: it
holds a digit or a currency sign) or a quoted phrase, and the list ends the
clause: "include: a date (e.g. 12 May)" gives an example, "cost (in
pounds)" a unit, and "the venue, a date (12 May)" an item with no value;
each compiles nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import ARG
from redraft.criteria._families._keywords import REQUIRE_DONE, keyword_hits
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._sentences import Hit, Sentence, response_context

__all__ = ["valued_items"]

_LIST_VERB = compile_lazily(
    r"\b(?:must|should|to|please)?\s*(?:include|includes|mention|mentions|contain|contains|"
    r"state|give)\s*:\s*"
)
# "date (12 May)", "the start time (18:30)": a name of one to three words, its value in brackets
_VALUED = compile_lazily(
    r"(?:the\s+)?[a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}\s*\((?P<value>[^()\ue000]{1,40})\)"
)
_QUOTED = compile_lazily(rf"(?:the\s+)?(?:(?:phrase|word|words|line|term)\s+)?(?P<quoted>{ARG})")
_SEP = compile_lazily(r"\s*(?:,\s*(?:and\s+)?|;\s*|\s+and\s+)")
# a value the answer can hold as written, not an example or a unit
_CONCRETE = compile_lazily(r"[\d£$€¥]")
_NOT_VALUE = compile_lazily(
    r"\b(?:e\.?g|i\.?e|such\s+as|like|for\s+example|optional|if\s+any|or)\b"
)


def valued_items(sentence: Sentence) -> Iterator[Hit]:
    """Values named in a criteria list, each with its value in brackets."""
    text = sentence.lower
    for match in _LIST_VERB.finditer(text):
        values: list[str] = []
        end = match.end()
        valued = 0
        while True:
            if item := _VALUED.match(text, end):
                value = sentence.unmask(*item.span("value")).strip()
                if not _CONCRETE.search(value) or _NOT_VALUE.search(value.lower()):
                    values = []
                    break
                valued += 1
            elif item := _QUOTED.match(text, end):
                value = sentence.unmask(item.start("quoted") + 1, item.end("quoted") - 1).strip()
            else:
                values = []  # an item with no value: the list is not read in part
                break
            values.append(value)
            end = item.end()
            if (sep := _SEP.match(text, end)) is None:
                break
            end = sep.end()
        if not values or not valued or not REQUIRE_DONE.match(text, end):
            continue
        if asks_about(sentence, match.start()) or not response_context(sentence, match.start()):
            continue
        yield from keyword_hits(values, [("at_least", 1)], match.start(), end)
