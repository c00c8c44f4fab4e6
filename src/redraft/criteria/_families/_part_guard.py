"""Whether a phrase of one sentence is a requirement on every part of the
answer: the guard the counts within each part (:mod:`._per_part`) and the
starts and ends of every part (:mod:`._each_part`) share.

A hedge, condition or example blocks the sentence from where it stands; a
negation blocks only its own clause ("no passive voice and every sentence
under 18 words"); a hedge that trails a clause of its own before a comma
hedges only that clause ("Use short words if you can, keep every sentence
under 15 words"). A polite request ("Could you write …?") is no question
about the rule, and a rewrite's result ("Rewrite this so no sentence is
longer than 15 words") is the answer's, not the text given.
"""

from __future__ import annotations

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._governors import clause_start
from redraft.criteria._sentences import HEDGE, NEGATION, blocked_from

__all__ = ["MADE_SO", "OWN_HAS", "POLITE_REQUEST", "PartGuard"]


# "no passive voice and every sentence under 18 words": a part named after
# "and" is a new subject, and a negation before it is the earlier clause's
# ("without the letter z and with every paragraph under 50 words")
_NEW_PART_SUBJECT = compile_lazily(r"\band\s+(?:with\s+)?(?=(?:every|each|all|any)\s)")
# "Use short words if you can, keep every sentence under 15 words": a hedge
# that trails a clause of its own, before a comma, hedges that clause only
# (not "If you can, keep …" nor "Please if possible, keep …": nothing of its
# own stands before it)
# (anchored at a clause's start: unanchored, every offset of a long clause
# with no comma scanned to its end, and one 6 KB sentence took seconds)
_TRAILING_HEDGE = compile_lazily(
    r"(?:^|(?<=[,;:]))(?P<clause>[^,;:]*?)\s+(?:if\s+(?:you\s+can|possible|at\s+all\s+possible)|"
    r"where(?:ver)?\s+possible|when(?:ever)?\s+possible)\s*,"
)
_EMPTY_CLAUSE = compile_lazily(r"^\W*(?:(?:please|just|and|so|but|also|then)\W+)*\w*\W*$")
# "no more than", "no longer than": a bound, no negation
_RELATION_AFTER_NO = compile_lazily(r"\s+(?:more|fewer|less|longer|shorter|greater)\s+than\b")


class PartGuard:
    """Whether a phrase of one sentence is a plain requirement: not hedged,
    conditional or an example, and not negated before it in its own clause
    ("Use no word longer than eight letters, and keep every sentence under
    12 words": the "no" is the first clause's)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.hedged_to = 0
        rest = text
        for match in _TRAILING_HEDGE.finditer(text):
            if _EMPTY_CLAUSE.match(match.group("clause")):
                continue
            # the hedge blanked: its clause stays refused below, what follows is read
            blank = " " * (match.end() - match.end("clause"))
            rest = rest[: match.end("clause")] + blank + rest[match.end() :]
            self.hedged_to = match.end()
        if self.hedged_to and HEDGE.search(rest):
            self.hedged_to = 0  # another hedge: the whole sentence is hedged
            rest = text
        self.blocked = blocked_from(rest)

    def __call__(self, start: int) -> bool:
        if start >= self.blocked or start < self.hedged_to:
            return False
        begin = max(
            clause_start(self.text, start),
            max(
                (m.end() for m in _NEW_PART_SUBJECT.finditer(self.text) if m.end() <= start),
                default=0,
            ),
        )
        return not any(
            not _RELATION_AFTER_NO.match(self.text, m.end())
            for m in NEGATION.finditer(self.text, begin, start)
        )


# "Could you write the newsletter piece — …, keep each paragraph under 60
# words …?": a polite request for the answer, not a question about the rule
POLITE_REQUEST = compile_lazily(
    r"^\s*(?:please\s+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:write|draft|give|make|"
    r"create|compose|produce|prepare|put\s+together|turn|rewrite|summari[sz]e|list|explain|"
    r"help\s+me\s+(?:write|draft))\b"
)
# "my essay so far has no sentence over 15 words": what a text of someone's has
OWN_HAS = compile_lazily(
    r"\b(?:my|our|his|her|their|this|these|those)\b[^,;]*\b(?:has|have|had|contains?)\s+$"
)
# "Rewrite this macro so no sentence is longer than 15 words": what the
# rewrite makes of the text given, the answer's
MADE_SO = compile_lazily(
    r"\b(?:rewrite|revise|edit|shorten|simplify|trim|tighten|rework|redo|fix|adjust|condense|"
    r"reformat|restructure|turn)\b[^.;:!?]{0,60}?\b(?:so(?:\s+that)?|such\s+that)\s+$"
)
