"""A small, honest language detector for the ``language`` check.

It reads the writing system first and, for Latin and Cyrillic script, counts
common function words ("the", "und", "que"…). That is enough to tell the
languages in :data:`~redraft.criteria._spec.LANGUAGES` apart in a paragraph
of ordinary prose, and nothing more:

- a text with fewer than :data:`MIN_LETTERS` letters, mixed scripts, or no
  clear winner among the function-word lists is *undetermined*, and the
  check then skips rather than guess;
- a script stands for one language: Arabic script is taken as Arabic (so
  Persian or Urdu read as Arabic), Devanagari as Hindi, Han without kana as
  Chinese, Cyrillic must also show Russian function words.

No model, no downloaded data, no dependency.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from redraft.core._text import plural

__all__ = ["MIN_LETTERS", "Detection", "detect_language"]

MIN_LETTERS = 20
# The winner's function words must outnumber the runner-up's by this factor.
_MARGIN = 1.5
_MIN_HITS = 3
_DOMINANT = 0.6

_STOPWORDS: dict[str, frozenset[str]] = {
    code: frozenset(words.split())
    for code, words in {
        "en": "the and is are of to in that it with for as was on be this by not you have at "
        "from or which an they we can will has i my your there were would should",
        "fr": "le la les et est des une un du en que qui dans pour pas sur avec ce il elle au "
        "aux sont ne se nous vous mais ou cette je très être",
        "de": "der die das und ist nicht ein eine zu den mit von sich des auf für im dem es sie "
        "ich auch wir wird sind oder aber wie werden",
        "es": "el la los las y es de que en un una por con para no se del al lo su como más "
        "pero sus está son este esta muy yo",
        "it": "il lo la gli le e è di che un una per con non del della sono nel al si come "
        "anche questo questa ma più io mi dei delle",
        "pt": "o a os as e é de que um uma para com não do da dos das em no na se por mais "
        "como mas ao são foi eu você",
        "nl": "de het een en is van dat die niet op te zijn met voor er in ook als aan maar om "
        "bij wat ik je wordt dit nog hij zij",
        "ru": "и в не на я что он с как это по но а из к у за от то все она так его для мы "
        "вы же бы быть",
    }.items()
}

# Scripts that stand for one language here; the key is a prefix of the
# Unicode character name.
_SCRIPT_LANGUAGE = {
    "GREEK": "el",
    "ARABIC": "ar",
    "HEBREW": "he",
    "DEVANAGARI": "hi",
    "THAI": "th",
    "HANGUL": "ko",
}
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


@dataclass(frozen=True)
class Detection:
    """The language a text reads as (``None``: undetermined) and why."""

    language: str | None
    detail: str


def _script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    if name.startswith(("HIRAGANA", "KATAKANA")):
        return "KANA"
    if name.startswith("CJK"):
        return "HAN"
    if name.startswith("LATIN"):
        return "LATIN"
    if name.startswith("CYRILLIC"):
        return "CYRILLIC"
    for prefix in _SCRIPT_LANGUAGE:
        if name.startswith(prefix):
            return prefix
    return "OTHER"


def detect_language(text: str) -> Detection:
    """Read ``text``'s language, or say why it cannot be told."""
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) < MIN_LETTERS:
        said = f"only {plural(len(letters), 'letter')}, too few to tell the language"
        return Detection(None, said)
    scripts = Counter(_script(ch) for ch in letters)
    # Japanese mixes kana with Han; any real share of kana means Japanese.
    if scripts["KANA"] and scripts["KANA"] + scripts["HAN"] >= _DOMINANT * len(letters):
        return Detection("ja", "Japanese kana and kanji")
    script, count = scripts.most_common(1)[0]
    if count < _DOMINANT * len(letters):
        return Detection(None, "the text mixes writing systems")
    if script == "HAN":
        return Detection("zh", "Chinese characters without kana")
    if script in _SCRIPT_LANGUAGE:
        return Detection(_SCRIPT_LANGUAGE[script], f"{script.capitalize()} script")
    if script not in ("LATIN", "CYRILLIC"):
        return Detection(None, "a writing system this detector does not know")
    tokens = [w.lower() for w in _WORD.findall(text)]
    candidates = ["ru"] if script == "CYRILLIC" else [c for c in _STOPWORDS if c != "ru"]
    hits = {code: sum(token in _STOPWORDS[code] for token in tokens) for code in candidates}
    ranked = sorted(hits.items(), key=lambda item: item[1], reverse=True)
    best, best_hits = ranked[0]
    runner_up = ranked[1][1] if len(ranked) > 1 else 0
    if best_hits < _MIN_HITS:
        return Detection(None, f"too few common {script.lower()}-script function words to tell")
    if best_hits < _MARGIN * runner_up:
        return Detection(
            None, f"function words fit {best} ({best_hits}) and {ranked[1][0]} ({runner_up}) alike"
        )
    return Detection(best, f"{best_hits} common function words of that language")
