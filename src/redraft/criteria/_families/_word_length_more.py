"""More wordings of word length, each read whole: the bound after the
number ("every word must be 5 letters or fewer", "words of 6 letters or
less"), a ban with a modal ("no word may have more than 10 letters") and a
floor put as a ban ("no word shorter than 4 letters", "no words under 3
letters"), and a length named before the noun ("use only five-letter
words").

The governor is the one :mod:`._word_length` uses (a requirement on the
answer, or a clause describing the one thing asked for); a length of some
words only ("a few words of 3 letters or fewer", "avoid most words over 8
letters") or of words in given material compiles nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._lexical import described, required
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import Sentence, lowered, searched, sentence_blocked
from redraft.criteria._spec_base import Relation

__all__ = ["more_word_lengths"]

Reading = tuple[Relation, int, int, int]
"""(relation, value, start, end) of one word-length requirement."""

_UNIT = r"(?:letters?|characters?|chars?)(?:\s+long|\s+in\s+length)?"
_WORDS = r"(?:words?|terms?)"
_MODAL = r"(?:(?:must|should|shall|may|can|will|is\s+to|has\s+to|have\s+to|needs?\s+to)\s+)?"
_BE = r"(?:(?:be|is|are|have|has|contain|use|stay|run)\s+)?"
# "5 letters or fewer", "6 characters or less", "5 letters max", "4 letters or more"
_POSTFIX = compile_lazily(
    rf"(?P<n>{NUMBER})\s+{_UNIT}\s+(?:(?P<most>or\s+(?:fewer|less|shorter|under|below)|max(?:imum)?"
    r"|at\s+most|tops)|(?P<least>or\s+(?:more|longer|over|above)|min(?:imum)?|at\s+least))\b"
)
# "5 or fewer letters"
_POSTFIX_BEFORE = compile_lazily(
    rf"(?P<n>{NUMBER})\s+(?:(?P<most>or\s+(?:fewer|less))|(?P<least>or\s+more))\s+{_UNIT}"
)
_HEADS = (
    # "every word must be 5 letters or fewer", "each word has 4 letters or more"
    compile_lazily(
        rf"\b(?:each|every|all(?:\s+the)?|any)\s+(?:single\s+)?{_WORDS}\s+{_MODAL}{_BE}$"
    ),
    # "only words with 6 letters or fewer", "use words of 5 or fewer letters"
    compile_lazily(
        rf"\b(?:only|use|using|with|in)\s+(?:short\s+)?{_WORDS}\s+(?:of|with|that\s+(?:have|are))\s+$"
    ),
)
# "no word may have more than 10 letters", "no word shorter than 4 letters",
# "no words under 3 letters", "no word can be longer than 7 characters"
_BAN = compile_lazily(
    rf"\b(?:no|not\s+(?:a\s+single|one))\s+(?:single\s+)?{_WORDS}\s+"
    # "no word in your version may be longer than 8 letters": the answer's words
    r"(?:in\s+(?:your|the)\s+(?:version|answer|response|reply|rewrite|text|output)\s+)?"
    rf"{_MODAL}{_BE}"
    rf"(?:(?P<over>longer\s+th[ae]n|more\s+th[ae]n|over|above|exceeding)|"
    rf"(?P<under>shorter\s+th[ae]n|fewer\s+th[ae]n|less\s+th[ae]n|under|below))\s+"
    rf"(?P<n>{NUMBER})\s+{_UNIT}"
)
# "List 6 adjectives …, none longer than 7 letters": words asked for earlier in
# the sentence, then "none" over a length in letters (characters may be a line's)
_WORD_KINDS = r"(?:words|adjectives|nouns|verbs|adverbs|synonyms|antonyms|rhymes)"
_NONE = compile_lazily(
    rf"\bnone\s+(?:of\s+them\s+)?{_MODAL}{_BE}(?:longer\s+than|more\s+than|over|above|"
    rf"exceeding)\s+(?P<n>{NUMBER})\s+letters\b"
)
_ASKED_WORDS = compile_lazily(
    rf"\b(?:list|give|write|suggest|provide|name|generate)\s+(?:me\s+)?(?:\w+\s+){{0,2}}{_WORD_KINDS}\b"
)
_ANY_WORDS = compile_lazily(rf"word|term|none|{_WORD_KINDS}")
# "use only five-letter words", "only 4-letter words": every word that length
_HYPHENED = compile_lazily(
    rf"\b(?:use\s+only|using\s+only|only\s+(?:use|using)?\s*|with\s+only|entirely\s+(?:of|in)\s+|"
    rf"made\s+(?:up\s+)?(?:only\s+)?of\s+(?:only\s+)?)(?P<n>{NUMBER})-(?:letter|character)\s+words\b"
)
# Words asked for, then the length of each: "Give 10 valid words, each at
# least 4 letters", "12 words, each between 4 and 9 letters", "6 palindromic
# words, each at least 5 letters long"; or the length named before them:
# "Give me 6 five-letter words related to football"
_EACH_LENGTH = compile_lazily(
    rf"\b(?P<num>{NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_WORD_KINDS}(?:\s+[^,;:.]{{0,40}}?)?,\s*"
    rf"(?:each|all)\s+(?:(?:must|should)\s+be\s+|(?:is|are|has|have|of)\s+)?(?:(?P<rel>{RELATION})"
    rf"\s+(?P<n>{NUMBER})|between\s+(?P<low>{NUMBER})\s+and\s+(?P<high>{NUMBER})|"
    rf"(?P<from>\d{{1,2}})\s*(?:-|–|to)\s*(?P<to>\d{{1,2}}))\s+letters(?:\s+long)?\b"
)
_ASKED_LENGTH = compile_lazily(
    rf"^\s*(?:(?:please\s+)?(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:list|give|write|"
    rf"suggest|provide|name|generate|find)\s+(?:me\s+|us\s+)?(?:exactly\s+)?(?P<num>{NUMBER})\s+"
    rf"(?:[a-z]+\s+)?(?P<n>{NUMBER})-letter\s+(?:[a-z]+\s+)?{_WORD_KINDS}\b"
)
# The words are all the answer holds: said outright, or all on one line
# ("Give me 10 five-letter words" alone may come with a line before them)
_ONLY_THE_WORDS = compile_lazily(
    r"\b(?:on\s+(?:one|a\s+single)\s+line|one\s+line|nothing\s+else|no\s+other\s+(?:text|words)|"
    r"(?:only|just)\s+the\s+words|words\s+only|no\s+(?:intro\w*|preamble|explanations?))\b"
)
# Another part than the words asked for: their length is not every word's
_OTHER_PARTS = compile_lazily(
    r"\b(?:then|followed\s+by|plus|after\s+(?:that|which|it)|explain\w*|descri\w*|defin\w*|"
    r"meanings?|sentences?|paragraphs?|captions?|clues?|hints?|examples?|bonus|title|heading|"
    r"intro\w*|notes?|translations?|with\s+(?:a|an|their|its)\b)"
)


def _words_length(sentence: Sentence) -> Iterator[Reading]:
    """The length of each of the words asked for, where those words are all
    the answer holds (nothing else asked for anywhere in the prompt)."""
    text = sentence.lower
    whole = lowered(sentence.whole)
    if searched(_OTHER_PARTS, whole):
        return
    if searched(_ONLY_THE_WORDS, whole):
        yield from _asked_words_length(sentence)
    for one in _ONE_WORD.finditer(text):
        bounds = _one_word_bounds(one)
        if bounds and _one_word_asked(sentence, one.start()):
            for relation, value in bounds:
                yield relation, value, one.start(), one.end()
            return


def _asked_words_length(sentence: Sentence) -> Iterator[Reading]:
    text = sentence.lower
    for match in _EACH_LENGTH.finditer(text):
        low, high = (
            match.group("low") or match.group("from"),
            match.group("high") or match.group("to"),
        )
        if low and high:
            a, b = number_value(low), number_value(high)
            if a is not None and b is not None and a < b and _asked_here(sentence, match.start()):
                yield "at_least", a, match.start(), match.end()
                yield "at_most", b, match.start(), match.end()
            return
        value, rel = number_value(match.group("n")), match.group("rel")
        if value is None or not _asked_here(sentence, match.start()):
            return
        relation, adjust = relation_of(rel)
        yield relation, value + adjust, match.start(), match.end()
        return
    before = sentence.whole[: sentence.start].lower()
    if (asked := _ASKED_LENGTH.match(text)) and not _REQUEST_BEFORE.search(before):
        value = number_value(asked.group("n"))
        if value is not None and not sentence_blocked(sentence, asked.start()):
            yield "exactly", value, asked.start(), asked.end()


# The request before: "I'm making a crossword. Give me …" has none
_REQUEST_BEFORE = compile_lazily(
    r"\b(?:write|give|list|make|create|generate|add|include|suggest|provide|name|find)\b"
)
# The answer is one word of a length: "a single made-up word, 8 letters",
# "It should be one word, no more than 6 letters", "one word, 6 to 9 letters"
_ONE_WORD = compile_lazily(
    rf"\b(?:one|a\s+single)\s+(?:[\w-]+\s+){{0,4}}?word\s*,\s*(?:(?P<rel>{RELATION})\s+"
    rf"(?P<n>{NUMBER})|(?P<from>\d{{1,2}})\s*(?:-|–|to)\s*(?P<to>\d{{1,2}})|(?P<bare>{NUMBER}))"
    r"\s+letters(?:\s+long)?(?=\s*(?:[,.;!]|and\b|$))"
)
# The one word is the answer: asked by the sentence's verb ("Give me a single
# made-up word, 8 letters"), or said of it ("It should be one word, …",
# "Only the name, one word, …")
_ONE_WORD_VERB = compile_lazily(
    r"^\s*(?:(?:please\s+)?(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:give|suggest|invent|"
    r"create|generate|make|name|come\s+up\s+with)\b"
)
_ONE_WORD_SUBJECT = compile_lazily(
    r"\s*(?:(?:it|the\s+(?:name|word|answer))\s+(?:should|must|has\s+to|needs\s+to)\s+be|"
    r"(?:only|just)\s+the\s+[\w-]+\s*,)\s*"
)


def _one_word_bounds(match: re.Match[str]) -> list[tuple[Relation, int]]:
    low, high = match.group("from"), match.group("to")
    if low and high:
        a, b = int(low), int(high)
        return [("at_least", a), ("at_most", b)] if a < b else []
    value = number_value(match.group("n") or match.group("bare") or "")
    if value is None:
        return []
    if match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return [(relation, value + adjust)]
    return [("exactly", value)]


def _one_word_asked(sentence: Sentence, start: int) -> bool:
    text = sentence.lower
    if sentence_blocked(sentence, start) or searched(_OTHER_PARTS, lowered(sentence.whole)):
        return False
    return (
        _governed(sentence, start, owns=False)
        or _ONE_WORD_VERB.match(text) is not None
        or _ONE_WORD_SUBJECT.fullmatch(text[:start]) is not None
    )


# "Word list for a word search: 12 words, each …": a label, then the request
_OPENING_LABEL = compile_lazily(r"^\s*[^:,;]{1,60}:\s*$")


def _asked_here(sentence: Sentence, start: int) -> bool:
    if _governed(sentence, start, owns=False):
        return True
    label = _OPENING_LABEL.match(sentence.lower[:start])
    return (
        label is not None
        and not sentence.whole[: sentence.start].strip()
        and not _OWNED_LABEL.search(label.group(0))
        and not sentence_blocked(sentence, start)
    )


# a length of some words only: "a few words of 3 letters or fewer"
_SOME = compile_lazily(r"\b(?:some|a\s+few|several|most|many|mostly|one|two|three|\d+)\s+$")
# the words of a part: "every word in the title must be 5 letters or fewer"
_OF_PART = compile_lazily(
    r"^\s*(?:in|of|for)\s+(?:the|each|every|your)\s+(?!answer|response|reply)"
)


def _governed(sentence: Sentence, start: int, *, owns: bool) -> bool:
    return (
        required(sentence, start, owns_negation=owns)
        or described(sentence, start)
        or _described_after_topic(sentence, start)
    )


# "Write a paragraph about rain in which every word …": the thing asked for,
# its topic, then a clause on its words (the topic's own clause is not read:
# "a story about a town where …" may describe the town, but a length of
# every word is the story's either way)
_TOPIC_THEN_CLAUSE = compile_lazily(
    r"^\s*(?:(?:please\s+)?(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:write|compose|create|"
    r"give\s+me|make|craft|draft|generate|produce)\s+(?:me\s+)?(?:a|an|one)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:sentence|poem|verse|story|paragraph|tweet|slogan|message|text|note|riddle|song|toast)\s+"
    r"(?:about|on)(?:\s+(?!each\b|every\b|where\b|that\b|my\b|our\b)[\w'-]+){1,4}?\s+"
    r"(?:where|in\s+which|such\s+that|so\s+that)\s+$"
)


def _described_after_topic(sentence: Sentence, start: int) -> bool:
    text = sentence.lower
    return _TOPIC_THEN_CLAUSE.match(text[:start]) is not None and not sentence_blocked(
        sentence, start
    )


def _found(text: str) -> Iterator[tuple[int, int, Relation, int, bool]]:
    """(start, end, relation, value, owns its negation) of each reading."""
    for pattern in (_POSTFIX, _POSTFIX_BEFORE):
        for match in pattern.finditer(text):
            head_at = max(0, match.start() - 60)
            for head in _HEADS:
                before = head.search(text, head_at, match.start())
                if before is None or _OF_PART.match(text, before.end()):
                    continue
                value = number_value(match.group("n"))
                if value is None:
                    continue
                relation: Relation = "at_most" if match.group("most") else "at_least"
                yield before.start(), match.end(), relation, value, False
                break
    for match in _BAN.finditer(text):
        value = number_value(match.group("n"))
        if value is None:
            continue
        if match.group("over"):
            yield match.start(), match.end(), "at_most", value, True
        else:
            yield match.start(), match.end(), "at_least", value, True
    for match in _NONE.finditer(text):
        value = number_value(match.group("n"))
        if value is not None and _ASKED_WORDS.search(text, 0, match.start()):
            yield match.start(), match.end(), "at_most", value, True
    for match in _HYPHENED.finditer(text):
        value = number_value(match.group("n"))
        if value is not None:
            yield match.start(), match.end(), "exactly", value, False


def more_word_lengths(sentence: Sentence) -> Iterator[Reading]:
    """ "Every word must be 5 letters or fewer", "no word shorter than 4
    letters", "no word may have more than 10 letters", "only five-letter words":
    the first requirement read, if any."""
    text = sentence.lower
    if not _ANY_WORDS.search(text):
        return
    for start, end, relation, value, owns in _found(text):
        if _SOME.search(text, max(0, start - 12), start) or _OF_PART.match(text, end):
            continue
        if _governed(sentence, start, owns=owns) or (owns and _after_label(sentence, start)):
            yield relation, value, start, end
            return
    yield from _words_length(sentence)


# "Avoid long words: no word may have more than 10 letters.", "Reading age
# matters: no sentence over 15 words, no word over 10 letters.": a short
# label, then bans of the answer's, after a sentence that asks for it
_LABEL_BANS = compile_lazily(
    r"^\s*(?P<label>[^:,;]{1,40}):\s*(?:(?:no|without)\s+[^,;:]{1,40}?,\s*(?:and\s+)?)*$"
)
_OWNED_LABEL = compile_lazily(
    r"\b(?:my|our|his|her|their|this|these|those|given|attached|example|if|when|unless)\b"
)
_ASKED_BEFORE = compile_lazily(
    r"^\s*(?:(?:please\s+)?(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:write|rewrite|compose|"
    r"draft|create|give|make|explain|describe|tell)\b"
)


def _after_label(sentence: Sentence, start: int) -> bool:
    found = _LABEL_BANS.match(sentence.lower[:start])
    return (
        found is not None
        and not _OWNED_LABEL.search(found.group("label"))
        and not sentence_blocked(sentence, start)
        and (
            sentence.source == "system" or _ASKED_BEFORE.match(lowered(sentence.whole)) is not None
        )
    )
