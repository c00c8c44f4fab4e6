"""Conventions of split Q's writer, mapped by rule from the structured fields.

This writer lists a template's labels in ``words`` (the value left empty,
the quote the template itself), scopes a count to a section by its quoted
name ("section 'Overview'"), lists the words a rule leaves out ("except
'the', 'a'") or the words one of which is enough ("one of"), and places the
units it counts in the quote ("one emoji at the very start"). Each rule
reads one convention, never a prompt or a quote's wording of its own:

- lines equal to labels given as words, under a template label, scope the
  whole answer: the answer in a template whose lines begin with those
  labels, in order and no others (``answer_template``);
- words a rule over every word leaves out ("exceptions" in the note, or the
  words after "except" in the quote): no kind states the exceptions, so
  none is expected (a count of those words would ban what the rule allows);
- words one of which is enough ("one of", "any of", "at least one" in the
  note or label): no kind states "at least one of", so none is expected
  (each word's own count would ask for all of them);
- a word in so many of the parts ("in at least 4 of the answers"): no
  kind counts the parts holding it; so many uses in all, implied;
- a count of emoji, hashtags or links whose quote places them at the
  answer's start or end: every one of them there (``units_at``), implied;
- a count within a section named in quotes: that section, with the others
  its siblings name, exists (``named_sections``, any order), implied;
- lines labelled ``Q1:``, ``A1:``, … in a sequence: that many question
  lines (``question_count`` of labelled items), implied;
- rows ordered by a column the value names loosely ("by month") where the
  quote names one a sibling lists ("by sow_month"): that listed column.
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_matchers import Expectation, Matcher, Spec, all_of, fields, keyword, no_kind
from _blind_ordered import BY_COLUMN, ordered
from _blind_parts import NUMERIC, count_value, is_response, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_j_spelling import label_words, raw_unit, singular

__all__ = ["placed_by_quote", "writer_q", "writer_q_after"]


def _norm(text: object) -> str:
    return " ".join(str(text).split()).casefold()


# -- a template's labels as words -----------------------------------------------------

_TEMPLATE_LABEL = re.compile(r"template|format|fields?$")
# a label opening a line: "Giver:", "LAST SCAN:", "[QUEST]" (a tag in brackets)
_LINE_LABEL = re.compile(r"[^\s:<>{}][^:<>{}\n]{0,30}:|\[[A-Z][A-Za-z0-9 _-]{0,20}\]")


def _opens(line: str, label: str) -> bool:
    """The template line is the label, or the label and then its slot."""
    return (
        line == label
        or line.startswith(label + " ")
        or (label.endswith(":") and line.startswith(label))
    )


def _template_words(c: Constraint, row: Row) -> Expectation | None:
    """Lines equal to labels listed as words: the answer's template lines
    begin with them, in order, and the template has no other line."""
    del row
    if c.relation != "equals" or c.value not in (None, "") or len(c.words) < 2:
        return None
    if not _TEMPLATE_LABEL.search(label_words(c)) or singular(raw_unit(c)) != "line":
        return None
    if not is_response(scope_of(c.scope)):
        return None
    labels = [w.strip() for w in c.words]
    if not all(_LINE_LABEL.fullmatch(w) for w in labels):
        return None
    want = [_norm(w) for w in labels]

    def test(spec: Spec) -> bool:
        lines = [_norm(line) for line in str(spec.get("template", "")).splitlines()]
        lines = [line for line in lines if line]
        return len(lines) == len(want) and all(
            _opens(line, label) for line, label in zip(lines, want, strict=True)
        )

    return all_of(Matcher(frozenset({"answer_template"}), test, f"answer_template lines {labels}"))


# -- words a rule leaves out, words one of which is enough -------------------------------

# "except", "exceptions": words a rule leaves out ("other than X" bans X instead)
_EXCEPT = re.compile(r"\bexcept(?:ions?|ing)?\b|\bapart from\b")
_ONE_OF = re.compile(r"\b(?:one|any) of\b|\bat least one\b|\beither\b")
_EVERY = re.compile(r"\b(?:all|each|every|both)\b")


def _excepted_words(c: Constraint, row: Row) -> Expectation | None:
    """The words listed are the ones a rule over every word leaves out."""
    del row
    if not c.words or c.relation not in NUMERIC or singular(raw_unit(c)) not in ("word", "keyword"):
        return None  # a rule over every word counts each: a ban names its words
    quote = str(c.quote or "").lower()
    after = _EXCEPT.search(quote)
    in_quote = after is not None and all(
        re.search(rf"\b{re.escape(w.lower())}\b", quote[after.end() :]) for w in c.words
    )
    if not in_quote and not re.search(r"\bexceptions?\b", c.note.lower()):
        return None
    return no_kind("words a rule over every word leaves out: no kind states the exceptions")


def _one_of_words(c: Constraint, row: Row) -> Expectation | None:
    """Words one of which is enough: no kind asks for at least one of them."""
    del row
    if c.relation not in ("contains", "at_least") or len(c.words) < 2:
        return None
    if c.relation == "at_least" and c.value not in (None, 1):
        return None
    said = f"{label_words(c)} {c.note}".lower()
    if not _ONE_OF.search(said) or _EVERY.search(c.note.lower()):
        return None
    return no_kind("one of several words: no kind asks for at least one of them")


# -- a keyword in so many of the parts -------------------------------------------------

_IN_N_OF = re.compile(
    r"\b(?:in|across) (?:at least |at most |exactly |only )?(?:\d+|two|three|four|five|six) "
    r"of (?:the |your |its |these |those )?[a-z]+s\b"
)


def _in_n_parts(c: Constraint, row: Row) -> Expectation | None:
    """A word in so many of the parts ("in at least 4 of the answers"): no
    kind counts the parts holding it; so many uses in all, implied (at least)."""
    del row
    if c.relation not in NUMERIC or len(c.words) != 1:
        return None
    if not _IN_N_OF.search(str(c.quote or "").lower()):
        return None
    bounds = count_value(c.relation, c.value)
    floors = [n for rel, n in bounds or () if rel == "at_least"]
    uses = tuple(keyword(c.words[0], "at_least", n) for n in floors)
    return no_kind("a word in so many of the parts: no kind counts the parts holding it", *uses)


# -- units the quote places -------------------------------------------------------------

_PLACED_UNITS = {"emoji": "emoji", "hashtag": "hashtag", "link": "link", "url": "link"}
_AT = re.compile(
    r"\bat the (?:very )?(?P<where>start|beginning|end|bottom|top)\b(?! of (?:each|every|the \w+))"
)


def placed_by_quote(c: Constraint, found: Expectation) -> Expectation:
    """A count of emoji (hashtags, links) of the answer whose quote puts them
    at its start or end: every one of them there, implied."""
    kind = _PLACED_UNITS.get(re.sub(r"e?s$", "", raw_unit(c)))
    if kind is None or not found.expressible or not is_response(scope_of(c.scope)):
        return found
    bounds = count_value(c.relation, c.value) if c.relation in NUMERIC else None
    if not bounds or not any(rel in ("exactly", "at_least") and n >= 1 for rel, n in bounds):
        return found
    at = _AT.search(str(c.quote or "").lower())
    if at is None:
        return found
    where = "end" if at["where"] in ("end", "bottom") else "start"
    return replace(found, implied=(*found.implied, fields("units_at", unit=kind, at=where)))


# -- a count within a named section ----------------------------------------------------

# "section 'What you'll do'": the name runs to the last quote mark (it may hold one)
_SECTION_SCOPE = re.compile(r"(?:the )?section\s+['\"‘“](?P<name>.{1,60})['\"’”]")


def _section_name(scope: object) -> str | None:
    found = _SECTION_SCOPE.fullmatch(" ".join(str(scope or "").split()))
    return _norm(found["name"].strip().rstrip(":")) if found else None


def _named_section(c: Constraint, row: Row, found: Expectation) -> Expectation:
    """A count within a section named in quotes: the sections the row names
    exist (any order), implied."""
    if found.expressible or _section_name(c.scope) is None:
        return found
    names = {n for s in row.constraints if (n := _section_name(s.scope)) is not None}

    def test(spec: Spec) -> bool:
        got = [_norm(str(n).strip().rstrip(":")) for n in spec.get("names") or ()]  # type: ignore[attr-defined]
        return bool(got) and set(got) <= names and not spec.get("ordered")

    sections = Matcher(frozenset({"named_sections"}), test, f"named_sections ⊆ {sorted(names)}")
    return replace(found, implied=(*found.implied, sections))


# -- a sequence of question and answer labels --------------------------------------------

_Q_LABEL = re.compile(r"q(?:uestion)?\s*(\d{1,2})\s*[:.)]")
_A_LABEL = re.compile(r"a(?:nswer)?\s*(\d{1,2})\s*[:.)]")


def _asked_lines(c: Constraint, found: Expectation) -> Expectation:
    """Lines labelled Q1:, A1:, … in sequence, the whole answer: that many
    labelled question lines, implied."""
    if c.relation != "equals" or singular(raw_unit(c)) != "line" or found.expressible:
        return found
    labels = [_norm(v) for v in (c.value if isinstance(c.value, list | tuple) else c.words)]
    if len(labels) < 2 or not is_response(scope_of(c.scope)):
        return found
    asked = [int(m[1]) for label in labels if (m := _Q_LABEL.fullmatch(label))]
    answered = [label for label in labels if _A_LABEL.fullmatch(label)]
    if not asked or asked != list(range(1, len(asked) + 1)):
        return found
    if len(asked) + len(answered) != len(labels):
        return found
    n = len(asked)

    def test(spec: Spec) -> bool:
        return (
            spec.get("mode") == "items"
            and spec.get("relation") == "exactly"
            and spec.get("value") == n
        )

    questions = Matcher(frozenset({"question_count"}), test, f"question_count items exactly {n}")
    return replace(found, implied=(*found.implied, questions))


# -- rows ordered by a listed column ----------------------------------------------------


def _listed_columns(c: Constraint, row: Row) -> set[str]:
    listed: set[str] = set()
    for s in row.constraints:
        if s.index == c.index or s.relation != "equals":
            continue
        if singular(raw_unit(s)) not in ("column", "column name", "header"):
            continue
        names = s.value if isinstance(s.value, list | tuple) else s.words
        listed |= {_norm(n) for n in names if isinstance(n, str)}
    return listed


def _by_listed_column(c: Constraint, row: Row, found: Expectation) -> Expectation:
    """Rows ordered by a column the value names loosely ("by month") while
    the quote names one a sibling lists ("by sow_month"): that column."""
    if not any("ordered_items" in m.kinds for m in found.matchers):
        return found
    listed = _listed_columns(c, row)
    by_value = BY_COLUMN.search(str(c.value or ""))
    by_quote = BY_COLUMN.search(str(c.quote or ""))
    if not listed or by_value is None or by_quote is None:
        return found
    if _norm(by_value["col"]) in listed or _norm(by_quote["col"]) not in listed:
        return found
    return ordered(replace(c, value=None)) or found


# -- dispatch ---------------------------------------------------------------------------


def writer_q(c: Constraint, row: Row) -> Expectation | None:
    """The checks ``c`` maps to by one of split Q's writer's conventions;
    None where none applies (the mapper reads it on)."""
    for rule in (_template_words, _excepted_words, _one_of_words, _in_n_parts):
        found = rule(c, row)
        if found is not None:
            return found
    return None


def writer_q_after(c: Constraint, row: Row, found: Expectation) -> Expectation:
    """What the other readings found, with the parts split Q's writer's
    conventions imply added (or a listed column read)."""
    found = placed_by_quote(c, found)
    found = _named_section(c, row, found)
    found = _asked_lines(c, found)
    return _by_listed_column(c, row, found)
