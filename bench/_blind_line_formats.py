"""What ``_blind_map`` expects of one line in a template and of a wrapped
answer. The whole answer between two marks (``matches_format`` of the
response with ``{...}``, ``(...)``, ``<answer>...</answer>``) is a
``wrap_marks`` of those marks. One line: the first or last
line of the answer in a stated form ("'Answer: X' on the last line",
"the first line is 'Subject: …'"), or prefixed with a label and some text.

A constraint maps to a ``line_template`` only when its fields state the
whole line: ``matches_format`` with the form as its value (a placeholder
spelling such as ``Rating: X/5``, ``Answer: <value>``, or a regular
expression anchored at both ends such as ``^HP: \\d+/100$``, or at neither
end where it opens with a label, ``Total: \\d+ kcal``), or
``starts_with`` a label (the line is the label and some text), of the
scope ``last line`` / ``final line`` / ``first line`` / ``line 1``. A form
whose holes the writer restricts beyond what the form spells (a bare ``X``
the writer took for a letter A-D), a regular expression open at one end or
with other operators, and other scopes are left to the general mapping.
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_matchers import Expectation, Matcher, Spec, all_of, either
from _blind_rows import Constraint

__all__ = ["line_formats"]

_SCOPES = {
    "last line": "last",
    "final line": "last",
    "the last line": "last",
    "the final line": "last",
    "first line": "first",
    "the first line": "first",
    "line 1": "first",
}
# The writer's regular-expression pieces that are one hole of the kind's.
_REGEX_HOLES = [
    (re.compile(r"\\d\+|\\d\{1,\d\}|\[0-9\]\+"), "<number>"),
    (re.compile(r"\.\+|\.\*\?|\.\+\?|\\S\.\*"), "<text>"),
]
_LETTERS = re.compile(r"\[([A-Z])-([A-Z])\]")
_LABELLED = re.compile(r"[A-Za-z][\w ]{0,30}: ")
_HOLES = re.compile(r"<number>|<text>|<one of [A-Z ]+>")
_PLACEHOLDER = re.compile(r"(?!<one of )<[^<>]{1,30}>|\.\.\.|…|(?<![A-Za-z0-9])[NX](?![A-Za-z0-9])")


def _from_regex(value: str) -> str | None:
    if not (value.startswith("^") and value.endswith("$")):
        return None
    body = value[1:-1]
    for pattern, hole in _REGEX_HOLES:
        body = pattern.sub(hole, body)
    body = _LETTERS.sub(_letter_set, body)
    plain = _HOLES.sub("", body)
    if re.search(r"[\\^$*+?()\[\]{}|]", plain):
        return None
    return body


def _letter_set(match: re.Match[str]) -> str:
    return "<one of " + " ".join(chr(c) for c in range(ord(match[1]), ord(match[2]) + 1)) + ">"


def _from_placeholders(value: str) -> str | None:
    value = _LETTERS.sub(_letter_set, value)
    if re.search(r"[\\^$\[\]{}|]", _HOLES.sub("", value)):
        return None

    def hole(match: re.Match[str]) -> str:
        token = match[0]
        after = value[match.end() : match.end() + 2]
        if token in ("N", "<number>", "<n>") or (token == "X" and re.match(r"/\d", after)):
            return "<number>"
        return "<text>"

    out = _PLACEHOLDER.sub(hole, value)
    return out if _HOLES.search(out) else None


def _template(c: Constraint) -> str | None:
    relation = c.relation.strip().lower()
    if not isinstance(c.value, str) or not c.value.strip():
        return None
    value = " ".join(c.value.split())
    if relation == "starts_with":
        label = value.strip("'\"")
        return f"{label} <text>" if re.fullmatch(r"[\w ]{1,30}:", label) else None
    if relation != "matches_format":
        return None
    if value.startswith("^"):
        return _from_regex(value)
    if "\\" in value and _LABELLED.match(value) and not value.endswith("$"):
        # a line "as 'Total: \\d+ kcal'": a labelled line's form, anchored nowhere,
        # is the line's whole form (an expression open at one end is not)
        return _from_regex(f"^{value}$")
    return _from_placeholders(value)


def _norm(template: str) -> str:
    return " ".join(template.lower().split())


_WRAP = re.compile(r"(?P<open>\S{1,20}?)(?:\.\.\.|…)(?P<close>\S{1,20})")
_ANSWER_UNIT = re.compile(
    r"(?:the )?(?:whole |entire )?(?:answer|response|reply|output|text|message|document)"
)
_WHOLE = ("response", "answer", "the answer", "the response", "whole answer", "entire response")


def _wrap(c: Constraint) -> Expectation | None:
    """The whole answer between two marks (``{...}``, ``<answer>...</answer>``):
    a ``wrap_marks`` of those marks; double quotes are the ``wrapped`` kind's."""
    scope = " ".join(str(c.scope or "").lower().split())
    if scope not in _WHOLE or c.relation.strip().lower() != "matches_format":
        return None
    unit = " ".join(str(c.unit or "").lower().split())
    if unit and not _ANSWER_UNIT.fullmatch(unit):
        return None  # "the pronunciation in brackets", "placeholders like [NAME]": a piece
    found = _WRAP.fullmatch(str(c.value or "").strip())
    if found is None or found["open"] in ('"', "“", "```", "<<", "*", "**", "_", "__"):
        return None  # double quotes, a code block, a title, emphasis: other kinds'
    if not re.fullmatch(r"[^\w\s]{1,3}|<[a-z][\w-]*>", found["open"]):
        return None
    opening, closing = found["open"], found["close"]

    def test(spec: Spec) -> bool:
        return spec.get("open") == opening and spec.get("close") == closing

    return all_of(Matcher(frozenset({"wrap_marks"}), test, f"wrap_marks {opening} {closing}"))


def line_formats(c: Constraint) -> Expectation | None:
    """A ``line_template`` of the first or last line, a ``wrap_marks`` of the
    whole answer, or None."""
    if (wrapped := _wrap(c)) is not None:
        return wrapped
    scope = " ".join(str(c.scope or "").lower().split())
    which = _SCOPES.get(scope)
    if which is None:
        return None
    template = _template(c)
    if template is None or not re.search(r"[A-Za-z]", _HOLES.sub("", template)):
        return None  # no label: a line in bold, a heading, a quotation are other kinds'
    if c.relation.strip().lower() == "starts_with" and which == "first":
        return None  # an opening phrase: the opening kinds check it
    exact = all_of(_matcher(which, template))
    if c.relation.strip().lower() == "starts_with":
        # the last line opening with a label: that line's start, as part_affix states it
        label = template.removesuffix(" <text>")
        return all_of(either(_matcher(which, template), _affix_last(label)))
    loose = _HOLES.sub("<text>", template)
    # a form whose holes the writer narrowed ("Answer: [A-D]") is met in part
    # by the same line with any text in them
    return exact if loose == template else replace(exact, implied=(_matcher(which, loose),))


def _matcher(which: str, template: str) -> Matcher:
    want = _norm(template)

    def test(spec: Spec) -> bool:
        return spec.get("line") == which and _norm(str(spec.get("template", ""))) == want

    return Matcher(frozenset({"line_template"}), test, f"line_template {which} {template}")


def _affix_last(label: str) -> Matcher:
    want = " ".join(label.split()).casefold()

    def test(spec: Spec) -> bool:
        got = spec.get("phrases")
        phrases = [" ".join(str(p).split()).casefold() for p in got or ()]  # type: ignore[attr-defined]
        where = (spec.get("part"), spec.get("index"), spec.get("position"))
        return where == ("line", -1, "start") and phrases == [want]

    return Matcher(frozenset({"part_affix"}), test, f"part_affix line -1 start {label!r}")
