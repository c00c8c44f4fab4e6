"""The answer's first line given word for word, read for the start and end
phrases family (:mod:`._phrases`; a ``StartsWith``):

- named in a list of the answer's lines: "First line: 'Did you know?'
  exactly.", "Format: first line "Fun fact!", then three facts", "a header
  comment: first line '#!/usr/bin/env python3', second line …";
- stated with "exactly" or a modal of its own: "…, and line 1 is exactly
  'Roses are red,'", "the top line must be 'MEMO'";
- a script's shebang, unquoted: "The first line must be the shebang
  #!/usr/bin/env bash".

Not a part's first line ("each verse: first line 'Amen'", "the first line
of each stanza …"), nor a text the user has ("my poem's first line is
'…'"), nor a line stated without "exactly" outside a format list ("the
first line is 'Hi'": said of a text), nor a template ("first line 'Dear
{name},'", "first line 'Subject: ...'"), nor a hedged, negated, asked or
conditional one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._answer_ends import PLACEHOLDER, in_format_list
from redraft.criteria._families._arguments import ARG, spec_hit
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._sentences import NEGATION, Hit, Sentence, sentence_blocked

__all__ = ["SLOT", "first_lines"]

# Where a clause or a list item opens: the sentence's start, after a colon,
# comma, semicolon or bracket, or after "and", "then", "with".
_HEAD = r"(?:^|[:;,(]|\b(?:and|then|with|plus))\s*"
_LINE_ONE = (
    r"(?:(?:the|your|a)\s+)?(?:very\s+)?"
    r"(?:(?:first|top|opening)\s+line|line\s+(?:1|one)(?!\s*[-–]))"
)
_VERB = (
    r"(?P<verb>(?:must|should|shall|needs?\s+to|has\s+to|is\s+to|will)\s+(?:be|read|say)|"
    r"(?P<stated>is|reads|says))"
)
# "the shebang #!/usr/bin/env bash": the interpreter line, unquoted
_SHEBANG = r"(?:the\s+)?shebang\s+(?:line\s+)?(?P<bang>#!/[^\s,;]+(?:[^\S\n]+[a-z0-9][\w.-]*)?)"
_FIRST_LINE = compile_lazily(
    rf"{_HEAD}(?P<line>{_LINE_ONE})\s*(?:{_VERB}\s+)?(?P<exact>exactly\s+)?:?\s*"
    rf"(?:(?:the\s+)?(?:text|words?|phrase)\s+)?(?:(?P<arg>{ARG})|{_SHEBANG})"
    # the value ends the clause: "…, then …", "… exactly.", "… (the hook)"
    r"(?P<after>\s*(?:exactly|verbatim|word\s+for\s+word)\b)?"
    r"(?=\s*(?:$|[.;,!(]|—|–|\b(?:and|then|followed)\b))"
)
# "of each", "every verse's …", "per entry": a part's first line
_OF_EACH = compile_lazily(r"\b(?:each|every|per|all|both)\b")
# a text the user has: "my poem's first line is …", "the attached draft's …"
_GIVEN = compile_lazily(
    r"\b(?:my|our|given|existing|original|current|below|above|following|attached|pasted)\b"
)
# a template's slot or an elided rest: "Dear {name},", "Subject: ...", "<title>",
# "Date: YYYY-MM-DD"; or the fields a line holds, named: "Artist, Title, Year"
_TEMPLATE = compile_lazily(
    r"\.\.\.|…|<[^<>]*>|\[[^\[\]]*\]|_{2,}|\b(?:YYYY|YY|MM|DD|HH|hh|mm|ss)\b|"
    r"^[A-Z][a-z]+(?:\s+[a-z]+)?(?:\s*[,|/]\s*[A-Z][a-z]+(?:\s+[a-z]+)?)+$"
)
SLOT = compile_lazily(
    r"<(?!/)(?!(?:html|body|div|p|br|hr|table|ul|ol|li|span|svg|xml)\b)[^<>/]*>|"
    r"\b(?:YYYY|MM|DD|HH)\b"
)
"""A slot in a start or end phrase ("Total: €<amount>", "Date: YYYY-MM-DD"):
the answer fills it in, so the phrase is no literal."""


def first_lines(sentence: Sentence, build: Callable[[str, bool], FamilySpec]) -> Iterator[Hit]:
    """The answer's first line as these wordings give it: ``build(line,
    False)`` (a ``StartsWith``)."""
    text = sentence.lower
    for match in _FIRST_LINE.finditer(text):
        start = match.start("line")
        prefix = text[:start]
        if match.group("stated") and not (
            match.group("exact") or match.group("after") or in_format_list(sentence, start)
        ):
            continue  # "the first line is 'Hi'": said of a text, unless a format lists it
        if _OF_EACH.search(prefix) or _OF_EACH.search(_before(sentence)):
            continue  # "each stanza: first line …": one of several parts' first lines
        if _GIVEN.search(prefix) or NEGATION.search(prefix):
            continue  # "my poem's first line is …", "don't make the first line …"
        if sentence_blocked(sentence, start) or asks_about(sentence, start):
            continue  # hedged, conditional, an example, or a question
        if match.group("bang"):
            value = sentence.unmask(*match.span("bang")).rstrip(".")
        else:
            value = sentence.unmask(match.start("arg") + 1, match.end("arg") - 1).strip()
        if not value or PLACEHOLDER.search(value) or _TEMPLATE.search(value):
            continue  # "first line 'Dear {name},'": a slot, not a literal
        if found := spec_hit(partial(build, value, False), start, match.end()):
            yield found


# The sentence before, where it sets up a list of parts: "Each card: …"
_LEAD_IN = compile_lazily(r"[^.!?\n]*:\s*$")


def _before(sentence: Sentence) -> str:
    """The text just before the sentence when it ends in a colon (a lead-in
    whose list the sentence goes on); else nothing."""
    lead = _LEAD_IN.search(sentence.whole[: sentence.start].lower())
    return lead.group(0) if lead else ""
