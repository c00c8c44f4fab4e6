"""What ``_blind_map`` expects of the layout families: pieces separated by a
line of marks, checklists, item templates, sorted and unique items, named
sections and plain text, each read from a constraint's structured fields."""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_matchers import (
    Expectation,
    Matcher,
    Spec,
    all_of,
    any_count,
    count,
    counts,
    either,
    fields,
    no_kind,
    separated,
    separated_versions,
)
from _blind_parts import Scope, is_response, unit_of
from _blind_rows import Constraint, Row

from redraft.criteria._families._item_template import template_pattern

__all__ = [
    "checklist",
    "comma_line",
    "comma_separated",
    "line_separator",
    "item_template",
    "named_sections",
    "plain_text",
    "separators_count",
    "sorted_items",
    "unique_items",
    "versions_count",
    "versions_separator",
]


# -- separated versions (family: separated_versions) -------------------------------

_VERSION_RUN = re.compile(r"\s*([*=~#_+-])\1{2,19}\s*")
"""A separator the separated_versions family states: a run of one mark."""
_NOT_VERSIONS = re.compile(r"paragraph|stanza|section|item|line|word|sentence", re.I)


_ASTERISKS = re.compile(r"\s*\*{3,}\s*")
_BETWEEN_PIECES = re.compile(r"between (?:the |each |all )?[a-z]+s$")
"""A line's scope between pieces of the answer ("between variations")."""


def _said(s: Constraint) -> str:
    return " ".join(str(s.scope or "").lower().split())


def _run_of(s: Constraint) -> str | None:
    """The run of marks a separator constraint names: its value, else its one word."""
    for text in (s.value, *(s.words if len(s.words) == 1 else ())):
        if isinstance(text, str) and _VERSION_RUN.fullmatch(text):
            return text.strip()
    return None


def _version_separator(row: Row) -> str | None:
    """The run of marks a sibling constraint puts between the pieces."""
    for s in row.constraints:
        run = _run_of(s)
        # a separator as its unit, or (no unit) the run as the value of relation
        # other, or a line equal to the run between the pieces ("a line of
        # ~~~ between variations")
        separator = (
            unit_of(s) == "separator"
            or (not s.unit and s.relation == "other")
            or (unit_of(s) == "line" and s.relation == "equals" and _BETWEEN_PIECES.match(_said(s)))
        )
        if separator and run and not _NOT_VERSIONS.search(str(s.scope or "")):
            return run
    return None


def versions_count(c: Constraint, row: Row) -> Expectation | None:
    """ "Two versions, separated by ******": the separated_versions family with
    the separator stated, or (asterisks) the paragraph count on ``***``."""
    separator = _version_separator(row)
    if separator is None or c.relation != "exactly" or not isinstance(c.value, int):
        return None
    pieces = separated_versions(separator, c.value)
    if not _ASTERISKS.fullmatch(separator):
        return all_of(pieces)
    return all_of(
        *(either(m, pieces) for m in counts("paragraph_count", "exactly", c.value, separator="***"))
    )


def separators_count(c: Constraint) -> Expectation | None:
    """ "Separate the reviews with '---'", two of them: pieces one more than
    the separators, with that run of marks between them."""
    run = _run_of(c)
    if run is None or c.relation != "exactly" or not isinstance(c.value, int) or c.value < 1:
        return None
    if _NOT_VERSIONS.search(str(c.scope or "")) or c.value + 1 > 20:
        return None
    pieces = separated_versions(run, c.value + 1)
    if not _ASTERISKS.fullmatch(run):
        return all_of(pieces)
    paragraphs = count("paragraph_count", "exactly", c.value + 1, separator="***")
    return all_of(either(paragraphs, pieces))


# -- comma lists (family: comma_list) --------------------------------------------------

_COMMAS = re.compile(r"comma[- ]?separated|separated (?:by|with) commas", re.I)


def comma_separated(c: Constraint) -> bool:
    """The writer's value or note says the items are separated by commas."""
    return c.value == "," or _COMMAS.search(f"{c.value or ''} {c.note}") is not None


def comma_line(mark: str = ",") -> Expectation:
    """One line of items separated by ``mark`` (comma_list); a count of one
    line is a part of it."""
    one_line = count("line_count", "exactly", 1)
    return replace(all_of(separated(mark)), implied=(one_line,))


def line_separator(c: Constraint) -> str | None:
    """The mark a separator (delimiter) constraint counting one line gives
    as its one word ("on a single line", words ``[';']``), or None."""
    if not _SEPARATOR_LABEL.fullmatch(c.family) or len(c.words) != 1:
        return None
    mark = c.words[0].strip()
    return mark if _SEPARATOR.fullmatch(mark) else None


# a separator between items: one to three marks ("; ", " > ", " / ", "|")
_SEPARATOR = re.compile(r"\s*[^\w\s'\"‘’“”*~=#-]{1,3}\s*")
_BETWEEN = re.compile(r"between|response|answer|list|items?|names|line")
_SEPARATOR_LABEL = re.compile(r"(?:list_)?(?:separator|delimiter)s?(?:_format)?")
_SEPARATOR_UNIT = re.compile(r"|separators?|delimiters?|list|items?|character|none")
# a mark named in the writer's quote: "separate them with semicolons"
_NAMED_MARKS = (
    (re.compile(r"semicolons?"), ";"),
    (re.compile(r"(?:forward )?slash(?:es)?"), "/"),
    (re.compile(r"pipes?|vertical bars?"), "|"),
)


def _mark_of(c: Constraint) -> str | None:
    """The separator mark: the writer's value, or a mark the quote names."""
    if isinstance(c.value, str):
        return c.value if _SEPARATOR.fullmatch(c.value) else None
    if isinstance(c.value, (list, tuple)) and len(c.value) == 1:
        # the one mark written as a list of marks: ``(',',)``
        one = c.value[0]
        return one if isinstance(one, str) and _SEPARATOR.fullmatch(one) else None
    if c.value is not None:
        return None
    quote = str(c.quote or "").lower()
    return next((mark for pattern, mark in _NAMED_MARKS if pattern.search(quote)), None)


def separator_line(c: Constraint) -> Expectation | None:
    """The answer's items on one line separated by the writer's mark, where the
    writer's unit (or, with none, the label) is the separator between items and
    its value (or the mark its quote names) the mark: ``comma_list`` of that
    separator, spaces around it aside."""
    unit = str(c.unit or "").lower()
    if not (re.fullmatch(r"separators?|delimiters?", unit) or _SEPARATOR_LABEL.fullmatch(c.family)):
        return None
    if not _SEPARATOR_UNIT.fullmatch(unit) or not _BETWEEN.search(
        str(c.scope or "response").lower()
    ):
        return None
    found = _mark_of(c)
    if found is None or c.relation not in ("other", "equals", "matches_format"):
        return None
    return all_of(separated(found.strip()))


def versions_separator(c: Constraint, unit: str, text: str | None) -> Expectation | None:
    """The separator between versions: a paragraph count on ``***``, or the
    separated_versions family with this separator."""
    if unit != "separator" or not text or not _VERSION_RUN.fullmatch(text):
        return None
    if _NOT_VERSIONS.search(str(c.scope or "")):
        return None
    pieces = separated_versions(text)
    if not _ASTERISKS.fullmatch(text):
        return all_of(pieces)
    paragraphs = any_count("paragraph_count", "separator='***' (2 or more)", 2, separator="***")
    return all_of(either(paragraphs, pieces))


# -- checklist (family: checklist) ----------------------------------------------------

_TASK_BOX = re.compile(r"\[\s?[xX]?\]|check-?box|check-?list")


def checklist(c: Constraint) -> Expectation | None:
    """Every item a markdown task box: ``- [ ] item``."""
    if not _TASK_BOX.search(f"{c.value} {c.note}"):
        return None
    return all_of(fields("checklist"))


# -- item template (family: item_template) --------------------------------------------

_EACH_UNIT = re.compile(r"\b(?:each|every|all)\s+(?:line|item|bullet|entry|row|point|pair|tip)s?\b")
# A unit that is a list's item or line itself; another unit ("time slot",
# "duration") is a piece of each item, which a template of the whole item
# does not state.
_WHOLE_ITEM = re.compile(
    r"(?:list |numbered |bulleted |checklist )?"
    r"(?:lines?|items?|bullet(?:ed)?(?: points?| items?)?|entry|entries|points?|rows?)"
)
# "each bullet in Your medicines": the items of one section, not of the answer
_WITHIN = re.compile(
    r"\b(?:in|under|within|inside)\s+(?!(?:the\s+)?(?:whole\s+)?"
    r"(?:response|answer|reply|output|list)\b)\S"
)
# a regular expression's classes and repeats: "#[0-9A-F]{6}", "[A-Z]{2}"
_REGEX = re.compile(r"[\^$\\]|\[[^\]]*\w-\w[^\]]*\]|\{\d+(?:,\d*)?\}")


_FREE_ONLY = re.compile(r"(?:\.\+|[^\w.+*?()\[\]{}|^$\\])+")
_LIST_MARKER = re.compile(r"^(?:[-*+•]|\d{1,3}[.)])\s+")
# the free parts a template marks (as the item_template kind reads them)
_MARKED = re.compile(r"<[^<>\n]{1,40}>|\[[^\[\]\n]{1,40}\]|\{[^{}\n]{1,40}\}|…|\.\.\.")
# a word outside the marks that is no label (a label ends in a colon)
_BARE_WORD = re.compile(r"[^\W\d_]{2,}(?!\w|\s*:)")


def _whole_item(c: Constraint) -> bool:
    """Whether the unit is the item (or line) the template describes whole:
    named so, or the very thing the scope names ("each recommendation",
    unit "recommendation") where no other kind names it (a heading, a
    paragraph, a blank). An empty unit says neither."""
    raw = " ".join(str(c.unit or "").lower().replace("_", " ").split())
    if _WHOLE_ITEM.fullmatch(raw):
        return True
    part = re.search(r"\b(?:each|every|all)\s+([a-z][a-z -]*)", str(c.scope or "").lower())
    named = part is not None and part[1].strip().rstrip("s") == raw.rstrip("s")
    return bool(raw) and named and unit_of(c) == "item"


def item_template(c: Constraint, scope: Scope) -> Expectation | None:
    """Every item or line in a stated template: an item_template check whose
    literal parts are those of the writer's format (compared by pattern).
    Not where the unit is a piece of each item ("time slot" in each agenda
    item), the items are one section's, or the value is a regular
    expression: no template of the whole item states those."""
    value = str(c.value or "").strip()
    each = scope[0] == "each" or _EACH_UNIT.search(str(c.scope or "")) is not None
    if not value or "\n" in value or not each or not _whole_item(c):
        return None
    if _WITHIN.search(str(c.scope or "").lower()):
        return None
    if _REGEX.search(value):
        # a regular expression, not a template: no template states it whole,
        # but one whose own text the expression matches states its shape
        return _regex_shaped(value)
    # "- Name: <name>": the marker opens the list line, the item follows it
    value = _LIST_MARKER.sub("", value)
    if _FREE_ONLY.fullmatch(value) and ".+" in value:
        value = value.replace(".+", "x")  # ".+ — .+": free text around marks, as "x — x"
    if _MARKED.search(value) and _BARE_WORD.search(_MARKED.sub(" ", value)):
        # "[Owner] Task (due: …)": marks show some free parts, and a bare word
        # that labels nothing ("Task") may be free or literal: no one reading
        return None
    want = template_pattern(value)
    if want is None:
        return None

    def test(spec: Spec) -> bool:
        got = template_pattern(str(spec.get("template", "")))
        return got is not None and got.pattern == want.pattern

    return all_of(Matcher(frozenset({"item_template"}), test, f"item_template {value!r}"))


def _regex_shaped(expression: str) -> Expectation | None:
    """An item template whose text the writer's expression matches, as an
    implied check ("Language: translation" under ``^[A-Z][a-z]+: .+$``)."""
    try:
        compiled = re.compile(expression)
    except re.error:
        return None

    def test(spec: Spec) -> bool:
        template = str(spec.get("template", "")).strip()
        return bool(template) and compiled.search(template) is not None

    shaped = Matcher(frozenset({"item_template"}), test, f"item_template matching {expression!r}")
    return no_kind("an item format stated as a regular expression", shaped)


# -- sorted items (family: sorted_items) ----------------------------------------------


def sorted_items(c: Constraint, scope: Scope) -> Expectation | None:
    """Items in alphabetical order, keyed on the items themselves (not "by" a part)."""
    shape = f"{c.value or ''}".lower()
    # "by word", "by entry": the item's own text is the key; "by surname" is not
    keyed = re.sub(r"\bby\s+(?:the\s+)?(?:word|term|item|entry|line)s?\b", "", shape)
    # the list, or its items: the items the check sorts where the answer has a list
    listed = re.fullmatch(r"(?:the )?(?:list|items|list items)", str(c.scope or "").lower())
    whole = is_response(scope) or listed is not None
    if not whole or "alphabet" not in shape or re.search(r"\bby\b", keyed):
        return None
    reverse = re.search(r"descending|reverse|z\s*(?:-|to)\s*a", shape) is not None
    order = "reverse_alphabetical" if reverse else "alphabetical"
    return all_of(fields("sorted_items", order=order))


# -- unique items (family: unique_items) ----------------------------------------------


def unique_items(c: Constraint, scope: Scope) -> Expectation | None:
    """No item of the answer repeated (the writer's label names it: no field does)."""
    label = f"{c.family} {c.note} {c.value or ''}".lower()
    if not is_response(scope) or unit_of(c) not in ("item", "line", "entry", "bullet"):
        return None
    if not re.search(r"\bunique|duplicat|repeat", label):
        return None
    return all_of(fields("unique_items"))


# -- named sections (family: named_sections) ------------------------------------------


def _section_name(text: object) -> str:
    return " ".join(re.sub(r"[#*_]+", " ", str(text)).strip().rstrip(":").split()).casefold()


_ONE_OF = re.compile(r"\bone[ _]of\b|\beither\b|\bor\b", re.I)
# the parts each named once: a label per line, part, version or answer
_ONCE = re.compile(
    r"line|part|paragraph|bullet|item|section|version|answer|response|option|choice|headline"
)
_LABEL_UNIT = re.compile(r"(?:part |section |item )?labels?")
# the parts named in the plural ("choices", "the options"): each of them
_PLURAL = re.compile(
    r"(?:the )?(?:[a-z]+ )?(?:choice|option|part|answer|version|item|entrie|line)s"
)


def named_sections(c: Constraint, unit: str, scope: Scope) -> Expectation | None:
    """Sections headed by the names in ``words``; in order where the quote or
    the writer's label says so."""
    # "Label the parts 'For adults:' and 'For kids:'": label lines, named as
    # the words (each ending in a colon) a section, label or line contains
    raw = " ".join(str(c.unit or "").lower().split())
    raw_scope = " ".join(str(c.scope or "").lower().split())
    recurring = False
    colons = all(w.strip().endswith(":") for w in c.words)
    labels = c.relation == "contains" and colons
    labelled = labels and re.fullmatch(r"(?:section )?labels?|lines?|sections?", raw) is not None
    # "Label them 'Serious:' and 'Funny:'": each part starts with one of two
    # or more colon labels, so each label opens a line (its section's head)
    if (
        c.relation == "starts_with"
        and colons
        and (scope[0] == "each" or _PLURAL.fullmatch(raw_scope))
    ):
        if _ONE_OF.search(c.note):
            return None  # every line opens with one of them: no kind states alternatives
        labelled = labels = True
        # "'Q:' then 'A:' in each flashcard": labels recurring in every entry
        recurring = scope[0] == "each" and not _ONCE.search(str(scope[1]))
    # "Label them 'Coffee' and 'Tea'": a label per part, named as the words
    # (names, not markers: "A)" or "(★)" labels no section)
    named = all(re.search(r"[^\W\d_]{2}", w) for w in c.words)
    if (
        c.relation == "contains"
        and _LABEL_UNIT.fullmatch(raw)
        and scope[0] in ("each", "response")
        and named
    ):
        labelled = labels = True
    if (unit not in ("heading", "section", "section label") and not labelled) or len(c.words) < 2:
        return None
    if c.relation == "contains" and not labels:
        return None
    plural = labelled and _PLURAL.fullmatch(raw_scope) is not None
    if (
        not is_response(scope)
        and scope[0] != "each"
        and "heading" not in str(c.scope)
        and not plural
    ):
        return None
    want = [_section_name(word) for word in c.words]
    ordered = re.search(r"\border\b", f"{c.family} {c.quote} {c.note}".lower()) is not None

    def test(spec: Spec) -> bool:
        names = spec.get("names") or ()
        got = [_section_name(name) for name in names]  # type: ignore[attr-defined]
        return got == want and bool(spec.get("ordered")) == ordered

    label = f"named_sections names={want} ordered={ordered}"
    sections = Matcher(frozenset({"named_sections"}), test, label)
    if recurring:
        # each label heads a line somewhere, but not every entry's: implied only
        return no_kind("labels recurring in every entry: no kind states them", sections)
    return all_of(sections)


# -- plain text (family: plain_text) --------------------------------------------------


def plain_text(c: Constraint, unit: str, scope: Scope) -> Expectation | None:
    """No markdown in the answer: the writer's unit names markdown."""
    named = f"{unit} {c.unit or ''}".lower()
    if c.relation != "none" or not is_response(scope) or "markdown" not in named:
        return None
    # No markdown means no bullet list, heading or table either: a check of
    # one of them enforces a necessary part of it.
    return replace(
        all_of(fields("plain_text")),
        implied=(
            count("bullet_count", "at_most", 0),
            count("numbered_count", "at_most", 0),
            count("heading_count", "at_most", 0),
        ),
    )
