"""Counts of words, sentences, paragraphs, lines and characters asked in
other languages: "máximo 100 palabras", "höchstens vier Sätze", "pas plus de
3 paragraphes", "не более 40 слов", "三文以内", "不超过200字", "3 वाक्य लिखो".

Read only where the phrase says its relation as plainly as the English
grammar does (:mod:`redraft.criteria._grammar`): a word for at most, at
least, fewer, more or exactly, or a count after "in" ("en 3 frases", "in
drei Sätzen": exactly, for sentences, paragraphs and lines only, as in
English). Spanish, Portuguese, French, German, Italian and Russian read the
relation before the count (Russian with the numbers as written in the
nominative: "не более пяти предложений" is not read); Japanese and Chinese
after or before it (以内, 以上, 不超过, 至少), in characters (字, 文字),
sentences (文, 句), paragraphs (段落) and lines (行); Hindi before it or, for
sentences, a count the verb asks for ("3 वाक्य लिखो"). Words are not counted
in Japanese or Chinese, which do not space them.

A list's bullets ("höchstens 5 Stichpunkte", "au plus 3 puces", "máximo 4
viñetas") and items ("trois points maximum", "mindestens 5 Ideen", "al
menos 3 ejemplos") are read with a relation only, never from a bare count,
and not where the items are of something ("10 points de vie").

Nothing is read where the clause is about each part ("cada frase",
"jeder Satz", "每段"), about what is given ("mi ensayo", "dieser Text"), a
condition ("si", "wenn", "если", "如果"), approximate ("unas", "etwa",
"около", "約", "左右") or a question; quoted and handed-over material is
masked before any rule reads it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from redraft.core._lazy_pattern import compile_lazily
from redraft.criteria._families._base import FamilySpec
from redraft.criteria._sentences import Hit, Sentence, sentence_blocked
from redraft.criteria._spec_base import Relation

__all__ = ["CountsAbroad", "Build"]

Build = Callable[[Relation, int, Sentence], FamilySpec | None]
"""A unit's spec from a relation, a value and the sentence (None: not built)."""

_UNITS: dict[str, str] = {
    "word": r"palabras?|palavras?|mots?|w(?:ö|oe)rter|w(?:ö|oe)rtern|worte|wort|parole|parola|"
    r"слов(?:а|о)?|शब्द(?:ों)?",
    "sentence": r"frases?|oraciones|oraci(?:ó|o)n|phrases?|s(?:ä|ae)tze|s(?:ä|ae)tzen|satz|frasi|"
    r"предложени(?:е|я|й)|वाक्य(?:ों)?",
    "paragraph": r"p(?:á|a)rrafos?|par(?:á|a)grafos?|paragraphes?|abs(?:ä|ae)tze|abs(?:ä|ae)tzen|"
    r"absatz|paragrafi|paragrafo|абзац(?:а|ев)?|अनुच्छेद(?:ों)?",
    "line": r"l(?:í|i)neas?|versos?|linhas?|lignes?|vers|zeilen?|verse|righe|riga|versi|"
    r"строк(?:а|и)?|строчек|पंक्ति(?:यों|याँ|यां)?",
    "character": r"caracteres|car(?:á|a)cter|caract(?:è|e)res?|zeichen|caratteri|carattere|"
    r"символ(?:а|ов)?|знак(?:а|ов)?|अक्षर(?:ों)?",
    # a list's lines and items: "höchstens 5 Stichpunkte", "trois points maximum",
    # "al menos 4 ideas"; not "points de vie" (points of something)
    "bullet": r"stichpunkte[n]?|stichpunkt|aufz(?:ä|ae)hlungspunkte[n]?|puces|vi(?:ñ|n)etas|"
    r"punti\s+elenco|marcadores",
    "item": r"(?:points|punkte[n]?|puntos|pontos|punti|id(?:é|e)es|ideen|ideas|ideias|idee|"
    r"exemples|beispiele[n]?|ejemplos|exemplos|esempi|conseils|tipps|consejos|dicas|consigli)"
    r"(?!\s+(?:de|d'|du|des|von|vom|der|die|das|di|del|della|da|do|dos|das)\b)",
}
# Relations before the count: (pattern, relation, adjustment)
_BEFORE: tuple[tuple[str, Relation, int], ...] = (
    (
        r"m(?:á|a)ximo(?:\s+de)?|como\s+m(?:á|a)ximo|no\s+m(?:á|a)s\s+de|a\s+lo\s+sumo|hasta|"
        r"no\s+m(?:á|a)ximo|n(?:ã|a)o\s+mais\s+(?:de|que|do\s+que)|at(?:é|e)|au\s+maximum|au\s+plus|"
        r"pas\s+plus\s+de|jusqu'(?:à|a)|h(?:ö|oe)chstens|maximal|maximum|max\.?|"
        r"nicht\s+mehr\s+als|nicht\s+l(?:ä|ae)nger\s+als|bis\s+zu|al\s+massimo|massimo|"
        r"non\s+pi(?:ù|u)\s+di|fino\s+a|максимум|не\s+более|не\s+больше|не\s+длиннее|"
        r"अधिकतम|ज़्यादा\s+से\s+ज़्यादा|ज्यादा\s+से\s+ज्यादा",
        "at_most",
        0,
    ),
    (
        r"menos\s+de|moins\s+de|weniger\s+als|unter|meno\s+di|менее|меньше",
        "at_most",
        -1,
    ),
    (
        r"m(?:í|i)nimo(?:\s+de)?|como\s+m(?:í|i)nimo|al\s+menos|por\s+lo\s+menos|pelo\s+menos|"
        r"no\s+m(?:í|i)nimo|au\s+moins|au\s+minimum|minimum|mindestens|wenigstens|almeno|minimo|"
        r"минимум|не\s+менее|не\s+меньше|хотя\s+бы|कम\s+से\s+कम|न्यूनतम",
        "at_least",
        0,
    ),
    (r"m(?:á|a)s\s+de|mais\s+de|plus\s+de|mehr\s+als|pi(?:ù|u)\s+di|более|больше", "at_least", 1),
    (r"exactamente|exatamente|exactement|genau|esattamente|ровно|ठीक", "exactly", 0),
)
# "100 palabras como máximo", "4 Sätze maximal"
_AFTER: tuple[tuple[str, Relation], ...] = (
    (
        r"como\s+m(?:á|a)ximo|no\s+m(?:á|a)ximo|au\s+maximum|maximum|maximal|h(?:ö|oe)chstens|"
        r"al\s+massimo|massimo|максимум",
        "at_most",
    ),
    (
        r"como\s+m(?:í|i)nimo|no\s+m(?:í|i)nimo|au\s+minimum|minimum|mindestens|almeno|минимум",
        "at_least",
    ),
)
# "en 3 frases", "in drei Sätzen": exactly, for the units a bare count counts;
# after "in", only the German and Italian words ("in two phrases" is English)
_INTO = (
    r"(?:en|em)\s+{num}\s+(?:(?P<sentence>frases?|oraciones|phrases)|(?P<paragraph>p(?:á|a)rrafos|"
    r"par(?:á|a)grafos|paragraphes)|(?P<line>l(?:í|i)neas|versos|linhas|lignes|vers))|"
    r"in\s+{num2}\s+(?:(?P<sentence2>s(?:ä|ae)tzen|frasi)|(?P<paragraph2>abs(?:ä|ae)tzen|"
    r"paragrafi)|(?P<line2>zeilen|versen|righe|versi))"
)
_BARE_UNITS = frozenset({"sentence", "paragraph", "line"})
_NUMBER_WORDS: dict[str, int] = {
    # es / pt / fr / de / it / ru / hi, one to twelve
    **dict.fromkeys(
        (
            "uno",
            "una",
            "um",
            "uma",
            "un",
            "une",
            "ein",
            "eine",
            "einen",
            "einem",
            "одно",
            "один",
            "одна",
            "एक",
        ),
        1,
    ),
    **dict.fromkeys(("dos", "dois", "duas", "deux", "zwei", "due", "два", "две", "दो"), 2),
    **dict.fromkeys(("tres", "três", "trois", "drei", "tre", "три", "तीन"), 3),
    **dict.fromkeys(("cuatro", "quatro", "quatre", "vier", "quattro", "четыре", "चार"), 4),
    **dict.fromkeys(("cinco", "cinq", "fünf", "fuenf", "cinque", "пять", "पांच", "पाँच"), 5),
    **dict.fromkeys(("seis", "six", "sechs", "sei", "шесть", "छह", "छः"), 6),
    **dict.fromkeys(("siete", "sete", "sept", "sieben", "sette", "семь", "सात"), 7),
    **dict.fromkeys(("ocho", "oito", "huit", "acht", "otto", "восемь", "आठ"), 8),
    **dict.fromkeys(("nueve", "nove", "neuf", "neun", "девять", "नौ"), 9),
    **dict.fromkeys(("diez", "dez", "dix", "zehn", "dieci", "десять", "दस"), 10),
    **dict.fromkeys(("doce", "doze", "douze", "zwölf", "dodici", "двенадцать", "बारह"), 12),
}
_NUM = (
    r"(?P<num>\d{1,5}|"
    + "|".join(sorted((re.escape(w) for w in _NUMBER_WORDS), key=len, reverse=True))
    + r")"
)
# Each part's ("cada frase", "jeder Satz", "par paragraphe"), not the whole's
_EACH_BEFORE = compile_lazily(
    r"\b(?:cada|chaque|jede[rsnm]?|ogni|ciascun\w*|каждо\w*|каждый|каждая|प्रत्येक|हर)\b"
)
_EACH_AFTER = compile_lazily(
    r"^\s*(?:por|pro|par|per|je|на|в|प्रति|cada|chaque|jede[rsnm]?|ogni|каждо\w*|each)\b"
)
# What is given, a condition or an approximation: nothing is asked of the answer
_GIVEN = compile_lazily(
    r"\b(?:mi|mis|su|sus|este|esta|estos|estas|mon|ma|mes|ce|cette|ces|mein\w*|dies\w*|meu|minha|"
    r"mio|mia|miei|questo|questa|мой|моя|моё|мое|мои|этот|эта|это|этом|этой|मेरा|मेरी|यह|इस)\b"
)
_CONDITION = compile_lazily(r"\b(?:si|wenn|falls|если|अगर|यदि)\b|もし|如果")
_ROUGHLY = compile_lazily(
    r"\b(?:aproximadamente|unas|unos|alrededor|cerca|environ|etwa|ungef(?:ä|ae)hr|circa|"
    r"около|примерно|लगभग|करीब)\b|約|大约|大概|左右|くらい|ぐらい|程度|前後"
)
_CLAUSE = compile_lazily(r"[,;:，、；：]")
# A negation before "more than" in its clause: "que no tenga más de 8 versos"
_NEGATED = compile_lazily(r"\b(?:no|não|nao|ne|nicht|non|не)\s+(?:[\w']+\s+){0,2}$")

# -- Japanese and Chinese: no spaces, the relation after the count or before it
_CJK_UNITS: dict[str, str] = {
    "sentence": r"文(?!字)|句话?",
    "paragraph": r"段落",
    "line": r"行",
    "character": r"文字|字",
}
_KANJI = "〇一二三四五六七八九十百两"
_CJK_NUM = rf"(?P<num>[0-9０-９]{{1,5}}|[{_KANJI}]{{1,4}})"
_CJK_AFTER: tuple[tuple[str, Relation], ...] = (
    (r"以内|以下|まで|内", "at_most"),
    (r"以上", "at_least"),
    (r"ちょうど|ぴったり|で", "exactly"),
)
_CJK_BEFORE: tuple[tuple[str, Relation], ...] = (
    (r"不超过|不多于|最多|至多|最大", "at_most"),
    (r"至少|不少于|最少", "at_least"),
    (r"正好|恰好|ちょうど|ぴったり", "exactly"),
)
_CJK_EACH = compile_lazily(r"各|每|毎|ずつ|ごと")


def _kanji_value(text: str) -> int | None:
    digits = {ch: i for i, ch in enumerate("〇一二三四五六七八九")} | {"两": 2}
    if text.isdigit():
        return int(text)
    if "百" in text:
        head, _, rest = text.partition("百")
        hundreds = digits.get(head, 0) if head else 1
        tail = _kanji_value(rest) if rest else 0
        return None if tail is None else hundreds * 100 + tail
    if "十" in text:
        head, _, rest = text.partition("十")
        tens = digits.get(head) if head else 1
        ones = digits.get(rest) if rest else 0
        return None if tens is None or ones is None else tens * 10 + ones
    return digits.get(text) if len(text) == 1 else None


def _value(text: str) -> int | None:
    text = text.lower()
    if text.isdigit():
        return int(text)
    return _NUMBER_WORDS.get(text)


# Unit words English shares, and relations English says too: "maximum 5
# phrases" is not French
_ENGLISH_TOO = compile_lazily(r"phrases?|points|ideas|verse")
_ENGLISH_REL = compile_lazily(r"maximum|max\.?|minimum")


def _english_too(form: str, match: re.Match[str], unit: str) -> bool:
    """Whether the count reads as English too: a unit word English shares with
    "maximum" before it, or with "a" / "e" between a range's numbers."""
    if form not in ("range", "before") or not _ENGLISH_TOO.fullmatch(match.group(unit)):
        return False
    if form == "range":
        return match.group("conn") in ("a", "e")
    return _ENGLISH_REL.fullmatch(match.group("rel")) is not None


def _bounds(match: re.Match[str]) -> list[tuple[Relation, int] | None]:
    """A range's two bounds, low first ("6 bis 8 Sätze"); none unless it rises."""
    low, high = _value(match.group("num")), _value(match.group("num2"))
    if low is None or high is None or not 0 < low < high:
        return []
    return [("at_least", low), ("at_most", high)]


@dataclass(frozen=True)
class CountsAbroad:
    """The rule that reads counts asked in other languages, building each
    unit's spec with ``builds`` (keys: word, sentence, paragraph, line,
    character)."""

    builds: Mapping[str, Build]
    _patterns: list[tuple[re.Pattern[str], str]] = field(
        default_factory=list, init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        units = "|".join(f"(?P<{name}>{pattern})" for name, pattern in _UNITS.items())
        before = "|".join(p for p, _, _ in _BEFORE)
        after = "|".join(p for p, _ in _AFTER)
        cjk_units = "|".join(f"(?P<{name}>{p})" for name, p in _CJK_UNITS.items())
        cjk_after = "|".join(p for p, _ in _CJK_AFTER)
        cjk_before = "|".join(p for p, _ in _CJK_BEFORE)
        self._patterns.extend(
            [
                (
                    compile_lazily(rf"(?<!\w)(?P<rel>{before})\s+{_NUM}\s+(?:{units})(?!\w)"),
                    "before",
                ),
                (compile_lazily(rf"(?<!\w){_NUM}\s+(?:{units})\s+(?P<rel>{after})(?!\w)"), "after"),
                (
                    compile_lazily(
                        r"(?<!\w)(?:"
                        + _INTO.format(num=_NUM, num2=_NUM.replace("?P<num>", "?P<num2>"))
                        + r")(?!\w)"
                    ),
                    "into",
                ),
                # "6 bis 8 Sätze", "entre 100 y 150 palabras", "de 6 à 8 phrases"
                (
                    compile_lazily(
                        # a dash only after a word of the language ("de 6-8 frases")
                        r"(?<!\w)(?:(?P<lead>entre|zwischen|tra|fra|между|de|von)\s+)?"
                        + _NUM
                        + r"\s*(?P<conn>(?(lead)-|(?!))|(?(lead)–|(?!))|bis|à|a|y|e|et|und|и|до)\s*"
                        + _NUM.replace("?P<num>", "?P<num2>")
                        + rf"\s+(?:{units})(?!\w)"
                    ),
                    "range",
                ),
                # "3 वाक्य लिखो", "3 वाक्यों में": the count the verb asks for
                (compile_lazily(rf"{_NUM}\s+(?P<sentence>वाक्य(?:ों)?)\s+(?:में|लिख)"), "into"),
                (
                    compile_lazily(rf"{_CJK_NUM}\s*(?:{cjk_units})\s*(?P<rel>{cjk_after})"),
                    "cjk_after",
                ),
                (
                    compile_lazily(rf"(?P<rel>{cjk_before})\s*{_CJK_NUM}\s*(?:{cjk_units})"),
                    "cjk_before",
                ),
            ]
        )

    def __call__(self, sentence: Sentence) -> Iterator[Hit]:
        text = sentence.lower
        if text.rstrip().endswith(("?", "？")) or "¿" in text:
            return
        for pattern, form in self._patterns:
            for match in pattern.finditer(text):
                found = match.groupdict()
                unit = next(n for n in _UNITS if found.get(n) or found.get(f"{n}2"))
                if _english_too(form, match, unit):
                    continue  # "maximum 5 points", "3 a 5 ideas": English words, too
                reads = _bounds(match) if form == "range" else [self._read(form, match, unit)]
                if None in reads or not reads or not self._about_answer(sentence, match, form):
                    continue
                build = self.builds.get(unit)
                for read in reads:
                    spec = build(read[0], read[1], sentence) if build and read else None
                    if spec is not None:
                        yield Hit(spec, *match.span())

    @staticmethod
    def _read(form: str, match: re.Match[str], unit: str) -> tuple[Relation, int] | None:
        raw = match.group("num") or match.groupdict().get("num2") or ""
        value = _kanji_value(raw) if form.startswith("cjk") else _value(raw)
        if value is None or value < 1:
            return None
        if form == "into":
            return ("exactly", value) if unit in _BARE_UNITS else None
        rel = match.group("rel").lower()
        negated = form == "before" and _NEGATED.search(match.string, 0, match.start())
        table: tuple[tuple[str, Relation, int], ...]
        if form == "before":
            table = _BEFORE
        else:
            pairs = {"after": _AFTER, "cjk_after": _CJK_AFTER, "cjk_before": _CJK_BEFORE}[form]
            table = tuple((p, r, 0) for p, r in pairs)
        for pattern, relation, adjust in table:
            if re.fullmatch(pattern, rel):
                if negated:
                    # "que no tenga más de 8 versos": not more than 8
                    if adjust == 0:
                        return None
                    return ("at_most" if adjust > 0 else "at_least"), value
                if form == "cjk_after" and rel in ("で", "内") and unit == "character":
                    return None  # "100字で" is a size, "100字内" rare: only 以内 is a limit
                return relation, value + adjust
        return None

    @staticmethod
    def _about_answer(sentence: Sentence, match: re.Match[str], form: str) -> bool:
        text = sentence.lower
        if sentence_blocked(sentence, match.start()):
            return False
        clause = _CLAUSE.split(text[: match.start()])[-1]
        after = text[match.end() :]
        if _ROUGHLY.search(text):
            return False
        if form.startswith("cjk"):
            return not (_CJK_EACH.search(clause) or _CJK_EACH.match(after.lstrip()))
        return not (
            # "pour chaque section, au plus 3 puces": each part's, a comma before it
            _EACH_BEFORE.search(text, 0, match.start())
            or _EACH_AFTER.match(after)
            or _GIVEN.search(clause)
            or _CONDITION.search(text, 0, match.start())
        )
