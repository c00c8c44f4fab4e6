"""The language a text is written in, for the ``language`` check.

Telling languages apart is a field of its own, so the reading is
py3langid's (langid.py's naive Bayes model over byte n-grams, trained on 97
languages and shipped inside the package: nothing is downloaded). What this
module adds is the honesty the check needs:

- a text with fewer than :data:`MIN_LETTERS` letters, or one that mixes
  writing systems with no script holding :data:`DOMINANT_SCRIPT` of its
  letters, is *undetermined*, and the check then skips rather than guess;
- so is a text the model reads with less than :data:`MIN_CONFIDENCE`
  probability among the languages the check names: a near miss between
  Spanish and Portuguese is not a verdict;
- regional varieties the model tells apart count as their language
  (Egyptian Arabic as Arabic, Cantonese as Chinese, Nynorsk as Norwegian).

The approximation is the model's: it reads the whole answer, so an answer in
the language asked for with a sentence of another still reads as the first.
"""

from __future__ import annotations

import threading
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Any

from redraft.core._text import plural

__all__ = [
    "DOMINANT_SCRIPT",
    "LANGUAGES",
    "MIN_CONFIDENCE",
    "MIN_LETTERS",
    "Detection",
    "detect_language",
]

MIN_LETTERS = 20
MIN_CONFIDENCE = 0.8
DOMINANT_SCRIPT = 0.6

LANGUAGES: dict[str, str] = {
    "af": "Afrikaans",
    "am": "Amharic",
    "ar": "Arabic",
    "az": "Azerbaijani",
    "be": "Belarusian",
    "bg": "Bulgarian",
    "bn": "Bengali",
    "br": "Breton",
    "bs": "Bosnian",
    "ca": "Catalan",
    "cs": "Czech",
    "cy": "Welsh",
    "da": "Danish",
    "de": "German",
    "el": "Greek",
    "en": "English",
    "eo": "Esperanto",
    "es": "Spanish",
    "et": "Estonian",
    "eu": "Basque",
    "fa": "Persian",
    "fi": "Finnish",
    "fr": "French",
    "ga": "Irish",
    "gl": "Galician",
    "gu": "Gujarati",
    "ha": "Hausa",
    "he": "Hebrew",
    "hi": "Hindi",
    "hr": "Croatian",
    "ht": "Haitian Creole",
    "hu": "Hungarian",
    "hy": "Armenian",
    "id": "Indonesian",
    "ig": "Igbo",
    "is": "Icelandic",
    "it": "Italian",
    "ja": "Japanese",
    "jv": "Javanese",
    "ka": "Georgian",
    "kk": "Kazakh",
    "km": "Khmer",
    "kn": "Kannada",
    "ko": "Korean",
    "ku": "Kurdish",
    "ky": "Kyrgyz",
    "la": "Latin",
    "lb": "Luxembourgish",
    "lo": "Lao",
    "lt": "Lithuanian",
    "lv": "Latvian",
    "mg": "Malagasy",
    "mk": "Macedonian",
    "ml": "Malayalam",
    "mn": "Mongolian",
    "mr": "Marathi",
    "ms": "Malay",
    "mt": "Maltese",
    "my": "Burmese",
    "ne": "Nepali",
    "nl": "Dutch",
    "no": "Norwegian",
    "or": "Odia",
    "pa": "Punjabi",
    "pl": "Polish",
    "ps": "Pashto",
    "pt": "Portuguese",
    "qu": "Quechua",
    "ro": "Romanian",
    "ru": "Russian",
    "rw": "Kinyarwanda",
    "si": "Sinhala",
    "sk": "Slovak",
    "sl": "Slovenian",
    "so": "Somali",
    "sq": "Albanian",
    "sr": "Serbian",
    "sv": "Swedish",
    "sw": "Swahili",
    "ta": "Tamil",
    "te": "Telugu",
    "tg": "Tajik",
    "th": "Thai",
    "tl": "Tagalog",
    "tr": "Turkish",
    "tt": "Tatar",
    "ug": "Uyghur",
    "uk": "Ukrainian",
    "ur": "Urdu",
    "uz": "Uzbek",
    "vi": "Vietnamese",
    "xh": "Xhosa",
    "yo": "Yoruba",
    "zh": "Chinese",
    "zu": "Zulu",
}
"""Every language the check can be asked for: code → English name."""

# The model's regional varieties and scripts, as the language people name.
_SAME_LANGUAGE = {
    "arz": "ar",
    "ary": "ar",
    "yue": "zh",
    "wuu": "zh",
    "nn": "no",
    "hbo": "he",
    "uzs": "uz",
}

_identifier: Any = None
_loading = threading.Lock()


@dataclass(frozen=True)
class Detection:
    """The language a text reads as (``None``: undetermined) and why."""

    language: str | None
    detail: str


def _model() -> Any:
    # Loading takes about a second and 30 MB: only when a language is checked.
    global _identifier
    with _loading:
        if _identifier is None:
            from py3langid.langid import MODEL_FILE, LanguageIdentifier

            identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
            # Only languages people can ask for compete: a dialect the check
            # cannot name would otherwise take probability from its language.
            known = set(LANGUAGES) | set(_SAME_LANGUAGE)
            identifier.set_languages([c for c in identifier.nb_classes if c in known])
            _identifier = identifier
    return _identifier


def _script(ch: str) -> str:
    name = unicodedata.name(ch, "")
    if name.startswith(("HIRAGANA", "KATAKANA", "CJK")):
        return "CJK"  # Japanese writes kana and kanji together
    return name.split(" ", 1)[0] or "OTHER"


def detect_language(text: str) -> Detection:
    """Read ``text``'s language, or say why it cannot be told."""
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) < MIN_LETTERS:
        said = f"only {plural(len(letters), 'letter')}, too few to tell the language"
        return Detection(None, said)
    _, count = Counter(_script(ch) for ch in letters).most_common(1)[0]
    if count < DOMINANT_SCRIPT * len(letters):
        return Detection(None, "the text mixes writing systems")
    code, probability = _model().classify(text)
    code = _SAME_LANGUAGE.get(str(code), str(code))
    name = LANGUAGES.get(code)
    if name is None:
        return Detection(None, f"it reads as a language the check does not name ({code})")
    if probability < MIN_CONFIDENCE:
        return Detection(None, f"it reads most like {name}, but only {probability:.0%} sure")
    return Detection(code, f"{probability:.0%} sure")
