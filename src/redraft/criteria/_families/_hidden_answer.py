"""The answer a riddle hides: "Write a riddle whose answer is 'shadow'.
Don't reveal the answer anywhere." compiles ``forbidden_words`` holding
'shadow'.

A puzzle setter's rule: the answer to a riddle, a clue or a guessing game
is given in the prompt, and the response must not say it. Read only where
both are stated plainly in the same request: the puzzle and its answer
("a riddle whose answer is 'shadow'", "a clue for the word 'anchor'", "the
answer should be 'echo'"), quoted or one bare word that ends its clause,
and a ban on saying it ("don't reveal the answer", "without giving away the
answer", "never say the answer in your response"). Not where the ban is
hedged or asked about, where several answers are named, nor where the
answer is to be given after all or the ban is of one part ("reveal the
answer at the end", "don't reveal the answer until the last line", "not in
the riddle itself", "Answer: …").
"""

from __future__ import annotations

from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._alternatives import offers_alternatives
from redraft.criteria._families._keywords import forbidden_hit
from redraft.criteria._sentences import (
    HEDGE,
    Hit,
    Sentence,
    lowered,
    matches_in,
    searched,
    sentence_blocked,
)

__all__ = ["hidden_answer"]

# "a riddle whose answer is 'shadow'", "a clue for the word 'anchor'", "the
# answer should be 'echo'", "a guessing game where the answer is a 'kettle'"
_PUZZLE = r"(?:riddles?|puzzles?|clues?|charades?|guessing\s+game|brain\s*teasers?|conundrums?)"
_ANSWER_GIVEN = compile_lazily(
    rf"\b{_PUZZLE}\b[^.!?\n]{{0,60}}?\b(?:whose|with\s+the|where\s+the|and\s+the|with\s+an?|"
    r"that\s+has\s+(?:the|an?))\s+(?:answer|solution)\s+(?:is|being|of|should\s+be|must\s+be)\s*:?\s*"
    r"(?:an?\s+|the\s+)?(?P<arg>[\"“'‘«`]\ue000+[\"”'’»`]|[a-z][\w-]*(?=\s*(?:[.;,!)]|$)))|"
    rf"\b{_PUZZLE}\s+for\s+the\s+word\s+(?P<arg2>[\"“'‘«`]\ue000+[\"”'’»`])|"
    r"\bthe\s+(?:answer|solution)\s+(?:is|should\s+be|must\s+be)\s*:?\s*"
    r"(?P<arg3>[\"“'‘«`]\ue000+[\"”'’»`])"
)
_NEVER = (
    r"(?:do\s+not|don'?t|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|without|avoid|"
    r"make\s+sure\s+(?:you\s+)?(?:do\s+not|don'?t|never))"
)
_SAY = (
    r"(?:reveal(?:ing)?|giv(?:e|ing)\s+away|say(?:ing)?|stat(?:e|ing)|mention(?:ing)?|us(?:e|ing)|"
    r"writ(?:e|ing)|spell(?:ing)?\s+out|nam(?:e|ing)|includ(?:e|ing)|print(?:ing)?|spoil(?:ing)?)"
)
_BAN = compile_lazily(
    rf"\b{_NEVER}\s+(?:ever\s+|actually\s+|directly\s+|explicitly\s+)?{_SAY}\s+(?:the|its|what\s+the)\s+"
    r"(?:answer|solution)(?:\s+(?:is|itself|word))?\b"
)
# "… the answer until the end", "… the answer in the first line" (it is given
# after all, or the ban is of one part), "… the answer, just hint at it" is fine
_GIVEN_LATER = compile_lazily(
    r"\s*(?:\w+\s+){0,2}?(?:until|till|before|except|unless|other\s+than|in\s+the\s+(?:first|title|"
    r"riddle|puzzle|clue|question|heading|opening|verse|poem|lines?)|at\s+the\s+(?:start|beginning|top))\b"
)
# Anywhere in the request, the answer given after all: "then reveal the
# answer", "put the answer at the bottom", "Answer: …" as a line to write.
_ANSWER_SHOWN = compile_lazily(
    r"\b(?:then|and|after\s+(?:that|it)|finally|below\s+it)\s*,?\s+(?:reveal|give|state|write|put|add|"
    r"show|print)\s+(?:the|its)\s+(?:answer|solution)\b|"
    r"\b(?:reveal|give|state|write|put|add|show|print)\s+(?:the|its)\s+(?:answer|solution)\s+"
    r"(?:at|on|after|below|beneath|underneath|upside)\b|\b(?:answer|solution)\s*:"
)


def _answer(sentence: Sentence) -> list[str]:
    """The answers the whole request gives its puzzle, as written."""
    whole, full = lowered(sentence.whole), sentence.full
    found: list[str] = []
    for match in matches_in(_ANSWER_GIVEN, whole):
        group = next(g for g in ("arg", "arg2", "arg3") if match.group(g))
        if offers_alternatives(whole, match.end(group)):
            return []  # "the answer is 'map' or 'atlas'": several
        raw = full[match.start(group) : match.end(group)].strip("\"“”'‘’«»`").strip()
        if raw and raw.lower() not in (f.lower() for f in found):
            found.append(raw)
    return found


def hidden_answer(sentence: Sentence) -> Iterator[Hit]:
    """ "Don't reveal the answer" where the request gives its riddle's answer."""
    if sentence.whole == "" or sentence.full == "":
        return
    text = sentence.lower
    for match in _BAN.finditer(text):
        if _GIVEN_LATER.match(text, match.end()) or HEDGE.search(text):
            continue
        if sentence_blocked(sentence, match.start()) or text.rstrip().endswith("?"):
            continue
        if searched(_ANSWER_SHOWN, lowered(sentence.full)):
            return  # the answer is given somewhere after all
        answers = _answer(sentence)
        if len(answers) != 1 or len(answers[0].split()) > 3:
            continue
        if hit := forbidden_hit(answers, *match.span()):
            yield hit
            return
