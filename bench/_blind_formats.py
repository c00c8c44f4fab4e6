"""What ``_blind_map`` expects of the value formats and of "only the answer":
one function per group, each reading a constraint's structured fields
(unit, scope, relation, value, words, note) and returning the checks that
enforce it, or None where the group does not state it (the general mapping
then decides).

- Dates: ``matches_format`` of a date unit with a form as its value
  (``YYYY-MM-DD``, ``DD/MM/YYYY``, ``D Month YYYY``, an example date) is a
  ``date_format`` of that form. A form of dates holds for every date of the
  answer, so a scope naming where the dates are (a field, a column, each
  item) maps the same; a line that must hold a date (a date line at the
  top) is no kind's, the format of its dates only implied.
- Times: ``matches_format`` of a time unit with a clock as its value
  (``HH:MM``, ``24-hour``, ``12-hour``, ``h:mm am/pm``) is a ``time_format``
  of that clock, wherever the times are.
- Only the answer: ``other`` of the whole answer ("nothing else", "only the
  JSON") is the check of the one format the writer names for the answer, in
  the constraint's quote or note or in the row's other constraints (JSON,
  one code block, a number, or the value naming a number); with none
  named, or a format no kind checks whole (CSV, an emoji, a sentence), no
  kind.
- Numbers: no number words ("use digits"), no digit under N standing alone
  ("write numbers one to nine as words"): ``number_style``; where the note
  also wants bigger numbers in digits, that half is no check's (implied).
- A template of labelled lines for the whole answer ("Title: / Price: /
  Description:", or "Option N: ..." for numbered lines): an
  ``answer_template`` whose lines begin with those labels.
- Order of parts: ``other`` of the whole answer whose note puts parts an
  order check finds (code, a table, bullets, a numbered list, a postscript,
  text) in order ("code block before explanation", "summary, then
  bullets") is one ``order`` check per neighbouring pair.
"""

from __future__ import annotations

import itertools
import re

from _blind_matchers import Expectation, Matcher, Spec, all_of, json_object, no_kind
from _blind_matchers import only_code_block as code_only
from _blind_parts import is_response, scope_of, unit_of
from _blind_rows import Constraint

__all__ = ["formats"]

_ISO = "YYYY-MM-DD"
_TOKENS = re.compile(r"(?i)month|mon|yyyy|yy|mm|m|dd|d")
_NAMES = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]


def _form(value: str) -> str | None:
    """The writer's date form in the compiler's canonical spelling."""
    text = " ".join(value.strip().strip("\"'“”‘’`").split())
    if re.fullmatch(r"(?i)iso(?:[ -]?8601)?(?: dates?)?|yyyy-mm-dd", text):
        return "iso"
    example = re.fullmatch(
        r"(\d{1,2}) ([A-Za-z]+),? (\d{4})|([A-Za-z]+) (\d{1,2})(,?) (\d{4})", text
    )
    if example and (example[2] or example[4]).lower() in _NAMES:
        return "D Month YYYY" if example[1] else f"Month D{example[6]} YYYY"
    spelled = _TOKENS.sub(
        lambda m: {"month": "Month", "mon": "Mon"}.get(m[0].lower(), m[0].upper()), text
    )
    if not re.fullmatch(r"(?:Month|Mon|YYYY|YY|MM|M|DD|D|[/., -])+", spelled):
        return None
    kinds = sorted(t[0] for t in re.findall(r"Month|Mon|YYYY|YY|MM|M|DD|D", spelled))
    if kinds != ["D", "M", "Y"]:
        return None
    return "iso" if spelled == _ISO else spelled


def _date_form(style: str) -> Matcher:
    def test(spec: Spec) -> bool:
        return str(spec.get("style", "")) == style

    return Matcher(frozenset({"date_format"}), test, f"date_format style={style!r}")


def dates(c: Constraint) -> Expectation | None:
    """A form for every date of the answer."""
    if c.relation.strip().lower() != "matches_format" or not isinstance(c.value, str):
        return None
    unit = " ".join(str(c.unit or "").lower().replace("_", " ").split())
    if not re.fullmatch(r"(?:the )?(?:\w+ )?dates?(?: (?:field|value|stamp)s?)?", unit):
        if unit == "line" and re.search(r"\bdate", c.family.lower()):
            style = _form(c.value)
            if style is not None:
                return no_kind("a line that holds a date: no kind", _date_form(style))
        return None
    style = _form(c.value)
    if style is None:
        return None
    return all_of(_date_form(style))


def times(c: Constraint) -> Expectation | None:
    """A clock for every time of the answer ("24-hour", "HH:MM", "12-hour with
    am/pm"), wherever the writer scoped the times."""
    unit = " ".join(str(c.unit or "").lower().replace("_", " ").split())
    if c.relation.strip().lower() != "matches_format" or not re.fullmatch(
        r"times?(?: of day)?", unit
    ):
        return None
    value = " ".join(str(c.value or "").lower().split())
    if re.fullmatch(r"hh:mm|24[- ]?hours?(?: (?:time|clock|format))?|hh:mm \(24[- ]?hour\)", value):
        style = "24h"
    elif re.fullmatch(
        r"12[- ]?hours?(?: (?:time|clock|format))?|h{1,2}:mm ?(?:am/pm|a\.m\./p\.m\.)", value
    ):
        style = "12h"
    else:
        return None

    def test(spec: Spec) -> bool:
        return spec.get("style", "24h") == style

    return all_of(Matcher(frozenset({"time_format"}), test, f"time_format style={style!r}"))


_ONLY_JSON = re.compile(r"\bjson\b")
_ONLY_CODE = re.compile(r"\bcode(?: block)?\b|\bthe (?:function|script|snippet|query|sql)\b")
_ONLY_NUMBER = re.compile(r"\b(?:just|only) (?:the|a) (?:number|integer)\b|\bdigits only\b")


def only_answer(c: Constraint) -> Expectation | None:
    """Nothing but the answer in the one format the writer names for it."""
    if c.relation.strip().lower() != "other" or not is_response(scope_of(c.scope)):
        return None
    if not re.search(r"only|nothing|just|no other", c.family.lower()):
        return None
    # the value may name the answer's form ("other 'number'", unit number)
    value = " ".join(str(c.value).lower().split()) if isinstance(c.value, str) else ""
    a_number = re.fullmatch(r"(?:(?:a|the|one|a single) )?number", value) is not None
    if unit_of(c) != "answer" and not (a_number and unit_of(c) == "number"):
        return None
    if a_number:
        return all_of(_number_only())
    own = f"{c.quote} {c.note}".lower()
    if _ONLY_JSON.search(own):
        return all_of(json_object())
    if _ONLY_CODE.search(own) and not re.search(r"\bcomment|\bexplain", own):
        return all_of(code_only())
    if _ONLY_NUMBER.search(own):
        return all_of(_number_only())
    return no_kind("nothing but the answer, in no format a kind checks whole")


def _number_only() -> Matcher:
    def test(spec: Spec) -> bool:
        return spec.get("kind") == "number_only"

    return Matcher(frozenset({"number_only"}), test, "number_only")


def number_answer(c: Constraint) -> Expectation | None:
    """The whole answer one number ("answer with a number only")."""
    if c.relation.strip().lower() != "matches_format" or unit_of(c) != "answer":
        return None
    value = str(c.value or "").strip().lower()
    if not is_response(scope_of(c.scope)) or value not in (
        "^\\d+$",
        "number",
        "a number",
        "integer",
    ):
        return None
    return all_of(_number_only())


# The parts an order check finds, as a writer's note names them.
_PARTS = (
    (r"code(?: blocks?| snippets?)?|snippets?", "code"),
    (r"(?:markdown )?tables?", "table"),
    (r"numbered (?:list|items|steps|points)", "numbered"),
    (r"bullets?(?: points?| list)?|bulleted list|bullet-point list", "bullets"),
    (r"p\.?s\.?|postscript", "postscript"),
    (
        r"(?:the )?(?:paragraphs?|summary|explanation|intro(?:duction)?|prose|text|conclusion|"
        r"tl;dr|description)",
        "text",
    ),
)


def _part(words: str) -> str | None:
    words = re.sub(r"^(?:the|a|an)\s+|\s+first$", "", words.strip(" .,"))
    for pattern, part in _PARTS:
        if re.fullmatch(pattern, words):
            return part
    return None


def _pair(before: str, after: str) -> Matcher:
    def test(spec: Spec) -> bool:
        got = spec.get("parts")
        return isinstance(got, list | tuple) and list(got) == [before, after]

    return Matcher(frozenset({"order"}), test, f"order parts={[before, after]!r}")


def part_order(c: Constraint) -> Expectation | None:
    """Parts of the answer in an order the note states ("code block before
    explanation", "summary, then bullets"), each a part an order check finds:
    one check per neighbouring pair, as the compiler reads them."""
    if c.relation.strip().lower() != "other" or not is_response(scope_of(c.scope)):
        return None
    note = " ".join(c.note.lower().split())
    if re.fullmatch(r"[\w ;.-]+ after [\w ;.-]+", note):
        pieces = list(reversed(note.split(" after ")))
    else:
        pieces = re.split(r"\s*(?:,\s*then|\bthen\b|\bbefore\b|\bfollowed by\b|,)\s*", note)
    parts = [_part(p) for p in pieces if p.strip()]
    if len(parts) < 2 or None in parts or len(set(parts)) != len(parts):
        return None
    named = [p for p in parts if p is not None]
    return all_of(*(_pair(a, b) for a, b in itertools.pairwise(named)))


def _style(style: str, below: int | None = None) -> Matcher:
    def test(spec: Spec) -> bool:
        return spec.get("style") == style and spec.get("below") == below

    label = f"number_style style={style!r}" + (f" below={below}" if below else "")
    return Matcher(frozenset({"number_style"}), test, label)


def number_style(c: Constraint) -> Expectation | None:
    """Numbers in digits (no number words), small ones in words (no digit
    under N standing alone), or thousands grouped by commas."""
    unit = " ".join(str(c.unit or "").lower().replace("_", " ").split())
    relation = c.relation.strip().lower()
    if not is_response(scope_of(c.scope)):
        return None
    spelled = (
        r"(?:spelled[- ]out |written[- ]out )?number words?|(?:spelled|written)[- ]out numbers?"
    )
    if re.fullmatch(spelled + r"|numbers? (?:in|as) words?", unit) and relation == "none":
        return all_of(_style("digits"))
    if unit not in ("digit", "digits", "numeral", "numerals"):
        return None
    words = sorted(int(w) for w in c.words if w.strip().isdigit())
    small = re.search(r"\bdigits? 1\s*-\s*(\d)\b", c.note.lower())
    if relation == "none" and words and words == list(range(1, len(words) + 1)):
        below = len(words) + 1
    elif relation == "other" and small:
        below = int(small[1]) + 1
    else:
        return None
    if re.search(r"\bas digits\b|\bin digits\b", c.note.lower()):
        # bigger numbers in digits too: that half no check reads
        return no_kind(
            "numbers in words below a bound and digits above it", _style("words_below", below)
        )
    return all_of(_style("words_below", below))


def _numbered_lines(label: str) -> Matcher:
    """Lines "<label> 1: …", "<label> 2: …", … numbered from 1, two or more."""
    want = " ".join(label.lower().split())

    def test(spec: Spec) -> bool:
        lines = str(spec.get("template", "")).splitlines()
        heads = [" ".join(line.split(":", 1)[0].lower().split()) for line in lines]
        return len(heads) >= 2 and heads == [f"{want} {k}" for k in range(1, len(heads) + 1)]

    return Matcher(frozenset({"answer_template"}), test, f"answer_template {label} 1..n")


def answer_template(c: Constraint) -> Expectation | None:
    """The whole answer in a template of labelled lines ("Title: / Price: /
    Description:"): an answer_template whose lines begin with those labels,
    in order and no others."""
    unit = unit_of(c)
    if c.relation.strip().lower() != "matches_format" or unit not in ("line", "answer"):
        return None
    if not is_response(scope_of(c.scope)) or not isinstance(c.value, str):
        return None
    numbered = re.fullmatch(r"([A-Za-z][\w ]{0,30}) N: (?:\.\.\.|…|<[^<>]+>)", c.value.strip())
    if numbered:
        return all_of(_numbered_lines(numbered[1]))
    pieces = [p.strip() for p in re.split(r"\s+/\s+|\n", c.value) if p.strip()]
    if len(pieces) < 2 or not all(re.fullmatch(r"[^:<>\[\]{}^$\\]{1,40}:", p) for p in pieces):
        return None
    labels = [" ".join(p.lower().split()) for p in pieces]

    def test(spec: Spec) -> bool:
        lines = str(spec.get("template", "")).splitlines()
        heads = [" ".join(line.split(":", 1)[0].lower().split()) + ":" for line in lines]
        return heads == labels

    return all_of(Matcher(frozenset({"answer_template"}), test, f"answer_template {labels}"))


def formats(c: Constraint) -> Expectation | None:
    """The checks the value formats, "only the answer", the order of parts and
    the style of numbers state for ``c``, or None."""
    return (
        dates(c)
        or times(c)
        or only_answer(c)
        or number_answer(c)
        or part_order(c)
        or number_style(c)
        or answer_template(c)
    )
