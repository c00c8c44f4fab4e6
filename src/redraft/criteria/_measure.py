"""How the vocabulary measures an answer: plain functions of the text.

They are deliberately simple and documented (``docs/criteria.md``), so a user
can predict a verdict by counting by hand; where a measure is approximate
(sentences) the docs say so.
"""

from __future__ import annotations

import re

from redraft.core._lazy_pattern import compile_lazily

__all__ = [
    "bullets",
    "capital_words",
    "characters",
    "highlights",
    "keyword_matches",
    "letters",
    "numbered_items",
    "paragraphs",
    "placeholders",
    "sections",
    "sentences",
    "word_runs",
    "words",
]


def words(text: str) -> list[str]:
    """Whitespace-separated tokens with at least one letter or digit, so a
    bullet's ``-`` or a lone ``—`` is not a word but ``don't`` is one."""
    return [token for token in text.split() if any(ch.isalnum() for ch in token)]


_WORD_RUN = compile_lazily(r"\w+")


def word_runs(text: str) -> int:
    """Words counted as runs of word characters, the other common reading:
    ``don't`` and ``e-mail`` are two words each, ``—`` none."""
    return len(_WORD_RUN.findall(text))


def characters(text: str) -> int:
    return len(text.strip())


_ABBREVIATIONS = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "dr",
        "prof",
        "sr",
        "jr",
        "st",
        "vs",
        "etc",
        "e.g",
        "i.e",
        "eg",
        "ie",
        "approx",
        "no",
        "fig",
        "cf",
        "al",
        "inc",
        "ltd",
        "co",
    ]
)
# A run of marks is matched from its first mark only, and without giving back:
# otherwise "." * 20,000 costs quadratic time (the same matches either way).
# Chinese and Japanese end a sentence with a full-width mark (。, U+FF01,
# U+FF1F) and no space after; Hindi with a danda (।)
_SENTENCE_END = compile_lazily(
    r"(?<![.!?…])[.!?…]++[\"'”’)\]]*+(?=\s|$)|[。！？]++[」』”’）]*+|[।॥]++(?=\s|$)"
)


_INITIALISM = compile_lazily(r"(?:[^\W\d_]\.)+[^\W\d_]")


def abbreviated(before: str) -> bool:
    """Whether a period after ``before`` ends an abbreviation (``e.g.``,
    ``Dr.``), a single initial or an initialism (``U.S.``), not a sentence."""
    words = before.split()
    # "(e.g. waterproof)": a bracket or quote before the abbreviation is not part of it
    last = words[-1].lower().rstrip(".").lstrip("([{\"'“‘") if words else ""
    return (
        last in _ABBREVIATIONS
        or (len(last) == 1 and last.isalpha())
        or bool(_INITIALISM.fullmatch(last))
    )


def sentences(text: str) -> list[str]:
    """Sentences, approximately: a run of ``.``, ``!``, ``?`` or ``…`` before
    whitespace ends one, and so does a line break. An abbreviation
    (``e.g.``, ``Dr.``, ``U.S.``) or a single initial does not; a piece
    without any letter (a list number such as ``1.``) is not a sentence."""
    found: list[str] = []
    for line in text.splitlines():
        start = 0
        for match in _SENTENCE_END.finditer(line):
            if match.group(0).startswith(".") and abbreviated(line[start : match.start()]):
                continue
            found.append(line[start : match.end()])
            start = match.end()
        found.append(line[start:])
    return [s.strip() for s in found if any(ch.isalpha() for ch in s)]


# Blanks within the divider's line only: "\s*" would cross lines, costing
# quadratic time on many blank lines (the pieces differ only in blank lines,
# which are stripped).
_DIVIDERS = {
    "***": compile_lazily(r"^[^\S\n]*\*\*\*+[^\S\n]*$", re.MULTILINE),
    "---": compile_lazily(r"^[^\S\n]*---+[^\S\n]*$", re.MULTILINE),
}
_BLANK_LINE = compile_lazily(r"\n[ \t]*\n")


def paragraphs(text: str, separator: str = "blank_line") -> list[str]:
    """Blocks of text between blank lines (or between ``***`` or ``---``
    divider lines)."""
    pattern = _DIVIDERS.get(separator, _BLANK_LINE)
    return [p.strip() for p in pattern.split(text.strip()) if any(ch.isalnum() for ch in p)]


_BULLET = compile_lazily(r"^[ \t]*[*\-+•][ \t]+\S", re.MULTILINE)
_NUMBERED = compile_lazily(r"^[ \t]*\d{1,3}[.)][ \t]+\S", re.MULTILINE)


def bullets(text: str) -> int:
    return len(_BULLET.findall(text))


def numbered_items(text: str) -> int:
    return len(_NUMBERED.findall(text))


_ROMAN_OR_NUMBER = r"(?:\d+|[IVXLCDM]+)\b"


def sections(text: str, marker: str) -> int:
    """Lines that start with ``marker`` and a number (markdown ``#``, ``*``
    and spaces may come first), case-insensitive."""
    pattern = compile_lazily(
        rf"^[\s#*_>]*{re.escape(marker)}[ \t]+{_ROMAN_OR_NUMBER}", re.MULTILINE | re.IGNORECASE
    )
    return len(pattern.findall(text))


# ``[name]`` but not a markdown link ``[text](url)``.
# Leading blanks, then the first visible character: one way to split the
# content, so a long unclosed "[" costs linear time, not quadratic.
_PLACEHOLDER = compile_lazily(r"\[[^\S\n]*[^\s\[\]][^\[\]\n]*\](?!\()")


def placeholders(text: str) -> list[str]:
    return _PLACEHOLDER.findall(text)


_BOLD = compile_lazily(r"\*\*(?=\S)([^*\n]+?)(?<=\S)\*\*")
_ITALIC = compile_lazily(r"(?<![*\w])\*(?=[^\s*])([^*\n]+?)(?<=[^\s*])\*(?![*\w])")


def highlights(text: str) -> list[str]:
    """Markdown ``**bold**`` and ``*italic*`` spans, each counted once."""
    found = [m.group(1) for m in _BOLD.finditer(text)]
    found += [m.group(1) for m in _ITALIC.finditer(_BOLD.sub(" ", text))]
    return found


def capital_words(text: str) -> list[str]:
    """Words of two letters or more written entirely in capitals."""
    stripped = (token.strip(".,;:!?\"'()[]{}*_-") for token in text.split())
    return [w for w in stripped if sum(ch.isalpha() for ch in w) >= 2 and w.isupper()]


def letters(text: str, letter: str) -> int:
    return text.lower().count(letter.lower())


def _keyword_pattern(keyword: str) -> re.Pattern[str]:
    parts = [re.escape(part) for part in keyword.split()]
    body = r"\s+".join(parts)
    # A plural or possessive ending still names the same thing.
    return compile_lazily(rf"(?<!\w){body}(?:s|es|'s|’s)?(?!\w)", re.IGNORECASE)


def keyword_matches(text: str, keyword: str) -> list[re.Match[str]]:
    """Whole-word, case-insensitive occurrences of ``keyword``."""
    return list(_keyword_pattern(keyword).finditer(text))
