"""Requirements any writer may state with a unit a kind counts while the
words or the scope say which of them is meant, read by rule from the
structured fields (first seen in split O's writer, general to all):

- hashtags counted with the hashtags given as the words (``#Launch``,
  unit ``hashtag``, exactly 1): how often each of those hashtags stands,
  a keyword count of it, not a count of every hashtag;
- the first word (the start of the answer) none of the words given: the
  answer does not start with them (``not_starts_with``);
- every list item (line) opening with one of two or more task-box markers
  (``- [ ]``, ``- [x]``): a markdown checklist is a part of it (the
  ``checklist`` kind also takes ``*`` and numbered boxes, so it is looser
  than the markers spelled out; one box alone names the form, as before);
  ticked boxes counted ("checked item"): no kind (an item count counts
  every item, ticked or not);
- the whole answer's lines "other" with a value that bans list markers
  ("no list markers", "no bullets or numbering"): no bullets and no
  numbered lines (``bullet_count`` and ``numbered_count`` at most 0);
- a count of numbered items, at least one asked: a count of the answer's
  items (numbered lines winning, as ``item_count`` reads them) is a part
  of it (with none asked, items in another form would count);
- the whole answer one time (``^\\d{2}:\\d{2}$``): no kind; every time on
  the 24-hour clock is a part;
- elements counted in the array under a key: that key's value an array
  (``json_fields``) is a part.
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, Matcher, Spec, all_of, count, fields, keyword, no_kind
from _blind_parts import NUMERIC, count_value, is_response, scope_of
from _blind_rows import Constraint
from _blind_writer_j_spelling import raw_unit, singular

__all__ = ["described_units", "json_array_typed", "numbered_items_counted"]

_HASHTAG = re.compile(r"#\w+")


def _named_hashtags(c: Constraint) -> Expectation | None:
    """Hashtags counted, the hashtags named: each one's own count."""
    if c.relation not in NUMERIC or singular(raw_unit(c)) not in ("hashtag", "hash tag"):
        return None
    named = [w.strip() for w in c.words if w.strip()]
    counted = count_value(c.relation, c.value)
    if not named or not counted or not all(_HASHTAG.fullmatch(w) for w in named):
        return None
    if not is_response(scope_of(c.scope)):
        return None
    return all_of(*(keyword(w, rel, n) for w in named for rel, n in counted))


_START = re.compile(
    r"(?:the )?(?:first|opening) word|(?:the )?(?:start|beginning|opening)(?: of.*)?"
)


def _not_opening(c: Constraint) -> Expectation | None:
    """The first word none of the words given: the answer does not start so."""
    if c.relation != "none" or not c.words:
        return None
    scope = " ".join(str(c.scope or "").lower().split())
    if not _START.fullmatch(scope) or singular(raw_unit(c)) not in ("", "word", "phrase"):
        return None
    banned = {w.strip(" \"'“”‘’").casefold() for w in c.words if w.strip(" \"'“”‘’")}
    if not banned:
        return None

    def test(spec: Spec) -> bool:
        got = spec.get("phrases")
        return isinstance(got, (list, tuple)) and {str(p).casefold() for p in got} == banned

    return all_of(Matcher(frozenset({"not_starts_with"}), test, f"not_starts_with {banned}"))


_BOX = re.compile(r"(?:[-*+] )?\[[ xX]?\]")


def _task_boxes(c: Constraint) -> Expectation | None:
    """Every item opening with one of task-box markers: a checklist."""
    if c.relation not in ("one_of", "starts_with") or len(c.words) < 2:
        return None  # one box given ("- [ ]") names the checklist form: the general reading
    scope = " ".join(str(c.scope or "").lower().split())
    if not re.fullmatch(r"(?:each|every) (?:list )?(?:item|line|bullet|task)", scope):
        return None
    if not all(_BOX.fullmatch(w.strip()) for w in c.words):
        return None
    return no_kind("items opening with given task boxes: looser kinds only", fields("checklist"))


_CHECKED = re.compile(
    r"(?:checked|ticked|done|completed|crossed[- ]off) (?:list )?(?:items?|boxe?s?|tasks?)"
)


def _checked_items(c: Constraint) -> Expectation | None:
    """Ticked task boxes counted: no kind counts them (a count of items or
    bullets counts the unticked ones too)."""
    if c.relation not in NUMERIC or not _CHECKED.fullmatch(raw_unit(c)):
        return None
    return no_kind("ticked task boxes counted: no kind counts them")


_NO_MARKERS = re.compile(
    r"no (?:list )?markers?|no (?:list )?(?:bullets?|numbering|numbers?)(?: or| and|,) "
    r"(?:bullets?|numbering|numbers?)"
    r"|no (?:bullet|number)(?:s|ed)? or (?:bullet|number)\w* markers?"
)


def _lines_unmarked(c: Constraint) -> Expectation | None:
    """Lines "other" a value banning list markers: no bullets, no numbers."""
    if c.relation != "other" or singular(raw_unit(c)) not in ("line", "item", ""):
        return None
    scope = " ".join(str(c.scope or "").lower().split())
    if scope not in ("each line", "every line", "response", "lines"):
        return None
    value = " ".join(str(c.value or "").lower().replace("_", " ").split())
    if not _NO_MARKERS.fullmatch(value):
        return None
    return all_of(count("bullet_count", "at_most", 0), count("numbered_count", "at_most", 0))


_CLOCK_ANSWER = re.compile(r"\^\\d\{2\}:\\d\{2\}\$")


def _answer_a_time(c: Constraint) -> Expectation | None:
    """The whole answer one time ``^\\d{2}:\\d{2}$``: no kind states the
    answer is a time alone; every time on the 24-hour clock is a part."""
    if c.relation != "matches_format" or not isinstance(c.value, str):
        return None
    if singular(raw_unit(c)) not in ("time", "", "answer") or not is_response(scope_of(c.scope)):
        return None
    if not _CLOCK_ANSWER.fullmatch(c.value.strip()):
        return None
    clock = Matcher(frozenset({"time_format"}), _style_24h, "time_format style='24h'")
    return no_kind("the answer one time alone: no kind states it", clock)


def _style_24h(spec: Spec) -> bool:
    return spec.get("style", "24h") == "24h"


def described_units(c: Constraint) -> Expectation | None:
    """The checks one of these readings maps ``c`` to; None where none applies."""
    for rule in (
        _named_hashtags,
        _not_opening,
        _task_boxes,
        _checked_items,
        _lines_unmarked,
        _answer_a_time,
    ):
        found = rule(c)
        if found is not None:
            return found
    return None


def numbered_items_counted(c: Constraint, found: Expectation) -> Expectation:
    """A count of numbered items mapped to ``numbered_count`` alone: the
    answer's items counted the same (``item_count``, which counts the
    numbered lines where there are any) is a part of it."""
    if not found.matchers or any(m.kinds != {"numbered_count"} for m in found.matchers):
        return found
    if singular(raw_unit(c)) not in ("numbered item", "numbered list item", "numbered step"):
        return found
    counted = count_value(c.relation, c.value)
    if not is_response(scope_of(c.scope)) or not any(
        rel in ("exactly", "at_least") and n >= 1 for rel, n in counted
    ):
        return found  # with none asked, items in another form would count
    implied = tuple(count("item_count", rel, n) for rel, n in counted)
    return Expectation(
        matchers=found.matchers, kinds=found.kinds, implied=(*found.implied, *implied)
    )


def json_array_typed(found: Expectation) -> Expectation:
    """Elements counted in the array under a key (``json_items`` with a
    key): that key's value being an array (``json_fields`` of that one
    field, type ``array``, nothing more) is a part of it."""
    named = (re.search(r"\bkey='([^']+)'", m.label) for m in found.matchers)
    keys = {
        k[1] for k, m in zip(named, found.matchers, strict=True) if k and m.kinds == {"json_items"}
    }
    if len(keys) != 1:
        return found
    key = keys.pop()

    def test(spec: Spec) -> bool:
        got = spec.get("fields")
        if spec.get("each") or spec.get("only") or not isinstance(got, (list, tuple)):
            return False
        return len(got) == 1 and dict(got[0]) == {
            "name": key, "type": "array", "items": None, "one_of": None,
            "minimum": None, "maximum": None,
        }  # fmt: skip

    typed = Matcher(frozenset({"json_fields"}), test, f"json_fields {key!r} an array")
    return Expectation(matchers=found.matchers, kinds=found.kinds, implied=(*found.implied, typed))
