"""Requirements a writer states by describing what the answer shows rather
than spelling it, read by rule from the structured fields (any writer):

- every part starting with a capital letter, the start described
  (``starts_with`` "a capital letter", ``[A-Z]``): ``each_starts_with``
  with ``capital`` over that part (as the ``all`` reading has it);
- the answer's form as a run of one placeholder and a separator
  (``W, W, ...``, ``name; name; …``): a ``comma_list`` of that separator,
  which is one line, so the answer on one line (``line_count`` 1) is a part;
- no numeral for the numbers one to nine (the value names digits 1-9, or
  numbers under ten, standing alone): ``number_style`` ``words_below`` 10;
- no line opening with a list marker (the value names bullet and number
  prefixes): no bullets and no numbered lines (``bullet_count`` and
  ``numbered_count`` at most 0), bullets alone where only they are named;
- words the answer contains capitalised (label or value say capitals): the
  phrase kinds set case aside, so the words (keywords) are only a part;
- at least N units within one named part ("6 to 8 numbered steps" in the
  method section), which no kind counts there: at least N in the whole
  answer is a part, since the whole holds the part's units (a count of
  the units a whole-answer kind counts alike wherever they stand; a part
  of "each" kind may be absent, and sentences split anew at its edges).
"""

from __future__ import annotations

import re

from _blind_matchers import Expectation, all_of, count, fields, keyword, no_kind
from _blind_parts import COUNTED, count_value, is_response, scope_of, unit_of
from _blind_properties import capital_start
from _blind_rows import Constraint
from _blind_writer_j_spelling import label_key, raw_unit, singular

__all__ = ["part_count_bound", "stated", "words_in_counted_parts"]

_RUN = re.compile(
    r"(?P<w>[A-Za-z]\w{0,15})(?P<sep>\s?[,;|/]\s?)(?P=w)(?:(?P=sep)(?P=w))*(?P=sep)?\s*(?:\.\.\.|…)"
)
_WHOLE_UNITS = frozenset({"", "answer", "response", "output", "reply", "list"})


def _run_of_items(c: Constraint) -> Expectation | None:
    """The answer as one placeholder repeated between separators."""
    if c.relation != "matches_format" or not isinstance(c.value, str):
        return None
    if singular(raw_unit(c)) not in _WHOLE_UNITS or not is_response(scope_of(c.scope)):
        return None
    found = _RUN.fullmatch(c.value.strip())
    if found is None:
        return None
    mark = found["sep"].strip()
    exact = all_of(fields("comma_list", separator=mark))
    return Expectation(
        matchers=exact.matchers, kinds=exact.kinds, implied=(count("line_count", "exactly", 1),)
    )


_ONE_TO_NINE = re.compile(
    r"(?:standalone |single |bare )?(?:digits?|numerals?|figures?|numbers?) "
    r"(?:1|one) ?(?:-|–|to|through|thru) ?(?:9|nine)(?: standalone| alone| on their own)?|"
    r"(?:digits?|numerals?|numbers?) (?:under|below|less than) (?:10|ten)(?: standalone)?"
)


def _numbers_in_words(c: Constraint) -> Expectation | None:
    """No numeral for the numbers one to nine standing alone."""
    if c.relation != "none" or unit_of(c) not in ("number", "digit", "numeral"):
        return None
    value = " ".join(str(c.value or "").lower().split())
    if not _ONE_TO_NINE.fullmatch(value) or not is_response(scope_of(c.scope)):
        return None
    return all_of(fields("number_style", style="words_below", below=10))


_BULLET = re.compile(r"\bbullet")
_NUMBER = re.compile(r"\bnumber(?:s|ed|ing)?\b")


def _no_list_markers(c: Constraint) -> Expectation | None:
    """No line opening with a bullet (or number) marker."""
    if c.relation != "none" or singular(raw_unit(c)) != "line":
        return None
    scope = " ".join(str(c.scope or "").lower().split())
    if scope not in ("each line", "every line", "any line", "response"):
        return None
    value = " ".join(str(c.value or "").lower().split())
    if not re.search(r"\b(?:prefix|marker)e?s?\b", value) or not _BULLET.search(value):
        return None
    bans = [count("bullet_count", "at_most", 0)]
    if _NUMBER.search(value):
        bans.append(count("numbered_count", "at_most", 0))
    return all_of(*bans)


_CAPS = re.compile(r"capitali[sz]|capitals?\b|uppercase|allcaps|\bcaps\b")


def _capitalised_words(c: Constraint) -> Expectation | None:
    """Words the answer holds, capitalised: their keywords are a part only."""
    if c.relation != "contains" or not c.words or not is_response(scope_of(c.scope)):
        return None
    said = f"{label_key(c)} {str(c.value if isinstance(c.value, str) else '').lower()}"
    if not _CAPS.search(said) or singular(raw_unit(c)) not in ("word", "phrase", "name", "term"):
        return None
    present = [keyword(w.strip(), "at_least", 1) for w in c.words if w.strip()]
    return no_kind("words in capitals: the phrase kinds set case aside", *present)


def stated(c: Constraint) -> Expectation | None:
    """The checks a described requirement maps to; None where ``c`` is none."""
    for rule in (capital_start, _run_of_items, _numbers_in_words, _no_list_markers):
        found = rule(c)
        if found is not None:
            return found
    return _capitalised_words(c)


def words_in_counted_parts(c: Constraint, found: Expectation) -> Expectation:
    """A count of parts that hold the words given ("two rows say 'Rest'",
    "'gently' in at least two lines"), which no kind counts there: each word
    appears in the answer, a part of it (where at least one part is asked)."""
    if found.matchers or not found.reason.startswith("count within one part"):
        return found
    if not c.words or c.relation not in ("exactly", "at_least", "more_than", "between"):
        return found
    low = c.value[0] if isinstance(c.value, list | tuple) and c.value else c.value
    if not isinstance(low, int) or isinstance(low, bool) or (low < 1 and c.relation != "more_than"):
        return found
    present = tuple(keyword(w.strip(), "at_least", 1) for w in c.words if w.strip())
    return Expectation(reason=found.reason, kinds=found.kinds, implied=(*found.implied, *present))


# units counted alike in a part and in the whole answer
_WHOLE_COUNTS = frozenset({"numbered", "bullet", "word", "character", "line", "emoji", "hashtag"})


def part_count_bound(c: Constraint, found: Expectation) -> Expectation:
    """At least N units within one named part: at least N in the whole
    answer, a part of it."""
    if found.matchers or not found.reason.startswith("count within one part") or c.words:
        return found
    where = scope_of(c.scope)[0]
    unit = unit_of(c)
    if where not in ("nth", "other") or unit not in _WHOLE_COUNTS:
        return found
    lows = [n for rel, n in count_value(c.relation, c.value) if rel in ("at_least", "exactly")]
    if len(lows) != 1 or lows[0] < 1:
        return found
    bound = count(COUNTED[unit], "at_least", lows[0])
    return Expectation(reason=found.reason, kinds=found.kinds, implied=(*found.implied, bound))
