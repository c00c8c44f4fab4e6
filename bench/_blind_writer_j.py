"""Conventions of split J's writer, mapped by rule from the structured fields.

This writer (products' system prompts, non-native English, less usual
requirement kinds) labels and encodes some requirements its own way; each
rule reads one convention, never a prompt or a quote:

- a list's count with a sibling that says the list is numbered (a family or
  note naming a numbered list, with no count or the same count): the
  numbered lines counted (``numbered_count``), or the items ``item_count``
  reads on those lines; the numbered sibling itself, with a count, is the
  numbered count (the items' count implied), without one a numbered list of
  at least one line (implied);
- "no numbering" (relation ``none``, the label or note naming numbering):
  ``numbered_count`` at most 0;
- one value per part as a tuple ("the first sentence 5 words, the second
  10, the third 15": unit word, scope each sentence, exactly (5, 10, 15)):
  ``part_count`` of each part by its index;
- a digit in every part (relation ``contains``, no value, the label or note
  naming a digit or number): ``each_contains`` numbers;
- a keyword in every part: ``each_contains`` (``_blind_each``), the keyword
  at least once in the answer implied;
- every letter of the alphabet (unit letter, relation ``all``, the label or
  note naming a pangram or the alphabet's 26 letters): ``pangram``;
- a code block whose value is its language (relation ``equals``): a block in
  that language; where the note says the whole answer is that block,
  ``code_only`` in that language (a block in that language implied);
- the whole answer as a regex of one bare number, decimals allowed
  (``^\\d+(\\.\\d+)?$``): ``number_only``; of a fixed number of digits
  (``^\\d{10}$``): ``number_only`` implied;
- words in capitals counted (the unit, label or note saying caps, upper
  case or fully capitalised): ``capital_word_count``;
- "comma separated" as the label of a whole-answer requirement with no
  value: ``comma_list``;
- the answer in one case written as ``all`` with a note "no uppercase
  letters" (the other case named as absent): ``letter_case`` of the case
  named present;
- pieces counted (unit part or version) beside a line between the parts
  that equals a run of marks: ``separated_versions`` with that run;
- each line opening with one of several colon labels given as the value:
  the labels' sections, as ``_blind_layout`` reads them (a line each: the
  sections implied);
- a start or an end the label forbids (``forbidden_start`` with the words,
  ``forbidden_end`` with marks): ``not_starts_with``, ``no_final_mark``;
- the answer (its one word, every line) in capitals, by the label
  (``all_caps``, relation ``all``): ``letter_case`` upper;
- the whole answer JSON: the JSON document, no code fence implied (a
  fenced answer is no JSON document);
- headings counted as a tuple of their names: ``named_sections``, unless a
  sibling gives the headings a form of its own (``=== Name ===``) that the
  sections' reading does not know;
- checked and unchecked boxes counted (``[x]``, ``[ ]``) beside each
  other: every item a task box (``checklist``) implied by the unchecked
  ones ("the rest unchecked").
"""

from __future__ import annotations

import re
from dataclasses import replace

from _blind_each import each_part_holds
from _blind_layout import comma_line, named_sections, versions_count
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
    keyword,
    no_kind,
    separated_versions,
)
from _blind_parts import NUMERIC, count_value, is_response, scope_of, unit_of
from _blind_rows import Constraint, Row
from _blind_unusual_parts import line_choice, writer_says_choice
from _blind_writer_j_marks import (
    all_caps,
    forbidden_end,
    forbidden_start,
    json_only,
    named_headings,
)
from _blind_writer_j_spelling import label_key, label_words, raw_unit, singular, unit_word

from redraft.criteria._families._code_blocks import fence_language

__all__ = ["writer_j"]

_NUMBERED = re.compile(r"^numbered(?:list|items?|steps?)?$|^numbering$")
_NUMBERED_NOTE = re.compile(r"\bnumbered (?:list|items?|steps?)\b")
_NO_NUMBERING = re.compile(r"^(?:no|without)(?:numbering|numberedlist)$")
_LIST_UNITS = frozenset({"item", "step", "list item", "list"})
_PARTS = {
    "sentence": "sentence",
    "paragraph": "paragraph",
    "line": "line",
    "bullet": "bullet",
    "item": "item",
    "bullet point": "bullet",
    "list item": "item",
}
_PART_UNITS = {"word": "words", "character": "characters", "sentence": "sentences"}
_NUMBER_WORDS = re.compile(r"number words?|spelled|in words|written out")
_DIGIT = re.compile(r"digit|number|numeral|\\d")
_PANGRAM = re.compile(r"pangram|26 ?letters|every ?letter|all ?letters|alphabet")
_WHOLE_BLOCK = re.compile(r"entire|whole|only|nothing (?:else|outside)")
_DIGITS = r"(?:\\d|\[0-9\])\+"
_FIXED_DIGITS = re.compile(r"\^(?:\\d|\[0-9\])\{\d+(?:,\d*)?\}\$")
_BARE_NUMBER = re.compile(
    r"\^(?:-\??|\[-\+?\]\??|\[\+-\]\??)?"
    + _DIGITS
    + r"\((?:\?:)?(?:\\\.|\[\.\])"
    + _DIGITS
    + r"\)\?\$"
)
_LETTERS = re.compile(r"letter|each ?word|every ?word|substring|inside")
_CAPS = re.compile(r"caps|upper ?case|fully (?:upper|capital)|all ?capital")
_CAPS_LABEL = re.compile(r"^(?:allcaps|caps|uppercase)(?:words?)?(?:count)?$")
_CAPS_UNIT = re.compile(r"(?:capitali[sz]ed|caps|all[- ]caps|upper[- ]?case|capital) words?")
_COMMA_LABEL = re.compile(r"^comma(?:separated|list|delimited)$")
_NO_CASE = re.compile(r"\bno (upper|lower)[ -]?case\b")
_BETWEEN = re.compile(
    r"between (?:the |each )?(?:parts|versions|variations|variants|responses|answers|options)"
)
_RUN = re.compile(r"\s*([*=~#_+-])\1{2,19}\s*")
_PIECES = frozenset({"part", "version", "response", "answer", "option", "variant", "variation"})
_BOXES = {"[x]": "checked", "[X]": "checked", "[ ]": "unchecked"}


def _is_numbered(s: Constraint) -> bool:
    """The writer says the answer's list is numbered (by label or note)."""
    return s.relation != "none" and (
        _NUMBERED.fullmatch(label_key(s)) is not None
        or _NUMBERED_NOTE.search(str(s.note).lower()) is not None
    )


def _list_count(c: Constraint) -> bool:
    return (
        c.relation in NUMERIC
        and bool(count_value(c.relation, c.value))
        and unit_word(c) in _LIST_UNITS
        and is_response(scope_of(c.scope))
    )


def _numbered(c: Constraint, row: Row) -> Expectation | None:
    if _is_numbered(c) and (not unit_word(c) or unit_word(c) in _LIST_UNITS):
        if not is_response(scope_of(c.scope)):
            return None
        if _list_count(c):
            items = counts("item_count", c.relation, c.value)
            return Expectation(
                matchers=counts("numbered_count", c.relation, c.value),
                kinds=frozenset({"numbered_count"}),
                implied=items,
            )
        if c.relation not in ("other", "all"):
            return None  # a format or a value: the mapper's own reading
        return no_kind(
            "a numbered list, its count stated apart", any_count("numbered_count", "(a list)")
        )
    if not _list_count(c) or _is_numbered(c):
        return None
    siblings = [s for s in row.constraints if s.index != c.index and s.verifiable]
    numbered = [s for s in siblings if _is_numbered(s) and is_response(scope_of(s.scope))]
    if not numbered or any(
        s.relation in NUMERIC
        and count_value(s.relation, s.value) != count_value(c.relation, c.value)
        for s in numbered
    ):
        return None
    pairs = zip(
        counts("numbered_count", c.relation, c.value),
        counts("item_count", c.relation, c.value),
        strict=True,
    )
    return all_of(*(either(lines, items) for lines, items in pairs))


def _no_numbering(c: Constraint) -> Expectation | None:
    if c.relation != "none" or _NO_NUMBERING.fullmatch(label_key(c)) is None:
        return None
    if unit_word(c) not in ("", "line", "item", "list", "list item", "numbering"):
        return None
    return all_of(count("numbered_count", "at_most", 0))


def _each_part(c: Constraint) -> str | None:
    scope = re.fullmatch(r"(?:each|every) (.+)", " ".join(str(c.scope or "").lower().split()))
    return _PARTS.get(singular(scope.group(1))) if scope else None


def _per_part_values(c: Constraint) -> Expectation | None:
    """One count per part, in order: the nth part's count for each."""
    part, units = _each_part(c), _PART_UNITS.get(unit_of(c))
    values = c.value
    if part is None or units is None or c.relation not in ("exactly", "at_most", "at_least"):
        return None
    if not isinstance(values, (tuple, list)) or len(values) < 2:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
        return None
    if units == "sentences" and part == "sentence":
        return None
    return all_of(
        *(
            count("part_count", c.relation, int(v), part=part, index=i, units=units)
            for i, v in enumerate(values, start=1)
        )
    )


def _digit_in_each(c: Constraint) -> Expectation | None:
    part = _each_part(c)
    if part is None or c.relation != "contains" or c.value not in (None, "") or c.words:
        return None
    if unit_word(c) not in ("", part, "number", "digit"):
        return None
    if not _DIGIT.search(f"{label_words(c)} {label_key(c)} {c.note}".lower()):
        return None
    if _NUMBER_WORDS.search(str(c.note).lower()):
        return None  # "five" would do: numbers in digits are not the only ones

    def test(spec: Spec) -> bool:
        return (
            spec.get("part") == part
            and spec.get("what") == "number"
            and spec.get("relation") == "at_least"
            and spec.get("value") == 1
        )

    return all_of(Matcher(frozenset({"each_contains"}), test, f"each {part} holds a number"))


def _keyword_in_each(c: Constraint) -> Expectation | None:
    # a blank unit with one word given: the word, as the mapper reads it on
    held = each_part_holds(c if unit_word(c) else replace(c, unit="keyword"))
    if held is None or len(c.words) != 1 or _each_part(c) is None:
        return None
    if unit_word(c) not in ("", "keyword", "word", "phrase"):
        return None
    if _LETTERS.search(f"{label_words(c)} {label_key(c)} {c.note}".lower()):
        return None  # letters within words: no whole word of the answer
    floors = [n for rel, n in count_value(c.relation, c.value) if rel in ("at_least", "exactly")]
    if c.relation != "contains" and not (floors and floors[0] >= 1):
        return None  # "at most twice in each": nothing said of the whole answer
    return replace(held, implied=(keyword(c.words[0], "at_least", 1),))


def _pangram(c: Constraint) -> Expectation | None:
    if unit_word(c) != "letter" or c.relation != "all" or c.value not in (None, ""):
        return None
    if not is_response(scope_of(c.scope)):
        return None
    if not _PANGRAM.search(f"{label_words(c)} {label_key(c)} {c.note}".lower()):
        return None
    return all_of(fields("pangram"))


def _code_language(c: Constraint) -> Expectation | None:
    if unit_word(c) not in ("code block", "code fence", "fenced block") or c.relation != "equals":
        return None
    name = c.value.strip().strip("`").strip() if isinstance(c.value, str) else ""
    if not re.fullmatch(r"[\w+#.-]{1,20}", name) or not is_response(scope_of(c.scope)):
        return None
    language = fence_language(name)
    block = any_count("code_block_count", f"language={language!r}", 1, language=language)
    if _WHOLE_BLOCK.search(str(c.note).lower()):
        only = fields("code_only", language=language)
        # the answer one code block, of whatever language, and so one block:
        # parts of it (the language left open), each failing only answers it fails
        any_only = fields("code_only", language=None)
        one = Matcher(
            frozenset({"code_block_count"}),
            lambda spec: (
                spec.get("value") == 1
                and spec.get("relation") in ("exactly", "at_least")
                and spec.get("language") in (None, language)
            ),
            "code_block_count 1 (any language)",
        )
        return Expectation(matchers=(only,), kinds=only.kinds, implied=(block, any_only, one))
    return all_of(block)


def _bare_number(c: Constraint) -> Expectation | None:
    if c.relation != "matches_format" or not isinstance(c.value, str):
        return None
    if unit_word(c) not in ("", "character", "digit", "number", "answer"):
        return None
    if not is_response(scope_of(c.scope)):
        return None
    regex = c.value.strip()
    if _BARE_NUMBER.fullmatch(regex):
        return all_of(fields("number_only"))
    # an integer only is narrower than number_only ("12.5" passes it): left
    # to the mapper's own reading (a note saying "digits only")
    if _FIXED_DIGITS.fullmatch(regex):
        # a number of so many digits: number_only fails only answers this fails
        return no_kind("a number of a fixed length: no kind states it", fields("number_only"))
    return None


def _caps_words(c: Constraint) -> Expectation | None:
    if c.relation not in NUMERIC or not count_value(c.relation, c.value):
        return None
    named = _CAPS_UNIT.fullmatch(raw_unit(c)) or (
        singular(raw_unit(c)) == "word" and _CAPS_LABEL.search(label_key(c))
    )
    if not named or not is_response(scope_of(c.scope)):
        return None
    if not _CAPS.search(f"{label_words(c)} {label_key(c)} {raw_unit(c)} {c.note}".lower()):
        return None  # "capitalised" alone: a first capital, or every letter?
    return all_of(*counts("capital_word_count", c.relation, c.value))


def _comma_list(c: Constraint) -> Expectation | None:
    if c.relation != "other" or c.value not in (None, "") or c.words:
        return None
    if _COMMA_LABEL.fullmatch(label_key(c)) is None or unit_word(c) not in (
        "",
        "item",
        "list",
        "comma",
    ):
        return None
    if not is_response(scope_of(c.scope)):
        return None
    return comma_line()


def _case_named_absent(c: Constraint) -> Expectation | None:
    if c.relation != "all" or c.unit or not is_response(scope_of(c.scope)):
        return None
    said = _NO_CASE.search(str(c.note).lower())
    if said is None:
        return None
    return all_of(fields("letter_case", case="lower" if said[1] == "upper" else "upper"))


def _separator_of(row: Row) -> str | None:
    for s in row.constraints:
        if not s.verifiable or not _BETWEEN.search(str(s.scope or "").lower()):
            continue
        if s.relation not in ("equals", "other", "contains"):
            continue
        for text in (s.value, *(s.words if len(s.words) == 1 else ())):
            if isinstance(text, str) and _RUN.fullmatch(text):
                return text.strip()
    return None


def _pieces(s: Constraint) -> int | None:
    if s.relation != "exactly" or not isinstance(s.value, int) or isinstance(s.value, bool):
        return None
    if unit_word(s) not in _PIECES or not is_response(scope_of(s.scope)):
        return None
    return s.value if 2 <= s.value <= 20 else None


def _separated(c: Constraint, row: Row) -> Expectation | None:
    separator = _separator_of(row)
    if separator is None or versions_count(c, row) is not None:
        return None  # a separator the layout mapping reads already
    if (n := _pieces(c)) is not None:
        return all_of(separated_versions(separator, n))
    if unit_of(c) == "separator" or not c.unit:
        return None  # the layout mapping's own reading
    if _BETWEEN.search(str(c.scope or "").lower()) and c.relation in ("equals", "other"):
        return all_of(separated_versions(separator))  # the count is its sibling's
    return None


def _labels_in_value(c: Constraint) -> Expectation | None:
    """Every line opening with one of two or more colon labels: each label
    heads a line of its own, implied (a label alone on its line heads a
    section, yet opens no line of the answer's text)."""
    scope = " ".join(str(c.scope or "").lower().split())
    if c.relation != "starts_with" or scope not in ("each line", "every line"):
        return None
    if isinstance(c.value, (tuple, list)):
        labels = tuple(str(v) for v in c.value)
    elif c.value in (None, ""):
        labels = tuple(c.words)
    else:
        return None
    if len(labels) < 2 or not all(v.strip().endswith(":") for v in labels):
        return None
    if len(c.words) not in (0, len(labels)):
        return None  # the words name only some of them: another reading
    labelled = replace(c, words=labels)
    found = named_sections(labelled, unit_of(labelled), scope_of(labelled.scope))
    if found is None or not found.matchers:
        return found
    choice = line_choice(c, labels)
    if choice and writer_says_choice(c):  # "every line starts with 'Teacher:' or 'Student:'"
        return replace(all_of(*choice), implied=found.matchers)
    return no_kind("each line opening with a label: no kind states it", *found.matchers, *choice)


def _boxes(c: Constraint) -> str | None:
    if len(c.words) != 1:
        return None
    return _BOXES.get(" ".join(c.words[0].split()))


def _checkboxes(c: Constraint, row: Row) -> Expectation | None:
    if (
        _boxes(c) != "unchecked"
        or c.relation not in NUMERIC
        or not count_value(c.relation, c.value)
    ):
        return None
    if not any(_boxes(s) == "checked" for s in row.constraints if s.index != c.index):
        return None
    return no_kind("boxes of one kind counted: no kind counts them", fields("checklist"))


def writer_j(c: Constraint, row: Row) -> Expectation | None:
    """The checks ``c`` maps to by one of split J's writer's conventions; None
    where none applies (the mapper reads it on)."""
    for rule in (
        _no_numbering,
        _per_part_values,
        _digit_in_each,
        _keyword_in_each,
        _pangram,
        _code_language,
        _bare_number,
        _caps_words,
        _comma_list,
        _case_named_absent,
        _labels_in_value,
        forbidden_start,
        forbidden_end,
        all_caps,
        json_only,
    ):
        found = rule(c)
        if found is not None:
            return found
    for row_rule in (_numbered, _separated, _checkboxes, named_headings):
        found = row_rule(c, row)
        if found is not None:
            return found
    return None
