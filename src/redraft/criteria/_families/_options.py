"""One of the options: the whole answer is one of a listed set of answers.

Measured exactly: the answer, trimmed, without one final period, equals one
of the options (read the same way) ignoring case, so "Yes." meets "yes" and
"Yes, because …" does not. Read from "answer with one of: yes, no, maybe",
"answer with one of the following options: ('My answer is yes.', …)",
"respond only with 'True' or 'False'", "reply with just yes or no", "choose
A, B, C or D and reply with the letter only", "reply with the letter of the
correct option only (A, B, C or D)"; not where the clause goes on
("answer yes or no, then explain"), where the prompt also asks for an
explanation or justification, nor without a word that makes the options the
whole answer ("answer yes or no" alone may come with a reason). Repaired
where stripping whitespace, quotes and a final period leaves an option.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import (
    MASK,
    Hit,
    Rule,
    Sentence,
    lowered,
    matches_in,
    response_context,
)
from redraft.criteria._spec_base import SHORT, has_text

__all__ = ["OPTIONS", "OneOf", "option_form"]


def option_form(text: str) -> str:
    """``text`` as options are compared: trimmed, one final period dropped,
    case folded."""
    text = text.strip()
    if text.endswith("."):
        text = text[:-1].rstrip()
    return text.casefold()


class OneOf(FamilySpec):
    """The whole answer is one of ``options`` (trimmed, a final period and
    case aside)."""

    kind: Literal["one_of"] = "one_of"
    options: tuple[str, ...] = Field(min_length=2, max_length=26)

    @field_validator("options")
    @classmethod
    def _readable(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        options = tuple(has_text(option) for option in value)
        if any(len(option) > SHORT for option in options):
            raise ValueError(f"an option is longer than {SHORT} characters")
        if len({option_form(option) for option in options}) != len(options):
            raise ValueError("two options are the same answer")
        return options

    def describe(self) -> str:
        return "one of: " + ", ".join(repr(option) for option in self.options)


# One option: quoted (any words) or bare (one word, or a letter).
_ITEM = r"""(?:"[^"\n]{1,200}"|“[^”\n]{1,200}”|'[^'\n]{1,200}'|‘[^’\n]{1,200}’|[\w+-]{1,30})"""
_SEP = r"(?:\s*,\s*(?:or\s+)?|\s*/\s*|\s+or\s+)"
_LIST = rf"\(?\s*(?:either\s+)?(?P<list>{_ITEM}(?:{_SEP}{_ITEM}){{1,25}})\s*\)?"
# What may close the clause after the list.
_TAIL = (
    r"\s*,?\s*(?:\(?\s*(?:only|and\s+nothing\s+else|nothing\s+else|with\s+no\s+(?:other\s+text|"
    r"explanation)|without\s+(?:any\s+)?(?:other\s+text|explanation))\s*\)?\s*)?"
    # the end, or a colon before the question the option answers
    r"(?:[.!]?\s*$|:\s+(?!(?:and|also|then|plus|add|include|give|write|list|say|provide|"
    r"mention|state)\b)\S[^\n]*$)"
)
_ANSWER = r"(?:answer|respond|reply|output|return)"
_PHRASES = (
    # "answer with one of: yes, no, maybe", "respond with one of the following options: (…)"
    compile_lazily(
        rf"\b{_ANSWER}\s+(?:only\s+)?(?:with|using)\s+(?:exactly\s+|only\s+)?one\s+of\b\s*"
        r"(?:the\s+following|these|the\s+options|the\s+choices)?(?:\s+(?:options|choices|"
        r"answers|words))?\s*:?\s*" + _LIST + _TAIL
    ),
    # "answer with exactly one word: red, yellow, or blue"
    compile_lazily(
        rf"\b{_ANSWER}\s+(?:only\s+)?(?:with|using|in)\s+(?:exactly\s+|only\s+|just\s+)?"
        r"(?:one|a\s+single)\s+word\s*(?::|,\s*(?:either|one\s+of))\s*" + _LIST + _TAIL
    ),
    # "answer the following with True or False only"
    compile_lazily(
        rf"\b{_ANSWER}\s+(?:(?:the\s+following|this(?:\s+question)?|it)\s+)?(?:with|using)\s+"
        + _LIST
        + r"\s+only"
        + _TAIL
    ),
    # "respond only with 'True' or 'False'", "reply with just yes or no"
    compile_lazily(
        rf"\b{_ANSWER}\s+(?:(?:only|just|solely|simply)\s+(?:with\s+)?|with\s+(?:only|just)\s+)"
        r"(?:the\s+word\s+)?" + _LIST + _TAIL
    ),
    # "reply with the letter of the correct option only (A, B, C or D)"
    compile_lazily(
        rf"\b{_ANSWER}\s+(?:only\s+|just\s+)?with\s+(?:only\s+|just\s+)?the\s+letter\s+of\s+"
        r"the\s+(?:correct|right|best)\s+(?:option|answer|choice)(?:\s+only)?\s*" + _LIST + _TAIL
    ),
    # "choose A, B, C or D and reply with the letter only"
    compile_lazily(
        r"\b(?:choose|pick|select)\s+(?:one\s+of\s+|from\s+|between\s+)?" + _LIST + r"\s*,?\s*"
        rf"and\s+{_ANSWER}\s+with\s+(?:only\s+|just\s+)?(?:the|its|your)\s+"
        r"(?:letter|option|choice|answer)(?:\s+only)?\s*[.!]?\s*$"
    ),
)
_ITEMS = compile_lazily(_ITEM)
# A second part of the answer, anywhere in the prompt, that the options
# would leave no room for: "… then explain your choice".
_MORE = compile_lazily(
    r"\b(?:explain|justify|elaborate|describe|discuss|reason(?:ing)?|why|then|followed\s+by)\b"
)
_DENIED = compile_lazily(r"\b(?:no|not|without|don'?t|never)\b[^.;,]{0,20}$")


def _options(listed: str) -> tuple[str, ...]:
    return tuple(
        item.group(0).strip("\"'“”‘’").strip()
        for item in _ITEMS.finditer(listed)
        if item.group(0).lower() not in ("or", "either")
    )


def _second_part(sentence: Sentence) -> bool:
    whole = lowered(sentence.whole)
    return any(not _DENIED.search(whole[: m.start()]) for m in matches_in(_MORE, whole))


def one_of(sentence: Sentence) -> Iterator[Hit]:
    """ "Answer with one of: yes, no, maybe", "respond only with 'True' or 'False'"."""
    # Read on the original: quoted options are masked in ``sentence.lower``,
    # and so is a list after "the following …:". The words that ask for the
    # options must not be masked themselves (quoted or handed-over material).
    text = sentence.original.lower()
    for pattern in _PHRASES:
        for match in pattern.finditer(text):
            lead = sentence.masked[match.start() : match.start("list")]
            if MASK in lead.rstrip(MASK + " \t("):
                continue
            # The options are not words of the sentence: "maybe" is not a hedge.
            a, b = match.start("list"), match.end("list")
            bare = replace(
                sentence, masked=sentence.masked[:a] + MASK * (b - a) + sentence.masked[b:]
            )
            if not response_context(bare, match.start()) or _second_part(sentence):
                continue
            listed = sentence.original[match.start("list") : match.end("list")]
            try:
                spec = OneOf(options=_options(listed))
            except ValueError:
                continue
            yield Hit(spec, match.start(), match.end())


class _Options(Family):
    name = "options"
    specs = (OneOf,)
    rules: ClassVar[tuple[Rule, ...]] = (one_of,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, OneOf)
        answer = option_form(text)
        data: dict[str, Any] = {"answer": text.strip()[:80], "options": list(spec.options)}
        chosen = next((o for o in spec.options if option_form(o) == answer), None)
        if chosen is not None:
            return Outcome(True, f"the answer is {chosen!r}, one of the options", data=data)
        return Outcome(
            False,
            f"the answer is not exactly one of the options ({spec.describe()})",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, OneOf)
        shown = text.strip()
        shown = shown if len(shown) <= 60 else shown[:57] + "…"
        listed = ", ".join(repr(option) for option in spec.options)
        return (
            f"Your answer is {shown!r}; it must be exactly one of {listed} and nothing else. "
            "Reply with that option alone: no explanation, quotes or other words."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        assert isinstance(spec, OneOf)
        return {"op": "strip_to_option", "options": list(spec.options)}


OPTIONS = _Options()
