"""Items: the signs that a number asked for is not the answer's list
(:mod:`._item_count` reads with them): a list form with its own count, more
parts than the list, a count of each part, a second set of things, things
given, a bare count that may be a value, and what each item holds.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._item_guards import BESIDE_LIST
from redraft.criteria._families._item_nouns import ASKED, LIST_DOCS, SHORT, TITLED
from redraft.criteria._families._item_request import SENTENCE_BREAK
from redraft.criteria._grammar import NUMBER
from redraft.criteria._sentences import searched

__all__ = [
    "DISTRIBUTIVE",
    "EACH_AFTER",
    "FORM_NAMED",
    "GIVEN_AFTER",
    "MORE_PARTS",
    "another_count",
    "more_parts",
    "one_liners",
    "options_named_before",
    "things_before",
]


# A list form that has its own count, or a shape whose rows are counted
# by another family: that family reads the count.
FORM_NAMED = compile_lazily(
    # (a checklist's task-box lines are list lines: the items, read as any list's)
    r"\bbullet|\bnumbered\b|\bnumber\s+them\b|\btable\b|\bjson\b|\byaml\b|"
    r"\bxml\b|\bcsv\b|\barray\b|\bcode\s+block|\bper\s+line\b|\bown\s+line\b|\bseparate\s+lines?\b|"
    r"\b(?:each|every|new|next|separate|own)\s+line\b|\beach\b[^.;]{0,20}\bline\b|"
    r"(?<!subject\s)\blines\b|\bparagraphs?\b|"
    # items as sentences ("3 facts in 1 sentence each"): prose may hold them
    r"\bsentences?\s+(?:each|apiece)\b|\beach\s+(?:in\s+)?(?:one|a|1)\s+(?:short\s+)?sentence\b"
)
# The answer holds more than the list, or several lists.
MORE_PARTS = compile_lazily(
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
    # (nor "write a product name list": a list named by what it lists)
    rf"write\s+(?:a|an|one)(?!\s+(?:short\s+|quick\s+|brief\s+)?{TITLED}"
    r"(?:(?!(?:and|or|with|plus|then|about|for|on|of|in|to)\b)[\w-]+\s+){0,3}?"
    rf"(?:list|{LIST_DOCS})\b)|"
    r"answer(?=\s+(?:the|my|this|these|those|all|both)\b))\b(?!\s+(?:(?:briefly|why|how)\s+)?(?:each|every|them|it|why\s+each)\b)"
)
DISTRIBUTIVE = compile_lazily(r"\b(?:each|every|per|apiece)\b")
# "2 examples for each word", "3 ideas per topic": a count of each part;
# not "with a URL for each" (each of the things).
EACH_AFTER = compile_lazily(
    r"^[^.;!?]{0,40}?\b(?:for|per|in|of|from)\s+(?:each|every)\s+(?!one\b|of\s+them\b)[a-z]|"
    r"^[^.;!?]{0,40}?\bper\s+(?!each\b)[a-z]|^\s*(?:each|apiece)\b"
)
# "3 pros and 3 cons", "2 truths and a lie": a second set of things
_ANOTHER_COUNT = compile_lazily(
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
_RANGE = compile_lazily(
    rf"\b(?:between\s+(?:{NUMBER})\s+and|(?:{NUMBER})\s*(?:to|-|–)|from\s+(?:{NUMBER})\s+to)\s+(?={NUMBER})"
)


def another_count(after: str) -> bool:
    """Whether ``after`` (what follows the things asked) counts a second set
    of things: "3 pros and 3 cons", "2 truths and a lie"."""
    return _ANOTHER_COUNT.match(_RANGE.sub(lambda m: " " * len(m.group(0)), after)) is not None


GIVEN_AFTER = compile_lazily(
    r"^\s*(?:i|we|you)\s+(?:already|have|had|gave|wrote|listed|mentioned)\b"
)


# The things a bare count ("Give me 5.") counts, named before it: things a
# writer makes; not where the number is a value ("how many hours", "on a
# scale of 1 to 10", "a fair price").
_NAMED_BEFORE = compile_lazily(rf"\b{ASKED}\b")
_A_VALUE = compile_lazily(
    r"\bhow\s+(?:many|much|long|old|often)\b|\bscale\b|\brat(?:e|ing)\b|\bscore\b|\bprice\b|"
    r"\bnumbers?\b|\bgrade\b|\bout\s+of\b"
)


def things_before(whole: str, at: int, *, listed: bool = False) -> bool:
    """Whether the things a bare count counts are named: before it, or by the
    list it sizes (``listed``: "a glossary of 10"); never where the number
    may be a value."""
    before = whole[:at]
    return (listed or bool(_NAMED_BEFORE.search(before))) and not searched(_A_VALUE, whole)


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
_POSSESSED = compile_lazily(r"\b(?:my|our|his|her|their)\s+(?:[\w'-]+\s+){0,2}$")
_WORKED_ON = compile_lazily(
    r"\b(?:rewrite|write|fix|improve|edit|revise|shorten|polish|draft|redo|update|proofread|"
    r"explain|describe|analy[sz]e|summari[sz]e|translate|add|give|include|expand)\s+$"
)


# "3 transition words I could use for the conclusion": the part the things
# are for is the user's, where the user uses them
_USED_IN = compile_lazily(
    r"\b(?:i|we)\s+(?:(?:could|can|might|should|will|would|want\s+to|need\s+to)\s+)?"
    r"(?:use|put|add|say|include|drop)\s+(?:\w+\s+)?(?:in|for|at|into|to)\s+(?:the|my|our|this|that)\s+"
    r"(?:[\w'-]+\s+){0,2}$"
)


def _given_part(text: str, at: int) -> bool:
    """Whether the part named at ``at`` of ``text`` is the user's own."""
    if _USED_IN.search(text, 0, at):
        return True
    owned = _POSSESSED.search(text, 0, at)
    return owned is not None and not _WORKED_ON.search(text, 0, owned.start())


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
_OPTIONS = compile_lazily(
    r"^(?:(?:alternative|different|possible)\s+)?(?:options|alternatives|versions|variants|"
    r"variations|choices)$|^(?:alternative|different|possible)\s+(?P<noun>[a-z]+?)e?s$"
)
_PIECE = (
    r"(?:title|headline|slogan|tagline|subject\s+line|clue|caption|hook|motto|one-liner|"
    r"name|pun|bio\s+line)"
)
_PIECE_NAMED = compile_lazily(
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
_EACH_CLAUSE = compile_lazily(r"\b(?:each|every|formatted\s+as|written\s+as|in\s+the\s+format)\b")
_NOT_HELD = compile_lazily(
    r"then|afterwards?|after\s+that|finally|lastly|another|second\s+list|two\s+lists"
)


def _held_by_each(own: str, more: re.Match[str]) -> bool:
    clause = re.split(r"[,;:.!?]", own[: more.start()])[-1]
    return _EACH_CLAUSE.search(clause) is not None and not _NOT_HELD.match(more.group(0))
