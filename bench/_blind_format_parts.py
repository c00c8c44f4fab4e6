"""What ``_blind_map`` expects of the format-of-parts families (blank lines
between parts, heading levels and endings, list markers): one function per family, each
reading a constraint's structured fields (unit, scope, relation, value,
words, note) and returning the checks that enforce it, or None where the
family does not state it (the general mapping then decides)."""

from __future__ import annotations

import re
from collections.abc import Callable

from _blind_matchers import Expectation, all_of, fields, first_found, no_kind
from _blind_rows import Constraint

__all__ = ["blank_lines", "format_parts", "stated_marker"]


def _text(raw: object) -> str:
    return " ".join(str(raw or "").lower().replace("_", " ").split())


def _relation(c: Constraint) -> str:
    return c.relation.strip().lower()


# -- blank lines (family: blank_lines) ---------------------------------------------

_BLANK_UNIT = re.compile(r"(?:blank|empty) lines?|line spacing|spacing")
_RESPONSE = re.compile(
    r"|response|answer|reply|output|whole (?:response|answer)|entire (?:response|answer)"
)


def _blank_between(scope: str) -> str | None:
    """What the blank lines lie between: lines, paragraphs, list items or
    blocks of the writer's (stanzas, cards, questions …); None where the
    scope names one place ("the second line") rather than every gap."""
    if _RESPONSE.fullmatch(scope):
        return "lines"
    between = re.fullmatch(r"between (?:(?:the|all|each|every|adjacent|consecutive) )*(.+)", scope)
    if between is None:
        return "lines" if re.fullmatch(r"(?:each|every|all) lines?", scope) else None
    part = between.group(1)
    if re.fullmatch(r"lines?", part):
        return "lines"
    if re.fullmatch(r"paragraphs?|paras", part):
        return "paragraphs"
    if re.fullmatch(r"(?:list |top-level )?(?:items?|bullets?|bullet points?|points?)", part):
        return "items"
    return "blocks" if re.fullmatch(r"[a-z -]+", part) else None


def blank_lines(c: Constraint) -> Expectation | None:
    """ "A blank line between stanzas" (exactly 1 between parts), "no blank
    lines" (none in the response), "double-spaced" (one between lines)."""
    unit, relation = _text(c.unit), _relation(c)
    if not _BLANK_UNIT.fullmatch(unit):
        return None
    between = _blank_between(_text(c.scope))
    if between is None:
        return None
    shape = f"{_text(c.value)} {_text(c.note)}"
    if "spacing" in unit:
        blank = 1 if "double" in shape else 0 if "single" in shape else None
        if blank is None or between != "lines":
            return None
    elif relation == "none" or (relation in ("exactly", "at_most") and c.value == 0):
        blank = 0
    elif (relation == "exactly" and c.value == 1) or (
        relation == "other" and between != "lines" and c.value is None
    ):
        blank = 1
    else:
        return None
    if blank == 0 and between not in ("lines", "items"):
        return None
    return all_of(fields("blank_lines", between=between, blank=blank))


# -- heading form (family: heading_form) -------------------------------------------

_HEADING_UNIT = re.compile(r"(?:markdown |section |md )?(?:headings?|headers?|heading lines?)")
_ONE_PART = re.compile(r"\b(?:first|second|third|last|final|top|title|one|single|line \d)\b")
_LEVEL = re.compile(
    r"(#{1,6})|h([1-6])|level[- ]?([1-6])(?: (?:markdown )?(?:headings?|headers?))?"
)
_ENDING = {"?": "?", "question mark": "?", ":": ":", "colon": ":", "!": "!", ".": "."}


def heading_form(c: Constraint) -> Expectation | None:
    """ "Each question as a ### heading" (every heading of one level),
    "headings end with a question mark" (every heading's last mark)."""
    unit, scope, relation = _text(c.unit), _text(c.scope), _relation(c)
    if not _HEADING_UNIT.fullmatch(unit) or _ONE_PART.search(scope):
        return None
    value = _text(c.value).strip("'\"` ")
    if relation in ("starts_with", "equals", "matches_format"):
        level = _LEVEL.fullmatch(value.replace("...", "").replace("…", "").strip())
        if level is None:
            return None
        n = len(level[1]) if level[1] else int(level[2] or level[3])
        return all_of(fields("heading_level", level=n))
    if relation == "ends_with" and value in _ENDING:
        return all_of(fields("heading_end", mark=_ENDING[value]))
    return None


# -- list markers (family: list_markers) -------------------------------------------

_MARKER_UNIT = re.compile(
    r"(?:list |bullet |numbered |top-level )?(?:items?|bullets?|bullet points?|markers?|"
    r"bullet characters?|numbering|numerals?)(?: markers?| style)?|"
    r"numbered (?:list )?(?:items?|list)"
)
_STYLES = frozenset({"1.", "1)", "(1)", "a.", "a)", "(a)", "A.", "A)", "i.", "i)", "I.", "I)"})
"""The ordered styles the list_marker kind states."""
_BULLET_NAMES = (
    ("dash", "-"),
    ("hyphen", "-"),
    ("minus", "-"),
    ("asterisk", "*"),
    ("star", "*"),
    ("plus", "+"),
    ("round bullet", "•"),
    ("bullet character", "•"),
    ("dot", "•"),
)
"""A bullet marker named in words, and the marker."""
_BULLETS_SCOPE = re.compile(r"\b(?:bullets?|bullet points?|list items?|list)\b")
_ONE_ITEM = re.compile(r"\b(?:first|second|third|last|final|one|single|line \d)\b")
_ORDERED = re.compile(r"\(?(?P<label>\d{1,3}|[a-z]|[ivx]{1,5}|n|x)(?P<close>[.)])", re.I)


def _marker(c: Constraint) -> str | None:
    """The marker style the constraint's value (or its one word) shows."""
    raw = str(c.value if isinstance(c.value, str) else (c.words[0] if len(c.words) == 1 else ""))
    if not raw and _sequence(c):
        raw = ", ".join(c.words)  # "I.", "II.", "III.": the style its first shows
    hint = f"{raw} {c.note}".lower()
    raw = re.sub(r"[\^$\\]", "", raw)
    raw = re.sub(r"\((\w+)(?:\|\w+)+\)", r"\1", raw).strip().strip("'\"`")
    if raw in ("-", "*", "+", "•"):
        return raw
    # a bullet named in words, or its one symbol with words around it
    # ("dashes", "hyphen (-)", "asterisk bullets"); a checkbox is a checklist's
    if re.search(r"\[\s?[xX ]?\s?\]|checkbox", raw.lower()):
        return None
    # a class of markers in a pattern ('[-*] ') allows either: no one marker
    if any(len(set(k) & set("-*+•")) > 1 for k in re.findall(r"\[([^\]]*)\]", raw)):
        return None
    # a '+' or '*' after '.', ')' or ']' repeats what it follows in a
    # pattern (the '+' of '.+ then a code'): a quantifier, no marker
    symbols = set(re.findall(r"(?<![\w\-.)\]])[-*+•](?![\w-])", raw))
    named = {
        m
        for word, m in _BULLET_NAMES
        if re.search(rf"\b{word}(?:e?s)?\b(?![-\s]*(?:separated|delimited|between))", raw.lower())
    }
    if len(symbols | named) == 1 and not _ORDERED.search(raw):
        return (symbols | named).pop()
    found = _ORDERED.match(raw)
    if found is None:
        return None
    label, close = found["label"], found["close"]
    opened = raw.startswith("(")
    if opened and close != ")":
        return None
    if label.isdigit() or (label in "nNxX" and ("roman" not in hint or label in "nN")):
        style = "1"
    elif re.fullmatch(r"[ivx]+", label, re.I) and (
        len(label) > 1 or re.search(r"\bii\b|roman", hint)
    ):
        style = "I" if label.isupper() else "i"
    else:
        style = "A" if label.isupper() else "a"
    marker = f"({style})" if opened else f"{style}{close}"
    return marker if marker in _STYLES else None


# an ordered marker in a sequence ("I., II., III."), and a second level's ("1.1")
_SEQUENCE_MARK = re.compile(r"\(?(?:\d{1,3}|[a-z]|[ivx]{1,5})[.)]", re.I)
_SECOND_LEVEL = re.compile(r"\b(?:\d+|n)\.(?:\d+|n)\b", re.I)


def _sequence(c: Constraint) -> bool:
    """Whether the words (or the value) are two or more ordered markers of
    a numbering: "I.", "II.", "III."; "1), 2), 3)"; "N. / N.N"."""
    marks = list(c.words) if len(c.words) >= 2 else re.split(r"\s*[,;/]\s*", _text(c.value))
    marks = [m.strip() for m in marks if m.strip()]
    return len(marks) >= 2 and all(
        _SEQUENCE_MARK.fullmatch(m) or _SECOND_LEVEL.fullmatch(m) for m in marks
    )


def list_markers(c: Constraint) -> Expectation | None:
    """ "Use dashes for bullets" (every bullet's marker), "number them 1), 2)"
    (every numbered item's), "Roman numerals (I., II.)". A numbering given
    as its sequence ("I., II., III.") names the items it numbers whatever
    the unit; with a second level ("1., 2. and sub-clauses 1.1") the
    top level's marker is only implied (no kind states the sub-numbering)."""
    unit, scope, relation = _text(c.unit), _text(c.scope), _relation(c)
    if relation not in ("equals", "starts_with", "matches_format", "all", "other"):
        return None
    sequence = _sequence(c) and unit in ("", "line", "lines", "item", "items")
    # the unit names the marker or the items, or a line whose scope is the bullets
    # or no unit, where the family label names the numbering and the value
    # shows the sequence ("Roman numerals (I., II., III.)", matches_format)
    numbering = unit == "" and re.search(r"numbering|list.?marker", _text(c.family))
    if not (
        _MARKER_UNIT.fullmatch(unit)
        or (unit in ("", "line", "lines") and _BULLETS_SCOPE.search(scope))
        or (numbering and relation == "matches_format" and not re.search(r"sub|nest", scope))
        or sequence
    ):
        return None
    nested = re.search(r"\bsub-?|nested|second[- ]level", scope)  # a sub-list's markers
    if (
        _ONE_ITEM.search(scope)
        or nested
        or (sequence and re.search(r"section|heading|title", scope))
    ):
        return None
    marker = _marker(c)
    if marker is None:
        return None
    if _SECOND_LEVEL.search(f"{c.value or ''} {' '.join(c.words)}"):
        return no_kind("a numbering with sub-levels", fields("list_marker", marker=marker))
    return all_of(fields("list_marker", marker=marker))


# -- title case of parts (family: title_case) --------------------------------------

_CASE_SCOPE = (
    (
        re.compile(
            r"(?:each |every |all |the )?(?:section |sub)?(?:headings?|headers?)|"
            r"(?:each |every |all )?section titles?"
        ),
        "heading",
    ),
    # the title kind's title is the answer's first non-empty line: "line one" is it
    (
        re.compile(r"(?:the )?(?:title|headline)(?: line)?|(?:the )?first line|line (?:1|one)"),
        "title",
    ),
    (
        re.compile(
            r"(?:each|every|all) (?:headlines?|titles?|items?|list items?|bullets?|"
            r"bullet points?|names?|entries|entry|options?)"
        ),
        "item",
    ),
)


def title_case(c: Constraint) -> Expectation | None:
    """ "Every heading in Title Case" (small words may stay low), "each word
    of the title capitalised" (every word)."""
    unit, scope, relation = _text(c.unit), _text(c.scope), _relation(c)
    shape = f"{_text(c.value)} {_text(c.note)}"
    if unit not in ("word", "words") or relation not in ("all", "other"):
        return None
    if not re.search(r"title case|capitali[sz]ed", shape):
        return None
    said = f"{shape} {_text(c.family).replace('_', ' ')}"
    if re.search(r"sentence case|only (?:the )?first word|(?:never|not|no) title case", said):
        return no_kind("sentence case: no kind checks it")  # the first word alone capitalised
    part = next((name for pattern, name in _CASE_SCOPE if pattern.fullmatch(scope)), None)
    if part is None:
        return None
    small = re.search(r"title case|major|minor|small", shape) is not None
    return all_of(fields("title_case", part=part, every=not small))


_FAMILIES: tuple[Callable[[Constraint], Expectation | None], ...] = (
    blank_lines,
    heading_form,
    list_markers,
    title_case,
)


def format_parts(c: Constraint) -> Expectation | None:
    """The checks the format-of-parts families state for ``c``, or None."""
    return first_found(_FAMILIES, c)


def stated_marker(c: Constraint) -> str | None:
    """The bullet marker a list format names ("a bulleted list with
    dashes"), or None."""
    marker = _marker(c)
    return marker if marker in ("-", "*", "+", "•") else None
