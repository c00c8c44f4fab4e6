"""The phrases a count within each part is read from (:mod:`._per_part`):
"each bullet under 12 words", "at most 20 words per sentence", "3 bullet
points, each under 12 words", "every sentence must be … and contain fewer
than 9 words", "no sentence over 15 words", "don't let any paragraph go over
60 words"; built for the part nouns of the answer's markup, and for the noun
a prompt names its numbered items by ("5 numbered steps … each step 8 words
or fewer": :func:`numbered_noun`).
"""

from __future__ import annotations

import functools
import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER, RELATION
from redraft.criteria._sentences import THING, matches_in

__all__ = ["AMOUNT", "MODAL", "OTHER_IN_LIST", "PART", "PARTS", "UNIT", "numbered_noun", "phrases"]

# The parts a count within each part is about, singular and plural. Lines
# are _line_length's; "step" and "point" name parts no cut can find.
_PART = (
    r"(?:sentence|paragraph|stanza|bullet(?:[\s-]+point)?|bullet(?:ed)?\s+item|"
    r"numbered\s+(?:list\s+)?(?:item|point|entry)|(?:list\s+)?item|list\s+entry|"
    r"section|(?:sub)?head(?:ing|er))"
)
PARTS = (
    r"(?:sentences|paragraphs|stanzas|bullet(?:[\s-]+point)?s|bullet(?:ed)?\s+items|"
    r"numbered\s+(?:list\s+)?(?:items|points|entries)|(?:list\s+)?items|list\s+entries|"
    rf"sections|(?:sub)?head(?:ing|er)s|{_PART})"
)
_OF_RESPONSE = rf"(?:\s+(?:of|in)\s+(?:your|the)\s+(?:entire\s+|whole\s+)?{THING})?"
MODAL = r"(?:should|must|has\s+to|have\s+to|needs?\s+to|shall|will|is\s+to|are\s+to)"
_UNIT = (
    r"(?P<unit>words?|characters?|chars|sentences?|lines?|paragraphs?|bullet(?:[\s-]+point)?s?|"
    r"bulleted\s+items?|numbered\s+(?:list\s+)?(?:items?|points?|steps?)|"
    r"(?:checkbox|checklist|to-?do)(?:\s+items?|es)?)"
)
_LONG = r"(?:\s+long)?"
# A count: "at most 12", "between 8 and 15", "8 to 15", "8-15", or a bare number.
_AMOUNT = (
    rf"(?:(?P<rel>{RELATION})\s+(?P<n>{NUMBER})|between\s+(?P<low>{NUMBER})\s+and\s+"
    rf"(?P<high>{NUMBER})|(?P<from>{NUMBER})\s*(?:to|-|–)\s*(?P<to>{NUMBER})|"
    rf"(?P<bare>{NUMBER}))"
)
# the names other modules read them by
PART, UNIT, AMOUNT = _PART, _UNIT, _AMOUNT
_VERB = r"(?:have|has|contain|contains|be|is|are|consist\s+of|use|stay|stays|run)"
# What may not stand in that list: another thing the count may be of ("each
# bullet must name a tool, followed by a note under 20 words"), a sequence,
# a second subject
OTHER_IN_LIST = compile_lazily(
    r"\b(?:then|followed|plus|after|before|each|every|per|whole|entire|total|overall|while|"
    r"whereas|but|or|whose|which|that|where)\b"
)


# The parts by their plural alone, as a subject ("Sentences must be …")
_PLURAL = (
    r"(?:sentences|paragraphs|stanzas|bullet(?:[\s-]+point)?s|bullet(?:ed)?\s+items|"
    r"(?:list\s+)?items|sections)"
)
# A bound, not a bare size: "sentences of 20 words" may be a description
_BOUNDED = (
    rf"(?P<rel>{RELATION})\s+(?P<n>{NUMBER})|between\s+(?P<low>{NUMBER})\s+and\s+(?P<high>{NUMBER})|"
    rf"(?P<bare>{NUMBER})(?=\s+\w+(?:\s+long)?\s*,?\s+(?:or\s+(?:fewer|less)|max(?:imum)?\b|"
    r"at\s+(?:the\s+)?most|tops\b))"
)


@functools.lru_cache(maxsize=16)
def phrases(
    parts: str, part: str
) -> tuple[tuple[re.Pattern[str], ...], tuple[re.Pattern[str], ...]]:
    """The phrases of a count within each part named by ``parts`` (plural or
    singular) or ``part`` (singular): the counts said of every part, and the
    caps said as "no part over …"."""
    every = rf"(?:every|each|all(?:\s+(?:of\s+)?(?:the|your))?)\s+(?P<part>{parts}){_OF_RESPONSE}"
    each = (
        # "Keep every sentence under 15 words.", "limit each bullet to 80 characters"
        compile_lazily(
            rf"\b(?P<cap>keep|limit|cap)\s+{every}\s+(?:to\s+|at\s+)?{_AMOUNT}\s+{_UNIT}{_LONG}\b"
        ),
        # "Each sentence should have at most 12 words.", "every paragraph has exactly 3 sentences",
        # "each bullet under 12 words", "every line of the stanza …" is not read (lines of lines)
        compile_lazily(
            rf"\b{every}\s+(?:{MODAL}\s+)?(?:{_VERB}\s+)?(?:(?:kept|limited)\s+)?(?:to\s+)?"
            rf"{_AMOUNT}\s+{_UNIT}{_LONG}\b"
        ),
        # "at most 20 words per sentence", "3 sentences in each paragraph", "4 lines per stanza"
        # "3 bullets under each heading" (under a heading: its section)
        compile_lazily(
            rf"\b{_AMOUNT}\s+{_UNIT}\s+(?:per|in\s+each|for\s+each|in\s+every|to\s+(?:a|each|every)|"
            rf"(?:under|beneath|below)\s+(?:each|every))\s+(?P<part>{part})\b"
        ),
        # "3 bullet points, each under 12 words", "paragraphs of 3 sentences each",
        # "3 sections (Before, During, After), each with 2 to 4 checkbox items"
        compile_lazily(
            rf"\b(?P<part>{parts})(?:\s*\([^()]{{0,80}}\))?\s*,?\s+each(?:\s+one|\s+of\s+them)?\s+"
            rf"(?:{MODAL}\s+)?"
            rf"(?:{_VERB}\s+|with\s+|of\s+)?"
            rf"{_AMOUNT}\s+{_UNIT}{_LONG}\b"
        ),
        compile_lazily(rf"\b(?P<part>{parts})\s+(?:of|with)\s+{_AMOUNT}\s+{_UNIT}\s+each\b"),
        # "Sentences must be short — under 12 words each", "paragraphs 40-60 words each"
        compile_lazily(
            rf"(?:^|[.;:!?(]\s*|\b(?:and|keep|all|your|the)\s+)(?P<part>{_PLURAL})\s+"
            rf"(?:{MODAL}\s+(?:be\s+|stay\s+)?)?(?:(?:short|brief|concise)\s*[—–,:-]?\s*)?"
            rf"(?:(?:of|at)\s+)?{_AMOUNT}\s+{_UNIT}{_LONG}\s+each\b"
        ),
        # "sentences of 20 words or fewer", "keep sentences to at most 20 words",
        # "paragraphs of no more than 80 words": a bound said of the parts by their
        # plural (a bare "3 paragraphs of 100 words" may be the whole's size)
        compile_lazily(
            rf"(?:^|[.;:!?(]\s*|\b(?P<cap>keep|limit|cap)\s+(?:your\s+|the\s+|all\s+)?)"
            rf"(?P<part>{_PLURAL})\s+(?:of|to|at|under|below)\s+(?:{_BOUNDED})\s+{_UNIT}{_LONG}"
            rf"(?:\s*,?\s+(?:or\s+(?:fewer|less)|max(?:imum)?\b|at\s+(?:the\s+)?most|tops\b))?"
            r"(?!\s*(?:in\s+total|total|overall|altogether|combined|in\s+all))"
        ),
        # "Every sentence must be in the present tense and contain fewer than 9 words",
        # "every bullet must be one sentence, contain 'senior', and be under 18 words":
        # a count that ends the list of what every part must be or do
        compile_lazily(
            rf"\b{every}\s+{MODAL}\s+(?P<between>[^.;:!?]{{1,80}}?)(?:\s*,\s*(?:and\s+)?|\s+and\s+)"
            rf"(?P<tail>(?:be|contain|have|stay|run|use)\s+(?P<rel>{RELATION})\s+(?P<n>{NUMBER})\s+"
            rf"{_UNIT}{_LONG})"
            r"(?=\s*(?:[,.;:!?)]|and\b|$))"
        ),
    )
    # "No sentence may be longer than 20 words.", "no sentence over 15 words"
    no_longer = compile_lazily(
        rf"\bno\s+(?P<part>{part})\s+(?:(?:should|may|can|must|is\s+to)\s+(?:be\s+longer\s+than|"
        r"have\s+more\s+than|exceed|contain\s+more\s+than|be\s+over|run\s+over|go\s+over)|"
        r"is\s+longer\s+than|is\s+over|has\s+more\s+than|exceeds|contains\s+more\s+than|"
        rf"runs\s+over|goes\s+over|"
        # "no sentence over 15 words", "no sentence longer than 10 words"
        r"longer\s+than|over|above|exceeding|more\s+than|with\s+more\s+than|of\s+more\s+than)"
        rf"\s+(?P<n>{NUMBER})\s+{_UNIT}"
    )
    # "don't let any paragraph go over 60 words", "never let a sentence run past 20 words"
    let_none = compile_lazily(
        rf"\b(?P<let>don'?t|do\s+not|never)\s+let\s+(?:any|a\s+single|a)\s+(?P<part>{part})\s+"
        r"(?:go\s+over|run\s+over|go\s+past|run\s+past|go\s+beyond|exceed|be\s+longer\s+than|"
        rf"be\s+more\s+than|have\s+more\s+than|be\s+over)\s+(?P<n>{NUMBER})\s+{_UNIT}"
    )
    # "Exactly 3 sentences, none longer than 20 words", "Six paragraphs, one per
    # ball, … and none over 40 words": the parts just counted, none over a cap
    none_of = compile_lazily(
        rf"\b(?P<part>{parts})\b(?P<between>(?:'[^'\n]{{0,30}}'|\"[^\"\n]{{0,30}}\"|[^.;:!?'\"]){{0,60}}?)"
        r"(?:,|\s+and|\s+but)\s+"
        rf"(?P<tail>none(?:\s+of\s+them)?\s+(?:(?:should|may|can|must)\s+(?:be\s+|have\s+|run\s+)?|"
        r"(?:is|are|runs?|goes|has|have)\s+)?(?:longer\s+than|over|above|more\s+than|"
        rf"with\s+more\s+than|exceeding|exceed)\s+(?P<n>{NUMBER})\s+{_UNIT})"
    )
    return each, (no_longer, let_none, none_of)


# The noun a prompt names its numbered items by: "5 numbered steps", "steps
# numbered", "one numbered step per line", "One step per number"; "each
# step" and "no step over 12 words" then say it of each numbered item
_NUMBERED_NOUN = compile_lazily(
    r"\bnumbered\s+(?P<a>[a-z]{3,})s\b|\b(?P<b>[a-z]{3,})s\s+(?:are\s+|should\s+be\s+|must\s+be\s+)?"
    r"numbered\b|\bone\s+numbered\s+(?P<c>[a-z]{3,})\s+per\b|\bone\s+(?P<d>[a-z]{3,})\s+per\s+number\b"
)
# nouns the parts' own grammar reads, or no items at all
_NOT_ITEMS = compile_lazily(
    r"(?:item|point|entr(?:y|ie)|bullet|line|sentence|paragraph|list|word|page|section|heading|"
    r"question|answer|option|it|them|the|and|all)$"
)


def numbered_noun(whole: str) -> tuple[str, str] | None:
    """The phrases (plural, singular) of the one noun ``whole`` (a lowered
    prompt) names its numbered items by, or None."""
    nouns = {next(g for g in m.groups() if g) for m in matches_in(_NUMBERED_NOUN, whole)}
    if len(nouns) != 1:
        return None
    noun = nouns.pop()
    if _NOT_ITEMS.search(noun) or not noun.isalpha():
        return None
    return rf"(?:{noun}s|{noun})", noun
