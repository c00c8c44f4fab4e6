"""More ways to say what the answer starts or ends with, read for the start
and end phrases family (:mod:`._phrases`; ``StartsWith`` / ``EndsWith``):

- an unquoted tag, mention, placeholder or phone number placed at the very
  start or end: "include the tag #sso-bug at the end", "mention the user
  placeholder <@user> at the very start", "put my phone +44 7700 900123 at
  the end";
- a named symbol: "end it with the ☕ emoji";
- the title line's opening, or its label: "Title line starting with
  'Recipe:'", "a title line in the form 'Title: ...'" (not each of several
  things' title lines);
- a sign-off and the name under it: "close with 'Sincerely,' followed by
  '[Your Name]'", "end with 'Yours faithfully,' followed by a placeholder
  [Name]", "finish with 'Yours faithfully' and my name Tomasz Nowak" (the
  answer ends with both, the name on the last line; whitespace is not
  compared, so the line break is the spec's reading, not a demand).

Not a part's start or end ("at the end of each line"), nor one that a
question asks about, nor a hedged, conditional or negated one
(:func:`~redraft.criteria._arguments.response_spec`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import ARG, response_spec, spec_hit
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._lexical import asks_about
from redraft.criteria._sentences import (
    NEGATION,
    THING,
    Hit,
    Sentence,
    searched,
    sentence_blocked,
)

__all__ = ["PLACEHOLDER", "answer_ends", "in_format_list", "signed_off"]

_RESPONSE = rf"(?:{THING}|response|answer|reply|message|email|letter|post|text)"
# A token no word could be: a hashtag, a mention, a template placeholder, a phone number
_TOKEN = (
    r"(?P<tok>#[a-z0-9][\w-]*|@[a-z0-9][\w.-]*|<@?[a-z0-9_][\w.-]*>|\{\{[^{}\s]{1,40}\}\}|"
    # a link: "put the link https://example.org/recall at the very end"
    r"https?://[\w.-]+(?:/[\w./%?=&#~+-]*[\w/])?|"
    r"\+\d{1,3}(?:[ -]?\d{2,5}){2,4})"
)
_PLACED_TOKEN = compile_lazily(
    r"\b(?:include|add|put|place|mention|have|write)\s+(?:(?:the|this|a|an|our|my|your)\s+"
    rf"(?:[\w-]+\s+){{0,3}}?)?{_TOKEN}\s+at\s+the\s+(?:very\s+)?(?P<at>end|bottom|start|beginning|"
    rf"top)\b(?:\s+of\s+(?:your|the)\s+(?:entire\s+|whole\s+)?{_RESPONSE}\b)?"
    # "… at the end of each line", "… at the end or the start": not the answer's
    r"(?!\s*(?:of|or|and\s+(?:the\s+)?(?:start|end|beginning))\b)"
)
# "end it with the ☕ emoji", "finish with a 🚀 emoji"
_NAMED_SYMBOL = compile_lazily(
    r"\b(?:end|finish|close|sign\s+off)\s+(?:(?:your|the)\s+(?:entire\s+|whole\s+)?"
    rf"{_RESPONSE}\s+|it\s+)?with\s+(?:the|a|an|one)\s+"
    r"(?P<sym>[^\w\s\ue000\"“”'‘’«»`.,;:!?()\[\]]{1,3})\s+(?:emoji|symbol|icon)\b"
    r"(?=\s*(?:$|[.;,!]|and\b))"
)
_NAME = r"[A-ZÀ-ÖØ-Þ][\w'’.-]*(?:\s+[A-ZÀ-ÖØ-Þ][\w'’.-]*){0,3}"
# "close with 'Sincerely,' followed by '[Your Name]'", "… followed by a
# placeholder [Name]", "finish with "Yours faithfully" and my name Tomasz Nowak"
_SIGN_OFF = compile_lazily(
    r"\b(?i:(?:end|finish|close|conclude|sign\s+off)\s+(?:(?:your|the)\s+(?:entire\s+|whole\s+)?"
    rf"{_RESPONSE}\s+|it\s+)?with\s+(?:the\s+sign-?off\s+)?)(?P<arg>{ARG})\s*,?\s*"
    r"(?i:followed\s+by|and\s+then|then|and(?=\s+my\s+(?:full\s+)?name\b))\s+"
    r"(?:(?i:(?:a|the)\s+placeholder|my\s+(?:full\s+)?name)\s*,?\s*)?"
    rf"(?:(?P<then>{ARG})|(?P<bracket>\[[^\[\]\n]{{1,30}}\])|(?P<name>{_NAME}))"
    r"(?=\s*(?:$|[.;!]|,\s*(?:and|then)\b))"
)


# "Title line starting with 'Recipe:'", "a title line in the form 'Title: ...'":
# the answer's first line (a label's own text only, the template's rest aside)
_TITLE_LINE = compile_lazily(
    r"\b(?:title|subject|headline)\s+line\s*(?:\(\s*first\s+line\s*,?\s*)?(?:(?:that\s+)?"
    r"(?P<opens>(?:starts|starting|begins|beginning)\s+with|prefixed(?:\s+(?:with|by))?)|"
    rf"(?:in\s+the\s+(?:form|format)|formatted\s+as)\s*:?)\s+(?P<arg>{ARG})"
)
# one of several things' title lines: "each recipe gets a title line …"
_OF_EACH = compile_lazily(r"\b(?:each|every|all|both|per)\b[^.;:]*$")
_LABEL = compile_lazily(
    r"^(?P<label>[^\w\s]?[\w][\w .#/-]{0,30}?:)\s*(?:\.\.\.|…|<[^<>]*>|\[[^\[\]]*\])?$"
)


# "…, then a final line 'Score: __/10'": the last part named is a line given
# word for word, so the answer ends with it (the clause ends there)
_FINAL_LINE = compile_lazily(
    r"\b(?:then|and|finally|lastly|plus)\s*,?\s+(?:(?:add|put|include|write|give)\s+)?"
    r"(?:a|the|one)\s+(?:single\s+|separate\s+)?(?:final|last|closing)\s+line\s+"
    rf"(?:(?:that\s+(?:reads|says)|reading|saying)\s+)?:?\s*(?P<arg>{ARG})(?=\s*(?:$|[.;!]))"
)


def _final_lines(sentence: Sentence, build: Callable[[str, bool], FamilySpec]) -> Iterator[Hit]:
    for match in _FINAL_LINE.finditer(sentence.lower):
        if _OF_EACH.search(sentence.lower, 0, match.start()):
            continue  # "each verse has 4 lines, then a final line 'Amen'": each one's
        prefix = sentence.lower[: match.start()]
        if (
            sentence_blocked(sentence, match.start())
            or NEGATION.search(prefix)
            or _GIVEN_TEXT.search(prefix)
        ):
            continue  # hedged, negated, or "my poem has …, then a final line 'Amen'"
        quoted = _quoted(sentence, *match.span("arg"))
        if any(mark in quoted for mark in ("...", "…", "<")):
            continue  # "a final line 'Total: £...'": a template, not a literal
        if quoted and (found := spec_hit(partial(build, quoted, True), *match.span())):
            yield found


# Text that is had, not asked for: its parts are described, not required
_GIVEN_TEXT = compile_lazily(
    r"\b(?:my|our|i|this|these|that|given|existing|original|current|below|above|following|"
    r"attached|pasted|has|had|ends|ended)\b"
)


def _title_lines(sentence: Sentence, build: Callable[[str, bool], FamilySpec]) -> Iterator[Hit]:
    for match in _TITLE_LINE.finditer(sentence.lower):
        if _OF_EACH.search(sentence.lower, 0, match.start()):
            continue
        quoted = _quoted(sentence, *match.span("arg"))
        if not match.group("opens"):
            # "in the form 'Title: ...'": only the label is a literal
            label = _LABEL.match(quoted)
            if label is None or quoted == label.group("label"):
                continue
            quoted = label.group("label")
        if quoted and "..." not in quoted and "…" not in quoted:
            yield from response_spec(sentence, partial(build, quoted, False), *match.span())


def _quoted(sentence: Sentence, start: int, end: int) -> str:
    return sentence.unmask(start + 1, end - 1).strip()


def _tokens(sentence: Sentence, build: Callable[[str, bool], FamilySpec]) -> Iterator[Hit]:
    for match in _PLACED_TOKEN.finditer(sentence.lower):
        token = sentence.unmask(*match.span("tok")).strip()
        at_end = match.group("at") in ("end", "bottom")
        yield from response_spec(sentence, partial(build, token, at_end), *match.span())


def _symbols(sentence: Sentence, build: Callable[[str, bool], FamilySpec]) -> Iterator[Hit]:
    for match in _NAMED_SYMBOL.finditer(sentence.lower):
        symbol = sentence.unmask(*match.span("sym"))
        yield from response_spec(sentence, partial(build, symbol, True), *match.span())


def _sign_offs(sentence: Sentence, build: Callable[[str, bool], FamilySpec]) -> Iterator[Hit]:
    for match in _SIGN_OFF.finditer(sentence.masked):
        first = _quoted(sentence, *match.span("arg"))
        if match.group("then"):
            last = _quoted(sentence, *match.span("then"))
        else:
            group = "bracket" if match.group("bracket") else "name"
            last = sentence.unmask(*match.span(group)).rstrip(".")
        if first and last:
            yield from response_spec(
                sentence, partial(build, f"{first}\n{last}", True), *match.span()
            )


# A line stated as its value, unquoted: "Finish with the line ###", "finish with
# ### on the final line", "start your reply with BEGIN on its own line", "open
# with {{ticket.requester.first_name}}". The value is a run of marks, a
# template placeholder, or a word in capitals set on a line of its own (a word
# in capitals alone may be a name or a heading: "start with FAQ answers").
_MARK_RUN = r"[#*=~_+-]{3,12}"
_LINE_VALUE = compile_lazily(
    r"\b(?i:(?P<verb>start|begin|open|end|finish|close|conclude)\s+(?:(?:your|the|each|every)\s+"
    rf"(?:entire\s+|whole\s+)?{_RESPONSE}\s+|it\s+)?with\s+(?P<line>the\s+(?:(?:single|final|last|"
    r"closing|first|opening)\s+)?line\s+)?(?:the\s+placeholder\s+)?)"
    rf"(?P<tok>{_MARK_RUN}|\{{\{{[^{{}}\s]{{1,40}}\}}\}}|[A-Z][A-Z0-9]{{1,19}}\b)"
    r"(?P<own>\s+(?i:on\s+(?:its|a)\s+own\s+line|on\s+(?:a|the)\s+(?:(?:very\s+)?(?:final|last|"
    r"first|top|opening|closing)\s+line|(?:line|row)\s+(?:of\s+its\s+own|by\s+itself))))?"
    # the value ends the clause: "… with ### (the standard end mark)", "…, as is standard"
    r"(?=\s*(?:$|[.;,!(]|—|–|\band\b))"
)
_AT_START = frozenset({"start", "begin", "open"})


def _line_values(sentence: Sentence, build: Callable[[str, bool], FamilySpec]) -> Iterator[Hit]:
    for match in _LINE_VALUE.finditer(sentence.masked):
        token = match.group("tok")
        if token[0].isalpha() and not (match.group("line") or match.group("own")):
            continue  # "start with FAQ answers": a word in capitals, not set on a line
        at_end = match.group("verb").lower() not in _AT_START
        yield from response_spec(sentence, partial(build, token, at_end), *match.span())


def answer_ends(sentence: Sentence, build: Callable[[str, bool], FamilySpec]) -> Iterator[Hit]:
    """The answer's start or end as these wordings say it: ``build(phrase,
    at_end)`` (an ``EndsWith`` where ``at_end``, else a ``StartsWith``)."""
    for rule in (_tokens, _symbols, _sign_offs, _title_lines, _line_values, _final_lines):
        for hit in rule(sentence, build):
            if not asks_about(sentence, hit.start):
                yield hit


# A format laid out as a list of items: "Format: first line is …; last line is …"
_FORMAT_LIST = compile_lazily(
    r"^\s*(?:format|layout|structure|template|shape)\s*:\s*(?:[^;:]*;\s*)*$"
)
_LINE_BREAK = compile_lazily(r"[.!?]\s|\n")
# "Format: the poem I wrote; …": a text had, not one asked for
_HAD = compile_lazily(r"\b(?:my|i|this|these|given|existing|original|current)\b")
PLACEHOLDER = compile_lazily(r"(?<!\{)\{[^{}]{1,30}\}(?!\})")
"""A single-brace slot in a template ("Hi {first name},"): a name goes there;
a double-brace token ("{{ticket.id}}") is a literal the answer keeps."""


def in_format_list(sentence: Sentence, start: int) -> bool:
    """Whether ``start`` is in a list of items after a "Format:" head (its
    items may be split into sentences of their own at the semicolons), where
    "the last line is '…'" states what the answer's line is."""
    before = sentence.whole[: sentence.start].lower() + sentence.lower[:start]
    cut = max((m.end() for m in _LINE_BREAK.finditer(before)), default=0)
    if _HAD.search(before, cut):
        return False
    return _FORMAT_LIST.match(before, cut) is not None


# An email or a letter asked for: it ends with its sign-off ("Best, Ana"), so
# "end it with a question" asks for the last sentence before it, which no
# check of the answer's last character measures. Not a letter of the
# alphabet ("the letter e", "a letter of the alphabet").
_CORRESPONDENCE = compile_lazily(
    r"\b(?:an?|the|this|that|my|your|our)\s+(?:[\w'-]+\s+){0,3}?(?:e-?mail|memo|letter)\b"
    r"(?!\s*['\"‘“\ue000]|\s+[a-z](?![\w'’-])|\s+of\s+the\s+alphabet\b|\s+(?:etiquette|"
    r"address(?:es)?|lists?|marketing|campaigns?|templates?|subject|signature|inbox|thread|"
    r"server|account|format|newsletter)\b)"
)


def signed_off(whole: str) -> bool:
    """Whether the prompt (lowered) asks for an email or a letter."""
    return bool(searched(_CORRESPONDENCE, whole))
