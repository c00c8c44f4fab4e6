"""Literal formats: the answer is a Python literal of a given shape ("put
them in a Python list literal", "a Python dictionary, not JSON"), or one
comma-separated line ("list them comma-separated").

Measured exactly. A Python literal is read with ``ast.literal_eval`` (never
``eval``: an answer is untrusted), from the whole answer or from the body
of one fenced block (tagged ``python``/``py`` or untagged) that is the whole
answer; ``names = [...]`` (one assignment) is read by its value. A
comma-separated answer is one line (surrounding whitespace aside) of at
least two items separated by commas, none empty and none a list marker;
one final period is allowed. Its repair needs no judgement where the answer
is a bulleted or numbered list and nothing else: the items are joined with
", ".
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._lexical import asks_about, required
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, lowered, searched

__all__ = ["COMMA_LIST", "PYTHON_LITERAL", "CommaList", "PythonLiteral", "join_list"]

Shape = Literal["list", "dict", "tuple", "set"]
_TYPES: dict[str, type] = {"list": list, "dict": dict, "tuple": tuple, "set": set}
_FENCE = compile_lazily(
    r"^\s*```[ \t]*(?P<lang>[\w+-]*)[ \t]*\n(?P<body>.*?)\n[ \t]*```\s*$", re.DOTALL
)
_ASSIGNED = compile_lazily(r"^\s*[A-Za-z_]\w*\s*(?::\s*[\w\[\], .]+)?=\s*(?P<value>.+)$", re.DOTALL)
_MAX_CHARS = 100_000


class PythonLiteral(FamilySpec):
    """The answer is a Python literal of ``shape``, read with ``ast.literal_eval``."""

    kind: Literal["python_literal"] = "python_literal"
    shape: Shape

    def describe(self) -> str:
        return f"a Python {self.shape} literal"


class CommaList(FamilySpec):
    """The answer is one line of items separated by commas, or by
    ``separator`` ("; ", " / ", " > ", "|")."""

    kind: Literal["comma_list"] = "comma_list"
    separator: str = Field(default=",", min_length=1, max_length=5, pattern=r"^\s*[^\w\s]{1,3}\s*$")

    def mark(self) -> str:
        """The separator without the spaces around it."""
        return self.separator.strip()

    def describe(self) -> str:
        if self.mark() == ",":
            return "one comma-separated line"
        return f"one line of items separated by {self.separator.strip()!r}"


def _source(text: str) -> str:
    fenced = _FENCE.match(text)
    if fenced and fenced["lang"].lower() in ("", "python", "py", "python3"):
        text = fenced["body"]
    text = text.strip()
    assigned = _ASSIGNED.match(text)
    return assigned["value"].strip() if assigned and "\n" not in text.split("=", 1)[0] else text


def literal_of(text: str) -> tuple[object, str | None]:
    """The literal the answer holds, or None and why it holds none."""
    source = _source(text)
    if len(source) > _MAX_CHARS:
        return None, "it is too long to read"
    try:
        return ast.literal_eval(source), None
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError) as error:
        return None, type(error).__name__


_MARKER = compile_lazily(r"^\s*(?:[-*+•]|\d+[.)])\s+")


def _items(text: str, mark: str = ",") -> list[str] | None:
    """The items of a one-line answer separated by ``mark``, or None."""
    body = text.strip()
    if not body or "\n" in body:
        return None
    if body.endswith(".") and not body.endswith("..") and mark != ".":
        body = body[:-1]
    items = [item.strip() for item in body.split(mark)]
    if len(items) < 2 or not all(items) or _MARKER.match(body):
        return None
    return items


def join_list(text: str, separator: str = ",") -> str:
    """A bulleted or numbered list (and nothing else) joined into one line,
    its items separated by ``separator`` (", " for a comma)."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if len(lines) < 2 or not all(_MARKER.match(line) for line in lines):
        return text
    mark = separator.strip() or ","
    items = [_MARKER.sub("", line).strip().rstrip(",;") for line in lines]
    if any(mark in item or not item for item in items):
        return text  # an item with its own separator would read as two
    return (", " if separator == "," else separator).join(items)


_EDITS = (
    RepairOp(
        "join_list",
        130,
        lambda text, p, _r: join_list(text, str(p.get("separator", ","))),
        lambda _: "list joined",
    ),
)


# -- phrasings --------------------------------------------------------------------------

_SHAPES = {"list": "list", "dict": "dict", "dictionary": "dict", "tuple": "tuple", "set": "set"}
_LITERAL = compile_lazily(
    r"\b(?:(?:as|in|into|using|with|return|returns|output|give|write|format\s+(?:it|them)\s+as)\s+)"
    r"(?:a|an|one|the\s+form\s+of\s+a)\s+(?:valid\s+|single\s+|plain\s+)?python\s+"
    r"(?P<shape>list|dict|dictionary|tuple|set)(?P<literal>\s+literal)?\b"
    r"|\bpython\s+(?P<shape2>list|dict|dictionary|tuple|set)\s+literal\b"
)
# A prompt about code wants a program, not a literal as the whole answer.
_CODE = compile_lazily(
    r"\b(?:function|script|program|class|method|code\s+that|snippet|module|loop|comprehension|"
    r"convert|parse|explain|sort\s+this|from\s+this|the\s+following)\b"
)


def python_literals(sentence: Sentence) -> Iterator[Hit]:
    """ "Put them in a Python list literal", "a Python dictionary literal (not JSON)"."""
    text = sentence.lower
    if "python" not in text or searched(_CODE, lowered(sentence.whole)):
        return
    for match in _LITERAL.finditer(text):
        shape = _SHAPES[match["shape"] or match["shape2"]]
        after = text[match.end() :]
        if re.match(r"\s*(?:of|for|in|inside|within)\s+(?:each|every|the\s+\w+\s+field)", after):
            continue
        if re.match(r"\s*,?\s*(?:and|then|followed|plus|with\s+(?:a|an)\s+explanation)\b", after):
            continue
        if required(sentence, match.start()):
            yield Hit(PythonLiteral(shape=shape), *match.span())  # type: ignore[arg-type]
            return


_COMMAS = compile_lazily(
    r"\b(?:as\s+|in\s+)?(?:a\s+|one\s+)?(?:single[- ]line\s+)?(?P<n1>comma|semicolon|slash|pipe)"
    r"[- ]?separated(?:\s+list)?\b"
    r"|\bseparated\s+by\s+(?:a\s+|single\s+)?(?P<n2>commas|semicolons?|(?:forward\s+)?slash(?:es)?|"
    r"pipes?|vertical\s+bars?)\b"
    r"|\bseparate\s+(?:them|the\s+\w+|each\s+one)\s+with\s+(?P<n3>commas|semicolons|slashes|pipes)\b"
    # "separated by ' > '", "separated by ' / '": a symbol quoted (masked here)
    r"|\bseparated\s+by\s+['\"‘“](?P<sym>\ue000{1,5})['\"’”]"
)
_SEPARATORS = {
    **dict.fromkeys(("comma", "commas"), ","),
    **dict.fromkeys(("semicolon", "semicolons"), ";"),
    **dict.fromkeys(("slash", "slashes", "forward"), "/"),
    **dict.fromkeys(("pipe", "pipes", "vertical"), "|"),
}
_SYMBOL = compile_lazily(r"\s*[^\w\s'\"‘’“”]{1,3}\s*")


def _separator(sentence: Sentence, match: re.Match[str]) -> str | None:
    """The separator a match names or quotes, or None where it quotes no symbol."""
    if match.group("sym"):
        quoted = sentence.unmask(*match.span("sym"))
        return quoted if _SYMBOL.fullmatch(quoted) else None
    name = match.group("n1") or match.group("n2") or match.group("n3") or ""
    return _SEPARATORS.get(name.split()[0])


_PART = compile_lazily(r"\b(?:each|every|per|line|row|column|field)\b")
# A list that is one part of the answer: "add tags at the end, comma-separated".
_ONE_PART = compile_lazily(
    r"\b(?:tags?|keywords?|hashtags?|sources|references|citations|at\s+the\s+(?:end|start|"
    r"bottom|top)|after|below|above|then)\b"
)


# The list is one part: placed inside a block, or shown after prose asked first.
_IN_A_BLOCK = compile_lazily(
    r"[\s,]*(?:and\s+)?(?:all\s+)?(?:in|inside|within)\s+(?:a|an|one|the)\s+(?:[\w-]+\s+)?"
    r"(?:block|fence|table|box)\b"
)
_AFTER_PROSE = compile_lazily(
    r"\b(?:tell\s+me\s+about|explain|describe|talk\s+about|introduce)\b[^.;:]*"
    r"\b(?:and|then)\s+(?:also\s+)?(?:show|list|give|write|print|include)\b"
)


# Something else made beside the list: "write a short bio and list my skills
# comma-separated", "a sentence listing three animals, separated by commas"
_MADE_BESIDE = compile_lazily(
    r"\b(?:write|draft|compose|give|tell|create|make)\b[^.;:]*\b(?:and|then)\s+(?:also\s+)?"
    r"(?:list|name|give|show|add|include|put)\b"
    r"|(?<![\w-])(?:sentences?|paragraphs?|story|poem|email|letter|bio|essay|summary|tweet|post)\b"
    r"[^.;:]*$"
)
# Each of several things gets its own list: "for each country, list its
# neighbours comma-separated", "the synonyms comma-separated after each word"
_EACH_OWN = compile_lazily(
    r"\b(?:for\s+(?:each|every)|per|after\s+each|under\s+each|beside\s+each)\b"
)
# A later sentence asks for more: "Then explain why you chose them."
_MORE_LATER = compile_lazily(
    r"[.!?\n]\s*(?:(?:then|also|next|finally|afterwards|after\s+that|below\s+(?:it|that|the\s+list)"
    r"|underneath)\b,?\s*)*(?:please\s+)?(?:explain|write|add|give|describe|include|tell|provide|"
    r"justify|follow|briefly|say|mention|note|end)\b(?!\s+(?:no|nothing|only)\b)"
)


def _one_part(sentence: Sentence, match: re.Match[str]) -> bool:
    """Whether the list is one part of the answer, read in the whole source
    sentence (a list item is read alone, its context cut off)."""
    full = lowered(sentence.whole)
    at, end = sentence.start + match.start(), sentence.start + match.end()
    head = re.split(r"[.!?\n]", full[:at])[-1]
    tail = re.split(r"[.!?\n]", full[end:])[0]
    return (
        _IN_A_BLOCK.match(tail) is not None
        or _AFTER_PROSE.search(head) is not None
        or _MADE_BESIDE.search(head) is not None
        or _EACH_OWN.search(head) is not None
        or _EACH_OWN.search(tail) is not None
        or _MORE_LATER.search(full, end) is not None
    )


# Inside a template's slot ("<allergens, comma separated>", "[tags,
# comma-separated]") on its line: what fills that slot, not the answer
_IN_SLOT = compile_lazily(r"[<\[{][^<>\[\]{}\n]*$")


# An abbreviation's dot ends no clause: "Tags are lowercase words (e.g.
# waterproof), separated by commas" is still the tags' rule.
_ABBREVIATED = compile_lazily(r"\b(?:e\.g|i\.e|etc|approx|incl|esp|vs|cf)\.")


def _undotted(match: re.Match[str]) -> str:
    return match.group(0).replace(".", " ")


def comma_lists(sentence: Sentence) -> Iterator[Hit]:
    """ "List them comma-separated", "as a comma-separated list on one line"."""
    text = sentence.lower
    if "separat" not in text or asks_about(sentence):
        return
    for match in _COMMAS.finditer(text):
        separator = _separator(sentence, match)
        if separator is None:
            continue
        clause = re.split(r"[.;:]", _ABBREVIATED.sub(_undotted, text[: match.start()]))[-1]
        after = text[match.end() :]
        if (
            _PART.search(re.split(r"[,;]", clause)[-1])
            or _ONE_PART.search(clause)
            or re.match(r"\s*(?:values|file|format|string|of|for|in\s+(?:the|each|every))\b", after)
        ):
            continue
        if "csv" in text or re.search(
            r"\b(?:and|then)\s+(?:then\s+)?(?:explain|describe|add|give|write|list|include|provide|"
            r"tell|show)\b",
            after,
        ):
            continue
        if _one_part(sentence, match):
            continue  # "tell me about X and show the numbers, comma-separated, in a code block"
        if _IN_SLOT.search(text, 0, match.start()):
            continue  # "Contains: <allergens, comma separated>": one slot of a template
        if required(sentence, match.start()):
            yield Hit(CommaList(separator=separator), *match.span())
            return


# -- measures ---------------------------------------------------------------------------


class _PythonLiteral(Family):
    name = "python_literal"
    specs = (PythonLiteral,)
    rules: ClassVar[tuple[Rule, ...]] = (python_literals,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, PythonLiteral)
        value, why = literal_of(text)
        got = type(value).__name__ if why is None else None
        data: dict[str, Any] = {"parsed": got, "error": why}
        if why is None and isinstance(value, _TYPES[spec.shape]):
            return Outcome(True, f"the answer is {spec.describe()}, as required", data=data)
        measured = f"a Python {got}" if got else f"no Python literal ({why})"
        return Outcome(
            False,
            f"the answer is {measured}; required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, PythonLiteral)
        value, why = literal_of(text)
        said = f"a Python {type(value).__name__}" if why is None else "not a Python literal"
        example = {"list": "['a', 'b']", "dict": "{'a': 1}", "tuple": "('a', 'b')", "set": "{'a'}"}
        return (
            f"Your answer is {said}. Reply with only a Python {spec.shape} literal, such as "
            f"{example[spec.shape]}, with no text around it."
        )


class _CommaList(Family):
    name = "comma_list"
    specs = (CommaList,)
    rules: ClassVar[tuple[Rule, ...]] = (comma_lists,)
    edits: ClassVar[tuple[RepairOp, ...]] = _EDITS

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, CommaList)
        items = _items(text, spec.mark())
        lines = len([line for line in text.strip().splitlines() if line.strip()])
        data: dict[str, Any] = {"items": len(items) if items else 0, "lines": lines}
        if items is not None:
            return Outcome(True, f"the answer is one line of {len(items)} items", data=data)
        return Outcome(
            False,
            f"the answer is {lines} lines, not {spec.describe()}"
            if lines > 1
            else f"the answer is not {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, CommaList)
        shown = "a, b, c" if spec.mark() == "," else spec.separator.join("abc")
        said = "commas" if spec.mark() == "," else repr(spec.separator)
        return (
            f"Reply with the items on one line, separated by {said} ({shown}), with no bullets, "
            "numbers or line breaks and no text before or after them."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, CommaList)
        if spec.mark() == ",":
            return {"op": "join_list"}
        return {"op": "join_list", "separator": spec.separator}


PYTHON_LITERAL = _PythonLiteral()
COMMA_LIST = _CommaList()
