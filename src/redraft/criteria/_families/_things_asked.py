"""The things a prompt asks for, counted ("give me 5 taglines", "8 email
subject lines for our spring sale.", "a tweet thread of 4 tweets"), and the
part of the answer each of them is: the grammar :mod:`._each_thing` reads a
count within each thing with, and :mod:`._counted` asks before it reads a
count after "them" ("Write 4 tweets. Keep them under 280 characters.") as
the whole answer's.

The things are read only where the prompt asks for one set of them, at
least two, named by a plural noun that is neither a unit of length (words,
characters, letters …) nor a part of prose that its own families count
(sentences, paragraphs, lines, bullets, sections …): those ("Write 3
paragraphs. Keep them under 100 words.") are not read here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._once import once
from redraft.criteria._sentences import lowered, matches_in, searched

if TYPE_CHECKING:
    from redraft.criteria._sentence_text import Sentence

__all__ = ["Things", "refers_to_things", "things_asked"]

_VERB = (
    r"(?:give|write|list|generate|create|suggest|provide|make|draft|compose|share|offer|name|"
    r"produce|propose|craft|brainstorm|need|want|come\s+up\s+with|think\s+of|tell(?=\s+(?:me|us)\b))"
)
# "give me 5 taglines", "write exactly 3 slogans", "brainstorm 10 names",
# "a list of 6 book titles", "a tweet thread of 4 tweets", "a to-do list
# with 10 items", and a request that is only the things ("8 email subject
# lines for our sale.", "5 names for my starter, each …", "Two variants, …")
_ASKED = compile_lazily(
    rf"(?:\b{_VERB}\s+(?:me\s+|us\s+)?(?:(?:a|an|the)\s+(?:[\w-]+\s+)?(?:list|set|series|thread|"
    r"batch|collection)\s+(?:of|with)\s+)?|\b(?:list|set|series|thread|batch|collection)\s+"
    r"(?:(?:[\w-]+\s+){0,3}?with|of)\s+|\bin\s+|(?:^|[.!?:]\s+|\n\s*))"
    rf"(?:exactly\s+)?(?P<num>{NUMBER})\s+(?P<noun>(?:[a-z][\w'-]*\s+){{0,3}}?[a-z][\w'-]*s)\b"
    r"(?!\s*(?:each|apiece|per)\b)"
)
# Things named first, their count asked after: "Brainstorm names for a dog
# van. Give me 12.", "suggest titles for my talk, and list 5" (the number
# stands alone: "give me 12 ideas" names other things)
_NAMED_THEN_COUNTED = compile_lazily(
    rf"\b{_VERB}\s+(?:me\s+|us\s+)?(?:some\s+|a\s+few\s+)?"
    r"(?P<noun>(?:[a-z][\w'-]*\s+){0,2}?[a-z][\w'-]*s)\b[^.!?;\n]{0,80}?(?:[.!?;,]\s+|\s+)"
    r"(?:and\s+)?(?:please\s+)?(?:give|list|write|suggest|provide|i\s+(?:need|want))\s+"
    rf"(?:me\s+|us\s+)?(?:exactly\s+)?(?P<num>{NUMBER})\b(?!\s*(?:[\w'-]+\s+){{0,2}}?[a-z][\w'-]*s\b)"
)
# Any number of things named: the prompt must name one set only
_COUNTED = compile_lazily(rf"\b(?P<num>{NUMBER})\s+(?:[\w'-]+\s+){{0,2}}?[a-z][\w'-]*s\b")
# Words ending in "s" that name no things: "one has to include"
# ("my Year 6 class", "2 glass jars": a word ending in "ss" is no plural)
_NOT_PLURAL = compile_lazily(
    r"\s(?:is|was|has|does|this|its|his|us|yes|less|plus|always|as|[a-z]*ss)$"
)
_MEASURE = compile_lazily(
    r"(?:^|\s)(?:characters|chars|words|letters|sentences|digits|syllables|lines|times|minutes|"
    r"seconds|hours|days|weeks|months|years|stars|points|emojis|hashtags|numbers|percents|"
    r"dollars|pounds|euros|people|paragraphs|bullets|stanzas|sections|headings)$"
)
# Parts of prose their own families count, and units of length
_NOT_THINGS = compile_lazily(
    r"(?:^|\s)(?:sentences|paragraphs|stanzas|verses|bullets|bullet\s+points|points|lines|"
    r"sections|headings|headers|words|characters|chars|letters|syllables|digits|emojis|"
    r"hashtags|times|minutes|seconds|hours|days|weeks|months|years|people|questions\s+about)$"
)
# "subject lines" are things each on a line, not lines of prose
_THING_LINES = compile_lazily(r"(?:^|\s)(?:subject|pickup|pick-up|punch|tag|head)\s+lines$")
_ONE_PER_LINE = compile_lazily(
    r"\b(?:one\s+per\s+line|each\s+on\s+(?:its\s+own|a\s+(?:new|separate))\s+line|"
    r"one\s+(?:on\s+each|a)\s+line|on\s+(?:its|their)\s+own\s+lines?)\b"
)
# Lines that carry a list marker: "numbered", "starting with its number"
_MARKED = compile_lazily(
    r"\b(?:numbered|number\s+(?:them|each)|bullet\w*|with\s+(?:its|a|the)\s+number|"
    r"(?:its|their)\s+number)\b|"
    # "each on its own line, starting with '- '": a marker the item leaves out
    r"\b(?:start(?:ing|s)?|begin(?:ning|s)?|prefix(?:ed)?)\s+(?:it\s+|each(?:\s+one)?\s+)?"
    r"with\s+(?:an?\s+)?(?:dash|hyphen|bullet|number|['\"‘“])"
)
# A format whose items no line or block reading finds
_STRUCTURED = compile_lazily(
    r"\b(?:json|yaml|xml|csv|array|(?:python|javascript|js)\s+(?:list|dict|array|literal|tuple|"
    r"set|object)|list\s+literal|code\s+block|table|dictionary|dict)\b"
)


@dataclass(frozen=True)
class Things:
    """The one set of things a prompt asks for: how many, what they are
    called (singular and plural), where the request ends, and the part of
    the answer each one is (a line where the prompt puts one per line, else
    an item of the answer's list, in whatever format it is written)."""

    count: int
    singular: str
    plural: str
    end: int
    part: Literal["line", "item"]
    modifiers: tuple[str, ...] = ()

    def names(self, noun: str) -> bool:
        """Whether ``noun`` names these things: "tagline" for "taglines",
        "headline" for "headline options"."""
        return noun in (self.singular, self.plural, *self.modifiers)


def _singular(plural: str) -> str:
    if plural.endswith("ies"):
        return plural[:-3] + "y"
    if plural.endswith(("sses", "shes", "ches", "xes")):
        return plural[:-2]
    return plural[:-1]


@once
def things_asked(whole: str) -> Things | None:
    """The one set of at least two things ``whole`` (a lowered prompt) asks
    for, or None: where it asks for none, for two sets ("3 tips and 2
    warnings"), for parts of prose or units, or in a format whose items a
    line cannot hold (JSON, a table, a code literal)."""
    asked = []
    for match in matches_in(_ASKED, whole):
        noun = match.group("noun")
        value = number_value(match.group("num"))
        if value is None or value < 2:
            continue
        if _NOT_THINGS.search(noun) and not _THING_LINES.search(noun):
            continue
        asked.append((value, noun, match.end()))
    if not asked:
        return _named_then_counted(whole)
    if len({(v, n) for v, n, _ in asked}) != 1:
        return None
    named = [
        m
        for m in matches_in(_COUNTED, whole)
        if (not _MEASURE.search(m.group(0)) or _THING_LINES.search(m.group(0)))
        and (number_value(m.group("num")) or 0) >= 2
        and not _NOT_PLURAL.search(m.group(0))
    ]
    if len({m.group(0) for m in named}) != 1 or searched(_STRUCTURED, whole):
        return None
    value, noun, end = asked[0]
    *modifiers, plural = noun.split()
    if _THING_LINES.search(noun):
        plural = "lines"
    # one per line, unless the lines carry list markers (the item leaves them out)
    lines = searched(_ONE_PER_LINE, whole) and not searched(_MARKED, whole)
    part: Literal["line", "item"] = "line" if lines else "item"
    return Things(value, _singular(plural), plural, end, part, tuple(modifiers))


def _named_then_counted(whole: str) -> Things | None:
    """The things named by a plural after a verb, counted by a number that
    stands alone after them ("Brainstorm names for a van. Give me 12."),
    where the prompt counts no things by name anywhere."""
    found = list(matches_in(_NAMED_THEN_COUNTED, whole))
    if len(found) != 1 or searched(_STRUCTURED, whole):
        return None
    match = found[0]
    noun, value = match.group("noun"), number_value(match.group("num"))
    if value is None or value < 2 or _NOT_THINGS.search(noun) or _MEASURE.search(noun):
        return None
    if _NOT_PLURAL.search(" " + noun) or any(
        not _MEASURE.search(m.group(0)) and not _NOT_PLURAL.search(m.group(0))
        for m in matches_in(_COUNTED, whole)
    ):
        return None  # things counted by name elsewhere: which are asked?
    *modifiers, plural = noun.split()
    lines = searched(_ONE_PER_LINE, whole) and not searched(_MARKED, whole)
    part: Literal["line", "item"] = "line" if lines else "item"
    return Things(value, _singular(plural), plural, match.end(), part, tuple(modifiers))


# "them", "these", "none" … just before a count: the things'
_REFERS = compile_lazily(
    r"\b(?:them|these|those|they|none|each(?:\s+one)?|all\s+of\s+them)\b(?:\s+[\w'-]+){0,4}\s*$"
)


def refers_to_things(sentence: Sentence, start: int) -> bool:
    """Whether the count at ``start`` follows "them", "these", "those" or
    "none" referring to the things the prompt asked for before it ("Write
    4 tweets. Keep them under 280 characters."): each thing's count, which
    :func:`each_thing_counts` reads, not the whole answer's."""
    text = sentence.lower
    clause = re.split(r"[.;:!?]", text[:start])[-1]
    if not _REFERS.search(clause):
        return False
    things = things_asked(lowered(sentence.whole))
    return things is not None and things.end <= sentence.start + start
