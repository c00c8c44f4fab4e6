"""Named words in a style: "bold the word 'serendipity'", "put 'Paris' in
bold", "italicize 'Dune'", "wrap 'npm install' in backticks".

Measured exactly on the answer read as CommonMark (``markdown-it-py``): each
word or phrase (whole words, case aside) appears at least once, and every
occurrence stands inside the style — a ``**bold**`` (or ``__bold__``) span,
an ``*italic*`` span, an inline ``code`` span — wherever the span starts and
ends around it ("**a serendipity moment**" bolds the word). Text in a fenced
code block is no occurrence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

from markdown_it import MarkdownIt
from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria import _measure as measure
from redraft.criteria._families._arguments import ARG, Corrected, parse_list, response_spec
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["STYLED_WORDS", "WordsStyled", "styled_runs"]

Style = Literal["bold", "italic", "code"]
_MD = MarkdownIt("commonmark").enable("table")
_STYLE_WORDS = {"bold": "in bold", "italic": "in italics", "code": "in backticks (inline code)"}


class WordsStyled(FamilySpec):
    """Each word appears, and every occurrence of it is in the style."""

    kind: Literal["words_styled"] = "words_styled"
    words: list[str] = Field(min_length=1, max_length=20)
    style: Style

    @field_validator("words")
    @classmethod
    def _plain(cls, value: list[str]) -> list[str]:
        cleaned = [" ".join(w.split()) for w in value]
        if not all(any(ch.isalnum() for ch in w) for w in cleaned):
            raise ValueError("a styled word needs a letter or digit")
        return cleaned

    def describe(self) -> str:
        return ", ".join(repr(w) for w in self.words) + f" always {_STYLE_WORDS[self.style]}"

    def slot(self) -> tuple[object, ...]:
        return (self.kind_name(), self.style, tuple(sorted(w.casefold() for w in self.words)))


def styled_runs(text: str) -> list[tuple[str, frozenset[str]]]:
    """The answer's inline text, run by run, with the styles around each
    (``bold``, ``italic``, ``code``); fenced code is left out."""
    runs: list[tuple[str, frozenset[str]]] = []
    for token in _MD.parse(text):
        if token.type != "inline":
            continue
        open_styles: list[str] = []
        for child in token.children or ():
            if child.type == "strong_open":
                open_styles.append("bold")
            elif child.type == "em_open":
                open_styles.append("italic")
            elif child.type in ("strong_close", "em_close") and open_styles:
                open_styles.pop()
            elif child.type == "code_inline":
                runs.append((child.content, frozenset([*open_styles, "code"])))
            elif child.type == "text":
                runs.append((child.content, frozenset(open_styles)))
            elif child.type in ("softbreak", "hardbreak"):
                runs.append(("\n", frozenset(open_styles)))
        runs.append(("\n", frozenset()))
    return runs


def _occurrences(spec: WordsStyled, word: str, text: str) -> tuple[int, int]:
    """How many times ``word`` stands in the style and how many outside it.
    A phrase split across runs (part bold, part not) counts as outside."""
    runs = styled_runs(text)
    styled = sum(
        len(measure.keyword_matches(run, word)) for run, styles in runs if spec.style in styles
    )
    every = len(measure.keyword_matches("".join(run for run, _ in runs), word))
    return styled, every - styled


def _measure(spec: WordsStyled, text: str) -> Outcome:
    missing: list[str] = []
    loose: list[str] = []
    for word in spec.words:
        styled, unstyled = _occurrences(spec, word, text)
        if styled + unstyled == 0:
            missing.append(word)
        elif unstyled:
            loose.append(word)
    if not missing and not loose:
        return Outcome(True, f"{spec.describe()}, as required")
    problems = []
    if missing:
        problems.append("never uses " + ", ".join(repr(w) for w in missing))
    if loose:
        problems.append(
            "has " + ", ".join(repr(w) for w in loose) + f" not {_STYLE_WORDS[spec.style]}"
        )
    said = " and ".join(problems)
    return Outcome(
        False,
        f"the answer {said}; required: {spec.describe()}",
        f"Your answer {said}. Write {spec.describe()}.",
        score=1 - (len(missing) + len(loose)) / len(spec.words),
    )


# -- phrasings ------------------------------------------------------------------------

_BOLD = r"(?:bold|bolded|boldface)"
_ITALIC = r"(?:italics?|italicized|italicised)"
_CODE = r"(?:backticks|inline\s+code|code\s+format(?:ting)?)"
_WORD_NOUN = (
    r"(?:the\s+(?:word|words|phrase|phrases|term|terms|name|names|title|keyword|keywords)\s+)?"
)
_READINGS: tuple[re.Pattern[str], ...] = (
    # "bold the word 'x'", "italicize 'x'", "embolden 'x' and 'y'"
    compile_lazily(rf"\b(?P<verb>bold|embolden|italici[sz]e)\s+{_WORD_NOUN}(?={ARG})"),
    # "put 'x' in bold", "make 'x' bold", "format 'x' in italics", "wrap 'x' in backticks"
    compile_lazily(
        rf"\b(?:put|make|write|format|set|wrap|show|mark|display|render)\s+{_WORD_NOUN}"
        rf"(?P<list>{ARG}(?:\s*(?:,|and|or)\s*{ARG})*)\s+(?:in\s+|as\s+)?"
        rf"(?P<style>{_BOLD}|{_ITALIC}|{_CODE})\b"
    ),
    # "'x' should be in bold", "the word 'x' must be italicized", "… must appear in backticks"
    compile_lazily(
        rf"{_WORD_NOUN}(?P<list>{ARG}(?:\s*(?:,|and|or)\s*{ARG})*)\s+(?:should|must|needs\s+to|"
        rf"has\s+to|will)\s+(?:always\s+)?(?:appear\s+|be\s+(?:written\s+|shown\s+|formatted\s+|"
        rf"set\s+|put\s+)?)?(?:in\s+|as\s+)?"
        rf"(?P<style>{_BOLD}|{_ITALIC}|{_CODE})\b"
    ),
)
# "Keep the appeal deadline (30 days) in bold": a named value, given in brackets
# (a figure in them, so not "(see below)"), put in the style
_NAMED_VALUE = compile_lazily(
    r"\b(?:put|keep|make|write|set|show|mark|format)\s+(?:the|our|my|your)\s+(?:[\w-]+\s+){0,2}?"
    r"[\w-]+\s+\((?!\s*(?:e\.g|i\.e|see|like|such|about|around|approx|roughly|for\s+example)\b)"
    r"(?P<value>[^()\ue000]{0,40}\d[^()\ue000]{0,40})\)\s+(?:in\s+|as\s+)?"
    rf"(?P<style>{_BOLD}|{_ITALIC}|{_CODE})\b"
)


def _style_of(word: str) -> Style:
    if re.match(r"ital", word):
        return "italic"
    if re.match(r"bold|embolden", word):
        return "bold"
    return "code"


def _words(sentence: Sentence, match: re.Match[str]) -> tuple[list[str], int] | None:
    """The quoted words the phrase names, and where the phrase ends."""
    if match.groupdict().get("list"):
        start, end = match.start("list"), match.end("list")
        words = [
            sentence.unmask(start + q.start() + 1, start + q.end() - 1).strip()
            for q in re.finditer(ARG, sentence.lower[start:end])
        ]
        return (words, match.end()) if all(words) else None
    return parse_list(sentence, match.end())


def styled_words(sentence: Sentence) -> Iterator[Hit]:
    for pattern in _READINGS:
        for match in pattern.finditer(sentence.lower):
            read = _words(sentence, match)
            if read is None:
                continue
            words, end = read
            word = match.groupdict().get("style") or match.group("verb")
            build = partial(WordsStyled, words=words, style=_style_of(word))
            yield from response_spec(sentence, build, match.start(), end)
    for match in _NAMED_VALUE.finditer(sentence.lower):
        value = sentence.unmask(*match.span("value")).strip()
        build = partial(WordsStyled, words=[value], style=_style_of(match.group("style")))
        yield from response_spec(sentence, build, match.start(), match.end())


class _StyledWords(Corrected):
    name = "styled words"
    specs = (WordsStyled,)
    rules: ClassVar[tuple[Rule, ...]] = (styled_words,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _measure(spec, text)


STYLED_WORDS = _StyledWords()
