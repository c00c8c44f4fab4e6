"""The answer's language: "respond only in German", "your entire answer
must be written in Swahili".

Approximate: the detector of :mod:`redraft.criteria._language` (see
``docs/criteria.md`` for how little it claims); a text it cannot place is
``skipped``, never a pass. Two languages ("in English and French") compile
nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial
from typing import Any, ClassVar, Literal

from pydantic import field_validator

from redraft.criteria._families._arguments import Corrected, response_spec
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._families._shapes import WHOLE
from redraft.criteria._language import LANGUAGES, detect_language
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["LANGUAGE", "Language", "language"]


class Language(FamilySpec):
    """The answer is written in ``language`` (see ``docs/criteria.md`` for how
    little the detector claims)."""

    kind: Literal["language"] = "language"
    language: str
    # Detectors disagree on short, mixed or structured text (a JSON answer):
    # passing ours says little about passing another.
    approximate: ClassVar[bool] = True

    @field_validator("language")
    @classmethod
    def _known(cls, value: str) -> str:
        code = value.strip().lower()
        if code not in LANGUAGES:
            raise ValueError(
                f"unsupported language {value!r}; choose one of {', '.join(sorted(LANGUAGES))}"
            )
        return code

    def describe(self) -> str:
        return f"written in {LANGUAGES[self.language]}"


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


_NAMES = {name.lower(): code for code, name in LANGUAGES.items()}
_LANGUAGE_NAME = "|".join(_NAMES)
_LANGUAGE = re.compile(
    r"\b(?:(?:respond|answer|reply|write|speak|communicate)\s+"
    r"(?:your\s+(?:entire\s+|whole\s+)?(?:response|answer|reply)\s+)?|"
    rf"{WHOLE}\s+(?:should|must|needs\s+to|has\s+to)\s+be\s+(?:written\s+)?)"
    rf"(?:only\s+|entirely\s+|solely\s+|exclusively\s+|fully\s+)?(?:in|using)\s+(?:the\s+)?"
    rf"(?P<lang>{_LANGUAGE_NAME})(?:\s+language)?(?:\s+only)?\b"
)


def language(sentence: Sentence) -> Iterator[Hit]:
    text = sentence.lower
    for match in _LANGUAGE.finditer(text):
        if re.match(rf"\s*(?:and|or|/)\s+(?:{_LANGUAGE_NAME})\b", text[match.end() :]):
            continue  # two languages: not a one-language requirement
        code = _NAMES[match.group("lang")]
        yield from response_spec(sentence, partial(Language, language=code), *match.span())


class _Language(Corrected):
    name = "language"
    specs = (Language,)
    rules: ClassVar[tuple[Rule, ...]] = (language,)

    def measure(self, spec: Any, text: str) -> Outcome:
        return _language(spec, text)


LANGUAGE = _Language()
