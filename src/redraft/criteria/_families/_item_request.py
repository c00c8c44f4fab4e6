"""Items: how a prompt asks for a number of things (the request grammar
:mod:`._item_count` reads with): the listing verbs and openers, the count
and the things it counts, and the signs that the number is not the answer's
list (another set of things, a count of each part, more parts than the
list, things given or that are no list items).
"""

from __future__ import annotations

import re

from redraft.criteria._families._item_guards import BESIDE_LIST, PLURAL
from redraft.criteria._families._item_nouns import (
    ASKED,
    LIST_DOCS,
    LISTED,
    MADE_UP,
    SHORT,
    TITLED,
    VALUES,
)
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._spec_base import Relation

__all__ = [
    "DISTRIBUTIVE",
    "EACH_AFTER",
    "FORM_NAMED",
    "GIVEN_AFTER",
    "MORE_PARTS",
    "NOT_ITEMS",
    "SENTENCE_BREAK",
    "another_count",
    "count_bounds",
    "more_parts",
    "one_liners",
    "options_named_before",
    "requests_in",
    "things_before",
    "values_asked",
]


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
    r"max(?:imum)?|min(?:imum)?|tops)\b|$)|\s+please\b|"
    # "a glossary of 10 in the format …": the list's size, its layout after it
    r"(?(list)[\s,]+(?:in\s+the\s+(?:format|form)|formatted|sorted|ordered|alphabeti[sz]ed)\b|(?!))))"
)
_REQUEST = re.compile(
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
_WHAT_ARE = re.compile(
    r"^\s*(?:(?:also|and|so|then|now)\s*,?\s+)?what\s+are\s+(?:the\s+(?=(?:\w+)\s+(?:most|best|top|biggest|greatest|worst|main|"
    r"key|essential|must-have)\b|(?:\w+)\s+(?:[a-z]+\s+){1,2}?(?:i|we)\s+(?:should|must|"
    rf"need\s+to|could|can)\b))?{_COUNT}\s+{_THINGS}"
)
# A sentence that is only the things asked for: "Three tips for better
# sleep, please.", "5 ideas for a party?", "Top 10 sci-fi books." Only for
# things a writer makes, and with no verb of its own after them ("3 reasons
# I love you were on the card" tells, it does not ask).
_TERSE = re.compile(
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
_SET_OFF = re.compile(
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
_TELLS = re.compile(
    r"\b(?:is|are|was|were|has|have|had|did|went|came|made|said|got|gave|wrote|seems?|looks?|"
    r"includes?|contains?|appears?)\b"
)
# A list form that has its own count, or a shape whose rows are counted
# by another family: that family reads the count.
FORM_NAMED = re.compile(
    # (a checklist's task-box lines are list lines: the items, read as any list's)
    r"\bbullet|\bnumbered\b|\bnumber\s+them\b|\btable\b|\bjson\b|\byaml\b|"
    r"\bxml\b|\bcsv\b|\barray\b|\bcode\s+block|\bper\s+line\b|\bown\s+line\b|\bseparate\s+lines?\b|"
    r"\b(?:each|every|new|next|separate|own)\s+line\b|\beach\b[^.;]{0,20}\bline\b|"
    r"(?<!subject\s)\blines\b|\bparagraphs?\b|"
    # items as sentences ("3 facts in 1 sentence each"): prose may hold them
    r"\bsentences?\s+(?:each|apiece)\b|\beach\s+(?:in\s+)?(?:one|a|1)\s+(?:short\s+)?sentence\b"
)
# The answer holds more than the list, or several lists.
MORE_PARTS = re.compile(
    r"\b(?:then|followed\s+by|afterwards?|after\s+that|plus|as\s+well\s+as|along\s+with|"
    r"together\s+with|intro|introduction|introductory|conclusion|summary|summari[sz]e|paragraphs?|"
    r"essay|title(?![\s-]+case)|heading|headline|p\.s\.|postscript|another|second\s+list|two\s+lists|"
    # not "separated by semicolons": a run-in list, its items cut there
    r"separated\s+by(?!\s+(?:commas?|semicolons?|(?:a\s+)?(?:comma|semicolon)(?:\s+and\s+a\s+space)?)\b)|"
    r"separate\s+them|divider|in\s+detail|"
    rf"{BESIDE_LIST})\b|"
    # a part written beside the list: "Explain recursion and give 3 examples";
    # not what each item holds ("explain each", "describe them")
    # ("write a list of 5 goals" writes the list itself)
    r"\b(?:explain|describe|discuss|compare|analy[sz]e|introduce|"
    rf"write\s+(?:a|an|one)(?!\s+(?:short\s+|quick\s+|brief\s+)?{TITLED}(?:list|{LIST_DOCS})\b)|"
    r"answer(?=\s+(?:the|my|this|these|those|all|both)\b))\b(?!\s+(?:(?:briefly|why|how)\s+)?(?:each|every|them|it|why\s+each)\b)"
)
DISTRIBUTIVE = re.compile(r"\b(?:each|every|per|apiece)\b")
# "2 examples for each word", "3 ideas per topic": a count of each part;
# not "with a URL for each" (each of the things).
EACH_AFTER = re.compile(
    r"^[^.;!?]{0,40}?\b(?:for|per|in|of|from)\s+(?:each|every)\s+(?!one\b|of\s+them\b)[a-z]|"
    r"^[^.;!?]{0,40}?\bper\s+(?!each\b)[a-z]|^\s*(?:each|apiece)\b"
)
# "3 pros and 3 cons", "2 truths and a lie": a second set of things
_ANOTHER_COUNT = re.compile(
    # not "one per line", "one each": how the things are laid out; not "one
    # for a physicist, one for a child": whom each of the things is for
    rf"^[^.;!?]*?(?:,|\band\b|\bor\b|\bplus\b)\s+(?:{NUMBER})\s+"
    r"(?!(?:per|each|apiece)\b|(?<=one\s)(?:for|about|from|in|on|of)\b|"
    # "3 names, one word each": each one's length ("3 taglines, 5 words or
    # less" may bound the whole answer: still read as a second count)
    r"(?:words?|sentences?|characters?|letters?|syllables?|lines?)\s+(?:each|apiece)\b)[a-z]|"
    r"^\s+(?:and|plus)\s+(?:a|an|one)\s+[a-z]"
)
# "each between 4 and 7 letters", "3 to 5 words each": a range is one measure
_RANGE = re.compile(
    rf"\b(?:between\s+(?:{NUMBER})\s+and|(?:{NUMBER})\s*(?:to|-|–)|from\s+(?:{NUMBER})\s+to)\s+(?={NUMBER})"
)


def another_count(after: str) -> bool:
    """Whether ``after`` (what follows the things asked) counts a second set
    of things: "3 pros and 3 cons", "2 truths and a lie"."""
    return _ANOTHER_COUNT.match(_RANGE.sub(lambda m: " " * len(m.group(0)), after)) is not None


# Things that are not list items: units other families count, pieces of
# prose that a line cannot hold (a couplet or quatrain is a stanza of lines),
# and things of time or measure.
NOT_ITEMS = re.compile(
    r"\b(?:words|sentences|paragraphs|(?<!subject\s)lines|characters|letters|syllables|bullets|"
    r"emojis|hashtags|questions|links|urls|sections|headings|headers|pages|stanzas|verses|"
    r"couplets|quatrains|tercets|cinquains|poems|stories|essays|emails|e-mails|messages|reviews|versions|drafts|answers|responses|"
    r"replies|variations|rewrites|articles|posts|tweets|scripts|songs|dialogues|"
    r"speeches|jokes|haikus|limericks|sonnets|chapters|scenes|acts|slides|flashcards|"
    r"summaries|descriptions|explanations|translations|times|minutes|hours|seconds|days|weeks|"
    r"months|years|dollars|euros|pounds|percent|kilometers|kilometres|miles|meters|metres|"
    r"digits|numbers|integers|primes|numerals|values|decimals|fractions|tables|columns|rows|keys|"
    r"fields|ones)$|"
    # sub-items and nested items are how a list nests (list_nesting), not its items
    r"^(?:sub[\s-]?(?:bullets?|points?|items?|bullet\s+points?|tasks?|steps?)\b|nested\s+)"
)
GIVEN_AFTER = re.compile(r"^\s*(?:i|we|you)\s+(?:already|have|had|gave|wrote|listed|mentioned)\b")


# A relation after the things: "7 ideas, at least", "5 tips or more", "10 names max".
_POST = re.compile(
    r"^(?:\s+(?:for|about|on|of|to|from|in)\b[^.,;:!?]{0,50}?)?\s*,?\s*(?:(?P<least>at\s+(?:the\s+)?least|minimum|min\b|or\s+more|and\s+up|\+)|"
    r"(?P<most>at\s+(?:the\s+)?most|max(?:imum)?\b|tops\b|or\s+(?:fewer|less)\b|"
    r"(?:and\s+)?no\s+more(?![\s,]+no\s+(?:less|fewer))\b))(?=\s*(?:[.,;!?]|$|please\b))"
)
# A count only roughly said: "a couple of tips", "a few ideas".
_ROUGH = re.compile(r"\bcouple\b|\bfew\b|\bseveral\b")


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
    found = list(_REQUEST.finditer(text))
    parts = SENTENCE_BREAK.split(text) if whole else [text]
    # (a question opens its sentence: "I'm off to Japan. What are 3 ways …?")
    found += [m for part in parts if (m := _WHAT_ARE.match(part))]
    found += [
        m
        for part in parts
        if (m := _TERSE.match(part) or _SET_OFF.match(part))
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
    ]


_VALUES_ASKED = re.compile(rf"\b{VALUES}$")


def values_asked(match: re.Match[str]) -> bool:
    """Whether the things asked are values made up one to a line ("8 fake
    customer IDs", "10 phone numbers"): each a line of a code block too."""
    return _VALUES_ASKED.search(match.groupdict().get("things") or "") is not None


# The noun phrase goes on past the plural read as its head: "10 sports trivia
# questions", "5 news headlines": its last plural is the head.
_GOES_ON = re.compile(
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
_WORDS_LISTED = re.compile(
    r"(?:(?!(?:more|fewer|extra|additional|total|other|own|full|whole|exact|max|maximum|"
    r"minimum|of|in|about|for|on)\b)[a-z][\w'-]*\s+){1,2}words"
)


def _words_listed(match: re.Match[str], things: str) -> bool:
    value = number_value(match.group("num") or match.group("low") or "")
    return value is not None and value <= 25 and _WORDS_LISTED.fullmatch(things) is not None


# The things a bare count ("Give me 5.") counts, named before it: things a
# writer makes; not where the number is a value ("how many hours", "on a
# scale of 1 to 10", "a fair price").
_NAMED_BEFORE = re.compile(rf"\b{ASKED}\b")
_A_VALUE = re.compile(
    r"\bhow\s+(?:many|much|long|old|often)\b|\bscale\b|\brat(?:e|ing)\b|\bscore\b|\bprice\b|"
    r"\bnumbers?\b|\bgrade\b|\bout\s+of\b"
)


def things_before(whole: str, at: int, *, listed: bool = False) -> bool:
    """Whether the things a bare count counts are named: before it, or by the
    list it sizes (``listed``: "a glossary of 10"); never where the number
    may be a value."""
    before = whole[:at]
    return (listed or bool(_NAMED_BEFORE.search(before))) and not _A_VALUE.search(whole)


def more_parts(whole: str, own: str) -> bool:
    """Whether the prompt asks for more than the list: in the request's own
    sentence, or in another that is not about each item ("For each, give
    the name in bold and then a description" shapes every item). A part
    the user has ("my essay must be 650 words max") is not asked for."""
    if any(
        not _given_part(own, m.start()) and not _held_by_each(own, m)
        for m in MORE_PARTS.finditer(own)
    ):
        return True
    for part in SENTENCE_BREAK.split(whole):
        for more in MORE_PARTS.finditer(part):
            if _given_part(part, more.start()):
                continue  # "my college essay …": what the user has
            if own.strip() in part:
                if _held_by_each(part, more):
                    continue  # "…, each as a hex code followed by a name"
                return True  # the request's own sentence, read whole
            if not DISTRIBUTIVE.search(part, 0, more.start()):
                return True
    return False


# "My college essay must be …", "our blog post": the user's own, not a part
# to write (not "rewrite my essay's intro", a part the answer holds)
_POSSESSED = re.compile(r"\b(?:my|our|his|her|their)\s+(?:[\w'-]+\s+){0,2}$")
_WORKED_ON = re.compile(
    r"\b(?:rewrite|write|fix|improve|edit|revise|shorten|polish|draft|redo|update|proofread|"
    r"explain|describe|analy[sz]e|summari[sz]e|translate|add|give|include|expand)\s+$"
)


def _given_part(text: str, at: int) -> bool:
    """Whether the part named at ``at`` of ``text`` is the user's own."""
    owned = _POSSESSED.search(text, 0, at)
    return owned is not None and not _WORKED_ON.search(text, 0, owned.start())


SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|\n+")


def one_liners(match: re.Match[str]) -> bool:
    """Whether the things asked for are what a line holds whatever the form
    ("name 3 rivers", "suggest 5 names"), not sentences."""
    found = match.groupdict()
    verb, things = found.get("verb") or "", found.get("things") or ""
    return verb.startswith("name") or re.search(rf"\b{SHORT}\b", things) is not None


# Options of one short piece named before them: "Reddit post title for
# r/boardgames. Give me 3 options.", "Write a crossword clue for OBOE. Give
# three alternative clues.": the options are the answer, the sentence naming
# the piece no part beside them. Only pieces a line holds, only a sentence
# that names nothing more ("Write an essay. Give me 3 title options." asks
# for the essay and titles).
_OPTIONS = re.compile(
    r"^(?:(?:alternative|different|possible)\s+)?(?:options|alternatives|versions|variants|"
    r"variations|choices)$|^(?:alternative|different|possible)\s+(?P<noun>[a-z]+?)e?s$"
)
_PIECE = (
    r"(?:title|headline|slogan|tagline|subject\s+line|clue|caption|hook|motto|one-liner|"
    r"name|pun|bio\s+line)"
)
_PIECE_NAMED = re.compile(
    r"^\s*(?:(?:please\s+)?(?:write|create|draft|give\s+me|i\s+need|suggest)\s+)?(?:a|an|one|the)?\s*"
    rf"(?:[\w/&'-]+\s+){{0,4}}?(?P<piece>{_PIECE})\b(?![^.!?]*\b(?:then|and\s+(?:a|an|also)|plus|"
    r"followed\s+by|as\s+well\s+as)\b)[^.!?]*[.!?]?\s*$"
)


def options_named_before(whole: str, at: int, things: str) -> list[tuple[int, int]]:
    """The spans of ``whole`` before ``at`` that only name the short piece
    the ``things`` asked for are options of."""
    option = _OPTIONS.match(things.strip())
    if option is None:
        return []
    spans: list[tuple[int, int]] = []
    start = 0
    for part in SENTENCE_BREAK.split(whole[:at]):
        begin = whole.find(part, start)
        start = begin + len(part)
        named = _PIECE_NAMED.match(part)
        noun = option.group("noun")
        if named and (noun is None or named.group("piece").startswith(noun)):
            spans.append((begin, start))
    return spans


# "5 colors, each as a hex code followed by a name", "4 reasons, formatted as
# bold titles followed by a sentence": what each item holds, in the clause
# that says so (not "…, then a summary", a clause of its own).
_EACH_CLAUSE = re.compile(r"\b(?:each|every|formatted\s+as|written\s+as|in\s+the\s+format)\b")
_NOT_HELD = re.compile(
    r"then|afterwards?|after\s+that|finally|lastly|another|second\s+list|two\s+lists"
)


def _held_by_each(own: str, more: re.Match[str]) -> bool:
    clause = re.split(r"[,;:.!?]", own[: more.start()])[-1]
    return _EACH_CLAUSE.search(clause) is not None and not _NOT_HELD.match(more.group(0))
