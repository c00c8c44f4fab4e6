"""What ``_blind_map`` expects where a writer names a property the whole
answer or each of its parts must have — relation ``all`` (or
``matches_format``) with a value such as ``lowercase``, ``uppercase``,
``capitalized``, ``unique``, ``markdown table``, ``code block``,
``YYYY-MM-DD`` — and of a choice among listed phrases: read from the fields
of ``bench/data/blind/BRIEF.md`` by rule, whatever the writer's label.

A property maps to a kind only where that kind fails exactly the answers the
property fails: "every word capitalized" (title case) is not "every letter
uppercase"; "dates as YYYY-MM-DD" is every date, so a date in one field only
is no kind's.
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, Matcher, Spec, all_of, any_count, fields, no_kind
from _blind_matchers import one_of as whole_one_of
from _blind_parts import Scope, is_response, phrase, scope_of, unit_of
from _blind_rows import Constraint

__all__ = ["capital_start", "properties", "stated_case"]

_LOWER = re.compile(
    r"(?:all |only |entirely |fully )?(?:in )?lower[- ]?case(?: letters?| only)?"
    r"|all lower|no capitals?(?: letters?)?|no upper[- ]?case(?: letters?)?"
)
_UPPER = re.compile(
    r"(?:all |only |entirely |fully )?(?:in )?upper[- ]?case(?: letters?| only)?"
    r"|(?:in )?all[- ]caps|caps(?: lock)?|(?:all |block )?capitals|all capital letters"
)
_CAPITALISED = re.compile(
    r"capitali[sz]ed|(?:starts? with |begins? with |an? )?(?:a )?capital(?: letter)?"
    r"|(?:starts? with |begins? with )?(?:an? )?upper[- ]?case letter"
)
_TITLE_CASE = re.compile(r"title[- ]?case(?:d)?")
_UNIQUE = re.compile(r"unique|distinct|different|no repeats?|not repeated|never repeated")

_WHOLE_TEXT = frozenset(
    {"letter", "character", "answer", "word", "sentence", "line", "paragraph", "text"}
)
"""Units whose every instance, over the whole answer, is all of its letters."""
_PARTS = frozenset({"sentence", "paragraph", "bullet"})
"""Parts a rule for each part (each_starts_with) addresses."""
_CAPITAL_PARTS = _PARTS | {"line"}
"""Parts each_starts_with checks for a capital (a line too: "capitalise each line")."""


def _value(c: Constraint) -> str:
    raw = c.value if isinstance(c.value, str) else (c.words[0] if len(c.words) == 1 else "")
    return " ".join(str(raw).lower().replace("_", " ").split()).strip(" .")


def _case(c: Constraint, unit: str, scope: Scope, value: str) -> Expectation | None:
    if not is_response(scope) or unit not in _WHOLE_TEXT:
        return None
    if c.relation == "all" and unit == "word" and c.words and len(c.words) > 1:
        return None  # the listed words in capitals: words_in_capitals (_blind_lexical)
    if _LOWER.fullmatch(value):
        return all_of(fields("letter_case", case="lower"))
    if _UPPER.fullmatch(value):
        return all_of(fields("letter_case", case="upper"))
    return None


def _capital_starts(c: Constraint, unit: str, scope: Scope, value: str) -> Expectation | None:
    """Every sentence, paragraph or bullet starting with a capital letter."""
    if not _CAPITALISED.fullmatch(value):
        return None
    where, part, _ = scope
    first = re.fullmatch(r"first (?:letter|character|word)", str(c.unit or "").lower())
    if where == "each" and part in _CAPITAL_PARTS and (unit == part or first):
        chosen = part
    elif is_response(scope) and unit in _CAPITAL_PARTS:
        chosen = unit
    else:
        # every word capitalized is title case; a line or a heading no kind addresses
        return no_kind("a capital at the start of parts no kind addresses")

    def test(spec: Spec) -> bool:
        return bool(spec.get("capital")) and spec.get("part") == chosen

    return all_of(
        Matcher(frozenset({"each_starts_with"}), test, f"each_starts_with capital part={chosen}")
    )


_CAPITAL_CLASS = re.compile(r"\[A-Z\]|\^\[A-Z\]|\[A-Z\]\.\*|\^\[A-Z\]\.\*")


def capital_start(c: Constraint) -> Expectation | None:
    """Every part starting (``starts_with``) with a capital letter, however
    the writer spells it ("a capital letter", ``[A-Z]``): as ``all``
    "start with a capital letter" reads."""
    if c.relation != "starts_with" or c.words:
        return None
    value = _value(c)
    if not (_CAPITALISED.fullmatch(value) or _CAPITAL_CLASS.fullmatch(str(c.value).strip())):
        return None
    scope = scope_of(c.scope)
    if scope[0] != "each":
        return None
    return _capital_starts(c, unit_of(c), scope, "capital letter")


def _distinct_words(unit: str, scope: Scope, value: str) -> Expectation | None:
    """No word used twice, in the answer or within each part."""
    if unit != "word" or not _UNIQUE.fullmatch(value):
        return None
    where, part, _ = scope
    if is_response(scope):
        within = "response"
    elif where == "each" and part in _PARTS:
        within = str(part)
    else:
        return no_kind("words unique within parts no kind addresses")
    return all_of(fields("distinct_words", within=within))


def _every(c: Constraint, unit: str, scope: Scope) -> Expectation | None:
    value = _value(c)
    if not value:
        return None
    if _TITLE_CASE.fullmatch(value):
        return no_kind("title case: no kind checks it")
    found = _case(c, unit, scope, value)
    if found is None:
        found = _capital_starts(c, unit, scope, value)
    if found is None:
        found = _distinct_words(unit, scope, value)
    return found


_TABLE = re.compile(r"(?:a )?(?:markdown |md |gfm |pipe )?table")
_CODE_BLOCK = re.compile(r"(?:a |one |single |only a )?(?:fenced )?code ?block(?: only)?")


def _format(c: Constraint, unit: str, scope: Scope) -> Expectation | None:
    value = _value(c)
    if not value or not is_response(scope):
        return None
    if _LOWER.fullmatch(value) or _UPPER.fullmatch(value):
        return _case(c, unit if unit in _WHOLE_TEXT else "answer", scope, value)
    if _TITLE_CASE.fullmatch(value):
        return no_kind("title case: no kind checks it")
    if _TABLE.fullmatch(value):
        return all_of(any_count("table_count", "(a table)"))
    if _CODE_BLOCK.fullmatch(value):
        return all_of(
            Matcher(
                frozenset({"wrapped", "code_only"}),
                lambda s: s.get("kind") == "code_only" or s.get("style") == "code_block",
                "wrapped code_block (or code_only)",
            )
        )
    return None


_DATES = re.compile(r"(?:(?:each|every|all|any) )?(?:the )?dates?")
_TIMES = re.compile(r"(?:(?:each|every|all|any) )?(?:the )?times?")


def _every_date(c: Constraint) -> Expectation | None:
    """ "Every date as YYYY-MM-DD", "times in HH:MM": the scope or unit names
    every date (or time) of the answer, which the format kinds read."""
    if c.relation != "matches_format":
        return None
    value = _value(c)
    scope = " ".join(str(c.scope or "").lower().split())
    unit = " ".join(str(c.unit or "").lower().split())
    whole = is_response(scope_of(c.scope))
    dates = _DATES.fullmatch(scope) or (whole and unit in ("date", "dates"))
    times = _TIMES.fullmatch(scope) or (whole and unit in ("time", "times"))
    if dates and re.fullmatch(r"yyyy-mm-dd|iso[ -]?8601(?: dates?)?", value):
        return all_of(fields("date_format"))
    if times and re.fullmatch(r"hh:mm(?: \(?24[- ]?hour\)?)?|24[- ]?hour(?: time| clock)?", value):
        return all_of(fields("time_format"))
    if times and re.fullmatch(r"(?:hh:mm|24[- ]?hour)\b.+", value):
        # "HH:MM UTC": 24-hour times and more; time_format states a part of it
        return no_kind(
            "a time format beyond 24-hour: no kind states it whole", fields("time_format")
        )
    return None


_CHOICE_UNITS = frozenset({"phrase", "option", "sentence", "choice"})


def _choice(c: Constraint, unit: str, scope: Scope) -> Expectation | None:
    """Exactly one of the listed phrases: the whole answer (one_of), or,
    the unit a phrase, one included in it (phrase_choice)."""
    options = [w for w in c.words if w.strip()]
    if c.relation != "one_of" or len(options) < 2 or not is_response(scope):
        return None
    if unit == "answer":
        return all_of(whole_one_of(options))
    if unit not in _CHOICE_UNITS:
        return None
    want = {phrase(o) for o in options}

    def test(spec: Spec) -> bool:
        got = spec.get("options")
        return isinstance(got, list | tuple) and {phrase(str(o)) for o in got} == want

    return all_of(Matcher(frozenset({"phrase_choice"}), test, f"phrase_choice {sorted(want)}"))


_CAPITAL_LETTERS = re.compile(r"(?:capital|upper[- ]?case|uppercase) (?:letter|character)|capital")
_SMALL_LETTERS = re.compile(r"(?:small|lower[- ]?case|lowercase) (?:letter|character)")


def _no_case(c: Constraint, scope: Scope) -> Expectation | None:
    """ "No capital letters": every letter lowercase (and the converse)."""
    raw = " ".join(str(c.unit or "").lower().split())
    if c.relation != "none" or not is_response(scope) or c.words:
        return None
    if _CAPITAL_LETTERS.fullmatch(raw):
        return all_of(fields("letter_case", case="lower"))
    if _SMALL_LETTERS.fullmatch(raw):
        return all_of(fields("letter_case", case="upper"))
    return None


_WHOLE_UNIT = re.compile(
    r"(?:(?:all|every|each|the)\s+)?(?:letters?|characters?|chars?|text|words?|answers?|responses?|"
    r"(?:entire|whole|full)\s+(?:response|answer|reply|text)|output|reply|replies|case|"
    r"letter\s+case|casing|capitali[sz]ation)"
)
_SAYS_LOWER = re.compile(
    r"\blower[\s_-]?case\b|\ball[\s_-]lower\b|\bsmall\s+letters\b|\blowercased\b"
)
_SAYS_UPPER = re.compile(
    r"\bupper[\s_-]?case\b|\ball[\s_-]?caps\b|\bcaps\b|\bcapital\s+letters\b|\bcapitals\b|"
    r"\bblock\s+letters\b|\buppercased\b"
)

# a polarity word bound to the case it qualifies ("no uppercase", "all in
# lowercase"), not one elsewhere in the text ("lowercase, no spaces")
_CASE_WORD = r"(?:upper|lower|capital|small|caps|all[\s-]caps|block)"
_SAYS_NO = re.compile(rf"\b(?:no|not|never|without|avoid|zero)\s+(?:[\w-]+\s+){{0,2}}?{_CASE_WORD}")
_SAYS_ALL = re.compile(rf"\b(?:all|only|entirely|fully|wholly|solely)\s+(?:[\w-]+\s+)?{_CASE_WORD}")


def stated_case(c: Constraint, scope: Scope) -> Expectation | None:
    """The whole answer in one letter case, however the writer put it: the
    case in the value, the words or the note (the family label only where
    they say nothing), or "none" of the other case ("no uppercase")."""
    if not is_response(scope) or c.relation not in (
        "all",
        "none",
        "matches_format",
        "equals",
        "other",
    ):
        return None
    unit = " ".join(str(c.unit or "").lower().replace("_", " ").split())
    if unit and not _WHOLE_UNIT.fullmatch(unit):
        return None
    if c.relation == "all" and len(c.words) > 1:
        return None  # the listed words in capitals: words_in_capitals (_blind_lexical)
    said = " ".join(
        [str(c.value or "") if not isinstance(c.value, list) else " ".join(map(str, c.value))]
        + [str(w) for w in c.words]
        + [str(c.note or "")]
    ).lower()
    if not (_SAYS_LOWER.search(said) or _SAYS_UPPER.search(said)):
        said = c.quote.lower()  # the writer's own words, where the fields are silent
    if not (_SAYS_LOWER.search(said) or _SAYS_UPPER.search(said)):
        if c.relation == "none":
            return None  # "none" of what? the label alone cannot say
        said = str(c.family or "").lower().replace("_", " ")
    lower, upper = bool(_SAYS_LOWER.search(said)), bool(_SAYS_UPPER.search(said))
    if lower == upper:
        return None  # neither, or both ("lowercase, except acronyms in caps")
    # the text's own polarity decides ("no uppercase" under "all", "all
    # lowercase" noted under "none"); the relation only where the text has none
    if _SAYS_NO.search(said) or (c.relation == "none" and not _SAYS_ALL.search(said)):
        lower, upper = upper, lower  # "none" of the case named
    return all_of(fields("letter_case", case="lower" if lower else "upper"))


def properties(c: Constraint) -> Expectation | None:
    """The checks a stated property (or a choice of phrases) maps to; None
    where ``c`` states none of them (the general mapping then decides)."""
    unit, scope = unit_of(c), scope_of(c.scope)
    if c.relation == "none":
        return _no_case(c, scope)
    if c.relation == "all":
        return _every(c, unit, scope)
    if c.relation == "matches_format":
        return _every_date(c) or _format(c, unit, scope)
    return _choice(c, unit, scope)
