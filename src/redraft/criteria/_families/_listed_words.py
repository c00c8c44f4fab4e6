"""Words asked for as the items of a list are no count of the answer's words.

"10 words, numbered" (a spelling list), "list 8 words that describe
autumn", "5 words, one per line": the words are the things the answer
lists, and their numbers, bullets and any word beside them are words of the
answer too, so a word count of the whole fails the list asked for. A count
whose words are shown to be items compiles nothing; one the items take no
part in ("describe yourself in 3 words", "a slogan, 6 words") still counts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["listed_words_dropped"]

# "…, numbered", "… one per line", "… each on its own line", "… as a list",
# "… bulleted": the counted words are laid out as items
_ITEMS_AFTER = re.compile(
    r"\s*,?\s*(?:and\s+)?(?:numbered|bulleted|bullet\s+pointed|"
    r"(?:listed\s+)?one\s+(?:per|a|on\s+each)\s+line|each\s+on\s+(?:its|a)\s+own\s+line|"
    r"on\s+separate\s+lines|(?:as|in)\s+a\s+(?:numbered\s+|bulleted\s+)?list|"
    r"as\s+(?:numbered\s+|bulleted\s+)?(?:items|bullets|bullet\s+points))\b"
)
# "list 8 words", "a list of 10 words", "list me five words": the words are
# what the list holds
_LISTED_BEFORE = re.compile(
    r"\b(?:list(?:\s+(?:me|out))?|a\s+(?:numbered\s+|bulleted\s+)?list\s+of)\s+"
    r"(?:the\s+|some\s+)?(?:[\w-]+\s+)?$"
)


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
            yield hit

    return read
