"""Conventions of splits S, T and U's writers, mapped by rule from the structured fields.

These writers state a word at one end as ``equals`` under a ``first_word`` or
``last_word`` label (the scope "last word of each sentence"), name the word
a count counts in the unit (``word 'late'``), ban strings with unit
``string``, compare two parts in the scope ("paragraph 2 vs paragraph 1") or
along them ("consecutive paragraphs"), and give the whole answer's form as a
value ("JSON object"). :func:`restated` rewrites such fields into the
spelling the other readers know; :func:`writer_stu` maps the rest directly.
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
  the first and the last.
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
    json_object,
    keyword,
    no_kind,
    phrase_is,
    xml_document,
)
from _blind_parts import code_language, count_value, is_response, phrase, scope_of
from _blind_rows import Constraint, Row
from _blind_writer_j_spelling import label_words, raw_unit

__all__ = ["restated", "writer_stu", "writer_stu_after"]


def _norm(text: object) -> str:
    return " ".join(str(text or "").lower().replace("_", " ").split())


# -- restatements ----------------------------------------------------------------------

_END_WORD = re.compile(r"(?:unit )?(first|last) word")
_END_SCOPE = re.compile(r"(?:the )?(?:first|last|final) word (?:of|in) (.+)")
_NAMED_WORD = re.compile(r"(?:word|keyword|phrase|term)s? ['\"“‘](?P<w>[^'\"”’]+)['\"”’]")
_PART_VS = re.compile(
    r"(?P<a>(?:line|paragraph|sentence|stanza|item|bullet)s? \d{1,2}(?: (?:and|,|&) \d{1,2})?)"
    r" vs\.? .+"
)
_KEY_SCOPE = re.compile(r"key ['\"`]?(?P<key>[A-Za-z_][\w.-]*)['\"`]?")
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
        return replace(c, scope=vs["a"])
    if raw_unit(c) in ("list item", "list items") and is_response(scope_of(c.scope)):
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
        and re.search(r"keyword|count", label)
    ):
        return replace(c, unit="keyword")  # how often that one address appears
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
_CLOCK_FORMS = {r"\d{2}:\d{2}": "HH:MM", r"([01]\d|2[0-3]):[0-5]\d": "HH:MM"}


def _spelled_form(c: Constraint) -> str | None:
    if c.relation.strip().lower() != "matches_format" or not isinstance(c.value, str):
        return None
    pattern = c.value.strip().removeprefix("^").removesuffix("$")
    if re.fullmatch(r"dates?", raw_unit(c)):
        return _DATE_FORMS.get(pattern)
    if re.fullmatch(r"times?", raw_unit(c)):
        # "HH:MM" and a zone after it ("\\d{2}:\\d{2} UTC"): the zone kept as written
        head, _, zone = pattern.partition(" ")
        clock = _CLOCK_FORMS.get(head)
        if clock is not None and re.fullmatch(r"(?:[A-Z]{2,5})?", zone):
            return f"{clock} {zone}".strip()
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


def _placeholders(c: Constraint) -> Expectation | None:
    if "placeholder" not in label_words(c) or c.relation.strip().lower() != "equals":
        return None
    if not isinstance(c.value, tuple) or not is_response(scope_of(c.scope)):
        return None
    used = tuple(keyword(str(p), "at_least", 1) for p in c.value)
    return no_kind("these placeholders and no others: no kind states the others", *used)


def _headed_sections(c: Constraint) -> Expectation | None:
    if raw_unit(c).rstrip("s") != "section" or not re.search(r"\bheadings?\b|\bheaded\b", c.quote):
        return None
    if not is_response(scope_of(c.scope)) or not count_value(c.relation, c.value):
        return None
    return all_of(*(count("heading_count", r, n) for r, n in count_value(c.relation, c.value)))


def _shared_opening(c: Constraint) -> Expectation | None:
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


def _in_some_sentences(c: Constraint) -> Expectation | None:
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


def _least_in_each(c: Constraint) -> Expectation | None:
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
    found = [_LABEL.fullmatch(str(w).strip()) for w in given]
    if len(found) < 2 or any(f is None for f in found):
        return None
    prefixes = {f["prefix"].casefold() for f in found if f}
    numbers = [int(f["n"]) for f in found if f]
    if len(prefixes) != 1 or numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return None
    prefix, first, last = prefixes.pop(), numbers[0], numbers[-1]

    def test(spec: Spec) -> bool:
        return (
            str(spec.get("prefix", "")).strip().casefold() == prefix
            and spec.get("first") == first
            and spec.get("last") == last
        )

    label = f"label_sequence {prefix}{first}-{last}"
    return all_of(Matcher(frozenset({"label_sequence"}), test, label))


def _xml_tree(c: Constraint) -> Expectation | None:
    if "xml" not in label_words(c) or c.relation.strip().lower() != "equals":
        return None
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


_END_HEADING = re.compile(r"(?:the )?(?:first|last|final|opening|closing) (?:heading|section)")


def _heading_at_end(c: Constraint) -> Expectation | None:
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


def _clock(c: Constraint) -> Expectation | None:
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


def _no_markdown_said(c: Constraint) -> Expectation | None:
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


def writer_stu(c: Constraint, row: Row) -> Expectation | None:
    """What these writers' conventions map ``c`` to, or None."""
    for rule in (
        _json_only,
        _start_banned,
        _placeholders,
        _headed_sections,
        _shared_opening,
        _in_some_sentences,
        _least_in_each,
        _closing_lines,
        _label_run,
        _xml_tree,
        _heading_at_end,
        _clock,
        _no_markdown_said,
    ):
        found = rule(c)
        if found is not None:
            return found
    return _first_and_last(c, row)


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
