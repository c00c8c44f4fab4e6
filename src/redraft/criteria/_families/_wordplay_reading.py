"""How a prompt asks for an acrostic or a tautogram (:mod:`._wordplay` holds
the specs and measures): "the first letters of the lines spell LOVE", "an
acrostic poem for MARGARET", "every word starts with the letter s".

Each reader yields plain values (the word or letter and the span); the
family's rule builds the spec. A word to spell must be quoted or in capitals
and be the whole of what is spelled; a letter must be one letter, not a kind
of letter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._lexical import described, required
from redraft.criteria._sentences import Sentence, lowered, searched, sentence_blocked

__all__ = ["acrostic_words", "more_tautogram_letters", "tautogram_letters"]

Part = Literal["line", "sentence"]

_PART = r"(?P<part>lines?|sentences?|verses?|rows?)"
_SPELL = r"(?:spells?\s+out|spells?|forms?|makes?\s+up|read)"
_TARGET = r"(?:the\s+(?:word|name)\s+)?(?P<word>\S+)"
_ACROSTIC = (
    compile_lazily(
        rf"\b(?:the\s+)?first\s+letters?\s+of\s+(?:each|every|the|all\s+the|your)\s+{_PART}\s+"
        rf"(?:(?:should|must|will|has\s+to|have\s+to|need\s+to|needs\s+to)\s+)?{_SPELL}\s+{_TARGET}"
    ),
    compile_lazily(
        r"\b(?:an?\s+)?acrostic(?:\s+(?:poem|verse))?\s+(?:for|of|on|spelling\s+out|spelling|using|"
        rf"with|that\s+spells(?:\s+out)?|based\s+on)\s+{_TARGET}"
    ),
    compile_lazily(
        rf"\b(?:each|every)\s+{_PART}\s+(?:should|must|has\s+to|needs\s+to)\s+(?:start|begin)\s+"
        rf"with\s+(?:the\s+next\s+letter|a\s+letter)\s+of\s+{_TARGET}"
    ),
    # "an acrostic poem for my daughter's name, MAYA", "… for our team name: 'Owls'"
    compile_lazily(
        r"\b(?:an?\s+)?acrostic(?:\s+(?:poem|verse))?\s+(?:for|of|on|using|spelling(?:\s+out)?)\s+"
        r"(?:my|our|his|her|their|your|the)\s+(?:[\w&'’-]+\s+){0,3}?name\s*(?:,|:|—|–)\s*"
        r"(?P<word>\S+)"
    ),
)
# "a backronym for PLANT … each on its own line": one word per letter, a line
# each only where the prompt puts them on lines (a backronym is often one line)
_BACKRONYM = compile_lazily(r"\b(?:an?\s+)?backronym\s+(?:for|of|from|on)\s+(?P<word>\S+)")
_ON_LINES = compile_lazily(
    r"\b(?:one\s+(?:word\s+|line\s+)?per\s+(?:line|letter)|each\s+on\s+(?:its\s+own|a\s+(?:new|"
    r"separate))\s+line|on\s+separate\s+lines)\b"
)
_WORD_AFTER = compile_lazily(r"^[\"'“‘«]?([^\W\d_]{2,40})[\"'”’»]?(?=$|[\s.,;:!?)])")


# What may follow the word an acrostic spells: the clause's end, or a
# preposition or conjunction opening what comes next ("for ROME in Italian",
# "for TEAM where each line …"). Another word of a name, a number or a noun
# ("HAPPY BIRTHDAY", "Psalm 23", "Spanish words") means the word read is not
# the whole of what is spelled, or not a word to spell at all.
_AFTER_WORD = compile_lazily(
    r"^[\"'”’»]?\s*(?:$|[.,;:!?()—–]|(?:in|about|with|where|that|which|and|for|to|on|so|"
    r"please|using|describing|celebrating|as|each|every|whose|but|then|—)\b|"
    # "spell MARGOT from top to bottom", "… down the left side"
    r"(?:from\s+top\s+to\s+bottom|down\s+the\s+(?:left\s+)?(?:side|page)|vertically)\b)"
)
# A verb that may introduce a word to spell or another thing: "using Spanish
# words", "based on Psalm 23", "with Rhyming lines" (a word in capitals or
# quoted is read; a capitalised one is not)
_LOOSE = compile_lazily(r"(?:using|with|based\s+on|on)\s+$")


def _target(sentence: Sentence, start: int) -> str | None:
    """The word an acrostic names at ``start``: quoted, capitalised or in
    capitals in the prompt (a lowercase word is an ordinary one: "for my
    mother"), and the whole of what it names."""
    found = _WORD_AFTER.match(sentence.original[start:])
    if not found:
        return None
    word = found[1]
    quoted = sentence.original[start] in "\"'“‘«"
    if not (quoted or word[0].isupper()) or word.lower() in ("the", "a", "an", "my", "your"):
        return None
    if not _AFTER_WORD.match(sentence.original[start + found.end() :]):
        return None
    loose = _LOOSE.search(sentence.lower, 0, start) and not re.search(
        r"(?:the\s+(?:word|name)\s+)$", sentence.lower[:start]
    )
    if loose and not (quoted or word.isupper()):
        return None
    return word


_GIVEN_POEM = compile_lazily(
    r"^\W*\s*(?:in|of)\s+(?:this|these|that|the\s+following|my|his|her|our|their)\s+"
    r"(?:[\w-]+\s+)?(?:poem|text|verse|song|draft|lines?|piece|passage)\b"
)


# The answer holds more than the acrostic: "… for LOVE, then explain the
# choices", "an acrostic for JUNE and a haiku for JULY"
_MORE_AFTER = compile_lazily(
    r"^[^.;]*?(?:,\s*|\s)(?:then|plus|followed\s+by|and\s+(?:then\s+)?(?:an?|explain|describe|"
    r"give|write|add|tell|list|say))\b"
)
_SEVERAL = compile_lazily(
    r"\b(?:two|three|four|five|several|multiple|\d+)\s+(?:different\s+)?"
    r"(?:versions|variants|acrostics|poems|options|drafts)\b"
)


# "spell MUM THANKS … One line per letter": words in capitals after the first
# letters' "spell", where a line per letter is stated (without it the lines may
# follow the words; a title such as "for HAPPY BIRTHDAY" is not read)
_PER_LETTER = compile_lazily(r"\b(?:one|a)\s+line\s+(?:per|for\s+each|for\s+every)\s+letter\b")
_CAPITAL_WORDS = compile_lazily(r"[A-Z]{2,40}(?:\s+[A-Z]{2,40}){1,3}(?=$|[\s.,;:!?()—–])")


def _spelled(sentence: Sentence, match: re.Match[str], pattern: re.Pattern[str]) -> str | None:
    """The word the acrostic at ``match`` spells: :func:`_target`, or
    words in capitals after "the first letters of the lines spell"."""
    start = match.start("word")
    if (
        pattern is _ACROSTIC[0]
        and searched(_PER_LETTER, lowered(sentence.whole))
        and (words := _CAPITAL_WORDS.match(sentence.original, start))
        and _AFTER_WORD.match(sentence.original[words.end() :])
    ):
        return "".join(words[0].split())
    return _target(sentence, start)


def _readings(sentence: Sentence) -> Iterator[tuple[re.Match[str], re.Pattern[str]]]:
    text = sentence.lower
    for pattern in _ACROSTIC:
        for match in pattern.finditer(text):
            yield match, pattern
    if searched(_ON_LINES, lowered(sentence.whole)):
        for match in _BACKRONYM.finditer(text):
            yield match, _BACKRONYM


def acrostic_words(sentence: Sentence) -> Iterator[tuple[str, Part, int, int]]:
    """ "The first letters of each line spell LOVE", "an acrostic for MARGARET":
    the word, the part and the span."""
    text = sentence.lower
    if not re.search(r"first letter|acrostic|next letter|backronym", text):
        return
    for match, pattern in _readings(sentence):
        word = _spelled(sentence, match, pattern)
        if word is None or (pattern is _BACKRONYM and not word.isupper()):
            continue  # "a backronym for my name": no word; "for Plant": not spelled out
        part = match.groupdict().get("part") or "line"
        kind: Part = "sentence" if part.startswith("sent") else "line"
        if not (required(sentence, match.start()) or _described(sentence, match.start())):
            continue
        if _SEVERAL.search(text) or _MORE_AFTER.match(text[match.end() :]):
            continue  # "in two versions": more lines than one acrostic's
        if _GIVEN_POEM.match(text[match.end() :]):
            continue  # "… spells CAT in this poem: …": material handed over
        yield word, kind, match.start(), match.end()
        return


# "Write a poem about autumn rain where every word …", "Fun challenge: write
# ONE sentence about snakes where …": a topic between the thing asked and the
# clause, where the clause is about words or letters (a topic has none; a text
# named by "my", "this" or its own noun does, and is not read)
_ABOUT_TOPIC = compile_lazily(
    r"^(?:[^:\ue000]{0,60}:\s*)?(?:please\s+)?(?:write|compose|create|give\s+me|make(?:\s+up)?|craft|"
    r"draft|generate|produce|invent|come\s+up\s+with)\s+(?:me\s+)?(?:a|an|one)\s+"
    # adjectives only: "a review of my story where …" describes the story
    r"(?:(?!(?:of|my|this|that|these|the|his|her|their|our|your|about|on|for)\b)[\w-]+\s+){0,3}?"
    r"(?:sentence|poem|verse|story|paragraph|tweet|slogan|tagline|message|acrostic|haiku|limerick|"
    r"rhyme|phrase|riddle|song|tongue\s+twister)\s+(?:(?:about|on|for)\s+"
    r"(?!(?:my|our|your|this|that|these|those|his|her|their)\b)"
    r"(?:(?!(?:poem|story|essay|text|book|article|letter|speech|song|review|draft|script|"
    r"passage|paragraph|sentence)s?\b)[\w'’-]+\s+){1,5}?)?(?:where|in\s+which|such\s+that|"
    r"so\s+that)\s+$"
)


def _described(sentence: Sentence, start: int) -> bool:
    if described(sentence, start):
        return True
    return not sentence_blocked(sentence, start) and bool(
        _ABOUT_TOPIC.match(sentence.lower[:start])
    )


_TAUTOGRAM = compile_lazily(
    r"\b(?:each|every|all(?:\s+the)?|every\s+single)\s+words?\s+(?:(?:should|must|has\s+to|have\s+to|"
    r"needs?\s+to|will)\s+)?(?:start|starts|begin|begins|starting|beginning)\s+with\s+"
    r"(?:the\s+(?:same\s+)?letter\s+|an?\s+|the\s+sound\s+)?['\"‘“]?(?P<letter>[a-z\ue000])['\"’”]?"
    # "with 'sh'": two letters, not the letter s
    r"(?![\w'’\ue000-])"
)


def tautogram_letters(sentence: Sentence) -> Iterator[tuple[str, int, int]]:
    """ "Every word starts with the letter s", "each word must begin with 'P'":
    the letter and the span."""
    text = sentence.lower
    if "word" not in text:
        return
    for match in _TAUTOGRAM.finditer(text):
        after = text[match.end() :]
        if re.match(r"\s*(?:of|in)\s+(?:the|each|every|your)\s+(?!answer|response|reply)", after):
            continue
        letter = sentence.original[match.start("letter")]
        if not letter.isalpha():
            continue
        if re.match(
            r"\s+(?:lower\s*case|upper\s*case|capital|small|big|vowel|consonant|different|new|"
            r"letter|random|specific)\b",
            after,
        ):
            continue  # "starts with a lowercase letter": a kind of letter, not the letter a
        if required(sentence, match.start()) or _described(sentence, match.start()):
            yield letter.lower(), *match.span()


# "using exactly 4 words, all starting with the letter V", "at least 15 words,
# all beginning with T": the answer's words, counted, then all of them
_COUNTED_WORDS = compile_lazily(
    r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)\s+words\s*,?\s+"
    r"(?:and\s+)?(?:all|each|every\s+one)(?:\s+of\s+them)?\s+(?:(?:must|should)\s+)?"
    r"(?:starting|beginning|start|begin)\s+with\s+(?:the\s+letter\s+['\"‘“]?(?P<letter>[a-z])['\"’”]?|"
    # a bare letter ends the clause: "all beginning with T." (not "with a vowel")
    r"['\"‘“](?P<quoted>[a-z\ue000])['\"’”]|(?P<bare>[a-z])(?=\s*(?:$|[.,;:!?)—–])))(?![\w'’-])"
)
# "Give me 10 words, all starting with 'bl'" lists words; "in 4 words, all …"
# or "at least 15 words, all …" sizes the answer
_SIZED = compile_lazily(r"(?:\b(?:using|in|with|of|least|most|exactly|just|only|than)|[:,—–(])\s*$")
# "Write a tautogram sentence of at least 8 words using the letter M", "a
# tautogram on the letter 'B'": the noun names the form, the letter is stated
_NAMED = compile_lazily(
    r"\btautogram\b[^.;:!?]{0,60}?\b(?:using|with|on|in|for|of)\s+the\s+letter\s+"
    r"['\"‘“]?(?P<letter>[a-z\ue000])['\"’”]?(?![\w'’\ue000-])"
)
# "every word begins with 's' or 'sh'": alternatives that all open with one
# letter, that letter among them, are that letter
_ALTERNATIVES = compile_lazily(
    r"\b(?:each|every(?:\s+single)?|all(?:\s+the)?)\s+words?\s+(?:(?:should|must)\s+)?"
    r"(?:start|starts|begin|begins|starting|beginning)\s+with\s+(?:either\s+)?"
    r"(?P<alts>['\"‘“]\ue000+['\"’”](?:\s*(?:,\s*(?:or\s+)?|or|/)\s*['\"‘“]\ue000+['\"’”])+)"
)
_QUOTE = compile_lazily(r"['\"‘“](\ue000+)['\"’”]")


def more_tautogram_letters(sentence: Sentence) -> Iterator[tuple[str, int, int]]:
    """A counted set of words all starting with one letter, a tautogram named
    with its letter, and one letter's alternatives ("'s' or 'sh'")."""
    text = sentence.lower
    for pattern in (_COUNTED_WORDS, _NAMED):
        for match in pattern.finditer(text):
            if pattern is _COUNTED_WORDS and not _SIZED.search(text, 0, match.start()):
                continue  # "List 5 words, all starting with V": the list's items, not every word
            group = next(g for g in ("letter", "quoted", "bare") if match.groupdict().get(g))
            letter = sentence.original[match.start(group)]
            if letter.isalpha() and required(sentence, match.start()):
                yield letter.lower(), *match.span()
                return
    for match in _ALTERNATIVES.finditer(text):
        alts = [
            sentence.unmask(*quote.span(1)).strip().lower()
            for quote in _QUOTE.finditer(text, match.start("alts"), match.end("alts"))
        ]
        first = {alt[:1] for alt in alts}
        one = len(first) == 1 and (letter := first.pop()).isalpha() and letter in alts
        if one and (required(sentence, match.start()) or _described(sentence, match.start())):
            yield letter, *match.span()
            return
