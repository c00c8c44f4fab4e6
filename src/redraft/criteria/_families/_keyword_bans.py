"""Banned words stated by a label, of the words themselves, or as the
members of a banned kind: "Banned words: 'synergy', 'leverage'", "'Synergy'
is off-limits", "no filler words like 'basically' or 'literally'", "no
technical words like hash or node or ledger".

A kind's examples ("like", "such as") are the words banned: each is plainly
one of the kind, and the check holds them, not the kind's other members. Part
of the keyword family (:mod:`._keyword_clauses`).
"""

from __future__ import annotations

from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily, compiled
from redraft.criteria._families._arguments import ARG, parse_list
from redraft.criteria._families._keywords import (
    ELSEWHERE,
    MORE_THAN,
    OPEN_LIST,
    forbidden_hit,
    keyword_hits,
)
from redraft.criteria._families._lexical import asks_about, elliptical_ban, required
from redraft.criteria._grammar import number_value
from redraft.criteria._sentences import Hit, Sentence, response_context, sentence_blocked

__all__ = [
    "bare_quoted_ban",
    "banned",
    "banned_kinds",
    "kept_out",
    "unit_bans",
]

# "no apology words like 'sorry' or 'apologize'", "avoid superlatives such as
# 'best', 'greatest'": a banned kind of word, its quoted members banned.
_FORBID_KIND = compile_lazily(
    r"\b(?:no|avoid|avoiding|without|never\s+(?:use|say|write|mention)|(?:don'?t|do\s+not)\s+"
    r"(?:use|say|write|mention))\s+(?:any\s+)?(?:[\w-]+\s+){0,2}?(?:words?|terms?|phrases?|"
    r"adjectives|adverbs|verbs|nouns|superlatives|clich[eé]s|buzzwords|jargon|fillers?|filler\s+words|"
    r"pronouns|hedges|slang|expressions|intensifiers|brands?|names|"
    # "never use first person ("I", "me", "my")": a grammatical person, its words listed
    r"(?:first|second)[\s-]person)\s*,?\s*"
    # "no pronouns 'I' or 'my'": the banned words may follow the kind directly,
    # or a colon ("No apology words: 'sorry', 'regret'."; quoted only)
    r"\(?(?:(?P<like>like|such\s+as|e\.g\.,?|including|for\s+example,?)\s*:?\s*|:\s*(?=[\"“'‘«`]\ue000))?"
    # "no technical words like hash or node or ledger": after "like", bare words too
    r"(?:(?=[\"“'‘«`]\ue000)|(?<=like\s)(?=[a-z])|(?<=as\s)(?=[a-z]))"
)
# Any other kind, named by a plural noun, with its examples given by "like" or
# "such as": "no abbreviations like 'bd' or 'od'", "never mention competitors
# such as Booking.com, Expedia or Airbnb"; not a count ("no more than 3 …")
_FORBID_EXAMPLES = compile_lazily(
    r"\b(?:no|avoid|avoiding|without|never\s+(?:use|say|write|mention)|(?:don'?t|do\s+not)\s+"
    r"(?:use|say|write|mention))\s+(?:any\s+)?(?!(?:more|fewer|less|other|such)\b)"
    r"(?:[\w-]+\s+){0,2}?[a-z][\w-]*[a-rt-z]s\s*,?\s*\(?(?P<like>like|such\s+as|e\.g\.,?)\s*:?\s*"
    r"(?:(?=[\"“'‘«`]\ue000)|(?<=like\s)(?=[a-z])|(?<=as\s)(?=[a-z]))"
)
# kinds whose examples are drawn, not written: "no symbols like hearts"
_NOT_WORDS = compile_lazily(
    r"\b(?:symbols|emojis|emoticons|icons|characters|signs|marks|images|pictures|graphics|"
    r"drawings|illustrations|stickers|gifs|shapes)\b"
)
# "never mention competitor names (Amazon, eBay, Etsy)": names in brackets, each
# written with a capital, are the kind's members even without "like"
_NAMES_IN_BRACKETS = compile_lazily(
    r"\b(?:never\s+(?:use|say|write|mention)|(?:don'?t|do\s+not)\s+(?:use|say|write|mention))\s+"
    r"(?:any\s+)?(?:[\w-]+\s+){0,2}?(?:names|brands|companies|competitors)\s*\((?=[a-z])"
)
# The examples of a banned kind, the members banned: the listed words, each plainly
# one of the kind, are what the check holds (the kind's other members are not).
_QUOTES = ('"', "“", "'", "‘", "«", "`")
# the clause ends, or a reason follows: "no 'please' because the manager hates it"
_BARE_DONE = compile_lazily(
    # "No 'I', no 'me', no 'my' anywhere": anywhere in the answer, the clause then ending
    r"\s*(?:(?:anywhere|at\s+all|whatsoever)(?=\s*(?:$|[.;!,)]|—|–|(?:and|but)\b)))?"
    r"\s*(?:$|[.;!,)]|—|–|\s-\s|(?:and|but|because|since|as)\b)"
)
# "Banned words: 'synergy', 'leverage'", "'Synergy' is off-limits": a ban stated as a label
# or of the quoted words themselves.
_BANNED_LABEL = compile_lazily(
    # "Banned buzzwords: …", "Forbidden marketing terms: …": a kind of word may
    # be named by up to two words before its noun
    r"\b(?:banned|forbidden|prohibited|blacklisted|taboo|off-limits)\s+(?:[a-z][\w-]*\s+){0,2}?"
    r"(?:words?|terms?|phrases?|buzzwords|expressions|clich[eé]s)\s*:\s*"
)
# "'Synergy' is off-limits", "the word 'cheap' is banned": the words, named or not
_QUOTED_HEAD = compile_lazily(
    rf"(?:\b(?:the\s+)?(?:words?|terms?|phrases?|expressions?)\s+)?(?<![\w\ue000])(?P<arg>{ARG})"
)
_IS_BANNED = compile_lazily(
    r"\s+(?:is|are)\s+(?:strictly\s+|completely\s+)?(?:off[\s-]limits|banned|forbidden|prohibited|"
    r"not\s+allowed)(?=\s*(?:$|[.;!,]|in\s+(?:the|your)\s+(?:answer|response|reply|text)\b))"
)

# "Keep the word 'synergy' out", "leave the phrase 'act now' out of it": the
# words kept out of the answer itself, not out of one part ("… out of the title")
_KEEP_OUT = compile_lazily(
    r"\b(?:keep|leave)\s+(?:the\s+)?(?:words?|terms?|phrases?)\s+(?=[\"“'‘«`]\ue000)"
)
_OUT = compile_lazily(
    r"\s+out(?:\s+of\s+(?:it|(?:the|your)\s+(?:entire\s+|whole\s+)?(?:answer|response|reply|"
    r"text|copy|email|post|message|letter|story|poem|piece|description|summary)))?"
    r"(?:\s+(?:entirely|completely|altogether))?(?=\s*(?:$|[.;!,]|—|–|and\b|but\b))"
)


def kept_out(sentence: Sentence) -> Iterator[Hit]:
    """Quoted words kept out of the answer: "keep the word 'synergy' out"."""
    text = sentence.lower
    for match in _KEEP_OUT.finditer(text):
        parsed = parse_list(sentence, match.end())
        if not parsed or (out := _OUT.match(text, parsed[1])) is None:
            continue
        if asks_about(sentence, match.start()) or not response_context(
            sentence, match.start(), owns_negation=True
        ):
            continue
        if hit := forbidden_hit(parsed[0], match.start(), out.end()):
            yield hit


def banned(sentence: Sentence) -> Iterator[Hit]:
    """Words banned by a label ("Banned words: 'a', 'b'") or of themselves
    ("'Synergy' is off-limits")."""
    text = sentence.lower
    for match in _BANNED_LABEL.finditer(text):
        parsed = parse_list(sentence, match.end())
        if not parsed or OPEN_LIST.match(text, parsed[1]) or asks_about(sentence, 0):
            continue
        if response_context(sentence, match.start(), owns_negation=True) and (
            hit := forbidden_hit(parsed[0], match.start(), parsed[1])
        ):
            yield hit
    for match in _QUOTED_HEAD.finditer(text):
        parsed = parse_list(sentence, match.start("arg"))
        if not parsed or (ban := _IS_BANNED.match(text, parsed[1])) is None:
            continue
        if asks_about(sentence, match.start()) or not response_context(
            sentence, match.start(), owns_negation=True
        ):
            continue
        if hit := forbidden_hit(parsed[0], match.start(), ban.end()):
            yield hit
        return


def banned_kinds(sentence: Sentence) -> Iterator[Hit]:
    """The quoted members of a banned kind of word ("no filler words like
    'basically' or 'literally'"): each is banned, whatever else the kind holds."""
    text = sentence.lower
    starts: set[int] = set()
    for match in (
        *_FORBID_KIND.finditer(text),
        *_FORBID_EXAMPLES.finditer(text),
        *_NAMES_IN_BRACKETS.finditer(text),
    ):
        if match.start() in starts:
            continue
        parsed = parse_list(sentence, match.end())
        if not parsed or ELSEWHERE.match(text, parsed[1]) or OPEN_LIST.match(text, parsed[1]):
            continue
        if match.re is compiled(_FORBID_EXAMPLES) and _NOT_WORDS.search(
            text, match.start(), match.end()
        ):
            continue  # "no symbols like hearts": heart symbols, not the word
        if match.re is compiled(_NAMES_IN_BRACKETS) and (
            not text.startswith(")", parsed[1]) or any(w.lower() == w for w in parsed[0])
        ):
            continue  # "(even first names)": not names, each written with a capital
        if text.startswith(")", parsed[1]) and ELSEWHERE.match(text, parsed[1] + 1):
            continue  # "no pronouns ('I', 'me') in the title": one part's
        words = parsed[0]
        if not text.startswith(_QUOTES, match.end()):
            if words[-1].lower() in ("please", "thanks"):
                words = words[:-1]  # "… such as synergy or leverage, please"
            if not words or not _BARE_DONE.match(text, parsed[1]):
                continue  # "no words like these in the intro": bare examples end the clause
        if asks_about(sentence, match.start()) or MORE_THAN.match(text, parsed[1]):
            continue
        if not required(sentence, match.start(), owns_negation=True):
            continue  # "Third person, no pronouns 'I' or 'my'": an item of a terse list reads
        if hit := forbidden_hit(words, match.start(), parsed[1]):
            starts.add(match.start())
            yield hit


# "No 'love' — it's a joke card", "…, no 'synergy'": a bare "no" before quoted words
# that end the clause bans them (not "no 'yes' or 'no' answers": a kind of thing
# named by them, nor "no 'I think' at the start": one place).
# "Address them as 'u', never 'je' or 'jij'", "…, but never the word 'pain'", "a
# pangram, but not 'the quick brown fox'": an elliptical "never (use)" as well.
_NO_QUOTED = compile_lazily(
    r"(?:^[\s\-*•]*|[,;:(]\s*|[—–]\s*|\b(?:and|but)\s+)"
    # "No superlatives — so no 'best' or 'greatest'": the kind's words spelled out
    r"(?P<restated>(?:so|i\.e\.,?|meaning|that\s+is,?)\s+)?"
    # "Inclusive language, nothing about 'mankind'": the word is what is kept out
    r"(?P<no>(?:absolutely\s+)?no|nothing\s+(?:about|like)|(?P<never>never|not))"
    r"(?:\s+(?:the\s+)?(?:words?|phrases?|terms?))?\s+(?=[\"“'‘«`]\ue000)"
)


# the ban a restatement after a dash or comma spells out: "No superlatives — "
_RESTATED_BAN = compile_lazily(
    r"(?:^|[,;:]\s*|\b(?:and|but)\s+)(?P<ban>(?:no|avoid|without)\s+[\w-]+(?:\s+[\w-]+)?)"
    r"\s*(?:[—–,]\s*)?$"
)


def bare_quoted_ban(sentence: Sentence) -> Iterator[Hit]:
    """Quoted words after a bare "no" that ends its clause: "No 'love'"."""
    text = sentence.lower
    for match in _NO_QUOTED.finditer(text):
        parsed = parse_list(sentence, match.end())
        if not parsed or OPEN_LIST.match(text, parsed[1]) or ELSEWHERE.match(text, parsed[1]):
            continue
        limit = MORE_THAN.match(text, parsed[1])
        if limit is None and not _BARE_DONE.match(text, parsed[1]):
            continue
        start = match.start("no")
        if match.group("never"):
            # "Address them as 'u', never 'je'": a verb said before it, left out
            if limit is not None or not elliptical_ban(sentence, start):
                continue
        elif match.group("restated"):
            # "No superlatives — so no 'best'": the words spell out the ban before
            # the dash, and are required where it is
            before = _RESTATED_BAN.search(text, 0, match.start("restated"))
            if before is None or not required(sentence, before.start("ban"), owns_negation=True):
                continue
        elif asks_about(sentence, start) or not required(sentence, start, owns_negation=True):
            continue
        if limit is not None:
            # "absolutely no 'sorry' more than once": a ceiling, not a ban
            most = number_value(limit.group("num") or limit.group("word") or "")
            if most is not None and not ELSEWHERE.match(text, limit.end()):
                yield from keyword_hits(parsed[0], [("at_most", most)], start, limit.end())
            continue
        if hit := forbidden_hit(parsed[0], start, parsed[1]):
            yield hit


# Units of measure: a unit banned from a recipe or a reading ("no cups or ounces",
# "never use Fahrenheit") is the word itself kept out, whatever the quantity. Each
# is banned in its singular, whose plural the keyword check counts with it.
_UNITS = {
    "cup": "cup",
    "cups": "cup",
    "ounce": "ounce",
    "ounces": "ounce",
    "oz": "oz",
    "tablespoon": "tablespoon",
    "tablespoons": "tablespoon",
    "tbsp": "tbsp",
    "teaspoon": "teaspoon",
    "teaspoons": "teaspoon",
    "tsp": "tsp",
    "spoon": "spoon",
    "spoons": "spoon",
    "pint": "pint",
    "pints": "pint",
    "quart": "quart",
    "quarts": "quart",
    "gallon": "gallon",
    "gallons": "gallon",
    "fahrenheit": "Fahrenheit",
    "celsius": "Celsius",
    "inch": "inch",
    "inches": "inch",
    "yard": "yard",
    "yards": "yard",
    "mile": "mile",
    "miles": "mile",
}
_UNIT = r"(?:" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r")"
_UNIT_BAN = compile_lazily(
    r"(?:^[\s\-*•]*|[,;:(]\s*|[—–]\s*|\b(?:and|but|so)\s+)"
    r"(?:no|never\s+use|(?:do\s+not|don'?t)\s+use|avoid|without)\s+(?:any\s+)?"
    rf"(?P<units>{_UNIT}(?:\s*(?:,|/|\bor\b|\band\b|\bnor\b)\s*(?:,\s*)?(?:no\s+)?{_UNIT})*)\b"
    r"(?=\s*(?:$|[.;!,)]|—|–|\s-\s|(?:please|at\s+all|anywhere|whatsoever)\b))"
)
_UNIT_WORD = compile_lazily(rf"\b{_UNIT}\b")
# "Quantities in grams only (no cups or ounces)": a convention of units stated for
# the answer's quantities, whose ban then stands whatever the sentence's subject;
# not one of a text someone owns ("my recipe has no cups")
_CONVENTION = compile_lazily(
    r"\b(?:metric|imperial|grams?|ml|quantit(?:y|ies)|measurements?|units?|ingredients?)\b"
)
_OWNER = compile_lazily(r"\b(?:my|our|his|her|their|this|these|the\s+following)\b")


def unit_bans(sentence: Sentence) -> Iterator[Hit]:
    """Units of measure banned from the answer: "no cups or ounces"."""
    text = sentence.lower
    for match in _UNIT_BAN.finditer(text):
        if sentence_blocked(sentence, match.start()) or asks_about(sentence, match.start()):
            continue
        before = text[: match.start()]
        if not required(sentence, match.start("units"), owns_negation=True) and (
            not _CONVENTION.search(before) or _OWNER.search(before)
        ):
            continue
        words = [_UNITS[w.group(0)] for w in _UNIT_WORD.finditer(text, *match.span("units"))]
        start = match.start() + len(match.group(0)) - len(match.group(0).lstrip(" ,;:(—–-*•"))
        if hit := forbidden_hit(list(dict.fromkeys(words)), start, match.end()):
            yield hit
