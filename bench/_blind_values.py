"""What ``_blind_map`` expects of value formats, proportions and properties
of counts, read from a constraint's structured fields (family label only as
a hint), or None where the fields state none of them (the general mapping
then decides).

- Properties of counts: a value naming a property of a number (``even``,
  ``odd``, ``prime``, ``palindrome``, ``multiple of N``, ``divisible by N``,
  a bound after it as in ``prime > 5``) with a relation that states no count
  (``other``, ``equals``, ``is``; a palindrome only where the label or
  note names a count or number) and a counted unit (words,
  sentences, lines, paragraphs, characters, items) is a ``count_property``
  of that unit: of the answer where the scope is the response, of each part
  where it names one ("each sentence"); with no unit, the unit of the row's
  other constraint whose note states the property. A property of numbers written in the
  answer (a unit of numbers) is no count's, nor of letters in each word.
- Proportions: a share (a value strictly between 0 and 1, or ``N%``) with a
  count relation is a ``proportion``: of sentences that are questions (a
  unit of questions) or exclamations; of the sentences, lines, paragraphs or
  items a scope of the response names that contain the one word given; of
  letters that are uppercase or lowercase (the label or note naming the
  case). The share compares as a fraction (0.3333 reads one third).
- Value masks: ``matches_format`` of values (a unit such as phone number,
  code, ID, postal code) whose value is a mask in the writer's notation
  (N, X or # a digit; "A1A 1A1"; "(NNN) NNN-NNNN", "+44 20 XXXX XXXX") or a plain
  regex of digits and capitals ("CUST-\\d{4}") is a ``value_mask`` of that
  mask for every value; a scope of one line or part ("first line"), a mask
  read more than one way, or a unit of lines, items or words (a template of
  a part, not a value) is not.
"""

from __future__ import annotations

import re
from fractions import Fraction

from _blind_matchers import Expectation, Matcher, Spec, all_of, fields
from _blind_rows import Constraint, Row

__all__ = ["values"]

_UNITS = {
    "word": "words",
    "sentence": "sentences",
    "line": "lines",
    "paragraph": "paragraphs",
    "character": "characters",
    "char": "characters",
    "item": "items",
    "bullet": "items",
    "list item": "items",
    "bullet point": "items",
}
_PARTS = {
    "sentence": "sentence",
    "line": "line",
    "paragraph": "paragraph",
    "stanza": "paragraph",
    "bullet": "bullet",
    "bullet point": "bullet",
    "item": "item",
    "list item": "item",
    "section": "section",
}
_PROPERTY = re.compile(
    r"(?:an?\s+)?(?P<prop>even|odd|prime|palindrome|palindromic)(?:\s+number)?|"
    r"(?:an?\s+)?(?:multiple\s+of|divisible\s+by)\s+(?P<of>\d+)"
)
_BOUND = re.compile(
    r"\s*(?:(?P<gt>>|greater\s+than|more\s+than|over)|(?P<lt><|less\s+than|under))\s*(?P<n>\d+)"
)
_COUNTED = re.compile(r"\b(?:count|number)\b")
_WHOLE = re.compile(r"(?:the\s+)?(?:response|answer|reply|output|whole\s+answer|text)?")
_EACH = re.compile(r"(?:each|every|per)\s+(?P<part>[a-z ]+?)s?")


def _norm(text: object) -> str:
    return " ".join(str(text or "").lower().replace("_", " ").split())


def _unit_named(c: Constraint, row: Row | None, prop: str) -> str:
    """``c``'s unit; where it has none, the unit of the row's other
    constraint whose note states the same property ("also must be odd")."""
    if c.unit or row is None:
        return _norm(c.unit)
    for other in row.constraints:
        if other.index != c.index and other.unit and re.search(rf"\b{prop}\b", _norm(other.note)):
            return _norm(other.unit)
    return ""


def _count_property(c: Constraint, row: Row | None = None) -> Expectation | None:
    if c.relation.strip().lower() not in ("other", "equals", "is"):
        return None  # "all palindrome" of each word is the words', not a count's
    value = _norm(c.value)
    read = _PROPERTY.match(value)
    if read is None:
        return None
    rest = value[read.end() :]
    bound = _BOUND.fullmatch(rest) if rest else None
    if rest and bound is None:
        return None
    named = read.group("prop") or "multiple"
    units = _UNITS.get(_unit_named(c, row, named).rstrip("s"))
    if units is None:
        return None
    scope = _norm(c.scope)
    part = None
    if not _WHOLE.fullmatch(scope):
        each = _EACH.fullmatch(scope)
        part = _PARTS.get(each.group("part")) if each else None
        if part is None:
            return None
    prop = read.group("prop") or "multiple"
    if prop.startswith("palindrom") and not _COUNTED.search(_norm(f"{c.family} {c.note}")):
        return None  # a palindrome is the text's unless a count is named
    want: dict[str, object] = {
        "units": units,
        "part": part,
        "property": "palindrome" if prop == "palindromic" else prop,
    }
    if read.group("of"):
        want["of"] = int(read.group("of"))
    if bound is not None:
        n = int(bound.group("n"))
        want["at_least" if bound.group("gt") else "at_most"] = n + 1 if bound.group("gt") else n - 1
    return all_of(fields("count_property", **want))


_SHARE_RELATIONS = ("exactly", "at_least", "at_most", "less_than", "more_than")
_SHARE_UNITS = {
    "sentence": "sentences",
    "line": "lines",
    "paragraph": "paragraphs",
    "item": "items",
}
_ASKED = re.compile(r"(?P<q>\bquestions?\b|\binterrogative|\?)|\bexclamations?\b|!")
_CASE = re.compile(r"\b(?P<upper>upper\s*case|capital)|\b(?P<lower>lower\s*case)")


def _share(value: object) -> Fraction | None:
    text = _norm(value)
    try:
        share = Fraction(text[:-1]) / 100 if text.endswith("%") else Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None
    if not 0 < share < 1:
        return None
    near = share.limit_denominator(12)
    return near if abs(near - share) < Fraction(1, 1000) else share


def _proportion_matcher(target: Fraction, relation: str, **want: object) -> Matcher:
    def test(spec: Spec) -> bool:
        num, den = spec.get("numerator"), spec.get("denominator")
        return (
            isinstance(num, int)
            and isinstance(den, int)
            and Fraction(num, den) == target
            and spec.get("compare") == relation
            and all(_norm(spec.get(k)) == _norm(v) for k, v in want.items())
        )

    shown = " ".join(f"{k}={v!r}" for k, v in want.items())
    return Matcher(frozenset({"proportion"}), test, f"proportion {relation} {target} {shown}")


def _proportion(c: Constraint) -> Expectation | None:
    relation = c.relation.strip().lower()
    target = _share(c.value)
    if relation not in _SHARE_RELATIONS or target is None:
        return None
    unit = _norm(c.unit).rstrip("s")
    if not _WHOLE.fullmatch(_norm(c.scope)):
        return None
    want: dict[str, object]
    said = _norm(f"{c.family} {c.note}").replace("_", " ")
    if unit in ("question", "exclamation"):
        want = {"units": "sentences", "having": unit}
    elif unit == "sentence" and not c.words and (kind := _ASKED.search(said)):
        # "a third of the sentences are questions": the label or note names
        # which sentences (question_ratio; "sentences ending with ?")
        want = {"units": "sentences", "having": "question" if kind["q"] else "exclamation"}
    elif unit in _SHARE_UNITS and len(c.words) == 1:
        want = {"units": _SHARE_UNITS[unit], "having": "keyword", "word": c.words[0]}
    elif unit == "letter" and (case := _CASE.search(_norm(f"{c.family} {c.note} {c.quote}"))):
        want = {"units": "letters", "having": "uppercase" if case.group("upper") else "lowercase"}
    else:
        return None
    return all_of(_proportion_matcher(target, relation, **want))


_VALUE_UNITS = re.compile(
    r"(?:phone|telephone|mobile|fax)(?:\s+number)?|(?:postal|post|zip)\s*code|code|id|"
    r"identifier|reference(?:\s+number)?|(?:tracking|order|invoice|account|serial|customer)"
    r"(?:\s+(?:number|id|code))?|number"
)
_PART_SCOPE = re.compile(r"(?:first|last|second|third|\d+(?:st|nd|rd|th))\s|\bline\b|\bsentence\b")


def _regex_mask(value: str) -> str | None:
    """A plain regex of digits and capitals as a mask: "CUST-\\d{4}"."""
    text = value.strip().removeprefix("^").removesuffix("$")
    text = re.sub(r"\\d\{(\d+)\}", lambda m: "#" * int(m.group(1)), text)
    text = re.sub(r"\[A-Z\]\{(\d+)\}", lambda m: "@" * int(m.group(1)), text)
    text = text.replace("\\d", "#").replace("[A-Z]", "@")
    if re.search(r"(?<!\\)[\[\]{}()*+?|^$.]", text):
        return None
    return re.sub(r"\\(.)", r"\1", text)


def _written_mask(value: str) -> str | None:
    """A writer's mask as a mask: N, X, # or 9 a digit ("(NNN) NNN-NNNN",
    "+44 20 XXXX XXXX"); A and 1 alone, letter and digit ("A1A 1A1"); a
    regex of digits and capitals. None where letters could be either."""
    if "\\" in value:
        return _regex_mask(value)
    text = value.strip()
    if re.fullmatch(r"[A1 \-]+", text) and "A" in text and "1" in text:
        return text.replace("A", "@").replace("1", "#")
    out = re.sub(r"N{2,}|[Xx]{2,}|#+|9{2,}", lambda m: "#" * len(m.group(0)), text)
    if re.search(r"[A-Za-z]", re.sub(r"[A-Z]{2,}(?=-)", "", out)):
        return None  # letters left that may be placeholders ("AA NN NN NN A")
    return out if "#" in out else None


def _value_mask(c: Constraint) -> Expectation | None:
    if c.relation.strip().lower() != "matches_format" or not isinstance(c.value, str):
        return None
    if not _VALUE_UNITS.fullmatch(_norm(c.unit)) or _PART_SCOPE.search(_norm(c.scope)):
        return None
    mask = _written_mask(c.value)
    if mask is None or mask.count("#") + mask.count("@") < 2:
        return None
    return all_of(fields("value_mask", mask=mask, every=True))


def values(c: Constraint, row: Row | None = None) -> Expectation | None:
    """The checks a value format, a proportion or a property of a count
    maps to, or None where ``c`` states none of them."""
    return _count_property(c, row) or _proportion(c) or _value_mask(c)
