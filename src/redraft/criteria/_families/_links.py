"""URL count: web addresses in the answer, and "no links".

Measured exactly under a stated definition: a URL starts with ``http://``,
``https://``, ``ftp://`` or ``www.`` and runs to the next space, quote or
bracket; a markdown link counts by its address. A bare domain
(``example.com``) is not counted. Read from "no links", "without URLs",
"include at least 2 links", "exactly one URL"; not from links of one part
("a URL for each resource") nor links to something named ("no links to
competitors": which links is not stated exactly).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.criteria._families._base import CountFamily, FamilyCount, counted_hit
from redraft.criteria._families._reading import CountPhrases
from redraft.criteria._families._removals import REMOVE_LINKS, removal
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["LINKS", "URL", "URLCount"]

URL = compile_lazily(r"(?i)\b(?:https?://|ftp://|www\.)[^\s<>()\[\]{}\"'`]+")


class URLCount(FamilyCount):
    """URLs: addresses starting with ``http://``, ``https://``, ``ftp://`` or
    ``www.`` (a bare domain such as ``example.com`` is not counted)."""

    kind: Literal["url_count"] = "url_count"
    unit: ClassVar[tuple[str, str]] = ("URL", "URLs")


def urls_in(text: str) -> list[str]:
    """The URLs of ``text``, trailing sentence punctuation taken off."""
    return [m.group(0).rstrip(".,;:!?") for m in URL.finditer(text)]


_PHRASES = CountPhrases(
    unit=r"urls?|(?:web\s+|hyper)?links?|web\s+addresses",
    singular="url|link",
    bare=r"include|includes|including|with|add|contain|containing|provide|cite|give|share",
    none=True,
    before=(r"\b(?:each|every|per|bullet|item|heading|title|sentence|paragraph|line|source)s?\b"),
    # "at least two URLs to credible sources": what the links point to, not
    # which of them count ("no links to competitors" stays unread)
    after=(
        r"\s*(?:to|from)\s+(?:[\w-]+\s+){0,2}?(?:sources|references|studies|papers|articles|"
        r"research|documentation)\b"
    ),
)


# "one link placeholder <link>", "a URL slot": a stand-in text, no address
_STAND_IN = compile_lazily(r"\s*(?:place-?holders?|slots?|tokens?|tags?|fields?)\b")


def url_counts(sentence: Sentence) -> Iterator[Hit]:
    """ "No links", "include at least 2 URLs", "exactly one link"."""
    for found in _PHRASES.read(sentence):
        if _STAND_IN.match(sentence.lower, found.end):
            continue
        yield from counted_hit(lambda r, v: URLCount(relation=r, value=v), found)


class _Links(CountFamily):
    name = "links"
    specs = (URLCount,)
    rules: ClassVar[tuple[Rule, ...]] = (url_counts,)
    written_as = " written out in full, like https://example.com"

    edits: ClassVar[tuple[RepairOp, ...]] = (REMOVE_LINKS,)

    def found(self, spec: Any, text: str) -> Sequence[str]:
        return urls_in(text)

    def repair(self, spec: Any) -> dict[str, Any] | None:
        """None allowed: every one is removed."""
        return removal(spec, "remove_links")


LINKS = _Links()
