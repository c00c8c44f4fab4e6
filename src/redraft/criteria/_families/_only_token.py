"""A code asked as the whole answer, with its length: "Generate a 6-character
promo code … Output just the code.", "a strong password suggestion: 16
characters, … Output only the password." The answer is that one token, so
its length is the answer's: exactly that many characters. Read by
:mod:`._prose`, which builds the count.

Read only where the prompt both asks for nothing but the token ("output only
the password", "output the code and nothing else") and states one length,
exact, in a sentence that names it ("a 6-character code", "password …: 16
characters", "the PIN must be 6 characters"). Not a bound ("at least 12
characters", "16 characters or more"), a length of each of several ("3
example codes, each exactly 8 characters"), two lengths, a policy or a
question about one ("minimum 12 characters … is that reasonable?"), nor a
hedged, negated or reported request.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import Sentence, lowered, response_context, searched

__all__ = ["token_length_at"]

_TOKEN = r"(?:password|passphrase|passcode|pin|code|key|token|id)"
# "Output only the password", "output just the code", "output the code and nothing else"
_ONLY_TOKEN = compile_lazily(
    r"\b(?:output|return|give(?:\s+me)?|print|send|reply\s+with|respond\s+with)\s+(?:"
    rf"(?:only|just)\s+the\s+(?:[\w-]+\s+)?{_TOKEN}\b(?=\s*(?:[.!,;]|$|and\s+nothing|nothing))|"
    rf"the\s+(?:[\w-]+\s+)?{_TOKEN}\s+(?:and\s+nothing\s+(?:else|more)|only)\b)"
)
# "a 6-character code", "16 characters", "sixteen characters long"
_LENGTH = compile_lazily(rf"\b(?P<num>{NUMBER})[-\s](?:characters?|chars?)\b(?:[-\s]long\b)?")
_BOUND_BEFORE = compile_lazily(
    r"\b(?:at\s+(?:least|most)|under|over|up\s+to|max(?:imum)?|min(?:imum)?|no\s+(?:more|less|"
    r"fewer|longer|shorter)\s+than|more\s+than|less\s+than|fewer\s+than|not\s+exceeding|within|"
    r"between|each|per|every|around|about|roughly|approximately)\s*(?:of\s+)?$"
)
_BOUND_AFTER = compile_lazily(
    r"^\s*(?:or\s+(?:more|less|fewer|longer|shorter|so)|max(?:imum)?|min(?:imum)?|at\s+(?:most|"
    r"least)|tops|limit|each|apiece|plus|\+)\b"
)
_SEVERAL = compile_lazily(
    rf"\b(?:{NUMBER}|several|some|few|list\s+of)\s+(?:[\w-]+\s+){{0,2}}?{_TOKEN}s\b"
)
# a thing written beside the token, whose length the count may be
_OTHER_THING = compile_lazily(
    r"\b(?:tweet|post|message|text|sms|description|sentence|paragraph|email|title|headline|"
    r"caption|bio|answer|reply|response|line|name|slogan|tagline|summary)s?\b"
)
_UNSURE = compile_lazily(
    r"\b(?:if|unless|maybe|perhaps|ideally|possibly|not|don'?t|never|could|might|should\s+i)\b"
)
_REPORTED = compile_lazily(
    r"\b(?:said|says|asked|asks|told|tells|wrote|writes|wants|policy|rules?)\b"
)


def token_length_at(sentence: Sentence) -> tuple[int, tuple[int, int]] | None:
    """The length the prompt states for the one token it asks for alone, and
    where the sentence asking for it alone says so."""
    asked = _ONLY_TOKEN.search(sentence.lower)
    if asked is None or not response_context(sentence, asked.start()):
        return None
    if _REPORTED.search(sentence.lower, 0, asked.start()):
        return None
    whole = lowered(sentence.whole)
    if searched(_SEVERAL, whole) or "?" in whole:
        return None  # several codes, or a question about one
    lengths = []
    for part in re.split(r"(?<=[.!?])\s+", whole):
        named = re.search(rf"\b{_TOKEN}\b", part) and not _OTHER_THING.search(part)
        for m in _LENGTH.finditer(part):
            if not named:
                return None  # a length of something else
            if _UNSURE.search(part):
                return None  # "Maybe generate an 8-character code."
            if _BOUND_BEFORE.search(part, 0, m.start()) or _BOUND_AFTER.match(part[m.end() :]):
                return None
            lengths.append(number_value(m.group("num")))
    if len(lengths) != 1 or lengths[0] is None:
        return None
    return lengths[0], asked.span()
