"""A case said of tokens asked for, not of the answer holding them.

"Give me 3 ideas for a wedding hashtag? All lower case, each one must
contain both names", "suggest 5 usernames for my shop, lowercase, no
spaces": the case is each hashtag's or username's, a token the answer
presents among words of its own ("Here are three ideas: …"), so a case of
the whole answer would fail the answer asked for. Read where the prompt
counts such tokens as the things it asks for, and names neither the whole
answer ("your entire response in lowercase") nor a piece of prose that
would hold them (a tweet, a caption, a post: "a tweet with 2 hashtags, all
lowercase" is the tweet's case), nor lays them out alone ("20 passwords,
one per line, lowercase": the tokens are all the answer holds). The letter-case family
(:mod:`._case`) consults :func:`tokens_cased`.
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER
from redraft.criteria._once import lowered, searched

__all__ = ["tokens_cased"]

_TOKEN = (
    r"(?:hashtags?|usernames?|user\s+names?|handles?|slugs?|domain\s+names?|domains?|"
    r"passwords?|passphrases?|file\s*names?|variable\s+names?|gamer\s*tags?|wi-?fi\s+names?)"
)
# The tokens counted as the things asked: "3 hashtag ideas", "3 idea for
# wedding hashtag", "five usernames", "a few slug options"
_TOKENS_ASKED = compile_lazily(
    rf"\b(?:{NUMBER}|a\s+few|several|some)\s+(?:[\w-]+\s+){{0,3}}?{_TOKEN}\b|"
    rf"\b(?:{NUMBER}|a\s+few|several|some)\s+(?:ideas?|options?|suggestions?|variants?)\s+"
    rf"(?:for|of)\s+(?:an?\s+|my\s+|our\s+|the\s+)?(?:[\w-]+\s+){{0,2}}?{_TOKEN}\b"
)
# The answer named whole, or prose that would carry the tokens
_HOLDER = compile_lazily(
    r"\b(?:(?:your|the)\s+(?:entire\s+|whole\s+)?(?:answer|response|reply|output)|tweets?|"
    r"posts?|captions?|bio|blurb|paragraphs?|sentences?|message|email|story|poem)\b"
)


# The tokens alone make the answer: "one per line", "just the usernames",
# "nothing else" (their case is then the answer's)
_ALONE = compile_lazily(
    r"\b(?:one\s+(?:[\w-]+\s+)?per\s+line|(?:each|every)\s+(?:one\s+)?on\s+(?:its\s+own|a\s+new|"
    r"a\s+separate)\s+line|nothing\s+else|(?:just|only)\s+the\s+[\w-]+s)\b"
)


def tokens_cased(whole: str) -> bool:
    """Whether the prompt ``whole`` asks for tokens (hashtags, usernames, …)
    whose case a bare case rule states, the answer not otherwise named."""
    text = lowered(whole)
    return (
        searched(_TOKENS_ASKED, text) is not None
        and searched(_HOLDER, text) is None
        and searched(_ALONE, text) is None
    )
