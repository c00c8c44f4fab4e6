"""The answer's parts, cut one way for every family that addresses a part
(:func:`parts_of`): a keyword in the second sentence, the word at a
position, a rule for every bullet, the words of the first paragraph.

Each cut is exact on markdown or states its approximation:

- sentences: approximately, as ``sentence_count`` cuts them;
- paragraphs (and stanzas): blocks between blank lines;
- lines: the non-empty lines, surrounding whitespace left out;
- bullet points: markdown bullet lines (``-``, ``*``, ``+``, ``•``), the
  marker and a checkbox (``[ ]``) left out;
- numbered items: lines opening with ``1.`` or ``1)``, the marker left out;
- list items: bullet points and numbered items alike, in order;
- headings: markdown heading lines (``#`` to ``######``); where the answer
  has none, label lines (``Section 2``, ``Part 3:``) and lines wholly in bold
  (``**Pros**``), the marks left out;
- sections: the text under each heading, up to the next one (the heading
  line itself left out); text before the first heading is no section;
- the title (a headline, an email's subject line): the answer's first
  non-empty line, its heading marks, bold and a ``Title:``, ``Subject:`` or
  ``Headline:`` label left out — whatever that line is, so an answer with
  no title line fails a check on its title.

An item is its own line only: a continuation line under a bullet or a
numbered item is not part of it (stated approximation).
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._answer_items import bare_item, headed_items, item_texts

__all__ = ["parts_of", "section_parts"]

_BULLET_LINE = compile_lazily(r"^[ \t]*[*\-+•][ \t]+(?:\[[ xX]\][ \t]+)?(\S.*)$", re.MULTILINE)
_NUMBERED_LINE = compile_lazily(r"^[ \t]*\d{1,3}[.)][ \t]+(\S.*)$", re.MULTILINE)
_ITEM_LINE = compile_lazily(
    r"^[ \t]*(?:[*\-+•][ \t]+(?:\[[ xX]\][ \t]+)?|\d{1,3}[.)][ \t]+)(\S.*)$", re.MULTILINE
)
_MARKDOWN_HEADING = compile_lazily(r"^[ \t]{0,3}#{1,6}[ \t]+(\S.*?)[ \t#]*$")
_LABEL_HEADING = compile_lazily(
    r"^[ \t]*(?:\*\*|__)?((?:section|part|chapter)\s+(?:\d{1,3}|[ivx]{1,5})\b[^\n]{0,80}?)"
    r"(?:\*\*|__)?[ \t]*$",
    re.IGNORECASE,
)
_BOLD_HEADING = compile_lazily(r"^[ \t]*(?:\*\*|__)([^*_\n]{1,80}?)(?:\*\*|__)[ \t]*:?[ \t]*$")
_TITLE_MARKS = compile_lazily(
    r"^(?:#{1,6}[ \t]+)?(?:\*\*|__|\*|_)?(?:(?:title|subject(?:\s+line)?|headline)\s*:\s*)?",
    re.IGNORECASE,
)


def _heading_lines(lines: list[str]) -> list[tuple[int, str]]:
    """(line number, heading text) for each heading line: markdown headings
    where the answer has any, else label lines, else wholly bold lines."""
    for pattern in (_MARKDOWN_HEADING, _LABEL_HEADING, _BOLD_HEADING):
        matches = ((i, pattern.match(line)) for i, line in enumerate(lines))
        found = [(i, m.group(1).strip()) for i, m in matches if m]
        if found:
            return found
    return []


def section_parts(text: str) -> list[tuple[str, str]]:
    """(heading, body) for each section of the answer, in order."""
    lines = text.splitlines()
    heads = _heading_lines(lines)
    if not heads:
        return []
    ends = [i for i, _ in heads[1:]] + [len(lines)]
    bodies = zip(heads, ends, strict=True)
    return [(head, "\n".join(lines[i + 1 : end]).strip()) for (i, head), end in bodies]


def _title(text: str) -> list[str]:
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if not first:
        return []
    title = _TITLE_MARKS.sub("", first, count=1)
    title = re.sub(r"(?:\*\*|__|\*|_)$", "", title).strip()
    return [title] if title else []


def parts_of(text: str, part: str) -> list[str]:
    """The answer's parts of one kind (a :data:`~redraft.criteria._spec_parts.Part`),
    in order: the one cut every family that addresses a part uses."""
    if part == "sentence":
        return measure.sentences(text)
    if part == "paragraph":
        return measure.paragraphs(text)
    if part == "line":
        return [line.strip() for line in text.splitlines() if line.strip()]
    if part == "numbered":
        return [m.group(1).strip() for m in _NUMBERED_LINE.finditer(text)]
    if part == "item":
        listed = [bare_item(m.group(1)) for m in _ITEM_LINE.finditer(text)]
        if listed:
            return listed
        if headed_items(text):
            return [bare_item(body or head) for head, body in section_parts(text)]
        return item_texts(text)
    if part == "heading":
        return [head for _, head in _heading_lines(text.splitlines())]
    if part == "section":
        return [body for _, body in section_parts(text)]
    if part == "title":
        return _title(text)
    return [m.group(1).strip() for m in _BULLET_LINE.finditer(text)]
