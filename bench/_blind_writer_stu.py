r"""Conventions of splits S, T and U's writers, mapped by rule from the structured fields.

These writers state a word at one end as ``equals`` under a ``first_word`` or
``last_word`` label (the scope "last word of each sentence"), name the word
a count counts in the unit (``word 'late'``), ban strings with unit
``string``, compare two parts in the scope ("paragraph 2 vs paragraph 1") or
along them ("consecutive paragraphs"), and give the whole answer's form as a
value ("JSON object"). :func:`restated` rewrites such fields into the
spelling the other readers know; :func:`writer_stu` maps the rest directly,
with the readings that credit a check only as implied in
``_blind_writer_stu_implied``.
Each rule reads one convention, never a prompt or a quote's own wording:

- a word at an end, ``equals``: the answer (each part) starting or ending
  with it;
- a count whose unit names its word in quotes: a keyword count;
- a ban with unit ``string`` and the strings as words: those phrases banned;
- "no numbering" over each line's prefix: no numbered nor bulleted list
  where the quote names both (``_blind_phrases.forbidden``);
- a relative length scoped "part i vs part j": part i against the value's;
  along "consecutive" parts, with no number: a length progression;
- the answer equal to "JSON object" or "JSON array": valid JSON; where the
  quote or note bans fences too, no code block, implied;
- a start banned (``none``) under a ``starts_with`` label: ``not_starts_with``;
- a set of placeholders that must be used "and no others": no kind states
  the "no others"; each placeholder used, implied;
- a count of sections the quote says carry headings: that many headings;
- one of several first lines sharing their opening words: that opening,
  implied;
- a keyword in exactly some sentences: the keyword used, implied;
- at least N within each named part: at least N in the answer, implied;
- the last two lines given as a pair: the answer ending with those lines;
- labels numbered in a run (``Q1`` … ``Q5``): a label sequence;
- an XML structure given as the root then its children: that document;
- a keyword in "paragraphs 1 and 3" where a sibling fixes 3 paragraphs: in
  the first and the last;
- a date or clock given as a pattern one style spells (``\d{4}-\d{2}-\d{2}``):
  that style; a clock the styles check in part (lowercase "am", a zone
  after it): the style, implied;
- strings or codes required (unit ``string``, ``code``), a count of one
  address under a ``url`` unit, a capital start given as "uppercase", the
  data rows of the one table or CSV, a key named "key port", "every price in
  response", a count of "list items", a blank line between blocks given as
  ``equals ''``, a line in Title Case: read in the other writers' spelling;
- the first (last) heading named: that section present, implied;
- marks banned where the quote bans markdown too: no markdown, implied;
- a JSON or YAML document's keys: the document valid, implied; one code
  block "and nothing outside it": ``code_only``, implied.
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
    json_object,
    keyword,
    xml_document,
)
from _blind_money import label_sequence
from _blind_parts import count_value, is_response, phrase, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_j_spelling import label_words, raw_unit
from _blind_writer_stu_implied import (
    clock,
    headed_sections,
    heading_at_end,
    in_some_sentences,
    least_in_each,
    no_markdown_said,
    placeholders,
    shared_opening,
    writer_stu_after,
)

__all__ = ["restated", "writer_stu", "writer_stu_after"]


def _norm(text: object) -> str:
    return " ".join(str(text or "").lower().replace("_", " ").split())


# -- restatements ----------------------------------------------------------------------

_END_WORD = re.compile(r"(?:unit )?(first|last) word")
_END_SCOPE = re.compile(r"(?:the )?(?:first|last|final) word (?:of|in) (.+)")
_NAMED_WORD = re.compile(r"(?:word|keyword|phrase|term)s? ['\"“‘](?P<w>[^'\"”’]+)['\"”’]")
_PART_VS = re.compile(
    r"(?P<a>(?P<part>line|paragraph|sentence|stanza|item|bullet)s? \d{1,2}"
    r"(?: (?:and|,|&) \d{1,2})?) vs\.? (?P<b>.+)"
)
_PARTS_NAMED = re.compile(
    r"(?:(?:line|paragraph|sentence|stanza|item|bullet)s? )?\d{1,2}(?: (?:and|,|&) \d{1,2})?"
)
_KEY_SCOPE = re.compile(r"key ['\"`]?(?P<key>[A-Za-z_][\w.-]*)['\"`]?")
_IN_ANSWER = re.compile(
    r"(?:every |all |each )?(?P<things>[a-z][a-z ]*?) in (?:the )?(?:response|answer|reply)"
)
_STRING_UNITS = ("string", "strings", "code", "codes")
_CONSECUTIVE = re.compile(r"consecutive (?P<part>paragraph|sentence|line|bullet|item)s")


def restated(c: Constraint) -> Constraint:
    """``c`` in the spelling the other readers know, where one of these
    writers' conventions states it otherwise; else ``c`` itself."""
    label, relation = label_words(c), c.relation.strip().lower()
    end = _END_WORD.fullmatch(label)
    if end and relation == "equals" and isinstance(c.value, str) and c.value.strip():
        # "last_word equals 'home'": the answer (each part) ending with it
        scope = _norm(c.scope)
        within = _END_SCOPE.fullmatch(scope)
        bare = re.fullmatch(r"(?:the )?(?:first|last|final) word", scope)
        return replace(
            c,
            relation="starts_with" if end[1] == "first" else "ends_with",
            unit="word",
            scope=within[1] if within else ("response" if bare else c.scope or "response"),
        )
    named = _NAMED_WORD.fullmatch(raw_unit(c))
    if named and count_value(relation, c.value):
        words = c.words or (named["w"],)
        return replace(c, unit="keyword", words=words)
    if relation in ("none", "contains") and raw_unit(c) in _STRING_UNITS and c.words:
        # strings, codes: phrases banned or required as written
        return replace(c, unit="phrase")
    if relation == "none" and "markdown" in label and not raw_unit(c):
        return replace(c, unit="markdown")  # "no_markdown", no unit: plain text
    if re.fullmatch(r"(?:data|body) rows?", _norm(c.scope)) and raw_unit(c) in ("row", "rows"):
        # the data rows of the answer's one table or CSV (the siblings name which)
        return replace(c, unit="data row", scope="response")
    if label == "title case" and raw_unit(c) == "line" and relation == "all":
        # "the first line in Title Case": each word of that line, the title
        return replace(c, unit="word")
    if relation == "none" and re.search(r"number|bullet", label) and raw_unit(c) == "line prefix":
        # "no numbering or bullets" over each line's prefix: no such list
        unit = "numbered" if "number" in label else "bullet"
        return replace(c, unit=unit, scope="response")
    vs = _PART_VS.fullmatch(_norm(c.scope))
    if vs and relation in ("more_than", "less_than") and "relative" in label:
        # "sentence 2 vs 1": part 2 against the parts the scope names after
        # "vs", where the value names none; "vs the others": every other part
        if c.value is not None:
            return replace(c, scope=vs["a"])
        other = vs["b"].strip()
        if _PARTS_NAMED.fullmatch(other):
            parts = other if not other[0].isdigit() else f"{vs['part']}s {other}"
            return replace(c, scope=vs["a"], value=parts)
        if re.fullmatch(r"(?:all )?(?:the )?(?:others?|rest)(?: \w+s)?|every other \w+", other):
            return replace(c, scope=vs["a"])
        return c
    if (
        raw_unit(c) in ("list item", "list items")
        and is_response(scope_of(c.scope))
        and count_value(relation, c.value)
    ):
        # a count of a list's items, no form named: the items of the answer's list
        return replace(c, unit="item")
    # "the line between the blocks equals ''": one blank line between them
    if (
        re.search(r"\bblank lines?\b", label)
        and (relation, c.value, raw_unit(c)) in (("equals", "", "line"), ("equals", "", "lines"))
        and _norm(c.scope).startswith("between ")
    ):
        return replace(c, unit="blank line", relation="exactly", value=1)
    key = _KEY_SCOPE.fullmatch(str(c.scope or "").strip())
    if key and relation in ("matches_format", "other", "one_of"):
        return replace(c, scope=key["key"])  # "key cycles": the key named
    if relation == "starts_with" and _norm(c.value) in ("uppercase", "upper case", "capital"):
        return replace(c, value="uppercase letter")  # a capital first letter, as a class
    if (
        raw_unit(c) in ("url", "link")
        and len(c.words) == 1
        and count_value(relation, c.value)
        and re.search(r"\bkeyword", label)
    ):
        # a keyword count of one address ("keyword_count", unit url): how often
        # it appears; under a "url_count" label it is the count of every link
        return replace(c, unit="keyword")
    within = _IN_ANSWER.fullmatch(_norm(c.scope))
    if within and relation == "matches_format":
        # "every price in response": every price of the answer
        c = replace(c, scope=f"every {within['things']}")
    spelled = _spelled_form(c)
    if spelled is not None:
        return replace(c, value=spelled)
    along = _CONSECUTIVE.fullmatch(_norm(c.scope))
    if along and relation in ("more_than", "less_than") and c.value is None:
        return replace(c, scope=f"each {along['part']}")
    return c


# a date or clock form given as a regular expression, in the spelling
# ``_blind_formats`` reads: only the forms one spelling states
# (``\d{2}/\d{2}/\d{4}`` could be either day-month order, so none is read)
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_DATE_FORMS = {
    r"\d{4}-\d{2}-\d{2}": "YYYY-MM-DD",
    rf"\d{{1,2}} ({_MONTHS}) \d{{4}}": "14 March 2025",
}
# a clock: only the hours 00-23 spelled out state the 24-hour clock ("08:15 pm"
# matches a bare ``\d{2}:\d{2}``, and one anchored is the answer one time
# alone, read in ``_blind_formats``); either with a zone after it, no "am"
# can follow the minutes
_HOURS = r"([01]\d|2[0-3]):[0-5]\d"
_CLOCKS = (r"\d{2}:\d{2}", _HOURS)


def _spelled_form(c: Constraint) -> str | None:
    if c.relation.strip().lower() != "matches_format" or not isinstance(c.value, str):
        return None
    pattern = c.value.strip().removeprefix("^").removesuffix("$")
    if re.fullmatch(r"dates?", raw_unit(c)):
        return _DATE_FORMS.get(pattern)
    if re.fullmatch(r"times?", raw_unit(c)):
        # "HH:MM" and a zone after it ("\\d{2}:\\d{2} UTC"): the zone kept as written
        head, _, zone = pattern.partition(" ")
        if head in _CLOCKS and re.fullmatch(r"[A-Z]{2,5}", zone):
            return f"HH:MM {zone}"
        if c.value.strip() == _HOURS:
            return "HH:MM"
    return None


# -- direct readings --------------------------------------------------------------------

_JSON_FORM = re.compile(r"(?:a |one |a single )?json (?:object|array|document)")
_FENCES = re.compile(r"fence|code block|```|backtick")


def _json_only(c: Constraint) -> Expectation | None:
    if c.relation.strip().lower() != "equals" or not isinstance(c.value, str):
        return None
    if not _JSON_FORM.fullmatch(_norm(c.value)) or not is_response(scope_of(c.scope)):
        return None
    found = all_of(json_object())
    if _FENCES.search(f"{c.quote} {c.note}".lower()):
        # the quote bans fences around it too: no code block is a part of it
        found = replace(found, implied=(count("code_block_count", "at_most", 0),))
    return found


def _start_banned(c: Constraint) -> Expectation | None:
    if c.relation.strip().lower() != "none" or not re.fullmatch(r"starts? with", label_words(c)):
        return None
    text = c.value if isinstance(c.value, str) else (c.words[0] if len(c.words) == 1 else None)
    if not text or not text.strip():
        return None
    where = _norm(c.scope)
    if not (
        is_response(scope_of(c.scope)) or re.fullmatch(r"(?:the )?first (?:character|word)", where)
    ):
        return None
    want = phrase(text)

    def test(spec: Spec) -> bool:
        got = spec.get("phrases") or ()
        return isinstance(got, (list, tuple)) and [phrase(str(p)) for p in got] == [want]

    return all_of(Matcher(frozenset({"not_starts_with"}), test, f"not_starts_with [{text!r}]"))


def _closing_lines(c: Constraint) -> Expectation | None:
    if c.relation.strip().lower() != "equals" or not isinstance(c.value, tuple):
        return None
    lines = [str(v).strip() for v in c.value]
    where = _norm(c.scope)
    if not re.fullmatch(r"(?:the )?last (?:two|2|three|3) lines", where) or len(lines) < 2:
        return None
    want = [phrase(x) for x in lines]

    def test(spec: Spec) -> bool:
        got = [phrase(x) for x in str(spec.get("phrase", "")).splitlines() if x.strip()]
        return got == want

    return all_of(Matcher(frozenset({"ends_with"}), test, f"ends_with lines {lines}"))


_LABEL = re.compile(r"(?P<prefix>[A-Za-z]{1,6})(?P<n>\d{1,3})")


def _label_run(c: Constraint) -> Expectation | None:
    if not re.search(r"label", label_words(c)) or c.relation.strip().lower() != "equals":
        return None
    given = c.value if isinstance(c.value, tuple) else c.words
    return label_sequence(given, _LABEL)


def _xml_tree(c: Constraint) -> Expectation | None:
    if not re.search(r"xml (?:structure|tree|document)", label_words(c)):
        return None
    if c.relation.strip().lower() != "equals":
        return None
    if not re.fullmatch(
        r"(?:the )?(?:xml )?(?:document|response|answer|whole document)", _norm(c.scope)
    ):
        return None  # the elements of one item, say: no root named
    if raw_unit(c).rstrip("s") != "element" or not isinstance(c.value, tuple) or len(c.value) < 2:
        return None
    root, *children = (str(v) for v in c.value)
    return all_of(xml_document(root, children))


_FIRST_AND_LAST = re.compile(r"(?P<part>paragraph|sentence)s 1 and (?P<n>\d)")


def _first_and_last(c: Constraint, row: Row) -> Expectation | None:
    where = _FIRST_AND_LAST.fullmatch(_norm(c.scope))
    if where is None or c.relation.strip().lower() != "contains":
        return None
    text = c.value if isinstance(c.value, str) else (c.words[0] if len(c.words) == 1 else None)
    n, part = int(where["n"]), where["part"]
    fixed = any(
        _norm(s.unit).rstrip("s") == part
        and is_response(scope_of(s.scope))
        and s.relation.strip().lower() == "exactly"
        and s.value == n
        for s in row.constraints
    )
    if not text or not fixed:
        return None
    first = keyword(text, "at_least", 1, part=part, index=1)

    def last(spec: Spec) -> bool:
        return spec.get("index") in (n, -1)

    at_end = keyword(text, "at_least", 1, part=part)
    end = Matcher(at_end.kinds, lambda s: at_end.test(s) and last(s), f"{at_end.label} index=-1")
    return all_of(first, end)


def writer_stu(c: Constraint, row: Row) -> Expectation | None:
    """What these writers' conventions map ``c`` to, or None."""
    for rule in (
        _json_only,
        _start_banned,
        placeholders,
        headed_sections,
        shared_opening,
        in_some_sentences,
        least_in_each,
        _closing_lines,
        _label_run,
        _xml_tree,
        heading_at_end,
        clock,
        no_markdown_said,
    ):
        found = rule(c)
        if found is not None:
            return found
    return _first_and_last(c, row)
