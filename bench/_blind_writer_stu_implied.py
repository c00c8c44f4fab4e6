"""Splits S, T and U's writers' conventions that the checks state only in
part (bench/_blind_writer_stu.py reads the rest): a check enforcing a
necessary part of such a constraint fails only answers the constraint fails,
so compiling it is not false (``implied``), nor coverage.

- a set of placeholders that must be used "and no others": each used;
- one of several first lines sharing their opening words: that opening;
- a keyword in exactly some sentences: the keyword used;
- at least N code blocks within each named part: at least N in the answer;
- the first (last) heading named: that section present;
- a clock the time styles check in part (lowercase "am", a zone after it):
  the style;
- marks banned where the quote bans markdown too: no markdown;
- a JSON or YAML document's keys: the document valid;
- one code block "and nothing outside it": ``code_only``.

A count of sections the quote says carry headings is that many headings
(covered, not implied), read here beside the section rules.
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_matchers import (
    Expectation,
    Matcher,
    Spec,
    all_of,
    count,
    forbidden_chars,
    keyword,
    no_kind,
    phrase_is,
)
from _blind_parts import code_language, count_value, is_response, phrase, scope_of
from _blind_rows import Constraint
from _blind_writer_j_spelling import label_words, raw_unit

__all__ = [
    "clock",
    "heading_at_end",
    "headed_sections",
    "in_some_sentences",
    "least_in_each",
    "no_markdown_said",
    "placeholders",
    "shared_opening",
    "writer_stu_after",
]


def _norm(text: object) -> str:
    return " ".join(str(text or "").lower().replace("_", " ").split())


def placeholders(c: Constraint) -> Expectation | None:
    if "placeholder" not in label_words(c) or c.relation.strip().lower() != "equals":
        return None
    if not isinstance(c.value, tuple) or not is_response(scope_of(c.scope)):
        return None
    used = tuple(keyword(str(p), "at_least", 1) for p in c.value)
    return no_kind("these placeholders and no others: no kind states the others", *used)


def headed_sections(c: Constraint) -> Expectation | None:
    if raw_unit(c).rstrip("s") != "section" or not re.search(r"\bheadings?\b|\bheaded\b", c.quote):
        return None
    if not is_response(scope_of(c.scope)) or not count_value(c.relation, c.value):
        return None
    return all_of(*(count("heading_count", r, n) for r, n in count_value(c.relation, c.value)))


def shared_opening(c: Constraint) -> Expectation | None:
    if c.relation.strip().lower() != "one_of" or not isinstance(c.value, tuple):
        return None
    options = [str(v) for v in c.value]
    where = _norm(c.scope)
    if len(options) < 2 or not (where in ("first line", "start") or is_response(scope_of(c.scope))):
        return None
    if not re.search(r"first|start|open", f"{label_words(c)} {where}"):
        return None
    shared = options[0]
    for other in options[1:]:
        while not other.startswith(shared):
            shared = shared[:-1]
    cut = max(shared.rfind(" "), shared.rfind(":") + 1 if ":" in shared else -1)
    opening = shared[:cut].strip() if cut > 0 else ""
    if len(opening) < 2:
        return None
    return no_kind(
        "one of several openings: no kind states the choice", phrase_is("starts_with", opening)
    )


def in_some_sentences(c: Constraint) -> Expectation | None:
    if not re.search(r"sentences? with keyword|keyword in sentences", label_words(c)):
        return None
    if _norm(c.unit).rstrip("s") != "sentence" or not c.value or len(c.words) > 1:
        return None
    word = c.words[0] if c.words else None
    if word is None:
        found = re.search(r"['\"“‘]([^'\"”’]+)['\"”’]", c.quote)
        word = found[1] if found else None
    if word is None or not count_value(c.relation, c.value):
        return None
    if min(n for _, n in count_value(c.relation, c.value)) < 1:
        return None
    return no_kind(
        "a keyword in so many sentences: no kind counts them", keyword(word, "at_least", 1)
    )


_EACH_PART = re.compile(r"(?:each|every) (?!answer|response|reply)[a-z][a-z ]*")


def least_in_each(c: Constraint) -> Expectation | None:
    if c.relation.strip().lower() != "at_least" or not _EACH_PART.fullmatch(_norm(c.scope)):
        return None
    if raw_unit(c).rstrip("s") not in ("code block", "fenced code block"):
        return None
    bounds = count_value("at_least", c.value)
    if not bounds:
        return None
    n = bounds[0][1]
    return no_kind(
        "at least so many in each part: no kind counts them there",
        count("code_block_count", "at_least", n),
    )


_END_HEADING = re.compile(r"(?:the )?(?:first|last|final|opening|closing) (?:heading|section)")


def heading_at_end(c: Constraint) -> Expectation | None:
    """The first (last) heading named: no kind places a heading there; the
    section so named, present, is a part of it."""
    if raw_unit(c).rstrip("s") != "heading" or not _END_HEADING.fullmatch(_norm(c.scope)):
        return None
    if c.relation.strip().lower() not in ("equals", "starts_with") or not isinstance(c.value, str):
        return None
    name = c.value.strip().lstrip("#").strip().strip("'\"“”")
    if not name:
        return None

    def test(spec: Spec) -> bool:
        got = spec.get("names") or ()
        return isinstance(got, (list, tuple)) and [phrase(str(n)) for n in got] == [phrase(name)]

    present = Matcher(frozenset({"named_sections"}), test, f"named_sections [{name!r}]")
    return no_kind("a heading at one end: no kind places it", present)


_TWELVE_HOUR = (r"\d{1,2}:\d{2}(am|pm)", r"\d{1,2}:\d{2} ?(am|pm)", r"\d{1,2}:\d{2}(AM|PM)")


def clock(c: Constraint) -> Expectation | None:
    """A clock stated as a pattern the 12-hour or 24-hour style checks only
    in part (the case of "am", a zone after the time): that style, implied."""
    if c.relation.strip().lower() != "matches_format" or not isinstance(c.value, str):
        return None
    if not re.fullmatch(r"times?", raw_unit(c)):
        return None
    pattern = c.value.strip().removeprefix("^").removesuffix("$")
    if pattern in _TWELVE_HOUR:
        style = "12h"
    elif re.fullmatch(r"HH:MM [A-Z]{2,5}", pattern):  # spelled so by ``restated``
        style = "24h"
    else:
        return None

    def test(spec: Spec) -> bool:
        return spec.get("style", "24h") == style

    clock = Matcher(frozenset({"time_format"}), test, f"time_format style={style!r}")
    return no_kind("a clock in a form the time styles check in part", clock)


def no_markdown_said(c: Constraint) -> Expectation | None:
    """Marks banned where the quote bans markdown too ("no markdown, no
    asterisks"): the marks, and no markdown (``plain_text``) implied."""
    if c.relation.strip().lower() != "none" or not re.search(r"\bno markdown\b", c.quote.lower()):
        return None
    if raw_unit(c) not in ("character", "characters") or not c.words:
        return None
    if not is_response(scope_of(c.scope)):
        return None
    marks = tuple(m.strip() for m in c.words if m.strip())
    if not marks or any(len(m) != 1 for m in marks):
        return None

    plain = Matcher(frozenset({"plain_text"}), lambda spec: True, "plain_text")
    return replace(all_of(*(forbidden_chars(m) for m in dict.fromkeys(marks))), implied=(plain,))


_NOTHING_ELSE = re.compile(r"nothing (?:else )?outside|\bonly (?:output|return|reply with|give)")


def _bare_document(found: Expectation) -> Expectation:
    """A JSON or YAML document with keys expected: the document valid, with
    no keys asked, is a part of it (implied)."""
    kinds = {k for m in found.matchers if "required_keys" in m.label for k in m.kinds}
    if kinds not in ({"json"}, {"yaml"}):
        return found
    (kind,) = kinds
    bare = Matcher(
        frozenset({kind}), lambda spec: not spec.get("required_keys"), f"{kind} (no keys)"
    )
    return replace(found, implied=(*found.implied, bare))


def writer_stu_after(c: Constraint, found: Expectation) -> Expectation:
    found = _bare_document(found)
    return _code_only(c, found)


def _code_only(c: Constraint, found: Expectation) -> Expectation:
    """One code block "and nothing outside it" (the note or the quote says
    so): the answer only that block (``code_only``, the language the count
    names), implied beside the count these writers give."""
    if not _NOTHING_ELSE.search(f"{c.note} {c.quote}".lower()):
        return found
    if raw_unit(c).rstrip("s") not in ("code block", "fenced code block", "code fence"):
        return found
    if count_value(c.relation, c.value) != (("exactly", 1),):
        return found
    if not any("code_block_count" in m.kinds for m in found.matchers):
        return found
    language = code_language(c)

    def test(spec: Spec) -> bool:
        got = spec.get("language")
        return language is None or str(got or "").casefold() == language.casefold()

    only = Matcher(frozenset({"code_only"}), test, f"code_only language={language!r}")
    return replace(found, implied=(*found.implied, only))
