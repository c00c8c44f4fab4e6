"""Words asked for as the items of a list, or described as some of the
answer's words, are no count of the answer's words.

"10 words, numbered" (a spelling list), "list 8 words that describe
autumn", "5 words, one per line": the words are the things the answer
lists, and their numbers, bullets and any word beside them are words of the
answer too, so a word count of the whole fails the list asked for. A count
whose words are shown to be items compiles nothing; one the items take no
part in ("describe yourself in 3 words", "a slogan, 6 words") still counts.
A list asked for in a sentence of its own ("Give me 8 words that start
with 'br'. Numbered list.") lays them out too; and "At least 5 words must be
written in capitals" counts the words so written, not the answer's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["listed_words_dropped"]

# "…, numbered", "… one per line", "… each on its own line", "… as a list",
# "… bulleted": the counted words are laid out as items
_ITEMS_AFTER = compile_lazily(
    r"\s*,?\s*(?:and\s+)?(?:numbered|bulleted|bullet\s+pointed|"
    r"(?:listed\s+)?one\s+(?:per|a|on\s+each)\s+line|each\s+on\s+(?:its|a)\s+own\s+line|"
    r"on\s+separate\s+lines|(?:as|in)\s+a\s+(?:numbered\s+|bulleted\s+)?list|"
    r"as\s+(?:numbered\s+|bulleted\s+)?(?:items|bullets|bullet\s+points))\b"
)
# "list 8 words", "a list of 10 words", "list me five words": the words are
# what the list holds
_LISTED_BEFORE = compile_lazily(
    r"\b(?:list(?:\s+(?:me|out))?|a\s+(?:numbered\s+|bulleted\s+)?list\s+of)\s+"
    r"(?:the\s+|some\s+)?(?:[\w-]+\s+)?$"
)


# "At least 5 words must be written in capitals", "3 words should rhyme": the
# counted words are some words with a property, not the answer's length ("100
# words are required", "200 words should be written" still size the answer)
_WORDS_END = compile_lazily(r"words?\s*$")
_DESCRIBED_AFTER = compile_lazily(
    r"\s+(?:(?:must|should|shall|will|can|need\s+to|have\s+to|are\s+to|are)\s+)(?:all\s+)?"
    r"(?!(?:be\s+)?(?:required|needed|expected|necessary|enough|fine|ok(?:ay)?|plenty|the\s+"
    r"(?:minimum|maximum|limit)|used|written|long|in\s+(?:the|your)\s+(?:answer|response|reply))"
    r"\s*(?:[.,;!]|$))(?:be\s+)?[a-z]"
)
# "Numbered list.", "One per line.", "Bullet them.": a sentence of the prompt
# that lays the answer out as a list makes counted words its items
_LAID_OUT = compile_lazily(
    r"(?:^|[.!?]\s+|\n)\s*(?P<layout>(?i:(?:(?:as|in|use|make\s+it|format\s+(?:it|them)\s+as)"
    r"\s+an?\s+)?(?:(?:numbered|bulleted|bullet-?point(?:ed)?)\s+list|(?:one|each)\s+"
    r"(?:per|on\s+(?:its|a)\s+own)\s+line|(?:number|bullet|list)\s+them)))\b\s*[.!]?\s*"
    r"(?:$|\n|[A-Z])"
)
# the words are what is given: "Give me 8 words", "list 10 words", "name five words"
_GIVEN_WORDS = compile_lazily(
    r"^(?:please\s+)?(?:give|list|write|name|suggest|provide|generate|pick|choose|find|"
    r"brainstorm|think\s+of|come\s+up\s+with)\s+(?:me\s+|us\s+)?(?:exactly\s+|at\s+least\s+)?"
    r"\S+\s+(?:[\w-]+\s+)?words?$"
)


def _listed_elsewhere(sentence: Sentence) -> bool:
    whole = sentence.whole
    own = range(sentence.start, sentence.start + len(sentence.masked))
    return any(m.start("layout") not in own for m in _LAID_OUT.finditer(whole))


def listed_words_dropped(rule: Rule) -> Rule:
    """``rule`` less the word counts whose words are the items of a list."""

    def read(sentence: Sentence) -> Iterator[Hit]:
        text = sentence.lower
        for hit in rule(sentence):
            said = text[hit.start : hit.end]
            number = re.search(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten)\b", said)
            head = text[: hit.start + (number.start() if number else 0)]
            if _ITEMS_AFTER.match(text, hit.end) or _LISTED_BEFORE.search(head):
                continue
            if _WORDS_END.search(said) and _DESCRIBED_AFTER.match(text, hit.end):
                continue
            if _GIVEN_WORDS.match(said) and _listed_elsewhere(sentence):
                continue
            yield hit

    return read
