"""What ``_blind_map`` expects of the lexical families (punctuation, scripts,
word shapes, numbers, literals): one function per family, each reading a
constraint's structured fields (unit, scope, relation, value, words, note)
and returning the checks that enforce it, or None where the family does not
state it (the general mapping then decides)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from _blind_acrostic import acrostic
from _blind_matchers import Expectation, Matcher, Spec, all_of, count, counts, first_found, no_kind
from _blind_parts import NUMERIC, count_value, is_response, phrase, scope_of
from _blind_rows import Fields

__all__ = ["lexical"]


def _unit(c: Fields) -> str:
    return " ".join(str(c.unit or "").lower().replace("_", " ").split())


def _relation(c: Fields) -> str:
    return c.relation.strip().lower()


def _marks(spec: Spec, key: str, want: str) -> bool:
    got = spec.get(key)
    return isinstance(got, str) and set(got) == set(want)


# -- punctuation ------------------------------------------------------------------------

_MARK_NAMES: dict[str, str] = {
    r"commas?": ",",
    r"periods?|full stops?": ".",
    r"exclamation (?:marks?|points?)": "!",
    r"question marks?": "?",
    r"semi-?colons?": ";",
    r"colons?": ":",
    r"em[- ]?dash(?:es)?": "—",
    r"ellips[ie]s": "…",
}


def _mark_of(c: Fields) -> str | None:
    unit = _unit(c)
    for pattern, mark in _MARK_NAMES.items():
        if re.fullmatch(pattern, unit):
            return mark
    return None


def _punctuation(c: Fields) -> Expectation | None:
    relation, unit, scope = _relation(c), _unit(c), scope_of(c.scope)
    if relation in NUMERIC and is_response(scope):
        mark = _mark_of(c)
        bounds = count_value(relation, c.value)
        if mark is not None and bounds and all(n > 0 or r != "at_most" for r, n in bounds):
            return all_of(*counts("punctuation_count", relation, c.value, mark=mark))
    if relation == "none" and is_response(scope) and re.fullmatch(r"punctuation( marks?)?", unit):
        allowed = ""
        if re.search(r"allowed|except|only", c.note, re.I):
            allowed = "".join(re.findall(r"['\"‘“](\W)['\"’”]", c.note))
        return all_of(
            Matcher(
                frozenset({"no_punctuation"}),
                lambda s: _marks(s, "allowed", allowed),
                f"no_punctuation allowed={allowed!r}",
            )
        )
    if relation == "none" and scope[0] == "end":
        marks = c.value if isinstance(c.value, str) else "".join(c.words)
        if marks and all(not ch.isalnum() and not ch.isspace() for ch in marks):
            return all_of(
                Matcher(
                    frozenset({"no_final_mark"}),
                    lambda s: _marks(s, "marks", marks),
                    f"no_final_mark marks={marks!r}",
                )
            )
    return None


# -- scripts ----------------------------------------------------------------------------

_SCRIPT_UNITS = {
    "latin": "Latin", "cyrillic": "Cyrillic", "greek": "Greek", "han": "Han",
    "chinese": "Han", "kanji": "Han", "hiragana": "Hiragana", "katakana": "Katakana",
    "hangul": "Hangul", "korean": "Hangul", "arabic": "Arabic", "hebrew": "Hebrew",
    "devanagari": "Devanagari", "thai": "Thai",
}  # fmt: skip


def _script_rule(script: str, rule: str) -> Matcher:
    return Matcher(
        frozenset({"script"}),
        lambda s: s.get("script") == script and s.get("rule") == rule,
        f"script {script} {rule}",
    )


def _scripts(c: Fields) -> Expectation | None:
    relation, unit, scope = _relation(c), _unit(c), scope_of(c.scope)
    if not is_response(scope):
        return None
    if relation == "all" and re.fullmatch(r"(7-bit )?ascii", str(c.value or "").lower()):
        # every emoji lies outside ASCII: a ban on emoji is a part of this
        return replace(
            all_of(Matcher(frozenset({"ascii_only"}), lambda s: True, "ascii_only")),
            implied=(count("emoji_count", "at_most", 0),),
        )
    found = re.fullmatch(r"(\w+) (?:letter|character|script|alphabet)s?", unit)
    script = _SCRIPT_UNITS.get(found[1]) if found else None
    named = str(c.value or "").strip().lower()
    if script is None and relation == "all" and re.fullmatch(r"letters?|char(?:acter)?s?", unit):
        # every letter of one script: the script as the value
        script = _SCRIPT_UNITS.get(re.sub(r" (?:script|alphabet|letters?)$", "", named))
        return all_of(_script_rule(script, "only")) if script else None
    if script is None:
        return None
    if relation == "none":
        # "X characters only" states the ban on Latin letters too, and more
        only = re.search(r"\b(\w+) characters only\b", c.note.lower())
        other = _SCRIPT_UNITS.get(only[1]) if only else None
        wanted = _script_rule(script, "none")
        if other is None:
            return all_of(wanted)
        alike = _script_rule(other, "only")
        return all_of(
            Matcher(
                wanted.kinds,
                lambda s: wanted.test(s) or alike.test(s),
                f"{wanted.label} (or {alike.label})",
            )
        )
    if relation == "contains":
        return all_of(_script_rule(script, "some"))
    if relation == "all":
        return all_of(_script_rule(script, "only"))
    return None


# -- word games ---------------------------------------------------------------------------


def _kind(kind: str, label: str, **want: object) -> Matcher:
    def test(spec: Spec) -> bool:
        return all(str(spec.get(k, "")).casefold() == str(v).casefold() for k, v in want.items())

    return Matcher(frozenset({kind}), test, f"{kind} {label}".strip())


_INITIALS = re.compile(
    r"(?:(?:the )?(?:each|every) (line|sentence)'?s? first letters?"
    r"|(?:the )?first letters? of (?:each|every|the|all(?: the)?) (line|sentence)s?)"
)
"""Scopes naming the first letter of every line or sentence: what an acrostic spells."""


def _acrostic(c: Fields) -> Expectation | None:
    """ "The first letters of the lines spell RAMADAN", the word as the value
    (or its letters, one a word)."""
    found = _INITIALS.fullmatch(" ".join(str(c.scope or "").lower().split()))
    if found is None or _relation(c) != "equals":
        return None
    letters = c.value if isinstance(c.value, tuple) else (c.value,)
    if not all(isinstance(x, str) for x in letters):
        return None
    word = "".join(str(x).strip() for x in letters)
    if len(word) < 2 or not word.isalpha() or (len(letters) > 1 and len(word) != len(letters)):
        return None
    part = found[1] or found[2]
    return all_of(_kind("acrostic", f"{word} per {part}", word=word, part=part))


def _wordplay(c: Fields) -> Expectation | None:
    relation, unit, scope = _relation(c), _unit(c), scope_of(c.scope)
    value = c.value if isinstance(c.value, str) else ""
    spelled = _acrostic(c) or acrostic(c)  # bench/_blind_acrostic.py
    if spelled is not None:
        return spelled
    if unit in ("first letter", "initial", "initial letter") and scope[0] == "each":
        if relation == "equals" and value.isalpha() and scope[1] in ("line", "sentence"):
            return all_of(_kind("acrostic", f"{value} per {scope[1]}", word=value, part=scope[1]))
        if relation == "all" and len(value) == 1 and value.isalpha() and scope[1] == "word":
            return all_of(_kind("tautogram", value, letter=value.lower()))
    one_letter = len(value.strip()) == 1 and value.strip().isalpha()
    initial = unit in ("", "word", "words", "letter", "first letter")
    starts = relation == "starts_with" or (relation == "all" and unit == "")
    if starts and scope[:2] == ("each", "word") and one_letter and initial:
        # "every word starts with the letter S": a tautogram
        return all_of(_kind("tautogram", value.strip(), letter=value.strip().lower()))
    if is_response(scope) and re.fullmatch(r"palindrom(?:e|ic)", value.strip().lower()):
        return all_of(_kind("palindrome", ""))
    alphabet = re.fullmatch(r"a\s*[-–]\s*z", value.strip().lower())
    if relation == "all" and unit == "letter" and is_response(scope) and alphabet:
        return all_of(_kind("pangram", ""))
    return None


# -- word length and openings ------------------------------------------------------------


def _word_length(c: Fields) -> Expectation | None:
    relation, unit, scope = _relation(c), _unit(c), scope_of(c.scope)
    # the length of each word: in letters (characters of a word are read as its
    # letters, the kind's stated approximation), or (unit word, scope each word)
    # no other measure
    if (
        relation in NUMERIC
        and scope[:2] == ("each", "word")
        and re.fullmatch(r"letters?|words?|characters?|chars?", unit)
    ):
        bounds = count_value(relation, c.value)
        return all_of(*counts("word_length", relation, c.value)) if bounds else None
    return None


_NEGATED_START = re.compile(
    r"\b(?:not?|never|dont|don't|avoid)[ _-]?(?:start|begin|open)"
    r"|\b(?:must|should|may|can|do|does)(?:n't| not) (?:start|begin|open)",
    re.I,
)
"""A label or a note naming a start not to make: the only fields that say so
under relation "other"."""


def _opening(c: Fields) -> Expectation | None:
    scope = scope_of(c.scope)
    # "do not begin with X": the start as the scope, or the whole answer with a
    # label naming the start (the writer's only field that says where)
    # (or the note: "must not start with these", a field every label leaves as it is)
    said = f"{c.family} {c.note}"
    labelled = is_response(scope) and re.search(r"start|begin|open", said, re.I) is not None
    # relation "other" with a label (a note) naming a start not to make ("not_starts_with")
    negated = _NEGATED_START.search(said) is not None
    ruled = _relation(c) == "none" or (_relation(c) == "other" and negated)
    if not ruled or not (scope[0] == "start" or labelled):
        return None
    banned = [w for w in c.words if w.strip()] or ([c.value] if isinstance(c.value, str) else [])
    if not banned:
        return None
    want = {phrase(w) for w in banned}

    def test(spec: Spec) -> bool:
        got = spec.get("phrases")
        return isinstance(got, list | tuple) and want <= {phrase(str(p)) for p in got}

    return all_of(Matcher(frozenset({"not_starts_with"}), test, f"not_starts_with {sorted(want)}"))


# -- numbers and literals ------------------------------------------------------------------


_NUMERIC_FACTS = re.compile(
    r"(?:specific |concrete |numeric(?:al)? |real |key )?"
    r"(?:statistics?|stats?|figures?|data[ -]points?|numeric (?:facts?|values?)|numerical facts?)"
)
"""Units naming numbers the answer cites: a statistic, a figure, a data point."""


def _numbers(c: Fields) -> Expectation | None:
    relation, unit, scope = _relation(c), _unit(c), scope_of(c.scope)
    if not is_response(scope):
        return None
    if relation in NUMERIC and re.fullmatch(
        r"(?:specific |concrete )?(?:numbers?|numerals?)", unit
    ):
        bounds = count_value(relation, c.value)
        return all_of(*counts("number_count", relation, c.value)) if bounds else None
    if relation in NUMERIC and _NUMERIC_FACTS.fullmatch(unit):
        # "at least 3 statistics": as many numbers at least (the check reads
        # digits); a cap or an exact count of one sort of number is no
        # count of every number the answer writes (a year, a date)
        bounds = count_value(relation, c.value)
        if bounds and all(rel == "at_least" for rel, _ in bounds):
            return all_of(*counts("number_count", relation, c.value))
        return no_kind("numbers of one sort: no kind counts them apart from the others")
    value = str(c.value or "").lower()
    single = re.fullmatch(r"(?:an? )?(?:integer|number|numeric|digits?)(?: only)?", value)
    if relation == "matches_format" and unit in ("answer", "response", "output") and single:
        return all_of(_kind("number_only", ""))
    digit = re.fullmatch(r"(?:an? |one |single |a single )+digit(?: only)?", value)
    if relation == "matches_format" and unit in ("answer", "response", "output") and digit:
        # one digit is one number, and more: the number-only check states a part of it
        return no_kind("a single digit: no kind states it whole", _kind("number_only", ""))
    return None


def _literals(c: Fields) -> Expectation | None:
    if _relation(c) != "matches_format" or not is_response(scope_of(c.scope)):
        return None
    value = str(c.value or "").lower()
    found = re.fullmatch(r"python (list|dict|dictionary|tuple|set)(?: literal)?", value)
    if found:
        shape = "dict" if found[1].startswith("dict") else found[1]
        return all_of(_kind("python_literal", shape, shape=shape))
    if re.fullmatch(r"comma[- ]?separated(?: list)?", value):
        return all_of(_kind("comma_list", "", separator=","))
    return None


_PLACES_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


def _number_formats(c: Fields) -> Expectation | None:
    if _relation(c) != "matches_format":
        return None
    where, part, _ = scope_of(c.scope)
    value = str(c.value or "").lower().strip()
    whole = where == "response" or (
        where == "each" and re.search(r"number|price|value", part or "")
    )
    places = re.fullmatch(r"(\d|one|two|three|four) decimal places?|\d\.(0+)", value)
    if whole and places:
        n = len(places[2]) if places[2] else _PLACES_WORDS.get(places[1]) or int(places[1])
        return all_of(_kind("decimal_places", str(n), places=n))
    if where != "response":
        return None
    if re.fullmatch(r"yyyy-mm-dd|iso[ -]?8601(?: dates?)?", value):
        return all_of(_kind("date_format", ""))
    if re.fullmatch(r"(?:hh:mm|24[- ]?hour)(?: \(?24[- ]?hour\)?)?", value):
        return all_of(_kind("time_format", ""))
    return None


def _capitals(c: Fields) -> Expectation | None:
    named = [w for w in c.words if w.strip()]
    value = str(c.value or "").lower()
    if _relation(c) != "all" or not named or not re.search(r"upper|capital|caps", value):
        return None
    if not is_response(scope_of(c.scope)) or not re.fullmatch(
        r"(?:key)?words?|terms?|names?", _unit(c)
    ):
        return None
    want = {phrase(w) for w in named}

    def test(spec: Spec) -> bool:
        got = spec.get("words")
        return isinstance(got, list | tuple) and want <= {phrase(str(w)) for w in got}

    return all_of(
        Matcher(frozenset({"words_in_capitals"}), test, f"words_in_capitals {sorted(want)}")
    )


def _first_words(c: Fields) -> Expectation | None:
    where, part, _ = scope_of(c.scope)
    shape = f"{c.value or ''} {c.note}".lower()
    if (
        _unit(c) != "first word"
        or where != "each"
        or not re.search(r"distinct|different|unique", shape)
    ):
        return None
    if part not in ("sentence", "line", "bullet", "paragraph"):
        return None
    return all_of(_kind("distinct_starts", str(part), part=part))


_FAMILIES: tuple[Callable[[Fields], Expectation | None], ...] = (
    _punctuation,
    _scripts,
    _wordplay,
    _word_length,
    _opening,
    _numbers,
    _literals,
    _number_formats,
    _capitals,
    _first_words,
)


def lexical(c: Fields) -> Expectation | None:
    """The checks the lexical families state for ``c``, or None."""
    return first_found(_FAMILIES, c)
