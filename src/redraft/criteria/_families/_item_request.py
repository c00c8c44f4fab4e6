"""Items: how a prompt asks for a number of things (the request grammar
:mod:`._item_count` reads with): the listing verbs and openers, the count
and the things it counts. The signs that the number is not the answer's
list (another set of things, a count of each part, more parts than the
list, things given) are :mod:`._item_scope`.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._item_guards import PLURAL
from redraft.criteria._families._item_nouns import (
    ASKED,
    LIST_DOCS,
    LISTED,
    MADE_UP,
    NOT_ITEMS,
    SHORT,
    TITLED,
    VALUES,
)
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._spec_base import Relation

__all__ = ["COUNT", "SENTENCE_BREAK", "count_bounds", "requests_in", "values_asked"]


# -- reading the request ----------------------------------------------------------

_VERB = (
    r"(?:name|list|give(?:\s+(?:me|us))?|gimme|suggest|recommend|provide|share|offer|brainstorm|"
    r"propose|generate|come\s+up\s+with|"
    # "make me a list of 8 books": a list is what is made
    # "build a glossary of 10 terms": a list document, its entries the things
    r"(?:make|create|write|compile|put\s+together|draw\s+up|build|produce|prepare)(?:\s+(?:me|us))?"
    r"(?=\s+(?:a|an)\s+(?:short\s+|quick\s+|brief\s+)?(?:[\w-]+[-\s](?:item|point|entry)\s+)?"
    rf"{TITLED}(?:(?:to-?do|packing|shopping|reading)\s+)?(?:markdown\s+)?(?:(?:check)?list|{LIST_DOCS})\b)|"
    r"think\s+of|tell\s+(?:me|us)|pick|choose|identify|enumerate|outline|rank|"
    # "Respond with a list of 4 book recommendations", "reply with 3 ideas"
    r"(?:respond|reply|answer)\s+(?:only\s+)?with|"
    r"list\s+(?:down|out)|jot\s+down|(?:can|could|may)\s+(?:i|we)\s+(?:get|have|see)|"
    # "write 3 headlines": things a line holds, whatever verb makes them
    r"(?:write|create|draft|compose|craft|make|invent)(?:\s+(?:me|us))?"
    rf"(?=\s+(?:(?!{SHORT})[\w-]+\s+){{1,4}}?{SHORT}\b)|"
    # "write 3 fun facts", "create 4 book recommendations": short things a
    # writer lists, whatever verb makes them
    r"(?:write|create|draft|compose|craft|make)(?:\s+(?:me|us))?"
    rf"(?=\s+(?:exactly\s+)?{NUMBER}\s+(?:[\w/-]+\s+){{0,3}}?{LISTED}\b)|"
    # "I need 6 examples", not "I need 2 tickets": a wish is a request only
    # for things a writer makes
    r"(?:(?:i|we)(?:\s+(?:need|want|would\s+(?:like|love))|'d\s+(?:like|love))|i'm\s+looking\s+for|"
    rf"i\s+am\s+looking\s+for)(?=\s+(?:(?!{ASKED})[\w'-]+\s+){{1,4}}?{ASKED}\b|"
    # "I need a list of 6 team-building activities": a list is what a writer makes
    rf"\s+(?:a|an)\s+(?:short\s+|quick\s+|brief\s+)?{TITLED}(?:(?:to-?do|packing|shopping|reading)\s+)?"
    rf"list\s+of\s+(?:exactly\s+)?{NUMBER}\s|"
    # "I need 5 fake postal codes": values made up for the asker
    rf"\s+(?:exactly\s+)?{NUMBER}\s+{MADE_UP}\s+(?:[\w-]+\s+){{0,2}}?{VALUES}\b))"
)
# Where a listing verb opens a request: the sentence's start, after a
# clause break, "please", a polite "can you", "help me".
_OPENER = (
    r"(?:(?:^|(?<=[.!?\n]))[\s\-*•>]*|[,;:(]\s*|\b(?:please|pls|plz|and|now|just|so|also|then|always)\s+|"
    r"(?:\b(?:can|could|would|will)\s+you\s+(?:please\s+)?)?\bhelp\s+(?:me|us)\s+(?:to\s+)?|"
    r"\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+|just\s+)?(?:be\s+able\s+to\s+)?|"
    r"\byour\s+(?:task|job|goal)\s+is\s+to\s+|"
    r"\b(?:i|we)(?:\s+(?:need|want|would\s+like)|'d\s+like)\s+you\s+to\s+)"
)
_COUNT = (
    rf"(?:between\s+(?P<low>{NUMBER})\s+and\s+(?P<high>{NUMBER})|"
    rf"(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER})(?:\s*\(\d{{1,3}}\))?"
    rf"(?:\s*(?:to|-|–|or)\s*(?P<to>{NUMBER}))?)"
)
# (the count grammar, shared with the pairs of an FAQ: :mod:`._qa_pairs`)
COUNT = _COUNT
_PLURAL = PLURAL
# "5 true/false statements": a slash joins two words of one modifier. A
# preposition or a layout participle ends the things ("nine digits separated
# by spaces" counts digits, not spaces)
_THINGS = (
    r"(?P<things>(?:(?!(?:and|or|to|for|of|by|with|in|on|at|from|into|per|each|separated|"
    rf"divided|split|joined|delimited)\b)[a-z][\w'/-]*\s+){{0,3}}?{_PLURAL})\b"
)
# The count alone, the things named before it: "Give me 5.", "list 3 of them".
# A second bound may follow ("at least 7, but under 12"), and a relation said
# after the count ("give me 12, no more no less", "5, max").
_ALONE = (
    r"(?P<alone>(?:\s+of\s+(?:them|those|these))?"
    rf"(?:,?\s+(?:but\s+|and\s+)?(?P<rel2>{RELATION})\s+(?P<num2>{NUMBER}))?"
    r"(?=\s*(?:[.!?;]|,\s*(?:please|thanks|no\s+more|no\s+less|at\s+(?:the\s+)?(?:least|most)|"
    # "Give me 10, each name a pun": what each of them is, after the count
    r"max(?:imum)?|min(?:imum)?|tops|each|every)\b|$)|\s+please\b|"
    # "a glossary of 10 in the format …": the list's size, its layout after it
    r"(?(list)[\s,]+(?:in\s+the\s+(?:format|form)|formatted|sorted|ordered|alphabeti[sz]ed)\b|(?!))))"
)
_REQUEST = compile_lazily(
    rf"{_OPENER}(?P<verb>{_VERB})(?:\s+(?:me|us))?\s+"
    rf"(?:(?P<article>the|your|my)\s+)?(?:(?:a|an)\s+)?(?:(?:short|quick|brief)\s+)?"
    rf"(?:(?P<list>{TITLED}(?:(?:markdown|to-?do|packing|shopping|reading)\s+)?(?:(?:check)?list|{LIST_DOCS})\s+of)\s+|(?P<top>top)[-\s]+(?=\d|[a-z]+\b))?"
    rf"{_COUNT}(?:[-\s](?:item|point|entry)\s+(?:(?:to-?do|packing|shopping|reading)\s+)?(?P<sized>list)"
    # "a 5-item to-do list for Sunday": the list's size names no things
    r"(?=\s+(?:for|about|on|to|that|where|with)\b|\s*[.!?,;]|$)|"
    rf"(?:[-\s](?:item|point|entry)\s+(?:(?:to-?do|packing|shopping|reading)\s+)?list(?:\s+of)?)?"
    rf"(?:\s+{_THINGS}|{_ALONE}))"
)
# "What are 3 ways to save money?": a request for three; "what are the 5
# stages …" asks about a fixed set.
# "What are the 5 most common mistakes …?", "what are the 5 things I should
# pack?": a ranking or advice asked, not a named set
_WHAT_ARE = compile_lazily(
    r"^\s*(?:(?:also|and|so|then|now)\s*,?\s+)?what\s+are\s+(?:the\s+(?=(?:\w+)\s+(?:most|best|top|biggest|greatest|worst|main|"
    r"key|essential|must-have)\b|(?:\w+)\s+(?:[a-z]+\s+){1,2}?(?:i|we)\s+(?:should|must|"
    rf"need\s+to|could|can)\b))?{_COUNT}\s+{_THINGS}"
)
# A sentence that is only the things asked for: "Three tips for better
# sleep, please.", "5 ideas for a party?", "Top 10 sci-fi books." Only for
# things a writer makes, and with no verb of its own after them ("3 reasons
# I love you were on the card" tells, it does not ask).
_TERSE = compile_lazily(
    rf"^\s*(?:please\s+)?(?:(?:the\s+)?top[-\s]+)?{_COUNT}\s+"
    rf"(?P<things>(?:[a-z][\w'-]*\s+){{0,2}}?{ASKED})\b"
    r"(?=(?:\s+(?:for|of|about|on|to|that|i\s+can|we\s+can)\b(?P<rest>[^.!?]{0,60}))?"
    # "10 elf names for my party, each with …": what follows says what each is;
    # "Ten names, comma separated.": how they are laid out
    r"\s*(?:(?:,\s*please)?\s*[.!?]?\s*$|,\s*(?:each|every\s+one|comma[\s-]*separated|"
    r"separated\s+by\s+commas|numbered|as\s+(?:a\s+)?(?:numbered\s+|bulleted\s+)?list)\b))"
)
# The count set off after the thing the prompt asks for, or with what each
# of them holds after it: "Generate a tavern menu: 6 dishes, each with a
# price", "Clue list for a puzzle page: 6 items, every answer 5 letters",
# "Need a price list for my stand, 4 items.", "5 colors, each as a hex
# code". Not the user's own ("My menu: 6 dishes, each …", "Here are …").
_SET_OFF = compile_lazily(
    r"^\s*(?P<prefix>(?:please\s+)?(?:(?:can|could|would)\s+(?:you|u)\s+(?:please\s+)?)?"
    r"(?:write|create|generate|make|give\s+me|i\s+need|need|design|plan|draft|build|produce|"
    r"compile)\b[^:;.!?\n]{1,80}?[:,]\s*|"
    # a list the prompt names without a verb: "Clue list for a puzzle page:"
    r"(?!(?:my|our|this|these|that|those|here|the\s+following|below|above)\b)"
    r"(?:[\w'&/-]+\s+){0,7}?(?:list|menu|glossary|cheat\s*sheet|checklist|round|palette|"
    r"line-?up|set)(?:\s+(?:for|of|on|about)\s+[^:;.!?\n]{1,50}?)?:\s*)?"
    rf"(?:(?:exactly|just|only)\s+)?{_COUNT}\s+{_THINGS}"
    r"(?=(?P<rest>)(?(prefix)\s*(?:[.!]?\s*$|,\s*(?:each|every)\b)|,\s*(?:each|every)\b))"
)
# The things named, then how many after a colon, in words of asking:
# "Anniversary message ideas for my parents: 3 options, each …", "Team name
# suggestions: 5 options." Both nouns are things one asks a writer for; not
# the user's own ("My ideas: 3 options.").
_ASKED_SET_OFF = compile_lazily(
    r"^\s*(?!(?:my|our|his|her|their|this|these|that|those|here|the\s+following|below|above)\b)"
    rf"(?P<head>(?:[\w'&/-]+\s+){{0,4}}?{ASKED})(?:\s+(?:for|of|on|about)\s+[^:;.!?\n]{{1,50}}?)?:\s*"
    rf"(?:(?:exactly|just|only)\s+)?{_COUNT}\s+(?P<things>(?:[a-z][\w'-]*\s+){{0,2}}?{ASKED})\b"
    r"(?=(?P<rest>)\s*(?:[.!]?\s*$|,\s*(?:each|every)\b))"
)
# A rough amount, then the exact count set off after it, in the writer's own
# words: "Give me a handful of revision tips — five exactly — as bullets",
# "suggest a few names for a boat, 4 in total". Only with a word that makes
# the count exact ("exactly", "precisely", "in total", "no more, no less");
# a rough amount alone ("a handful of tips") counts nothing.
_ROUGH_THEN_EXACT = compile_lazily(
    # (no range or relation: the groups the count grammar reads are empty)
    r"(?P<low>(?!))?(?P<high>(?!))?(?P<rel>(?!))?(?P<to>(?!))?"
    rf"{_OPENER}(?P<verb>{_VERB})(?:\s+(?:me|us))?\s+(?:a\s+)?(?:(?:handful|bunch|number|"
    rf"selection|set)\s+of|(?:few|couple)(?:\s+of)?)\s+{_THINGS}(?:\s+(?:for|about|on|to|in|that)\b[^—–,;.!?()]{{0,60}}?)?"
    r"\s*(?:—|–|\s-\s|,|\(|:)\s*(?:(?P<exact>exactly|precisely|just)\s+)?(?P<num>"
    rf"{NUMBER})(?(exact)|\s+(?:exactly|precisely|in\s+total|total|no\s+more,?\s+no\s+less)\b)"
    r"(?=\s*(?:—|–|\s-\s|,|\)|[.!;]|$))"
)
_TELLS = compile_lazily(
    r"\b(?:is|are|was|were|has|have|had|did|went|came|made|said|got|gave|wrote|seems?|looks?|"
    r"includes?|contains?|appears?)\b"
)

# A relation after the things: "7 ideas, at least", "5 tips or more", "10 names max".
_POST = compile_lazily(
    r"^(?:\s+(?:for|about|on|of|to|from|in)\b[^.,;:!?]{0,50}?)?\s*,?\s*(?:(?P<least>at\s+(?:the\s+)?least|minimum|min\b|or\s+more|and\s+up|\+)|"
    r"(?P<most>at\s+(?:the\s+)?most|max(?:imum)?\b|tops\b|or\s+(?:fewer|less)\b|"
    r"(?:and\s+)?no\s+more(?![\s,]+no\s+(?:less|fewer))\b))(?=\s*(?:[.,;!?]|$|please\b))"
)
# A count only roughly said: "a couple of tips", "a few ideas".
_ROUGH = compile_lazily(r"\bcouple\b|\bfew\b|\bseveral\b")


def count_bounds(match: re.Match[str], after: str = "") -> list[tuple[Relation, int]]:
    low, high = match.group("low"), match.group("high")
    to = match.group("to")
    if _ROUGH.search(low or match.group("num") or ""):
        return []
    first = number_value(low or match.group("num") or "")
    if first is None:
        return []
    if low or to:
        top = number_value(high or to or "")
        if top is None or top <= first:
            return []
        return [("at_least", first), ("at_most", top)]
    rel = match.group("rel")
    relation, adjust = relation_of(rel) if rel else ("exactly", 0)
    rel2 = match.groupdict().get("rel2")
    if rel2:
        # "at least 7, but under 12": a floor and a ceiling, in either order
        second, (relation2, adjust2) = number_value(match.group("num2")), relation_of(rel2)
        if second is None or {relation, relation2} != {"at_least", "at_most"}:
            return []
        bounds = sorted([(relation, first + adjust), (relation2, second + adjust2)])
        low, high = bounds[0][1], bounds[1][1]  # "at_least" sorts before "at_most"
        return [("at_least", low), ("at_most", high)] if low <= high else []
    post = _POST.match(after)
    if post and not rel:
        relation = "at_least" if post.group("least") else "at_most"
    elif post:
        return []  # "at least 5 ideas, max": two relations for one number
    value = first + adjust
    if relation == "exactly" and value < 2:
        return []  # "give me one idea": a single thing, not a list
    return [(relation, value)]


def requests_in(text: str, *, whole: bool = False) -> list[re.Match[str]]:
    """The requests for things in ``text``: one sentence, or (``whole``) the
    prompt, where a terse request is looked for in each of its sentences."""
    found = list(_REQUEST.finditer(text)) + list(_ROUGH_THEN_EXACT.finditer(text))
    parts = SENTENCE_BREAK.split(text) if whole else [text]
    # (a question opens its sentence: "I'm off to Japan. What are 3 ways …?")
    found += [m for part in parts if (m := _WHAT_ARE.match(part))]
    found += [
        m
        for part in parts
        if (m := _TERSE.match(part) or _SET_OFF.match(part) or _ASKED_SET_OFF.match(part))
        and not _TELLS.search(m.group("rest") or "")
        and not _TELLS.search(m.groupdict().get("prefix") or "")
    ]
    return [
        m
        for m in found
        if (
            not NOT_ITEMS.search(things := m.group("things") or "")
            or _words_listed(m, things)
            or values_asked(m)
        )
        and not _head_not_items(text, m)
        and not (m.group("things") and _ADDRESS.match(text, m.start("things")))
    ]


# "can I see 14 Ashgrove Road", "send it to 221 Baker Street": a house number
# and its street, one name, not that many things
_ADDRESS = compile_lazily(
    r"(?:[a-z'-]+\s+){1,2}(?:road|street|st|avenue|ave|lane|ln|close|drive|dr|way|crescent|place|"
    r"terrace|court|gardens|square|grove|row|mews|boulevard|blvd|parade|walk|rise|hill|park)\b"
)


_VALUES_ASKED = compile_lazily(rf"\b{VALUES}$")


def values_asked(match: re.Match[str]) -> bool:
    """Whether the things asked are values made up one to a line ("8 fake
    customer IDs", "10 phone numbers"): each a line of a code block too."""
    return _VALUES_ASKED.search(match.groupdict().get("things") or "") is not None


# The noun phrase goes on past the plural read as its head: "10 sports trivia
# questions", "5 news headlines": its last plural is the head.
_GOES_ON = compile_lazily(
    r"\s+(?:(?!(?:and|or|to|for|of|by|with|in|on|at|from|into|per|each|that|which|who|i|we|you|"
    rf"they|the|a|an)\b)[a-z][\w'/-]*\s+){{0,2}}?(?P<head>{_PLURAL})\b"
)


def _head_not_items(text: str, match: re.Match[str]) -> bool:
    """Whether the things read ("sports") modify a later plural that is
    no list item ("10 sports trivia questions": questions are counted as
    questions)."""
    if match.group("things") is None:
        return False
    goes_on = _GOES_ON.match(text, match.end("things"))
    return goes_on is not None and NOT_ITEMS.search(goes_on.group("head")) is not None


# Words of a kind asked as a list: "10 English words that are palindromes",
# "6 vocabulary words for the GRE", "3 good transition words"; not a length
# ("50 more words", "100 words about …") nor a count past a list's size.
_WORDS_LISTED = compile_lazily(
    r"(?:(?!(?:more|fewer|extra|additional|total|other|own|full|whole|exact|max|maximum|"
    r"minimum|of|in|about|for|on)\b)[a-z][\w'-]*\s+){1,2}words"
)


def _words_listed(match: re.Match[str], things: str) -> bool:
    value = number_value(match.group("num") or match.group("low") or "")
    return value is not None and value <= 25 and _WORDS_LISTED.fullmatch(things) is not None


SENTENCE_BREAK = compile_lazily(r"(?<=[.!?])\s+|\n+")
