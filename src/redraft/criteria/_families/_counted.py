"""What the counted families that came from the vocabulary share: how a
count is reported and corrected (``Your answer has 137 words; the limit is
100. Cut at least 37 words.``), and the phrasing grammar they read counts
with ("at most 100 words", "between 3 and 5 paragraphs", "400 or more
words", "don't write more than 50 words", "in 3 sentences"; "the number of
bullet points should be 3 to 5" is read by :mod:`._number_of`).

"under 100 words" and "less than 100 words" mean at most 99, "more than 3"
at least 4: the words are taken literally (:mod:`redraft.criteria._grammar`).
A bare number without a relation ("in 3 sentences", "use 4 bullet points")
means exactly that many only for the units a family marks ``bare_exact``;
"in 50 words" is too loose a phrase to count to the word ("in three words",
up to a unit's ``bare_upto``, is not).
"""

from __future__ import annotations

import re
from abc import abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pydantic import ValidationError

from redraft.criteria._families._answer_units import LABEL, MAKE, described, later_part
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._grammar import NUMBER, RELATION, number_value, relation_of
from redraft.criteria._items import several_asked_before
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import (
    THING,
    Hit,
    Sentence,
    in_every_reply,
    makes_parts,
    names_thing_with,
    response_context,
)
from redraft.criteria._spec_base import CountSpec, Relation

__all__ = [
    "TallyFamily",
    "Unit",
    "UnitCounts",
    "after_ok",
    "count_outcome",
    "noun",
    "typed_hit",
]


def count_outcome(spec: CountSpec, n: int, has: str, fix: str) -> Outcome:
    """The outcome of a measured count ``n``: ``has`` says what the answer
    has ("has 3 words"), ``fix`` what to change where ``n`` misses."""
    data: dict[str, Any] = {"measured": n, "relation": spec.relation, "value": spec.value}
    required = spec.describe()
    if spec.holds(n):
        return Outcome(True, f"the answer {has}, as required ({required})", data=data)
    high, low = max(n, spec.value), min(n, spec.value)
    score = low / high if high else 0.0
    if spec.kind_name() == "word_count" and spec.relation != "at_most":
        # Tokenizers split on spaces first, so a word is at least one token:
        # a draft capped below this many tokens can never meet the requirement.
        data["min_tokens"] = spec.value
    wanted = {
        "at_most": f"the limit is {spec.value}",
        "at_least": f"it needs at least {spec.value}",
        "exactly": f"it needs exactly {spec.value}",
    }[spec.relation]
    return Outcome(
        False,
        f"the answer {has}; required: {required}",
        f"Your answer {has}; {wanted}. {fix}",
        score=min(score, 0.99),
        data=data,
    )


def noun(spec: CountSpec, n: int) -> str:
    return spec.unit[0] if n == 1 else spec.unit[1]


class TallyFamily(Family):
    """A counted family whose correction adds or cuts units by the gap:
    subclasses say how many units a text has (:meth:`count`)."""

    #: units one shortens ("Cut") rather than removes ("Remove")
    cut: ClassVar[bool] = False
    #: whether more text can only raise the count, so an answer still being
    #: written that is past an "at most" stays past it
    growing: ClassVar[bool] = False

    @abstractmethod
    def count(self, spec: Any, text: str) -> int:
        """How many of the spec's unit ``text`` has."""

    def counted(self, spec: Any, text: str) -> int:
        """The count the requirement is measured on (:meth:`count` unless a
        unit has two common readings)."""
        return self.count(spec, text)

    def written_as(self, spec: Any) -> str:
        """How the unit is written, for units that are markup: a small model
        told to "add 3 bullet points" writes a numbered list as often as not."""
        return ""

    def has(self, spec: Any, n: int) -> str:
        return f"has {n} {noun(spec, n)}"

    def fix(self, spec: Any, n: int) -> str:
        """The correction for a count ``n`` that misses the requirement."""
        gap = abs(n - spec.value)
        at_least = "at least " if spec.relation != "exactly" else ""
        if n < spec.value:
            return f"Add {at_least}{gap} more {noun(spec, gap)}{self.written_as(spec)}."
        verb = "Cut" if self.cut else "Remove"
        return f"{verb} {at_least}{gap} {noun(spec, gap)}."

    def measure(self, spec: Any, text: str) -> Outcome:
        n = self.counted(spec, text)
        return count_outcome(spec, n, self.has(spec, n), self.fix(spec, n))

    def correction(self, spec: Any, text: str) -> str:
        return self.measure(spec, text).suggestion or ""

    def settled_failure(self, spec: Any, partial: str) -> bool:
        if not self.growing or spec.relation == "at_least":
            return False
        return bool(self.count(spec, partial) > spec.value)


# -- counts phrased around the number ("at most 100 words") ------------------------------

Build = Callable[[Relation, int, Sentence], FamilySpec | None]


@dataclass(frozen=True)
class Unit:
    """A counted unit as a prompt names it (a regex) and the spec a count
    of it builds (None where the sentence says more than the spec can hold,
    such as a paragraph divider no spec measures)."""

    pattern: str
    build: Build
    #: a bare number ("use 4 bullet points") means exactly that many
    bare_exact: bool = False
    #: a bare number up to this means exactly that many ("describe it in three
    #: words"); past it ("in 50 words") it is a rough size no one counts to
    bare_upto: int = 0
    #: a bare number is a floor ("include two italic sections": highlights
    #: are marks added, and one more breaks nothing asked)
    bare_at_least: bool = False
    #: prose ("two sentences, then a list" counts one part, not the whole)
    prose: bool = False
    #: the singular as a compound or a label names it ("a two-sentence pitch",
    #: "word limit: 75"); empty where neither reads
    singular: str = ""
    #: "write a paragraph", "give me a short sentence": one of it is the answer
    single: bool = False
    #: the largest count a compound states exactly ("a six-word story"); past
    #: it ("a 500-word pitch") the number is a target no one counts to the unit
    compound_max: int = 1_000_000
    #: "no bullet points", "without bullets", "don't use bullet points": none
    none: bool = False
    #: read only as none ("no numbered lists"), never counted ("3 numbered lists")
    none_only: bool = False


_ADJECTIVE = (
    r"(?:(?:very\s+)?(?:short|brief|concise|separate|distinct|full|complete|simple|clear|"
    r"total|flowing|cohesive|coherent|continuous|unbroken|compact|tight|well-written)\s+)?"
)
# What may not follow a counted unit: "words per sentence", "words from the list".
_AFTER_BLOCKS = re.compile(
    # "one word or expression": one of two shapes, not a count
    r"^\s*or\s+(?!more\b|less\b|fewer\b|so\b|under\b|over\b)[a-z]|"
    r"^\s*(?:(?:in|with|per|for|of|from|that|which|who|written|containing|starting|ending|"
    r"beginning|each|where|whose|like|such|long\s+each)\b)|"
    # "3 paragraphs, 2 sentences each"; not "3 paragraphs and each paragraph must …"
    r"^(?![^.;,]{0,30}\band\s+(?:each|every)\s+[\w-]+\s+(?:must|should|has|needs?|is|will)\b)"
    r"[^.;,]{0,30}\b(?:each|every|per)\b"
)
_AFTER_ALLOWED = re.compile(
    rf"^\s*(?:in\s+(?:your|the|this)\s+(?:entire\s+|whole\s+)?{THING}\b|in\s+(?:total|length)\b|"
    r"(?:in|using|with)\s+(?:the\s+)?markdown\b|in\s+(?:the\s+)?(?:markdown\s+)?format\b|"
    r"with\s+(?:square\s+)?brackets\b|(?:which|that)\s+(?:should|must)\s+be\s+(?:represented|"
    r"wrapped|enclosed|marked)\b|,?\s*(?:and\s+)?(?:each\s+(?:\w+\s+)?(?:should\s+be\s+|is\s+)?)?"
    r"separated\b)"
)
# After a unit of markup (not prose): an example of the markup to write, "3
# bullet points such as: * …", "with the format below:". After words or
# sentences, "such as" names what they are about.
_MARKUP_EXAMPLE = re.compile(
    r"^\s*,?\s*(?:(?:such\s+as|like|i\.\s?e\.?|e\.\s?g\.?|for\s+example)\s*[:,]?\s*"
    r"(?:$|[*\[<\ue000\"'“])|(?:with|in|using)\s+the\s+(?:following\s+)?(?:format|form)"
    r"(?:\s+below)?\s*:?\s*$)"
)
# "at least 5 words in all caps" counts capital words, not words.
_CAPITALS_AFTER = re.compile(
    r"^\s*(?:or\s+phrases\s+)?(?:in\s+(?:the|your)\s+\w+\s+)?(?:(?:should|must)\s+)?(?:be\s+)?"
    r"(?:with|in|written\s+in)\s+(?:all[\s-]+)?(?:capital|caps\b|capitals|upper[\s-]?case|block)"
)


# "3 short paragraphs in all caps": the case of every sentence or paragraph is
# the whole answer's ("5 words in all caps" counts capital words instead).
_IN_CASE = re.compile(
    r"\s*(?:in|using)\s+(?:all\s+)?(?:caps\b|capitals|capital\s+letters|upper[\s-]?case|"
    r"lower[\s-]?case|small\s+letters)(?:\s+letters)?\s*(?:[.,;!]|$)"
)


def _case_of_all(unit: Unit, text: str, end: int) -> bool:
    return unit.singular in ("sentence", "paragraph") and _IN_CASE.match(text, end) is not None


def after_ok(sentence: Sentence, end: int) -> bool:
    """Whether what follows a counted unit leaves it a count of the whole answer."""
    after = sentence.lower[end:]
    if in_every_reply(sentence, after):
        return True
    if _CAPITALS_AFTER.match(after):
        return False
    return bool(_AFTER_ALLOWED.match(after)) or not _AFTER_BLOCKS.match(after)


_GIVEN_BEFORE = re.compile(
    r"\b(?:this|these|those|the|given|provided|attached|existing|my|his|her|their|our)\s*$"
)
# "my essay has 3 paragraphs": what the given thing holds, not what to write
_GIVEN_SUBJECT = re.compile(
    r"\b(?:my|our|his|her|their|this|these|those)\s+"
    r"(?:(?!(?:should|must|shall|will|would|can|could|needs?|to|may|might)\b)[\w-]+\s+){0,3}?"
    r"(?:has|have|had|contains?|contained|is|are|was|were)\s*$"
)
_PRECEDED_BY_OTHER_VERB = re.compile(
    r"\b(?:highlight|capitali[sz]e|bold|italici[sz]e)(?:\s+(?:at\s+least|at\s+most|exactly))?\s*$"
)
# Words between "a" and the unit that make it something else: "a topic for a
# paragraph" is fine, "a title and a paragraph" is two parts.
_NOT_SINGLE = (
    r"(?:and|or|with|of|for|per|each|every|list|title|heading|bullet|numbered|few|couple|"
    rf"{NUMBER})\b"
)
_DISTRIBUTIVE_BEFORE = re.compile(r"\b(?:each|every|per|apiece)\b")
# A prompt that asks for more beside the one paragraph or sentence: a list,
# a title, a second part.
_MORE_PARTS = re.compile(
    r"\b(?:then|followed\s+by|afterwards?|after\s+(?:that|this|it)|plus|as\s+well\s+as|"
    r"along\s+with|together\s+with|title|heading|headline|p\.\s?s\.?|postscript|also|list|"
    r"bullets?|bullet\s+points?|table|steps|another|second|paragraphs|sentences|code|footnotes?|"
    r"references|sources|citations|bibliography)\b|"
    r"\band\s+(?:an?|one|some)\s"
)
_LIST_MARKER_ONLY = re.compile(rf"^\s*[-*•]?\s*{LABEL}")
_IN_ALL = re.compile(r"\s*(?:in\s+total|total|overall|altogether|in\s+all|combined)\b")
# "List the steps …": the verb, not "a list" beside the one sentence asked for
_LIST_VERB = re.compile(
    r"(?:^|(?<=[.!?:;,]\s)|\bplease\s+|\bjust\s+)list\s+"
    r"(?=(?:the|all|every|some|my|your|our|these|those)\b)"
)
_COUNTED_PARTS = re.compile(
    rf"\b(?:{NUMBER}|several|some|a\s+few|multiple|a\s+couple\s+of)\s+(?:[\w-]+\s+){{0,2}}?[\w-]+s\b"
)
_EACH_LATER = re.compile(r"[^.;,]{0,30}\b(?:each|every|apiece|per)\b")
# Where in the answer ("end with a one-sentence summary"): a part, not the whole.
_POSITION_BEFORE = re.compile(
    r"\b(?:end|ends|ending|finish|finishing|close|closing|conclude|start|begin|open|"
    r"opening|after|before|below|above)\b"
)
# One part named before a count, in its clause or as the sentence's frame
# ("In the first paragraph, use …"): the count is that part's.
_ONE_PART = (
    r"(?:(?:the|your|an?)\s+(?:very\s+)?(?:first|second|third|fourth|fifth|last|final|opening|"
    r"closing|concluding|introductory|\d{1,2}(?:st|nd|rd|th))\s+(?:sentence|paragraph|stanza|"
    r"line|bullet|item|section|heading)\b|\b(?:sentence|paragraph|line|section)\s+\d{1,2}\b)"
)
_ONE_PART_BEFORE = re.compile(rf"\b{_ONE_PART}")
_IN_ONE_PART = re.compile(
    rf"^\s*(?:(?:please|now|also|and)\s*,?\s*)?(?:in|for|within)\s+{_ONE_PART}[^,.;:]{{0,40}},"
)
# "a paragraph for each topic", "a summary per chapter"; not "a paragraph
# where every sentence …", which describes the units counted
_DISTRIBUTIVE_AFTER = re.compile(
    r"^[^.;,]{0,30}(?:\b(?:for|in|to|on|of|from|about|after|under)\s+(?:each|every)\b|"
    r"\b(?:per|apiece)\b)"
)
_SECOND_PART = re.compile(
    r"\b(?:then|followed\s+by|afterwards?|after\s+(?:that|this|it)|plus|as\s+well\s+as|"
    r"along\s+with|together\s+with|title|heading|headline|p\.\s?s\.?|postscript|label\w*|"
    r"mark\s+the\s+beginning)\b"
)
# "a haiku-style three-line poem", "a short six-word story"
_STYLE = r"(?:(?:[a-z]+-style|short|simple|quick|little|new|funny|original|punchy|tight)\s+)?"
_LIST_STEP = re.compile(r",\s*(?:and\s+)?$")
# A later sentence that adds a part to the answer: "… Then explain why."
_LATER_PART = re.compile(
    r"(?:^|[.!?]\s+|\n\s*)(?:and\s+)?(?:then|after\s+that|afterwards|after\s+this)\b"
)
# A second count of the same unit, its noun left out: "… and 1 about dogs".
_ONE_MORE_COUNT = re.compile(
    rf"[^.;:!?]{{0,80}}?\b(?:and|plus)\s+(?:another\s+|then\s+)?(?:{NUMBER}|another)\s+"
    r"(?:more\s+)?(?:about|on|for|of|describing|explaining|covering|that|which)\b"
)
_THINGS_OWN = re.compile(r"\s+(?:that|which|for|about|on)\s+(?!each\b|every\b)")
_IN_SEQUENCE = re.compile(
    r"\b(?:then|followed\s+by)\s*(?:\w+\s*)?\||\|\s*,?\s*(?:and\s+)?(?:then|followed\s+by)\b"
)


@dataclass(frozen=True)
class UnitCounts:
    """The rule that reads counts of ``units`` on the whole response."""

    units: tuple[Unit, ...]
    _patterns: dict[str, re.Pattern[str]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        unit = "|".join(f"(?P<u{i}>{u.pattern})" for i, u in enumerate(self.units))
        single = "|".join(f"(?P<s{i}>{u.singular})" for i, u in enumerate(self.units) if u.singular)
        one = "|".join(f"(?P<o{i}>{u.singular})" for i, u in enumerate(self.units) if u.single)
        nothing = "|".join(f"(?P<z{i}>{u.pattern})" for i, u in enumerate(self.units) if u.none)
        patterns = {
            # a bound on each side, the unit said once: "at least 150 words, but
            # fewer than 200", "no fewer than 100 and no more than 150 words"
            "pair": (
                rf"\b(?P<rel>{RELATION})\s+(?P<num>{NUMBER})\s+{_ADJECTIVE}(?:{unit})\s*,?\s+"
                r"(?:but|and|yet)\s+(?:also\s+)?(?:(?:be|keep\s+it)\s+)?"
                rf"(?P<rel2>{RELATION})\s+(?P<num2>{NUMBER})(?=\s*(?:[.,;!)]|$|\s+(?:in\s+total|"
                r"total|please)\b))"
            ),
            "pair_back": (
                rf"\b(?P<rel>{RELATION})\s+(?P<num>{NUMBER})\s*,?\s*(?:but|and)\s+"
                rf"(?P<rel2>{RELATION})\s+(?P<num2>{NUMBER})\s+{_ADJECTIVE}(?:{unit})\b"
            ),
            "negated": (
                r"\b(?:do\s+not|don'?t|never|must\s+not|mustn'?t|should\s+not|shouldn'?t|cannot|"
                r"can'?t|may\s+not)\s+(?:(?:write|use|be|have|include|contain|give|produce|"
                r"provide|go|run|exceed|surpass|go\s+over|go\s+beyond|want\s+(?:anything|it|"
                r"something))\s+)?(?P<dir>more\s+th[ae]n|"
                r"longer\s+th[ae]n|over|beyond|past|above|exceed|surpass|less\s+th[ae]n|fewer\s+th[ae]n|"
                rf"shorter\s+th[ae]n|under)?\s*(?P<num>{NUMBER})\s+{_ADJECTIVE}(?:{unit})\b"
            ),
            # "400 or more words", "300+ words", "a 300+ word essay".
            "or_more": (
                rf"\b(?P<num>{NUMBER})(?:\s+or\s+(?P<dir>more|less|fewer)|\+)\s*[-\s]?{_ADJECTIVE}"
                rf"(?:{unit})(?:\b|(?<=\+))"
            ),
            "between": (
                rf"\b(?:between\s+(?P<low>{NUMBER})\s+and|(?:(?<=\bin\s)|(?<=\bof\s)|"
                rf"(?<=\bcontain\s)|(?<=\bcontains\s)|(?<=\bcontaining\s)|(?<=\bhave\s)|"
                rf"(?<=\bhas\s)|(?<=\bbe\s)|(?<=\bis\s)|(?<=\bare\s)|(?<=:\s)|(?<=,\s)|(?<=—\s)|(?<=–\s)|"
                r"(?<=\s-\s)|^\s*)"
                rf"(?P<from>{NUMBER})\s+(?:to|or|-|–)|(?P<low2>\d+)\s*[-–])\s*"
                rf"(?P<high>{NUMBER})\s+{_ADJECTIVE}(?:{unit})\b"
            ),
            "relation": (
                rf"\b(?P<rel>{RELATION})\s+(?:a\s+total\s+of\s+)?(?P<num>{NUMBER})\s+"
                rf"{_ADJECTIVE}(?:{unit})\b"
            ),
            "post": (
                rf"\b(?P<num>{NUMBER})\s+{_ADJECTIVE}(?:{unit})\s*,?\s+(?P<post>or\s+(?:less|fewer)|"
                r"or\s+more|at\s+(?:the\s+)?most|at\s+(?:the\s+)?least|max(?:imum)?|"
                r"min(?:imum)?|tops|(?:and\s+)?no\s+(?:more|longer)|(?:and\s+)?no\s+(?:fewer|less)|"
                # "6 words exactly", "two sentences precisely"
                r"exactly|precisely)"
                # not when a count of its own follows: "3 paragraphs, at most 50 words"
                rf"\b(?!\s+(?:than\s+)?{NUMBER}\b)"
            ),
            # "keep it to 2 sentences" (exactly, for a unit a bare number counts
            # exactly; at most otherwise), "limit it to 100 words" (at most)
            "keep_to": (
                r"\b(?P<verb>keep|keeping|limit|limiting|cap|restrict)\s+(?:it|this|them|the\s+"
                rf"(?:[\w-]+\s+)?{THING}|your\s+(?:[\w-]+\s+)?{THING})\s+(?:to|at)\s+"
                rf"(?:(?:just|only)\s+)?(?P<num>{NUMBER})\s+{_ADJECTIVE}(?:{unit})\b"
            ),
            # "it must fit in 280 characters", "fit within two sentences"
            "fit": rf"\bfits?\s+(?:in|into|within)\s+(?P<num>{NUMBER})\s+{_ADJECTIVE}(?:{unit})\b",
            "bare": (
                r"\b(?:in|into|with|using|use|write|contain|containing|contains|have|has|include|"
                r"includes|then|of|give|provide|list|be|as|compose|craft|draft|create|generate|"
                r"produce)\s+(?:me\s+|us\s+)?"
                rf"(?P<num>{NUMBER})\s+{_ADJECTIVE}(?:{unit})\b"
            ),
            # a sentence that is the count: "One paragraph only." "3 to 5 sentences." is a range
            "alone": (
                rf"^\s*{LABEL}(?:only\s+|just\s+)?(?P<num>{NUMBER})\s+{_ADJECTIVE}(?:{unit})"
                r"(?:\s+(?:only|total|in\s+total))?\s*(?:[.!]?\s*$|[,:;])"
            ),
            # the unit first, then its count: "Lines: 4.", "paragraphs — exactly two;"
            "named_first": (
                rf"^\s*{LABEL}(?:{unit})\s*(?::|—|–|-)\s*(?:(?P<rel>{RELATION})\s+)?"
                rf"(?P<num>{NUMBER})(?:\s+(?:only|total|in\s+total))?\s*(?:[.!]?\s*$|[,;])"
            ),
        }
        if one:
            # "Write a paragraph about …", "give me a short persuasive paragraph"
            patterns["single"] = (
                r"\b(?:(?P<verb>write|compose|draft|craft|produce|create|generate|give\s+me|provide|"
                r"respond\s+with|reply\s+with|answer\s+with|offer|be)\s+(?:me\s+|us\s+)?"
                r"(?P<num>an?|one|a\s+single|just\s+one|only\s+one|exactly\s+one|just\s+an?|"
                r"only\s+an?)|"
                # "describe it in a paragraph", "rewrite it as a sentence": the answer's shape
                r"(?P<shape>in|into|as)\s+(?P<det>an?|one|a\s+single|just\s+one|only\s+one))\s+"
                rf"(?:(?!{_NOT_SINGLE})[a-z-]+\s+){{0,2}}?(?:{one})\b"
                # "a sentence or two" is not one
                r"(?!\s*[-–])(?!\s+or\b)"
            )
        if nothing:
            patterns["none"] = (
                r"\b(?:no|without|zero|avoid(?:\s+using)?|(?:do\s+not|don'?t|never)\s+"
                rf"(?:use|include|add|write|put|insert)(?:\s+any)?)\s+(?:{nothing})\b"
                # "no bullets or numbers": the other is a none of its own family
                r"(?:\s+or\s+(?:numbers|numbering|bullets|bullet\s+points))?"
                # not a subject: "no bullet may run over 15 words" is about each bullet
                # nor "no bullets needed" (no need for them, not a ban)
                r"(?!\s+(?:limit|requirement|restriction|need|needed|required|necessary|minimum|"
                r"maximum|may|should|must|can|shall|will|is|are|has|have|needs?|exceeds?|longer|"
                r"shorter|contains?|goes|runs|gets|points?)\b)"
            )
        if single:
            # "a six-word story", "a one-paragraph summary", "a two-sentence pitch"
            patterns["compound"] = (
                rf"\b(?:a|an|one)\s+{_STYLE}(?P<num>{NUMBER})[-\s](?:{single})\s+"
                rf"(?:[\w-]+\s+){{0,2}}?{THING}\b"
            )
            # "One word answer.", "Two-sentence reply, please.": a sentence that
            # is the answer's shape, its article left out
            patterns["compound_alone"] = (
                rf"^\s*{LABEL}(?:just\s+|only\s+)?(?P<num>{NUMBER})[-\s](?:{single})\s+"
                r"(?:answer|reply|response)(?:\s+only)?(?:\s*,?\s*please)?\s*(?:[.!]\s*)?$"
            )
            # "write a 2-line couplet", "compose a one-paragraph abstract": the
            # thing a making verb asks for is the answer, whatever it is called
            patterns["compound_made"] = (
                rf"\b(?:{MAKE})\s+(?:me\s+|us\s+)?(?:a|an|one)\s+{_STYLE}(?P<num>{NUMBER})-"
                rf"(?:{single})\s+(?:[\w-]+\s+){{0,2}}?[a-z]+\b"
            )
            # "Word limit: 75.", "a character limit of 280", "sentence maximum: 4"
            patterns["label"] = (
                rf"\b(?:{single})[\s-]+(?:count\s+)?(?P<lim>limit|cap|maximum|max|minimum|min)"
                rf"\s*(?:[:=]|of|is)?\s*(?P<num>{NUMBER})\b(?!\s*[%-])(?:\s+(?:{unit})\b)?"
            )
        self._patterns.update({name: re.compile(p) for name, p in patterns.items()})
        # One scan for the units first: most sentences name none of them.
        self._patterns["named"] = re.compile(rf"(?:{unit})")

    def _unit(self, match: re.Match[str]) -> Unit:
        found = match.groupdict()
        for i, unit in enumerate(self.units):
            if any(found.get(f"{g}{i}") for g in "usoz"):
                return unit
        raise AssertionError("a unit group always matches")

    def __call__(self, sentence: Sentence) -> Iterator[Hit]:
        text = sentence.lower
        if not self._patterns["named"].search(text):
            return
        taken: list[tuple[int, int]] = []

        def accept(match: re.Match[str], name: str) -> bool:
            if any(match.start() < b and a < match.end() for a, b in taken):
                return False
            before = text[: match.start()]
            if (
                _PRECEDED_BY_OTHER_VERB.search(before)
                or _GIVEN_BEFORE.search(before)
                or _GIVEN_SUBJECT.search(text, 0, match.start("num" if name == "bare" else 0))
            ):
                return False  # "this 300+ word essay" describes what is given
            clause = re.split(r"[,;:(]|\b(?:and|but|then)\b", before)[-1]
            if _ONE_PART_BEFORE.search(clause) or _IN_ONE_PART.match(before):
                return False  # "make sure your 3rd sentence has at most 9 words": part_count's
            if (
                self._unit(match).prose
                and not _LIST_MARKER_ONLY.sub("", before).strip()
                and not _IN_ALL.match(text, match.end())
                and several_asked_before(sentence)
            ):
                return False  # "Give me 3 slogans. Under 8 words.": maybe each slogan's
            if self._unit(match).prose and re.match(r"then\b", match.group(0)):
                return False  # "…, then one sentence explaining it": a later part's count
            if self._unit(match).prose and _ONE_MORE_COUNT.match(text, match.end()):
                return False  # "2 paragraphs about cats and 1 about dogs": 3 in all
            if self._unit(match).prose and _LATER_PART.search(
                sentence.whole.lower(), max(0, sentence.start + len(sentence.masked) - 1)
            ):
                return False  # "In one word, what is Paris? Then explain why.": a part's count
            if (
                self._unit(match).prose
                and name != "none"
                and _LIST_STEP.search(before)
                and makes_parts(before)
                # "list the ingredients, alphabetically, in a single sentence":
                # the shape the whole answer takes, whatever it lists
                # (not "give me 3 tips, in one sentence": maybe each tip's)
                and not (
                    name == "single"
                    and match.group("shape")
                    and not _COUNTED_PARTS.search(before)
                    and not _EACH_LATER.match(text, match.end())
                )
            ):
                return False  # "give me 3 subject lines, under 45 characters": each line's
            if name == "single":
                whole = sentence.whole.lower()
                if match.group("shape"):
                    whole = _LIST_VERB.sub(" ", whole)  # the verb "list" adds no part
                if (
                    _DISTRIBUTIVE_BEFORE.search(before)
                    or _DISTRIBUTIVE_AFTER.match(text[match.end() :])
                    or _MORE_PARTS.search(whole)
                ):
                    return False  # "for each word, write a sentence"; "a paragraph and a list"
            elif name.startswith("compound"):
                # the thing named is what to write; a second part beside it
                # ("then list …", "plus a title") adds words of its own
                clause = re.split(r"[,;:(]|\b(?:and|but|then)\b", before)[-1]
                if (
                    _DISTRIBUTIVE_AFTER.match(text[match.end() :])
                    or _POSITION_BEFORE.search(clause)
                    or _SECOND_PART.search(sentence.whole.lower())
                ):
                    return False
            elif (
                name == "between"
                and before.rstrip().endswith(",")
                and not re.search(rf"\b{THING}s?\b", before)
            ):
                return False  # "synonyms for happy, 3 to 5 words" may be each synonym's
            elif name == "none" and re.match(r"\s*:", text[match.end() :]):
                pass  # "No bullets: every line starts with an emoji" — the rest explains
            elif (
                not after_ok(sentence, match.end())
                and not _case_of_all(self._unit(match), text, match.end())
                and not described(name, match, text)
                and (self._unit(match).prose or not _MARKUP_EXAMPLE.match(text[match.end() :]))
                # "a song with at least 3 sentences that can be sung": the song's
                and not (names_thing_with(before) and _THINGS_OWN.match(text, match.end()))
            ):
                return False
            if self._unit(match).prose and _IN_SEQUENCE.search(
                text[max(0, match.start() - 12) : match.start()]
                + "|"
                + text[match.end() : match.end() + 16]
            ):
                return False  # "two sentences, then a list": a count of one part, not the whole
            owns = name in ("negated", "none")
            if not response_context(
                sentence, match.start(), owns_negation=owns, named_thing=True
            ) and not (
                not self._unit(match).prose
                and later_part(sentence, match, self._unit(match).pattern)
            ):
                return False
            taken.append(match.span())
            return True

        for name, pattern in self._patterns.items():
            if name == "named":
                continue
            for match in pattern.finditer(text):
                unit = self._unit(match)
                loose = name in ("bare", "alone", "named_first") and not (
                    unit.bare_exact or unit.bare_at_least
                )
                if loose and not unit.bare_upto:
                    continue
                if unit.none_only and name != "none":
                    continue
                if not accept(match, name):
                    continue
                unit = self._unit(match)
                for relation, value in _bounds(name, match, unit):
                    if name.startswith("compound") and value > unit.compound_max:
                        continue
                    if loose and value > unit.bare_upto:
                        continue
                    yield from _built(unit.build, relation, value, sentence, match.span())


def _bounds(name: str, match: re.Match[str], unit: Unit) -> list[tuple[Relation, int]]:
    """The (relation, value) pairs a phrase states; none where a number is unreadable."""
    if name.startswith("pair"):
        pairs = [
            (match.group("rel"), match.group("num")),
            (match.group("rel2"), match.group("num2")),
        ]
        bounds: list[tuple[Relation, int]] = []
        for rel, num in pairs:
            stated = number_value(num)
            if stated is None:
                return []
            relation, adjust = relation_of(rel)
            bounds.append((relation, stated + adjust))
        if sorted(r for r, _ in bounds) != ["at_least", "at_most"]:
            return []  # "at least 3 and exactly 5" is no range
        floor = next(v for r, v in bounds if r == "at_least")
        cap = next(v for r, v in bounds if r == "at_most")
        return bounds if floor <= cap else []
    if name == "between":
        first = match.group("low") or match.group("from") or match.group("low2")
        low, high = number_value(first), number_value(match.group("high"))
        if low is None or high is None or low >= high:
            return []
        return [("at_least", low), ("at_most", high)]
    if name in ("none", "single"):
        return [("at_most", 0)] if name == "none" else [("exactly", 1)]
    value = number_value(match.group("num"))
    if value is None:
        return []
    if name == "negated":
        direction = (match.group("dir") or "more than").split()[0]
        fewer = direction in ("less", "fewer", "shorter", "under")
        return [("at_least" if fewer else "at_most", value)]
    if name == "or_more":
        return [("at_most" if match.group("dir") in ("less", "fewer") else "at_least", value)]
    if name == "relation":
        relation, adjust = relation_of(match.group("rel"))
        return [(relation, value + adjust)]
    if name == "fit":
        return [("at_most", value)]
    if name == "keep_to":
        keep = match.group("verb").startswith("keep")
        return [("exactly" if keep and unit.bare_exact else "at_most", value)]
    if name == "label":
        return [("at_least" if match.group("lim").startswith("min") else "at_most", value)]
    if name == "post":
        post = match.group("post")
        if post in ("exactly", "precisely"):
            return [("exactly", value)]
        if post.startswith(("no", "and")):
            # "two sentences, no more": at most; "500 words, no fewer": at least
            return [("at_most" if "more" in post or "longer" in post else "at_least", value)]
        more = "more" in post or "least" in post or "min" in post
        return [("at_least" if more else "at_most", value)]
    if name == "named_first" and match.group("rel"):
        relation, adjust = relation_of(match.group("rel"))
        return [(relation, value + adjust)]
    if name in ("bare", "alone", "named_first") and unit.bare_at_least:
        return [("at_least", value)]
    return [("exactly", value)]


def _built(
    build: Build, relation: Relation, value: int, sentence: Sentence, span: tuple[int, int]
) -> Iterator[Hit]:
    try:
        spec = build(relation, value, sentence)
    except ValidationError:
        return  # a count no check allows, such as "at least 0"
    if spec is not None:
        yield Hit(spec, *span)


def typed_hit(
    build: Callable[[Relation, int], FamilySpec],
    relation: Relation,
    value: int,
    span: tuple[int, int],
) -> Iterator[Hit]:
    """The hit of ``build(relation, value)``; none where the spec refuses the values."""
    try:
        yield Hit(build(relation, value), *span)
    except ValidationError:
        return
