"""The answer's wrapping and marks: the whole answer in double quotes or in
one code block, a ``<<title>>``, and a postscript ("P.S.").

Measured exactly: quotes or a fence as the answer's first and last
characters; a title line in double angular brackets; a line starting with
the postscript's marker ("P. S." and "p.s." match "P.S.").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

from pydantic import Field

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._arguments import Corrected, head, response_spec, tail
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import MASK, THING, Hit, Rule, Sentence

__all__ = ["SHAPES", "WHOLE", "WRAP_VERB", "Postscript", "Title", "Wrapped", "shapes"]


class Wrapped(FamilySpec):
    """The whole answer is wrapped in double quotes, or is one fenced code block."""

    kind: Literal["wrapped"] = "wrapped"
    style: Literal["double_quotes", "code_block"]

    def describe(self) -> str:
        return "wrapped in double quotes" if self.style == "double_quotes" else "one code block"


class Title(FamilySpec):
    """A title in double angular brackets, such as ``<<my title>>``."""

    kind: Literal["title"] = "title"

    def describe(self) -> str:
        return "a title in double angular brackets <<like this>>"


class Postscript(FamilySpec):
    """A line starting with ``marker`` (``P.S.``), as a postscript."""

    kind: Literal["postscript"] = "postscript"
    marker: str = Field(default="P.S.", min_length=1, max_length=20)

    def describe(self) -> str:
        return f"a postscript starting with {self.marker!r}"


_FENCED = compile_lazily(r"\A```[^\n]*\n.*\n?```\Z", re.DOTALL)


def _wrapped(spec: Wrapped, text: str) -> Outcome:
    body = text.strip()
    if spec.style == "double_quotes":
        ok = len(body) >= 2 and body[0] in '"“' and body[-1] in '"”'
        fix = 'Put the whole answer inside double quotes, starting and ending with ".'
    else:
        ok = bool(_FENCED.match(body))
        fix = "Put the whole answer inside one code block: start with ``` and end with ```."
    if ok:
        return Outcome(True, f"the answer is {spec.describe()}, as required")
    found = f"starts with {head(body[:3])} and ends with {tail(body[-3:])}"
    return Outcome(
        False,
        f"the answer {found}; required: {spec.describe()}",
        f"Your answer is not {spec.describe()} (it {found}). {fix}",
    )


# One way to split the title (leading blanks, first visible character, rest):
# linear time on a long unclosed "<<".
TITLE_LINE = compile_lazily(r"<<([^\S\n]*[^\s<>][^<>\n]*)>>")


def _title(spec: Title, text: str) -> Outcome:
    found = TITLE_LINE.search(text)
    if found:
        return Outcome(True, f"the answer has the title <<{found.group(1)}>>, as required")
    return Outcome(
        False,
        f"the answer has no title in double angular brackets; required: {spec.describe()}",
        "Your answer has no title in double angular brackets. "
        "Add a title on its own line, written like <<Your Title>>.",
    )


def _postscript(spec: Postscript, text: str) -> Outcome:
    # "P.S." also matches "P. S." and "p.s.": the marker is the requirement, not its spacing.
    marker = r"\s?".join(re.escape(ch) for ch in spec.marker.replace(" ", ""))
    # Decoration within the marker's line only: "\s" would cross lines, costing
    # quadratic time on many blank lines, and finds the same lines.
    pattern = compile_lazily(rf"^(?:[^\S\n]|[*_>])*{marker}", re.IGNORECASE | re.MULTILINE)
    if pattern.search(text):
        return Outcome(True, f"the answer has {spec.describe()}, as required")
    return Outcome(
        False,
        f"the answer has no line starting with {spec.marker!r}; required: {spec.describe()}",
        f"Your answer has no postscript. End it with a new line that starts with {spec.marker!r}.",
    )


WRAP_VERB = r"(?:wrap|enclose|put|place|surround|format|provide|give|write|return|present)"
WHOLE = r"(?:your\s+|the\s+)?(?:entire\s+|whole\s+|full\s+)?(?:response|answer|reply|output)"
_WHOLE_THING = rf"(?:{WHOLE}|(?:your|the)\s+(?:entire|whole)\s+{THING})(?:\s+\([^)]{{0,80}}\))?"
_QUOTE_MARKS = r"double\s+(?:quotation\s+marks?|quotations?\s+marks?|quotes?)"
_DOUBLE_QUOTES = compile_lazily(
    rf"\b{WRAP_VERB}\s+{_WHOLE_THING}\s+(?:with|in|within|inside|between|into)\s+"
    rf"(?:a\s+pair\s+of\s+)?{_QUOTE_MARKS}|"
    rf"\b(?:put|place|add)\s+{_QUOTE_MARKS}\s+around\s+{_WHOLE_THING}|"
    rf"\b{_QUOTE_MARKS}\s+(?:should|must)\s+be\s+(?:placed|put|added)\s+around\s+{_WHOLE_THING}|"
    rf"(?:^|\b(?:make\s+sure|ensure)\s+(?:that\s+)?){_WHOLE_THING}\s+(?:is|should\s+be|must\s+be)\s+"
    rf"(?:wrapped|enclosed)\s+(?:in|with|within)\s+{_QUOTE_MARKS}|"
    rf"\b(?:be|is)\s+(?:wrapped|enclosed)\s+(?:in|with|within)\s+{_QUOTE_MARKS}"
)
# The answer is one thing alone, in quotes: "reply with just the name in
# quotes", "return the corrected sentence in quotes and nothing else".
_IN_QUOTES = r"in\s+(?:double\s+)?(?:quotes|quotation\s+marks|quote\s+marks)"
_ONE = r"(?:the|a|an|one|your)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+"
_ONLY_QUOTED = compile_lazily(
    rf"\b(?:(?:reply|respond|answer)\s+with|{WRAP_VERB}|output|send)\s+(?:me\s+)?"
    rf"(?:(?:just|only|nothing\s+but)\s+{_ONE}\s+{_IN_QUOTES}\b(?!\s*(?:and|with|plus|then|"
    rf"followed)\b)|{_ONE}\s+{_IN_QUOTES}\s*,?\s*(?:and\s+)?nothing\s+else\b)"
)
_CODE_BLOCK = compile_lazily(
    rf"\b{WRAP_VERB}\s+{WHOLE}\s+(?:in|as|inside|within)\s+(?:a\s+|one\s+|a\s+single\s+)?"
    r"(?:markdown\s+)?(?:fenced\s+)?code\s+block"
)
_TITLE = compile_lazily(
    r"(?:^\s*(?:the|a)\s+)?\btitle\b[^.;]{0,60}?(?:double\s+ang(?:le|ular)\s+brackets|<<)|"
    r"\b(?:put|wrap|enclose|place|give)\s+(?:the|your|its)\s+(?:name|title|heading|answer)"
    r"(?:\s+of\s+the\s+\w+)?\s+(?:in|within|inside|wrapped\s+in)\s+double\s+ang(?:le|ular)\s+brackets"
)
_AT_END = r"(?:at\s+the\s+(?:very\s+)?end(?:\s+of\s+(?:your|the)\s+\w+)?\s+)?"
_POSTSCRIPT = compile_lazily(
    r"\b(?:(?:explicitly\s+)?(?:add|include|write|append)|(?:end|finish)\s+(?:it\s+|your\s+\w+\s+)?"
    r"with|and|then|followed\s+by)\s+(?:a|an)\s+(?:postscript|post\s+script|note|p\.s\.)\s+(?:line\s+)?"
    + _AT_END
    + r"(?:to\s+(?:your|the)\s+\w+\s+)?(?:starting|beginning|that\s+(?:starts|begins)|indicated|"
    r"marked)\s+(?:with|by)\s+[\"'“‘]?(?P<marker>p\.\s?(?:p\.\s?)?s\.?)",
    re.IGNORECASE,
)


# The postscript named by its marker: "End it with a P.S. that mentions the
# hamster", "add a P.S. at the end", "At the very end add a P.P.S. with a
# code", "Finish with a P.S. about Gift Aid". "A P.S." is the marker itself,
# so the line it opens is the postscript; "a postscript" or "a note" alone
# names no marker and compiles nothing here.
_PS_NAMED = compile_lazily(
    # "At the very end add a P.P.S.": the place is part of the request, read with it
    r"\b(?:at\s+the\s+(?:very\s+)?(?:end|bottom)\s*,?\s+)?"
    r"(?:(?:add|include|write|append|put|place)|(?:end|finish|close|conclude|sign\s+off)\s+"
    r"(?:it\s+|(?:your|the)\s+(?:entire\s+|whole\s+)?\w+\s+)?with)\s+(?:a|an|one)\s+"
    r"(?P<marker>p\.\s?(?:p\.\s?)?s\.)(?![\w.])"
    # "add a P.S. to each letter", "a P.S. or a footnote": not one postscript of the answer
    r"(?!\s*(?:(?:line\s+)?(?:to|in|for|of)\s+(?:each|every|all|both)\b|or\b|and/or\b))",
    re.IGNORECASE,
)


def _double_quotes() -> FamilySpec:
    return Wrapped(style="double_quotes")


def _code_block() -> FamilySpec:
    return Wrapped(style="code_block")


def shapes(sentence: Sentence) -> Iterator[Hit]:
    """Wrapping, title and postscript."""
    text = sentence.lower
    for pattern, build in (
        (_DOUBLE_QUOTES, _double_quotes),
        (_ONLY_QUOTED, _double_quotes),
        (_CODE_BLOCK, _code_block),
        (_TITLE, Title),
    ):
        for match in pattern.finditer(text):
            yield from response_spec(sentence, build, *match.span())
    for pattern in (_POSTSCRIPT, _PS_NAMED):
        for match in pattern.finditer(sentence.original):
            if MASK in sentence.masked[match.start() : match.start("marker") - 1]:
                continue
            marker = sentence.unmask(match.start("marker"), match.end("marker")).upper()
            marker = "".join(marker.split())
            yield from response_spec(sentence, partial(Postscript, marker=marker), *match.span())
            return  # "end with a P.S. line starting 'P.S.'": one postscript, read once


class _Shapes(Corrected):
    name = "wrapping, title and postscript"
    specs = (Wrapped, Title, Postscript)
    rules: ClassVar[tuple[Rule, ...]] = (shapes,)

    def measure(self, spec: Any, text: str) -> Outcome:
        if isinstance(spec, Wrapped):
            return _wrapped(spec, text)
        if isinstance(spec, Title):
            return _title(spec, text)
        return _postscript(spec, text)

    def repair(self, spec: Any) -> dict[str, Any] | None:
        if isinstance(spec, Wrapped) and spec.style == "double_quotes":
            return {"op": "wrap_quotes"}
        return None

    def settled_failure(self, spec: Any, partial: str) -> bool:
        if not isinstance(spec, Wrapped):
            return False
        start = partial.lstrip()
        opener = ('"', "“") if spec.style == "double_quotes" else ("```",)
        return len(start) >= 3 and not start.startswith(opener)


SHAPES = _Shapes()
