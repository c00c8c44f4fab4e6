"""The guards every rule shares: is a sentence hedged, conditional or an
example, negated, a template rather than literal text, a system prompt's
standing rule? Kept apart from the sentence cutting in :mod:`._sentences`,
which re-exports them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from redraft.core._lazy_pattern import compile_lazily

if TYPE_CHECKING:
    from redraft.criteria._sentences import Sentence

__all__ = [
    "HEDGE",
    "NEGATION",
    "blocked_from",
    "in_every_reply",
    "sentence_blocked",
    "templated",
]

# A placeholder in a phrase: "Reason N:", "Step X", "Day #", "Fact #n:" (not
# "N/A", not a hashtag "#nature"; "{name}" is a placeholder token the answer
# keeps, a literal; "#!/bin/sh", a shebang's marks, neither).
_PLACEHOLDER = compile_lazily(r"(?<![\w#/])(?:[NX]|#+|#[nNxXi])(?![\w#/]|!/)")
_HEADING_MARKS = compile_lazily(r"^\s*#{1,6}[ \t]+(?=[^\W\d_])")
_DEFINED = compile_lazily(
    r"\bwhere\s+['\"‘“`]?(?P<token>[\w#]+)['\"’”`]?\s+(?:is|are|=|stands\s+for|means|"
    r"represents|counts|goes|runs|increases|increments|starts|begins|ranges|becomes)\b",
    re.IGNORECASE,
)


def templated(phrase: str, sentence: str) -> bool:
    """Whether ``phrase`` is a template rather than literal text: it holds a
    placeholder ("Reason N:") or a token the sentence defines ("… where n is
    the number"). A check that compares it literally would fail every answer
    that fills it in."""
    if set(phrase.strip()) == {"#"}:
        return False  # "finish with the line ###", "start each line with '#'": the marks themselves
    # "start with the heading '## Installation'": a markdown heading's marks open it
    phrase = _HEADING_MARKS.sub("", phrase)
    if _PLACEHOLDER.search(phrase):
        return True
    words = set(re.findall(r"[\w#]+", phrase.lower()))
    return any(m.group("token").lower() in words for m in _DEFINED.finditer(sentence))


HEDGE = compile_lazily(
    r"\b(?:ideally|preferably|if possible|where possible|try to|try and|feel free|optional\w*|"
    r"you (?:may|can|could|might)|maybe|perhaps|no need|not (?:necessary|needed|required|"
    r"important|a requirement)|unnecessary|(?:don'?t|do not|doesn'?t|does not|needn'?t|need not"
    r"|won'?t|will not) (?:worry|matter|have to|need to|necessarily|care)|don'?t worry|"
    r"any length|or so|give or take|roughly|approximately|usually|typically|normally|"
    r"generally|as a rule of thumb|if you (?:want|like|wish|prefer|can)|"
    r"as you (?:see fit|like|wish)|up to you|"
    # "whatever you like" leaves it open; "whatever language the user writes
    # in" holds the rule regardless
    r"(?:whatever|whichever)(?!\s+(?:language\s+(?:the|they|he|she|you)|the\s+(?:user|customer|client|"
    r"reader|guest|input|question|message)|they|he|she)\b)|"
    # hearsay: "I heard it should have at most 2,600 characters" reports a rule
    r"i(?:'ve|\s+have)?\s+heard|i\s+read\s+(?:that|somewhere)|apparently|supposedly|"
    r"rumou?r\s+has\s+it|(?:they|people)\s+say|"
    # a relative's or a friend's rule of thumb: "my sister says to always end with a
    # question", "my dad always told me never to …" is their advice, not the
    # user's rule (a boss's "wants it to …" is; so is a client's or a teacher's)
    r"(?:my|our)\s+(?:[\w-]+\s+)?(?:sister|brother|sibling|mom|mum|mother|dad|father|parents?|"
    r"friends?|grandma|granny|grandmother|grandpa|grandfather|aunt|auntie|uncle|cousin|"
    r"room-?mate|flatmate|wife|husband|partner|girlfriend|boyfriend|son|daughter|neighbou?r)"
    r"(?:\s+(?:always|keeps|kept|once))?\s+(?:says?|said|saying|thinks|reckons|swears|claims|"
    r"insists|believes|think|reckon|swear|tells?\s+me|told\s+me|telling\s+me)\s+(?:that\s+)?(?:(?:you|one|we|i|"
    r"people|everyone)\s+(?:should|must|have\s+to|need\s+to|are\s+supposed\s+to|ought\s+to)\s+|"
    r"(?:texts?|messages?|emails?|letters?|posts?|replies)\s+(?:should|must)\s+)?(?:to\s+)?"
    r"(?:always|never)|"
    # disowned: "my teacher said to use no commas, which seems silly"
    r"(?:which|that|this|it)(?:'s|\s+(?:seems|sounds|is|feels|looks))\s+(?:a\s+bit\s+|so\s+|"
    r"really\s+|kind\s+of\s+|pretty\s+|rather\s+)?(?:silly|pointless|outdated|old-fashioned|"
    r"excessive|overkill|ridiculous|dumb|stupid|cheesy)|"
    # "50 to 60 words would be ideal": a wish, not a rule
    r"(?:would\s+be|is|are)\s+(?:ideal|nice|preferable|preferred|a\s+plus|a\s+bonus)|"
    r"(?:ideal|preferred)\s+(?:length|size|range)|"
    # a suggestion, not a rule: "A table might help. Columns: …", "bullets could
    # work", "a numbered list may be easiest", "headings would be useful"
    r"(?:might|could|may|would)\s+(?:help|work|be\s+(?:good|nice|useful|helpful|handy|"
    r"easiest|easier|best|better|clearer|cleaner|simplest|an?\s+(?:option|idea|good\s+idea)|"
    r"worth\s+it)))\b",
)
_CONDITION = compile_lazily(
    # "imagine you had to explain it in 10 words" (not "imagine you are a chef and …")
    # "for when it started" names a time, it sets no condition
    r"\b(?:if|unless|whenever|in case|(?<!\bfor )(?<!\bfrom )(?<!\bsince )when|whether|suppose|"
    r"assuming|imagine\s+if|"
    r"(?:you|we|i)\s+(?:had|would\s+have|were|needed)\s+to)\b|"
    # "Where you mention dates, use …": a place in the answer that may never come
    # (its verb may open the phrase read, past the text tested)
    r"\bwhere(?:ver)?\s+(?:you|we|they|it|the\s+[\w-]+)\s+(?=(?:mentions?|writes?|uses?|gives?|"
    r"lists?|includes?|refers?|quotes?|cites?|names?|needs?|talks?|describes?|adds?|states?|"
    r"shows?)\b|$)|"
    # inverted: "Should the answer need code, put it in a code block"
    r"^\s*(?:should|were|had)\s+(?:the|your|it|you|there|we|this|that|any)\b(?=[^,?]{0,60},)"
)
_EXAMPLE = compile_lazily(
    # not "2 example calls": calls to write, not an example of the answer
    r"\b(?:for example|for instance|e\.g\.?|such as|an example|"
    # nor "5 example passwords": a number of things asked for, made up
    r"(?<!\d )(?<!two )(?<!three )(?<!four )(?<!five )(?<!six )(?<!seven )(?<!eight )(?<!nine )"
    r"(?<!ten )example(?!\s+(?:calls?|usages?|invocations?)\b)|like this|"
    # "give me a sample .env file", "5 rows of sample data": the thing asked, made up
    r"sample(?!\s+(?:\.?[\w-]+\s+)?(?:files?|data|rows?|records?|config(?:uration)?s?|payloads?|"
    r"entries|dataset|documents?)\b)|"
    r"(?:this|the\s+following|my|our|a\s+given)\s+template|the\s+template\s+(?:below|above|here)|"
    r"below is|here is|here's)\b"
)
NEGATION = compile_lazily(
    r"\b(?:not|never|no|none|neither|nobody|without|don'?t|doesn'?t|isn'?t|aren'?t|shouldn'?t|needn'?t|won'?t|"
    r"mustn'?t|cannot|can'?t|nor|avoid)\b|n't\b"
)


def blocked_from(text: str) -> int:
    """The offset from which :func:`sentence_blocked` holds in ``text`` (a
    sentence's lowered text): 0 when it hedges, else the end of its first
    condition or example, else past its end. One pass, for rules that test
    many phrases of one long sentence."""
    if HEDGE.search(text):
        return 0
    example = _EXAMPLE.search(_asides_blanked(text))
    ends = [m.end() for m in (_CONDITION.search(text), example) if m]
    return min(ends, default=len(text) + 1)


_ASIDE = compile_lazily(r"\([^()]*\)|\[[^\[\]]*\]")


def _asides_blanked(text: str) -> str:
    """``text`` with each closed bracketed aside blanked (offsets kept): an
    example inside one ("Tags are lowercase words (e.g. waterproof),
    separated by commas") shows one thing named, and governs nothing after it."""
    while True:
        blanked = _ASIDE.sub(lambda m: " " * len(m.group(0)), text)
        if blanked == text:
            return text
        text = blanked


# A system prompt's standing rule: "in every reply" is the reply at hand.
_IN_EVERY_REPLY = compile_lazily(
    r"\s*(?:in\s+(?:every|each)|per)\s+(?:reply|response|answer|message)\b(?!\s+(?:of|to)\b)"
)


def in_every_reply(sentence: Sentence, after: str) -> bool:
    """Whether ``after`` (the lowered text after a phrase) opens with "in
    every reply" or "per message" in a system prompt, where every reply is
    this one."""
    return sentence.source == "system" and _IN_EVERY_REPLY.match(after) is not None


def sentence_blocked(sentence: Sentence, start: int) -> bool:
    """Whether the sentence hedges, or states a condition or an example
    before ``start``: then nothing in it is compiled."""
    text = sentence.lower
    if any(_reaches(text, hedge, start) for hedge in HEDGE.finditer(text)):
        return True
    return bool(_CONDITION.search(text[:start]) or _EXAMPLE.search(_asides_blanked(text[:start])))


# Where a clause of its own starts: "…, and end with …", "…; end with …"
_CLAUSE_SPLIT = compile_lazily(r";|,\s*(?:and|but)\b")


def _reaches(text: str, hedge: re.Match[str], start: int) -> bool:
    """Whether ``hedge`` softens the phrase at ``start``. A hedge inside a
    clause that follows a request and ends before the phrase's own clause
    ("Avoid jargon where you can, and end with a question") softens that
    clause alone; so does one in a clause after the phrase's ("End with a
    question, and avoid jargon where you can"). A hedge that opens the
    sentence ("Ideally keep it short, and …") softens all of it."""
    if hedge.end() <= start:
        return not (
            text[: hedge.start()].strip() and _CLAUSE_SPLIT.search(text, hedge.end(), start)
        )
    return _CLAUSE_SPLIT.search(text, start, hedge.start()) is None
