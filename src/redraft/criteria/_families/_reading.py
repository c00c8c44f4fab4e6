"""Reading a counted requirement on one unit ("at most 2 emojis", "between 3
and 5 lines", "no hashtags") with the shared number grammar
(:mod:`redraft.criteria._grammar`). A family names its unit; this module
finds the phrases, and the family's rule keeps those the sentence requires
of the response.

A count may stand alone ("One line only."), under a label ("Format: 4
lines;") or after its unit ("Lines: 4.", "emojis — at most 3;").

Only whole phrases are read: a number, its relation and the unit, with
nothing after the unit that makes it about something else ("lines of code",
"questions per section", "links to the sources").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._answer_units import LABEL, LIST_MARK, MAKE
from redraft.criteria._families._count_context import CONDITION_AFTER
from redraft.criteria._families._own_clause import own_clause
from redraft.criteria._families._request_colon import REQUEST_COLON
from redraft.criteria._grammar import KINDS_OF, NUMBER, RELATION, number_value, relation_of
from redraft.criteria._sentences import (
    IN_ONE_UNIT,
    THING,
    Sentence,
    in_every_reply,
    response_context,
)
from redraft.criteria._spec_base import Relation

__all__ = ["CountPhrases", "Counted", "things_counted"]


@dataclass(frozen=True)
class Counted:
    """One count read from a sentence: its span, relation and value."""

    start: int
    end: int
    relation: Relation
    value: int
    form: str
    """Which phrase stated it: ``relation``, ``negated``, ``post``, ``fit``,
    ``plus``, ``range``, ``total``, ``alone``, ``bare``, ``compound`` or ``none``."""


# "a haiku-style three-line poem", "a short 4-line poem"
_STYLE = r"(?:(?:[a-z]+-style|short|simple|quick|little|new|funny|rhyming|original)\s+)?"
_ADJECTIVE = r"(?:(?:separate|distinct|different|total|full|complete|short|brief)\s+)?"
_POST = (
    r"(?P<post>or\s+(?:less|fewer)|or\s+more|at\s+(?:the\s+)?most|at\s+(?:the\s+)?least|"
    r"max(?:imum)?|min(?:imum)?|tops|(?:and\s+)?no\s+(?:more|fewer|less)|exactly|precisely)\b"
)
# "don't use more than 2 emojis", "never write fewer than 4 lines"
_NEGATED = (
    r"(?:do\s+not|don'?t|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|cannot|can'?t|"
    r"may\s+not)\s+(?:(?:use|include|add|write|put|have|give|be|exceed|go\s+over|go\s+beyond|"
    r"go\s+past)\s+)?(?P<dir>more\s+th[ae]n|over|beyond|past|above|less\s+th[ae]n|fewer\s+th[ae]n|under)"
)
# What may follow the unit: the requirement is on the whole answer.
_AFTER_ALLOWED = compile_lazily(
    r"^\s*(?:in\s+(?:total|all)\b|total\b|"
    rf"(?:in|to)\s+(?:your|the)\s+(?:entire\s+|whole\s+)?{THING}\b|"
    r"per\s+(?:reply|response|answer|message|turn)\b)"
)
# What makes it about something else: "lines of code", "emojis per bullet".
_AFTER_BLOCKS = compile_lazily(
    r"^\s*(?:of|per|for|from|to|in|into|on|at|between|with|within|that|which|who|where|"
    r"whose|like|such|each|apiece|long|written|containing|starting|ending)\b"
    r"|^[^.;,]{0,30}\b(?:each|every|per)\b"
    # a kind of the unit, not a count of all of it: "no numbers bigger than 10"
    r"|^\s*(?:bigger|greater|larger|smaller|higher|lower|less|more|fewer|longer|shorter)\s+than\b"
    r"|^\s*(?:above|below|over|under)\s+-?\d"
)
# Where in the answer ("end with 3 hashtags", "start with an emoji"): a count
# of the whole does not say it, and the rest of the answer may hold more.
_POSITION_BEFORE = compile_lazily(
    r"\b(?:end|ends|ending|finish|finishing|close|closing|conclude|start|begin|open)\b"
)
# "finish with exactly three hashtags": the verb of ending right before the count
_ENDS_WITH = compile_lazily(
    r"^[^,;]*?\b(?:end|ends|ending|finish|finishes|finishing|close|closes|closing|conclude|"
    r"concludes|concluding)\s+(?:it\s+|off\s+)?with\s+$"
)
# A quantity of something given rather than asked for: "my essay has 5 lines".
_GIVEN_BEFORE = compile_lazily(
    r"\b(?:this|these|those|the|given|provided|attached|existing|my|his|her|their|our|its)\s*$"
)


@dataclass(frozen=True)
class CountPhrases:
    """The phrases that count ``unit`` (a regex of its singular and plural).

    ``bare``: the words before a bare number that make it exact ("include
    2 emojis"); empty where a bare number is too loose to read. ``compound``:
    whether "a 4-line poem" (number, hyphen, unit, then a thing to write)
    reads as exactly that many. ``none``: whether "no emojis" and "without
    emojis" read as at most 0. ``before``: words that must not stand in the
    clause before the phrase (another part it could be about)."""

    unit: str
    singular: str
    bare: str = ""
    compound: bool = False
    none: bool = False
    before: str = ""
    after: str = ""
    """Words that may follow the unit although they would otherwise make it
    about something else ("a question to the student")."""
    keep_exact: bool = False
    """Whether "keep it to 2 lines" is exactly that many (as "in 2 lines" is);
    otherwise it is at most ("keep it to 2 emojis")."""
    ends_with: bool = False
    """Whether "end with 3 hashtags" counts them in the whole answer, as "3
    hashtags at the end" does (things that go at the end, not a part's units)."""
    _patterns: dict[str, re.Pattern[str]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    _named: re.Pattern[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        unit = rf"{_ADJECTIVE}(?:{self.unit})\b"
        patterns = {
            # first, so that its high end is read with it: "between 3 and 5 emojis
            # total" is no count of 5
            # "3 to 5 lines", "between 3 and 5 lines", "4 or 5 lines"
            "range": (
                rf"\b(?:between\s+(?P<low>{NUMBER})\s+and|"
                rf"(?P<from>{NUMBER})(?:\s*(?:to|-|–)|\s+or))\s*(?P<high>{NUMBER})\s+{unit}"
            ),
            "relation": (
                rf"\b(?P<rel>{RELATION})\s+(?:a\s+total\s+of\s+)?(?P<num>{NUMBER})\s+{unit}"
            ),
            "negated": rf"\b{_NEGATED}\s+(?P<num>{NUMBER})\s+{unit}",
            # "it can't exceed 8 lines", "don't go over 4 emojis": a limit, as
            # "must not exceed" is (the verb alone, no "more than" after it)
            "exceed": (
                r"\b(?:must\s+not|mustn'?t|should\s+not|shouldn'?t|cannot|can'?t|may\s+not|"
                r"(?:do|does|will)\s+not|don'?t|doesn'?t|won'?t|never)\s+(?:exceed|go\s+(?:over|"
                rf"beyond|past))\s+(?P<num>{NUMBER})\s+{unit}"
            ),
            # not when a count of its own follows: "3 paragraphs, at most 50 words"
            "post": (rf"\b(?P<num>{NUMBER})\s+{unit}\s*,?\s+{_POST}(?!\s+(?:than\s+)?{NUMBER}\b)"),
            # "it must fit in 4 lines": a limit, not an exact count
            "fit": rf"\bfits?\s+(?:in|into|within|on)\s+(?P<num>{NUMBER})\s+{unit}",
            "plus": rf"\b(?P<num>\d{{1,6}})\+\s*{unit}",
            "total": rf"\b(?P<num>{NUMBER})\s+{unit}\s+(?:in\s+)?total\b",
            # a sentence that is the count, or opens with it: "5 lines." "4 lines, and …",
            # "One line only.", "Format: 4 lines;"
            "alone": (
                rf"^\s*{LIST_MARK}(?:{REQUEST_COLON}|{LABEL})(?P<num>{NUMBER})\s+{unit}"
                # "Four lines please, and no title."
                r"(?:\s+(?:only|total|in\s+total))?(?:,?\s+(?:please|pls|plz))?"
                r"\s*(?:[.!]\s*$|$|[,;])"
            ),
            # the unit first: "Lines: 4.", "lines — at most 6;"
            "named_first": (
                rf"^\s*{LIST_MARK}{LABEL}(?:{self.unit})\s*(?::|—|–|-)\s*(?:(?P<rel>{RELATION})\s+)?"
                rf"(?P<num>{NUMBER})(?:\s+(?:only|total|in\s+total))?\s*(?:[.!]\s*$|$|[,;])"
            ),
        }
        if self.bare:
            patterns["bare"] = rf"\b(?:{self.bare})\s+(?:me\s+|us\s+)?(?P<num>{NUMBER})\s+{unit}"
            # "keep it to 2 lines" (exactly, as a bare count is), "limit yourself
            # to 4 lines" (at most), as the prose units read it (:mod:`._counted`)
            patterns["keep_to"] = (
                r"\b(?P<verb>keep|keeping|limit|limiting|cap|restrict)\s+(?:it|this|them|yourself|"
                rf"the\s+(?:[\w-]+\s+)?{THING}|your\s+(?:[\w-]+\s+)?{THING})\s+(?:(?P<to>to|at)\s+)?"
                rf"(?:(?:just|only)\s+)?(?P<num>{NUMBER})\s+{unit}"
                # "keep it two lines.": without "to", the count ends its clause
                rf"(?(to)|(?=\s*(?:long\b\s*)?(?:,?\s*please\b\s*)?(?:[.;!),]|$)))"
            )
        if self.compound:
            patterns["compound"] = (
                rf"\b(?:a|an|one)\s+{_STYLE}(?P<num>{NUMBER})[-\s](?:{self.singular})\s+"
                rf"(?:[\w-]+\s+){{0,2}}?{THING}\b"
            )
            # "write a 2-line rhyming couplet": what a making verb asks for is the answer
            patterns["compound_made"] = (
                rf"\b(?:{MAKE})\s+(?:me\s+|us\s+)?(?:a|an|one)\s+{_STYLE}(?P<num>{NUMBER})-"
                rf"(?:{self.singular})\s+(?:[\w-]+\s+){{0,2}}?[a-z]+\b"
            )
        if self.none:
            patterns["none"] = (
                rf"\b(?:no|without|zero|avoid(?:\s+using)?|(?:do\s+not|don'?t|never)\s+"
                rf"(?:use|include|add|put|insert)(?:\s+any)?)\s+(?:{self.unit})\b"
                # "no emojis needed" (no need for them) and "no emoji limit" ban nothing
                r"(?!\s+(?:(?:is|are)\s+)?(?:needed|required|necessary|limit|requirement|"
                r"restriction|minimum|maximum)\b)"
            )
        self._patterns.update({name: compile_lazily(p) for name, p in patterns.items()})
        # One scan for the unit first: most sentences never name it.
        object.__setattr__(self, "_named", compile_lazily(rf"\b(?:{self.unit}|{self.singular})"))

    def read(self, sentence: Sentence) -> Iterator[Counted]:
        """The counts the sentence requires of the response, each once."""
        text = sentence.lower
        if not self._named.search(text):
            return
        taken: list[tuple[int, int]] = []
        for name, pattern in self._patterns.items():
            for match in pattern.finditer(text):
                if any(match.start() < b and a < match.end() for a, b in taken):
                    continue
                if KINDS_OF.search(match.group(0)):
                    continue  # "3 different emojis": kinds, not occurrences
                bounds = _bounds(name, match)
                if (
                    name == "keep_to"
                    and match.group("to") is None
                    and not (self.keep_exact and match.group("verb").startswith("keep"))
                ):
                    continue  # "keep it 2 emojis": a target, not a count kept to
                if name == "keep_to" and not self.keep_exact:
                    bounds = [("at_most", value) for _, value in bounds]
                if not bounds or not self._about_response(sentence, match, name):
                    continue
                taken.append(match.span())
                for relation, value in bounds:
                    yield Counted(match.start(), match.end(), relation, value, name)

    def _about_response(self, sentence: Sentence, match: re.Match[str], name: str) -> bool:
        text = sentence.lower
        if _GIVEN_BEFORE.search(text[: match.start()]):
            return False
        # "5 lines, each starting with a date": after a count that stands alone,
        # its comma is read with what follows, as after "write 5 lines, each …"
        standalone = name in ("alone", "named_first") and match.group(0).endswith(",")
        after = text[match.end() - 1 if standalone else match.end() :]
        allowed = (
            _AFTER_ALLOWED.match(after)
            or (self.after and re.match(self.after, after))
            or in_every_reply(sentence, after)
        )
        # "exactly 4 lines and each line must …": the "each" is the next clause's
        if (
            not name.startswith("compound")
            and not allowed
            and _AFTER_BLOCKS.match(own_clause(after))
        ):
            return False
        if name.startswith("compound") and _ONE_FOR_EACH.match(after):
            return False  # "a 4-line verse for each season": each verse's lines
        if CONDITION_AFTER.match(text, match.end()):
            return False  # "reply in 2 lines if the user says hi": some replies only
        clause = re.split(r"[,;:(]|\b(?:and|but|then)\b", text[: match.start()])[-1]
        if _POSITION_BEFORE.search(clause) and not (self.ends_with and _ENDS_WITH.search(clause)):
            return False
        # "in a paragraph that contains 3 commas": the one paragraph is the answer
        if self.before and re.search(self.before, clause) and not IN_ONE_UNIT.search(clause):
            return False
        # "I need 15 questions": the directive may be the phrase's own first word
        start = match.start("num") if name == "bare" else match.start()
        return response_context(sentence, start, owns_negation=name in ("none", "negated"))


def _bounds(name: str, match: re.Match[str]) -> list[tuple[Relation, int]]:
    """The (relation, value) pairs a phrase states; none where a number is unreadable."""
    if name == "none":
        return [("at_most", 0)]
    if name == "range":
        low = number_value(match.group("low") or match.group("from"))
        high = number_value(match.group("high"))
        if low is None or high is None or low >= high:
            return []
        return [("at_least", low), ("at_most", high)]
    value = number_value(match.group("num"))
    if value is None:
        return []
    if name == "relation" or (name == "named_first" and match.group("rel")):
        relation, adjust = relation_of(match.group("rel"))
        return [(relation, value + adjust)]
    if name == "post":
        post = match.group("post")
        if post in ("exactly", "precisely"):
            return [("exactly", value)]
        if post.startswith(("no", "and")):
            # "three hashtags, no more": at most; "4 lines, no fewer": at least
            return [("at_most" if "more" in post else "at_least", value)]
        more = "more" in post or "least" in post or "min" in post
        return [("at_least" if more else "at_most", value)]
    if name == "negated":
        fewer = match.group("dir").split()[0] in ("less", "fewer", "under")
        return [("at_least" if fewer else "at_most", value)]
    if name in ("fit", "exceed"):
        return [("at_most", value)]
    if name == "keep_to":
        return [("exactly" if match.group("verb") == "keep" else "at_most", value)]
    if name == "plus":
        return [("at_least", value)]
    return [("exactly", value)]


# "a 4-line verse for each season", "a 2-line caption per photo": one of the
# things for each of several (not "a 4-line poem where … of each line")
_ONE_FOR_EACH = compile_lazily(
    r"\s*(?:(?:for|to|about|on|per)\s+(?:each|every)\b(?!\s+other\b)|(?:each|apiece|per)\b)"
)
# A count of the things named that is each one's, not theirs: "8 words each",
# "each sentence has 8 words", "3 tips per section"
_EACH_AFTER = compile_lazily(r"\s*(?:each|apiece|per|in\s+each|for\s+each|in\s+every)\b")
_EACH_BEFORE = compile_lazily(r"\b(?:each|every|per)\b[^,;.]*$")


def things_counted(whole: str, noun: str) -> int | None:
    """How many of ``noun`` (a singular, lowered) the prompt ``whole`` asks
    for ("8 bars, each bar on its own line", "4 tips … each tip in its own
    paragraph"): the one number stated for its plural; None where none is,
    0 where several are or the number is each part's ("8 words each")."""
    # "day" → "days", "story" → "stories"
    plural = (
        rf"{re.escape(noun)}(?:s|es)?"
        if not noun.endswith("y") or noun[-2:-1] in ("a", "e", "i", "o", "u")
        else (rf"(?:{re.escape(noun)}|{re.escape(noun[:-1])}ies)")
    )
    pattern = compile_lazily(rf"\b(?P<num>{NUMBER})\s+(?:[\w'-]+\s+){{0,2}}?{plural}\b")
    text = whole.lower()
    values = set()
    for match in pattern.finditer(text):
        value = number_value(match.group("num"))
        if value is None or value < 2:
            continue
        if _EACH_AFTER.match(text, match.end()) or _EACH_BEFORE.search(text, 0, match.start()):
            return 0
        if _bounded(text, match.start(), match.end()):
            return 0  # "one step per line, no more than 7 steps": a bound, no number of lines
        values.add(value)
    if not values:
        return None
    return values.pop() if len(values) == 1 else 0


_BOUND_BEFORE = compile_lazily(
    rf"\b(?P<rel>{RELATION})\s+$|\bbetween\s+(?:\S+\s+and\s+)?$|\b{NUMBER}\s*(?:-|–|—|to|or)\s*$"
)
_BOUND_AFTER = compile_lazily(
    r"\s*(?:,\s*)?(?:or\s+(?:fewer|less|more|under|over)|at\s+(?:most|least|the\s+most)|"
    r"max(?:imum)?|min(?:imum)?|tops|and\s+no\s+more|plus|\+)(?!\w)"
)


def _bounded(text: str, start: int, end: int) -> bool:
    """Whether the count of things at ``start`` to ``end`` is a bound or a
    range ("no more than 7 steps", "3-5 tips", "8 lines or fewer"), not
    the number of them."""
    before = _BOUND_BEFORE.search(text, max(0, start - 40), start)
    if before and not (
        before.group("rel") and re.fullmatch(r"exactly|precisely", before.group("rel"))
    ):
        return True
    return bool(_BOUND_AFTER.match(text, end))
