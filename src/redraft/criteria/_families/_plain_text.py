"""Plain text: the answer uses no markdown.

"No markdown", "don't use markdown", "plain text only", "respond in plain
text". Measured with a CommonMark parser (``markdown-it-py``, tables on):
the answer fails where it parses to a heading (``#`` or underlined), a
bullet list, a block quote, a fenced code block, a horizontal rule, a
table, bold or italic text, inline code, a link or an image. A numbered
list ("1. …") is read as plain text: numbering lines is ordinary prose,
and "no numbered lists" is a request of its own. Repaired without a model:
heading marks, bullet marks, quote marks, fences and rules are taken away,
bold, italic and code marks dropped and links written as their text (a
table is left for a redraft).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from markdown_it import MarkdownIt
from markdown_it.token import Token

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import Params, RepairOp
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence, once, response_context

__all__ = ["PLAIN_TEXT", "PlainText", "markdown_used"]

_PARSER = MarkdownIt("commonmark").enable("table")

_BLOCKS = {
    "heading_open": "a heading",
    "bullet_list_open": "a bullet list",
    "blockquote_open": "a block quote",
    "fence": "a fenced code block",
    "hr": "a horizontal rule",
    "table_open": "a table",
}
_INLINE = {
    "strong_open": "bold text",
    "em_open": "italic text",
    "code_inline": "inline code",
    "link_open": "a link",
    "image": "an image",
}


class PlainText(FamilySpec):
    """The answer uses no markdown (a numbered list aside)."""

    kind: Literal["plain_text"] = "plain_text"

    def describe(self) -> str:
        return "plain text, no markdown"


def _walk(tokens: Sequence[Token]) -> Iterator[Token]:
    for token in tokens:
        yield token
        if token.children:
            yield from _walk(token.children)


def markdown_used(text: str) -> list[str]:
    """What markdown ``text`` uses, each kind once, in the order first met."""
    found: list[str] = []
    for token in _walk(_PARSER.parse(text)):
        # an autolinked bare URL is not markdown someone wrote
        if token.type == "link_open" and token.markup == "autolink":
            continue
        said = _BLOCKS.get(token.type) or _INLINE.get(token.type)
        if said and said not in found:
            found.append(said)
    return found


_STRIPS: tuple[tuple[re.Pattern[str], str], ...] = (
    (compile_lazily(r"^[ \t]*(?:```|~~~).*$\n?", re.MULTILINE), ""),
    (compile_lazily(r"^[ \t]*(?:[-*_][ \t]*){3,}$\n?", re.MULTILINE), ""),
    (compile_lazily(r"^[ \t]{0,3}#{1,6}[ \t]+(.*?)[ \t#]*$", re.MULTILINE), r"\1"),
    (compile_lazily(r"^[ \t]*>[ \t]?", re.MULTILINE), ""),
    (compile_lazily(r"^([ \t]*)[-*+][ \t]+", re.MULTILINE), r"\1"),
    (compile_lazily(r"!?\[([^\]\n]+)\]\([^)\n]*\)"), r"\1"),
    (compile_lazily(r"(\*\*|__)(\S(?:.*?\S)?)\1"), r"\2"),
    (compile_lazily(r"(?<![\w*])\*(\S(?:[^*\n]*?\S)?)\*(?![\w*])"), r"\1"),
    (compile_lazily(r"(?<![\w_])_(\S(?:[^_\n]*?\S)?)_(?![\w_])"), r"\1"),
    (compile_lazily(r"`([^`\n]+)`"), r"\1"),
)


def _strip_markdown(text: str, _params: Params, _repairs: Sequence[Params]) -> str:
    for pattern, replacement in _STRIPS:
        text = pattern.sub(replacement, text)
    return text


STRIP_MARKDOWN = RepairOp("strip_markdown", 550, _strip_markdown, lambda _: "markdown removed")


# -- reading the request ----------------------------------------------------------

_MARKDOWN = r"(?:markdown|md|markdown\s+formatting|markdown\s+syntax)"
# "no markdown fences", "no markdown tables": one kind of markup, not all of it
_ONE_KIND = (
    r"(?!\s+(?:(?:code\s+)?fences?|fenced|code|backticks?|tables?|headings?|headers?|lists?|"
    r"bullets?|links?|images?|bold|italics?|blocks?|emphasis|quotes?|blockquotes?|titles?|"
    r"dividers?|rules?|wrappers?)\b)"
)
_NO = compile_lazily(
    rf"\b(?P<at>no\s+{_MARKDOWN}|without\s+(?:using\s+)?(?:any\s+)?{_MARKDOWN}|"
    rf"(?:do\s+not|don'?t|never)\s+(?:use|include|add|format\s+(?:it\s+)?(?:with|in|as))\s+"
    rf"(?:any\s+)?{_MARKDOWN})\b{_ONE_KIND}"
)
_PLAIN = compile_lazily(
    r"\b(?P<at>(?:in|as|using|use)\s+plain(?:\s+|-)text(?:\s+only)?|plain(?:\s+|-)text\s+only|"
    r"only\s+plain(?:\s+|-)text)\b"
)


# A question that asks for the answer: "can you write it without markdown?"
_POLITE = compile_lazily(
    r"\s*(?:please\s+)?(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:write|answer|reply|"
    r"respond|give|send|list|explain|describe|rewrite|summari[sz]e|format)\b(?![^?]*\b(?:why|"
    r"whether|how)\b)"
)


# One part of the answer ("no markdown in the title", "plain text only for
# the summary section", "don't use markdown for the code"), an alternative
# ("plain text or markdown") or markdown allowed elsewhere ("the rest can use
# markdown"): not the whole answer free of markdown.
_PART_ONLY = compile_lazily(
    r"^\s*,?\s*(?:only\s+)?(?:in|for|inside|within|on|of)\s+(?:the|each|every|your|its|this|that|"
    r"my|all|any)\s+(?:[\w-]+\s+){0,2}?(?!(?:answer|response|reply|output|whole|entire|message|"
    r"email|text|reply|content|body|page|post)\b)[\w-]+|"
    r"^\s*,?\s*(?:or|and/or)\s+(?:in\s+)?(?:markdown|md|html|rich)\b"
)
_ELSEWHERE = compile_lazily(
    r"\b(?:the\s+rest|elsewhere|everything\s+else|other\s+(?:parts|sections))\s+(?:can|may|should|"
    r"could|will)\b|\beither\s+(?:is|one\s+is|way\s+is)\s+(?:fine|ok|okay)\b"
)


# Markup the prompt asks for somewhere ("Questions in bold, answers in plain
# text", "a markdown table of prices"): the answer is then not free of
# markdown, and "plain text" is a part's. Not markup refused ("no bold").
_MARKUP_ASKED = compile_lazily(
    r"\b(?:in|with|using|use|make|put|set)\s+(?:[\w-]+\s+){0,3}?(?:bold|italics?|boldface)\b|"
    r"\b(?:bold|italici[sz]e|italic|embolden)\s+(?:the|each|every|all|its|their|your)\b|"
    r"\bmarkdown\s+(?:tables?|headings?|headers?|lists?|bullets?|links?|code\s+blocks?|"
    r"checklists?)\b|\bas\s+(?:a\s+)?markdown\b"
)
_REFUSED = compile_lazily(r"\b(?:no|not|don'?t|never|without|avoid)\b[^.;,!?\n]*$")


@once
def _markup_asked(whole: str) -> bool:
    text = whole.lower()
    return any(
        not _REFUSED.search(text, max(0, m.start() - 30), m.start() + 1)
        for m in _MARKUP_ASKED.finditer(text)
    )


def plain_text(sentence: Sentence) -> Iterator[Hit]:
    """ "No markdown", "plain text only"."""
    text = sentence.lower
    if sentence.original.rstrip().endswith("?") and not _POLITE.match(text):
        return
    if _ELSEWHERE.search(text) or _markup_asked(sentence.whole or sentence.masked):
        return  # "Questions in bold, answers in plain text": markup asked elsewhere
    for pattern, owns in ((_NO, True), (_PLAIN, False)):
        for match in pattern.finditer(text):
            if _PART_ONLY.match(text[match.end() :]):
                continue
            if response_context(sentence, match.start("at"), owns_negation=owns):
                yield Hit(PlainText(), match.start(), match.end())
                return


class _PlainText(Family):
    name = "plain text"
    specs = (PlainText,)
    rules: ClassVar[tuple[Rule, ...]] = (plain_text,)
    edits: ClassVar[tuple[RepairOp, ...]] = (STRIP_MARKDOWN,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, PlainText)
        used = markdown_used(text)
        data: dict[str, Any] = {"markdown": used}
        if not used:
            return Outcome(True, "the answer uses no markdown", data=data)
        return Outcome(
            False,
            f"the answer uses markdown ({', '.join(used)}); required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        used = markdown_used(text)
        return (
            f"Your answer uses markdown ({', '.join(used)}). Write it as plain text: no #, "
            "*, _, backticks, > or bullet marks; numbered lines are fine."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": STRIP_MARKDOWN.name}


PLAIN_TEXT = _PlainText()
