"""A word's cap put as a permission or a ban: "the word 'sincerely' may
appear only once", "'sorry' can be used at most twice", "no 'sorry' more
than once", "don't use 'literally' more than once".

A permission with a count ("may appear only once", "can be used up to 3
times") allows fewer, so it is a cap (``at_most``), never an exact count;
a permission with no count or with a floor ("may appear", "can appear at
least twice") states nothing exact and compiles nothing. A ban of more than
a count ("no 'x' more than once") is the same cap. Each is read where it is
a requirement on the answer, describes the one thing asked for, or is a
clause of its own that opens the sentence or follows a clause break.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import ARG, NOT_KEYWORDS, spec_hit
from redraft.criteria._families._keywords import ELSEWHERE, Keyword, own_modal_clause
from redraft.criteria._families._lexical import described
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import (
    Hit,
    Sentence,
    response_context,
)

__all__ = ["capped_words"]

_NOUN = r"(?:key\s*word|word|term|phrase|expression|name)"
_TIMES = rf"(?:once|twice|thrice|(?P<n>{NUMBER})\s+times?)"
_CAP = (
    r"(?:only|just|at\s+most|no\s+more\s+th[ae]n|not\s+more\s+th[ae]n|up\s+to|a\s+maximum\s+of|"
    r"max(?:imum)?)"
)
# "the word 'x' may appear only once", "'x' can be used at most twice"
_MAY = compile_lazily(
    rf"(?:\b(?:the\s+)?{_NOUN}\s+(?P<arg>{ARG})|(?<![\w\ue000])(?P<quoted>{ARG}))\s+"
    r"(?:may|can|is\s+allowed\s+to|is\s+permitted\s+to)\s+(?:only\s+)?"
    r"(?:appear|occur|be\s+used|be\s+included|be\s+mentioned|show\s+up|be\s+written)\s+"
    rf"(?:{_CAP}\s+)?{_TIMES}(?P<cap_after>\s+(?:at\s+most|max(?:imum)?|tops))?\b"
)
# "no 'x' more than once", "never use the word 'x' more than twice",
# "don't use 'x' more than 3 times"
_BAN_MORE = compile_lazily(
    r"\b(?:no|never\s+(?:use|say|write|repeat)|(?:do\s+not|don'?t)\s+(?:use|say|write|repeat))\s+"
    rf"(?:the\s+{_NOUN}\s+)?(?P<arg>{ARG})\s+more\s+th[ae]n\s+{_TIMES}\b"
)


def _count(match: re.Match[str]) -> int | None:
    if match.group("n"):
        return number_value(match.group("n"))
    said = match.group(0).lower()
    for word, value in (("thrice", 3), ("twice", 2), ("once", 1)):
        if re.search(rf"\b{word}\b", said):
            return value
    return None


def _word(sentence: Sentence, match: re.Match[str]) -> str | None:
    group = "arg" if match.groupdict().get("arg") else "quoted"
    word = sentence.unmask(match.start(group), match.end(group)).strip("\"“”'‘’«»`").strip()
    return word if word and word.lower() not in NOT_KEYWORDS else None


def capped_words(sentence: Sentence) -> Iterator[Hit]:
    """A word allowed at most a number of times, said as a permission or a ban."""
    text = sentence.lower
    for pattern, owns in ((_MAY, False), (_BAN_MORE, True)):
        for match in pattern.finditer(text):
            word, value = _word(sentence, match), _count(match)
            if word is None or value is None or ELSEWHERE.match(text, match.end()):
                continue
            start = match.start()
            if not (
                response_context(sentence, start, owns_negation=owns)
                or described(sentence, start)
                or (not owns and own_modal_clause(sentence, start))
            ):
                continue
            build = partial(Keyword, keyword=word, relation="at_most", value=value)
            if found := spec_hit(build, start, match.end()):
                yield found
