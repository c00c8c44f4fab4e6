"""How a prompt asks for a form of money or percentages, for
:mod:`._money_formats`: a subject naming the answer's amounts or
percentages ("prices", "every amount", "all percentages", a label "Price")
followed by what their form is — decimals ("with two decimals", "to one
decimal place", "no pence", "whole dollars"), a sign ("with the £ sign",
"as £", "with a % sign"), thousands commas, or a sample ("like $1,299.00",
"as £XX.XX", "in the form $X,XXX.XX", placeholders ``X``, ``N`` or ``#``).

Each element is read from the subject's own clause only; a sample that
disagrees with the places stated compiles nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._lexical import required
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import Sentence

__all__ = ["money_hits", "percent_hits"]

Found = tuple[dict[str, Any], tuple[int, int]]

_MONEY_NOUN = (
    r"(?:prices?|costs?|amounts?|fees?|fares?|salar(?:y|ies)|wages?|money|balances?|"
    r"charges?|(?:monetary|money|currency|cash|dollar|euro|pound)\s+(?:values?|amounts?|figures?))"
)
_PERCENT_NOUN = r"(?:percentages?|percents|percentage\s+(?:values?|figures?))"


def _subject(noun: str) -> re.Pattern[str]:
    return compile_lazily(
        r"(?:(?<=\s)|(?<=^)|(?<=[(\"'“‘*-]))"
        r"(?P<det>(?:all|every|each|any|the|my|our|your|their|these|those|his|her|its)\s+"
        r"(?:of\s+(?:the|your)\s+)?)?(?P<adj>(?:whole[- ]number|rounded)\s+)?"
        rf"(?P<noun>{noun})(?![\w-])"
    )


_MONEY = _subject(_MONEY_NOUN)
_PERCENT = _subject(_PERCENT_NOUN)
# what links the subject to its form: a preposition, a modal, a verb of writing
_LINK = compile_lazily(
    r"\s*(?:\([^)]*\)\s*)?(?:,\s*)?(?:(?:must|should|shall|will|need\s+to|have\s+to|has\s+to|are\s+to|"
    r"always|all|each|are|is|be|been|due|owed|payable|paid|charged)\s+)*"
    r"(?:(?:written|formatted|shown|given|displayed|expressed|quoted|presented|listed|rounded|"
    r"kept|put|stated)\s+)?"
    r"(?:with|to|in|as|at|like|using|showing|:|[-–—])(?![\w-])"
)
_OWN = compile_lazily(r"(?:my|our|their|these|those|his|her|its)\s")
# the subject is one value or one part, or figures the user gave
_NOT_ANSWERS = compile_lazily(
    r"\s+(?:of|from|for|below|above|listed|given|provided|i\s|you\s+(?:gave|see)|"
    r"(?:in|on)\s+(?:the|my|this|that|these|our)\s+(?!answer|response|reply|output))"
)
# a verb of writing that governs the subject: "always quote prices …", "round the percentages …"
_VERB = compile_lazily(
    r"\b(?:show|quote|round|format|write|give|list|present|display|express|keep|put|state|"
    r"report|print|render|enter)\s+$"
)
_CLAUSE_END = compile_lazily(
    r"[;!?](?:\s|$)|(?<!\be\.g)(?<!\bi\.e)(?<!\d)\.(?:\s|$)|\n|\s(?:but|unless)\s"
)

_PLACES = compile_lazily(
    r"(?:with|to|in|at|and|using|showing|have|has|of|keep|,)\s+(?:(?:exactly|only|always|just)\s+)*"
    rf"(?P<n>{NUMBER})\s+(?:decimal\s+places?|decimals?|decimal\s+digits|"
    r"digits\s+after\s+the\s+(?:decimal\s+)?point|d\.?p\.?)(?![\w-])"
)
_WHOLE = compile_lazily(
    r"\b(?:no|without(?:\s+any)?)\s+(?:decimals?|decimal\s+places|cents|pence|paise|fractions?)\b"
    r"|\b(?:in|as|to)\s+(?:whole\s+(?:dollars|pounds|euros|numbers?|units)|a\s+whole\s+number)\b"
    r"|\bto\s+the\s+nearest\s+(?:whole\s+)?(?:dollar|pound|euro|number|percent)\b"
)
_SIGN_NAMES = {"pound": "£", "dollar": "$", "euro": "€", "yen": "¥", "rupee": "₹"}
_SIGN = compile_lazily(
    r"\b(?:with|using|in|and|plus|show(?:ing)?)\s+(?:a|the)\s+(?:(?P<s>[£$€¥₹])|"
    r"(?P<w>pound|dollar|euro|yen|rupee))\s*(?:sign|symbol)\b"
    r"|\bas\s+(?P<s2>[£$€¥₹])(?=\s|$|,)"
)
_PERCENT_SIGN = compile_lazily(
    r"\b(?:with|using|and|plus|show(?:ing)?)\s+(?:a|the)\s+(?:%|percent(?:age)?)\s*(?:sign|symbol)\b"
    r"|\b(?:with|as|using)\s+(?:a\s+)?%(?=\s|$|[,.)])"
)
_SAMPLE = compile_lazily(
    r"(?P<intro>\blike|\be\.g\.?,?|\beg|\bsuch\s+as|\bas|\bin\s+the\s+(?:form|format)|\bformat(?:ted)?\s+(?:like|as)?"
    r"|\bwritten\s+(?:like|as)|\bshown\s+(?:like|as))\s*[:(]?\s*[\"'“‘`]?(?P<s>[£$€¥₹])\s?"
    r"(?P<w>[0-9Xx#N]+(?:,[0-9Xx#N]{3})*)(?:\.(?P<d>[0-9Xx#N]+))?(?!\w|,\d)"
)
_GROUPING = compile_lazily(
    r"\b(?:thousands?\s+(?:separators?|commas?)|commas?\s+(?:between|for|as|to\s+separate)\s+"
    r"(?:the\s+)?thousands|comma\s+(?:thousands\s+)?separators?)\b"
)


# a notation the amounts are not found in: a sign after the number, a decimal comma
_OTHER_NOTATION = compile_lazily(
    r"\b(?:sign|symbol)\s+(?:after|following|at\s+the\s+end)\b|\bafter\s+the\s+(?:number|amount|figure)"
    r"|\bdecimal\s+commas?\b|\bcommas?\s+as\s+(?:the\s+)?decimal|\b(?:german|european|french|"
    r"continental)\s+(?:format|style|notation)"
)
# a part of the answer named before the subject: "In the Finance section, write every amount …"
_PART_BEFORE = compile_lazily(
    r"\b(?:in|for|within|under|inside)\s+(?:the|each|every|your)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:section|part|table|column|paragraph|list|heading|row|line|field|summary|header|footer|"
    r"email|subject|intro|introduction|conclusion|appendix)s?\b"
)


# a count of the figures before their noun: "include at least one amount", "two percentages"
_COUNTED = compile_lazily(rf"(?:\b(?:{NUMBER})|\bseveral|\bmultiple|\ba\s+few)\s+(?:[a-z-]+\s+)?$")
# a sample that is a range of two amounts: "as a range like £24,000-£28,000"
_RANGE_AFTER = compile_lazily(r"\s*(?:-|–|—|to)\s*[£$€¥₹]?\s?\d")


def _clause(text: str, start: int) -> str:
    end = _CLAUSE_END.search(text, start)
    return text[start : end.start() if end else len(text)]


def _places(clause: str) -> int | None:
    found = _PLACES.search(clause)
    if found:
        value = number_value(found["n"])
        return value if value is not None and 0 <= value <= 4 else -1
    return 0 if _WHOLE.search(clause) else None


def _sample(clause: str, one: bool) -> dict[str, Any] | None:
    """The form a sample shows; ``{}`` where the sample is one value to write
    ("mention the amount as $45.00": ``one`` amount, no example, no placeholder)."""
    found = _SAMPLE.search(clause)
    if found is None:
        return None
    if _RANGE_AFTER.match(clause, found.end()) or re.search(r"\branges?\b", clause):
        return {}  # a range's shape is not read: no form from it
    placeholder = bool(re.search(r"[Xx#N]", found["w"] + (found["d"] or "")))
    # "like", "e.g.", "formatted as" give an example; "as", "shown as" after one
    # amount give its value ("Salary shown as £32,000 to £36,000")
    example = re.match(r"like|e\.?g|such|in\s+the|format", found["intro"])
    if one and not example and not placeholder:
        return {}
    sample: dict[str, Any] = {"symbol": found["s"], "grouped": "," in found["w"]}
    if found["d"] is not None:
        sample["places"] = len(found["d"])
    elif placeholder:
        sample["places"] = 0
    return sample


def _subjects(sentence: Sentence, pattern: re.Pattern[str]) -> Iterator[tuple[re.Match[str], str]]:
    """Each subject of the answer's figures, with the original text of its clause."""
    text = sentence.lower
    for match in pattern.finditer(text):
        det = match["det"] or ""
        if _OWN.match(det) or _NOT_ANSWERS.match(text, match.end()):
            continue
        if _PART_BEFORE.search(text[: match.start()]):
            continue
        if _COUNTED.search(text, 0, match.start()):
            continue  # "at least two percentages with the % sign": a count, unread
        # "a whole-number percentage": the form stands before the noun
        if not match["adj"] and not _LINK.match(text, match.end()):
            continue
        # the original text, for samples in quotes; the masked one bounds the clause
        clause = _clause(text, match.end())
        yield match, sentence.original[match.end() : match.end() + len(clause)]


def _asked(sentence: Sentence, start: int) -> bool:
    verb = _VERB.search(sentence.lower, 0, start)
    return required(sentence, start) or (verb is not None and required(sentence, verb.start()))


# the form before its subject: "use two decimals for all prices", "show the £ sign on every amount"
_FRONTED = compile_lazily(
    r"\b(?:use|using|with|show|give|keep)\s+(?:(?:exactly|always|only)\s+)?"
    rf"(?:(?P<n>{NUMBER})\s+(?:decimal\s+places?|decimals?|decimal\s+digits)"
    r"|(?:a|the)\s+(?:(?P<s>[£$€¥₹])|(?P<w>pound|dollar|euro|yen|rupee))\s*(?:sign|symbol)"
    r"|(?P<pct>(?:a|the)\s+(?:%|percent(?:age)?)\s*(?:sign|symbol)))"
    r"\s+(?:for|on|in|with)\s+(?:(?:all|every|each|any|the|your)\s+)?(?:of\s+the\s+)?"
)


def _fronted(sentence: Sentence, noun: str) -> Iterator[tuple[re.Match[str], re.Match[str]]]:
    """Each form said before its subject, with the subject after it."""
    text = sentence.lower
    for match in _FRONTED.finditer(text):
        subject = compile_lazily(rf"(?P<noun>{noun})(?![\w-])").match(text, match.end())
        if subject is None or _NOT_ANSWERS.match(text, subject.end()):
            continue
        if _PART_BEFORE.search(text[: match.start()]) or not _asked(sentence, match.start()):
            continue
        yield match, subject


def money_hits(sentence: Sentence) -> Iterator[Found]:
    """The money formats ``sentence`` asks of the answer's amounts."""
    if not re.search(
        r"pric|cost|amount|fee|fare|salar|wage|money|balance|charge|valu", sentence.lower
    ):
        return
    for front, subject in _fronted(sentence, _MONEY_NOUN):
        if front["pct"]:
            continue
        places = number_value(front["n"]) if front["n"] else None
        symbol = front["s"] or (_SIGN_NAMES[front["w"]] if front["w"] else None)
        if places is None or places <= 4:
            yield (
                {"places": places, "symbol": symbol, "grouped": False},
                (
                    front.start(),
                    subject.end(),
                ),
            )
            return
    for match, clause in _subjects(sentence, _MONEY):
        lower = clause.lower()
        places = _places(lower)
        if places == -1:
            continue
        sign = _SIGN.search(lower)
        symbol = (sign["s"] or sign["s2"] or _SIGN_NAMES[sign["w"]]) if sign else None
        grouped = bool(_GROUPING.search(lower))
        if _OTHER_NOTATION.search(lower):
            continue  # "the euro sign after", "German format": amounts found otherwise
        one = not re.search(r"s$|money", match["noun"]) and not re.match(
            r"(?:every|each|all|any)\s", match["det"] or ""
        )
        sample = _sample(clause, one)
        if sample == {}:
            continue
        if sample is not None:
            if places is not None and sample.get("places", places) != places:
                continue  # the sample and the words disagree: no one reading
            if symbol is not None and sample["symbol"] != symbol:
                continue
            places = sample.get("places", places)
            symbol = sample["symbol"]
            grouped = grouped or sample["grouped"]
        if places is None and symbol is None and not grouped:
            continue
        if _asked(sentence, match.start()):
            yield {"places": places, "symbol": symbol, "grouped": grouped}, match.span()
            return


def percent_hits(sentence: Sentence) -> Iterator[Found]:
    """The percent formats ``sentence`` asks of the answer's percentages."""
    if "percent" not in sentence.lower:
        return
    for front, subject in _fronted(sentence, _PERCENT_NOUN):
        if front["s"] or front["w"]:
            continue
        places = number_value(front["n"]) if front["n"] else None
        if places is None or places <= 4:
            yield {"places": places, "sign": bool(front["pct"])}, (front.start(), subject.end())
            return
    for match, clause in _subjects(sentence, _PERCENT):
        lower = clause.lower()
        places = _places(lower)
        if places == -1:
            continue
        if match["adj"] and match["adj"].startswith("whole"):
            if places not in (None, 0):
                continue
            places = 0
        sign = bool(_PERCENT_SIGN.search(lower))
        if places is None and not sign:
            continue
        if _asked(sentence, match.start()):
            yield {"places": places, "sign": sign}, match.span()
            return
