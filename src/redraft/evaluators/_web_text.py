"""The text side of the web check: finding cited URLs and the quotes beside
them in a draft, and the readable text of a fetched page to look for them in."""

from __future__ import annotations

import codecs
import re
from html.parser import HTMLParser

import httpx

__all__ = ["cited_urls", "page_text", "quote_for", "quote_on_page"]

_URL = re.compile(r"\bhttps?://[^\s<>\"`“”‘’«»]+", re.IGNORECASE)
_TRAILING = ".,;:!?'\"*"
_CLOSERS = {")": "(", "]": "[", "}": "{"}
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_QUOTED = re.compile(r'"([^"]+)"|“([^“”]+)”')
_MIN_QUOTE_CHARS = 12  # and at least three words
_TEXT_TYPES = {"text/html", "text/plain", "application/xhtml+xml", "application/json"}
_HTML_TYPES = {"text/html", "application/xhtml+xml"}
_META_CHARSET = re.compile(rb"<meta[^>]+charset=[\"']?([\w.:-]+)", re.IGNORECASE)
_NORMALISE = str.maketrans(
    {
        **dict.fromkeys("‘’‚‛′`", "'"),
        **dict.fromkeys("“”„‟″«»", '"'),
        **dict.fromkeys("‐‑‒–—―−", "-"),
        **dict.fromkeys("\u00a0\u2007\u202f", " "),
        **dict.fromkeys("\u00ad\u200b\u200c\u200d\ufeff"),
        "…": "...",
    }
)


class _VisibleText(HTMLParser):
    """Text a reader sees: a quote hidden in a script is not on the page."""

    _HIDDEN = frozenset({"script", "style", "template"})
    _BLOCK = frozenset(
        {"address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "footer"}
        | {"h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p"}
        | {"pre", "section", "table", "td", "th", "title", "tr", "ul"}
    )

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._HIDDEN:
            self._hidden += 1
        elif tag in self._BLOCK:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._HIDDEN:
            self._hidden = max(0, self._hidden - 1)
        elif tag in self._BLOCK:
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def cited_urls(text: str) -> list[tuple[str, int, int]]:
    """Each distinct URL with the span of its first mention, in order."""
    seen: dict[str, tuple[str, int, int]] = {}
    for match in _URL.finditer(text):
        url = _trim(match.group(0))
        try:  # httpx lower-cases the scheme and host: one page, one check
            key = str(httpx.URL(url).copy_with(fragment=None))
        except httpx.InvalidURL:
            key = url
        if len(url) > len("https://") and key not in seen:
            seen[key] = (url, match.start(), match.start() + len(url))
    return list(seen.values())


def _trim(url: str) -> str:
    # Prose punctuation and unbalanced closing brackets end a URL; balanced
    # ones (Wikipedia's ``Foo_(bar)``, IPv6 ``[::1]``) belong to it.
    while url:
        last = url[-1]
        if last in _TRAILING or (last in _CLOSERS and url.count(last) > url.count(_CLOSERS[last])):
            url = url[:-1]
        else:
            break
    return url


def quote_for(text: str, start: int, end: int) -> str | None:
    """The quoted passage nearest to the URL at ``text[start:end]`` in its paragraph."""
    breaks = [(m.start(), m.end()) for m in _PARAGRAPH_BREAK.finditer(text)]
    first = max((b_end for b_start, b_end in breaks if b_end <= start), default=0)
    last = min((b_start for b_start, _ in breaks if b_start >= end), default=len(text))
    candidates: list[tuple[int, int, str]] = []
    for match in _QUOTED.finditer(text, first, last):
        quote = " ".join((match.group(1) or match.group(2)).split())
        if "://" in quote or len(quote) < _MIN_QUOTE_CHARS or quote.count(" ") < 2:
            continue
        distance = max(0, match.start() - end, start - match.end())
        candidates.append((distance, match.start(), quote))
    return min(candidates)[2] if candidates else None


def _normalise(text: str) -> str:
    return " ".join(text.translate(_NORMALISE).casefold().split())


def quote_on_page(quote: str, page: str) -> bool:
    """Whether the page holds the quote, reading an ellipsis as an omission."""
    haystack = _normalise(page)
    position = 0
    for part in _normalise(quote).split("..."):
        part = part.strip(" .,;:")
        if not part:
            continue
        found = haystack.find(part, position)
        if found < 0:
            return False
        position = found + len(part)
    return True


def _charset(content_type: str | None, body: bytes) -> str:
    declared = httpx.Headers({"content-type": content_type or ""}).encoding
    meta = _META_CHARSET.search(body[:2048])
    for name in (declared, meta.group(1).decode("ascii", "replace") if meta else None):
        if name:
            try:
                return codecs.lookup(name).name
            except LookupError:
                continue
    return "utf-8"


def page_text(content_type: str | None, content_encoding: str, body: bytes) -> str | None:
    """The page's readable text, or None when the quote cannot be looked for in it.

    We ask for an uncompressed body and read the raw bytes, so the size cap
    holds on the wire; a server that compresses anyway is not searched, as
    inflating its body could exceed the cap many times over.
    """
    mime = (content_type or "").split(";")[0].strip().lower()
    if (mime and mime not in _TEXT_TYPES) or content_encoding.lower() != "identity":
        return None
    text = body.decode(_charset(content_type, body), errors="replace")
    if mime in _HTML_TYPES or (not mime and re.match(r"\s*<(!doctype|html)", text, re.I)):
        parser = _VisibleText()
        parser.feed(text)
        parser.close()
        text = "".join(parser.parts)
    return text
