"""What a JSON answer holds: how many elements or keys, and its fields'
presence, types and values.

"a JSON array of 4 objects", "an object mapping 5 fruits to their colours"
(``json_items``); "each object with the keys 'city' and 'population'",
"keys: id (number), email (string), tags (array of strings)", "'status' must
be one of 'open' or 'closed'", "no null values" (``json_fields``).

Measured exactly on the document the ``json`` kind reads (bare, or the only
content of a fenced block): a type is JSON's own — ``integer`` is a number
without a fraction (``3`` and ``3.0``, never ``true``), ``number`` any number
but a boolean, ``string``, ``boolean``, ``array``, ``object``, ``null``. A
key is found by its exact name at the level the check names (the top-level
object, or every object of the top-level array): a key nested deeper is not
it. An answer that is not JSON, or not of the shape the check reads, fails.
The phrasings are read in :mod:`._json_reading`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, ClassVar

from redraft.core._repair import Params, RepairOp
from redraft.core._text import plural
from redraft.criteria._families._arguments import Corrected
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._json_reading import json_fields_rule, json_items_rule
from redraft.criteria._families._json_spec import (
    JSONField,
    JSONFields,
    JSONItems,
    article,
    number_text,
    type_of,
)
from redraft.criteria._outcome import Outcome
from redraft.evaluators._json_checks import _JSONProblem, _load_json

__all__ = ["JSON_DATA"]
_SHOWN = 3


def _a(type_name: str) -> str:
    """ "an integer", "a string"."""
    return f"{article(type_name)} {type_name}"


def _is(value: Any, wanted: str) -> bool:
    found = type_of(value)
    return found == wanted or (wanted == "number" and found == "integer")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _field_problem(field: JSONField, obj: dict[str, Any]) -> str | None:
    """What is wrong with ``field`` in ``obj``, or None."""
    if field.name not in obj:
        return f"no key {field.name!r}"
    value = obj[field.name]
    if field.type and not _is(value, field.type):
        return f"{field.name!r} is {_a(type_of(value))}, not {_a(field.type)}"
    if field.items and isinstance(value, list):
        wrong = [v for v in value if not _is(v, field.items)]
        if wrong:
            return (
                f"{field.name!r} holds {_shown(wrong[0])}, not {article(field.items)} {field.items}"
            )
    if field.one_of is not None and not any(
        (type_of(value) in ("integer", "number") and not isinstance(o, str) and value == o)
        or (isinstance(value, str) and value == o)
        for o in field.one_of
    ):
        allowed = ", ".join(repr(o) for o in field.one_of)
        return f"{field.name!r} is {_shown(value)}, not one of {allowed}"
    if field.minimum is not None or field.maximum is not None:
        if type_of(value) not in ("integer", "number"):
            return f"{field.name!r} is {_shown(value)}, not a number"
        if field.minimum is not None and value < field.minimum:
            return f"{field.name!r} is {_shown(value)}, below {number_text(field.minimum)}"
        if field.maximum is not None and value > field.maximum:
            return f"{field.name!r} is {_shown(value)}, above {number_text(field.maximum)}"
    return None


def _has_null(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, list):
        return any(_has_null(v) for v in value)
    if isinstance(value, dict):
        return any(_has_null(v) for v in value.values())
    return False


def _not_json(spec: FamilySpec, problem: _JSONProblem) -> Outcome:
    return Outcome(
        False,
        f"the answer is not valid JSON ({problem.problem}); required: {spec.describe()}",
        f"Your answer is not valid JSON ({problem.problem}). Reply with the JSON only.",
        data={"error": problem.problem},
    )


def _items(spec: JSONItems, text: str) -> Outcome:
    try:
        value = _load_json(text).value
    except _JSONProblem as problem:
        return _not_json(spec, problem)
    if spec.key is not None:
        value = value.get(spec.key) if isinstance(value, dict) else None
    wanted = "object" if spec.shape == "object" else "array"
    where = f"the value of {spec.key!r}" if spec.key else "the JSON"
    if type_of(value) != wanted:
        return Outcome(
            False,
            f"{where} is {article(type_of(value))} {type_of(value)}, not {article(wanted)} "
            f"{wanted}; required: {spec.describe()}",
            f"Make {where} {article(wanted)} {wanted}: {spec.describe()}.",
        )
    n = len(value)
    unit = "key" if spec.shape == "object" else "element"
    data = {"measured": n, "relation": spec.relation, "value": spec.value}
    if spec.holds(n):
        return Outcome(True, f"{where} has {plural(n, unit)}, as required", data=data)
    fix = (
        f"Add {plural(spec.value - n, unit)}"
        if n < spec.value
        else f"Remove {plural(n - spec.value, unit)}"
    )
    return Outcome(
        False,
        f"{where} has {plural(n, unit)}; required: {spec.describe()}",
        f"{where[0].upper()}{where[1:]} has {plural(n, unit)}: {fix} ({spec.describe()}).",
        score=min(min(n, spec.value) / max(n, spec.value, 1), 0.99),
        data=data,
    )


def _fields(spec: JSONFields, text: str) -> Outcome:
    try:
        value = _load_json(text).value
    except _JSONProblem as problem:
        return _not_json(spec, problem)
    problems: list[str] = []
    objects: list[Any] = []
    if spec.fields:
        if spec.each:
            if not isinstance(value, list) or not value:
                problems.append(f"the JSON is {_a(type_of(value))}, not an array of objects")
            else:
                objects = value
        elif not isinstance(value, dict):
            problems.append(
                f"the JSON is {article(type_of(value))} {type_of(value)}, not an object"
            )
        else:
            objects = [value]
    for place, obj in enumerate(objects, 1):
        at = f"object {place}: " if spec.each else ""
        if not isinstance(obj, dict):
            problems.append(f"{at}{_shown(obj)} is not an object")
            continue
        problems += [at + p for f in spec.fields if (p := _field_problem(f, obj))]
        if spec.only:
            extra = [k for k in obj if k not in {f.name for f in spec.fields}]
            if extra:
                problems.append(f"{at}other keys {', '.join(repr(k) for k in extra[:_SHOWN])}")
    if spec.no_nulls and _has_null(value):
        problems.append("a null value")
    if not problems:
        return Outcome(True, f"{spec.describe()}, as required")
    shown = "; ".join(problems[:_SHOWN]) + (
        f"; and {len(problems) - _SHOWN} more" if len(problems) > _SHOWN else ""
    )
    return Outcome(
        False,
        f"the JSON has {shown}; required: {spec.describe()}",
        f"Fix your JSON ({shown}): {spec.describe()}.",
        data={"problems": problems[:20]},
    )


def _drop_keys(text: str, params: Params, _repairs: Sequence[Params]) -> str:
    """The JSON without the keys ``params["keys"]`` does not allow, at the
    level ``params["each"]`` names; ``text`` as it is where it is no such JSON
    or holds no other key. Rewritten with two-space indentation, in its fence
    where it had one."""
    try:
        parsed = _load_json(text)
    except _JSONProblem:
        return text
    allowed = {str(k) for k in params.get("keys", ())}
    value = parsed.value
    objects = value if params.get("each") and isinstance(value, list) else [value]
    if not all(isinstance(o, dict) for o in objects) or all(set(o) <= allowed for o in objects):
        return text
    for obj in objects:
        for key in [k for k in obj if k not in allowed]:
            del obj[key]
    body = json.dumps(value, indent=2, ensure_ascii=False)
    return f"```json\n{body}\n```" if parsed.fenced else body


DROP_JSON_KEYS = RepairOp(
    "drop_json_keys",
    580,
    _drop_keys,
    lambda p: "JSON keys other than " + ", ".join(repr(k) for k in p.get("keys", ())) + " removed",
)


class _JSONData(Corrected):
    name = "json_data"
    specs = (JSONItems, JSONFields)
    rules = (json_items_rule, json_fields_rule)
    edits: ClassVar[tuple[RepairOp, ...]] = (DROP_JSON_KEYS,)

    def repair(self, spec: Any) -> dict[str, Any] | None:
        """Only extra keys are removed without a model: every other fix needs
        the values a redraft writes."""
        if isinstance(spec, JSONFields) and spec.only:
            return {
                "op": DROP_JSON_KEYS.name,
                "keys": [f.name for f in spec.fields],
                "each": spec.each,
            }
        return None

    def measure(self, spec: Any, text: str) -> Outcome:
        if isinstance(spec, JSONItems):
            return _items(spec, text)
        return _fields(spec, text)


JSON_DATA = _JSONData()
