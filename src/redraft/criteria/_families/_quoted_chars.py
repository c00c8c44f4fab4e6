"""A single quoted character banned: "the character '#' should not appear
even once", "never use the '@' symbol", "no '&' signs", "without the '*'
character".

Only a quoted character that is neither a letter, a digit nor a space is
read (a letter's ban is a lipogram, a word's ban the keyword family's); a
ban in one place ("no '#' in the title", "don't start with '-'") or of some
uses only ("no '#' more than once") compiles nothing. The governor is the
rule compiler's own test, the ban owning its negation.
"""

from __future__ import annotations

from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._sentences import Sentence

__all__ = ["quoted_chars"]

_Q = r"(?P<q>['\"‘“`]\ue000{1,2}['\"’”`])"
_NOUN = r"(?:characters?|symbols?|signs?|chars?|marks?|glyphs?|emojis?)"
_NOT = r"(?:(?:should|must|may|can|shall|will)\s+(?:not|never)|(?:shouldn|mustn|can|won)'?t)"
_PATTERNS = (
    # "the character '#' should not appear even once", "'@' must never be used"
    compile_lazily(
        rf"(?:\b(?:the\s+)?{_NOUN}\s+)?{_Q}(?:\s+{_NOUN})?\s+{_NOT}\s+(?:ever\s+)?"
        r"(?:appear|be\s+used|occur|show\s+up|be\s+included|be\s+present)\b"
    ),
    # "never use the '@' symbol", "don't include any '#' characters", "avoid '*'"
    compile_lazily(
        r"\b(?:never|(?:do\s+not|don'?t)|(?:must|should)\s+not|avoid)\s+(?:ever\s+)?"
        r"(?:use|using|include|including|type|put|write|add)?\s*(?:the\s+|any\s+|a\s+)?"
        rf"(?:{_NOUN}\s+)?{_Q}(?:\s+{_NOUN})?"
    ),
    # "without the '*' character", "with no '#' symbols", "no '&' signs"
    compile_lazily(
        rf"\b(?:without(?:\s+using)?|with\s+no|no)\s+(?:the\s+|any\s+|a\s+single\s+)?"
        rf"(?:{_NOUN}\s+)?{_Q}(?=\s+{_NOUN}|\s*(?:at\s+all|anywhere|whatsoever)|\s*[.;!]|\s*$)"
        rf"(?:\s+{_NOUN})?"
    ),
)
# a ban in one place or of some uses only
_PLACED = compile_lazily(
    r"\s*(?:(?:even\s+once|at\s+all|anywhere|whatsoever|in\s+(?:the|your)\s+(?:entire\s+|whole\s+)?"
    r"(?:answer|response|reply|output|text))\b)?\s*"
    r"(?:(?:in|from|at|on|after|before|between|inside|within|around)\s+(?:the|each|every|any|a|"
    r"your|its)\b|(?:to|that)\s+(?:end|start|begin|finish|close)s?\b|more\s+than\b|except\b|"
    r"other\s+than\b|unless\b|apart\s+from\b)"
)


def quoted_chars(sentence: Sentence) -> Iterator[tuple[str, int, int]]:
    """(character, start, end) of each quoted character banned; each ban owns its negation."""
    text = sentence.lower
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            raw = sentence.unmask(match.start("q") + 1, match.end("q") - 1).replace("\ufe0f", "")
            if len(raw) != 1 or raw.isalnum() or raw.isspace():
                continue
            if _PLACED.match(text, match.end()):
                continue
            yield raw, match.start(), match.end()
