"""Requests that are not made of the answer: reported ("she asked me to
reply in French"), passed on ("a memo telling staff to use 24-hour time"), or
asked about ("is it possible to write a story in 50 words?"). The guards
:func:`~redraft.criteria._sentences.response_context` applies before it
reads a phrase as a requirement on the response.
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._grammar import NUMBER

__all__ = ["asked_of_another", "asks_about_it"]

# A request made of someone else, reported: "she asked me to reply in French",
# "my boss told us to keep it short", "his homework is to write 5 sentences".
# Not "I asked you to …" (made of the assistant, repeated).
_REPORTED_REQUEST = compile_lazily(
    r"\b(?:asked|asks|told|tells|instructed|reminded|advised|warned|wanted|expected|required)\s+"
    r"(?:me|us|him|her|them|my\s+\w+|our\s+\w+)\s+(?:not\s+)?to\b|"
    r"\b(?:said|says)\s+(?:not\s+)?to\b|"
    r"(?:\b(?:his|her|their)|\w'?s|s')\s+(?:[\w-]+\s+)?(?:homework|assignment|exercise|task|"
    r"challenge)\s+(?:is|was)\s+to\b"
)
# Someone else's habit, told about: "explain why some people avoid commas",
# "some vets like to write their notes in all lowercase", "many writers never
# use semicolons" — the rule is theirs, a subject of the answer.
_THEIR_HABIT = compile_lazily(
    # ("why lawyers avoid 'shall'": a "why" asks about a habit of theirs)
    r"(?:\b(?:some|many|most|other|certain|a\s+few|lots\s+of|plenty\s+of)|"
    r"\bwhy(?:\s+(?:do|did|would|might))?(?:\s+(?:some|many|most|so\s+many))?)\s+(?:[\w-]+\s+)?"
    r"(?:people|folks|[a-z]{2,}(?:ers|ors|ists|ians|ents|s))\s+"
    r"(?:(?:like|love|prefer|tend|choose|used|seem)\s+to\s+|"
    r"(?:always|usually|often|sometimes|never|rarely|still|even)\s+)?"
    r"(?:avoid|write|writes|use|type|put|add|keep|end|start|begin|sign|reply|answer|"
    r"respond|spell|refuse|ban|skip|omit|leave|format)\b|"
    # a past habit: "the secretary used to put everything in a table"
    r"\b(?:i|we|he|she|they|(?:the|my|our|his|her|their)\s+(?:[\w-]+\s+)?[a-z]+)\s+"
    r"(?:always\s+)?used\s+to\s+[a-z]+"
)
# A request the answer passes on: "a memo telling staff to use 24-hour time",
# "tell my team to keep their updates under 100 words".
_RELAYED_REQUEST = compile_lazily(
    r"\b(?:tell|ask|remind|instruct|urge|telling|asking|reminding|instructing|urging|"
    r"requesting|requiring)\s+(?!me\b|us\b)(?:[\w'-]+\s+){1,6}?(?:not\s+)?to\b"
)
# A count on its own, asked: "250 words or more?", "Under a hundred words?".
# Not a terse request for things: "4 ideas for shady spots?".
_COUNT_ASKED = compile_lazily(
    r"\s*(?:(?:about|around|at\s+(?:least|most)|no\s+more\s+than|under|over|more\s+than|"
    rf"less\s+than|fewer\s+than|exactly|only|just|maybe)\s+)?(?:a\s+)?{NUMBER}\b"
    r"(?:\s*(?:or\s+(?:more|less|fewer|so|under|over)\b|\?)|\s+(?:[\w-]+\s+)?(?:words?|sentences?|"
    r"lines?|paragraphs?|characters?|chars?|pages?|minutes?|bullets?|bullet\s+points?|items?|"
    r"points?|stanzas?|syllables?|letters?|emojis?|hashtags?|sections?)\b)[^:]*\?\s*$"
)
# Where the speaker's own request starts after a reported one: "she asked me
# to reply in French, so please answer in French".
_OWN_CLAUSE = compile_lazily(r"[;:]|\b(?:so|please|but|therefore)\b")
# A question about doing it, not asking the assistant to: "Is it possible to
# write a story in 50 words?", "should I keep it under a page?", "how do
# people write a haiku in 3 lines?" ("can I get it in French?" asks for it).
_ASKS_ABOUT = compile_lazily(
    r"\s*(?:(?:is|are|was|were|would|should|could|can|do|does|did|will|may|might|must)\s+"
    # ("can u give me …" asks the assistant as "can you" does)
    r"(?!(?:you|u)\b|i\s+(?:get|have|see|ask)\b)|"
    r"(?:how|why)\s+(?:do|does|did|can|could|should|would)\s+"
    r"(?:i|we|people|one|they|he|she|writers|authors|students)\b)"
)


# The prompt hands the reported task over: "My boss told me to keep the email
# under 100 words. Write it: …", "… can you write it for me?" — then the
# reported rule is the answer's.
_HANDED_OVER = compile_lazily(
    r"\b(?:write|draft|compose|prepare|do)\s+(?:it|this|that|one|them)\b|"
    r"\b(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:write|draft|compose|do|make|prepare)\b|"
    r"\bhelp\s+me\s+(?:to\s+)?(?:write|draft|compose)\b|\bplease\s+(?:write|draft|compose)\b|"
    r"\bwrite\s+(?:me\s+)?(?:a|an|the)\b"
)


def asked_of_another(text: str, start: int, clause_from: int, whole: str = "") -> bool:
    """Whether the phrase at ``start`` of ``text`` (a lowered sentence) is
    part of a request reported since the speaker's own clause began (unless
    the prompt, ``whole``, hands that task to the assistant), or one passed
    on within its clause (``clause_from``)."""
    since = max((m.end() for m in _OWN_CLAUSE.finditer(text, 0, start)), default=0)
    # "an email asking my landlord to fix the heater, under 100 words": after
    # the comma the rule is the email's again
    if any(
        "," not in text[m.end() : start]
        for m in _RELAYED_REQUEST.finditer(text, max(since, clause_from), start)
    ):
        return True
    # (the habit's verb may open the phrase: "some people [avoid commas]")
    habit = _THEIR_HABIT.search(text, max(since, clause_from), start + 20)
    if habit and habit.start() < start:
        return True
    return bool(_REPORTED_REQUEST.search(text, since, start)) and not _HANDED_OVER.search(
        whole.lower()
    )


def asks_about_it(text: str) -> bool:
    """Whether the sentence ``text`` (lowered) asks about a requirement
    rather than stating one: a question about doing it, or a count asked
    alone."""
    if text.rstrip().endswith("?") and _ASKS_ABOUT.match(text):
        return True
    return _COUNT_ASKED.match(text) is not None
