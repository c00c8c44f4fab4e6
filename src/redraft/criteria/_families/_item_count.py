"""Items: how many things the answer lists, whatever list format it uses.

"Name 4 countries that border Brazil", "give me five ideas for a party",
"list ten verbs", "could you suggest 3 titles please", "I need 6 examples
of irony", "brainstorm at least 7 names", "between 3 and 5 tips", "give
me your top 5 films", "a list of 8 books": the answer is a list of those
things, and the number counts them. Where the prompt names the list's
form, the form's own count is compiled instead (``bullet_count``,
``numbered_count``, ``line_count`` for "one per line", a table's rows,
a JSON array), never both; a comma-separated list has no count of its
own, so "name 4 countries, comma-separated" compiles this count beside
``comma_list``.

Measured on one reading of the answer, the first that applies:

1. **List lines.** Lines that open (after indentation) with a bullet
   (``-``, ``*``, ``+``, ``•``), a number (``1.``, ``1)``, ``(1)``) or a
   task box (``- [ ]``) are the items; only the shallowest indentation
   counts (nested details are part of their item), and where numbered and
   bulleted lines share that indentation the numbered ones are the items
   (the bullets under them are their details). Anything else (a lead-in,
   a closing line) is not an item.
2. **A table.** With no list lines, a markdown table's body rows (the
   header row and its ``|---|`` rule set aside) are the items.
   **Headings.** With neither, where at least two headings share the level
   most used (the deeper on a tie), each of them heads one item ("### 1.
   Speed" … "### 2. Safety"); one heading ("# Countries") is a title.
3. **Lines.** Otherwise the answer's lines are read, setting aside blank
   lines, headings (``#`` lines and lines wholly in bold, "**Tips**"),
   rules (``---``), code fences and lead-ins (a line that ends with ``:``,
   such as "Here are 4 countries:" or a group label "Breakfast:"). Where
   two or more lines are left they are the items, unless blank lines split
   them into two or more blocks: then each block is an item ("Speed\\nRust
   is fast.\\n\\nSafety\\nRust is safe." is two items of two lines each).
   A first line (or block) that, unlike each of at least two after it,
   does not end with a sentence mark is a title, not an item ("Tips" above
   "Keep a schedule." and "Skip late coffee.").
4. **One line.** One line left is a run-in list: a lead-in up to its
   first colon (when no comma comes before it) is set aside, the rest is
   cut at commas and semicolons outside brackets, and the last piece at
   its last "and" / "or" / "&" ("Argentina, Bolivia, Peru and Chile" is
   four items, "The Seine and the Loire." two, "Salt and pepper, garlic"
   two: only the last piece is cut).

The approximation: an item that holds "and" ("Romeo and Juliet") is cut
where it ends a one-line list; a closing remark on a line of its own ("Hope this
helps!") is counted as an item when the answer has no list lines; groups
under labels set off by blank lines ("Breakfast:\\nEggs\\nToast\\n\\nLunch:
\\nSoup") are read as blocks, one item each; and a list written as
sentences within one paragraph ("First, … Second, …") is not cut. No
repair: finding another item needs the writer.

Reading: the number must count the things asked for, and the answer must
be those things. A listing verb ("name", "list", "list down", "give me",
"suggest", "recommend", "provide", "share", "offer", "brainstorm",
"propose", "generate", "come up with", "think of", "tell me", "pick",
"identify", "enumerate", "outline", "rank", "could I get") governs the
number, directly or as "a list of N …", "a N-item list", "the top N …";
"write", "create" or "draft" only things a line holds ("write 5
slogans": headlines, titles, names, subject lines …); a wish ("I need",
"I'd love", "we'd like") only things a writer makes ("I need 6
examples", not "I need 2 tickets"). The things are a plural noun, or
named before a count that ends its clause ("What are good names for a
cat? Give me 5."); a sentence that is only the things ("Three tips for
better sleep, please.", "Top 10 sci-fi books.") asks for them when they
are things a writer makes and no verb follows them. The number is a
digit or a word ("five (5)" too), a relation ("at least 7", "up to 4")
or a range ("between 3 and 5", "3-5", "3 or 4"); one thing ("give me one
idea") is no list. Steps are the items of a procedure, read with the
shared count grammar (:class:`~._counted.UnitCounts`): "explain it in 5
steps", "use exactly 3 steps", "keep it under 6 steps", "a five-step
guide"; not beside another set of things ("5 ingredients and 4 steps")
nor a part beyond the steps ("…, then add a summary"). Compiles nothing where:

- the number describes the topic, not the answer: a question about a
  fixed set ("What are the 5 stages of grief?" asks about a named set and
  is answered as well in prose as in a list; "What are 3 ways to save?" is
  a request for three ways and compiles), "tell me about the 3
  musketeers", "compare the 2 options below", "write a story about 3
  friends", or things given ("4 ideas I already have: …");
- the things are a unit another family counts (words, sentences, lines,
  bullets, questions, emojis, hashtags, links …) or pieces of prose that a
  line cannot hold (poems, stories, emails, reviews, versions, answers,
  paragraphs …), where a line or block is not one of them;
- the count is of each part ("for each word, give 2 examples", "3 ideas
  per topic"), or the prompt asks for two counted lists ("3 pros and 3
  cons", "2 truths and a lie") or for more beside the list (an
  introduction, a table, "then …", "explain recursion and give 3
  examples"; not what each item holds: "briefly explain each one", a
  later "For each, give the name in bold and then a description");
- the request is hedged, negated, conditional, quoted or in material to
  process (the shared guards of :func:`~redraft.criteria._sentences.response_context`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Literal

from redraft.criteria._families._answer_items import answer_items
from redraft.criteria._families._base import CountFamily, FamilyCount, FamilySpec, hit
from redraft.criteria._families._count_context import CONDITION_AFTER
from redraft.criteria._families._counted import Unit, UnitCounts
from redraft.criteria._families._counts_abroad import CountsAbroad
from redraft.criteria._families._item_guards import (
    BESIDE_LIST,
    PLURAL,
    list_refused,
    nested_lists,
    other_list,
    prose_examples,
)
from redraft.criteria._families._list_form import ListForm, list_form, without_refused
from redraft.criteria._families._lists import BulletCount, NumberedCount
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import Hit, Rule, Sentence, response_context
from redraft.criteria._spec_base import Relation

__all__ = ["ITEMS", "ItemCount", "answer_items"]


class ItemCount(FamilyCount):
    """The items of the answer's list, in whatever format it is written."""

    kind: Literal["item_count"] = "item_count"
    unit: ClassVar[tuple[str, str]] = ("item", "items")


# -- reading the request ----------------------------------------------------------

# Things a line holds: made by any verb, they are the list's items.
_SHORT = (
    r"(?:headlines|titles|slogans|taglines|names|nicknames|usernames|subject\s+lines|mottos|"
    r"mottoes|one-liners|puns|team\s+names|band\s+names|hooks|prompts)"
)
# Things one asks a writer for.
_ASKED = (
    r"(?:ideas|suggestions|names|examples|options|tips|recommendations|titles|slogans|taglines|"
    r"alternatives|synonyms|antonyms|ways|reasons|facts|steps|prompts|topics|headlines|"
    r"captions|activities|recipes|strategies|arguments|points|questions\s+to\s+ask|"
    r"subject\s+lines|exercises|books|resources|quotes|mnemonics|analogies|metaphors|puns)"
)
_VERB = (
    r"(?:name|list|give(?:\s+(?:me|us))?|gimme|suggest|recommend|provide|share|offer|brainstorm|"
    r"propose|generate|come\s+up\s+with|"
    # "make me a list of 8 books": a list is what is made
    r"(?:make|create|write|compile|put\s+together|draw\s+up)(?:\s+(?:me|us))?"
    r"(?=\s+(?:a|an)\s+(?:short\s+|quick\s+|brief\s+)?(?:[\w-]+[-\s](?:item|point|entry)\s+)?"
    r"list\b)|"
    r"think\s+of|tell\s+(?:me|us)|pick|choose|identify|enumerate|outline|rank|"
    r"list\s+(?:down|out)|jot\s+down|(?:can|could|may)\s+(?:i|we)\s+(?:get|have|see)|"
    # "write 3 headlines": things a line holds, whatever verb makes them
    r"(?:write|create|draft|compose|craft|make|invent)(?:\s+(?:me|us))?"
    rf"(?=\s+(?:(?!{_SHORT})[\w-]+\s+){{1,4}}?{_SHORT}\b)|"
    # "I need 6 examples", not "I need 2 tickets": a wish is a request only
    # for things a writer makes
    r"(?:(?:i|we)(?:\s+(?:need|want|would\s+(?:like|love))|'d\s+(?:like|love))|i'm\s+looking\s+for|"
    rf"i\s+am\s+looking\s+for)(?=\s+(?:(?!{_ASKED})[\w'-]+\s+){{1,4}}?{_ASKED}\b))"
)
# Where a listing verb opens a request: the sentence's start, after a
# clause break, "please", a polite "can you", "help me".
_OPENER = (
    r"(?:(?:^|(?<=[.!?\n]))[\s\-*•>]*|[,;:(]\s*|\b(?:please|pls|plz|and|now|just|so|also|then|always)\s+|"
    r"(?:\b(?:can|could|would|will)\s+you\s+(?:please\s+)?)?\bhelp\s+(?:me|us)\s+(?:to\s+)?|"
    r"\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?(?:be\s+able\s+to\s+)?|"
    r"\byour\s+(?:task|job|goal)\s+is\s+to\s+|"
    r"\b(?:i|we)(?:\s+(?:need|want|would\s+like)|'d\s+like)\s+you\s+to\s+)"
)
_COUNT = (
    rf"(?:between\s+(?P<low>{NUMBER})\s+and\s+(?P<high>{NUMBER})|"
    rf"(?:(?P<rel>{RELATION})\s+)?(?P<num>{NUMBER})(?:\s*\(\d{{1,3}}\))?"
    rf"(?:\s*(?:to|-|–|or)\s*(?P<to>{NUMBER}))?)"
)
_PLURAL = PLURAL
_THINGS = rf"(?P<things>(?:(?!(?:and|or|to|for|of)\b)[a-z][\w'-]*\s+){{0,3}}?{_PLURAL})\b"
# The count alone, the things named before it: "Give me 5.", "list 3 of them".
# A second bound may follow ("at least 7, but under 12"), and a relation said
# after the count ("give me 12, no more no less", "5, max").
_ALONE = (
    r"(?P<alone>(?:\s+of\s+(?:them|those|these))?"
    rf"(?:,?\s+(?:but\s+|and\s+)?(?P<rel2>{RELATION})\s+(?P<num2>{NUMBER}))?"
    r"(?=\s*(?:[.!?;]|,\s*(?:please|thanks|no\s+more|no\s+less|at\s+(?:the\s+)?(?:least|most)|"
    r"max(?:imum)?|min(?:imum)?|tops)\b|$)|\s+please\b))"
)
_REQUEST = re.compile(
    rf"{_OPENER}(?P<verb>{_VERB})(?:\s+(?:me|us))?\s+"
    rf"(?:(?P<article>the|your|my)\s+)?(?:(?:a|an)\s+)?(?:(?:short|quick|brief)\s+)?"
    rf"(?:(?P<list>list\s+of)\s+|(?P<top>top)[-\s]+(?=\d|[a-z]+\b))?"
    rf"{_COUNT}(?:[-\s](?:item|point|entry)\s+list(?:\s+of)?)?(?:\s+{_THINGS}|{_ALONE})"
)
# "What are 3 ways to save money?": a request for three; "what are the 5
# stages …" asks about a fixed set.
_WHAT_ARE = re.compile(rf"^\s*what\s+are\s+{_COUNT}\s+{_THINGS}")
# A sentence that is only the things asked for: "Three tips for better
# sleep, please.", "5 ideas for a party?", "Top 10 sci-fi books." Only for
# things a writer makes, and with no verb of its own after them ("3 reasons
# I love you were on the card" tells, it does not ask).
_TERSE = re.compile(
    rf"^\s*(?:please\s+)?(?:(?:the\s+)?top[-\s]+)?{_COUNT}\s+"
    rf"(?P<things>(?:[a-z][\w'-]*\s+){{0,2}}?{_ASKED})\b"
    r"(?=(?:\s+(?:for|of|about|on|to|that|i\s+can|we\s+can)\b(?P<rest>[^.!?]{0,60}))?"
    r"\s*(?:,\s*please)?\s*[.!?]?\s*$)"
)
_TELLS = re.compile(
    r"\b(?:is|are|was|were|has|have|had|did|went|came|made|said|got|gave|wrote|seems?|looks?|"
    r"includes?|contains?|appears?)\b"
)
# A list form that has its own count, or a shape whose rows are counted
# by another family: that family reads the count.
_FORM_NAMED = re.compile(
    r"\bbullet|\bnumbered\b|\bnumber\s+them\b|\bchecklist|\bcheckbox|\btable\b|\bjson\b|\byaml\b|"
    r"\bxml\b|\bcsv\b|\barray\b|\bcode\s+block|\bper\s+line\b|\bown\s+line\b|\bseparate\s+lines?\b|"
    r"\b(?:each|every|new|next|separate|own)\s+line\b|\beach\b[^.;]{0,20}\bline\b|"
    r"(?<!subject\s)\blines\b|\bparagraphs?\b|"
    # items as sentences ("3 facts in 1 sentence each"): prose may hold them
    r"\bsentences?\s+(?:each|apiece)\b|\beach\s+(?:in\s+)?(?:one|a|1)\s+(?:short\s+)?sentence\b"
)
# The answer holds more than the list, or several lists.
_MORE_PARTS = re.compile(
    r"\b(?:then|followed\s+by|afterwards?|after\s+that|plus|as\s+well\s+as|along\s+with|"
    r"together\s+with|intro|introduction|introductory|conclusion|summary|summari[sz]e|paragraphs?|"
    r"essay|title(?![\s-]+case)|heading|headline|p\.s\.|postscript|another|second\s+list|two\s+lists|"
    r"separated\s+by|separate\s+them|divider|in\s+detail|"
    rf"{BESIDE_LIST})\b|"
    # a part written beside the list: "Explain recursion and give 3 examples";
    # not what each item holds ("explain each", "describe them")
    r"\b(?:explain|describe|discuss|compare|analy[sz]e|introduce|write\s+(?:a|an|one)|"
    r"answer(?=\s+(?:the|my|this|these|those|all|both)\b))\b(?!\s+(?:(?:briefly|why|how)\s+)?(?:each|every|them|it|why\s+each)\b)"
)
_DISTRIBUTIVE = re.compile(r"\b(?:each|every|per|apiece)\b")
# "2 examples for each word", "3 ideas per topic": a count of each part;
# not "with a URL for each" (each of the things).
_EACH_AFTER = re.compile(
    r"^[^.;!?]{0,40}?\b(?:for|per|in|of|from)\s+(?:each|every)\s+(?!one\b|of\s+them\b)[a-z]|"
    r"^[^.;!?]{0,40}?\bper\s+(?!each\b)[a-z]|^\s*(?:each|apiece)\b"
)
# "3 pros and 3 cons", "2 truths and a lie": a second set of things
_ANOTHER_COUNT = re.compile(
    # not "one per line", "one each": how the things are laid out
    rf"^[^.;!?]*?(?:,|\band\b|\bor\b|\bplus\b)\s+(?:{NUMBER})\s+(?!(?:per|each|apiece)\b)[a-z]|"
    r"^\s+(?:and|plus)\s+(?:a|an|one)\s+[a-z]"
)
# Things that are not list items: units other families count, pieces of
# prose that a line cannot hold, and things of time or measure.
_NOT_ITEMS = re.compile(
    r"\b(?:words|sentences|paragraphs|(?<!subject\s)lines|characters|letters|syllables|bullets|"
    r"emojis|hashtags|questions|links|urls|sections|headings|headers|pages|stanzas|verses|"
    r"poems|stories|essays|emails|e-mails|messages|reviews|versions|drafts|answers|responses|"
    r"replies|variations|rewrites|articles|posts|tweets|scripts|songs|dialogues|"
    r"speeches|jokes|haikus|limericks|sonnets|chapters|scenes|acts|slides|flashcards|"
    r"summaries|descriptions|explanations|translations|times|minutes|hours|seconds|days|weeks|"
    r"months|years|dollars|euros|pounds|percent|kilometers|kilometres|miles|meters|metres|"
    r"digits|numbers|integers|primes|numerals|values|decimals|fractions|tables|columns|rows|keys|"
    r"fields|ones)$|"
    # sub-items and nested items are how a list nests (list_nesting), not its items
    r"^(?:sub[\s-]?(?:bullets?|points?|items?|bullet\s+points?|tasks?|steps?)\b|nested\s+)"
)
_GIVEN_AFTER = re.compile(r"^\s*(?:i|we|you)\s+(?:already|have|had|gave|wrote|listed|mentioned)\b")


# A relation after the things: "7 ideas, at least", "5 tips or more", "10 names max".
_POST = re.compile(
    r"^(?:\s+(?:for|about|on|of|to|from|in)\b[^.,;:!?]{0,50}?)?\s*,?\s*(?:(?P<least>at\s+(?:the\s+)?least|minimum|min\b|or\s+more|and\s+up|\+)|"
    r"(?P<most>at\s+(?:the\s+)?most|max(?:imum)?\b|tops\b|or\s+(?:fewer|less)\b|"
    r"(?:and\s+)?no\s+more(?![\s,]+no\s+(?:less|fewer))\b))(?=\s*(?:[.,;!?]|$|please\b))"
)
# A count only roughly said: "a couple of tips", "a few ideas".
_ROUGH = re.compile(r"\bcouple\b|\bfew\b|\bseveral\b")


def _bounds(match: re.Match[str], after: str = "") -> list[tuple[Relation, int]]:
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


def _requests(text: str, *, whole: bool = False) -> list[re.Match[str]]:
    """The requests for things in ``text``: one sentence, or (``whole``) the
    prompt, where a terse request is looked for in each of its sentences."""
    found = list(_REQUEST.finditer(text)) + list(_WHAT_ARE.finditer(text))
    parts = _SENTENCE_BREAK.split(text) if whole else [text]
    found += [
        m
        for part in parts
        if (m := _TERSE.match(part)) and not _TELLS.search(m.group("rest") or "")
    ]
    return [m for m in found if not _NOT_ITEMS.search(m.group("things") or "")]


# The things a bare count ("Give me 5.") counts, named before it: things a
# writer makes; not where the number is a value ("how many hours", "on a
# scale of 1 to 10", "a fair price").
_NAMED_BEFORE = re.compile(rf"\b{_ASKED}\b")
_A_VALUE = re.compile(
    r"\bhow\s+(?:many|much|long|old|often)\b|\bscale\b|\brat(?:e|ing)\b|\bscore\b|\bprice\b|"
    r"\bnumbers?\b|\bgrade\b|\bout\s+of\b"
)


def _things_before(whole: str, at: int) -> bool:
    before = whole[:at]
    return bool(_NAMED_BEFORE.search(before)) and not _A_VALUE.search(whole)


def _more_parts(whole: str, own: str) -> bool:
    """Whether the prompt asks for more than the list: in the request's own
    sentence, or in another that is not about each item ("For each, give
    the name in bold and then a description" shapes every item). A part
    the user has ("my essay must be 650 words max") is not asked for."""
    if any(not _given_part(own, m.start()) for m in _MORE_PARTS.finditer(own)):
        return True
    for part in _SENTENCE_BREAK.split(whole):
        for more in _MORE_PARTS.finditer(part):
            if _given_part(part, more.start()):
                continue  # "my college essay …": what the user has
            if own.strip() in part:
                return True  # the request's own sentence, read whole
            if not _DISTRIBUTIVE.search(part, 0, more.start()):
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


_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|\n+")


def _one_liners(match: re.Match[str]) -> bool:
    """Whether the things asked for are what a line holds whatever the form
    ("name 3 rivers", "suggest 5 names"), not sentences."""
    found = match.groupdict()
    verb, things = found.get("verb") or "", found.get("things") or ""
    return verb.startswith("name") or re.search(rf"\b{_SHORT}\b", things) is not None


def items_asked(sentence: Sentence) -> Iterator[Hit]:
    """ "Name 4 countries", "give me 5 ideas": that many items in the answer's list."""
    text = sentence.lower
    matches = _requests(text)
    if not matches:
        return
    whole = sentence.whole.lower()
    if len(_requests(whole, whole=True)) != 1:
        return  # several lists: which is the answer's?
    if nested_lists(whole):
        return  # lists within each item: which lines are the items?
    if other_list(_SENTENCE_BREAK.split(whole), text):
        return  # "… Include a shopping list at the end.": a second list
    form = list_form(whole)
    if form is not None:
        build = _FORM_COUNTS[form]
        if _other_things_counted(whole) or _SECOND_LIST.search(whole):
            return  # another set of things beside them: which are the list's?
        if _FORM_COUNTED.search(whole):
            return  # "3 ideas, with 2 bullets each": the form's count is its own
    elif _FORM_NAMED.search(without_refused(whole)) or _more_parts(whole, text):
        return  # a form with its own count, or more than the list
    elif list_refused(whole, one_liners=_one_liners(matches[0])):
        return  # "don't use a list", "in prose": the things may be sentences
    else:
        build = _item_count
    match = matches[0]
    named = match.group("things") is not None
    before = text[: match.start("things") if named else match.start("alone")]
    after = text[match.end() :]
    found = match.groupdict()
    if found.get("article") == "my":
        return  # "give me my 3 …": the count of something given
    if (
        found.get("article") == "the"
        and not found.get("top")
        and not re.match(r"name|list", found.get("verb") or "")
    ):
        return  # "give me the 3 …": a fixed set asked about; "the top 5 …" is a ranking
    if _DISTRIBUTIVE.search(before) or _EACH_AFTER.match(after) or _ANOTHER_COUNT.match(after):
        return
    if _GIVEN_AFTER.match(after):
        return  # "name 4 ideas I already have"
    if CONDITION_AFTER.match(after):
        return  # "give 3 examples only if the user asks": some replies only
    if named and prose_examples(match.group("things"), after):
        return  # "3 examples of haiku": each a piece of prose, not a line
    number = match.start("num") if match.group("num") is not None else match.start("low")
    if not named and re.search(r"\b(?:a|an)\s+$", text[:number]):
        return  # "give me a 10": a score, not things
    if not named and not _things_before(whole, sentence.start + match.start()):
        return  # "On a scale of 1 to 10 …? Give me 7.": a value, not things
    at = match.start("verb") if found.get("verb") else match.start()
    if not response_context(sentence, at, named_thing=False):
        # a verb the shared grammar does not govern with ("could you help me
        # brainstorm …", "can u give me …") is read from where the request opens
        opens = match.start() + len(match.group(0)) - len(match.group(0).lstrip(" ,;:(-*•>"))
        if not response_context(sentence, opens, named_thing=False):
            return
    rough = match.group("to") is not None and re.search(r"\s+or\s+", match.group(0)) is not None
    if form is not None and rough:
        return  # "3 or 4 tips as a numbered list": a rough size of the form's list
    for relation, value in _bounds(match, after):
        yield from hit(build, relation, value, (at, match.end()))


def _item_count(relation: Relation, value: int) -> ItemCount:
    return ItemCount(relation=relation, value=value)


def _bullet_count(relation: Relation, value: int) -> FamilySpec:
    return BulletCount(relation=relation, value=value)


def _numbered_count(relation: Relation, value: int) -> FamilySpec:
    return NumberedCount(relation=relation, value=value)


# Where the prompt names the list's form, its count is that form's.
_FORM_COUNTS: dict[ListForm, Callable[[Relation, int], FamilySpec]] = {
    "bullets": _bullet_count,
    "numbered": _numbered_count,
}
_FORM_COUNTED = re.compile(
    rf"\b(?:{NUMBER})\s+(?:[\w-]+\s+)?(?:bullet|numbered|dot[\s-]+point|stichpunkt)", re.IGNORECASE
)
_SECOND_LIST = re.compile(
    rf"\b(?:another|second\s+list|two\s+lists|other\s+list|(?:{NUMBER})\s+more)\b"
)


def _other_things_counted(whole: str) -> bool:
    """Whether ``whole`` counts more than one set of things ("5 tips and 3
    warnings"): then a form's count may be either's."""
    things = [m.group(0) for m in _OTHER_THINGS.finditer(whole)]
    return sum(1 for t in things if not _NOT_ITEMS.search(t)) > 1


# Steps are the items of a procedure: "explain it in 5 steps", "use exactly
# 3 steps", "keep it under 6 steps", "a five-step guide" (the shared count
# grammar reads them), the answer the steps of one procedure.
_OTHER_THINGS = re.compile(rf"\b(?:{NUMBER})\s+(?:[a-z][\w'-]*\s+){{0,2}}?(?!steps\b){_PLURAL}\b")


def _steps(relation: Relation, value: int, sentence: Sentence) -> FamilySpec | None:
    whole = sentence.whole.lower()
    others = [m.group(0) for m in _OTHER_THINGS.finditer(whole)]
    if any(not _NOT_ITEMS.search(o) for o in others) or _SECOND_LIST.search(whole):
        return None  # another set of things beside them
    form = list_form(whole)
    if form is not None:
        return _FORM_COUNTS[form](relation, value)  # "numbered steps (max 6 steps)"
    if _FORM_NAMED.search(whole):
        return None  # a form with its own count
    for part in _SENTENCE_BREAK.split(_CONTENT_VERB.sub("", whole)):
        more = _MORE_PARTS.search(part)
        if more and not _DISTRIBUTIVE.search(part, 0, more.start()):
            return None  # more than the steps; not what each step holds
    return ItemCount(relation=relation, value=value)


# "Explain how to boil an egg in 5 steps": the explanation is the steps.
_CONTENT_VERB = re.compile(r"\b(?:explain|describe|write\s+(?:a|an|one))\b")
step_counts = UnitCounts(
    (Unit(r"(?:simple\s+|easy\s+|clear\s+)?steps?", _steps, bare_exact=True, singular="step"),)
)


# "At least 10 items.", "no more than 8 items", "3-5 items", "not more than 6
# points": a count of the list's entries, said of the list the prompt asks
# for (a to-do list, a bulleted list, "give answer in points"). Points are
# entries only where the list's form names them ("bullet points", "in
# points"); a score of points ("worth 10 points") is not a list.
_LIST_NAMED = re.compile(
    r"\blist\b|\bchecklist|\bcheckbox|\bto-?do\b|\bbullet|\bnumbered\b|\bnumber\s+them\b|"
    r"\bdot[\s-]+points\b|\b(?:in|as)\s+points\b"
)
_POINTS_NAMED = re.compile(r"\bbullet|\bdot[\s-]+points\b|\b(?:in|as)\s+(?:short\s+)?points\b")
# (not a clause on the items asked: "10 items, where the items are in order")
_TOPIC_BEFORE = re.compile(
    r"\b(?:why|how|whether|what|when|if)\b|"
    r"\bwhere\b(?!\s+(?:the|each|every|all)\s+(?:of\s+the\s+)?(?:items|entries|points|item|entry)\b)"
)
# Lists a piece is about, not the list it is: "a tweet announcing our new
# feature: checklists with up to 10 items", "a post about to-do lists of 5 items".
_LISTS_AS_TOPIC = re.compile(
    r"\b(?:about|announcing|describing|introducing|promoting|advertising|reviewing|explaining|"
    r"feature)\b[^.;!?]{0,40}?\b(?:check|to-?do\s+|shopping\s+|packing\s+)?lists\b"
)


def _entries(relation: Relation, value: int, sentence: Sentence) -> FamilySpec | None:
    whole = sentence.whole.lower()
    if not _LIST_NAMED.search(whole) or _SECOND_LIST.search(whole) or _OTHER_TABLE.search(whole):
        return None  # no list asked for, several, or rows another family counts
    if _TOPIC_BEFORE.search(sentence.lower) or len(_requests(whole, whole=True)) > 1:
        return None  # "explain why lists of more than 7 items are hard"
    if _LISTS_AS_TOPIC.search(sentence.lower):
        return None
    if value < 1 or len(_COUNTED_ENTRIES.findall(whole)) > 1:
        return None  # "a list of 10 items with a list of 10,000 items": which is asked?
    form = list_form(whole)
    return _FORM_COUNTS[form](relation, value) if form else _item_count(relation, value)


def _points(relation: Relation, value: int, sentence: Sentence) -> FamilySpec | None:
    if not _POINTS_NAMED.search(sentence.whole.lower()):
        return None
    return _entries(relation, value, sentence)


_COUNTED_ENTRIES = re.compile(rf"\b(?:{NUMBER})\s+(?:list\s+)?(?:items|entries|points)\b")
_OTHER_TABLE = re.compile(r"\btable\b|\bjson\b|\byaml\b|\bxml\b|\bcsv\b|\barray\b|\brows?\b")
entry_counts = UnitCounts(
    (
        Unit(r"(?:list\s+)?(?:items|entries)", _entries, bare_exact=True),
        Unit(r"points", _points, bare_exact=True),
    )
)


# "höchstens 5 Stichpunkte", "trois points maximum": a list's count asked in
# another language (:mod:`._counts_abroad`), with a relation only
lists_abroad = CountsAbroad(
    {
        "bullet": lambda r, v, s: BulletCount(relation=r, value=v),
        "item": lambda r, v, s: ItemCount(relation=r, value=v),
    }
)


class _Items(CountFamily):
    name = "items"
    specs = (ItemCount,)
    rules: ClassVar[tuple[Rule, ...]] = (items_asked, step_counts, entry_counts, lists_abroad)
    written_as = ", each a list item or a line of its own"

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return answer_items(text)


ITEMS = _Items()
