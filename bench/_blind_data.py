"""What ``_blind_map`` expects of what a JSON answer holds: how many
elements its array has (or keys its object), the keys of each object of an
array, a key's type, allowed values or range, and no null values — the
``json_items`` and ``json_fields`` kinds, read from the writer's fields by
rule (the family label only as a hint that the data is JSON).

A type maps only to the same JSON type (``integer`` is not ``number``); keys
listed for each object map to ``json_fields`` with ``each``, whatever other
keys the check also names being none of the constraint's business (as the
``json`` kind's required keys are read).
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, Matcher, Spec, all_of, count, either, fields
from _blind_parts import NUMERIC, count_value, scope_of, unit_of
from _blind_rows import Constraint, Row

__all__ = ["column_values", "each_object_keys", "json_data"]

_TYPES = {
    "string": "string",
    "str": "string",
    "text": "string",
    "number": "number",
    "float": "number",
    "integer": "integer",
    "int": "integer",
    "boolean": "boolean",
    "bool": "boolean",
    "array": "array",
    "list": "array",
    "object": "object",
}
_ELEMENTS = frozenset({"object", "element", "item", "entry", "record", "array element"})


def _json_row(c: Constraint, row: Row) -> bool:
    """Whether the data the constraint is about is JSON: its own fields say
    so, or a sibling's do and none says YAML."""
    own = f"{c.family} {c.scope} {c.note} {c.unit}".lower()
    if "json" in own:
        return True
    hint = " ".join(f"{s.family} {s.value} {s.note} {s.scope}" for s in row.constraints).lower()
    return "json" in hint and re.search(r"(?<![a-z])ya?ml(?![a-z])", hint) is None


def _field_names(spec: Spec) -> dict[str, dict[str, object]]:
    found = spec.get("fields")
    listed = found if isinstance(found, list) else []
    return {str(f.get("name", "")).strip().casefold(): f for f in listed if isinstance(f, dict)}


def _fields_matcher(label: str, **want: object) -> Matcher:
    """A ``json_fields`` check whose fields meet ``want`` (name → what the
    field's spec must hold)."""

    def check(spec: Spec) -> bool:
        named = _field_names(spec)
        for name, needed in want.items():
            got = named.get(name.casefold())
            if got is None or any(got.get(k) != v for k, v in dict(needed).items()):  # type: ignore[call-overload]
                return False
        return True

    return Matcher(frozenset({"json_fields"}), check, f"json_fields {label}")


def each_object_keys(c: Constraint) -> Expectation:
    """Keys listed for each object of the JSON array."""
    listed = c.words or (c.value if isinstance(c.value, list | tuple) else ())
    keys = [str(k).strip().strip("`'\"") for k in listed]
    want = [k for k in keys if k]

    def check(spec: Spec) -> bool:
        named = _field_names(spec)
        return bool(spec.get("each")) and all(k.casefold() in named for k in want)

    return all_of(Matcher(frozenset({"json_fields"}), check, f"json_fields each ⊇ {keys}"))


def _pairs(c: Constraint) -> list[tuple[str, str]]:
    """``(key, type)`` pairs: the scope names the key and the value its type,
    or the value lists the pairs."""
    value = c.value
    if (
        isinstance(value, list | tuple)
        and value
        and all(isinstance(p, list | tuple) and len(p) == 2 for p in value)
    ):
        return [(str(k), str(t)) for k, t in value]
    key = _key_scope(c)
    return [(key, value)] if isinstance(value, str) and key else []


def _key_scope(c: Constraint) -> str:
    """The key a scope names ("population", "population field", "'status'"),
    or "" where the scope is the answer or a part of it."""
    scope = str(c.scope or "").strip().strip("`'\"")
    if not scope or scope_of(scope)[0] in ("response", "each", "nth"):
        return ""
    named = re.fullmatch(r"['\"`]?([A-Za-z_][\w.-]*)['\"`]?(?: (?:value|field|key))?", scope)
    return named.group(1) if named else ""


def _types(c: Constraint) -> Expectation | None:
    pairs = _pairs(c)
    want: dict[str, dict[str, object]] = {}
    for key, named in pairs:
        of = re.fullmatch(r"(?:array|list) of (\w+?)s?", named.lower().strip())
        kind = _TYPES.get(of.group(1) if of else named.lower().strip())
        if kind is None:
            return None
        want[key] = {"type": "array", "items": kind} if of else {"type": kind}
    if not want:
        return None
    return all_of(_fields_matcher(f"types {want}", **want))


def json_data(c: Constraint, row: Row) -> Expectation | None:
    """The ``json_items`` / ``json_fields`` checks that state ``c``, or None
    where ``c`` is not about what a JSON answer holds."""
    if (column := column_values(c)) is not None:
        return column
    if not _json_row(c, row):
        return None
    unit = unit_of(c)
    relation = c.relation.strip().lower()
    label = c.family.lower()
    raw_unit = str(c.unit or "").lower().strip()
    scope = str(c.scope or "").lower()
    whole = scope_of(c.scope)[0] == "response" or re.fullmatch(
        r"(?:the )?(?:top[- ]level |json )?(?:array|list)", scope
    )
    if relation in NUMERIC and whole:
        bounds = count_value(relation, c.value)
        if bounds and (raw_unit in _ELEMENTS or "array" in label):
            return all_of(*(count("json_items", r, n, shape="array") for r, n in bounds))
        if bounds and unit == "key":
            return all_of(*(count("json_items", r, n, shape="object") for r, n in bounds))
    listed = c.words or (c.value if isinstance(c.value, list | tuple) else ())
    each = re.fullmatch(r"(?:each|every) (?:json )?(?:object|item|element|entry|record)", scope)
    if unit == "key" and each and listed and relation in ("equals", "contains", "exactly", "all"):
        return each_object_keys(c)
    typed = relation == "other" or (
        relation == "matches_format" and str(c.value).lower().strip() in _TYPES
    )
    if typed and ("type" in label or _pairs(c)):
        return _types(c)
    if relation == "one_of" and isinstance(c.value, list | tuple) and len(c.value) >= 2:
        key = _key_scope(c)
        if key:
            options = [str(v) for v in c.value]
            return all_of(_fields_matcher(f"{key} one of {options}", **{key: {"one_of": options}}))
    if relation == "none" and re.search(r"\bnull\b", raw_unit):

        def no_nulls(spec: Spec) -> bool:
            return bool(spec.get("no_nulls"))

        return all_of(Matcher(frozenset({"json_fields"}), no_nulls, "json_fields no_nulls"))
    return None


_COLUMN_SCOPE = re.compile(r"(?:the )?['\"`]?(?P<name>[\w%# -]{1,40}?)['\"`]? column", re.I)
_FORMS = (
    ("integer", re.compile(r"\^?\\d\+\$?|integers?|whole numbers?|int", re.I)),
    ("number", re.compile(r"numbers?|numeric|\^?\\d\+\(\\\.\\d\+\)\?\$?", re.I)),
    ("iso_date", re.compile(r"yyyy-mm-dd|iso(?: 8601)?(?: date)?", re.I)),
)


# a number with a fixed count of decimals, in the writer's notation:
# "\\d+\\.\\d{2}", "2 decimals", "two decimal places", "N.NN", "0.00"
_PLACES_RE = re.compile(r"\^?\\d[+*]\\\.\\d\{(?P<n>\d)\}\$?")
# the places written out one by one: "\\d+\\.\\d\\d" is two
_PLACES_EACH = re.compile(r"\^?\\d[+*]\\\.(?P<each>(?:\\d){1,4})\$?")
_PLACES_SAID = re.compile(r"(?P<n>\d|one|two|three|four) decimals?(?: places?)?", re.I)
_PLACES_SHOWN = re.compile(r"[N9#X0]+\.(?P<n>[N9#X0]+)")
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


def _places(value: str) -> int | None:
    """The decimal places a column's format states, or None where it states
    none (a sign, a code or anything else in it is another form)."""
    if found := _PLACES_RE.fullmatch(value) or _PLACES_SAID.fullmatch(value):
        n = found["n"].lower()
        return int(n) if n.isdigit() else _NUMBER_WORDS[n]
    if found := _PLACES_EACH.fullmatch(value):
        return found["each"].count("\\d")
    if found := _PLACES_SHOWN.fullmatch(value):
        return len(found["n"])
    return None


def column_values(c: Constraint) -> Expectation | None:
    """What one column of a table (or CSV) holds: ``column_values`` of that
    column, where the scope names it ("Pages column") and the value is a
    form the kind states exactly or the options it allows."""
    scope = _COLUMN_SCOPE.fullmatch(str(c.scope or "").strip())
    if scope is None:
        return None
    name = scope.group("name").strip()
    relation = c.relation.strip().lower()
    if relation == "one_of" and isinstance(c.value, list | tuple) and len(c.value) >= 2:
        options = {str(v).strip().casefold() for v in c.value}

        def allowed(spec: Spec) -> bool:
            got = {str(o).strip().casefold() for o in spec.get("options") or ()}  # type: ignore[attr-defined]
            return _same(spec, name) and spec.get("form") == "one_of" and got == options

        return all_of(Matcher(frozenset({"column_values"}), allowed, f"{name} one of {options}"))
    if relation not in ("matches_format", "all", "other"):
        return None
    value = str(c.value or "").strip()
    places = _places(value)
    if places is not None:

        def placed(spec: Spec) -> bool:
            decimals = spec.get("form") == "decimals" and spec.get("places") == places
            return _same(spec, name) and decimals

        return all_of(Matcher(frozenset({"column_values"}), placed, f"{name} {places} decimals"))
    form = next((f for f, pattern in _FORMS if pattern.fullmatch(value)), None)
    if form is None:
        return None

    def formed(spec: Spec) -> bool:
        return _same(spec, name) and spec.get("form") == form

    column = Matcher(frozenset({"column_values"}), formed, f"column_values {name!r} {form}")
    if form == "iso_date":
        # every date of the answer in that form (the date_format kind) is how
        # a prompt naming no column says it: as exact where the dates stand there
        return all_of(either(column, fields("date_format", style="iso")))
    return all_of(column)


def _same(spec: Spec, column: str) -> bool:
    def norm(name: str) -> str:
        return " ".join(name.replace("_", " ").casefold().split())

    return norm(str(spec.get("column") or "")) == norm(column)
