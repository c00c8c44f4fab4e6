"""A requirement that a condition *after* it governs: "Answer in French if
the customer writes in French", "include 3 hashtags when posting to
Instagram", "5 bullet points, or 3 if the report is short".

The guards of :mod:`._guards` skip what follows a condition ("If the text
is long, use headings"); a condition that follows the requirement in its own
clause limits it just as much, and the answer at hand may not meet it. A
check of the requirement would then fail an answer written for the other
case, so the requirement compiles nothing.

What stays a requirement:

- a concession, which holds the rule whatever happens ("in French, even if
  the user writes in English", "as if", "what if");
- "if" meaning *whether* after a verb of telling or judging ("Tell me in one
  sentence if it is worth it", "let me know in 3 bullets if …");
- a condition inside the subject the answer is about ("3 tips for what to do
  if a pipe bursts", "a 100-word story about when we met"), or a reason
  ("bold the key terms in case people skim");
- a condition in a clause of its own after a break ("Use 3 bullets, and if
  you quote anyone, cite them").
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily

__all__ = ["conditioned_after"]

# The condition's word, directly governing what precedes it in the clause.
_IF = (
    r"(?:only\s+)?(?:if|when|whenever|provided(?:\s+that)?|as\s+long\s+as|assuming|"
    r"in\s+the\s+event)"
)
# Within the requirement's own clause: no sentence break, colon, semicolon,
# bracket or dash (an aside or a clause of its own: "no digits — spell
# numbers out if needed"); a comma only just before the condition ("in
# German, if …").
_TRAILING = compile_lazily(
    rf"(?P<gap>(?:[^.;:,!?\n()\[\]—–-]|-(?=\w)){{0,60}}?)(?:,\s*)?\b(?P<cond>{_IF})\b"
)
# An alternative with its own condition: "in English, or in Dutch if …",
# "5 bullets, but 3 if the report is short", "…, otherwise in Spanish".
_ALTERNATIVE = compile_lazily(
    rf"\s*,?\s*(?:(?:or|but)\b[^.;:!?\n]{{0,50}}?\b{_IF}\b|otherwise\b|or\s+else\b)"
)
# "wrapped in double angle brackets, like <<title>>, only if you give it a
# title": "only if" limits all that comes before it in its sentence, across
# the commas of an aside (a plain "if" after a comma may open a new clause)
_ONLY_IF = compile_lazily(r"[^.;:!?\n]{0,80}?,\s*(?:but\s+|and\s+)?only\s+(?:if|when|in\s+case)\b")
# A concession or a comparison, not a condition: "even if", "even when", "as if", "what if".
_CONCESSION = compile_lazily(r"\b(?:even|as|what|only\s+even)\s*$")
# "if" as "whether", "when" as "at what time": the requirement sizes the
# answer to a question the sentence reports ("Tell me in one sentence if it
# works", "Explain in 2 sentences when the war began").
_WHETHER = compile_lazily(
    r"\b(?:tell|telling|ask|asking|say|saying|know|check|checking|decide|determine|judge|see|"
    r"wonder|confirm|verify|find\s+out|figure\s+out|assess|evaluate|advise|let\s+me\s+know|"
    r"explain|describe|state|mention|note|predict|estimate|guess|recall|remember|show)\b"
)
# The condition is part of what the answer is about, or a time named.
_SUBJECT = compile_lazily(
    r"\b(?:about|on|of|for|from|since|until|till|to|regarding|describing|explaining|covering|"
    r"what|how|why|where|who|whom|which|that|happens?|happened|remember|recall|times?|moments?|"
    r"days?|tips|advice|steps|story|tale|poem|guide|back|ago|because|since|so)\b"
)


# "when you write to me", "whenever you reply": a time every answer is in
_EVERY_ANSWER = compile_lazily(
    r"\s*(?:you|you're)\s+(?:write|writing|reply|replying|respond|responding|answer|answering|"
    r"talk|talking|speak|speaking|chat|chatting)\b"
)


def conditioned_after(lower: str, end: int, before: str = "") -> bool:
    """Whether a condition that follows the requirement ending at ``end`` of
    ``lower`` (a sentence's lowered text) governs it; ``before`` is the
    sentence up to the requirement, for "tell me … if" (whether)."""
    if _ALTERNATIVE.match(lower, end) or _ONLY_IF.match(lower, end):
        return True
    match = _TRAILING.match(lower, end)
    if match is None:
        return False
    gap = match.group("gap")
    if _CONCESSION.search(lower, 0, match.start("cond")):
        return False
    if match.group("cond").endswith(("when", "whenever")) and _EVERY_ANSWER.match(
        lower, match.end()
    ):
        return False
    if _WHETHER.search(before) or _WHETHER.search(gap):
        return False
    return not _SUBJECT.search(gap)
