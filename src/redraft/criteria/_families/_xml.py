"""XML: the answer is one well-formed XML document, optionally with a given
root element and required child elements.

Measured exactly with the standard library's ElementTree parser behind
``defusedxml`` (answers are untrusted: entity expansion, external entities
and DTDs are refused, and a refused document fails): the answer, bare or the
only content of one fenced block tagged ``xml`` or untagged, an optional XML
declaration first, must parse as one element; with ``root`` that element's
tag is ``root``; each of ``children`` is an element somewhere below the root
(names compare exactly, as XML's do; a namespace prefix is ignored). Read
from "wrap your answer in <response> with <title> and <body> elements",
"respond in XML", "valid XML with a root element <note>", "use <item> and
<price> tags"-style lists after a root; not from XML as a topic or material
("parse this XML"), one format among others, nor negated or hedged.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, Literal
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring
from pydantic import Field, ValidationError, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._code_blocks import ONLY_BLOCK
from redraft.criteria._families._document import (
    SECOND_PART,
    FormatPhrase,
    document_body,
    names_after,
)
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, lowered, response_context, searched

__all__ = ["XML", "XMLFormat"]

_NAME = compile_lazily(r"[A-Za-z_][\w.-]{0,79}")


def _element_name(value: str) -> str:
    value = value.strip().strip("<>/").strip()
    if not _NAME.fullmatch(value):
        raise ValueError(f"{value!r} is not an XML element name")
    return value


class XMLFormat(FamilySpec):
    """The answer is one well-formed XML document (bare or the only content
    of a fenced block); with ``root``, its root element has that name; each
    of ``children`` is an element inside the root."""

    kind: Literal["xml"] = "xml"
    root: str | None = Field(default=None, max_length=80)
    children: list[str] = Field(default_factory=list, max_length=30)

    @field_validator("root")
    @classmethod
    def _root(cls, value: str | None) -> str | None:
        return None if value is None else _element_name(value)

    @field_validator("children")
    @classmethod
    def _children(cls, value: list[str]) -> list[str]:
        return [_element_name(v) for v in value]

    def describe(self) -> str:
        text = "well-formed XML"
        if self.root:
            text += f" with the root element <{self.root}>"
        if self.children:
            joined = ", ".join(f"<{c}>" for c in self.children)
            text += f" {'holding' if self.root else 'with'} the elements {joined}"
        return text

    def slot(self) -> tuple[object, ...]:
        # Two sentences may each state a part ("Respond in XML." "Use a <note>
        # root."): each is a check of its own, not an alternative.
        return (self.kind, self.root, tuple(self.children))


class _NotXML(Exception):
    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


def _local(tag: object) -> str:
    name = str(tag)
    name = name.rsplit("}", 1)[-1]  # {namespace}name
    return name.rsplit(":", 1)[-1]


def _parse(text: str) -> Element:
    if not text.strip():
        raise _NotXML("the answer is empty")
    body, _ = document_body(text, ("xml",))
    try:
        return fromstring(body.strip(), forbid_dtd=True)
    except ParseError as exc:
        raise _NotXML(str(exc)) from None
    except DefusedXmlException as exc:
        raise _NotXML(f"refused: {type(exc).__name__} ({exc})") from None
    except (ValueError, RecursionError) as exc:
        raise _NotXML(str(exc)[:120] or type(exc).__name__) from None


def _problems(spec: XMLFormat, root: Element) -> tuple[str | None, list[str]]:
    """The wrong root's name (or None) and the children missing."""
    wrong_root = _local(root.tag) if spec.root and _local(root.tag) != spec.root else None
    below = {_local(e.tag) for e in root.iter() if e is not root}
    return wrong_root, [c for c in spec.children if c not in below]


_PHRASE = FormatPhrase(name="xml", holding=r"elements?|tags?|child\s+elements?|nodes?")
_TAG = r"<(?P<{}>[a-z_][\w.-]{{0,79}})>"
_ROOT, _ROOT2, _ROOT3, _ROOT4 = (_TAG.format(f"root{n}") for n in ("", "2", "3", "4"))
# "wrap your answer in <response> (tags) with <title> and <body> elements"
_WRAPPED = compile_lazily(
    r"\b(?:wrap|enclose|put|place|return|give|format|present)\s+(?:it|this|everything|"
    r"(?:your\s+|the\s+)?(?:entire\s+|whole\s+|full\s+)?(?:response|answer|reply|output|result))"
    rf"\s+(?:only\s+)?(?:in|inside|within|as)\s+(?:an?\s+|one\s+|a\s+single\s+)?{_ROOT}"
    r"(?:\s+(?:xml\s+)?(?:root\s+)?(?:element|tags?|block))?"
    r"|\b(?:(?:with|using|use|has|have|under)\s+)?(?:an?\s+|the\s+)?root\s+(?:element|tag|node)"
    rf"\s+(?:of\s+|called\s+|named\s+|is\s+|should\s+be\s+|must\s+be\s+)?{_ROOT2}"
    # "all inside a <book> root", "with <book> as the root element"
    rf"|\b(?:inside|in|within|under)\s+(?:an?\s+|the\s+|one\s+|a\s+single\s+)?{_ROOT3}\s+root"
    r"(?:\s+(?:element|tag|node))?"
    rf"|\b(?:with|using|use|has|have)\s+{_ROOT4}\s+as\s+(?:the|its)\s+root(?:\s+(?:element|tag|node))?"
)


def _build(root: str | None, children: list[str], start: int, end: int) -> Iterator[Hit]:
    try:
        spec = XMLFormat(root=root, children=children)
    except ValidationError:
        return
    yield Hit(spec, start, end)


_ELEMENTS = compile_lazily(
    r"\b(?:with|containing|holding|having|including)\s+(?:the\s+)?(?:(?:child|inner|nested)\s+)?"
    r"(?:(?:elements?|tags?|nodes?)\s*:?\s*)?(?=<)|"
    # "root element <book>, child elements <title>, <author>"
    r"(?:[,;:]\s*|\band\s+)(?:child|inner|nested)\s+(?:elements?|tags?|nodes?)\s*:?\s*(?=<)"
)


def _element_lists(
    sentence: Sentence, roots: list[tuple[int, int]]
) -> list[tuple[list[str], int, int]] | None:
    """Each "with elements <a>, <b>" list of the sentence, outside the phrases
    that name the root (``roots``); None where one is unreadable."""
    found = []
    for match in _ELEMENTS.finditer(sentence.lower):
        if any(a <= match.end() < b for a, b in roots):
            continue  # "with <catalog> as the root element"
        listed = names_after(sentence, match.end())
        if listed is None:
            return None
        found.append((listed[0], match.start(), listed[1]))
    return found


def xml_format(sentence: Sentence) -> Iterator[Hit]:
    """ "Respond in valid XML", "wrap it in <response> with <title> and <body>
    elements", "XML with a root element <note>": one check per sentence."""
    text = sentence.lower
    if ("<" not in text and "xml" not in text) or searched(SECOND_PART, lowered(sentence.whole)):
        return
    formats = list(_PHRASE.find(sentence))
    if any(children is None for _, _, children in formats):
        return  # elements named but not readable: leave it to the judge
    roots: list[tuple[int, int, str, bool]] = []
    for match in _WRAPPED.finditer(text):
        group = next(g for g in ("root", "root2", "root3", "root4") if match.group(g))
        name = sentence.unmask(match.start(group), match.end(group))
        asked = response_context(sentence, match.start())
        roots.append((match.start(), match.end(), name, asked))
    lists = _element_lists(sentence, [(a, b) for a, b, _, _ in roots])
    if lists is None:
        return
    if len({name for _, _, name, _ in roots}) > 1:
        return  # two roots named: one of them is something else
    children = [c for _, _, found in formats for c in found or []]
    children += [c for names, _, _ in lists for c in names]
    spans = [(start, end) for start, end, _ in formats] + [(a, b) for _, a, b in lists]
    asked_root = [r for r in roots if r[3]]
    if asked_root and not formats:
        start, end, _, _ = asked_root[0]
        wrapper_only = "root" not in text[start:end] and "xml" not in text and not children
        if wrapper_only:
            return  # "wrap your poem in <poem> tags": a wrapper, not an XML document
    elif not formats:
        return
    spans += [(start, end) for start, end, _, _ in roots]
    root = roots[0][2] if roots else None
    unique = list(dict.fromkeys(children))
    yield from _build(root, unique, min(a for a, _ in spans), max(b for _, b in spans))


class _XML(Family):
    name = "xml"
    specs = (XMLFormat,)
    rules: ClassVar[tuple[Rule, ...]] = (xml_format,)
    edits: ClassVar[tuple[RepairOp, ...]] = (ONLY_BLOCK,)

    def repair(self, spec: Any) -> dict[str, Any] | None:
        """The prose around the answer's one xml-tagged or untagged block
        goes (:mod:`._only_block`); what the document says is the redraft's."""
        return {"op": "only_block", "language": "xml", "wrap": False}

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, XMLFormat)
        try:
            root = _parse(text)
        except _NotXML as exc:
            return Outcome(
                False,
                f"the answer is not well-formed XML ({exc.problem}); required: {spec.describe()}",
                self.correction(spec, text),
                data={"error": exc.problem},
            )
        wrong_root, missing = _problems(spec, root)
        data = {"root": _local(root.tag), "missing": missing}
        if wrong_root is None and not missing:
            return Outcome(True, f"the answer is {spec.describe()}, as required", data=data)
        found = []
        if wrong_root is not None:
            found.append(f"its root is <{wrong_root}>")
        if missing:
            found.append("it lacks " + ", ".join(f"<{c}>" for c in missing))
        wanted = len(spec.children) + (1 if spec.root else 0)
        return Outcome(
            False,
            f"the answer is XML but {' and '.join(found)}; required: {spec.describe()}",
            self.correction(spec, text),
            score=1 - (len(missing) + (wrong_root is not None)) / wanted,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, XMLFormat)
        try:
            root = _parse(text)
        except _NotXML as exc:
            return (
                f"Your answer is not well-formed XML ({exc.problem}). Reply with XML only: "
                f"{spec.describe()}, every tag closed, `&` written as `&amp;` and `<` in "
                "text as `&lt;`, no prose around it."
            )
        wrong_root, missing = _problems(spec, root)
        fixes = []
        if wrong_root is not None:
            fixes.append(f"Wrap everything in <{spec.root}> (the root now is <{wrong_root}>)")
        if missing:
            inside = f" inside <{spec.root}>" if spec.root else ""
            fixes.append("Add " + ", ".join(f"<{c}>" for c in missing) + f" elements{inside}")
        return "Your XML " + ("is not as required. " if fixes else "") + "; ".join(fixes) + "."


XML = _XML()
