"""What the document-format families (YAML, XML) share: the body of an
answer given as one fenced block, the phrases that ask for the whole answer
in a format, and the list of names (keys, elements) a prompt requires.

Models wrap a document in a fence out of habit; a fence tagged with the
format, or untagged, still holds the document the prompt asked for.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._layout_asked import layout_asked
from redraft.criteria._sentences import MASK, Sentence, lowered, searched

__all__ = ["SECOND_PART", "FormatPhrase", "document_body", "names_after", "past_purpose"]

_MAX_NAMES = 30


def document_body(text: str, tags: tuple[str, ...]) -> tuple[str, bool]:
    """``(body, fenced)``: the body of ``text`` when the whole answer is one
    fenced block tagged with one of ``tags`` (or untagged), otherwise ``text``.

    String operations rather than a regex: the obvious pattern backtracks
    quadratically on a fence followed by a long run of spaces."""
    stripped = text.strip()
    newline = stripped.find("\n")
    fence = stripped[:3]
    if fence not in ("```", "~~~") or newline < 0 or not stripped.endswith(fence):
        return text, False
    if len(stripped) < newline + 4:
        return text, False  # the closing fence was the opening one
    info = stripped[3:newline].strip(" \t\r").lower()
    if info and info not in tags:
        return text, False
    rest = stripped[newline + 1 : -3]
    if fence in rest:
        return text, False  # more than one block: prose or code between them
    return rest.rstrip(" \t\r\n"), True


_WRAP_VERB = r"(?:wrap|enclose|put|place|format|provide|give|write|return|present|structure)"
_WHOLE = r"(?:your\s+|the\s+)?(?:entire\s+|whole\s+|full\s+)?(?:response|answer|reply|output)"
_KIND = r"(?:valid\s+|well[\s-]formed\s+|plain\s+|pure\s+|strict\s+)?"
_ONLY = r"(?:only\s+|entirely\s+|solely\s+|just\s+|exclusively\s+|strictly\s+)?"
_A = r"(?:a\s+valid\s+|a\s+well[\s-]formed\s+|a\s+single\s+|a\s+|an\s+|one\s+)?"
_OBJECT = r"(?:it|this|everything|them|the\s+(?:answer|result|results|data|output|information))"
# Another format named beside this one: a choice, not a requirement of one.
_OTHER_FORMAT = r"(?:json|yaml|yml|xml|toml|csv|markdown|html|ini)"


# A loose phrase ("… in YAML", "a YAML config") asks for the document only
# after a verb that makes one, in a prompt that asks for nothing more.
_CREATE = compile_lazily(
    r"\b(?:write|create|generate|produce|give|provide|draft|output|return|make|build|compose|"
    r"represent|express|encode|convert|format|turn|extract|put)\b|\bi\s+(?:need|want)\b|\bi'd\s+like\b"
)
# What the document is for, between it and its keys: "a YAML config for a
# service with keys …", "an XML snippet describing a book: root …"
_PURPOSE = compile_lazily(
    r"\s+(?:for|describing|about|representing|of)\s+(?:(?:a|an|the|one|my|our|some)\s+)?"
    r"[\w'-]+(?:\s+[\w'-]+){0,4}?(?=\s*[,:]?\s*(?:with|containing|having|including|that)\b|\s*:)"
)


def past_purpose(text: str, at: int) -> int:
    """Where the keys may be named after the phrase ending at ``at``: past
    what the document is for, if that is said first."""
    purpose = _PURPOSE.match(text, at)
    return purpose.end() if purpose else at


_TOPIC = compile_lazily(
    r"\b(?:explain\w*|explanation|describe|discuss|compare|how\s+(?:to|do|does|can|would)|what|"
    r"why|then|afterwards?|followed\s+by|walk\s+(?:me\s+)?through|comment\s+on|tutorial|"
    r"difference|vs\.?|versus|parse|parsing|validate|fix|debug|review)\b"
)


# A second part beside the document ("YAML front matter followed by the
# post", "respond in XML, then explain it"): the answer is not one document.
SECOND_PART = compile_lazily(
    r"\b(?:then|followed\s+by|afterwards?|after\s+(?:that|this|it)|front[\s-]?matter|plus|"
    r"along\s+with|together\s+with|as\s+well\s+as)\b"
)


@dataclass(frozen=True)
class FormatPhrase:
    """The phrases that ask for the whole answer in one format (``name``, a
    regex such as ``yaml|yml``), and the words naming what it must hold
    (``holding``, a regex such as ``keys|fields``)."""

    name: str
    holding: str

    @functools.cached_property
    def patterns(self) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
        fmt = rf"{_KIND}(?:{self.name})\b"
        after = r"(?:\s+(?:format|document|object|mapping|block|file|markup|only))?"
        asked = compile_lazily(
            rf"\b(?:{_WRAP_VERB}\s+{_WHOLE}\s+{_ONLY}(?:in|as|using)\s+{_A}{fmt}|"
            rf"(?:respond|answer|reply|return|output|give|provide|format|write|present)\s+"
            rf"(?:{_OBJECT}\s+)?{_ONLY}(?:in|with|using|as)\s+{_A}{fmt}|"
            rf"{_WHOLE}\s+(?:should|must|needs\s+to|has\s+to|will|shall)\s+be\s+{_ONLY}"
            rf"(?:in\s+|{_A}|formatted\s+(?:as|in)\s+{_A}|written\s+in\s+)?{fmt}|"
            rf"^\s*(?:please\s+)?(?:output|return|respond\s+with|reply\s+with)\s+{_ONLY}{fmt}|"
            rf"\b(?:in|into|as)\s+{_A}{fmt}(?=\s+(?:format|block|document)\b))"
            rf"{after}"
            # "create a character profile in YAML.", "… in YAML with the keys …"
            # "extract the fields into YAML with keys …", "as YAML only, with top-level keys …"
            rf"|(?P<trailing>\b(?:in|as|into)\s+{_A}{fmt}(?:\s+only)?)"
            rf"(?=\s*(?:[.!]|$)|{self._holding_words()})"
            # "write a YAML config for …", "generate an XML snippet describing …"
            rf"|(?P<thing>\b(?:write|create|generate|produce|give\s+me|provide|draft|output|return|"
            r"i\s+need|i\s+want|i'd\s+like|make)"
            rf"\s+(?:me\s+)?(?:an?|one|a\s+single)\s+(?:(?:valid|well[\s-]formed|short|simple|"
            rf"minimal|small|complete)\s+)?(?:{self.name})\s+(?:snippet|document|file|config"
            r"(?:uration)?|manifest|object|mapping|payload|message|feed|record)s?)\b"
        )
        holding = compile_lazily(
            r"\s*[,;]?\s*(?:with|containing|having|that\s+(?:has|have|contains?|includes?)|"
            r"including|(?:and\s+)?(?:it\s+)?(?:must|should|needs\s+to|has\s+to)\s+(?:have|contain|include|"
            r"hold))\s+(?:the\s+|exactly\s+the\s+|exactly\s+these\s+|exactly\s+|these\s+)?(?:top[\s-]level\s+|"
            rf"following\s+|required\s+)?(?:{self.holding})(?:\s+named|\s+called)?\s*:?\s*"
        )
        return asked, holding, compile_lazily(rf"\b(?:{self.name})\b")

    def _holding_words(self) -> str:
        return (
            r"\s*,?\s*(?:with|containing|having|including)\s+(?:the\s+)?(?:top[\s-]level\s+|"
            rf"following\s+|child\s+)?(?:{self.holding})\b"
        )

    def find(self, sentence: Sentence) -> Iterator[tuple[int, int, list[str] | None]]:
        """``(start, end, names)`` for each phrase the sentence requires of
        the response; ``names`` is None where names are stated but unreadable,
        empty where none are."""
        asked, holding, mentioned = self.patterns
        text = sentence.lower
        if not mentioned.search(text):
            return  # most sentences never name the format
        if searched(SECOND_PART, lowered(sentence.whole)):
            return
        for match in asked.finditer(text):
            near = text[max(0, match.start() - 12) : match.end() + 12]
            if re.search(rf"{_OTHER_FORMAT}\s*(?:or|/)\s*{_OTHER_FORMAT}", near):
                continue
            loose = match.group("trailing") or match.group("thing")
            if loose and (
                not _CREATE.search(text[: match.start()] + " " + match.group(0))
                or searched(_TOPIC, sentence.whole)
            ):
                continue
            if not layout_asked(sentence, match.start()):
                continue
            named = holding.match(text, past_purpose(text, match.end()))
            if not named:
                yield match.start(), match.end(), []
                continue
            found = names_after(sentence, named.end())
            if found is None:
                yield match.start(), match.end(), None
            else:
                yield match.start(), found[1], found[0]


_ITEM = compile_lazily(
    r"[\"“'‘`<](?P<q>[^\"”'’`<>\n]{1,80})[\"”'’`>]|(?P<w>[a-z_][\w-]{0,60}(?:\.[a-z_][\w-]{0,60})*)(?![\w-])"
)
# "traits (a list of three)": a remark on one name, not a name
_ASIDE = compile_lazily(r"\s*\([^()\n]{0,80}\)")
_SEPARATOR = compile_lazily(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|/)\s*")
_MARKED_END = compile_lazily(r"\s*(?:,|\s+(?:and|all|both)\b)")
_END = compile_lazily(
    r"\s*(?:elements?|tags?|keys?|fields?|properties|nodes?)?\s*(?:only\s*|in\s+that\s+order\s*)?"
    r"(?:[.;:)!]|$)"
)
# Words that end a list of bare names or show it is not one ("keys for each user").
_NOT_NAMES = frozenset(
    [
        "the",
        "a",
        "an",
        "each",
        "every",
        "all",
        "any",
        "some",
        "for",
        "of",
        "in",
        "on",
        "to",
        "with",
        "that",
        "which",
        "who",
        "and",
        "or",
        "as",
        "their",
        "its",
        "your",
        "my",
        "our",
        "such",
        "like",
        "etc",
        "following",
    ]
)


def names_after(sentence: Sentence, pos: int) -> tuple[list[str], int] | None:
    """The names listed from offset ``pos`` (quoted, in angle brackets, or
    bare identifiers joined by commas and "and"), with the list's end; None
    unless the list ends its clause and every item reads as a name.

    A list of marked names (``<title>, <body>``) ends at the first bare word:
    "<title>, <author>, all inside …" lists two."""
    text = sentence.lower
    names: list[str] = []
    marked = False
    end = listed = pos
    while len(names) < _MAX_NAMES:
        match = _ITEM.match(text, end)
        if match is None:
            return None
        group = "q" if match.group("q") else "w"
        if marked and group == "w":
            return (names, listed) if _MARKED_END.match(text, listed) else None
        value = sentence.unmask(match.start(group), match.end(group)).strip()
        if MASK in value or not value:
            return None
        if group == "w" and not names and value.lower() in _NOT_NAMES:
            return None  # a list opens with a name: "keys for each user" lists none
        marked = group == "q"
        names.append(value)
        end = listed = match.end()
        aside = _ASIDE.match(text, end)
        end = aside.end() if aside else end
        separator = _SEPARATOR.match(text, end)
        if separator is None:
            break
        end = separator.end()
    if not names or _END.match(text, end) is None:
        return None
    return names, end
