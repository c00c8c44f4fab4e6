"""Scripts and character sets: only ASCII characters ("use only ASCII"),
and the writing system of the answer's letters ("in Cyrillic only", "no
romaji", "write the Korean in Hangul").

Measured with Unicode's Script property as the ``regex`` package keeps it
(``\\p{Script=Han}``), not hand-kept ranges. A script rule is about letters
(characters of a Unicode letter category): digits, punctuation, spaces and
emoji belong to every script, so "Cyrillic only" allows "2024" and "—".
Japanese mixes scripts: "Han only" fails kana, and "no Latin letters" is
what "no romaji" means. ``ascii_only`` is about every character, code
points 0 to 127; an answer with an emoji, a curly quote or an em dash fails it.
Its repair needs no judgement where the characters are typographic
punctuation (curly quotes become straight ones, dashes hyphens, an ellipsis
three dots, a no-break space a space) or emoji and other symbols (removed);
a non-ASCII letter is left for the redraft (``café`` could be ``cafe`` or a
reworded sentence).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

import regex

from redraft.core._lazy_pattern import compile_lazily
from redraft.core._repair import RepairOp
from redraft.core._text import plural
from redraft.criteria._families._base import Family, FamilySpec
from redraft.criteria._families._lexical import required
from redraft.criteria._outcome import Outcome
from redraft.criteria._sentences import Hit, Rule, Sentence

__all__ = ["ASCII_ONLY", "SCRIPT", "AsciiOnly", "ScriptRule", "to_ascii"]

_SHOWN = 5

ScriptName = Literal[
    "Latin", "Cyrillic", "Greek", "Han", "Hiragana", "Katakana", "Hangul", "Arabic", "Hebrew",
    "Devanagari", "Thai", "Armenian", "Georgian",
]  # fmt: skip
_SCRIPTS: dict[str, regex.Pattern[str]] = {
    name: regex.compile(rf"\p{{Script={name}}}")
    for name in ScriptName.__args__  # type: ignore[attr-defined]
}
_LETTER = regex.compile(r"\p{L}")


class AsciiOnly(FamilySpec):
    """Every character of the answer is ASCII (code points 0 to 127)."""

    kind: Literal["ascii_only"] = "ascii_only"

    def describe(self) -> str:
        return "only ASCII characters"


class ScriptRule(FamilySpec):
    """The letters of the answer and one script: ``only`` (every letter in
    it), ``none`` (no letter in it) or ``some`` (at least one letter in it)."""

    kind: Literal["script"] = "script"
    script: ScriptName
    rule: Literal["only", "none", "some"]

    def describe(self) -> str:
        return {
            "only": f"only {self.script} letters",
            "none": f"no {self.script} letters",
            "some": f"some {self.script} letters",
        }[self.rule]

    def slot(self) -> tuple[object, ...]:
        return (self.kind, self.script, self.rule)


def non_ascii(text: str) -> list[str]:
    return [ch for ch in text if ord(ch) > 127]


def _letters(spec: ScriptRule, text: str) -> tuple[list[str], list[str]]:
    """The letters of ``text`` in the spec's script, and the others."""
    inside: list[str] = []
    outside: list[str] = []
    pattern = _SCRIPTS[spec.script]
    for ch in _LETTER.findall(text):
        (inside if pattern.match(ch) else outside).append(ch)
    return inside, outside


def _shown(chars: list[str]) -> str:
    return " ".join(list(dict.fromkeys(chars))[:_SHOWN])


# -- repair -----------------------------------------------------------------------------

_TYPOGRAPHIC = {
    "‘": "'", "’": "'", "‚": "'", "‛": "'", "′": "'",
    "“": '"', "”": '"', "„": '"', "‟": '"', "″": '"', "«": '"', "»": '"',
    "–": "-", "—": "-", "―": "-", "‐": "-", "‑": "-", "−": "-",
    "…": "...", "•": "*", "·": "*", "×": "x",
    "\u00a0": " ", "\u2009": " ", "\u202f": " ", "\u200b": "",
}  # fmt: skip
_JOINERS = "\u200d\ufe0e\ufe0f"


def to_ascii(text: str) -> str:
    """``text`` with typographic punctuation made ASCII and emoji and other
    symbols removed; letters outside ASCII are left as they are."""
    out: list[str] = []
    for ch in text:
        if ord(ch) <= 127:
            out.append(ch)
        elif ch in _TYPOGRAPHIC:
            out.append(_TYPOGRAPHIC[ch])
        elif ch in _JOINERS or unicodedata.category(ch) in ("So", "Sk", "Sm", "Sc", "Mn", "Cf"):
            if unicodedata.category(ch) == "Mn" and out and out[-1].isalpha():
                out.append(ch)  # an accent on a letter is the letter's, left to the redraft
            continue
        else:
            out.append(ch)
    lines = (re.sub(r"[ \t]{2,}", " ", line).rstrip() for line in "".join(out).split("\n"))
    return "\n".join(lines).strip()


_EDITS = (
    RepairOp(
        "to_ascii",
        320,
        lambda text, _p, _r: to_ascii(text),
        lambda _: "typographic punctuation made ASCII, emoji and symbols removed",
    ),
)


# -- phrasings --------------------------------------------------------------------------

_SCRIPT_NAMES: dict[str, str] = {
    # "no Latin" in a contract is about Latin words: the script is named with its noun
    r"latin\s+(?:script|alphabet|letters|characters)": "Latin",
    r"cyrillic(?:\s+(?:script|alphabet|letters|characters))?": "Cyrillic",
    r"greek\s+(?:script|alphabet|letters|characters)": "Greek",
    r"(?:(?:simplified|traditional)\s+)?chinese\s+characters|han\s+characters|hanzi|kanji": "Han",
    r"hiragana": "Hiragana",
    r"katakana": "Katakana",
    r"hangul|hangeul|korean\s+(?:script|alphabet|letters|characters)": "Hangul",
    r"arabic\s+(?:script|alphabet|letters|characters)": "Arabic",
    r"hebrew\s+(?:script|alphabet|letters|characters)": "Hebrew",
    r"devanagari(?:\s+(?:script|letters|characters))?": "Devanagari",
    r"thai\s+(?:script|alphabet|letters|characters)": "Thai",
}
_NAME = "|".join(f"(?:{pattern})" for pattern in _SCRIPT_NAMES)
# Romanisations: "no pinyin", "no romaji" ban the Latin letters they are written in.
_ROMANISED = r"romaji|r[oō]maji|pinyin|romani[sz]ation|transliteration|latin\s+letters"
_ASCII = compile_lazily(
    r"\b(?:(?:use|using|write|written|in|with|keep\s+(?:it|the\s+\w+)\s+to)\s+)?"
    r"(?:only\s+(?:plain\s+)?ascii(?:\s+(?:characters?|text|letters))?|"
    r"(?:plain\s+)?ascii(?:\s+(?:characters?|text))?\s+only|"
    r"ascii[-\s]only|nothing\s+but\s+ascii(?:\s+characters?)?|"
    r"no\s+non-ascii(?:\s+characters?)?|(?:strictly|pure|plain)\s+ascii(?:\s+text)?)\b"
)
_ONLY = compile_lazily(
    rf"\b(?:(?:only|solely|exclusively|just)\s+(?:in\s+|use\s+|using\s+)?(?P<a>{_NAME})\b"
    rf"(?!\s+(?:and|or|with|plus|for)\b)|"
    rf"(?:in|using|use|with)\s+(?P<b>{_NAME})\s+only\b|"
    rf"(?P<c>{_NAME})\s+only\b)"
)
_NONE = compile_lazily(
    rf"\b(?:no|without(?:\s+any)?|avoid|never\s+use|(?:do\s+not|don'?t)\s+use(?:\s+any)?)\s+"
    rf"(?:(?P<roman>{_ROMANISED})|(?P<name>{_NAME}))\b"
)
_SOME = compile_lazily(
    r"\b(?:write|writing)\s+(?:it|them|the\s+(?:\w+\s+)?(?:word|phrase|name|number)s?|"
    # "writing each number in Hangul followed by its romanization": some Hangul
    r"(?:each|every)\s+(?:word|phrase|name|number|answer|item|term)|"
    r"the\s+(?:korean|japanese|chinese|russian|greek|arabic|hebrew|hindi|thai))\s+"
    rf"in\s+(?P<name>{_NAME})\b"
)
# What makes a script phrase about something other than the answer's letters.
_AFTER = compile_lazily(
    r"^\s*(?:in\s+(?:the|each|every|your)\s+(?:title|heading|name|code)|for\s+the\s+(?:title|names?))\b"
)


_ANOTHER_SCRIPT = compile_lazily(rf"{_NAME}\s*(?:/|,|\band\b|\bor\b|&)\s*\(?$")
_LATER_PART = compile_lazily(
    r"\b(?:then|followed\s+by|translation|transliteration|romani[sz]ation|romaji|pinyin)\b"
)


def _script(name: str) -> ScriptName | None:
    for pattern, script in _SCRIPT_NAMES.items():
        if re.fullmatch(pattern, name.strip()):
            return script  # type: ignore[return-value]
    return None


def ascii_rules(sentence: Sentence) -> Iterator[Hit]:
    """ "Use only ASCII characters", "ASCII only", "plain ASCII text"."""
    text = sentence.lower
    if "ascii" not in text:
        return
    for match in _ASCII.finditer(text):
        if _AFTER.match(text[match.end() :]):
            continue
        if required(sentence, match.start(), owns_negation=text.startswith("no", match.start())):
            yield Hit(AsciiOnly(), *match.span())
            return


def script_rules(sentence: Sentence) -> Iterator[Hit]:
    """ "Cyrillic only", "no pinyin", "write the Korean in Hangul"."""
    text = sentence.lower
    for match in _ONLY.finditer(text):
        script = _script(match["a"] or match["b"] or match["c"])
        if _ANOTHER_SCRIPT.search(text, max(0, match.start() - 12), match.start()):
            continue  # "kana/kanji only": both, which no one script states
        if _LATER_PART.search(text, match.end()):
            continue  # "…, then a romaji transliteration": the rest is in another script
        if script and not _AFTER.match(text[match.end() :]) and required(sentence, match.start()):
            yield Hit(ScriptRule(script=script, rule="only"), *match.span())
    for match in _NONE.finditer(text):
        script = "Latin" if match["roman"] else _script(match["name"])
        if script is None or _AFTER.match(text[match.end() :]):
            continue
        if required(sentence, match.start(), owns_negation=True):
            yield Hit(ScriptRule(script=script, rule="none"), *match.span())
    for match in _SOME.finditer(text):
        script = _script(match["name"])
        if script and required(sentence, match.start()):
            yield Hit(ScriptRule(script=script, rule="some"), *match.span())


# -- measures ---------------------------------------------------------------------------


class _AsciiOnly(Family):
    name = "ascii_only"
    specs = (AsciiOnly,)
    rules: ClassVar[tuple[Rule, ...]] = (ascii_rules,)
    edits: ClassVar[tuple[RepairOp, ...]] = _EDITS

    def measure(self, spec: Any, text: str) -> Outcome:
        found = non_ascii(text)
        data: dict[str, Any] = {"measured": len(found), "found": list(dict.fromkeys(found))[:10]}
        if not found:
            return Outcome(True, "the answer has only ASCII characters, as required", data=data)
        return Outcome(
            False,
            f"the answer has {plural(len(found), 'non-ASCII character')} ({_shown(found)}); "
            "required: only ASCII characters",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    def correction(self, spec: Any, text: str) -> str:
        found = non_ascii(text)
        return (
            f"Your answer has {plural(len(found), 'non-ASCII character')} ({_shown(found)}). "
            'Use only ASCII: straight quotes (" and \'), "-" for dashes, "..." for an '
            "ellipsis, no emoji, and letters without accents."
        )

    def repair(self, spec: Any) -> dict[str, Any] | None:
        return {"op": "to_ascii"}


class _Script(Family):
    name = "script"
    specs = (ScriptRule,)
    rules: ClassVar[tuple[Rule, ...]] = (script_rules,)

    def measure(self, spec: Any, text: str) -> Outcome:
        assert isinstance(spec, ScriptRule)
        inside, outside = _letters(spec, text)
        data: dict[str, Any] = {"in_script": len(inside), "other_letters": len(outside)}
        wrong = {"only": outside, "none": inside, "some": []}[spec.rule]
        held = bool(inside) if spec.rule == "some" else not wrong
        if spec.rule == "only" and not inside:
            held = False  # an answer with no letters is in no script
        data["found"] = list(dict.fromkeys(wrong))[:10]
        if held:
            return Outcome(True, f"the answer has {spec.describe()}, as required", data=data)
        return Outcome(
            False,
            self._measured(spec, inside, outside) + f"; required: {spec.describe()}",
            self.correction(spec, text),
            score=0.0,
            data=data,
        )

    @staticmethod
    def _measured(spec: ScriptRule, inside: list[str], outside: list[str]) -> str:
        if spec.rule == "none":
            return (
                f"the answer has {plural(len(inside), f'{spec.script} letter')} ({_shown(inside)})"
            )
        if spec.rule == "only" and outside:
            return f"the answer has {plural(len(outside), 'other letter')} ({_shown(outside)})"
        return f"the answer has no {spec.script} letters"

    def correction(self, spec: Any, text: str) -> str:
        assert isinstance(spec, ScriptRule)
        inside, outside = _letters(spec, text)
        said = self._measured(spec, inside, outside).replace("the answer has", "Your answer has")
        fix = {
            "only": f"Write every word in {spec.script} script; no letters of another script.",
            "none": f"Remove every word written in {spec.script} letters.",
            "some": f"Write it in {spec.script} script.",
        }[spec.rule]
        return f"{said}. {fix}"


ASCII_ONLY = _AsciiOnly()
SCRIPT = _Script()
