"""More wordings of named sections, read where :mod:`._named_sections`'s
intro phrases ("use the headings …", "sections titled …") read nothing.

Each reader returns ``(names, ordered, start, end)``; the family builds the
spec. The wordings, by the grammar of the request:

- **the noun first, then its names:** "Two sections, headed exactly 'What
  you must do' and 'What happens next'.", "Sections must be exactly 'Added',
  'Changed', 'Fixed' in that order", "a retro: sections 'Went well', 'To
  improve', 'Actions' — …", "then two sections "New" and "Fixed", as ###
  headings", "Then two sections titled Ingredients and Method.";
- **an intro whose manner comes before the colon:** "Use these exact section
  headers as markdown H2, in order: Summary, Impact, …", "Use these
  sections, in this order, each as a level-2 markdown heading: A, B, C";
- **one name per phrase:** "Put NI numbers under a heading 'NI' and IBANs
  under 'IBAN'", "Pros first under 'PROS', then cons under 'CONS'", "Put
  'EN:' before the English one and 'IT:' before the Italian one", "each tip
  in a paragraph beginning with 'Tip 1:', 'Tip 2:', 'Tip 3:'";
- **a single named section:** "add a heading that says exactly "Answer
  Key"", "Put the solutions in a separate section headed Solutions";
- **template labels listed with their colons:** "using our template fields
  in this order: Role:, Location:, Salary:, Closing date:".

The list must end its clause (a name read in part is no name), a stated
count must be the names', and the usual guards hold: hedged, negated,
questioned, conditional phrasings and another thing's sections compile
nothing (:func:`~._layout_asked.layout_asked`,
:func:`~._sections_of.sections_of_another`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._layout_asked import layout_asked
from redraft.criteria._families._sections_of import sections_of_another
from redraft.criteria._grammar import NUMBER, number_value
from redraft.criteria._sentences import NEGATION, Sentence, clause_start, lowered, sentence_blocked

__all__ = ["LOOSE_NAME", "section_wordings"]

Found = tuple[list[str], bool, int, int]

_NOUN = r"(?:headings?|headers?|sections?|subheadings?)"
_NAMING = r"(?:headed|titled|called|named|labell?ed)"
_ONE_NOUN = r"(?:heading|header|section|subheading)"
# 'What you must do', "New", **Strengths**: a quoted or bold name
_QUOTED = compile_lazily(
    r"""\s*(?:["“'‘](?P<q>(?:[^"“”'‘’\n]|(?<=\w)['’](?=\w)){1,60})["”'’](?!\w)|"""
    r"\*\*(?P<b>[^*\n]{1,60})\*\*)"
)
# Summary, Root Cause, Warning signs, Follow-up: a capitalised first word, and
# up to three more that are not the words joining a clause
_BARE = LOOSE_NAME = compile_lazily(
    r"\s*(?:#{1,6}\s+)?(?P<n>[A-Z][\w'’-]*(?:\s+(?!(?:and|or|then|in|each|with|as|for|the|a|an|"
    r"to|of|on|at|by|under|after|before|must|should|is|are)\b)[A-Za-z][\w'’-]*){0,3})"
)
# Role:, Closing date:: a label with its colon
_LABEL = compile_lazily(r"\s*(?P<n>[A-Z][\w'’()/-]*(?:\s+[\w'’()/-]+){0,3}):")
_JOIN = compile_lazily(r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)")
# what may follow a list that ends its clause
_END = compile_lazily(
    r"\s*(?:$|[.;:—–(!]|-\s|,?\s*in\s+(?:that|this|the\s+given|exactly\s+that)\s+order\b|"
    r",?\s*as\s+\S|,\s*each\b|,\s*then\b|at\s+the\s+(?:start|top|beginning)\b)"
)
# "add a heading that says exactly "Answer Key" and give the answers": the next request
_THEN = compile_lazily(r"\s+and\s+(?:then\s+)?(?:give|put|list|write|add|include|use|answer)\b")
_ORDERED = compile_lazily(r"\bin\s+(?:(?:that|this|the\s+given|exactly\s+that)\s+)?order\b")


def _names(text: str, at: int, item: re.Pattern[str]) -> tuple[list[str], int]:
    """The names of a list at ``at`` and where it ends; none unless it ends
    its clause."""
    names: list[str] = []
    end = at
    while (match := item.match(text, end)) is not None:
        names.append(next(g for g in match.groups() if g is not None).strip())
        end = match.end()
        join = _JOIN.match(text, end)
        if join is None or item.match(text, join.end()) is None:
            break
        end = join.end()
    if len(names) < 2 or _END.match(text, end) is None:
        return [], at
    return names, end


def _list_at(original: str, at: int, *, bare: bool) -> tuple[list[str], int]:
    names, end = _names(original, at, _QUOTED)
    if not names and bare:
        names, end = _names(original, at, _BARE)
    return names, end


def _count_fits(match: re.Match[str], names: list[str]) -> bool:
    count = match.group("num")
    return count is None or number_value(count) == len(names)


_TABLE = compile_lazily(r"\b(?:tables?|csv|columns?|spreadsheet|tabular)\b")


def _asked(sentence: Sentence, start: int, end: int) -> bool:
    if re.match(r"[\w\s]*header", sentence.lower[start:end]) and _TABLE.search(
        lowered(sentence.whole)
    ):
        return False  # "Make a table; use these headers: …": a table's header row
    return layout_asked(sentence, start) and not sections_of_another(sentence, start, end)


# "Two sections, headed exactly …", "Sections must be exactly …", "…: sections 'A', 'B'",
# "then two sections "New" and "Fixed"", "Then two sections titled A and B."
_NOUN_FIRST = compile_lazily(
    r"(?:^\s*(?:(?:and\s+)?then\s+)?|[:;]\s*|,\s*(?:and\s+)?then\s+)"
    rf"(?P<at>(?:(?P<num>{NUMBER})\s+)?(?:(?:separate|markdown|bold|main)\s+)?{_NOUN})"
    rf"(?:\s*,)?(?:\s+(?:must|should|will)\s+be)?(?P<naming>\s+{_NAMING})?(?:\s+exactly)?\s*:?"
)
# "Use these exact section headers as markdown H2, in order:", "Use these
# sections, in this order, each as a level-2 markdown heading:"
_INTRO_COLON = compile_lazily(
    r"\b(?P<at>(?:use|using|include|including|with|add|have)\s+(?:the\s+|these\s+|this\s+)?"
    rf"(?:following\s+)?(?:exact\s+)?(?:(?P<num>{NUMBER})\s+)?(?:(?:section|markdown|bold)\s+)?"
    rf"{_NOUN})"
    r"(?P<manner>(?:\s*,?\s*(?:as|each|in|this|that|the|order|a|an|markdown|bold|level[\s-]?\d|"
    r"h[1-6]|headings?|headers?|exactly|own|its|their|separate|lines?))*)\s*:"
)
# "under a heading 'NI'", "under 'CONS'"
_UNDER = compile_lazily(
    r"\bunder\s+(?:(?:a|an|the)\s+(?:(?:separate|bold|markdown)\s+)?(?:heading|header|section|"
    r"title|label)\s+)?(?=[\"“'‘])"
)
# 'EN:' …, 'Tip 1:' …: a quoted label with its colon
_COLON_QUOTED = compile_lazily(r"""["“'‘](?P<n>[^"“”'‘’\n:]{1,40}):["”'’]""")
_COLON_ITEM = compile_lazily(r"""\s*["“'‘](?P<n>[^"“”'‘’\n:]{1,40}):["”'’]""")
# "Tip 1", "Part B": a stem and its number or letter
_NUMBERED = compile_lazily(r"\s+(?:\d{1,2}|[A-Z])$")
# "'EN:' before the English one": where the label goes
_PLACED = compile_lazily(r"\s+(?:before|above|in\s+front\s+of|at\s+the\s+(?:start|top)\s+of)\b")
_LABEL_VERB = compile_lazily(
    r"\b(?:put|place|add|start|begin|starting|beginning|begins|starts|open|opening|opens|prefix|"
    r"prefixed|label|labell?ed|mark|marked|headed)\b"
)
# "a heading that says exactly "Answer Key"", "a separate section headed Solutions"
_ONE = compile_lazily(
    r"\b(?P<at>(?:an?|one)\s+(?:(?:separate|final|last|new|closing|short|extra|bold|markdown|"
    r"level[\s-]?\d|h[1-6])\s+)?"
    rf"{_ONE_NOUN})\s+(?:{_NAMING}|that\s+says|saying|reading|"
    r"with\s+the\s+(?:title|name))(?:\s+exactly)?\s*:?"
)
# "our template fields in this order: Role:, Location:"
_FIELDS = compile_lazily(
    r"\b(?P<at>(?:use|using|with|keep|include|including)\s+(?:the\s+|our\s+|these\s+|this\s+)?"
    r"(?:template\s+|form\s+)?(?:fields?|labels?|field\s+names))"
    r"(?P<manner>(?:\s*,?\s*(?:in|this|that|the|order|exactly|as|follows))*)\s*:"
)


def _noun_first(sentence: Sentence) -> Iterator[Found]:
    for match in _NOUN_FIRST.finditer(sentence.lower):
        names, end = _list_at(
            sentence.original, match.end(), bare=match.group("naming") is not None
        )
        if names and _count_fits(match, names) and _asked(sentence, match.start("at"), end):
            ordered = _ORDERED.search(sentence.lower) is not None
            yield names, ordered, match.start("at"), end
            return


def _intro_colon(sentence: Sentence) -> Iterator[Found]:
    for pattern, bare in ((_INTRO_COLON, True), (_FIELDS, False)):
        for match in pattern.finditer(sentence.lower):
            names, end = _list_at(sentence.original, match.end(), bare=bare)
            if pattern is _FIELDS:
                names, end = _names(sentence.original, match.end(), _LABEL)
            if not names or ("num" in match.groupdict() and not _count_fits(match, names)):
                continue
            if re.search(r"\b(?:table|csv|column)s?\s*$", sentence.lower[: match.start()]):
                continue  # "a table; use these headers, in order: …": its columns
            if _asked(sentence, match.start("at"), end):
                ordered = _ORDERED.search(match.group("manner")) is not None
                yield names, ordered, match.start("at"), end
                return


_EACH_PART = compile_lazily(
    r"^\s*(?:and\s+)?(?:each|every)\s+[a-z]+\s+(?:in|on|as|gets|starts|begins)\b"
)


def _colon_labels(sentence: Sentence) -> list[tuple[str, int, int]]:
    """ "'Tip 1:', 'Tip 2:', 'Tip 3:'" (labels numbered in turn) or "'EN:' before
    the English one and 'IT:' before the Italian one" (each label placed)."""
    text, original = sentence.lower, sentence.original
    labels = list(_COLON_QUOTED.finditer(original))
    if len(labels) < 2 or _LABEL_VERB.search(text, 0, labels[0].start()) is None:
        return []
    names, end = _names(original, labels[0].start(), _COLON_ITEM)
    stems = {_NUMBERED.sub("", name) for name in names}
    if names and len(stems) == 1 and all(_NUMBERED.search(name) for name in names):
        return [(name, labels[0].start(), end) for name in names]
    # "'BARISTA:' or 'CUSTOMER:'" on every line, "'Q:' … each answer … 'A:'":
    # labels that recur, not one section each
    placed = [m for m in labels if _PLACED.match(original, m.end())]
    if len(placed) < 2 or re.search(r"\b(?:each|every|all|either)\b|\bor\b", text):
        return []
    return [(m.group("n"), m.start(), m.end()) for m in placed]


def _one_per_phrase(sentence: Sentence) -> Iterator[Found]:
    text, original = sentence.lower, sentence.original
    spans: list[tuple[str, int, int]] = []
    for match in _UNDER.finditer(text):
        quoted = _QUOTED.match(original, match.end())
        if quoted is not None and quoted.group("q"):
            spans.append((quoted.group("q"), match.start(), quoted.end()))
    if len(spans) < 2:
        spans = _colon_labels(sentence)
    if len(spans) < 2:
        return
    names = [name.strip() for name, _, _ in spans]
    start, end = spans[0][1], spans[-1][2]
    if len({name.casefold() for name in names}) != len(names):
        return
    if _asked(sentence, start, end) or (
        # "each tip in a separate paragraph beginning with 'Tip 1:', 'Tip 2:'": a
        # criteria line about the parts, with no verb to govern it
        _EACH_PART.match(text)
        and not sentence_blocked(sentence, start)
        and not NEGATION.search(text, 0, start)
        and not sections_of_another(sentence, start, end)
    ):
        yield names, False, start, end


# the verbs that put one named section in the answer
_PUT = compile_lazily(
    r"\b(?:add|put|include|end|finish|close|start|begin|open|give|use|write|create|make|insert|"
    r"append|follow|place|have|then)\w*\b"
)
_HAS = compile_lazily(r"\b(?:has|had|contains?|is|was|are|were|which|that|whose)\b")


def _one_section(sentence: Sentence) -> Iterator[Found]:
    text, original = sentence.lower, sentence.original
    for match in _ONE.finditer(text):
        quoted = _QUOTED.match(original, match.end())
        bare = _BARE.match(original, match.end())
        found = quoted or bare
        if found is None or not (
            _END.match(original, found.end()) or _THEN.match(text, found.end())
        ):
            continue
        name = next(g for g in found.groups() if g is not None).strip()
        if re.search(r"\b(?:table|csv|column)s?\b", text[: match.start()]):
            continue  # a table's header row is its columns'
        verb = _PUT.search(text, clause_start(text, match.start()), match.start())
        if verb is None or _HAS.search(text, verb.end(), match.start()):
            continue  # "It has a section headed Results": what a thing has, not a request
        if _asked(sentence, match.start("at"), found.end()):
            yield [name], False, match.start("at"), found.end()
            return


def section_wordings(sentence: Sentence) -> Found | None:
    """The first wording of named sections the sentence asks for, if any."""
    for reader in (_noun_first, _intro_colon, _one_per_phrase, _one_section):
        for found in reader(sentence):
            return found
    return None
