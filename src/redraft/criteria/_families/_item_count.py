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

The request grammar (verbs, counts, things, and the signs of no list) is
:mod:`._item_request`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._answer_items import answer_items
from redraft.criteria._families._base import CountFamily, FamilyCount, FamilySpec, hit
from redraft.criteria._families._count_context import CONDITION_AFTER
from redraft.criteria._families._counted import Unit, UnitCounts
from redraft.criteria._families._counts_abroad import CountsAbroad
from redraft.criteria._families._item_guards import (
    PLURAL,
    list_refused,
    nested_lists,
    other_list,
    prose_examples,
)
from redraft.criteria._families._item_nouns import NOT_ITEMS
from redraft.criteria._families._item_request import (
    SENTENCE_BREAK,
    count_bounds,
    requests_in,
    values_asked,
)
from redraft.criteria._families._item_scope import (
    DISTRIBUTIVE,
    EACH_AFTER,
    FORM_NAMED,
    GIVEN_AFTER,
    MORE_PARTS,
    another_count,
    more_parts,
    one_liners,
    options_named_before,
    things_before,
)
from redraft.criteria._families._list_form import ListForm, list_form, without_refused
from redraft.criteria._families._lists import BulletCount, NumberedCount
from redraft.criteria._families._qa_pairs import paired_items, qa_pairs_rule
from redraft.criteria._grammar import NUMBER
from redraft.criteria._sentences import (
    Hit,
    Rule,
    Sentence,
    count_in,
    lowered,
    matches_in,
    response_context,
    searched,
)
from redraft.criteria._spec_base import Relation

__all__ = ["ITEMS", "ItemCount", "answer_items"]


class ItemCount(FamilyCount):
    """The items of the answer's list, in whatever format it is written."""

    kind: Literal["item_count"] = "item_count"
    unit: ClassVar[tuple[str, str]] = ("item", "items")


def items_asked(sentence: Sentence) -> Iterator[Hit]:
    """ "Name 4 countries", "give me 5 ideas": that many items in the answer's list."""
    text = sentence.lower
    matches = requests_in(text)
    if not matches:
        return
    whole = lowered(sentence.whole)
    if len(requests_in(whole, whole=True)) != 1:
        return  # several lists: which is the answer's?
    if nested_lists(whole):
        return  # lists within each item: which lines are the items?
    if other_list(SENTENCE_BREAK.split(whole), text):
        return  # "… Include a shopping list at the end.": a second list
    form = list_form(whole)
    if form is not None:
        build = _FORM_COUNTS[form]
        if _other_things_counted(whole) or searched(_SECOND_LIST, whole):
            return  # another set of things beside them: which are the list's?
        if searched(_FORM_COUNTED, whole):
            return  # "3 ideas, with 2 bullets each": the form's count is its own
    elif FORM_NAMED.search(_forms_in(whole, matches[0])) or more_parts(
        *_things_unsaid(sentence, matches[0])
    ):
        return  # a form with its own count, or more than the list
    elif list_refused(whole, one_liners=one_liners(matches[0])):
        return  # "don't use a list", "in prose": the things may be sentences
    else:
        build = _item_count
    match = matches[0]
    # "a 5-item to-do list": the list's own size names its items
    sized = match.groupdict().get("sized") is not None
    named = match.group("things") is not None or sized
    before = text[: match.start("sized" if sized else "things" if named else "alone")]
    after = text[match.end() :]
    found = match.groupdict()
    if re.search(r"\bwords$", found.get("things") or "") and searched(_RUN_IN, whole):
        return  # "10 English words, comma-separated on one line": the answer's words
    if found.get("article") == "my":
        return  # "give me my 3 …": the count of something given
    if (
        found.get("article") == "the"
        and not found.get("top")
        and not re.match(r"name|list", found.get("verb") or "")
    ):
        return  # "give me the 3 …": a fixed set asked about; "the top 5 …" is a ranking
    if DISTRIBUTIVE.search(before) or EACH_AFTER.match(after) or another_count(after):
        return
    if GIVEN_AFTER.match(after):
        return  # "name 4 ideas I already have"
    if CONDITION_AFTER.match(after):
        return  # "give 3 examples only if the user asks": some replies only
    if named and not sized and prose_examples(match.group("things"), after):
        return  # "3 examples of haiku": each a piece of prose, not a line
    number = match.start("num") if match.group("num") is not None else match.start("low")
    if not named and re.search(r"\b(?:a|an)\s+$", text[:number]):
        return  # "give me a 10": a score, not things
    # "a glossary of 10": the list named says the number counts its entries
    listed = found.get("list") is not None
    if not named and not things_before(whole, sentence.start + match.start(), listed=listed):
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
    for relation, value in count_bounds(match, after):
        yield from hit(build, relation, value, (at, match.end()))


def _forms_in(whole: str, match: re.Match[str]) -> str:
    """The prompt as the forms it names are read: refused forms, labels no
    form count reads, a template of each line and, for values made up one to
    a line, a code block (its lines are the items) set aside."""
    read = _LINE_TEMPLATE.sub(" ", _LIST_FORM_WORDS.sub(" ", without_refused(whole)))
    return _CODE_BLOCK.sub(" ", read) if values_asked(match) else read


def _things_unsaid(sentence: Sentence, match: re.Match[str]) -> tuple[str, str]:
    """The prompt and the request's sentence with the things asked blanked:
    "3 title options" names the items, it asks for no title beside them."""
    whole, text = lowered(sentence.whole), sentence.lower
    if match.group("things") is None:
        return whole, text
    at = sentence.start
    # ("Podcast title suggestions: 5 options": the head names them too)
    for group in ("things", "head"):
        if match.groupdict().get(group) is None:
            continue
        start, end = match.span(group)
        blank = " " * (end - start)
        whole = whole[: at + start] + blank + whole[at + end :]
        text = text[:start] + blank + text[end:]
    for a, b in options_named_before(whole, at, match.group("things")):
        whole = whole[:a] + " " * (b - a) + whole[b:]  # the piece the options are of
    # "5 slide titles, each title with one emoji, no title repeating another
    # title's words": each of the things, named again, is no part beside them
    plural = match.group("things").split()[-1]
    forms = {plural, plural[:-1], plural[:-2] if plural.endswith("es") else plural}
    named = "|".join(re.escape(form) for form in sorted(forms, key=len, reverse=True))
    # (the noun only: "each" still says what follows is each item's)
    again = compile_lazily(
        rf"\b(?:(?:each|every|no)\s+|(?:from|than|to|with|as)\s+(?P<other>another\s+))(?P<noun>{named})\b"
    )
    # "Format: term in bold, then an em dash, then a definition": a layout
    # that opens with the thing's own noun is each item's, as "each term …" is
    # (the label read as "each", its length kept)
    layout = compile_lazily(rf"\b(?:format|layout)(?=\s*:\s*(?:the\s+)?(?:{named})\b)")
    whole, text = (layout.sub(lambda m: "each".ljust(len(m.group(0))), t) for t in (whole, text))
    return again.sub(_blanked, whole), again.sub(_blanked, text)


def _blanked(match: re.Match[str]) -> str:
    start = match.start("other") if match.group("other") else match.start("noun")
    kept = match.group(0)[: start - match.start()]
    return kept + " " * (match.end() - start)


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
_FORM_COUNTED = compile_lazily(
    rf"\b(?:{NUMBER})\s+(?:[\w-]+\s+)?(?:bullet|numbered|dot[\s-]+point|stichpunkt)", re.IGNORECASE
)
# A run-in list: words listed so are the answer's words, which the word
# count reads (the count of listed words is item_count's only as list lines).
_RUN_IN = compile_lazily(
    r"\bcomma[\s-]*separated\b|\bseparated\s+by\b|\b(?:on|in)\s+(?:a\s+single|one|a)\s+line\b"
)
# Numbering in labels no form count reads ("number them (1) to (6)"): the
# items are counted as any list's.
_LIST_FORM_WORDS = compile_lazily(r"\bnumber(?:ed|\s+them)\s+(?:from\s+)?(?=\(\d{1,2}\))")
# "6 items, each line formatted 'clue (5): ANSWER'": each item's template, the
# items the lines (no line count reads it; the lines are the items read)
_LINE_TEMPLATE = compile_lazily(
    r"\b(?:each|every)\s+line\s+(?:is\s+|should\s+be\s+|must\s+be\s+)?"
    r"(?:formatted|written)(?:\s+(?:as|like))?\b"
)
# "8 fake IDs … in a code block": the block's lines are the values
_CODE_BLOCK = compile_lazily(r"\b(?:(?:single|one|a)\s+)?code\s+block\b")
_SECOND_LIST = compile_lazily(
    rf"\b(?:another|second\s+list|two\s+lists|other\s+list|(?:{NUMBER})\s+more)\b"
)


def _other_things_counted(whole: str) -> bool:
    """Whether ``whole`` counts more than one set of things ("5 tips and 3
    warnings"): then a form's count may be either's."""
    things = [m.group(0) for m in matches_in(_OTHER_THINGS, whole)]
    return sum(1 for t in things if not NOT_ITEMS.search(t)) > 1


# Steps are the items of a procedure: "explain it in 5 steps", "use exactly
# 3 steps", "keep it under 6 steps", "a five-step guide" (the shared count
# grammar reads them), the answer the steps of one procedure.
# ("no two names starting with the same letter" tells the things apart, it counts none)
_OTHER_THINGS = compile_lazily(
    rf"(?<!\bno\s)\b(?:{NUMBER})\s+(?:[a-z][\w'-]*\s+){{0,2}}?(?!steps\b){PLURAL}\b"
)


def _steps(relation: Relation, value: int, sentence: Sentence) -> FamilySpec | None:
    whole = lowered(sentence.whole)
    others = [m.group(0) for m in matches_in(_OTHER_THINGS, whole)]
    if any(not NOT_ITEMS.search(o) for o in others) or searched(_SECOND_LIST, whole):
        return None  # another set of things beside them
    form = list_form(whole)
    if form is not None:
        return _FORM_COUNTS[form](relation, value)  # "numbered steps (max 6 steps)"
    if searched(FORM_NAMED, whole):
        return None  # a form with its own count
    for part in SENTENCE_BREAK.split(_CONTENT_VERB.sub("", whole)):
        more = MORE_PARTS.search(part)
        if more and not DISTRIBUTIVE.search(part, 0, more.start()):
            return None  # more than the steps; not what each step holds
    return ItemCount(relation=relation, value=value)


# "Explain how to boil an egg in 5 steps": the explanation is the steps.
_CONTENT_VERB = compile_lazily(r"\b(?:explain|describe|write\s+(?:a|an|one))\b")
step_counts = UnitCounts(
    (Unit(r"(?:simple\s+|easy\s+|clear\s+)?steps?", _steps, bare_exact=True, singular="step"),)
)


# "At least 10 items.", "no more than 8 items", "3-5 items", "not more than 6
# points": a count of the list's entries, said of the list the prompt asks
# for (a to-do list, a bulleted list, "give answer in points"). Points are
# entries only where the list's form names them ("bullet points", "in
# points"); a score of points ("worth 10 points") is not a list.
_LIST_NAMED = compile_lazily(
    r"\blist\b|\bchecklist|\bcheckbox|\bto-?do\b|\bbullet|\bnumbered\b|\bnumber\s+them\b|"
    # documents that are lists: "a kids' menu … 5 items", "a changelog … 6 entries"
    r"\bmenu\b|\bglossary\b|\bcheat\s*sheet\b|\bchangelog\b|\bagenda\b|\binventory\b|"
    r"\bdot[\s-]+points\b|\b(?:in|as)\s+points\b"
)
_POINTS_NAMED = compile_lazily(r"\bbullet|\bdot[\s-]+points\b|\b(?:in|as)\s+(?:short\s+)?points\b")
# (not a clause on the items asked: "10 items, where the items are in order")
_TOPIC_BEFORE = compile_lazily(
    r"\b(?:why|how|whether|what|when|if)\b|"
    r"\bwhere\b(?!\s+(?:the|each|every|all)\s+(?:of\s+the\s+)?(?:items|entries|points|item|entry)\b)"
)
# Lists a piece is about, not the list it is: "a tweet announcing our new
# feature: checklists with up to 10 items", "a post about to-do lists of 5 items".
_LISTS_AS_TOPIC = compile_lazily(
    r"\b(?:about|announcing|describing|introducing|promoting|advertising|reviewing|explaining|"
    r"feature)\b[^.;!?]{0,40}?\b(?:check|to-?do\s+|shopping\s+|packing\s+)?lists\b"
)


def _entries(relation: Relation, value: int, sentence: Sentence) -> FamilySpec | None:
    whole = lowered(sentence.whole)
    if (
        not searched(_LIST_NAMED, whole)
        or searched(_SECOND_LIST, whole)
        or searched(_OTHER_TABLE, whole)
    ):
        return None  # no list asked for, several, or rows another family counts
    if _TOPIC_BEFORE.search(sentence.lower) or len(requests_in(whole, whole=True)) > 1:
        return None  # "explain why lists of more than 7 items are hard"
    if _LISTS_AS_TOPIC.search(sentence.lower):
        return None
    if value < 1 or count_in(_COUNTED_ENTRIES, whole) > 1:
        return None  # "a list of 10 items with a list of 10,000 items": which is asked?
    form = list_form(whole)
    return _FORM_COUNTS[form](relation, value) if form else _item_count(relation, value)


def _points(relation: Relation, value: int, sentence: Sentence) -> FamilySpec | None:
    if not searched(_POINTS_NAMED, lowered(sentence.whole)):
        return None
    return _entries(relation, value, sentence)


_COUNTED_ENTRIES = compile_lazily(rf"\b(?:{NUMBER})\s+(?:list\s+)?(?:items|entries|points)\b")
_OTHER_TABLE = compile_lazily(r"\btable\b|\bjson\b|\byaml\b|\bxml\b|\bcsv\b|\barray\b|\brows?\b")
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
    rules: ClassVar[tuple[Rule, ...]] = (
        items_asked,
        step_counts,
        entry_counts,
        lists_abroad,
        qa_pairs_rule(_item_count),
    )
    written_as = ", each a list item or a line of its own"

    def found(self, spec: Any, text: str) -> Sequence[str]:
        # (a question and the answer labelled after it are one item: an FAQ's pair)
        return paired_items(answer_items(text))


ITEMS = _Items()
