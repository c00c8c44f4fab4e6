"""Split J's writer's conventions on the answer's edges and whole form.

A start or an end the label forbids, the answer in capitals by its label,
the whole answer JSON, and headings counted as a tuple of their names: each
read from the writer's label and fields, as ``_blind_writer_j`` dispatches
them (this module holds no order of its own).
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, Matcher, Spec, all_of, count, fields, json_object
from _blind_parts import is_response, phrase, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_j_spelling import label_key, unit_word

__all__ = ["all_caps", "forbidden_end", "forbidden_start", "json_only", "named_headings"]


# "no_start", "banned_openers"; or the relation negated ("starts_with_not",
# "not_starts_with"): a start (end) the answer must not have
_NO_START = re.compile(
    r"^(?:(?:forbidden|banned|no|avoid)(?:start|opening|opener|firstword)s?"
    r"|(?:starts?|begins?|opens?)(?:with)?not|not(?:starts?|begins?|opens?)with)$"
)
_NO_END = re.compile(
    r"^(?:(?:forbidden|banned|no)(?:end|ending|finalmark|finalpunctuation)s?"
    r"|(?:ends?|ending|finish(?:es)?)(?:with)?not|not(?:ends?|finish(?:es)?)with)$"
)
_ALL_CAPS = re.compile(r"^(?:allcaps|allcapitals|alluppercase|uppercase|caps)$")


def _section_name(text: object) -> str:
    """A section's name as ``named_sections`` compares it (markup, colon, case aside)."""
    return " ".join(re.sub(r"[#*_]+", " ", str(text)).strip().rstrip(":").split()).casefold()


def forbidden_start(c: Constraint) -> Expectation | None:
    if c.relation not in ("other", "none") or not is_response(scope_of(c.scope)):
        return None
    banned = [w for w in c.words if w.strip()] or ([c.value] if isinstance(c.value, str) else [])
    if _NO_START.fullmatch(label_key(c)) is None or not banned:
        return None
    want = {phrase(w) for w in banned}

    def test(spec: Spec) -> bool:
        got = spec.get("phrases")
        return isinstance(got, list | tuple) and want <= {phrase(str(p)) for p in got}

    return all_of(Matcher(frozenset({"not_starts_with"}), test, f"not_starts_with {sorted(want)}"))


def forbidden_end(c: Constraint) -> Expectation | None:
    if c.relation not in ("other", "none") or not is_response(scope_of(c.scope)):
        return None
    stated = c.words or ((c.value,) if isinstance(c.value, str) else ())
    marks = "".join(w.strip() for w in stated)
    if _NO_END.fullmatch(label_key(c)) is None or not marks:
        return None
    if any(ch.isalnum() or ch.isspace() for ch in marks):
        return None  # a word to end on is no mark

    def test(spec: Spec) -> bool:
        return set(str(spec.get("marks", ""))) == set(marks)

    return all_of(Matcher(frozenset({"no_final_mark"}), test, f"no_final_mark marks={marks!r}"))


def all_caps(c: Constraint) -> Expectation | None:
    """Every line (or the one word, or the answer) in capitals: every letter upper case."""
    if c.relation != "all" or c.value not in (None, "") or c.words:
        return None
    scope = " ".join(str(c.scope or "").lower().split())
    whole = is_response(scope_of(c.scope)) and unit_word(c) in ("", "word", "line", "text")
    lines = scope in ("each line", "every line") and unit_word(c) == "line"
    if not (whole or lines) or _ALL_CAPS.fullmatch(label_key(c)) is None:
        return None
    return all_of(fields("letter_case", case="upper"))


def json_only(c: Constraint) -> Expectation | None:
    """The whole answer JSON: a fenced block is no JSON document, so no code
    fence is implied (whatever the label: "json_only", "format", none)."""
    if c.relation != "matches_format" or str(c.value).strip().lower() != "json":
        return None
    if not is_response(scope_of(c.scope)) or unit_word(c) not in ("", "answer", "json", "response"):
        return None
    document = json_object()
    fences = count("code_block_count", "at_most", 0)
    return Expectation(matchers=(document,), kinds=document.kinds, implied=(fences,))


def named_headings(c: Constraint, row: Row) -> Expectation | None:
    """Headings counted as their names (a tuple): the named sections, unless
    a sibling gives the headings a form the sections' reading does not know."""
    if unit_word(c) not in ("heading", "section heading"):
        return None
    names = c.value if isinstance(c.value, (tuple, list)) else ()
    if c.relation != "exactly" or len(names) < 2 or not all(isinstance(n, str) for n in names):
        return None
    if not is_response(scope_of(c.scope)):
        return None
    formed = any(
        s.index != c.index and unit_word(s).startswith("heading") and s.relation == "matches_format"
        for s in row.constraints
    )
    if formed:
        return None
    want = sorted(_section_name(n) for n in names)

    def test(spec: Spec) -> bool:
        got = spec.get("names")
        return isinstance(got, list | tuple) and sorted(_section_name(n) for n in got) == want

    return all_of(Matcher(frozenset({"named_sections"}), test, f"named_sections names={want}"))
