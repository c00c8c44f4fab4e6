"""What the lexical families (punctuation, scripts, word shapes, numbers,
literals) share when they read a prompt: whether a phrase is a requirement
on the answer, on top of the rule compiler's own test
(:func:`~redraft.criteria._sentences.response_context`).

Two additions, both narrow: a question about a constraint ("Is it fine to
use no punctuation?") is no requirement, although a request put as a
question ("Can you write it without punctuation?") is; and a terse list of
requirements ("All lowercase, no punctuation at all.") is read item by
item, each item a requirement on the answer as the first one is.
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import Sentence, lowered, response_context, sentence_blocked

__all__ = ["asks_about", "described", "elliptical_ban", "required"]

_REQUEST = compile_lazily(r"^\s*(?:please\s+)?(?:can|could|would|will)\s+(?:you|u)\b")
_ITEM_WORDS = 4
# Words that make an earlier list item about one part, so the list is not
# a list of requirements on the whole answer.
_PART = compile_lazily(
    r"\b(?:each|every|per|title|titles|heading|headings|line|lines|bullet|bullets|name|names|"
    r"word|words|sentence|sentences|paragraph|paragraphs|item|items|if|when|unless|example|"
    # "My poem: short, sad, …" describes something given, not the answer
    r"my|our|his|her|their|this|these|those|given|attached)\b"
)
# "no emoji" is an item of such a list; "not formal" or "don't rhyme" is not.
_MATERIAL = compile_lazily(r"\b(?:below|above|following|attached|given|pasted|quoted|original)\b")
_NEGATION = compile_lazily(r"\b(?:not|never|don'?t|doesn'?t|isn'?t|aren'?t)\b|n't\b")


def asks_about(sentence: Sentence, start: int = 0) -> bool:
    """Whether the sentence is a question rather than a request put as one.
    A question after a colon is the material the requirement before it is
    about ("Answer in Japanese only: what is …?"), not a question about it."""
    text = sentence.lower.rstrip()
    if not text.endswith("?") or _REQUEST.search(text):
        return False
    return ":" not in text[start:]


def _listed(sentence: Sentence, start: int) -> bool:
    """Whether the phrase at ``start`` is one item of a terse list of
    requirements that opens the sentence ("All lowercase, no emoji, …")."""
    prefix = sentence.lower[:start]
    if not prefix.rstrip().endswith(",") or sentence_blocked(sentence, start):
        return False
    items = [item.strip(" -*•") for item in prefix.rstrip().rstrip(",").split(",")]
    if not items or not all(items):
        return False
    for item in items:
        if len(item.split()) > _ITEM_WORDS or _PART.search(item) or _NEGATION.search(item):
            return False
        if _MATERIAL.search(item):  # "In the text below, no words like 'very' …": the text's
            return False
    return response_context(sentence, 0)


def required(sentence: Sentence, start: int, *, owns_negation: bool = False) -> bool:
    """Whether the phrase at ``start`` is a requirement on the answer."""
    if asks_about(sentence, start):
        return False
    if response_context(sentence, start, owns_negation=owns_negation):
        return True
    return _listed(sentence, start)


# "Write a sentence where every word …": the clause describes the thing asked for.
_DESCRIBED = compile_lazily(
    r"^\s*(?:(?:please\s+)?(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:now\s+)?"
    r"(?:write|compose|create|give\s+me|make|craft|draft|generate|produce|come\s+up\s+with)\s+"
    # adjectives only: "a review of my story where …" describes the story, not the review
    r"(?:me\s+)?(?:a|an|one)\s+(?:(?!(?:of|my|this|that|these|the|his|her|their|our|your|about|on)\b)"
    # a quoted adjective too: "a 'nonsense' sentence where …"
    r"(?:[\w-]+|['\"‘“]\ue000+['\"’”])\s+){0,3}?(?:sentence|poem|verse|story|paragraph|"
    r"tweet|slogan|tagline|message|text|acrostic|haiku|limerick|rhyme|phrase|note|riddle|song|"
    r"motto|greeting|toast|line|tongue\s+twister)\s+(?:where|in\s+which|whose|such\s+that|so\s+that|with|"
    r"that\s+has|that)\s+$"
)


def described(sentence: Sentence, start: int) -> bool:
    """Whether the phrase at ``start`` describes the one thing the sentence
    asks for ("Write a poem where the first letters of each line …")."""
    if asks_about(sentence, start) or sentence_blocked(sentence, start):
        return False
    return _DESCRIBED.match(sentence.lower[:start]) is not None


# "Start with 'Dear', never 'Hey'": the word kept out of one place, not the answer
_ONE_PLACE_BEFORE = compile_lazily(
    r"\b(?:start|starts|begin|begins|open|opens|end|ends|close|closes|finish|sign|title|titled|"
    r"heading|subject|first|last|line|greet|reply|respond|answer)\b"
)
# A sentence that opens by asking for words: "Use …", "Address them as …"
_OPENING_IMPERATIVE = compile_lazily(
    r"[\s\-*•]*(?:please\s+)?(?:always\s+)?(?:use|say|write|address|call|refer\s+to|spell|"
    r"include|mention)\b"
)
# What a bare "never 'x'" / "not 'x'" follows when it stands for a verb said before it
_ELLIPTICAL = compile_lazily(r"(?:[,;(—–]|\bbut|\band)\s*$")
_SENTENCE_END = compile_lazily(r"[.!?\n]")


def elliptical_ban(sentence: Sentence, start: int) -> bool:
    """Whether a bare "never 'x'" or "not 'x'" at ``start`` bans the words
    from the answer: the whole sentence holding it (a list item is read
    within it) opens by asking for words ("Address them as 'u', never 'je'",
    "Use 'gently' twice but never the word 'pain'"; a "not" only after quoted
    words it contrasts with), puts no words in one
    place ("Start with 'Dear', never 'Hey'"), and is not hedged or asked."""
    whole = lowered(sentence.whole or sentence.masked)
    at = sentence.start + start if sentence.whole else start
    begin = max((m.end() for m in _SENTENCE_END.finditer(whole, 0, at)), default=0)
    head = whole[begin:at]
    if not head.strip():
        return response_context(sentence, start, owns_negation=True)
    if whole.startswith("not", at) and "\ue000" not in head:
        return False  # "in English, but not 'Americanised'": a manner, unless words contrast
    return (
        _ELLIPTICAL.search(head) is not None
        and _OPENING_IMPERATIVE.match(head) is not None
        and _ONE_PLACE_BEFORE.search(head) is None
        and not sentence_blocked(sentence, start)
        and not asks_about(sentence, start)
    )
