"""The vocabulary's shape checks: start and end phrases, wrapping, title,
postscript, JSON, a repeated request and the response language.

Each judge returns an :class:`Outcome`: pass or fail, a reason naming what was
found and what was required, and a one-line correction.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from redraft.core._text import noun
from redraft.criteria._language import detect_language
from redraft.criteria._outcome import Outcome
from redraft.criteria._spec import (
    LANGUAGES,
    EndsWith,
    JSONFormat,
    Language,
    Postscript,
    RepeatRequest,
    StartsWith,
    Title,
    Wrapped,
)
from redraft.evaluators._json_checks import _JSONProblem, _load_json

__all__ = ["FORMAT_JUDGES", "Outcome"]

_SHOWN = 40


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def _head(text: str) -> str:
    text = " ".join(text.split())
    return repr(text[:_SHOWN] + ("…" if len(text) > _SHOWN else ""))


def _tail(text: str) -> str:
    text = " ".join(text.split())
    return repr(("…" if len(text) > _SHOWN else "") + text[-_SHOWN:])


def _starts_with(spec: StartsWith, text: str) -> Outcome:
    if _fold(text).startswith(_fold(spec.phrase)):
        return Outcome(True, f"the answer starts with {spec.phrase!r}, as required")
    return Outcome(
        False,
        f"the answer starts with {_head(text)}; required: {spec.describe()}",
        f"Your answer starts with {_head(text)}. Begin it with exactly {spec.phrase!r}.",
        data={"measured": text.strip()[:_SHOWN]},
    )


_CLOSERS = ".!?\"'”’)*_"


def _ends_with(spec: EndsWith, text: str) -> Outcome:
    folded, phrase = _fold(text), _fold(spec.phrase)
    ends = folded.endswith(phrase)
    if not ends and phrase[-1:].isalnum():
        ends = folded.rstrip(_CLOSERS).endswith(phrase)
    if ends:
        return Outcome(True, f"the answer ends with {spec.phrase!r}, as required")
    return Outcome(
        False,
        f"the answer ends with {_tail(text)}; required: {spec.describe()}",
        f"Your answer ends with {_tail(text)}. End it with exactly {spec.phrase!r}, "
        "with nothing after it.",
        data={"measured": text.strip()[-_SHOWN:]},
    )


_FENCED = re.compile(r"\A```[^\n]*\n.*\n?```\Z", re.DOTALL)


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
    found = f"starts with {_head(body[:3])} and ends with {_tail(body[-3:])}"
    return Outcome(
        False,
        f"the answer {found}; required: {spec.describe()}",
        f"Your answer is not {spec.describe()} (it {found}). {fix}",
    )


# One way to split the title (leading blanks, first visible character, rest):
# linear time on a long unclosed "<<".
_TITLE = re.compile(r"<<([^\S\n]*[^\s<>][^<>\n]*)>>")


def _title(spec: Title, text: str) -> Outcome:
    found = _TITLE.search(text)
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
    pattern = re.compile(rf"^(?:[^\S\n]|[*_>])*{marker}", re.IGNORECASE | re.MULTILINE)
    if pattern.search(text):
        return Outcome(True, f"the answer has {spec.describe()}, as required")
    return Outcome(
        False,
        f"the answer has no line starting with {spec.marker!r}; required: {spec.describe()}",
        f"Your answer has no postscript. End it with a new line that starts with {spec.marker!r}.",
    )


def _json(spec: JSONFormat, text: str) -> Outcome:
    try:
        parsed = _load_json(text)
    except _JSONProblem as problem:
        return Outcome(
            False,
            f"the answer is not valid JSON ({problem.problem}); required: {spec.describe()}",
            f"Your answer is not valid JSON ({problem.problem}). Reply with JSON only.",
            data={"error": problem.problem},
        )
    if not spec.required_keys:
        return Outcome(True, "the answer is valid JSON, as required")
    if not isinstance(parsed.value, dict):
        kind = type(parsed.value).__name__
        return Outcome(
            False,
            f"the answer is JSON but a {kind}, not an object; required: {spec.describe()}",
            "Your answer must be one JSON object with the keys "
            + ", ".join(repr(k) for k in spec.required_keys)
            + ".",
        )
    missing = [k for k in spec.required_keys if k not in parsed.value]
    if not missing:
        return Outcome(True, f"the answer is {spec.describe()}, as required")
    return Outcome(
        False,
        f"the JSON object lacks {', '.join(repr(k) for k in missing)}; required: {spec.describe()}",
        f"Your JSON object lacks the {noun(len(missing), 'key')} "
        f"{', '.join(repr(k) for k in missing)}. Add {noun(len(missing), 'it', 'them')}.",
        score=1 - len(missing) / len(spec.required_keys),
        data={"missing": missing},
    )


def _repeat_request(spec: RepeatRequest, text: str) -> Outcome:
    if _fold(text).startswith(_fold(spec.text)):
        return Outcome(True, "the answer starts with the request repeated word for word")
    return Outcome(
        False,
        f"the answer starts with {_head(text)}, not the request; required: {spec.describe()}",
        "Your answer must begin by repeating the request word for word, with nothing before "
        f"it: {spec.text!r}. Then give your answer.",
    )


def _language(spec: Language, text: str) -> Outcome:
    found = detect_language(text)
    wanted = LANGUAGES[spec.language]
    data: dict[str, Any] = {"measured": found.language, "detail": found.detail}
    if found.language is None:
        return Outcome(False, f"cannot tell the language: {found.detail}", data=data, skipped=True)
    if found.language == spec.language:
        return Outcome(True, f"the answer reads as {wanted} ({found.detail})", data=data)
    actual = LANGUAGES[found.language]
    return Outcome(
        False,
        f"the answer reads as {actual} ({found.detail}); required: {spec.describe()}",
        f"Your answer is written in {actual}; it must be in {wanted}. "
        f"Rewrite the whole answer in {wanted}.",
        data=data,
    )


FORMAT_JUDGES: dict[str, Callable[[Any, str], Outcome]] = {
    "starts_with": _starts_with,
    "ends_with": _ends_with,
    "wrapped": _wrapped,
    "title": _title,
    "postscript": _postscript,
    "json": _json,
    "repeat_request": _repeat_request,
    "language": _language,
}
"""The judge of each non-count kind (counts live in ``_vocabulary``)."""
