"""Values named by reference: a requirement names a value the prompt states
elsewhere by what it is ("Her name is Lena Ortiz … mention her name exactly
twice", "urgent things go to a@b.com … include that email address exactly as
written", "their order #A-20931 … mention the order number exactly as
written", "the host, Tom Birch, exactly once").

A referent (the noun phrase) compiles to a keyword check only where it
resolves to exactly one value of its kind in the prompt: by shape (the one
email address, URL or phone number the prompt holds) or by the phrase that
introduces it ("her name is X", "named X", "called X", "order #A-20931",
"Password: Y"). Two candidates, none, or a candidate inside quoted or
handed-over text (a text to rewrite may be changed) compile nothing; so do
"a name", "make up a name" and any referent whose clause does not end after
it (its place, a condition, an alternative).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import frequency
from redraft.criteria._families._keywords import (
    ELSEWHERE,
    OPEN_LIST,
    REQUIRE_DONE,
    keyword_hits,
    own_modal_clause,
)
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._families._qualified import taken_back
from redraft.criteria._sentences import (
    MASK,
    Hit,
    Sentence,
    response_context,
)
from redraft.criteria._spec_base import Relation

__all__ = ["referents", "resolve"]

# Labels of codes a prompt gives as "order #A-20931", "invoice INV-2291",
# "flight LA 8084", "booking code XK7P2Q".
_LABEL = (
    r"(?:order|invoice|reference|ref|booking|tracking|flight|account|policy|case|ticket|"
    r"confirmation|reservation|membership|member|customer|serial|claim|application|"
    r"registration|shipment|parcel|room|table|gate|seat)"
)
_CODE_NOUN = r"(?:number|no\.?|code|id|reference|ref)"
# What a value is, as the requirement names it; one named group per kind.
_NOUN = (
    rf"(?:(?P<label>{_LABEL})\s+(?P<labelled>{_CODE_NOUN})"
    r"|(?P<name>(?P<part>full\s+|first\s+|last\s+)?names?)"
    r"|(?P<email>e-?mail(?:\s+address(?:es)?)?)"
    r"|(?P<url>link|url|web\s+address|website\s+address)"
    r"|(?P<phone>(?:phone|telephone|mobile|contact)\s+number|phone)"
    r"|(?P<password>password|passcode|wi-?fi\s+password)"
    r"|(?P<network>(?:network|wi-?fi)\s+name|ssid)"
    r"|(?P<date>dates?))"
)
# "that email address", "her name", "the captain's full name", "both dates";
# "a name", "any link" name no given value and are not read.
_OWNER = (
    r"(?:(?P<both>both\s+(?:the\s+)?)|(?:the|that|this|those|these|his|her|their|my|our|its|your)\s+"
    r"(?:(?P<whose>[a-z]+)(?:'s|’s)\s+)?|(?P<whose2>[a-z]+)(?:'s|’s)\s+)?"
)
_VERB = (
    r"(?:mention|mentions|include|includes|use|uses|give|state|quote|repeat|reference|cite|"
    r"contain|contains|keep)"
)
_REQUIRE_REF = compile_lazily(rf"\b(?P<verb>{_VERB})\s+(?P<ref>{_OWNER}{_NOUN})\b")
# "Her name should appear only once", "the order number must be mentioned twice"
_MODAL_REF = compile_lazily(
    rf"\b(?P<ref>{_OWNER}{_NOUN})\s+(?:should|must|has\s+to|needs\s+to|is\s+to)\s+(?:only\s+)?"
    r"(?:appear|be\s+(?:mentioned|used|included|given|stated|written))\b"
)
# How the value is written: "exactly as written", "exactly as I wrote it",
# "verbatim", "unchanged", "in exactly that format".
_MANNER = compile_lazily(
    r"\s*,?\s*(?:(?:exactly|precisely)\s+)?(?:as\s+(?:written|given|shown|spelled|spelt|stated|"
    r"is|it\s+is|they\s+are|it\s+appears|they\s+appear|above|i\s+(?:wrote|gave|typed|spelled|spelt|"
    r"wrote\s+it|wrote\s+them|gave\s+it|gave\s+them|typed\s+it|typed\s+them)(?:\s+(?:it|them))?)"
    r"|verbatim|word\s+for\s+word|unchanged|in\s+(?:exactly\s+)?(?:that|the\s+same)\s+format)\b"
)
# "… and the date": a second referent of the same verb
_NEXT_REF = compile_lazily(rf"\s*,?\s*and\s+(?P<ref>{_OWNER}{_NOUN})\b")
_ONLY = compile_lazily(r"\s*,?\s*(?:only|just)\s+(?=once\b|twice\b|thrice\b|\w+\s+times?\b)")

# --- resolving a referent to the values the prompt states -------------------------

_EMAIL = compile_lazily(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_URL = compile_lazily(r"\bhttps?://[^\s<>()\"'`]+|\bwww\.[^\s<>()\"'`]+")
_PHONE = compile_lazily(r"(?<![\w+/.-])\+?\d[\d ()-]{5,}\d(?![\w/]|\.\d)")
_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
)
_DATE = compile_lazily(
    r"\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}\b(?:\s+\d{{4}}\b)?"
    rf"|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}}\b)?",
    re.IGNORECASE,
)
# "3-17 August", "from 12 to 19 March": one end of a range is no date of its own
_RANGE_BEFORE = compile_lazily(
    r"(?:\d\s*[–-]|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:to|until|till|through))\s*$", re.IGNORECASE
)
_CODE_VALUE = r"(?P<value>#?[A-Z0-9][A-Z0-9/-]*\d[A-Z0-9/-]*|[A-Z]{2}\s\d{2,5}\b)"
_SECRET = r"(?P<value>[^\s\"“”'‘’`]+)"
_PASSWORD = compile_lazily(rf"\b(?:password|passcode)\s*(?:is\s+|:\s*)[\"“'‘`]?{_SECRET}", re.I)
_NETWORK = compile_lazily(
    rf"\b(?:network(?:\s+name)?|wi-?fi(?:\s+name)?|ssid)\s*(?:is\s+|:\s*)[\"“'‘`]?{_SECRET}", re.I
)
# A name as a prompt gives it: capitalised words, a title's abbreviation allowed
_TITLE = r"(?:Dr|Mr|Mrs|Ms|Mx|Prof|St)\.?"
_NAME_WORD = r"[^\W\d_a-zß-ÿ][\w'’-]*"
_NAME = rf"(?P<value>(?:{_TITLE}\s+)?{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}})"
# "her name is X", "named X", "called X"; "my daughter, X," (a person in apposition)
_PERSON = (
    r"(?:daughter|son|wife|husband|partner|friend|boss|mother|mom|mum|father|dad|colleague|"
    r"manager|sister|brother|teacher|client|customer|guest|host|producer|director|author|"
    r"captain|protagonist|hero|heroine|detective|character|ceo|founder|speaker|guest|student|"
    r"patient|dog|cat|puppy|kitten|grandmother|grandfather|grandma|grandpa|niece|nephew|"
    r"aunt|uncle|cousin|coach|doctor|pianist|singer|artist|chef|baby|child|kid|girlfriend|"
    r"boyfriend|fiancée?|neighbou?r|landlord|tenant|employee|intern|recruiter|candidate)"
)
_NAME_INTRO = compile_lazily(
    rf"\b(?:(?:(?i:first|full)\s+)?(?i:name)\s+(?i:is)|(?i:name's)|(?i:named)|(?i:called))\s+{_NAME}"
    rf"|\b(?i:my|our|the|his|her|their)\s+(?:[a-z-]+\s+)?(?P<noun>(?i:{_PERSON}))\s*"
    rf"(?:,\s*{_NAME.replace('value', 'apposed')}(?=\s*(?:[,.;)]|$))"
    rf"|\s+(?i:is)\s+{_NAME.replace('value', 'named')})"
    # "a bio for Dr. Amara Osei, a marine ecologist": a full name, then what the person is
    rf"|\b(?i:for|about|of|to|with)\s+(?P<described>(?:{_TITLE}\s+)?{_NAME_WORD}(?:\s+{_NAME_WORD}){{1,2}})"
    r",\s+(?i:an?)\s+[a-z]"
)
_NOT_NAME = frozenset({"I", "The", "A", "An", "It", "He", "She", "They", "We", "You", "This"})


def _in_material(whole: str, start: int, end: int) -> bool:
    """Whether ``start:end`` lies in quoted or handed-over text longer than
    itself (a text to rewrite, whose values may be meant to change)."""
    if MASK not in whole[start:end]:
        return False
    left = start
    while left > 0 and whole[left - 1] == MASK:
        left -= 1
    right = end
    while right < len(whole) and whole[right] == MASK:
        right += 1
    return (right - left) > (end - start) + 2


def _found(
    pattern: re.Pattern[str], full: str, whole: str, group: int | str = 0
) -> list[str] | None:
    """The distinct values ``pattern`` finds, or None when one lies in material."""
    values: list[str] = []
    for match in pattern.finditer(full):
        start, end = match.span(group)
        value = full[start:end].rstrip(".,;:!?")
        if _in_material(whole, start, start + len(value)):
            return None
        if value not in values:
            values.append(value)
    return values


def _dates(full: str, whole: str) -> list[str] | None:
    found = _found(_DATE, full, whole)
    if found is None or any(_RANGE_BEFORE.search(full, 0, m.start()) for m in _DATE.finditer(full)):
        return None  # "3-17 August": which date is "the date"?
    return found


def _phones(full: str, whole: str) -> list[str] | None:
    values = _found(_PHONE, full, whole)
    if values is None:
        return None
    # seven digits or more, grouped or with a leading + or 0: not a year or an amount
    return [
        v.strip()
        for v in values
        if 7 <= sum(c.isdigit() for c in v) <= 15 and (v[0] in "+0(" or re.search(r"[ -]", v))
    ]


def _names(full: str, whole: str, whose: str | None) -> list[str] | None:
    values: list[str] = []
    for match in _NAME_INTRO.finditer(full):
        group = next(g for g in ("value", "apposed", "named", "described") if match.group(g))
        start, end = match.span(group)
        words = full[start:end].split()
        while words and words[-1] in _NOT_NAME:
            words.pop()
        if not words or words[0] in _NOT_NAME:
            continue
        value = " ".join(words)
        if _in_material(whole, start, start + len(value)):
            return None
        noun = (match.group("noun") or "").lower()
        if whose and noun != whose:
            continue  # "the captain's name": a name given for the captain
        if value not in values:
            values.append(value)
    return values


def _codes(full: str, whole: str, label: str) -> list[str] | None:
    pattern = compile_lazily(
        rf"\b(?i:{label})\s*(?:(?i:{_CODE_NOUN})\s*)?(?:(?i:is|was)\s+|[:=]\s*)?\(?\s*{_CODE_VALUE}"
    )
    return _found(pattern, full, whole, "value")


def _name_part(value: str, part: str) -> str | None:
    # "Dr. Amara Osei": the name without the title is in the answer either way
    words = [w for w in value.split() if not re.fullmatch(_TITLE, w)]
    value = " ".join(words)
    if part == "full":
        return value if len(words) >= 2 else None
    if part in ("first", "last"):
        return (words[0] if part == "first" else words[-1]) if len(words) >= 2 else None
    return value


def resolve(ref: re.Match[str], full: str, whole: str) -> list[str] | None:
    """The value(s) a referent names, or None unless exactly the number it
    names (one, or two after "both") is stated in the prompt."""
    whose = ref.group("whose") or ref.group("whose2")
    if ref.group("name"):
        found = _names(full, whole, whose.lower() if whose else None)
    elif ref.group("email"):
        found = _found(_EMAIL, full, whole)
    elif ref.group("url"):
        found = _found(_URL, full, whole)
    elif ref.group("phone"):
        found = _phones(full, whole)
    elif ref.group("password"):
        found = _found(_PASSWORD, full, whole, "value")
    elif ref.group("network"):
        found = _found(_NETWORK, full, whole, "value")
    elif ref.group("date"):
        found = _dates(full, whole)
    else:
        label = ref.group("label").lower()
        found = _codes(full, whole, "ref(?:erence)?" if label in ("ref", "reference") else label)
    wanted = 2 if ref.group("both") else 1
    if found is None or len(found) != wanted:
        return None
    if ref.group("name"):
        part = (ref.group("part") or "").strip()
        parts = [_name_part(v, part) for v in found]
        return [p for p in parts if p] if all(parts) else None
    return found


def _after(sentence: Sentence, pos: int) -> tuple[list[tuple[Relation, int]], int]:
    text = sentence.lower
    if manner := _MANNER.match(text, pos):
        pos = manner.end()
    if only := _ONLY.match(text, pos):
        # "should appear only once": the count itself, neither more nor fewer
        amounts, end = frequency(sentence, only.end())
        return (amounts, end) if end > only.end() else ([], pos)
    return frequency(sentence, pos)


# "mention the host, Tom Birch, exactly once": the value in apposition to its noun
_APPOSED = compile_lazily(
    rf"\b(?i:{_VERB})\s+(?i:the|my|our|his|her|their)\s+(?:[a-z-]+\s+)?(?i:{_PERSON})\s*,\s*"
    rf"(?P<value>{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}})\s*,"
)


def _apposed(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    for match in _APPOSED.finditer(sentence.masked):
        amounts, end = _after(sentence, match.end())
        if end == match.end() or not amounts:
            continue  # "mention the host, Tom Birch, and …": no count, maybe a list of people
        if OPEN_LIST.match(text, end) or ELSEWHERE.match(text, end):
            continue
        if not REQUIRE_DONE.match(text, end) or taken_back(text, end):
            continue
        if asks_about(sentence, match.start()) or not response_context(sentence, match.start()):
            continue
        value = sentence.unmask(*match.span("value"))
        yield from keyword_hits([value], amounts, match.start(), end)


def referents(sentence: Sentence) -> Iterator[Hit]:
    """Values named by what they are, resolved in the prompt, each required."""
    yield from _apposed(sentence)
    text = sentence.lower
    full, whole = sentence.full, sentence.whole
    if not full:
        return
    for pattern in (_REQUIRE_REF, _MODAL_REF):
        for match in pattern.finditer(text):
            keep = pattern is _REQUIRE_REF and match.group("verb") == "keep"
            if keep and not _MANNER.match(text, match.end()):
                continue  # "keep the date": kept how? only "exactly as written" says
            amounts, end = _after(sentence, match.end())
            if not amounts or OPEN_LIST.match(text, end) or ELSEWHERE.match(text, end):
                continue
            if not REQUIRE_DONE.match(text, end) or taken_back(text, end):
                continue
            if pattern is _REQUIRE_REF:
                if asks_about(sentence, match.start()) or not response_context(
                    sentence, match.start()
                ):
                    continue
            elif not own_modal_clause(sentence, match.start()):
                continue
            values = resolve(match, full, whole)
            if values is None:
                continue
            yield from keyword_hits(values, amounts, match.start(), end)
            # "include flight number exactly as I wrote and the date": the next referent
            while pattern is _REQUIRE_REF and (more := _NEXT_REF.match(text, end)):
                manner = _MANNER.match(text, more.end())
                next_end = manner.end() if manner else more.end()
                if frequency(sentence, next_end)[1] != next_end:
                    break  # "… and the date twice": its own count, not the first one's
                if not REQUIRE_DONE.match(text, next_end) or ELSEWHERE.match(text, next_end):
                    break
                next_values = resolve(more, full, whole)
                if next_values is None:
                    break
                yield from keyword_hits(next_values, amounts, more.start("ref"), next_end)
                end = next_end
